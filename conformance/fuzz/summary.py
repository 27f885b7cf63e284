"""What one fuzz run did: divergence classes, counts by point, throughput (fuzz-summary.json,
schemas/fuzz-summary.schema.json), and the same in words for the terminal."""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from oasis_si_conformance.fuzz import ground
from oasis_si_conformance.fuzz.classify import ClassKey
from oasis_si_conformance.reporting.reportview import limits_text
from oasis_si_conformance.running.session import Limits
from oasis_si_conformance.safetext import candidate_text, one_line, printable

if TYPE_CHECKING:
    from oasis_si_conformance.fuzz.cause import Cause


@attrs.frozen
class Divergence:
    """A case on which the candidate and the reference disagree."""

    index: int  # the case's ordinal in the seeded stream (-1 for a shrunk case)
    case: dict[str, Any]
    expected: dict[str, Any]  # the reference's outcome (its reading of every point)
    kind: str  # mismatch, or a protocol/process failure kind (model.FailureKind)
    message: str
    key: ClassKey
    actual: dict[str, Any] | None = None  # the candidate's result, when it gave one
    choices: tuple[int, ...] = ()
    conventions: tuple[str, ...] = ()  # the conventions a convention difference is from
    #: The judged points the case touches, and the outcome under each combination of their
    #: readings ("reference" first).
    points: tuple[str, ...] = ()
    readings: dict[str, dict[str, Any]] | None = None
    seconds: float = 0.0  # into the search
    #: The outcome the answer was compared with: "reference", or the readings of the open
    #: points whose outcome it satisfies or comes closest to ("SENT-WS=ascii").
    reading: str = "reference"

    @property
    def size(self) -> int:
        """Bytes of the case's JSON (UTF-8; a lone surrogate counts as its three bytes)."""
        text = json.dumps(self.case, ensure_ascii=False)
        return len(text.encode("utf-8", "surrogatepass"))

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "operation": self.case["operation"],
            "kind": self.kind,
            "message": self.message,
            "expected": self.expected,
            "actual": self.actual,
            "points": list(self.points),
            "readings": self.readings,
            "size": self.size,
            "reading": self.reading,
            "input": self.case["input"],
        }


#: Divergences kept per class beside its first and smallest.
SAMPLES = 8


@attrs.define
class DivergenceClass:
    """Every divergence of one class: how many, the first, the smallest, the shrunk one."""

    key: ClassKey
    first: Divergence
    smallest: Divergence
    count: int = 1
    shrunk: Divergence | None = None
    shrink_seconds: float = 0.0
    shrink_calls: int = 0
    stub: str | None = None
    #: Whether the structural pass ended at a local minimum (None: it did not run).
    minimal: bool | None = None
    cause: Cause | None = None  # what explains the class (cause.py)
    rows: list[str] = attrs.Factory(list)  # what differs, for every class merged into this one
    #: (case, the candidate's outcome) for cases tried while shrinking (not in the JSON).
    observed: list[tuple[dict[str, Any], dict[str, Any]]] = attrs.Factory(list)
    #: Divergences of the class beside the first and the smallest, up to SAMPLES (cause.py
    #: checks that one cause explains them all).
    samples: list[Divergence] = attrs.Factory(list)

    def add(self, divergence: Divergence) -> None:
        self.count += 1
        if len(self.samples) < SAMPLES:
            self.samples.append(divergence)
        if divergence.size < self.smallest.size:
            self.smallest = divergence

    @property
    def representative(self) -> Divergence:
        return self.shrunk or self.smallest

    def described(self) -> str:
        """The class's cause, rows and shrinking in one sentence (for its vector stub)."""
        parts = []
        if self.cause is not None:
            parts.append(f"Cause ({self.cause.kind}): {self.cause.title}")
            if len(self.cause.mutants) > 1:
                parts += [f"{mid}: {text}" for mid, text in self.cause.mutants]
        if len(self.rows) > 1:
            parts.append(f"reached through {', '.join(self.rows)}")
        if self.shrunk is not None:
            minimum = " (a local minimum)" if self.minimal else ""
            parts.append(
                f"shrunk from {self.smallest.size} to {self.shrunk.size} bytes{minimum}"
            )
        return "; ".join(parts) + "." if parts else ""

    def to_json(self) -> dict[str, Any]:
        key = self.key
        return {
            "class": key.label(),
            "operation": key.operation,
            "clauses": list(key.clauses),
            "kind": key.kind,
            "expectation": key.expectation,
            "conventions": list(self.first.conventions),
            "signature": key.signature,
            "count": self.count,
            "first_index": self.first.index,
            "first_seconds": round(self.first.seconds, 3),
            "first_size": self.first.size,
            "representative": self.representative.to_json(),
            "size_before": self.smallest.size,
            "shrunk_size": None if self.shrunk is None else self.shrunk.size,
            "minimal": self.minimal,
            "cause": None if self.cause is None else self.cause.to_json(),
            "rows": list(self.rows),
            "shrink_seconds": round(self.shrink_seconds, 3),
            "shrink_calls": self.shrink_calls,
            "stub": self.stub,
        }


