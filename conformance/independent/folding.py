"""§3.1 "case-insensitive, NFC-normalized": the comparable form of a text, with its alignment.

A `View` is the text as compared (`folded`) together with the text the case mapping was applied
to (`source`) and, for every folded code point, the source code point it came from. The
alignment is what lets the delimiter test read neighbours before case mapping (register
DELIM-FOLDED `unfolded`) even when a mapping is not length-preserving.

Readings: FOLD-MAPPING (which case operation), FOLD-ORDER (NFC before or after it),
UNICODE-CASE-VERSION and UNICODE-NFC-VERSION (the case and normalization data of code points
whose data changed between Unicode 13.0 and 17.0; Python 3.11 is 14.0).
"""

import functools
import unicodedata
from collections.abc import Callable
from enum import Enum
from typing import Any, Final

import attrs

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.readings import READINGS
from oasis_si_conformance.independent.unicode_tables import (
    SIMPLE_FOLD_S_14,
    SIMPLE_FOLD_S_LATER,
    case_by_version,
    normalization_by_version,
)


class Scope(Enum):
    """Which rule a fold serves: §3.1 identifiers or §3.3 synonym phrases (faults differ)."""

    IDENTIFIER = "identifier"
    SYNONYM = "synonym"


class Role(Enum):
    """The haystack being searched, or the needle searched for."""

    TEXT = "text"
    NEEDLE = "needle"


@attrs.frozen(cache_hash=True)
class View:
    """A text in comparable form, aligned to the code points the case mapping read."""

    source: str
    folded: str
    origin: tuple[int, ...]
    starts: tuple[bool, ...]
    aligned: bool

    def source_before(self, start: int) -> tuple[bool, str | None]:
        """(aligned?, the source code point before folded offset `start`, None at text start)."""
        if start == len(self.folded):
            return self.aligned, self.source[-1] if self.source else None
        if not self.aligned or not self.starts[start]:
            return False, None
        index = self.origin[start]
        return True, self.source[index - 1] if index > 0 else None

    def source_after(self, end: int) -> tuple[bool, str | None]:
        """(aligned?, the source code point at folded offset `end`, None at text end)."""
        if end >= len(self.folded):
            return self.aligned, None
        if not self.aligned or not self.starts[end]:
            return False, None
        return True, self.source[self.origin[end]]


#: The fault hooks that change how a text is folded. They are not consulted by `settings`:
#: the identifier and synonym matchers try them as variants of the whole match (one at a time)
#: so that a hook is consulted only where it changes a verdict, not merely a fold.
FOLD_HOOKS = {
    Scope.IDENTIFIER: (
        Hook.IDENT_NO_NORMALIZATION, Hook.IDENT_NFC_TEXT_ONLY, Hook.IDENT_NFKC,
        Hook.IDENT_CASE_SENSITIVE, Hook.IDENT_ASCII_LOWERCASE, Hook.IDENT_JS_REGEXP_I,
        Hook.FOLD_FINAL_SIGMA, Hook.FOLD_JAVA_SIGMA, Hook.FOLD_CASEFOLD_THEN_NFC,
    ),
    Scope.SYNONYM: (Hook.SYN_CASE_SENSITIVE,),
}

#: The register entries a fold reads.
FOLD_ENTRIES = ("FOLD-MAPPING", "FOLD-ORDER", "UNICODE-CASE-VERSION", "UNICODE-NFC-VERSION")


@functools.cache
def _case_later() -> frozenset[str]:
    """Code points whose case data some version changes (UNICODE-CASE-VERSION matters only
    there)."""
    return frozenset(case_by_version())


@functools.cache
def _nfc_later() -> frozenset[str]:
    """Code points whose normalization some version changes, and the parts of the
    compositions some version adds."""
    data = normalization_by_version()
    parts = {c for by in data.values() for d in by.values() for c in d.pair or ""}
    return frozenset(data) | frozenset(parts)


@attrs.frozen(cache_hash=True)
class FoldSettings:
    """What one fold reads: the four readings and at most one fault hook."""

    mapping: str
    order: str
    case_version: str
    nfc_version: str
    hook: Hook | None = None

    def has(self, hook: Hook) -> bool:
        return hook is self.hook

    def reading(self, entry: str) -> str:
        return {"FOLD-MAPPING": self.mapping, "FOLD-ORDER": self.order}[entry]


