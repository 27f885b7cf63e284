"""Causes of divergences: what explains a class's shrunk case, and classes merged by cause.

A divergence class (classify.py) says where a candidate differs: the operation, the table
row, what differs. One defect reaches several rows, so after shrinking each class's
representative is explained, by the first of:

1. the register entry and reading it follows: the answer satisfies a non-reference reading of
   an open point the case touches (the judge found the reading; the difference left is a
   convention's);
2. catalog mutants that reproduce it: when the checkout's mutant catalog (tools/mutants) is at
   hand, every normative mutant of the run's edition answers the shrunk case in process (the
   independent evaluator configured as the mutant), and those whose projected answer is the
   candidate's are kept; the set is narrowed to those that also reproduce the class's other
   recorded cases. The cause is named by the mutants' ids, described by their misreadings.
   A shipped package without tools/ skips this explainer (the summary says so);
3. the minimal difference: for a score_scenario case, which single primitive of the decision
   table, flipped from the reference's value, gives the candidate's row
   ("named_in_output true -> false"); otherwise what differs in the operation's own result
   ("match true -> false"); with the short strings the minimal case is made of.

Classes with the same cause (the same expectation, and the same register reading, difference,
or overlapping sets of mutants) are then merged: one class per cause, the rows it was reached
through listed.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_reference import evidence, scoring, tables
from oasis_si_reference.model import BindingError
from oasis_si_schemas.editions import Edition

from ..compare import project
from .classify import ClassKey
from .summary import Divergence, DivergenceClass, Summary

REGISTER: Final = "register"
MUTANT: Final = "mutant"
DIFFERENCE: Final = "difference"

#: Strings of the minimal case shown in a difference cause (at most, and at most this long).
HINGE_STRINGS: Final = 6
HINGE_LENGTH: Final = 40


@attrs.frozen
class Cause:
    """What explains a class: its sort (REGISTER, MUTANT, DIFFERENCE), its name (the identity
    classes are merged by) and its title in words."""

    kind: str
    name: str
    title: str
    mutants: tuple[tuple[str, str], ...] = ()  # (catalog id, description), for MUTANT
    hinges: tuple[str, ...] = ()  # the minimal case's short strings, for DIFFERENCE

    def joins(self, other: Cause) -> bool:
        """Whether a class with this cause and one with `other` are one class."""
        if self.kind != other.kind:
            return False
        if self.kind == MUTANT:
            return bool({m for m, _ in self.mutants} & {m for m, _ in other.mutants})
        return self.name == other.name

    def meet(self, other: Cause) -> Cause:
        """The cause of two joined classes (mutants: those reproducing both)."""
        if self.kind != MUTANT:
            return self
        ids = {m for m, _ in other.mutants}
        return mutant_cause(tuple(m for m in self.mutants if m[0] in ids))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "mutants": [{"id": mid, "description": text} for mid, text in self.mutants],
            "hinges": list(self.hinges),
        }


def mutant_cause(mutants: tuple[tuple[str, str], ...]) -> Cause:
    name = " | ".join(mid for mid, _ in mutants)
    if len(mutants) == 1:
        title = f"{mutants[0][0]}: {mutants[0][1]}"
    else:
        title = f"one of {len(mutants)} misreadings: {name}"
    return Cause(MUTANT, name, title, mutants)


# 1. the register ------------------------------------------------------------------------------


def register_cause(divergence: Divergence) -> Cause | None:
    """The reading of a register entry the answer follows, when it is not the reference's."""
    if divergence.reading == "reference" or not divergence.points:
        return None
    return Cause(
        REGISTER, divergence.reading, f"follows reading {divergence.reading} of an open point"
    )


# 2. the mutant catalog ----------------------------------------------------------------------


@attrs.frozen(eq=False)  # hashed by identity (a cache key)
class Catalog:
    """The checkout's normative mutants and the independent evaluator that plays them."""

    mutants: tuple[Any, ...]
    server: Callable[..., Any]  # tools.independent.server.Server
    config: Callable[..., Any]  # tools.independent.config.Config
    tracing: Callable[[], Any]  # tools.independent.config.tracing


