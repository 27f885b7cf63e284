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
#: U+D7FF and U+E000 beside the surrogates, U+FDCF and U+FDF0 beside the noncharacters.
SHOWN = [
    "a", " ", "\u00e9", "\u0301", "\u00a0", "\u2060", "\u4e2d", "\U0001f600", "\ud7ff",
    "\ue000", "\ufdcf", "\ufdf0",
]


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


def test_shorten_and_value_text_cut_at_their_limits() -> None:
    assert safetext.shorten("abcdef", 6) == "abcdef"
    assert safetext.shorten("abcdef", 5) == "ab..."
    assert safetext.shorten("abcdef", 2) == "..."  # no room for text beside the ellipsis
    assert safetext.value_text({"a": ["\u00e9", 1]}) == '{"a": ["\u00e9", 1]}'
    assert safetext.value_text("\u2067" + "x" * 20, limit=12) == '"\\u2067xx...'


@pytest.mark.parametrize(
    ("candidate", "shown"),
    [
        ({}, "not declared"),
        ({"runtime": {}}, "not declared"),
        ({"runtime": {"name": "CPython", "version": "3.11.7", "unicode": "15.0.0",
                      "icu": "74.1"}}, "CPython 3.11.7, Unicode 15.0.0; icu 74.1"),
        ({"runtime": {"name": "Go", "unicode": {"case_data": "15.0", "nfc": "13.0"}}},
         "Go, Unicode case data 15.0, nfc 13.0"),
        ({"runtime": {"name": "x", "unicode": ""}}, "x"),
        ({"runtime": {"name": "x", "unicode": {}}}, "x"),
        ({"runtime": {"icu": "74.1", "os": "linux"}}, "icu 74.1; os linux"),
        ({"runtime": {"version": ""}}, "not declared"),
    ],
)
def test_runtime_text_says_what_the_candidate_runs_on(candidate: dict, shown: str) -> None:
    assert safetext.runtime_text(candidate) == shown


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("oasisctl", "oasisctl"),
        ("\u0421Python", "\\u0421Python"),  # a Cyrillic look-alike shown as its code
        ("a\tb\nc\x1b", "a\\tb\\nc\\x1b"),
        ("\uffff", "\\uffff"),
        ("\U00010000", "\\U00010000"),  # the first code point beyond the BMP
        ("\U0001f600", "\\U0001f600"),
    ],
)
def test_a_name_is_printable_ascii_each_other_character_its_code(name: str, shown: str) -> None:
    assert safetext.identity_text(name) == shown


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("n" * 10, "n" * 10),
        ("n" * 11, "nnnnnnn..."),
        ("n" * 12, "nnnnnnn..."),
        ("\u00e9" * 11, "\\u00e9\\..."),  # the limit counts the characters shown
    ],
)
def test_a_name_is_cut_at_its_limit_of_characters_shown(name: str, shown: str) -> None:
    assert safetext.identity_text(name, limit=10) == shown