#: The settings of the text and the reference readings.
REFERENCE = FoldSettings(*(READINGS[entry][0] for entry in FOLD_ENTRIES))  # type: ignore[arg-type]


@attrs.frozen
class Relevance:
    """For one text: which readings change its fold, each judged with all the others at the
    reference (a single change of the configuration is what a mutant makes)."""

    mapping: bool
    order: bool
    case_version: bool
    nfc_version: bool


@functools.lru_cache(maxsize=1 << 16)
def relevance(text: str, scope: Scope, role: Role, make: Any) -> Relevance:
    base = make(text, REFERENCE, scope, role)

    def changes(field: str, entry: str) -> bool:
        return any(
            make(text, attrs.evolve(REFERENCE, **{field: r}), scope, role) != base  # type: ignore[arg-type]
            for r in READINGS[entry][1:]
        )

    return Relevance(
        mapping=changes("mapping", "FOLD-MAPPING"),
        order=changes("order", "FOLD-ORDER"),
        case_version=bool(_case_later().intersection(text))
        and changes("case_version", "UNICODE-CASE-VERSION"),
        nfc_version=bool(_nfc_later().intersection(text))
        and changes("nfc_version", "UNICODE-NFC-VERSION"),
    )


def settings(config: Config, scope: Scope, text: str, role: Role, make: Any) -> FoldSettings:
    """The readings for folding `text` under `config` (no fault hook), consulting it only on
    what changes this text's fold (see Relevance and config.tracing)."""
    matters = relevance(text, scope, role, make)
    return _readings_only(
        config.reading("FOLD-MAPPING") if matters.mapping else REFERENCE.mapping,
        config.reading("FOLD-ORDER") if matters.order else REFERENCE.order,
        config.reading("UNICODE-CASE-VERSION") if matters.case_version else REFERENCE.case_version,
        config.reading("UNICODE-NFC-VERSION") if matters.nfc_version else REFERENCE.nfc_version,
    )


@functools.lru_cache(maxsize=256)
def _readings_only(mapping: str, order: str, case_version: str, nfc_version: str) -> FoldSettings:
    return FoldSettings(mapping, order, case_version, nfc_version)


def normalize(text: str, config: FoldSettings, scope: Scope, role: Role) -> str:
    """NFC (§3.1), or what a fault hook puts in its place."""
    if scope is Scope.IDENTIFIER:
        if config.has(Hook.IDENT_NO_NORMALIZATION):
            return text
        if config.has(Hook.IDENT_NFC_TEXT_ONLY) and role is Role.NEEDLE:
            return text
        if config.has(Hook.IDENT_NFKC):
            return unicodedata.normalize("NFKC", text)
    return nfc_under(text, config.nfc_version)


def nfc_under(text: str, version: str) -> str:
    """NFC with the normalization data of UNICODE-NFC-VERSION `version`: Python's NFC
    (Unicode 14.0) on the text with the code points unassigned under `version` masked, then
    the reorderings and compositions of code points Python does not know."""
    if version == REFERENCE.nfc_version or not _nfc_later().intersection(text):
        return unicodedata.normalize("NFC", text)
    data = normalization_by_version()
    masked: dict[str, str] = {}
    chars = []
    for char in text:
        known = data.get(char)
        if known is not None and not known[version].assigned:
            placeholder = chr(0xF0000 + len(masked))
            masked[placeholder] = char
            chars.append(placeholder)
        else:
            chars.append(char)
    out = list(unicodedata.normalize("NFC", "".join(chars)))
    out = _reorder(out, version)
    out = _compose(out, version)
    return "".join(masked.get(c, c) for c in out)


def _class(char: str, version: str) -> int:
    known = normalization_by_version().get(char)
    return known[version].ccc if known is not None else unicodedata.combining(char)


def _reorder(chars: list[str], version: str) -> list[str]:
    """Canonical ordering of every run of non-starters under the version's classes."""
    out: list[str] = []
    run: list[str] = []
    for char in chars + [""]:
        if char and _class(char, version) != 0:
            run.append(char)
            continue
        out += sorted(run, key=lambda c: _class(c, version))
        run = []
        if char:
            out.append(char)
    return out


