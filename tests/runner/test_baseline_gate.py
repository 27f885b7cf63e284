"""The baseline gate (`--baseline` with `--fail-on`) and the certificate record (`--record`):
coverage lost and changed readings fail the run, every change is listed in every format, and
a record or a gzip-compressed report serves as the baseline."""

import gzip
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest
from runner_helpers import zoo

from oasis_si_conformance.reporting import baseline, htmlreport, record, render
from oasis_si_conformance.reporting.report import check


@pytest.fixture
def reference_run(certify, tmp_path: Path):
    """The reference's certificate on the fixture corpus: its report and its record."""
    path, kept = tmp_path / "reference.json", tmp_path / "reference.record"
    run = certify("--record", str(kept))
    assert run.code == 0, run.out
    path.write_text(json.dumps(run.report), encoding="utf-8")
    return run, path, kept


def test_the_record_is_sorted_and_holds_every_vector_and_reading(reference_run) -> None:
    run, _path, kept = reference_run
    text = kept.read_text(encoding="ascii")
    lines = text.splitlines()
    assert lines[0] == "oasis-si-certificate-record 1"
    vectors = [line.split("\t") for line in lines if line.startswith("vector\t")]
    assert [fields[1] for fields in vectors] == sorted(v["id"] for v in run.report["vectors"])
    assert {fields[1]: fields[2] for fields in vectors} == run.statuses()
    readings = {
        fields[1]: fields[2]
        for fields in (line.split("\t") for line in lines if line.startswith("reading\t"))
    }
    assert readings and readings == {
        entry["entry"]: ",".join(entry["followed"]) for entry in run.report["interpretation"]
    }
    assert f"corpus\t{run.report['corpus']['digest']}" in lines
    assert f"edition\t{run.report['edition']['name']}" in lines
    parsed = record.parse(text, kept)
    assert parsed == record.Record.from_report(run.report)


@pytest.mark.parametrize("form", ["record", "report", "gzip"])
def test_coverage_lost_trips_the_default_gate(
    reference_run, certify, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str
) -> None:
    """A candidate that declares only score_scenario and C-DA-001, against the reference's
    certificate: exit 1, every vector it stopped exercising named."""
    run, path, kept = reference_run
    if form == "gzip":
        zipped = tmp_path / "reference.json.gz"
        zipped.write_bytes(gzip.compress(path.read_bytes()))
        path = zipped
    elif form == "record":
        path = kept
    monkeypatch.setenv("ZOO_TEMPLATES", "C-DA-001")
    junit, markdown, page = tmp_path / "j.xml", tmp_path / "c.md", tmp_path / "p.html"
    narrowed = certify(
        "--baseline", str(path), "--junit", str(junit), "--markdown", str(markdown),
        "--html", str(page), command=zoo("only_score"),
    )
    assert narrowed.report["verdict"] == "conformant"  # what it still declares passes
    assert narrowed.code == 1, narrowed.out
    check(narrowed.report)
    section = narrowed.report["baseline"]
    lost = {change["id"] for change in section["coverage_lost"]}
    expected = {
        v["id"] for v in narrowed.report["vectors"] if v["status"] == "not_exercised"
    }
    assert lost == expected and len(lost) > 5
    assert section["gate"] == {
        "fail_on": ["regression", "coverage"],
        "changes": {"regression": 0, "coverage": len(lost), "reading": 0, "convention": 0},
        "tripped": ["coverage"],
    }
    assert "operation identifier_match not declared" in narrowed.out
    assert f"{len(lost)} vector(s) no longer exercised" in narrowed.out
    assert "TRIPPED" in narrowed.report["headline"]
    cases = {c.get("name"): c for c in ET.parse(junit).getroot().iter("testcase")}
    failure = cases["coverage"].find("failure")
    assert failure is not None and all(vid in failure.text for vid in lost)
    text = markdown.read_text(encoding="utf-8")
    assert "## Baseline" in text and all(vid in text for vid in lost)
    assert "TRIPPED" in page.read_text(encoding="utf-8")


