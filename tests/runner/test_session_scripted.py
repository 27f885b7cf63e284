"""The session layer against scripted processes: each process's answers (lines, a timeout, an
end of stream, an over-long line, an exceeded limit) and its leftovers at exit are written in
the test, so that every branch of a streaming and a one-shot session is reached on purpose and
without timing. Expected observations are stated from PROTOCOL.md (Messages, Modes, Limits):
a request is answered by exactly one line, a deadline leaves the requests it cuts unanswered,
a failed process is not asked how it ended after being killed.

The clock the session reads is the test's (`clock`), so waits are exact."""

import json
from typing import Any

import attrs
import pytest

from oasis_si_conformance.model import FailureKind, Observation
from oasis_si_conformance.running import protocol, session
from oasis_si_conformance.running.session import (
    HandshakeError,
    OneShotSession,
    Request,
    RestartBudget,
    StreamingSession,
    failure_observation,
    first_handshake,
    handshake,
)
from oasis_si_conformance.running.transport import (
    Eof,
    ExitInfo,
    Limits,
    Line,
    OverLimit,
    Overlong,
    SetupError,
    Timeout,
)

TIMEOUT = 5.0
HELLO_RESULT = {
    "protocol": 1, "name": "scripted", "version": "1",
    "operations": ["score_scenario", "identifier_match"], "templates": ["C-DA-001"],
    "profiles": ["0.3.0-rc1"],
}
HELLO = protocol.parse_hello(json.dumps({"id": 0, "result": HELLO_RESULT}).encode())


def answer(rid: int, match: bool = True) -> bytes:
    return json.dumps({"id": rid, "result": {"match": match}}).encode()


def request(rid: int) -> Request:
    params = protocol.encode_params({"text": "a b", "identifier": "a"})
    return Request(rid, "identifier_match", protocol.request_line(rid, "identifier_match", params))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(session.time, "monotonic", fake)
    return fake


@attrs.define
class Scripted:
    """A process whose every wait ends as the script says: `outcomes` in order (a list of
    lines, or a Timeout, Eof, Overlong or OverLimit), `trailing` stdout left at exit."""

    outcomes: list[Any]
    trailing: bytes = b""
    unwritten: bool = False
    limits: Limits = Limits(timeout=TIMEOUT)
    events: list[str] = attrs.Factory(list)
    waits: list[float] = attrs.Factory(list)
    sent: list[bytes] = attrs.Factory(list)
    pid: int = 0
    on_receive: Any = None  # called at each wait (a test's clock advancing)

    def send(self, data: bytes, close_stdin: bool = False, **_kwargs: Any) -> None:
        self.sent.append(data)

    def write_queued(self) -> None:
        pass

    def receive(self, most: int, timeout: float, limit_cpu: bool = True) -> Any:
        self.events.append("receive")
        self.waits.append(timeout)
        if self.on_receive is not None:
            self.on_receive()
        return self.outcomes.pop(0)

    def exchange(self, data: bytes, timeout: float, **_kwargs: Any) -> Any:
        self.events.append("exchange")
        return self.outcomes.pop(0)

    def kill(self) -> None:
        self.events.append("kill")

    def crash_info(self, wait: float = 1.0) -> str:
        self.events.append("crash_info")
        return "exit status 3"

    def finish(self, grace: float | None = None) -> ExitInfo:
        self.events.append("finish")
        return ExitInfo(0, self.trailing, False)

    @property
    def stderr(self) -> "Scripted":
        return self

    def render(self) -> str:
        return "stderr text"


@attrs.define
class ScriptedCandidate:
    """Hands out its scripted processes in order; each starts with a good handshake unless
    `greet` is False (a one-shot process, or one handed over past its handshake)."""

    processes: list[Scripted]
    greet: bool = True
    limits: Limits = Limits(timeout=TIMEOUT)
    warnings: list[str] = attrs.Factory(list)
    spawned: int = 0
    stopped: bool = False

    def spawn(self) -> Scripted:
        if not self.processes:
            raise SetupError("no more scripted processes")
        process = self.processes.pop(0)
        if self.greet:
            hello = json.dumps({"id": 0, "result": HELLO_RESULT}).encode()
            process.outcomes.insert(0, Line(hello))
        self.spawned += 1
        return process

    def warn(self, message: str) -> None:
        self.warnings.append(message)


