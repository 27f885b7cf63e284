"""A fuzz campaign: the same generated cases sent to several candidates and the reference.

Cases are the seeded stream of a single run (differential.py), drawn with the open points too
(`strategies.case(..., normative=False)`): a case is planned as a single run plans it
(`differential.plan`: the reference's verdict and, for every judged point it touches, the
verdict under each combination of readings); a case on an open point that a single run keeps
off is judged here too when the campaign has a judge for the point (campaign_judges.py: the
point's readings computed from the reference's verdict on a transformed case), and skipped
otherwise. Each answer is judged as a single run judges it (`differential.judge_answer`: a
divergence is a defect of that candidate against the text, classed as today), and the readings
whose verdicts it satisfies (judge.py) are what it *follows* on that case.

Candidates that answer one case differently *disagree*; disagreement.py classes each
disagreement (a defect of one of them, a difference of readings of a register entry, an open
point the register lacks, conventions).

Sessions: one per candidate (streaming or one-shot, restarts as in a single run), each served
on a thread of its own over the same batch of cases, so that the requests of a case are in
flight at every candidate at once while the next batch is generated and planned.
"""

from __future__ import annotations

import json
import shlex
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import editions as catalog_editions
from oasis_si_conformance.fuzz import cause, classify, strategies
from oasis_si_conformance.fuzz.campaign_judges import plan_case
from oasis_si_conformance.fuzz.differential import (
    Planned,
    _Asker,
    _split_shrinker,
    holds_under,
    judge_answer,
    select_edition,
    shrink,
    shrink_classes,
)
from oasis_si_conformance.fuzz.disagreement import (
    CONVENTION,
    DEFECT,
    EDITION,
    OPEN_POINT,
    READING,
    Answer,
    DisagreementClass,
    DisagreementKey,
    disagreement,
    error_codes,
    judged,
)
from oasis_si_conformance.fuzz.summary import Divergence, Summary
from oasis_si_conformance.model import FailureKind, Observation
from oasis_si_conformance.running import protocol
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
from oasis_si_conformance.safetext import candidate_text, one_line, printable
from oasis_si_schemas.editions import Edition

#: Cases generated and planned ahead of the candidates, per batch.
BATCH: Final = 256


# The campaign ---------------------------------------------------------------------------------


class _Cancelled(Exception):
    """The campaign ended (interrupted) while a session served a batch."""


@attrs.define
class Member:
    """One candidate of the campaign: its session and its own single-run summary."""

    number: int
    argv: list[str]
    hello: protocol.Hello
    session: Session
    summary: Summary
    budget: RestartBudget
    stopped: bool = False
    cancelled: threading.Event = attrs.Factory(threading.Event)
    #: point -> the readings every answer of it on the point held under.
    profile: dict[str, frozenset[str]] = attrs.Factory(dict)
    started: float = attrs.Factory(time.monotonic)

    @property
    def name(self) -> str:
        return f"candidate {self.number}"

    def serve(self, batch: Sequence[Planned], edition: str, deadline: float) -> dict[int, Any]:
        """Send the batch (pipelined on a streaming session); the observations by request id."""
        answers: dict[int, Observation] = {}
        requests = [item.request(item.index + 1, edition) for item in batch]
        asked = {request.id for request in requests}

        def deliver(request: Request, observation: Observation) -> None:
            if self.cancelled.is_set():
                raise _Cancelled  # leaves session.serve before it restarts a process
            if observation.kind == FailureKind.STARTUP:
                self.summary.unjudged += 1
                if not self.stopped:
                    self.stopped = True
                    self.summary.stopped_by = "restart-failed"
                    self.summary.notes.append(observation.message)
                return
            if request.id in asked:
                answers[request.id] = observation
            else:
                self.late(request, observation)

        self.summary.sent += len(requests)
        left = self.session.serve(requests, deliver, deadline=deadline, give_up=True)
        self.summary.unjudged += len(left)
        if left and not self.stopped:
            self.stopped = True
            self.summary.stopped_by = self.summary.stopped_by or "time-budget"
        return answers

    def late(self, request: Request, observation: Observation) -> None:
        """An observation of a request no batch is waiting for: a second answer to a request
        of an earlier batch or of the shrinker, or output after the last answer at EOF. It
        fails that request (extra_output), recorded as a single run records it."""
        if isinstance(request.tag, Planned):
            found = judge_answer(request.tag, observation, time.monotonic() - self.started)
            if found is not None:
                self.summary.record(found)

    def finish(self) -> None:
        """End the candidate's process at EOF, held to a single run's accounting: output
        after its last answer fails that request."""
        self.session.close(self.late)

    def follow(self, follows: dict[str, frozenset[str]]) -> None:
        for point, readings in follows.items():
            known = self.profile.get(point)
            self.profile[point] = readings if known is None else known & readings


