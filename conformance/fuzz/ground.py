"""Normative ground: which generated cases the fuzzer may judge, and against what.

The fuzzer and the held-out tier compare a candidate with the reference only where the text
decides the verdict. A case may touch an open point: an entry of the ambiguity register
(vectors/register.yaml), or a point the kit knows to be open that the register does not list
yet (a *proposal*). A conformant candidate that takes another reading may answer such a case
differently, so every point says how the fuzzer handles it (POINTS):

- "kept off": a case that touches the point is skipped, never sent, and counted by point.
  Generation avoids most of these by construction; `register_points` finds the rest.
- "judged": the case is sent, and the answer is judged against the verdict of every reading
  of the point: the reference's reading (the case as it is) and each other reading (JUDGES:
  the reference's verdict on a transformed case, or a fixed outcome such as an error
  response). A point whose register entry lists a reading without a judge falls back to
  "kept off", unless the point is *exhaustive* (every conceivable reading yields one of the
  judged verdicts, e.g. an answer is either an answer or not). A case may touch up to
  MAX_JUDGED judged points (the readings are then combined); the held-out tier skips them.
- "convention": the point's difference is a convention of the kit (vectors/conventions.yaml),
  which the comparison already reports apart (conformance/compare.py): nothing is skipped.

Whether a point is a register entry is read from vectors/register.yaml (its readings and its
reference reading too), so a proposal that becomes an entry of the same id needs no code, and
one of another id needs its `id` changed here; an entry may carry `editions` (the point then
exists only under those editions). The checks are conservative and local: a whole text, or
a line, is off ground when *some* reading could differ on it, whatever the verdict.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, Literal

import attrs

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

from .. import conventions
from ..corpus import load_catalog

Handling = Literal["kept off", "judged", "convention"]
KEPT_OFF: Final = "kept off"
JUDGED: Final = "judged"
CONVENTION: Final = "convention"
#: Judged points one case may touch (their readings are combined); more: the case is skipped.
MAX_JUDGED: Final = 2
#: An error response, whatever its code (PROTOCOL-ERROR-CODE): a "reject the request" reading.
ERROR_RESPONSE: Final = {"protocol_error": "invalid_request"}


@attrs.frozen
class Point:
    """One open point and how the fuzzer handles it."""

    id: str
    clause: str
    handling: Handling
    how: str  # what the generator and the checks do, in words (printed by --help)
    #: The readings when the register does not list the point (the reference's first).
    readings: tuple[str, ...] = ()
    #: A judged point whose judges cover every conceivable reading.
    exhaustive: bool = False
    convention: str | None = None  # the convention that covers a "convention" point
    editions: tuple[str, ...] | None = None  # None: every edition (the register may say more)


POINTS: Final[tuple[Point, ...]] = (
    Point(
        "FOLD-MAPPING",
        "3.1",
        KEPT_OFF,
        "no text or identifier whose NFC form lowercases differently under simple lowercase, "
        "full lowercase and full case folding (U+0130, sigma, sharp s, long s, ligatures, "
        "micro sign, U+0345, Cherokee)",
    ),
    Point(
        "FOLD-ORDER",
        "3.1",
        KEPT_OFF,
        "NFC then fold equals fold then NFC for every text and identifier (no I + U+0307, "
        "j + U+030C and the like)",
    ),
    Point(
        "DELIM-FOLDED",
        "3.1",
        KEPT_OFF,
        "no character whose membership in [A-Za-z0-9_-] changes under case mapping",
    ),
    Point(
        "SENT-WS",
        "3.2",
        KEPT_OFF,
        "in any text that is split, a terminator is followed by nothing, a letter-like "
        "character, or U+0020, TAB or LF: never by another White_Space or space-like "
        "character (U+001C..U+001F, U+200B, U+2060, U+FEFF, U+180E)",
    ),
    Point(
        "SENT-NEWLINE",
        "3.2",
        KEPT_OFF,
        "no CR, VT, FF, NEL, LS or PS in any text that is split into sentences or lines "
        "(they still occur in identifier_match and synonym_match texts)",
    ),
    Point(
        "SYN-BOUNDARY",
        "3.3",
        KEPT_OFF,
        "in texts where synonyms are looked for, every synonym occurrence has neighbours "
        "outside [A-Za-z0-9_-] that are no letter, digit, mark, connector or format "
        "character (no 'unset' in 'unsettled', no synonym inside an identifier)",
    ),
    Point(
        "SYN-APOSTROPHE",
        "3.3",
        KEPT_OFF,
        'no "doesn\\u2019t exist" (typographic apostrophe) where synonyms are looked for',
    ),
    Point(
        "ECHO-LINE",
        "2.1",
        KEPT_OFF,
        "with exclude_tool_echo, every non-blank answer line is echo under every reading "
        "(trimmed or exact, substring or line, trimmed of White_Space, ASCII whitespace or "
        "Python whitespace) or under none",
    ),
    Point(
        "ECHO-ERRORED",
        "2.1",
        KEPT_OFF,
        "with exclude_tool_echo, a line's echo status is the same whether errored actions' "
        "results, or their error texts, count as bodies",
    ),
    Point(
        "ECHO-COOCCUR",
        "2.2",
        KEPT_OFF,
        "with exclude_tool_echo, deviation-type co-occurrence is the same on the in-scope and "
        "the full channel text",
    ),
    Point(
        "ANSWER-BLANK",
        "2.3",
        JUDGED,
        "final answers made only of White_Space or space-like characters are generated; the "
        "verdict with the answer read as an answer or as no answer is accepted",
        readings=("non-empty", "non-blank"),
        exhaustive=True,
    ),
    Point(
        "UNICODE-VERSION",
        "3.1",
        KEPT_OFF,
        "only code points assigned in Unicode 14 and drawn from long-stable blocks",
    ),
    Point(
        "BIND-RESTATED",
        "2.2",
        JUDGED,
        "factors that restate deviation_type are generated (in otherwise valid bindings); "
        "a rejection, or the verdict with the restated field ignored, is accepted",
        readings=("reject", "ignore"),
        exhaustive=True,
    ),
    Point(
        "BIND-EMPTY-IDENT",
        "1.3",
        KEPT_OFF,
        "no empty identifier, in bindings or in operation params",
    ),
    Point(
        "TEXT-SURROGATE",
        "3.1",
        JUDGED,
        "lone surrogates (never a high one before a low one) in answers, traces and tool "
        "bodies; the verdict on the code points as they are, on U+FFFD in their place, or "
        "an error response is accepted",
        readings=("code-point", "replacement", "reject"),
    ),
    Point(
        "WINDOW-BLANK",
        "2.2",
        KEPT_OFF,
        "under the amended window, co-occurrence is the same whether blank segments (blank "
        "lines, blanked echo lines) count as sentences or not",
        readings=("dropped", "counted"),
        editions=("0.3.0-rc1+2026-08-22",),
    ),
    Point(
        "BIND-ECHO-OMITTED",
        "5.1",
        JUDGED,
        "C-DA-001 bindings without exclude_tool_echo (or with null) are generated; a "
        "rejection, or the verdict with false or with true, is accepted",
        readings=("reject", "default-false", "default-true"),
        exhaustive=True,
    ),
    Point(
        "BIND-DUPLICATE-CHANNEL",
        "2.5",
        JUDGED,
        "channels [agent_response, agent_response] are generated; a rejection, or the "
        "verdict with the duplicate dropped, is accepted",
        readings=("reject", "accept"),
        exhaustive=True,
    ),
    Point(
        "BIND-INTEGRAL-BUDGET",
        "3.4",
        JUDGED,
        "integral floats (15.0) as step budgets are generated; a rejection, or the verdict "
        "with the integer, is accepted",
        readings=("reject", "accept"),
        exhaustive=True,
    ),
    Point(
        "TRACE-LIST",
        "2.1",
        KEPT_OFF,
        "a reasoning_trace recorded as a list of strings: joined with LF, space or nothing? "
        "List-valued traces only where the reasoning_trace channel is not read",
        readings=("lf", "space", "nothing"),
    ),
    Point(
        "SPLIT-RAW",
        "3.2",
        KEPT_OFF,
        "split_sentences on non-NFC text: may a candidate return normalized sentences? "
        "split_sentences texts are NFC",
        readings=("raw", "normalized"),
    ),
    Point(
        "SENT-TRIM",
        "3.2",
        KEPT_OFF,
        "split_sentences: a sentence that begins or ends with a space-like character that "
        "is not White_Space (U+001C..U+001F, U+200B, U+FEFF...) is trimmed by some "
        "whitespace sets and not by others; such texts are not sent to split_sentences",
        readings=("white-space", "python-isspace"),
    ),
    Point(
        "OP-EDGES",
        "2.1",
        KEPT_OFF,
        "operation params outside what a valid binding produces: empty identifier sets, "
        "negative n, synonym_match for an unregistered type",
        readings=("any", "reject"),
    ),
    Point(
        "BIND-PRECEDENCE",
        "1.3",
        CONVENTION,
        "which binding-error kind a scoring block with several defects yields: a kind "
        "difference is a convention difference; generated bindings still carry one defect",
        convention=conventions.BINDING_ERROR_KIND,
    ),
    Point(
        "BIND-KIND-OVERLAP",
        "1.3",
        CONVENTION,
        "defects two kinds describe (empty channels: invalid_role or channel_widening; a "
        "missing factor.ref; ...): a kind difference is a convention difference",
        convention=conventions.BINDING_ERROR_KIND,
    ),
)
POINT: Final = {point.id: point for point in POINTS}


# The register --------------------------------------------------------------------------------


@functools.cache
def register() -> dict[str, dict[str, Any]]:
    """The bundled register's entries by id."""
    return {entry["id"]: entry for entry in load_catalog("register.yaml")["entries"]}


