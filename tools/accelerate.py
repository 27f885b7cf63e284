"""Compile the fuzzer's case generator (conformance/fuzz/strategies.py) with mypyc, into the
kit as installed, and prove the compiled generator the same as the source.

Generation is the largest part of a fuzzed case's CPU that a compiler can take: the module
makes about 130 seeded choices a case in small functions, which mypyc turns into C calls
(about 2x faster, `nox -s bench`). It is the one module of the fuzzer's path that mypyc can
compile as it is written: the others hold attrs classes, whose class bodies mypyc refuses.

`python -m tools.accelerate [--remove]`. Needs mypy (which carries mypyc) and a C compiler.

1. The installed package's folder (site-packages/oasis_si_conformance). An editable install is
   refused: its modules are the checkout's own files, where a compiled module would shadow
   the source being edited.
2. The generation digests of the source module (tools/bench/generation.py: every case and
   choice sequence of two seeds in each configuration), and a digest of cases drawn through
   hypothesis (the strategies' path, draws.py), in a fresh interpreter.
3. The kit's packages copied into a scratch folder under their import names; mypyc compiles
   oasis_si_conformance/fuzz/strategies.py there, and its extension modules are copied beside
   the installed strategies.py (an extension module is imported before a source module).
4. The digests again, from the compiled module. Any that differs (mypyc makes an int a float
   where the annotations say float: the constants that mix the two are typed Any for that)
   and the extension modules are removed, and the command fails.

`--remove` takes the extension modules away: the source module is imported again.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path

PACKAGE = "oasis_si_conformance"
MODULE = "fuzz/strategies"
#: The packages mypyc reads to type the module (it follows the module's imports).
SOURCES = ("oasis_si_conformance", "oasis_si_reference", "oasis_si_schemas")
#: Prints one digest line per configuration and seed of the seeded generation, then one of
#: cases drawn through hypothesis (derandomized: the same draws in every run), from whichever
#: module is imported. The second path is the property tests' and the fuzzer's shrinking.
DIGESTS = """
import hashlib, json
from hypothesis import HealthCheck, given, settings
from tools.bench import generation as g
from oasis_si_conformance.fuzz import strategies

for _label, ops, templates in g.CONFIGURATIONS:
    for seed in g.DIGEST_SEEDS:
        print(g.digest(seed, ops, templates))
drawn = []
quiet = settings(
    max_examples=60, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)
@quiet
@given(strategies.cases(templates=["C-DA-001", "composite"], normative=False))
def draw(case):
    drawn.append(json.dumps(case, sort_keys=True))
draw()
print(hashlib.sha256("\\n".join(drawn).encode()).hexdigest())
"""
WHERE = f"import {PACKAGE}.{MODULE.replace('/', '.')} as m; print(m.__file__)"


class AccelerateError(Exception):
    """Why the generator was not compiled (or not kept)."""


def installed_folder(package: str) -> Path:
    """The folder `package` is imported from, refused when it is an editable install (a
    folder of a checkout rather than of site-packages)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise AccelerateError(f"{package} is not installed")
    folder = Path(next(iter(spec.submodule_search_locations))).resolve()
    if folder.name != package:
        raise AccelerateError(
            f"{package} is an editable install ({folder}): install the kit with `pip install .`"
        )
    return folder


def compiled_modules(folder: Path) -> list[Path]:
    """The extension modules of the generator beside its source in `folder` (the package)."""
    name, suffixes = Path(MODULE).name, tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = (folder / MODULE).parent.glob(f"{name}*")
    return sorted(path for path in found if path.name.endswith(suffixes))


def digests(pythonpath: Path | None = None) -> list[str]:
    """The generation digests, with the kit as installed, or as found first in `pythonpath`."""
    return _checkout_python(DIGESTS, pythonpath).split()


def imported_from(pythonpath: Path | None = None) -> str:
    """The file the generator is imported from (an extension module once compiled)."""
    return _checkout_python(WHERE, pythonpath).strip()


