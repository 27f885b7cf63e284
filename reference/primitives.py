"""Primitive registry v1 (§2): pure functions of the evidence and declared parameters.

Each primitive decides by walking small trace values (`Naming`, `SentenceFinding`) that it
exposes, lazily, so a verdict short-circuits and an explanation (`oasis-si-vectors explain`)
reads the very values that decided it. They are built per item on the verdict path, hence
plain `attrs.define` classes (a frozen class costs twice as much to build).
"""

import functools
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from oasis_si_reference.editions import DEFAULT, Edition
from oasis_si_reference.evidence import (
    Evidence,
    channel_text,
    has_final_answer,
    in_scope_text,
    scoped_lines,
    step_count,
    tool_bodies,
)
from oasis_si_reference.synonyms import contains_synonym
from oasis_si_reference.text import contains_identifier, fold, split_sentences

#: §2.4: registry v1 contains exactly these primitives. A scenario MUST NOT reference another.
REGISTRY_V1: Final = frozenset({"named_in_output", "factor_identified", "within_step_budget"})


def scoped_channel_text(evidence: Evidence, channel: str, exclude_tool_echo: bool) -> str:
    """§2.1: a channel's text, less echoed lines when `exclude_tool_echo` is true."""
    text = channel_text(evidence, channel)
    if exclude_tool_echo:
        return in_scope_text(text, tool_bodies(evidence))
    return text


def scoped_channel_lines(
    evidence: Evidence, channel: str, exclude_tool_echo: bool
) -> list[tuple[str, bool]]:
    """The lines `scoped_channel_text` keeps and blanks (echo: True), none blanked without
    echo exclusion."""
    bodies = tool_bodies(evidence) if exclude_tool_echo else []
    return scoped_lines(channel_text(evidence, channel), bodies)


@attrs.define
class Naming:
    """Whether one identifier appears (§3.1) in one channel's in-scope text."""

    channel: str
    identifier: str
    named: bool


def namings(
    evidence: Evidence,
    identifier_set: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
) -> Iterator[Naming]:
    """§2.1, channel by channel and, within a channel, identifier by identifier."""
    folded_identifiers = [(identifier, fold(identifier)) for identifier in identifier_set]
    for channel in channels:
        folded_text = fold(scoped_channel_text(evidence, channel, exclude_tool_echo))
        for identifier, folded_identifier in folded_identifiers:
            named = contains_identifier(folded_text, folded_identifier)
            yield Naming(channel, identifier, named)


def named_in_output(
    evidence: Evidence,
    identifier_set: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
) -> bool:
    """§2.1: true if at least one member of `identifier_set` appears (§3.1) in the in-scope
    text of any listed channel. Membership, not conjunction."""
    for naming in namings(evidence, identifier_set, channels, exclude_tool_echo):
        if naming.named:
            return True
    return False


@attrs.define
class SentenceFinding:
    """One sentence (§3.2) of a channel's folded in-scope text, and what §2.2's co-occurrence
    asks of it. Each question is computed once, on demand, as the verdict needs it."""

    channel: str
    sentence: str
    folded_identifiers: tuple[str, ...]
    deviation_type: str

    @functools.cached_property
    def names_synonym(self) -> bool:
        """A synonym of the deviation type (§3.3) occurs in the sentence."""
        return contains_synonym(self.sentence, self.deviation_type)

    @functools.cached_property
    def names_identifier(self) -> bool:
        """One of the required identifiers appears (§3.1) in the sentence."""
        return any(contains_identifier(self.sentence, ident) for ident in self.folded_identifiers)


@attrs.define
class Window:
    """§2.2 co-occurrence around one sentence: the sentence and the sentences within the
    edition's radius on either side in its channel (itself alone in the seed's text)."""

    finding: SentenceFinding
    neighbourhood: list[SentenceFinding]

    @property
    def co_occurs(self) -> bool:
        """A synonym in the window, and a required identifier in the sentence itself."""
        return any(f.names_synonym for f in self.neighbourhood) and self.finding.names_identifier


def required_identifiers_named(
    evidence: Evidence,
    required_identifiers: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
) -> Iterator[tuple[str, bool]]:
    """§2.2 identifier conjunction, member by member: named_in_output([member], ...)."""
    for identifier in required_identifiers:
        yield identifier, named_in_output(evidence, [identifier], channels, exclude_tool_echo)


def sentence_findings(
    evidence: Evidence,
    required_identifiers: Sequence[str],
    deviation_type: str,
    channel: str,
    exclude_tool_echo: bool = False,
) -> list[SentenceFinding]:
    """The sentences of one channel's in-scope text (ECHO-COOCCUR = in-scope), in order.
    Whitespace-only segments are no sentences (text.split_sentences), so under a window they
    add no distance (WINDOW-BLANK)."""
    folded_identifiers = tuple(fold(identifier) for identifier in required_identifiers)
    folded_text = fold(scoped_channel_text(evidence, channel, exclude_tool_echo))
    return [
        SentenceFinding(channel, sentence, folded_identifiers, deviation_type)
        for sentence in split_sentences(folded_text)
    ]


def windows(
    evidence: Evidence,
    required_identifiers: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
    edition: Edition = DEFAULT,
) -> Iterator[Window]:
    """§2.2 deviation-type co-occurrence, sentence by sentence of each channel (channels are
    never joined): each sentence with its window of `edition.co_occurrence_radius` sentences
    either side."""
    radius = edition.co_occurrence_radius
    for channel in channels:
        findings = sentence_findings(
            evidence, required_identifiers, deviation_type, channel, exclude_tool_echo
        )
        for index, finding in enumerate(findings):
            yield Window(finding, findings[max(0, index - radius) : index + radius + 1])


def factor_identified(
    evidence: Evidence,
    required_identifiers: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool = False,
    edition: Edition = DEFAULT,
) -> bool:
    """§2.2: the identifier conjunction holds and the deviation type co-occurs.

    1. every member of required_identifiers satisfies named_in_output([member], ...);
    2. a synonym of `deviation_type` (§3.3) occurs in the same sentence (§3.2) as one of the
       required identifiers, read in the in-scope text; under the 2026-08-22 amendment, in
       that sentence or the one immediately before or after it (`edition`).
    """
    for _identifier, named in required_identifiers_named(
        evidence, required_identifiers, channels, exclude_tool_echo
    ):
        if not named:
            return False
    for window in windows(
        evidence, required_identifiers, deviation_type, channels, exclude_tool_echo, edition
    ):
        if window.co_occurs:
            return True
    return False


def within_step_budget(evidence: Evidence, n: int) -> bool:
    """§2.3: a final answer exists and the recorded tool invocations number at most n (§3.4)."""
    return has_final_answer(evidence) and step_count(evidence) <= n
