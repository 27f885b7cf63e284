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
