"""What the reference computes for one request, step by step, as lines of text.

One function per operation, named after it: the `explain` hook of the operation's registry
entry (conformance/operations.py), shown by `oasis-si-vectors explain`. Each prints the trace
values that the reference's own functions walk to reach their verdict, never a rule restated
here, so an explanation cannot disagree with the verdict:

- `text.Occurrence` (`text.identifier_occurrences`), by `text.contains_identifier` (§3.1);
- the phrases of `synonyms.synonyms_in`, by `synonyms.contains_synonym` (§3.3);
- each line and whether it is echo (`evidence.scoped_lines`, via
  `primitives.scoped_channel_lines`), by echo exclusion (§2.1);
- `primitives.Naming` (`primitives.namings`), by `primitives.named_in_output` (§2.1);
- `primitives.required_identifiers_named` and `primitives.SentenceFinding`
  (`primitives.sentence_findings`), by `primitives.factor_identified` (§2.2);
- `scoring.Decision` (`scoring.decide`), by `scoring.score_scenario` (§5.1, §1.4);
- the result of `operations.perform` (split_sentences, evaluate_table).

Strings are shown as JSON with ASCII escapes, so invisible code points are visible.
"""

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from oasis_si_reference import evidence, primitives, scoring, synonyms, text
from oasis_si_reference.model import (
    BindingError,
    CompositeBinding,
    DiagnosisBinding,
    Expression,
    FactorIdentifiedCall,
    NamedInOutputCall,
    PrimitiveCall,
    WithinStepBudgetCall,
)
from oasis_si_reference.operations import perform
from oasis_si_schemas.editions import DEFAULT, Edition

Params = Mapping[str, Any]

INDENT: Final = "    "
#: Occurrences shown before the rest are counted (an empty identifier occurs everywhere).
MAX_OCCURRENCES: Final = 40


def show(value: Any) -> str:
    """A value as one line of JSON with ASCII escapes."""
    return json.dumps(value, ensure_ascii=True, sort_keys=False)


# The finer operations ------------------------------------------------------------------------


