"""Golden verdicts are authored from the text, never from the reference: no generator of
tools/vectorgen, and nothing it imports (tools/, the kit's own modules, followed transitively),
imports oasis_si_reference, by an import statement or by name through importlib or
__import__; and every generated vector file names a generator of tools/vectorgen."""

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Import name -> folder of the checkout, for the modules followed.
FOLDERS = {"tools": ROOT / "tools", "oasis_si_conformance": ROOT / "conformance"}
FORBIDDEN = ("oasis_si_reference", "reference")
_IMPORTERS = {"import_module", "__import__", "find_spec", "spec_from_file_location"}


Folders = dict[str, Path]


def _module_name(path: Path, folders: Folders) -> str:
    for name, folder in folders.items():
        if path.is_relative_to(folder):
            parts = [name, *path.relative_to(folder).with_suffix("").parts]
            return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    raise ValueError(f"{path} is in no followed folder")


def _path(module: str, folders: Folders) -> Path | None:
    head, _, rest = module.partition(".")
    if head not in folders:
        return None
    base = folders[head].joinpath(*rest.split(".")) if rest else folders[head]
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _strings(node: ast.AST) -> Iterator[str]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def imports(path: Path, folders: Folders) -> Iterator[str]:
    """Every module `path` imports: import statements (relative ones resolved), and the
    string arguments of importlib.import_module, __import__, find_spec and
    spec_from_file_location (a path is given as the module it names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path, folders)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in _IMPORTERS:
                for text in (s for arg in node.args for s in _strings(arg)):
                    yield text.removesuffix(".py").replace("/", ".").strip(".")


def reaches_reference(starts: list[Path], folders: Folders = FOLDERS) -> dict[str, list[str]]:
    """Module -> the import chain by which it reaches the reference (empty: none does)."""
    found: dict[str, list[str]] = {}
    chains = {_module_name(p, folders): [_module_name(p, folders)] for p in starts}
    queue = list(chains)
    while queue:
        module = queue.pop()
        path = _path(module, folders)
        if path is None:
            continue
        for imported in imports(path, folders):
            if imported.split(".")[0] in FORBIDDEN:
                found.setdefault(chains[module][0], chains[module] + [imported])
            elif _path(imported, folders) is not None and imported not in chains:
                chains[imported] = chains[module] + [imported]
                queue.append(imported)
    return found


GENERATORS = sorted((ROOT / "tools" / "vectorgen").glob("*.py"))


def test_no_generator_depends_on_the_reference() -> None:
    assert len(GENERATORS) > 20
    assert reaches_reference(GENERATORS) == {}


@pytest.mark.parametrize(
    "source",
    [
        "from oasis_si_reference.text import fold\n",
        "import oasis_si_reference\n",
        "import importlib\nimportlib.import_module('oasis_si_reference.tables')\n",
        "__import__('oasis_si_reference')\n",
        "from oasis_si_conformance import traces\n",  # the explanations read the reference
        "from . import helper\n",
    ],
)
def test_the_scan_sees_each_way_of_importing_the_reference(source: str, tmp_path: Path) -> None:
    """In a copy of the layout (tmp_path/tools/vectorgen), beside the kit's real modules."""
    folder = tmp_path / "tools" / "vectorgen"
    folder.mkdir(parents=True)
    (tmp_path / "tools" / "__init__.py").write_text("")
    (folder / "__init__.py").write_text("")
    helper = "import importlib.util as u\nu.find_spec('oasis_si_reference')\n"
    (folder / "helper.py").write_text(helper)
    module = folder / "probe.py"
    module.write_text(source, encoding="utf-8")
    folders = {**FOLDERS, "tools": tmp_path / "tools"}
    found = reaches_reference([module], folders)
    assert list(found) == ["tools.vectorgen.probe"], found


def test_every_generated_vector_file_names_a_generator_of_vectorgen() -> None:
    """Every file of vectors (a `vectors:` list) that says it is generated names an existing
    module of tools/vectorgen; the corpus holds no code."""
    claimed = {}
    for path in sorted((ROOT / "vectors").rglob("*.yaml")):
        text = path.read_text(encoding="ascii")
        by = re.search(r"^generated_by: *(\S+)", text, re.MULTILINE)
        if by and re.search(r"^vectors:", text, re.MULTILINE):
            claimed[path.relative_to(ROOT).as_posix()] = by.group(1).strip("'\"")
    assert len(claimed) > 20
    wrong = {
        path: by for path, by in claimed.items()
        if not (by.startswith("tools/vectorgen/") and (ROOT / by).is_file())
    }
    assert wrong == {}
    assert not list((ROOT / "vectors").rglob("*.py")), "the corpus holds data only"
