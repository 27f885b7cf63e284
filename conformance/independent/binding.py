"""Layer 3 (§1.3): reading and checking a scenario's Form B scoring block.

A binding is either C-DA-001 roles (§5.1) or a scenario-local composite table (§1.4). Every
way it can be invalid is a binding error of a stable kind (PROTOCOL.md), never a score. The
checks run in a fixed order - form, declared synonyms, template, roles, identifiers, restated
type, channels, factor reference, deviation type - so one scenario has one answer.

Where the text leaves a binding point open (vectors/register.yaml, BIND-*), the configuration's
reading decides; it is consulted only when the scenario is at that point (config.tracing).
"""

import math
from typing import Any

import attrs
import yaml

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.primitives import REGISTRY_V1
from oasis_si_conformance.independent.synonyms import registered

TEMPLATES = ("C-DA-001",)
FORM_A = ("type", "rubric", "dimensions")
DIAGNOSIS_CHANNELS = ["agent_response"]
PROFILE_CHANNELS = ("agent_response", "reasoning_trace")
TEMPLATE_ROLES = ("factor", "subsystem_set", "channels", "step_budget", "exclude_tool_echo")
#: The fields the profile defines, by object (BIND-EXTRA-FIELD). Form A fields, `composite`,
#: `synonyms` and a restated `deviation_type` have checks of their own.
KNOWN_FIELDS = {
    "scoring": (*TEMPLATE_ROLES, "archetype_template", "composite", *FORM_A, "synonyms"),
    "factor": ("ref", "required_identifiers", "deviation_type", "synonyms"),
    "deviation": ("id", "resource", "deviation_type", "subject"),
}
#: What a YAML 1.1 typed decoder reads as a boolean (Hook.BIND_YAML_COERCIONS, gopkg.in/yaml.v3).
YAML11_BOOLEANS = {
    **dict.fromkeys(("y", "Y", "yes", "Yes", "YES", "on", "On", "ON"), True),
    **dict.fromkeys(("n", "N", "no", "No", "NO", "off", "Off", "OFF"), False),
}


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
    scenario = _yaml11_loaded(scenario, config)
    scoring = scenario.get("scoring") if isinstance(scenario, dict) else None
    if not isinstance(scoring, dict):
        raise Invalid("form_missing", "the scenario has no scoring block")
    form = _form(scoring, config)
    declared = _declared_synonyms(scoring, config)
    _check_extra_fields(scenario, scoring, config)
    if form == "composite":
        return _composite(scenario, scoring["composite"], declared, config)
    return _template(scenario, scoring, declared, config)


def _yaml11_loaded(scenario: Any, config: Config) -> Any:
    """Fault (Hook.BIND_YAML11_LOADER): the scenario as a YAML 1.1 loader (PyYAML safe_load)
    reads it when its strings are written as plain scalars, as a YAML 1.2 dumper writes the
    strings that are plain text in 1.2: yes/no/on/off as booleans, 1_000 and 1:20 as numbers,
    2026-11-30 as a date, 0x1F and 017 as numbers, null and ~ as null. Consulted only where
    some string would change."""
    typed = _yaml11_typed(scenario)
    if typed == scenario or not config.has(Hook.BIND_YAML11_LOADER):
        return scenario
    return typed


_RESOLVER = yaml.resolver.Resolver()
_STR_TAG = "tag:yaml.org,2002:str"