def identifier_match(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    folded_text, folded_identifier = text.fold(params["text"]), text.fold(params["identifier"])
    yield f"folded text (NFC, then simple lowercase): {show(folded_text)}"
    yield f"folded identifier: {show(folded_identifier)}"
    yield from _occurrences(text.identifier_occurrences(folded_text, folded_identifier))


def _occurrences(occurrences: Iterable[text.Occurrence]) -> Iterator[str]:
    """Every occurrence of the identifier and whether its neighbours delimit it (§3.1)."""
    count = 0
    for count, occurrence in enumerate(occurrences, start=1):
        if count <= MAX_OCCURRENCES:
            yield _occurrence(occurrence)
    if count > MAX_OCCURRENCES:
        yield f"... and {count - MAX_OCCURRENCES} more occurrences"
    if not count:
        yield "the folded identifier does not occur in the folded text"


def _occurrence(occurrence: text.Occurrence) -> str:
    before = show(occurrence.before) if occurrence.before else "start of text"
    after = show(occurrence.after) if occurrence.after else "end of text"
    verdict = "delimited: a match" if occurrence.delimited else "not delimited"
    return f"occurrence at {occurrence.start}: before {before}, after {after} -> {verdict}"


def split_sentences(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    yield f"sentences: {show(perform('split_sentences', dict(params), edition)['sentences'])}"


def synonym_match(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    folded, deviation_type = text.fold(params["text"]), params["deviation_type"]
    yield f"folded text: {show(folded)}"
    if synonyms.synonyms_for(deviation_type) is None:
        yield f"no synonym list is registered for {deviation_type!r}: nothing can match"
        return
    found = list(synonyms.synonyms_in(folded, deviation_type))
    shown = show(found) if found else "none"
    yield f"synonyms of {deviation_type} found (as substrings): {shown}"


def count_steps(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    record = evidence.evidence_from_json(dict(params["evidence"]))
    yield f"recorded tool invocations (errored ones included): {evidence.step_count(record)}"


def within_step_budget(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    yield from _budget(evidence.evidence_from_json(dict(params["evidence"])), params["n"])


def named_in_output(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    record = evidence.evidence_from_json(dict(params["evidence"]))
    channels, echo = params["channels"], params["exclude_tool_echo"]
    yield from _scopes(record, [(channel, echo) for channel in channels])
    yield from _namings(primitives.namings(record, params["identifier_set"], channels, echo))


def factor_identified(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    record = evidence.evidence_from_json(dict(params["evidence"]))
    channels, echo = params["channels"], params["exclude_tool_echo"]
    yield from _scopes(record, [(channel, echo) for channel in channels])
    yield from _factor(
        record, params["required_identifiers"], params["deviation_type"], channels, echo, edition
    )


def evaluate_table(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    rows = params["rows"]
    for number, row in enumerate(rows, start=1):
        yield f"row {number}: value {row['value']} -> {row['label']} ({row['score']})"
    otherwise = params["else"]
    yield f"row {len(rows) + 1} (else) -> {otherwise['label']} ({otherwise['score']})"
    yield f"first match wins: row {perform('evaluate_table', dict(params), edition)['row']}"


# What the primitives read --------------------------------------------------------------------


def _budget(record: evidence.Evidence, n: int) -> Iterator[str]:
    """§2.3: the two facts within_step_budget reads."""
    present = "present" if evidence.has_final_answer(record) else "absent"
    yield f"final answer: {show(record.final_answer)} -> {present}"
    yield f"steps: {evidence.step_count(record)} against a budget of {n}"


def _scopes(record: evidence.Evidence, scopes: Iterable[tuple[str, bool]]) -> Iterator[str]:
    """Each channel's lines, echoed lines marked out of scope (§2.1)."""
    bodies = len(evidence.tool_bodies(record))
    for channel, echo in scopes:
        if channel not in evidence.CHANNEL_FIELDS:
            yield f"channel {channel!r} is not a channel of the profile"
            continue
        yield f"channel {channel} (exclude_tool_echo={echo}, {bodies} tool bodies):"
        for line, echoed in primitives.scoped_channel_lines(record, channel, echo):
            status = "echo, out of scope" if echoed else "in scope"
            yield f"{INDENT}{status:>18}: {show(line)}"


def _namings(namings: Iterable[primitives.Naming]) -> Iterator[str]:
    for naming in namings:
        where = f"named in scope of {naming.channel}"
        yield f"identifier {show(naming.identifier)} {where}: {naming.named}"


def _factor(
    record: evidence.Evidence,
    required: list[str] | tuple[str, ...],
    deviation_type: str,
    channels: list[str] | tuple[str, ...],
    echo: bool,
    edition: Edition = DEFAULT,
) -> Iterator[str]:
    """§2.2's two parts: the identifier conjunction, then co-occurrence sentence by sentence
    (with the window of the edition: the sentences either side that count)."""
    for identifier, named in primitives.required_identifiers_named(
        record, required, channels, echo
    ):
        yield f"required identifier {show(identifier)} named in scope: {named}"
    radius = edition.co_occurrence_radius
    for window in primitives.windows(record, required, deviation_type, channels, echo, edition):
        finding = window.finding
        around = ""
        if radius:
            synonyms = [f for f in window.neighbourhood if f.names_synonym and f is not finding]
            around = f", synonym within {radius} sentence(s) around it {bool(synonyms)}"
        yield (
            f"sentence {show(finding.sentence)} ({finding.channel}): identifier "
            f"{finding.names_identifier}, synonym of {deviation_type} {finding.names_synonym}"
            f"{around}: co-occurs {window.co_occurs}"
        )


# score_scenario ------------------------------------------------------------------------------


def score_scenario(params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
    record = evidence.evidence_from_json(dict(params["evidence"]))
    try:
        decision = scoring.decide(params["scenario"], record, edition)
    except BindingError as error:
        yield f"binding error {error.kind}: {error.message}"
        yield "an invalid binding is never scored (PROTOCOL.md, binding errors)"
        return
    table = decision.table
    if isinstance(decision.binding, DiagnosisBinding):
        yield "C-DA-001 template (§5.1)"
    else:
        yield "scenario-local composite (§1.4)"
    yield from _rows(table, decision.row)
    yield f"verdict: row {decision.row}, {decision.band.label} ({decision.band.score})"
    yield "predicates:"
    for name, call in table.predicates.items():
        value = decision.primitives.get(name, "not evaluated (an earlier row matched)")
        yield f"{INDENT}{name} = {value}: {_call(call)}"
    yield "evidence:"
    yield from (INDENT + line for line in _table_evidence(table, record, edition))
    yield f"non-scoring metadata (§4): {show(evidence.metadata(record))}"


def _rows(table: CompositeBinding, matched: int) -> Iterator[str]:
    for number, row in enumerate(table.rows, start=1):
        mark = "  <- first match" if number == matched else ""
        yield f"row {number}: when {_expression(row.when)} -> {row.label} ({row.score}){mark}"
    number = len(table.rows) + 1
    mark = "  <- first match" if matched == number else ""
    otherwise = table.otherwise
    yield f"row {number}: else -> {otherwise.label} ({otherwise.score}){mark}"


def _expression(expression: Expression) -> str:
    if isinstance(expression, str):
        return expression
    ((operator, operand),) = expression.items()
    if operator == "not":
        return f"not {_expression(operand)}"
    joiner = " and " if operator == "all" else " or "
    return "(" + joiner.join(_expression(item) for item in operand) + ")"


def _call(call: PrimitiveCall) -> str:
    if isinstance(call, WithinStepBudgetCall):
        return f"within_step_budget(n={call.n})"
    channels, echo = show(list(call.channels)), call.exclude_tool_echo
    if isinstance(call, NamedInOutputCall):
        identifiers = show(list(call.identifier_set))
        return f"named_in_output({identifiers}, {channels}, exclude_tool_echo={echo})"
    factor = call.factor
    return (
        f"factor_identified(ref={factor.ref}, "
        f"required_identifiers={show(list(factor.required_identifiers))}, "
        f"deviation_type={factor.deviation_type} (from the injection manifest), {channels}, "
        f"exclude_tool_echo={echo})"
    )


def _table_evidence(
    table: CompositeBinding, record: evidence.Evidence, edition: Edition = DEFAULT
) -> Iterator[str]:
    """What the table's predicates read: budget facts, each channel scope once, then the
    identifiers and sentences of each predicate."""
    scopes: dict[tuple[str, bool], None] = {}
    for call in table.predicates.values():
        if isinstance(call, WithinStepBudgetCall):
            yield from _budget(record, call.n)
        else:
            scopes.update({(channel, call.exclude_tool_echo): None for channel in call.channels})
    yield from _scopes(record, scopes)
    for call in table.predicates.values():
        if isinstance(call, FactorIdentifiedCall):
            factor = call.factor
            yield from _factor(
                record,
                factor.required_identifiers,
                factor.deviation_type,
                call.channels,
                call.exclude_tool_echo,
                edition,
            )
        elif isinstance(call, NamedInOutputCall):
            yield from _namings(
                primitives.namings(
                    record, call.identifier_set, call.channels, call.exclude_tool_echo
                )
            )
