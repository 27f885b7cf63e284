"""Registry v1 (§2): named_in_output (§2.1), factor_identified (§2.2), within_step_budget (§2.3).

Each is a pure function of the evidence artifact and its parameters (§2: "MUST return the same
verdict on every evaluation of the same artifact"). Faults are consulted only where they would
change a value (config.choose, or a test of that first): see config.tracing.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from oasis_si_conformance.independent import evidence as ev
from oasis_si_conformance.independent.config import Config, choose
from oasis_si_conformance.independent.echo import in_scope, partition
from oasis_si_conformance.independent.editions import radius
from oasis_si_conformance.independent.folding import Scope, fold
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.identifiers import identifier_in
from oasis_si_conformance.independent.sentences import split_raw, strip_white_space
from oasis_si_conformance.independent.synonyms import synonym_in

REGISTRY_V1 = ("named_in_output", "factor_identified", "within_step_budget")

#: Alternative co-occurrence windows and tests (§2.2 faults), mutually exclusive.
WINDOW_HOOKS = (
    Hook.WINDOW_RADIUS_ONE,
    Hook.WINDOW_SAME_SENTENCE,
    Hook.WINDOW_WHOLE_TEXT,
    Hook.WINDOW_LINE,
    Hook.WINDOW_RADIUS_TWO,
    Hook.COOCCUR_ALL_IDENTIFIERS,
    Hook.COOCCUR_IDENTIFIER_SUBSTRING,
)

#: Faults of within_step_budget (§2.3, §3.4), mutually exclusive.
BUDGET_HOOKS = (
    *ev.STEP_HOOKS,
    Hook.BUDGET_STRICT,
    Hook.BUDGET_ANSWER_COUNTS,
    Hook.BUDGET_ANSWER_NOT_REQUIRED,
    Hook.ANSWER_NULL_AS_TEXT,
)


def _channels(channels: Sequence[str], evidence: dict[str, Any], config: Config) -> list[str]:
    """The channels a primitive reads: those listed (§2.1), or what a fault reads instead."""
    listed = [c for c in channels if c in ev.CHANNELS]
    unlisted = [c for c in ev.CHANNELS if c not in listed and ev.channel_text(evidence, c, config)]
    if unlisted and config.has(Hook.NAMED_ALL_CHANNELS):
        return list(ev.CHANNELS)
    if len(listed) > 1 and config.has(Hook.NAMED_FIRST_CHANNEL_ONLY):
        return listed[:1]
    return listed


def scope_text(
    evidence: dict[str, Any], channel: str, exclude_tool_echo: bool, config: Config
) -> str:
    """§2.1 the in-scope text of one channel: all of it, or what echo exclusion leaves."""
    text = ev.channel_text(evidence, channel, config)
    every = ev.has_empty_result(evidence) and config.has(Hook.ECHO_EMPTY_MATCHES_ALL)
    scoped = in_scope(text, ev.bodies(evidence), config, every_line_echo=every)
    if scoped == text:
        return text
    if exclude_tool_echo:
        return text if config.has(Hook.ECHO_IGNORED) else scoped
    return scoped if config.has(Hook.ECHO_ALWAYS) else text


def _echoed_identifier(evidence: dict[str, Any], identifier: str, config: Config) -> bool:
    """Fault (Hook.ECHO_IDENTIFIER_IN_BODY): the identifier itself occurs in a tool body."""
    return any(
        identifier_in(body, identifier, config)
        for body in ev.bodies(evidence).select("all-results")
    )


def named_in_output(
    evidence: dict[str, Any],
    identifier_set: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool,
    config: Config,
) -> bool:
    """§2.1: some member of `identifier_set` appears in the in-scope text of a listed channel."""
    texts = [
        scope_text(evidence, c, exclude_tool_echo, config)
        for c in _channels(channels, evidence, config)
    ]

    def named(identifier: str) -> bool:
        hit = any(identifier_in(text, identifier, config) for text in texts)
        if hit and exclude_tool_echo and _echoed_identifier(evidence, identifier, config):
            return not config.has(Hook.ECHO_IDENTIFIER_IN_BODY)
        return hit

    hits = [named(i) for i in identifier_set]
    if any(hits) != all(hits) and config.has(Hook.NAMED_CONJUNCTION):
        return False
    return any(hits)


def _windows(
    text: str, hook: Hook | None, blank: str, config: Config
) -> list[tuple[str, list[str]]]:
    """The co-occurrence windows of a text: (sentence naming the identifier, sentences where the
    synonym may sit). §2.2 of the edition read: the sentence itself, and `radius` sentences
    either side; a blank segment is no sentence, unless WINDOW-BLANK (`blank`) counts blank
    lines."""
    if hook is Hook.WINDOW_WHOLE_TEXT:
        return [(text, [text])]
    units = _units(text, hook is not Hook.WINDOW_LINE, blank, config)
    reach = _radius(hook, config)
    return [(u, units[max(0, i - reach) : i + reach + 1]) for i, u in enumerate(units)]


def _radius(hook: Hook | None, config: Config) -> int:
    """How many sentences either side the window reaches: the edition's, or a fault's."""
    if hook is Hook.WINDOW_RADIUS_ONE:
        return 1
    if hook is Hook.WINDOW_SAME_SENTENCE:
        return 0
    if hook is Hook.WINDOW_RADIUS_TWO:
        return 2
    return radius(config.edition, config.catalog)


def _units(text: str, terminators: bool, blank: str, config: Config) -> list[str]:
    """The sentences of `text` in order, blank ones dropped; under WINDOW-BLANK `counted` every
    blank line (one blanked by echo exclusion included) stays, as an empty sentence."""
    if blank == "dropped":
        return [u for u in split_raw(text, config, terminators=terminators) if strip_white_space(u)]
    units: list[str] = []
    for line in partition(text, config):
        if not strip_white_space(line.content):
            units.append("")
            continue
        pieces = split_raw(line.content, config, terminators=terminators, newlines=False)
        units += [u for u in pieces if strip_white_space(u)]
    return units


def _identifier_named(sentence: str, identifier: str, hook: Hook | None, config: Config) -> bool:
    if hook is Hook.COOCCUR_IDENTIFIER_SUBSTRING:
        return fold(identifier, config, Scope.IDENTIFIER) in fold(
            sentence, config, Scope.IDENTIFIER
        )
    return identifier_in(sentence, identifier, config)


def _cooccurs(
    text: str, required: Sequence[str], deviation_type: str, config: Config, declared: Iterable[str]
) -> bool:
    """§2.2 part two over one channel text: a synonym sits in a sentence naming a required
    identifier."""

    def compute(readings: dict[str, str], hook: Hook | None) -> bool:
        for centre, reach in _windows(text, hook, readings["WINDOW-BLANK"], config):
            hits = [_identifier_named(centre, i, hook, config) for i in required]
            if not (all(hits) if hook is Hook.COOCCUR_ALL_IDENTIFIERS else any(hits)):
                continue
            if any(synonym_in(part, deviation_type, config, declared) for part in reach):
                return True
        return False

    return choose(config, ("WINDOW-BLANK",), WINDOW_HOOKS, compute)


def factor_identified(
    evidence: dict[str, Any],
    required: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool,
    config: Config,
    declared: Iterable[str] = (),
) -> bool:
    """§2.2: identifier conjunction, and deviation-type co-occurrence within the edition's
    window."""
    if not required or not _conjunction(evidence, required, channels, exclude_tool_echo, config):
        return False
    reads = _channels(channels, evidence, config)

    def cooccurrence(exclude: bool, extra: Sequence[str] = ()) -> bool:
        texts = [scope_text(evidence, c, exclude, config) for c in [*reads, *extra]]
        return any(_cooccurs(text, required, deviation_type, config, declared) for text in texts)

    found = cooccurrence(exclude_tool_echo)
    if (
        exclude_tool_echo
        and cooccurrence(False) != found
        and config.reading("ECHO-COOCCUR") == "full-text"
    ):
        found = not found
    if (
        not found
        and "reasoning_trace" not in reads
        and cooccurrence(exclude_tool_echo, ["reasoning_trace"])
    ):
        found = config.has(Hook.SYN_FROM_REASONING)
    if not found:
        return config.has(Hook.FACTOR_NO_COOCCURRENCE)
    return True


def _conjunction(
    evidence: dict[str, Any],
    required: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool,
    config: Config,
) -> bool:
    """§2.2 part one: every required identifier satisfies named_in_output([identifier], ...)."""

    def hits(exclude: bool) -> list[bool]:
        return [named_in_output(evidence, [i], channels, exclude, config) for i in required]

    found = hits(exclude_tool_echo)
    if exclude_tool_echo and not all(found):
        loose = hits(False)
        if loose != found and config.has(Hook.FACTOR_CONJUNCTION_IGNORES_ECHO):
            found = loose
    if any(found) != all(found) and config.has(Hook.FACTOR_ANY_OF):
        return True
    return all(found)


def within_step_budget(evidence: dict[str, Any], n: int, config: Config) -> bool:
    """§2.3: a final answer was produced and the recorded tool invocations number at most n."""

    def compute(readings: dict[str, str], hook: Hook | None) -> bool:
        if (
            not ev.answered(evidence, readings["ANSWER-BLANK"], hook)
            and hook is not Hook.BUDGET_ANSWER_NOT_REQUIRED
        ):
            return False
        steps = ev.count_with(evidence, hook) + (1 if hook is Hook.BUDGET_ANSWER_COUNTS else 0)
        return steps < n if hook is Hook.BUDGET_STRICT else steps <= n

    return choose(config, ("ANSWER-BLANK",), BUDGET_HOOKS, compute)
