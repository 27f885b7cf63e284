"""Comparison of a candidate's result with a vector's `expected` outcome or its `readings`.

A vector's outcome (schemas/vectors.schema.json#/$defs/outcome) lists the keys it compares;
extra keys in a result are ignored (PROTOCOL.md). A result is first *projected* onto the keys
the protocol compares for its operation, in canonical form: this projection is also what the
determinism check compares across repetitions (so non-scoring metadata such as a duration may
vary, Spec §4, while every compared field may not).

- Scores are compared as numbers (1 equals 1.0; a boolean is never a number), labels as
  strings, rows as integers.
- A binding error is compared by kind only: the candidate returns
  {"binding_error": {"kind": K, "message": ...}}, the vector says {binding_error: K}.
- split_sentences: both sides are canonicalised (PROTOCOL.md): each sentence loses its leading
  and trailing White_Space, sentences then empty are dropped.
"""

from typing import Any, Final

#: The Unicode White_Space property: 25 code points, unchanged since Unicode 6.3. (Not
#: str.isspace, which also admits U+001C..U+001F.) Stated here independently of the
#: reference; a test keeps the two equal.
WHITE_SPACE: Final = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)

#: The keys each operation's result is compared on.
COMPARED_KEYS: Final[dict[str, tuple[str, ...]]] = {
    "score_scenario": ("score", "label", "row"),
    "identifier_match": ("match",),
    "synonym_match": ("match",),
    "split_sentences": ("sentences",),
    "count_steps": ("steps",),
    "named_in_output": ("value",),
    "factor_identified": ("value",),
    "within_step_budget": ("value",),
    "evaluate_table": ("score", "label", "row"),
}


def canonical_sentences(sentences: list[str]) -> list[str]:
    trimmed = (sentence.strip(WHITE_SPACE) for sentence in sentences)
    return [sentence for sentence in trimmed if sentence]


def project(op: str, result: dict[str, Any]) -> dict[str, Any]:
    """The compared part of a (schema-valid) result, in canonical form."""
    if op == "score_scenario" and "binding_error" in result:
        return {"binding_error": result["binding_error"]["kind"]}
    projected = {key: result[key] for key in COMPARED_KEYS[op] if key in result}
    if "sentences" in projected:
        projected["sentences"] = canonical_sentences(projected["sentences"])
    return projected


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, (int, float)):
        return isinstance(actual, (int, float)) and expected == actual
    return type(expected) is type(actual) and expected == actual


def matches(outcome: dict[str, Any], projection: dict[str, Any]) -> bool:
    """Does a projected result satisfy a vector outcome (every key the outcome lists)?"""
    for key, expected in outcome.items():
        if key not in projection:
            return False
        if key == "sentences":
            if projection[key] != canonical_sentences(expected):
                return False
        elif not _same(expected, projection[key]):
            return False
    return True


def matching_readings(readings: dict[str, dict[str, Any]], projection: dict[str, Any]) -> tuple[str, ...]:
    """The readings (in the vector's order) whose outcome the projected result satisfies."""
    return tuple(name for name, outcome in readings.items() if matches(outcome, projection))


def describe_difference(outcome: dict[str, Any], projection: dict[str, Any]) -> str:
    """One line naming the keys that differ."""
    parts = []
    for key, expected in outcome.items():
        actual = projection.get(key, "<absent>")
        if key == "sentences":
            expected = canonical_sentences(expected)
        if key not in projection or not _same(expected, actual) and not (key == "sentences" and expected == actual):
            parts.append(f"{key}: expected {expected!r}, got {actual!r}")
    return "; ".join(parts) or "differs"
