"""Running one mutant: the mutated module is written into a temporary copy of its package,
placed first on PYTHONPATH, and the module's tests run against it with pytest.

The checkout is never changed. The copy takes the package's import name (conformance/ is
oasis_si_conformance), so the tests, and every process they start (the reference server, the
runner's candidates), import the mutated copy ahead of the editable install, whose finder
comes after the path entries. A run that passes leaves the mutant alive; one that fails,
errors or exceeds its time limit kills it (a run past its limit is given a second run, twice
as long: a busy machine can slow a run the mutant does not hang). The plugin failures.py
tells each failure on behaviour from one only on text (a message's wording); a mutant whose
failures are all on text, when every test runs, is killed by text only, and not counted as
killed by behaviour.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

import attrs

from tools.selfmutants.failures import ENVIRONMENT
from tools.selfmutants.operators import Mutant

ROOT = Path(__file__).resolve().parents[2]
PYTEST = ("-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tools.selfmutants.failures")


@attrs.frozen
class Outcome:
    mutant: Mutant | None  # None: the unmutated copy (the baseline)
    status: str  # "killed", "survived", "timeout"
    seconds: float
    tail: str  # the last lines pytest printed
    by_text_only: bool = False  # killed, and every test that failed failed only on text


def import_name(module: str) -> tuple[str, Path]:
    """(import name of the module's package, the module's path inside that package), from
    pyproject.toml's package-dir mapping: conformance/running/protocol.py -> (oasis_si_conformance,
    running/protocol.py)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    folders = config["tool"]["setuptools"]["package-dir"]
    path = Path(module)
    for name, folder in folders.items():
        if path.parts[0] == folder:
            return name, Path(*path.parts[1:])
    raise ValueError(f"{module} is in none of the packages of pyproject.toml")


def run(
    module: str, source: str, tests: list[str], timeout: float, mutant: Mutant | None
) -> Outcome:
    """Run `tests` against a copy of the module's package holding `source` for the module."""
    package, inside = import_name(module)
    folder = ROOT / Path(module).parts[0]
    with tempfile.TemporaryDirectory(prefix="oasis-si-selfmutant-") as scratch:
        copy = Path(scratch) / package
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        (copy / inside).write_text(source, encoding="utf-8")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [scratch, env.get("PYTHONPATH")]))
        if mutant is None:
            _check_copy_is_imported(package, copy, env)
        started = time.monotonic()
        failures = Path(scratch) / "failures.jsonl"
        env[ENVIRONMENT] = str(failures)
        status, output = _pytest(["-x", *tests], env, timeout)
        if status == "timeout" and mutant is not None:
            # a busy machine can stretch a run past its limit: a mutant is killed by time
            # only when a second run, given twice as long, does not end either
            status, output = _pytest(["-x", *tests], env, 2 * timeout)
        text_only = status == "killed" and _only_text(failures)
        if text_only:
            # -x stopped at the first failure: run every test, is any failing on behaviour?
            failures.unlink()
            status, output = _pytest(tests, env, timeout)
            text_only = status == "killed" and _only_text(failures)
        seconds = time.monotonic() - started
    tail = "\n".join(output.strip().splitlines()[-3:])
    return Outcome(mutant, status, seconds, tail, text_only)


def _only_text(failures: Path) -> bool:
    """The failures the plugin wrote are all on text (none written: pytest itself failed,
    which is behaviour)."""
    if not failures.is_file():
        return False
    kinds = [json.loads(line)["kind"] for line in failures.read_text("utf-8").splitlines()]
    return bool(kinds) and all(kind == "text" for kind in kinds)


def _pytest(tests: list[str], env: dict[str, str], timeout: float) -> tuple[str, str]:
    process = subprocess.Popen(
        [sys.executable, *PYTEST, *tests], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return "timeout", output
    return ("survived" if process.returncode == 0 else "killed"), output


def _check_copy_is_imported(package: str, copy: Path, env: dict[str, str]) -> None:
    """The tests would import the copy, not the checkout: else every mutant would survive."""
    code = f"import {package}, sys; print({package}.__path__[0])"
    found = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        check=True,
    ).stdout.strip()
    if Path(found).resolve() != copy.resolve():
        raise RuntimeError(f"{package} is imported from {found}, not from the copy {copy}")
