"""Properties of decision tables and scoring (§1.3, §1.4, §4, §5.1). Each test's docstring
names its clause."""

import copy

from hypothesis import given
from hypothesis import strategies as st

from oasis_si_conformance.fuzz import strategies as S
from oasis_si_reference.evidence import evidence_from_json
from oasis_si_reference.operations import perform
from oasis_si_reference.primitives import factor_identified, named_in_output, within_step_budget

C_DA_001 = S.scenarios_with_evidence(normative=False)
COMPOSITES = S.scenarios_with_evidence(composite=True, normative=False)
ROWS = {
    1: (0.0, "budget_exhausted"),
    2: (1.0, "root_cause_identified"),
    3: (0.5, "subsystem_identified"),
    4: (0.0, "incorrect"),
}


def _score(scenario, artifact):
    return perform("score_scenario", {"scenario": scenario, "evidence": artifact})


def _valid(scenario):
    """The scenario with any restated deviation_type removed (a binding error otherwise)."""
    scenario = copy.deepcopy(scenario)
    scenario["scoring"].get("factor", {}).pop("deviation_type", None)
    return scenario


@given(S.table_inputs())
def test_evaluate_table_first_match_wins(params):
    """§1.4 / §5.1 "first match wins": the row is the first true row (1-based), else the
    else row, numbered len(rows)+1; score and label are that row's."""
    result = perform("evaluate_table", params)
    rows = params["rows"]
    first = next((i for i, row in enumerate(rows, start=1) if row["value"]), None)
    band = rows[first - 1] if first else params["else"]
    assert result["row"] == (first or len(rows) + 1)
    assert (result["score"], result["label"]) == (band["score"], band["label"])


@given(C_DA_001)
def test_c_da_001_scores_are_the_four_bands(pair):
    """§5.1: a C-DA-001 verdict is one of the four rows, with score 0, 0.5 or 1."""
    scenario, artifact = pair
    result = _score(_valid(scenario), artifact)
    assert result["score"] in (0.0, 0.5, 1.0)
    assert ROWS[result["row"]] == (result["score"], result["label"])


@given(C_DA_001)
def test_c_da_001_row_is_the_first_true_predicate(pair):
    """§5.1 decision table: row 1 iff not within_step_budget(step_budget); else row 2 iff
    factor_identified; else row 3 iff named_in_output(subsystem_set); else row 4."""
    scenario, artifact = pair
    scoring = _valid(scenario)["scoring"]
    evidence = evidence_from_json(artifact)
    channels, echo = scoring["channels"], scoring["exclude_tool_echo"]
    truths = [
        not within_step_budget(evidence, scoring["step_budget"]),
        factor_identified(
            evidence, scoring["factor"]["required_identifiers"], "absent_key", channels, echo
        ),
        named_in_output(evidence, scoring["subsystem_set"], channels, echo),
    ]
    expected_row = next((i for i, truth in enumerate(truths, start=1) if truth), 4)
    assert _score(_valid(scenario), artifact)["row"] == expected_row


@given(C_DA_001)
def test_c_da_001_equals_its_composite_restatement(pair):
    """§1.4 + §5.1: the C-DA-001 table restated as a scenario-local composite over the same
    roles gives the same verdict (one first-match mechanism)."""
    scenario, artifact = pair
    scenario = _valid(scenario)
    template = _score(scenario, artifact)
    composite = _score(S.c_da_001_as_composite(scenario), artifact)
    assert (template["score"], template["label"], template["row"]) == (
        composite["score"],
        composite["label"],
        composite["row"],
    )


@given(C_DA_001)
def test_no_final_answer_lands_in_row_1(pair):
    """§5.1 row 1 precedes row 2: an agent that never concluded scores 0.0 whatever its
    output otherwise holds."""
    scenario, artifact = pair
    artifact = dict(artifact, final_answer=None)
    assert _score(_valid(scenario), artifact)["row"] == 1


def _metadata_variant(artifact, durations, tokens, model):
    changed = copy.deepcopy(artifact)
    for index, action in enumerate(changed["actions"]):
        action["duration_ms"] = durations[index % len(durations)]
        action["id"] = f"other-{index}"
        action["error_code"] = None if action.get("error_code") else 124
        action["tool"] = "renamed_tool"
    changed["tokens"] = tokens
    changed["observed_model"] = model
    changed["scenario_id"] = "another-id"
    changed["observations"] = [{"kind": "noise"}]
    changed["vacuous_assertions"] = ["a"]
    return changed


@given(
    C_DA_001 | COMPOSITES,
    st.lists(st.sampled_from([0, 1, 59999, 61000, 400000, 3.6e6]), min_size=1),
    st.sampled_from([None, 0, 100001, 10**9]),
    st.sampled_from([None, "other-model"]),
)
def test_metadata_never_changes_a_verdict(pair, durations, tokens, model):
    """§4: wall-clock durations, tokens and other non-scoring metadata never change a verdict
    (nor a binding error)."""
    scenario, artifact = pair
    scenario = _valid(scenario) if "archetype_template" in scenario["scoring"] else scenario
    before = _score(scenario, artifact)
    after = _score(scenario, _metadata_variant(artifact, durations, tokens, model))
    keys = ("score", "label", "row", "binding_error")
    assert {k: before.get(k) for k in keys} == {k: after.get(k) for k in keys}


@given(S.invalid_bindings(), S.evidence_artifacts())
def test_invalid_bindings_yield_their_kind_never_a_score(invalid, artifact):
    """§1.3 (and PROTOCOL.md kinds): a scoring block with one defect yields that defect's
    binding error, never a score."""
    scenario, kind, _clause = invalid
    result = _score(scenario, artifact)
    assert "score" not in result
    assert result["binding_error"]["kind"] == kind


@given(C_DA_001 | COMPOSITES)
def test_valid_bindings_always_score(pair):
    """§1.3 / §1.4: a valid Form B binding or composite always yields a score in [0, 1]."""
    scenario, artifact = pair
    scenario = _valid(scenario) if "archetype_template" in scenario["scoring"] else scenario
    result = _score(scenario, artifact)
    assert "binding_error" not in result
    assert 0 <= result["score"] <= 1 and result["row"] >= 1


@given(C_DA_001)
def test_restated_deviation_type_is_rejected(pair):
    """§2.2 "read from that deviation, not restated" (BIND-RESTATED = reject, the reference's
    reading): a factor that restates deviation_type is a binding error."""
    scenario, artifact = pair
    scenario = copy.deepcopy(scenario)
    scenario["scoring"]["factor"]["deviation_type"] = "absent_key"
    assert _score(scenario, artifact)["binding_error"]["kind"] == "restated_deviation_type"
