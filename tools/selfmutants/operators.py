"""The mutation operators: one-token or one-statement changes to a module's code, found by
walking its syntax tree.

Each operator is a small, typical slip a reviewer would plant by hand:

- `compare`: a comparison flipped (`==`/`!=`, `<`/`>=`, `>`/`<=`, `in`/`not in`, `is`/`is not`);
- `boolop`: `and` swapped with `or`;
- `any_all`: a call of `any` swapped with `all`;
- `off_by_one`: an integer constant `n` made `n + 1`;
- `not`: a `not` removed;
- `return_none`: `return EXPR` made `return None`;
- `drop_guard`: an `if` whose body ends in `raise` or `return` (a guard) deleted.

Only code inside functions is mutated: module-level statements are tables and constants, whose
slips the vectors and the table tests already judge; default values and annotations are left
alone. A mutant is named by a stable id (module, function, operator, and a digest of the line's
text and the change's place on it), which survives edits elsewhere in the module, so that the
equivalent-mutant list stays valid.
"""

import ast
import hashlib
from collections.abc import Iterator

import attrs

OPERATORS = ("compare", "boolop", "any_all", "off_by_one", "not", "return_none", "drop_guard")

_FLIPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt,
    ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_SWAPPED_CALLS = {"any": "all", "all": "any"}


@attrs.frozen
class Mutant:
    """One change to one module: where it is, what it does, and the id that names it."""

    module: str  # path of the module in the checkout, e.g. conformance/running/protocol.py
    function: str  # qualified name of the enclosing function, e.g. Decoder.decode
    operator: str
    lineno: int
    line: str  # the line's text, stripped
    change: str  # what the mutant does, for a reader
    node: int  # position of the changed node in ast.walk order (how to apply it)
    part: int  # which operand of a chained comparison
    id: str

    def apply(self, source: str) -> str:
        """The module's source with this mutant's change (unparsed from the changed tree)."""
        tree = ast.parse(source)
        nodes = list(ast.walk(tree))
        parents = _parents(tree)
        _mutate(nodes[self.node], self, parents)
        return ast.unparse(ast.fix_missing_locations(tree))


def mutants(module: str, source: str) -> list[Mutant]:
    """Every mutant of the module's functions, in source order."""
    tree = ast.parse(source)
    lines = source.splitlines()
    owners = _owners(tree)
    skipped = _not_mutated(tree)
    found: list[Mutant] = []
    seen: dict[tuple[str, str, str], int] = {}
    for index, node in enumerate(ast.walk(tree)):
        owner = owners.get(id(node))
        if owner is None or id(node) in skipped:
            continue
        for operator, part, change in _changes(node):
            text = lines[node.lineno - 1].strip()
            key = (owner, operator, text)
            occurrence = seen.get(key, 0)
            seen[key] = occurrence + 1
            digest = hashlib.sha256(f"{text}#{occurrence}".encode()).hexdigest()[:10]
            ident = f"{module}:{owner}:{operator}:{digest}"
            found.append(
                Mutant(module, owner, operator, node.lineno, text, change, index, part, ident)
            )
    return sorted(found, key=lambda m: (m.lineno, m.node, m.part))


def _changes(node: ast.AST) -> Iterator[tuple[str, int, str]]:
    """(operator, part, description) of each mutant this node admits."""
    if isinstance(node, ast.Compare):
        for part, op in enumerate(node.ops):
            flipped = _FLIPPED.get(type(op))
            if flipped is not None:
                yield "compare", part, f"{_symbol(op)} -> {_symbol(flipped())}"
    elif isinstance(node, ast.BoolOp):
        yield "boolop", 0, "and -> or" if isinstance(node.op, ast.And) else "or -> and"
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _SWAPPED_CALLS
    ):
        yield "any_all", 0, f"{node.func.id} -> {_SWAPPED_CALLS[node.func.id]}"
    elif (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int)
        and not isinstance(node.value, bool)
    ):
        yield "off_by_one", 0, f"{node.value} -> {node.value + 1}"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "not", 0, "not X -> X"
    elif isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
        yield "return_none", 0, "return X -> return None"
    elif isinstance(node, ast.If) and not node.orelse and _is_guard(node):
        yield "drop_guard", 0, "guard `if ...: raise/return` deleted"


def _mutate(node: ast.AST, mutant: Mutant, parents: dict[int, ast.AST]) -> None:
    if mutant.operator == "compare":
        assert isinstance(node, ast.Compare)
        node.ops[mutant.part] = _FLIPPED[type(node.ops[mutant.part])]()
    elif mutant.operator == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif mutant.operator == "any_all":
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        node.func.id = _SWAPPED_CALLS[node.func.id]
    elif mutant.operator == "off_by_one":
        assert isinstance(node, ast.Constant) and isinstance(node.value, int)
        node.value = node.value + 1
    elif mutant.operator == "not":
        assert isinstance(node, ast.UnaryOp)
        _replace(parents[id(node)], node, node.operand)
    elif mutant.operator == "return_none":
        assert isinstance(node, ast.Return)
        node.value = ast.Constant(None)
    elif mutant.operator == "drop_guard":
        _replace(parents[id(node)], node, ast.Pass())
    else:
        raise ValueError(f"unknown operator {mutant.operator!r}")


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    """Put `new` where `old` is among `parent`'s children."""
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list) and any(item is old for item in value):
            value[[i for i, item in enumerate(value) if item is old][0]] = new
            return
    raise ValueError("node not found under its parent")


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _owners(tree: ast.Module) -> dict[int, str]:
    """Each node inside a function body -> the qualified name of its innermost function."""
    owners: dict[int, str] = {}

    def visit(node: ast.AST, scope: list[str], inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = [*scope, child.name]
                for statement in child.body:
                    owners[id(statement)] = ".".join(name)
                    for inner in ast.walk(statement):
                        owners.setdefault(id(inner), ".".join(name))
                    visit(statement, name, True)
                for statement in child.body:
                    # nested functions claim their own nodes
                    _claim_nested(statement, name, owners)
            elif isinstance(child, ast.ClassDef):
                visit(child, [*scope, child.name], inside)
            else:
                visit(child, scope, inside)

    visit(tree, [], False)
    return owners


def _claim_nested(node: ast.AST, scope: list[str], owners: dict[int, str]) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            name = ".".join([*scope, getattr(child, "name", "<lambda>")])
            for inner in ast.walk(child):
                owners[id(inner)] = name
        _claim_nested(child, scope, owners)


def _not_mutated(tree: ast.Module) -> set[int]:
    """Nodes never mutated: decorators, default values, annotations, docstrings."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST | None] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            parts += node.decorator_list + [node.returns]
            args = node.args
            parts += args.defaults + [d for d in args.kw_defaults if d is not None]
            parts += [a.annotation for a in args.args + args.kwonlyargs + args.posonlyargs]
        elif isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        for part in parts:
            if part is not None:
                skipped.update(id(inner) for inner in ast.walk(part))
    return skipped


def _is_guard(node: ast.If) -> bool:
    return isinstance(node.body[-1], ast.Raise | ast.Return)


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _symbol(op: ast.cmpop) -> str:
    return {
        ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.GtE: ">=", ast.Gt: ">",
        ast.LtE: "<=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
    }[type(op)]
