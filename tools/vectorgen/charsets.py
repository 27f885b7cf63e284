"""The generators' statement of the register readings that are sets of code points: which
whitespace ends a sentence (SENT-WS), which characters are a newline (SENT-NEWLINE) or end a
line (ECHO-LINE-BREAK), which a trimmed line loses (ECHO-TRIM) and which make an answer blank
(ANSWER-BLANK).

Each set is written out here from what the standard libraries do (tools/survey), not read from
the register, so that the verdicts the generators author and the register's data are two
statements of one thing: `problems()` reports where they differ (the generator driver fails
then). Nothing here is taken from the running Python's tables either.
"""

from collections.abc import Mapping
from typing import Any, Final

from oasis_si_conformance.corpus import charsets, corpus


def _span(low: int, high: int) -> frozenset[str]:
    return frozenset(chr(code) for code in range(low, high + 1))


#: Unicode White_Space (PropList.txt; unchanged since Unicode 6.3).
WHITE_SPACE: Final = (
    _span(0x09, 0x0D)
    | frozenset("\u0020\u0085\u00a0\u1680\u2028\u2029\u202f\u205f\u3000")
    | _span(0x2000, 0x200A)
)
ASCII: Final = _span(0x09, 0x0D) | {" "}
SEPARATORS: Final = _span(0x1C, 0x1F)  # FS GS RS US: Python isspace, Java isWhitespace

#: Whitespace predicates (and trims) of the standard libraries, by the slug SENT-WS, ECHO-TRIM
#: and ANSWER-BLANK (`non-blank-` + slug) share.
WHITE_SPACE_SETS: Final[dict[str, frozenset[str]]] = {
    "unicode": WHITE_SPACE,
    "ascii": ASCII,
    "python": WHITE_SPACE | SEPARATORS,
    "ecmascript": (WHITE_SPACE - {"\u0085"}) | {"\ufeff"},
    "java": (WHITE_SPACE - frozenset("\u0085\u00a0\u2007\u202f")) | SEPARATORS,
    "java-trim": _span(0x00, 0x20),
    "ascii-no-vt": ASCII - {"\u000b"},
}

#: Line breaking of the standard libraries (CR LF is one break wherever CR is one).
LINE_BREAK_SETS: Final[dict[str, frozenset[str]]] = {
    "lf-cr": frozenset("\n\r"),
    "lf": frozenset("\n"),
    "unicode": frozenset("\n\u000b\u000c\r\u0085\u2028\u2029"),
    "python-splitlines": frozenset("\n\u000b\u000c\r\u001c\u001d\u001e\u0085\u2028\u2029"),
    "java-scanner": frozenset("\n\r\u0085\u2028\u2029"),
    "ecmascript": frozenset("\n\r\u2028\u2029"),
    "dotnet": frozenset("\n\u000c\r\u0085\u2028\u2029"),
}

_SENTENCE_WS: Final = ("unicode", "ascii", "python", "ecmascript", "java", "ascii-no-vt")

#: Register entry -> reading -> its set, readings in register order (the reference's first).
SETS: Final[dict[str, dict[str, frozenset[str]]]] = {
    "SENT-WS": {slug: WHITE_SPACE_SETS[slug] for slug in _SENTENCE_WS},
    "SENT-NEWLINE": dict(LINE_BREAK_SETS),
    "ECHO-LINE-BREAK": dict(LINE_BREAK_SETS),
    "ECHO-TRIM": {slug: WHITE_SPACE_SETS[slug] for slug in (*_SENTENCE_WS, "java-trim")},
    "ANSWER-BLANK": {
        "non-empty": frozenset(),
        "non-blank": WHITE_SPACE,
        **{
            f"non-blank-{slug}": chars
            for slug, chars in WHITE_SPACE_SETS.items()
            if slug != "unicode"
        },
    },
}


def disputed(entry: str) -> list[str]:
    """The code points two readings of `entry` disagree on, in code point order."""
    return charsets.disputed(SETS[entry])


def holding(entry: str, char: str) -> list[str]:
    """The readings of `entry` whose set holds `char`."""
    return charsets.members(SETS[entry], char)[0]


def set_problems(register: Mapping[str, Any]) -> list[str]:
    """Where SETS and the register document's `code_points` disagree."""
    found = []
    for entry, readings in SETS.items():
        try:
            stated = charsets.entry_sets(register, entry)
        except (KeyError, charsets.CharsetError) as error:
            found.append(f"{entry}: {error}")
            continue
        if set(stated) != set(readings):
            found.append(f"{entry}: readings {sorted(readings)}, the register's {sorted(stated)}")
            continue
        for reading, chars in readings.items():
            if stated[reading] != chars:
                more = sorted(charsets.label(c) for c in chars - stated[reading])
                less = sorted(charsets.label(c) for c in stated[reading] - chars)
                found.append(f"{entry} {reading}: register lacks {more}, has more {less}")
    return found


def problems() -> list[str]:
    """SETS against vectors/register.yaml."""
    return set_problems(corpus.load_catalog("register.yaml"))
