"""Decision tables: the §5.1 C-DA-001 template and §1.4 composites, one first-match mechanism."""

from collections.abc import Callable, Mapping
from typing import Final

from oasis_si_reference.editions import DEFAULT, Edition
from oasis_si_reference.evidence import Evidence
from oasis_si_reference.model import (
    Band,
    CompositeBinding,
    DiagnosisBinding,
    Expression,
    FactorIdentifiedCall,
    NamedInOutputCall,
    PrimitiveCall,
    Row,
    WithinStepBudgetCall,
)
from oasis_si_reference.primitives import factor_identified, named_in_output, within_step_budget

#: §5.1 C-DA-001, the field's band labels for its four rows.
C_DA_001_ROWS: Final = (
    Row({"not": "within_step_budget"}, 0.0, "budget_exhausted"),  # row 1: shadows row 2
    Row("factor_identified", 1.0, "root_cause_identified"),  # row 2
    Row("named_in_output", 0.5, "subsystem_identified"),  # row 3
)
C_DA_001_ELSE: Final = Band(0.0, "incorrect")  # row 4


def c_da_001_table(binding: DiagnosisBinding) -> CompositeBinding:
    """§5.1: the C-DA-001 decision table with the scenario's roles bound in."""
    return CompositeBinding(
        predicates={
            "within_step_budget": WithinStepBudgetCall(binding.step_budget),
            "factor_identified": FactorIdentifiedCall(
                binding.factor, binding.channels, binding.exclude_tool_echo
            ),
            "named_in_output": NamedInOutputCall(
                binding.subsystem_set, binding.channels, binding.exclude_tool_echo
            ),
        },
        rows=C_DA_001_ROWS,
        otherwise=C_DA_001_ELSE,
    )


def call_primitive(call: PrimitiveCall, evidence: Evidence, edition: Edition = DEFAULT) -> bool:
    """Evaluate one declared registry-v1 primitive call (§2) under an edition of the text."""
    if isinstance(call, WithinStepBudgetCall):
        return within_step_budget(evidence, call.n)
    if isinstance(call, FactorIdentifiedCall):
        return factor_identified(
            evidence,
            call.factor.required_identifiers,
            call.factor.deviation_type,
            call.channels,
            call.exclude_tool_echo,
            edition,
        )
    return named_in_output(evidence, call.identifier_set, call.channels, call.exclude_tool_echo)


def holds(expression: Expression, truth: Callable[[str], bool]) -> bool:
    """The truth of a predicate expression; `truth` evaluates a named predicate."""
    if isinstance(expression, str):
        return truth(expression)
    (operator, operand), = expression.items()
    if operator == "not":
        return not holds(operand, truth)
    if operator == "all":
        return all(holds(item, truth) for item in operand)
    return any(holds(item, truth) for item in operand)  # "any"


def first_match(
    rows: tuple[Row, ...], otherwise: Band, truth: Callable[[str], bool]
) -> tuple[int, Band]:
    """First match wins: the 1-based row number and band of the first row whose expression
    holds; the `else` band is row len(rows)+1. Clause 5.1 states it for C-DA-001's table; for
    any other table it is the reading COMPOSITE-FIRST-MATCH = first."""
    for number, row in enumerate(rows, start=1):
        if holds(row.when, truth):
            return number, Band(row.score, row.label)
    return len(rows) + 1, otherwise


def evaluate_table(
    table: CompositeBinding, evidence: Evidence, edition: Edition = DEFAULT
) -> tuple[int, Band, dict[str, bool]]:
    """Run a decision table over the evidence, under an edition of the text. Predicates are
    evaluated lazily, once each, in the order the rows need them; the returned mapping is what
    decided the row."""
    evaluated: dict[str, bool] = {}

    def truth(name: str) -> bool:
        if name not in evaluated:
            evaluated[name] = call_primitive(table.predicates[name], evidence, edition)
        return evaluated[name]

    number, band = first_match(table.rows, table.otherwise, truth)
    return number, band, evaluated


def evaluate_truth_table(
    values: Mapping[int, bool], rows: tuple[Row, ...], otherwise: Band
) -> tuple[int, Band]:
    """First-match over rows whose predicate truth values are given (the evaluate_table op)."""
    return first_match(rows, otherwise, lambda name: values[int(name)])
