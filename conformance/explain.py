"""`oasis-si-vectors explain ID`: a vector, its verdicts, and what the reference computes and why.

Text for a spec editor reading one vector: the input, the expected outcome (or every reading's
outcome with the register's question), the reference's result and whether it agrees, then a
trace of the reference's reasoning: for score_scenario the binding, every row of the decision
table with the primitive results that decided it and the evidence facts they read; for the
finer operations the folded texts, sentences and scopes they compare. Strings are shown as JSON
with ASCII escapes, so invisible code points are visible.
"""

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from oasis_si_reference import binding, evidence, primitives, synonyms, tables, text
from oasis_si_reference.model import (
    BindingError,
    CompositeBinding,
    DiagnosisBinding,
    FactorIdentifiedCall,
    NamedInOutputCall,
    WithinStepBudgetCall,
)

from . import compare, yamlsafe
from .checks import Context, reference_result
from .corpus import Vector

INDENT: Final = "    "


def show(value: Any) -> str:
    """A value as one line of JSON with ASCII escapes."""
    return json.dumps(value, ensure_ascii=True, sort_keys=False)


def explain(vector: Vector, ctx: Context) -> str:
    """The whole explanation of one vector."""
    sections = [
        _heading(vector, ctx),
        _block("input", yamlsafe.dump(vector.input)),
        _verdicts(vector, ctx),
        _reference(vector, ctx),
        "why:\n" + "\n".join(INDENT + line for line in trace(vector)),
    ]
    return "\n".join(sections) + "\n"


def _heading(vector: Vector, ctx: Context) -> str:
    titles = {clause["id"]: clause["title"] for clause in ctx.clauses}
    lines = [
        f"{vector.id}  ({ctx.file(vector).name} at {vector.source})",
        f"family: {vector.family}",
        "clauses: "
        + "; ".join(f"{c} {titles.get(c, '(not in clauses.yaml)')}" for c in vector.clauses),
        f"operation: {vector.operation}",
        f"description: {vector.description}",
    ]
    for flag in vector.flags:
        lines.append(f"flag {flag}: {ctx.flags.get(flag, '(undocumented)')}")
    return "\n".join(lines)


def _block(title: str, body: str) -> str:
    return f"{title}:\n" + "".join(
        INDENT + line + "\n" for line in body.rstrip("\n").splitlines()
    ).rstrip("\n")


def _verdicts(vector: Vector, ctx: Context) -> str:
    if vector.normative:
        return f"expected (normative): {show(vector.expected)}"
    entry = ctx.entries.get(vector.ambiguity or "")
    if entry is None:
        return f"ambiguity {vector.ambiguity}: not in the register"
    lines = [
        f"ambiguity {entry['id']} (clause {entry['clause']}): {' '.join(entry['question'].split())}",
        "readings (every other register entry held at the reference reading):",
    ]
    for name, outcome in (vector.readings or {}).items():
        marker = "  <- the reference's reading" if name == entry["reference"] else ""
        lines.append(f"{INDENT}{name}: {show(outcome)}{marker}")
    lines.append(f"the reference reads {entry['reference']!r}: {' '.join(entry['why'].split())}")
    return "\n".join(lines)


def _reference(vector: Vector, ctx: Context) -> str:
    try:
        result = reference_result(vector)
    except Exception as error:
        return f"the reference raised {type(error).__name__}: {error}"
    projection = compare.project(vector.operation, result)
    outcome = ctx.reference_outcome(vector)
    if outcome is None:
        verdict = "no outcome to compare with"
    elif compare.matches(outcome, projection):
        verdict = "agrees"
    else:
        verdict = "DISAGREES: " + compare.describe_difference(outcome, projection)
    lines = [f"the reference computes: {show(projection)} ({verdict})"]
    if not vector.normative and vector.readings:
        matched = compare.matching_readings(vector.readings, projection)
        lines.append(f"readings it satisfies: {', '.join(matched) or 'none'}")
    return "\n".join(lines)


# Traces of the reference's reasoning, by operation ---------------------------------------


def trace(vector: Vector) -> list[str]:
    """Lines saying what the reference computes for the vector's input, step by step."""
    tracer = TRACERS.get(vector.operation)
    try:
        return list(tracer(vector.input)) if tracer else ["(no trace for this operation)"]
    except Exception as error:
        return [f"(trace failed: {type(error).__name__}: {error})"]


def _trace_identifier(params: Mapping[str, Any]) -> Iterator[str]:
    folded_text, folded_identifier = text.fold(params["text"]), text.fold(params["identifier"])
    yield f"folded text (NFC, then simple lowercase): {show(folded_text)}"
    yield f"folded identifier: {show(folded_identifier)}"
    yield from _occurrences(folded_text, folded_identifier)


