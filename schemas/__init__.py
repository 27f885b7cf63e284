"""The kit's JSON Schemas (2020-12), the single source of every shape that crosses a boundary.

`validator(name)` returns a validator for `<name>.schema.json` with every kit schema
registered, so cross-file `$ref`s resolve offline.
"""

import json
from functools import cache
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

BASE = "https://oasis-si-kit.invalid/schemas/"


def schema_names() -> list[str]:
    """Every schema shipped, as names relative to this folder without `.schema.json`."""
    root = files(__name__)
    names = [p.name for p in root.iterdir() if p.name.endswith(".schema.json")]
    names += ["protocol/" + p.name for p in root.joinpath("protocol").iterdir() if p.name.endswith(".schema.json")]
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