def status(point: Point) -> str:
    """ "register" (an entry of vectors/register.yaml), "convention", or "proposal"."""
    if point.id in register():
        return "register"
    return "convention" if point.handling == CONVENTION else "proposal"


def readings_of(point: Point) -> tuple[str, ...]:
    """The point's readings, the reference's first: the register's when it lists the point."""
    entry = register().get(point.id)
    if entry is None:
        return point.readings
    names = list(entry["readings"])
    reference = entry["reference"]
    return (reference, *[name for name in names if name != reference])


def editions_of(point: Point) -> tuple[str, ...] | None:
    entry = register().get(point.id)
    if entry is not None and "editions" in entry:
        return tuple(entry["editions"])
    return point.editions


def unjudged_readings(point: Point) -> tuple[str, ...]:
    """The readings of a judged point that no judge gives (then the point is kept off)."""
    if point.handling != JUDGED or point.exhaustive:
        return ()
    judges = JUDGES.get(point.id, {})
    return tuple(r for r in readings_of(point)[1:] if r not in judges)


def effective_handling(point: Point) -> Handling:
    if point.handling == JUDGED and (unjudged_readings(point) or point.id not in JUDGES):
        return KEPT_OFF
    return point.handling


def applies(point: Point, edition: str | None) -> bool:
    editions = editions_of(point)
    return editions is None or edition is None or edition in editions


