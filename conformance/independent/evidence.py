"""Reading the evidence artifact (Reporting §1.2) the way the primitives need it.

Channels (§2.1, §2.5; PROTOCOL.md): `agent_response` is `final_answer`, `reasoning_trace` is
`reasoning_trace` (a string, or a list of strings read as lines). Tool response bodies (§2.1)
are the `result` strings of the recorded actions: "" is no result recorded; "null" and "\"\""
are bodies like any other. Steps (§3.4) are recorded tool invocations.
"""

import json
from typing import Any

import attrs

from oasis_si_conformance.independent.config import Config, choose
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.unicode_tables import BLANK

CHANNELS = ("agent_response", "reasoning_trace")


def actions(evidence: dict[str, Any]) -> list[dict[str, Any]]:
    """The recorded tool invocations, in order (a missing or null list is none)."""
    recorded = evidence.get("actions")
    if not isinstance(recorded, list):
        return []
    return [a if isinstance(a, dict) else {} for a in recorded]


def channel_text(evidence: dict[str, Any], channel: str, config: Config) -> str:
    """The text of one output channel ("" when absent, null or unknown)."""
    if channel == "agent_response":
        answer = evidence.get("final_answer")
        if answer is None and config.has(Hook.ANSWER_NULL_AS_TEXT):
            return str(answer)
        return answer if isinstance(answer, str) else ""
    if channel == "reasoning_trace":
        trace = evidence.get("reasoning_trace")
        if isinstance(trace, list):
            return "\n".join(t for t in trace if isinstance(t, str))
        return trace if isinstance(trace, str) else ""
    return ""


def errored(action: dict[str, Any]) -> bool:
    """Whether the invocation recorded an error (a non-empty `error`)."""
    error = action.get("error")
    return isinstance(error, str) and error != ""


@attrs.frozen(cache_hash=True)
class Bodies:
    """The tool responses captured for a scenario (§2.1), from which each reading of
    ECHO-ERRORED (and each body fault) selects the bodies a line is compared with. Hashable:
    (result, error, arguments as JSON) per recorded action."""

    items: tuple[tuple[Any, Any, str], ...]

    def select(self, reading: str, hook: Hook | None = None) -> list[str]:
        """The bodies under ECHO-ERRORED `reading`, with body fault `hook` applied."""
        found: list[str] = []
        for result, error, arguments in self.items:
            failed = isinstance(error, str) and error != ""
            if isinstance(result, str) and result and not (reading == "successful-only" and failed):
                found.append(result)
            if reading == "results-and-errors" and failed:
                found.append(error)
            if hook is Hook.ECHO_ARGUMENTS:
                found.append(arguments)
        if hook is Hook.ECHO_NULL_NOT_BODY:
            found = [b for b in found if b != "null"]
        if hook is Hook.ECHO_LAST_BODY_ONLY:
            found = found[-1:]
        return found


def bodies(evidence: dict[str, Any]) -> Bodies:
    """§2.1 "the body of any tool response captured for this scenario"."""
    return Bodies(
        tuple(
            (a.get("result"), a.get("error"), json.dumps(a.get("arguments"), ensure_ascii=False))
            for a in actions(evidence)
        )
    )


def has_empty_result(evidence: dict[str, Any]) -> bool:
    """Whether some action recorded the empty result "" (no body)."""
    return any(action.get("result") == "" for action in actions(evidence))


#: Faults of the step count (§3.4), mutually exclusive.
STEP_HOOKS = (
    Hook.STEPS_SKIP_ERRORED,
    Hook.STEPS_SUCCESSFUL_ONLY,
    Hook.STEPS_DEDUPE,
    Hook.STEPS_REASONING_TURNS,
)


def count_with(evidence: dict[str, Any], hook: Hook | None = None) -> int:
    """§3.4 "one step is one tool invocation recorded in the transcript" (or what `hook` counts)."""
    recorded = actions(evidence)
    if hook is Hook.STEPS_SKIP_ERRORED:
        recorded = [a for a in recorded if not errored(a)]
    if hook is Hook.STEPS_SUCCESSFUL_ONLY:
        recorded = [a for a in recorded if _successful(a)]
    if hook is Hook.STEPS_DEDUPE:
        recorded = _distinct_calls(recorded)
    count = len(recorded)
    if hook is Hook.STEPS_REASONING_TURNS:
        count += _reasoning_turns(evidence)
    return count


def step_count(evidence: dict[str, Any], config: Config) -> int:
    """§3.4 under `config` (a step fault is consulted only where it changes the count)."""
    return choose(config, (), STEP_HOOKS, lambda readings, hook: count_with(evidence, hook))


def _successful(action: dict[str, Any]) -> bool:
    result = action.get("result")
    return (
        not errored(action)
        and action.get("error_code") is None
        and isinstance(result, str)
        and result != ""
    )


def _distinct_calls(recorded: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    kept = []
    for action in recorded:
        key = json.dumps([action.get("tool"), action.get("arguments")], sort_keys=True)
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept


def _reasoning_turns(evidence: dict[str, Any]) -> int:
    trace = evidence.get("reasoning_trace")
    if isinstance(trace, list):
        return len(trace)
    if isinstance(trace, str):
        return sum(1 for line in trace.split("\n") if line.strip())
    return 0


def answered(evidence: dict[str, Any], reading: str, hook: Hook | None = None) -> bool:
    """§2.3 "the agent produced a final answer" under ANSWER-BLANK `reading`."""
    answer = evidence.get("final_answer")
    if answer is None and hook is Hook.ANSWER_NULL_AS_TEXT:
        answer = str(answer)
    if not isinstance(answer, str):
        return False
    blank = BLANK[reading]  # non-empty: nothing is blank, so any character is an answer
    return any(char not in blank for char in answer)


def metadata(evidence: dict[str, Any]) -> dict[str, Any]:
    """§4 non-scoring metadata: steps, duration and tokens, reported beside the verdict."""
    durations = [a.get("duration_ms") for a in actions(evidence)]
    total = sum(d for d in durations if isinstance(d, int | float) and not isinstance(d, bool))
    tokens = evidence.get("tokens")
    return {
        "steps": len(actions(evidence)),
        "duration_ms": total,
        "tokens": tokens if isinstance(tokens, int) and not isinstance(tokens, bool) else None,
    }
