"""Differential fuzzing: a candidate against the reference, over the protocol.

Phase A (search). Case i of a run is `strategies.case` on a `RandomSource` seeded with
"<seed>:<i>" (so the stream depends only on the seed, the operations fuzzed and the templates
the candidate declares). A case on an open point that is kept off is skipped (ground.py); a
case on judged points is judged against the verdict of every reading. Each case sent goes to
the candidate, pipelined in streaming mode (up to `window` requests in flight), and its answer
is compared with the in-process reference (`oasis_si_reference.operations.perform`) under the
run's edition, as vectors are compared (conformance/compare.py): a difference only from a
convention of the kit is a convention difference. A protocol violation, crash or timeout is a
divergence too (the process is restarted and the requests it owed are sent again).

The search does not stop at a divergence: each is classified (classify.py) and counted in its
class, and the search goes on until `time_budget` seconds or `max_examples` cases.

Phase B (shrink). One representative per class (the smallest found), normative classes
first: its choice sequence is a hypothesis choice sequence for the same generator
(strategies.py), so it is saved to an in-memory hypothesis database and `hypothesis.find`
replays and shrinks it, asking the candidate (one request at a time) about every smaller case
it tries; a smaller case counts only when it diverges *in the same class*. The shrink budget
is shared among the classes.
"""

from __future__ import annotations

import json
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from oasis_si_reference.editions import DEFAULT, EDITIONS, Edition
from oasis_si_reference.operations import perform

from .. import editions as catalog_editions
from .. import protocol
from ..compare import Comparison, compare_outcome, project
from ..corpus import vectors_root
from ..model import FailureKind, Observation
from ..supervisor import (
    Candidate,
    Limits,
    OneShotSession,
    RestartBudget,
    SetupError,
    StreamingSession,
    failure_observation,
    first_handshake,
    handshake,
)
from ..transport import Timeout, Transport
from . import classify, ground, strategies
from .summary import Divergence, DivergenceClass, Summary

__all__ = ["Divergence", "Planned", "Summary", "expected_outcome", "fuzz", "plan"]

#: Violations after which the stream of answers cannot be trusted to stay in step.
_DESYNC: frozenset[str] = frozenset(
    {FailureKind.NOT_UTF8, FailureKind.NOT_JSON, FailureKind.INVALID_RESPONSE, FailureKind.WRONG_ID}
)


def expected_outcome(case: dict[str, Any], edition: Edition = DEFAULT) -> dict[str, Any]:
    """The reference's verdict on a case under an edition of the text, in the vocabulary of
    vector outcomes."""
    return project(case["operation"], perform(case["operation"], case["input"], edition))


@attrs.frozen
class Planned:
    """A case ready to send: what the reference expects, and what other readings give."""

    index: int
    case: dict[str, Any]
    expected: dict[str, Any]
    choices: tuple[int, ...] = ()
    points: tuple[str, ...] = ()  # the judged points the case touches
    touched: frozenset[str] = frozenset()  # every open point it touches (all judged)
    alternatives: tuple[tuple[str, dict[str, Any]], ...] = ()  # (readings, outcome)
    convention: str | None = None  # COMPOSITE-GRAMMAR: every difference is a convention's
    encoded: bytes = b""  # the params as the request carries them

    def params(self) -> bytes:
        return self.encoded or protocol.encode_params(self.case["input"])

    def outcomes(self) -> list[tuple[str, dict[str, Any]]]:
        return [("reference", self.expected), *self.alternatives]

    def accepts_error_response(self) -> bool:
        return any("protocol_error" in outcome for _label, outcome in self.alternatives)

    def divergence(
        self,
        kind: str,
        message: str,
        seconds: float,
        actual: dict[str, Any] | None = None,
        comparison: Comparison | None = None,
        convention: bool = False,
        error_code: str | None = None,
        reading: tuple[str, dict[str, Any]] | None = None,
    ) -> Divergence:
        """The divergence, classified against `reading` (label, outcome): the reading the
        answer is compared with, by default the reference's."""
        label, outcome = reading or ("reference", self.expected)
        differences = comparison.differences if comparison is not None else ()
        verdict = kind in (FailureKind.MISMATCH, FailureKind.ERROR_RESPONSE)
        if verdict and not convention and self.points:
            message += f" (compared with reading {label}; it matches no reading of "
            message += f"{', '.join(self.points)})"
        key = classify.key_for(
            self.case,
            outcome,
            kind,
            differences,
            convention=convention,
            error_code=error_code,
        )
        conventions = tuple(dict.fromkeys(d.convention for d in differences if d.convention))
        readings = dict(self.outcomes()) if self.points else None
        return Divergence(
            self.index,
            self.case,
            self.expected,
            kind,
            message,
            key,
            actual,
            self.choices,
            conventions if convention else (),
            self.points,
            readings,
            seconds,
        )


