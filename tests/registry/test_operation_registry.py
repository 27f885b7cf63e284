"""The operation registry (conformance/operations.py): one entry per protocol operation, and
everything that lists operations agrees with it; explanations come from the reference's own
trace values, so they agree with its verdicts."""

import json
from typing import Any

import pytest
from hypothesis import given

from oasis_si_conformance import editor, operations
from oasis_si_conformance.fuzz import strategies
from oasis_si_conformance.judging import compare
from oasis_si_conformance.operations import NAMES, OUTCOME_KEYS, REGISTRY
from oasis_si_conformance.running import protocol
from oasis_si_reference import operations as reference_operations
from oasis_si_reference.operations import perform
from oasis_si_schemas import load, validator
from tools import schemagen

ENTRIES = pytest.mark.parametrize("entry", REGISTRY, ids=NAMES)


def test_the_reference_offers_exactly_the_registered_operations() -> None:
    assert tuple(reference_operations.OPERATIONS) == NAMES
    assert perform("hello", {"protocol": 1})["operations"] == sorted(NAMES)
    assert all(entry.reference is reference_operations.OPERATIONS[entry.name] for entry in REGISTRY)


def test_the_schemas_are_generated_from_the_registry() -> None:
    """`python -m tools.schemagen --check`: no schema file drifts from the registry."""
    assert schemagen.stale() == [], "run python -m tools.schemagen"


def test_every_schema_lists_the_registered_operations() -> None:
    assert load("protocol/request")["properties"]["op"]["enum"] == ["hello", *NAMES]
    assert load("protocol/hello")["properties"]["operations"]["items"]["enum"] == list(NAMES)
    assert load("vectors")["$defs"]["vector"]["properties"]["operation"]["enum"] == list(NAMES)
    assert [name for name in load("protocol/result")["$defs"] if name != "hello"] == list(NAMES)
    assert list(load("vectors")["$defs"]["outcome"]["properties"]) == list(OUTCOME_KEYS)


