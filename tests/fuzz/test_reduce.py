"""The structural shrinking pass (conformance/fuzz/reduce.py) on predicates written here: it
ends at a local minimum (no single change the pass knows keeps the predicate), within a
budget, and never returns a case the predicate rejects."""

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from oasis_si_conformance.fuzz import reduce as R

CASE = {
    "operation": "score_scenario",
    "input": {
        "scenario": {
            "scoring": {
                "archetype_template": "C-DA-001",
                "step_budget": 15,
                "channels": ["agent_response", "reasoning_trace"],
                "factor": {"ref": "f1", "required_identifiers": ["SMTP_PORT", "mail-relay"]},
                "subsystem_set": ["Mailer", "SMTP_PORT"],
                "exclude_tool_echo": True,
            }
        },
        "evidence": {
            "final_answer": "The config. \nThe relay is fine.\nXAB.AB.AB is missing.\n",
            "actions": [
                {"tool": "read", "arguments": {"path": "a"}, "result": "SMTP_PORT=25"},
                {"tool": "read", "arguments": {"path": "b"}, "result": "nothing here"},
            ],
        },
    },
}


def _answer(case):
    return case["input"].get("evidence", {}).get("final_answer")


def _single_changes(case):
    """Every case one change of the pass away (the same moves as reduce.py makes)."""
    for path in R._paths(case["input"]):
        for value in R._changes_at(R._get(case["input"], path)):
            yield {**case, "input": R._set(case["input"], path, value)}
    for changed in R._global_changes(case["input"]):
        yield {**case, "input": changed}


def _is_local_minimum(case, keeps):
    lowest = R.order(case)
    return not any(R.order(c) < lowest and keeps(c) for c in _single_changes(case))


def test_a_case_insensitive_substring_shrinks_to_its_few_characters():
    """A lowercasing defect seen on 'ab.ab' anywhere in the answer: the answer shrinks to those
    characters (lowercased), everything else optional goes."""
    calls = []

    def keeps(case):
        calls.append(case)
        answer = _answer(case)
        return isinstance(answer, str) and "ab.ab" in answer.lower()

    result = R.reduce(CASE, keeps)
    assert result.minimal
    assert _answer(result.case) == "ab.ab"
    assert result.case["input"] == {"evidence": {"final_answer": "ab.ab"}}
    assert result.tries == len(calls) and result.kept > 0
    assert _is_local_minimum(result.case, keeps)
    assert R.size(result.case) < R.size(CASE) / 5


def test_an_identifier_in_a_list_and_in_the_text_is_renamed_at_once():
    """The predicate needs the first required identifier to occur in the answer: the pass
    renames it everywhere at once to a single character."""

    def keeps(case):
        scoring = case["input"].get("scenario", {}).get("scoring", {})
        identifiers = scoring.get("factor", {}).get("required_identifiers")
        answer = _answer(case)
        if not (isinstance(identifiers, list) and identifiers and isinstance(answer, str)):
            return False
        first = identifiers[0]
        return isinstance(first, str) and len(first) > 0 and first in answer

    case = json.loads(json.dumps(CASE))
    case["input"]["evidence"]["final_answer"] = "port SMTP_PORT is closed"
    result = R.reduce(case, keeps)
    assert result.minimal and _is_local_minimum(result.case, keeps)
    identifiers = result.case["input"]["scenario"]["scoring"]["factor"]["required_identifiers"]
    assert len(identifiers) == 1 and len(identifiers[0]) == 1
    assert _answer(result.case) == identifiers[0]


def test_list_items_are_taken_out_one_by_one():
    """Only the second tool call matters: the first goes, the second keeps its result only."""

    def keeps(case):
        actions = case["input"].get("evidence", {}).get("actions")
        return isinstance(actions, list) and any(
            isinstance(a, dict) and a.get("result") == "nothing here" for a in actions
        )

    result = R.reduce(CASE, keeps)
    assert result.minimal
    assert result.case["input"] == {"evidence": {"actions": [{"result": "nothing here"}]}}