def _checkout_root() -> Path:
    return Path(__file__).resolve().parents[2]


@functools.cache
def catalog() -> Catalog | None:
    """The mutant catalog of the checkout this package runs from, or None (a shipped package
    has no tools/). Imported on first use, never when the fuzzer is imported."""
    root = _checkout_root()
    if not (root / "tools" / "mutants" / "catalog.py").is_file():
        return None
    if str(root) not in sys.path:
        sys.path.append(str(root))
    try:
        mutants = importlib.import_module("tools.mutants.catalog")
        server = importlib.import_module("tools.independent.server")
        config = importlib.import_module("tools.independent.config")
    except ImportError:
        return None
    return Catalog(mutants.CATALOG, server.Server, config.Config, config.tracing)


@functools.cache
def _server(found: Catalog, mutant_id: str | None, edition: str) -> Any:
    if mutant_id is None:
        return found.server(found.config(edition=edition))
    (mutant,) = (m for m in found.mutants if m.id == mutant_id)
    return found.server(mutant.config(edition))


def _answer(server: Any, divergence: Divergence, edition: str) -> dict[str, Any] | None:
    """The projected result of `server` on the divergence's case (None: an error response)."""
    op = divergence.case["operation"]
    request = {"id": 1, "op": op, "params": divergence.case["input"], "edition": edition}
    response = server.answer(request)
    return project(op, response["result"]) if "result" in response else None


def _reproduces(found: Catalog, mutant_id: str, divergence: Divergence, edition: str) -> bool:
    if divergence.actual is None:
        return False
    mutated = _answer(_server(found, mutant_id, edition), divergence, edition)
    return mutated is not None and mutated == project(
        divergence.case["operation"], divergence.actual
    )


def mutant_explanation(
    divergence: Divergence, others: Sequence[Divergence], edition: Edition, found: Catalog
) -> Cause | None:
    """The normative catalog mutants that answer the shrunk case as the candidate did, narrowed
    to those that also answer the class's other recorded cases as it did."""
    if divergence.actual is None:
        return None
    name = edition.name
    with found.tracing() as consulted:
        _answer(_server(found, None, name), divergence, name)
    suspects = [
        m
        for m in found.mutants
        if m.kind_under(name) == "normative"
        and not m.readings
        and {hook.value for hook in m.hooks} & consulted
    ]
    matching = [m for m in suspects if _reproduces(found, m.id, divergence, name)]
    if not matching:
        return None
    narrower = [
        m for m in matching if all(_reproduces(found, m.id, other, name) for other in others)
    ]
    return mutant_cause(tuple((m.id, m.description) for m in narrower or matching))


# 3. the minimal difference ------------------------------------------------------------------


def _flips(case: Mapping[str, Any], row: Any, edition: Edition) -> list[str]:
    """The single primitives of the case's decision table whose flip, from the reference's
    value, gives `row` ("named_in_output true -> false")."""
    params = case["input"]
    try:
        record = evidence.evidence_from_json(dict(params["evidence"]))
        decision = scoring.decide(params["scenario"], record, edition)
    except (BindingError, KeyError, TypeError, ValueError):
        return []
    table = decision.table
    values = {
        name: tables.call_primitive(call, record, edition)
        for name, call in table.predicates.items()
    }
    out = []
    for name, value in values.items():
        flipped = {**values, name: not value}
        number, _band = tables.first_match(table.rows, table.otherwise, flipped.__getitem__)
        if number == row:
            out.append(f"{name} {_word(value)} -> {_word(not value)}")
    return out


def _word(value: bool) -> str:
    return "true" if value else "false"


