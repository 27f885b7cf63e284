"""Numbers beyond a double or Python's digits in members no outcome compares (PROTOCOL.md,
Numbers): the answer is read, never refused as not_json, and every document the kit writes of
it (the runner's --report, fuzz-summary.json, fuzz-campaign.json) is JSON every reader
accepts, with the non-finite numbers as strings and a line saying so."""

import json
import shlex
import sys
from pathlib import Path
from typing import Any

from runner_helpers import zoo

from oasis_si_conformance.fuzz.cli import main as fuzz_main

INFINITY_NOTE = "number(s) of the candidate's answers are not finite (such as 1e999"


def _strict(path: Path) -> Any:
    """The document as a strict reader reads it: Infinity and NaN refused."""

    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} written in {path.name}")

    return json.loads(path.read_text(encoding="ascii"), parse_constant=refuse)


def test_the_runner_reads_huge_numbers_and_writes_them_as_json(certify) -> None:
    run = certify(command=zoo("huge_numbers"))
    assert run.code == 0, run.out + run.err  # nothing compared differs: every vector passes
    assert run.report is not None
    statuses = [v["status"] for v in run.report["vectors"]]
    assert "failed" not in statuses and statuses.count("passed") >= 10, statuses


def test_a_report_of_huge_numbers_is_strict_json_with_a_warning(certify, tmp_path) -> None:
    run = certify("--report", str(tmp_path / "r.json"), command=zoo("huge_numbers", "wrong"))
    assert run.code == 1
    document = _strict(tmp_path / "r.json")
    kept = [v["actual"] for v in document["vectors"] if v.get("actual") and "far" in v["actual"]]
    assert kept, "the failed vectors keep their answers"
    assert {(a["far"], a["near"], a["long"]) for a in kept} == {
        ("Infinity", "-Infinity", "Infinity")
    }
    assert {a["wide"] for a in kept} == {18446744073709551617}  # beyond 2^64, exact
    assert any(INFINITY_NOTE in warning for warning in document["run"]["warnings"])


def _fuzz_argv(out: Path) -> list[str]:
    return ["--seed", "1", "--max-examples", "30", "--shrink-budget", "1", "--quiet"] + [
        "--ops", "identifier_match", "--out", str(out),
    ]


def test_a_fuzz_summary_of_huge_numbers_is_strict_json_with_a_note(tmp_path, capsys) -> None:
    assert fuzz_main([*_fuzz_argv(tmp_path), "--", *zoo("huge_numbers", "wrong")]) == 1
    capsys.readouterr()
    document = _strict(tmp_path / "fuzz-summary.json")
    assert document["classes"], "the defect is classed"
    assert "Infinity" in json.dumps(document["classes"])
    assert any(INFINITY_NOTE in note for note in document["notes"])


def test_a_campaign_file_of_huge_numbers_is_strict_json_with_a_note(tmp_path, capsys) -> None:
    reference = f"{shlex.quote(sys.executable)} -m oasis_si_reference.server"
    argv = [*_fuzz_argv(tmp_path), "--candidate", reference]
    argv += ["--candidate", shlex.join(zoo("huge_numbers", "wrong"))]
    assert fuzz_main(argv) == 1
    capsys.readouterr()
    document = _strict(tmp_path / "fuzz-campaign.json")
    assert document["candidates"][1]["normative_classes"] >= 1
    notes = document["candidates"][0]["summary"]["notes"]
    assert any(INFINITY_NOTE in note for note in notes)
