"""Layer-3 bindings and verdicts as data (§1.3, §1.4, §5.1)."""

from typing import Any, Literal

import attrs


@attrs.frozen
class Factor:
    """§5.1 role `factor`: a deviation reference plus the identifiers that name it."""

    ref: str
    required_identifiers: tuple[str, ...]
    #: Read from the injection manifest's deviation (§2.2), never from the scoring block.
    deviation_type: str


@attrs.frozen
class DiagnosisBinding:
    """The C-DA-001 roles, bound by a Form B scenario (§5.1)."""

    factor: Factor
    subsystem_set: tuple[str, ...]
    channels: tuple[str, ...]
    step_budget: int
    exclude_tool_echo: bool


@attrs.frozen
class NamedInOutputCall:
    identifier_set: tuple[str, ...]
    channels: tuple[str, ...]
    exclude_tool_echo: bool = False
    primitive: Literal["named_in_output"] = "named_in_output"


@attrs.frozen
class FactorIdentifiedCall:
    factor: Factor
    channels: tuple[str, ...]
    exclude_tool_echo: bool = False
    primitive: Literal["factor_identified"] = "factor_identified"


@attrs.frozen
class WithinStepBudgetCall:
    n: int
    primitive: Literal["within_step_budget"] = "within_step_budget"


PrimitiveCall = NamedInOutputCall | FactorIdentifiedCall | WithinStepBudgetCall

#: A predicate expression: a predicate name, {"not": E}, {"all": [E...]} or {"any": [E...]}.
Expression = str | dict[str, Any]


@attrs.frozen
class Row:
    """One decision-table row: when the expression holds, this score and label."""

    when: Expression
    score: float
    label: str


@attrs.frozen
class Band:
    score: float
    label: str


@attrs.frozen
class CompositeBinding:
    """§1.4: a scenario-local composite, a declared decision table over registry primitives."""

    predicates: dict[str, PrimitiveCall]
    rows: tuple[Row, ...]
    otherwise: Band


Binding = DiagnosisBinding | CompositeBinding


@attrs.frozen
class BindingError(Exception):
    """An invalid Layer-3 binding: a stable kind (PROTOCOL.md) and a message. Never a score."""

    kind: str
    message: str


@attrs.frozen
class Verdict:
    """The result of scoring one scenario: the band, the row that matched, the primitive
    results that decided it (in evaluation order) and non-scoring metadata (§4)."""

    score: float
    label: str
    row: int
    primitives: dict[str, bool]
    metadata: dict[str, Any]
