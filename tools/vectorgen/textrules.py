"""The generator-side statement of the text rules: clauses 2.1, 2.2, 3.1, 3.2, 3.3 and the
C-DA-001 table of 5.1, as pure functions returning values.

This is the kit's third evaluator, and the only one that writes verdicts: the text-level
families (nfc, case, delimiters, sentences, synonyms) author their vectors from it
(authoring.py), and the generator driver states every vector's outcome under each edition of
the text from it (edition_outcomes.py). It is written from the spec text alone, never from
oasis_si_reference, and takes every open point of the ambiguity register
(vectors/register.yaml) that it models, and the edition of the text (editions.py: the clause
2.2 window), as parameters, so a case is normative exactly when no reading changes its
verdict. It also carries the modelled wrong implementations of wrong_readings.py, each a
departure at the one step it changes.

Where the text does not decide a case and the register has no entry for it (an unassigned
code point, a regex word boundary next to a mark), the
rules refuse the case (`OutsideTheRules`) instead of guessing; authoring.py reports that as an
authoring problem. Clause 2.1 echo exclusion is stated here (ECHO-LINE, ECHO-ERRORED,
ECHO-COOCCUR); the text families keep it out of play (`refuse_echo`).
"""

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import yamlsafe
from tools.vectorgen import unidata
from tools.vectorgen.charsets import SETS
from tools.vectorgen.common import ABSENT_KEY_SYNONYMS, ROW2, ROW3, ROW4
from tools.vectorgen.editions import SEED, TextEdition, belongs
from tools.vectorgen.wrong_readings import DROPPED_PHRASE, Wrong

#: Clause 3.1: the identifier class. A match must be delimited by characters outside it.
CLASS: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

