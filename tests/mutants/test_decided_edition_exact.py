"""The incremental derivation of a decided edition's signatures (`python -m
tools.mutants.signatures --edition NAME`, what `ratify` runs) writes the very file the full
derivation writes (`--no-cache`: every edition's kill matrix afresh), byte for byte, for one
decision ratified into a new edition.

The kit reads its editions from the installed packages, so the decision is ratified in a copy
of the checkout whose package folders are imported under their installed names
(PYTHONPATH), and both derivations run there.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: The slow tier (nox -s tests_slow): the full derivation runs the kill matrix of every edition.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
PACKAGES = {
    "oasis_si_conformance": "conformance",
    "oasis_si_reference": "reference",
    "oasis_si_schemas": "schemas",
    "oasis_si_vectors": "vectors",
}


def _copy(tmp_path: Path) -> Path:
    """A checkout copy: the tools at its root, each package under its installed name."""
    top = tmp_path / "checkout"
    ignore = shutil.ignore_patterns("__pycache__", ".cache")
    shutil.copytree(REPO / "tools", top / "tools", ignore=ignore)
    for name, folder in PACKAGES.items():
        shutil.copytree(REPO / folder, top / name, ignore=ignore)
    return top


def _python(top: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(top), "XDG_CACHE_HOME": str(top / ".xdg")}
    done = subprocess.run(
        [sys.executable, *argv], cwd=top, env=env, capture_output=True, text=True, check=False,
        timeout=3600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_the_incremental_signatures_of_a_decision_equal_the_full_derivation(
    tmp_path: Path,
) -> None:
    top = _copy(tmp_path)
    signatures = top / "oasis_si_vectors" / "signatures.yaml"
    committed = signatures.read_text(encoding="ascii")
    _python(
        top, "-m", "oasis_si_conformance.editor", "ratify", "ECHO-LINE", "exact-substring",
        "--edition", "draft", "--date", "2026-12-01", "--no-derived", "--summary",
    )
    derived = _python(top, "-m", "tools.mutants.signatures", "--edition", "draft")
    assert "derived afresh" not in derived.stderr  # the incremental path ran
    incremental = signatures.read_text(encoding="ascii")
    assert incremental != committed and "- draft\n" in incremental
    signatures.write_text(committed, encoding="ascii")
    _python(top, "-m", "tools.mutants.signatures", "--no-cache")
    assert signatures.read_text(encoding="ascii") == incremental
