"""§3.3 the absent_key synonym list v1: "case-insensitive, matched as literal phrases".

The list is a Layer-1 profile asset, written out here from the text. A phrase is matched by a
hand-written scan over the folded text (no regular expression): at every offset, compare the
phrase code point by code point. Readings: SYN-BOUNDARY (must the phrase be delimited, or sit
between Unicode or ASCII word boundaries?),
SYN-APOSTROPHE (does U+2019 stand for U+0027?), SYN-FOLD-MAPPING (the case mapping of phrases
and the text they are looked for in) and SYN-NFC (is that text NFC-normalized?).
"""

import functools
from collections.abc import Iterable, Iterator

import attrs

from oasis_si_conformance.independent.config import Config, Table, tabulate
from oasis_si_conformance.independent.folding import (
    FoldSettings,
    Role,
    Scope,
    fold_pieces,
    fold_variant,
    fold_with,
    settings,
    with_hook,
)
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.unicode_tables import WHITE_SPACE, in_identifier_class

#: §3.3, in the order printed.
ABSENT_KEY: tuple[str, ...] = (
    "missing",
    "absent",
    "not present",
    "not set",
    "not defined",
    "undefined",
    "not found",
    "does not exist",
    "doesn't exist",
    "no key",
    "lacks",
    "lacking",
    "omitted",
    "unset",
)

#: Registered deviation types and their lists (registry v1 has one).
REGISTRY: dict[str, tuple[str, ...]] = {"absent_key": ABSENT_KEY}

#: Phrases a local "improvement" adds (Hook.SYN_EXTENDED).
_EXTRA = ("removed", "deleted", "empty", "no such", "not exist")
_NEGATIONS = ("not ", "no ", "never ", "isn't ", "is not ")


def registered(deviation_type: str) -> bool:
    """Whether §3.3 defines a synonym list for `deviation_type`."""
    return deviation_type in REGISTRY


#: Faults of synonym matching (§3.3), mutually exclusive.
SYN_HOOKS = (
    Hook.SYN_DROPS_UNSET,
    Hook.SYN_DROPS_LACKING,
    Hook.SYN_EXTENDED,
    Hook.SYN_PHRASE_WORDS,
    Hook.SYN_FLEXIBLE_WHITESPACE,
    Hook.SYN_NEGATION_AWARE,
)


def phrases(
    deviation_type: str, hook: Hook | None = None, declared: Iterable[str] = ()
) -> list[str]:
    """The synonym phrases of `deviation_type` (none when unregistered), list fault applied."""
    base = list(REGISTRY.get(deviation_type, ()))
    if hook is Hook.SYN_DROPS_UNSET:
        base = base[:-1]
    if hook is Hook.SYN_DROPS_LACKING:
        base = [p for p in base if p != "lacking"]
    if hook is Hook.SYN_EXTENDED and base:
        base += _EXTRA
    if hook is Hook.SYN_PHRASE_WORDS:
        base = sorted({word for phrase in base for word in phrase.split(" ")})
    return base + [p for p in declared if isinstance(p, str) and p]


@attrs.frozen
class Matching:
    """How one phrase is compared: SYN-BOUNDARY, SYN-APOSTROPHE, and the comparison faults."""

    boundary: str
    typographic: bool
    flexible: bool
    negation_aware: bool


def _apostrophes(text: str, matching: Matching) -> str:
    """SYN-APOSTROPHE typographic: U+2019 compares as U+0027 (one code point for one)."""
    return text.replace("\u2019", "'") if matching.typographic else text


def _match_at(text: str, start: int, phrase: str, matching: Matching) -> int:
    """The end offset of `phrase` matched at `start` of `text`, or -1."""
    position = start
    for phrase_char in phrase:
        if position >= len(text):
            return -1
        if matching.flexible and phrase_char == " ":
            if text[position] not in WHITE_SPACE:
                return -1
            while position < len(text) and text[position] in WHITE_SPACE:
                position += 1
            continue
        if text[position] != phrase_char:
            return -1
        position += 1
    return position


def _is_word(char: str | None) -> bool:
    return char is not None and (char.isalnum() or char == "_")


def _is_ascii_word(char: str | None) -> bool:
    """A word character of an ASCII \\b (JavaScript, RE2, Java 19+ without
    UNICODE_CHARACTER_CLASS): [A-Za-z0-9_]."""
    return char is not None and char.isascii() and (char.isalnum() or char == "_")


