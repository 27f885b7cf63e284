"""The candidate transport: one process, its three pipes, and the one poll loop serving them.

Every byte the kit exchanges with a candidate goes through a `Transport`: the sessions
(session.py) of the runner and the fuzzer send requests one at a time or pipelined (`send`,
then `receive`; `exchange` is both for one line); all go through the same loop with the same
limits (`Limits`).

- The candidate is an argument vector started with `subprocess.Popen` (never a shell) in a new
  session, so that `os.killpg` ends it and everything it spawned.
- Its pipes are non-blocking. One `poll` loop writes the queued request bytes as stdin takes
  them, reads stdout into lines, and drains stderr into a head-and-tail excerpt. No pipe is
  ever left full while the runner waits on another, so a candidate that floods stderr (or
  stdout) cannot deadlock the runner. Between calls a candidate that writes stderr blocks at
  worst until the next call drains it.
- A stdout line longer than `max_line` is an `Overlong` outcome (the buffer never holds much
  more); a candidate that closes stdout is an `Eof` (then `crash_info` says how it ended); no
  line within the wait is a `Timeout`.
- With `memory` or `cpu` set, the loop samples the process group while a request is in flight
  (resources.py) and ends the group at once when a limit is exceeded: an `OverLimit` outcome.
- `finish` closes stdin, gives the process `exit_grace` seconds to exit (draining its output:
  once it has exited, what its pipes hold, without waiting for a descendant that keeps them
  open), then ends the group; `kill` ends it at once; `signal_group` sends the group a signal
  (the sessions' stop: SIGTERM, then SIGKILL).
- As each process ends, the daemons that left a candidate's group and no live candidate
  process can have started are ended (interrupts.end_adopted, under the command's guard).

Outcomes are values, never exceptions: what a misbehaviour means (a failed vector, a
divergence, a failed handshake) is for the caller to say.
"""

import math
import os
import select
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeAlias

import attrs

from oasis_si_conformance.output import describe_size
from oasis_si_conformance.running import interrupts, protocol, resources

READ_SIZE: Final = 1 << 18
#: Seconds between checks that a process has exited while its pipes stay open (`finish`).
EXIT_CHECK: Final = 0.01
#: Reads of what the pipes still hold once the process has exited (a descendant may write on).
_LAST_READS: Final = 64
_POLLIN: Final = select.POLLIN | select.POLLPRI | select.POLLHUP | select.POLLERR


class SetupError(Exception):
    """The candidate command cannot be started at all."""


@attrs.frozen
class Limits:
    """Every limit on a candidate, for the runner and the fuzzer alike."""

    timeout: float = 10.0  # seconds per request
    startup_timeout: float = 30.0  # seconds for the handshake of a new process
    exit_grace: float = 2.0  # seconds a process has to exit after EOF on stdin
    max_line: int = 8 * 1024 * 1024  # bytes in one stdout line
    stderr_keep: int = 4096  # bytes of stderr kept at each end
    memory: int | None = None  # bytes of resident memory of the process group (None: no limit)
    cpu: float | None = None  # CPU seconds of the process group per request (None: no limit)

    @property
    def metered(self) -> bool:
        """Whether the process group must be sampled (a resource limit is set)."""
        return self.memory is not None or self.cpu is not None


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
            marker = f"\n... [{omitted} bytes of stderr omitted] ...\n".encode()
            data = self.head + marker + self.tail
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


# Outcomes -----------------------------------------------------------------------------------


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
class OverLimit:
    """A resource limit was exceeded; the process group has been ended."""

    kind: str  # memory_limit or cpu_limit (model.PROCESS_KINDS)
    message: str


#: What a wait for lines ends in, when it does not end in lines.
Failed: TypeAlias = Timeout | Eof | Overlong | OverLimit


@attrs.frozen
class ExitInfo:
    returncode: int | None
    trailing: bytes  # non-blank stdout left unread at exit
    killed: bool  # still running after the grace period


