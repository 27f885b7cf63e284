"""Modelled wrong implementations of the text rules, named in the mutant catalog's vocabulary.

The text-level generators require every normative vector to be failed by at least one
plausible wrong implementation of clauses 2.1, 2.2, 3.1, 3.2 and 3.3 (authoring.py), and derive
some flags from which ones fail it. textrules.py carries each wrong implementation as a
departure from the stated rule, switched on by its id (`Interpretation.wrong`).

One vocabulary: where the mutant catalog (conformance/independent/mutants.py, whose normative
mutants are the fault hooks of conformance/independent/hooks.py) has a mutant for the same fault,
the id here is the catalog's id, taken from `Hook`. The others exist only on the generator side and
are listed in GENERATOR_ONLY with the reason; tests/mutants/test_mutant_catalog.py holds both
halves. A catalog id keeps the catalog's scope: `ident-*` faults touch identifier matching (clause
3.1) only, `syn-*` faults the synonym test (clause 3.3) only.
"""

from enum import StrEnum
from typing import Final

from oasis_si_conformance.independent.hooks import Hook
from tools.vectorgen.common import ABSENT_KEY_SYNONYMS


class Wrong(StrEnum):
    """A modelled wrong implementation: a catalog mutant id, or a generator-only one."""

    # Clause 3.1, in the catalog
    IDENT_NO_NORMALIZATION = Hook.IDENT_NO_NORMALIZATION.value
    IDENT_NFKC = Hook.IDENT_NFKC.value
    IDENT_NFC_TEXT_ONLY = Hook.IDENT_NFC_TEXT_ONLY.value
    IDENT_CASE_SENSITIVE = Hook.IDENT_CASE_SENSITIVE.value
    IDENT_ASCII_LOWERCASE = Hook.IDENT_ASCII_LOWERCASE.value
    IDENT_SUBSTRING = Hook.IDENT_SUBSTRING.value
    IDENT_TOKEN_EQUALITY = Hook.IDENT_TOKEN_EQUALITY.value
    IDENT_TEXT_ENDS_NOT_DELIMITERS = Hook.IDENT_TEXT_ENDS_NOT_DELIMITERS.value
    IDENT_REGEX_WORD_BOUNDARY = Hook.IDENT_REGEX_WORD_BOUNDARY.value
    IDENT_UNICODE_ALNUM_CLASS = Hook.IDENT_UNICODE_ALNUM_CLASS.value
    IDENT_FIRST_OCCURRENCE = Hook.IDENT_FIRST_OCCURRENCE.value
    IDENT_NON_OVERLAPPING = Hook.IDENT_FINDITER.value
    IDENT_FIND_NEXT_PAST_END = Hook.IDENT_FIND_NEXT_PAST_END.value
    IDENT_JS_REGEXP_I = Hook.IDENT_JS_REGEXP_I.value
    FOLD_FINAL_SIGMA = Hook.FOLD_FINAL_SIGMA.value
    FOLD_JAVA_SIGMA = Hook.FOLD_JAVA_SIGMA.value
    FOLD_CASEFOLD_THEN_NFC = Hook.FOLD_CASEFOLD_THEN_NFC.value
    # Clause 3.1, generator only
    TEXT_NFD = "text-nfd"
    TEXT_STRIP_MARKS = "text-strip-marks"
    TEXT_FULL_UPPERCASE = "text-full-uppercase"
    IDENT_WHOLE_TEXT = "ident-whole-text"
    IDENT_UNTRIMMED_WHITESPACE_TOKENS = "ident-untrimmed-whitespace-tokens"
    IDENT_UTS18_WORD_BOUNDARY = "ident-uts18-word-boundary"
    IDENT_UNESCAPED_REGEX = "ident-unescaped-regex"
    # Clause 3.2, in the catalog
    SENT_EVERY_TERMINATOR = Hook.SENT_EVERY_TERMINATOR.value
    SENT_NO_NEWLINE = Hook.SENT_NO_NEWLINE.value
    SENT_ABBREVIATIONS = Hook.SENT_ABBREVIATIONS.value
    SENT_CLOSING_PUNCTUATION = Hook.SENT_CLOSING_PUNCTUATION.value
    # Clause 3.2, generator only
    SENT_NEWLINE_ONLY = "sent-newline-only"
    SENT_DROP_TERMINATOR = "sent-drop-terminator"
    SENT_UNICODE_TERMINATORS = "sent-unicode-terminators"
    # Clause 3.3, in the catalog
    SYN_CASE_SENSITIVE = Hook.SYN_CASE_SENSITIVE.value
    SYN_FLEXIBLE_WHITESPACE = Hook.SYN_FLEXIBLE_WHITESPACE.value
    # Clause 3.3, generator only
    SYN_NFKC = "syn-nfkc"
    SYN_ASCII_LOWERCASE = "syn-ascii-lowercase-only"
    SYN_ANY_APOSTROPHE = "syn-any-apostrophe"
    # Clauses 2.1, 2.2, 2.5, in the catalog
    WINDOW_RADIUS_ONE = Hook.WINDOW_RADIUS_ONE.value
    WINDOW_SAME_SENTENCE = Hook.WINDOW_SAME_SENTENCE.value
    # Clause 2.2, generator only
    WINDOW_ACROSS_CHANNELS = "window-across-channels"
    WINDOW_WHOLE_TEXT = Hook.WINDOW_WHOLE_TEXT.value
    WINDOW_LINE = Hook.WINDOW_LINE.value
    COOCCUR_IDENTIFIER_SUBSTRING = Hook.COOCCUR_IDENTIFIER_SUBSTRING.value
    FACTOR_ANY_OF = Hook.FACTOR_ANY_OF.value
    FACTOR_NO_COOCCURRENCE = Hook.FACTOR_NO_COOCCURRENCE.value
    ECHO_IGNORED = Hook.ECHO_IGNORED.value
    NAMED_ALL_CHANNELS = Hook.NAMED_ALL_CHANNELS.value


