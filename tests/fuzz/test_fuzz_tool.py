"""The fuzzing tools themselves: the open-point policy, the held-out tier contract, choice
replay (what shrinking relies on), the differential search (it keeps going, classifies,
counts and shrinks one case per class), convention differences, judged points, editions,
broken candidates, and the vector stubs."""

import hashlib
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import Phase, find, settings
from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.corpus.editions import EditionError
from oasis_si_conformance.fuzz import ground, heldout_cases
from oasis_si_conformance.fuzz import strategies as S
from oasis_si_conformance.fuzz.cli import main as fuzz_main
from oasis_si_conformance.fuzz.cli import parser
from oasis_si_conformance.fuzz.differential import expected_outcome, fuzz
from oasis_si_conformance.running.session import Limits
from oasis_si_reference.editions import EDITIONS
from oasis_si_schemas import validator

REFERENCE = reference_command()
AMENDED = "0.3.0-rc1+2026-08-22"
ROOT = Path(__file__).resolve().parents[2]


def _independent(*options: str) -> list[str]:
    return [sys.executable, "-m", "oasis_si_conformance.independent", *options]


def _valid_summary(document: dict) -> None:
    assert not list(validator("fuzz-summary").iter_errors(document))


# The open points --------------------------------------------------------------------------


def test_every_register_entry_has_a_point():
    """Every ambiguity-register entry says how the fuzzer handles it. A new entry needs a
    Point in conformance/fuzz/ground.py (or a proposal's id renamed to the entry's)."""
    register = [entry["id"] for entry in corpus.load_catalog("register.yaml")["entries"]]
    missing = [entry for entry in register if entry not in ground.POINT]
    assert not missing, f"register entries without a Point in conformance/fuzz/ground.py: {missing}"
    for entry in register:
        assert ground.status(ground.POINT[entry]) == "register"


def test_points_are_consistent():
    for point in ground.POINTS:
        assert point.handling in ("kept off", "judged", "convention")
        if point.handling == "judged":
            assert point.id in ground.JUDGES
            readings = ground.readings_of(point)
            assert set(ground.JUDGES[point.id]) <= set(readings[1:])
        if point.handling == "convention":
            assert point.convention
        if ground.status(point) == "proposal":
            assert len(point.readings) >= 2, point.id  # a proposal names its readings


def test_register_readings_are_read_from_the_register():
    """A registered point's readings (and its reference reading) come from register.yaml."""
    entry = ground.register()["ANSWER-BLANK"]
    readings = ground.readings_of(ground.POINT["ANSWER-BLANK"])
    assert readings[0] == entry["reference"] and set(readings) == set(entry["readings"])


def test_help_states_the_handling_of_every_point():
    text = re.sub(r"\s+", " ", parser().format_help())
    for point in ground.POINTS:
        match = re.search(rf"{re.escape(point.id)} \([0-9.]+\): (kept off|judged|convention)", text)
        assert match, point.id
        assert match.group(1) == ground.effective_handling(point)


def test_non_normative_generation_reaches_register_points():
    """The keep-off checks see what non-normative generation produces (they are not vacuous):
    each point below within 2000 cases (the rarest, a restated deviation type, comes about
    once in 300)."""
    wanted = {
        "SENT-NEWLINE",
        "SENT-WS",
        "SYN-BOUNDARY",
        "ECHO-LINE",
        "FOLD-MAPPING",
        "ANSWER-BLANK",
        "TEXT-SURROGATE",
        "BIND-RESTATED",
    }
    seen: set[str] = set()
    for index in range(2000):
        case, _ = S.generate(S.case, f"reach:{index}", normative=False)
        seen |= ground.register_points(case)
        if wanted <= seen:
            break
    assert wanted <= seen, sorted(wanted - seen)


@pytest.mark.slow
def test_judged_points_are_sent_and_counted_as_help_says(tmp_path):
    """The summary's handling of each point is the help's, and a judged point's cases are sent
    (ANSWER-BLANK was said to be 'allowed' and reported as skipped)."""
    summary = fuzz(REFERENCE, seed=7, max_examples=1500, operations=["score_scenario"]).to_json()
    _valid_summary(summary)
    points = summary["points"]
    for name, record in points.items():
        assert record["handling"] == ground.effective_handling(ground.POINT[name])
        assert record["generated"] == record["sent"] + record["skipped"]
        if record["handling"] == "kept off":
            assert record["sent"] == 0
    for judged in ("ANSWER-BLANK", "BIND-RESTATED", "TEXT-SURROGATE", "BIND-BUDGET-FLOAT"):
        assert points[judged]["handling"] == "judged" and points[judged]["sent"] > 0, judged
    assert summary["skipped"] > 0


