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


def _simple_lower_of(char: str) -> str:
    """UnicodeData's simple lowercase of one code point, read off Python's full mapping: the
    full mapping of a lone code point differs from the simple one only at U+0130."""
    lowered = char.lower()
    return "i" if char == "\u0130" else lowered


def test_simple_lowercase_is_the_per_code_point_simple_mapping() -> None:
    """FOLD-MAPPING = simple-lowercase, checked over every code point of the runtime's Unicode."""
    chars = [chr(cp) for cp in range(sys.maxunicode + 1) if not 0xD800 <= cp <= 0xDFFF]
    mismatched = [c for c in chars if simple_lowercase(c) != _simple_lower_of(c)]
    assert mismatched == []
    multi = [c for c in chars if len(_simple_lower_of(c)) != 1]
    assert multi == [], "the simple mapping must keep one code point per code point"


def test_simple_lowercase_ignores_final_sigma_context() -> None:
    """Full lowercasing would turn a word-final capital sigma into U+03C2; simple never does."""
    assert "\u039f\u0394\u039f\u03a3".lower().endswith("\u03c2")
    assert simple_lowercase("\u039f\u0394\u039f\u03a3") == "\u03bf\u03b4\u03bf\u03c3"


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
