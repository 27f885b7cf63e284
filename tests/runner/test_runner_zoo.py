"""The zoo: fake candidates that misbehave in one way each, and what the runner must report.

Every zoo candidate (tests/runner/zoo/) answers like the reference except where it misbehaves,
mostly on the fixture vector rt-ident-plain (TRIGGER). So each test checks both sides: the
failure lands on that vector with the right kind and evidence, and every other vector still
passes (the run went on).
"""

import json
from pathlib import Path

import pytest
from runner_helpers import CORPUS, TRIGGER, zoo

from oasis_si_conformance.corpus import charsets, corpus, yamlsafe
from oasis_si_conformance.running.runner import schedule
from oasis_si_schemas import validator

#: The slow tier (nox -s tests_slow): the zoo of faulty candidates certified as real processes.
pytestmark = pytest.mark.slow

FIXTURE = corpus.load_corpus(CORPUS)
IDS = [v.id for v in FIXTURE]
SCORE_IDS = [v.id for v in FIXTURE if v.operation == "score_scenario"]


def test_fixture_corpus_is_not_empty() -> None:
    assert len(FIXTURE) >= 15 and TRIGGER in IDS and SCORE_IDS


def _only_trigger_fails(run, kind: str) -> dict:
    assert run.code == 1, run.out + run.err
    assert run.report["verdict"] == "not_conformant"
    statuses = run.statuses()
    assert statuses.pop(TRIGGER) == "failed"
    assert set(statuses.values()) == {"passed"}, "the run must go on after the failure"
    failure = run.vector(TRIGGER)["failure"]
    assert failure["kind"] == kind, failure
    assert run.report["summary"]["failed"] == 1
    assert run.report["summary"]["passed"] == len(IDS) - 1
    assert list(validator("report").iter_errors(run.report)) == []
    return failure


def test_reference_is_conformant(certify) -> None:
    run = certify("--repetitions", "3")
    assert run.code == 0, run.out + run.err
    report = run.report
    assert list(validator("report").iter_errors(report)) == []
    assert report["summary"] == {
        "total": len(IDS),
        "passed": len(IDS),
        "failed": 0,
        "convention": 0,
        "not_exercised": 0,
        "failures_by_kind": {},
    }
    assert report["verdict"] == "conformant"
    assert report["seed"] == 7 and report["repetitions"] == 3
    assert report["run"]["warnings"] == []  # determinism is checked: no warning says otherwise
    assert report["run"]["processes"] == 3  # one fresh process per repetition
    assert report["run"]["requests"] == 3 * len(IDS)
    assert report["corpus"]["digest"] == corpus.build_manifest(CORPUS)["corpus_digest"]
    assert report["corpus"]["manifest"] == "absent"
    assert report["candidate"]["name"] == "oasis-si-reference"
    assert report["candidate"]["command"][-1] == "oasis_si_reference.server"
    assert report["kit"]["version"] == "0.1.0"
    (syn,) = report["interpretation"]
    assert syn["entry"] == "SYN-BOUNDARY" and syn["followed"] == ["substring"] and syn["consistent"]
    assert syn["votes"] == {"substring": 5, "delimited": 3, "word-boundary": 4}
    assert {row["clause"]: row["passed"] for row in report["clauses"]}["3.1"] == 5
    assert "\nCONFORMANT for " in run.out and "(edition 0.3.0-rc1)" in run.out
    assert "; 19 passed, 0 failed, 0 convention differences, 0 not exercised; rerun" in run.out


def test_crash_at_start_is_a_setup_error(certify) -> None:
    run = certify(command=zoo("crash_at_start"))
    assert run.code == 2
    assert run.report is None
    assert "failed its handshake" in run.err
    assert "exited with status 3" in run.err
    assert "cannot load the scoring tables" in run.err  # the candidate's stderr is shown


def test_bad_handshake_is_a_setup_error(certify) -> None:
    run = certify(command=zoo("bad_handshake"))
    assert run.code == 2 and run.report is None
    assert "invalid handshake" in run.err and "protocol" in run.err


