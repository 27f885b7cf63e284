"""The session layer's own parts, on the bundled reference and on a command that cannot
start: one request asked of a streaming process, a serve that gives up when no process can
be started, the restart budget (what a failed wait means is in test_session_scripted.py, on
scripted processes). Expected observations are stated from PROTOCOL.md (Messages, Limits), not
computed by the module."""

import json
import signal
import time

import pytest

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.model import FailureKind
from oasis_si_conformance.running import protocol
from oasis_si_conformance.running import session as session_module
from oasis_si_conformance.running.session import (
    Candidate,
    Request,
    RestartBudget,
    Stopped,
    StreamingSession,
    first_handshake,
)

REFERENCE = reference_command()
MISSING = ["/nonexistent/oasis-si-candidate"]


def _request(rid: int, text: str, identifier: str) -> Request:
    params = protocol.encode_params({"text": text, "identifier": identifier})
    return Request(rid, "identifier_match", protocol.request_line(rid, "identifier_match", params))


def test_asking_a_streaming_process_one_request_at_a_time() -> None:
    """Each answer is the asked request's own; one process serves them all."""
    candidate = Candidate(REFERENCE)
    hello, process = first_handshake(candidate, one_shot=False)
    session = StreamingSession(candidate, RestartBudget(0), hello)
    session.fresh(process)
    try:
        assert session.ask(_request(1, "a b", "a")).projection == {"match": True}
        assert session.ask(_request(2, "ab", "a")).projection == {"match": False}
    finally:
        session.close()
    assert candidate.spawned == 1


@pytest.mark.parametrize(("give_up", "delivered"), [(True, [1]), (False, [1, 2, 3])])
def test_serve_gives_up_when_no_process_can_be_started(give_up: bool, delivered: list) -> None:
    """`give_up`: the first request is failed as a startup failure and the rest are left
    unsent (the fuzzer's hard stop); without it every request is failed in turn."""
    hello = protocol.Hello("x", "0", ("identifier_match",), (), (), raw={})
    requests = [_request(rid, "a", "a") for rid in (1, 2, 3)]
    seen: list[tuple[int, str]] = []
    session = StreamingSession(Candidate(MISSING), RestartBudget(5), hello)
    left = session.serve(requests, lambda r, o: seen.append((r.id, o.kind)), give_up=give_up)
    assert left == []
    assert [rid for rid, _kind in seen] == delivered
    assert seen[0] == (1, FailureKind.STARTUP)


def test_the_restart_budget_is_spent_once_per_restart() -> None:
    budget = RestartBudget(2)
    assert not budget.exhausted
    assert budget.spend() is True and budget.spend() is True
    assert budget.exhausted
    assert budget.spend() is False and budget.spent == 2


def test_a_long_answer_is_judged_on_its_whole_compared_part_not_on_what_is_kept() -> None:
    """A line over KEPT_LINE_BYTES keeps an abridged result for the report, but the verdict
    reads the whole answer: a binding error whose kind comes after twenty padding members
    (the result schema allows them) is still that kind."""
    from oasis_si_conformance.corpus.corpus import Vector
    from oasis_si_conformance.judging import judge
    from oasis_si_conformance.model import Status
    from oasis_si_conformance.running.session import observe

    padding = {f"pad{i:02}": "x" * 1000 for i in range(20)}
    error = {**padding, "kind": "unknown_template", "message": "no such template"}
    line = json.dumps({"id": 4, "result": {"binding_error": error}}).encode() + b"\n"
    assert len(line) > protocol.KEPT_LINE_BYTES
    seen = observe(line, 4, "score_scenario")
    assert seen.ok and "kind" not in seen.result["binding_error"]  # abridged for the report
    vector = Vector(id="v", clauses=("4.1",), operation="score_scenario", description="d",
                    input={}, expected={"binding_error": "unknown_template"})
    assert judge.judge_vector(vector, [seen, seen]).status == Status.PASSED


STUBBORN = """
import signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("ready", flush=True)
sys.stdin.read()
while True:
    time.sleep(1)
"""


def test_a_stopped_candidate_ends_a_process_that_ignores_sigterm_and_starts_none() -> None:
    """Candidate.stop: SIGTERM, then SIGKILL after the grace, for a process that ignores both
    SIGTERM and the end of its input; from then on no process is started."""
    import signal
    import sys

    from oasis_si_conformance.running.session import Stopped

    candidate = Candidate([sys.executable, "-c", STUBBORN])
    process = candidate.spawn()
    try:
        assert process.exchange(b"", 30.0) is not None  # "ready": SIGTERM is ignored by now
        candidate.stop(grace=0.2)
        assert process.popen.wait(timeout=30) == -signal.SIGKILL
        with pytest.raises(Stopped):
            candidate.spawn()
        assert candidate.spawned == 1 and candidate.stopped
    finally:
        process.kill()


# Stopping a run: what a stopped candidate starts, warns and waits for ---------------------


def test_a_warning_is_kept_once_and_none_after_the_stop() -> None:
    candidate = Candidate(MISSING)
    candidate.warn("a")
    candidate.warn("a")
    assert candidate.warnings == ["a"]
    candidate.stop(grace=0)
    candidate.warn("b")
    assert candidate.warnings == ["a"]


class _Started:
    """A process as `Candidate.spawn` starts one (session.Transport), without a process."""

    made: list["_Started"] = []

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        self.killed = False
        _Started.made.append(self)

    def kill(self) -> None:
        self.killed = True


def test_a_stopped_candidate_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "Transport", _Started)
    _Started.made = []
    candidate = Candidate(MISSING)
    candidate.stop(grace=0)
    with pytest.raises(Stopped):
        candidate.spawn()
    assert _Started.made == [] and candidate.spawned == 0


def test_a_process_started_while_the_run_stops_is_ended_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    candidate = Candidate(MISSING)

    class StoppingWhileStarted(_Started):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            candidate.stopped = True  # the stop lands between the start and the bookkeeping

    monkeypatch.setattr(session_module, "Transport", StoppingWhileStarted)
    _Started.made = []
    with pytest.raises(Stopped):
        candidate.spawn()
    [made] = _Started.made
    assert made.killed and candidate.spawned == 0


class _Ending:
    """A live process that exits `delay` seconds after its SIGTERM; records whether it had
    exited when it got its SIGKILL."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.termed: float | None = None
        self.exited_at_kill: bool | None = None

    @property
    def exited(self) -> bool:
        return self.termed is not None and time.monotonic() >= self.termed + self.delay

    def signal_group(self, number: int) -> None:
        if number == signal.SIGTERM:
            self.termed = time.monotonic()
        elif number == signal.SIGKILL:
            self.exited_at_kill = self.exited


def test_the_stop_waits_for_every_process_to_end_before_killing_within_its_grace() -> None:
    candidate = Candidate(MISSING)
    quick, slower = _Ending(0.0), _Ending(0.2)
    candidate._live.update({quick, slower})  # type: ignore[arg-type]
    candidate.stop(grace=30)
    assert (quick.exited_at_kill, slower.exited_at_kill) == (True, True)


def test_a_stopped_session_starts_nothing_even_with_its_restarts_spent() -> None:
    candidate = Candidate(MISSING)
    hello = protocol.Hello("x", "1", ("identifier_match",), (), (), raw={})
    session = StreamingSession(candidate, RestartBudget(0), hello)
    session._needs_restart = True
    candidate.stop(grace=0)
    with pytest.raises(Stopped):
        session._start()
