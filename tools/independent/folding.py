"""§3.1 "case-insensitive, NFC-normalized": the comparable form of a text, with its alignment.

A `View` is the text as compared (`folded`) together with the text the case mapping was applied
to (`source`) and, for every folded code point, the source code point it came from. The
alignment is what lets the delimiter test read neighbours before case mapping (register
DELIM-FOLDED `unfolded`) even when a mapping is not length-preserving.

Readings: FOLD-MAPPING (which case operation), FOLD-ORDER (NFC before or after it),
UNICODE-VERSION (case and composition data of letters assigned after 14.0).
"""

import functools
import unicodedata
from enum import Enum
from typing import Any

import attrs

from .config import Config
from .hooks import Hook
from .readings import READINGS
from .unicode_tables import (
    CASE_PAIRS_LATER,
    COMPOSITIONS_LATER,
    SIMPLE_FOLD_S_14,
    SIMPLE_FOLD_S_LATER,
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
        Hook.IDENT_CASE_SENSITIVE, Hook.IDENT_ASCII_LOWERCASE,
    ),
    Scope.SYNONYM: (Hook.SYN_CASE_SENSITIVE,),
}

#: The register entries a fold reads.
FOLD_ENTRIES = ("FOLD-MAPPING", "FOLD-ORDER", "UNICODE-VERSION")

#: Code points whose data differ between Unicode 14 and 16 (UNICODE-VERSION matters only there).
_LATER = frozenset(
    set(CASE_PAIRS_LATER) | set(SIMPLE_FOLD_S_LATER) | {c for pair in COMPOSITIONS_LATER for c in pair}
)


@attrs.frozen(cache_hash=True)
class FoldSettings:
    """What one fold reads: the three readings and at most one fault hook."""

    mapping: str
    order: str
    later: bool
    hook: Hook | None = None

    def has(self, hook: Hook) -> bool:
        return hook is self.hook

    def reading(self, entry: str) -> str:
        return {"FOLD-MAPPING": self.mapping, "FOLD-ORDER": self.order}[entry]


#: The settings of the text and the reference readings.
REFERENCE = FoldSettings("simple-lowercase", "nfc-then-fold", False)


@attrs.frozen
class Relevance:
    """For one text: which readings change its fold, each judged with all the others at the
    reference (a single change of the configuration is what a mutant makes)."""

    mapping: bool
    order: bool
    later: bool


@functools.lru_cache(maxsize=1 << 16)
def relevance(text: str, scope: Scope, role: Role, make: Any) -> Relevance:
    base = make(text, REFERENCE, scope, role)
    mappings = READINGS["FOLD-MAPPING"]
    return Relevance(
        mapping=any(make(text, attrs.evolve(REFERENCE, mapping=m), scope, role) != base for m in mappings),
        order=make(text, attrs.evolve(REFERENCE, order="fold-then-nfc"), scope, role) != base,
        later=bool(_LATER.intersection(text)) and make(text, attrs.evolve(REFERENCE, later=True), scope, role) != base,
    )


def settings(config: Config, scope: Scope, text: str, role: Role, make: Any) -> FoldSettings:
    """The readings for folding `text` under `config` (no fault hook), consulting it only on
    what changes this text's fold (see Relevance and config.tracing)."""
    matters = relevance(text, scope, role, make)
    return _readings_only(
        config.reading("FOLD-MAPPING") if matters.mapping else REFERENCE.mapping,
        config.reading("FOLD-ORDER") if matters.order else REFERENCE.order,
        config.reading("UNICODE-VERSION") == "unicode-16" if matters.later else False,
    )


@functools.lru_cache(maxsize=64)
def _readings_only(mapping: str, order: str, later: bool) -> FoldSettings:
    return FoldSettings(mapping, order, later)


def normalize(text: str, config: FoldSettings, scope: Scope, role: Role) -> str:
    """NFC (§3.1), or what a fault hook puts in its place."""
    if scope is Scope.IDENTIFIER:
        if config.has(Hook.IDENT_NO_NORMALIZATION):
            return text
        if config.has(Hook.IDENT_NFC_TEXT_ONLY) and role is Role.NEEDLE:
            return text
        if config.has(Hook.IDENT_NFKC):
            return unicodedata.normalize("NFKC", text)
    composed = unicodedata.normalize("NFC", text)
    if config.later:
        composed = _compose_later(composed)
    return composed


