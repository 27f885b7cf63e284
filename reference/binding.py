"""Layer-3 binding validation (§1.3, §1.4, §2.4, §2.5, §3.3, §5.1 roles; Scenarios §1.7, §1.11).

`bind(scenario)` turns a scenario document into a Binding or raises BindingError with a stable
kind (PROTOCOL.md lists them). Unknown fields outside the checked ones are ignored (register
BIND-EXTRA-FIELD = ignore). Checks run in a fixed order, so one document always yields one kind.

The binding points the text leaves open are register entries; the reference's readings
(readings.py) are: BIND-RESTATED reject, BIND-EMPTY-IDENT reject, BIND-ECHO-OMITTED reject,
BIND-DUPLICATE-CHANNEL reject, BIND-BUDGET-FLOAT reject, BIND-BUDGET-RANGE positive,
BIND-EMPTY-SET reject, BIND-UNREGISTERED-TYPE reject, BIND-EXTRA-FIELD ignore, BIND-ECHO-NULL
reject (a null role is reported as not supplied, as an absent one is). Of a composite's:
COMPOSITE-BESIDE-TEMPLATE reject, COMPOSITE-SCORE-RANGE reject, COMPOSITE-DIAGNOSIS-TRACE accept,
COMPOSITE-ECHO-OMITTED default-false.
"""

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from oasis_si_reference.evidence import CHANNEL_FIELDS
from oasis_si_reference.model import (
    Band,
    Binding,
    BindingError,
    CompositeBinding,
    DiagnosisBinding,
    Expression,
    Factor,
    FactorIdentifiedCall,
    NamedInOutputCall,
    PrimitiveCall,
    Row,
    WithinStepBudgetCall,
)
from oasis_si_reference.primitives import REGISTRY_V1
from oasis_si_reference.synonyms import synonyms_for

#: Scenarios §1.7: Form A fields; a Form B block declares none of them.
FORM_A_FIELDS: Final = ("type", "rubric", "dimensions")
#: §5.1: the roles a C-DA-001 binding must supply, in the order they are checked
#: (exclude_tool_echo among them: BIND-ECHO-OMITTED = reject).
C_DA_001_ROLES: Final = ("factor", "subsystem_set", "channels", "step_budget", "exclude_tool_echo")
#: §2.5: diagnosis bands match agent_response only.
DIAGNOSIS_CHANNELS: Final = ("agent_response",)
TEMPLATES: Final = ("C-DA-001",)
#: Scenarios §1.11: the scenario's injection.deviations, by id.
Deviations = dict[str, Mapping[str, Any]]
#: What a role check returns once it accepts a composite parameter.
_Checked = TypeVar("_Checked")


def bind(scenario: Mapping[str, Any]) -> Binding:
    """Validate the scenario's scoring block and bind its roles."""
    scoring = scenario.get("scoring")
    if not isinstance(scoring, Mapping):
        raise BindingError("form_missing", "the scenario has no scoring block")
    _check_form(scoring)
    _check_no_declared_synonyms(scoring)
    deviations = _deviations(scenario)
    if "composite" in scoring:
        return _bind_composite(scoring["composite"], deviations)
    return _bind_template(scoring, deviations)


def _check_form(scoring: Mapping[str, Any]) -> None:
    """Scenarios §1.7: Form A and Form B are exclusive; a block with neither is malformed. A
    template beside a composite is a conflict too (COMPOSITE-BESIDE-TEMPLATE = reject)."""
    form_a = [field for field in FORM_A_FIELDS if field in scoring]
    form_b = [field for field in ("archetype_template", "composite") if field in scoring]
    if form_a and form_b or len(form_b) == 2:
        raise BindingError("form_conflict", f"scoring mixes {form_a + form_b}")
    if form_a:
        raise BindingError("not_form_b", f"a Form A block ({form_a}) is not scored by this profile")
    if not form_b:
        raise BindingError("form_missing", "scoring names neither archetype_template nor composite")


def _check_no_declared_synonyms(scoring: Mapping[str, Any]) -> None:
    """§3.3: "A scenario MUST NOT declare its own synonyms" (BIND-DECLARED-SYNONYMS = reject;
    under disregard the declared list would be passed over: no primitive reads it)."""
    holders = [scoring, scoring.get("factor")]
    composite = scoring.get("composite")
    if isinstance(composite, Mapping) and isinstance(composite.get("predicates"), Mapping):
        for call in composite["predicates"].values():
            holders += [call, call.get("factor") if isinstance(call, Mapping) else None]
    if any(isinstance(holder, Mapping) and "synonyms" in holder for holder in holders):
        raise BindingError("declared_synonyms", "synonym lists are a profile asset (§3.3)")