@attrs.define
class Campaign:
    """What a campaign did (fuzz-campaign.json, schemas/fuzz-campaign.schema.json)."""

    seed: int
    edition: str
    edition_warnings: list[str]
    operations: list[str]
    templates: list[str]
    mode: str
    max_examples: int | None
    time_budget: float
    members: list[Member]
    generated: int = 0
    sent: int = 0
    skipped: int = 0
    elapsed: float = 0.0
    stopped_by: str = ""
    reference_errors: list[str] = attrs.Factory(list)
    classes: dict[DisagreementKey, DisagreementClass] = attrs.Factory(dict)
    shrink_seconds: float = 0.0
    #: {signal, stage} when SIGINT, SIGTERM or SIGHUP stopped the campaign.
    interrupted: dict[str, str] | None = None
    started: float = attrs.Factory(time.monotonic)
    cancelled: threading.Event = attrs.Factory(threading.Event)

    def name_defects(self, name: str, renamed: Mapping[str, classify.ClassKey]) -> None:
        """The disagreements that are a defect of candidate `name`, named by the cause of its
        class (`renamed`: its classes' labels before, to their keys by cause); defects of one
        cause reached through several rows become one disagreement class."""
        classes: dict[DisagreementKey, DisagreementClass] = {}
        for key, found in self.classes.items():
            prefix = f"{name}: "
            if key.kind == DEFECT and key.defect.startswith(prefix):
                by_cause = renamed.get(key.defect[len(prefix) :])
                if by_cause is not None:
                    key = attrs.evolve(key, defect=prefix + by_cause.label())
            _gather(classes, key, found)
        self.classes = classes

    def settle_defects(self) -> None:
        """Once every candidate's classes are named by cause: a defect disagreement whose
        cause every candidate's normative classes share is no difference between them (the
        defect stays listed under each candidate); one whose cause is another edition of the
        text is an edition disagreement; a reading or convention disagreement in which a
        candidate answers an error response that it also gives where the text decides a verdict
        (a normative class of that failure) is that candidate's defect, never a reading. A
        defect is one disagreement whatever the operations it is reached through."""
        causes = {member.name: _causes(member.summary) for member in self.members}
        failing = {member.name: _failures(member.summary) for member in self.members}
        classes: dict[DisagreementKey, DisagreementClass] = {}
        for key, found in self.classes.items():
            if key.kind in (READING, CONVENTION, OPEN_POINT):
                key = _failure_defect(key, found, failing)
            if key.kind == DEFECT:
                name, _, label = key.defect.partition(": ")
                own = causes.get(name, {}).get(label)
                if own is not None and all(
                    any(_same_defect(own, theirs) for theirs in their.values())
                    for other, their in causes.items()
                    if other != name
                ):
                    continue  # a defect every candidate has
                if own is not None:
                    kind = EDITION if own.cause.kind == cause.EDITION else DEFECT
                    key = DisagreementKey(kind, own.key.operation, (), (), key.defect)
            _gather(classes, key, found)
        self.classes = classes

    @property
    def disagreeing_cases(self) -> int:
        """The cases on which the candidates' answers differ, for a reason other than a
        defect of one of them alone (each case once)."""
        kept = (c.indexes for c in self.classes.values() if c.key.kind != DEFECT)
        return len(set().union(*kept))

    def ordered(self) -> list[DisagreementClass]:
        order = {DEFECT: 0, EDITION: 1, OPEN_POINT: 2, READING: 3, CONVENTION: 4}
        return sorted(self.classes.values(), key=lambda c: (order[c.key.kind], c.first.index))

    @property
    def normative(self) -> bool:
        return any(member.summary.normative for member in self.members)

    @property
    def convention(self) -> bool:
        return any(member.summary.convention for member in self.members)

    def failing(self, strict: bool) -> bool:
        """Exit status 1: a candidate's normative divergence, or a disagreement that no
        register entry explains; with `strict`, conventions too."""
        unexplained = any(c.key.kind == OPEN_POINT for c in self.classes.values())
        conventions = self.convention or any(
            c.key.kind == CONVENTION for c in self.classes.values()
        )
        return self.normative or unexplained or (strict and conventions)

    def record(
        self,
        divergence: Divergence,
        key: DisagreementKey,
        follows: dict[str, Any],
        errors: Mapping[str, str] | None = None,
    ) -> None:
        known = self.classes.get(key)
        if known is None:
            known = self.classes[key] = DisagreementClass(key, divergence, divergence)
        else:
            known.add(divergence)
        for name, readings in follows.items():
            known.narrow(name, readings)
        for name, code in (errors or {}).items():
            known.errors.setdefault(name, code)

    def to_json(self) -> dict[str, Any]:
        classes = self.ordered()
        return {
            "tool": "oasis-si-fuzz",
            "campaign": True,
            "seed": self.seed,
            "edition": {"name": self.edition, "warnings": list(self.edition_warnings)},
            "operations": self.operations,
            "templates": self.templates,
            "mode": self.mode,
            "limits": {"max_examples": self.max_examples, "time_budget": self.time_budget},
            "generated": self.generated,
            "sent": self.sent,
            "skipped": self.skipped,
            "elapsed_seconds": round(self.elapsed, 3),
            "stopped_by": self.stopped_by,
            "reference_errors": self.reference_errors,
            "candidates": [
                {
                    "name": member.name,
                    "argv": list(member.argv),
                    "hello": member.summary.candidate,
                    "follows": {p: sorted(r) for p, r in sorted(member.profile.items())},
                    "normative_classes": len(member.summary.normative),
                    "convention_classes": len(member.summary.convention),
                    "summary": member.summary.to_json(),
                }
                for member in self.members
            ],
            "disagreements": {
                "cases": self.disagreeing_cases,
                "explained_classes": sum(1 for c in classes if c.explained),
                "unexplained_classes": sum(1 for c in classes if not c.explained),
                "classes": [c.to_json() for c in classes],
            },
            "shrink_seconds": round(self.shrink_seconds, 3),
            **({"interrupted": dict(self.interrupted)} if self.interrupted else {}),
        }


