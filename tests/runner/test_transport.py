"""The candidate transport (conformance/running/transport.py) on small stand-in processes: both
modes of the one poll loop (one at a time, pipelined), the line cap in each, the outcomes a process
can end in, and the process-group meter behind --memory-limit and --cpu-limit."""

import json
import os
import signal
import sys
import textwrap
import time

import pytest

from oasis_si_conformance.running import resources
from oasis_si_conformance.running.transport import (
    CandidateEnvironment,
    Eof,
    Limits,
    Line,
    OverLimit,
    Overlong,
    SetupError,
    Timeout,
    Transport,
    spawn,
)

ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n"


def python(code: str) -> list[str]:
    return [sys.executable, "-c", textwrap.dedent(code)]


@pytest.fixture
def transports():
    started: list[Transport] = []

    def start(code: str, **limits) -> Transport:
        transport = Transport(python(code), Limits(**limits))
        started.append(transport)
        return transport

    yield start
    for transport in started:
        transport.kill()


def receive_all(transport: Transport, count: int, seconds: float) -> list[bytes]:
    """`count` answer lines, however many reads they take (each within `seconds`)."""
    lines: list[bytes] = []
    while len(lines) < count:
        got = transport.receive(count - len(lines), seconds)
        assert isinstance(got, list), got
        lines += got
    return lines


def test_pipelined_answers_arrive_in_order(transports) -> None:
    echo = transports(ECHO)
    for number in range(300):
        echo.send(b'{"n": %d}\n' % number)
    echo.send(b"\n")  # a blank line is never an answer
    lines = receive_all(echo, 300, 5.0)
    assert lines == [b'{"n": %d}' % number for number in range(300)]
    assert echo.finish().returncode == 0


def test_lines_queued_together_arrive_whole_and_in_order(transports) -> None:
    """Lines sent with write=False wait for `write_queued` (or a later send that writes),
    then go out in order, one write for the group, even past what a pipe holds at once."""
    echo = transports(ECHO)
    big = b"y" * (200 << 10)
    echo.send(b"1\n", write=False)
    echo.send(big + b"\n", write=False)
    echo.send(b"3\n", write=False)
    assert echo.unwritten  # nothing written yet
    echo.write_queued()
    echo.send(b"4\n", write=False)
    echo.send(b"5\n")  # writes what is queued before it too
    assert receive_all(echo, 5, 10.0) == [b"1", big, b"3", b"4", b"5"]


def test_one_at_a_time_writes_a_large_request_while_reading(transports) -> None:
    echo = transports(ECHO)
    request = b"x" * (3 << 20) + b"\n"  # far more than a pipe holds
    outcome = echo.exchange(request, 10.0)
    assert isinstance(outcome, Line) and not outcome.desync and len(outcome.data) == 3 << 20


@pytest.mark.parametrize("pipelined", [False, True])
def test_an_overlong_line_is_cut_in_both_modes(transports, pipelined: bool) -> None:
    """The cap holds even when the long line arrives whole, newline included; the lines
    before it are delivered first."""
    code = """
        import sys, time
        sys.stdin.readline()
        sys.stdout.write('{"ok": 1}\\n' + "y" * 100000 + "\\n")
        sys.stdout.flush()
        time.sleep(30)
    """
    candidate = transports(code, max_line=65536)
    if pipelined:
        candidate.send(b"go\n")
        first = candidate.receive(2, 5.0)
        second = candidate.receive(1, 5.0)
    else:
        first = [candidate.exchange(b"go\n", 5.0).data]  # type: ignore[union-attr]
        second = candidate.exchange(b"", 5.0)
    assert first == [b'{"ok": 1}']
    assert isinstance(second, Overlong) and second.size > 65536 and second.head.startswith(b"yyy")


def test_timeout_then_eof_and_how_the_process_ended(transports) -> None:
    quiet = transports("import sys, time\nsys.stdin.readline()\ntime.sleep(0.5)\nsys.exit(5)\n")
    assert isinstance(quiet.exchange(b"hello\n", 0.1), Timeout)
    outcome = quiet.receive(1, 5.0)
    assert isinstance(outcome, Eof)
    assert quiet.crash_info() == "exited with status 5"


