"""§3.3 the absent_key synonym list v1: "case-insensitive, matched as literal phrases".

The list is a Layer-1 profile asset, written out here from the text. A phrase is matched by a
hand-written scan over the folded text (no regular expression): at every offset, compare the
phrase code point by code point. Readings: SYN-BOUNDARY (must the phrase be delimited?),
SYN-APOSTROPHE (does U+2019 stand for U+0027?); the case mapping is FOLD-MAPPING's.
"""

from collections.abc import Iterable, Iterator

from .config import Config
from .folding import Scope, fold
from .hooks import Hook
from .unicode_tables import WHITE_SPACE, in_identifier_class

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


def phrases(deviation_type: str, config: Config, declared: Iterable[str] = ()) -> list[str]:
    """The synonym phrases of `deviation_type` (empty when unregistered), faults applied."""
    base = list(REGISTRY.get(deviation_type, ()))
    if config.has(Hook.BIND_ANY_DEVIATION_TYPE) and not base:
        base = list(ABSENT_KEY)
    if config.has(Hook.SYN_DROPS_UNSET):
        base = base[:-1]
    if config.has(Hook.SYN_DROPS_LACKING):
        base = [p for p in base if p != "lacking"]
    if config.has(Hook.SYN_EXTENDED) and base:
        base += _EXTRA
    if config.has(Hook.SYN_PHRASE_WORDS):
        base = sorted({word for phrase in base for word in phrase.split(" ")})
    return base + [p for p in declared if isinstance(p, str) and p]


def _char_equal(text_char: str, phrase_char: str, config: Config) -> bool:
    if text_char == phrase_char:
        return True
    typographic = config.reading("SYN-APOSTROPHE") == "typographic"
    return typographic and {text_char, phrase_char} == {"'", "\u2019"}


def _match_at(text: str, start: int, phrase: str, config: Config) -> int:
    """The end offset of `phrase` matched at `start` of `text`, or -1."""
    flexible = config.has(Hook.SYN_FLEXIBLE_WHITESPACE)
    position = start
    for phrase_char in phrase:
        if position >= len(text):
            return -1
        if flexible and phrase_char == " ":
            if text[position] not in WHITE_SPACE:
                return -1
            while position < len(text) and text[position] in WHITE_SPACE:
                position += 1
            continue
        if not _char_equal(text[position], phrase_char, config):
            return -1
        position += 1
    return position


def _is_word(char: str | None) -> bool:
    return char is not None and (char.isalnum() or char == "_")


def _bounded(text: str, start: int, end: int, config: Config) -> bool:
    """SYN-BOUNDARY: whether the phrase at [start, end) may count."""
    before = text[start - 1] if start > 0 else None
    after = text[end] if end < len(text) else None
    reading = config.reading("SYN-BOUNDARY")
    if reading == "delimited":
        return not in_identifier_class(before) and not in_identifier_class(after)
    if reading == "word-boundary":
        return not _is_word(before) and not _is_word(after)
    return True


def _negated(text: str, start: int) -> bool:
    return any(text[:start].endswith(word) for word in _NEGATIONS)


def _starts(hay: str, needle: str, config: Config) -> Iterator[int]:
    """Offsets where `needle` may match: every offset when the comparison is not literal."""
    if config.has(Hook.SYN_FLEXIBLE_WHITESPACE) or config.reading("SYN-APOSTROPHE") == "typographic":
        yield from range(len(hay))
        return
    start = hay.find(needle)
    while start >= 0:
        yield start
        start = hay.find(needle, start + 1)


def phrase_in(text: str, phrase: str, config: Config) -> bool:
    """Whether `phrase` occurs in `text` as §3.3 matches it (both folded the same way)."""
    hay = fold(text, config, Scope.SYNONYM)
    needle = fold(phrase, config, Scope.SYNONYM)
    if not needle:
        return False
    for start in _starts(hay, needle, config):
        end = _match_at(hay, start, needle, config)
        if end < 0 or not _bounded(hay, start, end, config):
            continue
        if config.has(Hook.SYN_NEGATION_AWARE) and _negated(hay, start):
            continue
        return True
    return False


def synonym_in(text: str, deviation_type: str, config: Config, declared: Iterable[str] = ()) -> bool:
    """Whether some synonym of `deviation_type` occurs in `text` (§3.3)."""
    return any(phrase_in(text, phrase, config) for phrase in phrases(deviation_type, config, declared))
