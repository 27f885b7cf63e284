"""Decision tables: §5.1 C-DA-001 as data, §1.4 composites, "first match wins".

A table is a list of rows, each a truth value with a score and label, plus `else`. Rows are
numbered from 1; `else` is row len(rows)+1. Truth values are computed lazily in row order, so a
row after the matching one is never needed (and a fault that reorders rows is visible).
"""

import functools
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from oasis_si_conformance.independent import evidence as ev
from oasis_si_conformance.independent.binding import Call, CompositeBinding, TemplateBinding
from oasis_si_conformance.independent.config import Config, choose
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.primitives import (
    factor_identified,
    named_in_output,
    within_step_budget,
)


@attrs.frozen
class Verdict:
    """A scored scenario: the matching row's score and label, and the row's number."""

    score: float
    label: str
    row: int

    def as_result(self) -> dict[str, Any]:
        return {"score": self.score, "label": self.label, "row": self.row}


@attrs.frozen
class Row:
    """One table row: a lazily computed condition and the band it awards."""

    holds: Callable[[], bool]
    score: float
    label: str


#: Faults of the row order, mutually exclusive.
ORDER_HOOKS = (Hook.TABLE_ROW2_FIRST, Hook.TABLE_ROW3_FIRST, Hook.TABLE_LAST_MATCH)


def _order(count: int, hook: Hook | None) -> list[int]:
    """The order rows are tried in: 0..count-1, unless a fault reorders them."""
    order = list(range(count))
    if hook is Hook.TABLE_ROW2_FIRST and count >= 2:
        order[0], order[1] = order[1], order[0]
    if hook is Hook.TABLE_ROW3_FIRST and count >= 3:
        order[1], order[2] = order[2], order[1]
    if hook is Hook.TABLE_LAST_MATCH:
        order.reverse()
    return order


def first_match(
    rows: Sequence[Row], otherwise_score: float, otherwise_label: str, config: Config
) -> Verdict:
    """§5.1 "Decision table - first match wins". Conditions are computed once, when first needed."""
    known: dict[int, bool] = {}

    def holds(index: int) -> bool:
        if index not in known:
            known[index] = rows[index].holds()
        return known[index]

    def compute(readings: dict[str, str], hook: Hook | None) -> Verdict:
        for index in _order(len(rows), hook):
            if holds(index):
                return Verdict(rows[index].score, rows[index].label, index + 1)
        return Verdict(otherwise_score, otherwise_label, len(rows) + 1)

    return choose(config, (), ORDER_HOOKS, compute)


class Overlap(Exception):
    """Several rows of a table hold where they must not (COMPOSITE-FIRST-MATCH = unique)."""


def hit(
    rows: Sequence[Row], otherwise_score: float, otherwise_label: str, config: Config
) -> Verdict:
    """Which row of a table other than C-DA-001's decides when several hold: register
    COMPOSITE-FIRST-MATCH (§5.1 states first match for C-DA-001's table only). `first`: the
    first that holds; `unique` (DMN UNIQUE): several holding rows are an error; `highest`: the
    holding row with the highest score, the first of equal ones."""
    policy = config.reading("COMPOSITE-FIRST-MATCH")
    if policy == "first":
        return first_match(rows, otherwise_score, otherwise_label, config)
    holding = [index for index, row in enumerate(rows) if row.holds()]
    if not holding:
        return Verdict(otherwise_score, otherwise_label, len(rows) + 1)
    if policy == "unique" and len(holding) > 1:
        raise Overlap(f"rows {[i + 1 for i in holding]} all hold")
    best = holding[0]
    if policy == "highest":
        best = max(holding, key=lambda index: (rows[index].score, -index))
    return Verdict(rows[best].score, rows[best].label, best + 1)


def _value_of(row: dict[str, Any]) -> bool:
    return bool(row["value"])


def evaluate_table(
    raw_rows: list[dict[str, Any]], otherwise: dict[str, Any], config: Config
) -> Verdict:
    """The evaluate_table operation: rows already carry their truth values; a table of any
    length, so which row decides is COMPOSITE-FIRST-MATCH's (`hit`)."""
    rows = [Row(functools.partial(_value_of, r), r["score"], r["label"]) for r in raw_rows]
    return hit(rows, otherwise["score"], otherwise["label"], config)


#: C-DA-001 labels as used in the field (../shared/CONTEXT.md), by row.
C_DA_001_LABELS = ("budget_exhausted", "root_cause_identified", "subsystem_identified", "incorrect")
C_DA_001_SCORES = (0.0, 1.0, 0.5, 0.0)


