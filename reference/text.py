"""The ratified text constants: §3.1 identifier matching and §3.2 sentence splitting.

Pure functions over str. Open points are decided in readings.py, by register id.
"""

import functools
import re
import unicodedata
from collections.abc import Iterator
from typing import Final

import attrs

from oasis_si_reference.readings import NEWLINE_CHARS, WHITE_SPACE, WHITE_SPACE_CHARS

#: §3.1: "delimited by characters outside the class [A-Za-z0-9_-]". ASCII only, as written.
IDENTIFIER_CLASS: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
)

#: §3.2 sentence terminators.
TERMINATORS: Final = frozenset(".!?")

_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")
#: §3.2: the characters a sentence may end at (a newline, a terminator), in text order.
_SPLIT_CANDIDATES: Final = re.compile(
    "[" + "".join(re.escape(char) for char in sorted(NEWLINE_CHARS | TERMINATORS)) + "]"
)


def simple_lowercase(text: str) -> str:
    """FOLD-MAPPING = simple-lowercase: each code point to its simple lowercase mapping.

    Python's str.lower applies the *full* mapping, which differs from the simple one at exactly
    two places: U+0130 (full: "i" + U+0307) and the Final_Sigma context (capital sigma to
    U+03C2). Mapping those two first leaves str.lower nothing but simple mappings to apply.
    """
    return text.replace("\u0130", "i").replace("\u03a3", "\u03c3").lower()


@functools.lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """§3.1 "case-insensitive, NFC-normalized": NFC first, then case mapping (FOLD-ORDER).
    (Memoized: a case folds its identifiers once per primitive call that reads them.)"""
    return simple_lowercase(unicodedata.normalize("NFC", text))


def is_delimiter(char: str) -> bool:
    """§3.1: a character outside [A-Za-z0-9_-] delimits an identifier."""
    return char not in IDENTIFIER_CLASS


@attrs.define
class Occurrence:
    """One occurrence of a folded identifier in a folded text, with the characters either
    side of it ("" at the start or end of the text)."""

    start: int
    before: str
    after: str

    @property
    def delimited(self) -> bool:
        """§3.1: the characters immediately before and after fall outside [A-Za-z0-9_-],
        start-of-text and end-of-text counting as delimiters."""
        return (not self.before or is_delimiter(self.before)) and (
            not self.after or is_delimiter(self.after)
        )


def identifier_occurrences(folded_text: str, folded_identifier: str) -> Iterator[Occurrence]:
    """Every occurrence of the identifier in the text, left to right (overlapping ones too)."""
    width = len(folded_identifier)
    start = folded_text.find(folded_identifier)
    while start != -1:
        end = start + width
        yield Occurrence(start, folded_text[start - 1 : start], folded_text[end : end + 1])
        start = folded_text.find(folded_identifier, start + 1)


def contains_identifier(folded_text: str, folded_identifier: str) -> bool:
    """§3.1 maximal-token match, on already folded strings (DELIM-FOLDED = folded): some
    occurrence is delimited on both sides."""
    if folded_identifier not in folded_text:  # the common case, without building an iterator
        return False
    for occurrence in identifier_occurrences(folded_text, folded_identifier):
        if occurrence.delimited:
            return True
    return False


def identifier_matches(text: str, identifier: str) -> bool:
    """§3.1: does `identifier` appear in `text`, case-insensitive, NFC, maximal-token?"""
    return contains_identifier(fold(text), fold(identifier))


def split_sentences(text: str) -> list[str]:
    """§3.2: split on newline, and on '.', '!' or '?' followed by whitespace or end of text.

    "Nothing cleverer": no abbreviation, decimal or version handling. A terminator stays with
    the sentence it ends. Segments that hold only whitespace are dropped (they can contain
    neither an identifier nor a synonym).
    """
    segments: list[str] = []
    start = 0
    for found in _SPLIT_CANDIDATES.finditer(text):  # every other character is passed over
        index, char = found.start(), found.group()
        if char in NEWLINE_CHARS:
            segments.append(text[start:index])
            start = index + 1
        elif char in TERMINATORS and _ends_sentence(text, index + 1):
            segments.append(text[start : index + 1])
            start = index + 1
    segments.append(text[start:])
    return [segment for segment in segments if not is_blank(segment)]


def _ends_sentence(text: str, after: int) -> bool:
    """§3.2: a terminator ends a sentence when whitespace (SENT-WS) or end of text follows."""
    return after == len(text) or text[after] in WHITE_SPACE


def split_lines(text: str) -> list[str]:
    """The lines of §2.1's "partitions the agent's output into lines" (ECHO-LINE-BREAK =
    lf-cr: LF, CR, CR LF once)."""
    return _LINE_BREAK.split(text)


def is_blank(text: str) -> bool:
    """True when `text` holds nothing but White_Space (SENT-WS)."""
    return not text.strip(WHITE_SPACE_CHARS)


def trim(text: str) -> str:
    """Remove leading and trailing White_Space (ECHO-LINE = trimmed-substring, ECHO-TRIM =
    unicode)."""
    return text.strip(WHITE_SPACE_CHARS)
