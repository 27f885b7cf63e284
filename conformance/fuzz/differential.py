"""Differential fuzzing: a candidate against the reference, over the protocol.

Phase A (search). Case i of a run is `strategies.case` on a `RandomSource` seeded with
"<seed>:<i>" (so the stream depends only on the seed, the operations fuzzed and the templates
the candidate declares). A case on an open point that is kept off is skipped (ground.py); a
case on judged points is judged against the verdict of every reading. Each case sent goes to
the candidate, pipelined in streaming mode (up to `window` requests in flight), and its answer
is compared with the in-process reference (`oasis_si_reference.operations.perform`) under the
run's edition, as vectors are compared (conformance/judging/compare.py): a difference only from a
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

import itertools
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from oasis_si_conformance.corpus import editions as catalog_editions
from oasis_si_conformance.corpus.corpus import vectors_root
from oasis_si_conformance.fuzz import cause, classify, ground, planahead, reduce, strategies
from oasis_si_conformance.fuzz.shards import ShardPlan, run_shards
from oasis_si_conformance.fuzz.summary import Divergence, DivergenceClass, Summary
from oasis_si_conformance.judging import judge
from oasis_si_conformance.judging.compare import Comparison, compare_outcome, project
from oasis_si_conformance.model import FailureKind, Observation
from oasis_si_conformance.running import protocol
from oasis_si_conformance.running.protocol import HandshakeError
from oasis_si_conformance.running.session import (
    Candidate,
    Limits,
    Request,
    RestartBudget,
    Session,
    SetupError,
    first_handshake,
    open_session,
)
from oasis_si_conformance.running.transport import CandidateEnvironment
from oasis_si_reference.operations import perform
from oasis_si_schemas.editions import DEFAULT, Edition

__all__ = ["Divergence", "Planned", "Summary", "expected_outcome", "fuzz", "plan"]


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
        return judge.accepts_error(outcome for _label, outcome in self.outcomes())

    def request(self, request_id: int, edition: str) -> Request:
        op = self.case["operation"]
        return Request(
            request_id, op, protocol.request_line(request_id, op, self.params(), edition), self
        )

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
            label,
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
    options = ground.alternatives(case, points)
    if any(alt.unknown for alt in options):
        return points  # some reading's verdict is not known for this case: kept off
    alternatives = tuple((alt.label, _alternative_outcome(alt, edition, known)) for alt in options)
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


def judge_answer(planned: Planned, observation: Observation, seconds: float) -> Divergence | None:
    """None when the candidate's answer agrees (on everything, or under some reading); the
    answer is judged as a vector's is (judge.py)."""
    op = planned.case["operation"]
    projected = judge.projection(op, observation, planned.accepts_error_response())
    if projected is None:
        return planned.divergence(
            observation.kind, observation.message, seconds, error_code=observation.error_code
        )
    judged = judge.judge(planned.outcomes(), projected, planned.convention)
    if judged.exact:
        return None
    if not observation.ok:  # an error response where some reading rejects the request
        if not judged.holds:
            return planned.divergence(
                observation.kind, observation.message, seconds, error_code=observation.error_code
            )
        message = judged.comparison.describe()  # another code than the reading's
        return planned.divergence(
            observation.kind,
            message,
            seconds,
            None,
            judged.comparison,
            True,
            observation.error_code,
            judged.shown,
        )
    return planned.divergence(
        FailureKind.MISMATCH,
        judged.comparison.describe(),
        seconds,
        observation.result or {},
        judged.comparison,
        judged.holds,
        reading=judged.shown,
    )


def holds_under(seen: cause.Witness, edition: Edition) -> bool | None:
    """Whether the candidate's outcome on a case holds under `edition`: the case planned as a
    case of that edition (its verdict and every reading's) and the outcome judged against
    them, conventions aside. On a case touching a point the fuzzer keeps off under that
    edition, only the reference's reading there is known: True when the outcome holds under
    it, else None (no verdict to judge by); None too when the reference raises on the case."""
    case, outcome = seen
    try:
        planned = plan(-1, case, (), edition)
        if not isinstance(planned, Planned):  # a point the fuzzer keeps off under that edition
            if compare_outcome(expected_outcome(case, edition), outcome).holds:
                return True  # the reference's reading of it
            return _holds_under_a_reading(case, outcome, edition, sorted(planned))
    except Exception:  # the reference raises on the case under that edition: no verdict
        return None
    return judge.judge(planned.outcomes(), outcome, planned.convention).holds


