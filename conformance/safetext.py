"""Candidate text made safe to show: everything a candidate says (its name, version, runtime,
messages, stderr) is data, never terminal control. `segments` splits a text into printable
runs and escapes, the one place that decides what is shown as an escape (controls, lone
surrogates, noncharacters, line separators, the BOM, bidirectional formatting characters);
`one_line` is candidate text as a terminal shows it (escaped, on one line, length-capped).
Light on imports: the fuzzer's command line uses it without loading any report renderer."""

import json
from collections.abc import Iterator
from typing import Any, Final

ELLIPSIS: Final = "..."
#: The bidirectional formatting characters (Unicode UAX #9: marks, embeddings, overrides,
#: isolates): shown as themselves they reorder the text around them on a terminal or a page.
BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: The longest candidate text shown on one terminal line.
LINE_LIMIT: Final = 300


# Printable text -------------------------------------------------------------------------------


def _escape(char: str) -> str | None:
    """The visible escape of a character not shown as itself, or None."""
    code = ord(char)
    if char in "\t\n":
        return None
    if code < 0x20 or 0x7F <= code < 0xA0:
        return f"\\x{code:02x}"
    if 0xD800 <= code <= 0xDFFF or code in (0xFFFE, 0xFFFF) or 0xFDD0 <= code <= 0xFDEF:
        return f"\\u{code:04x}"
    if code in (0x2028, 0x2029, 0xFEFF) or char in BIDI_CONTROLS:
        return f"\\u{code:04x}"
    return None


def segments(text: str) -> Iterator[tuple[str, bool]]:
    """`text` as runs of printable text (False) and visible escapes (True): controls other
    than tab and newline, lone surrogates, noncharacters, line separators, the BOM and the
    bidirectional formatting characters."""
    start = 0
    for index, char in enumerate(text):
        escaped = _escape(char)
        if escaped is not None:
            if index > start:
                yield text[start:index], False
            yield escaped, True
            start = index + 1
    if start < len(text):
        yield text[start:], False


def printable(text: str) -> str:
    """`text` with every character `segments` escapes written as its escape."""
    return "".join(run for run, _escaped in segments(text))


def one_line(text: str, limit: int = LINE_LIMIT) -> str:
    """Candidate text as a terminal line shows it: every character `segments` escapes written
    as its escape, newline and tab as \\n and \\t, cut to `limit` characters. No byte of it
    can move the cursor, start a new line or reorder the line."""
    return shorten(printable(text.replace("\n", "\\n").replace("\t", "\\t")), limit)


def quoted_lines(text: str, prefix: str = "  | ", most: int = 12) -> str:
    """The last `most` lines of candidate text (its stderr), each a `one_line` after `prefix`,
    so that no line of it can pass for a line of the kit's own."""
    lines = text.rstrip("\n").split("\n")[-most:]
    return "\n".join(prefix + one_line(line) for line in lines)


#: The longest line of an error message shown (a candidate's declaration quoted in one may be
#: megabytes long).
ERROR_LINE_LIMIT: Final = 2000


def error_text(message: str, limit: int = ERROR_LINE_LIMIT) -> str:
    """An error message that may quote the candidate, as a terminal shows it: printable, each
    of its lines cut to `limit` characters."""
    return "\n".join(shorten(line, limit) for line in printable(message).split("\n"))


def shorten(text: str, limit: int) -> str:
    """`text` cut to `limit` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: max(0, limit - len(ELLIPSIS))] + ELLIPSIS


def value_text(value: Any, limit: int = 200) -> str:
    """A JSON value on one line, printable, cut to `limit` characters."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), sort_keys=False)
    return shorten(printable(text), limit)


# The candidate ----------------------------------------------------------------------------------


def runtime_text(candidate: dict[str, Any]) -> str:
    """What the candidate says it runs on, e.g. "CPython 3.11.7, Unicode 14.0.0; icu 74.1",
    or "not declared" (the hello result's optional `runtime`); candidate text, as given."""
    runtime = candidate.get("runtime")
    if not runtime:
        return "not declared"
    head = " ".join(runtime[key] for key in ("name", "version") if runtime.get(key))
    parts = [head] if head else []
    unicode = runtime.get("unicode")
    if isinstance(unicode, str) and unicode:
        parts.append(f"Unicode {unicode}")
    elif isinstance(unicode, dict) and unicode:
        tables = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in unicode.items())
        parts.append(f"Unicode {tables}")
    extra = [f"{key} {value}" for key, value in runtime.items() if key not in _RUNTIME_KEYS]
    text = ", ".join(parts)
    if extra:
        text = "; ".join([text, *extra]) if text else "; ".join(extra)
    return text or "not declared"


_RUNTIME_KEYS: Final = ("name", "version", "unicode")


#: The most characters of a candidate's name (and of its version) shown.
NAME_LIMIT: Final = 80


def identity_text(text: str, limit: int = NAME_LIMIT) -> str:
    """A candidate's name or version as every format shows it: printable ASCII as itself, every
    other character as an escape (\\t, \\n, \\x.., \\u...., \\U........), cut to `limit`
    characters. A look-alike letter (Cyrillic \u0421 for C), an invisible filler or a control
    is shown as its code, so no name can pass for the kit's own words."""
    head = text[: limit + 1]
    shown = "".join(_identity_char(char) for char in head)
    return shorten(shown + (ELLIPSIS if len(text) > len(head) else ""), limit)


def _identity_char(char: str) -> str:
    if " " <= char <= "~":
        return char
    escaped = _WHITESPACE_ESCAPES.get(char) or _escape(char)
    if escaped is not None:
        return escaped
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


#: Tab and newline, which `segments` shows as themselves, as `one_line` writes them.
_WHITESPACE_ESCAPES: Final = {"\t": "\\t", "\n": "\\n"}


def candidate_text(candidate: dict[str, Any]) -> str:
    """The candidate's name and version, each as `identity_text` shows it."""
    return f"{identity_text(candidate['name'])} {identity_text(candidate['version'])}"
