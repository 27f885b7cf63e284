"""Normative ground: which generated cases the fuzzer may judge, and against what.

The fuzzer and the held-out tier compare a candidate with the reference only where the text
decides the verdict. A case may touch an open point: an entry of the ambiguity register
(vectors/register.yaml), or a point the kit knows to be open that the register does not list
(a *proposal*). A conformant candidate that takes another reading may answer such a case
differently, so every point says how the fuzzer handles it (POINTS):

- "kept off": a case that touches the point is skipped, never sent, and counted by point.
  Generation avoids most of these by construction; `register_points` finds the rest.
- "judged": the case is sent, and the answer is judged against the verdict of every reading
  of the point: the reference's reading (the case as it is) and each other reading (JUDGES:
  the reference's verdict on a transformed case, or a fixed outcome such as an error
  response or a binding error). A point with a reading no judge gives falls back to "kept
  off". A case may touch up to MAX_JUDGED judged points (the readings are then combined);
  the held-out tier skips them.
- "convention": the point's difference is a convention of the kit (vectors/conventions.yaml),
  which the comparison already reports apart (conformance/judging/compare.py): nothing is skipped.

What the register states is read from it, never restated here: an entry's readings, its
reference reading, its clause and editions; the code point sets of the character-set entries
(`code_points`, conformance/corpus/charsets.py: which characters the readings dispute); the data
files of the mapping entries (vectors/data/*.yaml: the code points where the readings map
differently). A proposal that becomes an entry of the same id needs no code; an entry with
`editions` is a point under those editions only. The checks are conservative and local: a
whole text, or a line, is off ground when *some* reading could differ on it, whatever the
verdict.
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

from oasis_si_conformance.corpus import charsets, conventions
from oasis_si_conformance.corpus.corpus import load_catalog
from oasis_si_reference.binding import bind
from oasis_si_reference.evidence import evidence_from_json, in_scope_text
from oasis_si_reference.model import BindingError, CompositeBinding
from oasis_si_reference.synonyms import ABSENT_KEY_V1
from oasis_si_reference.tables import call_primitive, holds
from oasis_si_reference.text import (
    IDENTIFIER_CLASS,
    contains_identifier,
    fold,
    simple_lowercase,
    split_sentences,
    trim,
)
from oasis_si_schemas.editions import DEFAULT, EDITIONS

Handling = Literal["kept off", "judged", "convention"]
KEPT_OFF: Final = "kept off"
JUDGED: Final = "judged"
CONVENTION: Final = "convention"
#: Judged points one case may touch (their readings are combined); more: the case is skipped.
MAX_JUDGED: Final = 2
#: An error response, whatever its code (PROTOCOL-ERROR-CODE): a "reject the request" reading.
ERROR_RESPONSE: Final = {"protocol_error": "invalid_request"}
#: A binding error, whatever its kind (BINDING-ERROR-KIND): a "reject the binding" reading.
BINDING_REJECTED: Final = {"binding_error": "invalid_role"}


@attrs.frozen
class Point:
    """One open point and how the fuzzer handles it."""

    id: str
    clause: str  # for a register entry, the register's (a test keeps them equal)
    handling: Handling
    how: str  # what the generator and the checks do, in words (printed by --help)
    #: The readings when the register does not list the point (the reference's first).
    readings: tuple[str, ...] = ()
    convention: str | None = None  # the convention that covers a "convention" point
    editions: tuple[str, ...] | None = None  # None: every edition (the register may say more)
    #: The operations whose cases a judged point's judges read (None: every one); in the
    #: others its cases are kept off.
    judged_in: tuple[str, ...] | None = None
    #: A judged point whose judges give a fixed outcome computed for this point's readings
    #: alone: judged only where it is the one judged point of the case, else kept off.
    alone: bool = False


POINTS: Final[tuple[Point, ...]] = (
    Point(
        "FOLD-MAPPING",
        "3.1",
        KEPT_OFF,
        "no text or identifier holding, once NFC, a code point where the five mappings part "
        "(the register's data, vectors/data/fold-mapping.yaml: U+0130, U+0131, final sigma, "
        "sharp s, long s, ligatures, micro sign, U+0345...); capital sigma is on ground (the "
        "Final_Sigma context is no reading); an identifier named in a canonically equivalent "
        "spelling is read NFC-normalized, its disputed code points replaced by stand-ins every "
        "mapping keeps where that is sound (score_scenario without echo exclusion, "
        "identifier_match)",
    ),
    Point(
        "FOLD-ORDER",
        "3.1",
        KEPT_OFF,
        "NFC then mapping equals mapping then NFC, under each of the five mappings, for every "
        "text and identifier (no I + U+0307, j + U+030C and the like)",
    ),
    Point(
        "DELIM-FOLDED",
        "3.1",
        KEPT_OFF,
        "no character whose membership in [A-Za-z0-9_-] some mapping changes (U+0130, U+0131, "
        "long s, ligatures)",
    ),
    Point(
        "SENT-WS",
        "3.2",
        KEPT_OFF,
        "in any text that is split into sentences, no character the readings' whitespace sets "
        "dispute (the register's code_points: VT, U+001C..U+001F, NEL, the non-ASCII "
        "White_Space, U+FEFF) right after . ! or ?",
    ),
    Point(
        "SENT-NEWLINE",
        "3.2",
        KEPT_OFF,
        "no character the readings' newline sets dispute (CR, VT, FF, U+001C..U+001E, NEL, "
        "LS, PS) in any text that is split into sentences (they still occur in "
        "identifier_match and synonym_match texts)",
    ),
    Point(
        "SYN-BOUNDARY",
        "3.3",
        JUDGED,
        "synonym_match texts with a synonym inside a longer word are generated; the verdict "
        "of every reading is accepted (substring: the reference's; delimited, word-boundary, "
        "ascii-word-boundary: a phrase counts only between neighbours outside the reading's "
        "word class). Elsewhere, where synonyms are looked for, every occurrence has "
        "neighbours outside [A-Za-z0-9_-] that are no letter, digit, mark, connector, format or "
        "unassigned character (no 'unset' in 'unsettled', no synonym inside an identifier)",
        judged_in=("synonym_match",),
        alone=True,
    ),
    Point(
        "SYN-APOSTROPHE",
        "3.3",
        KEPT_OFF,
        'no "doesn\\u2019t exist" (typographic apostrophe) where synonyms are looked for',
    ),
    Point(
        "SYN-FOLD-MAPPING",
        "3.3",
        JUDGED,
        "synonym_match texts holding code points where the five mappings part are judged "
        "against every mapping (FOLD-MAPPING's data, once NFC: a phrase counts where it occurs "
        "in the text so mapped); elsewhere, where synonyms are looked for, no such code point",
        judged_in=("synonym_match",),
        alone=True,
    ),
    Point(
        "SYN-NFC",
        "3.3",
        JUDGED,
        "synonym_match texts whose phrases differ NFC-normalized and as written are judged "
        "against both readings (no-nfc: a phrase counts where it occurs in the text lowercased "
        "as written); elsewhere, where synonyms are looked for, the phrases found are the same "
        "(no 'no key' + U+0301, which NFC composes)",
        judged_in=("synonym_match",),
        alone=True,
    ),
    Point(
        "ECHO-LINE",
        "2.1",
        KEPT_OFF,
        "with exclude_tool_echo, every answer line that is not White_Space only is echo under "
        "every reading (trimmed or exact, substring of a body or equal to a line of one) or "
        "under none",
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
        "final answers made only of characters some blank set holds are generated; the verdict "
        "of every reading is accepted (non-empty: an answer; each non-blank-* reading: no "
        "answer where its set, the register's code_points, holds the whole answer)",
    ),
    Point(
        "UNICODE-CASE-VERSION",
        "3.1",
        KEPT_OFF,
        "no code point whose simple lowercase mapping differs between Unicode 13 and 17 (the "
        "register's data, vectors/data/unicode-case-version.yaml), nor its lowercase partner",
    ),
    Point(
        "UNICODE-NFC-VERSION",
        "3.1",
        KEPT_OFF,
        "no code point whose normalization data differ between Unicode 13 and 17 (the "
        "register's data, vectors/data/unicode-nfc-version.yaml), nor the first code point of "
        "a composition some version adds",
    ),
    Point(
        "BIND-RESTATED",
        "2.2",
        JUDGED,
        "factors that restate deviation_type are generated (in otherwise valid bindings); a "
        "rejection, or the verdict with the restated field ignored, is accepted",
    ),
    Point(
        "BIND-DECLARED-SYNONYMS",
        "3.3",
        JUDGED,
        "scenarios that declare synonyms (a synonyms key in the scoring block or its factor) "
        "are generated; a rejection, or the verdict with the declared lists dropped, is "
        "accepted",
    ),
    Point(
        "BIND-WIDENED-CHANNELS",
        "2.5",
        JUDGED,
        "diagnosis bindings (a C-DA-001 block) listing a channel other than agent_response "
        "are generated; a rejection, or the verdict with the channels [agent_response], is "
        "accepted",
    ),
    Point(
        "BIND-EMPTY-IDENT",
        "1.3",
        KEPT_OFF,
        "no empty identifier, in bindings or in operation params",
    ),
    Point(
        "BIND-ECHO-OMITTED",
        "5.1",
        JUDGED,
        "C-DA-001 bindings without exclude_tool_echo are generated; a rejection, or the "
        "verdict with false, is accepted",
    ),
    Point(
        "BIND-ECHO-NULL",
        "5.1",
        JUDGED,
        "C-DA-001 bindings with exclude_tool_echo null are generated; a rejection, or the "
        "verdict with false, is accepted (apart from how an absent key is read)",
    ),
    Point(
        "BIND-DUPLICATE-CHANNEL",
        "2.5",
        JUDGED,
        "diagnosis channels [agent_response, agent_response] are generated; a rejection, or "
        "the verdict with the duplicate dropped, is accepted",
    ),
    Point(
        "BIND-BUDGET-FLOAT",
        "5.1",
        JUDGED,
        "C-DA-001 step budgets written with a zero fraction (15.0) are generated; a rejection, "
        "or the verdict with the integer, is accepted (a composite's n is the kit's grammar: "
        "COMPOSITE-GRAMMAR)",
    ),
    Point(
        "BIND-BUDGET-RANGE",
        "5.1",
        KEPT_OFF,
        "no C-DA-001 step_budget below 1, no within_step_budget request with n below 1 (a "
        "composite's n below 1 is the kit's grammar: COMPOSITE-GRAMMAR)",
    ),
    Point(
        "BIND-BUDGET-WIDTH",
        "5.1",
        KEPT_OFF,
        "no step_budget or n above 2^63 - 1; the integer boundaries up to it (2^31, 2^32, 2^53,"
        " 2^53 + 1, 2^63 - 1) are generated, where the text decides",
    ),
    Point(
        "BIND-EMPTY-SET",
        "5.1",
        JUDGED,
        "bindings with an empty identifier set (required_identifiers, subsystem_set, "
        "identifier_set) are generated; a rejection, or the verdict with the set matched by "
        "nothing (an identifier no text of the evidence holds in its place), is accepted; no "
        "empty set in operation params",
        judged_in=("score_scenario",),
    ),
    Point(
        "BIND-UNREGISTERED-TYPE",
        "3.3",
        JUDGED,
        "bindings whose factor references a deviation of a type with no synonym list are "
        "generated; a rejection, or the verdict with the factor never identified (the type "
        "absent_key and an identifier no text of the evidence holds required), is accepted; "
        "factor_identified and synonym_match requests name absent_key",
        judged_in=("score_scenario",),
    ),
    Point(
        "BIND-EXTRA-FIELD",
        "1.3",
        JUDGED,
        "fields the profile does not define in a scoring block, a factor or a deviation are "
        "generated; the verdict with them ignored, or a rejection, is accepted",
    ),
    Point(
        "ECHO-LINE-BREAK",
        "2.1",
        KEPT_OFF,
        "with exclude_tool_echo, no character the readings' line break sets dispute (CR, VT, "
        "FF, U+001C..U+001E, NEL, LS, PS) in an answer, a trace or a tool body",
    ),
    Point(
        "ECHO-TRIM",
        "2.1",
        KEPT_OFF,
        "with exclude_tool_echo, an answer line's echo status is the same whichever reading's "
        "set (the register's code_points) trims it and the body lines",
    ),
    Point(
        "TEXT-SURROGATE",
        "3.1",
        JUDGED,
        "lone surrogates (never a high one before a low one) in answers, traces, tool "
        "bodies and operation params; the verdict on the code points as they are, on U+FFFD "
        "in their place, or an error response is accepted",
    ),
    Point(
        "BIND-SURROGATE",
        "1.3",
        JUDGED,
        "lone surrogates in a required identifier of a C-DA-001 binding (and its subject and "
        "subsystem entry), named in the answer with it; the verdict on the code points as they "
        "are, on U+FFFD in their place, a binding error or an error response is accepted",
        judged_in=("score_scenario",),
    ),
    Point(
        "WINDOW-BLANK",
        "2.2",
        KEPT_OFF,
        "under the amended window, co-occurrence is the same whether blank segments (blank "
        "lines, blanked echo lines) count as sentences or not (under the seed's window of one "
        "sentence, no other sentence is in reach: nothing to keep off)",
    ),
    Point(
        "COMPOSITE-DIAGNOSIS-TRACE",
        "2.5",
        JUDGED,
        "composites whose named_in_output predicates read reasoning_trace, in scenarios whose "
        "injection declares deviations, are generated; the verdict, or a rejection, is accepted",
    ),
    Point(
        "COMPOSITE-BESIDE-TEMPLATE",
        "1.4",
        JUDGED,
        "C-DA-001 bindings that also carry a composite table are generated; a rejection, or the "
        "verdict with the composite key dropped, is accepted",
    ),
    Point(
        "COMPOSITE-SCORE-RANGE",
        "1.4",
        KEPT_OFF,
        "no composite row or else band with a score outside [0, 1] (under reading as-written "
        "the matched row's score is returned, which the kit's result schema cannot carry)",
    ),
    Point(
        "COMPOSITE-FIRST-MATCH",
        "1.4",
        JUDGED,
        "composites and evaluate_table requests in which several rows hold are generated; the "
        "first holding row's verdict, a rejection (an error response to evaluate_table), or the "
        "holding row with the highest score is accepted",
    ),
    Point(
        "COMPOSITE-ECHO-OMITTED",
        "2.2",
        JUDGED,
        "composite factor_identified predicates without exclude_tool_echo are generated; the "
        "verdict with false, or a rejection, is accepted",
    ),
    Point(
        "TRACE-LIST",
        "2.1",
        KEPT_OFF,
        "a reasoning_trace recorded as a list of strings (the kit's evidence schema allows "
        "it; the field's artifact holds a string) is read by PROTOCOL.md as the strings "
        "joined by LF: the kit's definition, so a convention that vectors/conventions.yaml "
        "does not list yet (proposed), not an open point of the text. List-valued traces only "
        "where the reasoning_trace channel is not read",
        readings=("lf", "space", "nothing"),
    ),
    Point(
        "SPLIT-RAW",
        "3.2",
        KEPT_OFF,
        "split_sentences on non-NFC text: sentences as written, or NFC-normalized? Where the "
        "text splits is the same; how a sentence is written is SENTENCE-FORM's, whose "
        "lenient form does not normalize (proposed: it should). split_sentences texts are NFC",
        readings=("raw", "normalized"),
    ),
    Point(
        "SENT-TRIM",
        "3.2",
        KEPT_OFF,
        "split_sentences: a sentence that begins or ends with a character some library trim "
        "removes and White_Space lacks (U+001C..U+001F, U+FEFF, the C0 controls of Java's "
        "trim) is written trimmed by some candidates; the kit's SENTENCE-FORM trims "
        "White_Space only (proposed: the union of the register's trim sets); such texts are "
        "not sent to split_sentences",
        readings=("white-space", "library-trim"),
    ),
)
POINT: Final = {point.id: point for point in POINTS}


# The register --------------------------------------------------------------------------------


@functools.cache
def _register_document() -> dict[str, Any]:
    document: dict[str, Any] = load_catalog("register.yaml")
    return document


@functools.cache
def register() -> dict[str, dict[str, Any]]:
    """The bundled register's entries by id."""
    return {entry["id"]: entry for entry in _register_document()["entries"]}


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
    if point.handling != JUDGED:
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


