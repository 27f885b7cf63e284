"""Properties of the reference's text rules: §3.1 identifier matching, §3.2 sentence splitting,
§3.3 synonym matching. Each test's docstring names its clause."""

import yaml
from hypothesis import assume, given
from hypothesis import strategies as st

from oasis_si_conformance.corpus.corpus import vectors_root
from oasis_si_conformance.fuzz import ground
from oasis_si_conformance.fuzz import strategies as S
from oasis_si_reference.readings import WHITE_SPACE
from oasis_si_reference.synonyms import synonym_matches
from oasis_si_reference.text import fold, identifier_matches, simple_lowercase, split_sentences

ANY_TEXT = S.texts(
    ("SMTP_PORT", "smtp-config", "\u00e9t\u00e9", "x"), normative=False, splitting=False
)
PAIRS = S.strategy(
    lambda src: (
        lambda pool: (S.text(src, pool, splitting=False, normative=False), S.pick(src, pool))
    )(S.identifier_pool(src, normative=False))
)
NORMATIVE_PAIRS = S.strategy(
    lambda src: (lambda pool: (S.text(src, pool, splitting=False), S.pick(src, pool)))(
        S.identifier_pool(src)
    )
)
CLASS_CHAR = st.sampled_from(S.CLASS_CHARS)
ASCII_DELIMITER = st.sampled_from(S.ASCII_DELIMITERS)
NFD, NFC = S.nfd, S.nfc


@given(PAIRS)
def test_identifier_match_invariant_under_canonical_equivalence(pair):
    """§3.1 "NFC-normalized": NFC and NFD spellings of the text and of the identifier match
    alike."""
    text, identifier = pair
    verdicts = {identifier_matches(f(text), g(identifier)) for f in (NFC, NFD) for g in (NFC, NFD)}
    assert len(verdicts) == 1


@given(
    NORMATIVE_PAIRS,
    st.sampled_from([S.ascii_upper, S.ascii_lower, S.ascii_swapcase]),
    st.booleans(),
)
def test_identifier_match_ascii_case_invariant(pair, change, on_identifier):
    """§3.1 "case-insensitive": changing the case of ASCII letters of the text or of the
    identifier never changes the verdict (on normative ground: FOLD-ORDER kept off)."""
    text, identifier = pair
    changed_text, changed_identifier = (
        (text, change(identifier)) if on_identifier else (change(text), identifier)
    )
    assume(not ground.fold_points(changed_text) and not ground.fold_points(changed_identifier))
    assume(not ground.fold_points(text) and not ground.fold_points(identifier))
    assert identifier_matches(text, identifier) == identifier_matches(
        changed_text, changed_identifier
    )


@given(S.identifiers(normative=False))
def test_identifier_matches_itself(identifier):
    """§3.1: start-of-text and end-of-text count as delimiters, so a text that is the
    identifier names it."""
    assert identifier_matches(identifier, identifier)


def _concatenates(*parts: str) -> bool:
    """Folding the whole equals folding the parts (no composition across the joints)."""
    return fold("".join(parts)) == "".join(fold(part) for part in parts)


@given(S.identifiers(normative=False), ANY_TEXT, ANY_TEXT, CLASS_CHAR, st.booleans())
def test_glued_class_character_blocks_the_match(identifier, before, after, glue, left):
    """§3.1 maximal-token: with a class character glued to either side of the only occurrence,
    the identifier is not named (SMTP_PORT_OLD does not match SMTP_PORT)."""
    parts = (before, glue, identifier, after) if left else (before, identifier, glue, after)
    text = "".join(parts)
    assume(_concatenates(*parts))
    assume(fold(text).count(fold(identifier)) == 1)
    assert not identifier_matches(text, identifier)


@given(S.identifiers(normative=False), ANY_TEXT, ANY_TEXT, ASCII_DELIMITER, ASCII_DELIMITER)
def test_delimited_identifier_matches(identifier, before, after, left, right):
    """§3.1: an occurrence whose neighbours are outside [A-Za-z0-9_-] is a match, whatever
    else the text holds."""
    parts = (before, left, identifier, right, after)
    assume(_concatenates(*parts))
    assert identifier_matches("".join(parts), identifier)


def _code_points(images: str) -> str:
    return "".join(chr(int(part.removeprefix("U+"), 16)) for part in images.split())