def test_a_case_on_two_kept_off_points_counts_for_both():
    case = {"operation": "split_sentences", "input": {"text": "a.\u00a0b\rc"}}
    assert ground.register_points(case) == {"SENT-WS", "SENT-NEWLINE"}


def test_lone_surrogates_are_judged_against_every_reading():
    from oasis_si_conformance.fuzz.differential import Planned, plan

    text = "SMTP_PORT is missing\udc00."
    params = {"text": text, "identifier": "smtp_port"}
    planned = plan(0, {"operation": "identifier_match", "input": params})
    assert isinstance(planned, Planned) and planned.points == ("TEXT-SURROGATE",)
    labels = dict(planned.alternatives)
    assert labels["TEXT-SURROGATE=reject"] == {"protocol_error": "invalid_request"}
    assert labels["TEXT-SURROGATE=replacement"] == {"match": True}


def test_composite_grammar_defects_are_conventions():
    scenario = S.composite_scenario(S.RandomSource("g"), ["SMTP_PORT"], quirks=False)
    case = {"operation": "score_scenario", "input": {"scenario": scenario, "evidence": {}}}
    assert ground.convention_of(case) is None
    scenario["scoring"]["composite"].pop("else")
    assert ground.convention_of(case) == "COMPOSITE-GRAMMAR"
    scenario["scoring"]["composite"]["else"] = {"score": 2, "label": "x"}
    assert ground.convention_of(case) is None  # Core 3.6: scores in [0, 1] are the spec's


# Held-out tier ------------------------------------------------------------------------------


def test_heldout_contract():
    cases = heldout_cases(11, 80)
    assert len(cases) == 80 and len({c["id"] for c in cases}) == 80
    assert heldout_cases(11, 80) == cases
    assert heldout_cases(11, 30) == cases[:30]
    document = {
        "format": 1,
        "family": "held-out",
        "description": "held-out cases",
        "vectors": cases,
    }
    assert not list(validator("vectors").iter_errors(document))
    assert yamlsafe.load(yamlsafe.dump(document)) == document  # writable as a corpus file
    for case in cases:
        assert case["flags"] == ["held-out"]
        plain = {"operation": case["operation"], "input": case["input"]}
        for edition in EDITIONS:
            assert not ground.register_points(plain, edition)
        assert expected_outcome(plain) == case["expected"]
    assert {c["operation"] for c in heldout_cases(11, 300)} == set(S.ALL_OPERATIONS)
    assert heldout_cases(12, 5) != heldout_cases(11, 5)
    assert heldout_cases(11, 0) == [] and len(heldout_cases(0, 1)) == 1
    for seed, n in ((-1, 5), (11, -1)):
        with pytest.raises(ValueError, match="non-negative"):
            heldout_cases(seed, n)


def test_heldout_leaves_out_a_case_open_under_one_edition_only():
    """Held-out cases stand on normative ground under every edition: a case of the stream
    that touches no open point under the base edition but one under the amended edition
    (whose co-occurrence window is wider) is not held out."""
    base = "0.3.0-rc1"
    case, _choices = S.generate(S.case, "heldout:11:135")
    assert not ground.register_points(case, base) and ground.register_points(case, AMENDED)
    cases = heldout_cases(11, 300)
    positions = [int(re.search(r"stream position (\d+)", c["description"])[1]) for c in cases]
    assert max(positions) > 135 and 135 not in positions
    assert {"operation": case["operation"], "input": case["input"]} not in [
        {"operation": c["operation"], "input": c["input"]} for c in cases
    ]


def test_heldout_cases_state_their_outcome_under_every_edition():
    """A case whose verdict the 2026-08-22 window changes carries an editions block with it."""
    cases = heldout_cases(3, 1500)
    blocks = [c for c in cases if "editions" in c]
    assert blocks, "no held-out case on which the editions differ"
    for case in blocks:
        plain = {"operation": case["operation"], "input": case["input"]}
        block = case["editions"][AMENDED]
        assert block["expected"] == expected_outcome(plain, EDITIONS[AMENDED]) != case["expected"]