def _phrase_slug(phrase: str) -> str:
    return phrase.replace("'", "").replace(" ", "-")


#: Clause 3.3 wrong implementations that lose one phrase of the list: id -> the phrase lost.
#: The catalog has two of them (the last phrase, and `lacking`); the others are generator only.
DROPPED_PHRASE: Final[dict[str, str]] = {
    (
        Hook.SYN_DROPS_UNSET.value
        if phrase == "unset"
        else Hook.SYN_DROPS_LACKING.value
        if phrase == "lacking"
        else f"syn-list-drops-{_phrase_slug(phrase)}"
    ): phrase
    for phrase in ABSENT_KEY_SYNONYMS
}

#: What each wrong implementation does, in words.
DESCRIPTIONS: Final[dict[str, str]] = {
    Wrong.IDENT_NO_NORMALIZATION: "no Unicode normalization of text or identifier",
    Wrong.IDENT_NFKC: "NFKC instead of NFC in identifier matching",
    Wrong.IDENT_NFC_TEXT_ONLY: "the text is NFC-normalized, the identifier is not",
    Wrong.IDENT_CASE_SENSITIVE: "identifiers matched without case mapping",
    Wrong.IDENT_ASCII_LOWERCASE: "ASCII-only lowercasing in identifier matching",
    Wrong.IDENT_SUBSTRING: "plain substring test, no delimiters",
    Wrong.IDENT_TOKEN_EQUALITY: (
        "the text cut into runs of [A-Za-z0-9_-]; the identifier must equal a run"
    ),
    Wrong.IDENT_TEXT_ENDS_NOT_DELIMITERS: "start and end of text do not count as delimiters",
    Wrong.IDENT_REGEX_WORD_BOUNDARY: "regex \\b word boundaries around the escaped identifier",
    Wrong.IDENT_UNICODE_ALNUM_CLASS: "delimiter class is isalnum() plus _ and -, not ASCII",
    Wrong.IDENT_FIRST_OCCURRENCE: "only the first occurrence is tried",
    Wrong.IDENT_JS_REGEXP_I: (
        "identifiers compared as a JavaScript RegExp /i without u does (per UTF-16 unit"
        " uppercase, never onto ASCII, nothing above U+FFFF)"
    ),
    Wrong.FOLD_FINAL_SIGMA: (
        "identifiers and texts lowercased whole, with the Final_Sigma context (str.lower,"
        " toLowerCase)"
    ),
    Wrong.FOLD_CASEFOLD_THEN_NFC: (
        "identifiers full-case-folded before NFC (FOLD-MAPPING full-casefold with FOLD-ORDER"
        " fold-then-nfc): not invariant under canonical equivalence at U+0345"
    ),
    Wrong.FOLD_JAVA_SIGMA: (
        "identifiers and texts lowercased whole, with Java's word-boundary final sigma"
    ),
    Wrong.TEXT_NFD: "NFD instead of NFC, for identifiers and synonyms",
    Wrong.TEXT_STRIP_MARKS: (
        "accent folding: NFD, then combining marks removed, for identifiers and synonyms"
    ),
    Wrong.TEXT_FULL_UPPERCASE: "comparison after full uppercasing, for identifiers and synonyms",
    Wrong.IDENT_WHOLE_TEXT: "the whole text must equal the identifier",
    Wrong.IDENT_UNTRIMMED_WHITESPACE_TOKENS: (
        "the identifier must equal a whitespace-separated token, punctuation kept"
    ),
    Wrong.IDENT_UTS18_WORD_BOUNDARY: (
        "word boundaries with UTS #18 word characters (letters, marks, digits, connectors)"
    ),
    Wrong.IDENT_UNESCAPED_REGEX: "the identifier pasted into a regex unescaped",
    Wrong.IDENT_NON_OVERLAPPING: "occurrences are scanned without overlap (re.finditer)",
    Wrong.IDENT_FIND_NEXT_PAST_END: (
        "after a rejected occurrence the search resumes past the neighbour checked (end + 1)"
    ),
    Wrong.SENT_EVERY_TERMINATOR: "split after every terminator, whitespace or not",
    Wrong.SENT_NO_NEWLINE: "split after terminators only, never on a bare newline",
    Wrong.SENT_ABBREVIATIONS: "no split after common abbreviations",
    Wrong.SENT_NEWLINE_ONLY: "split_sentences splits on newlines only, never after a terminator",
    Wrong.SENT_DROP_TERMINATOR: "the terminator is dropped from the sentence it ends",
    Wrong.SENT_UNICODE_TERMINATORS: (
        "other sentence terminators (ellipsis, ideographic and fullwidth stops...) also split"
    ),
    Wrong.SENT_CLOSING_PUNCTUATION: (
        "a terminator followed by closing quotes or brackets, then whitespace, splits"
    ),
    Wrong.SYN_CASE_SENSITIVE: "synonyms matched without case mapping",
    Wrong.SYN_FLEXIBLE_WHITESPACE: "a space inside a synonym matches any run of whitespace",
    Wrong.SYN_NFKC: "NFKC instead of NFC on the text searched for synonyms",
    Wrong.SYN_ASCII_LOWERCASE: "ASCII-only lowercasing in the synonym test",
    Wrong.SYN_ANY_APOSTROPHE: "any apostrophe-like character matches U+0027",
    Wrong.WINDOW_RADIUS_ONE: (
        "co-occurrence window of one sentence either side (the 2026-08-22 amendment's rule)"
    ),
    Wrong.WINDOW_SAME_SENTENCE: (
        "co-occurrence in the identifier's sentence only (the seed's rule)"
    ),
    Wrong.WINDOW_ACROSS_CHANNELS: (
        "the listed channels' texts are joined (by a newline) before the window is counted"
    ),
    Wrong.WINDOW_WHOLE_TEXT: "co-occurrence ignores sentences",
    Wrong.WINDOW_LINE: "co-occurrence windows are lines, never split after a terminator",
    Wrong.COOCCUR_IDENTIFIER_SUBSTRING: (
        "co-occurrence tests the identifier as a plain substring of the sentence"
    ),
    Wrong.FACTOR_ANY_OF: "any one required identifier named is enough (any-of, not all-of)",
    Wrong.FACTOR_NO_COOCCURRENCE: "no deviation-type co-occurrence test: naming is enough",
    Wrong.ECHO_IGNORED: "exclude_tool_echo ignored: echoed answer lines stay in scope",
    Wrong.NAMED_ALL_CHANNELS: "the reasoning trace is also matched",
    **{wrong: f"the synonym list lacks {phrase!r}" for wrong, phrase in DROPPED_PHRASE.items()},
}

