"""Differential fuzzing: a candidate against the reference, over the protocol.

Phase A (search). Case i of a run is `strategies.case` on a `RandomSource` seeded with
"<seed>:<i>" (so the stream depends only on the seed, the operations fuzzed and the templates
the candidate declares). A case that touches an ambiguity-register point is skipped
(ground.py). Each other case is sent to the candidate, pipelined in streaming mode (up to
`window` requests in flight), and its response compared with the in-process reference
(`oasis_si_reference.operations.perform`) as vectors are compared (conformance/compare.py).
A protocol violation, crash or timeout is a divergence too. The search stops at the first
divergence, at `max_examples` cases, or at the time budget.

Phase B (shrink). The diverging case's choice sequence is a hypothesis choice sequence for
the same generator (strategies.py), so it is saved to an in-memory hypothesis database and
`hypothesis.find` replays and shrinks it, asking the candidate (one request at a time) about
every smaller normative case it tries. The smallest diverging case found within the shrink
budget is reported; the expected outcome is the reference's.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from oasis_si_reference.editions import DEFAULT, Edition
from oasis_si_reference.operations import perform

from .. import protocol
from ..compare import describe_difference, matches, project
from ..supervisor import (
    Candidate,
    Limits,
    OneShotSession,
    RestartBudget,
    StreamingSession,
    failure_observation,
    first_handshake,
    handshake,
)
from ..transport import Transport
from . import ground, strategies

__doc__ = f"{__doc__}\n{ground.policy_text()}\n"  # the register policy, entry by entry


def expected_outcome(case: dict[str, Any], edition: Edition = DEFAULT) -> dict[str, Any]:
    """The reference's verdict on a case under an edition of the text, in the vocabulary of
    vector outcomes."""
    return project(case["operation"], perform(case["operation"], case["input"], edition))


def compare(op: str, expected: dict[str, Any], result: dict[str, Any]) -> str | None:
    """None when a (schema-valid) result satisfies the outcome, else what differs."""
    projection = project(op, result)
    return None if matches(expected, projection) else describe_difference(expected, projection)


@attrs.frozen
class Divergence:
    """A case on which the candidate and the reference disagree."""

    index: int  # the case's ordinal in the seeded stream (-1 for a shrunk case)
    case: dict[str, Any]
    expected: dict[str, Any]
    kind: str  # mismatch, or a protocol/process failure kind (model.py)
    message: str
    actual: dict[str, Any] | None = None  # the candidate's result, when it gave one
    choices: tuple[int, ...] = ()
    #: An allowed register entry the case touches, and the outcome under each of its readings.
    ambiguity: str | None = None
    readings: dict[str, dict[str, Any]] | None = None

    @property
    def size(self) -> int:
        return len(json.dumps(self.case, ensure_ascii=False))


@attrs.frozen
class Planned:
    """A case ready to send: what the reference expects, and what other readings allow."""

    index: int
    case: dict[str, Any]
    expected: dict[str, Any]
    choices: tuple[int, ...] = ()
    ambiguity: str | None = None
    alternatives: dict[str, dict[str, Any]] = attrs.field(factory=dict)

    def divergence(self, kind: str, message: str, actual: dict[str, Any] | None = None) -> Divergence:
        readings = None
        if self.ambiguity is not None:
            readings = {ground.ALLOWED[self.ambiguity][0]: self.expected, **self.alternatives}
        return Divergence(self.index, self.case, self.expected, kind, message, actual, self.choices, self.ambiguity, readings)


def plan(index: int, case: dict[str, Any], choices: Sequence[int] = ()) -> Planned | frozenset[str]:
    """The case planned for sending, or the register points that keep it from being sent.
    Raises whatever the reference raises (a reference bug)."""
    points = ground.register_points(case)
    if points:
        allowed = ground.allowed_readings(case, points)
        if allowed is None:
            return points
        entry, transformed = allowed
        alternatives = {reading: expected_outcome(other) for reading, other in transformed.items()}
        return Planned(index, case, expected_outcome(case), tuple(choices), entry, alternatives)
    return Planned(index, case, expected_outcome(case), tuple(choices))


def judge_result(planned: Planned, result: dict[str, Any]) -> str | None:
    """None when the result gives the reference's outcome (or, on an allowed register point,
    the outcome of another reading), else what differs from the reference's."""
    op = planned.case["operation"]
    problem = compare(op, planned.expected, result)
    if problem is None or any(compare(op, other, result) is None for other in planned.alternatives.values()):
        return None
    if planned.ambiguity:
        problem += f" (and matches no other reading of {planned.ambiguity})"
    return problem


