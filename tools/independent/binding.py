"""Layer 3 (§1.3): reading and checking a scenario's Form B scoring block.

A binding is either C-DA-001 roles (§5.1) or a scenario-local composite table (§1.4). Every
way it can be invalid is a binding error of a stable kind (PROTOCOL.md), never a score. The
checks run in a fixed order - form, declared synonyms, template, roles, identifiers, restated
type, channels, factor reference, deviation type - so one scenario has one answer.
"""

from typing import Any

import attrs

from .config import Config
from .hooks import Hook
from .primitives import REGISTRY_V1
from .synonyms import registered

TEMPLATES = ("C-DA-001",)
FORM_A = ("type", "rubric", "dimensions")
DIAGNOSIS_CHANNELS = ["agent_response"]
PROFILE_CHANNELS = ("agent_response", "reasoning_trace")
TEMPLATE_ROLES = ("factor", "subsystem_set", "channels", "step_budget", "exclude_tool_echo")


class Invalid(Exception):
    """An invalid binding: `kind` is one of PROTOCOL.md's binding-error kinds."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


@attrs.frozen
class Factor:
    """§2.2 f: the deviation it binds to, its required identifiers, and the type read from it."""

    ref: str
    required: tuple[str, ...]
    deviation_type: str
    declared: tuple[str, ...] = ()


@attrs.frozen
class TemplateBinding:
    """§5.1 C-DA-001 roles, checked."""

    factor: Factor
    subsystem_set: tuple[str, ...]
    channels: tuple[str, ...]
    step_budget: int
    exclude_tool_echo: bool


@attrs.frozen
class Call:
    """One named predicate of a composite: a registry v1 primitive with its parameters."""

    primitive: str
    n: int = 0
    identifier_set: tuple[str, ...] = ()
    factor: Factor | None = None
    channels: tuple[str, ...] = ()
    exclude_tool_echo: bool = False


@attrs.frozen
class Band:
    """One row of a decision table: its condition (None for `else`), score and label."""

    when: Any
    score: float
    label: str


@attrs.frozen
class CompositeBinding:
    """§1.4 a scenario-local decision table over registry primitives, checked."""

    predicates: dict[str, Call]
    rows: tuple[Band, ...]
    otherwise: Band


def read(scenario: Any, config: Config) -> TemplateBinding | CompositeBinding:
    """The checked binding of `scenario`. Raises Invalid."""
    scoring = scenario.get("scoring") if isinstance(scenario, dict) else None
    if not isinstance(scoring, dict):
        raise Invalid("form_missing", "the scenario has no scoring block")
    form = _form(scoring, config)
    declared = _declared_synonyms(scoring, config)
    if form == "composite":
        return _composite(scenario, scoring["composite"], declared, config)
    return _template(scenario, scoring, declared, config)


def _form(scoring: dict[str, Any], config: Config) -> str:
    """Scenarios §1.7: Form B is `archetype_template` or `composite`, without Form A fields."""
    form_a = [k for k in FORM_A if k in scoring]
    template, composite = "archetype_template" in scoring, "composite" in scoring
    if template and composite:
        raise Invalid("form_conflict", "both archetype_template and composite")
    if (template or composite) and form_a and not config.has(Hook.BIND_FORM_CONFLICT):
        raise Invalid("form_conflict", f"Form B together with Form A fields {form_a}")
    if form_a and not (template or composite):
        raise Invalid("not_form_b", f"a Form A block ({form_a}) is not scored by this profile")
    if not (template or composite):
        raise Invalid("form_missing", "the scoring block has neither Form A nor Form B fields")
    return "composite" if composite else "template"


def _declared_synonyms(scoring: dict[str, Any], config: Config) -> tuple[str, ...]:
    """§3.3 "A scenario MUST NOT declare its own synonyms" (scoring, factor, composite predicates)."""
    places: list[Any] = [scoring, scoring.get("factor")]
    composite = scoring.get("composite")
    predicates = composite.get("predicates") if isinstance(composite, dict) else None
    if isinstance(predicates, dict):
        for call in predicates.values():
            places += [call, call.get("factor") if isinstance(call, dict) else None]
    found = [p["synonyms"] for p in places if isinstance(p, dict) and "synonyms" in p]
    if not found:
        return ()
    if not config.has(Hook.BIND_DECLARED_SYNONYMS):
        raise Invalid("declared_synonyms", "the scenario declares synonyms of its own")
    return tuple(s for group in found if isinstance(group, list) for s in group if isinstance(s, str))


# C-DA-001 ------------------------------------------------------------------------------------


def _template(scenario: dict[str, Any], scoring: dict[str, Any], declared: tuple[str, ...], config: Config) -> TemplateBinding:
    name = scoring.get("archetype_template")
    if name not in TEMPLATES and not (
        isinstance(name, str) and name.startswith("C-DA") and config.has(Hook.BIND_TEMPLATE_PREFIX)
    ):
        raise Invalid("unknown_template", f"no template {name!r} in profile 0.3.0-rc1")
    roles = dict(scoring)
    if roles.get("exclude_tool_echo") is None and config.has(Hook.BIND_ECHO_DEFAULT):
        roles["exclude_tool_echo"] = False
    for role in TEMPLATE_ROLES:
        if roles.get(role) is None:
            raise Invalid("missing_role", f"C-DA-001 role {role!r} is missing")
    raw_factor = _factor_shape(roles["factor"])
    subsystem = _identifiers(roles["subsystem_set"], "subsystem_set", config)
    channels = _string_array(roles["channels"], "channels", config)
    if not isinstance(roles["exclude_tool_echo"], bool):
        raise Invalid("invalid_role", "exclude_tool_echo is not a boolean")
    budget = _step_budget(roles["step_budget"], config)
    required = _identifiers(raw_factor["required_identifiers"], "factor.required_identifiers", config)
    _check_empty(required + subsystem, config)
    restated = _restated(raw_factor, config)
    _diagnosis_channels(channels, config)
    factor = _resolve(scenario, raw_factor["ref"], required, restated, declared, config)
    return TemplateBinding(factor, subsystem, channels, budget, roles["exclude_tool_echo"])


def _factor_shape(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise Invalid("invalid_role", "factor is not an object")
    for part in ("ref", "required_identifiers"):
        if raw.get(part) is None:  # the role is there, malformed (missing_role is for roles)
            raise Invalid("invalid_role", f"factor.{part} is missing")
    if not isinstance(raw["ref"], str):
        raise Invalid("invalid_role", "factor.ref is not a string")
    return raw


def _string_array(raw: Any, name: str, config: Config) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise Invalid("invalid_role", f"{name} is not an array of strings")
    if not raw and not config.has(Hook.BIND_EMPTY_ARRAYS):
        raise Invalid("invalid_role", f"{name} is empty")
    return tuple(raw)


def _identifiers(raw: Any, name: str, config: Config) -> tuple[str, ...]:
    return _string_array(raw, name, config)


def _check_empty(identifiers: tuple[str, ...], config: Config) -> None:
    """Register BIND-EMPTY-IDENT."""
    if "" in identifiers and config.reading("BIND-EMPTY-IDENT") == "reject":
        raise Invalid("empty_identifier", "an identifier is the empty string")


def _step_budget(raw: Any, config: Config) -> int:
    """§3.4: a positive integer (booleans and 15.0 are not integers)."""
    if isinstance(raw, bool):
        if config.has(Hook.BIND_BOOL_BUDGET):
            return int(raw)
        raise Invalid("invalid_step_budget", "step_budget is a boolean")
    if isinstance(raw, float) and raw.is_integer() and config.has(Hook.BIND_FLOAT_BUDGET):
        raw = int(raw)
    if not isinstance(raw, int):
        raise Invalid("invalid_step_budget", f"step_budget {raw!r} is not an integer")
    if raw < 1 and not (raw == 0 and config.has(Hook.BIND_ZERO_BUDGET)):
        raise Invalid("invalid_step_budget", f"step_budget {raw} is not positive")
    return raw


def _restated(raw_factor: dict[str, Any], config: Config) -> str | None:
    """§2.2 "the deviation_type is read from that deviation, not restated" (BIND-RESTATED)."""
    if "deviation_type" not in raw_factor:
        return None
    if config.has(Hook.BIND_RESTATED_WINS):
        value = raw_factor["deviation_type"]
        return value if isinstance(value, str) else None
    if config.reading("BIND-RESTATED") == "reject":
        raise Invalid("restated_deviation_type", "factor restates deviation_type")
    return None


def _diagnosis_channels(channels: tuple[str, ...], config: Config) -> None:
    """§2.5: diagnosis bindings declare channels [agent_response] and MUST NOT widen it."""
    if list(channels) != DIAGNOSIS_CHANNELS and not config.has(Hook.BIND_WIDENED_CHANNELS):
        raise Invalid("channel_widening", f"diagnosis channels {list(channels)} are not [agent_response]")


def _deviations(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    injection = scenario.get("injection")
    found = injection.get("deviations") if isinstance(injection, dict) else None
    return [d for d in found if isinstance(d, dict)] if isinstance(found, list) else []


def _resolve(
    scenario: dict[str, Any],
    ref: str,
    required: tuple[str, ...],
    restated: str | None,
    declared: tuple[str, ...],
    config: Config,
) -> Factor:
    """§2.2 "f.ref binds the factor to a deviation id"; Scenarios §1.11; §3.3 registered types."""
    deviations = _deviations(scenario)
    match = next((d for d in deviations if d.get("id") == ref), None)
    if match is None and config.has(Hook.BIND_NO_REF_CHECK):
        match = deviations[0] if deviations else {"deviation_type": "absent_key"}
    if match is None:
        raise Invalid("unresolved_factor_ref", f"factor.ref {ref!r} names no injection.deviations id")
    deviation_type = restated if restated is not None else match.get("deviation_type")
    if not isinstance(deviation_type, str) or not registered(deviation_type):
        if not config.has(Hook.BIND_ANY_DEVIATION_TYPE):
            raise Invalid("unregistered_deviation_type", f"deviation_type {deviation_type!r} has no synonym list")
        deviation_type = deviation_type if isinstance(deviation_type, str) else "absent_key"
    return Factor(ref, required, deviation_type, declared)


# §1.4 composites -----------------------------------------------------------------------------


def _composite(scenario: dict[str, Any], raw: Any, declared: tuple[str, ...], config: Config) -> CompositeBinding:
    if not isinstance(raw, dict):
        raise Invalid("invalid_composite", "composite is not an object")
    predicates = raw.get("predicates")
    if not isinstance(predicates, dict) or not predicates:
        raise Invalid("invalid_composite", "composite.predicates is missing or empty")
    rows = raw.get("rows")
    if not isinstance(rows, list):
        raise Invalid("invalid_composite", "composite.rows is not an array")
    otherwise = _else(raw, config)
    calls = {name: _call(scenario, call, declared, config) for name, call in predicates.items()}
    bands = tuple(_row(row, set(calls), config) for row in rows)
    return CompositeBinding({k: v for k, v in calls.items() if v is not None}, bands, otherwise)


def _else(raw: dict[str, Any], config: Config) -> Band:
    if "else" not in raw and config.has(Hook.COMPOSITE_MISSING_ELSE):
        return Band(None, 0.0, "incorrect")
    return _band(raw.get("else"), None)


def _band(raw: Any, when: Any) -> Band:
    if not isinstance(raw, dict):
        raise Invalid("invalid_composite", "a row or else is not an object")
    score, label = raw.get("score"), raw.get("label")
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
        raise Invalid("invalid_composite", f"score {score!r} is not a number in [0, 1]")
    if not isinstance(label, str) or not label:
        raise Invalid("invalid_composite", "label is not a non-empty string")
    return Band(when, score, label)


def _row(raw: Any, names: set[str], config: Config) -> Band:
    if not isinstance(raw, dict) or "when" not in raw:
        raise Invalid("invalid_composite", "a row has no `when`")
    _expression(raw["when"], names, config)
    return _band(raw, raw["when"])


def _expression(expr: Any, names: set[str], config: Config) -> None:
    """An expression is a predicate name, {not: E}, {all: [E...]} or {any: [E...]} (PROTOCOL.md)."""
    if isinstance(expr, str):
        if expr not in names and not config.has(Hook.COMPOSITE_UNDECLARED_NAME):
            raise Invalid("invalid_composite", f"undeclared predicate {expr!r}")
        return
    if not isinstance(expr, dict) or len(expr) != 1:
        raise Invalid("invalid_composite", f"bad expression {expr!r}")
    (op, arg), = expr.items()
    if op == "not":
        _expression(arg, names, config)
    elif op in ("all", "any") and isinstance(arg, list) and arg:
        for part in arg:
            _expression(part, names, config)
    else:
        raise Invalid("invalid_composite", f"bad expression {expr!r}")


def _call(scenario: dict[str, Any], raw: Any, declared: tuple[str, ...], config: Config) -> Call | None:
    """One predicate: a registry v1 primitive (§2.4) with well-formed parameters."""
    if not isinstance(raw, dict) or not isinstance(raw.get("primitive"), str):
        raise Invalid("invalid_composite", "a predicate names no primitive")
    primitive = raw["primitive"]
    if primitive not in REGISTRY_V1:
        if config.has(Hook.BIND_UNREGISTERED_PRIMITIVE):
            return None
        raise Invalid("unregistered_primitive", f"{primitive!r} is not in registry v1 (§2.4)")
    if primitive == "within_step_budget":
        if raw.get("n") is None:
            raise Invalid("missing_role", "within_step_budget needs n")
        return Call(primitive, n=_step_budget(raw["n"], config))
    exclude = _exclude(raw, config)
    channels = _call_channels(raw, config)
    if primitive == "named_in_output":
        if raw.get("identifier_set") is None:
            raise Invalid("missing_role", "named_in_output needs identifier_set")
        identifiers = _identifiers(raw["identifier_set"], "identifier_set", config)
        _check_empty(identifiers, config)
        return Call(primitive, identifier_set=identifiers, channels=channels, exclude_tool_echo=exclude)
    raw_factor = _factor_shape(raw.get("factor")) if raw.get("factor") is not None else None
    if raw_factor is None:
        raise Invalid("missing_role", "factor_identified needs factor")
    required = _identifiers(raw_factor["required_identifiers"], "factor.required_identifiers", config)
    _check_empty(required, config)
    restated = _restated(raw_factor, config)
    _diagnosis_channels(channels, config)
    factor = _resolve(scenario, raw_factor["ref"], required, restated, declared, config)
    return Call(primitive, factor=factor, channels=channels, exclude_tool_echo=exclude)


def _exclude(raw: dict[str, Any], config: Config) -> bool:
    """`exclude_tool_echo` defaults to false in a composite call (§2.1)."""
    value = raw.get("exclude_tool_echo")
    if value is None:
        return config.has(Hook.COMPOSITE_ECHO_DEFAULT_TRUE)
    if not isinstance(value, bool):
        raise Invalid("invalid_role", "exclude_tool_echo is not a boolean")
    return value


def _call_channels(raw: dict[str, Any], config: Config) -> tuple[str, ...]:
    if raw.get("channels") is None:
        raise Invalid("missing_role", f"{raw['primitive']} needs channels")
    channels = _string_array(raw["channels"], "channels", config)
    unknown = [c for c in channels if c not in PROFILE_CHANNELS]
    if unknown and not config.has(Hook.COMPOSITE_UNKNOWN_CHANNEL):
        raise Invalid("unknown_channel", f"channels {unknown} are not defined by the profile")
    return channels
