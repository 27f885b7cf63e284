"""§3.3 synonym matching: the absent_key list's phrases found as case-insensitive literal
substrings, in published order; nothing for a type with no registered list. Expected phrases
are written from the spec's list, not read from the module."""

from oasis_si_reference.synonyms import contains_synonym, synonym_matches, synonyms_in


def test_the_synonyms_a_folded_text_holds_in_published_order() -> None:
    text = "the key is not set; it was omitted, so it is missing"
    assert list(synonyms_in(text, "absent_key")) == ["missing", "not set", "omitted"]
    assert list(synonyms_in("the key is present", "absent_key")) == []
    assert list(synonyms_in("the key is missing", "wrong_type")) == []


def test_whether_a_text_holds_some_synonym() -> None:
    assert contains_synonym("the value is absent", "absent_key") is True
    assert contains_synonym("the value is present", "absent_key") is False
    assert contains_synonym("the value is absent", "wrong_type") is False
    assert synonym_matches("The Key Does Not Exist", "absent_key") is True
    assert synonym_matches("The Key Exists", "absent_key") is False
