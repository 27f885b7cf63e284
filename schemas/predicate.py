"""A JSON Schema (2020-12) compiled into a plain Python predicate, for the hot paths that first
need to know whether a JSON document is valid (the reference server checks every request).

`compile_predicate(schema)` returns `is_valid(document) -> bool`, which accepts exactly what
`Draft202012Validator(schema).is_valid` accepts for JSON documents (what `json.loads` returns),
keyword by keyword as jsonschema implements them, at a fraction of the cost: no validator
objects are created per subschema and no errors are built. It covers the keywords the kit's
schemas use; a schema with any other keyword (`pattern`, `format`, `prefixItems`,
`unevaluatedProperties`, ...) raises `Unsupported`, and the caller keeps jsonschema alone.
A rejected document is worded by jsonschema as before (`first_error_message`): the predicate
decides nothing that jsonschema would decide otherwise, and never words an error itself.
"""

import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final
from urllib.parse import urldefrag, urljoin

from referencing import Registry

Predicate = Callable[[Any], bool]

#: Keywords that never make a document invalid.
ANNOTATIONS: Final = frozenset(
    {"$schema", "$id", "$comment", "$defs", "title", "description", "examples", "default",
     "deprecated", "readOnly", "writeOnly"}
)


class Unsupported(Exception):
    """The schema uses a keyword (or a reference) the predicate does not implement."""


def _is_integer(value: Any) -> bool:
    """JSON Schema's integer (jsonschema, draft 6 on): an int that is not a bool, or a float
    with no fractional part."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, numbers.Number)


TYPES: Final[dict[str, Predicate]] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
    "integer": _is_integer,
    "number": _is_number,
}


def _unbool(value: Any, true: object = object(), false: object = object()) -> Any:
    if value is True:
        return true
    if value is False:
        return false
    return value


def equal(one: Any, two: Any) -> bool:
    """JSON Schema equality (`const`, `enum`), as jsonschema decides it: True is not 1, and
    sequences and mappings compare element by element under the same rule."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(
            key in two and equal(value, two[key]) for key, value in one.items()
        )
    return bool(_unbool(one) == _unbool(two))


#: The Python types json.loads makes, each the exact type of the JSON types it always is.
_EXACT: Final[dict[str, tuple[type, ...]]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
    "integer": (int,),
    "number": (int, float),
}
_JSON_TYPES: Final = frozenset({dict, list, str, bool, type(None), int, float})


def _type(types: Any) -> Predicate:
    """`type`: decided by the value's exact type for what json.loads makes; a float under
    "integer", a subclass or another type asks the jsonschema-equivalent checks."""
    names = [types] if isinstance(types, str) else list(types)
    checks = [TYPES[name] for name in names]
    accepted = frozenset(kind for name in names for kind in _EXACT[name])
    refused = _JSON_TYPES - accepted - {float}

    def check(value: Any) -> bool:
        kind = type(value)
        if kind in accepted:
            return True
        if kind in refused:
            return False
        return any(check(value) for check in checks)

    return check


def _enum(options: Sequence[Any]) -> Predicate:
    if all(isinstance(option, str) for option in options):
        strings = frozenset(options)
        return lambda value: isinstance(value, str) and value in strings
    return lambda value: any(equal(option, value) for option in options)


def _object_checks(schema: Mapping[str, Any], sub: Callable[[Any], Predicate]) -> Predicate:
    """properties, required, additionalProperties, minProperties: on objects only."""
    properties = [(name, sub(part)) for name, part in schema.get("properties", {}).items()]
    required = tuple(schema.get("required", ()))
    extra = schema.get("additionalProperties", True)
    known = frozenset(schema.get("properties", {}))
    extra_check = None if extra is True else sub(extra)
    least = schema.get("minProperties", 0)

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return True
        if len(value) < least:
            return False
        for name in required:
            if name not in value:
                return False
        for name, predicate in properties:
            if name in value and not predicate(value[name]):
                return False
        if extra_check is not None:
            for name, item in value.items():
                if name not in known and not extra_check(item):
                    return False
        return True

    return check


def _array_checks(schema: Mapping[str, Any], sub: Callable[[Any], Predicate]) -> Predicate:
    """items, minItems, maxItems: on arrays only."""
    items = sub(schema["items"]) if "items" in schema else None
    least = schema.get("minItems", 0)
    most = schema.get("maxItems")

    def check(value: Any) -> bool:
        if not isinstance(value, list):
            return True
        if len(value) < least or (most is not None and len(value) > most):
            return False
        if items is not None:
            for item in value:
                if not items(item):
                    return False
        return True

    return check


_OBJECT: Final = frozenset({"properties", "required", "additionalProperties", "minProperties"})
_ARRAY: Final = frozenset({"items", "minItems", "maxItems"})
SUPPORTED: Final = ANNOTATIONS | _OBJECT | _ARRAY | frozenset(
    {"type", "enum", "const", "minimum", "maximum", "minLength", "maxLength", "allOf", "anyOf",
     "oneOf", "not", "if", "then", "else", "$ref"}
)


