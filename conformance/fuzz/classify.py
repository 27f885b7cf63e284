"""Classes of divergences: what the fuzzer groups, counts and shrinks one of.

A divergence's class says where and how a candidate differs from the reference, in terms
that do not depend on the particular case:

- the operation, and the clauses the case exercises (for score_scenario: the C-DA-001 row the
  reference decides, "1.4" for a composite, or the clause of the binding defect the reference
  names);
- the failure kind (`mismatch`, or a protocol or process failure such as `crash`);
- normative or convention: a difference from a convention of the kit (vectors/conventions.yaml:
  a binding-error kind, a band label, the sentence form, the composite grammar) is reported
  apart and does not fail a run unless --strict;
- a short signature of what differs ("row 2 -> 3", "binding_error invalid_step_budget ->
  scored", "match true -> false").

Two divergences of one class are, as far as the fuzzer can tell, one defect.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.model import Difference
from oasis_si_conformance.operations import operation

NORMATIVE: Final = "normative"
CONVENTION: Final = "convention"

#: The clause a binding-error kind is about (PROTOCOL.md, the seed).
BINDING_ERROR_CLAUSES: Final = {
    "form_missing": "1.3",
    "form_conflict": "1.3",
    "not_form_b": "1.3",
    "unknown_template": "5.1",
    "missing_role": "5.1",
    "invalid_role": "5.1",
    "empty_identifier": "1.3",
    "invalid_step_budget": "3.4",
    "unresolved_factor_ref": "2.2",
    "unregistered_deviation_type": "3.3",
    "declared_synonyms": "3.3",
    "restated_deviation_type": "2.2",
    "channel_widening": "2.5",
    "unknown_channel": "2.1",
    "unregistered_primitive": "2.4",
    "invalid_composite": "1.4",
}


@attrs.frozen(order=True)
class ClassKey:
    """The identity of a divergence class."""

    operation: str
    clauses: tuple[str, ...]
    kind: str
    expectation: str  # NORMATIVE or CONVENTION
    signature: str  # what differs ("row 2 -> 3"; several, "; "-joined, for a merged class)
    cause: str = ""  # what explains it, once explained (cause.py); the label names it

    @property
    def normative(self) -> bool:
        return self.expectation == NORMATIVE

    def label(self) -> str:
        return (
            f"{self.operation} [{', '.join(self.clauses)}] {self.kind}"
            f" ({self.expectation}): {self.cause or self.signature}"
        )


def case_clauses(case: Mapping[str, Any], expected: Mapping[str, Any]) -> tuple[str, ...]:
    """The clauses a case exercises (vectors/clauses.yaml ids): the operation's, or for
    score_scenario those the reference's outcome is about."""
    op = case["operation"]
    if op != "score_scenario":
        return tuple(operation(op).clauses)
    if "binding_error" in expected:
        return (BINDING_ERROR_CLAUSES.get(expected["binding_error"], "1.3"),)
    if _is_composite(case):
        return ("1.4",)
    row = expected.get("row")
    return ("5.1", f"5.1.row{row}") if row is not None else ("5.1",)


def _is_composite(case: Mapping[str, Any]) -> bool:
    scenario = case["input"].get("scenario")
    scoring = scenario.get("scoring") if isinstance(scenario, Mapping) else None
    return isinstance(scoring, Mapping) and "composite" in scoring


def _short(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        for key in ("binding_error", "protocol_error"):
            if key in value:
                return f"{key} {value[key]}" if key == "binding_error" else "an error response"
    if value == "<absent>":
        return "absent"
    return str(value)


def _relation(expected: Any, actual: Any, noun: str) -> str:
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return f"{noun} {'fewer' if actual < expected else 'more'}"
    return f"{noun} {_short(expected)} -> {_short(actual)}"


def difference_signature(case: Mapping[str, Any], difference: Difference) -> str:
    """One differing key in words that do not depend on the case's details."""
    key, expected, actual = difference.key, difference.expected, difference.actual
    if key == "binding_error":
        if isinstance(actual, Mapping) and "protocol_error" in actual:
            return f"binding_error {expected} -> an error response"
        if isinstance(actual, Mapping) or actual == "<absent>":
            return f"binding_error {expected} -> scored"
        return f"binding_error {expected} -> {actual}"
    if isinstance(actual, Mapping) and "binding_error" in actual:
        return f"{key} -> binding_error {actual['binding_error']}"
    if isinstance(actual, Mapping) and "protocol_error" in actual:
        return f"{key} -> an error response"
    if key == "protocol_error":
        return "an error response -> answered"
    if key == "row" and case["operation"] == "score_scenario" and not _is_composite(case):
        return f"row {_short(expected)} -> {_short(actual)}"  # the four rows of §5.1
    if key in ("row", "steps"):
        return _relation(expected, actual, key)
    if key == "sentences" and isinstance(expected, list) and isinstance(actual, list):
        if len(expected) == len(actual):
            return "sentences differ"
        return f"sentences {'fewer' if len(actual) < len(expected) else 'more'}"
    if key in ("score", "label"):
        if case["operation"] == "score_scenario" and not _is_composite(case):
            return f"{key} {_short(expected)} -> {_short(actual)}"
        return f"{key} differs"
    return f"{key} {_short(expected)} -> {_short(actual)}"


def signature(case: Mapping[str, Any], differences: Sequence[Difference]) -> str:
    """The differing keys in words. A score or label difference that goes with a row
    difference adds nothing and is left out."""
    keys = {d.key for d in differences}
    parts = []
    for difference in differences:
        if difference.key in ("score", "label") and "row" in keys:
            continue
        if difference.key == "label" and "score" in keys:
            continue
        parts.append(difference_signature(case, difference))
    return "; ".join(dict.fromkeys(parts)) or "differs"


def key_for(
    case: Mapping[str, Any],
    expected: Mapping[str, Any],
    kind: str,
    differences: Sequence[Difference] = (),
    *,
    convention: bool = False,
    error_code: str | None = None,
) -> ClassKey:
    """The class of a divergence: a mismatch (its differences from the reference's outcome),
    or a failure of another kind (`error_code` for an error response)."""
    if kind == "mismatch":
        sig = signature(case, differences)
    elif error_code:
        sig = f"error response {error_code}"
    else:
        sig = kind.replace("_", " ")
    expectation = CONVENTION if convention else NORMATIVE
    return ClassKey(case["operation"], case_clauses(case, expected), kind, expectation, sig)
