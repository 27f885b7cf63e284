"""Sessions: the candidate's processes over a run, on the transport (transport.py).

`StreamingSession` keeps one process for a sequence of requests and restarts it (with a new
handshake) after a crash, a timeout, an over-long line or an exceeded resource limit, spending
the run's restart budget (`RestartBudget`, --max-restarts); `OneShotSession` runs one process
per request (PROTOCOL.md, Modes). Both turn every outcome into an `Observation`
(`failure_observation` says what a failed wait means, for the fuzzer too); neither raises on a
candidate's misbehaviour, except at the handshake that starts a run (HandshakeError).

The process itself (spawn, pipes, the poll loop, limits, kill) is the transport's; its names
are re-exported here for the callers that know them from this module.
"""

import os
import signal
import threading
import time

import attrs

from . import protocol
from .model import ANSWER, Observation
from .protocol import HandshakeError, Hello, Violation
from .transport import (
    Failed,
    Limits,
    Line,
    OverLimit,
    Overlong,
    SetupError,
    StderrLog,
    StderrTail,
    Timeout,
    Transport,
)

__all__ = [
    "Candidate",
    "HandshakeError",
    "Limits",
    "OneShotSession",
    "RestartBudget",
    "SetupError",
    "StderrLog",
    "StderrTail",
    "StreamingSession",
    "failure_observation",
    "first_handshake",
    "handshake",
]


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
    _live: set[Transport] = attrs.field(factory=set, repr=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, repr=False)

    def warn(self, message: str) -> None:
        with self._lock:
            if message not in self.warnings:
                self.warnings.append(message)

    def spawn(self) -> Transport:
        process = Transport(self.argv, self.limits, self.log, on_end=self._forget)
        with self._lock:
            self.spawned += 1
            self._live.add(process)
        return process

    def _forget(self, process: Transport) -> None:
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


def _handshake_failure(process: Transport, what: str) -> HandshakeError:
    stderr = process.stderr.render()
    detail = f"{what}" + (f"\n--- candidate stderr ---\n{stderr}" if stderr else "")
    return HandshakeError(detail)


def handshake(process: Transport, timeout: float, close_stdin: bool = False) -> Hello:
    """Send hello on a new process and read its declaration. Raises HandshakeError (the
    process is ended then). The CPU limit is a per-request limit and does not apply to the
    handshake (startup has its own timeout); the memory limit does."""
    hello = protocol.hello_line()
    outcome = process.exchange(hello, timeout, close_stdin=close_stdin, limit_cpu=False)
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
        raise _handshake_failure(
            process, f"handshake line longer than {process.limits.max_line} bytes"
        )
    if isinstance(outcome, OverLimit):
        raise _handshake_failure(process, f"before answering hello: {outcome.message}")
    how = process.crash_info()
    partial = f"; partial output: {protocol.excerpt(outcome.partial)!r}" if outcome.partial else ""
    raise _handshake_failure(
        process, f"the candidate closed stdout before answering hello ({how}){partial}"
    )


def failure_observation(process: Transport, outcome: Failed, one_shot: bool = False) -> Observation:
    """What a wait for an answer that ended without one means, for the vector in flight. The
    process group is ended (a streaming candidate is restarted at its next request)."""
    limits = process.limits
    then = "process group killed" if one_shot else "process group killed, candidate restarted"
    if isinstance(outcome, Timeout):
        process.kill()
        message = f"no answer within {limits.timeout:g} s; {then}"
        return Observation("timeout", message=message, stderr=process.stderr.render())
    if isinstance(outcome, Overlong):
        process.kill()
        message = f"output line of {outcome.size}+ bytes exceeds the cap of {limits.max_line}"
        return Observation("line_too_long", message=message, excerpt=protocol.excerpt(outcome.head))
    if isinstance(outcome, OverLimit):
        process.kill()
        message = outcome.message if one_shot else f"{outcome.message}; candidate restarted"
        return Observation(outcome.kind, message=message, stderr=process.stderr.render())
    how = process.crash_info()
    if one_shot:
        message = f"the candidate exited without answering ({how})"
    else:
        message = f"the candidate closed stdout mid-stream ({how}); restarted"
    excerpt = protocol.excerpt(outcome.partial)
    return Observation("crash", message=message, excerpt=excerpt, stderr=process.stderr.render())