def judge_line(planned: Planned, line: bytes, request_id: int) -> Divergence | None:
    """None when the response line agrees, else the Divergence."""
    checked = protocol.check_response(line, request_id, planned.case["operation"])
    if isinstance(checked, protocol.Violation):
        return planned.divergence(checked.kind, checked.message)
    problem = judge_result(planned, checked.result)
    return None if problem is None else planned.divergence("mismatch", problem, checked.result)


@attrs.define
class Summary:
    """What one fuzz run did (written as fuzz-summary.json)."""

    seed: int
    candidate: dict[str, Any]
    operations: list[str]
    templates: list[str]
    mode: str
    max_examples: int
    time_budget: float
    limits: Limits = attrs.Factory(Limits)  # the candidate's limits (transport.py)
    generated: int = 0
    sent: int = 0
    skipped: int = 0
    skipped_points: Counter = attrs.Factory(Counter)
    allowed_points: Counter = attrs.Factory(Counter)
    per_operation: Counter = attrs.Factory(Counter)
    elapsed: float = 0.0
    stopped_by: str = ""
    reference_errors: list[str] = attrs.Factory(list)
    divergence: Divergence | None = None
    time_to_divergence: float | None = None
    shrunk: Divergence | None = None
    shrink_seconds: float = 0.0
    shrink_calls: int = 0
    stub: str | None = None

    @property
    def throughput(self) -> float:
        return self.sent / self.elapsed if self.elapsed > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        def divergence(d: Divergence | None) -> dict[str, Any] | None:
            if d is None:
                return None
            return {"index": d.index, "operation": d.case["operation"], "kind": d.kind, "message": d.message,
                    "expected": d.expected, "actual": d.actual, "ambiguity": d.ambiguity, "readings": d.readings,
                    "input": d.case["input"]}

        return {
            "tool": "oasis-si-fuzz",
            "seed": self.seed,
            "candidate": self.candidate,
            "operations": self.operations,
            "templates": self.templates,
            "mode": self.mode,
            "limits": {
                "max_examples": self.max_examples,
                "time_budget": self.time_budget,
                "timeout_s": self.limits.timeout,
                "memory_limit_bytes": self.limits.memory,
                "cpu_limit_s": self.limits.cpu,
            },
            "generated": self.generated,
            "sent": self.sent,
            "skipped": self.skipped,
            "skipped_points": dict(sorted(self.skipped_points.items())),
            "allowed_points": dict(sorted(self.allowed_points.items())),
            "per_operation": dict(sorted(self.per_operation.items())),
            "elapsed_seconds": round(self.elapsed, 3),
            "cases_per_second": round(self.throughput, 1),
            "stopped_by": self.stopped_by,
            "reference_errors": self.reference_errors,
            "divergence": divergence(self.divergence),
            "time_to_divergence_seconds": None if self.time_to_divergence is None else round(self.time_to_divergence, 3),
            "shrunk": divergence(self.shrunk),
            "shrink_seconds": round(self.shrink_seconds, 3),
            "shrink_calls": self.shrink_calls,
            "stub": self.stub,
        }


def case_stream(seed: int, operations: Sequence[str], templates: Sequence[str]):
    """(index, case, choices) for i = 0, 1, ...: the run's seeded cases, before any skipping."""
    index = 0
    while True:
        case, choices = strategies.generate(strategies.case, f"{seed}:{index}", operations, templates=templates)
        yield index, case, choices
        index += 1


class _Asker:
    """One request at a time (shrinking, one-shot mode), through the runner's sessions
    (supervisor.py): the same failure kinds, and a restart after each failure."""

    def __init__(
        self, candidate: Candidate, hello: protocol.Hello, one_shot: bool, process: Transport | None
    ) -> None:
        session_type = OneShotSession if one_shot else StreamingSession
        self.session = session_type(candidate, RestartBudget(sys.maxsize), hello)
        self.session.fresh(process)
        self.next_id = 1 << 20

    def ask(self, planned: Planned) -> Divergence | None:
        self.next_id += 1
        request_id, op = self.next_id, planned.case["operation"]
        line = protocol.request_line(request_id, op, protocol.encode_params(planned.case["input"]))
        observation = self.session.ask(request_id, op, line)
        if not observation.ok:
            return planned.divergence(observation.kind, observation.message)
        problem = judge_result(planned, observation.result or {})
        if problem is None:
            return None
        return planned.divergence("mismatch", problem, observation.result)

    def close(self) -> None:
        self.session.close()


