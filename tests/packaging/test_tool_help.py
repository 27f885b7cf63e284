"""Every `python -m` entry point of the checkout answers `--help` with its usage, at once,
without running (a generator that rebuilds the corpus on `--help` takes minutes, and may
write files)."""

import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

#: The slow tier (nox -s tests_slow): every command's --help, each a fresh process.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
#: Folder -> the import name `python -m` runs it under (tools/ runs from the checkout).
PACKAGES = {
    "conformance": "oasis_si_conformance",
    "reference": "oasis_si_reference",
    "tools": "tools",
}
#: Seconds: importing a module, never building what it builds.
TIMEOUT = 30


def entry_points() -> Iterator[str]:
    """Every module of a package folder that `python -m` can run: a package's `__main__.py`,
    or a module with a `__main__` block. (Scripts outside a package, such as the survey's
    probes, run by path under other interpreters.)"""
    for folder, package in PACKAGES.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            if not (path.parent / "__init__.py").exists():
                continue
            text = path.read_text(encoding="utf-8")
            if path.name != "__main__.py" and '__name__ == "__main__"' not in text:
                continue
            parts = path.relative_to(REPO / folder).with_suffix("").parts
            if parts[-1] == "__main__":
                parts = parts[:-1]
            yield ".".join((package, *parts))


MODULES = sorted(set(entry_points()))


def help_of(module: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", module, "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture(scope="module")
def answers() -> dict[str, subprocess.CompletedProcess[str] | str]:
    """Each module's `--help`, two at a time; a timeout is kept as its message."""

    def one(module: str) -> subprocess.CompletedProcess[str] | str:
        try:
            return help_of(module)
        except subprocess.TimeoutExpired:
            return f"{module} --help still running after {TIMEOUT} s"

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(MODULES, pool.map(one, MODULES), strict=True))


def test_the_entry_points_are_found():
    """The discovery sees the generators, the tools and the shipped commands (a test over an
    empty list would pass)."""
    for module in (
        "tools.vectorgen",
        "tools.mutants.signatures",
        "tools.specmap",
        "tools.schemagen",
        "tools.check",
        "tools.bench",
        "oasis_si_conformance",
        "oasis_si_conformance.editor",
        "oasis_si_reference.server",
    ):
        assert module in MODULES


@pytest.mark.parametrize("module", MODULES)
def test_help_prints_usage_without_running(module, answers):
    answer = answers[module]
    assert not isinstance(answer, str), answer
    assert answer.returncode == 0, answer.stderr[-2000:]
    usage = answer.stdout
    assert usage.startswith("usage: "), usage[:500]
    assert module.replace("oasis_si_", "") in usage or "oasis-si-" in usage, usage[:500]