def plan(
    index: int, case: dict[str, Any], choices: Sequence[int] = (), edition: Edition = DEFAULT
) -> Planned | frozenset[str]:
    """The case planned for sending, or (when it may not be sent) every open point it
    touches. Raises whatever the reference raises (a reference bug)."""
    encoded, surrogates = protocol.encode_params_noting_surrogates(case["input"])
    expected = expected_outcome(case, edition)
    bound = "binding_error" not in expected
    points = ground.register_points(case, edition.name, surrogates, bound)
    if points and ground.blocking(points, case["operation"]):
        return points
    convention = ground.convention_of(case, expected)
    if not points:
        return Planned(
            index, case, expected, tuple(choices), convention=convention, encoded=encoded
        )
    judged = tuple(
        sorted(p for p in points if ground.effective_handling(ground.POINT[p]) == ground.JUDGED)
    )
    known = {id(case): expected}  # ground.alternatives shares equal transformed cases
    alternatives = tuple(
        (alt.label, _alternative_outcome(alt, edition, known))
        for alt in ground.alternatives(case, points)
    )
    return Planned(
        index, case, expected, tuple(choices), judged, points, alternatives, convention, encoded
    )


def _alternative_outcome(
    alternative: ground.Alternative, edition: Edition, known: dict[int, dict[str, Any]]
) -> dict[str, Any]:
    """The outcome under a combination of readings: fixed, or the reference's verdict on the
    transformed case (`known`: the verdicts on cases already computed, by id)."""
    if alternative.case is not None:
        key = id(alternative.case)
        if key not in known:
            known[key] = expected_outcome(alternative.case, edition)
        return known[key]
    assert alternative.outcome is not None
    return alternative.outcome


def _sort(outcome: dict[str, Any]) -> str:
    """What an outcome or a projection is: a binding error, an error response, or a verdict."""
    return next((key for key in ("binding_error", "protocol_error") if key in outcome), "verdict")


@attrs.frozen
class Judgement:
    """How an answer that matches no reading exactly compares: with which reading, and
    whether it differs on conventions only."""

    comparison: Comparison
    convention: bool
    reading: tuple[str, dict[str, Any]]


def judge_projection(planned: Planned, projection: dict[str, Any]) -> Judgement | None:
    """None when the answer gives some reading's outcome exactly. Else the reading it holds
    on (conventions aside), or, when it holds on none, the first reading of the answer's own
    sort (a verdict is compared with a verdict, so that the class names what differs in it)."""
    compared = [
        ((label, outcome), compare_outcome(outcome, projection, planned.convention))
        for label, outcome in planned.outcomes()
    ]
    if any(comparison.exact for _reading, comparison in compared):
        return None
    for reading, comparison in compared:
        if comparison.holds:
            return Judgement(comparison, True, reading)
    same_sort = [item for item in compared if _sort(item[0][1]) == _sort(projection)]
    reading, comparison = (same_sort or compared)[0]
    return Judgement(comparison, False, reading)


def judge_answer(planned: Planned, observation: Observation, seconds: float) -> Divergence | None:
    """None when the candidate's answer agrees (on everything, or under some reading)."""
    if observation.ok:
        result = observation.result or {}
        judged = judge_projection(planned, project(planned.case["operation"], result))
        if judged is None:
            return None
        return planned.divergence(
            FailureKind.MISMATCH,
            judged.comparison.describe(),
            seconds,
            result,
            judged.comparison,
            judged.convention,
            reading=judged.reading,
        )
    if observation.kind == FailureKind.ERROR_RESPONSE and planned.accepts_error_response():
        judged = judge_projection(planned, {"protocol_error": observation.error_code})
        if judged is None:
            return None
        if judged.convention:  # another error code than the reading's (PROTOCOL-ERROR-CODE)
            return planned.divergence(
                observation.kind,
                judged.comparison.describe(),
                seconds,
                None,
                judged.comparison,
                True,
                observation.error_code,
                judged.reading,
            )
    return planned.divergence(
        observation.kind, observation.message, seconds, error_code=observation.error_code
    )