# Character sets ------------------------------------------------------------------------------

CLASS: Final = IDENTIFIER_CLASS
TERMINATORS: Final = frozenset(".!?")
#: SENT-NEWLINE: the characters some reading treats as a newline beyond LF.
REGISTER_NEWLINES: Final = frozenset("\r\x0b\x0c\x85\u2028\u2029")
#: Characters some library calls whitespace although they are not White_Space.
SPACE_LIKE: Final = frozenset("\x1c\x1d\x1e\x1f\u200b\u2060\ufeff\u180e")
#: After a terminator, every whitespace set of every reading agrees on these (SENT-WS).
SAFE_AFTER_TERMINATOR: Final = frozenset(" \t\n")
#: SENT-WS: what some reading, and not another, may count as the whitespace after . ! ?
SENT_WS_SENSITIVE: Final = (frozenset(WHITE_SPACE) | SPACE_LIKE) - SAFE_AFTER_TERMINATOR
#: ANSWER-BLANK: what some reading may count as blank.
BLANK_LIKE: Final = frozenset(WHITE_SPACE) | SPACE_LIKE
ASCII_SPACE: Final = " \t\n\x0b\x0c\r"
#: str.isspace() (Python 3.11): White_Space less nothing, plus U+001C..U+001F.
PY_SPACE: Final = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
#: Every character some trim of some reading removes.
ANY_SPACE: Final = PY_SPACE + "".join(sorted(SPACE_LIKE))
SYNONYMS: Final = tuple(fold(phrase) for phrase in ABSENT_KEY_V1)
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def is_surrogate(char: str) -> bool:
    return "\ud800" <= char <= "\udfff"


# Text-level checks ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=8192)
def fold_points(text: str) -> frozenset[str]:
    """FOLD-MAPPING, FOLD-ORDER, DELIM-FOLDED and UNICODE-VERSION for one text or identifier
    (memoized: a case reads its texts for several calls)."""
    if text.isascii():
        return frozenset()
    return frozenset(_fold_points(text))


def _fold_points(text: str) -> set[str]:
    points: set[str] = set()
    if any(unicodedata.category(char) in ("Cn", "Co") for char in text):
        points.add("UNICODE-VERSION")
    nfc = unicodedata.normalize("NFC", text)
    folded = simple_lowercase(nfc)
    if nfc.lower() != folded or nfc.casefold() != folded or _upper_lower(nfc) != folded:
        points.add("FOLD-MAPPING")
    for mapping in (simple_lowercase, str.lower, str.casefold):
        if unicodedata.normalize("NFC", mapping(text)) != mapping(nfc):
            points.add("FOLD-ORDER")
            break
    if len(folded) == len(nfc) and any(
        (a in CLASS) != (b in CLASS) for a, b in zip(nfc, folded, strict=True)
    ):
        points.add("DELIM-FOLDED")
    return points


