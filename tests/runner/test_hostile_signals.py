"""Interrupts lose nothing and leave nothing: SIGINT or SIGTERM to the runner or the fuzzer at
each stage (the corpus loading, the handshake, the run, the shrinking) ends every process the
candidate started, even a grandchild that left its process group and session
(zoo/detacher.py), exits 130 or 143 with one line saying what happened, and writes the report
or summary of what was measured, marked interrupted."""

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from runner_helpers import CORPUS, zoo

from oasis_si_conformance.reporting import report
from oasis_si_conformance.running import interrupts
from oasis_si_schemas import first_error_message, validator

#: The slow tier (nox -s tests_slow): runs and searches interrupted by real signals.
pytestmark = pytest.mark.slow

SIGNALS = [signal.SIGINT, signal.SIGTERM]


@pytest.fixture
def state(tmp_path: Path) -> Iterator[Path]:
    """ZOO_STATE; whatever the candidates leave running is killed after the test, pass or
    fail (the assertions are what find it)."""
    path = tmp_path / "zoo-state"
    path.mkdir()
    yield path
    for pid in candidate_pids(path):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def candidate_pids(state: Path) -> list[int]:
    return [int(path.read_text()) for path in state.glob("pid-*") if path.read_text()]


def alive(pid: int) -> bool:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return text.rpartition(")")[2].split()[0] != "Z"


def wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def handlers_installed(pid: int) -> bool:
    """The command has installed its SIGTERM handler (interrupts.guarded is active)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1)


def start(argv: list[str], state: Path, tmp_path: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "ZOO_STATE": str(state), "OASIS_SI_CACHE": str(tmp_path / "cache")}
    return subprocess.Popen(
        [sys.executable, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def interrupt(process: subprocess.Popen[str], signum: int) -> tuple[str, str]:
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, err
    return out, err


def assert_one_line(err: str, command: str, signum: int) -> str:
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"{command}: interrupted by {signal.Signals(signum).name}"), err
    return last


def assert_nothing_left(state: Path, expected: int) -> None:
    pids = candidate_pids(state)
    assert len(pids) >= expected  # the candidate and its detached grandchild did start
    wait_for(lambda: not any(alive(pid) for pid in pids), 5.0)


def runner_argv(report_path: Path, *candidate: str, corpus: Path | None = CORPUS) -> list[str]:
    where = ["--vectors", str(corpus)] if corpus is not None else ["--no-cache"]
    return [
        "-m",
        "oasis_si_conformance",
        *where,
        "--report",
        str(report_path),
        "--timeout",
        "30",
        "--seed",
        "7",
        "--repetitions",
        "2",
        "--",
        *zoo("detacher", *candidate),
    ]


@pytest.mark.parametrize("signum", SIGNALS)
def test_while_the_corpus_loads(signum: int, state: Path, tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    process = start(runner_argv(report_path, corpus=None), state, tmp_path)
    wait_for(lambda: handlers_installed(process.pid))
    _out, err = interrupt(process, signum)
    line = assert_one_line(err, "oasis-si-conformance", signum)
    assert "loading the corpus" in line
    assert candidate_pids(state) == [] and not report_path.exists()


@pytest.mark.parametrize("signum", SIGNALS)
def test_at_the_handshake(signum: int, state: Path, tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    process = start(runner_argv(report_path, "--hang-hello"), state, tmp_path)
    wait_for(lambda: len(candidate_pids(state)) >= 2)
    _out, err = interrupt(process, signum)
    line = assert_one_line(err, "oasis-si-conformance", signum)
    assert "handshake" in line and "nothing measured" in line
    assert_nothing_left(state, 2)


@pytest.mark.parametrize("signum", SIGNALS)
def test_during_the_run(signum: int, state: Path, tmp_path: Path) -> None:
    """Interrupted half-way: the report holds the vectors whose repetitions came back, the
    others not run, never a pass it did not finish; it fits the report schema."""
    report_path = tmp_path / "report.json"
    junit = tmp_path / "junit.xml"
    argv = runner_argv(report_path, "--slow", "0.2")
    argv[argv.index("--") : argv.index("--")] = ["--junit", str(junit)]
    process = start(argv, state, tmp_path)
    wait_for(lambda: len(candidate_pids(state)) >= 2)
    time.sleep(2.0)
    _out, err = interrupt(process, signum)
    line = assert_one_line(err, "oasis-si-conformance", signum)
    assert "running the candidate" in line and str(report_path) in line
    assert_nothing_left(state, 2)
    document = json.loads(report_path.read_text())
    report.check(document)
    interrupted = document["interrupted"]
    assert interrupted["signal"] == signal.Signals(signum).name
    assert interrupted["requests"] >= 1 and interrupted["not_run"] >= 1
    assert document["verdict"] == report.NOT_CONFORMANT
    assert document["headline"].startswith("INTERRUPTED")
    statuses = [vector["status"] for vector in document["vectors"]]
    not_run = [v for v in document["vectors"] if (v["reason"] or "").startswith("not run")]
    assert len(not_run) == interrupted["not_run"]
    assert statuses.count("passed") + len(not_run) + statuses.count("failed") == len(statuses)
    assert junit.exists()


def fuzz_argv(out: Path, *candidate: str, time_budget: str = "60") -> list[str]:
    return [
        "-m",
        "oasis_si_conformance.fuzz.cli",
        "--seed",
        "5",
        "--time-budget",
        time_budget,
        "--ops",
        "identifier_match",
        "--out",
        str(out),
        "--",
        *zoo("detacher", *candidate),
    ]


def read_summary(out: Path) -> dict:
    document = json.loads((out / "fuzz-summary.json").read_text())
    assert first_error_message(validator("fuzz-summary"), document) is None
    return document


@pytest.mark.parametrize("shards", [1, 2])
@pytest.mark.parametrize("signum", SIGNALS)
def test_the_fuzzer_during_the_search(
    signum: int, shards: int, state: Path, tmp_path: Path
) -> None:
    """In one process or in shards (each stops, hands back what it judged and ends its
    candidate), the summary counts the cases sent."""
    out = tmp_path / "fuzz"
    argv = fuzz_argv(out, "--slow", "0.05")
    argv[argv.index("--") : argv.index("--")] = ["--shards", str(shards)]
    process = start(argv, state, tmp_path)
    # The handshake's process and each shard's, each with its detached grandchild.
    started = 2 + (2 * shards if shards > 1 else 0)
    wait_for(lambda: len(candidate_pids(state)) >= started)
    time.sleep(1.5)
    _out, err = interrupt(process, signum)
    line = assert_one_line(err, "oasis-si-fuzz", signum)
    assert "during the search" in line
    assert_nothing_left(state, started)
    summary = read_summary(out)
    assert summary["stopped_by"] == "interrupted"
    assert summary["interrupted"] == {"signal": signal.Signals(signum).name, "stage": "search"}
    assert summary["sent"] >= 2
    assert f"{summary['sent']} case(s) sent" in line


@pytest.mark.parametrize("signum", SIGNALS)
def test_the_fuzzer_while_shrinking(signum: int, state: Path, tmp_path: Path) -> None:
    out = tmp_path / "fuzz"
    argv = fuzz_argv(out, "--wrong", "--slow", "0.3", time_budget="2")
    process = start(argv, state, tmp_path)
    assert process.stderr is not None
    for log_line in process.stderr:  # the fuzzer's log, line by line
        if "shrinking" in log_line:
            break
    _out, rest = interrupt(process, signum)
    line = assert_one_line(rest, "oasis-si-fuzz", signum)
    assert "during the shrinking" in line
    assert_nothing_left(state, 2)
    summary = read_summary(out)
    assert summary["interrupted"]["stage"] == "shrinking"
    assert summary["divergences"]["normative_classes"] >= 1


def test_descendants_that_left_the_process_group_are_ended(state: Path) -> None:
    """The guard itself: a candidate started inside it and its detached grandchild are both
    gone when it exits, while a process started before it is spared."""
    env = {**os.environ, "ZOO_STATE": str(state)}
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with interrupts.guarded():
            candidate = subprocess.Popen(
                zoo("detacher"), stdin=subprocess.PIPE, env=env, start_new_session=True
            )
            wait_for(lambda: len(candidate_pids(state)) >= 2)
        assert_nothing_left(state, 2)
        assert candidate.poll() is not None
        assert bystander.poll() is None  # started before the guard: not its business
    finally:
        bystander.kill()
        bystander.wait()