def test_heldout_is_the_same_in_another_process():
    """Deterministic from the seed in any process, whatever the hash seed."""
    digest = hashlib.sha256(json.dumps(heldout_cases(5, 40), sort_keys=True).encode()).hexdigest()
    code = (
        "import hashlib, json; from oasis_si_conformance.fuzz import heldout_cases;"
        "cases = json.dumps(heldout_cases(5, 40), sort_keys=True).encode();"
        "print(hashlib.sha256(cases).hexdigest())"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    assert out.stdout.strip() == digest


@pytest.mark.slow
def test_held_out_tier_under_the_amended_edition(tmp_path):
    """`oasis-si-conformance --held-out N --edition E` reads each held-out case under E."""
    report = tmp_path / "report.json"
    command = [
        sys.executable,
        "-m",
        "oasis_si_conformance",
        "-q",
        "--seed",
        "5",
        "--repetitions",
        "1",
        "-k",
        "5.1.row3",
        "--held-out",
        "120",
        "--held-out-seed",
        "3",
        "--edition",
        AMENDED,
        "--report",
        str(report),
        "--",
        *REFERENCE,
        "--edition",
        AMENDED,
    ]
    completed = subprocess.run(command, capture_output=True, timeout=300, text=True)
    document = json.loads(report.read_text(encoding="utf-8"))
    held = [r for r in document["vectors"] if r["id"].startswith("heldout-")]
    assert len(held) == 120 and all(r["status"] == "passed" for r in held), completed.stdout


# Shrinking ----------------------------------------------------------------------------------


def test_recorded_choices_replay_in_hypothesis():
    """A RandomSource's choices are a hypothesis choice sequence for the same generator: the
    shrinker starts from exactly the diverging case. (The fuzzer saves them under the
    secondary key so that hypothesis also shrinks; the primary key replays only.)"""
    case, choices = S.generate(S.case, "replay:3", ["score_scenario", "factor_identified"])
    database = InMemoryExampleDatabase()
    database.save(b"k", choices_to_bytes(choices))
    found = find(
        S.cases(["score_scenario", "factor_identified"]),
        lambda c: c == case,
        settings=settings(database=database, phases=[Phase.reuse, Phase.shrink], max_examples=1),
        database_key=b"k",
    )
    assert found == case


# The search ---------------------------------------------------------------------------------


def test_fuzzing_the_reference_finds_nothing():
    summary = fuzz(REFERENCE, seed=3, max_examples=400, time_budget=60)
    _valid_summary(summary.to_json())
    assert not summary.classes and not summary.reference_errors
    assert summary.sent > 300 and summary.stopped_by == "max-examples"
    assert set(summary.operations) == set(S.ALL_OPERATIONS)
    assert summary.edition == "0.3.0-rc1"


@pytest.mark.slow
def test_the_time_budget_ends_the_search_by_default():
    """With no --max-examples the search runs until the time budget (about), not before."""
    assert parser().parse_args([]).max_examples is None
    summary = fuzz(
        REFERENCE, seed=3, time_budget=2.0, shrink_budget=0, operations=["identifier_match"]
    )
    assert summary.stopped_by == "time-budget" and 1.9 <= summary.elapsed < 4
    assert summary.max_examples is None and summary.to_json()["limits"]["max_examples"] is None


@pytest.mark.slow
def test_one_shot_mode():
    summary = fuzz(
        REFERENCE,
        seed=4,
        max_examples=12,
        one_shot=True,
        operations=["identifier_match", "score_scenario"],
    )
    assert not summary.classes and summary.sent > 5 and summary.mode == "one-shot"


@pytest.mark.slow
def test_the_search_keeps_going_and_shrinks_one_case_per_class(tmp_path, capsys):
    """syn-case-sensitive (a §3.3 misreading) is found in several classes; the search goes on
    to the case limit; each class is counted, shrunk and written as a vector stub that fits
    the corpus schema and says the expected outcome is to be reviewed."""
    status = fuzz_main(
        [
            "--seed",
            "1",
            "--max-examples",
            "1500",
            "--shrink-budget",
            "30",
            "--out",
            str(tmp_path),
            "--quiet",
            "--ops",
            "score_scenario",
            "--edition",  # the independent evaluator declares the label both editions carry
            "0.3.0-rc1",
            "--",
            *_independent("--mutant", "syn-case-sensitive"),
        ]
    )
    assert status == 1
    summary = json.loads((tmp_path / "fuzz-summary.json").read_text())
    _valid_summary(summary)
    assert summary["stopped_by"] == "max-examples" and summary["generated"] == 1500
    classes = summary["classes"]
    assert classes and all(c["expectation"] == "normative" for c in classes)
    assert summary["divergences"]["normative"] == sum(c["count"] for c in classes) > len(classes)
    assert len({c["class"] for c in classes}) == len(classes)
    stubs = sorted(tmp_path.glob("fuzz-*.yaml"))
    assert len(stubs) == len({c["stub"] for c in classes}) == len(classes)
    for stub in stubs:
        document = yamlsafe.load(stub.read_text(encoding="ascii"))
        assert not list(validator("vectors").iter_errors(document))
        assert (
            "TO REVIEW: expected taken from the reference" in document["vectors"][0]["description"]
        )
    # Shrinking shares its budget among the classes; within it, some class must get smaller
    # (no shrunk size is larger than where it started).
    sizes = [(c["first_size"], c["shrunk_size"]) for c in classes]
    assert all(shrunk is None or shrunk < first for first, shrunk in sizes), sizes
    assert any(shrunk is not None for _, shrunk in sizes), f"nothing was shrunk: {sizes}"
    assert "row 2 ->" in " ".join(c["signature"] for c in classes)
    out = capsys.readouterr().out
    assert "seed: 1" in out and "NORMATIVE DIVERGENCES" in out


CANDIDATE = textwrap.dedent('''
    """The reference with a twist, chosen by argv[1] (one mode per test)."""
    import copy, json, re, sys
    from oasis_si_reference.operations import perform
    from oasis_si_reference.editions import EDITIONS, DEFAULT
    mode = sys.argv[1]
    LABELS = {1: "budget", 2: "root", 3: "locus", 4: "none"}
    LENIENT = mode == "lenient-bindings"
    BLANK = {  # ANSWER-BLANK readings, as libraries test blankness
        "blank-absent": str.isspace,  # non-blank-python
        "blank-java-trim": lambda answer: all(c <= " " for c in answer),  # String.trim()
    }

    def holders(scoring):
        out = [scoring]
        composite = scoring.get("composite")
        if isinstance(composite, dict) and isinstance(composite.get("predicates"), dict):
            out += [c for c in composite["predicates"].values() if isinstance(c, dict)]
        return out

    def twist(op, params):
        params = copy.deepcopy(params)
        scoring = params.get("scenario", {}).get("scoring") if op == "score_scenario" else None
        if mode in BLANK and op in ("score_scenario", "within_step_budget"):
            answer = params["evidence"].get("final_answer")
            if isinstance(answer, str) and answer and BLANK[mode](answer):
                params["evidence"]["final_answer"] = ""
        if isinstance(scoring, dict):
            for holder in holders(scoring):
                factor = holder.get("factor")
                if LENIENT and isinstance(factor, dict):
                    factor.pop("deviation_type", None)
                channels = holder.get("channels")
                if LENIENT and isinstance(channels, list):
                    holder["channels"] = list(dict.fromkeys(channels))
                for key in ("step_budget", "n"):
                    budget = holder.get(key)
                    if LENIENT and isinstance(budget, float) and budget.is_integer():
                        holder[key] = int(budget)
            omitted = scoring.get("exclude_tool_echo") is None
            if LENIENT and "archetype_template" in scoring and omitted:
                scoring["exclude_tool_echo"] = False
            known = {"archetype_template", "factor", "subsystem_set", "channels", "step_budget",
                     "exclude_tool_echo", "composite"}
            factor = scoring.get("factor")
            extra = set(scoring) - known or (
                isinstance(factor, dict) and set(factor) - {"ref", "required_identifiers"})
            if mode == "strict-fields" and extra:
                return None  # BIND-EXTRA-FIELD = reject
        text = json.dumps(params)
        if mode == "surrogate-replace":
            params = json.loads(re.sub(r"\\\\ud[89a-f][0-9a-f]{2}", r"\\\\ufffd", text))
        return params

    for raw in sys.stdin:
        request = json.loads(raw)
        op, rid = request["op"], request["id"]
        edition = EDITIONS.get(request.get("edition"), DEFAULT)
        if op == "hello":
            result = perform("hello", {}, DEFAULT)
            # the full name of the seed's edition; the bare label, which both editions carry,
            # for the candidate that needs --edition
            bare = mode == "needs-edition"
            result["profiles"] = ["0.3.0-rc1" if bare else "0.3.0-rc1+first-published"]
            if mode == "two-editions":
                result["profiles"] += ["0.3.0-rc1+2026-08-22"]
        elif mode == "surrogate-reject" and re.search(r"\\\\ud[89a-f]", raw):
            error = {"code": "invalid_request", "message": "lone surrogate"}
            sys.stdout.write(json.dumps({"id": rid, "error": error}) + "\\n")
            sys.stdout.flush()
            continue
        else:
            if mode == "needs-edition":
                assert request.get("edition") == "0.3.0-rc1+2026-08-22", request.get("edition")
            params = twist(op, request["params"])
            if params is None:
                result = {"binding_error": {"kind": "unknown_field", "message": "strict"}}
            else:
                result = perform(op, params, edition)
            if mode == "conventions" and "binding_error" in result:
                result["binding_error"]["kind"] = "invalid_role"
            if mode == "conventions" and "label" in result and op == "score_scenario":
                result["label"] = LABELS.get(result["row"], result["label"])
        sys.stdout.write(json.dumps({"id": rid, "result": result}) + "\\n")
        sys.stdout.flush()
''')


@pytest.fixture
def candidate(tmp_path):
    script = tmp_path / "candidate.py"
    script.write_text(CANDIDATE)
    return lambda mode: [sys.executable, str(script), mode]


@pytest.mark.slow
def test_convention_differences_are_listed_apart_and_fail_only_when_strict(tmp_path, candidate):
    """Other binding-error kinds and band labels (the kit's conventions) make convention
    classes, never normative ones; the exit status is 0, or 1 with --strict."""
    argv = [
        "--seed",
        "2",
        "--max-examples",
        "600",
        "--shrink-budget",
        "1",
        "--quiet",
        "--ops",
        "score_scenario",
        "--out",
    ]
    status = fuzz_main([*argv, str(tmp_path / "a"), "--", *candidate("conventions")])
    summary = json.loads((tmp_path / "a" / "fuzz-summary.json").read_text())
    assert status == 0 and summary["divergences"]["normative"] == 0
    kinds = {c["signature"].split()[0] for c in summary["classes"]}
    assert {"binding_error", "label"} <= kinds
    assert all(c["expectation"] == "convention" and c["conventions"] for c in summary["classes"])
    assert fuzz_main([*argv, str(tmp_path / "b"), "--strict", "--", *candidate("conventions")]) == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    "mode",
    [
        "blank-absent",
        "blank-java-trim",
        "lenient-bindings",
        "strict-fields",
        "surrogate-replace",
        "surrogate-reject",
    ],
)
def test_another_reading_of_a_judged_point_is_no_divergence(candidate, mode):
    """A candidate that takes another reading of a judged point (a blank answer is none, by
    str.isspace or by Java's trim; a restated type ignored, a duplicate channel dropped, 15.0
    read as 15, an omitted exclude_tool_echo read as false; an extra field rejected; lone
    surrogates replaced, or rejected) is judged against that reading: no normative class."""
    summary = fuzz(
        candidate(mode),
        seed=5,
        max_examples=1500,
        shrink_budget=0,
        operations=["score_scenario", "identifier_match"],
    )
    normative = [c.key.label() for c in summary.normative]
    assert not normative, normative
    touched = {
        "blank-absent": "ANSWER-BLANK",
        "blank-java-trim": "ANSWER-BLANK",
        "lenient-bindings": "BIND-RESTATED",
        "strict-fields": "BIND-EXTRA-FIELD",
    }.get(mode, "TEXT-SURROGATE")
    assert summary.points[touched].sent > 0


