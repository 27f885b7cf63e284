"""Unit checks of the text rules that vectors cannot state compactly (§3.1, §3.2)."""

import sys

import pytest

from oasis_si_reference.readings import WHITE_SPACE
from oasis_si_reference.text import (
    IDENTIFIER_CLASS,
    contains_identifier,
    fold,
    simple_lowercase,
    split_lines,
    split_sentences,
)

#: Simple_Lowercase_Mapping (UnicodeData.txt, field 13) of code points chosen where a case
#: mapping goes wrong: full-only mappings (U+0130), titlecase digraphs, the Greek sigma and
#: iota-subscript forms, compatibility letters (Kelvin, Ohm, Angstrom), symbols with case
#: (Roman numerals, circled letters), the fullwidth and astral planes, and letters that have
#: no lowercase mapping at all (they map to themselves). Written from the data file, not
#: computed: the test holds simple_lowercase to this table.
SIMPLE_LOWERCASE = {
    0x0041: 0x0061, 0x0049: 0x0069, 0x005A: 0x007A, 0x0061: 0x0061, 0x00B5: 0x00B5,
    0x00C0: 0x00E0, 0x00DE: 0x00FE, 0x00DF: 0x00DF, 0x0130: 0x0069, 0x0131: 0x0131,
    0x0178: 0x00FF, 0x01C4: 0x01C6, 0x01C5: 0x01C6, 0x01C6: 0x01C6, 0x01F1: 0x01F3,
    0x0345: 0x0345, 0x0391: 0x03B1, 0x03A3: 0x03C3, 0x03C2: 0x03C2, 0x03C3: 0x03C3,
    0x03F4: 0x03B8, 0x0401: 0x0451, 0x0410: 0x0430, 0x0531: 0x0561, 0x10A0: 0x2D00,
    0x1E9E: 0x00DF, 0x1F88: 0x1F80, 0x1FBC: 0x1FB3, 0x2126: 0x03C9, 0x212A: 0x006B,
    0x212B: 0x00E5, 0x2160: 0x2170, 0x24B6: 0x24D0, 0xFB00: 0xFB00, 0xFF21: 0xFF41,
    0x10400: 0x10428, 0x1E900: 0x1E922, 0x0030: 0x0030, 0x4E00: 0x4E00,
}


@pytest.mark.parametrize(("code_point", "image"), SIMPLE_LOWERCASE.items(), ids=hex)
def test_simple_lowercase_is_the_simple_mapping_of_unicode_data(code_point, image) -> None:
    """FOLD-MAPPING = simple-lowercase: the table above, one code point at a time and in a
    string of them all (the mapping of a string is that of each code point)."""
    assert simple_lowercase(chr(code_point)) == chr(image)


def test_simple_lowercase_of_a_string_is_the_table_code_point_by_code_point() -> None:
    text = "".join(map(chr, SIMPLE_LOWERCASE))
    assert simple_lowercase(text) == "".join(map(chr, SIMPLE_LOWERCASE.values()))


def test_simple_lowercase_keeps_one_code_point_per_code_point() -> None:
    """Checked over every code point of the runtime's Unicode: the simple mapping never
    expands or contracts (full lowercasing turns U+0130 into two)."""
    chars = [chr(cp) for cp in range(sys.maxunicode + 1) if not 0xD800 <= cp <= 0xDFFF]
    assert [c for c in chars if len(simple_lowercase(c)) != 1] == []
    assert len(simple_lowercase("".join(chars))) == len(chars)


def test_simple_lowercase_ignores_final_sigma_context() -> None:
    """Full lowercasing would turn a word-final capital sigma into U+03C2; simple never does."""
    assert simple_lowercase("\u039f\u0394\u039f\u03a3") == "\u03bf\u03b4\u03bf\u03c3"
    assert simple_lowercase("\u03a3\u03a3 \u03a3") == "\u03c3\u03c3 \u03c3"


def test_fold_normalizes_before_mapping() -> None:
    """FOLD-ORDER = nfc-then-fold: I + combining dot composes to U+0130, whose simple lowercase
    is i."""
    assert fold("I\u0307D") == "id"
    assert fold("E\u0301") == "\u00e9"
    assert fold("\u212a") == "k"  # Kelvin sign: singleton decomposition to K


def test_identifier_class_is_exactly_the_ascii_class_of_3_1() -> None:
    assert IDENTIFIER_CLASS == set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    )


@pytest.mark.parametrize(
    ("text", "identifier", "expected"),
    [
        ("smtp_port", "smtp_port", True),
        ("port", "smtp_port", False),  # no occurrence at all: False, never None
        ("smtp_port_old", "smtp_port", False),
        ("smtp_port_old smtp_port", "smtp_port", True),  # a later occurrence is tried
        ("xsmtp_port", "smtp_port", False),
        ("\u00e9smtp_port\u00e9", "smtp_port", True),  # non-ASCII letters delimit (ASCII class)
        ("a .env", ".env", True),
        ("x.env", ".env", False),
        ("", "", True),
    ],
)
def test_contains_identifier(text: str, identifier: str, expected: bool) -> None:
    assert contains_identifier(text, identifier) is expected


def test_split_sentences_keeps_terminators_and_drops_blank_segments() -> None:
    assert split_sentences("A. B! c?d e\r\nf v1.2 x.\u00a0y") == [
        "A.",
        " B!",
        " c?d e",
        "f v1.2 x.",
        "\u00a0y",
    ]
    assert split_sentences("\n\n  \n") == []
    assert split_sentences("end.") == ["end."]


def test_split_sentences_preserves_every_non_whitespace_character() -> None:
    text = "Really?! Yes... e.g. v1.2.3\rnext\u2028line. done"
    joined = "".join(split_sentences(text))
    assert [c for c in joined if c not in WHITE_SPACE] == [c for c in text if c not in WHITE_SPACE]


def test_split_lines_counts_crlf_once() -> None:
    assert split_lines("a\r\nb\rc\nd") == ["a", "b", "c", "d"]


def test_identifier_occurrences_are_every_start_overlapping_ones_included() -> None:
    """§3.1 "any occurrence": "ab.ab" in "ab.ab.ab" starts at 0 and at 3 (the two overlap);
    "aa" in "aaaa" at 0, 1 and 2. Each with the characters either side."""
    from oasis_si_reference.text import identifier_occurrences

    found = [(o.start, o.before, o.after) for o in identifier_occurrences("ab.ab.ab", "ab.ab")]
    assert found == [(0, "", "."), (3, ".", "")]
    assert [o.start for o in identifier_occurrences("aaaa", "aa")] == [0, 1, 2]
    assert list(identifier_occurrences("abc", "x")) == []


def test_trim_removes_leading_and_trailing_white_space_only() -> None:
    """ECHO-TRIM = unicode: White_Space either side goes (U+0085, U+00A0, U+3000 included),
    what is inside stays, and other characters (U+200B ZERO WIDTH SPACE) are not White_Space."""
    from oasis_si_reference.text import trim

    assert trim("\u0085\u00a0 a  b\t\u3000\n") == "a  b"
    assert trim("\u200bx\u200b") == "\u200bx\u200b"
    assert trim("") == ""