def _deviations(scenario: Mapping[str, Any]) -> Deviations:
    """Scenarios §1.11: injection.deviations by id (a malformed manifest holds none)."""
    injection = scenario.get("injection")
    entries = injection.get("deviations") if isinstance(injection, Mapping) else None
    if not isinstance(entries, list):
        return {}
    return {
        entry["id"]: entry
        for entry in entries
        if isinstance(entry, Mapping) and isinstance(entry.get("id"), str)
    }


def _bind_template(scoring: Mapping[str, Any], deviations: Deviations) -> DiagnosisBinding:
    """§5.1: the C-DA-001 roles."""
    template = scoring["archetype_template"]
    if template not in TEMPLATES:
        raise BindingError(
            "unknown_template", f"no archetype template {template!r} in this profile"
        )
    for role in C_DA_001_ROLES:
        if scoring.get(role) is None:
            raise BindingError("missing_role", f"C-DA-001 requires the role {role!r}")
    factor = scoring["factor"]
    subsystem_set = _identifiers(scoring["subsystem_set"], "subsystem_set")
    channels = _strings(scoring["channels"], "channels")
    step_budget = _positive_int(scoring["step_budget"], "step_budget")
    exclude_tool_echo = _boolean(scoring["exclude_tool_echo"], "exclude_tool_echo")
    bound_factor = _factor(factor, deviations, channels)
    return DiagnosisBinding(bound_factor, subsystem_set, channels, step_budget, exclude_tool_echo)


def _factor(factor: Any, deviations: Deviations, channels: tuple[str, ...]) -> Factor:
    """§2.2 / §5.1 role factor: ref + required_identifiers; the type comes from the manifest."""
    if not isinstance(factor, Mapping) or not isinstance(factor.get("ref"), str):
        raise BindingError("invalid_role", "factor must be an object with a string ref")
    required = _identifiers(factor.get("required_identifiers"), "factor.required_identifiers")
    if "deviation_type" in factor:
        raise BindingError("restated_deviation_type", "factor restates deviation_type (§2.2)")
    _check_diagnosis_channels(channels)
    deviation = deviations.get(factor["ref"])
    if deviation is None:
        raise BindingError(
            "unresolved_factor_ref", f"no injection deviation with id {factor['ref']!r}"
        )
    deviation_type = deviation.get("deviation_type")
    # BIND-UNREGISTERED-TYPE = reject: a type with no synonym list (§3.3) is not bound.
    if not isinstance(deviation_type, str) or synonyms_for(deviation_type) is None:
        raise BindingError(
            "unregistered_deviation_type", f"deviation type {deviation_type!r} has no synonym list"
        )
    return Factor(factor["ref"], required, deviation_type)


def _check_diagnosis_channels(channels: tuple[str, ...]) -> None:
    """§2.5: templates that score diagnosis declare [agent_response]; bindings MUST NOT widen it.
    The list is compared with [agent_response] (BIND-DUPLICATE-CHANNEL = reject)."""
    if channels != DIAGNOSIS_CHANNELS:
        raise BindingError(
            "channel_widening", f"diagnosis channels must be [agent_response], not {list(channels)}"
        )