def _holds_under_a_reading(
    case: dict[str, Any], outcome: dict[str, Any], edition: Edition, points: Sequence[str]
) -> bool | None:
    """True when the outcome is what the independent evaluator (the kit's second executable
    interpretation) answers under `edition` with some combination of readings of `points`,
    the open points the fuzzer keeps off there; else None (no verdict to judge by)."""
    from oasis_si_conformance.independent.readings import READINGS, Readings

    if not points or not all(point in READINGS for point in points):
        return None
    found = cause.catalog()
    op = case["operation"]
    request = {"id": 1, "op": op, "params": case["input"], "edition": edition.name}
    choices = [ground.readings_of(ground.POINT[point]) for point in points]
    for combination in itertools.product(*choices):
        readings = Readings()
        try:
            for point, reading in zip(points, combination, strict=True):
                readings = readings.with_reading(point, reading)
        except (KeyError, ValueError):  # a reading the independent evaluator does not take
            continue
        response = found.server(found.config(readings, edition=edition.name)).answer(request)
        if "result" in response and compare_outcome(project(op, response["result"]), outcome).holds:
            return True
    return None


def case_stream(
    seed: int, operations: Sequence[str], templates: Sequence[str], start: int = 0, step: int = 1
) -> Iterator[tuple[int, dict[str, Any], list[int]]]:
    """(index, case, choices) for i = 0, 1, ...: the run's seeded cases, before any skipping
    (`start`, `step`: every step-th case from start on, for one of several planners)."""
    index = start
    while True:
        case, choices = strategies.generate(
            strategies.case, f"{seed}:{index}", operations, templates=templates
        )
        yield index, case, choices
        index += step


def planned_stream(
    seed: int,
    operations: Sequence[str],
    templates: Sequence[str],
    edition: Edition = DEFAULT,
    start: int = 0,
    step: int = 1,
) -> Iterator[Planned | frozenset[str] | str]:
    """`plan` on each case of `case_stream`, in order: the Planned case, the open points of a
    case that may not be sent, or (a reference bug) "case I: Error: message"."""
    for index, case, choices in case_stream(seed, operations, templates, start, step):
        try:
            yield plan(index, case, choices, edition)
        except Exception as error:  # a reference bug: report it, keep fuzzing
            yield f"case {index}: {type(error).__name__}: {error}"