class _Run:
    """The search of a campaign: batches of planned cases served by every candidate at
    once, each case judged and compared across candidates."""

    def __init__(self, campaign: Campaign, edition: Edition, log: Callable[[str], None]) -> None:
        self.campaign, self.edition, self.log = campaign, edition, log
        self.start = time.monotonic()
        self.deadline = self.start + campaign.time_budget
        self.index = 0

    def next_batch(self) -> list[Planned]:
        campaign = self.campaign
        batch: list[Planned] = []
        while len(batch) < BATCH:
            if campaign.max_examples is not None and campaign.generated >= campaign.max_examples:
                campaign.stopped_by = "max-examples"
                break
            if time.monotonic() >= self.deadline:
                campaign.stopped_by = "time-budget"
                break
            index = self.index
            self.index += 1
            case, choices = strategies.generate(
                strategies.case,
                f"{campaign.seed}:{index}",
                campaign.operations,
                templates=campaign.templates,
                normative=False,
            )
            campaign.generated += 1
            try:
                planned = plan_case(index, case, choices, self.edition)
            except Exception as error:  # a reference bug: report it, keep fuzzing
                campaign.reference_errors.append(f"case {index}: {type(error).__name__}: {error}")
                continue
            for member in campaign.members:
                member.summary.generated += 1
            if not isinstance(planned, Planned):
                campaign.skipped += 1
                for member in campaign.members:
                    member.summary.skipped += 1
                    member.summary.count_points(planned, sent=False)
                continue
            for member in campaign.members:
                member.summary.count_points(planned.touched, sent=True)
                member.summary.per_operation[case["operation"]] += 1
            batch.append(planned)
        return batch

    def judge_batch(self, batch: Sequence[Planned], observed: Sequence[dict[int, Any]]) -> None:
        campaign, seconds = self.campaign, time.monotonic() - self.start
        names = [member.name for member in campaign.members]
        for planned in batch:
            answers = []
            for number, member in enumerate(campaign.members):
                observation = observed[number].get(planned.index + 1)
                if observation is None:
                    continue
                answer = judged(number, planned, observation, seconds)
                if answer.divergence is not None:
                    member.summary.record(answer.divergence)
                if not answer.defective:
                    member.follow(answer.follows)
                answers.append(answer)
            campaign.sent += 1
            found = disagreement(planned, answers, names)
            errors = error_codes(answers, names) if found else {}
            for key, follows in found:
                divergence = _as_divergence(planned, answers, names, seconds)
                campaign.record(divergence, key, follows, errors)

    def run(self, pool: ThreadPoolExecutor) -> None:
        """Batch k is served by every candidate while batch k + 1 is planned and batch k - 1
        judged: the candidates' processes and this process work at once."""
        campaign = self.campaign
        hard_deadline = self.deadline + max(
            m.session.candidate.limits.timeout for m in campaign.members
        )

        def serve(batch: list[Planned]) -> dict[int, Future[dict[int, Any]]]:
            return {
                member.number: pool.submit(member.serve, batch, self.edition.name, hard_deadline)
                for member in campaign.members
                if not member.stopped
            }

        batch = self.next_batch()
        futures = serve(batch)
        while batch:
            if not futures:
                campaign.stopped_by = "restart-failed"
                break
            upcoming = self.next_batch()  # planned while the candidates answer
            observed = [
                futures[m.number].result() if m.number in futures else {} for m in campaign.members
            ]
            futures = serve(upcoming) if upcoming else {}
            self.judge_batch(batch, observed)  # judged while they answer the next one
            self.log(
                f"  ... {campaign.sent} cases sent to every candidate; "
                f"{len(campaign.classes)} disagreement class(es)"
            )
            batch = upcoming
        campaign.elapsed = time.monotonic() - self.start
        for member in campaign.members:
            member.summary.elapsed = campaign.elapsed
            member.summary.stopped_by = member.summary.stopped_by or campaign.stopped_by


