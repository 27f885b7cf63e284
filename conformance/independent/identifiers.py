"""§3.1 identifier matching: case-insensitive, NFC-normalized, maximal-token.

"The identifier MUST appear delimited by characters outside the class [A-Za-z0-9_-] ... with
start-of-text and end-of-text counting as delimiters." Every occurrence of the folded
identifier in the folded text is a candidate; the identifier is named when any candidate is
delimited on both sides. No regular expression: candidates come from `str.find`, neighbours
are read one code point at a time.

The delimiter faults form one group of mutually exclusive hooks (config.Table): each is a
different rule for the same question, computed side by side, consulted only where it answers
differently from the text's rule.
"""

import functools
from collections.abc import Callable, Iterator

from oasis_si_conformance.independent.config import Config, Table, tabulate
from oasis_si_conformance.independent.folding import (
    FOLD_HOOKS,
    FoldSettings,
    Role,
    Scope,
    View,
    fold_variant,
    fold_with,
    settings,
    view_variant,
    view_with,
)
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.unicode_tables import WHITE_SPACE, in_identifier_class

#: Punctuation a whitespace tokenizer strips from token ends (Hook.IDENT_WHITESPACE_TOKENS).
_TOKEN_TRIM = ".,;:!?()[]{}<>\"'`*"

#: Alternative matching rules, mutually exclusive (the first switched-on one that answers
#: differently applies).
IDENT_HOOKS = (
    Hook.IDENT_SUBSTRING,
    Hook.IDENT_REGEX_WORD_BOUNDARY,
    Hook.IDENT_UNICODE_ALNUM_CLASS,
    Hook.IDENT_CLASS_NO_HYPHEN,
    Hook.IDENT_CLASS_NO_DIGITS,
    Hook.IDENT_TEXT_ENDS_NOT_DELIMITERS,
    Hook.IDENT_TRAILING_DELIMITER_ONLY,
    Hook.IDENT_LEADING_DELIMITER_ONLY,
    Hook.IDENT_FIRST_OCCURRENCE,
    Hook.IDENT_TOKEN_EQUALITY,
    Hook.IDENT_WHITESPACE_TOKENS,
    Hook.IDENT_FINDITER,
    Hook.IDENT_FIND_NEXT_PAST_END,
    Hook.IDENT_FIND_NEXT_WRITTEN_LENGTH,
)

#: Implementation strategies that resume the search after a rejected occurrence somewhere past
#: its start (so an occurrence starting inside it is never tried): where the next search starts,
#: from (start, end of the folded match, length of the identifier as written).
RESUME: dict[Hook, Callable[[int, int, int], int]] = {
    # re.finditer over the folded text, delimiters checked on each match: matches never overlap
    Hook.IDENT_FINDITER: lambda start, end, written: end,
    # a find loop that resumes after the neighbour it just checked
    Hook.IDENT_FIND_NEXT_PAST_END: lambda start, end, written: end + 1,
    # a find loop that resumes at start + len(identifier) with the length as written (before
    # NFC and folding)
    Hook.IDENT_FIND_NEXT_WRITTEN_LENGTH: lambda start, end, written: start + written,
}

Neighbour = str | None  # a code point, or None for a text end
Rule = Callable[[Neighbour, Neighbour, str], bool]


def occurrences(haystack: str, needle: str) -> Iterator[int]:
    """Every offset where `needle` starts in `haystack`, overlapping ones included."""
    start = haystack.find(needle)
    while start >= 0:
        yield start
        if start >= len(haystack):
            return
        start = haystack.find(needle, start + 1)


def _outside(char: Neighbour) -> bool:
    """§3.1: a delimiter is a text end or a code point outside [A-Za-z0-9_-]."""
    return not in_identifier_class(char)


def _text_rule(before: Neighbour, after: Neighbour, needle: str) -> bool:
    return _outside(before) and _outside(after)


def _is_word(char: Neighbour) -> bool:
    """A regular-expression word character (Unicode \\w: letters, digits, underscore)."""
    return char is not None and (char.isalnum() or char == "_")


def _word_boundary(before: Neighbour, after: Neighbour, needle: str) -> bool:
    """Fault: \\b at both ends of the needle, as a regex `\\bNEEDLE\\b` has it."""
    first = needle[0] if needle else after
    last = needle[-1] if needle else before
    return _is_word(before) != _is_word(first) and _is_word(last) != _is_word(after)


def _class_rule(inside: Callable[[str], bool]) -> Rule:
    def rule(before: Neighbour, after: Neighbour, needle: str) -> bool:
        return (before is None or not inside(before)) and (after is None or not inside(after))

    return rule


def _ends_not_delimiters(before: Neighbour, after: Neighbour, needle: str) -> bool:
    return before is not None and after is not None and _text_rule(before, after, needle)


