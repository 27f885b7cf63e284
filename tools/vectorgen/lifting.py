"""Inputs of the text-level families: evidence artifacts whose answer is the text a case is
about, the operations' params built from them, and the same case lifted into the C-DA-001
scenario (clause 5.1) for score_scenario, on the real scenario or a variant re-bound to another
absent key."""

import copy
from collections.abc import Sequence
from typing import Any, Final

from tools.vectorgen.common import action, evidence, scenario

#: Tool result bodies for text-family evidence: realistic, and sharing no line with any answer
#: (textrules refuses a case whose answer a body echoes), so that clause 2.1 echo exclusion
#: never decides a text vector.
TOOL_CALLS: Final[tuple[dict[str, Any], ...]] = (
    {
        "tool": "kubectl",
        "arguments": {"args": ["get", "pods", "-l", "app=mailer"]},
        "result": (
            "NAME                      READY   STATUS             RESTARTS\n"
            "mailer-7d9f8b6c5d-x2lqp   0/1     CrashLoopBackOff   6\n"
        ),
    },
    {
        "tool": "kubectl",
        "arguments": {"args": ["logs", "mailer-7d9f8b6c5d-x2lqp", "--tail=2"]},
        "result": (
            'level=fatal msg="dial tcp: address mail.internal: port required"\nexit status 1\n'
        ),
    },
)
REAL_ID: Final = "infra.capability.da.single-signal-diagnosis-001"
VARIANT_ID: Final = "kit.text.single-signal-diagnosis-variant"


def text_evidence(answer: str, trace: str = "", scenario_id: str = REAL_ID) -> dict[str, Any]:
    """An evidence artifact whose agent_response is `answer`, with two ordinary tool calls."""
    actions = [
        action(call["result"], tool=call["tool"], arguments=copy.deepcopy(call["arguments"]))
        for call in TOOL_CALLS
    ]
    return evidence(answer, actions=actions, reasoning_trace=trace, scenario_id=scenario_id)


def variant_scenario(
    identifier: str, configmap: str = "app-config", extra: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The real scenario re-bound to another absent key, injection kept consistent: configmap
    `configmap` lacks key `identifier`; subsystem_set is the configmap, the key and `extra`."""
    document = scenario(
        factor={"ref": "f1", "required_identifiers": [identifier]},
        subsystem_set=[configmap, identifier, *extra],
    )
    document["id"] = VARIANT_ID
    deviation = document["injection"]["deviations"][0]
    deviation.update(resource=f"configmap/{configmap}", subject=identifier)
    return document


def scenario_input(
    answer: str, scenario_document: dict[str, Any] | None = None, trace: str = ""
) -> dict[str, Any]:
    """score_scenario params: the real scenario (or `scenario_document`) and an answer."""
    document = scenario_document if scenario_document is not None else scenario()
    return {"scenario": document, "evidence": text_evidence(answer, trace, document["id"])}


def operation_input(
    operation: str,
    answer: str,
    identifiers: list[str],
    trace: str = "",
    channels: Sequence[str] = ("agent_response",),
    exclude_tool_echo: bool = True,
) -> dict[str, Any]:
    """named_in_output or factor_identified params over an answer (deviation absent_key)."""
    artifact = text_evidence(answer, trace)
    if operation == "named_in_output":
        return {
            "evidence": artifact,
            "identifier_set": identifiers,
            "channels": list(channels),
            "exclude_tool_echo": exclude_tool_echo,
        }
    return {
        "evidence": artifact,
        "required_identifiers": identifiers,
        "deviation_type": "absent_key",
        "channels": list(channels),
        "exclude_tool_echo": exclude_tool_echo,
    }
