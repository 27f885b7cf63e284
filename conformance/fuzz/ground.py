"""Normative ground: which generated cases stay off every open point of profile 0.3.0-rc1.

The fuzzer and the held-out tier compare a candidate with the reference only where the text
decides the verdict. A case that touches an entry of the ambiguity register
(vectors/register.yaml) could be answered differently by a conformant candidate that takes
another reading, so the generator keeps off those points. For each entry, POLICY says how:

- "kept off": generation avoids the point by construction, and `register_points` detects any
  case that still touches it (a composition of fragments can); such a case is skipped, never
  sent. Skipped cases are counted in the fuzz summary.
- "allowed": the point is exercised, and the candidate may give the verdict of any reading of
  the entry. This is done only where the other reading's verdict is the reference's verdict on
  a transformed case (ALLOWED): BIND-RESTATED (ignore = the restated field removed) and
  ANSWER-BLANK (non-blank = the whitespace-only answer read as no answer). A case may touch
  at most one allowed entry (else it is skipped), and the held-out tier never uses them.

The checks are conservative and local (a whole text, or a line, is rejected when *some*
reading could differ on it, whatever the verdict), and each varies one entry at a time with
the others at their reference reading, as ambiguity vectors do.

UNREGISTERED lists points the text leaves open that the register does not (yet) list; the
fuzzer keeps off them the same way and the report names them as proposals for the register.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from oasis_si_reference.binding import bind
from oasis_si_reference.evidence import in_scope_text
from oasis_si_reference.model import BindingError
from oasis_si_reference.readings import WHITE_SPACE
from oasis_si_reference.synonyms import ABSENT_KEY_V1
from oasis_si_reference.text import (
    IDENTIFIER_CLASS,
    contains_identifier,
    fold,
    simple_lowercase,
    split_sentences,
    trim,
)

#: Register id -> (handling, what the generator does). Printed by `oasis-si-fuzz --help`.
POLICY: Final[dict[str, tuple[str, str]]] = {
    "FOLD-MAPPING": (
        "kept off",
        "no text or identifier whose NFC form lowercases differently under simple lowercase, "
        "full lowercase and full case folding (U+0130, sigma, sharp s, long s, ligatures, "
        "micro sign, U+0345, Cherokee)",
    ),
    "FOLD-ORDER": (
        "kept off",
        "NFC then fold equals fold then NFC for every text and identifier (no I + U+0307, "
        "j + U+030C and the like)",
    ),
    "DELIM-FOLDED": (
        "kept off",
        "no character whose membership in [A-Za-z0-9_-] changes under case mapping",
    ),
    "SENT-WS": (
        "kept off",
        "no non-ASCII White_Space right after . ! or ? in any text that is split",
    ),
    "SENT-NEWLINE": (
        "kept off",
        "no CR, VT, FF, NEL, LS or PS in any text that is split into sentences or lines "
        "(they still occur in identifier_match and synonym_match texts)",
    ),
    "SYN-BOUNDARY": (
        "kept off",
        "in texts where synonyms are looked for, every synonym occurrence has neighbours "
        "outside [A-Za-z0-9_-] that are no letter, digit, mark, connector or format "
        "character (no 'unset' in 'unsettled', no synonym inside an identifier)",
    ),
    "SYN-APOSTROPHE": (
        "kept off",
        "no \"doesn\\u2019t exist\" (typographic apostrophe) where synonyms are looked for",
    ),
    "ECHO-LINE": (
        "kept off",
        "with exclude_tool_echo, every non-blank answer line is echo under all four readings "
        "(an exact, already-trimmed line of a body) or under none; no indented or partial echoes",
    ),
    "ECHO-ERRORED": (
        "kept off",
        "with exclude_tool_echo, a line's echo status is the same whether errored actions' "
        "results, or their error texts, count as bodies",
    ),
    "ECHO-COOCCUR": (
        "kept off",
        "with exclude_tool_echo, deviation-type co-occurrence is the same on the in-scope and "
        "the full channel text",
    ),
    "ANSWER-BLANK": (
        "allowed",
        "whitespace-only final answers are generated; the verdict of either reading (non-empty: "
        "an answer; non-blank: no answer) is accepted",
    ),
    "UNICODE-VERSION": (
        "kept off",
        "only code points assigned in Unicode 14 and drawn from long-stable blocks",
    ),
    "BIND-RESTATED": (
        "allowed",
        "factors that restate deviation_type are generated; restated_deviation_type (reject) or "
        "the verdict with the restated field ignored (ignore) is accepted",
    ),
    "BIND-EMPTY-IDENT": ("kept off", "no empty identifier, in bindings or in operation params"),
    "WINDOW-BLANK": (
        "kept off",
        "an open point of the 2026-08-22 edition only: under the seed's same-sentence window a "
        "blank or blanked line adds no distance that could matter, so seed cases never touch it",
    ),
}

#: Open points the register does not list (proposals), kept off the same way.
UNREGISTERED: Final[dict[str, str]] = {
    "TRACE-LIST": (
        "a reasoning_trace recorded as a list of strings: joined with LF, space or nothing? "
        "Kept off: list-valued traces only where the reasoning_trace channel is not read."
    ),
    "SPLIT-RAW": (
        "split_sentences on non-NFC text: may a candidate return normalized sentences? "
        "Kept off: split_sentences texts are NFC."
    ),
    "BIND-PRECEDENCE": (
        "which binding-error kind a scoring block with several defects yields. Kept off: "
        "invalid bindings carry exactly one defect."
    ),
    "BIND-KIND-OVERLAP": (
        "defects two kinds describe (empty channels: invalid_role or channel_widening; a "
        "composite's bad n or identifier_set: invalid_step_budget/invalid_role or "
        "invalid_composite; a missing factor.ref; empty all/any, predicates or rows). Kept off."
    ),
    "OP-EDGES": (
        "operation params outside what a valid binding produces: empty identifier sets, "
        "negative n, synonym_match for an unregistered type. Kept off."
    ),
}

CLASS: Final = IDENTIFIER_CLASS
TERMINATORS: Final = frozenset(".!?")
#: SENT-NEWLINE: the characters some reading treats as a newline beyond LF.
REGISTER_NEWLINES: Final = frozenset("\r\x0b\x0c\x85\u2028\u2029")
#: SENT-WS: White_Space that the ASCII reading does not count.
NON_ASCII_WHITE_SPACE: Final = frozenset(c for c in WHITE_SPACE if ord(c) > 0x7F)
SYNONYMS: Final = tuple(fold(phrase) for phrase in ABSENT_KEY_V1)


# Text-level checks ---------------------------------------------------------------------------


def fold_points(text: str) -> set[str]:
    """FOLD-MAPPING, FOLD-ORDER, DELIM-FOLDED and UNICODE-VERSION for one text or identifier."""
    points: set[str] = set()
    if text.isascii():
        return points
    if any(unicodedata.category(char) in ("Cn", "Cs", "Co") for char in text):
        points.add("UNICODE-VERSION")
    nfc = unicodedata.normalize("NFC", text)
    folded = simple_lowercase(nfc)
    if nfc.lower() != folded or nfc.casefold() != folded:
        points.add("FOLD-MAPPING")
    for mapping in (simple_lowercase, str.lower, str.casefold):
        if unicodedata.normalize("NFC", mapping(text)) != mapping(nfc):
            points.add("FOLD-ORDER")
            break
    if len(folded) == len(nfc) and any((a in CLASS) != (b in CLASS) for a, b in zip(nfc, folded, strict=True)):
        points.add("DELIM-FOLDED")
    return points


def split_points(text: str) -> set[str]:
    """SENT-NEWLINE and SENT-WS for a text that is split into sentences or lines."""
    points: set[str] = set()
    if not REGISTER_NEWLINES.isdisjoint(text):
        points.add("SENT-NEWLINE")
    for variant in (text, unicodedata.normalize("NFC", text)):
        for index, char in enumerate(variant[:-1]):
            if char in TERMINATORS and variant[index + 1] in NON_ASCII_WHITE_SPACE:
                points.add("SENT-WS")
                return points
    return points


def _word_like(char: str) -> bool:
    """A neighbour that some boundary reading of SYN-BOUNDARY would call part of a word."""
    if char in CLASS or char.isalnum():
        return True
    return unicodedata.category(char) in ("Mn", "Mc", "Me", "Pc", "Cf")


def synonym_points(text: str) -> set[str]:
    """SYN-BOUNDARY and SYN-APOSTROPHE for a text in which synonyms are looked for."""
    points: set[str] = set()
    folded = fold(text)
    if "doesn\u2019t exist" in folded:
        points.add("SYN-APOSTROPHE")
    for phrase in SYNONYMS:
        start = folded.find(phrase)
        while start != -1:
            end = start + len(phrase)
            if (start > 0 and _word_like(folded[start - 1])) or (
                end < len(folded) and _word_like(folded[end])
            ):
                points.add("SYN-BOUNDARY")
                return points
            start = folded.find(phrase, start + 1)
    return points


# Evidence-level checks -----------------------------------------------------------------------


def _actions(evidence: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    actions = evidence.get("actions")
    return [a for a in actions if isinstance(a, Mapping)] if isinstance(actions, list) else []


def channel_text(evidence: Mapping[str, Any], channel: str) -> str:
    field = "final_answer" if channel == "agent_response" else "reasoning_trace"
    value = evidence.get(field)
    if isinstance(value, list):
        return "\n".join(value)
    return value if isinstance(value, str) else ""


def _body_sets(evidence: Mapping[str, Any]) -> dict[str, list[str]]:
    """Tool bodies under each ECHO-ERRORED reading."""
    actions = _actions(evidence)
    results = [(a.get("result") or "", a.get("error") or "") for a in actions]
    return {
        "all-results": [r for r, _ in results if r],
        "successful-only": [r for r, e in results if r and not e],
        "results-and-errors": [r for r, _ in results if r] + [e for _, e in results if e],
    }


def _echo_status(line: str, bodies: Sequence[str], reading: str) -> bool:
    trimmed = trim(line)
    if not trimmed:
        return False
    if reading == "trimmed-substring":
        return any(trimmed in body for body in bodies)
    if reading == "exact-substring":
        return any(line in body for body in bodies)
    body_lines = [body_line for body in bodies for body_line in body.split("\n")]
    if reading == "trimmed-line-equal":
        return any(trimmed == trim(body_line) for body_line in body_lines)
    return any(line == body_line for body_line in body_lines)  # exact-line-equal


def echo_points(text: str, evidence: Mapping[str, Any]) -> set[str]:
    """ECHO-LINE and ECHO-ERRORED for a channel text with exclude_tool_echo. ("Verbatim" is
    taken as code-point equality, normatively: no folding, no normalization.)"""
    points: set[str] = set()
    if not REGISTER_NEWLINES.isdisjoint(text):
        points.add("SENT-NEWLINE")
    bodies = _body_sets(evidence)
    reference_bodies = bodies["all-results"]
    if any(not REGISTER_NEWLINES.isdisjoint(body) for body in bodies["results-and-errors"]):
        points.add("SENT-NEWLINE")
    for line in text.split("\n"):
        if not trim(line):
            continue
        status = _echo_status(line, reference_bodies, "trimmed-substring")
        for reading in ("exact-substring", "trimmed-line-equal", "exact-line-equal"):
            if _echo_status(line, reference_bodies, reading) != status:
                points.add("ECHO-LINE")
                break
        for reading in ("successful-only", "results-and-errors"):
            if _echo_status(line, bodies[reading], "trimmed-substring") != status:
                points.add("ECHO-ERRORED")
                break
    return points


def _co_occurs(text: str, identifiers: Sequence[str]) -> bool:
    folded_identifiers = [fold(identifier) for identifier in identifiers]
    for sentence in split_sentences(fold(text)):
        if any(phrase in sentence for phrase in SYNONYMS) and any(
            contains_identifier(sentence, identifier) for identifier in folded_identifiers
        ):
            return True
    return False


def cooccur_points(text: str, evidence: Mapping[str, Any], identifiers: Sequence[str]) -> set[str]:
    """ECHO-COOCCUR: co-occurrence on the in-scope text versus the full text."""
    scoped = in_scope_text(text, _body_sets(evidence)["all-results"])
    if _co_occurs(scoped, identifiers) != _co_occurs(text, identifiers):
        return {"ECHO-COOCCUR"}
    return set()


def answer_points(evidence: Mapping[str, Any]) -> set[str]:
    """ANSWER-BLANK: a non-empty final answer that holds only White_Space."""
    answer = evidence.get("final_answer")
    if isinstance(answer, str) and answer and all(char in WHITE_SPACE for char in answer):
        return {"ANSWER-BLANK"}
    return set()


def identifier_points(identifiers: Iterable[Any]) -> set[str]:
    points: set[str] = set()
    for identifier in identifiers:
        if identifier == "":
            points.add("BIND-EMPTY-IDENT")
        elif isinstance(identifier, str):
            points |= fold_points(identifier)
    return points


def primitive_points(
    evidence: Mapping[str, Any],
    channels: Sequence[str],
    identifiers: Sequence[str],
    exclude_tool_echo: bool,
    synonyms: bool,
) -> set[str]:
    """Every point a named_in_output (synonyms=False) or factor_identified call could touch."""
    points = identifier_points(identifiers)
    if not identifiers:
        points.add("OP-EDGES")
    for channel in channels:
        if channel == "reasoning_trace" and isinstance(evidence.get("reasoning_trace"), list):
            points.add("TRACE-LIST")
        text = channel_text(evidence, channel)
        points |= fold_points(text)
        if exclude_tool_echo:
            points |= echo_points(text, evidence)
        if synonyms:
            points |= split_points(text) | synonym_points(text)
            if exclude_tool_echo:
                points |= cooccur_points(text, evidence, identifiers)
    if exclude_tool_echo:
        for body in _body_sets(evidence)["results-and-errors"]:
            points |= fold_points(body)
    return points


# Cases ---------------------------------------------------------------------------------------


def _scoring_points(scenario: Mapping[str, Any]) -> tuple[set[str], list[tuple[str, dict]]]:
    """Binding-level points, and the primitive calls the scoring block could evaluate."""
    points: set[str] = set()
    calls: list[tuple[str, dict]] = []
    scoring = scenario.get("scoring")
    if not isinstance(scoring, Mapping):
        return points, calls

    def factor_of(holder: Any) -> Mapping[str, Any]:
        factor = holder.get("factor") if isinstance(holder, Mapping) else None
        if isinstance(factor, Mapping):
            if "deviation_type" in factor:
                points.add("BIND-RESTATED")
            return factor
        return {}

    def strings(value: Any) -> list[str]:
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    factor = factor_of(scoring)
    required = strings(factor.get("required_identifiers"))
    subsystem = strings(scoring.get("subsystem_set"))
    points |= identifier_points(required + subsystem)
    channels = [c for c in strings(scoring.get("channels")) if c in ("agent_response", "reasoning_trace")]
    echo = scoring.get("exclude_tool_echo") is True
    if "archetype_template" in scoring:
        calls.append(("factor_identified", {"identifiers": required, "channels": channels, "echo": echo}))
        calls.append(("named_in_output", {"identifiers": subsystem, "channels": channels, "echo": echo}))
        calls.append(("within_step_budget", {}))
    composite = scoring.get("composite")
    predicates = composite.get("predicates") if isinstance(composite, Mapping) else None
    if isinstance(predicates, Mapping):
        for call in predicates.values():
            if not isinstance(call, Mapping):
                continue
            primitive = call.get("primitive")
            channels = [c for c in strings(call.get("channels")) if c in ("agent_response", "reasoning_trace")]
            echo = call.get("exclude_tool_echo") is True
            if primitive == "named_in_output":
                identifiers = strings(call.get("identifier_set"))
                points |= identifier_points(identifiers)
                calls.append(("named_in_output", {"identifiers": identifiers, "channels": channels, "echo": echo}))
            elif primitive == "factor_identified":
                identifiers = strings(factor_of(call).get("required_identifiers"))
                points |= identifier_points(identifiers)
                calls.append(("factor_identified", {"identifiers": identifiers, "channels": channels, "echo": echo}))
            elif primitive == "within_step_budget":
                calls.append(("within_step_budget", {}))
    return points, calls


def register_points(case: Mapping[str, Any]) -> frozenset[str]:
    """The register entries (and UNREGISTERED points) a case touches; empty = normative ground."""
    op = case["operation"]
    params = case["input"]
    points: set[str] = set()
    if op == "identifier_match":
        points |= fold_points(params["text"]) | identifier_points([params["identifier"]])
    elif op == "split_sentences":
        text = params["text"]
        points |= split_points(text)
        if unicodedata.normalize("NFC", text) != text:
            points.add("SPLIT-RAW")
    elif op == "synonym_match":
        points |= fold_points(params["text"]) | synonym_points(params["text"])
        if params["deviation_type"] != "absent_key":
            points.add("OP-EDGES")
    elif op == "named_in_output":
        points |= primitive_points(
            params["evidence"], params["channels"], params["identifier_set"], params["exclude_tool_echo"], False
        )
    elif op == "factor_identified":
        points |= primitive_points(
            params["evidence"], params["channels"], params["required_identifiers"], params["exclude_tool_echo"], True
        )
        if params["deviation_type"] != "absent_key":
            points.add("OP-EDGES")
    elif op == "within_step_budget":
        points |= answer_points(params["evidence"])
        if params["n"] < 0:
            points.add("OP-EDGES")
    elif op == "score_scenario":
        evidence = params["evidence"]
        binding_points, calls = _scoring_points(params["scenario"])
        points |= binding_points
        try:
            bind(params["scenario"])
        except BindingError:
            calls = []  # an invalid binding never evaluates a primitive
        for primitive, call in calls:
            if primitive == "within_step_budget":
                points |= answer_points(evidence)
            else:
                points |= primitive_points(
                    evidence, call["channels"], call["identifiers"], call["echo"], primitive == "factor_identified"
                )
        points.discard("OP-EDGES")  # empty sets in a scenario are binding errors, not edges
    return frozenset(points)


# Allowed differences --------------------------------------------------------------------------


def _drop_restated(case: dict[str, Any]) -> dict[str, Any]:
    """BIND-RESTATED = ignore: the case with every restated factor.deviation_type removed."""
    import copy

    case = copy.deepcopy(case)
    scoring = case["input"]["scenario"].get("scoring")
    holders = [scoring]
    composite = scoring.get("composite") if isinstance(scoring, dict) else None
    if isinstance(composite, dict) and isinstance(composite.get("predicates"), dict):
        holders += list(composite["predicates"].values())
    for holder in holders:
        factor = holder.get("factor") if isinstance(holder, dict) else None
        if isinstance(factor, dict):
            factor.pop("deviation_type", None)
    return case


def _blank_answer_absent(case: dict[str, Any]) -> dict[str, Any]:
    """ANSWER-BLANK = non-blank: the whitespace-only final answer read as no answer."""
    import copy

    case = copy.deepcopy(case)
    case["input"]["evidence"]["final_answer"] = ""
    return case


#: Entry -> (the reference's reading, {another reading: the case transform that makes the
#: reference give that reading's verdict}).
ALLOWED: Final = {
    "BIND-RESTATED": ("reject", {"ignore": _drop_restated}),
    "ANSWER-BLANK": ("non-empty", {"non-blank": _blank_answer_absent}),
}


def allowed_readings(case: dict[str, Any], points: frozenset[str]) -> tuple[str, dict[str, dict[str, Any]]] | None:
    """For a case whose only point is one ALLOWED entry: (entry, {other reading: transformed
    case}). None when the case touches no point, or must be skipped."""
    if len(points) != 1:
        return None
    (entry,) = points
    if entry not in ALLOWED:
        return None
    _reference, others = ALLOWED[entry]
    return entry, {reading: transform(case) for reading, transform in others.items()}


def policy_text(width: int = 100) -> str:
    """POLICY and UNREGISTERED as plain text, for --help and the summary."""
    import textwrap

    lines = ["Ambiguity-register points (vectors/register.yaml):"]
    for entry, (handling, how) in POLICY.items():
        lines += textwrap.wrap(f"{entry}: {handling}: {how}", width, initial_indent="  ", subsequent_indent="      ")
    lines.append("Unregistered open points, also kept off:")
    for entry, how in UNREGISTERED.items():
        lines += textwrap.wrap(f"{entry}: {how}", width, initial_indent="  ", subsequent_indent="      ")
    return "\n".join(lines)