def _observe_line(line: bytes, request_id: int, op: str) -> Observation:
    checked = protocol.check_response(line, request_id, op)
    if isinstance(checked, protocol.Violation):
        return Observation(
            checked.kind,
            message=checked.message,
            excerpt=checked.excerpt,
            error_code=checked.error_code,
        )
    return Observation("answer", result=checked.result)


def case_stream(
    seed: int, operations: Sequence[str], templates: Sequence[str]
) -> Iterator[tuple[int, dict[str, Any], list[int]]]:
    """(index, case, choices) for i = 0, 1, ...: the run's seeded cases, before any skipping."""
    index = 0
    while True:
        case, choices = strategies.generate(
            strategies.case, f"{seed}:{index}", operations, templates=templates
        )
        yield index, case, choices
        index += 1


class _Asker:
    """One request at a time (shrinking, one-shot mode), through the runner's sessions
    (supervisor.py): the same failure kinds, and a restart after each failure."""

    def __init__(
        self,
        candidate: Candidate,
        hello: protocol.Hello,
        one_shot: bool,
        process: Transport | None,
        edition: Edition,
    ) -> None:
        session_type = OneShotSession if one_shot else StreamingSession
        self.session = session_type(candidate, RestartBudget(sys.maxsize), hello)
        self.session.fresh(process)
        self.next_id = 1 << 30
        self.edition = edition

    def ask(self, planned: Planned, seconds: float = 0.0) -> Divergence | None:
        self.next_id += 1
        op = planned.case["operation"]
        params = planned.params()
        line = protocol.request_line(self.next_id, op, params, self.edition.name)
        return judge_answer(planned, self.session.ask(self.next_id, op, line), seconds)

    def close(self) -> None:
        self.session.close()


class _Search:
    """Phase A: the seeded stream against the candidate until the time budget or the case
    limit, every divergence classified and counted."""

    def __init__(
        self,
        candidate: Candidate,
        hello: protocol.Hello,
        summary: Summary,
        edition: Edition,
        log: Callable[[str], None],
        stop_on_normative: bool = False,
    ) -> None:
        self.candidate, self.hello, self.summary = candidate, hello, summary
        self.stop_on_normative = stop_on_normative
        self.edition, self.log = edition, log
        self.stream = case_stream(summary.seed, summary.operations, summary.templates)
        self.start = time.monotonic()
        self.deadline = self.start + summary.time_budget
        self.exhausted = False

    def seconds(self) -> float:
        return time.monotonic() - self.start

    def next_case(self) -> Planned | None:
        """The next case to send, or None when the search is over."""
        summary = self.summary
        while True:
            if summary.max_examples is not None and summary.generated >= summary.max_examples:
                summary.stopped_by, self.exhausted = "max-examples", True
                return None
            if time.monotonic() >= self.deadline:
                summary.stopped_by, self.exhausted = "time-budget", True
                return None
            if self.stop_on_normative and summary.normative:
                summary.stopped_by, self.exhausted = "normative-divergence", True
                return None
            index, case, choices = next(self.stream)
            summary.generated += 1
            try:
                planned = plan(index, case, choices, self.edition)
            except Exception as error:  # a reference bug: report it, keep fuzzing
                summary.reference_errors.append(f"case {index}: {type(error).__name__}: {error}")
                continue
            if not isinstance(planned, Planned):
                summary.skipped += 1
                summary.count_points(planned, sent=False)
                continue
            summary.count_points(planned.touched, sent=True)
            summary.per_operation[case["operation"]] += 1
            return planned

    def record(self, divergence: Divergence | None) -> None:
        if divergence is not None and self.summary.record(divergence):
            where = f"case {divergence.index} ({divergence.seconds:.2f} s)"
            self.log(f"  new class at {where}: {divergence.key.label()}")

    def report_progress(self, now: float, state: list[float]) -> None:
        if now >= state[0]:
            classes = self.summary.classes
            normative = sum(1 for key in classes if key.normative)
            rate = self.summary.sent / (now - self.start)
            self.log(
                f"  ... {self.summary.sent} cases sent, {rate:.0f}/s; "
                f"{normative} normative and {len(classes) - normative} convention classes"
            )
            state[0] = now + 5.0

    def one_shot(self) -> None:
        asker = _Asker(self.candidate, self.hello, True, None, self.edition)
        progress = [self.start + 5.0]
        try:
            while (item := self.next_case()) is not None:
                self.report_progress(time.monotonic(), progress)
                self.summary.sent += 1
                self.record(asker.ask(item, self.seconds()))
        finally:
            asker.close()

    def streaming(self, process: Transport | None, window: int) -> Transport | None:
        """Pipelined: up to `window` requests in flight on one process; after a failure the
        requests the process still owed go to a fresh one."""
        summary, limits = self.summary, self.candidate.limits
        inflight: deque[Planned] = deque()
        owed: deque[Planned] = deque()  # sent to a process that ended before answering them
        progress = [self.start + 5.0]
        front_since = time.monotonic()
        hard_deadline = self.deadline + limits.timeout
        while True:
            self.report_progress(time.monotonic(), progress)
            while len(inflight) < window:
                if owed:
                    item: Planned | None = owed.popleft()
                else:
                    item = None if self.exhausted else self.next_case()
                    summary.sent += item is not None
                if item is None:
                    break
                if process is None:
                    process = self._restart()
                    if process is None:
                        summary.unjudged += len(inflight) + len(owed) + 1
                        return None
                    front_since = time.monotonic()
                params = item.params()
                op = item.case["operation"]
                process.send(protocol.request_line(item.index + 1, op, params, self.edition.name))
                if not inflight:
                    front_since = time.monotonic()
                inflight.append(item)
            if not inflight:
                return process
            assert process is not None
            now = time.monotonic()
            wait = min(limits.timeout - (now - front_since), hard_deadline - now)
            lines = process.receive(len(inflight), max(0.0, wait))
            if isinstance(lines, Timeout) and time.monotonic() - front_since < limits.timeout:
                summary.notes.append(
                    f"{len(inflight)} request(s) still unanswered {limits.timeout:g} s after "
                    "the time budget; abandoned"
                )
                summary.unjudged += len(inflight)
                process.kill()
                return None
            if not isinstance(lines, list):  # the process ended: the oldest request failed
                observation = failure_observation(process, lines)
                failed = inflight.popleft()
                self.record(
                    failed.divergence(observation.kind, observation.message, self.seconds())
                )
                owed.extendleft(reversed(inflight))
                inflight.clear()
                process = None
                continue
            for line in lines:
                item = inflight.popleft()
                front_since = time.monotonic()
                observation = _observe_line(line, item.index + 1, item.case["operation"])
                self.record(judge_answer(item, observation, self.seconds()))
                if observation.kind in _DESYNC:
                    process.kill()
                    process = None
                    owed.extendleft(reversed(inflight))
                    inflight.clear()
                    break

    def _restart(self) -> Transport | None:
        """A new streaming process past its handshake, or None (noted) when it cannot start."""
        try:
            process = self.candidate.spawn()
            handshake(process, self.candidate.limits.startup_timeout)
        except (protocol.HandshakeError, SetupError) as error:
            self.summary.stopped_by = "restart-failed"
            self.exhausted = True
            self.summary.notes.append(f"the candidate could not be restarted: {error}")
            return None
        self.summary.restarts += 1
        return process


