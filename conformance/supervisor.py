"""Process supervision: spawn the candidate, exchange lines, time out, kill, restart.

The candidate is an argument vector started with `subprocess.Popen` (never a shell) in a new
session, so that `os.killpg` ends it and everything it spawned. Its three pipes are
non-blocking and served by one `poll` loop per exchange: the request is written, stdout is
read up to a newline, and stderr is drained in the same loop. Draining stderr while writing
and reading is what keeps a candidate that floods stderr (or stdout) from deadlocking the
runner: no pipe is ever left full while the runner waits on another. Between exchanges a
candidate that writes stderr blocks at worst until the next exchange drains it.

Limits: a per-request timeout, a startup timeout for the handshake, a cap on the length of one
stdout line, and a cap on the stderr kept (head and tail; the total byte count is kept too).

`StreamingSession` keeps one process for a sequence of requests and restarts it (with a new
handshake) after a crash, a timeout or an over-long line; `OneShotSession` runs one process per
request. Both turn every outcome into an `Observation`; neither raises on a candidate's
misbehaviour, except at the handshake that starts a run (HandshakeError).
"""

import math
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Final

import attrs

from . import protocol
from .model import ANSWER, Observation
from .protocol import HandshakeError, Hello, Violation

READ_SIZE: Final = 1 << 18
_POLLIN: Final = select.POLLIN | select.POLLPRI | select.POLLHUP | select.POLLERR


class SetupError(Exception):
    """The candidate command cannot be started at all."""


@attrs.frozen
class Limits:
    timeout: float = 10.0  # seconds per request
    startup_timeout: float = 30.0  # seconds for the handshake of a new process
    exit_grace: float = 2.0  # seconds a process has to exit after EOF on stdin
    max_line: int = 8 * 1024 * 1024  # bytes in one stdout line
    stderr_keep: int = 4096  # bytes of stderr kept at each end


class StderrTail:
    """The head and tail of a byte stream, and its total length."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.total = 0
        self.head = b""
        self.tail = b""

    def feed(self, data: bytes) -> None:
        self.total += len(data)
        if len(self.head) < self.keep:
            self.head += data[: self.keep - len(self.head)]
        self.tail = (self.tail + data)[-self.keep :]

    def render(self) -> str:
        if self.total <= len(self.head):
            data = self.head
        elif self.total <= 2 * self.keep:
            data = self.head + self.tail[len(self.tail) - (self.total - len(self.head)) :]
        else:
            omitted = self.total - len(self.head) - len(self.tail)
            data = self.head + f"\n... [{omitted} bytes of stderr omitted] ...\n".encode() + self.tail
        return data.decode("utf-8", errors="backslashreplace")


class StderrLog:
    """stderr over a whole run, shared by every process: total bytes, and the excerpt of the
    first process that wrote any."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.total = 0
        self.processes = 0
        self.excerpt = ""

    def add(self, tail: StderrTail) -> None:
        with self._lock:
            self.total += tail.total
            self.processes += 1
            if tail.total and not self.excerpt:
                self.excerpt = tail.render()


# One process --------------------------------------------------------------------------------


@attrs.frozen
class Line:
    data: bytes
    desync: bool = False  # the candidate answered before reading the whole request


@attrs.frozen
class Timeout:
    pass


@attrs.frozen
class Eof:
    partial: bytes  # stdout bytes after the last newline


@attrs.frozen
class Overlong:
    head: bytes
    size: int


@attrs.frozen
class ExitInfo:
    returncode: int | None
    trailing: bytes  # non-blank stdout left unread at exit
    killed: bool  # still running after the grace period


def spawn(argv: list[str]) -> subprocess.Popen:
    """Start a candidate: an argument vector, never a shell, in its own process group (so a
    timeout kills it with everything it started), with all three standard streams piped."""
    try:
        return subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            close_fds=True,
        )
    except OSError as error:
        raise SetupError(f"cannot start candidate {argv[0]!r}: {error}") from None


def nonblocking_pipes(popen: subprocess.Popen) -> tuple[int, int, int, select.poll]:
    """The candidate's stdin, stdout and stderr descriptors, set non-blocking, and a poll
    object watching stdout and stderr for input."""
    assert popen.stdin and popen.stdout and popen.stderr
    fds = (popen.stdin.fileno(), popen.stdout.fileno(), popen.stderr.fileno())
    for fd in fds:
        os.set_blocking(fd, False)
    poll = select.poll()
    poll.register(fds[1], _POLLIN)
    poll.register(fds[2], _POLLIN)
    return (*fds, poll)