#: Every modelled wrong implementation, in the order they are tried.
ALL: Final[tuple[str, ...]] = tuple(DESCRIPTIONS)

#: Wrong implementations the mutant catalog has no mutant for, and why they are modelled here:
#: they are cheap to state as a departure from one step of the text rules, and each stands for
#: a library default or a neighbouring standard an implementer may reach for.
GENERATOR_ONLY: Final[dict[str, str]] = {
    Wrong.TEXT_NFD: "another normalization form than the text names",
    Wrong.TEXT_STRIP_MARKS: "accent-insensitive matching, a common search default",
    Wrong.TEXT_FULL_UPPERCASE: "case-insensitivity by uppercasing, which maps differently",
    Wrong.IDENT_WHOLE_TEXT: "equality instead of a search",
    Wrong.IDENT_UNTRIMMED_WHITESPACE_TOKENS: (
        "a cruder relative of ident-whitespace-tokens, which trims punctuation off words"
    ),
    Wrong.IDENT_UTS18_WORD_BOUNDARY: "Unicode-aware regex word boundaries",
    Wrong.IDENT_UNESCAPED_REGEX: "the identifier used as a pattern",
    Wrong.SENT_NEWLINE_ONLY: (
        "window-line's splitter, seen through split_sentences (window-line itself is the "
        "co-occurrence fault)"
    ),
    Wrong.SENT_DROP_TERMINATOR: "str.split on terminators",
    Wrong.SENT_UNICODE_TERMINATORS: "UAX #29-style sentence terminators",
    Wrong.SYN_NFKC: "ident-nfkc's normalization, applied to the synonym test",
    Wrong.SYN_ASCII_LOWERCASE: "ident-ascii-lowercase-only's mapping, applied to the synonym test",
    Wrong.SYN_ANY_APOSTROPHE: "apostrophe normalization beyond the register's SYN-APOSTROPHE",
    Wrong.WINDOW_ACROSS_CHANNELS: (
        "only the factor_identified operation can list two channels (a diagnosis binding lists"
        " agent_response alone, clause 2.5), so no score_scenario vector could kill it"
    ),
    **{
        wrong: "one more lost phrase (the catalog keeps two of them)"
        for wrong in DROPPED_PHRASE
        if wrong not in (Hook.SYN_DROPS_UNSET, Hook.SYN_DROPS_LACKING)
    },
}