def search(
    candidate: Candidate,
    hello: protocol.Hello,
    summary: Summary,
    edition: Edition,
    *,
    one_shot: bool,
    window: int,
    process: Transport | None,
    log: Callable[[str], None],
    stop_on_normative: bool = False,
) -> Transport | None:
    """Phase A. Returns the streaming process still running, if any."""
    run = _Search(candidate, hello, summary, edition, log, stop_on_normative)
    try:
        if one_shot:
            run.one_shot()
            process = None
        else:
            process = run.streaming(process, window)
    finally:
        summary.elapsed = run.seconds()
    return process


class _ShrinkBudgetSpent(BaseException):
    """Raised inside hypothesis when the shrink budget is spent (not an Exception, so that
    hypothesis does not take it for a test failure)."""


def shrink(
    divergence: Divergence,
    ask: Callable[[Planned], Divergence | None],
    operations: Sequence[str],
    templates: Sequence[str],
    budget: float,
    edition: Edition = DEFAULT,
) -> tuple[Divergence, int]:
    """Phase B, for one class: hypothesis replays the divergence's choices and shrinks them
    (through `hypothesis.find` and an in-memory example database); every smaller case it
    tries is asked of the candidate, and counts when it diverges in the same class. Returns
    the smallest such divergence and the number of candidate calls."""
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
            planned = plan(-1, case, (), edition)
        except Exception:
            planned = frozenset({"reference-error"})
        found = None
        if isinstance(planned, Planned):
            calls[0] += 1
            found = ask(planned)
            if found is not None and found.key != divergence.key:
                found = None  # another class: not what is being shrunk
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
        find(strategy, diverges, settings=config, database_key=key)
    except (
        _ShrinkBudgetSpent,
        HypothesisException,
        Exception,
    ):  # budget, no reproduction, a flaky candidate
        pass
    shrunk = best[0]
    if shrunk is divergence:
        return divergence, calls[0]
    return attrs.evolve(shrunk, index=-1, seconds=divergence.seconds), calls[0]