def test_command_that_cannot_start(certify, tmp_path: Path) -> None:
    run = certify(command=[str(tmp_path / "no-such-evaluator")])
    assert run.code == 2 and "cannot start candidate" in run.err


def test_crash_mid_stream_fails_the_vector_in_flight(certify) -> None:
    run = certify(command=zoo("crash_midstream"))
    failure = _only_trigger_fails(run, "crash")
    assert "exited with status 7" in failure["message"]
    assert "segmentation fault in the matcher" in failure["stderr"]
    assert 1 <= run.report["run"]["restarts"] <= 2
    assert run.report["run"]["processes"] == 2 + run.report["run"]["restarts"]


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status  # a zombie is dead, only not yet reaped by its new parent


def test_hang_is_killed_with_its_process_group(certify, state: Path) -> None:
    run = certify("--timeout", "1", command=zoo("hang"))
    failure = _only_trigger_fails(run, "timeout")
    assert "no answer within 1 s" in failure["message"]
    children = [int(p.read_text()) for p in state.glob("child-*")]
    assert len(children) == 2  # the trigger hung once per repetition
    assert not any(_alive(pid) for pid in children), "a grandchild of the candidate survived"


def test_garbage_and_schema_invalid_results(certify) -> None:
    run = certify(command=zoo("garbage"))
    assert run.code == 1
    statuses = run.statuses()
    assert statuses.pop(TRIGGER) == statuses.pop("rt-ident-lower") == "failed"
    assert set(statuses.values()) == {"passed"}
    garbage = run.vector(TRIGGER)["failure"]
    assert garbage["kind"] == "not_json" and "<garbage>" in garbage["excerpt"]
    invalid = run.vector("rt-ident-lower")["failure"]
    assert (
        invalid["kind"] == "invalid_result"
        and "match" in invalid["message"]
        and '"yes"' in invalid["excerpt"]
    )


def test_wrong_id(certify) -> None:
    run = certify(command=zoo("wrong_id"))
    failure = _only_trigger_fails(run, "wrong_id")
    assert "answers id" in failure["message"]
    assert '"id": 10' in failure["excerpt"]  # the raw line is kept


def test_nondeterminism_shows_both_outputs(certify) -> None:
    run = certify("--repetitions", "3", command=zoo("nondeterministic"))
    failure = _only_trigger_fails(run, "nondeterministic")
    assert len(failure["outputs"]) == 3
    assert {o["match"] for o in failure["outputs"]} == {True, False}
    assert "{'match': True}" in failure["message"] and "{'match': False}" in failure["message"]


def test_only_score_scenario_leaves_the_rest_not_exercised(certify) -> None:
    run = certify(command=zoo("only_score"))
    assert run.code == 0, run.out
    report = run.report
    for vector in report["vectors"]:
        if vector["id"] in SCORE_IDS:
            assert vector["status"] == "passed"
        else:
            assert vector["status"] == "not_exercised"
            assert (
                vector["reason"] == f"operation {vector['operation']} not declared by the candidate"
            )
    assert report["summary"]["passed"] == len(SCORE_IDS)
    assert report["summary"]["not_exercised"] == len(IDS) - len(SCORE_IDS)
    clauses = {row["clause"]: row for row in report["clauses"]}
    assert clauses["3.1"] == {**clauses["3.1"], "passed": 0, "failed": 0, "not_exercised": 5}
    assert "not exercised (never counted as passed)" in run.out


