"""The fuzzing tools themselves: register policy, held-out tier contract, choice replay (what
shrinking relies on), the differential loop against the reference, a mutant and broken
candidates, and the vector stub."""

import hashlib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import Phase, find, settings
from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes

from oasis_si_conformance import corpus, yamlsafe
from oasis_si_conformance.fuzz import ground, heldout_cases
from oasis_si_conformance.fuzz import strategies as S
from oasis_si_conformance.fuzz.cli import main as fuzz_main
from oasis_si_conformance.fuzz.cli import parser
from oasis_si_conformance.fuzz.differential import expected_outcome, fuzz
from oasis_si_conformance.supervisor import Limits
from oasis_si_schemas import validator

REFERENCE = [sys.executable, "-m", "oasis_si_reference.server"]
ROOT = Path(__file__).resolve().parents[2]


def test_policy_names_every_register_entry():
    """Every ambiguity-register entry says whether the fuzzer keeps off it or allows it."""
    register = corpus.load_catalog("register.yaml")
    assert sorted(ground.POLICY) == sorted(entry["id"] for entry in register["entries"])
    assert all(handling in ("kept off", "allowed") for handling, _how in ground.POLICY.values())
    assert set(ground.ALLOWED) == {e for e, (h, _) in ground.POLICY.items() if h == "allowed"}


def test_help_states_the_policy_for_every_entry():
    text = parser().format_help()
    for entry in [*ground.POLICY, *ground.UNREGISTERED]:
        assert entry in text


def test_non_normative_generation_reaches_register_points():
    """The keep-off checks see what non-normative generation produces (they are not vacuous)."""
    seen = set()
    for index in range(600):
        case, _ = S.generate(S.case, f"reach:{index}", normative=False)
        seen |= ground.register_points(case)
    assert {"SENT-NEWLINE", "SENT-WS", "SYN-BOUNDARY", "ECHO-LINE", "FOLD-MAPPING", "ANSWER-BLANK"} <= seen


def test_heldout_contract():
    cases = heldout_cases(11, 80)
    assert len(cases) == 80 and len({c["id"] for c in cases}) == 80
    assert heldout_cases(11, 80) == cases
    assert heldout_cases(11, 30) == cases[:30]
    document = {"format": 1, "family": "held-out", "description": "held-out cases", "vectors": cases}
    assert not list(validator("vectors").iter_errors(document))
    assert yamlsafe.load(yamlsafe.dump(document)) == document  # writable as a corpus file
    for case in cases:
        assert case["flags"] == ["held-out"]
        assert not ground.register_points({"operation": case["operation"], "input": case["input"]})
        assert expected_outcome({"operation": case["operation"], "input": case["input"]}) == case["expected"]
    assert {c["operation"] for c in heldout_cases(11, 300)} == set(S.ALL_OPERATIONS)
    assert heldout_cases(12, 5) != heldout_cases(11, 5)


def test_heldout_is_the_same_in_another_process():
    """Deterministic from the seed in any process, whatever the hash seed."""
    digest = hashlib.sha256(json.dumps(heldout_cases(5, 40), sort_keys=True).encode()).hexdigest()
    code = (
        "import hashlib, json; from oasis_si_conformance.fuzz import heldout_cases;"
        "print(hashlib.sha256(json.dumps(heldout_cases(5, 40), sort_keys=True).encode()).hexdigest())"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=120)
    assert out.stdout.strip() == digest


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


def test_fuzzing_the_reference_finds_nothing():
    summary = fuzz(REFERENCE, seed=3, max_examples=400, time_budget=60)
    assert not list(validator("fuzz-summary").iter_errors(summary.to_json()))
    assert summary.divergence is None and not summary.reference_errors
    assert summary.sent > 300 and summary.stopped_by == "max-examples"
    assert set(summary.operations) == set(S.ALL_OPERATIONS)


def test_one_shot_mode():
    summary = fuzz(REFERENCE, seed=4, max_examples=12, one_shot=True, operations=["identifier_match", "score_scenario"])
    assert summary.divergence is None and summary.sent > 5 and summary.mode == "one-shot"