def test_memory_limit_ends_the_group(transports) -> None:
    code = """
        import sys, time
        sys.stdin.readline()
        hoard = []
        while len(hoard) < 256:
            hoard.append(b"\\x01" * (1 << 20))
        time.sleep(30)
    """
    hog = transports(code, memory=64 << 20)
    started = time.monotonic()
    outcome = hog.exchange(b"go\n", 20.0)
    assert isinstance(outcome, OverLimit) and outcome.kind == "memory_limit", outcome
    assert time.monotonic() - started < 10
    assert hog.popen.returncode == -9  # ended by the transport, not by itself


def test_cpu_limit_counts_from_the_request_not_from_the_process_start(transports) -> None:
    """A process that burned CPU before the request (at startup) is not charged for it; the
    request that spins is; and the handshake-style wait without the CPU check passes."""
    code = """
        import sys, time
        def spin(seconds):
            start = time.process_time()
            while time.process_time() - start < seconds:
                pass
        spin(0.6)
        for line in sys.stdin:
            spin(0.1 if line.startswith("light") else 100)
            print("done", flush=True)
    """
    spinner = transports(code, cpu=0.4)
    assert isinstance(spinner.exchange(b"light\n", 10.0, limit_cpu=False), Line)
    assert isinstance(spinner.exchange(b"light\n", 10.0), Line)  # 0.1 s, after 0.7 s in all
    outcome = spinner.exchange(b"heavy\n", 10.0)
    assert isinstance(outcome, OverLimit) and outcome.kind == "cpu_limit", outcome
    assert "over the limit of 0.4 s" in outcome.message


def test_group_meter_sums_the_processes_of_the_group() -> None:
    code = """
        import subprocess, sys, time
        hold = "import time\\nx = b'1' * (40 << 20)\\ntime.sleep(30)"
        child = subprocess.Popen([sys.executable, "-c", hold])
        print("started", flush=True)
        time.sleep(30)
    """
    transport = Transport(python(code), Limits(memory=1 << 40))
    try:
        meter = resources.GroupMeter(transport.pid)
        assert isinstance(transport.receive(1, 10.0), list)
        meter.mark()
        deadline = time.monotonic() + 10
        sample = meter.sample()
        while sample.rss < 40 << 20 and time.monotonic() < deadline:
            time.sleep(0.05)
            sample = meter.sample()
        assert sample.processes == 2 and sample.rss >= 40 << 20
        assert 0 <= sample.cpu < 5
        meter.close()
    finally:
        transport.kill()


_PRINT_ENVIRONMENT = "import json, os; print(json.dumps(sorted(os.environ)))"


def _names_seen(environment: CandidateEnvironment) -> list[str]:
    process = spawn([sys.executable, "-c", _PRINT_ENVIRONMENT], environment.variables())
    out, _err = process.communicate(timeout=30)
    return json.loads(out)


def test_a_cleared_environment_holds_path_and_the_variables_passed_alone(monkeypatch) -> None:
    """--env-clear: the candidate sees PATH and what --env-pass names, not the runner's other
    variables (a token in the caller's environment stays out); by default it sees them all."""
    monkeypatch.setenv("OASIS_SI_SECRET_TOKEN", "s3cret")
    monkeypatch.setenv("OASIS_SI_PASSED", "yes")
    cleared = CandidateEnvironment(True, ("OASIS_SI_PASSED", "OASIS_SI_NOT_SET"))
    seen = [name for name in _names_seen(cleared) if name != "LC_CTYPE"]  # set by CPython
    assert seen == ["OASIS_SI_PASSED", "PATH"]
    assert cleared.to_json() == {"cleared": True, "passed": ["OASIS_SI_PASSED", "PATH"]}
    assert "OASIS_SI_SECRET_TOKEN" in _names_seen(CandidateEnvironment())
    assert CandidateEnvironment().to_json() == {"cleared": False, "passed": []}


