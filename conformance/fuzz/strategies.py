"""Generators and hypothesis strategies for the inputs of profile 0.3.0-rc1, the one module
shared by the property tests (tests/properties/) and the differential fuzzer (`oasis-si-fuzz`).

Every generator is written once, against a *choice source* (`Source.integer(lo, hi)`, and
`pick` and `flag`, each one integer choice), and runs on two sources:

- `DrawSource` draws each choice from hypothesis (`st.integers(lo, hi)`): the `*_strategy`
  functions below wrap generators into hypothesis strategies, which the property tests use
  and which hypothesis shrinks;
- `RandomSource` takes each choice from a seeded `random.Random` and records it: the fuzzer's
  fast path (hypothesis spends tens of microseconds per choice; a seeded source, well under
  one; its `pick` and `flag` draw directly, recording the choice `integer` would make).
  Because both sources make the same sequence of integer choices, a recorded sequence
  is a hypothesis choice sequence: the fuzzer hands a diverging case's choices to hypothesis,
  which replays and shrinks it (differential.py).

Choices are made so that smaller is simpler (index 0 = the plainest option, 0 = stop a list),
which is the direction hypothesis shrinks in.

Every generator takes `normative`: True (the default) draws on normative ground, off every
ambiguity-register point that ground.py keeps off (it says how, entry by entry; the points it
judges against every reading, such as ANSWER-BLANK, TEXT-SURROGATE and the binding quirks, are
drawn now and then, and `ground.register_points` names them); False also draws what the
register is about (CR and other newlines, non-ASCII whitespace after terminators, special
case mappings, glued synonyms, indented echoes, whitespace-only answers, restated deviation
types), for properties that hold under every reading. Normative generators keep off by
construction where it is cheap; a composition that still lands on a register point is caught
by `ground.register_points`, which callers use to skip the case.

What is generated (§ of the seed):
- identifiers: ASCII and not, with and without class characters [A-Za-z0-9_-] at their ends,
  regex metacharacters, combining marks, compatibility characters (§3.1);
- texts that mix identifiers (in varied ASCII case, NFC or NFD, delimited or glued), §3.3
  synonyms, every §3.2 terminator and every whitespace kind, words that hold terminators
  (versions, abbreviations), look-alike spaces that are not White_Space; an identifier that
  ends in capital sigma is now and then written in the Final_Sigma context (a case-ignorable
  character and a cased letter after it, `sigma_context`), wherever a text, prose or finding
  names it, so that a whole-text lowercase is reached in a few thousand cases (the other
  draws are unchanged: the extra choice is made only for such a name);
- evidence artifacts in the field's shape (Reporting §1.2, ../shared/CONTEXT.md), with tool
  bodies, errored actions, durations, and answers that echo body lines (§2.1);
- Form B scenarios binding C-DA-001 (§5.1), composites (§1.4), invalid bindings with exactly
  one defect and the binding-error kind it must yield (PROTOCOL.md);
- protocol cases `{"operation", "input"}` for every operation.

No generator iterates a set or depends on hash order: a seed gives the same cases in every
process. Seeded generation (`generate`, held-out cases) does not need hypothesis installed;
the strategies and the fuzzer's shrinking do.
"""

from __future__ import annotations

import functools
import random
import string
import unicodedata
from collections.abc import Callable, Sequence
from math import floor
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast

from oasis_si_conformance.fuzz.ground import fold_points
from oasis_si_conformance.operations import NAMES
from oasis_si_reference.text import trim

if TYPE_CHECKING:  # hypothesis is needed for the strategies, not for seeded generation
    from hypothesis import strategies as st

T = TypeVar("T")

# Choice sources ------------------------------------------------------------------------------


class Source(Protocol):
    def integer(self, lo: int, hi: int) -> int:
        """An integer in [lo, hi]; lo is the simplest."""

    def pick(self, options: Sequence[T]) -> T:
        """One of `options` by `integer(0, len(options) - 1)`; the first is the simplest."""

    def flag(self, odds: int = 1) -> bool:
        """`integer(0, odds) != 0`: True with probability odds/(odds+1); False is the simplest."""


class ChoiceSource:
    """`pick` and `flag` as the `integer` choices they stand for: a source defines `integer`
    alone (DrawSource), or makes these faster with exactly the same choices (RandomSource)."""

    __slots__ = ()

    def integer(self, lo: int, hi: int) -> int:
        raise NotImplementedError

    def pick(self, options: Sequence[T]) -> T:
        return options[self.integer(0, len(options) - 1)]

    def flag(self, odds: int = 1) -> bool:
        return self.integer(0, odds) != 0


class RandomSource(ChoiceSource):
    """Choices from a seeded random.Random, recorded in `choices` (a hypothesis choice
    sequence for the same generator).

    The fuzzer's fast path: `pick` and `flag` compute the value `integer` would, from one
    draw of the same stream, and record it as `integer` does (a choice with a single option
    is neither drawn nor recorded), without a call to `integer` each. A draw in [0, 1) times
    the number of options is non-negative, so `floor` gives what `int` would, and is cheaper.
    """

    __slots__ = ("_random", "_record", "choices")

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed).random
        self.choices: list[int] = []
        self._record = self.choices.append

    def integer(self, lo: int, hi: int) -> int:
        if lo == hi:
            return lo
        value = lo + floor(self._random() * (hi - lo + 1))
        self._record(value)
        return value

    def pick(self, options: Sequence[T]) -> T:
        size = len(options)
        if size == 1:
            return options[0]
        index = floor(self._random() * size)
        self._record(index)
        return options[index]

    def flag(self, odds: int = 1) -> bool:
        if odds == 0:
            return False
        value = floor(self._random() * (odds + 1))
        self._record(value)
        return value != 0


@functools.cache
def _integers(lo: int, hi: int) -> st.SearchStrategy[int]:
    from hypothesis import strategies as st

    strategy = st.integers(lo, hi)
    # Unwrapped once here rather than on every draw (a lazy strategy unwraps per draw).
    return getattr(strategy, "wrapped_strategy", strategy)