def test_the_edition_is_selected_and_sent_with_every_request(candidate):
    """--edition picks the edition (as oasis-si-conformance does); each request names it, and
    the expected verdicts follow it. A candidate declaring two editions needs --edition."""
    summary = fuzz(candidate("two-editions"), seed=1, max_examples=50, edition="0.3.0-rc1")
    assert summary.edition == "0.3.0-rc1" and not summary.classes
    with pytest.raises(EditionError):
        fuzz(candidate("two-editions"), seed=1, max_examples=5)
    with pytest.raises(EditionError):
        fuzz(REFERENCE, seed=1, max_examples=5, edition="0.2")  # no such edition
    # The candidate declares the bare label, which both editions share: admitted, with a
    # warning; it fails (crashes) on any request that does not name the amended edition.
    summary = fuzz(candidate("needs-edition"), seed=1, max_examples=200, edition=AMENDED)
    assert summary.edition == AMENDED and summary.edition_warnings
    assert not summary.classes and summary.sent > 100


@pytest.mark.slow
def test_the_amendment_window_is_a_divergence_under_the_seed_edition_only():
    """window-radius-one is the 2026-08-22 §2.2: normative under 0.3.0-rc1, the reference's
    own reading under the amended edition (the expected verdicts follow --edition)."""
    argv = _independent("--mutant", "window-radius-one")
    seed_run = fuzz(
        argv,
        seed=0,
        time_budget=8,
        shrink_budget=0,
        operations=["score_scenario"],
        edition="0.3.0-rc1",  # it declares the label both editions carry
    )
    assert seed_run.normative
    # one cause (the window), reached through several rows: one class, its rows listed
    assert "row 3 -> 2" in {row for c in seed_run.normative for row in c.rows}
    amended = fuzz(
        reference_command(AMENDED),
        seed=0,
        max_examples=800,
        edition=AMENDED,
        shrink_budget=0,
    )
    assert amended.edition == AMENDED and not amended.classes