def test_a_mutant_is_found_shrunk_and_written_as_a_stub(tmp_path, capsys):
    """syn-case-sensitive (a §3.3 misreading) is found; the shrunk case is a vector stub that
    fits the corpus schema and says the expected outcome is to be reviewed."""
    status = fuzz_main([
        "--seed", "1", "--max-examples", "3000", "--shrink-budget", "4", "--out", str(tmp_path), "--quiet",
        "--", sys.executable, "-m", "tools.independent", "--mutant", "syn-case-sensitive",
    ])
    assert status == 1
    stubs = sorted(tmp_path.glob("fuzz-*.yaml"))
    assert len(stubs) == 1
    document = yamlsafe.load(stubs[0].read_text(encoding="ascii"))
    assert not list(validator("vectors").iter_errors(document))
    assert "TO REVIEW: expected taken from the reference" in document["vectors"][0]["description"]
    summary = json.loads((tmp_path / "fuzz-summary.json").read_text())
    assert not list(validator("fuzz-summary").iter_errors(summary))
    assert summary["divergence"] and summary["shrunk"]
    assert len(json.dumps(summary["shrunk"]["input"])) <= len(json.dumps(summary["divergence"]["input"]))
    assert "seed: 1" in capsys.readouterr().out


BROKEN = textwrap.dedent('''
    import json, sys, time
    mode = sys.argv[1]
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        if request["op"] == "hello":
            result = {"protocol": 1, "name": "broken", "version": "0", "operations": ["score_scenario", "identifier_match"],
                      "templates": ["C-DA-001"], "profiles": ["0.3.0-rc1"]}
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
''')


@pytest.mark.parametrize(("mode", "kind"), [("crash", "crash"), ("hang", "timeout"), ("invalid", "invalid_result")])
def test_broken_candidates_are_divergences(tmp_path, mode, kind):
    script = tmp_path / "broken.py"
    script.write_text(BROKEN)
    summary = fuzz([sys.executable, str(script), mode], seed=2, max_examples=200, shrink_budget=3,
                   limits=Limits(timeout=1.0), operations=["identifier_match", "score_scenario"])
    assert summary.divergence is not None and summary.divergence.kind == kind
    assert summary.shrunk is not None and summary.shrunk.case["operation"] == "identifier_match"


GREEDY = textwrap.dedent('''
    import json, sys
    mode = sys.argv[1]
    hoard = []
    for raw in sys.stdin.buffer:
        request = json.loads(raw)
        if request["op"] == "hello":
            result = {"protocol": 1, "name": "greedy", "version": "0",
                      "operations": ["score_scenario", "identifier_match"],
                      "templates": ["C-DA-001"], "profiles": ["0.3.0-rc1"]}
        elif request["op"] == "identifier_match" and mode == "memory":
            while len(hoard) < 4096:  # 4 GiB at most: a guard, far above the limit
                hoard.append(b"\\x01" * (1 << 20))
        elif request["op"] == "identifier_match" and mode == "cpu":
            while True:
                pass
        else:
            from oasis_si_reference.operations import perform
            result = perform(request["op"], request["params"])
        sys.stdout.write(json.dumps({"id": request["id"], "result": result}) + "\\n")
        sys.stdout.flush()
''')


@pytest.mark.parametrize(
    ("mode", "kind", "limits"),
    [("memory", "memory_limit", Limits(timeout=20.0, memory=150 << 20)),
     ("cpu", "cpu_limit", Limits(timeout=20.0, cpu=0.3))],
)
def test_resource_limits_are_divergences(tmp_path, mode, kind, limits):
    """The pipelined search and the one-at-a-time shrinking both stop a greedy candidate at its
    limit (well before the timeout) and name the limit."""
    script = tmp_path / "greedy.py"
    script.write_text(GREEDY)
    summary = fuzz([sys.executable, str(script), mode], seed=2, max_examples=200, shrink_budget=3,
                   limits=limits, operations=["identifier_match", "score_scenario"])
    assert summary.divergence is not None and summary.divergence.kind == kind
    assert summary.shrunk is not None and summary.shrunk.kind == kind
    assert summary.elapsed < 15
    document = summary.to_json()
    assert not list(validator("fuzz-summary").iter_errors(document))
    assert document["limits"]["memory_limit_bytes"] == limits.memory
    assert document["limits"]["cpu_limit_s"] == limits.cpu