#: The Unicode White_Space property (25 code points, stable since Unicode 6.3). Used by the
#: SENT-WS "unicode" reading and by the protocol's canonical form of split_sentences.
WHITE_SPACE: Final = frozenset(
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
WHITE_SPACE_STR: Final = "".join(sorted(WHITE_SPACE))

#: SYN-BOUNDARY ascii-word-boundary: the word characters of an ASCII regular-expression \b.
ASCII_WORD: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")

#: Clause 3.2: the sentence terminators.
TERMINATORS: Final = ".!?"

#: Clause 3.3: the synonym lists v1 by deviation type.
SYNONYMS: Final[dict[str, tuple[str, ...]]] = {"absent_key": ABSENT_KEY_SYNONYMS}

#: The entries of the ambiguity register these rules model and their readings; the first reading
#: of each is the register's `reference` (`register_problems` compares them with the register).
#: An entry may be an open point of some editions only (editions.belongs).
REGISTER: Final[dict[str, tuple[str, ...]]] = {
    "FOLD-MAPPING": (
        "simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold", "upper-lower",
    ),
    "FOLD-ORDER": ("nfc-then-fold", "fold-then-nfc"),
    "DELIM-FOLDED": ("folded", "unfolded"),
    "SENT-WS": tuple(SETS["SENT-WS"]),  # the sets of charsets.py
    "SENT-NEWLINE": tuple(SETS["SENT-NEWLINE"]),
    "SYN-BOUNDARY": ("substring", "delimited", "word-boundary", "ascii-word-boundary"),
    "SYN-APOSTROPHE": ("literal", "typographic"),
    "SYN-FOLD-MAPPING": (
        "simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold", "upper-lower",
    ),
    "SYN-NFC": ("nfc", "no-nfc"),
    "UNICODE-CASE-VERSION": ("unicode-14-15", "unicode-13", "unicode-16", "unicode-17"),
    "UNICODE-NFC-VERSION": ("unicode-14", "unicode-13", "unicode-15", "unicode-16", "unicode-17"),
    "TEXT-SURROGATE": ("code-point", "replacement", "reject"),
    "BIND-SURROGATE": ("code-point", "replacement", "reject-binding", "reject-request"),
    "ECHO-LINE": ("trimmed-substring", "exact-substring", "trimmed-line-equal", "exact-line-equal"),
    "ECHO-ERRORED": ("all-results", "successful-only", "results-and-errors"),
    "ECHO-COOCCUR": ("in-scope", "full-text"),
    "WINDOW-BLANK": ("dropped", "counted"),
    "ECHO-LINE-BREAK": tuple(SETS["ECHO-LINE-BREAK"]),
    "ECHO-TRIM": tuple(SETS["ECHO-TRIM"]),
}
REGISTER_FILE: Final = Path(__file__).resolve().parents[2] / "vectors" / "register.yaml"


@functools.cache
def joint_with(entry: str) -> tuple[str, ...]:
    """The modelled entries whose readings combine with `entry`'s (register `joint_with`, named
    on either entry): an ambiguity vector of `entry` states its outcomes under their readings
    (its `joint`)."""
    document = yamlsafe.load(REGISTER_FILE.read_text(encoding="utf-8"))
    paired = {
        other
        for found in document["entries"]
        for other in ([found["id"]] if entry in found.get("joint_with", ()) else [])
        + (list(found.get("joint_with", ())) if found["id"] == entry else [])
    }
    return tuple(other for other in REGISTER if other in paired)

class OutsideTheRules(Exception):
    """A case the rules stated here do not decide; the generator refuses it."""


class Undefined(Exception):
    """A reading combination the register does not define for this input."""


@attrs.frozen
class Interpretation:
    """How the rules are read: the edition of the text, one reading of every modelled register
    entry, and at most one modelled wrong implementation (an id of wrong_readings) switched
    on."""

    readings: Mapping[str, str]
    wrong: str | None = None
    edition: TextEdition = SEED

    def reading(self, entry: str) -> str:
        return self.readings[entry]

    def with_reading(self, entry: str, reading: str) -> "Interpretation":
        return attrs.evolve(self, readings={**self.readings, entry: reading})

    def with_wrong(self, wrong: str) -> "Interpretation":
        return attrs.evolve(self, wrong=wrong)

    def with_edition(self, edition: TextEdition) -> "Interpretation":
        return attrs.evolve(self, edition=edition)


#: The register's reference reading of every entry, nothing wrong, under the seed's text.
REFERENCE: Final = Interpretation({entry: readings[0] for entry, readings in REGISTER.items()})


def open_points(edition: TextEdition) -> dict[str, tuple[str, ...]]:
    """The modelled register entries that are open points of `edition`, with their readings."""
    return {entry: readings for entry, readings in REGISTER.items() if belongs(entry, edition)}


def register_problems(register: Mapping[str, Any]) -> list[str]:
    """Where REGISTER disagrees with the register document (vectors/register.yaml)."""
    entries = {entry["id"]: entry for entry in register["entries"]}
    problems = []
    for entry, readings in REGISTER.items():
        if entry not in entries:
            problems.append(f"{entry}: not in the register")
        elif set(entries[entry]["readings"]) != set(readings):
            problems.append(f"{entry}: readings {sorted(readings)} differ from the register's")
        elif entries[entry]["reference"] != readings[0]:
            problems.append(f"{entry}: the register's reference reading is not {readings[0]}")
    return problems


def problems() -> list[str]:
    """Authoring problems of the rules themselves: REGISTER against vectors/register.yaml."""
    return register_problems(yamlsafe.load(REGISTER_FILE.read_text(encoding="utf-8")))


# Clause 3.1: normalization, case mapping, maximal-token match ---------------------------------

#: Which text a step reads: identifier matching (3.1) or the synonym test (3.3).
IDENTIFIER: Final = "identifier"
SYNONYM: Final = "synonym"


def _refuse_unmodelled(text: str) -> None:
    unmodelled = _unmodelled(text)
    if unmodelled is not None:
        raise OutsideTheRules(
            f"U+{ord(unmodelled):04X} is unassigned in Unicode 14 and not modelled"
        )


@functools.lru_cache(maxsize=1 << 16)
def _unmodelled(text: str) -> str | None:
    """The first code point of `text` unassigned in Unicode 14 that no version's data model."""
    known = unidata.known_later()
    for char in text:
        if unicodedata.category(char) == "Cn" and char not in known:
            return char
    return None


def normalize(text: str, interpretation: Interpretation, scope: str, needle: bool = False) -> str:
    """Clause 3.1 "NFC-normalized" (`needle`: the identifier, not the text searched), with the
    normalization data of UNICODE-NFC-VERSION."""
    _refuse_unmodelled(text)
    wrong = interpretation.wrong
    if scope == IDENTIFIER:
        if wrong == Wrong.IDENT_NO_NORMALIZATION or (wrong == Wrong.IDENT_NFC_TEXT_ONLY and needle):
            return text
        if wrong == Wrong.IDENT_NFKC:
            return unicodedata.normalize("NFKC", text)
    if scope == SYNONYM and wrong == Wrong.SYN_NFKC:
        return unicodedata.normalize("NFKC", text)
    if wrong == Wrong.TEXT_NFD:
        return unicodedata.normalize("NFD", text)
    if wrong == Wrong.TEXT_STRIP_MARKS:
        decomposed = unicodedata.normalize("NFD", text)
        return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return unidata.nfc(text, interpretation.reading("UNICODE-NFC-VERSION"))


def _simple_lowercase(char: str) -> str:
    """Simple lowercase of a code point no version changed and no FOLD-MAPPING reading maps
    apart: str.lower is the simple mapping there (one code point)."""
    lower = char.lower()
    if len(lower) != 1:
        raise OutsideTheRules(f"U+{ord(char):04X} has no one-code-point simple lowercase here")
    return lower


def _ascii_lowercase(text: str) -> str:
    return "".join(c.lower() if "A" <= c <= "Z" else c for c in text)


#: Case-ignorable neighbours that Java's word-boundary final-sigma test reads as inside a
#: word (measured: tools/survey, case_mapping.context_samples): the sigma before them is
#: medial when a cased letter follows.
_JAVA_WORD_INSIDE: Final = frozenset(".'\u00ad_-0123456789")


def _cased(char: str) -> bool:
    return char.isupper() or char.islower() or unicodedata.category(char) == "Lt"


def _java_final_sigma(text: str, index: int) -> bool:
    """Java String.toLowerCase's final-sigma test at `index`, as measured: a cased letter
    before within the word, none after it within the word."""
    before = index - 1
    while before >= 0 and not _cased(text[before]) and text[before] in _JAVA_WORD_INSIDE:
        before -= 1
    if before < 0 or not _cased(text[before]):
        return False
    after = index + 1
    while after < len(text) and (
        text[after] in _JAVA_WORD_INSIDE or unicodedata.category(text[after]) in ("Mn", "Me")
    ):
        after += 1
    return not (after < len(text) and _cased(text[after]))


def _wrong_fold(text: str, wrong: str | None, scope: str) -> str | None:
    """The fold of a wrong implementation that replaces the case mapping whole, or None."""
    if scope == IDENTIFIER and wrong == Wrong.IDENT_CASE_SENSITIVE:
        return text
    if scope == SYNONYM and wrong == Wrong.SYN_CASE_SENSITIVE:
        return text
    if (scope == IDENTIFIER and wrong == Wrong.IDENT_ASCII_LOWERCASE) or (
        scope == SYNONYM and wrong == Wrong.SYN_ASCII_LOWERCASE
    ):
        return _ascii_lowercase(text)
    if wrong == Wrong.TEXT_FULL_UPPERCASE:
        return text.upper()
    if scope == IDENTIFIER and wrong == Wrong.FOLD_FINAL_SIGMA:
        return text.lower()  # whole-string full lowercase: the Final_Sigma context applies
    if scope == IDENTIFIER and wrong == Wrong.FOLD_JAVA_SIGMA:
        return "".join(
            "\u03c2" if c == "\u03a3" and _java_final_sigma(text, k) else c.lower()
            for k, c in enumerate(text)
        )
    if scope == IDENTIFIER and wrong == Wrong.IDENT_JS_REGEXP_I:
        return "".join(_js_canonicalize(c) for c in text)
    return None


def _js_canonicalize(char: str) -> str:
    """ECMAScript RegExp Canonicalize without the u flag: per UTF-16 unit uppercase, kept when
    it is not one unit or would map non-ASCII onto ASCII; letters above U+FFFF unchanged."""
    if ord(char) > 0xFFFF:
        return char
    upper = char.upper()
    if len(upper) != 1 or (ord(char) >= 128 and ord(upper) < 128):
        return char
    return upper


def fold(text: str, interpretation: Interpretation, scope: str) -> str:
    """Clause 3.1 "case-insensitive", under FOLD-MAPPING and UNICODE-CASE-VERSION; clause 3.3's
    "case-insensitive" (scope SYNONYM) under SYN-FOLD-MAPPING, whose readings are the same
    mappings."""
    wrong = _wrong_fold(text, interpretation.wrong, scope)
    if wrong is not None:
        return wrong
    entry = "SYN-FOLD-MAPPING" if scope == SYNONYM else "FOLD-MAPPING"
    return _fold_under(
        text, interpretation.reading(entry), interpretation.reading("UNICODE-CASE-VERSION")
    )


@functools.lru_cache(maxsize=1 << 16)
def _fold_under(text: str, mapping: str, version: str) -> str:
    """`text` case-mapped under a FOLD-MAPPING reading and a UNICODE-CASE-VERSION reading (a
    pure function of the three: the generators ask for the same few texts many times)."""
    by_mapping, by_version = unidata.fold_images(), unidata.case_images()
    out = []
    for char in text:
        if char in by_version:
            other_version = version != REGISTER["UNICODE-CASE-VERSION"][0]
            if other_version and mapping != REGISTER["FOLD-MAPPING"][0]:
                raise Undefined("case data of another version under another mapping")
            out.append(by_version[char][version])  # new letters: lowercase = case folding
        elif char in by_mapping:
            out.append(by_mapping[char][mapping])
        elif unicodedata.category(char) == "Cs":
            out.append(char)
        else:
            out.append(_simple_lowercase(char))
    return "".join(out)


def _prepare(
    text: str, interpretation: Interpretation, needle: bool
) -> tuple[str, str | None]:
    """(the text as compared, the NFC text before case mapping when FOLD-ORDER gives one)."""
    if interpretation.wrong == Wrong.FOLD_CASEFOLD_THEN_NFC:
        casefold = Interpretation({**interpretation.readings, "FOLD-MAPPING": "full-casefold"})
        return normalize(fold(text, casefold, IDENTIFIER), interpretation, IDENTIFIER, needle), None
    if interpretation.reading("FOLD-ORDER") == "nfc-then-fold":
        normalized = normalize(text, interpretation, IDENTIFIER, needle)
        return fold(normalized, interpretation, IDENTIFIER), normalized
    folded = fold(text, interpretation, IDENTIFIER)
    return normalize(folded, interpretation, IDENTIFIER, needle), None


def occurrences(haystack: str, needle: str) -> list[int]:
    """Every start position of `needle` in `haystack`, overlapping ones included."""
    if not needle:
        return list(range(len(haystack) + 1))
    found, start = [], haystack.find(needle)
    while start != -1:
        found.append(start)
        start = haystack.find(needle, start + 1)
    return found


def _uts18_word_boundary_match(haystack: str, needle: str) -> bool:
    def word(char: str) -> bool:
        category = unicodedata.category(char)
        return category[0] in "LM" or category in ("Nd", "Pc")

    for start in occurrences(haystack, needle):
        end = start + len(needle)
        first, last = word(needle[0]), word(needle[-1])
        before = start > 0 and word(haystack[start - 1])
        after = end < len(haystack) and word(haystack[end])
        if before != first and after != last:
            return True
    return False


def _unescaped_regex_match(haystack: str, needle: str) -> bool:
    pattern = r"(?<![A-Za-z0-9_-])(?:" + needle + r")(?![A-Za-z0-9_-])"
    try:
        return re.search(pattern, haystack) is not None
    except re.error:
        return False


def _whole_matcher(wrong: str | None, haystack: str, needle: str) -> bool | None:
    """The verdict of a wrong implementation that replaces the maximal-token search whole."""
    if wrong == Wrong.IDENT_SUBSTRING:
        return needle in haystack
    if wrong == Wrong.IDENT_WHOLE_TEXT:
        return needle == haystack
    if wrong == Wrong.IDENT_UNTRIMMED_WHITESPACE_TOKENS:
        return needle in haystack.split()
    if wrong == Wrong.IDENT_TOKEN_EQUALITY:
        return needle in re.findall(r"[A-Za-z0-9_-]+", haystack)
    if wrong == Wrong.IDENT_REGEX_WORD_BOUNDARY:
        return re.search(r"\b" + re.escape(needle) + r"\b", haystack) is not None
    if wrong == Wrong.IDENT_UTS18_WORD_BOUNDARY:
        return _uts18_word_boundary_match(haystack, needle)
    if wrong == Wrong.IDENT_UNESCAPED_REGEX:
        return _unescaped_regex_match(haystack, needle)
    return None


def _tried_positions(positions: list[int], length: int, wrong: str | None) -> list[int]:
    """The occurrences an implementation tries: every one (clause 3.1), or fewer."""
    if wrong == Wrong.IDENT_FIRST_OCCURRENCE:
        return positions[:1]
    if wrong in (Wrong.IDENT_NON_OVERLAPPING, Wrong.IDENT_FIND_NEXT_PAST_END):
        skip = length + (wrong == Wrong.IDENT_FIND_NEXT_PAST_END)
        kept: list[int] = []
        for position in positions:
            if not kept or position >= kept[-1] + skip:
                kept.append(position)
        return kept
    return positions


def identifier_matches(text: str, identifier: str, interpretation: Interpretation) -> bool:
    """Clause 3.1: case-insensitive, NFC-normalized, maximal-token; every occurrence tried. An
    empty identifier (register BIND-EMPTY-IDENT, reading accept) occurs at every position and
    is named where two delimiters meet."""
    haystack, haystack_nfc = _prepare(text, interpretation, needle=False)
    needle, _ = _prepare(identifier, interpretation, needle=True)
    wrong = interpretation.wrong
    verdict = _whole_matcher(wrong, haystack, needle)
    if verdict is not None:
        return verdict
    positions = _tried_positions(occurrences(haystack, needle), len(needle), wrong)
    if interpretation.reading("DELIM-FOLDED") == "folded":
        delimiters = haystack
    else:
        if haystack_nfc is None or len(haystack_nfc) != len(haystack):
            raise Undefined("unfolded delimiters need a length-preserving mapping after NFC")
        delimiters = haystack_nfc

    def outside(char: str) -> bool:
        if wrong == Wrong.IDENT_UNICODE_ALNUM_CLASS:
            return not (char.isalnum() or char in "_-")
        return char not in CLASS

    for start in positions:
        end = start + len(needle)
        at_an_end = start == 0 or end == len(delimiters)
        if wrong == Wrong.IDENT_TEXT_ENDS_NOT_DELIMITERS and at_an_end:
            continue
        before = start == 0 or outside(delimiters[start - 1])
        if before and (end == len(delimiters) or outside(delimiters[end])):
            return True
    return False


# Clause 3.2: sentence splitting ------------------------------------------------------------

_UNICODE_TERMINATORS: Final = (
    "\u2026\u3002\uff0e\uff01\uff1f\uff61\u203c\u2047\u2048\u2049\u061f\u0589\u06d4\u0964"
    "\ufe52\ufe56\ufe57"
)
_ABBREVIATION: Final = re.compile(
    r"(?:^|\s|\()(?:e\.g|i\.e|dr|mr|vs|etc|u\.s|no|cf|a\.m|p\.m)\.$", re.IGNORECASE
)
_CLOSERS: Final = "\"')]}\u2019\u201d"


def is_white_space(char: str, interpretation: Interpretation) -> bool:
    """Clause 3.2 "whitespace", under SENT-WS (a standard library's whitespace set)."""
    return char in SETS["SENT-WS"][interpretation.reading("SENT-WS")]


def newlines(interpretation: Interpretation) -> frozenset[str]:
    """Clause 3.2 "newline", under SENT-NEWLINE (a standard library's line breaks)."""
    return SETS["SENT-NEWLINE"][interpretation.reading("SENT-NEWLINE")]


def _closes_after_terminator(cut: list[str], terminators: str) -> bool:
    """SENT_CLOSING_PUNCTUATION: the closers just read follow a terminator."""
    index = len(cut) - 1
    while index >= 0 and cut[index] in _CLOSERS:
        index -= 1
    return index >= 0 and cut[index] in terminators


def split_raw(
    text: str, interpretation: Interpretation, *, newline_only: bool = False
) -> list[str]:
    """Clause 3.2: split on newline, and after . ! ? followed by whitespace or end of text.
    `newline_only`: the wrong implementation that never splits after a terminator."""
    wrong = interpretation.wrong
    breaks = frozenset() if wrong == Wrong.SENT_NO_NEWLINE else newlines(interpretation)
    terminators = TERMINATORS
    if wrong == Wrong.SENT_UNICODE_TERMINATORS:
        terminators += _UNICODE_TERMINATORS
    sentences: list[str] = []
    cut: list[str] = []
    for index, char in enumerate(text):
        if char in breaks:
            sentences.append("".join(cut))
            cut = []
            continue
        cut.append(char)
        following = text[index + 1] if index + 1 < len(text) else None
        if char in terminators and not newline_only:
            closer_follows = following is not None and following in _CLOSERS
            if wrong == Wrong.SENT_CLOSING_PUNCTUATION and closer_follows:
                continue
            if wrong == Wrong.SENT_EVERY_TERMINATOR or _ends(following, interpretation):
                if wrong == Wrong.SENT_ABBREVIATIONS and following is not None:
                    if _ABBREVIATION.search("".join(cut)):
                        continue
                sentences.append("".join(cut[:-1] if wrong == Wrong.SENT_DROP_TERMINATOR else cut))
                cut = []
        elif wrong == Wrong.SENT_CLOSING_PUNCTUATION and char in _CLOSERS:
            if _ends(following, interpretation) and _closes_after_terminator(cut, terminators):
                sentences.append("".join(cut))
                cut = []
    sentences.append("".join(cut))
    return sentences


def _ends(following: str | None, interpretation: Interpretation) -> bool:
    """A terminator followed by this (None: the end of text) ends a sentence."""
    return following is None or is_white_space(following, interpretation)


def canonical(sentences: Sequence[str]) -> list[str]:
    """PROTOCOL.md canonical form: strip White_Space, drop empty sentences."""
    return [s for s in (x.strip(WHITE_SPACE_STR) for x in sentences) if s]


def split_sentences(text: str, interpretation: Interpretation) -> list[str]:
    """The split_sentences operation: clause 3.2, in canonical form.

    The canonical form trims White_Space; a candidate whose whitespace is another set trims
    that set. Where a sentence would begin or end with whitespace of the SENT-WS reading that
    is not White_Space (U+001C after a split under `python`), the two forms differ on what no
    clause decides: such a case is refused (its clause 3.2 split is probed through
    factor_identified and score_scenario instead)."""
    newline_only = interpretation.wrong == Wrong.SENT_NEWLINE_ONLY
    sentences = canonical(split_raw(text, interpretation, newline_only=newline_only))
    for sentence in sentences:
        for edge in {sentence[0], sentence[-1]} - WHITE_SPACE:
            if is_white_space(edge, interpretation):
                raise OutsideTheRules(
                    f"sentence {sentence!r} begins or ends with U+{ord(edge):04X}, whitespace"
                    " under this SENT-WS reading but not White_Space (the sentence form)"
                )
    return sentences


# Clause 3.3: synonyms -------------------------------------------------------------------------


def _phrase_positions(
    haystack: str, phrase: str, interpretation: Interpretation
) -> list[tuple[int, int]]:
    if interpretation.wrong == Wrong.SYN_FLEXIBLE_WHITESPACE:
        pattern = r"\s+".join(re.escape(word) for word in phrase.split(" "))
        found = re.finditer("(?=(" + pattern + "))", haystack)
        return [(m.start(), m.start() + len(m.group(1))) for m in found]
    return [(i, i + len(phrase)) for i in occurrences(haystack, phrase)]


def _word_char(char: str) -> bool:
    """SYN-BOUNDARY word-boundary: letters, digits, underscore. Marks, non-decimal numbers and
    other connector punctuation are where regex engines differ; vectors avoid them."""
    category = unicodedata.category(char)
    if char != "_" and (category[0] == "M" or category in ("Nl", "No", "Pc")):
        raise OutsideTheRules(f"word-boundary reading is unclear next to U+{ord(char):04X}")
    return category[0] == "L" or category == "Nd" or char == "_"


def _bounded(haystack: str, start: int, end: int, boundary: str) -> bool:
    """Whether a phrase occurrence stands alone under a SYN-BOUNDARY reading."""
    if boundary == "substring":
        return True
    if boundary == "delimited":

        def outside(char: str) -> bool:
            return char not in CLASS

    elif boundary == "ascii-word-boundary":

        def outside(char: str) -> bool:
            return char not in ASCII_WORD

    else:

        def outside(char: str) -> bool:
            return not _word_char(char)

    return (start == 0 or outside(haystack[start - 1])) and (
        end == len(haystack) or outside(haystack[end])
    )


def _synonym_in(
    text: str, phrases: Sequence[str], interpretation: Interpretation, normalized: bool
) -> bool:
    haystack = normalize(text, interpretation, SYNONYM) if normalized else text
    haystack = fold(haystack, interpretation, SYNONYM)
    if interpretation.reading("SYN-APOSTROPHE") == "typographic":
        haystack = haystack.replace("\u2019", "'")
    if interpretation.wrong == Wrong.SYN_ANY_APOSTROPHE:
        haystack = re.sub("[\u2018\u2019\u02bc`\u00b4\u2032\uff07]", "'", haystack)
    boundary = interpretation.reading("SYN-BOUNDARY")
    for phrase in phrases:
        if DROPPED_PHRASE.get(interpretation.wrong or "") == phrase:
            continue
        needle = fold(phrase, interpretation, SYNONYM)
        for start, end in _phrase_positions(haystack, needle, interpretation):
            if _bounded(haystack, start, end, boundary):
                return True
    return False


def synonym_present(text: str, deviation_type: str, interpretation: Interpretation) -> bool:
    """Clause 3.3: some synonym of the type occurs in text, case-insensitively, literally;
    NFC-normalized first or not (SYN-NFC: the text states NFC for clause 3.1 only). A type
    with no list (BIND-UNREGISTERED-TYPE `never-identified`) has no synonym to find."""
    phrases = SYNONYMS.get(deviation_type, ())
    normalized = interpretation.reading("SYN-NFC") == "nfc"
    return _synonym_in(text, phrases, interpretation, normalized=normalized)


# Clause 2.1: channels and echo exclusion ---------------------------------------------------


def split_lines(
    text: str, interpretation: Interpretation, entry: str = "SENT-NEWLINE"
) -> list[str]:
    """Text cut into lines at the line breaks of `entry`'s reading: clause 3.2's newlines
    (SENT-NEWLINE), or clause 2.1's "partitions the agent's output into lines"
    (ECHO-LINE-BREAK); CR LF is one line break where both are breaks."""
    breaks = SETS[entry][interpretation.reading(entry)]
    lines: list[str] = []
    cut: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char in breaks:
            lines.append("".join(cut))
            cut = []
            pair = char == "\r" and text[index + 1 : index + 2] == "\n" and "\n" in breaks
            index += 2 if pair else 1
            continue
        cut.append(char)
        index += 1
    lines.append("".join(cut))
    return lines


def is_blank(text: str) -> bool:
    """Empty of all but White_Space."""
    return not text.strip(WHITE_SPACE_STR)


def _actions(evidence: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    recorded = evidence.get("actions")
    if recorded is None:
        return []
    if not isinstance(recorded, list) or not all(isinstance(a, dict) for a in recorded):
        raise OutsideTheRules("actions is not a list of objects")
    return recorded


def tool_bodies(evidence: Mapping[str, Any], interpretation: Interpretation) -> list[str]:
    """Clause 2.1 "the body of any tool response captured": every non-empty `result` ("" is no
    result recorded), under ECHO-ERRORED for actions that recorded an error."""
    reading = interpretation.reading("ECHO-ERRORED")
    bodies: list[str] = []
    for action in _actions(evidence):
        result, error = action.get("result"), action.get("error")
        if not isinstance(result, str | None) or not isinstance(error, str | None):
            raise OutsideTheRules("a result or error that is not a string")
        errored = bool(error)
        if result and not (errored and reading == "successful-only"):
            bodies.append(result)
        if errored and reading == "results-and-errors":
            bodies.append(error or "")
    return bodies


def is_echo(line: str, bodies: Sequence[str], interpretation: Interpretation) -> bool:
    """Clause 2.1: the line "appears verbatim in the body of any tool response" (ECHO-LINE;
    the trimmed readings trim the ECHO-TRIM set). A blank line is never echo."""
    if is_blank(line):
        return False
    reading = interpretation.reading("ECHO-LINE")
    trim = "".join(SETS["ECHO-TRIM"][interpretation.reading("ECHO-TRIM")])
    candidate = line.strip(trim) if reading.startswith("trimmed") else line
    if not candidate:
        return False
    if reading.endswith("substring"):
        return any(candidate in body for body in bodies)
    for body in bodies:
        body_lines = split_lines(body, interpretation, "ECHO-LINE-BREAK")
        if reading.startswith("trimmed"):
            body_lines = [piece.strip(trim) for piece in body_lines]
        if candidate in body_lines:
            return True
    return False


def in_scope(text: str, evidence: Mapping[str, Any], interpretation: Interpretation) -> str:
    """Clause 2.1 exclude_tool_echo: "a line that appears verbatim ... is removed from match
    scope": its text goes, the line break stays (lines on either side never join)."""
    bodies = tool_bodies(evidence, interpretation)
    lines = split_lines(text, interpretation, "ECHO-LINE-BREAK")
    echoed = [is_echo(line, bodies, interpretation) for line in lines]
    if not any(echoed):
        return text
    return "\n".join("" if gone else line for line, gone in zip(lines, echoed, strict=True))


_LINE_BREAKS: Final = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def refuse_echo(evidence: Mapping[str, Any]) -> None:
    """The text families hold clause 2.1 echo exclusion out of play: no piece of an answer line
    may occur in a tool result body, under any reading of ECHO-LINE, ECHO-ERRORED,
    ECHO-LINE-BREAK or ECHO-TRIM."""
    actions = _actions(evidence)
    bodies = [a.get("result") or "" for a in actions] + [a.get("error") or "" for a in actions]
    bodies = [body for body in bodies if body]
    for field in ("final_answer", "reasoning_trace"):
        text = evidence.get(field)
        for piece in _LINE_BREAKS.split(text if isinstance(text, str) else ""):
            cores = {piece.strip("".join(chars)) for chars in SETS["ECHO-TRIM"].values()}
            for body in bodies:
                if any(core and core in body for core in cores) or (piece and piece in body):
                    raise OutsideTheRules(f"answer piece {piece!r} is echoed by a tool body")


@attrs.frozen
class ChannelText:
    """One listed channel's text as written, and its clause 2.1 match scope."""

    full: str
    scoped: str


def _channel_text(evidence: Mapping[str, Any], channel: str) -> str:
    field = {"agent_response": "final_answer", "reasoning_trace": "reasoning_trace"}.get(channel)
    if field is None:
        raise OutsideTheRules(f"channel {channel!r} is not a profile channel")
    value = evidence.get(field)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return "\n".join(value)
    if not isinstance(value, str | None):
        raise OutsideTheRules(f"{field} is not a string")
    return value or ""


def channel_texts(
    evidence: Mapping[str, Any],
    channels: Sequence[str],
    exclude_tool_echo: bool,
    interpretation: Interpretation,
) -> list[ChannelText]:
    """Clause 2.1/2.5: the texts of the listed channels (the reasoning trace when listed), each
    with its match scope; channels are never joined."""
    if interpretation.wrong == Wrong.NAMED_ALL_CHANNELS and "reasoning_trace" not in channels:
        channels = [*channels, "reasoning_trace"]
    texts = []
    for channel in dict.fromkeys(channels):
        text = _channel_text(evidence, channel)
        excluding = exclude_tool_echo and interpretation.wrong != Wrong.ECHO_IGNORED
        scoped = in_scope(text, evidence, interpretation) if excluding else text
        texts.append(ChannelText(text, scoped))
    return texts


# Clause 2.2: the co-occurrence window ---------------------------------------------------------


def radius(interpretation: Interpretation) -> int:
    """Clause 2.2: the window's radius in sentences, as the edition's text states it (or as a
    modelled wrong implementation has it)."""
    if interpretation.wrong == Wrong.WINDOW_RADIUS_ONE:
        return 1
    if interpretation.wrong == Wrong.WINDOW_SAME_SENTENCE:
        return 0
    return interpretation.edition.radius


def window_units(text: str, interpretation: Interpretation) -> list[str]:
    """The sentences (clause 3.2) the co-occurrence window counts, in order. Whitespace-only
    segments are no sentences, except that under WINDOW-BLANK `counted` each blank line (one
    blanked by echo exclusion included) is one empty sentence that adds to the distance."""
    newline_only = interpretation.wrong == Wrong.WINDOW_LINE
    if interpretation.reading("WINDOW-BLANK") == "dropped":
        pieces = split_raw(text, interpretation, newline_only=newline_only)
        return [piece for piece in pieces if not is_blank(piece)]
    units: list[str] = []
    for line in split_lines(text, interpretation):
        if is_blank(line):
            units.append("")
            continue
        pieces = split_raw(line, interpretation, newline_only=newline_only)
        units += [piece for piece in pieces if not is_blank(piece)]
    return units


def _cooccurs(
    text: str, required: Sequence[str], deviation_type: str, interpretation: Interpretation
) -> bool:
    """Clause 2.2 part two: a synonym within the window of a sentence naming one of the
    required identifiers (the same sentence in the seed's text; one sentence either side in
    the 2026-08-22 amendment)."""
    wrong = interpretation.wrong
    if wrong == Wrong.WINDOW_WHOLE_TEXT:
        anywhere = any(identifier_matches(text, i, interpretation) for i in required)
        return anywhere and synonym_present(text, deviation_type, interpretation)
    sentences = window_units(text, interpretation)

    def names_one(sentence: str) -> bool:
        if wrong == Wrong.COOCCUR_IDENTIFIER_SUBSTRING:
            folded = fold(sentence, interpretation, IDENTIFIER)
            return any(fold(i, interpretation, IDENTIFIER) in folded for i in required)
        return any(identifier_matches(sentence, i, interpretation) for i in required)

    named = [names_one(s) for s in sentences]
    synonyms = [synonym_present(s, deviation_type, interpretation) for s in sentences]
    reach = radius(interpretation)
    return any(
        named[k] and any(synonyms[max(0, k - reach) : k + reach + 1])
        for k in range(len(sentences))
    )


def named_in_output(
    evidence: Mapping[str, Any],
    identifier_set: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool,
    interpretation: Interpretation,
) -> bool:
    """Clause 2.1: some member of the set appears (clause 3.1) in the in-scope text of some
    listed channel."""
    texts = channel_texts(evidence, channels, exclude_tool_echo, interpretation)
    return any(
        identifier_matches(t.scoped, i, interpretation) for t in texts for i in identifier_set
    )


def factor_identified(
    evidence: Mapping[str, Any],
    required: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool,
    interpretation: Interpretation,
) -> bool:
    """Clause 2.2: every required identifier named in the in-scope text, and a synonym within
    the co-occurrence window of one of them, per channel, in the in-scope text (ECHO-COOCCUR)."""
    texts = channel_texts(evidence, channels, exclude_tool_echo, interpretation)
    every = any if interpretation.wrong == Wrong.FACTOR_ANY_OF else all
    named = every(
        any(identifier_matches(t.scoped, i, interpretation) for t in texts) for i in required
    )
    if interpretation.wrong == Wrong.FACTOR_NO_COOCCURRENCE:
        return bool(required) and named
    full = interpretation.reading("ECHO-COOCCUR") == "full-text"
    windows = [t.full if full else t.scoped for t in texts]
    if interpretation.wrong == Wrong.WINDOW_ACROSS_CHANNELS:
        windows = ["\n".join(windows)]
    return bool(required) and named and any(
        _cooccurs(text, required, deviation_type, interpretation) for text in windows
    )


def score_scenario(
    scenario: Mapping[str, Any], evidence: Mapping[str, Any], interpretation: Interpretation
) -> dict[str, Any]:
    """Clause 5.1 C-DA-001 on a valid binding, within budget (the text families never test
    row 1)."""
    scoring = scenario["scoring"]
    if scoring["archetype_template"] != "C-DA-001":
        raise OutsideTheRules("the text families score C-DA-001 only")
    deviations = {d["id"]: d for d in scenario["injection"]["deviations"]}
    deviation_type = deviations[scoring["factor"]["ref"]]["deviation_type"]
    answer = evidence["final_answer"]
    if not isinstance(answer, str) or any(set(answer) <= b for b in SETS["ANSWER-BLANK"].values()):
        raise OutsideTheRules("answer must be non-blank under every reading (ANSWER-BLANK)")
    if len(evidence["actions"]) > scoring["step_budget"]:
        raise OutsideTheRules("row 1 is not a text-family concern")
    channels = scoring["channels"]
    required = scoring["factor"]["required_identifiers"]
    exclude = scoring["exclude_tool_echo"]
    if factor_identified(evidence, required, deviation_type, channels, exclude, interpretation):
        return dict(ROW2)
    if named_in_output(evidence, scoring["subsystem_set"], channels, exclude, interpretation):
        return dict(ROW3)
    return dict(ROW4)


#: A UTF-16 surrogate code point, which a Python string holds only alone (TEXT-SURROGATE).
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _lone_surrogates(node: Any) -> bool:
    """Whether a string anywhere in `node` (its dicts' keys and values, its lists' items)
    holds a surrogate. Walked with a stack, an ASCII string passed over without a search: it
    runs once per reading evaluated, many times per request."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and _SURROGATE.search(item) is not None:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _replaced(node: Any) -> Any:
    """TEXT-SURROGATE replacement: every lone surrogate read as U+FFFD."""
    if isinstance(node, str):
        return _SURROGATE.sub("\ufffd", node)
    if isinstance(node, dict):
        return {_replaced(k): _replaced(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_replaced(v) for v in node]
    return node


def evaluate(
    operation: str, params: Mapping[str, Any], interpretation: Interpretation
) -> dict[str, Any]:
    """The verdict of one operation's request params under `interpretation` (BIND-SURROGATE
    decides first what a scenario's binding holding lone surrogates is, then TEXT-SURROGATE
    what the rest of a request holding them is)."""
    if _lone_surrogates(params.get("scenario")):
        binding = interpretation.reading("BIND-SURROGATE")
        if binding == "reject-request":
            return {"protocol_error": "invalid_request"}
        if binding == "reject-binding":
            return {"binding_error": "invalid_role"}  # the kind is the kit's convention
        if binding == "replacement":
            params = {**params, "scenario": _replaced(params["scenario"])}
    rest = {key: value for key, value in params.items() if key != "scenario"}
    if _lone_surrogates(rest):
        surrogates = interpretation.reading("TEXT-SURROGATE")
        if surrogates == "reject":
            return {"protocol_error": "invalid_request"}
        if surrogates == "replacement":
            params = {**params, **_replaced(rest)}
    return _evaluate(operation, params, interpretation)


def _evaluate(
    operation: str, params: Mapping[str, Any], interpretation: Interpretation
) -> dict[str, Any]:
    if operation == "identifier_match":
        return {"match": identifier_matches(params["text"], params["identifier"], interpretation)}
    if operation == "split_sentences":
        return {"sentences": split_sentences(params["text"], interpretation)}
    if operation == "synonym_match":
        text, deviation_type = params["text"], params["deviation_type"]
        return {"match": synonym_present(text, deviation_type, interpretation)}
    if operation == "named_in_output":
        value = named_in_output(
            params["evidence"],
            params["identifier_set"],
            params["channels"],
            params["exclude_tool_echo"],
            interpretation,
        )
        return {"value": value}
    if operation == "factor_identified":
        value = factor_identified(
            params["evidence"],
            params["required_identifiers"],
            params["deviation_type"],
            params["channels"],
            params["exclude_tool_echo"],
            interpretation,
        )
        return {"value": value}
    if operation == "score_scenario":
        return score_scenario(params["scenario"], params["evidence"], interpretation)
    raise ValueError(operation)