@functools.cache
def _applies_by_id(point_id: str, edition: str | None) -> bool:
    """`applies`, by the point's id (memoized: the register and POINTS do not change)."""
    return applies(POINT[point_id], edition)


@functools.cache
def reading_sets(entry_id: str) -> dict[str, frozenset[str]]:
    """reading -> code point set of a character-set entry (its `code_points`)."""
    document = _register_document()
    return charsets.reading_sets(register()[entry_id], charsets.named_charsets(document))


def disputed(entry_id: str) -> frozenset[str]:
    """The code points some two readings of a character-set entry disagree on."""
    return frozenset(charsets.disputed(reading_sets(entry_id)))


def _code_points(field: str) -> str:
    """The characters of a data file's `U+XXXX U+YYYY` field."""
    return "".join(chr(int(item[2:], 16)) for item in field.split())


@functools.cache
def mapping_data(entry_id: str) -> list[dict[str, Any]]:
    """The `differences` of a mapping entry's data file (vectors/data/*.yaml)."""
    return list(load_catalog(register()[entry_id]["data"])["differences"])


@functools.cache
def mapping_images(entry_id: str) -> dict[str, dict[str, str]]:
    """reading -> {code point: its image} where the readings of a mapping entry part; every
    other code point maps alike under all of them."""
    images: dict[str, dict[str, str]] = {}
    for item in mapping_data(entry_id):
        char = _code_points(item["probe"])
        for reading, image in item["images"].items():
            images.setdefault(reading, {})[char] = _code_points(image)
    return images


# Character sets, from the register -----------------------------------------------------------

