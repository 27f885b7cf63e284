"""YAML as the corpus reads and writes it: YAML 1.2 core scalars only, ASCII on disk.

PyYAML resolves YAML 1.1 plain scalars: `no`/`on`/`yes` become booleans, `0x1F` and `017`
become integers, `2026-11-29` becomes a date, `1_000` a number. In a vector an identifier like
`no` or `0x1F` must stay a string, so the loader here resolves only the YAML 1.2 core schema
(null, true/false, decimal integers, decimal floats) and leaves every other plain scalar a
string. The writer escapes every non-ASCII or control code point, so combining marks, NBSP and
CR are visible and unambiguous in the file.

Every text is screened before anything is built from it (`screen_tree` on its node tree,
composed in time linear in the text; `screen` does the same over the parser's events), in
bounded time and memory: at most MAX_BYTES, nesting at most MAX_DEPTH deep, at most MAX_NODES
nodes once aliases are expanded (an alias may repeat an anchored node, never make a text
explode or hold itself), no duplicate mapping key, and no tag but the YAML 1.2 core schema's
(`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!seq`, `!!map`, the non-specific `!`),
a scalar so tagged reading as its tag says. A refusal is a `Refused`, a YAML error that
carries the line where the problem is.
"""

import copy
import functools
import re
from collections.abc import Sequence
from typing import Any, Final, Literal

import attrs
import yaml

#: The longest YAML text read, in bytes (the largest corpus file is under 0.5 MB).
MAX_BYTES: Final = 4 * 1024 * 1024
#: The deepest nesting of mappings and sequences (the corpus nests at most 14 deep).
MAX_DEPTH: Final = 64
#: The most nodes a text may hold with its aliases expanded (the corpus: under 20,000 a file).
MAX_NODES: Final = 500_000

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
    """Parse one YAML document with the core-schema loader (screened first)."""
    return load_with_tree(text)[0]


def compose(text: str) -> yaml.Node | None:
    """The node tree of one document, for mapping a data path back to a line."""
    if _recalled(text):
        try:
            return _pure_parse(text)[1]
        except yaml.YAMLError:
            pass  # composed afresh below: a text may compose and yet not construct
    loader = _loader_for(text)(text)
    try:
        return _screened_node(loader, text)
    finally:
        loader.dispose()


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
    if _recalled(text):
        document, node = _pure_parse(text)
        return copy.deepcopy(document), node
    return _parse(text)


def _parse(text: str) -> tuple[Any, yaml.Node | None]:
    loader = _loader_for(text)(text)
    try:
        node = _screened_node(loader, text)
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


#: The longest text whose parse is kept (`_pure_parse`): the register, the largest such file
#: of the corpus, is under 0.1 MB.
MAX_RECALLED: Final = 512 * 1024


@functools.lru_cache(maxsize=8)
def _pure_parse(text: str) -> tuple[Any, yaml.Node | None]:
    """`_parse` of a text the pure-Python loader reads (one with surrogate escapes, such as the
    register), kept for the next read of the same text: that loader takes a quarter of a
    second for the register, which the editor and the checks read, and locate lines in, more
    than once. A parse is a function of the text alone; the tree is only read (lines), and
    `load_with_tree` hands out a copy of the document. A refused text is kept by no one (the
    error is raised again on each read)."""
    return _parse(text)


def _recalled(text: str) -> bool:
    """Whether `_pure_parse` holds (or would keep) the parse of `text`."""
    return _loader_for(text) is PyCoreLoader and len(text) <= MAX_RECALLED


def _screened_node(loader: Any, text: str) -> yaml.Node | None:
    """The document's node tree, screened (`screen_tree`) before anything is built from it.
    Composing is linear in the text (an alias is the anchored node itself, not a copy); a
    text too deep for the composer is screened event by event, which names its line."""
    if len(text) > MAX_BYTES:  # characters: at least as many bytes
        raise Refused(1, f"the text is over {MAX_BYTES} bytes, the most a YAML file may hold")
    try:
        node = loader.get_single_node()
    except RecursionError:
        screen(text)
        raise Refused(1, f"nested more than {MAX_DEPTH} deep") from None
    if node is not None:
        screen_tree(node)
    return node


# Screening -----------------------------------------------------------------------------------