def _compose(chars: list[str], version: str) -> list[str]:
    """The primary composites the version adds, where their two parts stand side by side."""
    pairs = {
        known[version].pair: char
        for char, known in normalization_by_version().items()
        if known[version].pair is not None
    }
    out: list[str] = []
    for char in chars:
        if out and (out[-1] + char) in pairs:
            out[-1] = pairs[out[-1] + char]
        else:
            out.append(char)
    return out


def fold_pieces(text: str, config: FoldSettings, scope: Scope) -> list[str]:
    """The case-mapped image of every code point of `text`, in order (one piece per code point)."""
    if scope is Scope.IDENTIFIER and config.has(Hook.IDENT_CASE_SENSITIVE):
        return list(text)
    if scope is Scope.SYNONYM and config.has(Hook.SYN_CASE_SENSITIVE):
        return list(text)
    if scope is Scope.IDENTIFIER and config.has(Hook.IDENT_ASCII_LOWERCASE):
        return [c.lower() if "A" <= c <= "Z" else c for c in text]
    if scope is Scope.IDENTIFIER and config.has(Hook.IDENT_JS_REGEXP_I):
        return [_js_canonical(c) for c in text]
    if scope is Scope.IDENTIFIER and config.has(Hook.FOLD_FINAL_SIGMA):
        return _whole_lowercase_pieces(text)
    if scope is Scope.IDENTIFIER and config.has(Hook.FOLD_JAVA_SIGMA):
        return [_java_lower(text, k) for k in range(len(text))]
    mapping = config.reading("FOLD-MAPPING")
    if scope is Scope.IDENTIFIER and config.has(Hook.FOLD_CASEFOLD_THEN_NFC):
        mapping = "full-casefold"
    later = case_by_version()
    pieces = []
    for char in text:
        if char in later:
            pieces.append(later[char][config.case_version])
        else:
            pieces.append(_MAPPINGS[mapping](char, config.case_version))
    return pieces


def _simple_lowercase(char: str, version: str = "") -> str:
    return "i" if char == "\u0130" else char.lower()


def _simple_uppercase(char: str) -> str:
    """UnicodeData's simple uppercase: str.upper when one code point; the Greek letters with
    ypogegrammeni, whose full uppercase is two, take their titlecase; others stay."""
    upper = char.upper()
    if len(upper) == 1:
        return upper
    title = char.title()
    return title if len(title) == 1 else char


#: Case versions with CaseFolding.txt 15.1's three new status-S rows.
_FOLD_S_VERSIONS: Final = ("unicode-16", "unicode-17")

_MAPPINGS: Final[dict[str, Callable[[str, str], str]]] = {
    "simple-lowercase": _simple_lowercase,
    "full-lowercase": lambda char, version: char.lower(),
    "full-casefold": lambda char, version: char.casefold(),
    "simple-casefold": lambda char, version: _simple_casefold(char, version in _FOLD_S_VERSIONS),
    "upper-lower": lambda char, version: _simple_lowercase(_simple_uppercase(char)),
}


def _whole_lowercase_pieces(text: str) -> list[str]:
    """Fault: str.lower of the whole text, with the Final_Sigma context, split per code point."""
    whole = text.lower()
    pieces: list[str] = []
    offset = 0
    for char in text:
        width = len(char.lower())
        pieces.append(whole[offset : offset + width])
        offset += width
    return pieces


#: Fault FOLD_JAVA_SIGMA: what Java's word BreakIterator keeps inside a word around a capital
#: sigma (tools/survey: "." "'" U+00AD "_" "-" continue a word; ":" U+2019 U+00B7 end it).
_JAVA_INSIDE = frozenset(".'\u00ad_-0123456789")


def _java_lower(text: str, index: int) -> str:
    """Fault: Java String.toLowerCase: a capital sigma is final when a cased letter precedes
    it in its word and none follows it there."""
    char = text[index]
    if char != "\u03a3":
        return char.lower()
    before = index - 1
    while before >= 0 and text[before] in _JAVA_INSIDE:
        before -= 1
    after = index + 1
    while after < len(text) and (text[after] in _JAVA_INSIDE or unicodedata.combining(text[after])):
        after += 1
    cased_before = before >= 0 and (text[before].isupper() or text[before].islower())
    cased_after = after < len(text) and (text[after].isupper() or text[after].islower())
    return "\u03c2" if cased_before and not cased_after else "\u03c3"


