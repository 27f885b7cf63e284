"""Interrupts lose nothing, invent nothing and leave nothing: SIGINT, SIGTERM or SIGHUP to the
runner or the fuzzer at each stage (the corpus loading, the handshake, the run, the shrinking)
ends every process the candidate started, even a grandchild that left its process group and
session (zoo/detacher.py) and a candidate that ignores SIGTERM and the end of its input, exits
130, 143 or 129 with one line saying what happened, and writes the report or summary of what
was measured before the signal, marked interrupted: never a failure or a divergence the kit
itself caused (an answer in flight, a process it ended)."""

import json
import os
import re
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
EVERY_SIGNAL = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


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


def start(
    argv: list[str], state: Path, tmp_path: Path, cache: Path | None = None
) -> subprocess.Popen[str]:
    cache = cache or tmp_path / "cache"
    env = {**os.environ, "ZOO_STATE": str(state), "OASIS_SI_CACHE": str(cache)}
    return subprocess.Popen(
        [sys.executable, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_hang_up_by_default,
    )


def _hang_up_by_default() -> None:
    """The command starts with SIGHUP's default disposition, whatever this test run inherited
    (under nohup it would start ignored, and the guard keeps an ignored hang-up ignored)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def interrupt(process: subprocess.Popen[str], signum: int) -> tuple[str, str]:
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 128 + signum, err
    return out, err


def assert_one_line(err: str, command: str, signum: int) -> str:
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1].removeprefix("\x1b[K")  # after --progress's line
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


def progressed(process: subprocess.Popen[str], done: Callable[[int], int]) -> int:
    """Read the runner's progress line (--progress) until `done(total)` requests came back;
    how many had."""
    assert process.stderr is not None
    fd, seen = process.stderr.fileno(), b""
    while True:
        chunk = os.read(fd, 4096)
        assert chunk, seen.decode(errors="replace")[-2000:]
        seen = seen[-200:] + chunk
        counts = re.findall(rb"(\d+)/(\d+) requests", seen)
        if counts and int(counts[-1][0]) >= done(int(counts[-1][1])):
            return int(counts[-1][0])


def with_options(argv: list[str], *options: str) -> list[str]:
    """The runner's argv with `options` before the candidate's command (later ones win)."""
    where = argv.index("--")
    return [*argv[:where], *options, *argv[where:]]


@pytest.mark.parametrize("signum", SIGNALS)
def test_during_the_run(signum: int, state: Path, tmp_path: Path) -> None:
    """Interrupted half-way: the report holds the vectors of which repetitions came back,
    judged on them, the others not run; it fits the report schema."""
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


@pytest.mark.parametrize(
    ("signum", "options", "at"),
    [
        (signal.SIGINT, [], lambda total: 1),
        (signal.SIGTERM, [], lambda total: total // 2),
        (signal.SIGHUP, [], lambda total: total * 5 // 6),
        (signal.SIGINT, ["-j", "2"], lambda total: total // 2),
    ],
    ids=["early", "second-repetition", "third-repetition", "two-workers"],
)
def test_an_interrupted_certification_of_the_reference_invents_no_failure(
    signum: int,
    options: list[str],
    at: Callable[[int], int],
    state: Path,
    tmp_path: Path,
    session_corpus_cache: Path,
) -> None:
    """The bundled reference over the bundled corpus, three repetitions, interrupted at a
    point of the run (answers always in flight then): no vector fails, no restart, no warning;
    every vector of which an answer came back is judged (a pass), the rest not run; once the
    first repetition is whole every vector passed, and in the third some on all three."""
    report_path = tmp_path / "report.json"
    argv = ["-m", "oasis_si_conformance", "--report", str(report_path), "--seed", "11",
            "--repetitions", "3", "--progress", *options]
    process = start(argv, state, tmp_path, cache=session_corpus_cache)
    seen = progressed(process, at)
    _out, err = interrupt(process, signum)
    assert "running the candidate" in assert_one_line(err, "oasis-si-conformance", signum)
    document = json.loads(report_path.read_text())
    report.check(document)
    summary, interrupted, run = document["summary"], document["interrupted"], document["run"]
    assert summary["failed"] == 0 and summary["convention"] == 0
    assert run["restarts"] == 0 and run["warnings"] == []
    assert run["processes"] <= 3 * (2 if options else 1)
    assert interrupted["requests"] >= seen >= 1
    assert summary["passed"] > 0
    assert summary["passed"] + interrupted["not_run"] == summary["total"]
    assert summary["not_exercised"] == interrupted["not_run"]
    assert summary["passed"] <= interrupted["requests"] <= 3 * summary["passed"]
    total = 3 * summary["total"]
    if seen >= total // 3:  # the first repetition came back whole
        assert summary["passed"] == summary["total"] and interrupted["not_run"] == 0
    if seen > 2 * total // 3:  # the third had begun: some vectors came back three times
        assert interrupted["short"] < summary["passed"]


@pytest.mark.parametrize("signum", EVERY_SIGNAL)
@pytest.mark.parametrize(
    ("options", "started"),
    [([], 2), (["-j", "2"], 4), (["--mode", "one-shot"], 4)],
    ids=["streaming", "two-workers", "one-shot"],
)
def test_a_stubborn_candidate_leaves_no_process_behind(
    signum: int, options: list[str], started: int, state: Path, tmp_path: Path
) -> None:
    """A candidate that ignores SIGTERM, SIGHUP, SIGINT and the end of its input, answers
    slowly and leaves a detached grandchild: after the signal every process of it is gone
    (SIGTERM, then SIGKILL), and the report blames it for nothing the kit did."""
    report_path = tmp_path / "report.json"
    argv = runner_argv(report_path, "--stubborn", "--slow", "0.1")
    process = start(with_options(argv, "--progress", *options), state, tmp_path)
    progressed(process, lambda total: 1)
    wait_for(lambda: len(candidate_pids(state)) >= started)
    _out, err = interrupt(process, signum)
    line = assert_one_line(err, "oasis-si-conformance", signum)
    assert "candidate processes ended" in line
    for pid in candidate_pids(state):
        if not alive(pid):
            continue
        with pytest.raises(ProcessLookupError):  # gone, or a zombie on its way
            os.kill(pid, 0)
    assert_nothing_left(state, started)
    document = json.loads(report_path.read_text())
    assert document["summary"]["failed"] == 0 and document["run"]["restarts"] == 0
    assert document["summary"]["passed"] >= 1


def test_one_shot_daemons_do_not_pile_up(state: Path, tmp_path: Path) -> None:
    """One-shot: each process leaves a daemon that keeps its stdout and stderr open; as each
    process ends, the daemons no live process can have started are ended, so each new process
    finds at most one or two of them still running (not one per request so far)."""
    report_path = tmp_path / "report.json"
    argv = runner_argv(report_path, "--count-alive", "--hold-pipes")
    process = start(with_options(argv, "--mode", "one-shot", "--repetitions", "1"), state,
                    tmp_path)
    _out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    counts = [int(path.read_text()) for path in state.glob("alive-*")]
    assert len(counts) >= 10 and max(counts) <= 2, counts
    assert_nothing_left(state, len(counts))


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


@pytest.mark.parametrize(
    ("signum", "shards"), [(signal.SIGINT, 1), (signal.SIGHUP, 1), (signal.SIGTERM, 2)]
)
def test_an_interrupted_fuzz_run_of_the_reference_records_nothing(
    signum: int, shards: int, state: Path, tmp_path: Path
) -> None:
    """The reference fuzzed (answers in flight when the signal comes, pipelined): no class,
    no divergence, no vector stub; the summary counts the cases sent."""
    out = tmp_path / "fuzz"
    argv = ["-m", "oasis_si_conformance.fuzz.cli", "--seed", "5", "--time-budget", "300",
            "--shards", str(shards), "--out", str(out)]
    process = start(argv, state, tmp_path)
    assert process.stderr is not None
    for log_line in process.stderr:  # the fuzzer's log: its first progress line
        if "cases sent" in log_line:
            break
    _out, err = interrupt(process, signum)
    assert "during the search" in assert_one_line(err, "oasis-si-fuzz", signum)
    summary = read_summary(out)
    assert summary["sent"] >= 1 and summary["stopped_by"] == "interrupted"
    assert summary["classes"] == [] and summary["divergences"]["normative"] == 0
    assert summary["divergences"]["convention"] == 0
    assert [path.name for path in out.iterdir()] == ["fuzz-summary.json"]


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
