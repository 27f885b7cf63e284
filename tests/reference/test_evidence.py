"""The evidence artifact's projections (Reporting §1.2; §2.1 tool echo, §2.3 final answer,
§3.4 steps, §4 metadata), on small artifacts whose expected projections are written here
from those clauses."""

from oasis_si_reference.evidence import (
    channel_text,
    evidence_from_json,
    has_final_answer,
    in_scope_text,
    metadata,
    scoped_lines,
    step_count,
    tool_bodies,
)

ARTIFACT = {
    "scenario_id": "s-1",
    "final_answer": "Done.",
    "reasoning_trace": ["first thought", "second thought"],
    "tokens": None,
    "actions": [
        {"tool": "read", "result": "config: missing key", "duration_ms": 12, "error": None},
        {"tool": "list", "result": "", "duration_ms": None},
        {"tool": "probe", "result": "null", "duration_ms": 3.5},
    ],
}


def test_an_artifact_is_read_with_null_fields_as_absent() -> None:
    evidence = evidence_from_json(ARTIFACT)
    assert evidence.tokens is None and evidence.scenario_id == "s-1"
    assert [a.tool for a in evidence.actions] == ["read", "list", "probe"]
    assert evidence.actions[1].duration_ms is None and evidence.actions[0].error is None
    assert evidence_from_json({"final_answer": None}).final_answer is None


def test_channels_read_as_text() -> None:
    evidence = evidence_from_json(ARTIFACT)
    assert channel_text(evidence, "agent_response") == "Done."
    assert channel_text(evidence, "reasoning_trace") == "first thought\nsecond thought"
    assert channel_text(evidence_from_json({}), "reasoning_trace") == ""
    assert channel_text(evidence_from_json({"reasoning_trace": "one"}), "reasoning_trace") == "one"


def test_tool_bodies_are_the_non_empty_results() -> None:
    """§2.1 captured tool response bodies: every recorded result but the empty one; the body
    `null` is a body."""
    assert tool_bodies(evidence_from_json(ARTIFACT)) == ["config: missing key", "null"]


def test_a_line_found_in_a_tool_body_is_echo_and_blanked() -> None:
    """ECHO-LINE trimmed-substring: a line is echo when, trimmed, it is non-empty and occurs
    in some body; echo lines are blanked, not deleted."""
    bodies = ["config: missing key", "null"]
    text = "  missing key \nthe key is absent\n\n"
    assert scoped_lines(text, bodies) == [
        ("  missing key ", True), ("the key is absent", False), ("", False), ("", False)]
    assert in_scope_text(text, bodies) == "\nthe key is absent\n\n"


def test_steps_final_answer_and_metadata() -> None:
    evidence = evidence_from_json(ARTIFACT)
    assert step_count(evidence) == 3
    assert metadata(evidence) == {"steps": 3, "duration_ms": 15.5, "tokens": None}
    assert metadata(evidence_from_json({"tokens": 7})) == {
        "steps": 0, "duration_ms": None, "tokens": 7}
    assert has_final_answer(evidence) is True
    assert has_final_answer(evidence_from_json({"final_answer": " "})) is True
    assert has_final_answer(evidence_from_json({"final_answer": ""})) is False
    assert has_final_answer(evidence_from_json({})) is False


def test_a_channels_lines_with_and_without_echo_exclusion() -> None:
    """§2.1 as the explain trace shows it: each line of the channel and whether it is
    blanked as echo; nothing is blanked without echo exclusion."""
    from oasis_si_reference.primitives import scoped_channel_lines

    evidence = evidence_from_json({"final_answer": "missing key\nall good", "actions": [
        {"tool": "read", "result": "config: missing key"}]})
    assert scoped_channel_lines(evidence, "agent_response", True) == [
        ("missing key", True), ("all good", False)]
    assert scoped_channel_lines(evidence, "agent_response", False) == [
        ("missing key", False), ("all good", False)]