class Refused(yaml.MarkedYAMLError):
    """A text the loader will not read (see the module docstring); `line` is 1-based."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem=problem)
        self.line = line
        self.problem_mark = yaml.Mark("<text>", 0, line - 1, 0, None, 0)

    def __str__(self) -> str:
        return f"{self.problem} (line {self.line})"


_CORE: Final = "tag:yaml.org,2002:"
#: The tags of the YAML 1.2 core schema, and for a scalar the pattern its text must fit.
_SCALAR_TAGS: Final = {
    _CORE + "str": None,
    "!": None,
    **{tag: re.compile(pattern) for tag, pattern, _first in _CORE_RESOLVERS},
}
_COLLECTION_TAGS: Final = frozenset({_CORE + "seq", _CORE + "map", "!"})


@attrs.define
class _Frame:
    """A mapping or sequence being read: its nodes so far, its anchor, and for a mapping the
    keys seen and whether the next node is a key."""

    anchor: str | None
    mapping: bool
    nodes: int = 1
    keys: dict[str, int] = attrs.Factory(dict)
    at_key: bool = True


def screen(text: str) -> None:
    """Refuse a text the loader must not read (module docstring). Raises Refused; a syntax
    error is left for the loader to report."""
    if len(text) > MAX_BYTES:  # characters: at least as many bytes
        raise Refused(1, f"the text is over {MAX_BYTES} bytes, the most a YAML file may hold")
    screening = _Screening()
    try:
        for event in yaml.parse(text, Loader=_loader_for(text)):
            screening.see(event)
    except Refused:
        raise
    except yaml.YAMLError:
        return  # the loader reports it, with its line


class _Screening:
    """The state of one pass over a text's events."""

    def __init__(self) -> None:
        self.sizes: dict[str, int] = {}  # anchor -> nodes under it, aliases expanded
        self.stack: list[_Frame] = [_Frame(None, False, nodes=0)]
        self.total = 0

    def see(self, event: yaml.Event) -> None:
        line = event.start_mark.line + 1 if event.start_mark is not None else 1
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.sizes:
                raise Refused(line, f"alias *{event.anchor} names a node that holds it")
            self._count(line, self.sizes[event.anchor])
            self.stack[-1].nodes += self.sizes[event.anchor]
            self._key(line, None)
        elif isinstance(event, yaml.ScalarEvent):
            _check_scalar_tag(event, line)
            self._count(line, 1)
            self.stack[-1].nodes += 1
            self._key(line, event.value)
            if event.anchor is not None:
                self.sizes[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            if event.tag is not None and event.tag not in _COLLECTION_TAGS:
                raise Refused(line, f"tag {event.tag} is not one of the YAML 1.2 core schema")
            if len(self.stack) > MAX_DEPTH:
                raise Refused(line, f"nested more than {MAX_DEPTH} deep")
            self._count(line, 1)  # its own node; the frame's count joins its parent's at its end
            self._key(line, None)
            self.stack.append(_Frame(event.anchor, isinstance(event, yaml.MappingStartEvent)))
        elif isinstance(event, yaml.CollectionEndEvent):
            frame = self.stack.pop()
            self.stack[-1].nodes += frame.nodes
            if frame.anchor is not None:
                self.sizes[frame.anchor] = frame.nodes

    def _count(self, line: int, nodes: int) -> None:
        self.total += nodes
        if self.total > MAX_NODES:
            raise Refused(line, f"more than {MAX_NODES} nodes with the aliases expanded")

    def _key(self, line: int, scalar: str | None) -> None:
        """A node of the innermost collection: in a mapping, a key is checked for a duplicate
        (a scalar key; `scalar` None for any other node)."""
        frame = self.stack[-1]
        if not frame.mapping:
            return
        if frame.at_key and scalar is not None:
            if scalar in frame.keys:
                first = frame.keys[scalar]
                raise Refused(line, f"duplicate key {scalar!r} (first at line {first})")
            frame.keys[scalar] = line
        frame.at_key = not frame.at_key


def screen_tree(root: yaml.Node) -> None:
    """`screen` on a composed node tree (the same limits, the line of the node that breaks
    one): each node is visited once, an alias's expansion counted from its anchor's."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: yaml.Node, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        line = node.start_mark.line + 1
        if key in open_nodes:
            raise Refused(line, "an alias names a node that holds it")
        if depth > MAX_DEPTH:
            raise Refused(line, f"nested more than {MAX_DEPTH} deep")
        _check_node_tag(node, line)
        total = 1
        if isinstance(node, yaml.CollectionNode):
            open_nodes.add(key)
            if isinstance(node, yaml.MappingNode):
                _check_keys(node)
                children = [child for pair in node.value for child in pair]
            else:
                children = list(node.value)
            for child in children:
                total += size(child, depth + 1)
                if total > MAX_NODES:  # at the collection whose aliases expand it too far
                    raise Refused(line, f"more than {MAX_NODES} nodes with the aliases expanded")
            open_nodes.discard(key)
        sizes[key] = total
        return total

    size(root, 1)


def _check_node_tag(node: yaml.Node, line: int) -> None:
    if isinstance(node, yaml.ScalarNode):
        if node.tag not in _SCALAR_TAGS:
            raise Refused(line, f"tag {node.tag} is not one of the YAML 1.2 core schema")
        pattern = _SCALAR_TAGS[node.tag]
        if pattern is not None and not pattern.match(node.value):
            raise Refused(line, f"{node.value!r} is not a value of tag {node.tag}")
    elif node.tag not in _COLLECTION_TAGS:
        raise Refused(line, f"tag {node.tag} is not one of the YAML 1.2 core schema")


def _check_keys(node: yaml.MappingNode) -> None:
    seen: dict[str, int] = {}
    for key, _value in node.value:
        if isinstance(key, yaml.ScalarNode):
            line = key.start_mark.line + 1
            if key.value in seen:
                first = seen[key.value]
                raise Refused(line, f"duplicate key {key.value!r} (first at line {first})")
            seen[key.value] = line


def _check_scalar_tag(event: yaml.ScalarEvent, line: int) -> None:
    if event.tag is None:
        return
    if event.tag not in _SCALAR_TAGS:
        raise Refused(line, f"tag {event.tag} is not one of the YAML 1.2 core schema")
    pattern = _SCALAR_TAGS[event.tag]
    if pattern is not None and not pattern.match(event.value):
        raise Refused(line, f"{event.value!r} is not a value of tag {event.tag}")


def error_line(error: yaml.YAMLError) -> int:
    """The 1-based line a YAML error (a syntax error, a refusal) is at; 1 when it has none."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    return mark.line + 1 if mark is not None else 1


def error_text(error: yaml.YAMLError) -> str:
    """What a YAML error says, without the position (the caller names file and line)."""
    if isinstance(error, Refused):
        return str(error.problem)
    problem = getattr(error, "problem", None)
    return f"not valid YAML: {problem}" if problem else f"not valid YAML: {error}"


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