def c_da_001(binding: TemplateBinding, evidence: dict[str, Any], config: Config) -> Verdict:
    """§5.1: 1 not within budget -> 0.0; 2 factor identified -> 1.0; 3 subsystem named -> 0.5;
    else 0.0."""
    factor = binding.factor
    conditions: list[Callable[[], bool]] = [
        lambda: not within_step_budget(evidence, binding.step_budget, config),
        lambda: factor_identified(
            evidence, factor.required, factor.deviation_type, binding.channels,
            binding.exclude_tool_echo, config, factor.declared,
        ),
        lambda: _row3(binding, evidence, config),
    ]
    rows = [
        Row(c, s, lab)
        for c, s, lab in zip(conditions, C_DA_001_SCORES, C_DA_001_LABELS, strict=False)
    ]
    verdict = first_match(rows, C_DA_001_SCORES[3], C_DA_001_LABELS[3], config)
    return _efficiency_faults(verdict, evidence, binding.step_budget, config)


def _row3(binding: TemplateBinding, evidence: dict[str, Any], config: Config) -> bool:
    """Row 3: named_in_output(subsystem_set, channels, exclude_tool_echo)."""
    named = named_in_output(
        evidence, binding.subsystem_set, binding.channels, binding.exclude_tool_echo, config
    )
    if named or not binding.exclude_tool_echo:
        return named
    loose = named_in_output(evidence, binding.subsystem_set, binding.channels, False, config)
    return loose and config.has(Hook.ROW3_IGNORES_ECHO)


def _efficiency_faults(
    verdict: Verdict, evidence: dict[str, Any], budget: int, config: Config
) -> Verdict:
    """§4 says raw steps, wall-clock time and tokens never score; these faults make them score."""
    meta = ev.metadata(evidence)
    exhausted = Verdict(0.0, C_DA_001_LABELS[0], 1)
    demoted = Verdict(0.5, C_DA_001_LABELS[2], 3)
    if (
        verdict.row != 1
        and meta["duration_ms"] > 300_000
        and config.has(Hook.METADATA_WALLCLOCK_TIMEOUT)
    ):
        return exhausted
    if verdict.row != 1 and (meta["tokens"] or 0) > 100_000 and config.has(Hook.METADATA_TOKEN_CAP):
        return exhausted
    if (
        verdict.row == 2
        and meta["duration_ms"] > 60_000
        and config.has(Hook.METADATA_WALLCLOCK_TIEBREAK)
    ):
        return demoted
    if verdict.row == 2 and meta["steps"] * 2 > budget and config.has(Hook.METADATA_STEP_ECONOMY):
        return demoted
    return verdict


def _truth(expr: Any, values: dict[str, Callable[[], bool]]) -> bool:
    """An expression over named predicates (PROTOCOL.md): name, not, all, any."""
    if isinstance(expr, str):
        return values[expr]() if expr in values else False
    (op, arg), = expr.items()
    if op == "not":
        return not _truth(arg, values)
    parts = (_truth(part, values) for part in arg)
    return all(parts) if op == "all" else any(parts)


def _call_value(call: Call, evidence: dict[str, Any], config: Config) -> bool:
    if call.primitive == "within_step_budget":
        return within_step_budget(evidence, call.n, config)
    if call.primitive == "named_in_output":
        return named_in_output(
            evidence, call.identifier_set, call.channels, call.exclude_tool_echo, config
        )
    factor = call.factor
    assert factor is not None
    return factor_identified(
        evidence, factor.required, factor.deviation_type, call.channels,
        call.exclude_tool_echo, config, factor.declared,
    )


def composite(binding: CompositeBinding, evidence: dict[str, Any], config: Config) -> Verdict:
    """§1.4: the scenario's own decision table over registry primitives; which holding row
    decides is COMPOSITE-FIRST-MATCH's (`hit`)."""
    cache: dict[str, bool] = {}

    def lazy(name: str, call: Call) -> Callable[[], bool]:
        def value() -> bool:
            if name not in cache:
                cache[name] = _call_value(call, evidence, config)
            return cache[name]

        return value

    values = {name: lazy(name, call) for name, call in binding.predicates.items()}
    rows = [
        Row(functools.partial(_truth, band.when, values), band.score, band.label)
        for band in binding.rows
    ]
    return hit(rows, binding.otherwise.score, binding.otherwise.label, config)


def score(
    binding: TemplateBinding | CompositeBinding, evidence: dict[str, Any], config: Config
) -> Verdict:
    """Score a checked binding against an evidence artifact."""
    if isinstance(binding, CompositeBinding):
        return composite(binding, evidence, config)
    return c_da_001(binding, evidence, config)
