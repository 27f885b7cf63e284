"""The kit's JSON Schemas (2020-12), the single source of every shape that crosses a boundary.

`validator(name)` returns a validator for `<name>.schema.json` with every kit schema
registered, so cross-file `$ref`s resolve offline. `error_message` words a validation error
the one way the kit reports it, `where: message` (the reference and the conformance package
both import it from here).
"""

import json
from collections.abc import Sequence
from functools import cache
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

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
    resources = [(load(name)["$id"], Resource.from_contents(load(name))) for name in schema_names()]
    return Registry().with_resources(resources)


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for `<name>.schema.json` that resolves references to the other kit schemas."""
    return Draft202012Validator(load(name), registry=registry())


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