@attrs.define
class PointCounts:
    generated: int = 0
    sent: int = 0
    skipped: int = 0


@attrs.define
class Summary:
    """What one fuzz run did (written as fuzz-summary.json)."""

    seed: int
    candidate: dict[str, Any]
    operations: list[str]
    templates: list[str]
    mode: str
    max_examples: int | None
    time_budget: float
    shrink_budget: float = 0.0
    edition: str = ""
    edition_warnings: list[str] = attrs.Factory(list)
    limits: Limits = attrs.Factory(Limits)  # the candidate's limits (transport.py)
    generated: int = 0
    #: Sharded: every case generated has an index below this (shards stop apart, so the
    #: cases generated are not always the first `generated`); None in one process.
    generated_below: int | None = None
    sent: int = 0
    skipped: int = 0
    unjudged: int = 0  # sent, but still unanswered when the search ended
    points: dict[str, PointCounts] = attrs.Factory(dict)
    per_operation: Counter[str] = attrs.Factory(Counter)
    elapsed: float = 0.0
    stopped_by: str = ""
    restarts: int = 0
    notes: list[str] = attrs.Factory(list)
    reference_errors: list[str] = attrs.Factory(list)
    classes: dict[ClassKey, DivergenceClass] = attrs.Factory(dict)
    shrink_seconds: float = 0.0
    #: {signal, stage} when SIGINT, SIGTERM or SIGHUP stopped the run (fuzz-summary.schema.json).
    interrupted: dict[str, str] | None = None

    @property
    def throughput(self) -> float:
        return self.sent / self.elapsed if self.elapsed > 0 else 0.0

    def count_points(self, points: frozenset[str], sent: bool) -> None:
        for point in points:
            counts = self.points.setdefault(point, PointCounts())
            counts.generated += 1
            if sent:
                counts.sent += 1
            else:
                counts.skipped += 1

    def record(self, divergence: Divergence) -> bool:
        """Count a divergence in its class; True when it opens a new class."""
        known = self.classes.get(divergence.key)
        if known is None:
            self.classes[divergence.key] = DivergenceClass(divergence.key, divergence, divergence)
            return True
        known.add(divergence)
        return False

    def ordered(self) -> list[DivergenceClass]:
        """Normative classes first, then convention ones; each by first occurrence."""
        return sorted(self.classes.values(), key=lambda c: (not c.key.normative, c.first.index))

    @property
    def normative(self) -> list[DivergenceClass]:
        return [c for c in self.ordered() if c.key.normative]

    @property
    def convention(self) -> list[DivergenceClass]:
        return [c for c in self.ordered() if not c.key.normative]

    def first_normative_seconds(self) -> float | None:
        times = [c.first.seconds for c in self.normative]
        return min(times) if times else None

    def to_json(self) -> dict[str, Any]:
        normative, convention = self.normative, self.convention
        return {
            "tool": "oasis-si-fuzz",
            "seed": self.seed,
            "edition": {"name": self.edition, "warnings": list(self.edition_warnings)},
            "candidate": self.candidate,
            "operations": self.operations,
            "templates": self.templates,
            "mode": self.mode,
            "limits": {
                "max_examples": self.max_examples,
                "time_budget": self.time_budget,
                "shrink_budget": self.shrink_budget,
                "timeout_s": self.limits.timeout,
                "memory_limit_bytes": self.limits.memory,
                "cpu_limit_s": self.limits.cpu,
            },
            "generated": self.generated,
            "sent": self.sent,
            "skipped": self.skipped,
            "unjudged": self.unjudged,
            "points": {
                point: {**ground.point_summary(ground.POINT[point]), **attrs.asdict(counts)}
                for point, counts in sorted(self.points.items())
            },
            "per_operation": dict(sorted(self.per_operation.items())),
            "elapsed_seconds": round(self.elapsed, 3),
            "cases_per_second": round(self.throughput, 1),
            "stopped_by": self.stopped_by,
            "restarts": self.restarts,
            "notes": self.notes,
            "reference_errors": self.reference_errors,
            "divergences": {
                "normative": sum(c.count for c in normative),
                "convention": sum(c.count for c in convention),
                "normative_classes": len(normative),
                "convention_classes": len(convention),
                "first_normative_seconds": _rounded(self.first_normative_seconds()),
            },
            "classes": [c.to_json() for c in self.ordered()],
            "shrink_seconds": round(self.shrink_seconds, 3),
            **({"interrupted": dict(self.interrupted)} if self.interrupted else {}),
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _class_lines(number: int, divergence_class: DivergenceClass) -> list[str]:
    key, rep = divergence_class.key, divergence_class.representative
    shrunk = divergence_class.shrunk
    if shrunk is not None:
        size = f"shrunk from {divergence_class.smallest.size} to {shrunk.size} bytes"
        if divergence_class.minimal:
            size += " (a local minimum)"
    elif divergence_class.shrink_seconds > 0:
        size = f"{rep.size} bytes (the smallest found; shrinking found none smaller)"
    else:
        size = f"{rep.size} bytes, not shrunk"
    lines = [
        f"  {number}. {one_line(key.label(), 1000)}",
        f"     {divergence_class.count} case(s); first at case {divergence_class.first.index} "
        f"({divergence_class.first.seconds:.2f} s); {size}",
        *_cause_lines(divergence_class),
        "     input: " + _clip(json.dumps(rep.case["input"], ensure_ascii=True)),
        "     expected (reference): " + json.dumps(rep.expected, ensure_ascii=True),
        f"     candidate: {rep.kind}: {one_line(rep.message, 400)}",
    ]
    if divergence_class.stub:
        lines.append(f"     vector stub (to review): {divergence_class.stub}")
    return lines


def _cause_lines(divergence_class: DivergenceClass) -> list[str]:
    cause = divergence_class.cause
    if cause is None:
        return []
    lines = [f"     cause ({cause.kind}): {one_line(cause.title, 1000)}"]
    listed = cause.mutants if len(cause.mutants) > 1 else ()
    lines += [f"       {mid}: {one_line(text, 400)}" for mid, text in listed]
    if cause.hinges:
        lines.append(f"     the minimal case's strings: {one_line(', '.join(cause.hinges), 400)}")
    if len(divergence_class.rows) > 1:
        lines.append(f"     rows: {one_line(', '.join(divergence_class.rows), 1000)}")
    return lines


def _clip(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit] + f"... [{len(text) - limit} more]"


def render(summary: Summary) -> str:
    """The summary in words, for the terminal."""
    cand = summary.candidate
    lines = [
        *(
            [f"INTERRUPTED by {summary.interrupted['signal']} ({summary.interrupted['stage']})"]
            if summary.interrupted
            else []
        ),
        f"seed: {summary.seed}",
        f"edition: {summary.edition}",
        *[f"warning: {one_line(warning)}" for warning in summary.edition_warnings],
        f"candidate: {one_line(candidate_text(cand))} ({summary.mode}); templates "
        f"{', '.join(summary.templates) or 'none'}",
        f"operations fuzzed: {', '.join(summary.operations) or 'none'}",
        limits_text(summary.to_json()["limits"]),
        f"cases: {summary.generated} generated, {summary.sent} sent, {summary.skipped} skipped "
        f"on open points in {summary.elapsed:.1f} s ({summary.throughput:.0f} cases/s); "
        f"stopped by {summary.stopped_by}"
        + (f"; {summary.unjudged} unanswered at the end" if summary.unjudged else "")
        + (f"; {summary.restarts} restarts" if summary.restarts else ""),
    ]
    if summary.points:
        lines.append("  by point (generated/sent/skipped; handling):")
        for point, counts in sorted(summary.points.items()):
            handling = ground.effective_handling(ground.POINT[point])
            lines.append(
                f"    {point}: {counts.generated}/{counts.sent}/{counts.skipped}; {handling}"
            )
    if summary.per_operation:
        sent = ", ".join(f"{k} {v}" for k, v in sorted(summary.per_operation.items()))
        lines.append(f"  sent by operation: {sent}")
    lines += [f"note: {one_line(note, 1000)}" for note in summary.notes]
    lines += [f"REFERENCE ERROR: {one_line(error)}" for error in summary.reference_errors[:5]]
    normative, convention = summary.normative, summary.convention
    if not normative:
        lines.append("normative divergences: none")
    else:
        total = sum(c.count for c in normative)
        lines.append(f"NORMATIVE DIVERGENCES: {total} case(s) in {len(normative)} class(es)")
        for number, divergence_class in enumerate(normative, 1):
            lines += _class_lines(number, divergence_class)
    if convention:
        total = sum(c.count for c in convention)
        lines.append(
            f"convention differences (listed apart; a failure only with --strict): {total} "
            f"case(s) in {len(convention)} class(es)"
        )
        for number, divergence_class in enumerate(convention, len(normative) + 1):
            lines += _class_lines(number, divergence_class)
    return printable("\n".join(lines) + "\n")  # no control character reaches a terminal