#: Flags derived from the wrong implementations that fail a vector (authoring.FLAG_DOCS).
FLAG_OF: Final[dict[str, str]] = {
    Wrong.IDENT_NFKC: "nfkc-trap",
    Wrong.SYN_NFKC: "nfkc-trap",
    Wrong.IDENT_NO_NORMALIZATION: "needs-nfc",
    Wrong.IDENT_ASCII_LOWERCASE: "ascii-fold-trap",
    Wrong.SYN_ASCII_LOWERCASE: "ascii-fold-trap",
    Wrong.IDENT_REGEX_WORD_BOUNDARY: "word-boundary-trap",
    Wrong.IDENT_UTS18_WORD_BOUNDARY: "word-boundary-trap",
    Wrong.IDENT_UNICODE_ALNUM_CLASS: "isalnum-class-trap",
    Wrong.IDENT_UNESCAPED_REGEX: "regex-metachar",
    Wrong.IDENT_FIRST_OCCURRENCE: "later-occurrence",
    Wrong.IDENT_NON_OVERLAPPING: "overlapping-occurrence",
    Wrong.IDENT_FIND_NEXT_PAST_END: "overlapping-occurrence",
    Wrong.SENT_EVERY_TERMINATOR: "every-period-trap",
    Wrong.WINDOW_RADIUS_ONE: "radius-one-trap",
}

#: "Smarter" splitters: failing one of them gives the smart-split-trap flag.
SMART_SPLITTERS: Final = frozenset({
    Wrong.SENT_UNICODE_TERMINATORS,
    Wrong.SENT_ABBREVIATIONS,
    Wrong.SENT_CLOSING_PUNCTUATION,
})
