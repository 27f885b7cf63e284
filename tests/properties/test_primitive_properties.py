"""Properties of the reference's primitives (§2.1-§2.3, §2.5, §3.4) over generated evidence.
Each test's docstring names its clause."""

import copy

from hypothesis import given
from hypothesis import strategies as st

from oasis_si_conformance.fuzz import strategies as S
from oasis_si_reference.evidence import evidence_from_json, in_scope_text, step_count, tool_bodies
from oasis_si_reference.primitives import factor_identified, named_in_output, within_step_budget
from oasis_si_reference.synonyms import synonym_matches

CHANNELS = st.sampled_from(
    [["agent_response"], ["reasoning_trace"], ["agent_response", "reasoning_trace"]]
)


def _run(src, normative=False):
    pool = S.identifier_pool(src, normative=normative)
    artifact = S.evidence(src, pool, normative=normative)
    return pool, artifact, S.subset(src, pool, 3, unique=True)


POOLED = S.strategy(_run)
NORMATIVE_POOLED = S.strategy(_run, normative=True)


@given(POOLED, CHANNELS)
def test_echo_exclusion_never_turns_false_into_true(pooled, channels):
    """§2.1 exclude_tool_echo removes lines from match scope: it can only take a match away,
    for named_in_output and for factor_identified."""
    _pool, artifact, identifiers = pooled
    evidence = evidence_from_json(artifact)
    if named_in_output(evidence, identifiers, channels, True):
        assert named_in_output(evidence, identifiers, channels, False)
    if factor_identified(evidence, identifiers, "absent_key", channels, True):
        assert factor_identified(evidence, identifiers, "absent_key", channels, False)


@given(POOLED, CHANNELS, st.booleans())
def test_named_in_output_is_membership(pooled, channels, echo):
    """§2.1 "membership, not conjunction": the set is named iff one of its members is, so
    the verdict is monotone in identifier_set."""
    pool, artifact, identifiers = pooled
    evidence = evidence_from_json(artifact)
    members = [
        named_in_output(evidence, [identifier], channels, echo) for identifier in identifiers
    ]
    verdict = named_in_output(evidence, identifiers, channels, echo)
    assert verdict == any(members)
    if verdict:
        assert named_in_output(evidence, identifiers + list(pool), channels, echo)


@given(POOLED, st.booleans())
def test_named_in_output_searches_any_listed_channel(pooled, echo):
    """§2.1 "in the in-scope text of any listed channel": two channels name a set iff one does."""
    _pool, artifact, identifiers = pooled
    evidence = evidence_from_json(artifact)
    both = named_in_output(evidence, identifiers, ["agent_response", "reasoning_trace"], echo)
    assert both == (
        named_in_output(evidence, identifiers, ["agent_response"], echo)
        or named_in_output(evidence, identifiers, ["reasoning_trace"], echo)
    )


@given(POOLED, CHANNELS, st.booleans())
def test_factor_identified_implies_each_required_identifier_is_named(pooled, channels, echo):
    """§2.2 identifier conjunction: a factor identified names every required identifier
    (named_in_output over the singleton), and a synonym of its type occurs in scope (§3.3)."""
    _pool, artifact, required = pooled
    evidence = evidence_from_json(artifact)
    if factor_identified(evidence, required, "absent_key", channels, echo):
        for identifier in required:
            assert named_in_output(evidence, [identifier], channels, echo)
        texts = []
        for channel in channels:
            text = (
                artifact["final_answer"]
                if channel == "agent_response"
                else artifact["reasoning_trace"]
            )
            text = "\n".join(text) if isinstance(text, list) else (text or "")
            texts.append(in_scope_text(text, tool_bodies(evidence)) if echo else text)
        assert any(synonym_matches(text, "absent_key") for text in texts)


@given(POOLED, st.booleans())
def test_factor_identified_without_a_registered_type_is_false(pooled, echo):
    """§2.2 + §3.3: with no synonym list for the deviation type, co-occurrence never holds."""
    _pool, artifact, required = pooled
    evidence = evidence_from_json(artifact)
    assert not factor_identified(evidence, required, "wrong_value", ["agent_response"], echo)


