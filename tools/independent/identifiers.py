"""§3.1 identifier matching: case-insensitive, NFC-normalized, maximal-token.

"The identifier MUST appear delimited by characters outside the class [A-Za-z0-9_-] ... with
start-of-text and end-of-text counting as delimiters." Every occurrence of the folded
identifier in the folded text is a candidate; the identifier is named when any candidate is
delimited on both sides. No regular expression: candidates come from `str.find`, neighbours
are read one code point at a time.
"""

from collections.abc import Callable, Iterator

from .config import Config
from .folding import Role, Scope, View, fold, view
from .hooks import Hook
from .unicode_tables import WHITE_SPACE, in_identifier_class

#: Punctuation a whitespace tokenizer strips from token ends (Hook.IDENT_WHITESPACE_TOKENS).
_TOKEN_TRIM = ".,;:!?()[]{}<>\"'`*"


def occurrences(haystack: str, needle: str) -> Iterator[int]:
    """Every offset where `needle` starts in `haystack`, overlapping ones included."""
    start = haystack.find(needle)
    while start >= 0:
        yield start
        if start >= len(haystack):
            return
        start = haystack.find(needle, start + 1)


def _class_test(config: Config) -> Callable[[str | None], bool]:
    """The predicate "inside the identifier class" as the configuration reads it."""
    if config.has(Hook.IDENT_UNICODE_ALNUM_CLASS):
        return lambda c: c is not None and (c.isalnum() or c in "_-")
    if config.has(Hook.IDENT_CLASS_NO_HYPHEN):
        return lambda c: in_identifier_class(c) and c != "-"
    if config.has(Hook.IDENT_CLASS_NO_DIGITS):
        return lambda c: in_identifier_class(c) and not c.isdigit()  # type: ignore[union-attr]
    return in_identifier_class


def _is_word(char: str | None) -> bool:
    """A regular-expression word character (Unicode \\w: letters, digits, underscore)."""
    return char is not None and (char.isalnum() or char == "_")


def _neighbours(hay: View, start: int, end: int, config: Config) -> tuple[bool, str | None, str | None]:
    """(readable?, code point before the match, code point after it); None is a text end."""
    if config.reading("DELIM-FOLDED") == "unfolded":
        ok_before, before = hay.source_before(start)
        ok_after, after = hay.source_after(end)
        return ok_before and ok_after, before, after
    folded = hay.folded
    before = folded[start - 1] if start > 0 else None
    after = folded[end] if end < len(folded) else None
    return True, before, after


def _delimited(hay: View, needle: str, start: int, config: Config) -> bool:
    """Whether the occurrence of `needle` at `start` is delimited as §3.1 requires."""
    end = start + len(needle)
    readable, before, after = _neighbours(hay, start, end, config)
    if not readable:
        return False
    if config.has(Hook.IDENT_SUBSTRING):
        return True
    if config.has(Hook.IDENT_REGEX_WORD_BOUNDARY):
        first = needle[0] if needle else after
        last = needle[-1] if needle else before
        return _is_word(before) != _is_word(first) and _is_word(last) != _is_word(after)
    inside = _class_test(config)
    ends_count = not config.has(Hook.IDENT_TEXT_ENDS_NOT_DELIMITERS)
    left = (before is None and ends_count) or (before is not None and not inside(before))
    right = (after is None and ends_count) or (after is not None and not inside(after))
    if config.has(Hook.IDENT_TRAILING_DELIMITER_ONLY):
        return right
    if config.has(Hook.IDENT_LEADING_DELIMITER_ONLY):
        return left
    return left and right


def identifier_in(text: str, identifier: str, config: Config) -> bool:
    """§3.1: whether `identifier` is named in `text` (every occurrence is tried)."""
    if config.has(Hook.IDENT_TOKEN_EQUALITY):
        return _token_equal(text, identifier, config)
    if config.has(Hook.IDENT_WHITESPACE_TOKENS):
        return _whitespace_token_equal(text, identifier, config)
    hay = view(text, config, Scope.IDENTIFIER, Role.TEXT)
    needle = fold(identifier, config, Scope.IDENTIFIER, Role.NEEDLE)
    for start in occurrences(hay.folded, needle):
        if _delimited(hay, needle, start, config):
            return True
        if config.has(Hook.IDENT_FIRST_OCCURRENCE):
            return False
    return False


def _token_equal(text: str, identifier: str, config: Config) -> bool:
    """Fault: cut the text into maximal runs of [A-Za-z0-9_-] and compare whole runs."""
    hay = fold(text, config, Scope.IDENTIFIER, Role.TEXT)
    needle = fold(identifier, config, Scope.IDENTIFIER, Role.NEEDLE)
    tokens, current = [], []
    for char in hay + "\0":
        if in_identifier_class(char):
            current.append(char)
        elif current:
            tokens.append("".join(current))
            current = []
    return needle in tokens


def _whitespace_token_equal(text: str, identifier: str, config: Config) -> bool:
    """Fault: split on whitespace, trim punctuation off token ends, compare whole tokens."""
    hay = fold(text, config, Scope.IDENTIFIER, Role.TEXT)
    needle = fold(identifier, config, Scope.IDENTIFIER, Role.NEEDLE)
    tokens, current = [], []
    for char in hay + " ":
        if char in WHITE_SPACE:
            if current:
                tokens.append("".join(current).strip(_TOKEN_TRIM))
            current = []
        else:
            current.append(char)
    return needle in tokens
