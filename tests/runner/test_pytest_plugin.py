"""The pytest plugin (`pytest --oasis-si-candidate 'CMD ARGS'`): one item per vector, one
certification for the whole pytest run, each item the vector's verdict."""

import json
import os
import shlex
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from runner_helpers import CORPUS, TRIGGER, zoo

pytest_plugins = ("pytester",)

#: The fixture corpus's vectors (tests/runner/corpus).
ALL = 19
IDENT = [
    "rt-ident-lower",
    "rt-ident-suffix",
    "rt-ident-nonascii-before",
    "rt-ident-nonascii-after",
    "rt-ident-plain",
]


@pytest.fixture
def run_plugin(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, state: Path):
    """pytest in pytester's folder with the plugin on the fixture corpus, one repetition and
    a report of the run (`report.json` there); options given as `--opt=value` so that pytest
    does not take the corpus's folder for where its rootdir is."""
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])

    def call(candidate: list[str], *args: str) -> tuple[pytest.RunResult, dict]:
        result = pytester.runpytest(
            "-p", "no:cacheprovider", "-p", "no:xdist", "-rA",
            f"--oasis-si-candidate={shlex.join(candidate)}",
            f"--oasis-si-vectors={CORPUS}",
            "--oasis-si-options=--repetitions 1 --seed 7 --report report.json",
            *args,
        )
        path = pytester.path / "report.json"
        return result, json.loads(path.read_text()) if path.exists() else {}

    return call


def test_the_reference_passes_a_k_slice_in_one_session(run_plugin) -> None:
    result, report = run_plugin(["oasis-si-reference"], "-k", "rt-ident")
    result.assert_outcomes(passed=len(IDENT))
    for vid in IDENT:
        result.stdout.fnmatch_lines([f"PASSED oasis-si::{vid}"])
    # one certification of the items kept: one process, the five vectors sent, no more
    assert report["corpus"]["selected"] == len(IDENT) and report["run"]["processes"] == 1
    result.stdout.fnmatch_lines(["*oasis-si conformance*", "CONFORMANT for *"])


def test_a_faulty_candidate_fails_exactly_its_failing_vectors(run_plugin, pytester) -> None:
    """one_of_each: a normative failure on the trigger, a convention difference on every
    binding error (an xfail, never a pass); ambiguity vectors pass and record the reading."""
    result, report = run_plugin(zoo("one_of_each"), "--junitxml=j.xml")
    conventions = [v["id"] for v in report["vectors"] if v["status"] == "convention"]
    assert conventions and report["run"]["processes"] == 1
    result.assert_outcomes(failed=1, passed=ALL - 1 - len(conventions), xfailed=len(conventions))
    result.stdout.fnmatch_lines([f"FAILED oasis-si::{TRIGGER} - {TRIGGER}: mismatch"])
    for vid in conventions:
        result.stdout.fnmatch_lines([f"XFAIL oasis-si::{vid} - convention difference: *"])
    text = result.stdout.str()
    assert f"explain: oasis-si-vectors explain {TRIGGER} --edition 0.3.0-rc1" in text
    assert '"text": "SMTP_PORT is missing"' in text and "diagnosis: " in text
    cases = {c.get("name"): c for c in ET.parse(pytester.path / "j.xml").getroot().iter("testcase")}
    properties = {
        p.get("name"): p.get("value") for p in cases["rt-syn-hyphen"].iter("property")
    }
    assert properties["oasis-si.entry"] == "SYN-BOUNDARY"
    assert "substring" in properties["oasis-si.reading"].split(" / ")


def test_not_declared_vectors_are_skipped_and_a_bad_candidate_fails_every_item(
    run_plugin,
) -> None:
    result, report = run_plugin(zoo("only_score"))
    skipped = sum(v["status"] == "not_exercised" for v in report["vectors"])
    result.assert_outcomes(passed=ALL - skipped, skipped=skipped)
    result, _report = run_plugin(["/no/such/evaluator"], "-k", "rt-split")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(["*cannot start candidate*"])


def test_without_the_option_the_plugin_adds_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_one(): pass")
    result = pytester.runpytest("-p", "no:cacheprovider", "-p", "no:xdist")
    result.assert_outcomes(passed=1)
    said = result.stdout.str()
    assert "oasis-si::" not in said and "oasis-si conformance" not in said


def test_the_plugin_is_a_pytest11_entry_point() -> None:
    """pyproject.toml registers the plugin, so an installed kit brings it to every pytest."""
    import tomllib

    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert pyproject["project"]["entry-points"]["pytest11"] == {
        "oasis_si": "oasis_si_conformance.harness.pytest_plugin"
    }


def _failed_vector() -> dict:
    return {
        "id": "v1", "clause": "3.1", "clauses": ["3.1"], "source": "f.yaml:1",
        "operation": "split_sentences", "status": "failed",
        "failure": {"kind": "mismatch", "message": "differs", "excerpt": None, "stderr": None,
                    "outputs": []},
        "expected": {"sentences": ["x" * 1000]}, "actual": {"sentences": []},
        "readings": None, "ambiguity": None, "convention": None, "input": {"text": "x"},
        "matched_readings": None,
    }


def test_a_failed_item_shows_its_expectation_cut_at_400_characters() -> None:
    from oasis_si_conformance.harness.pytest_plugin import failure_text

    vector = _failed_vector()
    report = {"diagnosis": {"signatures": []}, "interpretation": [], "vectors": [vector],
              "edition": {"name": "0.3.0-rc1"}}
    lines = failure_text(report, vector).splitlines()
    [expected] = [line for line in lines if line.startswith("expected: ")]
    assert len(expected) == len("expected: ") + 400 and expected.endswith("...")
    assert lines[:2] == ["v1: mismatch", "diagnosis: no known signature explains it (clause 3.1)"]


def test_a_vector_the_certification_did_not_reach_fails_its_item_cleanly() -> None:
    """An item whose vector has no result (the run ended before it) fails with the plugin's
    own error, which pytest shows as one line, not with a traceback from inside the plugin."""
    from types import SimpleNamespace

    from oasis_si_conformance.harness import pytest_plugin

    certificate = SimpleNamespace(results={}, report={"vectors": []})
    shared = SimpleNamespace(result=lambda session: certificate)
    item = SimpleNamespace(
        config=SimpleNamespace(stash={pytest_plugin._RUN: shared}), session=None, name="v1"
    )
    with pytest.raises(pytest_plugin.CertificationFailed, match="v1 was not certified"):
        pytest_plugin.VectorItem.runtest(item)  # type: ignore[arg-type]
