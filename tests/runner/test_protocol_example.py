"""PROTOCOL.md's minimal evaluator is a real starting point: the runner certifies it on the
selection the file shows (the seed's examples and the C-DA-001 table vectors)."""

import re
import sys
from pathlib import Path

import pytest

from oasis_si_conformance.corpus.corpus import vectors_root

#: The slow tier (nox -s tests_slow): PROTOCOL.md's minimal evaluator certified as a real process.
pytestmark = pytest.mark.slow

PROTOCOL = Path(__file__).resolve().parents[2] / "PROTOCOL.md"


def example() -> str:
    """The one Python code block of PROTOCOL.md's section "A minimal evaluator"."""
    section = PROTOCOL.read_text(encoding="utf-8").split("\n## A minimal evaluator\n")[1]
    blocks = re.findall(r"^```python\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1
    return blocks[0]


def test_the_minimal_evaluator_is_certified_on_valid_bindings(certify, tmp_path: Path) -> None:
    source = example()
    assert len(source.splitlines()) <= 65  # "about 60 lines"
    program = tmp_path / "minimal.py"
    program.write_text(source, encoding="utf-8")
    selection = "seed-examples,first-match"  # as PROTOCOL.md says
    assert f"-k {selection} -- python3 minimal.py" in PROTOCOL.read_text(encoding="utf-8")
    run = certify(
        "-k", selection, "--vectors", str(vectors_root()), corpus=None,
        command=[sys.executable, str(program)],
    )
    statuses = run.statuses()
    assert run.code == 0, run.out + run.err
    assert "failed" not in statuses.values()
    assert list(statuses.values()).count("passed") > 50
    assert set(statuses.values()) <= {"passed", "not_exercised"}


def test_the_minimal_evaluator_fails_what_it_lacks(certify, tmp_path: Path) -> None:
    """Not vacuous: it does not check binding roles, and the runner says so."""
    program = tmp_path / "minimal.py"
    program.write_text(example(), encoding="utf-8")
    run = certify(
        "-k", "binding-roles", "--vectors", str(vectors_root()), corpus=None,
        command=[sys.executable, str(program)],
    )
    assert run.code == 1 and "failed" in run.statuses().values()


def test_the_minimal_evaluator_is_certified_under_its_own_edition_only(
    certify, tmp_path: Path
) -> None:
    """It declares the full name of the seed's edition: a run without --edition takes that
    edition (above); one under the amended edition stops, exit 2, as PROTOCOL.md says of an
    edition the candidate does not declare."""
    program = tmp_path / "minimal.py"
    program.write_text(example(), encoding="utf-8")
    assert '"profiles": ["0.3.0-rc1+first-published"]' in example()
    run = certify(
        "-k", "seed-examples", "--edition", "0.3.0-rc1+2026-08-22", "--vectors",
        str(vectors_root()), corpus=None, command=[sys.executable, str(program)],
    )
    assert run.code == 2 and "0.3.0-rc1+first-published" in run.err, run.err