def _observe(checked: protocol.Answer | Violation) -> Observation:
    if isinstance(checked, Violation):
        return Observation(
            checked.kind,
            message=checked.message,
            excerpt=checked.excerpt,
            error_code=checked.error_code,
        )
    return Observation(ANSWER, result=checked.result)


def _answer(line: Line, request_id: int, op: str) -> Observation:
    return _observe(protocol.check_response(line.data, request_id, op))


class StreamingSession:
    """One long-lived process serving a sequence of requests; restarted after a failure."""

    def __init__(self, candidate: Candidate, budget: RestartBudget, declared: Hello) -> None:
        self.candidate = candidate
        self.budget = budget
        self.declared = declared
        self.process: Transport | None = None
        self._needs_restart = False
        self._sent: set[int] = set()  # ids sent to the current process

    def fresh(self, process: Transport | None = None) -> None:
        """Begin a planned fresh process (not a restart): `process` when given (already past
        its handshake), else one started at the next request."""
        self.close()
        self.process = process
        self._needs_restart = False
        self._sent = set()

    def _check_declaration(self, hello: Hello) -> None:
        if hello != self.declared:
            self.candidate.warn(
                f"a new process declared {hello.raw} instead of {self.declared.raw}; the first"
                " declaration decides"
            )

    def _start(self) -> Observation | None:
        """Start a process (spending the restart budget after a failure); an Observation when
        that is not possible."""
        if self._needs_restart and not self.budget.spend():
            return Observation(
                "aborted",
                message=(
                    f"not run: the candidate was restarted {self.budget.limit} times"
                    " (--max-restarts)"
                ),
            )
        try:
            process = self.candidate.spawn()
            hello = handshake(process, self.candidate.limits.startup_timeout)
        except (HandshakeError, SetupError) as error:
            self._needs_restart = True
            return Observation(
                "startup", message=f"the candidate could not be (re)started: {error}"
            )
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
            if not (
                isinstance(checked, Violation)
                and checked.kind == "wrong_id"
                and checked.answered in self._sent
            ):
                return _observe(checked)
            # A late answer to an earlier request of this process (which already failed, e.g.
            # on a stray stdout line): discarded, so one stray line does not shift every
            # later answer by one.
            self.candidate.warn(
                "late answers to earlier requests were discarded (stray stdout lines put the stream"
                " out of step)"
            )
            outcome = process.exchange(b"", max(0.0, deadline - time.monotonic()))
        self._fail_process(kill=False)
        return failure_observation(process, outcome)

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
            self.candidate.warn(
                f"unsolicited stdout after the last response: {protocol.excerpt(info.trailing)!r}"
            )
        if info.killed:
            self.candidate.warn(
                f"a process did not exit within {self.candidate.limits.exit_grace:g} s of EOF"
                " (killed)"
            )


class OneShotSession:
    """One process per request (PROTOCOL.md, one-shot mode)."""

    def __init__(self, candidate: Candidate, budget: RestartBudget, declared: Hello) -> None:
        self.candidate = candidate
        self.declared = declared

    def fresh(self, process: Transport | None = None) -> None:
        pass

    def ask(self, request_id: int, op: str, line: bytes) -> Observation:
        limits = self.candidate.limits
        try:
            process = self.candidate.spawn()
        except SetupError as error:
            return Observation("startup", message=str(error))
        outcome = process.exchange(line, limits.timeout, close_stdin=True)
        if not isinstance(outcome, Line):
            return failure_observation(process, outcome, one_shot=True)
        info = process.finish()
        if info.killed:
            self.candidate.warn(
                f"a one-shot process did not exit within {limits.exit_grace:g} s of EOF (killed)"
            )
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


def first_handshake(candidate: Candidate, one_shot: bool) -> tuple[Hello, Transport | None]:
    """The run's opening handshake. In streaming mode the process is kept (it serves the first
    batch of requests); in one-shot mode the handshake process receives hello and EOF."""
    process = candidate.spawn()
    hello = handshake(process, candidate.limits.startup_timeout, close_stdin=one_shot)
    if one_shot:
        info = process.finish()
        if info.trailing:
            process.kill()
            raise HandshakeError(
                "one-shot handshake printed more than one line:"
                f" {protocol.excerpt(info.trailing)!r}"
            )
        return hello, None
    return hello, process
