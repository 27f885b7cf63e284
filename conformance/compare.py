"""Comparison of a candidate's result with a vector's `expected` outcome or its `readings`.

A vector's outcome (schemas/vectors.schema.json#/$defs/outcome) lists the keys it compares;
extra keys in a result are ignored (PROTOCOL.md). A result is first *projected* onto the keys
the protocol compares for its operation, in canonical form (`Operation.project` in the
registry, conformance/operations.py): this projection is also what the determinism check
compares across repetitions (so non-scoring metadata such as a duration may vary, Spec §4,
while every compared field may not).

- Scores are compared as numbers (1 equals 1.0; a boolean is never a number), labels as
  strings, rows as integers.
- A binding error is compared by kind only: the candidate returns
  {"binding_error": {"kind": K, "message": ...}}, the vector says {binding_error: K}.
- A key with a canonical form (split_sentences' `sentences`: each sentence trimmed of
  White_Space, sentences then empty dropped) is compared in that form on both sides.
"""

from typing import Any, Final

from .operations import REGISTRY, canonical, canonical_sentences, operation

__all__ = [
    "COMPARED_KEYS",
    "canonical_sentences",
    "describe_difference",
    "matches",
    "matching_readings",
    "project",
]

#: The keys each operation's result is compared on (from the registry).
COMPARED_KEYS: Final[dict[str, tuple[str, ...]]] = {
    entry.name: entry.compared for entry in REGISTRY
}


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


def differs(key: str, expected: Any, projection: dict[str, Any]) -> bool:
    """The projected result misses `key` or holds another value than the outcome's."""
    return key not in projection or not same_value(canonical(key, expected), projection[key])


def matches(outcome: dict[str, Any], projection: dict[str, Any]) -> bool:
    """Does a projected result satisfy a vector outcome (every key the outcome lists)?"""
    return not any(differs(key, expected, projection) for key, expected in outcome.items())


def matching_readings(
    readings: dict[str, dict[str, Any]], projection: dict[str, Any]
) -> tuple[str, ...]:
    """The readings (in the vector's order) whose outcome the projected result satisfies."""
    return tuple(name for name, outcome in readings.items() if matches(outcome, projection))


def describe_difference(outcome: dict[str, Any], projection: dict[str, Any]) -> str:
    """One line naming the keys that differ."""
    parts = [
        f"{key}: expected {canonical(key, expected)!r}, got {projection.get(key, '<absent>')!r}"
        for key, expected in outcome.items()
        if differs(key, expected, projection)
    ]
    return "; ".join(parts) or "differs"