def _bounded(text: str, start: int, end: int, boundary: str) -> bool:
    """SYN-BOUNDARY: whether the phrase at [start, end) may count."""
    before = text[start - 1] if start > 0 else None
    after = text[end] if end < len(text) else None
    if boundary == "delimited":
        return not in_identifier_class(before) and not in_identifier_class(after)
    if boundary == "word-boundary":
        return not _is_word(before) and not _is_word(after)
    if boundary == "ascii-word-boundary":
        return not _is_ascii_word(before) and not _is_ascii_word(after)
    return True


def _negated(text: str, start: int) -> bool:
    return any(text[:start].endswith(word) for word in _NEGATIONS)


def _starts(hay: str, needle: str, matching: Matching) -> Iterator[int]:
    """Offsets where `needle` may start: where its first word does."""
    head = needle.split(" ")[0] if matching.flexible else needle
    start = hay.find(head)
    while start >= 0:
        yield start
        start = hay.find(head, start + 1)


def phrase_in(hay: str, needle: str, matching: Matching) -> bool:
    """Whether folded `needle` occurs in folded `hay` as §3.3 matches it."""
    hay, needle = _apostrophes(hay, matching), _apostrophes(needle, matching)
    if not needle:
        return False
    for start in _starts(hay, needle, matching):
        end = _match_at(hay, start, needle, matching)
        if end < 0 or not _bounded(hay, start, end, matching.boundary):
            continue
        if matching.negation_aware and _negated(hay, start):
            continue
        return True
    return False


def synonym_in(
    text: str, deviation_type: str, config: Config, declared: Iterable[str] = ()
) -> bool:
    """Whether some synonym of `deviation_type` occurs in `text` (§3.3)."""
    base = settings(config, Scope.SYNONYM, text, Role.TEXT, fold_with)
    any_type = deviation_type not in REGISTRY and config.has(Hook.BIND_ANY_DEVIATION_TYPE)
    lists = _phrase_lists(deviation_type if not any_type else "absent_key", tuple(declared))
    value, _ = _synonym_table(text, base, lists).pick(config)
    return bool(value)


@functools.lru_cache(maxsize=256)
def _phrase_lists(
    deviation_type: str, declared: tuple[str, ...]
) -> tuple[tuple[Hook | None, tuple[str, ...]], ...]:
    """The phrase list of `deviation_type` under each synonym fault (None: the text's list)."""
    return tuple(
        (hook, tuple(phrases(deviation_type, hook, declared)))
        for hook in (None, *SYN_HOOKS, Hook.SYN_CASE_SENSITIVE)
    )


@functools.lru_cache(maxsize=1 << 16)
def _synonym_table(
    text: str, base: FoldSettings, lists: tuple[tuple[Hook | None, tuple[str, ...]], ...]
) -> Table:
    """The verdict under each SYN-BOUNDARY, SYN-APOSTROPHE, SYN-FOLD-MAPPING and SYN-NFC reading
    and each synonym fault, given the text, the fold readings and the phrase list of each
    fault."""
    by_hook = dict(lists)

    def compute(readings: dict[str, str], hook: Hook | None) -> bool:
        fold_hook = hook if hook is Hook.SYN_CASE_SENSITIVE else None
        phrase_base = attrs.evolve(base, mapping=readings["SYN-FOLD-MAPPING"])
        nfc = readings["SYN-NFC"] == "nfc"

        def folded(value: str, role: Role) -> str:
            if nfc:
                return fold_variant(value, phrase_base, fold_hook, Scope.SYNONYM, role)
            return "".join(fold_pieces(value, with_hook(phrase_base, fold_hook), Scope.SYNONYM))

        hay = folded(text, Role.TEXT)
        matching = Matching(
            readings["SYN-BOUNDARY"],
            readings["SYN-APOSTROPHE"] == "typographic",
            hook is Hook.SYN_FLEXIBLE_WHITESPACE,
            hook is Hook.SYN_NEGATION_AWARE,
        )
        needles = (folded(p, Role.NEEDLE) for p in by_hook[hook])
        return any(phrase_in(hay, needle, matching) for needle in needles)

    return tabulate(
        ("SYN-BOUNDARY", "SYN-APOSTROPHE", "SYN-FOLD-MAPPING", "SYN-NFC"),
        (*SYN_HOOKS, Hook.SYN_CASE_SENSITIVE),
        compute,
    )