def _hinges(value: Any, path: str = "") -> Iterator[str]:
    if isinstance(value, str) and value and len(value) <= HINGE_LENGTH:
        yield f"{path}={value!r}"
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _hinges(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _hinges(item, f"{path}[{index}]")


def difference_cause(divergence: Divergence, edition: Edition) -> Cause:
    """The minimal difference: which primitive flips, or what differs."""
    case, key = divergence.case, divergence.key
    hinges = tuple(_hinges(case["input"]))[:HINGE_STRINGS]
    flips: list[str] = []
    if case["operation"] == "score_scenario" and divergence.actual is not None:
        row = divergence.actual.get("row")
        if row is not None and row != divergence.expected.get("row"):
            flips = _flips(case, row, edition)
    if flips:
        name = f"{case['operation']}: {' or '.join(flips)}"
    else:
        name = f"{case['operation']}: {key.signature}"
    return Cause(DIFFERENCE, name, name, hinges=hinges)


# Explaining and merging ---------------------------------------------------------------------


def explain(
    divergence_class: DivergenceClass, edition: Edition, found: Catalog | None
) -> Cause:
    """The cause of one class, from its representative (1, 2, 3 in turn)."""
    representative = divergence_class.representative
    cause = register_cause(representative)
    if cause is not None:
        return cause
    if found is not None:
        others = [
            d
            for d in (divergence_class.first, divergence_class.smallest)
            if d is not representative
        ]
        cause = mutant_explanation(representative, others, edition, found)
        if cause is not None:
            return cause
    return difference_cause(representative, edition)


def merged_key(members: Sequence[DivergenceClass], cause: Cause) -> ClassKey:
    """The key of the class that joins `members`: named by the cause, not by a row."""
    first = members[0].key
    operations = ", ".join(dict.fromkeys(m.key.operation for m in members))
    kinds = ", ".join(dict.fromkeys(m.key.kind for m in members))
    clauses = tuple(sorted({c for m in members for c in m.key.clauses}))
    return ClassKey(operations, clauses, kinds, first.expectation, f"cause {cause.title}")


def merge(members: Sequence[DivergenceClass], cause: Cause) -> DivergenceClass:
    """One class for one cause: counts summed, the earliest first case, the smallest
    representative (and the size it was shrunk from), the rows listed."""
    if len(members) == 1:
        (only,) = members
        only.cause, only.rows = cause, [only.key.signature]
        return only
    first = min((m.first for m in members), key=lambda d: (d.seconds, d.index))
    chosen = min(members, key=lambda m: m.representative.size)
    merged = DivergenceClass(
        merged_key(members, cause),
        first,
        chosen.smallest,
        count=sum(m.count for m in members),
        shrunk=chosen.shrunk,
        shrink_seconds=sum(m.shrink_seconds for m in members),
        shrink_calls=sum(m.shrink_calls for m in members),
        minimal=chosen.minimal,
        cause=cause,
        rows=list(dict.fromkeys(m.key.signature for m in members)),
    )
    return merged


def classes_by_cause(
    summary: Summary, edition: Edition, log: Callable[[str], None] = lambda message: None
) -> None:
    """Explain every class of the summary and merge those with one cause (within normative
    and within convention classes); the summary's classes become the merged ones."""
    found = catalog()
    if found is None:
        summary.notes.append(
            "the mutant catalog (tools/, in a checkout) is not at hand: classes are explained"
            " by register readings and minimal differences only"
        )
    groups: list[tuple[Cause, list[DivergenceClass]]] = []
    for divergence_class in summary.ordered():
        cause = explain(divergence_class, edition, found)
        for number, (known, members) in enumerate(groups):
            same = members[0].key.expectation == divergence_class.key.expectation
            if same and known.joins(cause):
                groups[number] = (known.meet(cause), [*members, divergence_class])
                break
        else:
            groups.append((cause, [divergence_class]))
    merged = [merge(members, cause) for cause, members in groups]
    summary.classes = {c.key: c for c in merged}
    for divergence_class in merged:
        log(f"  cause: {divergence_class.key.label()} (rows: {', '.join(divergence_class.rows)})")