def test_no_gate_and_a_gate_that_excludes_coverage_pass(
    reference_run, certify, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run, path, _kept = reference_run
    monkeypatch.setenv("ZOO_TEMPLATES", "C-DA-001")
    for gate in ("none", "regression,reading"):
        narrowed = certify("--baseline", str(path), "--fail-on", gate, command=zoo("only_score"))
        assert narrowed.code == 0, narrowed.out
        assert narrowed.report["baseline"]["coverage_lost"]
        assert narrowed.report["baseline"]["gate"]["tripped"] == []


def test_a_changed_reading_fails_only_with_fail_on_reading(
    reference_run, certify, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A candidate whose reading of SYN-BOUNDARY differs from its baseline's."""
    run, _path, kept = reference_run
    monkeypatch.setenv("ZOO_MISREAD", "delimited")
    reference = {e["entry"]: e["followed"] for e in run.report["interpretation"]}
    plain = certify("--baseline", str(kept), command=zoo("misreader"))
    assert plain.code == 0, plain.out
    changes = plain.report["baseline"]["interpretation_changes"]
    assert [c["entry"] for c in changes] == ["SYN-BOUNDARY"]
    assert changes[0]["before"] == reference["SYN-BOUNDARY"] and changes[0]["after"] == [
        "delimited"
    ]
    gated = certify(
        "--baseline", str(kept), "--fail-on", "regression,coverage,reading",
        command=zoo("misreader"),
    )
    assert gated.code == 1 and gated.report["baseline"]["gate"]["tripped"] == ["reading"]
    assert "reading change: SYN-BOUNDARY" in gated.out
    page = htmlreport.render(gated.report)
    before = " / ".join(reference["SYN-BOUNDARY"])
    assert f"<td>SYN-BOUNDARY</td><td>{before} &rarr; delimited</td>" in page


def test_fail_on_refuses_an_unknown_kind(certify) -> None:
    run = certify("--fail-on", "regression,typo")
    assert run.code == 2 and "unknown kind(s) typo" in run.err


def test_a_broken_record_or_gzip_is_refused_with_its_place(certify, tmp_path: Path) -> None:
    path = tmp_path / "broken.record"
    path.write_text("oasis-si-certificate-record 1\nkit\tx\nvector\ta\tweird\n")
    run = certify("--baseline", str(path))
    assert run.code == 2 and f"{path}:3: unknown status" in run.err
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")
    run = certify("--baseline", str(path))
    assert run.code == 2 and "gzip" in run.err


def _section(changes: int) -> dict:
    ids = [f"v-{index:04}" for index in range(changes)]
    lost = [
        {"id": vid, "clause": "3.1", "before": "passed", "after": "not_exercised",
         "kind": None, "reason": "operation identifier_match not declared by the candidate"}
        for vid in ids
    ]
    regressions = [
        {"id": vid, "clause": "3.1", "before": "passed", "after": "failed", "kind": "mismatch"}
        for vid in ids
    ]
    section = {
        "path": "base.record", "candidate": {"name": "x", "version": "1", "command": ["x"]},
        "started_at": "then", "compared": changes, "regressions": regressions, "fixes": [],
        "coverage_lost": lost, "exercise_changes": [], "convention_changes": [],
        "interpretation_changes": [],
    }
    section["gate"] = baseline.gate(section, baseline.DEFAULT_GATE)
    return section


def test_the_terminal_never_cuts_a_list_without_saying_how_many_more() -> None:
    lines = render.baseline_lines(_section(100), shown=30)
    regressions = [line for line in lines if line.startswith("  regression: ")]
    assert len(regressions) == 30
    assert any("and 70 more regression(s)" in line for line in lines)
    coverage = [line for line in lines if "not declared" in line]
    assert len(coverage) == 1 and coverage[0].endswith("and 90 more")
    assert "100 vector(s) no longer exercised" in "\n".join(lines)
    assert baseline.parse_gate("coverage,regression") == ("regression", "coverage")
    assert baseline.parse_gate("none") == ()


@pytest.mark.slow  # the bundled corpus, twice (the reference, then the narrowed wrapper)
def test_the_bundled_reference_narrowed_to_score_scenario_loses_coverage(
    certify, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reference's record of the whole corpus as the baseline of a wrapper around it that
    declares only score_scenario and C-DA-001: exit 1, every vector it no longer exercises
    counted and named by why."""
    kept = tmp_path / "reference.record"
    edition = ("--edition", "0.3.0-rc1+first-published", "--repetitions", "1")
    reference = certify(*edition, "--record", str(kept), "-q", corpus=None)
    assert reference.code == 0, reference.out
    monkeypatch.setenv("ZOO_TEMPLATES", "C-DA-001")
    narrowed = certify(
        *edition, "--baseline", str(kept), "-q", command=zoo("only_score"), corpus=None
    )
    assert narrowed.code == 1, narrowed.out
    lost = narrowed.report["baseline"]["coverage_lost"]
    skipped = [v["id"] for v in narrowed.report["vectors"] if v["status"] == "not_exercised"]
    assert sorted(c["id"] for c in lost) == sorted(skipped) and len(lost) > 1000
    assert f"{len(lost)} vector(s) no longer exercised" in narrowed.out
    assert "operation identifier_match not declared by the candidate" in narrowed.out


def test_an_entry_the_baseline_does_not_know_is_no_reading_change(reference_run) -> None:
    """A register entry added since the baseline (its record holds no readings of it) changes
    no reading: only the entries both hold are compared."""
    run, _path, kept = reference_run
    earlier = baseline.load(kept)
    entry = run.report["interpretation"][0]["entry"]
    unknown = attrs.evolve(
        earlier, readings={k: v for k, v in earlier.readings.items() if k != entry}
    )
    section = baseline.compare(unknown, run.report, kept)
    assert section["interpretation_changes"] == []
    moved = attrs.evolve(earlier, readings={**earlier.readings, entry: ("elsewhere",)})
    [change] = baseline.compare(moved, run.report, kept)["interpretation_changes"]
    assert change["entry"] == entry and change["before"] == ["elsewhere"]



def test_a_line_of_no_kind_a_record_knows_is_refused_at_its_place() -> None:
    path = Path("base.record")
    head = f"{record.MAGIC} {record.FORMAT}\n"
    with pytest.raises(record.RecordError, match="base.record:2: not a line of a record"):
        record.parse(head + "verdict-of-sorts\ta\tpassed\n", path)
    with pytest.raises(record.RecordError, match="base.record:3: not a line of a record"):
        record.parse(head + "vector\ta\tpassed\nvector\ta\tfailed\n", path)


def test_the_readings_followed_are_the_dominant_one_for_an_inconsistent_entry() -> None:
    assert record.followed({"followed": ["a", "b"], "dominant": "a"}) == ("a", "b")
    assert record.followed({"followed": [], "dominant": "b"}) == ("b",)
    assert record.followed({"followed": [], "dominant": None}) == ()


def test_a_record_read_back_holds_each_vector_s_status_and_failure_kind() -> None:
    head = [
        f"{record.MAGIC} {record.FORMAT}",
        "kit\t0.1.0", "edition\t0.3.0-rc1", "corpus\tsha256:ab", 'candidate\t{"name": "c"}',
        "started_at\t2026-12-06T00:00:00Z", "verdict\tNONCONFORMANT",
    ]
    body = ["vector\tv1\tpassed", "vector\tv2\tfailed\tmismatch", "reading\tSENT-WS\tascii,java"]
    parsed = record.parse("\n".join(head + body) + "\n", Path("base.record"))
    assert parsed.statuses == {"v1": "passed", "v2": "failed"}
    assert parsed.kinds == {"v2": "mismatch"}
    assert parsed.readings == {"SENT-WS": ("ascii", "java")}
    assert (parsed.edition, parsed.verdict, parsed.candidate) == (
        "0.3.0-rc1", "NONCONFORMANT", {"name": "c"}
    )