def streaming(*processes: Scripted, window: int = 1, restarts: int = 5) -> StreamingSession:
    candidate = ScriptedCandidate(list(processes))
    return StreamingSession(candidate, RestartBudget(restarts), HELLO, window)  # type: ignore[arg-type]


def collect(serve_session: StreamingSession | OneShotSession, requests: list[Request], **kw: Any):
    seen: list[tuple[int, Observation]] = []
    left = serve_session.serve(requests, lambda r, o: seen.append((r.id, o)), **kw)
    return left, seen


# The handshake ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "message", "killed"),
    [
        (Timeout(), "no answer to hello within 2 s", True),
        (Overlong(b"{", 10), "handshake line longer than", True),
        (OverLimit("memory_limit", "memory over 1 MiB"), "before answering hello: memory", False),
        (Eof(b"half"), "closed stdout before answering hello (exit status 3)", False),
    ],
    ids=["timeout", "overlong", "over-limit", "eof"],
)
def test_a_handshake_that_ends_without_a_line_says_how(outcome, message, killed) -> None:
    process = Scripted([outcome])
    with pytest.raises(HandshakeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        handshake(process, 2.0)  # type: ignore[arg-type]
    assert ("kill" in process.events) is killed


def test_a_one_shot_first_handshake_keeps_no_process_and_refuses_a_second_line() -> None:
    """One-shot mode: the handshake process gets hello and EOF; a second line is refused."""
    quiet = ScriptedCandidate([Scripted([])])
    hello, kept = first_handshake(quiet, one_shot=True)  # type: ignore[arg-type]
    assert hello == HELLO and kept is None
    talkative = ScriptedCandidate([Scripted([], trailing=b"again")])
    with pytest.raises(HandshakeError, match="more than one line"):
        first_handshake(talkative, one_shot=True)  # type: ignore[arg-type]
    streaming_hello, process = first_handshake(
        ScriptedCandidate([Scripted([], trailing=b"ignored here")]), one_shot=False  # type: ignore[arg-type]
    )
    assert streaming_hello == HELLO and isinstance(process, Scripted)


# Streaming: waits and deadlines -------------------------------------------------------------


def test_each_request_waits_the_full_timeout_from_when_it_is_sent(clock: Clock) -> None:
    """Time the caller spends producing the next request is not charged to it."""
    process = Scripted([[answer(1)], [answer(2)]])

    def slow_requests():
        for rid in (1, 2):
            clock.now += 30.0  # the caller's generation, longer than the timeout
            yield request(rid)

    left, seen = collect(streaming(process), slow_requests())
    assert left == [] and [rid for rid, _ in seen] == [1, 2]
    assert process.waits == [TIMEOUT, TIMEOUT]


def test_a_pipelined_request_waits_from_the_answer_before_it(clock: Clock) -> None:
    """Window 2: both sent at once; the second request's wait restarts when the first is
    answered (the candidate works on one at a time), so it too may take the whole timeout."""

    def four_seconds() -> None:
        clock.now += 4.0

    process = Scripted([[answer(1)], [answer(2)]], on_receive=four_seconds)
    left, seen = collect(streaming(process, window=2), [request(1), request(2)])
    assert left == [] and [rid for rid, _ in seen] == [1, 2]
    assert process.waits == [TIMEOUT, TIMEOUT]


def test_a_far_deadline_leaves_the_timeout_in_charge(clock: Clock) -> None:
    process = Scripted([[answer(1)]])
    left, seen = collect(streaming(process), [request(1)], deadline=clock.now + 1000.0)
    assert left == [] and len(seen) == 1 and process.waits == [TIMEOUT]


def test_a_near_deadline_cuts_the_wait_and_leaves_its_requests_unanswered(clock: Clock) -> None:
    """The requests in flight and not yet sent come back unanswered; the process is killed,
    nothing is delivered for them (they are not the candidate's timeouts)."""
    process = Scripted([Timeout()])
    left, seen = collect(
        streaming(process, window=2), [request(1), request(2), request(3)],
        deadline=clock.now + 1.0,
    )
    assert [r.id for r in left] == [1, 2] and seen == []
    assert process.waits == [1.0] and process.events[-1] == "kill"


def test_a_timeout_before_the_deadline_is_the_candidates(clock: Clock) -> None:
    process, fresh = Scripted([Timeout()]), Scripted([[answer(2)]])
    left, seen = collect(streaming(process, fresh), [request(1), request(2)], deadline=1e9)
    assert left == [] and [(rid, o.kind) for rid, o in seen] == [(1, "timeout"), (2, "answer")]


# Streaming: failures and restarts -----------------------------------------------------------


@pytest.mark.parametrize(
    ("one_shot", "message"),
    [(True, "over 1 s of CPU"), (False, "over 1 s of CPU; candidate restarted")],
)
def test_a_wait_ended_by_a_resource_limit_is_that_limit_not_a_crash(one_shot, message) -> None:
    process = Scripted([])
    seen = failure_observation(process, OverLimit("cpu_limit", "over 1 s of CPU"), one_shot)  # type: ignore[arg-type]
    assert seen == Observation("cpu_limit", message=message, stderr="stderr text")
    assert process.events == ["kill"]


def test_a_crashed_process_is_asked_how_it_ended_before_anything_kills_it(clock: Clock) -> None:
    """The crash message reports the process's own exit, so nothing kills it first."""
    crashed, fresh = Scripted([Eof(b"")]), Scripted([[answer(2)]])
    left, seen = collect(streaming(crashed, fresh), [request(1), request(2)])
    assert [(rid, o.kind) for rid, o in seen] == [(1, "crash"), (2, "answer")]
    assert "exit status 3" in seen[0][1].message
    assert "kill" not in crashed.events[: crashed.events.index("crash_info")]


def test_an_answer_before_its_request_was_read_whole_restarts_the_process(clock: Clock) -> None:
    """Window 1: a line while request bytes are still queued is out of step; that request gets
    the line as its answer and the process is replaced."""
    early, fresh = Scripted([[answer(1)]], unwritten=True), Scripted([[answer(2)]])
    candidate = ScriptedCandidate([early, fresh])
    streaming_session = StreamingSession(candidate, RestartBudget(5), HELLO)  # type: ignore[arg-type]
    left, seen = collect(streaming_session, [request(1), request(2)])
    assert [(rid, o.kind) for rid, o in seen] == [(1, "answer"), (2, "answer")]
    assert "kill" in early.events and candidate.spawned == 2


def test_queued_bytes_do_not_matter_with_several_in_flight(clock: Clock) -> None:
    process = Scripted([[answer(1), answer(2)]], unwritten=True)
    candidate = ScriptedCandidate([process])
    streaming_session = StreamingSession(candidate, RestartBudget(5), HELLO, 2)  # type: ignore[arg-type]
    left, seen = collect(streaming_session, [request(1), request(2)])
    assert [(rid, o.kind) for rid, o in seen] == [(1, "answer"), (2, "answer")]
    assert "kill" not in process.events and candidate.spawned == 1


# Streaming: second answers ------------------------------------------------------------------


def test_a_second_answer_during_ask_goes_to_the_earlier_serves_deliverer(clock: Clock) -> None:
    process = Scripted([[answer(1)], [answer(1), answer(2)]])
    streaming_session = streaming(process)
    earlier: list[tuple[int, str]] = []
    streaming_session.serve([request(1)], lambda r, o: earlier.append((r.id, o.kind)))
    assert streaming_session.ask(request(2)).kind == "answer"
    assert earlier == [(1, "answer"), (1, FailureKind.EXTRA_OUTPUT)]


def test_a_second_answer_during_a_lone_ask_is_dropped_quietly(clock: Clock) -> None:
    process = Scripted([[answer(1)], [answer(1), answer(2)]])
    streaming_session = streaming(process)
    assert streaming_session.ask(request(1)).kind == "answer"
    assert streaming_session.ask(request(2)).kind == "answer"


def test_stdout_after_the_last_answer_fails_that_request_at_close(clock: Clock) -> None:
    process = Scripted([[answer(1)]], trailing=b'{"id": 1, "result": {"match": true}}')
    streaming_session = streaming(process)
    left, seen = collect(streaming_session, [request(1)])
    streaming_session.close()
    assert [(rid, o.kind) for rid, o in seen] == [(1, "answer"), (1, FailureKind.EXTRA_OUTPUT)]
    assert "the last of its process" in seen[1][1].message


@pytest.mark.parametrize("window", [1, 2])
def test_a_stopped_run_sends_nothing_more_and_takes_nothing_at_close(
    clock: Clock, window: int
) -> None:
    """Once the run is stopped (an interruption, here right after the first answer), no request
    is sent any more, and closing the process delivers nothing (its unread answers are not
    trailing output): it is killed rather than waited for."""
    process = Scripted([[answer(1)]], trailing=b'{"id": 2, "result": {"match": true}}')
    streaming_session = streaming(process, window=window)
    seen: list[tuple[int, str]] = []

    def deliver(answered: Request, observation: Observation) -> None:
        seen.append((answered.id, observation.kind))
        streaming_session.candidate.stopped = True

    with pytest.raises(session.Stopped):
        streaming_session.serve([request(1), request(2), request(3)], deliver)
    streaming_session.close()
    assert seen == [(1, "answer")]
    assert [json.loads(line)["id"] for line in process.sent] == list(range(1, window + 1))
    assert "finish" not in process.events and process.events[-1] == "kill"


def test_a_stopped_run_restarts_no_process_for_the_requests_owed(clock: Clock) -> None:
    """A process that ends after the stop (the kit ended it) is not replaced: the requests it
    owed are not re-sent."""
    process = Scripted([Eof(b"")])
    streaming_session = streaming(process, Scripted([]), window=2)
    seen: list[tuple[int, str]] = []

    def deliver(answered: Request, observation: Observation) -> None:
        seen.append((answered.id, observation.kind))
        streaming_session.candidate.stopped = True

    with pytest.raises(session.Stopped):
        streaming_session.serve([request(1), request(2)], deliver)
    assert seen == [(1, FailureKind.CRASH)]  # the caller drops it (runner.Sender.halt)
    assert streaming_session.candidate.spawned == 1


def test_stdout_at_close_with_no_answer_to_blame_is_a_warning(clock: Clock) -> None:
    process = Scripted([], trailing=b"noise")
    candidate = ScriptedCandidate([process], greet=False)
    streaming_session = StreamingSession(candidate, RestartBudget(5), HELLO)  # type: ignore[arg-type]
    streaming_session.fresh(candidate.spawn())  # type: ignore[arg-type]
    streaming_session.close()
    assert any("unsolicited stdout" in w for w in candidate.warnings)


# One-shot ------------------------------------------------------------------------------------


def one_shot(*processes: Scripted) -> OneShotSession:
    candidate = ScriptedCandidate(list(processes), greet=False)
    return OneShotSession(candidate, RestartBudget(0), HELLO)  # type: ignore[arg-type]


def test_a_one_shot_process_printing_two_lines_fails_its_request() -> None:
    single = one_shot(Scripted([Line(answer(1))], trailing=b"more"))
    observation = single.ask(request(1))
    assert observation.kind == FailureKind.EXTRA_OUTPUT
    assert observation.message == "a one-shot process printed more than one response line"


def test_a_one_shot_failure_stays_itself_whatever_follows_it() -> None:
    single = one_shot(Scripted([Line(b"not json")], trailing=b"more"))
    assert single.ask(request(1)).kind == FailureKind.NOT_JSON


def test_a_one_shot_process_that_cannot_start_is_a_startup_failure() -> None:
    nothing = OneShotSession(ScriptedCandidate([]), RestartBudget(0), HELLO)  # type: ignore[arg-type]
    observation = nothing.ask(request(1))
    assert observation.kind == FailureKind.STARTUP and "no more scripted" in observation.message


@pytest.mark.parametrize(("give_up", "delivered"), [(True, [1]), (False, [1, 2, 3])])
def test_one_shot_serve_gives_up_only_when_asked(give_up: bool, delivered: list[int]) -> None:
    nothing = OneShotSession(ScriptedCandidate([]), RestartBudget(0), HELLO)  # type: ignore[arg-type]
    left, seen = collect(nothing, [request(1), request(2), request(3)], give_up=give_up)
    assert left == [] and [rid for rid, _ in seen] == delivered
    assert all(o.kind == FailureKind.STARTUP for _, o in seen)


def test_one_shot_serve_goes_on_past_a_candidates_failed_answer() -> None:
    """give_up stops at a process that cannot start, not at any failed request."""
    session_ = one_shot(Scripted([Line(b"garbage")]), Scripted([Line(answer(2))]))
    left, seen = collect(session_, [request(1), request(2)], give_up=True)
    assert left == [] and [(rid, o.kind) for rid, o in seen] == [
        (1, FailureKind.NOT_JSON), (2, "answer"),
    ]