class _Asker:
    """One request at a time (shrinking), on the run's session (session.py): the same
    failure kinds, and a restart after each failure."""

    def __init__(self, session: Session, edition: Edition) -> None:
        self.session = session
        self.next_id = 1 << 30
        self.edition = edition

    def ask(self, planned: Planned, seconds: float = 0.0) -> Divergence | None:
        self.next_id += 1
        observation = self.session.ask(planned.request(self.next_id, self.edition.name))
        return judge_answer(planned, observation, seconds)

    def outcome(self, case: dict[str, Any]) -> dict[str, Any] | None:
        """The candidate's outcome on a case, when it is known exactly (cause.Probe): its
        result where it diverges, the reference's outcome where it agrees on a case that
        touches no open point or convention; None otherwise (a failure, or agreement under
        some reading)."""
        try:
            planned = plan(-1, case, (), self.edition)
        except Exception:  # the reference raises on the case: nothing to compare with
            return None
        if not isinstance(planned, Planned):
            return None
        found = self.ask(planned)
        if found is None:
            agreed = not planned.touched and planned.convention is None
            return planned.expected if agreed else None
        return None if found.actual is None else project(case["operation"], found.actual)


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
        plan_ahead: int = 0,
        *,
        start: int = 0,
        step: int = 1,
        stop: Any = None,
    ) -> None:
        """`start`, `step`: the cases start, start + step, ... (one shard's, shards.py);
        `stop`: with `stop_on_normative`, an event shared by the shards, set by the first
        normative divergence, that ends every shard's search."""
        self.candidate, self.hello, self.summary = candidate, hello, summary
        self.stop_on_normative, self.stop = stop_on_normative, stop
        self.edition, self.log = edition, log

        def outcomes(first: int = 0, every: int = 1) -> Iterator[Planned | frozenset[str] | str]:
            ops, templates = summary.operations, summary.templates
            return planned_stream(
                summary.seed, ops, templates, edition, start + first * step, every * step
            )

        self.planners = planahead.start(outcomes, int(plan_ahead))
        self.stream = planahead.interleave(self.planners) if self.planners else outcomes()
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
                if self.stop is not None:
                    self.stop.set()
                return None
            if self.stop is not None and self.stop.is_set():  # another shard found one
                summary.stopped_by, self.exhausted = "normative-divergence", True
                return None
            planned = next(self.stream)
            summary.generated += 1
            if isinstance(planned, str):  # a reference bug: reported, and fuzzing goes on
                summary.reference_errors.append(planned)
                continue
            if not isinstance(planned, Planned):
                summary.skipped += 1
                summary.count_points(planned, sent=False)
                continue
            summary.count_points(planned.touched, sent=True)
            summary.per_operation[planned.case["operation"]] += 1
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

    def requests(self) -> Iterator[Request]:
        """The cases to send, as requests (id: the case's index + 1), until the search ends."""
        progress = [self.start + 5.0]
        while not self.exhausted:
            self.report_progress(time.monotonic(), progress)
            item = self.next_case()
            if item is None:
                return
            self.summary.sent += 1
            yield item.request(item.index + 1, self.edition.name)

    def deliver(self, request: Request, observation: Observation) -> None:
        """Judge one answer; a candidate that cannot be restarted ends the search."""
        if observation.kind == FailureKind.STARTUP:
            self.summary.unjudged += 1
            if not self.exhausted:
                self.summary.stopped_by = "restart-failed"
                self.exhausted = True
                self.summary.notes.append(observation.message)
            return
        self.record(judge_answer(request.tag, observation, self.seconds()))

    def run(self, session: Session) -> None:
        """Send the stream on the session (pipelined in streaming mode); the requests still
        unanswered one timeout after the time budget are abandoned."""
        hard_deadline = self.deadline + self.candidate.limits.timeout
        left = session.serve(self.requests(), self.deliver, deadline=hard_deadline, give_up=True)
        if left and self.summary.stopped_by != "restart-failed":
            self.summary.notes.append(
                f"{len(left)} request(s) still unanswered {self.candidate.limits.timeout:g} s"
                " after the time budget; abandoned"
            )
        self.summary.unjudged += len(left)


def search(
    session: Session,
    summary: Summary,
    edition: Edition,
    *,
    log: Callable[[str], None],
    stop_on_normative: bool = False,
    plan_ahead: int = 0,
) -> None:
    """Phase A, on the run's session (`plan_ahead`: cases planned in that many processes
    besides the run's, planahead.py)."""
    run = _Search(
        session.candidate, session.declared, summary, edition, log, stop_on_normative, plan_ahead
    )
    try:
        run.run(session)
    finally:
        summary.elapsed = run.seconds()
        planahead.close(run.planners)


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
    *,
    structural: bool = True,
    stats: dict[str, Any] | None = None,
) -> tuple[Divergence, int]:
    """Phase B, for one class: hypothesis replays the divergence's choices and shrinks them
    (through `hypothesis.find` and an in-memory example database), for half the budget at
    most; then the structural pass (reduce.py) takes the smallest case to a local minimum
    with what is left. Every smaller case tried is planned (a case the reference raises on,
    or that lands on a blocking open point, is no divergence) and asked of the candidate, and
    counts when it diverges in the same class and touches no open point the divergence's case
    does not (a shrunk case keeps its cause: it does not drift onto another point's readings).
    Returns the smallest such divergence and the number of candidate calls (`stats`, when
    given, receives whether the structural pass ended at a local minimum: "minimal"). The
    budget running out, hypothesis finding no reproduction or a flaky candidate, and a
    candidate that cannot be started end the shrinking quietly; anything else is a bug of the
    shrinker and is raised."""
    started = time.monotonic()
    deadline = [started + (budget / 2 if structural else budget)]
    seen: dict[str, Divergence | None] = {json.dumps(divergence.case, sort_keys=True): divergence}
    best = [divergence]
    calls = [0]
    observed: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def spent() -> bool:
        return time.monotonic() > deadline[0]

    def asked(case: dict[str, Any]) -> Divergence | None:
        fingerprint = json.dumps(case, sort_keys=True)
        if fingerprint in seen:
            return seen[fingerprint]
        try:
            planned = plan(-1, case, (), edition)
        except Exception:  # the reference raises on it: not a divergence to shrink to
            planned = frozenset({"reference-error"})
        found = None
        if isinstance(planned, Planned) and _same_clauses(planned, divergence):
            calls[0] += 1
            found = ask(planned)
            if found is not None and found.key != divergence.key:
                found = None  # another class: not what is being shrunk (and no witness of it)
            elif found is not None and not set(found.points) <= set(divergence.points):
                found = None  # drifted onto an open point the class's case does not touch
            else:
                _witness(observed, planned, found)
        seen[fingerprint] = found
        return found

    def diverges(case: dict[str, Any]) -> bool:
        if json.dumps(case, sort_keys=True) not in seen and spent():
            raise _ShrinkBudgetSpent  # a BaseException: it leaves hypothesis at once
        found = asked(case)
        if found is not None and found.size < best[0].size:
            best[0] = found
        return found is not None

    try:
        _hypothesis_shrink(divergence, diverges, operations, templates)
        if structural:
            deadline[0] = started + budget
            reduced = reduce.reduce(best[0].case, lambda case: asked(case) is not None, spent)
            found = seen[json.dumps(reduced.case, sort_keys=True)]
            assert found is not None
            best[0] = found
            if stats is not None:
                stats["minimal"] = reduced.minimal
    except (SetupError, HandshakeError):  # the candidate cannot be started any more
        pass
    if stats is not None:
        stats["observed"] = observed
    shrunk = best[0]
    if shrunk is divergence:
        return divergence, calls[0]
    return attrs.evolve(shrunk, index=-1, seconds=divergence.seconds), calls[0]


