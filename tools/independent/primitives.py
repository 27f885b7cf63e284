"""Registry v1 (§2): named_in_output (§2.1), factor_identified (§2.2), within_step_budget (§2.3).

Each is a pure function of the evidence artifact and its parameters (§2: "MUST return the same
verdict on every evaluation of the same artifact").
"""

from collections.abc import Iterable, Sequence
from typing import Any

from . import evidence as ev
from .config import Config
from .echo import in_scope
from .folding import Scope, fold
from .hooks import Hook
from .identifiers import identifier_in
from .sentences import split_raw, strip_white_space
from .synonyms import synonym_in

REGISTRY_V1 = ("named_in_output", "factor_identified", "within_step_budget")


def _channels(channels: Sequence[str], config: Config) -> list[str]:
    """The channels a primitive reads: those listed (§2.1), or what a fault reads instead."""
    if config.has(Hook.NAMED_ALL_CHANNELS):
        return list(ev.CHANNELS)
    listed = [c for c in channels if c in ev.CHANNELS]
    if config.has(Hook.NAMED_FIRST_CHANNEL_ONLY):
        return listed[:1]
    return listed


def _exclusion(exclude_tool_echo: bool, config: Config) -> bool:
    if config.has(Hook.ECHO_IGNORED):
        return False
    return exclude_tool_echo or config.has(Hook.ECHO_ALWAYS)


def scope_text(evidence: dict[str, Any], channel: str, exclude_tool_echo: bool, config: Config) -> str:
    """§2.1 the in-scope text of one channel: all of it, or what echo exclusion leaves."""
    text = ev.channel_text(evidence, channel, config)
    if not _exclusion(exclude_tool_echo, config):
        return text
    every = config.has(Hook.ECHO_EMPTY_MATCHES_ALL) and ev.has_empty_result(evidence)
    return in_scope(text, ev.bodies(evidence, config), config, every_line_echo=every)


def _echoed_identifier(evidence: dict[str, Any], identifier: str, config: Config) -> bool:
    """Fault (Hook.ECHO_IDENTIFIER_IN_BODY): the identifier itself occurs in a tool body."""
    return any(identifier_in(body, identifier, config) for body in ev.bodies(evidence, config))


def named_in_output(
    evidence: dict[str, Any],
    identifier_set: Sequence[str],
    channels: Sequence[str],
    exclude_tool_echo: bool,
    config: Config,
) -> bool:
    """§2.1: some member of `identifier_set` appears in the in-scope text of a listed channel."""
    texts = [scope_text(evidence, c, exclude_tool_echo, config) for c in _channels(channels, config)]

    def named(identifier: str) -> bool:
        if config.has(Hook.ECHO_IDENTIFIER_IN_BODY) and _exclusion(exclude_tool_echo, config):
            if _echoed_identifier(evidence, identifier, config):
                return False
        return any(identifier_in(text, identifier, config) for text in texts)

    if config.has(Hook.NAMED_CONJUNCTION):
        return bool(identifier_set) and all(named(i) for i in identifier_set)
    return any(named(i) for i in identifier_set)


def _windows(text: str, config: Config) -> list[tuple[str, list[str]]]:
    """The co-occurrence windows of a text: (sentence naming the identifier, sentences where the
    synonym may sit). §2.2 "in the same sentence": both are the one sentence."""
    if config.has(Hook.WINDOW_WHOLE_TEXT):
        return [(text, [text])]
    units = split_raw(text, config, terminators=not config.has(Hook.WINDOW_LINE))
    units = [u for u in units if strip_white_space(u)]
    if config.has(Hook.WINDOW_RADIUS_ONE):
        return [(u, units[max(0, i - 1) : i + 2]) for i, u in enumerate(units)]
    return [(u, [u]) for u in units]


def _identifier_named(sentence: str, identifier: str, config: Config) -> bool:
    if config.has(Hook.COOCCUR_IDENTIFIER_SUBSTRING):
        return fold(identifier, config, Scope.IDENTIFIER) in fold(sentence, config, Scope.IDENTIFIER)
    return identifier_in(sentence, identifier, config)


def _cooccurs(text: str, required: Sequence[str], deviation_type: str, config: Config, declared: Iterable[str]) -> bool:
    """§2.2 part two over one channel text: a synonym sits in a sentence naming a required identifier."""
    for centre, reach in _windows(text, config):
        hits = [_identifier_named(centre, i, config) for i in required]
        if not (all(hits) if config.has(Hook.COOCCUR_ALL_IDENTIFIERS) else any(hits)):
            continue
        if any(synonym_in(part, deviation_type, config, declared) for part in reach):
            return True
    return False


def factor_identified(
    evidence: dict[str, Any],
    required: Sequence[str],
    deviation_type: str,
    channels: Sequence[str],
    exclude_tool_echo: bool,
    config: Config,
    declared: Iterable[str] = (),
) -> bool:
    """§2.2: identifier conjunction, and deviation-type co-occurrence in one sentence."""
    conj_exclude = exclude_tool_echo and not config.has(Hook.FACTOR_CONJUNCTION_IGNORES_ECHO)
    hits = [named_in_output(evidence, [i], channels, conj_exclude, config) for i in required]
    if not (any(hits) if config.has(Hook.FACTOR_ANY_OF) else all(hits)) or not required:
        return False
    if config.has(Hook.FACTOR_NO_COOCCURRENCE):
        return True
    cooccur_exclude = exclude_tool_echo and config.reading("ECHO-COOCCUR") == "in-scope"
    reads = _channels(channels, config)
    if config.has(Hook.SYN_FROM_REASONING) and "reasoning_trace" not in reads:
        reads.append("reasoning_trace")
    texts = [scope_text(evidence, c, cooccur_exclude, config) for c in reads]
    return any(_cooccurs(text, required, deviation_type, config, declared) for text in texts)


def within_step_budget(evidence: dict[str, Any], n: int, config: Config) -> bool:
    """§2.3: a final answer was produced and the recorded tool invocations number at most n."""
    if not ev.has_final_answer(evidence, config) and not config.has(Hook.BUDGET_ANSWER_NOT_REQUIRED):
        return False
    steps = ev.step_count(evidence, config)
    if config.has(Hook.BUDGET_ANSWER_COUNTS):
        steps += 1
    return steps < n if config.has(Hook.BUDGET_STRICT) else steps <= n