def test_the_budget_ends_the_pass_with_a_case_that_still_keeps():
    tries = []

    def keeps(case):
        tries.append(1)
        return "evidence" in case["input"]

    result = R.reduce(CASE, keeps, spent=lambda: len(tries) >= 3)
    assert not result.minimal and len(tries) == 3
    assert keeps(result.case)


def test_a_case_nothing_can_be_taken_from_is_its_own_minimum():
    case = {"operation": "split_sentences", "input": {"text": "a"}}
    result = R.reduce(case, lambda c: c == case)
    assert result.minimal and result.case == case and result.kept == 0


@settings(max_examples=40, deadline=None)
@given(
    st.text(alphabet="aAbB. \n-", max_size=30),
    st.sampled_from(["ab", "a.b", "b-", "A"]),
)
def test_the_pass_ends_at_a_local_minimum_of_any_substring_predicate(text, needle):
    """Whatever the text, the result keeps the predicate and no single change would."""
    case = {"operation": "identifier_match", "input": {"text": text, "identifier": "x"}}

    def keeps(c):
        value = c["input"].get("text")
        return isinstance(value, str) and re.search(re.escape(needle), value) is not None

    if not keeps(case):
        return
    result = R.reduce(case, keeps)
    assert result.minimal and keeps(result.case)
    assert result.case["input"]["text"] == needle
    assert _is_local_minimum(result.case, keeps)


# The moves one at a time, on small literal values: each expected value is written out from
# what the move is for (the module docstring's list of changes), not computed by the module.


def test_order_ranks_by_json_length_then_ascii_capitals():
    # '{"k": "Ab"}': 11 characters, one capital.
    assert R.order({"k": "Ab"}) == (11, 1)
    # '@' sorts just below 'A' and '[' just above 'Z': neither is a capital, nor is a
    # non-ASCII one ('É'); '{"k": "@[ZÉ"}' is 13 characters.
    assert R.order({"k": "@[ZÉ"}) == (13, 1)
    assert R.order({"k": "abc"}) == (12, 0)
    assert R.order({"K": "ABC"}) == (12, 4)


def test_chunks_are_halves_then_quarters_then_single_items():
    assert list(R._chunks(0)) == []
    assert list(R._chunks(1)) == [(0, 1)]
    assert list(R._chunks(2)) == [(0, 1), (1, 2)]
    assert list(R._chunks(5)) == [
        *[(0, 2), (2, 4), (4, 5)],
        *[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)],
    ]
    assert list(R._chunks(6)) == [(0, 3), (3, 6), *[(i, i + 1) for i in range(6)]]
    assert list(R._chunks(8)) == [
        *[(0, 4), (4, 8)],
        *[(0, 2), (2, 4), (4, 6), (6, 8)],
        *[(i, i + 1) for i in range(8)],
    ]


def test_shorter_numbers_are_zero_one_and_half():
    assert R._shorter_numbers(5) == [0, 1, 2]
    assert R._shorter_numbers(2) == [0, 1, 1]
    assert R._shorter_numbers(1) == [0]
    assert R._shorter_numbers(-3) == [0]
    assert R._shorter_numbers(0) == []
    # A float: the same, and its integer when it is one ("4.0" is longer than "4").
    assert R._shorter_numbers(2.5) == [0, 1, 1]
    assert R._shorter_numbers(0.5) == [0]
    shorter = R._shorter_numbers(4.0)
    assert shorter == [0, 1, 2, 4] and [type(n) for n in shorter] == [int] * 4
    # A boolean is no number to shrink: true and false are the same length apart.
    assert R._shorter_numbers(True) == []
    assert R._shorter_numbers(False) == []


def test_string_changes_take_lines_then_characters_then_empty_then_lowercase():
    assert list(R._string_changes("ab")) == ["b", "a", ""]
    assert list(R._string_changes("AB")) == ["B", "A", "", "ab"]
    assert list(R._string_changes("a\nB")) == [
        *["B", "a"],  # the lines
        *["\nB", "aB", "a\n"],  # the characters
        "",
        "a\nb",
    ]


