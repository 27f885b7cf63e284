"""A pipelined streaming client: many requests in flight on one candidate process.

The runner's supervisor (conformance/supervisor.py) exchanges one request at a time, which
caps throughput at the candidate's round trip (about 450 requests/s against the reference).
Fuzzing needs more, so this client queues request lines, writes them as the pipe takes them,
and hands back response lines as they arrive, all from one `poll` loop that also drains
stderr (no pipe is ever left full while waiting on another, so neither side can deadlock).

It reuses the runner's pieces: `protocol` for the handshake and for checking every response
line, `supervisor.Limits` for its limits, `supervisor.StderrTail` for the stderr excerpt.
Merge note: this is the one piece of process I/O the fuzzer owns; it could become a
`supervisor.Process.pipeline` method.
"""

from __future__ import annotations

import math
import os
import select
import signal
import time
from collections import deque
from typing import Final

from .. import protocol
from ..supervisor import Limits, StderrTail, describe_exit, nonblocking_pipes, spawn

READ_SIZE: Final = 1 << 18


class Ended(Exception):
    """The process ended or misbehaved; `kind` is crash, timeout or line_too_long."""

    def __init__(self, kind: str, message: str, stderr: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.stderr = stderr


class PipelinedProcess:
    """One candidate process in streaming mode, with requests pipelined."""

    def __init__(self, argv: list[str], limits: Limits) -> None:
        self.limits = limits
        self.popen = spawn(argv)
        self._in: int | None
        self._in, self._out, self._err, self._poll = nonblocking_pipes(self.popen)
        self._outbound: deque[memoryview] = deque()
        self._writing = False
        self._buffer = bytearray()
        self._scanned = 0
        self._out_eof = False
        self.stderr = StderrTail(limits.stderr_keep)
        self._ended = False

    # Handshake ----------------------------------------------------------------------------

    def hello(self) -> protocol.Hello:
        """Send hello and parse the declaration (raises protocol.HandshakeError)."""
        self.send(protocol.hello_line())
        try:
            lines = self.receive(1, self.limits.startup_timeout)
        except Ended as error:
            raise protocol.HandshakeError(f"{error.message}; stderr: {self.stderr.render()!r}") from None
        return protocol.parse_hello(lines[0])

    # I/O ----------------------------------------------------------------------------------

    def send(self, line: bytes) -> None:
        """Queue one request line (written as the pipe takes it)."""
        self._outbound.append(memoryview(line))
        self._flush()

    def _flush(self) -> None:
        while self._outbound and self._in is not None:
            head = self._outbound[0]
            try:
                written = os.write(self._in, head)
            except BlockingIOError:
                written = 0
            except OSError:
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

    def _read(self, fd: int) -> None:
        try:
            data = os.read(fd, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._poll.unregister(fd)
            if fd == self._out:
                self._out_eof = True
        elif fd == self._out:
            self._buffer += data
        else:
            self.stderr.feed(data)

    def _lines(self, limit: int) -> list[bytes]:
        lines: list[bytes] = []
        while len(lines) < limit:
            index = self._buffer.find(b"\n", self._scanned)
            if index < 0:
                self._scanned = len(self._buffer)
                if len(self._buffer) > self.limits.max_line:
                    self.kill()
                    raise Ended("line_too_long", f"an output line exceeds {self.limits.max_line} bytes")
                break
            line = bytes(self._buffer[:index])
            del self._buffer[: index + 1]
            self._scanned = 0
            if line.strip():
                lines.append(line)
        return lines

    def poll(self, limit: int, wait: float) -> list[bytes]:
        """Up to `limit` response lines that have arrived, waiting at most `wait` seconds for
        the first. Raises Ended(crash) when stdout closes with responses owed."""
        lines = self._lines(limit)
        deadline = time.monotonic() + wait
        while not lines:
            if self._out_eof:
                raise Ended("crash", f"the candidate closed stdout mid-stream ({self._crash_info()})", self.stderr.render())
            remaining = deadline - time.monotonic()
            if remaining < 0:
                return lines
            for fd, _event in self._poll.poll(max(0, math.ceil(remaining * 1000))):
                if fd == self._in:
                    self._flush()
                else:
                    self._read(fd)
            lines = self._lines(limit)
        return lines

    def receive(self, count: int, timeout: float) -> list[bytes]:
        """Exactly `count` lines, each within `timeout` of the previous (Ended on timeout)."""
        lines: list[bytes] = []
        while len(lines) < count:
            got = self.poll(count - len(lines), timeout)
            if not got:
                self.kill()
                raise Ended("timeout", f"no answer within {timeout:g} s", self.stderr.render())
            lines += got
        return lines

    # Ending -------------------------------------------------------------------------------

    def _exited(self) -> bool:
        try:
            return os.waitid(os.P_PID, self.popen.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def _crash_info(self) -> str:
        deadline = time.monotonic() + 1.0
        while not self._exited() and time.monotonic() < deadline:
            time.sleep(0.005)
        running = not self._exited()
        self.kill()
        return "closed stdout but kept running (killed)" if running else describe_exit(self.popen.returncode)

    def close(self) -> None:
        """EOF on stdin, a grace period to exit, then the process group is ended."""
        if self._ended:
            return
        self._outbound.clear()
        self._close_stdin()
        deadline = time.monotonic() + self.limits.exit_grace
        while not self._exited() and time.monotonic() < deadline:
            for fd, _event in self._poll.poll(10):
                self._read(fd)
        self.kill()

    def kill(self) -> None:
        if self._ended:
            return
        self._ended = True
        try:
            os.killpg(self.popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._close_stdin()
        for stream in (self.popen.stdout, self.popen.stderr):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass
        self.popen.wait()