def _same_clauses(planned: Planned, divergence: Divergence) -> bool:
    """Whether a case can diverge in the divergence's class: the clauses of a class come from
    the reference's outcome alone (classify.case_clauses), so a case whose outcome is about
    other clauses (another row, a binding error) is not asked of the candidate."""
    return classify.case_clauses(planned.case, planned.expected) == divergence.key.clauses


def _witness(
    observed: list[tuple[dict[str, Any], dict[str, Any]]],
    planned: Planned,
    found: Divergence | None,
) -> None:
    """Note what the candidate answered on a case tried while shrinking, in the vocabulary
    of outcomes, when that is known exactly: its result on a divergence of the class being
    shrunk, or (agreeing on a case that touches no open point or convention) the reference's
    outcome. cause.py checks causes on these (a divergence of another class is another
    defect's, and is not noted)."""
    if found is not None and found.actual is not None:
        observed.append((planned.case, project(planned.case["operation"], found.actual)))
    elif found is None and not planned.touched and planned.convention is None:
        observed.append((planned.case, planned.expected))


def _hypothesis_shrink(
    divergence: Divergence,
    diverges: Callable[[dict[str, Any]], bool],
    operations: Sequence[str],
    templates: Sequence[str],
) -> None:
    """hypothesis replays the divergence's choice sequence and shrinks it, calling
    `diverges` on every case it tries (which records the smallest)."""
    try:
        from hypothesis import HealthCheck, Phase, find, settings
        from hypothesis.database import InMemoryExampleDatabase, choices_to_bytes
        from hypothesis.errors import Flaky, NoSuchExample, Unsatisfiable
    except ImportError:  # hypothesis absent or older than the choice-sequence database format
        return
    key = b"oasis-si-fuzz-shrink"
    database = InMemoryExampleDatabase()
    # The secondary corpus: hypothesis takes a primary entry as already shrunk and would
    # replay it without shrinking.
    database.save(key + b".secondary", choices_to_bytes(list(divergence.choices)))
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
    except (_ShrinkBudgetSpent, NoSuchExample, Unsatisfiable, Flaky):
        pass  # the budget is spent, no reproduction, or a flaky candidate


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
        shrink_one(divergence_class, summary, asker, share, edition, log)
    summary.shrink_seconds = time.monotonic() - started