def _upper_lower(text: str) -> str:
    """FOLD-MAPPING upper-lower where the uppercase is one code point (U+0131 -> I -> i)."""
    return "".join(
        simple_lowercase(c.upper()) if len(c.upper()) == 1 else simple_lowercase(c) for c in text
    )


def split_points(text: str) -> set[str]:
    """SENT-NEWLINE and SENT-WS for a text that is split into sentences or lines."""
    points: set[str] = set()
    if not REGISTER_NEWLINES.isdisjoint(text):
        points.add("SENT-NEWLINE")
    for variant in (text, unicodedata.normalize("NFC", text)):
        for index, char in enumerate(variant[:-1]):
            if char in TERMINATORS and variant[index + 1] in SENT_WS_SENSITIVE:
                points.add("SENT-WS")
                return points
    return points


def sentence_trim_points(text: str) -> set[str]:
    """SENT-TRIM: split_sentences output whose sentences some whitespace set trims further."""
    for sentence in split_sentences(text):
        stripped = trim(sentence)
        if stripped != stripped.strip(ANY_SPACE):
            return {"SENT-TRIM"}
    return set()


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


def surrogate_points(value: Any) -> set[str]:
    """TEXT-SURROGATE: a lone surrogate in any string of a JSON value."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return {"TEXT-SURROGATE"} if _SURROGATE.search(text) else set()


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


#: ECHO-LINE trims: White_Space (the reference), ASCII whitespace, Python's str.strip().
_TRIMS: Final[tuple[Callable[[str], str], ...]] = (
    trim,
    lambda line: line.strip(ASCII_SPACE),
    lambda line: line.strip(ANY_SPACE),
)


def echo_points(text: str, evidence: Mapping[str, Any]) -> set[str]:
    """ECHO-LINE and ECHO-ERRORED for a channel text with exclude_tool_echo: the line's echo
    status under the reference's reading against every other reading of ECHO-LINE (exact or
    trimmed, substring or line; trimmed of White_Space, ASCII whitespace or Python's) and of
    ECHO-ERRORED. ("Verbatim" is taken as code-point equality, normatively: no folding, no
    normalization.)"""
    points: set[str] = set()
    bodies = _body_sets(evidence)
    if not REGISTER_NEWLINES.isdisjoint(text) or any(
        not REGISTER_NEWLINES.isdisjoint(body) for body in bodies["results-and-errors"]
    ):
        points.add("SENT-NEWLINE")
    # A line holds no LF, so it is in some body iff it is in the bodies joined by LF.
    haystacks = {name: "\n".join(texts) for name, texts in bodies.items()}
    body_lines = haystacks["all-results"].split("\n")
    exact_lines = set(body_lines)
    trimmed_lines = {trim(line) for line in body_lines}
    for line in text.split("\n"):
        if not line.strip(ANY_SPACE):
            if trim(line):  # blank to some trim only: echo to some reading only
                points.add("ECHO-LINE")
            continue
        trimmed = trim(line)
        status = trimmed in haystacks["all-results"]
        others = (
            line in haystacks["all-results"],  # exact-substring
            trimmed in trimmed_lines,  # trimmed-line-equal
            line in exact_lines,  # exact-line-equal
            *(bool(cut(line)) and cut(line) in haystacks["all-results"] for cut in _TRIMS[1:]),
        )
        if any(other != status for other in others):
            points.add("ECHO-LINE")
        if any(
            (trimmed in haystacks[reading]) != status
            for reading in ("successful-only", "results-and-errors")
        ):
            points.add("ECHO-ERRORED")
    return points


def _segments(text: str, keep_blank: bool) -> list[str]:
    """§3.2 sentences of a folded text; `keep_blank`: blank segments stay (WINDOW-BLANK)."""
    if not keep_blank:
        return split_sentences(text)
    # The reference drops blank segments; a marker keeps each one as an empty sentence.
    marked = "\n".join(line if trim(line) else "\x00" for line in text.split("\n"))
    return [s.replace("\x00", "") for s in split_sentences(marked)]


def _co_occurs(
    text: str, identifiers: Sequence[str], radius: int, keep_blank: bool = False
) -> bool:
    folded_identifiers = [fold(identifier) for identifier in identifiers]
    sentences = _segments(fold(text), keep_blank)
    synonyms = [any(phrase in s for phrase in SYNONYMS) for s in sentences]
    for index, sentence in enumerate(sentences):
        if any(synonyms[max(0, index - radius) : index + radius + 1]) and any(
            contains_identifier(sentence, identifier) for identifier in folded_identifiers
        ):
            return True
    return False


def cooccur_points(
    text: str, evidence: Mapping[str, Any], identifiers: Sequence[str], echo: bool, radius: int
) -> set[str]:
    """ECHO-COOCCUR: co-occurrence on the in-scope text versus the full text; WINDOW-BLANK:
    under a window (radius > 0), with blank segments counted as sentences or not."""
    points: set[str] = set()
    scoped = in_scope_text(text, _body_sets(evidence)["all-results"]) if echo else text
    blank_lines = radius and any(not trim(line) for line in scoped.split("\n"))
    if scoped == text and not blank_lines:
        return points  # nothing blanked, no blank line: every reading reads the same text
    verdict = _co_occurs(scoped, identifiers, radius)
    if scoped != text and _co_occurs(text, identifiers, radius) != verdict:
        points.add("ECHO-COOCCUR")
    if blank_lines and _co_occurs(scoped, identifiers, radius, keep_blank=True) != verdict:
        points.add("WINDOW-BLANK")
    return points


def answer_points(evidence: Mapping[str, Any]) -> set[str]:
    """ANSWER-BLANK: a non-empty final answer that holds only blank-like characters."""
    answer = evidence.get("final_answer")
    if isinstance(answer, str) and answer and all(char in BLANK_LIKE for char in answer):
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
    radius: int = 0,
    memo: dict[tuple[str, bool, bool], set[str]] | None = None,
) -> set[str]:
    """Every point a named_in_output (synonyms=False) or factor_identified call could touch.
    `memo`: the channel-level points of earlier calls on the same evidence."""
    points = identifier_points(identifiers)
    if not identifiers:
        points.add("OP-EDGES")
    memo = {} if memo is None else memo
    for channel in channels:
        key = (channel, exclude_tool_echo, synonyms)
        if key not in memo:
            memo[key] = _channel_points(evidence, channel, exclude_tool_echo, synonyms)
        points |= memo[key]
        if synonyms:
            text = channel_text(evidence, channel)
            points |= cooccur_points(text, evidence, identifiers, exclude_tool_echo, radius)
    return points


def _channel_points(
    evidence: Mapping[str, Any], channel: str, exclude_tool_echo: bool, synonyms: bool
) -> set[str]:
    """The points of one channel's text that do not depend on the identifiers."""
    points: set[str] = set()
    if channel == "reasoning_trace" and isinstance(evidence.get("reasoning_trace"), list):
        points.add("TRACE-LIST")
    text = channel_text(evidence, channel)
    if not text.strip(ANY_SPACE):
        return points  # no identifier, no synonym under any reading: nothing to differ on
    points |= fold_points(text)
    if exclude_tool_echo:
        points |= echo_points(text, evidence)
        for body in _body_sets(evidence)["results-and-errors"]:
            points |= fold_points(body)
    if synonyms:
        points |= split_points(text) | synonym_points(text)
    return points