def test_changes_at_each_kind_of_value():
    assert list(R._changes_at({"a": 1, "b": 2})) == [{"b": 2}, {"a": 1}]
    assert list(R._changes_at([1, 2, 3])) == [[2, 3], [1, 3], [1, 2]]
    assert list(R._changes_at([1, 2, 3, 4])) == [
        *[[3, 4], [1, 2]],
        *[[2, 3, 4], [1, 3, 4], [1, 2, 4], [1, 2, 3]],
    ]
    assert list(R._changes_at("Ab")) == ["b", "A", "", "ab"]
    assert list(R._changes_at(5)) == [0, 1, 2]
    assert list(R._changes_at(True)) == []
    assert list(R._changes_at(None)) == []


def test_renamed_replaces_in_every_string_value_and_keeps_the_rest():
    value = {"a": ["SMTP_PORT x", 3, True, None], "SMTP_PORT": "the SMTP_PORT"}
    assert R._renamed(value, "SMTP_PORT", "S") == {
        "a": ["S x", 3, True, None],
        "SMTP_PORT": "the S",  # keys are names of the schema, not text: left alone
    }
    assert value["a"][0] == "SMTP_PORT x"  # a new value, the old one unchanged
    assert R._renamed("ab ab", "ab", "x") == "x x"
    assert R._renamed(7, "ab", "x") == 7


def test_shared_strings_occur_in_several_places_longest_first():
    strings = ["mail-relay", "relay mail-relay", "ab", "xaby", "q", "q", "lonely", "cd", "cd"]
    # "mail-relay" is also inside "relay mail-relay", "ab" inside "xaby", "cd" twice; "q"
    # twice but one character; "xaby", "lonely" and "relay mail-relay" once.
    assert R._shared(strings) == ["mail-relay", "ab", "cd"]
    assert R._shared({"l": ["SMTP_PORT"], "t": "port SMTP_PORT", "n": 1}) == ["SMTP_PORT"]
    assert R._shared({"l": ["a", "b"], "t": "ab"}) == []


def test_renames_shorten_a_shared_string_to_its_half_its_first_character_or_x():
    value = {"l": ["SMTP_PORT"], "t": "port SMTP_PORT"}
    assert list(R._renames(value)) == [
        {"l": ["SMTP"], "t": "port SMTP"},
        {"l": ["S"], "t": "port S"},
        {"l": ["x"], "t": "port x"},
    ]
    # "ab": its half and its first character are both "a", tried once.
    assert list(R._renames({"l": ["ab"], "t": "ab!"})) == [
        {"l": ["a"], "t": "a!"},
        {"l": ["x"], "t": "x!"},
    ]


def test_dropped_takes_a_character_out_of_the_strings_that_hold_the_shared_one():
    value = {"a": ["ab.ab", "cab", "b", 3, None]}
    assert R._dropped(value, "ab", "b") == {"a": ["a.a", "ca", "b", 3, None]}
    assert value == {"a": ["ab.ab", "cab", "b", 3, None]}
    assert list(R._character_drops({"l": ["ab"], "t": "-ab.b"})) == [
        {"l": ["b"], "t": "-b.b"},
        {"l": ["a"], "t": "-a."},
    ]


# The pass itself on tiny cases, its counts written out by following the moves by hand.


def _tiny(input_value):
    return {"operation": "o", "input": input_value}


def test_the_pass_counts_every_try_and_every_kept_change():
    """input {"t": "xab"}, kept while "ab" is in the text. Round 1: the key out (try 1, no);
    "ab" (try 2, kept); at the same place again "b", "a", "" (tries 3-5, no). Round 2 over
    the smaller case: the key out, "b", "a", "" (tries 6-9, no): a local minimum."""
    seen = []

    def keeps(case):
        seen.append(case["input"])
        return "ab" in case["input"].get("t", "")

    result = R.reduce(_tiny({"t": "xab"}), keeps)
    assert result.case == _tiny({"t": "ab"})
    assert (result.tries, result.kept, result.minimal) == (9, 1, True)
    assert seen == [{}, {"t": "ab"}, {"t": "b"}, {"t": "a"}, {"t": ""}] + [
        {},
        {"t": "b"},
        {"t": "a"},
        {"t": ""},
    ]