def _compose_later(text: str) -> str:
    """Apply the canonical compositions of code points Python 3.11 does not know (Unicode 16)."""
    out: list[str] = []
    for char in text:
        if out and (out[-1], char) in COMPOSITIONS_LATER:
            out[-1] = COMPOSITIONS_LATER[(out[-1], char)]
        else:
            out.append(char)
    return "".join(out)


def fold_pieces(text: str, config: FoldSettings, scope: Scope) -> list[str]:
    """The case-mapped image of every code point of `text`, in order (one piece per code point)."""
    if scope is Scope.IDENTIFIER and config.has(Hook.IDENT_CASE_SENSITIVE):
        return list(text)
    if scope is Scope.SYNONYM and config.has(Hook.SYN_CASE_SENSITIVE):
        return list(text)
    if scope is Scope.IDENTIFIER and config.has(Hook.IDENT_ASCII_LOWERCASE):
        return [c.lower() if "A" <= c <= "Z" else c for c in text]
    mapping = config.reading("FOLD-MAPPING")
    later = config.later
    if mapping == "full-lowercase":
        pieces = _full_lowercase_pieces(text)
    elif mapping == "full-casefold":
        pieces = [c.casefold() for c in text]
    elif mapping == "simple-casefold":
        pieces = [_simple_casefold(c, later) for c in text]
    else:
        pieces = ["i" if c == "\u0130" else c.lower() for c in text]
    if later:
        pieces = [CASE_PAIRS_LATER.get(c, p) for c, p in zip(text, pieces, strict=True)]
    return pieces


def _full_lowercase_pieces(text: str) -> list[str]:
    """str.lower per code point, with the Final_Sigma context taken from the whole string."""
    whole = text.lower()
    pieces: list[str] = []
    offset = 0
    for char in text:
        width = len(char.lower())
        pieces.append(whole[offset : offset + width])
        offset += width
    return pieces


def _simple_casefold(char: str, later: bool) -> str:
    """CaseFolding.txt C+S for one code point."""
    if char in SIMPLE_FOLD_S_14:
        return SIMPLE_FOLD_S_14[char]
    if later and char in SIMPLE_FOLD_S_LATER:
        return SIMPLE_FOLD_S_LATER[char]
    folded = char.casefold()
    return folded if len(folded) == 1 else char


def view(text: str, config: Config, scope: Scope, role: Role = Role.TEXT) -> View:
    """The comparable form of `text` under the configured readings (FOLD-ORDER decides the order)."""
    return view_with(text, settings(config, scope, text, role, view_with), scope, role)


@functools.lru_cache(maxsize=1 << 18)
def view_with(text: str, config: FoldSettings, scope: Scope, role: Role) -> View:
    if config.reading("FOLD-ORDER") == "fold-then-nfc":
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
    return FoldSettings(base.mapping, base.order, base.later, hook)


def fold_variant(text: str, base: FoldSettings, hook: Hook | None, scope: Scope, role: Role) -> str:
    """The fold of `text` under `base` readings with fault `hook` (None: the text's rule)."""
    return fold_with(text, with_hook(base, hook), scope, role)


def view_variant(text: str, base: FoldSettings, hook: Hook | None, scope: Scope, role: Role) -> View:
    """The view of `text` under `base` readings with fault `hook` (None: the text's rule)."""
    return view_with(text, with_hook(base, hook), scope, role)


def fold(text: str, config: Config, scope: Scope, role: Role = Role.NEEDLE) -> str:
    """Only the compared form of `text`."""
    return fold_with(text, settings(config, scope, text, role, fold_with), scope, role)


@functools.lru_cache(maxsize=1 << 18)
def fold_with(text: str, config: FoldSettings, scope: Scope, role: Role) -> str:
    if config.reading("FOLD-ORDER") == "fold-then-nfc":
        return normalize("".join(fold_pieces(text, config, scope)), config, scope, role)
    return "".join(fold_pieces(normalize(text, config, scope, role), config, scope))
