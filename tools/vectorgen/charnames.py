"""Names of characters for vector ids and descriptions: ASCII slugs, U+XXXX names, and a
visible ASCII rendering of short texts (vector files are ASCII; descriptions say which code
point a case is about)."""

import unicodedata
from typing import Final

_ASCII_SLUGS: Final = {
    " ": "space", "\t": "tab", "\n": "lf", "\r": "cr", "\v": "vt", "\f": "ff", "\x00": "nul",
    "\x7f": "del", ".": "period", ",": "comma", ":": "colon", ";": "semicolon", "/": "slash",
    "\\": "backslash", "'": "apostrophe", '"': "quote", "`": "backtick", "(": "lparen",
    ")": "rparen", "[": "lbracket", "]": "rbracket", "{": "lbrace", "}": "rbrace", "<": "lt",
    ">": "gt", "=": "equals", "+": "plus", "*": "asterisk", "&": "ampersand", "%": "percent",
    "$": "dollar", "#": "hash", "@": "at", "!": "bang", "?": "question", "|": "pipe",
    "~": "tilde", "^": "caret", "_": "underscore", "-": "hyphen", "\x1c": "fs", "\x1f": "us",
    "\x85": "nel",
}

#: Names of control characters, which unicodedata.name does not know.
_CONTROL_NAMES: Final = {
    "\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\v": "LINE TABULATION",
    "\f": "FORM FEED", "\x00": "NULL", "\x7f": "DELETE", "\x85": "NEXT LINE",
    "\x1c": "FILE SEPARATOR", "\x1f": "UNIT SEPARATOR",
}

_ESCAPES: Final = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def char_slug(char: str) -> str:
    """A slug naming one character: its ASCII name, or uXXXX."""
    if char in _ASCII_SLUGS:
        return _ASCII_SLUGS[char]
    if char.isascii() and char.isalnum():
        return ("upper-" if char.isupper() else "") + char.lower()
    return f"u{ord(char):04x}"


def char_name(char: str) -> str:
    """U+XXXX NAME, ASCII."""
    name = unicodedata.name(char, None) or _CONTROL_NAMES.get(char, "UNNAMED")
    return f"U+{ord(char):04X} {name}"


def visible(text: str) -> str:
    """An ASCII rendering of a short text for descriptions: \\n, \\t, \\r, printable ASCII,
    and <U+XXXX> for anything else."""
    return "".join(
        _ESCAPES.get(char) or (char if " " <= char <= "~" else f"<U+{ord(char):04X}>")
        for char in text
    )