def shrink_classes(
    summary: Summary,
    asker: _Asker,
    budget: float,
    edition: Edition,
    log: Callable[[str], None],
) -> None:
    """Shrink one representative per class, normative classes first, sharing `budget`."""
    started = time.monotonic()
    ordered: list[DivergenceClass] = summary.ordered()
    for number, divergence_class in enumerate(ordered):
        left = budget - (time.monotonic() - started)
        share = left / (len(ordered) - number)
        if share < 0.05:
            break
        began = time.monotonic()
        divergence_class.shrunk, divergence_class.shrink_calls = shrink(
            divergence_class.smallest,
            asker.ask,
            summary.operations,
            summary.templates,
            share,
            edition,
        )
        if divergence_class.shrunk is divergence_class.smallest:
            divergence_class.shrunk = None
        divergence_class.shrink_seconds = time.monotonic() - began
        log(f"  shrunk {divergence_class.key.label()} in {divergence_class.shrink_seconds:.1f} s")
    summary.shrink_seconds = time.monotonic() - started


def select_edition(requested: str | None, hello: protocol.Hello) -> tuple[Edition, tuple[str, ...]]:
    """The run's edition, as oasis-si-conformance selects it (conformance/editions.py), with
    its warnings. Raises editions.EditionError."""
    known = catalog_editions.load(vectors_root())
    selection = catalog_editions.select(known, requested, hello.profiles)
    return EDITIONS[selection.edition.name], selection.warnings


def fuzz(
    argv: list[str],
    *,
    seed: int,
    max_examples: int | None = None,
    time_budget: float = 60.0,
    shrink_budget: float = 60.0,
    operations: Sequence[str] | None = None,
    one_shot: bool = False,
    limits: Limits | None = None,
    window: int = 64,
    edition: str | None = None,
    log: Callable[[str], None] = lambda message: None,
    stop_on_normative: bool = False,
    on_summary: Callable[[Summary], None] | None = None,
) -> Summary:
    """A whole run: handshake, edition, search, shrink. Raises protocol.HandshakeError when
    the candidate cannot complete its handshake, editions.EditionError when no edition can
    be decided (both: exit status 2). `stop_on_normative`: end the search at the first
    normative divergence (benchmarks measure the time to it; the CLI never stops early)."""
    limits = limits or Limits()
    candidate = Candidate(list(argv), limits)
    hello, process = first_handshake(candidate, one_shot)
    try:
        chosen, warnings = select_edition(edition, hello)
    except catalog_editions.EditionError:
        if process is not None:
            process.kill()
        raise
    declared = [op for op in strategies.ALL_OPERATIONS if op in hello.operations]
    wanted = list(operations) if operations else declared
    fuzzed = [op for op in strategies.ALL_OPERATIONS if op in wanted and op in declared]
    templates: list[str] = [t for t in ("C-DA-001", "composite") if t in hello.templates]
    summary = Summary(
        seed=seed,
        candidate={
            "name": hello.name,
            "version": hello.version,
            "operations": list(hello.operations),
            "templates": list(hello.templates),
            "profiles": list(hello.profiles),
            "argv": list(argv),
        },
        operations=fuzzed,
        templates=templates,
        mode="one-shot" if one_shot else "streaming",
        max_examples=max_examples,
        time_budget=time_budget,
        shrink_budget=shrink_budget,
        edition=chosen.name,
        edition_warnings=list(warnings),
        limits=limits,
    )
    if on_summary is not None:  # the summary fills in as the run goes (kept on an interrupt)
        on_summary(summary)
    if not fuzzed:
        summary.stopped_by = "nothing-to-fuzz"
        if process is not None:
            process.finish()
        return summary
    process = search(
        candidate,
        hello,
        summary,
        chosen,
        one_shot=one_shot,
        window=window,
        process=process,
        log=log,
        stop_on_normative=stop_on_normative,
    )
    if not summary.classes or shrink_budget <= 0:
        if process is not None:
            process.finish()
        return summary
    log(f"{len(summary.classes)} divergence class(es); shrinking")
    asker = _Asker(candidate, hello, one_shot, process, chosen)
    try:
        shrink_classes(summary, asker, shrink_budget, chosen, log)
    finally:
        asker.close()
    return summary