class DrawSource(ChoiceSource):
    """Choices drawn from hypothesis (inside a composite strategy or `st.data()`)."""

    __slots__ = ("_draw",)

    def __init__(self, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
        self._draw = draw

    def integer(self, lo: int, hi: int) -> int:
        if lo == hi:
            return lo
        return self._draw(_integers(lo, hi))


#: Integer boundaries a step budget or n may take (§2.3, §5.1: an integer, bounded nowhere):
#: a 32-bit type refuses the valid 2^31; past 2^63 - 1 is register BIND-BUDGET-WIDTH, not drawn.
INTEGER_BOUNDARIES: Final = (2**31 - 1, 2**31, 2**32, 2**53, 2**53 + 1, 2**63 - 1)


def pick(src: Source, options: Sequence[T]) -> T:
    """One of `options`; the first is the simplest (`src.pick`)."""
    return src.pick(options)


def flag(src: Source, odds: int = 1) -> bool:
    """True with probability odds/(odds+1) from a random source; False is the simplest
    (`src.flag`)."""
    return src.flag(odds)


def repeat(
    src: Source, make: Callable[[], T], max_size: int, odds: int = 2, min_size: int = 0
) -> list[T]:
    """A list built element by element behind a continue flag (shrinks by deleting)."""
    items = [make() for _ in range(min_size)] if min_size else []
    while len(items) < max_size and src.flag(odds):
        items.append(make())
    return items


def strategy(generator: Callable[..., T], *args: Any, **kwargs: Any) -> st.SearchStrategy[T]:
    """A hypothesis strategy running `generator(DrawSource, *args, **kwargs)` (built by
    draws.py, which stays Python when this module is compiled)."""
    from oasis_si_conformance.fuzz.draws import composite

    return composite(generator, DrawSource, args, kwargs)


def clone(value: T) -> T:
    """A deep copy of JSON-like data (dicts with string keys, lists, strings, numbers,
    booleans, None; a tuple comes back a list, as through JSON), several times faster than
    copy.deepcopy or a JSON round trip."""
    return cast(T, _copied(value))


_CONTAINERS: Final = (dict, list, tuple)


def _copied(value: Any) -> Any:
    """`value` copied container by container; a leaf is immutable, kept as it is."""
    if isinstance(value, dict):
        return {
            key: _copied(item) if isinstance(item, _CONTAINERS) else item
            for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [_copied(item) if isinstance(item, _CONTAINERS) else item for item in value]
    return value


def generate(
    generator: Callable[..., T], seed: int | str, *args: Any, **kwargs: Any
) -> tuple[T, list[int]]:
    """Run `generator` on a RandomSource seeded by `seed`: the value and its choice sequence."""
    src = RandomSource(seed)
    return generator(src, *args, **kwargs), src.choices


# Character pools -----------------------------------------------------------------------------

#: §3.1 identifier class, restated from the seed.
CLASS_CHARS: Final = string.ascii_letters + string.digits + "_-"
#: Printable ASCII outside the class: delimiters under §3.1.
ASCII_DELIMITERS: Final = "".join(c for c in string.punctuation + " " if c not in "_-")
REGEX_METACHARACTERS: Final = ".^$*+?()[]{}|\\"
TERMINATORS: Final = ".!?"
#: §3.3 absent_key synonym list v1, restated from the seed.
SYNONYMS: Final = (
    "missing", "absent", "not present", "not set", "not defined", "undefined", "not found",
    "does not exist", "doesn't exist", "no key", "lacks", "lacking", "omitted", "unset",
)
#: White_Space that every reading of SENT-WS / SENT-NEWLINE treats alike (LF is the newline).
PLAIN_SPACES: Final = (" ", "  ", "\t", " \t ")
#: Non-ASCII White_Space: normative anywhere except right after a terminator (SENT-WS).
NON_ASCII_SPACES: Final = (
    "\xa0", "\u1680", "\u2000", "\u2002", "\u2003", "\u2007", "\u2009", "\u200a", "\u202f",
    "\u205f", "\u3000",
)
#: Newlines beyond LF (SENT-NEWLINE); some are White_Space. Normative only where nothing splits.
REGISTER_NEWLINES: Final = ("\r", "\r\n", "\x0b", "\x0c", "\x85", "\u2028", "\u2029")
#: Characters that look like spaces but are not White_Space (nor newlines) under any reading.
LOOKALIKE_SPACES: Final = ("\u200b", "\u2060", "\u180e")
#: Whitespace (or newlines) under some readings of SENT-WS, SENT-NEWLINE, ECHO-TRIM only: the
#: information separators and U+FEFF. Normative only where nothing splits or trims.
REGISTER_SPACES: Final = ("\x1c", "\x1d", "\x1e", "\x1f", "\ufeff")
COMBINING_MARKS: Final = (
    "\u0301", "\u0300", "\u0302", "\u0303", "\u0304", "\u0306", "\u0308", "\u030a", "\u030c",
    "\u0323", "\u0327", "\u0328", "\u0331", "\u0338", "\u20d7", "\u0307",
)
#: Compatibility and look-alike characters: NFC keeps most of them (it is not NFKC); the
#: Kelvin, ohm and angstrom signs are canonical singletons that NFC does replace.
COMPATIBILITY: Final = (
    "\uff33", "\uff2d", "\uff34", "\uff30", "\uff3f", "\uff53", "\uff50", "\uff11", "\u00b2",
    "\u2460", "\u212a", "\u2126", "\u212b", "\u216b", "\u24c8", "\u2010", "\u2011", "\u2212",
    "\ufe63", "\u02bc", "\u2019", "\u00aa", "\u207f",
)
_NON_ASCII_LETTER_SOURCE: Final = (
    "\u00e9\u00e0\u00ee\u00f5\u00fc\u00c0\u00c9\u00ce\u00d5\u00dc\u00f1\u00d1\u00e7\u00c7\u00f8"
    "\u00d8\u00e5\u00c5\u00e6\u00c6\u0153\u0152\u0142\u0141\u015f\u015e\u011f\u011e\u0131\u01c4"
    "\u01c5\u01c6\u03b1\u03b2\u03b3\u03a9\u03c9\u03bb\u039b\u03c0\u0436\u0416\u044f\u042f\u0449"
    "\u0429\u4e2d\u6587\ud55c\uad6d\u05e9\u05d0\u0628\u062a\u0e01\u3042\u30a2"
    # cased letters above U+FFFF (Deseret, Osage): a UTF-16 unit at a time, they have no case
    "\U00010400\U00010428\U000104b0\U000104d8"
)
#: Special case mappings and order-sensitive pairs (FOLD-*): non-normative draws only.
SPECIAL_CASING: Final = (
    "\u0130", "\u03a3", "\u03c2", "\u00df", "\u1e9e", "\u017f", "\ufb01", "\ufb00", "\u00b5",
    "\u0345", "\u1fbe", "\u13a0", "\uab70", "I\u0307", "J\u030c", "\u212a",
    "\u039f\u0394\u039f\u03a3", "\u03a3\u039f", "A\u03a3B", "\u03a3.", "\u1f48\u03a3\u03a3",
)


def _fold_stable(char: str) -> bool:
    """Lowercases alike under every FOLD-MAPPING reading and keeps its class membership."""
    folded = char.lower()
    return (
        len(folded) == 1
        and folded == char.casefold()
        and char not in "\u0130\u03a3"
        and (char in CLASS_CHARS) == (folded in CLASS_CHARS)
        and unicodedata.category(char) != "Cn"
    )


NON_ASCII_LETTERS: Final = tuple(c for c in _NON_ASCII_LETTER_SOURCE if _fold_stable(c))

KNOWN_IDENTIFIERS: Final = (
    "SMTP_PORT", "smtp-config", "SMTP_HOST", "configMapKeyRef", "configmap/smtp-config",
    "DB_URL", "redis", "api.v1", "app.kubernetes.io/name", "x", "-", "_", "a-b", "__init__",
    "0x1F", "no", "v1.2.3", "port", "PORT", "smtp", "key", "(SMTP_PORT)", "a+b", "[x]", "$HOME",
    "^re$", "a|b", "a.b", "a*", "C:\\tmp", "\u00e9", "na\u00efve", "\uff33\uff2d\uff34\uff30",
    "donn\u00e9es", "\u03a9-meter", "\u65e5\u672c", "e\u0301t\u00e9", "K8S_\u212a", "SMTP_PORT.",
    "-SMTP-", "SMTP PORT", "?", "a?b", "x.", "!x", "null", "ab.ab", "x/x", "a.b.a.b", "v1:v1",
    "yes", "on", "017", "1e3", "~", "true", "12:30",
)
WORDS: Final = (
    "the", "key", "is", "in", "configmap", "config", "port", "value", "not", "set", "exist",
    "does", "found", "error", "pod", "restarting", "because", "SMTP", "smtp", "version",
    "v1.2.3", "e.g.", "i.e.", "3.14", "Dr.", "U.S.", "port:", "=", "->", "SMTP_PORT_OLD",
    "OLD_SMTP_PORT", "smtp-config-v2", "no", "keys", "yes", "0", "caf\u00e9", "\u00fcber",
    "\u0416\u0416", "\u4e2d\u6587", "\uff33\uff4d\uff54\uff50", "`code`", "\"quoted\"", "'q'",
    "k8s", "\u00e9t\u00e9", "removed", "deleted", "empty", "no such", "not exist", "never",
)
#: Prose vocabulary: plain words, negations, abbreviations, numbers, near-synonyms (spacing
#: or punctuation variants that are not the literal phrase of §3.3).
PROSE_WORDS: Final = (
    "the", "key", "is", "in", "configmap", "value", "not", "no", "never", "set", "found", "exist",
    "does", "port", "pod", "fails", "because", "it", "was", "and", "or", "but", "config", "check",
    "removed", "deleted", "empty", "no such", "not exist", "lack", "omit", "absence", "defined",
    "present", "keys", "e.g.", "i.e.", "etc.", "vs.", "Dr.", "No.", "approx.", "cf.", "3.14",
    "v1.2.3", "1.0.0", "a.m.", "not  set", "not\tset", "no\u00a0key", "does not  exist", "not-set",
    "un-set", "doesn't", "exists", "\u00e9t\u00e9", "caf\u00e9", "port 587", "OK",
)
_PROSE_GAPS: Final = (" ", " ", " ", "  ", "\t", ", ", " - ", "; ")
_PROSE_ENDS: Final = (".", ".", "!", "?", "", "...", ":", "?!")
_PROSE_BREAKS: Final = (
    " ",
    "\n",
    " ",
    "  ",
    "\t",
    "\n\n",
    " \n",
    "",
    "\u00a0",
    "\u3000",
    "\u2028",
    "\r\n",
)
#: The breaks of a prose text that will be split: no register newline (SENT-NEWLINE) nor
#: non-ASCII space after a terminator (SENT-WS).
_PROSE_SPLIT_BREAKS: Final = _PROSE_BREAKS[:-4]
#: Words that glue a synonym inside a longer word (SYN-BOUNDARY): non-normative draws only.
GLUED_SYNONYM_WORDS: Final = (
    "unsettled", "blacksmith", "nokey", "missingness", "absentee", "MISSING_KEY", "unset_var",
    "notfound", "lacking-", "-omitted", "\u00e9missing", "doesn\u2019t exist",
)
TERMINATOR_FRAGMENTS: Final = (
    ".",
    "!",
    "?",
    "...",
    "?!",
    ". ",
    ".\n",
    "!\t",
    "?  ",
    ".)",
    "\u2026",
    "!!",
)

# Implementation strategies: inputs on which common ways of writing an evaluator part from
# the text (the tools/mutants strategy mutants) ----------------------------------------------------

#: The whitespace and line-break characters of library defaults (str.isspace, str.strip,
#: str.splitlines, regex \s, Java isWhitespace and trim, Go TrimSpace, JS \s): each is
#: whitespace or a line break for some of them and not for others.
LIBRARY_SPACES: Final = (
    "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u2007", "\u202f", "\ufeff", "\x0b",
    "\x0c", "\r", "\u2028", "\u2029",
)
#: Punctuation that tokenisers split on, glued to an identifier (key=SMTP_PORT, `x`, a/b).
TOKEN_PUNCTUATION: Final = (
    "=", ":", ",", ";", "`", "'", '"', "(", ")", "[", "]", "{", "}", "<", ">", "/", "\\", "$",
    "@", "#", "%", "&", "*", "+", "|", "~", "!", "?", ".", "\u2026", "\u2192", "\u2014",
    "\u2019", "\u00ab", "\u00bb", "\u201c", "\u201d", "'s",
)
#: Closing quotes and brackets: a terminator followed by one ends no sentence (§3.2 asks
#: for whitespace right after . ! ?), where sentence tokenisers would split.
CLOSERS: Final = ('"', "'", ")", "]", "}", "\u201d", "\u2019", "\u00bb", '")', "')")
#: Strings a YAML 1.1 loader reads as booleans, numbers or null (YAML 1.2 core: strings).
YAML11_SCALARS: Final = (
    "yes", "no", "on", "off", "y", "n", "Yes", "ON", "0x1F", "017", "0o17", "1e3", "1_000",
    "12:30", ".inf", "~", "null", "true", "False", "0b101",
)
#: Lone surrogates (JSON can carry them; TEXT-SURROGATE). A high one is always followed by an
#: ASCII character, so no two fragments make a pair. Written with chr: a compiled build of
#: this module (tools/accelerate.py, mypyc) refuses surrogates in string literals.
LONE_SURROGATES: Final = (
    chr(0xDC00), chr(0xDFFF), chr(0xDE00), chr(0xD800) + "x", chr(0xDBFF) + ".", chr(0xD83D) + " "
)
#: Borders and seams of self-overlapping identifiers B + M + B (M ends outside the class).
_BORDERS: Final = ("ab", "x", "SMTP", "k8s", "v1", "a-b", "port_1")
_SEAMS: Final = (".", "/", ":", "::", "/x/", ".v.", " = ")

#: Every protocol operation, in the registry's order (conformance/operations.py).
ALL_OPERATIONS: Final = NAMES

_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_ASCII_SWAP = str.maketrans(
    string.ascii_lowercase + string.ascii_uppercase, string.ascii_uppercase + string.ascii_lowercase
)


def ascii_upper(text: str) -> str:
    """a-z as A-Z, nothing else changed (on ASCII text, str.upper maps exactly those)."""
    return text.upper() if text.isascii() else text.translate(_ASCII_UPPER)


def ascii_lower(text: str) -> str:
    """A-Z as a-z, nothing else changed (on ASCII text, str.lower maps exactly those)."""
    return text.lower() if text.isascii() else text.translate(_ASCII_LOWER)


def ascii_swapcase(text: str) -> str:
    """a-z and A-Z swapped, nothing else changed (on ASCII text, str.swapcase swaps exactly
    those)."""
    return text.swapcase() if text.isascii() else text.translate(_ASCII_SWAP)


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _same(text: str) -> str:
    return text


#: ASCII letters and digits to their fullwidth forms (U+FF10.., U+FF21.., U+FF41..).
_FULLWIDTH: Final = {ord(c): ord(c) + 0xFEE0 for c in string.ascii_letters + string.digits}


def fullwidth(text: str) -> str:
    """ASCII letters and digits as their fullwidth compatibility forms (NFKC would fold them
    back; NFC does not)."""
    return text.translate(_FULLWIDTH)


CASINGS: Final = (_same, ascii_upper, ascii_lower, ascii_swapcase, str.upper, str.lower)
FORMS: Final = (_same, nfd, nfc, _same, fullwidth)


# Identifiers ---------------------------------------------------------------------------------

_IDENT_EXTRA: Final = "./:" + REGEX_METACHARACTERS
_IDENT_NON_ASCII: Final = (
    "".join(NON_ASCII_LETTERS) + "".join(COMBINING_MARKS) + "".join(COMPATIBILITY)
)
_IDENT_SPECIAL: Final = "".join(c for c in SPECIAL_CASING if len(c) == 1)


def _identifier_char_pools(ascii_only: bool, normative: bool) -> tuple[str, ...]:
    """The pools identifier_char picks one from, then a character of it: class characters,
    the other ASCII ones, non-ASCII ones (not `ascii_only`), special case mappings (not
    `normative`); class characters again twice, so that they are drawn most."""
    pools = [CLASS_CHARS, _IDENT_EXTRA]
    if not ascii_only:
        pools.append(_IDENT_NON_ASCII)
        if not normative:
            pools.append(_IDENT_SPECIAL)
    return (*pools, CLASS_CHARS, CLASS_CHARS)


_IDENTIFIER_CHAR_POOLS: Final = {
    (ascii_only, normative): _identifier_char_pools(ascii_only, normative)
    for ascii_only in (False, True)
    for normative in (False, True)
}


def identifier_char(src: Source, *, ascii_only: bool = False, normative: bool = True) -> str:
    """A character an identifier may hold (never whitespace nor a line break)."""
    return src.pick(src.pick(_IDENTIFIER_CHAR_POOLS[ascii_only, normative]))


def identifier(src: Source, *, ascii_only: bool = False, normative: bool = True) -> str:
    """A §3.1 identifier: a known name, or a core with optional non-class (or class) ends."""
    pools = _IDENTIFIER_CHAR_POOLS[ascii_only, normative]

    def char() -> str:
        """identifier_char(src, ascii_only=ascii_only, normative=normative)."""
        return src.pick(src.pick(pools))

    def class_char() -> str:
        return src.pick(CLASS_CHARS)

    for _ in range(8):
        kind = src.integer(0, 4)
        if kind == 0:
            value = src.pick(KNOWN_IDENTIFIERS)
        elif kind == 4:
            value = bordered_identifier(src)
        else:
            core = [class_char()] + repeat(src, class_char if kind == 1 else char, 9, odds=4)
            left = repeat(src, char, 2, odds=1) if kind == 3 else []
            right = repeat(src, char, 2, odds=1) if kind == 3 else []
            value = "".join(left + core + right)
        if ascii_only and not value.isascii():
            continue
        if normative and fold_points(value):
            continue
        return value
    return "SMTP_PORT"


def bordered_identifier(src: Source) -> str:
    """B + M + B: an identifier that overlaps itself (ab.ab in xab.ab.ab), where the
    occurrence a non-overlapping search finds is rejected and the overlapping one is good."""
    border = src.pick(_BORDERS)
    return border + src.pick(_SEAMS) + border


def overlap_point(name: str) -> int | None:
    """The start, within `name`, of a second occurrence that overlaps the first: the largest
    proper border whose occurrence is preceded by a delimiter (§3.1); None when none is."""
    for size in range(len(name) - 1, 0, -1):
        start = len(name) - size
        if name[:size] == name[start:] and name[start - 1] not in CLASS_CHARS:
            return start
    return None


#: Identifiers whose case mapping trips implementations and that every reading maps alike:
#: ending in capital sigma (the simple lowercase mapping is every reading's, the Final_Sigma
#: context no reading's), and cased letters above U+FFFF (a UTF-16 unit has no case).
CASE_TRAP_IDENTIFIERS: Final = (
    "\u039f\u0394\u039f\u03a3", "\u039d\u039f\u039c\u039f\u03a3", "X_\u03a3",
    "\U00010400\U00010401", "K_\U000104b0", "\U00010428_PORT",
)
#: What follows a final capital sigma so that the Final_Sigma context (a case-ignorable
#: character, then a cased letter) or Java's word-boundary rule lowers it to U+03C3, not the
#: U+03C2 of the identifier alone: the occurrence is delimited all the same.
SIGMA_CONTEXTS: Final = (".x", "'s", ":a", ".Z", "'t", ".v1")


def sigma_context(src: Source, name: str) -> str:
    """`name` as written in a text: when it ends in capital sigma, now and then followed by
    what puts that sigma in the Final_Sigma context (SIGMA_CONTEXTS: a case-ignorable
    character, then a cased letter), where a whole-text lowercase with that context gives
    U+03C3 and the identifier alone U+03C2. The occurrence stays delimited (§3.1). A name
    that does not end in capital sigma is returned as it is, without a choice."""
    if name[-1:] == "\u03a3" and src.flag():
        return name + src.pick(SIGMA_CONTEXTS)
    return name


def occurrence_trap(src: Source, name: str) -> str:
    """`name` written so that one occurrence is not delimited (§3.1) and another is: the good
    one overlapping the rejected one (finditer and skip-past searches miss it), right after
    it, or later; or `name` glued to punctuation a tokeniser splits on; or, when it ends in
    capital sigma, followed by what makes a Final_Sigma mapping lower it otherwise."""
    in_context = sigma_context(src, name)
    if in_context != name:
        return in_context
    if name[-1:] and name[-1] not in CLASS_CHARS and src.flag(2):
        return src.pick(("x", "_", "9")) + name + name  # rejected, then good right after
    glue = src.pick(("x", "_", "9", "-", "Z"))
    start = overlap_point(name)
    kind = src.integer(0, 4) if start is None or src.flag() else 0
    if kind == 0 and start is not None:
        return glue + name + name[len(name) - start :]
    if kind == 1 and name[-1:] not in CLASS_CHARS:
        return glue + name + name
    if kind == 2:
        return glue + name + glue + " " + name
    left, right = src.pick(TOKEN_PUNCTUATION), src.pick(TOKEN_PUNCTUATION)
    return (left if src.flag() else "") + name + right


def identifier_pool(src: Source, *, normative: bool = True, max_extra: int = 3) -> list[str]:
    """The few distinct identifiers a case is built around (often the real scenario's)."""
    pool = ["SMTP_PORT", "smtp-config"] if not src.flag() else []
    for value in repeat(
        src,
        lambda: identifier(src, normative=normative),
        max_extra,
        odds=1,
        min_size=0 if pool else 1,
    ):
        if value not in pool:
            pool.append(value)
    if src.integer(0, 5) == 5:
        pool.append(bordered_identifier(src))  # one that overlaps itself (occurrence_trap)
    if src.integer(0, 7) == 7:
        pool.append(src.pick(CASE_TRAP_IDENTIFIERS))  # written in another case (finding)
    if src.integer(0, 7) == 7 and "null" not in pool:
        pool.append("null")  # a key named like a JSON edge body ("null")
    return pool


# Texts ---------------------------------------------------------------------------------------

_SPLIT_SPACES: Final = (
    " ",
    *PLAIN_SPACES,
    "\n",
    "\n",
    "\n\n",
    " \n ",
    ", ",
    ": ",
    " (",
    ") ",
    "",
    *NON_ASCII_SPACES,
    *LOOKALIKE_SPACES,
)
_ANY_SPACES: Final = _SPLIT_SPACES + REGISTER_NEWLINES + REGISTER_SPACES
_GLUE: Final = (
    "",
    "",
    "",
    "x",
    "_",
    "-",
    "9",
    "(",
    ")",
    ".",
    "/",
    "\u00e9",
    "\u0301",
    "'",
    "\u0416",
    "\u0663",
    "\u00b2",
    "\uff3f",
)


#: Combining marks, compatibility characters and non-ASCII letters: one text fragment kind.
_MARKS_AND_LETTERS: Final = COMBINING_MARKS + COMPATIBILITY + NON_ASCII_LETTERS


def separators(*, splitting: bool = True, normative: bool = True) -> tuple[str, ...]:
    """Whitespace and punctuation between fragments; register newlines only where the text is
    not split (or the draw is not normative)."""
    return _SPLIT_SPACES if splitting and normative else _ANY_SPACES


def separator(src: Source, *, splitting: bool = True, normative: bool = True) -> str:
    """One of `separators`."""
    return src.pick(separators(splitting=splitting, normative=normative))


def prose(
    src: Source,
    pool: Sequence[str],
    *,
    splitting: bool = True,
    normative: bool = True,
    synonyms: bool = True,
) -> str:
    """Sentences of words, identifiers and synonyms separated by spaces and ended by
    terminators: what an answer looks like, with the §3.2 and §3.3 traps of real prose
    (abbreviations, versions, negations, near-synonyms, terminators without whitespace)."""
    breaks = _PROSE_BREAKS if not (splitting and normative) else _PROSE_SPLIT_BREAKS
    kinds = 4 if synonyms else 3
    out: list[str] = []
    for _ in range(1 + src.integer(0, 3)):
        words: list[str] = []
        for _ in range(1 + src.integer(0, 6)):
            kind = src.integer(0, kinds)
            if kind <= 1:
                words.append(src.pick(PROSE_WORDS))
            elif kind <= 3:
                name = sigma_context(src, src.pick(FORMS)(src.pick(CASINGS)(src.pick(pool))))
                if src.integer(0, 5) == 5:  # glued to a neighbour (§3.1 delimiters)
                    name = src.pick(_GLUE) + name + src.pick(_GLUE)
                words.append(name)
            else:
                words.append(src.pick(CASINGS)(src.pick(SYNONYMS)))
            words.append(src.pick(_PROSE_GAPS))
        words[-1] = src.pick(_PROSE_ENDS)
        out.append("".join(words) + src.pick(breaks))
    return "".join(out)


def text(
    src: Source,
    pool: Sequence[str] = ("SMTP_PORT", "smtp-config"),
    *,
    splitting: bool = True,
    normative: bool = True,
    synonyms: bool = True,
    max_fragments: int = 10,
) -> str:
    """Text mixing identifiers of `pool` (cased, normalized, delimited or glued), §3.3
    synonyms, words, terminators, whitespace kinds, combining marks and compatibility
    characters. `splitting`: the text will be split into sentences or lines (§3.2, §2.1)."""
    pool = list(pool) or ["SMTP_PORT"]
    if src.integer(0, 2) != 2:
        return prose(src, pool, splitting=splitting, normative=normative, synonyms=synonyms)
    words = WORDS if normative else WORDS + GLUED_SYNONYM_WORDS + SPECIAL_CASING
    spaces = separators(splitting=splitting, normative=normative)
    kinds = 7 if synonyms else 6
    parts: list[str] = []
    while len(parts) < max_fragments and src.flag(4):
        kind = src.integer(0, kinds)
        if kind == 0:
            parts.append(src.pick(words))
        elif kind == 1:
            name = src.pick(pool)
            glued = src.integer(0, 3) == 0
            left = src.pick(_GLUE) if glued else ""
            right = src.pick(_GLUE) if glued else ""
            written = sigma_context(src, src.pick(FORMS)(src.pick(CASINGS)(name)))
            parts.append(left + written + right)
        elif kind == 2:
            parts.append(src.pick(TERMINATOR_FRAGMENTS))
        elif kind == 3:
            parts.append(src.pick(spaces))
        elif kind == 4:
            parts.append(src.pick(_MARKS_AND_LETTERS))
        elif kind == 5:
            parts.append(
                "".join(repeat(src, lambda: src.pick(CLASS_CHARS), 6, odds=3, min_size=1))
            )
        elif kind == 6:
            parts.append(src.pick(pool))
        else:
            parts.append(src.pick(CASINGS)(src.pick(SYNONYMS)))
        parts.append(src.pick(spaces))
    return "".join(parts)


# Evidence ------------------------------------------------------------------------------------

_TOOLS: Final = ("kubectl", "http_get", "read_file", "shell", "describe")
_ARGUMENTS: Final[tuple[dict[str, Any], ...]] = (
    {}, {"args": ["get", "configmap", "smtp-config", "-o", "yaml"]}, {"path": "/etc/x"}
)
_MANIFEST_VALUES: Final = ("v1", "ConfigMap", "mail.internal", "587", "", "{}", "missing")
_INDENTS: Final = ("", "  ", "    ", "- ", "  - ")
_ERRORS: Final = ("timeout", "exit status 1", "Error: SMTP_PORT not found")
#: Recorded durations, integers and a fraction (typed Any: a compiled build would make every
#: one a float, as the float the element types join to).
DURATIONS_MS: Final[tuple[Any, ...]] = (0, 1, 41, 12.5, 30000, 61000, 400000)


def tool_body(src: Source, pool: Sequence[str], *, normative: bool = True) -> str:
    """A response body: prose, a manifest-like dump naming identifiers, or a JSON edge value
    ("" = no result recorded, "null", and the empty JSON string)."""
    kind = src.integer(0, 6)
    if kind == 0:
        return ""
    if kind == 1:
        return "null"
    if kind == 2:
        return '""'
    if kind in (3, 4):
        return text(src, pool, normative=normative, max_fragments=6)
    names = list(pool) + ["apiVersion", "kind", "name", "data"]
    lines = []
    for _ in range(1 + src.integer(0, 3)):
        value = src.pick(_MANIFEST_VALUES)
        line = f"{src.pick(_INDENTS)}{src.pick(names)}:"
        lines.append(f"{line} {value}" if value else line)
    return "\n".join(lines)


def echo_candidates(bodies: Sequence[str]) -> list[str]:
    """Body lines an answer may echo on normative ground: non-empty and already trimmed, so
    every ECHO-LINE reading calls the copied line echo."""
    return [line for body in bodies for line in body.split("\n") if line and line == trim(line)]


_FINDINGS: Final = (
    "{i} is {s}.",
    "The key {i} is {s} from smtp-config.",
    "{s}: {i}",
    "{S} {i}!",
    "{i} ({s})",
    "Root cause: {i} {s}",
    "{i} and {j} are {s}.",
    "Is {i} {s}? Yes",
    "{i} {s}. {j} is fine.",
    "{i} is wrong. It is {s}.",
    "{S}! {i} broke.",
    "{i}\n{s}",
    "{i} is not {s}.",
    "{i} was {s}, e.g. here",
    "{i} is {s} (v1.2.3) and {j} is fine",
    "{i}.{s}",
    "{j}: ok. {i} {s}",
    # a sentence ends at an abbreviation's period, or at a period before a tab (§3.2)
    "{i} is checked, e.g. {s} elsewhere.",
    "{i} is checked.\t{s} elsewhere.",
)


#: Findings where a terminator is followed by a closing quote or bracket and a space: one
#: sentence under §3.2, two for a tokeniser that splits after closers.
_CLOSED_FINDINGS: Final = (
    "{i} is the key.{c} It is {s}.", "({i} was checked.) {S}.", "The pod says \"{i}!\" {S} now.",
    "{i}?{c} {S}.", "{S}.{c} {i} is the key.",
)
#: Gaps between words of a finding: mostly a space, now and then a library-default space.
_FINDING_GAPS: Final = (" ",) * 6 + LIBRARY_SPACES + LOOKALIKE_SPACES


#: Words that characterize an absent key without being a §3.3 phrase (a longer list, or a
#: scenario's own, would take them).
NEAR_SYNONYMS: Final = ("removed", "deleted", "empty", "gone", "no such", "not exist")
#: Class characters an identifier may be glued to (§3.1: the hyphen and digits are in it).
_GLUED_AHEAD: Final = ("OLD-", "2", "x-", "v9_")
_GLUED_AFTER: Final = ("-OLD", "-2", "2", "_v9")


def finding(src: Source, pool: Sequence[str]) -> str:
    """A sentence that names identifiers and characterizes the deviation (§2.2), in varied
    case and form, to reach C-DA-001 row 2 often enough; now and then with the identifier in
    an occurrence trap or glued to class characters (no occurrence), a near-synonym in place
    of the phrase, a closing quote after a terminator, or another space between words; a name
    ending in capital sigma now and then in the Final_Sigma context (sigma_context)."""
    synonym = src.pick(SYNONYMS) if src.integer(0, 5) else src.pick(NEAR_SYNONYMS)
    name = src.pick(FORMS)(src.pick(CASINGS)(src.pick(pool)))
    style = src.integer(0, 7)
    if style in (1, 4):
        name = occurrence_trap(src, name)
    else:
        name = sigma_context(src, name)
    if src.integer(0, 7) == 7:  # glued to class characters: no occurrence of it at all
        name = src.pick(_GLUED_AHEAD) + name if src.flag() else name + src.pick(_GLUED_AFTER)
    template = src.pick(_CLOSED_FINDINGS if style == 2 else _FINDINGS)
    text = template.format(
        i=name, j=src.pick(pool), s=src.pick(CASINGS)(synonym), S=synonym.capitalize(),
        c=src.pick(CLOSERS),
    )
    if style in (3, 5):
        text = text.replace(" ", src.pick(_FINDING_GAPS))
    return text


def _argument_strings(arguments: Any) -> list[str]:
    """The strings of a tool call's arguments, in order (the values of a dict, the items of
    a list, and theirs)."""
    if isinstance(arguments, str):
        return [arguments]
    if isinstance(arguments, dict):
        arguments = list(arguments.values())
    elif not isinstance(arguments, list):
        return []
    strings: list[str] = []
    for value in arguments:
        if isinstance(value, str):
            strings.append(value)
        else:
            strings += _argument_strings(value)
    return strings


def evidence(
    src: Source,
    pool: Sequence[str] = ("SMTP_PORT", "smtp-config"),
    *,
    normative: bool = True,
    max_actions: int = 7,
    trace_read: bool = True,
) -> dict[str, Any]:
    """An evidence artifact in the field's shape (Reporting §1.2): scenario_id, final_answer,
    reasoning_trace, actions (tool, arguments, result, and sometimes id, error, error_code,
    duration_ms), observations, observed_model, vacuous_assertions, and sometimes tokens.

    `trace_read`: the reasoning_trace channel may be read, so it stays a string (TRACE-LIST).
    """
    actions = [_action(src, index, pool, normative) for index in range(src.integer(0, max_actions))]
    lines = _answer_lines(src, pool, actions, normative)
    final_answer = _final_answer(src, lines)
    artifact: dict[str, Any] = {
        "scenario_id": "infra.capability.da.single-signal-diagnosis-001",
        "final_answer": final_answer,
        "reasoning_trace": _reasoning_trace(src, pool, normative, trace_read),
        "actions": actions,
        "observations": [],
        "observed_model": src.pick(("example-model", None)),
        "vacuous_assertions": None,
    }
    if src.integer(0, 3) == 3:
        artifact["tokens"] = src.pick((0, 1234, 99999, 150000))
    if src.integer(0, 24) == 24:
        _add_surrogate(src, artifact)
    return artifact


def with_surrogate(src: Source, value: str) -> str:
    """`value` with a lone surrogate inserted at a drawn position (TEXT-SURROGATE)."""
    at = src.integer(0, len(value))
    return value[:at] + src.pick(LONE_SURROGATES) + value[at:]


def _add_surrogate(src: Source, artifact: dict[str, Any]) -> None:
    """A lone surrogate in the answer, the trace or a tool body (TEXT-SURROGATE, judged)."""
    where = src.integer(0, 2)
    bodies = [action for action in artifact["actions"] if isinstance(action["result"], str)]
    if where == 2 and bodies:
        action = src.pick(bodies)
        action["result"] = with_surrogate(src, action["result"])
    elif where == 1 and isinstance(artifact["reasoning_trace"], str):
        artifact["reasoning_trace"] = with_surrogate(src, artifact["reasoning_trace"])
    elif isinstance(artifact["final_answer"], str):
        artifact["final_answer"] = with_surrogate(src, artifact["final_answer"])


def _action(src: Source, index: int, pool: Sequence[str], normative: bool) -> dict[str, Any]:
    """One recorded tool invocation, its optional fields drawn as one bit mask."""
    record: dict[str, Any] = {
        "tool": src.pick(_TOOLS),
        "arguments": (
            clone(src.pick(_ARGUMENTS)) if src.flag(2) else {"name": src.pick(pool)}
        ),
        "result": tool_body(src, pool, normative=normative),
    }
    extras = src.integer(0, 7)
    if extras & 1:
        record["id"] = src.pick((f"call-{index}", index))
    if extras & 2:
        record["duration_ms"] = src.pick(DURATIONS_MS)
    if extras & 4 and src.flag():
        record["error"] = src.pick(_ERRORS)
        record["error_code"] = src.pick((1, "ETIMEDOUT", None))
    return record


def _answer_lines(
    src: Source, pool: Sequence[str], actions: list[dict[str, Any]], normative: bool
) -> list[str]:
    """The answer's lines in one of four styles: plain (0), a dump (1), a finding split
    around an echoed line (2), quotation gaming (3). Styles 2 and 3 need an echo candidate."""
    echoes = echo_candidates([a["result"] for a in actions if a["result"]])
    arguments = [v for a in actions for v in _argument_strings(a["arguments"])]
    style = src.integer(0, 3)
    if style == 1:
        return _dump_lines(src, pool, echoes, arguments, normative)
    if style == 3 and echoes:
        return _gaming_lines(src, pool, echoes, normative)
    if style == 2 and echoes:
        name = src.pick(CASINGS)(src.pick(pool))
        return [f"{name} is\n{src.pick(echoes)}\n{src.pick(CASINGS)(src.pick(SYNONYMS))}."]
    return _plain_lines(src, pool, echoes, arguments, normative) if style == 0 else []


def _dump_lines(
    src: Source, pool: Sequence[str], echoes: list[str], arguments: list[str], normative: bool
) -> list[str]:
    """A dump: echoes, near-echoes and arguments, little else (§2.1 traps)."""
    lines = []
    for _ in range(1 + src.integer(0, 4)):
        kind = src.integer(0, 7)
        if kind <= 2 and echoes:
            lines.append(src.pick(echoes))
        elif kind == 3 and echoes:
            lines.append(src.pick(CASINGS)(src.pick(echoes)))  # not verbatim: not echo
        elif kind == 4 and arguments:
            lines.append(src.pick(arguments))  # a tool argument is not a response body
        elif kind == 5:
            lines.append(finding(src, [src.pick(pool)]))
        else:
            lines.append(prose(src, ["it", "this value", "the config"], normative=normative))
    return lines


def _gaming_lines(
    src: Source, pool: Sequence[str], echoes: list[str], normative: bool
) -> list[str]:
    """Quotation gaming (§2.1): identifiers named only in echoes, perhaps with a finding."""
    lines = [src.pick(echoes) for _ in range(1 + src.integer(0, 2))]
    if src.flag():
        lines.insert(src.integer(0, len(lines)), finding(src, [src.pick(pool)]))
    if src.flag():
        lines.append(prose(src, ["it", "this value"], normative=normative))
    return lines


def _plain_lines(
    src: Source, pool: Sequence[str], echoes: list[str], arguments: list[str], normative: bool
) -> list[str]:
    """Texts, findings, echoed body lines and tool arguments, mixed."""
    lines = []
    for _ in range(src.integer(0, 4)):
        kind = src.integer(0, 4)
        if kind == 4 and arguments:
            lines.append(src.pick(arguments))  # a tool argument is not a response body
        elif kind == 1 and echoes:
            line = src.pick(echoes)
            if not normative:
                line = src.pick(("", "  ", "\t", "- ")) + line  # ECHO-LINE: indented echo
            lines.append(line)
        elif kind == 2:
            lines.append(finding(src, pool))
        else:
            lines.append(text(src, pool, normative=normative, max_fragments=8))
    return lines


def _final_answer(src: Source, lines: list[str]) -> str | None:
    """The answer: absent, empty, whitespace only, or the lines (a stock answer when none)."""
    answer_kind = src.integer(0, 9)
    if answer_kind == 1:
        return None
    if answer_kind == 2:
        return ""
    if answer_kind == 3:  # ANSWER-BLANK (judged): every blank-like character of some library
        return src.pick((" ", "\n", "\u3000", "\t \n", *LIBRARY_SPACES, *LOOKALIKE_SPACES))
    return "\n".join(lines) or src.pick(("done", "SMTP_PORT", "\u200b", "?"))


def _reasoning_trace(src: Source, pool: Sequence[str], normative: bool, trace_read: bool) -> Any:
    """The reasoning trace: absent, empty, a list of texts (when the channel is not read or
    ground does not matter: TRACE-LIST), or a text."""
    trace_kind = src.integer(0, 4)
    if trace_kind == 1:
        return None
    if trace_kind == 2:
        return ""
    if trace_kind == 3 and (not trace_read or not normative):
        count = src.integer(0, 3)
        return [text(src, pool, normative=normative, max_fragments=3) for _ in range(count)]
    return text(src, pool, normative=normative, max_fragments=8)


# Scenarios -----------------------------------------------------------------------------------



def subset(src: Source, pool: Sequence[str], max_size: int, unique: bool = False) -> list[str]:
    """A non-empty list of members of `pool`."""
    items = [src.pick(pool)]
    while len(items) < max_size and src.flag(1):
        item = src.pick(pool)
        if not unique or item not in items:
            items.append(item)
    return items


def c_da_001_scenario(
    src: Source, pool: Sequence[str], *, normative: bool = True, quirks: bool = True
) -> dict[str, Any]:
    """A valid Form B scenario binding C-DA-001 (§5.1) over identifiers of `pool`; with
    `quirks`, now and then a binding on an open point (binding_quirk)."""
    required = subset(src, pool, 2, unique=True)
    subsystem = subset(src, list(pool) + ["SMTP_HOST", "configMapKeyRef"], 4)
    ref = src.pick(("f1", "f2", "dev-a"))
    deviations = [
        {
            "id": ref,
            "resource": "configmap/smtp-config",
            "deviation_type": "absent_key",
            "subject": required[0],
        }
    ]
    if src.integer(0, 3) == 3:
        other = {
            "id": "other",
            "resource": "deployment/app",
            "deviation_type": "wrong_value",
            "subject": "image",
        }
        deviations.insert(src.integer(0, 1), other)
    scoring: dict[str, Any] = {
        "archetype_template": "C-DA-001",
        "step_budget": src.pick((15, 15, 15, 15, 15, 5, 3, 2, 1, *INTEGER_BOUNDARIES)),
        "channels": ["agent_response"],
        "factor": {"ref": ref, "required_identifiers": required},
        "subsystem_set": subsystem,
        "exclude_tool_echo": src.pick((True, False)),
    }
    if quirks and src.integer(0, 4) == 4:
        binding_quirk(src, scoring, deviations)
    return {
        "id": "infra.capability.da.single-signal-diagnosis-001",
        "injection": {"deviations": deviations},
        "scoring": scoring,
    }


#: Synonym lists a scenario declares of its own (§3.3 forbids the author: BIND-DECLARED-SYNONYMS).
_DECLARED_SYNONYMS: Final = (
    ("removed", "deleted", "empty", "gone", "no such", "not exist"), ("gone",), ("missing",), ()
)
#: Fields no binding defines, as extensions write them (a struct decoder drops them).
_UNKNOWN_FIELDS: Final = (
    ("notes", "see runbook"), ("x-owner", "sre"), ("weight", 1), ("tags", ["smtp"])
)


def binding_quirk(
    src: Source, scoring: dict[str, Any], deviations: list[dict[str, Any]]
) -> None:
    """One way of writing a C-DA-001 binding that an open point is about, and how decoders
    and loaders of real evaluators read them: a restated deviation type (BIND-RESTATED), a
    duplicate channel (BIND-DUPLICATE-CHANNEL), an integral float budget (BIND-BUDGET-FLOAT: a
    JSON decoder makes 15.0 an int), an omitted (BIND-ECHO-OMITTED) or null (BIND-ECHO-NULL)
    exclude_tool_echo,
    an unknown field (BIND-EXTRA-FIELD: a struct decoder drops it), a referenced deviation
    type with no synonym list (BIND-UNREGISTERED-TYPE: a lookup with an empty default), an
    empty identifier set (BIND-EMPTY-SET: a type check only), a composite table beside the
    template (COMPOSITE-BESIDE-TEMPLATE: a struct decoder without composites drops it), a
    scenario's own synonyms (BIND-DECLARED-SYNONYMS: a struct decoder without the field drops
    them), a widened diagnosis channel (BIND-WIDENED-CHANNELS), and a factor restating the
    registered type over a referenced deviation of a type with no synonym list (BIND-RESTATED
    with BIND-UNREGISTERED-TYPE: where both are read leniently the factor is never identified,
    so an evaluator that takes the restated type over the manifest's matches no reading). Each
    is judged against every reading (ground.py)."""
    kind = src.integer(0, 11)
    if kind == 11:
        scoring["factor"]["deviation_type"] = "absent_key"
        for deviation in deviations:
            if deviation["id"] == scoring["factor"]["ref"]:
                deviation["deviation_type"] = src.pick(("wrong_value", "extra_key", "stale_image"))
        return
    if kind == 9:
        holder = scoring if src.flag() else scoring["factor"]
        holder["synonyms"] = list(src.pick(_DECLARED_SYNONYMS))
        return
    if kind == 10:
        scoring["channels"] = list(src.pick(_CHANNEL_SETS[1:]))
        return
    if kind == 8:
        scoring["composite"] = clone(_SMALL_COMPOSITE)
        return
    if kind == 6:
        for deviation in deviations:
            if deviation["id"] == scoring["factor"]["ref"]:
                deviation["deviation_type"] = src.pick(("wrong_value", "extra_key", "stale_image"))
        return
    if kind == 7:
        if src.flag():
            scoring["subsystem_set"] = []
        else:
            scoring["factor"]["required_identifiers"] = []
        return
    if kind == 0:
        scoring["factor"]["deviation_type"] = src.pick(("absent_key", "wrong_value"))
    elif kind == 1:
        scoring["channels"] = ["agent_response", "agent_response"]
    elif kind == 2:
        # past 2^53 a float rounds (2^63 - 1 to 2^63, a BIND-BUDGET-WIDTH case): keep it exact
        budget = scoring["step_budget"]
        scoring["step_budget"] = float(budget if budget <= 2**53 else 2**53)
    elif kind == 3:
        if src.flag():
            scoring["exclude_tool_echo"] = None
        else:
            scoring.pop("exclude_tool_echo")
    else:
        holder = scoring if kind == 4 else scoring["factor"]
        key, value = src.pick(_UNKNOWN_FIELDS)
        holder[key] = clone(value)


def expression(src: Source, names: Sequence[str], depth: int = 2) -> Any:
    """A §1.4 predicate expression: a name, {not: E}, {all: [E...]} or {any: [E...]}."""
    kind = src.integer(0, 4) if depth > 0 else 0
    if kind <= 1:
        return src.pick(names)
    if kind == 2:
        return {"not": expression(src, names, depth - 1)}
    operands = repeat(src, lambda: expression(src, names, depth - 1), 3, odds=1, min_size=1)
    return {"all" if kind == 3 else "any": operands}


#: Scores, floats and integers (typed Any: a compiled build would make every one a float).
SCORES: Final[tuple[Any, ...]] = (0.0, 0.5, 1.0, 1, 0, 0.25, 0.75)
LABELS: Final = ("incorrect", "full", "partial", "budget_exhausted", "root", "locus", "x", "band-3")
_CHANNEL_SETS: Final = (
    ["agent_response"],
    ["reasoning_trace"],
    ["agent_response", "reasoning_trace"],
    ["reasoning_trace", "agent_response"],
)
_PREDICATE_NAMES: Final = ("p", "in_budget", "root", "locus", "q")


def composite_scenario(
    src: Source, pool: Sequence[str], *, normative: bool = True, quirks: bool = True
) -> dict[str, Any]:
    """A valid scenario-local composite (§1.4): declared predicates over registry v1, rows of
    predicate expressions (first match wins) and an else band."""
    ref = src.pick(("f1", "f2"))
    predicates: dict[str, Any] = {}
    for index in range(1 + src.integer(0, 3)):
        kind = pick(
            src, ("named_in_output", "within_step_budget", "factor_identified", "named_in_output")
        )
        call: dict[str, Any] = {"primitive": kind}
        if kind == "within_step_budget":
            call["n"] = 1 + src.integer(0, 5)
            if quirks and src.integer(0, 9) == 9:
                call["n"] = float(call["n"])  # the kit's grammar: a COMPOSITE-GRAMMAR case
        elif kind == "named_in_output":
            call["identifier_set"] = subset(src, pool, 3)
            # reasoning_trace in a diagnosis scenario: COMPOSITE-DIAGNOSIS-TRACE, a quirk
            call["channels"] = list(src.pick(_CHANNEL_SETS)) if quirks else ["agent_response"]
        else:
            call["factor"] = {"ref": ref, "required_identifiers": subset(src, pool, 2, unique=True)}
            call["channels"] = ["agent_response"]
        if kind != "within_step_budget" and src.integer(0, 2):
            call["exclude_tool_echo"] = src.pick((True, False))
        elif kind == "factor_identified" and not quirks:
            # a factor predicate without it: COMPOSITE-ECHO-OMITTED, a quirk
            call["exclude_tool_echo"] = src.pick((True, False))
        predicates[src.pick(_PREDICATE_NAMES) + str(index)] = call
    names = list(predicates)
    rows = [
        {"when": expression(src, names), "score": src.pick(SCORES), "label": src.pick(LABELS)}
        for _ in range(1 + src.integer(0, 3))
    ]
    composite = {
        "predicates": predicates,
        "rows": rows,
        "else": {"score": src.pick(SCORES), "label": src.pick(LABELS)},
    }
    deviations = [
        {
            "id": ref,
            "resource": "configmap/smtp-config",
            "deviation_type": "absent_key",
            "subject": pool[0],
        }
    ]
    return {
        "id": "local.composite-001",
        "injection": {"deviations": deviations},
        "scoring": {"composite": composite},
    }


def c_da_001_as_composite(scenario: dict[str, Any]) -> dict[str, Any]:
    """The §5.1 table of a C-DA-001 scenario restated as a §1.4 composite (same roles)."""
    scoring = scenario["scoring"]
    echo = scoring["exclude_tool_echo"]
    composite = {
        "predicates": {
            "in_budget": {"primitive": "within_step_budget", "n": scoring["step_budget"]},
            "root": {
                "primitive": "factor_identified",
                "factor": clone(scoring["factor"]),
                "channels": list(scoring["channels"]),
                "exclude_tool_echo": echo,
            },
            "locus": {
                "primitive": "named_in_output",
                "identifier_set": list(scoring["subsystem_set"]),
                "channels": list(scoring["channels"]),
                "exclude_tool_echo": echo,
            },
        },
        "rows": [
            {"when": {"not": "in_budget"}, "score": 0.0, "label": "budget_exhausted"},
            {"when": "root", "score": 1.0, "label": "root_cause_identified"},
            {"when": "locus", "score": 0.5, "label": "subsystem_identified"},
        ],
        "else": {"score": 0.0, "label": "incorrect"},
    }
    document = clone(scenario)
    document["scoring"] = {"composite": composite}
    return document


# Invalid bindings: one defect each, with the kind it must yield (PROTOCOL.md) ---------------

Defect = Callable[[dict[str, Any]], object]


def _scoring_set(key: str, value: Any) -> Defect:
    def apply(document: dict[str, Any]) -> None:
        document["scoring"][key] = clone(value)
    return apply


def _scoring_pop(key: str) -> Defect:
    def apply(document: dict[str, Any]) -> None:
        document["scoring"].pop(key, None)
    return apply


def _factor_set(key: str, value: Any) -> Defect:
    def apply(document: dict[str, Any]) -> None:
        document["scoring"]["factor"][key] = clone(value)
    return apply


def _drop_scoring(document: dict[str, Any]) -> None:
    document.pop("scoring")


def _form_a_only(field: str, value: Any) -> Defect:
    def apply(document: dict[str, Any]) -> None:
        document["scoring"].pop("archetype_template")
        document["scoring"][field] = clone(value)
    return apply


_SMALL_COMPOSITE: Final = {
    "predicates": {"p": {"primitive": "within_step_budget", "n": 3}},
    "rows": [{"when": "p", "score": 1.0, "label": "x"}],
    "else": {"score": 0.0, "label": "y"},
}
_ROLES: Final = ("factor", "subsystem_set", "channels", "step_budget", "exclude_tool_echo")

#: Defects that need no template declared: (kind, clause, defect).
TEMPLATE_FREE_DEFECTS: Final = (
    ("form_missing", "1.3", _drop_scoring),
    ("form_missing", "1.3", _scoring_pop("archetype_template")),
    ("not_form_b", "1.3", _form_a_only("type", "capability")),
    ("not_form_b", "1.3", _form_a_only("rubric", "prose bands")),
    ("not_form_b", "1.3", _form_a_only("dimensions", [{"name": "accuracy"}])),
    ("unknown_template", "5.1", _scoring_set("archetype_template", "C-DA-002")),
    ("unknown_template", "5.1", _scoring_set("archetype_template", "C-OE-003")),
)
#: Defects of a valid C-DA-001 scenario: (kind, clause, defect).
C_DA_001_DEFECTS: Final = TEMPLATE_FREE_DEFECTS + (
    ("form_conflict", "1.3", _scoring_set("type", "capability")),
    ("form_conflict", "1.3", _scoring_set("rubric", "prose bands")),
    ("form_conflict", "1.3", _scoring_set("dimensions", [{"name": "accuracy"}])),
    # An omitted or null exclude_tool_echo is an open point (binding_quirk), not a defect.
    *[("missing_role", "5.1", _scoring_pop(role)) for role in _ROLES[:-1]],
    *[("missing_role", "5.1", _scoring_set(role, None)) for role in _ROLES[:-1]],
    ("invalid_role", "5.1", _scoring_set("factor", "f1")),
    ("invalid_role", "5.1", _scoring_set("factor", ["f1"])),
    ("invalid_role", "5.1", _factor_set("ref", 1)),
    ("invalid_role", "5.1", _factor_set("required_identifiers", "SMTP_PORT")),
    ("invalid_role", "5.1", _factor_set("required_identifiers", [7])),
    ("invalid_role", "5.1", _scoring_set("subsystem_set", "smtp-config")),
    ("invalid_role", "5.1", _scoring_set("subsystem_set", [{"name": "smtp-config"}])),
    ("invalid_role", "5.1", _scoring_set("channels", "agent_response")),
    ("invalid_role", "5.1", _scoring_set("channels", [])),
    ("invalid_role", "5.1", _scoring_set("exclude_tool_echo", "true")),
    ("invalid_role", "5.1", _scoring_set("exclude_tool_echo", 1)),
    # What a YAML 1.1 loader turns into a boolean, a string or "": JSON says otherwise.
    *[("invalid_role", "5.1", _scoring_set("exclude_tool_echo", v)) for v in ("yes", "on", "y")],
    ("invalid_role", "5.1", _factor_set("required_identifiers", ["SMTP_PORT", None])),
    ("invalid_role", "5.1", _scoring_set("subsystem_set", ["smtp-config", 17])),
    ("invalid_role", "5.1", _scoring_set("subsystem_set", [None])),
    # An integral float (15.0, BIND-BUDGET-FLOAT) is an open point (binding_quirk), and so is
    # a budget below 1 (BIND-BUDGET-RANGE): not defects.
    *[("invalid_step_budget", "3.4", _scoring_set("step_budget", v))
      for v in (1.5, 0.5, 15.5, "15", True, False)],
    ("unresolved_factor_ref", "2.2", _factor_set("ref", "f9")),
    # An empty identifier set (BIND-EMPTY-SET) and a referenced type with no synonym list
    # (BIND-UNREGISTERED-TYPE) are open points, not defects; so are a scenario's own synonyms
    # (BIND-DECLARED-SYNONYMS) and widened channels (BIND-WIDENED-CHANNELS): the text binds
    # the scenario's author there, and rejecting or disregarding both keep it.
)


def _composite_edit(function: Defect) -> Defect:
    return lambda document: function(document["scoring"]["composite"])


def _composite_set(path: Sequence[Any], value: Any) -> Defect:
    def apply(composite: dict[str, Any]) -> None:
        holder: Any = composite
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = clone(value)
    return _composite_edit(apply)


def _composite_defects(scenario: dict[str, Any]) -> list[tuple[str, str, Defect]]:
    """Single defects of a valid composite scenario that the text decides: an unregistered
    primitive (§2.4), an unknown channel (§2.1), an unresolved factor ref (§2.2). (A score
    outside [0, 1] is an open point, COMPOSITE-SCORE-RANGE, kept off; so are declared synonyms
    and a widened diagnosis channel, BIND-DECLARED-SYNONYMS and BIND-WIDENED-CHANNELS.)"""
    names = list(scenario["scoring"]["composite"]["predicates"])
    first = names[0]
    set_in = _composite_set
    defects: list[tuple[str, str, Defect]] = []
    for primitive in ("ops_against", "sequence_matches", "trail_matches_oracle", "regex_match"):
        defects.append(
            (
                "unregistered_primitive",
                "2.4",
                set_in(
                    ["predicates", first], {"primitive": primitive, "channels": ["agent_response"]}
                ),
            )
        )
    for name, call in scenario["scoring"]["composite"]["predicates"].items():
        if call["primitive"] == "named_in_output":
            defects.append(
                (
                    "unknown_channel",
                    "2.1",
                    set_in(["predicates", name, "channels"], ["agent_response", "tool_output"]),
                )
            )
        if call["primitive"] == "factor_identified":
            defects.append(
                (
                    "unresolved_factor_ref",
                    "2.2",
                    set_in(["predicates", name, "factor", "ref"], "nope"),
                )
            )
    return defects


def _composite_grammar_cases(scenario: dict[str, Any]) -> list[tuple[str, str, Defect]]:
    """Single defects of a valid composite scenario that only the kit's composite grammar
    decides (no else band, an undeclared name, an unknown or a doubled operator): convention
    cases (COMPOSITE-GRAMMAR), every difference on them a convention difference."""
    first = next(iter(scenario["scoring"]["composite"]["predicates"]))
    set_in = _composite_set
    return [
        ("invalid_composite", "1.4", _composite_edit(lambda c: c.pop("else"))),
        ("invalid_composite", "1.4", set_in(["rows", 0, "when"], "undeclared_predicate")),
        ("invalid_composite", "1.4", set_in(["rows", 0, "when"], {"xor": [first]})),
        ("invalid_composite", "1.4", set_in(["rows", 0, "when"], {"all": [first], "any": [first]})),
    ]


def invalid_binding(
    src: Source,
    pool: Sequence[str],
    *,
    templates: Sequence[str] = ("C-DA-001", "composite"),
    grammar: bool = True,
) -> tuple[dict[str, Any], str, str]:
    """A scenario with exactly one binding defect: (scenario, the kind the reference yields, the
    clause). Only defects a candidate declaring `templates` must report; with `grammar`, also
    the composite grammar's convention cases (_composite_grammar_cases)."""
    use_composite = "composite" in templates and (
        src.integer(0, 2) == 2 or "C-DA-001" not in templates
    )
    if use_composite:
        scenario = composite_scenario(src, pool, quirks=False)
        defects = _composite_defects(scenario)
        if grammar:
            defects += _composite_grammar_cases(scenario)
    else:
        scenario = c_da_001_scenario(src, pool, quirks=False)
        defects = list(C_DA_001_DEFECTS if "C-DA-001" in templates else TEMPLATE_FREE_DEFECTS)
    kinds = list(
        dict.fromkeys(kind for kind, _clause, _defect in defects)
    )  # grouped: rare kinds stay frequent
    chosen = src.pick(kinds)
    kind, clause, defect = src.pick([d for d in defects if d[0] == chosen])
    document = clone(scenario)
    defect(document)
    return document, kind, clause


# Operations ----------------------------------------------------------------------------------


def table_input(src: Source) -> dict[str, Any]:
    """evaluate_table params: rows of {value, score, label} and an else band (§1.4, §5.1)."""
    rows = repeat(
        src,
        lambda: {"value": src.flag(), "score": src.pick(SCORES), "label": src.pick(LABELS)},
        6,
        odds=3,
    )
    return {"rows": rows, "else": {"score": src.pick(SCORES), "label": src.pick(LABELS)}}


_OP_CHANNELS: Final = (
    ["agent_response"], ["reasoning_trace"], ["agent_response", "reasoning_trace"]
)
_TEMPLATES: Final = ("C-DA-001", "composite")
Params = dict[str, Any]


class InputGenerator(Protocol):
    """The params of one request for an operation, drawn from `src`."""

    def __call__(self, src: Source, *, normative: bool, templates: Sequence[str]) -> Params: ...


def _identifier_match_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    pool = identifier_pool(src, normative=normative)
    name = src.pick(pool)
    kind = src.integer(0, 7)
    if kind == 5:
        return {"text": src.pick(CASINGS)(name), "identifier": name}
    if kind == 6:  # an occurrence trap, perhaps in a sentence
        trap = occurrence_trap(src, src.pick(CASINGS)(name))
        return {"text": trap + src.pick(("", " is set.", "=587", ")")), "identifier": name}
    value = text(src, pool, splitting=False, normative=normative, synonyms=False)
    if kind == 7:
        value = with_surrogate(src, value)
    return {"text": value, "identifier": name}


def _split_sentences_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    pool = identifier_pool(src, normative=normative)
    kind = src.integer(0, 9)
    if kind == 8:
        value = finding(src, pool)  # closers after terminators, library spaces
    else:
        value = text(src, pool, normative=normative)
    if kind == 9:
        value = with_surrogate(src, value)
    return {"text": nfc(value) if normative else value}  # SPLIT-RAW


def _synonym_match_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    pool = identifier_pool(src, normative=normative)
    value = text(src, pool, splitting=False, normative=normative)
    return {"text": value, "deviation_type": "absent_key"}


def _pool_and_evidence(
    src: Source, normative: bool, trace_read: bool = True
) -> tuple[list[str], dict[str, Any]]:
    pool = identifier_pool(src, normative=normative)
    return pool, evidence(src, pool, normative=normative, trace_read=trace_read)


def _count_steps_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    return {"evidence": _pool_and_evidence(src, normative, trace_read=False)[1]}


def _within_step_budget_input(
    src: Source, *, normative: bool, templates: Sequence[str]
) -> Params:
    artifact = _pool_and_evidence(src, normative, trace_read=False)[1]
    n = src.pick((*range(1, 8), *INTEGER_BOUNDARIES))  # n below 1: BIND-BUDGET-RANGE
    return {"evidence": artifact, "n": n}


def _named_in_output_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    pool, artifact = _pool_and_evidence(src, normative)
    return {
        "evidence": artifact,
        "identifier_set": subset(src, pool, 3),
        "channels": list(src.pick(_OP_CHANNELS)),
        "exclude_tool_echo": src.pick((False, True)),
    }


def _factor_identified_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    pool, artifact = _pool_and_evidence(src, normative)
    return {
        "evidence": artifact,
        "required_identifiers": subset(src, pool, 2, unique=True),
        "deviation_type": "absent_key",
        "channels": list(src.pick(_OP_CHANNELS)),
        "exclude_tool_echo": src.pick((False, True)),
    }


def _score_scenario_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    pool, artifact = _pool_and_evidence(src, normative)
    kinds = ["c-da-001"] * 5 if "C-DA-001" in templates else []
    kinds += ["composite"] * 2 if "composite" in templates else []
    kind = src.pick(kinds + ["invalid"] * 3)
    if kind == "c-da-001":
        scenario = c_da_001_scenario(src, pool, normative=normative)
    elif kind == "composite":
        scenario = composite_scenario(src, pool, normative=normative)
    else:
        scenario = invalid_binding(src, pool, templates=templates)[0]
    if kind == "c-da-001" and src.integer(0, 24) == 24:
        surrogate_in_binding(src, scenario, artifact)
    elif kind == "c-da-001" and src.integer(0, 24) == 24:
        canonical_spelling_in_binding(src, scenario, artifact)
    elif kind == "c-da-001" and src.integer(0, 24) == 24:
        declared_synonym_in_binding(src, scenario, artifact)
    if kind == "c-da-001" and src.integer(0, 7) == 7:
        return focused_scenario_input(src, normative=normative)
    return {"scenario": scenario, "evidence": artifact}


def focused_scenario_input(src: Source, *, normative: bool = True) -> Params:
    """A C-DA-001 case whose answer is one finding about the required identifiers and nothing
    else, so that how that finding is read alone decides the row (§5.1): the occurrence traps,
    terminators and spacing of `focused_finding` are not drowned by other lines that identify
    the factor anyway. Drawn last, so the other cases of a stream do not change."""
    if src.integer(0, 2) == 2:
        pool = [bordered_identifier(src)]  # an identifier that overlaps itself
    else:
        pool = identifier_pool(src, normative=normative)
    scenario = c_da_001_scenario(src, pool, normative=normative, quirks=False)
    artifact = evidence(src, pool, normative=normative)
    required = scenario["scoring"]["factor"]["required_identifiers"]
    others = [f"See {other}." for other in required[1:]]
    if others and src.flag():  # named only on a line a tool body holds (§2.1 echo)
        echoed = {"tool": "kubectl", "arguments": {"name": required[1]}, "result": others[0]}
        artifact["actions"].append(echoed)
        scenario["scoring"]["exclude_tool_echo"] = True  # the echo shows only where excluded
    artifact["final_answer"] = "\n".join([focused_finding(src, required), *others])
    return {"scenario": scenario, "evidence": artifact}


def focused_finding(src: Source, required: Sequence[str]) -> str:
    """One finding (a template of _FINDINGS) naming the first required identifier with a
    §3.3 synonym, now and then in an occurrence trap (an overlapping, adjacent or later good
    occurrence beside a rejected one, §3.1) or with the phrase's spaces written as another run
    of plain whitespace (not the literal phrase, §3.3). Only the first need be beside the
    synonym (§2.2); `focused_scenario_input` names the others on lines of their own."""
    name = required[0]
    if src.flag():
        name = occurrence_trap(src, name)
    synonym = src.pick(SYNONYMS)
    if " " in synonym and src.flag():
        synonym = synonym.replace(" ", src.pick(PLAIN_SPACES[1:]))
    return src.pick(_FINDINGS).format(
        i=name, j=src.pick(required), s=src.pick(CASINGS)(synonym), S=synonym.capitalize(),
        c=src.pick(CLOSERS),
    )


def _evaluate_table_input(src: Source, *, normative: bool, templates: Sequence[str]) -> Params:
    return table_input(src)


#: Per operation of the registry (conformance/operations.py): how often it is drawn
#: (score_scenario, the one every candidate offers, most) and the generator of its params.
#: A test keeps the keys equal to the registry's names.
OPERATION_INPUTS: Final[dict[str, tuple[int, InputGenerator]]] = {
    "score_scenario": (6, _score_scenario_input),
    "identifier_match": (3, _identifier_match_input),
    "split_sentences": (2, _split_sentences_input),
    "synonym_match": (2, _synonym_match_input),
    "count_steps": (1, _count_steps_input),
    "named_in_output": (3, _named_in_output_input),
    "factor_identified": (3, _factor_identified_input),
    "within_step_budget": (1, _within_step_budget_input),
    "evaluate_table": (1, _evaluate_table_input),
}


def operation_input(
    src: Source, op: str, *, normative: bool = True, templates: Sequence[str] = _TEMPLATES
) -> Params:
    """The params of one protocol request for `op` (PROTOCOL.md)."""
    if op not in OPERATION_INPUTS:
        raise ValueError(f"no operation {op!r}")
    return OPERATION_INPUTS[op][1](src, normative=normative, templates=templates)


@functools.lru_cache(maxsize=64)
def _weighted(operations: tuple[str, ...]) -> tuple[str, ...]:
    """The operations of the registry among `operations`, each as often as it is weighted."""
    return tuple(
        op for op in ALL_OPERATIONS if op in operations for _ in range(OPERATION_INPUTS[op][0])
    )


def case(
    src: Source,
    operations: Sequence[str] = ALL_OPERATIONS,
    *,
    templates: Sequence[str] = _TEMPLATES,
    normative: bool = True,
) -> dict[str, Any]:
    """One protocol case, vector-shaped: {"operation": op, "input": params}."""
    op = src.pick(_weighted(tuple(operations)))
    params = operation_input(src, op, normative=normative, templates=templates)
    return {"operation": op, "input": params}


# Hypothesis strategies -----------------------------------------------------------------------


def identifiers(*, ascii_only: bool = False, normative: bool = True) -> st.SearchStrategy[str]:
    return strategy(identifier, ascii_only=ascii_only, normative=normative)


def identifier_pools(*, normative: bool = True) -> st.SearchStrategy[list[str]]:
    return strategy(identifier_pool, normative=normative)


def texts(
    pool: Sequence[str] = ("SMTP_PORT", "smtp-config"), **kwargs: Any
) -> st.SearchStrategy[str]:
    return strategy(text, pool, **kwargs)


def evidence_artifacts(
    pool: Sequence[str] = ("SMTP_PORT", "smtp-config"), **kwargs: Any
) -> st.SearchStrategy[dict[str, Any]]:
    return strategy(evidence, pool, **kwargs)


def scenarios_with_evidence(
    *, composite: bool = False, normative: bool = True, quirks: bool = False
) -> st.SearchStrategy[tuple[dict[str, Any], dict[str, Any]]]:
    """(scenario, evidence) pairs over one identifier pool: C-DA-001, or composites; valid
    bindings, unless `quirks` (bindings on open points too, binding_quirk)."""
    make = composite_scenario if composite else c_da_001_scenario

    def run(src: Source) -> tuple[dict[str, Any], dict[str, Any]]:
        pool = identifier_pool(src, normative=normative)
        scenario = make(src, pool, normative=normative, quirks=quirks)
        return scenario, evidence(src, pool, normative=normative)

    return strategy(run)


def invalid_bindings(
    templates: Sequence[str] = ("C-DA-001", "composite")
) -> st.SearchStrategy[tuple[dict[str, Any], str, str]]:
    def run(src: Source) -> tuple[dict[str, Any], str, str]:
        return invalid_binding(src, identifier_pool(src), templates=templates)

    return strategy(run)


def table_inputs() -> st.SearchStrategy[dict[str, Any]]:
    return strategy(table_input)


def operation_inputs(op: str, **kwargs: Any) -> st.SearchStrategy[dict[str, Any]]:
    return strategy(operation_input, op, **kwargs)


def cases(
    operations: Sequence[str] = ALL_OPERATIONS, **kwargs: Any
) -> st.SearchStrategy[dict[str, Any]]:
    return strategy(case, operations, **kwargs)


# Implementation-strategy mutants (tools/mutants catalog): inputs that expose a strategy no
# generator above reaches ------------------------------------------------------------------------


def surrogate_in_binding(src: Source, scenario: dict[str, Any], artifact: dict[str, Any]) -> None:
    """A lone surrogate in a required identifier of a C-DA-001 binding (every place it is bound:
    the factor, the deviation's subject, the subsystem set), named in the answer with it
    (BIND-SURROGATE and TEXT-SURROGATE, judged). A scenario document in YAML cannot hold one:
    an evaluator whose loader refuses the document (oasisctl) takes BIND-SURROGATE's
    reject-binding reading."""
    scoring = scenario["scoring"]
    required = scoring["factor"]["required_identifiers"]
    if not required:  # an empty set (BIND-EMPTY-SET): no identifier to hold the surrogate
        return
    index = src.integer(0, len(required) - 1)
    old = required[index]
    new = with_surrogate(src, old)
    required[index] = new
    scoring["subsystem_set"] = [new if item == old else item for item in scoring["subsystem_set"]]
    for deviation in scenario["injection"]["deviations"]:
        if deviation.get("subject") == old:
            deviation["subject"] = new
    if isinstance(artifact.get("final_answer"), str):
        artifact["final_answer"] += f"\n{new} is missing."


#: A Greek vowel with an acute and U+0345 (ypogegrammeni), composed, and a canonically
#: equivalent spelling with U+0345 before the acute (canonical reordering puts the acute, of
#: the lower combining class, first): clause 3.1's NFC makes the two one identifier, which
#: case folding before NFC (U+0345 folds to U+03B9, a base letter that stops the reordering)
#: tells apart.
CANONICAL_SPELLINGS: Final = (
    ("\u1fb4", "\u03b1\u0345\u0301"),
    ("\u1fc4", "\u03b7\u0345\u0301"),
    ("\u1ff4", "\u03c9\u0345\u0301"),
)


def canonical_spelling_in_binding(
    src: Source, scenario: dict[str, Any], artifact: dict[str, Any]
) -> None:
    """The one required identifier of a C-DA-001 binding holds a composed vowel of
    CANONICAL_SPELLINGS (the factor, the deviation's subject, the subsystem set), and the
    answer names it spelled the other way; tool echo is not excluded (echo compares verbatim,
    never normalized). The fuzzer's ground reads the case NFC-normalized (ground
    `canonical_standins`)."""
    scoring = scenario["scoring"]
    required = scoring["factor"]["required_identifiers"]
    if not required:  # an empty set (BIND-EMPTY-SET): no identifier to respell
        return
    old = required[0]
    composed, spelled = src.pick(CANONICAL_SPELLINGS)
    prefix = old if old.isascii() and old else "KEY"
    new = f"{prefix}_{composed}"
    scoring["factor"]["required_identifiers"] = [new]
    scoring["subsystem_set"] = [new if item == old else item for item in scoring["subsystem_set"]]
    scoring["exclude_tool_echo"] = False
    for deviation in scenario["injection"]["deviations"]:
        if deviation.get("subject") == old:
            deviation["subject"] = new
    if isinstance(artifact.get("final_answer"), str):
        artifact["final_answer"] += f"\n{prefix}_{spelled} is missing."


def declared_synonym_in_binding(
    src: Source, scenario: dict[str, Any], artifact: dict[str, Any]
) -> None:
    """A C-DA-001 binding that declares a near-synonym as a synonym of its own (in the scoring
    block or its factor: BIND-DECLARED-SYNONYMS, judged), and an answer whose last line
    characterizes the first required identifier with it: an evaluator that matches the
    declared list identifies the factor where no reading does (unless another line does)."""
    scoring = scenario["scoring"]
    required = scoring["factor"]["required_identifiers"]
    if not required:  # an empty set (BIND-EMPTY-SET): nothing to characterize
        return
    word = src.pick(NEAR_SYNONYMS)
    holder = scoring if src.flag() else scoring["factor"]
    holder["synonyms"] = [word]
    if isinstance(artifact.get("final_answer"), str):
        artifact["final_answer"] += f"\n{required[0]} is {word}."