class Process:
    """One candidate process and its pipes."""

    def __init__(
        self, argv: list[str], limits: Limits, log: StderrLog | None = None, on_end: Callable[["Process"], None] | None = None
    ) -> None:
        self.limits = limits
        self.log = log
        self.on_end = on_end
        self.popen = spawn(argv)
        self._in: int | None
        self._in, self._out, self._err, self._poll = nonblocking_pipes(self.popen)
        self._buffer = bytearray()
        self._scanned = 0  # bytes of _buffer known to hold no newline
        self._out_eof = False
        self._err_eof = False
        self.stderr = StderrTail(limits.stderr_keep)
        self._closed = False

    @property
    def pid(self) -> int:
        return self.popen.pid

    # I/O ----------------------------------------------------------------------------------

    def _write(self, pending: memoryview) -> memoryview | None:
        """Write what the pipe takes; the rest, or None when the candidate closed stdin."""
        if self._in is None:
            return None
        try:
            written = os.write(self._in, pending)
        except BlockingIOError:
            written = 0
        except (BrokenPipeError, OSError):
            self._close_stdin()
            return None
        return pending[written:]

    def _close_stdin(self) -> None:
        if self._in is not None:
            try:
                self._poll.unregister(self._in)
            except KeyError:
                pass
            try:
                self.popen.stdin.close()  # type: ignore[union-attr]
            except OSError:
                pass
            self._in = None

    def _read(self, fd: int) -> None:
        try:
            data = os.read(fd, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if fd == self._out:
            if data:
                if len(self._buffer) <= self.limits.max_line:  # beyond: an overlong line or a flood
                    self._buffer += data
            else:
                self._out_eof = True
                self._poll.unregister(fd)
        elif data:
            self.stderr.feed(data)
        else:
            self._err_eof = True
            self._poll.unregister(fd)

    def _take_line(self) -> bytes | Overlong | None:
        """The next non-blank line of stdout, an Overlong, or None if no full line yet."""
        while True:
            index = self._buffer.find(b"\n", self._scanned)
            if index < 0:
                self._scanned = len(self._buffer)
                if len(self._buffer) > self.limits.max_line:
                    return Overlong(bytes(self._buffer[: protocol.EXCERPT_BYTES]), len(self._buffer))
                return None
            if index > self.limits.max_line:
                return Overlong(bytes(self._buffer[: protocol.EXCERPT_BYTES]), index)
            line = bytes(self._buffer[:index])
            del self._buffer[: index + 1]
            self._scanned = 0
            if line.strip():
                return line

    def exchange(self, data: bytes, timeout: float, close_stdin: bool = False) -> Line | Timeout | Eof | Overlong:
        """Send `data` and wait for one stdout line, draining stderr meanwhile."""
        deadline = time.monotonic() + timeout
        pending = self._write(memoryview(data))
        writing = bool(pending)
        if writing:
            self._poll.register(self._in, select.POLLOUT)  # type: ignore[arg-type]
        elif close_stdin:
            self._close_stdin()
        while True:
            taken = self._take_line()
            if isinstance(taken, Overlong):
                return taken
            if taken is not None:
                return Line(taken, desync=bool(pending))
            if self._out_eof:
                return Eof(bytes(self._buffer))
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Timeout()
            for fd, _event in self._poll.poll(max(1, math.ceil(remaining * 1000))):
                if fd == self._in:
                    pending = self._write(pending)  # type: ignore[arg-type]
                    if not pending:
                        if self._in is not None:
                            self._poll.unregister(self._in)
                        if close_stdin:
                            self._close_stdin()
                else:
                    self._read(fd)

    def _exited(self) -> bool:
        """Has the process exited? Does not reap it, so its group id stays reserved."""
        try:
            return os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def _drain_until(self, deadline: float) -> None:
        while not (self._out_eof and self._err_eof):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            for fd, _event in self._poll.poll(max(1, math.ceil(remaining * 1000))):
                self._read(fd)

    def finish(self, grace: float | None = None) -> ExitInfo:
        """Close stdin, let the process exit (draining its output), then end its group."""
        grace = self.limits.exit_grace if grace is None else grace
        self._close_stdin()
        deadline = time.monotonic() + grace
        self._drain_until(deadline)
        while not self._exited() and time.monotonic() < deadline:
            time.sleep(0.005)
        killed = not self._exited()
        trailing = bytes(self._buffer).strip()
        self._end()
        return ExitInfo(self.popen.returncode, trailing, killed)

    def kill(self) -> int | None:
        """End the process group at once."""
        self._end()
        return self.popen.returncode

    def crash_info(self, wait: float = 1.0) -> str:
        """After stdout closed: how the process ended (waits a little for it to exit)."""
        deadline = time.monotonic() + wait
        self._drain_until(deadline)
        while not self._exited() and time.monotonic() < deadline:
            time.sleep(0.005)
        running = not self._exited()
        self._end()
        if running:
            return "closed stdout but kept running (killed)"
        return describe_exit(self.popen.returncode)

    def _end(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._close_stdin()
        for stream in (self.popen.stdout, self.popen.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass
        self.popen.wait()
        if self.log is not None:
            self.log.add(self.stderr)
        if self.on_end is not None:
            self.on_end(self)


def describe_exit(returncode: int | None) -> str:
    if returncode is None:
        return "still running"
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = str(-returncode)
        return f"killed by signal {name}"
    return f"exited with status {returncode}"


# Sessions -----------------------------------------------------------------------------------


class RestartBudget:
    """How many unplanned restarts the whole run may still spend (shared by workers)."""

    def __init__(self, limit: int) -> None:
        self._lock = threading.Lock()
        self.limit = limit
        self.spent = 0

    def spend(self) -> bool:
        with self._lock:
            if self.spent >= self.limit:
                return False
            self.spent += 1
            return True

    @property
    def exhausted(self) -> bool:
        with self._lock:
            return self.spent >= self.limit


@attrs.define
class Candidate:
    """How to start the candidate, and what every process of it shares."""

    argv: list[str]
    limits: Limits = attrs.Factory(Limits)
    log: StderrLog = attrs.Factory(StderrLog)
    warnings: list[str] = attrs.Factory(list)
    spawned: int = 0
    _live: set[Process] = attrs.field(factory=set, repr=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, repr=False)

    def warn(self, message: str) -> None:
        with self._lock:
            if message not in self.warnings:
                self.warnings.append(message)

    def spawn(self) -> Process:
        process = Process(self.argv, self.limits, self.log, on_end=self._forget)
        with self._lock:
            self.spawned += 1
            self._live.add(process)
        return process

    def _forget(self, process: Process) -> None:
        with self._lock:
            self._live.discard(process)

    def kill_all(self) -> None:
        """End every live process group (on interruption)."""
        with self._lock:
            live = list(self._live)
        for process in live:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def _handshake_failure(process: Process, what: str) -> HandshakeError:
    stderr = process.stderr.render()
    detail = f"{what}" + (f"\n--- candidate stderr ---\n{stderr}" if stderr else "")
    return HandshakeError(detail)


def handshake(process: Process, timeout: float, close_stdin: bool = False) -> Hello:
    """Send hello on a new process and read its declaration. Raises HandshakeError (the
    process is ended then)."""
    outcome = process.exchange(protocol.hello_line(), timeout, close_stdin=close_stdin)
    if isinstance(outcome, Line):
        try:
            return protocol.parse_hello(outcome.data)
        except HandshakeError as error:
            process.kill()
            raise _handshake_failure(process, f"invalid handshake: {error}") from None
    if isinstance(outcome, Timeout):
        process.kill()
        raise _handshake_failure(process, f"no answer to hello within {timeout:g} s")
    if isinstance(outcome, Overlong):
        process.kill()
        raise _handshake_failure(process, f"handshake line longer than {process.limits.max_line} bytes")
    how = process.crash_info()
    partial = f"; partial output: {protocol.excerpt(outcome.partial)!r}" if outcome.partial else ""
    raise _handshake_failure(process, f"the candidate closed stdout before answering hello ({how}){partial}")


def _observe(checked: protocol.Answer | Violation) -> Observation:
    if isinstance(checked, Violation):
        return Observation(checked.kind, message=checked.message, excerpt=checked.excerpt)
    return Observation(ANSWER, result=checked.result)


def _answer(line: Line, request_id: int, op: str) -> Observation:
    return _observe(protocol.check_response(line.data, request_id, op))


class StreamingSession:
    """One long-lived process serving a sequence of requests; restarted after a failure."""

    def __init__(self, candidate: Candidate, budget: RestartBudget, declared: Hello) -> None:
        self.candidate = candidate
        self.budget = budget
        self.declared = declared
        self.process: Process | None = None
        self._needs_restart = False
        self._sent: set[int] = set()  # ids sent to the current process

    def fresh(self, process: Process | None = None) -> None:
        """Begin a planned fresh process (not a restart): `process` when given (already past
        its handshake), else one started at the next request."""
        self.close()
        self.process = process
        self._needs_restart = False
        self._sent = set()

    def _check_declaration(self, hello: Hello) -> None:
        if hello != self.declared:
            self.candidate.warn(
                f"a new process declared {hello.raw} instead of {self.declared.raw}; the first declaration decides"
            )

    def _start(self) -> Observation | None:
        """Start a process (spending the restart budget after a failure); an Observation when
        that is not possible."""
        if self._needs_restart and not self.budget.spend():
            return Observation(
                "aborted", message=f"not run: the candidate was restarted {self.budget.limit} times (--max-restarts)"
            )
        try:
            process = self.candidate.spawn()
            hello = handshake(process, self.candidate.limits.startup_timeout)
        except (HandshakeError, SetupError) as error:
            self._needs_restart = True
            return Observation("startup", message=f"the candidate could not be (re)started: {error}")
        self._check_declaration(hello)
        self.process = process
        self._sent = set()
        return None

    def ask(self, request_id: int, op: str, line: bytes) -> Observation:
        if self.process is None:
            failed = self._start()
            if failed is not None:
                return failed
        process = self.process
        assert process is not None
        deadline = time.monotonic() + self.candidate.limits.timeout
        outcome = process.exchange(line, self.candidate.limits.timeout)
        self._sent.add(request_id)
        while isinstance(outcome, Line):
            if outcome.desync:
                self._fail_process(kill=True)
                return _answer(outcome, request_id, op)
            checked = protocol.check_response(outcome.data, request_id, op)
            if not (isinstance(checked, Violation) and checked.kind == "wrong_id" and checked.answered in self._sent):
                return _observe(checked)
            # A late answer to an earlier request of this process (which already failed, e.g.
            # on a stray stdout line): discarded, so one stray line does not shift every
            # later answer by one.
            self.candidate.warn("late answers to earlier requests were discarded (stray stdout lines put the stream out of step)")
            outcome = process.exchange(b"", max(0.0, deadline - time.monotonic()))
        if isinstance(outcome, Timeout):
            self._fail_process(kill=True)
            return Observation(
                "timeout",
                message=f"no answer within {self.candidate.limits.timeout:g} s; process group killed, candidate restarted",
                stderr=process.stderr.render(),
            )
        if isinstance(outcome, Overlong):
            self._fail_process(kill=True)
            return Observation(
                "line_too_long",
                message=f"output line of {outcome.size}+ bytes exceeds the cap of {self.candidate.limits.max_line}",
                excerpt=protocol.excerpt(outcome.head),
            )
        how = process.crash_info()
        self._fail_process(kill=False)
        return Observation(
            "crash",
            message=f"the candidate closed stdout mid-stream ({how}); restarted",
            excerpt=protocol.excerpt(outcome.partial),
            stderr=process.stderr.render(),
        )

    def _fail_process(self, kill: bool) -> None:
        if self.process is not None and kill:
            self.process.kill()
        self.process = None
        self._needs_restart = True

    def close(self) -> None:
        if self.process is None:
            return
        process, self.process = self.process, None
        info = process.finish()
        if info.trailing:
            self.candidate.warn(f"unsolicited stdout after the last response: {protocol.excerpt(info.trailing)!r}")
        if info.killed:
            self.candidate.warn(f"a process did not exit within {self.candidate.limits.exit_grace:g} s of EOF (killed)")


class OneShotSession:
    """One process per request (PROTOCOL.md, one-shot mode)."""

    def __init__(self, candidate: Candidate, budget: RestartBudget, declared: Hello) -> None:
        self.candidate = candidate
        self.declared = declared

    def fresh(self, process: Process | None = None) -> None:
        pass

    def ask(self, request_id: int, op: str, line: bytes) -> Observation:
        limits = self.candidate.limits
        try:
            process = self.candidate.spawn()
        except SetupError as error:
            return Observation("startup", message=str(error))
        outcome = process.exchange(line, limits.timeout, close_stdin=True)
        if isinstance(outcome, Timeout):
            process.kill()
            return Observation(
                "timeout", message=f"no answer within {limits.timeout:g} s; process group killed", stderr=process.stderr.render()
            )
        if isinstance(outcome, Overlong):
            process.kill()
            return Observation(
                "line_too_long",
                message=f"output line of {outcome.size}+ bytes exceeds the cap of {limits.max_line}",
                excerpt=protocol.excerpt(outcome.head),
            )
        if isinstance(outcome, Eof):
            how = process.crash_info()
            return Observation(
                "crash",
                message=f"the candidate exited without answering ({how})",
                excerpt=protocol.excerpt(outcome.partial),
                stderr=process.stderr.render(),
            )
        info = process.finish()
        if info.killed:
            self.candidate.warn(f"a one-shot process did not exit within {limits.exit_grace:g} s of EOF (killed)")
        observation = _answer(outcome, request_id, op)
        if observation.ok and info.trailing:
            return Observation(
                "extra_output",
                message="a one-shot process printed more than one response line",
                excerpt=protocol.excerpt(info.trailing),
            )
        return observation

    def close(self) -> None:
        pass


def first_handshake(candidate: Candidate, one_shot: bool) -> tuple[Hello, Process | None]:
    """The run's opening handshake. In streaming mode the process is kept (it serves the first
    batch of requests); in one-shot mode the handshake process receives hello and EOF."""
    process = candidate.spawn()
    hello = handshake(process, candidate.limits.startup_timeout, close_stdin=one_shot)
    if one_shot:
        info = process.finish()
        if info.trailing:
            process.kill()
            raise HandshakeError(f"one-shot handshake printed more than one line: {protocol.excerpt(info.trailing)!r}")
        return hello, None
    return hello, process