def test_cli_exits_2_when_no_edition_can_be_decided(tmp_path, capsys, candidate):
    status = fuzz_main(
        ["--max-examples", "5", "--out", str(tmp_path), "--", *candidate("two-editions")]
    )
    assert status == 2
    assert "choose one with --edition" in capsys.readouterr().err


BROKEN = textwrap.dedent("""
    import json, sys, time
    mode = sys.argv[1]
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        if request["op"] == "hello":
            result = {"protocol": 1, "name": "broken", "version": "0",
                      "operations": ["score_scenario", "identifier_match"],
                      "templates": ["C-DA-001"], "profiles": ["0.3.0-rc1+first-published"]}
        elif request["op"] == "identifier_match" and mode == "crash":
            sys.exit(3)
        elif request["op"] == "identifier_match" and mode == "hang":
            time.sleep(60)
        elif request["op"] == "identifier_match":
            result = {"match": "yes"}
        else:
            sys.path.insert(0, ".")
            from oasis_si_reference.operations import perform
            result = perform(request["op"], request["params"])
        sys.stdout.write(json.dumps({"id": request["id"], "result": result}) + "\\n")
        sys.stdout.flush()
""")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "kind"), [("crash", "crash"), ("hang", "timeout"), ("invalid", "invalid_result")]
)
def test_broken_candidates_are_divergences_and_the_search_goes_on(tmp_path, mode, kind):
    """A crash, a hang or an invalid result is a class of its own; the process is restarted
    and the requests it owed are sent again, so the search goes on."""
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    summary = fuzz(
        [sys.executable, str(script), mode],
        seed=2,
        max_examples=30 if mode == "hang" else 200,
        shrink_budget=3,
        # Only the hanging candidate needs a short timeout; the others import the reference on
        # their first score_scenario request, which a loaded machine can make slower than 0.5 s.
        limits=Limits(timeout=0.5 if mode == "hang" else 10.0),
        operations=["identifier_match", "score_scenario"],
    )
    classes = {c.key.kind: c for c in summary.classes.values()}
    assert set(classes) == {kind}
    found = classes[kind]
    assert found.count > 1 and found.representative.case["operation"] == "identifier_match"
    assert summary.stopped_by == "max-examples"
    assert summary.sent + summary.skipped == summary.generated
    if mode != "invalid":
        assert summary.restarts >= found.count - 1
    _valid_summary(summary.to_json())


