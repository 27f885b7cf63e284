"""Sessions: the candidate's processes over a run, on the transport (transport.py), for the
runner, the held-out tier and the fuzzer alike.

`StreamingSession` keeps one process for a sequence of requests, one at a time (`window` 1,
the runner) or pipelined (up to `window` in flight, the fuzzer's search), and restarts it
(with a new handshake) after a crash, a timeout, an over-long line or an exceeded resource
limit, spending the restart budget (`RestartBudget`, --max-restarts); the requests a failed
process still owed go to the next one. `OneShotSession` runs one process per request
(PROTOCOL.md, Modes). Both serve `Request`s and hand every outcome to the caller as an
`Observation` (`observe` reads an answer line, `failure_observation` says what a failed wait
means); neither raises on a candidate's misbehaviour, except at the handshake that starts a
run (HandshakeError).

Every answer line is accounted for (PROTOCOL.md, Messages): answers come in request order, so
a line is the answer of the oldest request in flight, unless it carries the id of a request
the process already answered. Then it is a second answer, and the request it follows fails
as `extra_output` (its observation is handed over again, replacing the first); so does stdout
left at exit after the last answer, and a second line of a one-shot process.

An interruption stops a run where it stands (`Candidate.stop`): from then on no process is
started (`spawn` raises `Stopped`, so no request is re-sent), every live process group gets
SIGTERM and, after `STOP_GRACE` seconds, SIGKILL, and a session that closes delivers nothing
more and warns of nothing (what a process did after the stop is the kit's doing, not the
candidate's).

The process itself (spawn, pipes, the poll loop, limits, kill) is the transport's; its names
are re-exported here for the callers that know them from this module.
"""

import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from oasis_si_conformance.judging.compare import COMPARED_KEYS, project
from oasis_si_conformance.model import ANSWER, FailureKind, Observation
from oasis_si_conformance.running import protocol
from oasis_si_conformance.running.protocol import HandshakeError, Hello
from oasis_si_conformance.running.transport import (
    CandidateEnvironment,
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
    "InProcessSession",
    "Limits",
    "OneShotSession",
    "Request",
    "RestartBudget",
    "SetupError",
    "StderrLog",
    "StderrTail",
    "Stopped",
    "StreamingSession",
    "failure_observation",
    "first_handshake",
    "handshake",
    "observe",
]


# Sessions -----------------------------------------------------------------------------------

#: Seconds the processes of a stopped run have to exit after SIGTERM before SIGKILL.
STOP_GRACE = 1.0


