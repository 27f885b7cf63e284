"""`oasis-si-vectors diff-editions A --proposed FILE --reports R.json`: a stored conformance
report re-judged under a proposed decision, from the answers the report holds.

The candidate is the bundled reference, certified on the SENT-WS probes (which follows the
register's reference reading, unicode). The proposal decides SENT-WS as ascii. The expected
re-judgement is read from the vector files themselves: a probe is newly failed exactly when its
`readings` give ascii an outcome other than unicode's, except where the probe's character is a
line break under some SENT-NEWLINE reading (U+0085, U+2028, U+2029): deciding SENT-WS leaves
those open under SENT-NEWLINE, whose readings still include the answer the report holds.
"""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from corpus_helpers import VECTORS

AMENDED = "0.3.0-rc1+2026-08-22"
PROBES = VECTORS / "3.2-sentence-splitting" / "sent-ws-probes.yaml"
LINE_BREAKS = ("U+0085", "U+2028", "U+2029")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], capture_output=True, text=True, check=False, timeout=600
    )


def _told_apart() -> tuple[list[str], dict[str, Any]]:
    """The probes whose ascii reading's outcome differs from unicode's (read from the file):
    those on other characters, and those on a line break."""
    document: dict[str, Any] = yaml.safe_load(PROBES.read_text(encoding="utf-8"))
    differing = [
        vector
        for vector in document["vectors"]
        if vector.get("ambiguity") == "SENT-WS"
        and vector["readings"]["ascii"] != vector["readings"]["unicode"]
    ]
    breaks = {v["id"]: v["readings"]["unicode"] for v in differing if v["probe"] in LINE_BREAKS}
    return sorted(v["id"] for v in differing if v["probe"] not in LINE_BREAKS), breaks


@pytest.mark.slow
def test_a_stored_report_is_rejudged_under_a_proposed_decision(tmp_path: Path) -> None:
    report = tmp_path / "reference.json"
    run = _run(
        "oasis_si_conformance", "--edition", AMENDED, "-k", "sent-ws-probe-*",
        "--repetitions", "1", "--report", str(report),
    )
    assert run.returncode == 0, run.stdout + run.stderr
    proposed = tmp_path / "proposed.yaml"
    proposed.write_text(
        f"name: ws-ascii\nbase: {AMENDED}\ndecides: {{SENT-WS: ascii}}\n", encoding="ascii"
    )
    diff = _run(
        "oasis_si_conformance.editor", "--root", str(VECTORS), "diff-editions", AMENDED,
        "--proposed", str(proposed), "--reports", str(report), "--json",
    )
    assert diff.returncode == 0, diff.stderr
    document = json.loads(diff.stdout)
    [judged] = document["reports"]
    expected, masked = _told_apart()
    assert len(expected) > 10 and len(masked) == 6
    assert judged["verdict_before"] == "conformant"
    assert judged["verdict_after"] == "not_conformant"
    assert sorted(judged["newly_failed"]) == expected
    assert judged["newly_passed"] == []
    # each flip shows the answer the report holds beside the expectation before and after
    assert [flip["id"] for flip in judged["flips"]] == judged["newly_failed"]
    for flip in judged["flips"]:
        assert flip["now"] == "failed" and flip["after"]["expected"] != flip["answer"]
        assert flip["answer"] in flip["before"]["readings"].values()
    assert judged["failed_after"] == judged["failed_before"] + len(expected)
    changes = {change["id"]: change for change in document["changes"]}
    for vid, held in masked.items():  # still open, under the other entry; the held answer
        after = changes[vid]["to"]  # (the reference's: unicode) is one of its readings
        assert after["ambiguity"] == "SENT-NEWLINE", vid
        assert held in after["readings"].values(), vid
    # changed vectors outside the run's selection hold no answer: listed, not judged
    assert judged["unjudged"] and not any(
        vid.startswith("sent-ws-probe-") for vid in judged["unjudged"]
    )

    text = _run(
        "oasis_si_conformance.editor", "--root", str(VECTORS), "diff-editions", AMENDED,
        "--proposed", str(proposed), "--reports", str(report), "--summary",
    )
    assert text.returncode == 0, text.stderr
    assert f"Report {report} (" in text.stdout
    assert "conformant -> not_conformant" in text.stdout
    assert f"would fail: {len(expected)}" in text.stdout

    table = _run(
        "oasis_si_conformance.editor", "--root", str(VECTORS), "diff-editions", AMENDED,
        "--proposed", str(proposed), "--reports", str(report), "--markdown",
    )
    assert table.returncode == 0, table.stderr
    rows = [line for line in table.stdout.splitlines() if line.startswith("| `sent-ws-probe-")]
    assert sorted(row.split("`")[1] for row in rows) == expected
    assert all("| failed |" in row for row in rows)
    assert f"{len(expected)} newly fail" in table.stdout


FIRST = "0.3.0-rc1"
#: An evaluator that reads the seed's window whatever edition a request names.
FIXED_RADIUS_ZERO = (
    sys.executable, "-m", "oasis_si_conformance.independent", "--hook", "window-same-sentence"
)


@pytest.mark.slow
def test_diff_editions_between_two_editions_rejudges_the_reports_it_is_given(
    tmp_path: Path,
) -> None:
    """`diff-editions A B --reports R.json`: the report's answers (certified under A) are
    re-judged on the vectors B decides otherwise: exactly those whose outcome B changes from
    one normative outcome to another fail anew; a report path that cannot be read is an error
    (exit 2), never an option passed over. B amends A's window radius, so the candidate is
    one that reads a fixed radius (the independent evaluator with the seed's window), whose
    answers under B are those it gave under A (the bundled reference reads each request's
    edition: its report is asked again, tests/corpus/test_whatif_answers.py)."""
    diff = _run(
        "oasis_si_conformance.editor", "--root", str(VECTORS), "diff-editions", FIRST, AMENDED,
        "--json",
    )
    assert diff.returncode == 0, diff.stderr
    changed = [
        change["id"]
        for change in json.loads(diff.stdout)["changes"]
        if "expected" in change["from"] and "expected" in change["to"]
    ]
    assert len(changed) > 4
    report = tmp_path / "reference.json"
    run = _run(
        "oasis_si_conformance", "--edition", FIRST, "-k", ",".join(changed[:4]),
        "--repetitions", "1", "--report", str(report), "--", *FIXED_RADIUS_ZERO,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    exercised = {
        item["id"]
        for item in json.loads(report.read_text(encoding="utf-8"))["vectors"]
        if item["status"] != "not_exercised"
    }
    rejudged = _run(
        "oasis_si_conformance.editor", "--root", str(VECTORS), "diff-editions", FIRST, AMENDED,
        "--reports", str(report), "--json",
    )
    assert rejudged.returncode == 0, rejudged.stderr
    [judged] = json.loads(rejudged.stdout)["reports"]
    assert judged["answers"] == "stored"
    assert (judged["verdict_before"], judged["verdict_after"]) == ("conformant", "not_conformant")
    assert sorted(judged["newly_failed"]) == sorted(exercised & set(changed))
    assert set(changed[:4]) <= set(judged["newly_failed"])
    assert judged["failed_after"] == judged["failed_before"] + len(judged["newly_failed"])

    missing = _run(
        "oasis_si_conformance.editor", "--root", str(VECTORS), "diff-editions", FIRST, AMENDED,
        "--reports", str(tmp_path / "no-such-report.json"),
    )
    assert missing.returncode == 2
    assert "no-such-report.json" in missing.stderr
