"""The edition diff's pieces (conformance/editing/editiondiff.py) on small literal inputs: the
pairs of readings an expectation tells apart, the text report's section of vectors that stop
telling readings apart, and a group's list of ids cut at `shown`."""

from oasis_si_conformance.editing import editiondiff

#: Two readings of one entry that an answer tells apart (a match and no match).
APART = {"ambiguity": "FOLD-ORDER", "readings": {"b": {"match": False}, "a": {"match": True}}}


def test_the_pairs_apart_are_the_readings_pairs_in_name_order():
    assert editiondiff._pairs_apart(APART) == {("a", "b")}
    assert editiondiff._pairs_apart(APART, "FOLD-ORDER") == {("a", "b")}


def test_an_expectation_without_readings_or_of_another_entry_tells_no_pair_apart():
    assert editiondiff._pairs_apart({"expected": {"match": True}}) == set()
    assert editiondiff._pairs_apart({"expected": {"match": True}}, "FOLD-ORDER") == set()
    assert editiondiff._pairs_apart(APART, "OTHER-ENTRY") == set()


def document(**extra):
    """The smallest report `render` reads: nothing changed but what `extra` sets."""
    return {
        "from": "first",
        "to": "second",
        "changed": 0,
        "vectors": 3,
        "corpus_digest": "d",
        "declared_changes": [],
        "kinds": {},
        "by_clause": {},
        "by_family": {},
        "by_entry": {},
        "changes": [],
    } | extra


def test_render_lists_the_vectors_that_stop_telling_readings_apart_by_entry():
    for summary in (False, True):
        lines = editiondiff.render(
            document(indistinct={"FOLD-ORDER": ["v1", "v2"]}), summary=summary
        ).splitlines()
        at = lines.index("Vectors that stop telling readings apart:")
        row = lines[at + 1].split()
        assert row[:2] == ["FOLD-ORDER", "2"]
        assert row[2:] == ([] if summary else ["v1,", "v2"])


def test_render_has_no_such_section_when_none_stops():
    for lost in ({}, None):
        lines = editiondiff.render(document(indistinct=lost)).splitlines()
        assert "Vectors that stop telling readings apart:" not in lines


def test_a_group_names_the_first_shown_ids_and_counts_the_rest():
    more = ["3.1", "3", "a,", "b", "and", "1", "more"]
    assert editiondiff._group("3.1", ["a", "b", "c"], 2).split() == more
    assert editiondiff._group("3.1", ["a", "b"], 2).split() == ["3.1", "2", "a,", "b"]
    assert editiondiff._group("3.1", ["a"], 2).split() == ["3.1", "1", "a"]
    assert editiondiff._group("3.1", ["a", "b", "c"], 0).split() == ["3.1", "3"]