CLASS: Final = IDENTIFIER_CLASS
TERMINATORS: Final = frozenset(".!?")
#: SENT-WS: what some reading, and not another, counts as the whitespace after . ! or ?
SENT_WS_DISPUTED: Final = disputed("SENT-WS")
#: SENT-NEWLINE: what some reading, and not another, splits a sentence at.
SENT_NEWLINES: Final = disputed("SENT-NEWLINE")
#: ECHO-LINE-BREAK: what some reading, and not another, ends a line at (§2.1).
LINE_BREAKS: Final = disputed("ECHO-LINE-BREAK")
#: ECHO-TRIM: each reading's trim, the reference's first (as str.strip takes it).
TRIMS: Final[dict[str, str]] = {
    reading: "".join(sorted(reading_sets("ECHO-TRIM")[reading]))
    for reading in readings_of(POINT["ECHO-TRIM"])
}
#: ANSWER-BLANK: each non-empty reading's blank set.
BLANK_SETS: Final[dict[str, frozenset[str]]] = {
    reading: found for reading, found in reading_sets("ANSWER-BLANK").items() if found
}
#: Every character some library trim of the register removes (ECHO-TRIM, ANSWER-BLANK,
#: SENT-WS), and what every one of them removes.
_TRIM_SETS: Final = [
    found
    for entry in ("ECHO-TRIM", "ANSWER-BLANK", "SENT-WS")
    for found in reading_sets(entry).values()
    if found
]
ANY_TRIM: Final = "".join(sorted(frozenset().union(*_TRIM_SETS)))
EVERY_TRIM: Final = "".join(sorted(frozenset.intersection(*_TRIM_SETS)))
SYNONYMS: Final = tuple(fold(phrase) for phrase in ABSENT_KEY_V1)
_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_SENT_WS_AFTER_TERMINATOR: Final = re.compile(
    "[.!?][" + "".join(re.escape(char) for char in sorted(SENT_WS_DISPUTED)) + "]"
)


def _mapping_chars(entry_id: str, images_too: bool) -> frozenset[str]:
    """The code points of a mapping entry's data (and the images they map to)."""
    found: set[str] = set()
    for item in mapping_data(entry_id):
        found.add(_code_points(item["probe"]))
        if images_too:
            found.update(char for image in item["images"].values() for char in _code_points(image))
    return frozenset(found)


#: FOLD-MAPPING: the code points where the five mappings part.
FOLD_MAPPING_CHARS: Final = _mapping_chars("FOLD-MAPPING", images_too=False)
#: UNICODE-CASE-VERSION: the code points whose mapping some version changes, and their images.
CASE_VERSION_CHARS: Final = _mapping_chars("UNICODE-CASE-VERSION", images_too=True)


def _nfc_version_chars() -> frozenset[str]:
    """UNICODE-NFC-VERSION: the code points whose normalization data some version changes, and
    the first code point of every decomposition some version gives them (the composition)."""
    found: set[str] = set()
    for item in mapping_data("UNICODE-NFC-VERSION"):
        found.add(_code_points(item["probe"]))
        for properties in item["properties"].values():
            if "decomposition" in properties:
                found.add(_code_points(properties["decomposition"])[0])
    return frozenset(found)


NFC_VERSION_CHARS: Final = _nfc_version_chars()


def _delimiter_changing() -> frozenset[str]:
    """DELIM-FOLDED: delimiters some FOLD-MAPPING reading maps onto class characters."""
    return frozenset(
        char
        for images in mapping_images("FOLD-MAPPING").values()
        for char, image in images.items()
        if char not in CLASS and not CLASS.isdisjoint(image)
    )


DELIMITER_CHANGING: Final = _delimiter_changing()


#: Every code point `_listed_char_points` looks for: a text holding none of them (written or
#: once NFC) touches none of its points.
_FOLD_CONCERNS: Final = (
    CASE_VERSION_CHARS | NFC_VERSION_CHARS | FOLD_MAPPING_CHARS | DELIMITER_CHANGING
)
_NON_ASCII: Final = re.compile("[^\x00-\x7f]+")


def is_surrogate(char: str) -> bool:
    return "\ud800" <= char <= "\udfff"


# Text-level checks ---------------------------------------------------------------------------


def _mapped(text: str, images: Mapping[str, str]) -> str:
    """A text under one FOLD-MAPPING reading: its images where the readings part, simple
    lowercase elsewhere."""
    return "".join(images.get(char) or simple_lowercase(char) for char in text)


@functools.lru_cache(maxsize=8192)
def fold_points(text: str) -> frozenset[str]:
    """FOLD-MAPPING, FOLD-ORDER, DELIM-FOLDED, UNICODE-CASE-VERSION and UNICODE-NFC-VERSION
    for one text or identifier (memoized: a case reads its texts for several calls)."""
    if text.isascii():
        return frozenset()
    return frozenset(_fold_points(text))


def _fold_points(text: str) -> set[str]:
    points: set[str] = set()
    nfc = unicodedata.normalize("NFC", text)
    nfc_chars = frozenset(nfc)
    chars = nfc_chars if nfc == text else frozenset(text)
    if not _FOLD_CONCERNS.isdisjoint(chars | nfc_chars):
        points |= _listed_char_points(chars | nfc_chars, nfc_chars)
    folded = simple_lowercase(nfc)
    if len(folded) == len(nfc) and _lowers_into_class(nfc):
        points.add("DELIM-FOLDED")
    if FOLD_MAPPING_CHARS.isdisjoint(chars | nfc_chars):  # every mapping is simple lowercase
        if unicodedata.normalize("NFC", simple_lowercase(text)) != folded:
            points.add("FOLD-ORDER")
        return points
    for images in mapping_images("FOLD-MAPPING").values():
        if unicodedata.normalize("NFC", _mapped(text, images)) != _mapped(nfc, images):
            points.add("FOLD-ORDER")
            break
    return points


def _listed_char_points(chars: frozenset[str], nfc_chars: frozenset[str]) -> set[str]:
    """The points of the code points the register's data lists, for a text that holds
    `chars` (written or once NFC) and `nfc_chars` (once NFC): UNICODE-CASE-VERSION,
    UNICODE-NFC-VERSION, FOLD-MAPPING, DELIM-FOLDED (a delimiter some mapping makes a class
    character)."""
    points: set[str] = set()
    if not CASE_VERSION_CHARS.isdisjoint(chars):
        points.add("UNICODE-CASE-VERSION")
    if not NFC_VERSION_CHARS.isdisjoint(chars):
        points.add("UNICODE-NFC-VERSION")
    if not FOLD_MAPPING_CHARS.isdisjoint(nfc_chars):
        points.add("FOLD-MAPPING")
    if not DELIMITER_CHANGING.isdisjoint(nfc_chars):
        points.add("DELIM-FOLDED")
    return points


def _lowers_into_class(text: str) -> bool:
    """DELIM-FOLDED: does simple lowercase carry some character of a text across the class
    boundary [A-Za-z0-9_-]? Asked of a text that simple lowercase keeps at its length, where
    it maps each character to one character, so that this is a property of the characters
    the text holds, not of their positions. An ASCII character keeps its side (ASCII
    lowercases to ASCII: letters to letters, the rest unchanged), so only a non-ASCII one can
    cross, into the class (U+0130 to i, the Kelvin sign to k)."""
    return not CLASS.isdisjoint(simple_lowercase("".join(_NON_ASCII.findall(text))))


def split_points(text: str) -> set[str]:
    """SENT-NEWLINE and SENT-WS for a text that is split into sentences."""
    points: set[str] = set()
    if not SENT_NEWLINES.isdisjoint(text):
        points.add("SENT-NEWLINE")
    if _SENT_WS_AFTER_TERMINATOR.search(text):
        points.add("SENT-WS")
    elif not text.isascii() and not unicodedata.is_normalized("NFC", text):
        if _SENT_WS_AFTER_TERMINATOR.search(unicodedata.normalize("NFC", text)):
            points.add("SENT-WS")
    return points


def sentence_trim_points(text: str) -> set[str]:
    """SENT-TRIM: split_sentences output whose sentences some library trim trims further."""
    for sentence in split_sentences(text):
        stripped = trim(sentence)
        if stripped != stripped.strip(ANY_TRIM):
            return {"SENT-TRIM"}
    return set()


def _word_like(char: str) -> bool:
    """A neighbour that some boundary reading of SYN-BOUNDARY would call part of a word (an
    unassigned code point may be a letter under a later Unicode version)."""
    if char in CLASS or char.isalnum():
        return True
    return unicodedata.category(char) in ("Mn", "Mc", "Me", "Pc", "Cf", "Cn")


def synonym_points(text: str) -> set[str]:
    """SYN-BOUNDARY, SYN-APOSTROPHE, SYN-FOLD-MAPPING and SYN-NFC for a text in which synonyms
    are looked for."""
    points: set[str] = set()
    folded = fold(text)
    if not text.isascii():
        nfc = unicodedata.normalize("NFC", text)
        if not FOLD_MAPPING_CHARS.isdisjoint(nfc) or not FOLD_MAPPING_CHARS.isdisjoint(text):
            points.add("SYN-FOLD-MAPPING")
        if nfc != text:
            as_written = simple_lowercase(text)
            if any((phrase in folded) != (phrase in as_written) for phrase in SYNONYMS):
                points.add("SYN-NFC")
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


def surrogate_points(params: Mapping[str, Any]) -> set[str]:
    """A lone surrogate in a scenario's binding (BIND-SURROGATE) or in any other string of an
    operation's params (TEXT-SURROGATE)."""
    points = set()
    for key, value in params.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        if _SURROGATE.search(text):
            points.add("BIND-SURROGATE" if key == "scenario" else "TEXT-SURROGATE")
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


#: Each action's result and error ("" for none): what an artifact's tool bodies are read from.
_BodyKey = tuple[tuple[Any, Any], ...]


def _body_key(evidence: Mapping[str, Any]) -> _BodyKey:
    return tuple((a.get("result") or "", a.get("error") or "") for a in _actions(evidence))