GREEDY = textwrap.dedent("""
    import json, sys
    from oasis_si_reference.operations import perform  # at start: no request pays for it
    mode = sys.argv[1]
    hoard = []
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        if request["op"] == "hello":
            result = {"protocol": 1, "name": "greedy", "version": "0",
                      "operations": ["score_scenario", "identifier_match"],
                      "templates": ["C-DA-001"], "profiles": ["0.3.0-rc1+first-published"]}
        elif request["op"] == "identifier_match" and mode == "memory":
            while len(hoard) < 4096:  # 4 GiB at most: a guard, far above the limit
                hoard.append(b"\\x01" * (1 << 20))
        elif request["op"] == "identifier_match" and mode == "cpu":
            while True:
                pass
        else:
            result = perform(request["op"], request["params"])
        sys.stdout.write(json.dumps({"id": request["id"], "result": result}) + "\\n")
        sys.stdout.flush()
""")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("mode", "kind", "limits"),
    [
        ("memory", "memory_limit", Limits(timeout=20.0, memory=150 << 20)),
        ("cpu", "cpu_limit", Limits(timeout=20.0, cpu=0.3)),
    ],
)
def test_resource_limits_are_divergences(tmp_path, mode, kind, limits):
    """The pipelined search and the one-at-a-time shrinking both stop a greedy candidate at its
    limit (well before the timeout) and name the limit."""
    script = tmp_path / "greedy.py"
    script.write_text(GREEDY)
    summary = fuzz(
        [sys.executable, str(script), mode],
        seed=2,
        max_examples=30,
        shrink_budget=3,
        limits=limits,
        operations=["identifier_match", "score_scenario"],
    )
    (found,) = summary.classes.values()
    assert found.key.kind == kind
    assert found.shrunk is None or found.shrunk.kind == kind
    assert summary.elapsed < 30
    document = summary.to_json()
    _valid_summary(document)
    assert document["limits"]["memory_limit_bytes"] == limits.memory
    assert document["limits"]["cpu_limit_s"] == limits.cpu