def _as_divergence(
    planned: Planned, answers: Sequence[Answer], names: Sequence[str], seconds: float
) -> Divergence:
    """A disagreement as a divergence record (stub.py writes one of these): the case, the
    reference's verdict, every reading's, and each candidate's answer."""
    results = {names[answer.member]: answer.result for answer in answers}
    key = classify.key_for(planned.case, planned.expected, "disagreement")
    return Divergence(
        planned.index,
        planned.case,
        planned.expected,
        "disagreement",
        "; ".join(f"{names[a.member]} answered {one_line(a.text, 200)}" for a in answers),
        key,
        results,
        planned.choices,
        (),
        planned.points,
        dict(planned.outcomes()) if planned.points else None,
        seconds,
    )


def _open_members(
    argvs: Sequence[Sequence[str]],
    requested: str | None,
    one_shot: bool,
    limits: Limits,
    window: int,
    environment: CandidateEnvironment,
) -> tuple[list[tuple[Candidate, protocol.Hello, Any]], Edition, tuple[str, ...]]:
    """Handshake every candidate; the edition they all select (else EditionError)."""
    opened: list[tuple[Candidate, protocol.Hello, Any]] = []
    try:
        for number, argv in enumerate(argvs, 1):
            candidate = Candidate(list(argv), limits, environment=environment)
            try:
                hello, process = first_handshake(candidate, one_shot)
            except (protocol.HandshakeError, SetupError) as error:
                raise type(error)(f"candidate {number} ({shlex.join(argv)}): {error}") from None
            opened.append((candidate, hello, process))
        chosen = [select_edition(requested, hello) for _c, hello, _p in opened]
    except BaseException:
        for _candidate, _hello, process in opened:
            if process is not None:
                process.kill()
        raise
    names = {edition.name for edition, _warnings in chosen}
    if len(names) > 1:
        for _candidate, _hello, process in opened:
            if process is not None:
                process.kill()
        each = "; ".join(
            f"candidate {number} {edition.name}" for number, (edition, _w) in enumerate(chosen, 1)
        )
        raise catalog_editions.EditionError(
            f"the candidates select different editions ({each}); name one with --edition"
        )
    warnings = tuple(dict.fromkeys(w for _e, found in chosen for w in found))
    return opened, chosen[0][0], warnings