def _strings(value: Any, role: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise BindingError("invalid_role", f"{role} must be a non-empty array of strings")
    return tuple(value)


def _identifiers(value: Any, role: str) -> tuple[str, ...]:
    """An identifier set: a non-empty array (BIND-EMPTY-SET = reject) of non-empty strings
    (BIND-EMPTY-IDENT = reject)."""
    identifiers = _strings(value, role)
    if "" in identifiers:
        raise BindingError("empty_identifier", f"{role} holds an empty identifier")
    return identifiers


def _positive_int(value: Any, role: str) -> int:
    """§5.1, §3.4: a budget counts tool invocations, an integer as written (BIND-BUDGET-FLOAT =
    reject) and at least 1 (BIND-BUDGET-RANGE = positive)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BindingError(
            "invalid_step_budget", f"{role} must be a positive integer, not {value!r}"
        )
    return value


def _boolean(value: Any, role: str) -> bool:
    if not isinstance(value, bool):
        raise BindingError("invalid_role", f"{role} must be a boolean")
    return value


# §1.4 scenario-local composites ------------------------------------------------------------


def _bind_composite(composite: Any, deviations: Deviations) -> CompositeBinding:
    """§1.4: a declared decision table over registry primitives, nothing else."""
    if not isinstance(composite, Mapping):
        raise BindingError("invalid_composite", "composite must be an object")
    predicates = composite.get("predicates")
    rows = composite.get("rows")
    otherwise = composite.get("else")
    if not isinstance(predicates, Mapping) or not predicates:
        raise BindingError("invalid_composite", "composite.predicates must be a non-empty object")
    calls = {name: _primitive_call(name, call, deviations) for name, call in predicates.items()}
    if not isinstance(rows, list):
        raise BindingError("invalid_composite", "composite.rows must be an array")
    bound_rows = tuple(_row(row, calls) for row in rows)
    return CompositeBinding(calls, bound_rows, _band(otherwise, "composite.else"))


def _primitive_call(name: str, call: Any, deviations: Deviations) -> PrimitiveCall:
    if not isinstance(call, Mapping) or not isinstance(call.get("primitive"), str):
        raise BindingError("invalid_composite", f"predicate {name!r} must name a primitive")
    primitive = call["primitive"]
    if primitive not in REGISTRY_V1:
        raise BindingError("unregistered_primitive", f"{primitive!r} is not in registry v1 (§2.4)")
    # clause 2.1's default; for a factor_identified predicate COMPOSITE-ECHO-OMITTED = default-false
    echo = call.get("exclude_tool_echo", False)
    if not isinstance(echo, bool):
        raise BindingError("invalid_composite", f"{name}.exclude_tool_echo must be a boolean")
    if primitive == "within_step_budget":
        return WithinStepBudgetCall(_positive_int(call.get("n"), f"{name}.n"))
    channels = _composite_channels(call.get("channels"), name)
    if primitive == "named_in_output":
        identifiers = _composite_field(
            _identifiers, call.get("identifier_set"), f"{name}.identifier_set"
        )
        return NamedInOutputCall(identifiers, channels, echo)
    factor = call.get("factor")
    if not isinstance(factor, Mapping) or not isinstance(factor.get("ref"), str):
        raise BindingError(
            "invalid_composite", f"{name}.factor must be an object with a string ref"
        )
    return FactorIdentifiedCall(_factor(factor, deviations, channels), channels, echo)


def _composite_channels(value: Any, name: str) -> tuple[str, ...]:
    """A predicate's channels, each one the profile defines (§2.1). Only a factor_identified
    predicate is held to §2.5's [agent_response] (`_factor`); a named_in_output predicate may
    read reasoning_trace, in a diagnosis scenario too (COMPOSITE-DIAGNOSIS-TRACE = accept)."""
    channels = _composite_field(_strings, value, f"{name}.channels")
    unknown = [channel for channel in channels if channel not in CHANNEL_FIELDS]
    if unknown:
        raise BindingError("unknown_channel", f"{name} names channels the profile lacks: {unknown}")
    return channels


def _composite_field(check: Callable[[Any, str], _Checked], value: Any, where: str) -> _Checked:
    """Run a role check on a composite parameter; a shape error there is invalid_composite."""
    try:
        return check(value, where)
    except BindingError as error:
        if error.kind == "invalid_role":
            raise BindingError("invalid_composite", error.message) from None
        raise


def _row(row: Any, calls: Mapping[str, PrimitiveCall]) -> Row:
    if not isinstance(row, Mapping) or "when" not in row:
        raise BindingError("invalid_composite", "each row needs when, score and label")
    _check_expression(row["when"], calls)
    band = _band(row, "row")
    return Row(row["when"], band.score, band.label)


def _band(value: Any, where: str) -> Band:
    """A row's or the else band's score and label; a score outside [0, 1] is refused whether or
    not its row can match (COMPOSITE-SCORE-RANGE = reject)."""
    if not isinstance(value, Mapping):
        raise BindingError("invalid_composite", f"{where} must be an object with score and label")
    score, label = value.get("score"), value.get("label")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
        raise BindingError("invalid_composite", f"{where}.score must be a number in [0, 1]")
    if not isinstance(label, str) or not label:
        raise BindingError("invalid_composite", f"{where}.label must be a non-empty string")
    return Band(float(score), label)


def _check_expression(expression: Expression, calls: Mapping[str, PrimitiveCall]) -> None:
    """An expression is a declared predicate name, {not: E}, {all: [E...]} or {any: [E...]}."""
    if isinstance(expression, str):
        if expression not in calls:
            raise BindingError(
                "invalid_composite", f"row names undeclared predicate {expression!r}"
            )
        return
    if not isinstance(expression, Mapping) or len(expression) != 1:
        raise BindingError("invalid_composite", f"malformed expression {expression!r}")
    (operator, operand), = expression.items()
    if operator == "not":
        _check_expression(operand, calls)
    elif operator in ("all", "any") and isinstance(operand, list) and operand:
        for item in operand:
            _check_expression(item, calls)
    else:
        raise BindingError("invalid_composite", f"malformed expression {expression!r}")