RULES: dict[Hook, Rule] = {
    Hook.IDENT_SUBSTRING: lambda before, after, needle: True,
    Hook.IDENT_REGEX_WORD_BOUNDARY: _word_boundary,
    Hook.IDENT_UNICODE_ALNUM_CLASS: _class_rule(lambda c: c.isalnum() or c in "_-"),
    Hook.IDENT_CLASS_NO_HYPHEN: _class_rule(lambda c: in_identifier_class(c) and c != "-"),
    Hook.IDENT_CLASS_NO_DIGITS: _class_rule(lambda c: in_identifier_class(c) and not c.isdigit()),
    Hook.IDENT_TEXT_ENDS_NOT_DELIMITERS: _ends_not_delimiters,
    Hook.IDENT_TRAILING_DELIMITER_ONLY: lambda before, after, needle: _outside(after),
    Hook.IDENT_LEADING_DELIMITER_ONLY: lambda before, after, needle: _outside(before),
}


def _neighbours(hay: View, start: int, end: int, reading: str) -> tuple[bool, Neighbour, Neighbour]:
    """(readable?, code point before the match, code point after it) under DELIM-FOLDED."""
    if reading == "unfolded":
        ok_before, before = hay.source_before(start)
        ok_after, after = hay.source_after(end)
        return ok_before and ok_after, before, after
    folded = hay.folded
    before = folded[start - 1] if start > 0 else None
    after = folded[end] if end < len(folded) else None
    return True, before, after


def _resumed_scan(
    hay: View, needle: str, reading: str, resume: Callable[[int, int, int], int], written: int
) -> bool:
    """Fault: like `_scan`, but a rejected occurrence moves the search to `resume(...)`."""
    start = hay.folded.find(needle)
    while start >= 0:
        end = start + len(needle)
        readable, before, after = _neighbours(hay, start, end, reading)
        if readable and _text_rule(before, after, needle):
            return True
        nxt = max(resume(start, end, written), start + 1)  # an empty match moves on one
        if nxt > len(hay.folded):
            return False
        start = hay.folded.find(needle, nxt)
    return False


def _scan(hay: View, needle: str, reading: str, rule: Rule, first_only: bool = False) -> bool:
    """Whether some occurrence of `needle` satisfies `rule` (only the first, for the fault)."""
    for start in occurrences(hay.folded, needle):
        readable, before, after = _neighbours(hay, start, start + len(needle), reading)
        if readable and rule(before, after, needle):
            return True
        if first_only:
            return False
    return False


def identifier_in(text: str, identifier: str, config: Config) -> bool:
    """§3.1: whether `identifier` is named in `text` (every occurrence is tried)."""
    text_settings = settings(config, Scope.IDENTIFIER, text, Role.TEXT, view_with)
    needle_settings = settings(config, Scope.IDENTIFIER, identifier, Role.NEEDLE, fold_with)
    value, _ = _match_table(text, identifier, text_settings, needle_settings).pick(config)
    return bool(value)


@functools.lru_cache(maxsize=1 << 16)
def _match_table(
    text: str, identifier: str, text_settings: FoldSettings, needle_settings: FoldSettings
) -> Table:
    """The match verdict under each DELIM-FOLDED reading and each fold or matching fault."""

    def compute(readings: dict[str, str], hook: Hook | None) -> bool:
        fold_hook = hook if hook in FOLD_HOOKS[Scope.IDENTIFIER] else None
        hay = view_variant(text, text_settings, fold_hook, Scope.IDENTIFIER, Role.TEXT)
        needle = fold_variant(identifier, needle_settings, fold_hook, Scope.IDENTIFIER, Role.NEEDLE)
        reading = readings["DELIM-FOLDED"]
        if hook is Hook.IDENT_TOKEN_EQUALITY:
            return needle in _class_tokens(hay.folded)
        if hook is Hook.IDENT_WHITESPACE_TOKENS:
            return needle in _whitespace_tokens(hay.folded)
        if hook in RESUME:
            return _resumed_scan(hay, needle, reading, RESUME[hook], len(identifier))
        if hook is Hook.IDENT_FIRST_OCCURRENCE:
            return _scan(hay, needle, reading, _text_rule, first_only=True)
        return _scan(hay, needle, reading, RULES.get(hook, _text_rule) if hook else _text_rule)

    return tabulate(("DELIM-FOLDED",), FOLD_HOOKS[Scope.IDENTIFIER] + IDENT_HOOKS, compute)


def _class_tokens(folded: str) -> list[str]:
    """Fault: the maximal runs of [A-Za-z0-9_-] (an identifier is compared with whole runs)."""
    tokens, current = [], []
    for char in folded + "\0":
        if in_identifier_class(char):
            current.append(char)
        elif current:
            tokens.append("".join(current))
            current = []
    return tokens


def _whitespace_tokens(folded: str) -> list[str]:
    """Fault: whitespace-separated words with punctuation trimmed off their ends."""
    tokens: list[str] = []
    current: list[str] = []
    for char in folded + " ":
        if char in WHITE_SPACE:
            if current:
                tokens.append("".join(current).strip(_TOKEN_TRIM))
            current = []
        else:
            current.append(char)
    return tokens