def _start(candidate: Candidate) -> Transport:
    """A new streaming process past its handshake (raises HandshakeError)."""
    process = candidate.spawn()
    handshake(process, candidate.limits.startup_timeout)
    return process


def search(
    candidate: Candidate,
    hello: protocol.Hello,
    summary: Summary,
    *,
    one_shot: bool,
    window: int,
    process: Transport | None,
    log: Callable[[str], None],
) -> tuple[Divergence | None, Transport | None]:
    """Phase A: the seeded stream against the candidate until a divergence or a limit. In
    streaming mode up to `window` requests are in flight on one process (the transport's
    pipelined mode); in one-shot mode they go one at a time."""
    start = time.monotonic()
    deadline = start + summary.time_budget
    stream = case_stream(summary.seed, summary.operations, summary.templates)
    inflight: deque[Planned] = deque()
    asker = _Asker(candidate, hello, True, None) if one_shot else None
    found: Divergence | None = None
    exhausted = False
    next_report = start + 5.0

    def generate_one() -> Planned | None:
        nonlocal exhausted
        while True:
            if summary.generated >= summary.max_examples:
                summary.stopped_by = "max-examples"
                exhausted = True
                return None
            if time.monotonic() >= deadline:
                summary.stopped_by = "time-budget"
                exhausted = True
                return None
            index, case, choices = next(stream)
            summary.generated += 1
            try:
                planned = plan(index, case, choices)
            except Exception as error:  # a reference bug: report it, keep fuzzing
                summary.reference_errors.append(f"case {index}: {type(error).__name__}: {error}")
                continue
            if not isinstance(planned, Planned):
                summary.skipped += 1
                summary.skipped_points.update(planned)
                continue
            summary.per_operation[case["operation"]] += 1
            if planned.ambiguity:
                summary.allowed_points[planned.ambiguity] += 1
            return planned

    while found is None:
        now = time.monotonic()
        if now >= next_report:
            log(f"  ... {summary.sent} cases sent, {summary.sent / (now - start):.0f}/s")
            next_report = now + 5.0
        if asker is not None:  # one-shot: one request at a time
            item = generate_one()
            if item is None:
                break
            summary.sent += 1
            found = asker.ask(item)
            continue
        while not exhausted and len(inflight) < window:
            item = generate_one()
            if item is None:
                break
            if process is None:
                process = _start(candidate)
            op = item.case["operation"]
            process.send(protocol.request_line(item.index + 1, op, protocol.encode_params(item.case["input"])))
            summary.sent += 1
            inflight.append(item)
        if not inflight:
            break
        assert process is not None
        lines = process.receive(len(inflight), candidate.limits.timeout)
        if not isinstance(lines, list):  # the process is ended: the oldest request failed
            observation = failure_observation(process, lines)
            found = inflight[0].divergence(observation.kind, observation.message)
            process = None
            break
        for line in lines:
            item = inflight.popleft()
            found = judge_line(item, line, item.index + 1)
            if found is not None:
                break
    summary.elapsed = time.monotonic() - start
    if found is not None:
        summary.stopped_by = "divergence"
        summary.time_to_divergence = summary.elapsed
        if process is not None:  # responses still owed to abandoned requests: start afresh
            process.kill()
            process = None
    if asker is not None:
        asker.close()
    return found, process


class _ShrinkBudgetSpent(BaseException):
    """Raised inside hypothesis when the shrink budget is spent (not an Exception, so that
    hypothesis does not take it for a test failure)."""


