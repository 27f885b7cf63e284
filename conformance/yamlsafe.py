"""YAML as the corpus reads and writes it: YAML 1.2 core scalars only, ASCII on disk.

PyYAML resolves YAML 1.1 plain scalars: `no`/`on`/`yes` become booleans, `0x1F` and `017`
become integers, `2026-11-29` becomes a date, `1_000` a number. In a vector an identifier like
`no` or `0x1F` must stay a string, so the loader here resolves only the YAML 1.2 core schema
(null, true/false, decimal integers, decimal floats) and leaves every other plain scalar a
string. The writer escapes every non-ASCII or control code point, so combining marks, NBSP and
CR are visible and unambiguous in the file.
"""

import re
from typing import Any

import yaml

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class CoreLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """A safe loader that resolves plain scalars by the YAML 1.2 core schema only."""


CoreLoader.yaml_implicit_resolvers = {}
_CORE_RESOLVERS = [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", list("~nN") + [""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^[-+]?[0-9]+$", list("-+0123456789")),
    (
        "tag:yaml.org,2002:float",
        r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$",
        list("-+.0123456789"),
    ),
]
for _tag, _pattern, _first in _CORE_RESOLVERS:
    CoreLoader.add_implicit_resolver(_tag, re.compile(_pattern), _first)


def _int_core(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> int:
    return int(loader.construct_scalar(node))  # decimal only; no 1.1 sexagesimal or 0o/0x


CoreLoader.add_constructor("tag:yaml.org,2002:int", _int_core)


def load(text: str) -> Any:
    """Parse one YAML document with the core-schema loader."""
    return yaml.load(text, Loader=CoreLoader)


def compose(text: str) -> yaml.Node | None:
    """The node tree of one document, for mapping a data path back to a line."""
    return yaml.compose(text, Loader=CoreLoader)


def load_with_tree(text: str) -> tuple[Any, yaml.Node | None]:
    """The document and its node tree from one parse (`load` and `compose` parse twice)."""
    loader = CoreLoader(text)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


class AsciiDumper(yaml.SafeDumper):
    """A safe dumper whose escapes are all numeric (\\xA0, \\u2028), never YAML's named
    ones (\\_ for NBSP, \\L, \\P, \\N), which few readers recognise."""

    ESCAPE_REPLACEMENTS = {
        char: letter
        for char, letter in yaml.SafeDumper.ESCAPE_REPLACEMENTS.items()
        if letter not in ("_", "L", "P", "N")
    }


def dump(document: Any) -> str:
    """Write YAML that reads back identically under `load`, with ASCII-only text."""
    return yaml.dump(
        document,
        Dumper=AsciiDumper,
        allow_unicode=False,
        sort_keys=False,
        default_flow_style=False,
        width=100,
    )