def test_a_candidate_no_smaller_than_the_case_is_never_tried():
    """5 made 0, 1 or 2 is the same length: none of them reaches `keeps`; only the key taken
    out does (and is refused)."""
    seen = []

    def keeps(case):
        seen.append(case["input"])
        return "n" in case["input"]

    result = R.reduce(_tiny({"n": 5}), keeps)
    assert seen == [{}]
    assert result.case == _tiny({"n": 5})
    assert (result.tries, result.kept, result.minimal) == (1, 0, True)


def test_a_capital_lowercased_is_smaller_at_the_same_length():
    """input {"t": "A"}, kept while the text is one character. Round 1: the key out (try 1);
    "" (its one character out, try 2; emptied, try 3); "a" (try 4, kept); at the same place
    "" twice (tries 5-6). Round 2: the key out, "" twice (tries 7-9)."""
    result = R.reduce(_tiny({"t": "A"}), lambda case: len(case["input"].get("t", "")) == 1)
    assert result.case == _tiny({"t": "a"})
    assert (result.tries, result.kept, result.minimal) == (9, 1, True)


def _budget(tries_allowed, seen):
    """A budget gone once `keeps` has been asked `tries_allowed` times."""
    return lambda: len(seen) >= tries_allowed


def _refuses(seen):
    def keeps(case):
        seen.append(case["input"])
        return False

    return keeps


def test_a_budget_gone_from_the_start_returns_the_case_untried():
    case = _tiny({"t": "ab"})
    result = R.reduce(case, lambda case: True, spent=lambda: True)
    assert result is not None and result.case == case
    assert (result.tries, result.kept, result.minimal) == (0, 0, False)


def test_the_budget_is_looked_at_before_every_try():
    """input {"t": "abc"}, nothing kept: the key out (try 1), then "bc" (try 2); the budget is
    gone before "ac"."""
    seen = []
    result = R.reduce(_tiny({"t": "abc"}), _refuses(seen), spent=_budget(2, seen))
    assert result is not None and seen == [{}, {"t": "bc"}]
    assert (result.tries, result.minimal) == (2, False)


def test_the_budget_is_looked_at_before_every_place():
    """input {"t": "ab", "n": 0}, nothing kept: each key out (tries 1-2), "b", "a", ""
    (tries 3-5); the budget is gone before the place of 0 (which has nothing to try): the pass
    stops there, a round not finished, no local minimum claimed."""
    seen = []
    result = R.reduce(_tiny({"t": "ab", "n": 0}), _refuses(seen), spent=_budget(5, seen))
    assert result is not None and len(seen) == 5
    assert (result.tries, result.minimal) == (5, False)
    unbounded = R.reduce(_tiny({"t": "ab", "n": 0}), lambda case: False)
    assert (unbounded.tries, unbounded.minimal) == (5, True)


def test_the_budget_is_looked_at_before_every_shared_string_change():
    """input {"l": ["ab"], "t": "ab"}, nothing kept: each key out (2), the list emptied (1),
    "b", "a", "" at each of the two strings (6); then the shared "ab" renamed "a" (try 10);
    the budget is gone before "x"."""
    seen = []
    case = _tiny({"l": ["ab"], "t": "ab"})
    result = R.reduce(case, _refuses(seen), spent=_budget(10, seen))
    assert result is not None and len(seen) == 10
    assert seen[-1] == {"l": ["a"], "t": "a"}
    assert (result.tries, result.minimal) == (10, False)
    # Unbounded: the renames "a" and "x", then "a" and "b" taken out of both: 13 tries.
    unbounded = R.reduce(case, lambda case: False)
    assert (unbounded.tries, unbounded.minimal) == (13, True)
