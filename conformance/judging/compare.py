"""Comparison of a candidate's answer with a vector's `expected` outcome or its `readings`.

A vector's outcome (schemas/vectors.schema.json#/$defs/outcome) lists the keys it compares;
extra keys in a result are ignored (PROTOCOL.md). A result is first *projected* onto the keys
the protocol compares for its operation, in canonical form (`Operation.project` in the
registry, conformance/operations.py): this projection is also what the determinism check
compares across repetitions (so non-scoring metadata such as a duration may vary, Spec §4,
while every compared field may not).

Each differing key is a `Difference`, either from the spec or from a convention of the kit
(vectors/conventions.yaml), as the registry's `OutcomeKey` says:

- scores are compared as numbers (1 equals 1.0; a boolean is never a number), rows as
  integers, flags and step counts exactly: differences from the spec;
- a band's `label` is the kit's convention (BAND-LABEL);
- `binding_error: K`: the spec decides that the binding is rejected, never scored; which kind
  names the defect is the kit's (BINDING-ERROR-KIND). Likewise `protocol_error: CODE`;
- `sentences`: where clause 3.2 splits is the spec's; where a terminator goes is the kit's
  (SENTENCE-FORM);
- in a convention vector (`convention: ID`) every difference is from that convention.
"""

from typing import Any, Final

import attrs

from oasis_si_conformance.model import Difference
from oasis_si_conformance.operations import (
    OUTCOME_KEYS,
    REGISTRY,
    OutcomeKey,
    canonical,
    canonical_sentences,
    operation,
)

__all__ = [
    "COMPARED_KEYS",
    "Comparison",
    "canonical_sentences",
    "compare_outcome",
    "describe_difference",
    "distinguishable",
    "matches",
    "matching_readings",
    "project",
]

#: The keys each operation's result is compared on (from the registry).
COMPARED_KEYS: Final[dict[str, tuple[str, ...]]] = {
    entry.name: entry.compared for entry in REGISTRY
}
#: How a key the registry does not list is compared: exactly, from the spec.
_PLAIN_KEY: Final = OutcomeKey({})
#: What a projection holds for a key it lacks.
ABSENT: Final = "<absent>"


def project(op: str, result: dict[str, Any]) -> dict[str, Any]:
    """The compared part of a (schema-valid) result, in canonical form."""
    return operation(op).project(result)


def same_value(expected: Any, actual: Any) -> bool:
    """JSON values equal as the protocol compares them: numbers by value, never a boolean
    for a number, everything else by type and value."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, (int, float)):
        return isinstance(actual, (int, float)) and expected == actual
    return type(expected) is type(actual) and expected == actual


@attrs.frozen
class Comparison:
    """How an answer's projection compares with one outcome."""

    differences: tuple[Difference, ...]

    @property
    def holds(self) -> bool:
        """The answer satisfies what the spec decides (it may differ on conventions)."""
        return all(difference.convention is not None for difference in self.differences)

    @property
    def exact(self) -> bool:
        return not self.differences

    def describe(self) -> str:
        return "; ".join(difference.describe() for difference in self.differences) or "differs"


def compare_outcome(
    outcome: dict[str, Any], projection: dict[str, Any], convention: str | None = None
) -> Comparison:
    """Compare a projected answer with an outcome, key by key. `convention`: the vector's own
    convention (a convention vector), which every difference is then from."""
    found = (_difference(key, expected, projection) for key, expected in outcome.items())
    differences = tuple(d for d in found if d is not None)
    if convention is not None:
        differences = tuple(attrs.evolve(d, convention=convention) for d in differences)
    return Comparison(differences)


def _difference(key: str, expected: Any, projection: dict[str, Any]) -> Difference | None:
    spec = OUTCOME_KEYS.get(key, _PLAIN_KEY)
    want = canonical(key, expected)
    if key in projection and same_value(want, projection[key]):
        return None
    got = projection.get(key, _sort_of(projection))
    if spec.exclusive:
        return Difference(key, want, got, spec.convention if key in projection else None)
    if key not in projection:
        return Difference(key, want, got)
    if spec.lenient is not None:
        loose = spec.lenient(expected, projection[key])
        return Difference(key, want, got, spec.convention if loose else None)
    return Difference(key, want, got, spec.convention)


def _sort_of(projection: dict[str, Any]) -> Any:
    """What stands in a projection instead of a key it lacks: the binding error or error
    response it holds, else the verdict it holds (a binding error was expected and the answer
    scored: its score, row and label), else ABSENT (an answer holding nothing compared)."""
    for key in ("binding_error", "protocol_error"):
        if key in projection:
            return {key: projection[key]}
    return dict(projection) if projection else ABSENT


def matches(outcome: dict[str, Any], projection: dict[str, Any]) -> bool:
    """Does a projected result satisfy a vector outcome exactly, conventions included? (What
    the reference is held to on every vector.)"""
    return compare_outcome(outcome, projection).exact


def matching_readings(
    readings: dict[str, dict[str, Any]], projection: dict[str, Any]
) -> tuple[str, ...]:
    """The readings (in the vector's order) whose outcome the projected result satisfies on
    everything the spec decides (conventions aside)."""
    return tuple(
        name for name, outcome in readings.items() if compare_outcome(outcome, projection).holds
    )


def as_projection(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome read as the projection of an answer that states exactly it."""
    return {key: canonical(key, value) for key, value in outcome.items()}


def distinguishable(left: dict[str, Any], right: dict[str, Any]) -> bool:
    """Can an answer tell the two outcomes apart on what the spec decides? (An answer stating
    one of them fails the other for a reason other than a convention.)"""
    return not (
        compare_outcome(left, as_projection(right)).holds
        and compare_outcome(right, as_projection(left)).holds
    )


def describe_difference(outcome: dict[str, Any], projection: dict[str, Any]) -> str:
    """One line naming the keys that differ."""
    return compare_outcome(outcome, projection).describe()
