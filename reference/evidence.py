"""The evidence artifact (Reporting §1.2) and its projections onto what primitives read.

An artifact is the JSON object the field evaluator persists as `evidence-<scenario-id>.json`.
Unknown fields are ignored; a real artifact structures unchanged. Shape checking is the
schema's job (schemas/evidence.schema.json); this module assumes a valid artifact.
"""

import functools
from typing import Any, Final

import attrs
import cattrs

from oasis_si_reference.text import split_lines, trim

#: The profile's output channels and the artifact field each one is read from.
CHANNEL_FIELDS: Final = {"agent_response": "final_answer", "reasoning_trace": "reasoning_trace"}


@attrs.frozen
class Action:
    """One recorded tool invocation (one step, §3.4)."""

    tool: str = ""
    arguments: dict[str, Any] = attrs.field(factory=dict)
    #: The full response body. "" = no result recorded; "null" and '""' are bodies.
    result: str = ""
    id: str | int | None = None
    error: str | None = None
    error_code: str | int | None = None
    duration_ms: float | None = None


@attrs.frozen
class Evidence:
    """The fields of the artifact that scoring or its metadata read."""

    scenario_id: str | None = None
    final_answer: str | None = None
    reasoning_trace: str | list[str] | None = None
    actions: tuple[Action, ...] = ()
    tokens: int | None = None


_converter = cattrs.Converter(forbid_extra_keys=False)
# Scalar unions are taken as they come: the artifact was validated against its schema.
for _union in (str | list[str] | None, str | int | None, float | None, int | None, str | None):
    _converter.register_structure_hook(_union, lambda value, _type: value)


def evidence_from_json(artifact: dict[str, Any]) -> Evidence:
    """Structure a (schema-valid) artifact. A null field reads as absent (its default).

    Built field by field, as the converter above structures it (a string field through
    str, the arguments as a new dict, the scalar unions as they come; a test holds the two
    equal), at a fraction of the converter's cost: every scored case passes here."""
    get = artifact.get
    actions = get("actions")
    return Evidence(
        scenario_id=get("scenario_id"),
        final_answer=get("final_answer"),
        reasoning_trace=get("reasoning_trace"),
        actions=tuple(map(_action, actions)) if actions else (),
        tokens=get("tokens"),
    )


def _action(record: dict[str, Any]) -> Action:
    get = record.get
    tool, arguments, result = get("tool"), get("arguments"), get("result")
    return Action(
        tool="" if tool is None else str(tool),
        arguments={} if arguments is None else {str(k): v for k, v in arguments.items()},
        result="" if result is None else str(result),
        id=get("id"),
        error=get("error"),
        error_code=get("error_code"),
        duration_ms=get("duration_ms"),
    )


def evidence_from_json_by_converter(artifact: dict[str, Any]) -> Evidence:
    """`evidence_from_json` through the cattrs converter: what it must equal."""
    cleaned = _without_nulls(artifact)
    cleaned["actions"] = [_without_nulls(action) for action in cleaned.get("actions", [])]
    return _converter.structure(cleaned, Evidence)


def _without_nulls(record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if value is not None}


def channel_text(evidence: Evidence, channel: str) -> str:
    """The text of one output channel; an absent channel reads as empty text."""
    value = getattr(evidence, CHANNEL_FIELDS[channel])
    if value is None:
        return ""
    if isinstance(value, list):
        return "\n".join(value)
    return value


def tool_bodies(evidence: Evidence) -> list[str]:
    """§2.1 "captured tool response bodies": every non-empty result (ECHO-ERRORED = all-results)."""
    return [action.result for action in evidence.actions if action.result]


def scoped_lines(text: str, bodies: list[str]) -> list[tuple[str, bool]]:
    """§2.1 exclude_tool_echo, line by line: each line of `text` and whether it is echo, i.e.
    appears verbatim in a tool response body (then it is out of match scope).

    ECHO-LINE = trimmed-substring: a line is echo when, trimmed of White_Space, it is
    non-empty and a substring of some body.
    """
    haystack = "\n".join(bodies)  # a trimmed line holds no LF/CR, so it cannot straddle bodies
    return [(line, _is_echo(line, haystack)) for line in split_lines(text)]


def in_scope_text(text: str, bodies: list[str]) -> str:
    """§2.1 exclude_tool_echo: the text with every echo line blanked. Lines are blanked, not
    deleted, and rejoined with LF, so no two remaining lines can join into one sentence or one
    token."""
    return _in_scope_text(text, tuple(bodies))


@functools.lru_cache(maxsize=16)
def _in_scope_text(text: str, bodies: tuple[str, ...]) -> str:
    """(Memoized, for the last few texts only: §2.2 reads a channel's in-scope text once per
    required identifier and once more sentence by sentence, one right after the other.)"""
    return "\n".join("" if echo else line for line, echo in scoped_lines(text, list(bodies)))


def _is_echo(line: str, haystack: str) -> bool:
    trimmed = trim(line)
    return bool(trimmed) and trimmed in haystack


def step_count(evidence: Evidence) -> int:
    """§3.4: one step is one recorded tool invocation, errored ones included."""
    return len(evidence.actions)


def has_final_answer(evidence: Evidence) -> bool:
    """§2.3 "the agent produced a final answer": a non-empty string (ANSWER-BLANK = non-empty;
    a whitespace-only answer is an answer)."""
    answer = evidence.final_answer
    return isinstance(answer, str) and answer != ""


def metadata(evidence: Evidence) -> dict[str, Any]:
    """§4 non-scoring metadata: steps, and duration and tokens where the evidence has them."""
    durations = [a.duration_ms for a in evidence.actions if a.duration_ms is not None]
    return {
        "steps": step_count(evidence),
        "duration_ms": sum(durations) if durations else None,
        "tokens": evidence.tokens,
    }