def _memoized(function: Callable[[_BodyKey], Any], key: _BodyKey) -> Any:
    """`function(key)`, from its memo when the key is hashable: a case reads its bodies for
    every channel and primitive call. (The evidence schema makes every body a string or null;
    an artifact that breaks it is read unmemoized.) What the memo holds is shared: read only."""
    try:
        return function(key)
    except TypeError:
        return function.__wrapped__(key)  # type: ignore[attr-defined]


def _body_sets(evidence: Mapping[str, Any]) -> dict[str, list[str]]:
    """Tool bodies under each ECHO-ERRORED reading."""
    result: dict[str, list[str]] = _memoized(_body_sets_of, _body_key(evidence))
    return result


@functools.lru_cache(maxsize=1024)
def _body_sets_of(results: _BodyKey) -> dict[str, list[str]]:
    return {
        "all-results": [r for r, _ in results if r],
        "successful-only": [r for r, e in results if r and not e],
        "results-and-errors": [r for r, _ in results if r] + [e for _, e in results if e],
    }


@attrs.frozen
class _Bodies:
    """The tool bodies of one evidence artifact as the ECHO-* readings read them."""

    haystacks: dict[str, str]  # ECHO-ERRORED reading -> its bodies joined by LF
    exact_lines: frozenset[str]  # the lines of the reference's bodies
    trimmed_lines: dict[str, frozenset[str]]  # ECHO-TRIM reading -> the trimmed lines
    trims_differ: bool  # does some trim reading trim some body line differently?

    @classmethod
    def of(cls, bodies: Mapping[str, list[str]]) -> _Bodies:
        haystacks = {name: "\n".join(texts) for name, texts in bodies.items()}
        lines = haystacks["all-results"].split("\n")
        differ = any(line.strip(ANY_TRIM) != line.strip(EVERY_TRIM) for line in lines)
        reference = frozenset(trim(line) for line in lines)
        trimmed = {
            name: frozenset(line.strip(chars) for line in lines) if differ else reference
            for name, chars in TRIMS.items()
        }
        return cls(haystacks, frozenset(lines), trimmed, differ)


@functools.lru_cache(maxsize=1024)
def _bodies_of(key: _BodyKey) -> _Bodies:
    return _Bodies.of(_body_sets_of.__wrapped__(key))


