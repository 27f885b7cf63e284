"""The kit's JSON Schemas (2020-12), the single source of every shape that crosses a boundary.

`validator(name)` returns a validator for `<name>.schema.json` with every kit schema
registered, so cross-file `$ref`s resolve offline. Every validator the kit builds for what a
candidate sends is a `Validator`: draft 2020-12 with `uniqueItems` decided in one pass over the
array (jsonschema's own compares every pair of items it cannot sort, so a hostile array of
n objects cost n^2/2 comparisons). `error_message` words a validation error
the one way the kit reports it, `where: message` (the reference and the conformance package
both import it from here).
"""

import json
from collections.abc import Iterator, Sequence
from functools import cache
from importlib.resources import files
from typing import Any, Final

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from oasis_si_schemas.predicate import Predicate, Unsupported, compile_predicate

BASE = "https://oasis-si-kit.invalid/schemas/"


def schema_names() -> list[str]:
    """Every schema shipped, as names relative to this folder without `.schema.json`."""
    root = files(__name__)
    names = [p.name for p in root.iterdir() if p.name.endswith(".schema.json")]
    names += [
        "protocol/" + p.name
        for p in root.joinpath("protocol").iterdir()
        if p.name.endswith(".schema.json")
    ]
    return sorted(name.removesuffix(".schema.json") for name in names)


@cache
def load(name: str) -> dict[str, Any]:
    """The schema document `<name>.schema.json`."""
    return json.loads(files(__name__).joinpath(f"{name}.schema.json").read_text(encoding="utf-8"))


@cache
def registry() -> Registry:
    """Every kit schema by its `$id`. Registered without `$schema` (each is 2020-12): jsonschema
    picks the validator class of a referenced document by its `$schema`, which would leave a
    `Validator` for jsonschema's own class at the first cross-file `$ref`."""
    resources = [
        (
            load(name)["$id"],
            Resource.from_contents(
                {key: value for key, value in load(name).items() if key != "$schema"},
                default_specification=DRAFT202012,
            ),
        )
        for name in schema_names()
    ]
    return Registry().with_resources(resources)


def json_key(value: Any) -> Any:
    """A hashable key for a JSON value, equal for two values exactly when JSON Schema calls them
    equal: numbers by value (1 is 1.0), a boolean never a number, arrays item by item, objects
    member by member whatever their order."""
    if isinstance(value, bool) or value is None:
        return (type(value).__name__, value)
    if isinstance(value, (int, float)):
        return ("number", value)
    if isinstance(value, str):
        return ("string", value)
    if isinstance(value, list):
        return ("array", tuple(json_key(item) for item in value))
    if isinstance(value, dict):
        return ("object", frozenset((key, json_key(item)) for key, item in value.items()))
    return ("other", repr(value))


def unique_items(
    checker: Any, unique: bool, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """`uniqueItems` in one pass (a set of json_key), with jsonschema's own message."""
    if not unique or not checker.is_type(instance, "array"):
        return
    seen: set[Any] = set()
    for item in instance:
        key = json_key(item)
        if key in seen:
            yield ValidationError(f"{instance!r} has non-unique elements")
            return
        seen.add(key)


#: Draft 2020-12, `uniqueItems` linear (unique_items); what every kit validator is.
Validator: Final = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, {"uniqueItems": unique_items}
)


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for `<name>.schema.json` that resolves references to the other kit schemas."""
    built: Draft202012Validator = Validator(load(name), registry=registry())
    return built


@cache
def predicate(name: str) -> Predicate | None:
    """`<name>.schema.json` compiled into a predicate (predicate.compile_predicate), or None
    when the schema uses a keyword the predicate does not implement."""
    try:
        return compile_predicate(load(name), registry())
    except Unsupported:
        return None


def errors(name: str, instance: Any) -> Iterator[ValidationError]:
    """`validator(name).iter_errors(instance)`, jsonschema asked only when the compiled
    predicate (which accepts exactly what jsonschema accepts) rejects the instance, or the
    schema cannot be compiled: a corpus check validates thousands of valid documents."""
    accepts = predicate(name)
    if accepts is not None and accepts(instance):
        return iter(())
    return validator(name).iter_errors(instance)


def most_specific(error: ValidationError) -> ValidationError:
    """The error itself, or among a oneOf/anyOf's alternatives the one with the deepest data
    path (what the document most likely meant, and got wrong)."""
    return max([error, *(error.context or ())], key=lambda e: len(list(e.absolute_path)))


def error_location(error: ValidationError, prefix: Sequence[str | int] = ()) -> str:
    """The data path of the most specific error, `a/b/0` under `prefix`; `(root)` when empty."""
    steps = [*prefix, *most_specific(error).absolute_path]
    return "/".join(str(step) for step in steps) or "(root)"


def error_message(error: ValidationError, prefix: Sequence[str | int] = ()) -> str:
    """`where: message` for a validation error (its most specific alternative), the data path
    under `prefix` (the path of the validated document inside a larger one)."""
    return f"{error_location(error, prefix)}: {most_specific(error).message}"


def first_error_message(
    schema_validator: Draft202012Validator, instance: Any, prefix: Sequence[str | int] = ()
) -> str | None:
    """`error_message` of the first error `instance` has, or None when it is valid."""
    error = next(iter(schema_validator.iter_errors(instance)), None)
    return None if error is None else error_message(error, prefix)