def shrink_one(
    divergence_class: DivergenceClass,
    summary: Summary,
    asker: _Asker,
    budget: float,
    edition: Edition,
    log: Callable[[str], None],
) -> None:
    """Shrink one class's smallest divergence within `budget` seconds."""
    began = time.monotonic()
    stats: dict[str, Any] = {}
    divergence_class.shrunk, divergence_class.shrink_calls = shrink(
        divergence_class.smallest,
        asker.ask,
        summary.operations,
        summary.templates,
        budget,
        edition,
        stats=stats,
    )
    divergence_class.minimal = stats.get("minimal")
    divergence_class.observed = stats.get("observed", [])
    if divergence_class.shrunk is divergence_class.smallest:
        divergence_class.shrunk = None
    divergence_class.shrink_seconds = time.monotonic() - began
    log(f"  shrunk {divergence_class.key.label()} in {divergence_class.shrink_seconds:.1f} s")


def select_edition(requested: str | None, hello: protocol.Hello) -> tuple[Edition, tuple[str, ...]]:
    """The run's edition, as oasis-si-conformance selects it (conformance/corpus/editions.py), with
    its warnings. Raises editions.EditionError."""
    known = catalog_editions.load(vectors_root())
    selection = catalog_editions.select(known, requested, hello.profiles)
    return selection.edition, selection.warnings


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
    explain: bool | None = None,
    plan_ahead: int = 0,
    shards: int = 1,
    environment: CandidateEnvironment | None = None,
) -> Summary:
    """A whole run: handshake, edition, search, shrink. Raises protocol.HandshakeError when
    the candidate cannot complete its handshake, editions.EditionError when no edition can
    be decided (both: exit status 2). `stop_on_normative`: end the search at the first
    normative divergence (benchmarks measure the time to it; the CLI never stops early).
    `explain`: class the divergences by cause after shrinking (cause.py); by default unless
    `stop_on_normative` (a benchmark's run, which only times the search).
    `plan_ahead`: generate and plan the cases in that many processes besides the run's, each
    every n-th case (planahead.py; the same cases and verdicts, on more cores).
    `shards`: search in that many processes, each with a candidate process of its own
    (shards.py; with a case limit, the same classes and counts); not with `plan_ahead`.
    `environment`: what the candidate's processes get (default: the fuzzer's environment)."""
    if shards > 1 and plan_ahead:
        raise ValueError("shards and plan_ahead are alternatives")
    limits = limits or Limits()
    environment = environment or CandidateEnvironment()
    candidate = Candidate(list(argv), limits, environment=environment)
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
    budget = RestartBudget(sys.maxsize)
    session = open_session(candidate, budget, hello, one_shot, window)
    session.fresh(process)
    try:
        if shards > 1:
            plan = ShardPlan(
                list(argv),
                limits,
                hello,
                chosen,
                one_shot,
                window,
                stop_on_normative,
                _Search,
                environment,
            )
            run_shards(plan, summary, shards, log)
        else:
            search(
                session,
                summary,
                chosen,
                log=log,
                stop_on_normative=stop_on_normative,
                plan_ahead=plan_ahead,
            )
            summary.restarts = budget.spent
        asker = _Asker(session, chosen)
        if summary.classes and shrink_budget > 0:
            log(f"{len(summary.classes)} divergence class(es); shrinking")
            shrink_classes(summary, asker, shrink_budget, chosen, log)
        if summary.classes and (not stop_on_normative if explain is None else explain):
            cause.classes_by_cause(
                summary,
                chosen,
                log,
                _split_shrinker(summary, asker, chosen, log),
                asker.outcome,
                holds_under,
            )
    except KeyboardInterrupt:  # the answers in flight are not judged: the session delivers
        candidate.stop()  # nothing more (no trailing output taken for the candidate's)
        raise
    finally:
        session.close()
    return summary


def _split_shrinker(
    summary: Summary, asker: _Asker, edition: Edition, log: Callable[[str], None]
) -> Callable[[DivergenceClass], None]:
    """Shrinking for a class split off by cause: half of what is left of the shrink budget."""

    def shrink_split(divergence_class: DivergenceClass) -> None:
        left = summary.shrink_budget - summary.shrink_seconds
        if left / 2 >= 0.05:
            shrink_one(divergence_class, summary, asker, left / 2, edition, log)
            summary.shrink_seconds += divergence_class.shrink_seconds

    return shrink_split