def campaign(
    argvs: Sequence[Sequence[str]],
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
    on_campaign: Callable[[Campaign], None] | None = None,
    environment: CandidateEnvironment | None = None,
) -> Campaign:
    """A whole campaign: handshakes, edition, search, shrink. Raises protocol.HandshakeError,
    session.SetupError or editions.EditionError (exit status 2), as a single run does."""
    limits = limits or Limits()
    environment = environment or CandidateEnvironment()
    opened, chosen, warnings = _open_members(
        argvs, edition, one_shot, limits, window, environment
    )
    hellos = [hello for _c, hello, _p in opened]
    declared = [op for op in strategies.ALL_OPERATIONS if all(op in h.operations for h in hellos)]
    wanted = list(operations) if operations else declared
    fuzzed = [op for op in declared if op in wanted]
    templates = [
        t for t in ("C-DA-001", "composite") if all(t in hello.templates for hello in hellos)
    ]
    members = []
    stop = threading.Event()
    for number, (candidate, hello, process) in enumerate(opened, 1):
        budget = RestartBudget(sys.maxsize)
        session = open_session(candidate, budget, hello, one_shot, window)
        session.fresh(process)
        summary = Summary(
            seed=seed,
            candidate={
                "name": hello.name,
                "version": hello.version,
                "operations": list(hello.operations),
                "templates": list(hello.templates),
                "profiles": list(hello.profiles),
                "argv": list(candidate.argv),
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
        members.append(
            Member(number, list(candidate.argv), hello, session, summary, budget, cancelled=stop)
        )
    result = Campaign(
        seed,
        chosen.name,
        list(warnings),
        fuzzed,
        templates,
        "one-shot" if one_shot else "streaming",
        max_examples,
        time_budget,
        members,
        cancelled=stop,
    )
    if on_campaign is not None:  # the campaign fills in as it goes (kept on an interrupt)
        on_campaign(result)
    pool = ThreadPoolExecutor(max_workers=len(members))
    try:
        if not fuzzed:
            result.stopped_by = "nothing-to-fuzz"
            return result
        _Run(result, chosen, log).run(pool)
        for member in members:
            member.summary.restarts = member.budget.spent
        if shrink_budget > 0:
            _shrink(result, chosen, shrink_budget, log)
        for member in members:
            member.finish()
    finally:
        # An interruption can come while the sessions serve a batch: their processes are
        # ended first and no session starts another, then the threads are waited for; what
        # killed processes left on their stdout is no answer and judged as none.
        result.cancelled.set()
        for member in members:
            member.session.candidate.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)
        for member in members:
            member.session.close(_discard)
    return result


def _discard(_request: Request, _observation: Observation) -> None:
    """The deliverer of a session closed after the campaign ended: nothing is judged."""


def _shrink(
    campaign: Campaign, edition: Edition, budget: float, log: Callable[[str], None]
) -> None:
    """Each candidate's own classes as a single run shrinks them, then each disagreement no
    register entry explains (its case asked of every candidate again), sharing `budget`."""
    started = time.monotonic()
    members = [m for m in campaign.members if m.summary.classes]
    unexplained = [c for c in campaign.ordered() if c.key.kind == OPEN_POINT]
    shares = len(members) + len(unexplained)
    for member in members:
        share = (budget - (time.monotonic() - started)) / shares
        shares -= 1
        if member.stopped or share < 0.05:
            continue
        asker = _Asker(member.session, edition)
        shrink_classes(member.summary, asker, share, edition, log)
        # each candidate's own classes named by cause, as a single run names them
        renamed = cause.classes_by_cause(
            member.summary,
            edition,
            log,
            _split_shrinker(member.summary, asker, edition, log),
            asker.outcome,
            holds_under,
        )
        campaign.name_defects(member.name, renamed)
    if members:
        campaign.settle_defects()
    for disagreement_class in unexplained:
        share = (budget - (time.monotonic() - started)) / shares
        shares -= 1
        if share < 0.05:
            break
        ask = _disagreement_asker(campaign, edition, disagreement_class.key)
        shrunk, _calls = shrink(
            disagreement_class.smallest,
            ask,
            campaign.operations,
            campaign.templates,
            share,
            edition,
        )
        if shrunk is not disagreement_class.smallest:
            disagreement_class.shrunk = shrunk
    campaign.shrink_seconds = time.monotonic() - started


def _gather(
    classes: dict[DisagreementKey, DisagreementClass],
    key: DisagreementKey,
    found: DisagreementClass,
) -> None:
    """Put a class under `key`, taken into the class already there, if any."""
    found.key = key
    if key in classes:
        classes[key].absorb(found)
    else:
        classes[key] = found


@attrs.frozen
class _Explained:
    """A candidate's normative class, explained."""

    key: classify.ClassKey
    cause: cause.Cause


def _causes(summary: Summary) -> dict[str, _Explained]:
    """A candidate's normative classes by label, each with its key and cause (once
    explained)."""
    return {
        c.key.label(): _Explained(c.key, c.cause) for c in summary.normative if c.cause is not None
    }


def _same_defect(one: _Explained, other: _Explained) -> bool:
    """Two candidates' classes are one defect when their causes join, or when they differ the
    same way on the same rows (one candidate's cause checked on its cases, the other's on
    others': the same defect need not be named alike)."""
    if one.cause.kind == cause.EDITION or other.cause.kind == cause.EDITION:
        return one.cause.joins(other.cause)
    return one.cause.joins(other.cause) or attrs.evolve(one.key, cause="") == attrs.evolve(
        other.key, cause=""
    )


def _failures(summary: Summary) -> dict[str, str]:
    """A candidate's normative classes of error responses: the class's signature ("error
    response CODE") -> its label."""
    return {
        c.key.signature: c.key.label()
        for c in summary.normative
        if c.key.kind == FailureKind.ERROR_RESPONSE
    }


def _failure_defect(
    key: DisagreementKey, found: DisagreementClass, failing: Mapping[str, Mapping[str, str]]
) -> DisagreementKey:
    """The disagreement as the defect of a candidate whose error response on its cases is a
    failure it also gives where a verdict is due; else unchanged."""
    for name, code in sorted(found.errors.items()):
        label = failing.get(name, {}).get(f"error response {code}")
        if label is not None:
            return DisagreementKey(DEFECT, key.operation, (), key.groups, f"{name}: {label}")
    return key


def _disagreement_asker(
    campaign: Campaign, edition: Edition, key: DisagreementKey
) -> Callable[[Planned], Divergence | None]:
    """Ask every candidate about a case: the disagreement (as a divergence of the class being
    shrunk) when the case falls in class `key`, else None."""
    askers = [_Asker(member.session, edition) for member in campaign.members]
    names = [member.name for member in campaign.members]

    def ask(planned: Planned) -> Divergence | None:
        answers = []
        for number, asker in enumerate(askers):
            asker.next_id += 1
            request = planned.request(asker.next_id, edition.name)
            answers.append(judged(number, planned, asker.session.ask(request), 0.0))
        for found, _follows in disagreement(planned, answers, names):
            if found == key:
                return _as_divergence(planned, answers, names, 0.0)
        return None

    return ask


# Words ----------------------------------------------------------------------------------------


def render(campaign: Campaign) -> str:
    """The campaign in words, for the terminal."""
    lines = [
        f"seed: {campaign.seed}",
        f"edition: {campaign.edition}",
        *[f"warning: {one_line(warning)}" for warning in campaign.edition_warnings],
        f"operations fuzzed: {', '.join(campaign.operations) or 'none'}; templates "
        f"{', '.join(campaign.templates) or 'none'} ({campaign.mode})",
        f"cases: {campaign.generated} generated, {campaign.sent} sent to every candidate, "
        f"{campaign.skipped} skipped on open points no judge reads, in {campaign.elapsed:.1f} s;"
        f" stopped by {campaign.stopped_by}",
    ]
    lines += [f"REFERENCE ERROR: {one_line(error)}" for error in campaign.reference_errors[:5]]
    for member in campaign.members:
        summary = member.summary
        follows = "; ".join(
            f"{point}={'|'.join(sorted(readings)) or '?'}"
            for point, readings in sorted(member.profile.items())
        )
        lines.append(
            f"{member.name}: {one_line(candidate_text(summary.candidate))}; "
            f"{len(summary.normative)} normative and {len(summary.convention)} convention "
            f"divergence class(es)"
            + (f"; stopped by {summary.stopped_by}" if member.stopped else "")
        )
        if follows:
            lines.append(f"  readings its answers held under: {follows}")
        for divergence_class in summary.ordered():
            rep = divergence_class.representative
            lines.append(
                f"  - {one_line(divergence_class.key.label(), 400)}: "
                f"{divergence_class.count} case(s)"
            )
            lines.append("    input: " + _clip(json.dumps(rep.case["input"], ensure_ascii=True)))
            if divergence_class.stub:
                lines.append(f"    vector stub (to review): {divergence_class.stub}")
    classes = campaign.ordered()
    if not classes:
        lines.append("disagreements between candidates: none")
    for number, disagreement_class in enumerate(classes, 1):
        key = disagreement_class.key
        status = "explained" if disagreement_class.explained else "UNEXPLAINED"
        lines.append(
            f"disagreement {number} ({status}, {key.kind}): {one_line(key.label(), 600)}: "
            f"{disagreement_class.count} case(s)"
        )
        if key.kind in (READING, OPEN_POINT):
            lines.append(f"  {disagreement_class.reading_text()}")
        rep = disagreement_class.representative
        lines.append("  input: " + _clip(json.dumps(rep.case["input"], ensure_ascii=True)))
        if disagreement_class.stub:
            lines.append(f"  vector stub (to review): {disagreement_class.stub}")
    return printable("\n".join(lines) + "\n")


def _clip(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} more]"