def shrink(
    divergence: Divergence,
    ask: Callable[[Planned], Divergence | None],
    operations: Sequence[str],
    templates: Sequence[str],
    budget: float,
) -> tuple[Divergence, int]:
    """Phase B: hypothesis replays the diverging case's choices and shrinks them (through
    `hypothesis.find` and an in-memory example database); every
    smaller normative case it tries is asked of the candidate. Returns the smallest diverging
    case found and the number of candidate calls."""
    try:
        from hypothesis import HealthCheck, Phase, find, settings
        from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
        from hypothesis.errors import HypothesisException
    except ImportError:  # hypothesis absent or older than the choice-sequence database format
        return divergence, 0

    key = b"oasis-si-fuzz-shrink"
    database = InMemoryExampleDatabase()
    # The secondary corpus: hypothesis takes a primary entry as already shrunk and would
    # replay it without shrinking.
    database.save(key + b".secondary", choices_to_bytes(list(divergence.choices)))
    deadline = time.monotonic() + budget
    seen: dict[str, Divergence | None] = {json.dumps(divergence.case, sort_keys=True): divergence}
    best = [divergence]
    calls = [0]

    def diverges(case: dict[str, Any]) -> bool:
        fingerprint = json.dumps(case, sort_keys=True)
        if fingerprint in seen:
            return seen[fingerprint] is not None
        if time.monotonic() > deadline:
            raise _ShrinkBudgetSpent  # a BaseException: it leaves hypothesis at once
        try:
            planned = plan(-1, case)
        except Exception:
            planned = frozenset({"reference-error"})
        if not isinstance(planned, Planned):
            seen[fingerprint] = None
            return False
        calls[0] += 1
        found = ask(planned)
        seen[fingerprint] = found
        if found is not None and found.size < best[0].size:
            best[0] = found
        return found is not None

    strategy = strategies.cases(list(operations), templates=list(templates))
    config = settings(
        database=database,
        phases=[Phase.reuse, Phase.shrink],
        deadline=None,
        max_examples=1,
        suppress_health_check=list(HealthCheck),
    )
    try:
        found = find(strategy, diverges, settings=config, database_key=key)
        final = seen.get(json.dumps(found, sort_keys=True))
        if final is not None and final.size <= best[0].size:
            best[0] = final
    except (_ShrinkBudgetSpent, HypothesisException, Exception):  # budget, no reproduction, a flaky candidate
        pass
    shrunk = best[0]
    if shrunk is divergence:
        return divergence, calls[0]
    return attrs.evolve(shrunk, index=-1), calls[0]


def fuzz(
    argv: list[str],
    *,
    seed: int,
    max_examples: int = 5000,
    time_budget: float = 60.0,
    shrink_budget: float = 60.0,
    operations: Sequence[str] | None = None,
    one_shot: bool = False,
    limits: Limits | None = None,
    window: int = 64,
    log: Callable[[str], None] = lambda message: None,
) -> Summary:
    """A whole run: handshake, search, shrink. Raises protocol.HandshakeError when the
    candidate cannot complete its handshake."""
    limits = limits or Limits()
    candidate = Candidate(list(argv), limits)
    hello, process = first_handshake(candidate, one_shot)
    declared = [op for op in strategies.ALL_OPERATIONS if op in hello.operations]
    wanted = list(operations) if operations else declared
    fuzzed = [op for op in strategies.ALL_OPERATIONS if op in wanted and op in declared]
    templates = [t for t in ("C-DA-001", "composite") if t in hello.templates]
    summary = Summary(
        seed=seed,
        candidate={"name": hello.name, "version": hello.version, "operations": list(hello.operations),
                   "templates": list(hello.templates), "argv": list(argv)},
        operations=fuzzed,
        templates=templates,
        mode="one-shot" if one_shot else "streaming",
        max_examples=max_examples,
        time_budget=time_budget,
        limits=limits,
    )
    if not fuzzed:
        summary.stopped_by = "nothing-to-fuzz"
        if process is not None:
            process.finish()
        return summary
    divergence, process = search(
        candidate, hello, summary, one_shot=one_shot, window=window, process=process, log=log
    )
    if divergence is None:
        if process is not None:
            process.finish()
        return summary
    summary.divergence = divergence
    log(f"divergence at case {divergence.index} ({divergence.case['operation']}, {divergence.kind}); shrinking")
    asker = _Asker(candidate, hello, one_shot, process)
    started = time.monotonic()
    try:
        summary.shrunk, summary.shrink_calls = shrink(divergence, asker.ask, fuzzed, templates, shrink_budget)
    finally:
        asker.close()
    summary.shrink_seconds = time.monotonic() - started
    return summary