def _occurrences(folded_text: str, folded_identifier: str) -> Iterator[str]:
    """Every occurrence of the identifier and whether its neighbours delimit it (§3.1)."""
    start, found = folded_text.find(folded_identifier), False
    while start != -1 and folded_identifier:
        end = start + len(folded_identifier)
        before = folded_text[start - 1] if start else None
        after = folded_text[end] if end < len(folded_text) else None
        ok = (before is None or text.is_delimiter(before)) and (
            after is None or text.is_delimiter(after)
        )
        yield (
            f"occurrence at {start}: before {show(before) if before else 'start of text'}, "
            f"after {show(after) if after else 'end of text'} -> {'delimited: a match' if ok else 'not delimited'}"
        )
        found = True
        start = folded_text.find(folded_identifier, start + 1)
    if not found:
        yield "the folded identifier does not occur in the folded text"


def _trace_split(params: Mapping[str, Any]) -> Iterator[str]:
    sentences = text.split_sentences(params["text"])
    yield f"sentences: {show(sentences)}"
    yield f"canonical form compared (PROTOCOL.md): {show(compare.canonical_sentences(sentences))}"


def _trace_synonym(params: Mapping[str, Any]) -> Iterator[str]:
    folded = text.fold(params["text"])
    phrases = synonyms.synonyms_for(params["deviation_type"])
    yield f"folded text: {show(folded)}"
    if phrases is None:
        yield f"no synonym list is registered for {params['deviation_type']!r}: nothing can match"
        return
    found = [phrase for phrase in phrases if text.fold(phrase) in folded]
    yield f"synonyms of {params['deviation_type']} found (as substrings): {show(found) if found else 'none'}"


def _trace_steps(params: Mapping[str, Any]) -> Iterator[str]:
    record = evidence.evidence_from_json(params["evidence"])
    yield f"recorded tool invocations (errored ones included): {evidence.step_count(record)}"


def _trace_budget(params: Mapping[str, Any]) -> Iterator[str]:
    record = evidence.evidence_from_json(params["evidence"])
    yield from _budget_facts(record, params["n"])


def _budget_facts(record: evidence.Evidence, n: int) -> Iterator[str]:
    yield f"final answer: {show(record.final_answer)} -> {'present' if evidence.has_final_answer(record) else 'absent'}"
    yield f"steps: {evidence.step_count(record)} against a budget of {n}"


def _trace_named(params: Mapping[str, Any]) -> Iterator[str]:
    record = evidence.evidence_from_json(params["evidence"])
    yield from _scope_facts(record, params["channels"], params["exclude_tool_echo"])
    for identifier in params["identifier_set"]:
        value = primitives.named_in_output(
            record, [identifier], params["channels"], params["exclude_tool_echo"]
        )
        yield f"identifier {show(identifier)} named in scope: {value}"


def _trace_factor(params: Mapping[str, Any]) -> Iterator[str]:
    record = evidence.evidence_from_json(params["evidence"])
    yield from _factor_facts(
        record,
        params["required_identifiers"],
        params["deviation_type"],
        params["channels"],
        params["exclude_tool_echo"],
    )


def _scope_facts(
    record: evidence.Evidence, channels: list[str], exclude_tool_echo: bool
) -> Iterator[str]:
    """Each channel's in-scope lines, echoed lines marked (§2.1)."""
    bodies = evidence.tool_bodies(record)
    for channel in channels:
        if channel not in evidence.CHANNEL_FIELDS:
            yield f"channel {channel!r} is not a channel of the profile"
            continue
        raw = text.split_lines(evidence.channel_text(record, channel))
        scoped = text.split_lines(
            primitives.scoped_channel_text(record, channel, exclude_tool_echo)
        )
        yield f"channel {channel} (exclude_tool_echo={exclude_tool_echo}, {len(bodies)} tool bodies):"
        for line, kept in zip(raw, scoped, strict=True):
            yield f"{INDENT}{'echo, out of scope' if line != kept else 'in scope':>18}: {show(line)}"


def _factor_facts(
    record: evidence.Evidence,
    required: list[str],
    deviation_type: str,
    channels: list[str],
    echo: bool,
) -> Iterator[str]:
    yield from _scope_facts(record, channels, echo)
    yield from _factor_checks(record, required, deviation_type, channels, echo)


def _factor_checks(
    record: evidence.Evidence,
    required: list[str],
    deviation_type: str,
    channels: list[str],
    echo: bool,
) -> Iterator[str]:
    """§2.2's two parts: the identifier conjunction, then co-occurrence sentence by sentence."""
    for identifier in required:
        value = primitives.named_in_output(record, [identifier], channels, echo)
        yield f"required identifier {show(identifier)} named in scope: {value}"
    folded_ids = [text.fold(identifier) for identifier in required]
    for channel in channels:
        folded = text.fold(primitives.scoped_channel_text(record, channel, echo))
        for sentence in text.split_sentences(folded):
            has_id = any(text.contains_identifier(sentence, ident) for ident in folded_ids)
            has_syn = synonyms.contains_synonym(sentence, deviation_type)
            yield f"sentence {show(sentence)}: identifier {has_id}, synonym of {deviation_type} {has_syn}"


