"""Small Unicode tables the text rules need, written out rather than taken from a library.

Python 3.11's `unicodedata` is Unicode 14.0 and has no simple case folding and no White_Space
property; `str.isspace` is not White_Space (it adds U+001C..U+001F). So the sets and maps the
rules name are spelled out here, each with its source in the Unicode Character Database. What
other Unicode versions change comes from the register's data files (vectors/data/).
"""

import functools
from typing import Any

import attrs
import yaml

from oasis_si_conformance.corpus.corpus import vectors_root

#: PropList.txt White_Space (25 code points, unchanged since Unicode 6.3) - §3.2, SENT-WS unicode.
WHITE_SPACE: frozenset[str] = frozenset(
    [chr(c) for c in range(0x09, 0x0E)]
    + ["\x20", "\x85", "\xa0", "\u1680"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + ["\u2028", "\u2029", "\u202f", "\u205f", "\u3000"]
)

#: The ASCII whitespace of the SENT-WS `ascii` reading: SP, HT, LF, VT, FF, CR.
ASCII_WHITE_SPACE: frozenset[str] = frozenset(" \t\n\x0b\x0c\r")

#: The information separators U+001C..U+001F, whitespace to Python's isspace and Java's
#: isWhitespace (not White_Space).
_SEPARATORS: frozenset[str] = frozenset("\x1c\x1d\x1e\x1f")

#: The whitespace sets of the SENT-WS, ECHO-TRIM and ANSWER-BLANK readings, by the slug those
#: entries share (ANSWER-BLANK prefixes it with `non-blank-`), as the register words them: the
#: whitespace predicate (or trim) of each standard library (tools/survey).
WHITE_SPACE_SETS: dict[str, frozenset[str]] = {
    "unicode": WHITE_SPACE,  # Go unicode.IsSpace / TrimSpace, Rust is_whitespace / trim
    "ascii": ASCII_WHITE_SPACE,  # C isspace, Java Pattern \s, Python string.whitespace
    "python": WHITE_SPACE | _SEPARATORS,  # str.isspace, str.strip
    "ecmascript": (WHITE_SPACE - {"\x85"}) | {"\ufeff"},  # \s, String.prototype.trim
    "java": (WHITE_SPACE - {"\x85", "\xa0", "\u2007", "\u202f"}) | _SEPARATORS,  # isWhitespace
    "java-trim": frozenset(chr(c) for c in range(0x21)),  # String.trim: everything <= U+0020
    "ascii-no-vt": ASCII_WHITE_SPACE - {"\x0b"},  # Go regexp \s, Rust is_ascii_whitespace
}

#: ANSWER-BLANK: the characters each reading counts as blank (non-empty: none).
BLANK: dict[str, frozenset[str]] = {
    "non-empty": frozenset(),
    "non-blank": WHITE_SPACE,
    **{f"non-blank-{slug}": chars for slug, chars in WHITE_SPACE_SETS.items() if slug != "unicode"},
}

#: §3.1's delimiter class [A-Za-z0-9_-], spelled out (ASCII only, by the clause's own words).
IDENTIFIER_CLASS: frozenset[str] = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
)

#: Newline characters by SENT-NEWLINE (and ECHO-LINE-BREAK) reading: each standard library's
#: line breaking, as the register words it (CR LF as a pair is handled by the scanner).
NEWLINES: dict[str, frozenset[str]] = {
    "lf": frozenset("\n"),
    "lf-cr": frozenset("\n\r"),
    "unicode": frozenset("\n\x0b\x0c\r\x85\u2028\u2029"),  # UAX 14 mandatory breaks, Java \R
    "python-splitlines": frozenset("\n\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029"),
    "java-scanner": frozenset("\n\r\x85\u2028\u2029"),
    "ecmascript": frozenset("\n\r\u2028\u2029"),  # LineTerminator
    "dotnet": frozenset("\n\x0c\r\x85\u2028\u2029"),  # String.ReplaceLineEndings
}

#: CaseFolding.txt 14.0.0 status-S rows: code points whose full folding is several code points
#: but whose simple folding is one. (Every other simple folding is the status-C row, which is
#: what str.casefold returns whenever it returns one code point.)
SIMPLE_FOLD_S_14: dict[str, str] = {
    "\u1e9e": "\xdf",
    **{chr(0x1F88 + k): chr(0x1F80 + k) for k in range(8)},
    **{chr(0x1F98 + k): chr(0x1F90 + k) for k in range(8)},
    **{chr(0x1FA8 + k): chr(0x1FA0 + k) for k in range(8)},
    "\u1fbc": "\u1fb3",
    "\u1fcc": "\u1fc3",
    "\u1ffc": "\u1ff3",
}

#: Status-S rows added in Unicode 15.1 (simple-casefold under UNICODE-CASE-VERSION 16 and 17).
SIMPLE_FOLD_S_LATER: dict[str, str] = {"\u1fd3": "\u0390", "\u1fe3": "\u03b0", "\ufb05": "\ufb06"}

#: The register's data files (vectors/data/*.yaml): the code points where a version's data
#: differ. Read once, parsed here by hand (U+XXXX lists), not through the generators.
DATA = vectors_root() / "data"


def _code_points(notation: str) -> str:
    return "".join(chr(int(part[2:], 16)) for part in notation.split())


@functools.cache
def _differences(name: str) -> list[dict[str, Any]]:
    return list(yaml.safe_load((DATA / name).read_text(encoding="ascii"))["differences"])


@functools.cache
def case_by_version() -> dict[str, dict[str, str]]:
    """UNICODE-CASE-VERSION: letter -> reading -> its simple lowercase under that version."""
    return {
        _code_points(item["probe"]): {r: _code_points(v) for r, v in item["images"].items()}
        for item in _differences("unicode-case-version.yaml")
    }


@attrs.frozen
class MarkData:
    """A code point's normalization data under one version."""

    assigned: bool
    ccc: int
    pair: str | None  # the canonical decomposition when it is a primary composite's


@functools.cache
def normalization_by_version() -> dict[str, dict[str, MarkData]]:
    """UNICODE-NFC-VERSION: code point -> reading -> its normalization data."""
    out: dict[str, dict[str, MarkData]] = {}
    for item in _differences("unicode-nfc-version.yaml"):
        out[_code_points(item["probe"])] = {
            reading: MarkData(
                bool(data.get("assigned")),
                int(data.get("ccc", 0)),
                _code_points(data["decomposition"]) if data.get("composes") else None,
            )
            for reading, data in item["properties"].items()
        }
    return out


def in_identifier_class(char: str | None) -> bool:
    """§3.1: whether `char` is in [A-Za-z0-9_-]. None (a text end) never is."""
    return char is not None and char in IDENTIFIER_CLASS


def is_white_space(char: str) -> bool:
    """Unicode White_Space (PropList.txt)."""
    return char in WHITE_SPACE
