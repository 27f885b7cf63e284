"""The wheel ships every package and every data file of the kit, and nothing else.

Package discovery cannot rename folders (`conformance/` installs as `oasis_si_conformance`), so
pyproject.toml lists the packages: these tests fail when a folder holding an __init__.py or a
data file of the four package folders would be left out of the wheel. `nox -s wheel` builds the
real wheel and holds it to the folders file by file.
"""

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]
PACKAGES: list[str] = SETUPTOOLS["packages"]
FOLDERS: dict[str, str] = SETUPTOOLS["package-dir"]
DATA: dict[str, list[str]] = SETUPTOOLS["package-data"]


def packages_in(root: Path, folders: dict[str, str]) -> set[str]:
    """The packages a wheel must hold: each mapped folder, and each folder below one that
    holds an __init__.py, named under the mapped package."""
    found = set(folders)
    for package, folder in folders.items():
        for init in (root / folder).rglob("__init__.py"):
            found.add(".".join([package, *init.parent.relative_to(root / folder).parts]))
    return found


def files_under(folder: Path) -> set[Path]:
    return {
        path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def package_folder(package: str) -> Path:
    top, *below = package.split(".")
    return ROOT.joinpath(FOLDERS[top], *below)


def test_every_folder_with_an_init_is_a_listed_package() -> None:
    assert sorted(PACKAGES) == sorted(packages_in(ROOT, FOLDERS))


def test_a_new_subpackage_would_be_found(tmp_path: Path) -> None:
    """The check above is not vacuous: a new subpackage is among the packages to list."""
    (tmp_path / "conformance" / "fuzz").mkdir(parents=True)
    (tmp_path / "conformance" / "newpart" / "deeper").mkdir(parents=True)
    for folder in ("conformance", "conformance/fuzz", "conformance/newpart/deeper"):
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
    assert packages_in(tmp_path, {"oasis_si_conformance": "conformance"}) == {
        "oasis_si_conformance",
        "oasis_si_conformance.fuzz",
        "oasis_si_conformance.newpart.deeper",
    }


def test_every_module_is_in_a_package() -> None:
    """A module in a folder without __init__.py (an implicit namespace) is not shipped."""
    orphans = [
        module.relative_to(ROOT).as_posix()
        for folder in FOLDERS.values()
        for module in (ROOT / folder).rglob("*.py")
        if not (module.parent / "__init__.py").exists()
    ]
    assert orphans == []


def test_every_data_file_matches_a_package_data_pattern() -> None:
    shipped = {
        path
        for package in PACKAGES
        for pattern in DATA.get(package, [])
        for path in package_folder(package).glob(pattern)
        if path.is_file()
    }
    data = {
        path for folder in FOLDERS.values() for path in files_under(ROOT / folder)
        if path.suffix != ".py"
    }
    must_hold = [
        ROOT / "vectors" / "MANIFEST.json",
        ROOT / "vectors" / "register.yaml",
        ROOT / "vectors" / "5.1-c-da-001" / "seed-examples.yaml",
        ROOT / "schemas" / "protocol" / "hello.schema.json",
    ]
    assert set(must_hold) <= data  # the check is not vacuous
    assert sorted(path.relative_to(ROOT).as_posix() for path in data - shipped) == []


def test_tools_and_tests_are_never_packaged() -> None:
    assert {package.split(".")[0] for package in PACKAGES} == set(FOLDERS)
    assert not {"tools", "tests", "", "."} & {folder.split("/")[0] for folder in FOLDERS.values()}


def dynamic_imports(source: str) -> list[int]:
    """Lines of `source` that import by a computed name (importlib.import_module, __import__):
    an import no layer contract can see."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = ast.unparse(node.func)
            if name in {"importlib.import_module", "import_module", "__import__"}:
                found.append(node.lineno)
    return found


def test_the_shipped_packages_import_nothing_by_a_computed_name() -> None:
    """Every import of the shipped code is one `lint-imports` holds to the layers (the
    contracts in pyproject.toml): none by a computed name, so none reaches tools/ unseen."""
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in FOLDERS.values()
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in dynamic_imports(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_a_computed_import_would_be_found() -> None:
    source = "import importlib\nm = importlib.import_module('tools.x')\nn = __import__('tools')\n"
    assert dynamic_imports(source) == [2, 3]


def test_the_package_top_holds_its_face_only() -> None:
    """conformance/ keeps at most ten modules directly inside (the commands and what every
    layer shares); everything else lives in a folder named for its concern."""
    top = sorted(path.name for path in (ROOT / FOLDERS["oasis_si_conformance"]).glob("*.py"))
    assert 0 < len(top) <= 10, top
