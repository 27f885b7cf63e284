"""What candidate text may not carry raw onto a terminal or a page, from a literal table: every
character the kit escapes is listed here by its code point (not derived from safetext's own
sets), so that dropping one from the kit's sets fails this test."""

import pytest

from oasis_si_conformance import safetext

#: Each character that must be shown as an escape, with the escape shown.
ESCAPED: dict[str, str] = {
    # C0 controls but tab and newline, DEL, C1 controls
    **{chr(c): f"\\x{c:02x}" for c in range(0x20) if chr(c) not in "\t\n"},
    **{chr(c): f"\\x{c:02x}" for c in range(0x7F, 0xA0)},
    # the bidirectional formatting characters (UAX #9), one by one
    "\u061c": "\\u061c",  # ARABIC LETTER MARK
    "\u200e": "\\u200e",  # LEFT-TO-RIGHT MARK
    "\u200f": "\\u200f",  # RIGHT-TO-LEFT MARK
    "\u202a": "\\u202a",  # LEFT-TO-RIGHT EMBEDDING
    "\u202b": "\\u202b",  # RIGHT-TO-LEFT EMBEDDING
    "\u202c": "\\u202c",  # POP DIRECTIONAL FORMATTING
    "\u202d": "\\u202d",  # LEFT-TO-RIGHT OVERRIDE
    "\u202e": "\\u202e",  # RIGHT-TO-LEFT OVERRIDE
    "\u2066": "\\u2066",  # LEFT-TO-RIGHT ISOLATE
    "\u2067": "\\u2067",  # RIGHT-TO-LEFT ISOLATE
    "\u2068": "\\u2068",  # FIRST STRONG ISOLATE
    "\u2069": "\\u2069",  # POP DIRECTIONAL ISOLATE
    # line and paragraph separators, the byte order mark
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
    "\ufeff": "\\ufeff",
    # lone surrogates and noncharacters
    **{chr(code): f"\\u{code:04x}" for code in (0xD800, 0xDBFF, 0xDC00, 0xDFFF)},
    "\ufdd0": "\\ufdd0",
    "\ufdef": "\\ufdef",
    "\ufffe": "\\ufffe",
    "\uffff": "\\uffff",
}

#: Characters shown as themselves (the escapes stop at what the table names).
SHOWN = ["a", " ", "\u00e9", "\u0301", "\u00a0", "\u2060", "\u4e2d", "\U0001f600", "\ufdcf"]


@pytest.mark.parametrize("char", sorted(ESCAPED), ids=lambda c: f"U+{ord(c):04X}")
def test_each_listed_character_is_shown_as_its_escape(char: str) -> None:
    text = f"ok{char}ok"
    assert safetext.printable(text) == f"ok{ESCAPED[char]}ok"
    assert safetext.one_line(text) == f"ok{ESCAPED[char]}ok"
    assert list(safetext.segments(text)) == [("ok", False), (ESCAPED[char], True), ("ok", False)]


@pytest.mark.parametrize("char", SHOWN, ids=lambda c: f"U+{ord(c):04X}")
def test_other_characters_are_shown_as_themselves(char: str) -> None:
    assert safetext.printable(f"ok{char}ok") == f"ok{char}ok"


def test_one_line_writes_newline_and_tab_as_escapes_and_cuts_at_its_limit() -> None:
    assert safetext.one_line("a\nb\tc") == "a\\nb\\tc"
    assert safetext.one_line("x" * 400, limit=10) == "xxxxxxx..."
    assert safetext.printable("a\nb\tc") == "a\nb\tc"


def test_every_line_of_quoted_stderr_is_prefixed_and_escaped() -> None:
    shown = safetext.quoted_lines("one\n\u2067two\x1b[2J\n", most=1)
    assert shown == "  | \\u2067two\\x1b[2J"