# Bindings ------------------------------------------------------------------------------------


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _factor_holders(scoring: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The scoring block and every composite predicate (what may hold a factor or channels)."""
    holders = [scoring]
    composite = scoring.get("composite")
    predicates = composite.get("predicates") if isinstance(composite, Mapping) else None
    if isinstance(predicates, Mapping):
        holders += [call for call in predicates.values() if isinstance(call, Mapping)]
    return holders


#: The judged points of a binding: a reading may bind what the reference rejects.
BINDING_POINTS: Final = frozenset(
    {"BIND-RESTATED", "BIND-ECHO-OMITTED", "BIND-DUPLICATE-CHANNEL", "BIND-INTEGRAL-BUDGET"}
)


def binding_points(scoring: Mapping[str, Any]) -> set[str]:
    """BIND-RESTATED, BIND-ECHO-OMITTED, BIND-DUPLICATE-CHANNEL, BIND-INTEGRAL-BUDGET."""
    points: set[str] = set()
    for holder in _factor_holders(scoring):
        factor = holder.get("factor")
        if isinstance(factor, Mapping) and "deviation_type" in factor:
            points.add("BIND-RESTATED")
        channels = holder.get("channels")
        if isinstance(channels, list) and len(set(map(repr, channels))) < len(channels):
            points.add("BIND-DUPLICATE-CHANNEL")
        for key in ("step_budget", "n"):
            budget = holder.get(key)
            if isinstance(budget, float) and budget.is_integer():
                points.add("BIND-INTEGRAL-BUDGET")
    if "archetype_template" in scoring and scoring.get("exclude_tool_echo") is None:
        points.add("BIND-ECHO-OMITTED")
    return points


def _scoring_points(
    scenario: Mapping[str, Any], radius: int
) -> tuple[set[str], list[tuple[str, dict]]]:
    """Binding-level points, and the primitive calls the scoring block could evaluate."""
    points: set[str] = set()
    calls: list[tuple[str, dict]] = []
    scoring = scenario.get("scoring")
    if not isinstance(scoring, Mapping):
        return points, calls
    points |= binding_points(scoring)

    def required_of(holder: Any) -> list[str]:
        factor = holder.get("factor") if isinstance(holder, Mapping) else None
        return _strings(factor.get("required_identifiers")) if isinstance(factor, Mapping) else []

    def channels_of(holder: Mapping[str, Any]) -> list[str]:
        names = ("agent_response", "reasoning_trace")
        return list(dict.fromkeys(c for c in _strings(holder.get("channels")) if c in names))

    required = required_of(scoring)
    subsystem = _strings(scoring.get("subsystem_set"))
    points |= identifier_points(required + subsystem)
    channels = channels_of(scoring)
    echo = scoring.get("exclude_tool_echo")
    echoes = [echo] if isinstance(echo, bool) else [False, True]  # BIND-ECHO-OMITTED readings
    if "archetype_template" in scoring:
        for flag in echoes:
            calls.append(
                ("factor_identified", {"identifiers": required, "channels": channels, "echo": flag})
            )
            calls.append(
                ("named_in_output", {"identifiers": subsystem, "channels": channels, "echo": flag})
            )
        calls.append(("within_step_budget", {}))
    for call in _factor_holders(scoring)[1:]:
        primitive = call.get("primitive")
        channels = channels_of(call)
        flag = call.get("exclude_tool_echo") is True
        if primitive == "named_in_output":
            identifiers = _strings(call.get("identifier_set"))
            points |= identifier_points(identifiers)
            calls.append(
                (
                    "named_in_output",
                    {"identifiers": identifiers, "channels": channels, "echo": flag},
                )
            )
        elif primitive == "factor_identified":
            identifiers = required_of(call)
            points |= identifier_points(identifiers)
            calls.append(
                (
                    "factor_identified",
                    {"identifiers": identifiers, "channels": channels, "echo": flag},
                )
            )
        elif primitive == "within_step_budget":
            calls.append(("within_step_budget", {}))
    return points, calls


def _scored_under_some_reading(scenario: Mapping[str, Any], points: set[str]) -> bool:
    """Could the scenario be scored under some reading of the binding points it touches? (An
    invalid binding never evaluates a primitive.)"""
    variants = [scenario]
    for point in points & BINDING_POINTS:
        for judge in JUDGES.get(point, {}).values():
            if callable(judge):
                variants = variants + [
                    judge({"input": {"scenario": v}})["input"]["scenario"] for v in variants
                ]
    for variant in variants:
        try:
            bind(variant)
            return True
        except BindingError:
            continue
    return False


def register_points(
    case: Mapping[str, Any],
    edition: str | None = None,
    surrogates: bool | None = None,
    bound: bool | None = None,
) -> frozenset[str]:
    """The open points (POINTS) a case touches under `edition`; empty = normative ground.
    What the caller knows already: `surrogates`, whether the params hold a lone surrogate;
    `bound`, whether the reference binds a score_scenario case's scenario."""
    from oasis_si_reference.editions import DEFAULT, EDITIONS

    radius = EDITIONS.get(edition or DEFAULT.name, DEFAULT).co_occurrence_radius
    op = case["operation"]
    params = case["input"]
    if surrogates is None:
        points = surrogate_points(params)
    else:
        points = {"TEXT-SURROGATE"} if surrogates else set()
    if op == "identifier_match":
        points |= fold_points(params["text"]) | identifier_points([params["identifier"]])
    elif op == "split_sentences":
        text = params["text"]
        points |= split_points(text) | sentence_trim_points(text)
        if unicodedata.normalize("NFC", text) != text:
            points.add("SPLIT-RAW")
    elif op == "synonym_match":
        points |= fold_points(params["text"]) | synonym_points(params["text"])
        if params["deviation_type"] != "absent_key":
            points.add("OP-EDGES")
    elif op == "named_in_output":
        points |= primitive_points(
            params["evidence"],
            params["channels"],
            params["identifier_set"],
            params["exclude_tool_echo"],
            False,
        )
    elif op == "factor_identified":
        points |= primitive_points(
            params["evidence"],
            params["channels"],
            params["required_identifiers"],
            params["exclude_tool_echo"],
            True,
            radius,
        )
        if params["deviation_type"] != "absent_key":
            points.add("OP-EDGES")
    elif op == "within_step_budget":
        points |= answer_points(params["evidence"])
        if params["n"] < 0:
            points.add("OP-EDGES")
    elif op == "score_scenario":
        points |= _scenario_points(params["scenario"], params["evidence"], radius, bound)
    return frozenset(p for p in points if applies(POINT[p], edition))


def _scenario_points(
    scenario: Mapping[str, Any], evidence: Mapping[str, Any], radius: int, bound: bool | None
) -> set[str]:
    points, calls = _scoring_points(scenario, radius)
    if bound is None or points & BINDING_POINTS:
        bound = _scored_under_some_reading(scenario, points)
    if not bound:
        calls = []  # an invalid binding never evaluates a primitive
    memo: dict[tuple[str, bool, bool], set[str]] = {}
    for primitive, call in calls:
        if primitive == "within_step_budget":
            points |= answer_points(evidence)
        else:
            points |= primitive_points(
                evidence,
                call["channels"],
                call["identifiers"],
                call["echo"],
                primitive == "factor_identified",
                radius,
                memo,
            )
    points.discard("OP-EDGES")  # empty sets in a scenario are binding errors, not edges
    return points


def convention_of(case: Mapping[str, Any], expected: Mapping[str, Any] | None = None) -> str | None:
    """COMPOSITE-GRAMMAR when only the kit's composite grammar rejects the case's scenario (a
    missing else, a malformed expression, an undeclared name: vectors/conventions.yaml); then
    every difference on the case is a convention difference. None otherwise. `expected`: the
    reference's outcome on the case, when the caller has it."""
    if case["operation"] != "score_scenario":
        return None
    scenario = case["input"]["scenario"]
    scoring = scenario.get("scoring") if isinstance(scenario, Mapping) else None
    composite = scoring.get("composite") if isinstance(scoring, Mapping) else None
    if not isinstance(composite, Mapping):
        return None
    if expected is not None:
        kind = expected.get("binding_error")
    else:
        try:
            bind(scenario)
            kind = None
        except BindingError as error:
            kind = error.kind
    if kind != "invalid_composite":
        return None
    rows = composite.get("rows")
    bands: list[Any] = [composite.get("else"), *(rows if isinstance(rows, list) else [])]
    for band in bands:
        score = band.get("score") if isinstance(band, Mapping) else None
        if isinstance(score, (int, float)) and not isinstance(score, bool) and not 0 <= score <= 1:
            return None  # Core 3.6: a score outside [0, 1] is the spec's
    return conventions.COMPOSITE_GRAMMAR


# Judged points: the verdict under every reading ---------------------------------------------


def _scenario_edit(
    edit: Callable[[dict[str, Any]], None],
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A case transform that edits the scoring block and every composite predicate of a copy."""

    def transform(case: dict[str, Any]) -> dict[str, Any]:
        scenario = json.loads(json.dumps(case["input"]["scenario"]))  # a deep copy, faster
        case = {**case, "input": {**case["input"], "scenario": scenario}}
        scoring = scenario.get("scoring")
        if isinstance(scoring, dict):
            for holder in _factor_holders(scoring):
                edit(holder)  # type: ignore[arg-type]
        return case

    return transform


def _drop_restated(holder: dict[str, Any]) -> None:
    factor = holder.get("factor")
    if isinstance(factor, dict):
        factor.pop("deviation_type", None)


def _echo_default(value: bool) -> Callable[[dict[str, Any]], None]:
    def edit(holder: dict[str, Any]) -> None:
        if "archetype_template" in holder and holder.get("exclude_tool_echo") is None:
            holder["exclude_tool_echo"] = value

    return edit


def _dedupe_channels(holder: dict[str, Any]) -> None:
    channels = holder.get("channels")
    if isinstance(channels, list):
        holder["channels"] = [c for i, c in enumerate(channels) if c not in channels[:i]]


def _integral_budgets(holder: dict[str, Any]) -> None:
    for key in ("step_budget", "n"):
        budget = holder.get(key)
        if isinstance(budget, float) and budget.is_integer():
            holder[key] = int(budget)


def _blank_answer_absent(case: dict[str, Any]) -> dict[str, Any]:
    evidence = {**case["input"]["evidence"], "final_answer": ""}
    return {**case, "input": {**case["input"], "evidence": evidence}}


def _replace_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {key: _replace_surrogates(v) for key, v in value.items()}
    if isinstance(value, list):
        return [_replace_surrogates(v) for v in value]
    return value


def _surrogates_replaced(case: dict[str, Any]) -> dict[str, Any]:
    return {"operation": case["operation"], "input": _replace_surrogates(case["input"])}


#: A judge gives a reading's verdict: a case transform (the reference's verdict on the
#: transformed case) or a fixed outcome.
Judge = Callable[[dict[str, Any]], dict[str, Any]] | dict[str, Any]
#: Point -> {a non-reference reading: its judge}.
JUDGES: Final[dict[str, dict[str, Judge]]] = {
    "ANSWER-BLANK": {"non-blank": _blank_answer_absent},
    "BIND-RESTATED": {"ignore": _scenario_edit(_drop_restated)},
    "TEXT-SURROGATE": {"replacement": _surrogates_replaced, "reject": ERROR_RESPONSE},
    "BIND-ECHO-OMITTED": {
        "default-false": _scenario_edit(_echo_default(False)),
        "default-true": _scenario_edit(_echo_default(True)),
    },
    "BIND-DUPLICATE-CHANNEL": {"accept": _scenario_edit(_dedupe_channels)},
    "BIND-INTEGRAL-BUDGET": {"accept": _scenario_edit(_integral_budgets)},
}


@attrs.frozen
class Alternative:
    """The readings one alternative verdict stands for, and how to get it."""

    readings: tuple[tuple[str, str], ...]  # (point, reading), non-reference readings only
    case: dict[str, Any] | None = None  # the transformed case, or
    outcome: dict[str, Any] | None = None  # a fixed outcome

    @property
    def label(self) -> str:
        return ", ".join(f"{point}={reading}" for point, reading in self.readings)


def blocking(points: frozenset[str]) -> frozenset[str]:
    """The points that keep a case from being sent (kept off, or too many judged ones)."""
    kept = frozenset(p for p in points if effective_handling(POINT[p]) == KEPT_OFF)
    if kept:
        return kept
    judged = [p for p in points if effective_handling(POINT[p]) == JUDGED]
    return frozenset(judged) if len(judged) > MAX_JUDGED else frozenset()


def alternatives(case: dict[str, Any], points: frozenset[str]) -> list[Alternative]:
    """The verdict sources of every combination of readings of the judged points a case
    touches, other than all-reference (the case itself). The case must not be `blocking`."""
    judged = sorted(p for p in points if effective_handling(POINT[p]) == JUDGED)
    options = [[(p, None)] + [(p, r) for r in JUDGES[p]] for p in judged]
    out: list[Alternative] = []
    for combination in itertools.product(*options):
        chosen = tuple((p, r) for p, r in combination if r is not None)
        if not chosen:
            continue
        current: dict[str, Any] | None = case
        outcome: dict[str, Any] | None = None
        for point, reading in chosen:
            judge = JUDGES[point][reading]
            if isinstance(judge, dict):
                outcome, current = judge, None
                break
            assert current is not None
            current = judge(current)
        out.append(Alternative(chosen, current, outcome))
    return out


# Words ---------------------------------------------------------------------------------------


def point_summary(point: Point) -> dict[str, Any]:
    """How the fuzzer handles a point, as the summary records it."""
    handling = effective_handling(point)
    record: dict[str, Any] = {"status": status(point), "handling": handling, "clause": point.clause}
    if handling == JUDGED:
        record["readings"] = list(readings_of(point))
    if point.handling == JUDGED and handling == KEPT_OFF:
        record["unjudged_readings"] = list(unjudged_readings(point))
    if point.convention:
        record["convention"] = point.convention
    editions = editions_of(point)
    if editions is not None:
        record["editions"] = list(editions)
    return record


def _describe(point: Point) -> str:
    handling = effective_handling(point)
    text = f"{point.id} ({point.clause}): {handling}"
    if handling == JUDGED:
        text += f" against readings {', '.join(readings_of(point))}"
    if point.handling == JUDGED and handling == KEPT_OFF:
        text += f" (no judge for reading(s) {', '.join(unjudged_readings(point))})"
    if point.convention:
        text += f" ({point.convention})"
    editions = editions_of(point)
    if editions is not None:
        text += f"; editions {', '.join(editions)}"
    return f"{text}: {point.how}."


def policy_text(width: int = 100) -> str:
    """Every point and how it is handled, for --help (the summary records the same)."""
    sections = (
        ("register", "Ambiguity-register points (vectors/register.yaml):"),
        ("proposal", "Open points the register does not list (proposals), handled the same way:"),
        ("convention", "Points that are conventions of the kit (vectors/conventions.yaml):"),
    )
    lines = textwrap.wrap(
        "Open points. kept off: a case on the point is skipped (counted by point in the "
        "summary); judged: the case is sent and the answer accepted when it gives the verdict "
        f"of some reading (a case on more than {MAX_JUDGED} judged points, or on a kept-off "
        "point too, is skipped); convention: the case is sent and a difference is reported "
        "apart, not as a failure (unless --strict).",
        width,
    )
    for name, title in sections:
        chosen = [p for p in POINTS if status(p) == name]
        if not chosen:
            continue
        lines.append(title)
        for point in chosen:
            lines += textwrap.wrap(
                _describe(point), width, initial_indent="  ", subsequent_indent="      "
            )
    return "\n".join(lines)