class _Compiler:
    """Compiles one schema and what it references (through `registry`), each referenced
    resource once (so recursive references terminate)."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.resolved: dict[str, Predicate] = {}

    def compile(self, schema: Any, base: str) -> Predicate:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, dict):
            raise Unsupported(f"not a schema: {schema!r}")
        unknown = sorted(set(schema) - SUPPORTED)
        if unknown:
            raise Unsupported(f"keywords {', '.join(unknown)}")
        if isinstance(schema.get("$id"), str):
            base = urljoin(base, schema["$id"])

        def sub(part: Any) -> Predicate:
            return self.compile(part, base)

        checks = self._scalar_checks(schema)
        if _OBJECT & schema.keys():
            checks.append(_object_checks(schema, sub))
        if _ARRAY & schema.keys():
            checks.append(_array_checks(schema, sub))
        checks += self._combinators(schema, sub)
        if "$ref" in schema:
            checks.append(self._reference(urljoin(base, schema["$ref"])))
        if "type" in schema:  # first: the cheapest check, and the one most often failed
            checks.insert(0, _type(schema["type"]))
        return _all(checks)

    def _scalar_checks(self, schema: Mapping[str, Any]) -> list[Predicate]:
        checks: list[Predicate] = []
        if "enum" in schema:
            checks.append(_enum(schema["enum"]))
        if "const" in schema:
            checks.append(_enum([schema["const"]]))
        if "minimum" in schema:
            low = schema["minimum"]
            checks.append(lambda value: not _is_number(value) or not value < low)
        if "maximum" in schema:
            high = schema["maximum"]
            checks.append(lambda value: not _is_number(value) or not value > high)
        if "minimum" in schema or "maximum" in schema:  # most values are no number
            bounds = checks[-2:] if "minimum" in schema and "maximum" in schema else checks[-1:]
            del checks[-len(bounds) :]
            checks.append(_numbers_only(_all(bounds)))
        if "minLength" in schema:
            shortest = schema["minLength"]
            checks.append(lambda value: not isinstance(value, str) or len(value) >= shortest)
        if "maxLength" in schema:
            longest = schema["maxLength"]
            checks.append(lambda value: not isinstance(value, str) or len(value) <= longest)
        return checks

    def _combinators(
        self, schema: Mapping[str, Any], sub: Callable[[Any], Predicate]
    ) -> list[Predicate]:
        checks: list[Predicate] = []
        if "allOf" in schema:
            every = _all([sub(part) for part in schema["allOf"]])
            checks.append(_const_dispatch(schema["allOf"], sub, every) or every)
        if "anyOf" in schema:
            options = [sub(part) for part in schema["anyOf"]]
            checks.append(lambda value: any(option(value) for option in options))
        if "oneOf" in schema:
            alternatives = [sub(part) for part in schema["oneOf"]]
            checks.append(lambda value: sum(1 for a in alternatives if a(value)) == 1)
        if "not" in schema:
            negated = sub(schema["not"])
            checks.append(lambda value: not negated(value))
        if "if" in schema:
            condition = sub(schema["if"])
            then = sub(schema.get("then", True))
            otherwise = sub(schema.get("else", True))
            checks.append(lambda value: then(value) if condition(value) else otherwise(value))
        return checks

    def _reference(self, uri: str) -> Predicate:
        """A reference to a whole resource of the registry (no fragment), compiled once."""
        document, fragment = urldefrag(uri)
        if fragment:
            raise Unsupported(f"reference with a fragment: {uri}")
        if document not in self.resolved:
            cell: list[Predicate] = []
            self.resolved[document] = lambda value: cell[0](value)
            try:
                contents = self.registry.contents(document)
            except Exception as error:  # referencing raises its own unresolvable errors
                raise Unsupported(f"unresolvable reference {uri}") from error
            cell.append(self.compile(contents, document))
        return self.resolved[document]


def _const_dispatch(
    parts: Sequence[Any], sub: Callable[[Any], Predicate], every: Predicate
) -> Predicate | None:
    """`allOf` of branches `{"if": {"properties": {K: {"const": C}}}, "then": T}` with one key
    K and distinct string constants C (the request schema's per-operation branches), decided
    by looking T up under the object's value at K: when that value is a string, every other
    branch's condition is false and its missing `else` holds, so the `allOf` holds exactly when
    the matching branch's T does (or no branch matches). Any other value (not an object, no
    K, K not a string) asks `every`, the branches one by one. None: not of that shape."""
    key: str | None = None
    branches: dict[str, Any] = {}
    for part in parts:
        condition = part.get("if") if isinstance(part, dict) else None
        if set(part) != {"if", "then"} or not isinstance(condition, dict):
            return None
        if set(condition) != {"properties"} or not isinstance(condition["properties"], dict):
            return None
        if len(condition["properties"]) != 1:
            return None
        ((name, value),) = condition["properties"].items()
        if not isinstance(value, dict) or set(value) != {"const"}:
            return None
        const = value["const"]
        if type(const) is not str or const in branches or key not in (None, name):
            return None
        key = name
        branches[const] = part["then"]
    if key is None:
        return None
    thens = {const: sub(then) for const, then in branches.items()}

    def check(value: Any) -> bool:
        if type(value) is dict and type(value.get(key)) is str:
            then = thens.get(value[key])
            return then is None or then(value)
        return every(value)

    return check


def _numbers_only(bounds: Predicate) -> Predicate:
    """`bounds` asked of numbers only: a JSON string, object, array or null passes at once."""
    others = frozenset({dict, list, str, type(None)})
    return lambda value: type(value) in others or bounds(value)


def _all(checks: list[Predicate]) -> Predicate:
    if not checks:
        return lambda value: True
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda value: first(value) and second(value)

    def every(value: Any) -> bool:
        for check in checks:
            if not check(value):
                return False
        return True

    return every


def compile_predicate(schema: Mapping[str, Any], registry: Registry | None = None) -> Predicate:
    """`is_valid(document)` for a 2020-12 `schema` whose references resolve in `registry`.
    Raises Unsupported when the schema uses a keyword the predicate does not implement."""
    return _Compiler(registry or Registry()).compile(dict(schema), str(schema.get("$id", "")))