class Stopped(Exception):
    """The run was stopped (`Candidate.stop`): no candidate process is started any more."""


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
    environment: CandidateEnvironment = attrs.Factory(CandidateEnvironment)
    warnings: list[str] = attrs.Factory(list)
    spawned: int = 0
    stopped: bool = False  # the run was stopped (`stop`): nothing is started any more
    _live: set[Transport] = attrs.field(factory=set, repr=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, repr=False)

    def warn(self, message: str) -> None:
        """A warning for the report (none once stopped: what follows the stop is the kit's)."""
        with self._lock:
            if message not in self.warnings and not self.stopped:
                self.warnings.append(message)

    def spawn(self) -> Transport:
        """Start a process (Stopped once the run is stopped; a process that starts while it
        stops is ended at once)."""
        if self.stopped:
            raise Stopped()
        process = Transport(
            self.argv, self.limits, self.log, on_end=self._forget, environment=self.environment
        )
        with self._lock:
            late = self.stopped
            if not late:
                self.spawned += 1
                self._live.add(process)
        if late:
            process.kill()
            raise Stopped()
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

    def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop the run where it stands: no process is started from now on, and every live
        process group gets SIGTERM, then SIGKILL after `grace` seconds (a candidate that ignores
        SIGTERM and the end of its input included)."""
        with self._lock:
            self.stopped = True
            live = list(self._live)
        for process in live:
            process.signal_group(signal.SIGTERM)
        deadline = time.monotonic() + grace
        while not all(process.exited for process in live) and time.monotonic() < deadline:
            time.sleep(0.01)
        for process in live:
            process.signal_group(signal.SIGKILL)


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


def observe(line: bytes, request_id: int, op: str) -> Observation:
    """What one answer line to a request is: a valid answer (its projection, compare.py, and
    its result, abridged beyond KEPT_LINE_BYTES so that a run's memory stays bounded) or the
    protocol failure it commits."""
    return _observed(protocol.check_response(line, request_id, op), line, op)


def _observed(checked: protocol.Answer | protocol.Violation, line: bytes, op: str) -> Observation:
    if isinstance(checked, protocol.Violation):
        return Observation(
            checked.kind,
            message=checked.message,
            excerpt=checked.excerpt,
            error_code=checked.error_code,
        )
    result = checked.result
    kept = result if len(line) <= protocol.KEPT_LINE_BYTES else _abridged(op, result)
    return Observation(ANSWER, result=kept, projection=project(op, result))


def _abridged(op: str, result: dict[str, Any]) -> dict[str, Any]:
    """The compared members of a long result whole, the others abridged (protocol.abridge)."""
    compared = COMPARED_KEYS.get(op, ())
    kept = {key: value for key, value in result.items() if key in compared}
    ignored = {key: value for key, value in result.items() if key not in compared}
    return {**protocol.abridge(ignored), **kept}


@attrs.frozen
class Request:
    """One request line to send, and the caller's own reference to what it asks (`tag`)."""

    id: int
    op: str
    line: bytes
    tag: Any = None


#: Where a session hands each request's observation (again, when a second answer fails it).
Deliver = Callable[[Request, Observation], None]

#: Pipelined requests are written in groups of up to this many lines, one write each (the
#: first of a refill at once): fewer writes for the runner, fewer wakeups for the candidate.
WRITE_EVERY = 8
#: The observation kinds that stand as a request's answer until a second answer replaces them.
_STANDING: frozenset[str] = frozenset({ANSWER, FailureKind.ERROR_RESPONSE})


def _second_answer(request: Request, line: bytes) -> Observation:
    return Observation(
        FailureKind.EXTRA_OUTPUT,
        message=(
            f"a second answer line to request {request.id}: every request is answered by"
            " exactly one line (PROTOCOL.md, Messages)"
        ),
        excerpt=protocol.excerpt(line),
    )


class StreamingSession:
    """One long-lived process serving a sequence of requests, up to `window` in flight;
    restarted after a failure."""

    def __init__(
        self, candidate: Candidate, budget: RestartBudget, declared: Hello, window: int = 1
    ) -> None:
        self.candidate = candidate
        self.budget = budget
        self.declared = declared
        self.window = window
        self.process: Transport | None = None
        self._needs_restart = False
        #: The requests the current process answered, by id: whether that answer stands.
        self._answered: dict[int, tuple[Request, bool]] = {}
        self._last: Request | None = None  # the last request the current process answered
        self._deliver: Deliver | None = None

    def fresh(self, process: Transport | None = None) -> None:
        """Begin a planned fresh process (not a restart): `process` when given (already past
        its handshake), else one started at the next request."""
        self.close()
        self.process = process
        self._needs_restart = False
        self._forget_answers()

    def _forget_answers(self) -> None:
        self._answered = {}
        self._last = None

    def _check_declaration(self, hello: Hello) -> None:
        if hello != self.declared:
            self.candidate.warn(
                f"a new process declared {hello.raw} instead of {self.declared.raw}; the first"
                " declaration decides"
            )

    def _start(self) -> Observation | None:
        """Start a process (spending the restart budget after a failure); an Observation when
        that is not possible. Raises Stopped once the run is stopped."""
        if self.candidate.stopped:
            raise Stopped()
        if self._needs_restart and not self.budget.spend():
            return Observation(
                FailureKind.ABORTED,
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
                FailureKind.STARTUP, message=f"the candidate could not be (re)started: {error}"
            )
        self._check_declaration(hello)
        self.process = process
        self._forget_answers()
        return None

    def ask(self, request: Request) -> Observation:
        """One request, one at a time: its observation (a second answer to an earlier request
        that arrives meanwhile goes to the deliverer of the earlier `serve`, if any)."""
        earlier = self._deliver
        observed: list[Observation] = []

        def deliver(answered: Request, observation: Observation) -> None:
            if answered is request:
                observed.append(observation)
            elif earlier is not None:
                earlier(answered, observation)

        self.serve([request], deliver)
        self._deliver = earlier
        return observed[0]

    def serve(
        self,
        requests: Iterable[Request],
        deliver: Deliver,
        deadline: float | None = None,
        give_up: bool = False,
    ) -> list[Request]:
        """Send every request (up to `window` in flight) and deliver each one's observation,
        in request order, re-sending to a fresh process what a failed one still owed. Returns
        the requests left unanswered at `deadline` (then the process is killed), or, with
        `give_up`, those owed when a process cannot be (re)started; else []."""
        self._deliver = deliver
        pending: Iterator[Request] = iter(requests)
        inflight: deque[Request] = deque()
        owed: deque[Request] = deque()
        timeout = self.candidate.limits.timeout
        front_since = time.monotonic()
        while True:
            if self.candidate.stopped:  # nothing is sent once the run is stopped
                raise Stopped()
            while len(inflight) < self.window:
                request = owed.popleft() if owed else next(pending, None)
                if request is None:
                    break
                if self.process is None:
                    failed = self._start()
                    if failed is not None:
                        deliver(request, failed)
                        if give_up and failed.kind == FailureKind.STARTUP:
                            return list(owed)
                        continue
                assert self.process is not None
                if not inflight:
                    front_since = time.monotonic()
                self.process.send(request.line, write=len(inflight) % WRITE_EVERY == 0)
                inflight.append(request)
            if not inflight:
                return []
            process = self.process
            assert process is not None
            process.write_queued()
            now = time.monotonic()
            wait = timeout - (now - front_since)
            if deadline is not None and deadline - now < wait:
                wait, cut = deadline - now, True
            else:
                cut = False
            lines = process.receive(len(inflight), max(0.0, wait))
            if isinstance(lines, Timeout) and cut:
                self._fail_process(kill=True)
                return [*inflight, *owed]
            if not isinstance(lines, list):  # the process ended: the oldest request failed
                self._fail_process(kill=False)
                deliver(inflight.popleft(), failure_observation(process, lines))
                owed.extendleft(reversed(inflight))
                inflight.clear()
                continue
            if self.window == 1 and process.unwritten:
                # It answered before reading its request whole: the stream is out of step.
                self._fail_process(kill=True)
                head = inflight.popleft()
                deliver(head, observe(lines[0], head.id, head.op))
                continue
            for line in lines:
                if self._take(inflight, line, deliver):
                    front_since = time.monotonic()

    def _take(self, inflight: deque[Request], line: bytes, deliver: Deliver) -> bool:
        """Account for one answer line: the oldest request's answer (True), or a second
        answer to a request the process answered already."""
        head = inflight[0]
        checked = protocol.check_response(line, head.id, head.op)
        if (
            isinstance(checked, protocol.Violation)
            and checked.kind == FailureKind.WRONG_ID
            and type(checked.answered) is int
            and checked.answered in self._answered
        ):
            self._second(checked.answered, line, deliver)
            return False
        inflight.popleft()
        observation = _observed(checked, line, head.op)
        self._answered[head.id] = (head, observation.kind in _STANDING)
        self._last = head
        deliver(head, observation)
        return True

    def _second(self, request_id: int, line: bytes, deliver: Deliver) -> None:
        """A second answer line to a request: it fails that request, unless it failed already
        (then the line is the late answer of a request whose first line was stray output)."""
        request, stands = self._answered[request_id]
        if stands:
            self._answered[request_id] = (request, False)
            deliver(request, _second_answer(request, line))
        else:
            self.candidate.warn(
                "late answers to requests that had already failed were discarded (stray stdout"
                " lines put the stream out of step)"
            )

    def _fail_process(self, kill: bool) -> None:
        if self.process is not None and kill:
            self.process.kill()
        self.process = None
        self._needs_restart = True
        self._forget_answers()

    def close(self, deliver: Deliver | None = None) -> None:
        """End the process at EOF. Output after its last answer fails that request (a second
        answer), delivered to `deliver`, by default the deliverer of the last `serve`; nothing
        is delivered once the run is stopped (the process is ended at once)."""
        if self.process is None:
            return
        process, self.process = self.process, None
        if self.candidate.stopped:
            process.kill()
            self._forget_answers()
            return
        info = process.finish()
        last = self._last
        deliver = deliver or self._deliver
        if info.trailing and last is not None and deliver is not None:
            if self._answered[last.id][1]:
                self._answered[last.id] = (last, False)
                observation = attrs.evolve(
                    _second_answer(last, info.trailing),
                    message=(
                        f"output after the answer to request {last.id}, the last of its process"
                        " (every request is answered by exactly one line; PROTOCOL.md, Messages)"
                    ),
                )
                deliver(last, observation)
        elif info.trailing:
            self.candidate.warn(
                f"unsolicited stdout after the last response: {protocol.excerpt(info.trailing)!r}"
            )
        if info.killed:
            self.candidate.warn(
                f"a process did not exit within {self.candidate.limits.exit_grace:g} s of EOF"
                " (killed)"
            )
        self._forget_answers()


class OneShotSession:
    """One process per request (PROTOCOL.md, one-shot mode)."""

    def __init__(
        self, candidate: Candidate, budget: RestartBudget, declared: Hello, window: int = 1
    ) -> None:
        self.candidate = candidate
        self.declared = declared

    def fresh(self, process: Transport | None = None) -> None:
        pass

    def serve(
        self,
        requests: Iterable[Request],
        deliver: Deliver,
        deadline: float | None = None,
        give_up: bool = False,
    ) -> list[Request]:
        """Each request in a process of its own, in turn (`give_up`: until one cannot be
        started)."""
        for request in requests:
            observation = self.ask(request)
            deliver(request, observation)
            if give_up and observation.kind == FailureKind.STARTUP:
                break
        return []

    def ask(self, request: Request) -> Observation:
        limits = self.candidate.limits
        try:
            process = self.candidate.spawn()
        except SetupError as error:
            return Observation(FailureKind.STARTUP, message=str(error))
        outcome = process.exchange(request.line, limits.timeout, close_stdin=True)
        if not isinstance(outcome, Line):
            return failure_observation(process, outcome, one_shot=True)
        info = process.finish()
        if info.killed:
            self.candidate.warn(
                f"a one-shot process did not exit within {limits.exit_grace:g} s of EOF (killed)"
            )
        observation = observe(outcome.data, request.id, request.op)
        if observation.kind in _STANDING and info.trailing:
            return attrs.evolve(
                _second_answer(request, info.trailing),
                message="a one-shot process printed more than one response line",
            )
        return observation

    def close(self, deliver: Deliver | None = None) -> None:
        """Nothing to end: each process ended with its request."""


class InProcessSession(OneShotSession):
    """An evaluator called in this process (`respond`: one request line to one answer line),
    behind the same interface as a candidate's processes, its answers read by the same
    `observe`: the bundled reference without a pipe, to measure what the runner itself costs."""

    def __init__(self, respond: Callable[[bytes], bytes], declared: Hello) -> None:
        super().__init__(Candidate([]), RestartBudget(0), declared)
        self.respond = respond

    def ask(self, request: Request) -> Observation:
        answer = self.respond(request.line)
        first, _newline, rest = answer.partition(b"\n")
        observation = observe(first, request.id, request.op)
        if rest.strip() and observation.kind in _STANDING:
            return _second_answer(request, rest)
        return observation


#: A session of either mode (an InProcessSession is a OneShotSession).
Session = StreamingSession | OneShotSession


def open_session(
    candidate: Candidate, budget: RestartBudget, declared: Hello, one_shot: bool, window: int = 1
) -> Session:
    session_type = OneShotSession if one_shot else StreamingSession
    return session_type(candidate, budget, declared, window)


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
