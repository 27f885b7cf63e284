"""The session layer through hostile candidates (tests/runner/zoo/): every answer line is
accounted for, a null-id error answers the request in flight, a crash is never an error
answer, and the runner's memory and report stay bounded whatever a candidate pads its answers
with. Black-box: each test runs the CLI on a small candidate script."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from runner_helpers import TRIGGER, zoo

from oasis_si_schemas import validator

#: The slow tier (nox -s tests_slow): hostile candidates certified over the whole corpus, as real
#: processes.
pytestmark = pytest.mark.slow

#: Vectors of the bundled corpus holding lone surrogates (their readings include rejecting the
#: request with an error response).
SURROGATES = "TEXT-SURROGATE,BIND-SURROGATE"


def _kinds(run) -> dict[str, str | None]:
    return {v["id"]: (v["failure"] or {}).get("kind") for v in run.report["vectors"]}


def _only_trigger_fails(run, kind: str) -> dict:
    assert run.code == 1, run.out + run.err
    kinds = _kinds(run)
    assert kinds.pop(TRIGGER) == kind, run.vector(TRIGGER)
    assert set(kinds.values()) == {None}, "the run must go on after the failure"
    assert list(validator("report").iter_errors(run.report)) == []
    return run.vector(TRIGGER)["failure"]


# Every answer line is accounted for ---------------------------------------------------------


@pytest.mark.parametrize("mode", ["streaming", "one-shot"])
@pytest.mark.parametrize("second", ["identical", "error"])
def test_a_candidate_answering_every_request_twice_fails_every_vector(
    certify, mode: str, second: str
) -> None:
    run = certify("--mode", mode, command=zoo("twice", second))
    assert run.code == 1, run.out + run.err
    assert run.report["verdict"] == "not_conformant"
    assert set(_kinds(run).values()) == {"extra_output"}
    assert "CONFORMANT for" not in run.out.replace("NOT CONFORMANT", "")


def test_a_second_answer_fails_the_vector_it_follows_and_no_other(certify) -> None:
    failure = _only_trigger_fails(certify(command=zoo("twice", "trigger")), "extra_output")
    assert "second answer" in failure["message"] or "output after the answer" in failure["message"]


def test_a_null_result_fails_its_vector_and_the_run_goes_on(certify) -> None:
    failure = _only_trigger_fails(certify(command=zoo("result_null")), "invalid_response")
    assert '"result": null' in failure["excerpt"]


# Null-id errors -----------------------------------------------------------------------------


def test_a_null_id_error_on_a_lone_surrogate_is_the_reject_reading(certify) -> None:
    run = certify("-k", SURROGATES, command=zoo("null_id"), corpus=None)
    assert run.code == 0, run.out + run.err
    assert run.report["summary"]["passed"] == run.report["summary"]["total"] >= 10
    followed = {entry["entry"]: entry["followed"] for entry in run.report["interpretation"]}
    assert followed == {"TEXT-SURROGATE": ["reject"], "BIND-SURROGATE": ["reject-request"]}


def test_a_null_id_error_elsewhere_fails_as_an_error_naming_its_cause(certify) -> None:
    failure = _only_trigger_fails(certify(command=zoo("null_id", "trigger")), "error_response")
    assert "id null" in failure["message"] and "nlohmann::json" in failure["message"]


def test_a_crash_is_never_an_error_answer_where_an_error_is_a_reading(certify) -> None:
    run = certify("-k", SURROGATES, command=zoo("crash_on_surrogate"), corpus=None)
    assert run.code == 1
    assert set(_kinds(run).values()) == {"crash"}


# Bounded memory -----------------------------------------------------------------------------

#: Every factor_identified vector (about 270) x 2 repetitions, each answer padded with 1 MB:
#: over 500 MB of answers, which a runner that kept them would hold.
PADDED_SELECTION = ("-k", "factor_identified", "--repetitions", "2")
PEAK_RSS = 300 * 1024 * 1024


def _selected(term: str) -> int:
    """How many vectors of the bundled corpus `-k term` selects."""
    from oasis_si_conformance.corpus.corpus import load_corpus
    from oasis_si_conformance.corpus.selection import select

    return len(select(load_corpus(), [term]))


def _measured(tmp_path: Path, *candidate: str) -> tuple[int, int, dict]:
    """Run the CLI in a process of its own on the bundled corpus: its exit status, the peak
    resident memory of it and its candidates (wait4), and the report."""
    report = tmp_path / "report.json"
    argv = [sys.executable, "-m", "oasis_si_conformance", "-q", "--seed", "3"]
    argv += [*PADDED_SELECTION, "--report", str(report), "--", *zoo(*candidate)]
    env = {**os.environ, "OASIS_SI_CACHE": str(tmp_path / "cache")}
    # Through a small launcher: Linux keeps the peak of the memory a process replaces when it
    # execs, so a command started straight from this (large) test process would report the
    # test process's own peak as its own.
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *argv], capture_output=True, text=True, env=env
    )
    code_text, peak_text = done.stdout.split()
    return int(code_text), int(peak_text) * 1024, json.loads(report.read_text())


#: Runs argv, then prints its exit status and its peak resident memory (KiB, wait4).
_LAUNCHER = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_pid, status, usage = os.wait4(process.pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""


def test_answers_padded_with_a_megabyte_keep_the_runner_small(tmp_path: Path) -> None:
    code, peak, report = _measured(tmp_path, "padded", "pad", str(1 << 20))
    assert code == 0, report["summary"]
    assert report["summary"]["passed"] == _selected(PADDED_SELECTION[1]) > 250
    assert peak < PEAK_RSS, f"peak RSS {peak >> 20} MiB"
    assert (tmp_path / "report.json").stat().st_size < 8 * 1024 * 1024


def test_deeply_nested_ignored_members_are_not_amplified(tmp_path: Path) -> None:
    code, peak, report = _measured(tmp_path, "padded", "deep", "60")  # within the depth limit
    assert code == 0, report["summary"]
    assert peak < PEAK_RSS
    assert (tmp_path / "report.json").stat().st_size < 8 * 1024 * 1024


def test_nesting_beyond_the_limit_fails_each_vector_without_a_crash(certify) -> None:
    # 90,000 levels: far beyond the depth limit and Python's recursion limit, within the
    # container limit (so that the depth is what refuses it)
    run = certify(command=zoo("padded", "deep", "90000"))
    assert run.code == 1, run.out + run.err
    assert set(_kinds(run).values()) == {"invalid_response"}
    assert "nested deeper than" in run.vector(TRIGGER)["failure"]["message"]
