"""YAML as the corpus reads and writes it: YAML 1.2 core scalars only, ASCII on disk.

PyYAML resolves YAML 1.1 plain scalars: `no`/`on`/`yes` become booleans, `0x1F` and `017`
become integers, `2026-11-29` becomes a date, `1_000` a number. In a vector an identifier like
`no` or `0x1F` must stay a string, so the loader here resolves only the YAML 1.2 core schema
(null, true/false, decimal integers, decimal floats) and leaves every other plain scalar a
string. The writer escapes every non-ASCII or control code point, so combining marks, NBSP and
CR are visible and unambiguous in the file.
"""

import re
from collections.abc import Sequence
from typing import Any, Literal

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


class PyCoreLoader(yaml.SafeLoader):
    """The same core-schema loader on PyYAML's pure-Python scanner, which (unlike libyaml)
    reads "\\ud800" escapes: the lone surrogates JSON can carry (register TEXT-SURROGATE)."""


PyCoreLoader.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in _CORE_RESOLVERS:
    PyCoreLoader.add_implicit_resolver(_tag, re.compile(_pattern), _first)
PyCoreLoader.add_constructor("tag:yaml.org,2002:int", _int_core)

#: A double-quoted escape of a surrogate code point.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _loader_for(text: str) -> type:
    """libyaml's loader, or the pure-Python one for a text with surrogate escapes."""
    return PyCoreLoader if _SURROGATE_ESCAPE.search(text) else CoreLoader


def load(text: str) -> Any:
    """Parse one YAML document with the core-schema loader."""
    return yaml.load(text, Loader=_loader_for(text))


def compose(text: str) -> yaml.Node | None:
    """The node tree of one document, for mapping a data path back to a line."""
    return yaml.compose(text, Loader=_loader_for(text))


#: Which line of a mapping entry locates it: its key's, or its value's (a block value starts
#: on the line after its key).
LineOf = Literal["key", "value"]


def node_line(node: yaml.Node | None, path: Sequence[Any], *, at: LineOf) -> int:
    """The 1-based line of the node at `path` (mapping keys and sequence indices) in a composed
    tree: for a mapping entry the line of its key or of its value, as `at` says; for a sequence
    item, the item's. When the path breaks off, the deepest node found."""
    line = node.start_mark.line if node is not None else 0
    for step in path:
        found = _entry(node, step)
        if found is None:
            break
        key, node = found
        line = (key if at == "key" else node).start_mark.line
    return line + 1


def line_of(text: str, path: Sequence[Any], *, at: LineOf) -> int:
    """`node_line` in a YAML text (composed here)."""
    return node_line(compose(text), path, at=at)


def child(node: yaml.Node | None, step: Any) -> yaml.Node | None:
    """The node one step (a mapping key or a sequence index) below `node`, or None."""
    found = _entry(node, step)
    return found[1] if found is not None else None


def _entry(node: yaml.Node | None, step: Any) -> tuple[yaml.Node, yaml.Node] | None:
    """(the node that names the step: a key, or a sequence item itself; the node reached)."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == step:
                return key, value
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
        return node.value[step], node.value[step]
    return None


def load_with_tree(text: str) -> tuple[Any, yaml.Node | None]:
    """The document and its node tree from one parse (`load` and `compose` parse twice)."""
    loader = _loader_for(text)(text)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


class AsciiDumper(yaml.SafeDumper):
    """A safe dumper whose escapes are all numeric (\\xA0, \\u2028), never YAML's named
    ones (\\_ for NBSP, \\L, \\P, \\N), which few readers recognise."""

    # types-PyYAML declares the table Final, wrongly: PyYAML's Emitter reads
    # self.ESCAPE_REPLACEMENTS, so a subclass's own table is how its escapes are changed.
    ESCAPE_REPLACEMENTS = {  # type: ignore[misc]
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