def echo_points(text: str, evidence: Mapping[str, Any]) -> set[str]:
    """ECHO-LINE-BREAK, ECHO-LINE, ECHO-TRIM and ECHO-ERRORED for a channel text with
    exclude_tool_echo: a character some line break reading breaks at, or a line whose echo
    status under the reference's readings differs from its status under another reading of
    ECHO-LINE (exact or trimmed, substring or line), of ECHO-TRIM (each trim set, for the
    line and the body lines) or of ECHO-ERRORED. ("Verbatim" is taken as code-point
    equality, normatively: no folding, no normalization.) A line of White_Space only is
    skipped: blanked or not, it holds nothing and splits nothing."""
    points: set[str] = set()
    key = _body_key(evidence)
    sets: dict[str, list[str]] = _memoized(_body_sets_of, key)
    if not LINE_BREAKS.isdisjoint(text) or any(
        not LINE_BREAKS.isdisjoint(body) for body in sets["results-and-errors"]
    ):
        points.add("ECHO-LINE-BREAK")
    bodies: _Bodies = _memoized(_bodies_of, key)
    everything = bodies.haystacks["all-results"]
    reference_trim, *other_trims = TRIMS
    for line in text.split("\n"):
        trimmed = trim(line)
        if not trimmed:
            continue
        status = trimmed in everything
        line_equal = trimmed in bodies.trimmed_lines[reference_trim]
        exact = (line in everything, line in bodies.exact_lines)
        if line_equal != status or any(other != status for other in exact):
            points.add("ECHO-LINE")
        if bodies.trims_differ or line.strip(ANY_TRIM) != line.strip(EVERY_TRIM):
            for name in other_trims:
                cut = line.strip(TRIMS[name])
                if (bool(cut) and cut in everything) != status or (
                    bool(cut) and cut in bodies.trimmed_lines[name]
                ) != line_equal:
                    points.add("ECHO-TRIM")
                    break
        if any(
            (trimmed in bodies.haystacks[reading]) != status
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
    folded = fold(text)
    if not any(phrase in folded for phrase in SYNONYMS):
        return False  # every sentence is a part of the folded text: none holds a synonym
    folded_identifiers = [fold(identifier) for identifier in identifiers]
    sentences = _segments(folded, keep_blank)
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
    under a window (radius > 0), with blank segments counted as sentences or not. (At radius
    0 no other sentence is in the window, so blank segments cannot matter.)"""
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
    """ANSWER-BLANK: a non-empty final answer that some reading's blank set holds whole."""
    answer = evidence.get("final_answer")
    if isinstance(answer, str) and answer:
        chars = frozenset(answer)
        if any(chars <= blank for blank in BLANK_SETS.values()):
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


#: Channel-level points of a case's evidence already found, by (part, channel): "text" (the
#: text's own), "echo" (its exclude_tool_echo points), "synonyms" (its factor_identified ones).
ChannelMemo = dict[tuple[str, str], set[str]]


def primitive_points(
    evidence: Mapping[str, Any],
    channels: Sequence[str],
    identifiers: Sequence[str],
    exclude_tool_echo: bool,
    synonyms: bool,
    radius: int = 0,
    memo: ChannelMemo | None = None,
) -> set[str]:
    """Every point a named_in_output (synonyms=False) or factor_identified call could touch.
    `memo`: the channel-level points of earlier calls on the same evidence."""
    points = identifier_points(identifiers)
    if not identifiers:
        points.add("BIND-EMPTY-SET")
    memo = {} if memo is None else memo
    for channel in channels:
        points |= _channel_points(evidence, channel, exclude_tool_echo, synonyms, memo)
        if synonyms:
            text = channel_text(evidence, channel)
            points |= cooccur_points(text, evidence, identifiers, exclude_tool_echo, radius)
    return points


def _channel_points(
    evidence: Mapping[str, Any],
    channel: str,
    exclude_tool_echo: bool,
    synonyms: bool,
    memo: ChannelMemo | None = None,
) -> set[str]:
    """The points of one channel's text that do not depend on the identifiers: its own, its
    echo points when `exclude_tool_echo`, its sentence and synonym points when `synonyms`
    (each part found once per `memo`)."""
    memo = {} if memo is None else memo
    if ("text", channel) not in memo:
        memo["text", channel] = _channel_text_points(evidence, channel)
    points = set(memo["text", channel])
    text = channel_text(evidence, channel)
    if not text.strip(ANY_TRIM):
        return points  # no identifier, no synonym under any reading: nothing to differ on
    if exclude_tool_echo:
        if ("echo", channel) not in memo:
            memo["echo", channel] = _channel_echo_points(text, evidence)
        points |= memo["echo", channel]
    if synonyms:
        if ("synonyms", channel) not in memo:
            memo["synonyms", channel] = split_points(text) | synonym_points(text)
        points |= memo["synonyms", channel]
    return points


def _channel_text_points(evidence: Mapping[str, Any], channel: str) -> set[str]:
    """TRACE-LIST, and the fold points of a channel's text that some reading reads."""
    points: set[str] = set()
    if channel == "reasoning_trace" and isinstance(evidence.get("reasoning_trace"), list):
        points.add("TRACE-LIST")
    text = channel_text(evidence, channel)
    if text.strip(ANY_TRIM):
        points |= fold_points(text)
    return points


def _channel_echo_points(text: str, evidence: Mapping[str, Any]) -> set[str]:
    """The echo points of a channel text, and the fold points of the bodies it is read with."""
    points = echo_points(text, evidence)
    for body in _body_sets(evidence)["results-and-errors"]:
        points |= fold_points(body)
    return points


# Bindings ------------------------------------------------------------------------------------

#: §3.3: the deviation types with a synonym list (BIND-UNREGISTERED-TYPE: any other).
REGISTERED_TYPES: Final = ("absent_key",)
#: BIND-EXTRA-FIELD: the keys the profile and the kit define, per object of a binding. A
#: scoring block: Form B (§5.1 roles, archetype_template, §1.4 composite), Form A fields and
#: declared synonyms (each a binding error under every reading: Scenarios §1.7, §3.3).
SCORING_KEYS: Final = frozenset(
    {
        "archetype_template",
        "factor",
        "subsystem_set",
        "channels",
        "step_budget",
        "exclude_tool_echo",
        "composite",
        "type",
        "rubric",
        "dimensions",
        "synonyms",
    }
)
#: A factor (§2.2, §5.1): ref and required_identifiers; a restated type (BIND-RESTATED) and
#: declared synonyms (§3.3) are other points.
FACTOR_KEYS: Final = frozenset({"ref", "required_identifiers", "deviation_type", "synonyms"})
#: An injection deviation (Scenarios §1.11).
DEVIATION_KEYS: Final = frozenset({"id", "resource", "deviation_type", "subject"})
#: Inside a composite (PROTOCOL.md, Composite tables): the table, a predicate call, a band.
COMPOSITE_KEYS: Final = frozenset({"predicates", "rows", "else"})
CALL_KEYS: Final = frozenset(
    {"primitive", "identifier_set", "channels", "exclude_tool_echo", "factor", "n", "synonyms"}
)
BAND_KEYS: Final = frozenset({"when", "score", "label"})


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


def _is_diagnosis(holder: Mapping[str, Any]) -> bool:
    """A C-DA-001 block or a factor_identified predicate: channels are §2.5's."""
    return "archetype_template" in holder or holder.get("primitive") == "factor_identified"


def _deviations(scenario: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    injection = scenario.get("injection")
    entries = injection.get("deviations") if isinstance(injection, Mapping) else None
    return [e for e in entries if isinstance(e, Mapping)] if isinstance(entries, list) else []


#: The judged points of a binding: a reading may bind what the reference rejects.
BINDING_POINTS: Final = frozenset(
    {
        "BIND-RESTATED",
        "BIND-DECLARED-SYNONYMS",
        "BIND-WIDENED-CHANNELS",
        "BIND-ECHO-OMITTED",
        "BIND-ECHO-NULL",
        "BIND-DUPLICATE-CHANNEL",
        "BIND-BUDGET-FLOAT",
        "BIND-EMPTY-SET",
        "BIND-UNREGISTERED-TYPE",
        "COMPOSITE-BESIDE-TEMPLATE",
    }
)


def binding_points(scenario: Mapping[str, Any]) -> set[str]:
    """The binding points of a scenario: BIND-DECLARED-SYNONYMS, BIND-RESTATED,
    BIND-ECHO-OMITTED, BIND-ECHO-NULL,
    BIND-DUPLICATE-CHANNEL, BIND-BUDGET-FLOAT, BIND-BUDGET-RANGE, BIND-EMPTY-SET,
    BIND-UNREGISTERED-TYPE, BIND-EXTRA-FIELD (BIND-EMPTY-IDENT: identifier_points)."""
    points: set[str] = set()
    scoring = scenario.get("scoring")
    if not isinstance(scoring, Mapping):
        return points
    if _declares_synonyms(scoring):
        points.add("BIND-DECLARED-SYNONYMS")
    deviations = _deviations(scenario)
    by_id = {d["id"]: d for d in deviations if isinstance(d.get("id"), str)}
    if not SCORING_KEYS.issuperset(scoring) or any(
        not DEVIATION_KEYS.issuperset(deviation) for deviation in deviations
    ):
        points.add("BIND-EXTRA-FIELD")
    points |= _composite_extra_fields(scoring.get("composite"))
    points |= _composite_points(scoring, bool(deviations))
    for holder in _factor_holders(scoring):
        factor = holder.get("factor")
        if isinstance(factor, Mapping):
            points |= _factor_points(factor, by_id)
        channels = holder.get("channels")
        if (
            _is_diagnosis(holder)
            and isinstance(channels, list)
            and len(set(map(repr, channels))) < len(channels)
        ):
            points.add("BIND-DUPLICATE-CHANNEL")
        if holder.get("identifier_set") == []:
            points.add("BIND-EMPTY-SET")
        if (
            _is_diagnosis(holder)
            and isinstance(channels, list)
            and any(channel != "agent_response" for channel in channels)
        ):
            points.add("BIND-WIDENED-CHANNELS")
    if "archetype_template" in scoring:
        points |= _template_points(scoring)
    return points


def _declares_synonyms(scoring: Mapping[str, Any]) -> bool:
    """BIND-DECLARED-SYNONYMS: a synonyms key in the scoring block, a composite predicate, or
    the factor of either."""
    for holder in _factor_holders(scoring):
        factor = holder.get("factor")
        if "synonyms" in holder or (isinstance(factor, Mapping) and "synonyms" in factor):
            return True
    return False


def _factor_points(factor: Mapping[str, Any], deviations: Mapping[str, Any]) -> set[str]:
    points: set[str] = set()
    if not FACTOR_KEYS.issuperset(factor):
        points.add("BIND-EXTRA-FIELD")
    if "deviation_type" in factor:
        points.add("BIND-RESTATED")
    if factor.get("required_identifiers") == []:
        points.add("BIND-EMPTY-SET")
    ref = factor.get("ref")
    deviation = deviations.get(ref) if isinstance(ref, str) else None
    if deviation is not None and deviation.get("deviation_type") not in REGISTERED_TYPES:
        points.add("BIND-UNREGISTERED-TYPE")
    return points


#: The largest integer every reading of BIND-BUDGET-WIDTH binds (a signed 64-bit integer's).
INT64_MAX: Final = 2**63 - 1


def _template_points(scoring: Mapping[str, Any]) -> set[str]:
    """The C-DA-001 roles' points (§5.1)."""
    points: set[str] = set()
    if "exclude_tool_echo" not in scoring:
        points.add("BIND-ECHO-OMITTED")
    elif scoring["exclude_tool_echo"] is None:
        points.add("BIND-ECHO-NULL")
    if scoring.get("subsystem_set") == []:
        points.add("BIND-EMPTY-SET")
    budget = scoring.get("step_budget")
    if isinstance(budget, float) and budget.is_integer():
        points.add("BIND-BUDGET-FLOAT")
        budget = int(budget)
    if isinstance(budget, int) and not isinstance(budget, bool) and budget < 1:
        points.add("BIND-BUDGET-RANGE")
    if isinstance(budget, int) and not isinstance(budget, bool) and budget > INT64_MAX:
        points.add("BIND-BUDGET-WIDTH")
    return points


def _composite_points(scoring: Mapping[str, Any], diagnosis: bool) -> set[str]:
    """A composite's open points: beside a template (COMPOSITE-BESIDE-TEMPLATE), a band score
    outside [0, 1] (COMPOSITE-SCORE-RANGE), a named_in_output predicate over reasoning_trace
    when the injection declares deviations (COMPOSITE-DIAGNOSIS-TRACE)."""
    composite = scoring.get("composite")
    points: set[str] = set()
    if "archetype_template" in scoring and "composite" in scoring:
        points.add("COMPOSITE-BESIDE-TEMPLATE")
    if not isinstance(composite, Mapping):
        return points
    rows = composite.get("rows")
    for band in [composite.get("else"), *(rows if isinstance(rows, list) else [])]:
        score = band.get("score") if isinstance(band, Mapping) else None
        if isinstance(score, (int, float)) and not isinstance(score, bool) and not 0 <= score <= 1:
            points.add("COMPOSITE-SCORE-RANGE")
    for call in _factor_holders(scoring)[1:]:
        if call.get("primitive") == "factor_identified" and "exclude_tool_echo" not in call:
            points.add("COMPOSITE-ECHO-OMITTED")
        channels = call.get("channels")
        if (
            diagnosis
            and call.get("primitive") == "named_in_output"
            and isinstance(channels, list)
            and "reasoning_trace" in channels
        ):
            points.add("COMPOSITE-DIAGNOSIS-TRACE")
    return points


def _composite_extra_fields(composite: Any) -> set[str]:
    """BIND-EXTRA-FIELD inside a composite table (its calls, rows, else band)."""
    if not isinstance(composite, Mapping):
        return set()
    objects: list[tuple[Any, frozenset[str]]] = [(composite, COMPOSITE_KEYS)]
    predicates = composite.get("predicates")
    if isinstance(predicates, Mapping):
        objects += [(call, CALL_KEYS) for call in predicates.values()]
    rows = composite.get("rows")
    objects += [(row, BAND_KEYS) for row in (rows if isinstance(rows, list) else [])]
    objects.append((composite.get("else"), BAND_KEYS))
    extra = any(isinstance(o, Mapping) and not keys.issuperset(o) for o, keys in objects)
    return {"BIND-EXTRA-FIELD"} if extra else set()


def _scoring_points(
    scenario: Mapping[str, Any], radius: int
) -> tuple[set[str], list[tuple[str, dict[str, Any]]]]:
    """Binding-level points, and the primitive calls the scoring block could evaluate."""
    points: set[str] = set()
    calls: list[tuple[str, dict[str, Any]]] = []
    scoring = scenario.get("scoring")
    if not isinstance(scoring, Mapping):
        return points, calls
    points |= binding_points(scenario)

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
    flag = echo if isinstance(echo, bool) else False  # BIND-ECHO-OMITTED: default-false
    if "archetype_template" in scoring:
        roles = (("factor_identified", required), ("named_in_output", subsystem))
        for role, identifiers in roles:
            calls.append((role, {"identifiers": identifiers, "channels": channels, "echo": flag}))
        calls.append(("within_step_budget", {}))
    for call in _factor_holders(scoring)[1:]:
        primitive = call.get("primitive")
        channels = channels_of(call)
        flag = call.get("exclude_tool_echo") is True
        if primitive in ("named_in_output", "factor_identified"):
            if primitive == "named_in_output":
                identifiers = _strings(call.get("identifier_set"))
            else:
                identifiers = required_of(call)
            points |= identifier_points(identifiers)
            calls.append(
                (primitive, {"identifiers": identifiers, "channels": channels, "echo": flag})
            )
        elif primitive == "within_step_budget":
            calls.append(("within_step_budget", {}))
    return points, calls


def _scored_under_some_reading(scenario: Mapping[str, Any], points: set[str]) -> bool:
    """Could the scenario be scored under some reading of the binding points it touches? (An
    invalid binding never evaluates a primitive.)"""
    variants = [scenario]
    for point in sorted(points & BINDING_POINTS):
        for judge in JUDGES.get(point, {}).values():
            if callable(judge):
                edited = [judge({"input": {"scenario": v}}) for v in variants]
                variants = variants + [
                    e["input"]["scenario"] for e in edited if isinstance(e, dict)
                ]
    for variant in variants:
        try:
            bind(variant)
            return True
        except BindingError:
            continue
    return False


# Canonically equivalent spellings -----------------------------------------------------------

#: Stand-ins for code points the case mappings part on: CJK ideographs (no case, canonical
#: combining class 0, no decomposition or composition, no whitespace, terminator or class
#: character).
_STAND_INS: Final = tuple(chr(code) for code in range(0x4E00, 0x4E40))


def _strings_of(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _strings_of(key)
            yield from _strings_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings_of(item)


def _replaced(value: Any, edit: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return edit(value)
    if isinstance(value, Mapping):
        return {edit(key): _replaced(item, edit) for key, item in value.items()}
    if isinstance(value, list):
        return [_replaced(item, edit) for item in value]
    return value


def _standin_safe(char: str, text: str) -> bool:
    """Whether a code point the mappings part on may stand for one character in every
    reading: none of its images (under any FOLD-MAPPING reading) holds a character of the
    identifier class, whitespace, a terminator or any character the case holds elsewhere."""
    for images in mapping_images("FOLD-MAPPING").values():
        for image_char in images.get(char, char):
            if image_char == char:
                continue
            if image_char in CLASS or image_char in TERMINATORS or image_char.isspace():
                return False
            if image_char.isascii() or image_char in text:
                return False
    return True


def canonical_standins(case: Mapping[str, Any]) -> dict[str, Any] | None:
    """A case on an identifier spelled in the evidence in another canonically equivalent way
    (U+0345 before an acute, where NFC puts the acute first), read as clause 3.1 reads it:
    "NFC-normalized" makes canonically equivalent texts one text, so the verdict is the one on
    the case with every string NFC-normalized; there, each code point where the case mappings
    part (FOLD-MAPPING's data) is replaced by a stand-in every mapping keeps, where that is
    sound: the case reads no tool echo (verbatim comparison does not normalize), holds no
    lone surrogate nor code point whose data some Unicode version changes, and each replaced
    code point's images under every mapping are letters the case holds nowhere else (so an
    image matches only where the code point stood, and delimits as the stand-in does). None
    when the case is no such case (its points are then found as they are)."""
    params = case["input"]
    if case["operation"] == "score_scenario":
        scenario = params.get("scenario")
        scoring = scenario.get("scoring") if isinstance(scenario, Mapping) else None
        if (
            not isinstance(scoring, Mapping)
            or "archetype_template" not in scoring
            or "composite" in scoring
            or scoring.get("exclude_tool_echo") is not False
        ):
            return None
    elif case["operation"] != "identifier_match":
        return None
    strings = list(_strings_of(params))
    text = "".join(strings)
    if text.isascii() or _SURROGATE.search(text):
        return None
    if all(unicodedata.is_normalized("NFC", string) for string in strings):
        return None  # nothing spelled otherwise: the points as they are
    nfc = unicodedata.normalize("NFC", text)
    if not (CASE_VERSION_CHARS | NFC_VERSION_CHARS).isdisjoint(set(text) | set(nfc)):
        return None
    disputed = sorted(FOLD_MAPPING_CHARS.intersection(nfc))
    unused = [char for char in _STAND_INS if char not in nfc]
    if len(disputed) > len(unused):
        return None
    others = nfc
    for char in disputed:
        others = others.replace(char, "")
    if not all(_standin_safe(char, others) for char in disputed):
        return None
    stand_in = dict(zip(disputed, unused[: len(disputed)], strict=True))

    def edit(string: str) -> str:
        normalized = unicodedata.normalize("NFC", string)
        return "".join(stand_in.get(char, char) for char in normalized)

    return {"operation": case["operation"], "input": _replaced(params, edit)}


def register_points(
    case: Mapping[str, Any],
    edition: str | None = None,
    surrogates: bool | None = None,
    bound: bool | None = None,
) -> frozenset[str]:
    """The open points (POINTS) a case touches under `edition`; empty = normative ground.
    What the caller knows already: `surrogates`, whether the params hold a lone surrogate;
    `bound`, whether the reference binds a score_scenario case's scenario."""
    if case["operation"] in ("score_scenario", "identifier_match"):
        reduced = canonical_standins(case)
        if reduced is not None:
            return register_points(reduced, edition, surrogates=False, bound=bound)
    radius = EDITIONS.get(edition or DEFAULT.name, DEFAULT).co_occurrence_radius
    op = case["operation"]
    params = case["input"]
    points = surrogate_points(params) if surrogates is None or surrogates else set()
    if op == "identifier_match":
        points |= fold_points(params["text"]) | identifier_points([params["identifier"]])
    elif op == "split_sentences":
        text = params["text"]
        points |= split_points(text) | sentence_trim_points(text)
        if not unicodedata.is_normalized("NFC", text):
            points.add("SPLIT-RAW")
    elif op == "synonym_match":
        # No identifier is folded or delimited: where the mappings part, SYN-FOLD-MAPPING is
        # the point (a phrase next to a letter some mapping changes is SYN-BOUNDARY's too).
        text_points = fold_points(params["text"]) - {"FOLD-MAPPING", "DELIM-FOLDED"}
        points |= text_points | synonym_points(params["text"])
        if params["deviation_type"] not in REGISTERED_TYPES:
            points.add("BIND-UNREGISTERED-TYPE")
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
        if params["deviation_type"] not in REGISTERED_TYPES:
            points.add("BIND-UNREGISTERED-TYPE")
    elif op == "within_step_budget":
        points |= answer_points(params["evidence"])
        n = params["n"]
        if isinstance(n, int) and not isinstance(n, bool) and n < 1:
            points.add("BIND-BUDGET-RANGE")
        if isinstance(n, int) and not isinstance(n, bool) and n > INT64_MAX:
            points.add("BIND-BUDGET-WIDTH")
    elif op == "evaluate_table":
        if len(_true_rows(params)) > 1:
            points.add("COMPOSITE-FIRST-MATCH")
    elif op == "score_scenario":
        points |= _scenario_points(params["scenario"], params["evidence"], radius, bound)
        if _several_rows_may_hold(params["scenario"], bound) and (
            len(_holding_rows(params["scenario"], params["evidence"], edition) or ()) > 1
        ):
            points.add("COMPOSITE-FIRST-MATCH")
    return frozenset(p for p in points if _applies_by_id(p, edition))


def _true_rows(params: Mapping[str, Any]) -> list[int]:
    """The 1-based rows of an evaluate_table request whose value is true."""
    rows = params.get("rows")
    rows = rows if isinstance(rows, list) else []
    return [n for n, row in enumerate(rows, start=1) if isinstance(row, dict) and row.get("value")]


def _several_rows_may_hold(scenario: Mapping[str, Any], bound: bool | None) -> bool:
    """Whether COMPOSITE-FIRST-MATCH is worth asking of a scenario: not when the reference
    rejects its binding (`bound` False: no row is evaluated), nor when its composite has
    fewer than two rows."""
    if bound is False:
        return False
    scoring = scenario.get("scoring") if isinstance(scenario, Mapping) else None
    composite = scoring.get("composite") if isinstance(scoring, Mapping) else None
    rows = composite.get("rows") if isinstance(composite, Mapping) else None
    return not isinstance(rows, list) or len(rows) > 1


def _holding_rows(
    scenario: Mapping[str, Any], evidence: Mapping[str, Any], edition: str | None
) -> list[int] | None:
    """The 1-based rows of a scenario's composite that hold on the evidence, as the reference
    evaluates its predicates (None: no composite, or the reference rejects the binding).
    Where several hold, which decides is COMPOSITE-FIRST-MATCH."""
    scoring = scenario.get("scoring") if isinstance(scenario, Mapping) else None
    if not isinstance(scoring, Mapping) or "composite" not in scoring:
        return None
    try:
        binding = bind(scenario)
    except BindingError:
        return None
    if not isinstance(binding, CompositeBinding):
        return None
    try:
        artifact = evidence_from_json(dict(evidence))
    except (TypeError, ValueError, KeyError):
        return None
    text_edition = EDITIONS.get(edition or DEFAULT.name, DEFAULT)
    known: dict[str, bool] = {}

    def truth(name: str) -> bool:
        if name not in known:
            known[name] = call_primitive(binding.predicates[name], artifact, text_edition)
        return known[name]

    return [n for n, row in enumerate(binding.rows, start=1) if holds(row.when, truth)]


def _scenario_points(
    scenario: Mapping[str, Any], evidence: Mapping[str, Any], radius: int, bound: bool | None
) -> set[str]:
    points, calls = _scoring_points(scenario, radius)
    if bound is None or points & BINDING_POINTS:
        bound = _scored_under_some_reading(scenario, points)
    if not bound:
        calls = []  # an invalid binding never evaluates a primitive
    memo: ChannelMemo = {}
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
    return points


#: Binding errors of a composite that only the kit's grammar decides (vectors/conventions.yaml
#: COMPOSITE-GRAMMAR): its table's shape, and a within_step_budget predicate's n (the seed
#: types the C-DA-001 role step_budget, not a composite's n).
GRAMMAR_KINDS: Final = frozenset({"invalid_composite", "invalid_step_budget"})


def convention_of(case: Mapping[str, Any], expected: Mapping[str, Any] | None = None) -> str | None:
    """COMPOSITE-GRAMMAR when only the kit's composite grammar rejects the case's scenario (a
    missing else, a malformed expression, an undeclared name, a predicate's n that is no
    positive integer: vectors/conventions.yaml); then every difference on the case is a
    convention difference. None otherwise. `expected`: the reference's outcome on the case,
    when the caller has it."""
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
    if kind not in GRAMMAR_KINDS or "BIND-EMPTY-SET" in binding_points(scenario):
        return None  # an empty identifier set is an open point, rejected as invalid_composite
    if "COMPOSITE-SCORE-RANGE" in binding_points(scenario):
        return None  # a score outside [0, 1] is an open point of the text
    return conventions.COMPOSITE_GRAMMAR


# Judged points: the verdict under every reading ---------------------------------------------


def _scenario_copy(case: dict[str, Any]) -> dict[str, Any]:
    """The case with a deep copy of its scenario (the rest shared)."""
    scenario = json.loads(json.dumps(case["input"]["scenario"]))  # faster than deepcopy
    return {**case, "input": {**case["input"], "scenario": scenario}}


def _scenario_edit(
    edit: Callable[[dict[str, Any]], None],
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A case transform that edits the scoring block and every composite predicate of a copy."""

    def transform(case: dict[str, Any]) -> dict[str, Any]:
        case = _scenario_copy(case)
        scoring = case["input"]["scenario"].get("scoring")
        if isinstance(scoring, dict):
            for holder in _factor_holders(scoring):
                edit(holder)  # type: ignore[arg-type]
        return case

    return transform


def _drop_restated(holder: dict[str, Any]) -> None:
    """BIND-RESTATED = ignore."""
    factor = holder.get("factor")
    if isinstance(factor, dict):
        factor.pop("deviation_type", None)


def _echo_default_false(holder: dict[str, Any]) -> None:
    """BIND-ECHO-OMITTED = default-false: an absent role takes §2.1's default."""
    if "archetype_template" in holder and "exclude_tool_echo" not in holder:
        holder["exclude_tool_echo"] = False


def _echo_null_false(holder: dict[str, Any]) -> None:
    """BIND-ECHO-NULL = default-false: a null role is read as unsupplied, §2.1's default."""
    if "archetype_template" in holder and holder.get("exclude_tool_echo", False) is None:
        holder["exclude_tool_echo"] = False


def _dedupe_channels(holder: dict[str, Any]) -> None:
    """BIND-DUPLICATE-CHANNEL = accept: a diagnosis binding's repeated channel counts once."""
    channels = holder.get("channels")
    if _is_diagnosis(holder) and isinstance(channels, list):
        holder["channels"] = [c for i, c in enumerate(channels) if c not in channels[:i]]


def _integral_budget(holder: dict[str, Any]) -> None:
    """BIND-BUDGET-FLOAT = accept: a C-DA-001 step_budget with a zero fraction is the integer."""
    budget = holder.get("step_budget")
    if "archetype_template" in holder and isinstance(budget, float) and budget.is_integer():
        holder["step_budget"] = int(budget)


def _never_named(case: Mapping[str, Any]) -> str:
    """An identifier no text of the case's evidence holds (a private-use code point the
    generators never draw): a set holding only it is named nowhere."""
    evidence = json.dumps(case["input"].get("evidence"), ensure_ascii=False)
    return next(chr(code) for code in range(0xE000, 0xF900) if chr(code) not in evidence)


def _identifier_sets_matched_by_nothing(case: dict[str, Any]) -> dict[str, Any]:
    """BIND-EMPTY-SET = accept: the primitives evaluated as defined over an empty set (no
    member named; no required identifier to co-occur with) give the verdict they give over a
    set whose one member no text holds."""
    sentinel = _never_named(case)

    def edit(holder: dict[str, Any]) -> None:
        for key in ("subsystem_set", "identifier_set"):
            if holder.get(key) == []:
                holder[key] = [sentinel]
        factor = holder.get("factor")
        if isinstance(factor, dict) and factor.get("required_identifiers") == []:
            factor["required_identifiers"] = [sentinel]

    return _scenario_edit(edit)(case)


def _unregistered_never_identified(case: dict[str, Any]) -> dict[str, Any]:
    """BIND-UNREGISTERED-TYPE = never-identified: a factor whose deviation type has no synonym
    list is never identified and the rest scores as usual; so is a factor of type absent_key
    that requires an identifier no text holds."""
    sentinel = _never_named(case)
    case = _scenario_copy(case)
    scenario = case["input"]["scenario"]
    deviations: dict[str, Any] = {
        d["id"]: d for d in _deviations(scenario) if isinstance(d.get("id"), str)
    }
    scoring = scenario.get("scoring")
    unregistered: list[dict[str, Any]] = []
    for holder in _factor_holders(scoring) if isinstance(scoring, dict) else []:
        factor = holder.get("factor")
        if not isinstance(factor, dict) or not isinstance(factor.get("ref"), str):
            continue
        deviation = deviations.get(factor["ref"])
        if deviation is not None and deviation.get("deviation_type") not in REGISTERED_TYPES:
            factor["required_identifiers"] = [sentinel]
            unregistered.append(deviation)
    for deviation in unregistered:
        deviation["deviation_type"] = REGISTERED_TYPES[0]
    return case


def _composite_dropped(case: dict[str, Any]) -> dict[str, Any]:
    """COMPOSITE-BESIDE-TEMPLATE = template: the composite key beside a template is ignored."""
    case = _scenario_copy(case)
    scoring = case["input"]["scenario"].get("scoring")
    if isinstance(scoring, dict) and "archetype_template" in scoring:
        scoring.pop("composite", None)
    return case


def _drop_declared_synonyms(holder: dict[str, Any]) -> None:
    """BIND-DECLARED-SYNONYMS = disregard: a declared list is passed over (§3.3's list
    scores)."""
    holder.pop("synonyms", None)
    factor = holder.get("factor")
    if isinstance(factor, dict):
        factor.pop("synonyms", None)


def _agent_response_only(holder: dict[str, Any]) -> None:
    """BIND-WIDENED-CHANNELS = disregard: a diagnosis binding's channels are read as the
    template declares them, [agent_response] (§2.5)."""
    channels = holder.get("channels")
    if (
        _is_diagnosis(holder)
        and isinstance(channels, list)
        and all(isinstance(channel, str) for channel in channels)
        and any(channel != "agent_response" for channel in channels)
    ):
        holder["channels"] = ["agent_response"]


#: SYN-BOUNDARY ascii-word-boundary: the word characters of an ASCII \b.
_ASCII_WORD: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"
)
#: SYN-BOUNDARY word-boundary: categories the Unicode \b of regular-expression engines do not
#: agree on (marks, letter-like and other numbers, connectors other than "_", format characters,
#: unassigned code points): a neighbour of one leaves the reading's verdict unknown.
_WORD_UNCLEAR: Final = frozenset({"Mn", "Mc", "Me", "Nl", "No", "Pc", "Cf", "Cn"})


def _outside_word(char: str, reading: str) -> bool | None:
    """Whether `char` next to a phrase leaves it standing alone under a SYN-BOUNDARY
    reading (None: the reading's engines disagree on it)."""
    if reading == "delimited":
        return char not in CLASS
    if reading == "ascii-word-boundary":
        return char not in _ASCII_WORD
    category = unicodedata.category(char)
    if char != "_" and category in _WORD_UNCLEAR:
        return None
    return not (category[0] == "L" or category == "Nd" or char == "_")


def _bounded_synonym(folded: str, reading: str) -> bool | None:
    """§3.3 under a SYN-BOUNDARY reading: does some phrase occur in a folded text with
    neighbours outside the reading's word class (text ends count)? None: unknown."""
    unknown = False
    for phrase in SYNONYMS:
        start = folded.find(phrase)
        while start != -1:
            end = start + len(phrase)
            sides = [
                _outside_word(folded[index], reading)
                for index in (start - 1, end)
                if 0 <= index < len(folded)
            ]
            if all(side is True for side in sides):
                return True
            unknown = unknown or (None in sides and False not in sides)
            start = folded.find(phrase, start + 1)
    return None if unknown else False


def _synonym_match_boundary(reading: str) -> Callable[[dict[str, Any]], Fixed | None]:
    """SYN-BOUNDARY = `reading`, on a synonym_match case: the phrases that stand alone."""

    def judge(case: dict[str, Any]) -> Fixed | None:
        found = _bounded_synonym(fold(case["input"]["text"]), reading)
        return None if found is None else Fixed({"match": found})

    return judge


def _synonym_match_mapping(reading: str) -> Callable[[dict[str, Any]], Fixed]:
    """SYN-FOLD-MAPPING = `reading`, on a synonym_match case: the text NFC-normalized, then
    mapped as the reading maps it (FOLD-MAPPING's data; simple lowercase where the mappings
    agree), searched for each folded phrase (ASCII: alike under every mapping)."""

    def judge(case: dict[str, Any]) -> Fixed:
        nfc = unicodedata.normalize("NFC", case["input"]["text"])
        mapped = _mapped(nfc, mapping_images("FOLD-MAPPING")[reading])
        return Fixed({"match": any(phrase in mapped for phrase in SYNONYMS)})

    return judge


def _synonym_match_unnormalized(case: dict[str, Any]) -> Fixed:
    """SYN-NFC = no-nfc, on a synonym_match case: the text lowercased as written."""
    written = simple_lowercase(case["input"]["text"])
    return Fixed({"match": any(phrase in written for phrase in SYNONYMS)})


@attrs.frozen
class Fixed:
    """What a judge returns when a reading's outcome is fixed for this case (not the
    reference's verdict on a transformed case)."""

    outcome: dict[str, Any]


def _overlap_refused(case: dict[str, Any]) -> Fixed:
    """COMPOSITE-FIRST-MATCH = unique: several holding rows make the table malformed: a binding
    error for a scenario, an error response to evaluate_table."""
    if case["operation"] == "evaluate_table":
        return Fixed(ERROR_RESPONSE)
    return Fixed(BINDING_REJECTED)


def _highest_holding_row(case: dict[str, Any]) -> dict[str, Any]:
    """COMPOSITE-FIRST-MATCH = highest: the holding row with the highest score (the first of
    equal ones) decides; the holding rows before it are made never to hold, so the
    reference's first match finds it under its own number."""
    case = json.loads(json.dumps(case))
    params = case["input"]
    if case["operation"] == "evaluate_table":
        rows, holding = params["rows"], _true_rows(params)
    else:
        rows = params["scenario"]["scoring"]["composite"]["rows"]
        holding = _holding_rows(params["scenario"], params["evidence"], None) or []
    if len(holding) < 2:
        return case
    best = max(holding, key=lambda n: (rows[n - 1]["score"], -n))
    for number in holding:
        if number < best:
            row = rows[number - 1]
            if case["operation"] == "evaluate_table":
                row["value"] = False
            else:
                row["when"] = {"all": [row["when"], {"not": row["when"]}]}
    return case


def _blank_answer_absent(blank: frozenset[str]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """ANSWER-BLANK = a non-blank reading: a final answer its blank set holds whole is none."""

    def transform(case: dict[str, Any]) -> dict[str, Any]:
        answer = case["input"]["evidence"].get("final_answer")
        if not isinstance(answer, str) or not answer or not frozenset(answer) <= blank:
            return case
        evidence = {**case["input"]["evidence"], "final_answer": ""}
        return {**case, "input": {**case["input"], "evidence": evidence}}

    return transform


def _replace_surrogates(value: Any) -> Any:
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {key: _replace_surrogates(v) for key, v in value.items()}
    if isinstance(value, list):
        return [_replace_surrogates(v) for v in value]
    return value


def _surrogates_replaced(case: dict[str, Any]) -> dict[str, Any]:
    """TEXT-SURROGATE = replacement: everywhere but in a scenario's binding."""
    params = {
        key: value if key == "scenario" else _replace_surrogates(value)
        for key, value in case["input"].items()
    }
    return {"operation": case["operation"], "input": params}


def _binding_surrogates_replaced(case: dict[str, Any]) -> dict[str, Any]:
    """BIND-SURROGATE = replacement: in the scenario's binding only."""
    params = dict(case["input"])
    params["scenario"] = _replace_surrogates(params["scenario"])
    return {"operation": case["operation"], "input": params}


#: A judge gives a reading's verdict: a case transform (the reference's verdict on the
#: transformed case, a Fixed outcome for this case, or None where the reading's verdict is not
#: known: the case is then kept off) or a fixed outcome.
Judge = Callable[[dict[str, Any]], dict[str, Any] | Fixed | None] | dict[str, Any]
#: Point -> {a non-reference reading: its judge}.
JUDGES: Final[dict[str, dict[str, Judge]]] = {
    "ANSWER-BLANK": {reading: _blank_answer_absent(blank) for reading, blank in BLANK_SETS.items()},
    "BIND-RESTATED": {"ignore": _scenario_edit(_drop_restated)},
    "BIND-DECLARED-SYNONYMS": {"disregard": _scenario_edit(_drop_declared_synonyms)},
    "BIND-WIDENED-CHANNELS": {"disregard": _scenario_edit(_agent_response_only)},
    "SYN-BOUNDARY": {
        reading: _synonym_match_boundary(reading)
        for reading in ("delimited", "word-boundary", "ascii-word-boundary")
    },
    "SYN-FOLD-MAPPING": {
        reading: _synonym_match_mapping(reading)
        for reading in ("full-lowercase", "full-casefold", "simple-casefold", "upper-lower")
    },
    "SYN-NFC": {"no-nfc": _synonym_match_unnormalized},
    "BIND-ECHO-OMITTED": {"default-false": _scenario_edit(_echo_default_false)},
    "BIND-ECHO-NULL": {"default-false": _scenario_edit(_echo_null_false)},
    "BIND-DUPLICATE-CHANNEL": {"accept": _scenario_edit(_dedupe_channels)},
    "BIND-BUDGET-FLOAT": {"accept": _scenario_edit(_integral_budget)},
    "BIND-EMPTY-SET": {"accept": _identifier_sets_matched_by_nothing},
    "BIND-UNREGISTERED-TYPE": {"never-identified": _unregistered_never_identified},
    "BIND-EXTRA-FIELD": {"reject": BINDING_REJECTED},
    "COMPOSITE-DIAGNOSIS-TRACE": {"reject": BINDING_REJECTED},
    "COMPOSITE-BESIDE-TEMPLATE": {"template": _composite_dropped},
    "COMPOSITE-FIRST-MATCH": {"unique": _overlap_refused, "highest": _highest_holding_row},
    "COMPOSITE-ECHO-OMITTED": {"reject": BINDING_REJECTED},
    "TEXT-SURROGATE": {"replacement": _surrogates_replaced, "reject": ERROR_RESPONSE},
    "BIND-SURROGATE": {
        "replacement": _binding_surrogates_replaced,
        "reject-binding": BINDING_REJECTED,
        "reject-request": ERROR_RESPONSE,
    },
}


@attrs.frozen
class Alternative:
    """The readings one alternative verdict stands for, and how to get it."""

    readings: tuple[tuple[str, str], ...]  # (point, reading), non-reference readings only
    case: dict[str, Any] | None = None  # the transformed case, or
    outcome: dict[str, Any] | None = None  # a fixed outcome (neither: not known for the case)

    @property
    def unknown(self) -> bool:
        """The verdict under these readings is not known for the case (kept off)."""
        return self.case is None and self.outcome is None

    @property
    def label(self) -> str:
        return ", ".join(f"{point}={reading}" for point, reading in self.readings)


def blocking(points: frozenset[str], operation: str | None = None) -> frozenset[str]:
    """The points that keep a case of `operation` from being sent (kept off, judged in other
    operations only, or too many judged ones)."""
    kept = frozenset(p for p in points if _kept_off_in(POINT[p], operation))
    if kept:
        return kept
    judged = [p for p in points if effective_handling(POINT[p]) == JUDGED]
    if len(judged) > 1 and any(POINT[p].alone for p in judged):
        return frozenset(judged)  # a fixed outcome of one point's readings: no combination
    return frozenset(judged) if len(judged) > MAX_JUDGED else frozenset()


def _kept_off_in(point: Point, operation: str | None) -> bool:
    handling = effective_handling(point)
    if handling == JUDGED and point.judged_in is not None:
        return operation not in point.judged_in
    return handling == KEPT_OFF


def alternatives(case: dict[str, Any], points: frozenset[str]) -> list[Alternative]:
    """The verdict sources of every combination of readings of the judged points a case
    touches, other than all-reference (the case itself). The case must not be `blocking`.
    Equal transformed cases are one object (the case itself when a transform changes
    nothing), so that a caller computes each verdict once (by `id`)."""
    judged = sorted(p for p in points if effective_handling(POINT[p]) == JUDGED)
    options = [[(p, None)] + [(p, r) for r in JUDGES[p]] for p in judged]
    shared: list[dict[str, Any]] = [case]  # the distinct cases so far, the case itself first
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
            result = judge(current)
            if result is None or isinstance(result, Fixed):
                outcome, current = (None if result is None else result.outcome), None
                break
            current = result
        if current is not None and current is not case:
            current = _shared(current, shared)
        out.append(Alternative(chosen, current, outcome))
    return out


def _shared(current: dict[str, Any], shared: list[dict[str, Any]]) -> dict[str, Any]:
    """The first of `shared` equal to `current` as JSON text (15.0 == 15 in Python, not in
    JSON), else `current`, then shared too. Python's equality is asked first: where it fails
    the JSON texts differ (but for a NaN, whose cases then go unshared: each verdict is
    computed, the same)."""
    for earlier in shared:
        if earlier == current and json.dumps(earlier) == json.dumps(current):
            return earlier
    shared.append(current)
    return current


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
    if handling == JUDGED and point.judged_in is not None:
        text += f" in {', '.join(point.judged_in)} cases, kept off elsewhere"
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
        (
            "proposal",
            "Open points the register does not list (proposals: for the register, or for "
            "vectors/conventions.yaml where the kit decides), handled the same way:",
        ),
        ("convention", "Points that are conventions of the kit (vectors/conventions.yaml):"),
    )
    lines = textwrap.wrap(
        "Open points. kept off: a case on the point is skipped (counted by point in the "
        "summary); judged: the case is sent and the answer accepted when it gives the verdict "
        f"of some reading (a case on more than {MAX_JUDGED} judged points, or on a kept-off "
        "point too, is skipped); convention: the case is sent and a difference is reported "
        "apart, not as a failure (unless --strict). A composite that only the kit's grammar "
        "rejects is a COMPOSITE-GRAMMAR case: every difference on it is a convention's.",
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