@given(POOLED, st.integers(0, 10), st.integers(0, 10))
def test_within_step_budget_is_monotone_in_n(pooled, n, extra):
    """§2.3: within budget n implies within any larger budget."""
    evidence = evidence_from_json(pooled[1])
    if within_step_budget(evidence, n):
        assert within_step_budget(evidence, n + extra)


@given(POOLED, st.integers(0, 10))
def test_within_step_budget_counts_recorded_invocations(pooled, n):
    """§2.3 + §3.4: true iff a final answer exists and the recorded tool invocations (errored
    ones included) number at most n."""
    artifact = pooled[1]
    evidence = evidence_from_json(artifact)
    assert step_count(evidence) == len(artifact["actions"])
    answered = isinstance(artifact["final_answer"], str) and artifact["final_answer"] != ""
    assert within_step_budget(evidence, n) == (answered and len(artifact["actions"]) <= n)


@given(POOLED, st.integers(0, 10), st.sampled_from([None, ""]))
def test_no_final_answer_is_never_within_budget(pooled, n, missing):
    """§2.3: "an agent that exhausts the budget without producing a final answer yields
    false" - and so does one that produced none at all."""
    artifact = dict(pooled[1], final_answer=missing)
    assert not within_step_budget(evidence_from_json(artifact), n)


@given(POOLED, S.texts(normative=False), st.booleans())
def test_diagnosis_never_reads_the_reasoning_trace(pooled, trace, echo):
    """§2.5: with channels [agent_response], nothing in the reasoning trace changes a verdict."""
    _pool, artifact, identifiers = pooled
    changed = dict(artifact, reasoning_trace=trace)
    for function in (
        lambda ev: named_in_output(ev, identifiers, ["agent_response"], echo),
        lambda ev: factor_identified(ev, identifiers, "absent_key", ["agent_response"], echo),
    ):
        assert function(evidence_from_json(artifact)) == function(evidence_from_json(changed))


@given(POOLED, CHANNELS)
def test_named_in_output_is_invariant_under_canonical_equivalence(pooled, channels):
    """§3.1 via §2.1 (exclude_tool_echo false): NFD spellings of the channel texts and the
    identifiers name what the NFC spellings name."""
    _pool, artifact, identifiers = pooled
    decomposed = copy.deepcopy(artifact)
    for field in ("final_answer", "reasoning_trace"):
        if isinstance(decomposed[field], str):
            decomposed[field] = S.nfd(decomposed[field])
        elif isinstance(decomposed[field], list):
            decomposed[field] = [S.nfd(line) for line in decomposed[field]]
    assert named_in_output(
        evidence_from_json(artifact), identifiers, channels, False
    ) == named_in_output(
        evidence_from_json(decomposed), [S.nfd(i) for i in identifiers], channels, False
    )


@given(POOLED, CHANNELS, S.texts(normative=False))
def test_more_tool_bodies_never_name_more(pooled, channels, body):
    """§2.1 exclude_tool_echo: one more captured tool response can only make more answer lines
    echo, never fewer, so it never turns a false named_in_output into a true."""
    _pool, artifact, identifiers = pooled
    more = copy.deepcopy(artifact)
    more["actions"].append({"tool": "extra", "arguments": {}, "result": body})
    if named_in_output(evidence_from_json(more), identifiers, channels, True):
        assert named_in_output(evidence_from_json(artifact), identifiers, channels, True)


@given(POOLED, CHANNELS, st.booleans())
def test_an_empty_result_is_no_body(pooled, channels, echo):
    """Reporting §1.2 + §2.1: result "" records no response body, so an action without one
    changes the step count only, never what the output names."""
    _pool, artifact, identifiers = pooled
    more = copy.deepcopy(artifact)
    more["actions"].append({"tool": "extra", "arguments": {"q": "SMTP_PORT"}, "result": ""})
    before, after = evidence_from_json(artifact), evidence_from_json(more)
    assert named_in_output(before, identifiers, channels, echo) == named_in_output(
        after, identifiers, channels, echo
    )
    assert factor_identified(
        before, identifiers, "absent_key", channels, echo
    ) == factor_identified(after, identifiers, "absent_key", channels, echo)
    assert step_count(after) == step_count(before) + 1
