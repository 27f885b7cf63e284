"""What reportview says of one part of a report, called directly on a hand-written part: the
baseline gate in words, a capped list, the compared part of an answer, the expected side of a
failed ambiguity vector, an entry's reading and whether it differs from the reference's.

Every expected value is written out here from the functions' docstrings and the report's
meaning, never computed by reportview."""

from typing import Any

import pytest

from oasis_si_conformance.reporting import reportview

# The baseline gate --------------------------------------------------------------------------


def _section(fail_on: list[str], tripped: list[str], **changes: int) -> dict[str, Any]:
    counts = {"regression": 0, "coverage": 0, "reading": 0, "convention": 0, **changes}
    return {"gate": {"fail_on": fail_on, "changes": counts, "tripped": tripped}}


def test_a_gate_that_fails_on_nothing_is_the_empty_string() -> None:
    # Changes were found, but no kind is gated: nothing to say, and said as "" (a str).
    text = reportview.gate_text(_section([], [], regression=3, reading=1))
    assert text == ""
    assert isinstance(text, str)


def test_a_gate_not_tripped_names_its_kinds_and_passes() -> None:
    # Changes of an ungated kind (reading) do not trip a gate on regression and coverage.
    text = reportview.gate_text(_section(["regression", "coverage"], [], reading=2))
    assert "TRIPPED" not in text
    assert text.endswith("passed")
    assert text == "baseline gate (--fail-on regression,coverage) passed"


def test_a_tripped_gate_names_each_kind_that_tripped_it_with_its_count() -> None:
    one = reportview.gate_text(_section(["regression", "coverage"], ["regression"], regression=2))
    assert "TRIPPED:" in one
    assert not one.endswith("passed")
    assert one == (
        "baseline gate (--fail-on regression,coverage) TRIPPED: "
        "2 regression(s) (passed before, failed now)"
    )
    both = reportview.gate_text(
        _section(["regression", "coverage"], ["regression", "coverage"], regression=1, coverage=4)
    )
    assert both == (
        "baseline gate (--fail-on regression,coverage) TRIPPED: "
        "1 regression(s) (passed before, failed now), "
        "4 vector(s) no longer exercised (passed before, not exercised now)"
    )


# A capped list ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("items", "shown", "expected"),
    [
        ([], 2, []),
        (["a"], 2, ["a"]),
        (["a", "b"], 2, ["a", "b"]),  # exactly as many as shown: nothing left to count
        (["a", "b", "c"], 2, ["a", "b", "and 1 more"]),
        (["a", "b", "c", "d", "e"], 1, ["a", "and 4 more"]),
    ],
)
def test_a_list_is_cut_only_past_its_limit_and_says_how_many_it_left_out(
    items: list[str], shown: int, expected: list[str]
) -> None:
    assert reportview.capped(items, shown) == expected


def test_capped_leaves_the_list_it_was_given_alone() -> None:
    items = ["a", "b", "c"]
    assert len(reportview.capped(items, 1)) == 2
    assert items == ["a", "b", "c"]


# The compared part of an answer -------------------------------------------------------------


def test_the_compared_part_of_an_object_answer_is_its_compared_keys() -> None:
    # split_sentences compares `sentences`; the other keys of the answer are not shown.
    vector = {"operation": "split_sentences", "actual": {"sentences": ["A.", "B."], "x": 1}}
    assert reportview.compared_part(vector) == {"sentences": ["A.", "B."]}
    # An answer holding none of the compared keys is shown whole.
    vector = {"operation": "split_sentences", "actual": {"x": 1}}
    assert reportview.compared_part(vector) == {"x": 1}


@pytest.mark.parametrize("answer", [["A.", "B."], "A. B.", 0, False])
def test_an_answer_that_is_not_an_object_is_its_own_compared_part(answer: Any) -> None:
    # A report read shallowly (a side-by-side's, a baseline) is not checked for the type of an
    # answer: one that is not an object is shown as it is, not as null.
    vector = {"operation": "split_sentences", "actual": answer}
    part = reportview.compared_part(vector)
    assert part is not None
    assert part == answer and type(part) is type(answer)


# The expected side of a failed ambiguity vector --------------------------------------------


def _ambiguity_vector(kind: str) -> dict[str, Any]:
    return {
        "id": "SPLIT-ABBR-001",
        "operation": "split_sentences",
        "expected": None,
        "ambiguity": "SPLIT-ABBR",
        "readings": {"split": {"sentences": ["Dr.", "Who."]}, "keep": {"sentences": ["Dr. Who."]}},
        "actual": {"sentences": ["Dr", "Who."]},
        "matched_readings": [],
        "failure": {"kind": kind},
    }


def test_an_answer_fitting_no_reading_is_expected_to_fit_one_of_them() -> None:
    found = reportview.expectation(_ambiguity_vector("no_reading"), {})
    assert found.expected is not None
    assert found.expected == (
        'a reading of SPLIT-ABBR: split: {"sentences": ["Dr.", "Who."]}'
        ' | keep: {"sentences": ["Dr. Who."]}'
    )
    assert found.actual == '{"sentences": ["Dr", "Who."]} (no reading)'


def test_an_inconsistent_answer_is_expected_to_follow_the_dominant_reading() -> None:
    vector = {**_ambiguity_vector("inconsistent_reading"), "matched_readings": ["split"]}
    entries = {"SPLIT-ABBR": {"dominant": "keep"}}
    found = reportview.expectation(vector, entries)
    assert found.expected == 'keep (the reading followed elsewhere): {"sentences": ["Dr. Who."]}'


# An entry's reading -------------------------------------------------------------------------


def _entry(**fields: Any) -> dict[str, Any]:
    entry = {"entry": "SPLIT-ABBR", "reference": "split", "followed": [], "consistent": True,
             "dominant": None, "not_applicable": None}
    return {**entry, **fields}


def test_an_entry_not_applicable_says_so_and_why_not_no_vote() -> None:
    # What the interpretation profile makes of an entry another entry's reading makes no open
    # point: consistent, following nothing, with the reason.
    why = "ECHO-LINE exact-substring trims nothing"
    text = reportview.reading_text(_entry(not_applicable=why))
    assert text is not None
    assert text.startswith("not applicable")
    assert text == "not applicable (ECHO-LINE exact-substring trims nothing)"


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"followed": ["keep"]}, "keep"),
        ({"followed": ["split", "keep"]}, "undetermined (consistent with split, keep)"),
        ({"consistent": False, "dominant": "keep"}, "INCONSISTENT (mostly keep)"),
        ({}, "no vote"),
    ],
)
def test_an_entry_s_reading_in_words(fields: dict[str, Any], expected: str) -> None:
    assert reportview.reading_text(_entry(**fields)) == expected


@pytest.mark.parametrize(
    ("fields", "differs"),
    [
        # followed consistently, by a reading not the reference's
        ({"followed": ["keep"]}, True),
        ({"followed": ["keep", "join"]}, True),
        # the reference's reading is followed, alone or among others
        ({"followed": ["split"]}, False),
        ({"followed": ["split", "keep"]}, False),
        # not followed consistently: no reading to differ by
        ({"consistent": False, "dominant": "keep"}, False),
        # no vote
        ({}, False),
        # the reference takes no reading of the entry
        ({"reference": None, "followed": ["keep"]}, False),
        # not applicable
        ({"not_applicable": "ECHO-LINE exact-substring trims nothing"}, False),
    ],
)
def test_an_entry_differs_from_the_reference_only_when_followed_consistently_otherwise(
    fields: dict[str, Any], differs: bool
) -> None:
    assert reportview.differs_from_reference(_entry(**fields)) is differs