def _checkout_python(script: str, pythonpath: Path | None) -> str:
    """What `script` prints in a fresh interpreter run from the checkout (so that tools/
    imports), `pythonpath` first on the path."""
    checkout = Path(__file__).resolve().parents[1]
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join((str(pythonpath), str(checkout)))
    return _python(["-c", script], checkout, env, "a check of the generator failed")


def _clean_environment() -> dict[str, str]:
    """The caller's environment without the variables that change where Python imports from:
    mypyc reads the packages copied into its working folder, never a caller's PYTHONPATH."""
    unwanted = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONUSERBASE")
    return {name: value for name, value in os.environ.items() if name not in unwanted}


def _python(args: list[str], cwd: Path, env: Mapping[str, str] | None, failure: str) -> str:
    """What `python ARGS` prints, run in `cwd`; AccelerateError(`failure` and its output)
    when it fails."""
    done = subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise AccelerateError(f"{failure}:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
    return done.stdout


def checkout_packages(checkout: Path) -> dict[str, Path]:
    """The folders of SOURCES in a checkout, by import name (pyproject.toml's package-dir)."""
    config = tomllib.loads((checkout / "pyproject.toml").read_text(encoding="utf-8"))
    folders = config["tool"]["setuptools"]["package-dir"]
    return {package: checkout / folders[package] for package in SOURCES}


def build(packages: Mapping[str, Path], work: Path) -> list[Path]:
    """Copy `packages` (import name -> folder) into `work` under their import names and
    compile the generator there with mypyc: the extension modules built, beside the copy of
    its source (`work` on the path imports the compiled generator)."""
    for package, folder in packages.items():
        shutil.copytree(folder, work / package, ignore=_compiled_files)
    _python(["-m", "mypyc", f"{PACKAGE}/{MODULE}.py"], work, _clean_environment(), "mypyc failed")
    built = compiled_modules(work / PACKAGE)
    if not built:
        raise AccelerateError("mypyc built no extension module")
    return built


def compile_into(folder: Path) -> list[Path]:
    """Compile the generator from a scratch copy of the installed packages and copy its
    extension modules into `folder` (the installed package). Returns the copies."""
    site = folder.parent
    with tempfile.TemporaryDirectory(prefix="oasis-si-mypyc-") as scratch:
        built = build({package: site / package for package in SOURCES}, Path(scratch))
        target = (folder / MODULE).parent
        return [Path(shutil.copy2(path, target / path.name)) for path in built]


def _compiled_files(_folder: str, names: list[str]) -> list[str]:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [name for name in names if name.endswith(suffixes) or name == "__pycache__"]


def remove(folder: Path) -> list[Path]:
    """Take the generator's extension modules out of the installed package."""
    found = compiled_modules(folder)
    for path in found:
        path.unlink()
    return found


def accelerate(folder: Path) -> list[str]:
    """Compile, install and check the generator; the digests both modules gave."""
    remove(folder)
    source = digests()
    if not source:
        raise AccelerateError("the source module gave no digest")
    copied = compile_into(folder)
    where = imported_from()
    if where.endswith(".py"):  # the digests would compare the source with itself
        remove(folder)
        raise AccelerateError(f"the generator is still imported from its source ({where})")
    compiled = digests()
    if compiled != source:
        remove(folder)
        changed = sum(a != b for a, b in zip(source, compiled, strict=False))
        raise AccelerateError(
            f"the compiled generator differs from the source in {changed} of {len(source)}"
            " digests: removed, the source module stays"
        )
    print(f"compiled {PACKAGE}.{MODULE.replace('/', '.')}: " + ", ".join(p.name for p in copied))
    print(f"the generator is imported from {where}")
    return compiled


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.accelerate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--remove", action="store_true", help="remove the compiled generator")
    options = parser.parse_args(argv)
    try:
        folder = installed_folder(PACKAGE)
        if options.remove:
            gone = remove(folder)
            print(f"removed {len(gone)} extension module(s)")
            return 0
        same = accelerate(folder)
    except AccelerateError as error:
        print(f"accelerate: {error}", file=sys.stderr)
        return 1
    print(f"the compiled generator gives the source's {len(same)} generation digests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