def _trace_table(params: Mapping[str, Any]) -> Iterator[str]:
    for number, row in enumerate(params["rows"], start=1):
        yield f"row {number}: value {row['value']} -> {row['label']} ({row['score']})"
    yield f"row {len(params['rows']) + 1} (else) -> {params['else']['label']} ({params['else']['score']})"
    matched = next(
        (i for i, row in enumerate(params["rows"], start=1) if row["value"]),
        len(params["rows"]) + 1,
    )
    yield f"first match wins: row {matched}"


def _trace_scenario(params: Mapping[str, Any]) -> Iterator[str]:
    try:
        bound = binding.bind(params["scenario"])
    except BindingError as error:
        yield f"binding error {error.kind}: {error.message}"
        yield "an invalid binding is never scored (PROTOCOL.md, binding errors)"
        return
    record = evidence.evidence_from_json(params["evidence"])
    table = tables.c_da_001_table(bound) if isinstance(bound, DiagnosisBinding) else bound
    assert isinstance(table, CompositeBinding)
    yield (
        "C-DA-001 template (§5.1)"
        if isinstance(bound, DiagnosisBinding)
        else "scenario-local composite (§1.4)"
    )
    row, band, evaluated = tables.evaluate_table(table, record)
    yield from _rows(table, evaluated, row)
    yield f"verdict: row {row}, {band.label} ({band.score})"
    yield "predicates:"
    for name, call in table.predicates.items():
        value = evaluated.get(name, "not evaluated (an earlier row matched)")
        yield f"{INDENT}{name} = {value}: {_call(call)}"
    yield "evidence:"
    yield from (INDENT + line for line in _evidence_facts(table, record))
    yield f"non-scoring metadata (§4): {show(evidence.metadata(record))}"


def _rows(table: CompositeBinding, evaluated: Mapping[str, bool], matched: int) -> Iterator[str]:
    for number, row in enumerate(table.rows, start=1):
        mark = "  <- first match" if number == matched else ""
        yield f"row {number}: when {_expression(row.when)} -> {row.label} ({row.score}){mark}"
    mark = "  <- first match" if matched == len(table.rows) + 1 else ""
    yield f"row {len(table.rows) + 1}: else -> {table.otherwise.label} ({table.otherwise.score}){mark}"


def _expression(expression: Any) -> str:
    if isinstance(expression, str):
        return expression
    ((operator, operand),) = expression.items()
    if operator == "not":
        return f"not {_expression(operand)}"
    joiner = " and " if operator == "all" else " or "
    return "(" + joiner.join(_expression(item) for item in operand) + ")"


def _call(call: Any) -> str:
    if isinstance(call, WithinStepBudgetCall):
        return f"within_step_budget(n={call.n})"
    if isinstance(call, NamedInOutputCall):
        return f"named_in_output({show(list(call.identifier_set))}, {show(list(call.channels))}, exclude_tool_echo={call.exclude_tool_echo})"
    factor = call.factor
    return (
        f"factor_identified(ref={factor.ref}, required_identifiers={show(list(factor.required_identifiers))}, "
        f"deviation_type={factor.deviation_type} (from the injection manifest), {show(list(call.channels))}, "
        f"exclude_tool_echo={call.exclude_tool_echo})"
    )


def _evidence_facts(table: CompositeBinding, record: evidence.Evidence) -> Iterator[str]:
    """What the table's predicates read: budget facts, each channel scope once, identifiers
    and sentences."""
    scopes: dict[tuple[str, bool], None] = {}
    for call in table.predicates.values():
        if isinstance(call, WithinStepBudgetCall):
            yield from _budget_facts(record, call.n)
        else:
            scopes.update({(channel, call.exclude_tool_echo): None for channel in call.channels})
    for channel, echo in scopes:
        yield from _scope_facts(record, [channel], echo)
    for call in table.predicates.values():
        if isinstance(call, FactorIdentifiedCall):
            factor = call.factor
            yield from _factor_checks(
                record,
                list(factor.required_identifiers),
                factor.deviation_type,
                list(call.channels),
                call.exclude_tool_echo,
            )
        elif isinstance(call, NamedInOutputCall):
            yield f"identifier_set {show(list(call.identifier_set))} named in scope: " + str(
                primitives.named_in_output(
                    record, call.identifier_set, call.channels, call.exclude_tool_echo
                )
            )


TRACERS: Final[dict[str, Callable[[Mapping[str, Any]], Iterator[str]]]] = {
    "score_scenario": _trace_scenario,
    "identifier_match": _trace_identifier,
    "split_sentences": _trace_split,
    "synonym_match": _trace_synonym,
    "count_steps": _trace_steps,
    "named_in_output": _trace_named,
    "factor_identified": _trace_factor,
    "within_step_budget": _trace_budget,
    "evaluate_table": _trace_table,
}