#: A candidate that double-forks a daemon into a session of its own, keeping the candidate's
#: stdout and stderr open, prints the daemon's pid, answers one line and exits.
DAEMONIZING = """
import os, sys, time
reader, writer = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    os.write(writer, str(os.getpid()).encode())
    time.sleep(60)
    os._exit(0)
os.wait()
print(os.read(reader, 32).decode(), flush=True)
sys.stdin.readline()
"""


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def _daemon_of(transport: Transport) -> int:
    line = transport.exchange(b"", 30.0)
    assert isinstance(line, Line), line
    return int(line.data)


def test_finish_does_not_wait_for_a_daemon_that_keeps_the_pipes_open() -> None:
    """The process exits at the end of its input while its daemon keeps stdout open: finish
    returns then (one exit grace per one-shot request would be lost otherwise), not when the
    daemon lets the pipes go; it leaves the daemon running outside any guard."""
    transport = Transport([sys.executable, "-c", DAEMONIZING], Limits(exit_grace=120.0))
    daemon = _daemon_of(transport)
    try:
        info = transport.finish()
        assert info.returncode == 0 and not info.killed
        assert _running(daemon)  # finish returned before the daemon closed the pipes
    finally:
        os.kill(daemon, signal.SIGKILL)


def test_daemons_are_ended_once_no_live_candidate_process_can_have_started_them() -> None:
    """Under the guard (a child subreaper), a candidate's daemon is adopted by the command; a
    process that ends ends the adopted daemons that started before every live candidate
    process (transport.end_escaped): not one that a live process may have started."""
    from oasis_si_conformance.running import interrupts
    from oasis_si_conformance.running.transport import end_escaped

    with interrupts.guarded():
        first = Transport([sys.executable, "-c", DAEMONIZING], Limits())
        daemon = _daemon_of(first)
        time.sleep(0.05)  # start times are in clock ticks: later's is to be after the daemon's
        later = Transport([sys.executable, "-c", ECHO], Limits())
        try:
            end_escaped()  # first (live) started before the daemon: it is spared
            assert _running(daemon)
            first.kill()  # later started after the daemon: it cannot be later's
            for _ in range(500):
                if not _running(daemon):
                    break
                time.sleep(0.01)
            assert not _running(daemon)
        finally:
            later.kill()
            first.kill()


@pytest.mark.parametrize("argv", [["/no/such/evaluator"], ["/no/such/evaluator", "--serve"]])
def test_a_command_that_cannot_start_is_a_setup_error_naming_it(argv: list[str]) -> None:
    with pytest.raises(SetupError, match="cannot start candidate '/no/such/evaluator': "):
        spawn(argv)


def test_a_blank_line_before_the_first_answer_is_no_part_of_it(transports) -> None:
    """The newline at the very first byte of the output ends a blank line of its own."""
    blank_first = transports(
        'import sys\nsys.stdin.readline()\nsys.stdout.write(\'\\n{"a": 1}\\n\')\n'
        "sys.stdout.flush()\n"
    )
    blank_first.send(b'{"id": 1}\n')
    assert receive_all(blank_first, 1, 5.0) == [b'{"a": 1}']


def test_a_member_whose_stat_cannot_be_read_or_left_the_group_is_forgotten(tmp_path) -> None:
    """GroupMeter._read: a stat that does not parse, or a process of another group, gives
    None and the member's descriptor is dropped; this process's own stat, read as a member
    of its own group, is kept."""
    import os

    meter = resources.GroupMeter(os.getpgrp())
    garbage = tmp_path / "stat"
    garbage.write_bytes(b"not a stat line")
    meter._fds[-1] = os.open(garbage, os.O_RDONLY)
    assert meter._read(-1) is None and -1 not in meter._fds
    stranger = resources.GroupMeter(os.getpgrp() + 1_000_000)  # no such group
    stranger._open(os.getpid())
    assert stranger._read(os.getpid()) is None and os.getpid() not in stranger._fds
    meter._open(os.getpid())
    own = meter._read(os.getpid())
    assert own is not None and own.pgrp == os.getpgrp()
    meter.close()
    stranger.close()
