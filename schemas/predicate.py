"""A JSON Schema (2020-12) compiled into a plain Python predicate, for the hot paths that first
need to know whether a JSON document is valid (the reference server checks every request).

`compile_predicate(schema)` returns `is_valid(document) -> bool`, which accepts exactly what
`Draft202012Validator(schema).is_valid` accepts for JSON documents (what `json.loads` returns),
keyword by keyword as jsonschema implements them, at a fraction of the cost: no validator
objects are created per subschema and no errors are built. For the exact types json.loads
makes, each keyword is decided kind by kind at compile time where it can be (`type` refuses
the other kinds, an object keyword holds for every non-object, a combinator of constants is a
constant), and what is left is one check per kind (`_Specialiser`); a value of any other
Python type asks the keyword-by-keyword predicate (`_Compiler`), which decides the same.
It covers the keywords the kit's schemas use; a schema with any other keyword (`pattern`,
`format`, `prefixItems`, `unevaluatedProperties`, ...) raises `Unsupported`, and the caller
keeps jsonschema alone.
A rejected document is worded by jsonschema as before (`first_error_message`): the predicate
decides nothing that jsonschema would decide otherwise, and never words an error itself.
"""

import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final
from urllib.parse import urldefrag, urljoin

import attrs
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
        self.compiled: dict[tuple[int, str], Predicate] = {}

    def compile(self, schema: Any, base: str) -> Predicate:
        """The predicate of `schema` (read at `base`), compiled once per schema object: the
        specialising compiler asks it again for every node it compiles."""
        key = (id(schema), base)
        if key not in self.compiled:
            self.compiled[key] = self._compile(schema, base)
        return self.compiled[key]

    def _compile(self, schema: Any, base: str) -> Predicate:
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


def _const_branches(parts: Sequence[Any]) -> tuple[str, dict[str, Any]] | None:
    """The key K and the branches `{C: T}` of an `allOf` of branches
    `{"if": {"properties": {K: {"const": C}}}, "then": T}` with one key K and distinct string
    constants C (the request schema's per-operation branches); None: not of that shape."""
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
    return None if key is None else (key, branches)


def _const_dispatch(
    parts: Sequence[Any], sub: Callable[[Any], Predicate], every: Predicate
) -> Predicate | None:
    """The `allOf` of `_const_branches`, decided by looking T up under the object's value at
    K: when that value is a string, every other branch's condition is false and its missing
    `else` holds, so the `allOf` holds exactly when the matching branch's T does (or no branch
    matches). Any other value (not an object, no K, K not a string) asks `every`, the branches
    one by one. None: not of that shape."""
    shape = _const_branches(parts)
    if shape is None:
        return None
    key, branches = shape
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


#: The exact Python types json.loads makes, one or two per JSON type.
_KINDS: Final = (dict, list, str, bool, type(None), int, float)

#: What a schema says of the values of one exact kind: all valid (True), none valid (False),
#: or a check asked of each (a value of exactly that kind).
Entry = bool | Predicate
Table = dict[type, Entry]


@attrs.frozen
class _Node:
    """One compiled (sub)schema: its entry for each kind json.loads makes, `generic` (the
    jsonschema-equivalent predicate, for any other Python type), and `check`, the two joined.
    `accepted`: the kinds every value of which is valid, which a parent tests without a call."""

    table: Table
    generic: Predicate
    check: Predicate
    accepted: frozenset[type]


def _node(table: Table, generic: Predicate) -> _Node:
    accepted = frozenset(kind for kind in _KINDS if table.get(kind, True) is True)
    refused = frozenset(kind for kind in _KINDS if table.get(kind, True) is False)
    checks = {kind: entry for kind, entry in table.items() if not isinstance(entry, bool)}
    only = next(iter(checks.items())) if len(checks) == 1 else None

    def check(value: Any) -> bool:
        kind = type(value)
        if kind in accepted:
            return True
        if kind in refused:
            return False
        entry = checks.get(kind)
        return generic(value) if entry is None else entry(value)

    if only is not None:  # the common case: an object or array schema, or one scalar type
        the_kind, the_check = only

        def check_one(value: Any) -> bool:
            kind = type(value)
            if kind is the_kind:
                return the_check(value)
            if kind in accepted:
                return True
            if kind in refused:
                return False
            return generic(value)

        return _Node(table, generic, check_one, accepted)
    return _Node(table, generic, check, accepted)