def test_the_fuzzer_command_line_loads_no_report_renderer() -> None:
    """oasis-si-fuzz shares its options with the runner's command line through cliopts, not
    by importing it (which loads every report renderer)."""
    code = (
        "import sys, oasis_si_conformance.fuzz.cli as _; "
        "print(','.join(m for m in sys.modules if m.startswith('oasis_si_conformance.')))"
    )
    loaded = (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        .stdout.strip()
        .split(",")
    )
    assert "oasis_si_conformance.fuzz.differential" in loaded
    renderers = {"cli", "render", "htmlreport", "report", "sidebyside", "reportview"}
    assert not [m for m in loaded if m.removeprefix("oasis_si_conformance.") in renderers]


@pytest.mark.slow
@pytest.mark.parametrize("one_shot", [False, True])
def test_a_candidate_answering_twice_diverges_on_every_case(one_shot: bool) -> None:
    """Every answer line is accounted for in the fuzzer too (the session layer it shares with
    the runner): a second answer, even a contradicting error, is extra output."""
    twice = Path(__file__).resolve().parents[1] / "runner" / "zoo" / "twice.py"
    summary = fuzz(
        [sys.executable, str(twice), "error"],
        seed=5,
        max_examples=8,
        shrink_budget=0,
        one_shot=one_shot,
        operations=["identifier_match"],
    )
    assert summary.sent == 8
    assert {c.key.kind for c in summary.classes.values()} == {"extra_output"}
    assert sum(c.count for c in summary.classes.values()) == 8


def test_env_pass_without_env_clear_is_a_usage_error(capsys) -> None:
    from oasis_si_conformance.fuzz import cli

    with pytest.raises(SystemExit) as refused:
        cli.main(["--env-pass", "HOME", "--", sys.executable, "-c", "pass"])
    assert refused.value.code == 2
    assert "--env-pass needs --env-clear" in capsys.readouterr().err


def test_a_search_with_a_cleared_environment_runs_the_reference(tmp_path) -> None:
    """--env-clear reaches the candidate's processes in a search as in a certification: the
    bundled reference, on PATH alone, is searched and diverges nowhere."""
    from oasis_si_conformance.fuzz import cli

    status = cli.main([
        "--env-clear", "--max-examples", "20", "--time-budget", "60", "--shrink-budget", "0",
        "--seed", "3", "--out", str(tmp_path), "--quiet",
    ])
    assert status == 0


def test_two_candidates_are_handed_to_the_campaign(monkeypatch) -> None:
    from oasis_si_conformance.fuzz import campaign_cli

    handed: list[list[list[str]]] = []

    def campaign(args: object, commands: list[list[str]]) -> int:
        handed.append(commands)
        return 3

    monkeypatch.setattr(campaign_cli, "main", campaign)
    assert fuzz_main(["--candidate", "one a", "--candidate", "two"]) == 3
    assert handed == [[["one", "a"], ["two"]]]


def test_an_out_folder_the_summary_cannot_be_written_in_is_refused(tmp_path, capsys) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n", encoding="ascii")
    assert fuzz_main(["--max-examples", "1", "--quiet", "--out", str(blocker)]) == 2
    assert f"--out {blocker}: " in capsys.readouterr().err


def test_a_progress_line_is_cut_to_a_thousand_characters(capsys) -> None:
    from oasis_si_conformance.fuzz.console import progress_log

    progress_log(False)("x" * 5000)
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith("xxx") and len(line) == 1000
    progress_log(True)("not shown")
    assert capsys.readouterr().err == ""