def test_simple_lowercase_agrees_with_the_shipped_fold_mapping_data():
    """§3.1 case-insensitivity, FOLD-MAPPING = simple-lowercase: at every code point where the
    readings of FOLD-MAPPING differ (vectors/data/fold-mapping.yaml, read from the Unicode
    data files, not from the reference), the reference gives the simple-lowercase image."""
    data = yaml.safe_load((vectors_root() / "data" / "fold-mapping.yaml").read_text("utf-8"))
    assert data["entry"] == "FOLD-MAPPING" and len(data["differences"]) > 50
    wrong = {
        item["probe"]: (simple_lowercase(_code_points(item["probe"])), item["images"])
        for item in data["differences"]
        if simple_lowercase(_code_points(item["probe"]))
        != _code_points(item["images"]["simple-lowercase"])
    }
    assert wrong == {}


@given(st.text(st.sampled_from("\u03a3\u03c3\u03c2AbI\u0130 .\u0307\u00df")) | ANY_TEXT)
def test_simple_lowercase_is_context_free(text):
    """§3.1 (FOLD-MAPPING = simple-lowercase): the mapping of a string is the mapping of each
    code point (no Final_Sigma context, length kept)."""
    assert simple_lowercase(text) == "".join(simple_lowercase(char) for char in text)
    assert len(simple_lowercase(text)) == len(text)


def _non_space(text: str) -> str:
    return "".join(char for char in text if char not in WHITE_SPACE)


@given(S.texts(normative=False))
def test_split_preserves_every_non_whitespace_character_in_order(text):
    """§3.2 "nothing cleverer": splitting only cuts; every non-whitespace character of the
    text is in the sentences, in order."""
    assert _non_space("".join(split_sentences(text))) == _non_space(text)


@given(S.texts(normative=False))
def test_sentences_are_clean_and_stable(text):
    """§3.2: no sentence holds a newline, a terminator followed by whitespace inside it, or
    only whitespace; a sentence split again is itself."""
    for sentence in split_sentences(text):
        assert "\n" not in sentence and "\r" not in sentence
        assert _non_space(sentence)
        assert not any(
            c in ".!?" and n in WHITE_SPACE
            for c, n in zip(sentence[:-1], sentence[1:], strict=True)
        )
        assert split_sentences(sentence) == [sentence]


@given(S.texts(normative=False), S.texts(normative=False))
def test_split_on_newline_is_local(first, second):
    """§3.2 "split on newline": the sentences of a + LF + b are those of a, then those of b."""
    assert split_sentences(first + "\n" + second) == split_sentences(first) + split_sentences(
        second
    )


@given(S.texts(), st.sampled_from([S.ascii_upper, S.ascii_lower, S.ascii_swapcase]))
def test_synonym_match_ascii_case_invariant(text, change):
    """§3.3 "case-insensitive": ASCII case changes never change synonym_match (normative ground)."""
    changed = change(text)
    assume(not (ground.fold_points(text) | ground.fold_points(changed)))
    assume(not (ground.synonym_points(text) | ground.synonym_points(changed)))
    assert synonym_matches(text, "absent_key") == synonym_matches(changed, "absent_key")


@given(ANY_TEXT, ANY_TEXT, st.sampled_from(S.SYNONYMS), st.sampled_from(S.CASINGS))
def test_a_listed_phrase_matches_in_any_context(before, after, phrase, casing):
    """§3.3: every phrase of the absent_key list, in any case, set off by spaces, is found."""
    assert synonym_matches(before + " " + casing(phrase) + " " + after, "absent_key")


@given(ANY_TEXT, ANY_TEXT, ANY_TEXT)
def test_synonym_match_survives_added_lines(text, before, after):
    """§3.3 literal phrase matching: adding lines around a text never loses a match."""
    if synonym_matches(text, "absent_key"):
        assert synonym_matches(before + "\n" + text + "\n" + after, "absent_key")


@given(ANY_TEXT, st.sampled_from(["wrong_value", "extra_key", "", "ABSENT_KEY"]))
def test_unregistered_deviation_types_have_no_synonyms(text, deviation_type):
    """§3.3: absent_key is the only registered list; no other type has a synonym to find."""
    assert not synonym_matches(text, deviation_type)
