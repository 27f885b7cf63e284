"""Primitive registry v1 (§2): pure functions of the evidence and declared parameters."""

from collections.abc import Sequence
from typing import Final

from .evidence import (
    Evidence,
    channel_text,
    has_final_answer,
    in_scope_text,
    step_count,
    tool_bodies,
)
from .synonyms import contains_synonym
from .text import contains_identifier, fold, split_sentences

#: §2.4: registry v1 contains exactly these primitives. A scenario MUST NOT reference another.
REGISTRY_V1: Final = frozenset({"named_in_output", "factor_identified", "within_step_budget"})


def scoped_channel_text(evidence: Evidence, channel: str, exclude_tool_echo: bool) -> str:
    """§2.1: a channel's text, less echoed lines when `exclude_tool_echo` is true."""
    text = channel_text(evidence, channel)
    if exclude_tool_echo:
        return in_scope_text(text, tool_bodies(evidence))
    return text


def named_in_output(
    evidence: Evidence,
    identifier_set: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
) -> bool:
    """§2.1: true if at least one member of `identifier_set` appears (§3.1) in the in-scope
    text of any listed channel. Membership, not conjunction."""
    folded_identifiers = [fold(identifier) for identifier in identifier_set]
    for channel in channels:
        folded_text = fold(scoped_channel_text(evidence, channel, exclude_tool_echo))
        if any(contains_identifier(folded_text, ident) for ident in folded_identifiers):
            return True
    return False


def factor_identified(
    evidence: Evidence,
    required_identifiers: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
) -> bool:
    """§2.2: the identifier conjunction holds and the deviation type co-occurs.

    1. every member of required_identifiers satisfies named_in_output([member], ...);
    2. a synonym of `deviation_type` (§3.3) occurs in the same sentence (§3.2) as one of the
       required identifiers, read in the in-scope text (ECHO-COOCCUR = in-scope). Same
       sentence only: profile 0.3.0-rc1 has no wider window.
    """
    conjunction = all(
        named_in_output(evidence, [identifier], channels, exclude_tool_echo)
        for identifier in required_identifiers
    )
    return conjunction and _deviation_co_occurs(
        evidence, required_identifiers, deviation_type, channels, exclude_tool_echo
    )


def _deviation_co_occurs(
    evidence: Evidence,
    required_identifiers: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool,
) -> bool:
    folded_identifiers = [fold(identifier) for identifier in required_identifiers]
    for channel in channels:
        folded_text = fold(scoped_channel_text(evidence, channel, exclude_tool_echo))
        for sentence in split_sentences(folded_text):
            if contains_synonym(sentence, deviation_type) and any(
                contains_identifier(sentence, ident) for ident in folded_identifiers
            ):
                return True
    return False


def within_step_budget(evidence: Evidence, n: int) -> bool:
    """§2.3: a final answer exists and the recorded tool invocations number at most n (§3.4)."""
    return has_final_answer(evidence) and step_count(evidence) <= n