@attrs.frozen
class CandidateEnvironment:
    """The environment a candidate process gets: by default the runner's own, whole (the
    candidate runs as the user, unsandboxed: README, *What a candidate can reach*); with
    `clear`, only PATH (to find its programs) and the variables named in `passed` that are
    set. The report records the names, never the values."""

    clear: bool = False
    passed: tuple[str, ...] = ()

    #: What a cleared environment keeps.
    KEPT: ClassVar[tuple[str, ...]] = ("PATH",)

    def variables(self) -> dict[str, str] | None:
        """The environment to start the candidate with; None: the runner's own."""
        if not self.clear:
            return None
        wanted = (*self.KEPT, *self.passed)
        return {name: os.environ[name] for name in wanted if name in os.environ}

    def names(self) -> list[str]:
        """The names of the variables the candidate gets, sorted (every one, uncleared)."""
        variables = self.variables()
        return sorted(os.environ if variables is None else variables)

    def to_json(self) -> dict[str, Any]:
        return {"cleared": self.clear, "passed": self.names() if self.clear else []}


#: The pids of the candidate processes of this process not yet reaped (every Transport's), and
#: the lock that makes starting one and registering it one step for `end_escaped`.
_live_pids: set[int] = set()
_registry = threading.Lock()


def spawn(argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start a candidate: an argument vector, never a shell, in its own process group (so a
    timeout kills it with everything it started), with all three standard streams piped;
    `env`: its environment (None: the runner's). Registered as a live candidate process until
    `_unregister`."""
    try:
        with _registry:
            popen = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                close_fds=True,
                env=env,
            )
            _live_pids.add(popen.pid)
            return popen
    except OSError as error:
        raise SetupError(f"cannot start candidate {argv[0]!r}: {error}") from None


def _unregister(pid: int) -> None:
    with _registry:
        _live_pids.discard(pid)


def end_escaped() -> None:
    """End the daemons candidates left that no live candidate process can have started
    (interrupts.end_adopted; only under the command's guard)."""
    with _registry:
        interrupts.end_adopted(set(_live_pids))


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


def _processes(count: int) -> str:
    return f"{count} process" + ("" if count == 1 else "es")


# The transport ------------------------------------------------------------------------------


class Transport:
    """One candidate process, its pipes, and the poll loop that serves them."""

    def __init__(
        self,
        argv: list[str],
        limits: Limits,
        log: StderrLog | None = None,
        on_end: Callable[["Transport"], None] | None = None,
        environment: CandidateEnvironment | None = None,
    ) -> None:
        self.limits = limits
        self.log = log
        self.on_end = on_end
        self.popen = spawn(argv, (environment or CandidateEnvironment()).variables())
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self._in: int | None = self.popen.stdin.fileno()
        self._out = self.popen.stdout.fileno()
        self._err = self.popen.stderr.fileno()
        for fd in (self._in, self._out, self._err):
            os.set_blocking(fd, False)
        self._poll = select.poll()
        self._poll.register(self._out, _POLLIN)
        self._poll.register(self._err, _POLLIN)
        self._outbound: deque[memoryview] = deque()
        self._writing = False  # stdin registered for POLLOUT
        self._close_when_written = False
        self._buffer = bytearray()
        self._scanned = 0  # bytes of _buffer known to hold no newline
        self._out_eof = False
        self._err_eof = False
        self.stderr = StderrTail(limits.stderr_keep)
        self._closed = False
        self._owed = 0  # requests sent and not yet answered
        self._meter = resources.GroupMeter(self.popen.pid) if limits.metered else None
        self._next_sample = 0.0

    @property
    def pid(self) -> int:
        return self.popen.pid

    @property
    def unwritten(self) -> bool:
        """Whether request bytes are still queued (an answer now came before its request was
        read whole)."""
        return bool(self._outbound)

    # Writing ------------------------------------------------------------------------------

    def send(self, data: bytes, close_stdin: bool = False, write: bool = True) -> None:
        """Queue one request line (written as the pipe takes it; stdin is closed once it is
        written when `close_stdin`). `write=False`: only queued, until a later send writes or
        `write_queued` is called (several lines in one write)."""
        if data:
            if self._owed == 0:
                self._request_starts()
            self._owed += 1
            self._outbound.append(memoryview(data))
        self._close_when_written = self._close_when_written or close_stdin
        if write:
            self.write_queued()

    def write_queued(self) -> None:
        """Write what `send` queued, the lines queued together in one write (as much as the
        pipe takes; the rest as it drains)."""
        if len(self._outbound) > 1:
            joined = memoryview(b"".join(self._outbound))
            self._outbound.clear()
            self._outbound.append(joined)
        self._flush()

    def _flush(self) -> None:
        while self._outbound and self._in is not None:
            head = self._outbound[0]
            try:
                written = os.write(self._in, head)
            except BlockingIOError:
                written = 0
            except OSError:  # the candidate closed stdin: what is queued is dropped
                self._outbound.clear()
                self._close_stdin()
                return
            if written < len(head):
                self._outbound[0] = head[written:]
                break
            self._outbound.popleft()
        wants = bool(self._outbound) and self._in is not None
        if wants and not self._writing:
            self._poll.register(self._in, select.POLLOUT)  # type: ignore[arg-type]
        elif not wants and self._writing and self._in is not None:
            self._poll.unregister(self._in)
        self._writing = wants
        if not self._outbound and self._close_when_written:
            self._close_stdin()

    def _close_stdin(self) -> None:
        if self._in is None:
            return
        if self._writing:
            try:
                self._poll.unregister(self._in)
            except KeyError:
                pass
            self._writing = False
        try:
            self.popen.stdin.close()  # type: ignore[union-attr]
        except OSError:
            pass
        self._in = None

    # Reading ------------------------------------------------------------------------------

    def _read(self, fd: int) -> None:
        try:
            data = os.read(fd, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if fd == self._out:
            if data:
                if len(self._buffer) <= self.limits.max_line:  # beyond: an overlong line
                    self._buffer += data
            else:
                self._out_eof = True
                self._poll.unregister(fd)
        elif data:
            self.stderr.feed(data)
        else:
            self._err_eof = True
            self._poll.unregister(fd)

    def _take_lines(self, most: int) -> list[bytes] | Overlong:
        """Up to `most` non-blank stdout lines already read (perhaps none), or an Overlong
        when the next line exceeds the cap (reported after the lines before it)."""
        buffer, cap, excerpt = self._buffer, self.limits.max_line, protocol.EXCERPT_BYTES
        lines: list[bytes] = []
        start = 0
        scanned = self._scanned
        overlong: Overlong | None = None
        while len(lines) < most:
            index = buffer.find(b"\n", max(start, scanned))
            if index < 0:
                scanned = len(buffer)
                if scanned - start > cap:
                    overlong = Overlong(bytes(buffer[start : start + excerpt]), scanned - start)
                break
            if index - start > cap:
                overlong = Overlong(bytes(buffer[start : start + excerpt]), index - start)
                break
            line = bytes(buffer[start:index])
            if line.strip():
                lines.append(line)
            start = scanned = index + 1
        if start:
            del buffer[:start]
        self._scanned = scanned - start
        if lines:
            self._answered(len(lines))
            return lines
        return overlong if overlong is not None else lines

    # The loop -----------------------------------------------------------------------------

    def _pump(self, most: int, timeout: float, limit_cpu: bool) -> list[bytes] | Failed:
        """Serve the pipes until at least one stdout line is there (up to `most` are taken),
        stdout closes, a limit is exceeded, or `timeout` seconds pass."""
        deadline = time.monotonic() + timeout
        meter = self._meter
        while True:
            taken = self._take_lines(most)
            if taken:
                return taken
            if self._out_eof:
                return Eof(bytes(self._buffer))
            now = time.monotonic()
            remaining = deadline - now
            if remaining <= 0:
                return Timeout()
            if meter is not None:
                if now >= self._next_sample:
                    over = self._check(limit_cpu)
                    if over is not None:
                        return over
                    self._next_sample = now + resources.SAMPLE_INTERVAL
                remaining = min(remaining, max(0.0, self._next_sample - now))
            for fd, _event in self._poll.poll(max(1, math.ceil(remaining * 1000))):
                if fd == self._in:
                    self._flush()
                else:
                    self._read(fd)

    def exchange(
        self, data: bytes, timeout: float, close_stdin: bool = False, limit_cpu: bool = True
    ) -> Line | Failed:
        """One at a time: send `data` (if any) and wait for one stdout line."""
        self.send(data, close_stdin)
        outcome = self._pump(1, timeout, limit_cpu)
        if isinstance(outcome, list):
            return Line(outcome[0], desync=bool(self._outbound))
        return outcome

    def receive(self, most: int, timeout: float, limit_cpu: bool = True) -> list[bytes] | Failed:
        """Pipelined: up to `most` lines, waiting at most `timeout` seconds for the first."""
        return self._pump(most, timeout, limit_cpu)

    # Resource limits ----------------------------------------------------------------------

    def _request_starts(self) -> None:
        """The candidate starts on a request: the CPU baseline, and a sample one interval on."""
        if self._meter is not None:
            if self.limits.cpu is not None:
                self._meter.mark()
            self._next_sample = time.monotonic() + resources.SAMPLE_INTERVAL

    def _answered(self, count: int) -> None:
        self._owed = max(0, self._owed - count)
        if self._owed and self._meter is not None and self.limits.cpu is not None:
            self._meter.mark()  # pipelined: the CPU from here on is the next request's

    def _check(self, limit_cpu: bool) -> OverLimit | None:
        """Sample the group; end it and say why when it is over a limit."""
        assert self._meter is not None
        if self._closed:
            return None
        sample = self._meter.sample()
        memory, cpu = self.limits.memory, self.limits.cpu
        if memory is not None and sample.rss > memory:
            self.kill()
            group = f"the candidate's process group ({_processes(sample.processes)})"
            return OverLimit(
                "memory_limit",
                f"resident memory of {group} reached {describe_size(sample.rss)}, "
                f"over the limit of {describe_size(memory)}; process group killed",
            )
        if limit_cpu and cpu is not None and sample.cpu > cpu:
            self.kill()
            return OverLimit(
                "cpu_limit",
                f"the request used {sample.cpu:.2f} s of CPU, over the limit of {cpu:g} s; "
                "process group killed",
            )
        return None

    # Ending -------------------------------------------------------------------------------

    def _exited(self) -> bool:
        """Has the process exited? Does not reap it, so its group id stays reserved."""
        try:
            return os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def _serve_once(self, timeout: float) -> bool:
        """One poll of the pipes (up to `timeout` seconds); whether any was ready."""
        ready = self._poll.poll(max(0, math.ceil(timeout * 1000)))
        for fd, _event in ready:
            if fd == self._in:
                self._flush()
            else:
                self._read(fd)
        return bool(ready)

    def _wait_exit(self, deadline: float) -> bool:
        """Drain output until the process exits (then what its pipes already hold, not waiting
        for a descendant that keeps them open) or the deadline; whether it exited."""
        while not (self._out_eof and self._err_eof):
            if self._exited():
                for _ in range(_LAST_READS):
                    if self._out_eof and self._err_eof or not self._serve_once(0):
                        break
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            self._serve_once(max(0.001, min(remaining, EXIT_CHECK)))
        while not self._exited() and time.monotonic() < deadline:
            time.sleep(0.005)
        return self._exited()

    def finish(self, grace: float | None = None) -> ExitInfo:
        """Close stdin (dropping what is still queued), let the process exit (draining its
        output), then end its group."""
        grace = self.limits.exit_grace if grace is None else grace
        self._outbound.clear()
        self._close_stdin()
        exited = self._wait_exit(time.monotonic() + grace)
        trailing = bytes(self._buffer).strip()
        self._end()
        return ExitInfo(self.popen.returncode, trailing, not exited)

    def kill(self) -> int | None:
        """End the process group at once."""
        self._end()
        return self.popen.returncode

    def signal_group(self, signum: int) -> None:
        """Send the process group `signum`, unless it was ended already."""
        if not self._closed:
            try:
                os.killpg(self.pid, signum)
            except (ProcessLookupError, PermissionError):
                pass

    @property
    def exited(self) -> bool:
        """Whether the process has exited (or was ended)."""
        return self._closed or self._exited()

    def crash_info(self, wait: float = 1.0) -> str:
        """After stdout closed: how the process ended (waits a little for it to exit)."""
        exited = self._wait_exit(time.monotonic() + wait)
        self._end()
        if not exited:
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
        self._outbound.clear()
        self._close_stdin()
        for stream in (self.popen.stdout, self.popen.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass
        self.popen.wait()
        _unregister(self.pid)
        end_escaped()
        if self._meter is not None:
            self._meter.close()
        if self.log is not None:
            self.log.add(self.stderr)
        if self.on_end is not None:
            self.on_end(self)