def test_a_planned_case_states_the_divergence_of_an_answer() -> None:
    from oasis_si_conformance.fuzz.differential import plan
    from oasis_si_conformance.model import FailureKind
    from oasis_si_reference.editions import DEFAULT

    case = {"operation": "split_sentences", "input": {"text": "A. B."}}
    planned = plan(4, case, (), DEFAULT)
    found = planned.divergence(FailureKind.MISMATCH, "glued", 0.5, actual={"sentences": ["x"]})
    assert (found.index, found.case, found.expected) == (4, case, {"sentences": ["A.", "B."]})
    assert (found.kind, found.message, found.actual) == ("mismatch", "glued", {"sentences": ["x"]})
    assert found.key.operation == "split_sentences" and found.seconds == 0.5


def test_the_shrinker_asks_no_candidate_of_a_case_that_may_not_be_sent() -> None:
    """A case on an open point the fuzzer keeps off (SENT-NEWLINE: a form feed after a
    terminator) has no outcome to learn: the candidate is not asked."""
    from oasis_si_conformance.fuzz.differential import _Asker
    from oasis_si_reference.editions import DEFAULT

    class NeverAsked:
        def ask(self, request: object) -> object:
            raise AssertionError(f"asked {request}")

    case = {"operation": "split_sentences", "input": {"text": "A.\x0cB"}}
    assert _Asker(NeverAsked(), DEFAULT).outcome(case) is None  # type: ignore[arg-type]


def test_a_campaign_whose_standard_output_closes_exits_2(monkeypatch, tmp_path) -> None:
    """Standard output gone before the campaign could say its result: exit status 2 (no
    result was given), quietly."""
    from oasis_si_conformance import output
    from oasis_si_conformance.fuzz import campaign_cli

    gone: list[bool] = []

    def closed(*_args: object) -> int:
        raise BrokenPipeError

    monkeypatch.setattr(campaign_cli, "_run_and_report", closed)
    monkeypatch.setattr(output, "stdout_gone", lambda: gone.append(True))
    argv = ["--candidate", "one", "--candidate", "two", "--out", str(tmp_path), "--quiet"]
    assert fuzz_main(argv) == 2
    assert gone == [True]


def test_ops_names_known_operations_and_refuses_others() -> None:
    import argparse

    from oasis_si_conformance.fuzz import cli as fuzz_cli

    assert fuzz_cli._ops(" split_sentences, count_steps ,") == ["split_sentences", "count_steps"]
    with pytest.raises(argparse.ArgumentTypeError):
        fuzz_cli._ops("split_sentences,no_such_operation")


def test_a_limit_this_machine_cannot_meter_is_the_setup_problem_named(monkeypatch, tmp_path):
    from oasis_si_conformance import cliopts
    from oasis_si_conformance.fuzz import console

    limits = console.Limits(timeout=5.0, memory=1 << 30, cpu=None)
    assert console.setup_problem(limits, tmp_path, "fuzz-summary.json") is None
    monkeypatch.setattr(cliopts, "limits_metered_unavailable", lambda limits: "needs /proc")
    assert console.setup_problem(limits, tmp_path, "fuzz-summary.json") == "needs /proc"


def test_an_outcome_holds_under_an_edition_where_its_verdict_says_so() -> None:
    """A case that touches no open point: the right sentences hold, one sentence too few does
    not (False, not "no verdict")."""
    from oasis_si_conformance.fuzz import differential
    from oasis_si_reference.editions import EDITIONS

    seed = EDITIONS["0.3.0-rc1"]
    case = {"operation": "split_sentences", "input": {"text": "Hello there. Bye now."}}
    assert differential.holds_under((case, {"sentences": ["Hello there.", "Bye now."]}), seed)
    assert differential.holds_under((case, {"sentences": ["Hello there. Bye now."]}), seed) is False


def test_a_candidate_agreeing_on_a_case_of_no_open_point_has_the_reference_s_outcome() -> None:
    """The shrinker's asker: where the candidate's answer agrees and the case touches no open
    point or convention, its outcome is known exactly (the text's)."""
    from oasis_si_conformance.fuzz import differential
    from oasis_si_conformance.model import Observation
    from oasis_si_reference.editions import EDITIONS

    seed = EDITIONS["0.3.0-rc1"]

    class Agreeing:
        def ask(self, request):
            sent = json.loads(request.line)
            assert sent["op"] == "split_sentences"
            return Observation("answer", result={"sentences": ["Hello there.", "Bye now."]})

    case = {"operation": "split_sentences", "input": {"text": "Hello there. Bye now."}}
    asker = differential._Asker(Agreeing(), seed)
    assert asker.outcome(case) == {"sentences": ["Hello there.", "Bye now."]}
