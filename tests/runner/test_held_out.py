"""The held-out tier: fresh generated cases beside the corpus catch a candidate tuned to it."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from oasis_si_schemas import validator

#: The slow tier (nox -s tests_slow): held-out certifications as real processes.
pytestmark = pytest.mark.slow

ZOO = Path(__file__).resolve().parent / "zoo"


def _certify(tmp_path: Path, *options: str) -> tuple[int, dict]:
    report = tmp_path / "report.json"
    command = [
        sys.executable,
        "-m",
        "oasis_si_conformance",
        "-q",
        "--seed",
        "5",
        "--repetitions",
        "1",
        "--report",
        str(report),
        *options,
        "--",
        sys.executable,
        str(ZOO / "memorizer.py"),
    ]
    completed = subprocess.run(command, capture_output=True, timeout=300)
    return completed.returncode, json.loads(report.read_text(encoding="utf-8"))


def test_memorizer_passes_the_committed_vectors_alone(tmp_path: Path) -> None:
    code, report = _certify(tmp_path, "-k", "5.1.row2")
    assert code == 0, report["summary"]
    assert "held_out" not in report["corpus"]


def test_held_out_cases_catch_the_memorizer_and_are_recorded(tmp_path: Path) -> None:
    code, report = _certify(tmp_path, "-k", "5.1.row2", "--held-out", "60", "--held-out-seed", "11")
    assert code == 1
    assert report["corpus"]["held_out"] == {"seed": 11, "cases": 60}
    held = [r for r in report["vectors"] if r["id"].startswith("heldout-")]
    assert len(held) == 60
    assert any(r["status"] == "failed" for r in held)
    assert list(validator("report").iter_errors(report)) == []