def _js_canonical(char: str) -> str:
    """Fault: ECMAScript Canonicalize for RegExp /i without u (per UTF-16 unit uppercase, not
    onto ASCII from beyond it; above U+FFFF a letter is its own canonical form)."""
    if ord(char) > 0xFFFF:
        return char
    upper = char.upper()
    if len(upper) != 1 or (ord(char) > 0x7F and ord(upper) <= 0x7F):
        return char
    return upper


def _simple_casefold(char: str, later: bool) -> str:
    """CaseFolding.txt C+S for one code point."""
    if char in SIMPLE_FOLD_S_14:
        return SIMPLE_FOLD_S_14[char]
    if later and char in SIMPLE_FOLD_S_LATER:
        return SIMPLE_FOLD_S_LATER[char]
    folded = char.casefold()
    return folded if len(folded) == 1 else char


def view(text: str, config: Config, scope: Scope, role: Role = Role.TEXT) -> View:
    """The comparable form of `text` under the configured readings (FOLD-ORDER decides the
    order)."""
    return view_with(text, settings(config, scope, text, role, view_with), scope, role)


def _order(config: FoldSettings, scope: Scope) -> str:
    if scope is Scope.IDENTIFIER and config.has(Hook.FOLD_CASEFOLD_THEN_NFC):
        return "fold-then-nfc"
    return config.reading("FOLD-ORDER")


@functools.lru_cache(maxsize=1 << 18)
def view_with(text: str, config: FoldSettings, scope: Scope, role: Role) -> View:
    if _order(config, scope) == "fold-then-nfc":
        pieces = fold_pieces(text, config, scope)
        joined = "".join(pieces)
        folded = normalize(joined, config, scope, role)
        return _aligned(text, pieces, aligned=folded == joined, folded=folded)
    source = normalize(text, config, scope, role)
    pieces = fold_pieces(source, config, scope)
    return _aligned(source, pieces, aligned=True, folded="".join(pieces))


def _aligned(source: str, pieces: list[str], aligned: bool, folded: str) -> View:
    if not aligned:
        return View(source, folded, (0,) * len(folded), (False,) * len(folded), False)
    if len(folded) == len(source):  # one code point each: the identity alignment
        return View(source, folded, tuple(range(len(source))), (True,) * len(source), True)
    origin: list[int] = []
    starts: list[bool] = []
    for index, piece in enumerate(pieces):
        origin.extend([index] * len(piece))
        starts.extend([True] + [False] * (len(piece) - 1))
    return View(source, folded, tuple(origin), tuple(starts), True)


@functools.lru_cache(maxsize=4096)
def with_hook(base: FoldSettings, hook: Hook | None) -> FoldSettings:
    """`base` readings with fold fault `hook` (None: the text's rule)."""
    return attrs.evolve(base, hook=hook)


def fold_variant(text: str, base: FoldSettings, hook: Hook | None, scope: Scope, role: Role) -> str:
    """The fold of `text` under `base` readings with fault `hook` (None: the text's rule)."""
    return fold_with(text, with_hook(base, hook), scope, role)


def view_variant(
    text: str, base: FoldSettings, hook: Hook | None, scope: Scope, role: Role
) -> View:
    """The view of `text` under `base` readings with fault `hook` (None: the text's rule)."""
    return view_with(text, with_hook(base, hook), scope, role)


def fold(text: str, config: Config, scope: Scope, role: Role = Role.NEEDLE) -> str:
    """Only the compared form of `text`."""
    return fold_with(text, settings(config, scope, text, role, fold_with), scope, role)


@functools.lru_cache(maxsize=1 << 18)
def fold_with(text: str, config: FoldSettings, scope: Scope, role: Role) -> str:
    if _order(config, scope) == "fold-then-nfc":
        return normalize("".join(fold_pieces(text, config, scope)), config, scope, role)
    return "".join(fold_pieces(normalize(text, config, scope, role), config, scope))