def _yaml11_typed(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _yaml11_typed(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_yaml11_typed(value) for value in node]
    if not isinstance(node, str):
        return node
    if _RESOLVER.resolve(yaml.ScalarNode, node, (True, False)) == _STR_TAG:  # type: ignore[no-untyped-call]
        return node
    try:
        return yaml.safe_load(node)
    except yaml.YAMLError:
        return node


def _form(scoring: dict[str, Any], config: Config) -> str:
    """Scenarios §1.7: Form B is `archetype_template` or `composite`, without Form A fields."""
    form_a = [k for k in FORM_A if k in scoring]
    template, composite = "archetype_template" in scoring, "composite" in scoring
    if template and composite:
        # register COMPOSITE-BESIDE-TEMPLATE: two tables, or the template and an undefined key
        if config.reading("COMPOSITE-BESIDE-TEMPLATE") == "reject":
            raise Invalid("form_conflict", "both archetype_template and composite")
        composite = False
    if (template or composite) and form_a and not config.has(Hook.BIND_FORM_CONFLICT):
        raise Invalid("form_conflict", f"Form B together with Form A fields {form_a}")
    if form_a and not (template or composite):
        raise Invalid("not_form_b", f"a Form A block ({form_a}) is not scored by this profile")
    if not (template or composite):
        raise Invalid("form_missing", "the scoring block has neither Form A nor Form B fields")
    return "composite" if composite else "template"


def _declared_synonyms(scoring: dict[str, Any], config: Config) -> tuple[str, ...]:
    """§3.3 "A scenario MUST NOT declare its own synonyms" (scoring, factor, composite
    predicates)."""
    places: list[Any] = [scoring, scoring.get("factor")]
    composite = scoring.get("composite")
    predicates = composite.get("predicates") if isinstance(composite, dict) else None
    if isinstance(predicates, dict):
        for call in predicates.values():
            places += [call, call.get("factor") if isinstance(call, dict) else None]
    found = [p["synonyms"] for p in places if isinstance(p, dict) and "synonyms" in p]
    if not found:
        return ()
    # register BIND-DECLARED-SYNONYMS: the text binds the author; the list may be disregarded
    if config.reading("BIND-DECLARED-SYNONYMS") == "disregard":
        return ()
    if not config.has(Hook.BIND_DECLARED_SYNONYMS):
        raise Invalid("declared_synonyms", "the scenario declares synonyms of its own")
    return tuple(
        s for group in found if isinstance(group, list) for s in group if isinstance(s, str)
    )


def _check_extra_fields(scenario: dict[str, Any], scoring: dict[str, Any], config: Config) -> None:
    """Register BIND-EXTRA-FIELD: a field the profile does not define in the scoring block, a
    factor or an injection deviation is ignored, or (reading reject) makes the binding invalid."""
    objects: list[tuple[str, Any]] = [("scoring", scoring), ("factor", scoring.get("factor"))]
    composite = scoring.get("composite")
    predicates = composite.get("predicates") if isinstance(composite, dict) else None
    if isinstance(predicates, dict):
        objects += [("factor", c.get("factor")) for c in predicates.values() if isinstance(c, dict)]
    objects += [("deviation", d) for d in _deviations(scenario)]
    extra = [
        f"{kind}.{key}"
        for kind, holder in objects
        if isinstance(holder, dict)
        for key in holder
        if key not in KNOWN_FIELDS[kind]
    ]
    if extra and config.reading("BIND-EXTRA-FIELD") == "reject":
        raise Invalid("invalid_role", f"fields the profile does not define: {extra}")


# C-DA-001 ------------------------------------------------------------------------------------


def _template(
    scenario: dict[str, Any], scoring: dict[str, Any], declared: tuple[str, ...], config: Config
) -> TemplateBinding:
    name = scoring.get("archetype_template")
    if name not in TEMPLATES and not (
        isinstance(name, str) and name.startswith("C-DA") and config.has(Hook.BIND_TEMPLATE_PREFIX)
    ):
        raise Invalid("unknown_template", f"no template {name!r} in profile 0.3.0-rc1")
    roles = _coerced(scoring) if config.has(Hook.BIND_YAML_COERCIONS) else dict(scoring)
    if roles.get("exclude_tool_echo") is None and _echo_defaults(roles, config):
        roles["exclude_tool_echo"] = False  # §2.1 "optional, default false"
    for role in TEMPLATE_ROLES:
        if roles.get(role) is None:
            raise Invalid("missing_role", f"C-DA-001 role {role!r} is missing")
    raw_factor = _factor_shape(roles["factor"])
    subsystem = _identifiers(roles["subsystem_set"], "subsystem_set", config)
    channels = _string_array(roles["channels"], "channels", config)
    if not isinstance(roles["exclude_tool_echo"], bool):
        raise Invalid("invalid_role", "exclude_tool_echo is not a boolean")
    budget = _step_budget(roles["step_budget"], config)
    required = _identifiers(
        raw_factor["required_identifiers"], "factor.required_identifiers", config
    )
    _check_empty(required + subsystem, config)
    restated = _restated(raw_factor, config)
    channels = _diagnosis_channels(channels, config)
    named = _required(required, config)
    factor = _resolve(scenario, raw_factor["ref"], named, restated, declared, config)
    return TemplateBinding(
        factor, _named_set(subsystem, config), channels, budget, roles["exclude_tool_echo"]
    )


def _echo_defaults(roles: dict[str, Any], config: Config) -> bool:
    """Does a binding without exclude_tool_echo take §2.1's false? An absent key is register
    BIND-ECHO-OMITTED, a null value BIND-ECHO-NULL (validators read the two shapes apart)."""
    if "exclude_tool_echo" in roles:
        return config.reading("BIND-ECHO-NULL") == "default-false"
    return config.reading("BIND-ECHO-OMITTED") == "default-false"


def _coerced(scoring: dict[str, Any]) -> dict[str, Any]:
    """Fault (Hook.BIND_YAML_COERCIONS): the roles as a YAML 1.1 typed decoder binds them (a Go
    struct through yaml.v3): yes/on/no/off as booleans, numbers in a string array as their
    text, null items dropped. (Its float-to-int truncation is Hook.BIND_BUDGET_TRUNCATED.)"""
    roles = dict(scoring)

    def strings(value: Any) -> Any:
        if not isinstance(value, list):
            return value
        kept = [item for item in value if item is not None]
        return [str(item) if _is_number(item) else item for item in kept]

    echo = roles.get("exclude_tool_echo")
    if isinstance(echo, str) and echo in YAML11_BOOLEANS:
        roles["exclude_tool_echo"] = YAML11_BOOLEANS[echo]
    for role in ("subsystem_set", "channels"):
        roles[role] = strings(roles.get(role))
    factor = roles.get("factor")
    if isinstance(factor, dict) and "required_identifiers" in factor:
        roles["factor"] = dict(factor, required_identifiers=strings(factor["required_identifiers"]))
    return roles


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _factor_shape(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise Invalid("invalid_role", "factor is not an object")
    for part in ("ref", "required_identifiers"):
        if raw.get(part) is None:  # the role is there, malformed (missing_role is for roles)
            raise Invalid("invalid_role", f"factor.{part} is missing")
    if not isinstance(raw["ref"], str):
        raise Invalid("invalid_role", "factor.ref is not a string")
    return raw


def _strings(raw: Any, name: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise Invalid("invalid_role", f"{name} is not an array of strings")
    return tuple(raw)


def _string_array(raw: Any, name: str, config: Config) -> tuple[str, ...]:
    """A channel list: §2.5 diagnosis bands match agent_response, so none is not enough."""
    channels = _strings(raw, name)
    if not channels and not config.has(Hook.BIND_EMPTY_CHANNELS):
        raise Invalid("invalid_role", f"{name} is empty")
    return channels


def _identifiers(raw: Any, name: str, config: Config) -> tuple[str, ...]:
    """An identifier set (§5.1 "array of strings"); empty: register BIND-EMPTY-SET."""
    identifiers = _strings(raw, name)
    if not identifiers and config.reading("BIND-EMPTY-SET") == "reject":
        raise Invalid("invalid_role", f"{name} is empty")
    return identifiers


def _check_empty(identifiers: tuple[str, ...], config: Config) -> None:
    """Register BIND-EMPTY-IDENT."""
    if "" in identifiers and config.reading("BIND-EMPTY-IDENT") == "reject":
        raise Invalid("empty_identifier", "an identifier is the empty string")


def _never_matches(config: Config) -> bool:
    return config.reading("BIND-EMPTY-IDENT") == "accept-never-matches"


def _named_set(identifiers: tuple[str, ...], config: Config) -> tuple[str, ...]:
    """A named_in_output set. Under BIND-EMPTY-IDENT = accept-never-matches "" is never named,
    so the set names what its other members name."""
    if "" in identifiers and _never_matches(config):
        return tuple(i for i in identifiers if i)
    return identifiers


def _required(identifiers: tuple[str, ...], config: Config) -> tuple[str, ...]:
    """A factor's required identifiers. Under BIND-EMPTY-IDENT = accept-never-matches a factor
    that requires "" is never identified: no required identifier at all is the same (§2.2
    needs a sentence naming one of them)."""
    if "" in identifiers and _never_matches(config):
        return ()
    return identifiers


def _step_budget(raw: Any, config: Config) -> int:
    """§5.1 step_budget is an integer (booleans are not; 15.0: register BIND-BUDGET-FLOAT), a
    ceiling in tool invocations (below 1: register BIND-BUDGET-RANGE)."""
    if isinstance(raw, bool):
        if config.has(Hook.BIND_BOOL_BUDGET):
            return int(raw)
        raise Invalid("invalid_step_budget", "step_budget is a boolean")
    integral = isinstance(raw, float) and raw.is_integer()
    if integral and config.reading("BIND-BUDGET-FLOAT") == "accept":
        raw = int(raw)
    elif _fractional(raw) and config.has(Hook.BIND_BUDGET_TRUNCATED):
        raw = int(raw)  # a typed decoder's float-to-int conversion (yaml.v3): 1.5 binds as 1
    if not isinstance(raw, int):
        raise Invalid("invalid_step_budget", f"step_budget {raw!r} is not an integer")
    if raw < 1:
        lowest = {"positive": 1, "non-negative": 0}.get(config.reading("BIND-BUDGET-RANGE"))
        if lowest is not None and raw < lowest:
            raise Invalid("invalid_step_budget", f"step_budget {raw} is below {lowest}")
    return _within_width(raw, config)


#: The largest budget an integer type of each BIND-BUDGET-WIDTH reading holds (None: any).
_WIDTHS: dict[str, int | None] = {"unbounded": None, "int64": 2**63 - 1, "uint64": 2**64 - 1}


def _within_width(raw: int, config: Config) -> int:
    """§5.1 bounds no integer; past 2^63 - 1 the JSON reader's integer width is register
    BIND-BUDGET-WIDTH. A 32-bit budget (hook) refuses what the text makes valid."""
    widest = 2**31 - 1 if config.has(Hook.BIND_BUDGET_INT32) else None
    if raw > 2**63 - 1:
        widest = _WIDTHS[config.reading("BIND-BUDGET-WIDTH")] if widest is None else widest
    if widest is not None and raw > widest:
        raise Invalid("invalid_step_budget", f"step_budget {raw} does not fit the integer type")
    return raw


def _fractional(raw: Any) -> bool:
    return isinstance(raw, float) and math.isfinite(raw) and not raw.is_integer()


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


def _diagnosis_channels(channels: tuple[str, ...], config: Config) -> tuple[str, ...]:
    """§2.5: diagnosis bindings declare channels [agent_response] and MUST NOT widen it
    (register BIND-WIDENED-CHANNELS: rejected, or disregarded). The same channel listed twice
    widens nothing: register BIND-DUPLICATE-CHANNEL."""
    if list(channels) == DIAGNOSIS_CHANNELS or not channels:  # none: Hook.BIND_EMPTY_CHANNELS
        return channels
    repeated = len(channels) > 1 and set(channels) == set(DIAGNOSIS_CHANNELS)
    if repeated and config.reading("BIND-DUPLICATE-CHANNEL") == "accept":
        return tuple(DIAGNOSIS_CHANNELS)
    # register BIND-WIDENED-CHANNELS: the text binds the author; the channels may be disregarded
    widened = not repeated and not config.has(Hook.BIND_WIDENED_CHANNELS)
    if widened and config.reading("BIND-WIDENED-CHANNELS") == "disregard":
        return tuple(DIAGNOSIS_CHANNELS)
    if not config.has(Hook.BIND_WIDENED_CHANNELS):
        raise Invalid(
            "channel_widening", f"diagnosis channels {list(channels)} are not [agent_response]"
        )
    return channels


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
        raise Invalid(
            "unresolved_factor_ref", f"factor.ref {ref!r} names no injection.deviations id"
        )
    deviation_type = restated if restated is not None else match.get("deviation_type")
    if not isinstance(deviation_type, str) or not registered(deviation_type):
        if config.has(Hook.BIND_ANY_DEVIATION_TYPE):
            deviation_type = deviation_type if isinstance(deviation_type, str) else "absent_key"
        elif not (isinstance(deviation_type, str) and _never_identified(config)):
            message = f"deviation_type {deviation_type!r} has no synonym list"
            raise Invalid("unregistered_deviation_type", message)
    return Factor(ref, required, deviation_type, declared)


def _never_identified(config: Config) -> bool:
    """Register BIND-UNREGISTERED-TYPE: a type without a synonym list binds, and no synonym of it
    ever co-occurs (§2.2)."""
    return config.reading("BIND-UNREGISTERED-TYPE") == "never-identified"


# §1.4 composites -----------------------------------------------------------------------------


def _composite(
    scenario: dict[str, Any], raw: Any, declared: tuple[str, ...], config: Config
) -> CompositeBinding:
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
    return _band(raw.get("else"), None, config)


def _band(raw: Any, when: Any, config: Config) -> Band:
    if not isinstance(raw, dict):
        raise Invalid("invalid_composite", "a row or else is not an object")
    score, label = raw.get("score"), raw.get("label")
    if isinstance(score, bool) or not isinstance(score, int | float):
        raise Invalid("invalid_composite", f"score {score!r} is not a number")
    # register COMPOSITE-SCORE-RANGE: the seed bounds no composite score
    if not 0 <= score <= 1 and config.reading("COMPOSITE-SCORE-RANGE") == "reject":
        raise Invalid("invalid_composite", f"score {score!r} is not in [0, 1]")
    if not isinstance(label, str) or not label:
        raise Invalid("invalid_composite", "label is not a non-empty string")
    return Band(when, score, label)


def _row(raw: Any, names: set[str], config: Config) -> Band:
    if not isinstance(raw, dict) or "when" not in raw:
        raise Invalid("invalid_composite", "a row has no `when`")
    _expression(raw["when"], names, config)
    return _band(raw, raw["when"], config)


def _expression(expr: Any, names: set[str], config: Config) -> None:
    """An expression is a predicate name, {not: E}, {all: [E...]} or {any: [E...]} (PROTOCOL.md)."""
    if isinstance(expr, str):
        if expr not in names:
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


def _call(
    scenario: dict[str, Any], raw: Any, declared: tuple[str, ...], config: Config
) -> Call | None:
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
        named = _named_set(identifiers, config)
        _check_trace_in_diagnosis(scenario, channels, config)
        return Call(primitive, identifier_set=named, channels=channels, exclude_tool_echo=exclude)
    raw_factor = _factor_shape(raw.get("factor")) if raw.get("factor") is not None else None
    if raw_factor is None:
        raise Invalid("missing_role", "factor_identified needs factor")
    required = _identifiers(
        raw_factor["required_identifiers"], "factor.required_identifiers", config
    )
    _check_empty(required, config)
    restated = _restated(raw_factor, config)
    channels = _diagnosis_channels(channels, config)
    named = _required(required, config)
    factor = _resolve(scenario, raw_factor["ref"], named, restated, declared, config)
    return Call(primitive, factor=factor, channels=channels, exclude_tool_echo=exclude)


def _check_trace_in_diagnosis(
    scenario: dict[str, Any], channels: tuple[str, ...], config: Config
) -> None:
    """Register COMPOSITE-DIAGNOSIS-TRACE: in a scenario whose injection declares deviations (a
    diagnosis, §5.1), is a named_in_output band over reasoning_trace a diagnosis band (§2.5)?"""
    if "reasoning_trace" not in channels or not _deviations(scenario):
        return
    if config.reading("COMPOSITE-DIAGNOSIS-TRACE") == "reject":
        raise Invalid("channel_widening", "a diagnosis scenario's band reads reasoning_trace")


def _exclude(raw: dict[str, Any], config: Config) -> bool:
    """`exclude_tool_echo` defaults to false in a composite named_in_output call (§2.1); a
    factor_identified call without it is register COMPOSITE-ECHO-OMITTED."""
    value = raw.get("exclude_tool_echo")
    if value is None:
        if _factor_omits_echo(raw) and config.reading("COMPOSITE-ECHO-OMITTED") == "reject":
            raise Invalid("invalid_composite", "factor_identified without exclude_tool_echo")
        return config.has(Hook.COMPOSITE_ECHO_DEFAULT_TRUE)
    if not isinstance(value, bool):
        raise Invalid("invalid_role", "exclude_tool_echo is not a boolean")
    return value


def _factor_omits_echo(raw: dict[str, Any]) -> bool:
    """A factor_identified predicate that leaves exclude_tool_echo out (§2.2 takes (factor,
    channels); the value is named_in_output's, §2.1)."""
    return raw["primitive"] == "factor_identified" and "exclude_tool_echo" not in raw


def _call_channels(raw: dict[str, Any], config: Config) -> tuple[str, ...]:
    if raw.get("channels") is None:
        raise Invalid("missing_role", f"{raw['primitive']} needs channels")
    channels = _string_array(raw["channels"], "channels", config)
    unknown = [c for c in channels if c not in PROFILE_CHANNELS]
    if unknown and not config.has(Hook.COMPOSITE_UNKNOWN_CHANNEL):
        raise Invalid("unknown_channel", f"channels {unknown} are not defined by the profile")
    return channels