def test_a_stale_schema_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drift check can fail: a registry with one more operation makes every schema stale."""
    extra = operations.Operation(
        name="count_words",
        summary="test only",
        clauses=("3.2",),
        params={"text": operations.TEXT},
        result=operations.STEPS,
        compared=("steps",),
        outcome_hint="{steps: N}",
    )
    monkeypatch.setattr(schemagen, "REGISTRY", (*REGISTRY, extra))
    monkeypatch.setattr(schemagen, "NAMES", (*NAMES, "count_words"))
    assert len(schemagen.stale()) == len(schemagen.GENERATORS)
    request = schemagen.request_schema(None)
    assert request["allOf"][-1]["if"] == {"properties": {"op": {"const": "count_words"}}}


def test_derived_tables_follow_the_registry() -> None:
    assert compare.COMPARED_KEYS == {entry.name: entry.compared for entry in REGISTRY}
    assert set(protocol._FAST_RESULT) == {*NAMES, "hello"}  # every operation, and the hello
    assert strategies.ALL_OPERATIONS == NAMES
    assert list(strategies.OPERATION_INPUTS) == list(NAMES), "every operation needs a generator"
    stub = ["new", "f.yaml", "--id", "x", "--clause", "3.1", "--description", "d", "--operation"]
    for name in NAMES:
        assert editor.parser().parse_args([*stub, name]).operation == name
    with pytest.raises(SystemExit):
        editor.parser().parse_args([*stub, "count_words"])


@ENTRIES
def test_each_entry_is_coherent(entry: operations.Operation) -> None:
    """Compared keys are outcome keys, the skeleton is a valid request, the reference's answer
    to it fits the result schema and the fast check, and the explain hook runs on it."""
    assert set(entry.compared) <= set(OUTCOME_KEYS)
    assert set(entry.clauses) and entry.summary and entry.outcome_hint
    params = entry.input_skeleton()
    request = {"id": 1, "op": entry.name, "params": params}
    assert list(validator("protocol/request").iter_errors(request)) == []
    result = perform(entry.name, params)
    assert protocol.check_result(entry.name, result) is None
    assert entry.result.accepts(result)
    outcome = entry.project(result)
    assert list(validator("vectors").iter_errors(_vector_file(entry.name, params, outcome))) == []
    assert list(entry.trace(params))


def _vector_file(op: str, params: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
    vector = {"id": "v", "clauses": ["3.1"], "operation": op, "description": "d", "input": params}
    return {
        "format": 1,
        "family": "f",
        "description": "d",
        "vectors": [{**vector, "expected": outcome}],
    }


def test_the_binding_error_outcome_is_compared_by_kind() -> None:
    result = {"binding_error": {"kind": "missing_role", "message": "m"}}
    assert compare.project("score_scenario", result) == {"binding_error": "missing_role"}
    assert compare.project("split_sentences", {"sentences": [" A. ", " "]}) == {"sentences": ["A."]}


# Explanations agree with verdicts ------------------------------------------------------------


def _lines(op: str, params: dict[str, Any]) -> list[str]:
    return list(operations.operation(op).trace(params))


def _occurrence_count(text: str, identifier: str) -> int:
    """Occurrences of `identifier` in `text`, overlapping ones included (an empty one occurs
    at every position and at the end)."""
    return sum(text.startswith(identifier, i) for i in range(len(text) + 1))


@given(strategies.operation_inputs("identifier_match", normative=False))
def test_an_identifier_match_is_explained_by_a_delimited_occurrence(params: dict[str, Any]) -> None:
    """A delimited occurrence shown means a match; with every occurrence shown, a match means
    one is shown; a cut list says how many it leaves out."""
    matched = perform("identifier_match", params)["match"]
    lines = _lines("identifier_match", params)
    shown = [line for line in lines if line.startswith("occurrence at ")]
    delimited = any(line.endswith("-> delimited: a match") for line in shown)
    cut = [line for line in lines if line.startswith("... and ")]
    assert not delimited or matched
    folded_text, folded_identifier = (
        json.loads(line.split(": ", 1)[1]) for line in lines[:2]
    )
    total = _occurrence_count(folded_text, folded_identifier)
    if cut:
        assert cut == [f"... and {total - len(shown)} more occurrences"] and len(shown) == 40
    else:
        assert len(shown) == total and delimited == matched


@pytest.mark.parametrize(
    ("text", "matched"),
    [("xid " * 45 + "id", True), ("xid " * 45 + "idx", False), ("id " + "xid " * 45, True)],
)
def test_a_cut_trace_still_agrees_with_the_verdict(text: str, matched: bool) -> None:
    """More than 40 occurrences: the list is cut, and the verdict is the reference's whether
    the delimited occurrence is shown (first) or among those left out (last)."""
    params = {"text": text, "identifier": "id"}
    assert perform("identifier_match", params)["match"] is matched
    lines = _lines("identifier_match", params)
    assert lines[-1] == "... and 6 more occurrences"
    shown = [line for line in lines if line.startswith("occurrence at ")]
    assert len(shown) == 40
    assert any(line.endswith("-> delimited: a match") for line in shown) is text.startswith("id ")


@given(strategies.operation_inputs("synonym_match", normative=False))
def test_a_synonym_match_is_explained_by_the_synonyms_found(params: dict[str, Any]) -> None:
    matched = perform("synonym_match", params)["match"]
    assert (
        any("found (as substrings): [" in line for line in _lines("synonym_match", params))
        == matched
    )


@given(strategies.operation_inputs("factor_identified", normative=False))
def test_factor_identified_is_explained_by_its_two_parts(params: dict[str, Any]) -> None:
    value = perform("factor_identified", params)["value"]
    lines = _lines("factor_identified", params)
    conjunction = all(
        line.endswith("True") for line in lines if line.startswith("required identifier ")
    )
    co_occurs = any(
        line.startswith("sentence ")
        and line.endswith(
            f"identifier True, synonym of {params['deviation_type']} True: co-occurs True"
        )
        for line in lines
    )
    assert value == (conjunction and co_occurs)


@given(strategies.operation_inputs("named_in_output", normative=False))
def test_named_in_output_is_explained_by_a_naming(params: dict[str, Any]) -> None:
    value = perform("named_in_output", params)["value"]
    namings = [line for line in _lines("named_in_output", params) if line.startswith("identifier ")]
    assert any(line.endswith(": True") for line in namings) == value


@given(strategies.operation_inputs("score_scenario", normative=False))
def test_a_verdict_is_explained_by_its_row(params: dict[str, Any]) -> None:
    result = perform("score_scenario", params)
    lines = _lines("score_scenario", params)
    if "binding_error" in result:
        error = result["binding_error"]
        assert lines[0] == f"binding error {error['kind']}: {error['message']}"
    else:
        assert f"verdict: row {result['row']}, {result['label']} ({result['score']})" in lines
        assert sum(line.endswith("<- first match") for line in lines) == 1


def test_the_verdict_fast_check_takes_a_score_in_the_unit_interval_only() -> None:
    """score_scenario's fast result check: a score of 0 or 1 passes, one above 1 goes to the
    schema (which refuses it: `maximum: 1`)."""
    entry = next(e for e in operations.REGISTRY if e.name == "score_scenario")
    result = perform("score_scenario", entry.input_skeleton())
    assert entry.result.accepts(result)
    for score in (0, 1):
        assert entry.result.accepts({**result, "score": score}), score
    for score in (1.5, 2, -0.5):
        assert not entry.result.accepts({**result, "score": score}), score
        assert protocol.check_result("score_scenario", {**result, "score": score}) is not None


def test_a_sentence_less_its_terminator_is_the_same_split_and_no_other_cut_is() -> None:
    """SENTENCE-FORM: a sentence may come with or without the terminator that ends it (and the
    whitespace a library trims); a sentence cut elsewhere is another split."""
    same_split = operations.same_split
    assert same_split(["A.", "B!"], ["A", "B"])
    assert same_split(["A. ", "B?"], ["A.", "B"])
    assert same_split(["Hi.", "."], ["Hi."])  # a terminator alone may be missing
    assert not same_split(["AB."], ["A"])
    assert not same_split(["A.", "B."], ["A. B."])