def _callable(entry: Entry) -> Predicate:
    if entry is True:
        return lambda value: True
    if entry is False:
        return lambda value: False
    return entry


def _checks(entries: Sequence[Entry]) -> list[Predicate]:
    """The entries that are checks (neither True nor False)."""
    return [entry for entry in entries if not isinstance(entry, bool)]


def _every(entries: Sequence[Entry]) -> Entry:
    """The conjunction of entries (`allOf`, and the keywords of one schema)."""
    if any(entry is False for entry in entries):
        return False
    checks = _checks(entries)
    return _all(checks) if checks else True


def _some(entries: Sequence[Entry]) -> Entry:
    """`anyOf`."""
    if any(entry is True for entry in entries):
        return True
    checks = _checks(entries)
    if not checks:
        return False
    if len(checks) == 1:
        return checks[0]
    return lambda value: any(check(value) for check in checks)


def _one(entries: Sequence[Entry]) -> Entry:
    """`oneOf`: exactly one entry holds."""
    holding = sum(1 for entry in entries if entry is True)
    checks = _checks(entries)
    if holding > 1:
        return False
    if not checks:
        return holding == 1
    if holding == 0 and len(checks) == 1:
        return checks[0]
    return lambda value: holding + sum(1 for check in checks if check(value)) == 1


def _negation(entry: Entry) -> Entry:
    """`not`."""
    if entry is True or entry is False:
        return not entry
    return lambda value: not entry(value)


def _conditional(condition: Entry, then: Entry, otherwise: Entry) -> Entry:
    """`if`/`then`/`else`."""
    if condition is True:
        return then
    if condition is False:
        return otherwise
    if then is True and otherwise is True:
        return True
    yes, no = _callable(then), _callable(otherwise)
    return lambda value: yes(value) if condition(value) else no(value)


def _per_kind(fold: Callable[[Sequence[Entry]], Entry], tables: Sequence[Table]) -> Table:
    return {kind: fold([table.get(kind, True) for table in tables]) for kind in _KINDS}


def _type_table(types: Any) -> Table:
    """`type`, kind by kind: a float under "integer" (and not "number") is asked whether it
    has no fractional part, as jsonschema asks."""
    names = [types] if isinstance(types, str) else list(types)
    table: Table = {kind: False for kind in _KINDS}
    for name in names:
        for kind in _EXACT[name]:
            table[kind] = True
    if table[float] is False and "integer" in names:
        table[float] = lambda value: bool(value.is_integer())
    return table


def _enum_table(options: Sequence[Any]) -> Table:
    """`enum` (and `const`), kind by kind, under `equal`: a value is compared only with the
    options of its own kind (a bool only with bools, a number with the numbers, by hash then
    ==, which `equal` agrees with for numbers)."""
    strings = frozenset(option for option in options if type(option) is str)
    numbers_ = frozenset(option for option in options if type(option) in (int, float))
    bools = [option for option in options if type(option) is bool]
    lists = [option for option in options if type(option) is list]
    dicts = [option for option in options if type(option) is dict]
    table: Table = {
        str: (lambda value: value in strings) if strings else False,
        type(None): any(option is None for option in options),
        int: (lambda value: value in numbers_) if numbers_ else False,
        float: (lambda value: value in numbers_) if numbers_ else False,
        list: (lambda value: any(equal(o, value) for o in lists)) if lists else False,
        dict: (lambda value: any(equal(o, value) for o in dicts)) if dicts else False,
    }
    if True in bools and False in bools:
        table[bool] = True
    elif bools:
        (the_bool,) = bools[:1]
        table[bool] = lambda value: value is the_bool
    else:
        table[bool] = False
    return table


