"""`nox -s conformance` and `nox -s fuzz` end with their command's own exit status, 0/1/2, as
the README documents; nox alone exits 1 for any failed session.

Each test runs the real nox on the repository's noxfile, on this interpreter and its installed
kit (`--no-venv --no-install`: no virtualenv is created, nothing is installed), so what is
tested is the noxfile's mechanism and nox's handling of it, in a second or two per run.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

#: The slow tier (nox -s tests_slow): nox sessions run end to end.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_CORPUS = ROOT / "tests" / "runner" / "corpus"
GARBAGE = ROOT / "tests" / "runner" / "zoo" / "garbage.py"


def nox(session: str, *posargs: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`nox -s SESSION -- POSARGS` on this interpreter; this interpreter's scripts on PATH."""
    bin_dir = str(Path(sys.executable).parent)
    env = dict(os.environ, OASIS_SI_CACHE=str(tmp_path / "cache"))
    env["PATH"] = os.pathsep.join([bin_dir, env.get("PATH", "")])
    argv = [sys.executable, "-m", "nox", "--noxfile", str(ROOT / "noxfile.py")]
    argv += ["--no-venv", "--no-install", "-s", session, "--", *posargs]
    return subprocess.run(
        argv, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.parametrize("session", ["conformance", "fuzz"])
def test_a_candidate_that_fails_its_handshake_exits_2(session: str, tmp_path: Path) -> None:
    result = nox(session, "false", tmp_path=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "exited 2; nox exits 2" in result.stderr


def test_a_not_conformant_candidate_exits_1(tmp_path: Path) -> None:
    result = nox(
        "conformance", "--vectors", str(FIXTURE_CORPUS), "--repetitions", "1",
        "--", sys.executable, str(GARBAGE), tmp_path=tmp_path,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "NOT CONFORMANT" in result.stdout and "exited 1; nox exits 1" in result.stderr


def test_a_conformant_candidate_exits_0(tmp_path: Path) -> None:
    result = nox(
        "conformance", "--vectors", str(FIXTURE_CORPUS), "--repetitions", "1",
        tmp_path=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "\nCONFORMANT" in result.stdout


def test_the_fuzzer_exits_0_when_it_finds_nothing(tmp_path: Path) -> None:
    out = tmp_path / "fuzz"
    result = nox("fuzz", "--max-examples", "20", "--out", str(out), tmp_path=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (out / "fuzz-summary.json").is_file()


def test_a_usage_error_exits_2(tmp_path: Path) -> None:
    result = nox("conformance", "--no-such-option", tmp_path=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr


def test_relative_paths_are_the_callers_folders(tmp_path: Path) -> None:
    """nox runs its sessions from the noxfile's folder; `conformance` runs the command from the
    folder nox was started in, so `./candidate` and `--report report.json` are found there."""
    candidate = tmp_path / "candidate"
    candidate.write_text(
        f"#!/bin/sh\nexec {sys.executable} -m oasis_si_reference.server \"$@\"\n", encoding="utf-8"
    )
    candidate.chmod(0o755)
    result = nox(
        "conformance", "--vectors", str(FIXTURE_CORPUS), "--repetitions", "1",
        "--report", "report.json", "--", "./candidate", tmp_path=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "report.json").is_file()