def test_undeclared_template_is_not_exercised(certify, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZOO_TEMPLATES", "")
    run = certify(command=zoo("only_score"))
    statuses = run.statuses()
    # a binding error that names no template of the profile is for every candidate to report
    assert statuses["rt-bind-unknown-template"] == "passed"
    assert statuses["rt-score-root"] == "not_exercised"
    assert (
        run.vector("rt-score-root")["reason"] == "template C-DA-001 not declared by the candidate"
    )
    assert run.report["summary"]["passed"] == 1 and run.code == 0


def test_stderr_flood_does_not_deadlock(certify) -> None:
    run = certify(command=zoo("stderr_flood"))
    assert run.code == 0, run.out
    stderr = run.report["run"]["stderr"]
    assert stderr["bytes"] >= 2 * 4 * 1024 * 1024
    assert "zoo stderr flood" in stderr["excerpt"] and len(stderr["excerpt"]) < 16 * 1024
    assert "bytes of stderr omitted" in stderr["excerpt"]


def test_non_utf8_output_is_reported_not_fatal(certify) -> None:
    run = certify(command=zoo("non_utf8"))
    failure = _only_trigger_fails(run, "not_utf8")
    assert "0xe9" in failure["message"]
    assert "caf\\xe9" in failure["excerpt"]


def test_overlong_line_is_cut(certify) -> None:
    run = certify("--max-line", "65536", "--timeout", "2", command=zoo("long_line"))
    failure = _only_trigger_fails(run, "line_too_long")
    assert "cap of 65536" in failure["message"]
    assert failure["excerpt"].startswith('{"id": ') and len(failure["excerpt"]) < 1000


@pytest.fixture
def misread(monkeypatch: pytest.MonkeyPatch):
    def set_modes(modes: str) -> list[str]:
        monkeypatch.setenv("ZOO_MISREAD", modes)
        return zoo("misreader")

    return set_modes


def test_normative_misreading_is_named_by_its_signature(certify, misread) -> None:
    run = certify(command=misread("nonascii"))
    assert run.code == 1
    failed = {v["id"] for v in run.report["vectors"] if v["status"] == "failed"}
    assert failed == {"rt-ident-nonascii-before", "rt-ident-nonascii-after"}
    (named,) = run.report["diagnosis"]["signatures"]
    assert named["id"] == "nonascii-identifier-chars" and named["failed"] == named["exercised"] == 2
    assert "treats non-ASCII letters as identifier characters (clause 3.1): 2 vectors" in run.out
    assert run.report["diagnosis"]["unexplained"] == {}


def test_listed_reading_is_conformant_and_profiled(certify, misread) -> None:
    run = certify(command=misread("delimited"))
    assert run.code == 0, run.out
    (syn,) = run.report["interpretation"]
    assert syn["followed"] == ["delimited"] and syn["consistent"]
    assert syn["votes"]["delimited"] == 5
    assert "follows delimited" in run.out and "differs from the reference: substring" in run.out


def test_inconsistent_readings_are_flagged(certify, misread) -> None:
    run = certify(command=misread("inconsistent"))
    assert run.code == 1
    (syn,) = run.report["interpretation"]
    assert not syn["consistent"] and syn["followed"] == []
    assert syn["dominant"] == "substring" and syn["deviating"] == ["rt-syn-hyphen"]
    failure = run.vector("rt-syn-hyphen")["failure"]
    assert failure["kind"] == "inconsistent_reading"
    assert run.vector("rt-syn-hyphen")["matched_readings"] == ["delimited"]
    assert "INCONSISTENT" in run.out


def test_signatures_derived_under_another_edition_name_nothing(
    certify, misread, tmp_path: Path
) -> None:
    """Signatures that say what they fail under other editions only are not matched against
    this run's edition: the report names none, says why, and keeps the failures by clause."""
    document = yamlsafe.load((CORPUS / "signatures.yaml").read_text(encoding="utf-8"))
    document.update(format=2, editions=["0.3.0-rc1+2026-08-22"])
    path = tmp_path / "signatures.yaml"
    path.write_text(yamlsafe.dump(document), encoding="ascii")
    run = certify("--signatures", str(path), command=misread("nonascii"))
    assert run.code == 1 and run.report["edition"]["name"] == "0.3.0-rc1"
    assert run.report["diagnosis"]["signatures"] == []
    assert run.report["diagnosis"]["unexplained"] == {
        "3.1": ["rt-ident-nonascii-before", "rt-ident-nonascii-after"]
    }
    (warning,) = [w for w in run.report["run"]["warnings"] if "signatures.yaml" in w]
    assert "was not derived under edition 0.3.0-rc1: no failure signature is named" in warning


def test_output_matching_no_reading_fails(certify, misread) -> None:
    run = certify(command=misread("case"))
    assert run.code == 1
    for vector_id in ("rt-syn-caps", "rt-syn-title"):
        assert run.vector(vector_id)["failure"]["kind"] == "no_reading"
        assert run.vector(vector_id)["matched_readings"] == []
    (syn,) = run.report["interpretation"]
    assert syn["unmatched"] == ["rt-syn-caps", "rt-syn-title"] and syn["consistent"]
    assert [s["id"] for s in run.report["diagnosis"]["signatures"]] == ["synonyms-case-sensitive"]


def test_command_is_an_argument_vector_never_a_shell(
    certify, state: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    tricky = ["; touch pwned", "$(touch pwned2)", "`touch pwned3`", "*", "a b"]
    run = certify("-k", "rt-ident", command=zoo("argv_probe", *tricky))
    assert run.code == 0
    assert json.loads((state / "argv.json").read_text()) == tricky
    assert not list(tmp_path.glob("pwned*"))


def test_one_shot_mode(certify) -> None:
    run = certify(
        "--mode",
        "one-shot",
        "--repetitions",
        "2",
        "-k",
        "rt-ident-lower,rt-split-two,rt-score-root",
    )
    assert run.code == 0, run.out
    assert run.report["mode"] == "one-shot" and run.report["summary"]["passed"] == 3
    assert run.report["run"]["processes"] == 1 + 3 * 2  # the handshake, then one per request


def test_one_shot_crash(certify) -> None:
    run = certify(
        "--one-shot",
        "--repetitions",
        "2",
        "-k",
        f"{TRIGGER},rt-ident-lower",
        command=zoo("crash_midstream"),
    )
    assert run.code == 1
    assert run.statuses() == {"rt-ident-lower": "passed", TRIGGER: "failed"}
    assert run.vector(TRIGGER)["failure"]["kind"] == "crash"


@pytest.mark.parametrize("name", ["crash_midstream", "misreader"])
def test_jobs_do_not_change_results(certify, misread, name: str) -> None:
    command = misread("nonascii,delimited") if name == "misreader" else zoo(name)
    one = certify("-j", "1", command=command)
    two = certify("-j", "2", command=command)
    assert one.report["summary"]["failed"] >= 1
    for key in ("vectors", "summary", "clauses", "interpretation", "diagnosis", "verdict"):
        assert one.report[key] == two.report[key], key
    assert two.report["jobs"] == 2 and two.report["run"]["processes"] >= 2 * 2


def test_max_restarts_abandons_the_rest_of_a_pass(certify) -> None:
    # One repetition, an order where the trigger is not last: what follows it is abandoned.
    index = IDS.index(TRIGGER)
    seed = next(
        s for s in range(100) if schedule(len(IDS), 1, s, 1)[0][0].index(index) < len(IDS) - 3
    )
    order = schedule(len(IDS), 1, seed, 1)[0][0]
    after = {IDS[i] for i in order[order.index(index) + 1 :]}
    run = certify(
        "--repetitions",
        "1",
        "--max-restarts",
        "0",
        "--seed",
        str(seed),
        command=zoo("crash_midstream"),
    )
    assert run.code == 1
    kinds = {v["id"]: (v["failure"] or {}).get("kind") for v in run.report["vectors"]}
    assert kinds[TRIGGER] == "crash"
    assert {vid for vid, kind in kinds.items() if kind == "aborted"} == after
    assert "--max-restarts" in run.vector(sorted(after)[0])["failure"]["message"]


def test_stray_stdout_line_does_not_shift_later_answers(certify) -> None:
    run = certify(command=zoo("stray_line"))
    failure = _only_trigger_fails(run, "not_json")
    assert "debug: scoring request" in failure["excerpt"]
    # the answer left behind was discarded as late (or, when the trigger came last in its
    # process, reported as unsolicited output at exit)
    assert any(
        "late answers" in w or "unsolicited stdout" in w for w in run.report["run"]["warnings"]
    )


# Resource limits (--memory-limit, --cpu-limit): a tiny selection, the trigger among it.
LIMITED = (TRIGGER, "rt-ident-lower", "rt-score-root")


def _only_trigger_fails_of(run, kind: str) -> dict:
    assert run.code == 1, run.out + run.err
    assert run.statuses() == {vid: "failed" if vid == TRIGGER else "passed" for vid in LIMITED}
    failure = run.vector(TRIGGER)["failure"]
    assert failure["kind"] == kind, failure
    assert run.report["summary"]["failures_by_kind"] == {kind: 1}
    assert list(validator("report").iter_errors(run.report)) == []
    return failure


def test_memory_hog_is_ended_by_the_memory_limit(certify) -> None:
    run = certify("--memory-limit", "200M", "-k", ",".join(LIMITED), command=zoo("memory_hog"))
    failure = _only_trigger_fails_of(run, "memory_limit")
    assert "over the limit of 200 MiB" in failure["message"] and "restarted" in failure["message"]
    assert run.report["limits"]["memory_limit_bytes"] == 200 << 20
    assert run.report["limits"]["cpu_limit_s"] is None
    assert run.report["run"]["restarts"] == 2  # once per repetition; the run went on
    assert "limits: timeout 5 s per request, no CPU limit, resident memory 200 MiB" in run.out


def test_memory_limit_holds_for_the_whole_process_group(certify, monkeypatch) -> None:
    monkeypatch.setenv("ZOO_HOG_CHILD", "1")
    run = certify("--memory-limit", "150M", "-k", ",".join(LIMITED), command=zoo("memory_hog"))
    failure = _only_trigger_fails_of(run, "memory_limit")
    assert "process group (2 processes)" in failure["message"]


def test_cpu_spin_is_ended_by_the_cpu_limit(certify) -> None:
    run = certify("--cpu-limit", "0.5", "-k", ",".join(LIMITED), command=zoo("cpu_spin"))
    failure = _only_trigger_fails_of(run, "cpu_limit")
    assert "over the limit of 0.5 s" in failure["message"]
    assert run.report["limits"]["cpu_limit_s"] == 0.5
    assert "CPU 0.5 s per request" in run.out


def test_cpu_limit_in_one_shot_mode(certify) -> None:
    """One process per request: the request's CPU includes the process's startup, which the
    reference-based zoo candidate keeps well under the limit."""
    selection = ",".join(LIMITED)
    run = certify("--one-shot", "--cpu-limit", "1", "-k", selection, command=zoo("cpu_spin"))
    failure = _only_trigger_fails_of(run, "cpu_limit")
    assert "restarted" not in failure["message"]


def test_limits_do_not_fail_a_well_behaved_candidate(certify) -> None:
    run = certify("--memory-limit", "1G", "--cpu-limit", "2", "--repetitions", "3")
    assert run.code == 0, run.out + run.err
    assert run.report["limits"]["memory_limit_bytes"] == 1 << 30
    assert run.report["run"]["restarts"] == 0


# Whitespace sets (SENT-WS): exhaustive probes against candidates ------------------------------

VECTORS = Path(__file__).resolve().parents[2] / "vectors"


def _sent_ws_sets() -> dict[str, frozenset[str]]:
    return charsets.entry_sets(corpus.load_catalog("register.yaml", VECTORS), "SENT-WS")


@pytest.fixture(scope="module")
def real_corpus_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One corpus cache for the runs on the real corpus (loading it is most of a run)."""
    return tmp_path_factory.mktemp("real-corpus-cache")


@pytest.fixture
def white_space(monkeypatch: pytest.MonkeyPatch, real_corpus_cache: Path):
    """The zoo candidate that ends sentences at the given whitespace set."""
    monkeypatch.setenv("OASIS_SI_CACHE", str(real_corpus_cache))

    def set_chars(chars: frozenset[str]) -> list[str]:
        monkeypatch.setenv("ZOO_WHITE_SPACE", ",".join(charsets.label(c) for c in sorted(chars)))
        return zoo("whitespace")

    return set_chars


def _certify_sent_ws(certify, command: list[str]):
    return certify("--vectors", str(VECTORS), "-k", "SENT-WS", "--repetitions", "1",
                   command=command, corpus=None)


@pytest.mark.parametrize("reading", sorted(_sent_ws_sets()))
def test_every_whitespace_reading_is_certified(certify, white_space, reading: str) -> None:
    run = _certify_sent_ws(certify, white_space(_sent_ws_sets()[reading]))
    assert run.code == 0, run.out
    (profile,) = run.report["interpretation"]
    assert profile["consistent"] and reading in profile["followed"]
    assert run.report["summary"]["passed"] >= 100
    assert run.report["run"]["warnings"] == [
        "determinism (Core 3.5.4) not checked: each vector was sent once (--repetitions 1)"]


def test_javascript_space_without_nel_matches_no_reading(certify, white_space) -> None:
    """The issue's case: White_Space less U+0085 (ECMAScript \\s less U+FEFF) is no reading of
    SENT-WS; the exhaustive probes catch it and the failures name the code points."""
    sets = _sent_ws_sets()
    chars = sets["unicode"] - {"\x85"}
    assert chars not in sets.values()
    run = _certify_sent_ws(certify, white_space(chars))
    assert run.code == 1 and run.report["verdict"] == "not_conformant"
    (profile,) = run.report["interpretation"]
    assert profile["entry"] == "SENT-WS" and not profile["consistent"] and profile["followed"] == []
    failed = [v for v in run.report["vectors"] if v["status"] == "failed"]
    assert failed and {v["failure"]["kind"] for v in failed} == {"inconsistent_reading"}
    assert {v["probe"] for v in failed} <= {"U+0085", "U+FEFF"}
    assert all("U+0085" in v["failure"]["message"] or v["probe"] == "U+0085" for v in failed)
    assert "INCONSISTENT" in run.out and "NOT CONFORMANT" in run.out and "U+0085" in run.out


def test_conventions_of_its_own_are_listed_apart_and_fail_only_a_strict_run(certify) -> None:
    """Issue 9: an evaluator that classifies binding errors its own way (and labels its bands
    and writes its sentences its own way) is certified: the differences are the kit's
    conventions, counted and listed apart; --strict makes them failures."""
    selection = ["-k", "1.3,5.1,3.2", "--vectors", str(corpus.vectors_root())]
    run = certify(*selection, command=zoo("own_conventions"))
    assert run.code == 0, run.out
    report = run.report
    assert report["verdict"] == "conformant" and report["summary"]["failed"] == 0
    listed = {c["id"]: len(c["vectors"]) for c in report["conventions"]}
    assert {"BINDING-ERROR-KIND", "BAND-LABEL", "SENTENCE-FORM"} <= set(listed), listed
    assert report["summary"]["convention"] >= sum(1 for _ in listed)
    assert "convention differences" in run.out and "--strict" in run.out
    assert "convention difference" in report["headline"]
    kinds = [
        d for v in report["vectors"] for d in v["differences"]
        if d["convention"] == "BINDING-ERROR-KIND"
    ]
    assert kinds and all(d["actual"] == "rejected" for d in kinds)
    strict = certify(*selection, "--strict", command=zoo("own_conventions"))
    assert strict.code == 1 and strict.report["verdict"] == "not_conformant"
    assert strict.report["summary"]["failed"] == 0 and strict.report["strict"] is True