def _bounds_table(schema: Mapping[str, Any]) -> Table:
    """`minimum`, `maximum`: on numbers (int, float) only; `not value < low` lets NaN pass,
    as jsonschema does."""
    low, high = schema.get("minimum"), schema.get("maximum")

    def check(value: Any) -> bool:
        return (low is None or not value < low) and (high is None or not value > high)

    return {int: check, float: check}


def _length_table(schema: Mapping[str, Any]) -> Table:
    """`minLength`, `maxLength`: on strings only, in code points (len), as jsonschema counts."""
    shortest, longest = schema.get("minLength", 0), schema.get("maxLength")
    if longest is None:
        return {str: lambda value: len(value) >= shortest}
    return {str: lambda value: shortest <= len(value) <= longest}


class _Specialiser:
    """Compiles a schema into `_Node`s: each keyword's verdict decided once per kind at
    compile time where it can be (a `type` refuses the other kinds, an object keyword holds
    for every non-object), what is left fused into one check per kind; `_Compiler` gives
    each node's `generic` predicate (and refuses the schemas it cannot compile)."""

    def __init__(self, registry: Registry) -> None:
        self.generic = _Compiler(registry)
        self.registry = registry
        self.resolved: dict[str, _Node] = {}
        self.compiled: dict[tuple[int, str], _Node] = {}

    def compile(self, schema: Any, base: str) -> _Node:
        """The node of `schema` (read at `base`), compiled once per schema object."""
        key = (id(schema), base)
        if key not in self.compiled:
            self.compiled[key] = self._compile(schema, base)
        return self.compiled[key]

    def _compile(self, schema: Any, base: str) -> _Node:
        generic = self.generic.compile(schema, base)  # raises Unsupported first
        if schema is True or schema is False:
            return _node({kind: schema for kind in _KINDS}, generic)
        if isinstance(schema.get("$id"), str):
            base = urljoin(base, schema["$id"])
        tables: list[Table] = []
        if "type" in schema:
            tables.append(_type_table(schema["type"]))
        if "enum" in schema:
            tables.append(_enum_table(schema["enum"]))
        if "const" in schema:
            tables.append(_enum_table([schema["const"]]))
        if "minimum" in schema or "maximum" in schema:
            tables.append(_bounds_table(schema))
        if "minLength" in schema or "maxLength" in schema:
            tables.append(_length_table(schema))
        if _OBJECT & schema.keys():
            tables.append({dict: self._object(schema, base)})
        if _ARRAY & schema.keys():
            tables.append({list: self._array(schema, base)})
        tables += self._combinators(schema, base)
        if "$ref" in schema:
            tables.append(self._reference(urljoin(base, schema["$ref"])).table)
        return _node(_per_kind(_every, tables), generic)

    def _object(self, schema: Mapping[str, Any], base: str) -> Predicate:
        """properties, required, additionalProperties, minProperties, in one pass over the
        object's members: a member whose kind its property schema accepts costs no call."""
        fields = {
            name: (node.accepted, node.check)
            for name, node in (
                (name, self.compile(part, base))
                for name, part in schema.get("properties", {}).items()
            )
        }
        required = tuple(schema.get("required", ()))
        least = schema.get("minProperties", 0)
        extra = schema.get("additionalProperties", True)
        closed = extra is False
        other = None if extra is True or closed else self.compile(extra, base)
        other_accepted = other.accepted if other is not None else frozenset(_KINDS)
        other_check = other.check if other is not None else None
        field_items = tuple(fields.items())
        open_ = other_check is None and not closed  # members no property names go unchecked
        few = len(fields)

        def check(value: Any) -> bool:
            size = len(value)
            if size < least:
                return False
            for name in required:
                if name not in value:
                    return False
            if open_ and few < size:
                for name, (accepted, field_check) in field_items:  # the fewer to visit
                    if name in value:
                        item = value[name]
                        if type(item) not in accepted and not field_check(item):
                            return False
                return True
            for name, item in value.items():
                field = fields.get(name)
                if field is None:
                    if closed:
                        return False
                    if other_check is not None and type(item) not in other_accepted:
                        if not other_check(item):
                            return False
                elif type(item) not in field[0] and not field[1](item):
                    return False
            return True

        return check

    def _array(self, schema: Mapping[str, Any], base: str) -> Predicate:
        """items, minItems, maxItems."""
        items = self.compile(schema["items"], base) if "items" in schema else None
        least = schema.get("minItems", 0)
        most = schema.get("maxItems")
        accepted = items.accepted if items is not None else frozenset(_KINDS)
        item_check = items.check if items is not None else None

        def check(value: Any) -> bool:
            if len(value) < least or (most is not None and len(value) > most):
                return False
            if item_check is not None:
                for item in value:
                    if type(item) not in accepted and not item_check(item):
                        return False
            return True

        return check

    def _combinators(self, schema: Mapping[str, Any], base: str) -> list[Table]:
        def tables(parts: Sequence[Any]) -> list[Table]:
            return [self.compile(part, base).table for part in parts]

        found: list[Table] = []
        if "allOf" in schema:
            every = _per_kind(_every, tables(schema["allOf"]))
            shape = _const_branches(schema["allOf"])
            if shape is not None and every[dict] not in (True, False):
                every[dict] = self._const_dispatch(*shape, base, _callable(every[dict]))
            found.append(every)
        if "anyOf" in schema:
            found.append(_per_kind(_some, tables(schema["anyOf"])))
        if "oneOf" in schema:
            found.append(_per_kind(_one, tables(schema["oneOf"])))
        if "not" in schema:
            negated = self.compile(schema["not"], base).table
            found.append({kind: _negation(negated.get(kind, True)) for kind in _KINDS})
        if "if" in schema:
            condition, then, otherwise = (
                self.compile(schema.get(keyword, True), base).table
                for keyword in ("if", "then", "else")
            )
            found.append(
                {
                    kind: _conditional(
                        condition.get(kind, True), then.get(kind, True), otherwise.get(kind, True)
                    )
                    for kind in _KINDS
                }
            )
        return found

    def _const_dispatch(
        self, key: str, branches: Mapping[str, Any], base: str, every: Predicate
    ) -> Predicate:
        """`_const_dispatch` on objects: the branch named by the string at `key`, else
        `every` branch."""
        thens = {}
        for const, then in branches.items():
            entry = self.compile(then, base).table.get(dict, True)
            if entry is not True:
                thens[const] = _callable(entry)

        def check(value: Any) -> bool:
            name = value.get(key)
            if type(name) is str:
                then = thens.get(name)
                return then is None or then(value)
            return every(value)

        return check

    def _reference(self, uri: str) -> _Node:
        """A reference to a whole resource of the registry (no fragment), compiled once; a
        reference met while its resource is being compiled asks the finished node later."""
        document, fragment = urldefrag(uri)
        if fragment:
            raise Unsupported(f"reference with a fragment: {uri}")
        if document not in self.resolved:
            cell: list[_Node] = []

            def later(value: Any) -> bool:
                return cell[0].check(value)

            self.resolved[document] = _Node({kind: later for kind in _KINDS}, later, later,
                                             frozenset())
            try:
                contents = self.registry.contents(document)
            except Exception as error:  # referencing raises its own unresolvable errors
                raise Unsupported(f"unresolvable reference {uri}") from error
            cell.append(self.compile(contents, document))
            self.resolved[document] = cell[0]
        return self.resolved[document]


def compile_predicate(schema: Mapping[str, Any], registry: Registry | None = None) -> Predicate:
    """`is_valid(document)` for a 2020-12 `schema` whose references resolve in `registry`.
    Raises Unsupported when the schema uses a keyword the predicate does not implement."""
    root = dict(schema)
    return _Specialiser(registry or Registry()).compile(root, str(schema.get("$id", ""))).check
