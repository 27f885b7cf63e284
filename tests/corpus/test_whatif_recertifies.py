"""`diff-editions A --proposed FILE --reports R.json` counts what re-certifying under the
proposal gives: for the bundled reference and for an evaluator of another reading (the
independent evaluator as a catalog mutant), the vectors the what-if says would newly fail and
newly pass are exactly those a run under the ratified edition fails and no longer fails, the
edition fit and the interpretation profile included.

The kit reads its editions from the installed packages, so the decision is ratified in a copy
of the checkout whose package folders are imported under their installed names
(tests/conftest.py's `installed_copy`),
where both runs are made.
"""

import json
import sys
from pathlib import Path
from typing import Any

import pytest

#: The slow tier (nox -s tests_slow): four certification runs and a ratification.
pytestmark = pytest.mark.slow

BASE = "0.3.0-rc1+2026-08-22"
#: The vectors of the echo clause and the window (their profiles read each other's entries).
SELECTION = ("-k", "2.1", "-k", "2.2")
INDEPENDENT = ("--", sys.executable, "-m", "oasis_si_conformance.independent")
CANDIDATES = {
    "reference": (),
    "trimmed-line-equal": (*INDEPENDENT, "--mutant", "reading-echo-line-trimmed-line-equal"),
}


def _failed(report: Path) -> set[str]:
    document: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return {item["id"] for item in document["vectors"] if item["status"] == "failed"}


def _certify(copy: Any, edition: str, report: Path, candidate: tuple[str, ...]) -> None:
    copy.run(
        "-m", "oasis_si_conformance", "--edition", edition, "--repetitions", "1",
        *SELECTION, "--report", str(report), *candidate, ok=(0, 1),
    )


def test_the_what_if_counts_are_those_recertifying_gives(
    tmp_path: Path, installed_copy: Any
) -> None:
    copy = installed_copy
    proposal = tmp_path / "decision.yaml"
    proposal.write_text(
        f"name: draft\nbase: {BASE}\ndecides: {{ECHO-LINE: exact-substring}}\n",
        encoding="ascii",
    )
    before = {name: tmp_path / f"{name}-before.json" for name in CANDIDATES}
    for name, candidate in CANDIDATES.items():
        _certify(copy, BASE, before[name], candidate)
    weighed = json.loads(
        copy.run(
            "-m", "oasis_si_conformance.editor", "diff-editions", BASE,
            "--proposed", str(proposal), "--reports", *map(str, before.values()), "--json",
        ).stdout
    )
    copy.run(
        "-m", "oasis_si_conformance.editor", "ratify", "ECHO-LINE", "exact-substring",
        "--edition", "draft", "--base", BASE, "--date", "2026-12-01", "--no-derived",
        "--summary",
    )
    flipped = 0
    for (name, candidate), judged in zip(CANDIDATES.items(), weighed["reports"], strict=True):
        after = tmp_path / f"{name}-after.json"
        _certify(copy, "draft", after, candidate)
        was, now = _failed(before[name]), _failed(after)
        assert sorted(judged["newly_failed"]) == sorted(now - was), name
        assert sorted(judged["newly_passed"]) == sorted(was - now), name
        assert (judged["failed_before"], judged["failed_after"]) == (len(was), len(now)), name
        flipped += len(now ^ was)
    assert flipped  # the decision fails the evaluator of another reading somewhere
