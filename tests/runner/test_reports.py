"""The reports people read, from real runs on the fixture corpus: the Markdown certificate
lists the failed vectors and the vectors behind an inconsistent reading, the HTML report is
one self-contained page that escapes whatever the candidate says, the candidate's runtime is
recorded and shown, and `compare` puts several reports side by side."""

import json
import platform
import re
import subprocess
import sys
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import pytest
from runner_helpers import TRIGGER, zoo

from oasis_si_conformance import cli
from oasis_si_conformance.reporting import htmlreport, render, reportview
from oasis_si_conformance.reporting.report import check
from oasis_si_schemas import first_error_message, validator


def _failed(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [v for v in report["vectors"] if v["status"] == "failed"]


@attrs.define
class _Element:
    """An element of a parsed page: tag, attributes, children (elements or text)."""

    tag: str
    attrs: dict[str, str]
    children: list["_Element | str"] = attrs.field(factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self, tag: str | None = None) -> Iterator["_Element"]:
        if tag is None or self.tag == tag:
            yield self
        for child in self.children:
            if isinstance(child, _Element):
                yield from child.iter(tag)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())


class _Tree(HTMLParser):
    """An HTML page as a tree of _Element (the standard library's parser; entities decoded)."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input", "col", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Element("#document", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        element = _Element(tag, {k: v or "" for k, v in attributes})
        self.open[-1].children.append(element)
        if tag not in self.VOID:
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        while len(self.open) > 1:
            if self.open.pop().tag == tag:
                break

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def _section(page: _Element, heading_id: str) -> list[_Element | str]:
    """The heading with that id and what follows it up to the next heading of its level."""
    for parent in page.iter():
        for index, child in enumerate(parent.children):
            if isinstance(child, _Element) and child.attrs.get("id") == heading_id:
                rest = parent.children[index + 1:]
                ends = [
                    i for i, c in enumerate(rest) if isinstance(c, _Element) and c.tag == child.tag
                ]
                return [child, *rest[: ends[0] if ends else None]]
    raise AssertionError(f"no element with id {heading_id}")


def _parse_html(page: str) -> _Element:
    tree = _Tree()
    tree.feed(page)
    tree.close()
    assert [e.tag for e in tree.open] == ["#document"], "an element is never closed"
    return tree.root


@pytest.fixture
def misread(certify, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The misreader with a normative misreading of 3.1 and an inconsistent reading of
    SYN-BOUNDARY, with every report written."""
    monkeypatch.setenv("ZOO_MISREAD", "nonascii,inconsistent")
    paths = {name: tmp_path / f"misread.{name}" for name in ("md", "html", "xml")}
    run = certify(
        "--markdown",
        str(paths["md"]),
        "--html",
        str(paths["html"]),
        "--junit",
        str(paths["xml"]),
        command=zoo("misreader"),
    )
    assert run.code == 1 and run.report is not None
    return run, {name: path.read_text(encoding="utf-8") for name, path in paths.items()}


def _markdown_table(markdown: str, heading: str) -> list[dict[str, str]]:
    """The first table under `heading`, parsed as GFM: cells split at unescaped pipes, code
    spans unwrapped (their `\\|` read as `|`), one dict per row keyed by the header."""
    lines = markdown.split(heading, 1)[1].splitlines()
    rows = [line for line in lines if line.startswith("|")]
    start = lines.index(rows[0])
    rows = [line for line in lines[start:start + len(rows)] if line.startswith("|")]

    def cells(line: str) -> list[str]:
        parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
        out = []
        for part in (p.strip() for p in parts):
            code = re.fullmatch(r"(`+) ?(.*?) ?\1", part)
            out.append(code.group(2).replace("\\|", "|") if code else part)
        return out

    header = cells(rows[0])
    assert set(rows[1]) <= set("|-: "), rows[1]
    return [dict(zip(header, cells(row), strict=True)) for row in rows[2:]]


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_markdown_lists_each_failed_vector_with_expected_and_actual(misread) -> None:
    """Each failed vector has its row, written here from the JSON report: expected is the
    vector's expected outcome (an inconsistent reading: the dominant reading's outcome),
    actual the candidate's compared keys (with the readings they match)."""
    run, text = misread
    failed = _failed(run.report)
    assert {v["failure"]["kind"] for v in failed} == {"mismatch", "inconsistent_reading"}
    markdown = text["md"]
    rows = {row["Vector"]: row for row in _markdown_table(markdown, "## Failed vectors")}
    assert sorted(rows) == sorted(v["id"] for v in failed)
    dominant = {e["entry"]: e["dominant"] for e in run.report["interpretation"]}
    for vector in failed:
        row = rows[vector["id"]]
        assert (row["Clause"], row["Kind"]) == (vector["clause"], vector["failure"]["kind"])
        if vector["failure"]["kind"] == "mismatch":
            outcome = vector["expected"]
            assert row["Expected"] == _compact(outcome)
            assert row["Actual"] == _compact({key: vector["actual"][key] for key in outcome})
        else:
            reading = dominant[vector["ambiguity"]]
            outcome = vector["readings"][reading]
            assert row["Expected"] == (
                f"{reading} (the reading followed elsewhere): {_compact(outcome)}"
            )
            matched = " / ".join(vector["matched_readings"]) or "no reading"
            actual = {key: vector["actual"][key] for key in outcome}
            assert row["Actual"] == f"{_compact(actual)} ({matched})"
    mismatch = next(v for v in failed if v["failure"]["kind"] == "mismatch")
    assert f"`{json.dumps(mismatch['expected'])}`" in markdown  # e.g. {"match": true}
    # the unexplained failures of the diagnosis are named, not only counted
    for clause, ids in run.report["diagnosis"]["unexplained"].items():
        assert f"- clause {clause}: {len(ids)} failure(s)" in markdown
        assert all(f"`{vid}`" in markdown for vid in ids)


def test_markdown_caps_the_lists_with_a_count(misread) -> None:
    run, _ = misread
    failed = _failed(run.report)
    capped = render.markdown(run.report, listed=1)
    rows = [line for line in capped.splitlines() if line.startswith("| `")]
    assert len([r for r in rows if any(f"`{v['id']}`" in r for v in failed)]) == 1
    assert f"| ... | | | | {len(failed) - 1} more in the JSON report |" in capped


def test_inconsistent_reading_names_the_vectors_that_contradict_it(misread) -> None:
    run, text = misread
    entry = next(e for e in run.report["interpretation"] if e["entry"] == "SYN-BOUNDARY")
    assert not entry["consistent"] and entry["deviating"]
    groups = reportview.ballot_groups(entry)
    grouped = [vid for group in groups for vid in group.vectors]
    assert sorted(grouped) == sorted(entry["ballots"])  # a partition of the votes
    against = [vid for group in groups if not group.dominant for vid in group.vectors]
    assert sorted(against) == sorted(entry["deviating"])
    dominant = entry["dominant"]
    markdown = text["md"]
    assert "### SYN-BOUNDARY (3.3): inconsistent" in markdown
    lines = [line for line in markdown.splitlines() if f"(contradict `{dominant}`)" in line]
    assert lines and all(any(f"`{vid}`" in line for line in lines) for vid in against)
    assert f"not {dominant}: " in run.out and all(vid in run.out for vid in against)
    section = _Element("section", {}, _section(_parse_html(text["html"]), "e-SYN-BOUNDARY"))
    assert f"contradicts {dominant}" in section.text()
    assert set(against) <= {code.text() for code in section.iter("code")}


def test_reference_declares_its_runtime_and_every_format_shows_it(certify, tmp_path: Path) -> None:
    markdown, junit = tmp_path / "cert.md", tmp_path / "junit.xml"
    run = certify("--markdown", str(markdown), "--junit", str(junit))
    assert run.code == 0
    check(run.report)  # the runtime fits report.schema.json
    runtime = run.report["candidate"]["runtime"]
    assert runtime == {
        "name": platform.python_implementation(),
        "version": platform.python_version(),
        "unicode": unicodedata.unidata_version,
    }
    words = f"{runtime['name']} {runtime['version']}, Unicode {runtime['unicode']}"
    assert f"  runtime: {words}" in run.out
    assert f"| Runtime | {words} |" in markdown.read_text(encoding="utf-8")
    properties = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
    assert properties["candidate.runtime"] == words
    assert properties["headline"] == run.report["headline"]


def test_a_candidate_that_does_not_say_is_recorded_as_not_declared(certify, tmp_path) -> None:
    markdown = tmp_path / "cert.md"
    run = certify("--markdown", str(markdown), command=zoo("only_score"))
    check(run.report)
    assert run.report["candidate"]["runtime"] is None
    assert "| Runtime | not declared |" in markdown.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("runtime", "valid"),
    [
        ({"name": "OpenJDK", "version": "21.0.2", "unicode": "15.0", "icu": "74.1"}, True),
        ({}, True),
        ({"unicode": 15}, False),
        ("CPython 3.11", False),
    ],
)
def test_the_handshake_runtime_is_an_object_of_strings(runtime: Any, valid: bool) -> None:
    hello = {
        "protocol": 1,
        "name": "x",
        "version": "1",
        "operations": ["score_scenario"],
        "templates": [],
        "profiles": ["0.3.0-rc1"],
        "runtime": runtime,
    }
    assert (first_error_message(validator("protocol/hello"), hello) is None) == valid


def test_hostile_candidate_text_is_shown_as_text_in_every_format(certify, tmp_path: Path) -> None:
    paths = {name: tmp_path / f"hostile.{name}" for name in ("md", "html", "xml")}
    run = certify(
        "--markdown",
        str(paths["md"]),
        "--html",
        str(paths["html"]),
        "--junit",
        str(paths["xml"]),
        command=zoo("hostile"),
    )
    assert run.code == 1 and run.vector(TRIGGER)["failure"]["kind"] == "not_json"
    assert run.report["run"]["stderr"]["bytes"] > 0
    page = _parse_html(paths["html"].read_text(encoding="utf-8"))
    tags = {element.tag for element in page.iter()}
    assert not {"script", "img", "iframe", "object"} & tags  # the candidate's markup never live
    assert not any(k.startswith("on") for element in page.iter() for k in element.attrs)
    text = page.text()
    assert "<script>alert('output')</script>" in text  # the output, as text
    assert "<img src=x onerror=alert('stderr')>" in text  # the stderr
    assert "<b>hostile</b>" in text  # the name
    escapes = [e.text() for e in page.iter("span") if "esc" in e.classes()]
    assert "\\x07" in escapes and "\\ud800" in text and "\x07" not in text
    markdown = paths["md"].read_text(encoding="utf-8")
    # the name: a code span (literal in GFM), its pipe escaped for the table, never a heading
    assert "| Candidate | ``<b>hostile</b> \\| `tick` *star* " in markdown
    assert markdown.startswith("# NOT CONFORMANT: Conformance report\n")
    assert "\\<script\\>alert('runtime')\\</script\\> 1\\|2\\\\x07" in markdown
    ET.parse(paths["xml"])  # still well-formed XML
    assert "\x07" not in run.out and "\\x07" in run.out  # no control character on the terminal


def test_html_report_is_one_self_contained_page(misread) -> None:
    run, text = misread
    source = text["html"]
    assert source.startswith("<!DOCTYPE html>") and source.rstrip().endswith("</html>")
    page = _parse_html(source)
    assert not {"script", "link", "img", "iframe", "object", "embed"} & {
        element.tag for element in page.iter()
    }
    for element in page.iter():
        for name, value in element.attrs.items():
            assert "http:" not in value and "https:" not in value, (element.tag, name, value)
    for style in page.iter("style"):
        assert "@import" not in style.text() and "url(" not in style.text()
    summary = run.report["summary"]
    tiles = {
        css: [e.text() for e in tile.iter("div") if "n" in e.classes()]
        for tile in page.iter("div")
        for css in ("pass", "fail", "conv")
        if {"tile", f"t-{css}"} <= tile.classes()
    }
    assert tiles == {
        "pass": [str(summary["passed"])],
        "fail": [str(summary["failed"])],
        "conv": [str(summary["convention"])],
    }
    assert run.report["headline"] in " ".join(page.text().split())
    bold_cells = {
        cell.text() for cell in page.iter("td") for b in cell.iter("b") if b.text() == cell.text()
    }
    assert {row["clause"] for row in run.report["clauses"]} <= bold_cells
    details = {e.attrs.get("id"): e for e in page.iter("details")}
    for vector in _failed(run.report):
        assert re.fullmatch(r"[A-Za-z0-9._-]+", vector["id"])  # its anchor is v-<id>
        detail = details[f"v-{vector['id']}"]
        assert vector["source"] in [code.text() for code in detail.iter("code")]
    voted = {vid for entry in run.report["interpretation"] for vid in entry["ballots"]}
    passed = [
        v["id"] for v in run.report["vectors"] if v["status"] == "passed" and v["id"] not in voted
    ]
    assert passed and not any(vid in source for vid in passed)  # counted, never listed


# compare ----------------------------------------------------------------------------------------


@pytest.fixture
def three(certify, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Reports of the reference, a zoo candidate (it crashes on the trigger) and a misreader
    (the `delimited` reading of SYN-BOUNDARY), on the fixture corpus."""
    paths = []
    for name, command, misreading in (
        ("reference", None, ""),
        ("crasher", zoo("crash_midstream"), ""),
        ("misreader", zoo("misreader"), "delimited"),
    ):
        monkeypatch.setenv("ZOO_MISREAD", misreading)
        run = certify(command=command)
        assert run.report is not None
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(run.report), encoding="utf-8")
        paths.append(path)
    return paths


def _compare(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = cli.main(["compare", *args])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.slow
def test_compare_renders_three_reports(three, tmp_path: Path, capsys) -> None:
    markdown, page = tmp_path / "side.md", tmp_path / "side.html"
    code, out, err = _compare(
        capsys, *map(str, three), "--markdown", str(markdown), "--html", str(page)
    )
    assert code == 0, err
    reports = [json.loads(path.read_text(encoding="utf-8")) for path in three]
    # every candidate calls itself oasis-si-reference: the file names tell them apart
    for index, stem in enumerate(("reference", "crasher", "misreader"), 1):
        assert f"  [{index}] oasis-si-reference ({stem}): " in out
    entry = next(line for line in out.splitlines() if "SYN-BOUNDARY" in line)
    assert entry.split() == ["*", "SYN-BOUNDARY", "substring", "substring", "delimited"]
    rows = {
        line.split()[1]: line.split()[2:] for line in out.splitlines() if line.startswith("  * ")
    }
    clause = [
        next(
            f"{r['passed']}/{r['failed']}/{r['convention']}"
            for r in rep["clauses"]
            if r["clause"] == "3.1"
        )
        for rep in reports
    ]
    assert rows["3.1"] == clause and clause[0] != clause[1]
    trigger = next(line for line in out.splitlines() if line.startswith(f"  {TRIGGER} "))
    assert trigger.split() == [TRIGGER, "3.1", "passed", "failed:", "crash", "passed"]
    statuses = [
        {v["id"]: (v["status"], (v["failure"] or {}).get("kind")) for v in rep["vectors"]}
        for rep in reports
    ]
    differing = [vid for vid in statuses[0] if len({json.dumps(s[vid]) for s in statuses}) > 1]
    assert f"vectors whose verdicts differ: {len(differing)} of {len(statuses[0])} compared" in out
    assert all(f"  {vid} " in out for vid in differing)
    # judged alike, answered under other readings: listed apart, with every answer
    readings = [{v["id"]: v["matched_readings"] for v in rep["vectors"]} for rep in reports]
    alike = [
        vid
        for vid in statuses[0]
        if vid not in differing and len({json.dumps(r[vid]) for r in readings}) > 1
    ]
    assert alike and f"vectors judged alike but answered differently: {len(alike)}" in out
    for vid in alike:
        line = next(line for line in out.splitlines() if line.startswith(f"  {vid} "))
        assert '{"match": true} (substring' in line and '{"match": false} (delimited' in line
    text = markdown.read_text(encoding="utf-8")
    assert (
        "| **SYN-BOUNDARY** (3.3; reference: substring) | substring | substring | delimited |"
        in text
    )
    assert (
        f'| `{TRIGGER}` | 3.1 | passed<br>`{{"match": true}}` | failed: crash<br>`no answer` | '
        'passed<br>`{"match": true}` |' in text
    )
    html = page.read_text(encoding="utf-8")
    assert "<script" not in html and "http" not in html
    assert '<span class="badge b-fail">failed: crash</span>' in html and "delimited" in html


@pytest.mark.slow
def test_compare_refuses_reports_of_another_corpus_or_edition(
    three, tmp_path: Path, capsys
) -> None:
    first, second = three[0], three[2]
    other = json.loads(second.read_text(encoding="utf-8"))
    other["corpus"]["digest"] = "sha256:" + "0" * 64
    moved = tmp_path / "other-corpus.json"
    moved.write_text(json.dumps(other), encoding="utf-8")
    code, out, err = _compare(capsys, str(first), str(moved))
    assert code == 2 and "different corpora" in err and "--force" in err and out == ""
    code, out, _ = _compare(capsys, str(first), str(moved), "--force")
    assert code == 0 and "warning: compared although" in out
    other = json.loads(second.read_text(encoding="utf-8"))
    other["edition"]["name"] = "0.3.0-rc1+2026-08-22"
    moved.write_text(json.dumps(other), encoding="utf-8")
    code, _, err = _compare(capsys, str(first), str(moved))
    assert code == 2 and "edition 0.3.0-rc1+2026-08-22" in err
    code, _, err = _compare(capsys, str(first))
    assert code == 2 and "at least two reports" in err
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    code, _, err = _compare(capsys, str(first), str(tmp_path / "broken.json"))
    assert code == 2 and "not a JSON report" in err


def test_compare_is_a_subcommand_only_as_the_first_argument(capsys) -> None:
    args, command = cli.parse_args(["--seed", "3", "compare", "a.json"])
    assert args.seed == 3 and command == ["compare", "a.json"]
    assert cli.parse_args(["--", "compare", "a.json"])[1] == ["compare", "a.json"]
    with pytest.raises(SystemExit) as exit_:
        cli.main(["compare", "--help"])
    assert exit_.value.code == 0 and "side by side" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--help"])
    assert exit_.value.code == 0 and "compare REPORT.json" in capsys.readouterr().out


@pytest.mark.slow
def test_compare_as_a_user_runs_it(three) -> None:
    """`python -m oasis_si_conformance compare ...` in a process of its own."""
    command = [sys.executable, "-m", "oasis_si_conformance", "compare", *map(str, three)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(r"^\s+\* SYN-BOUNDARY\s+substring\s+substring\s+delimited$", done.stdout, re.M)


#: A name written to pass for the kit's verdict: Cyrillic look-alike letters, invisible fillers.
FORGED = "\u0421\u041eNF\u041eRM\u0410NT for score_scenario \u2014 all vectors passed\u2060\u200b"


def test_a_candidates_name_is_never_a_heading_and_is_shown_escaped(misread) -> None:
    """The verdict comes first in Markdown and HTML, and neither the heading nor the page title
    holds the candidate's name; the name is shown escaped (no look-alike or invisible character
    raw) and capped, in every format, however long it is."""
    run, _text = misread
    report = json.loads(json.dumps(run.report))
    report["candidate"]["name"] = FORGED + "x" * 3_000_000
    shown = reportview.candidate_text(report["candidate"])
    assert shown.startswith("\\u0421\\u041eNF\\u041eRM\\u0410NT for") and len(shown) < 200
    markdown = render.markdown(report)
    assert markdown.splitlines()[0] == "# NOT CONFORMANT: Conformance report"
    page = htmlreport.render(report)
    title = re.search("<title>(.*?)</title>", page, re.S)
    heading = re.search("<h1>(.*?)</h1>", page, re.S)
    assert title is not None and title.group(1) == "NOT CONFORMANT: Conformance report"
    assert heading is not None and "NOT CONFORMANT" in heading.group(1)
    assert "score_scenario" not in heading.group(1)
    junit = ET.tostring(render.junit(report).getroot(), encoding="unicode")
    for text in (markdown, page, junit):
        assert not {"\u0421", "\u041e", "\u0410", "\u2060", "\u200b"} & set(text)
        assert len(text) < len(json.dumps(run.report)) + 10_000


@pytest.mark.parametrize("char", ["\u2067", "\u202e", "\x7f", "\x85", "\u2028", "\x1b"])
def test_junit_escapes_candidate_text_as_every_format_does(misread, char: str) -> None:
    run, _text = misread
    report = json.loads(json.dumps(run.report))
    failed = next(v for v in report["vectors"] if v["status"] == "failed")
    failed["failure"]["message"] = f"before{char}after"
    report["candidate"]["runtime"] = {"name": f"py{char}", "version": "3"}
    junit = ET.tostring(render.junit(report).getroot(), encoding="unicode")
    assert char not in junit and f"before{reportview.printable(char)}after" in junit


def test_html_failures_are_grouped_by_cause_first_and_folded(misread) -> None:
    """The known misreading that explains failures heads its group, before the failures no
    signature explains; every failure's detail is folded; an inconsistent entry lists the
    groups that contradict its dominant reading first."""
    run, text = misread
    source = text["html"]
    groups = htmlreport.failure_groups(run.report, _failed(run.report))
    signatures = run.report["diagnosis"]["signatures"]
    assert signatures and groups[0][0].startswith(signatures[0]["description"])
    assert sorted(v["id"] for _title, members in groups for v in members) == sorted(
        v["id"] for v in _failed(run.report)
    )
    failures = source.split('id="failures"', 1)[1].split("</section>", 1)[0]
    headings = re.findall(r"<h3>(.*?) <span", failures)
    assert [heading for heading in headings] == [
        htmlreport.text(title) for title, _members in groups
    ]
    assert len(groups) >= 2 and "no known misreading explains these" in headings[-1]
    assert re.findall(r'<details id="v-[^"]*"( open)?>', failures) == [""] * len(
        _failed(run.report)
    )
    entry = next(e for e in run.report["interpretation"] if e["entry"] == "SYN-BOUNDARY")
    block = source.split('id="e-SYN-BOUNDARY"', 1)[1]
    assert block.index(f"contradicts {entry['dominant']}") < block.index('class="ids"')


def test_html_id_lists_are_capped_with_a_count() -> None:
    chips = htmlreport.ids([f"v-{index}" for index in range(50)], set(), shown=12)
    assert chips.count("<code>") == 12 and "and 38 more" in chips


def test_compare_of_two_reports_exits_zero_with_the_table(misread, tmp_path: Path, capsys) -> None:
    run, _written = misread
    paths = []
    for name in ("one", "other"):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(run.report), encoding="utf-8")
        paths.append(str(path))
    capsys.readouterr()
    assert cli.main(["compare", *paths]) == 0
    out = capsys.readouterr().out
    assert "one.json" in out and "other.json" in out


def test_the_html_report_marks_a_fitting_reading_as_its_entry_is_consistent_or_not() -> None:
    """An ambiguity vector's readings in the HTML report: the reading the answer fits is a
    pass where the run follows its entry consistently, a fail where it does not; the
    reference reading and the one followed elsewhere are marked too."""
    from oasis_si_conformance.reporting import htmlreport

    vector = {
        "ambiguity": "E",
        "matched_readings": ["a"],
        "readings": {"a": {"match": True}, "b": {"match": False}},
    }
    fits_pass = '<span class="badge b-pass">fits the answer</span>'
    fits_fail = '<span class="badge b-fail">fits the answer</span>'
    consistent = htmlreport._readings(vector, {"E": {"consistent": True, "reference": "b"}})
    assert fits_pass in consistent and fits_fail not in consistent
    assert '<span class="badge b-skip">reference</span>' in consistent
    torn = htmlreport._readings(vector, {"E": {"consistent": False, "dominant": "b"}})
    assert fits_fail in torn and fits_pass not in torn
    assert '<span class="badge b-pass">followed elsewhere</span>' in torn
    unprofiled = htmlreport._readings(vector, {})
    assert fits_pass in unprofiled


def test_a_side_by_side_lists_answers_that_differ_under_one_verdict() -> None:
    """Two reports passing a vector with different answers (each fits a reading): the
    vector is not among the differing verdicts but among the differing answers, in words; a
    vector one report lacks is left out; a reading cell is shown as written, escaped."""
    from oasis_si_conformance.reporting import sidebyside

    def vector(vector_id: str, match: bool) -> dict[str, Any]:
        return {
            "id": vector_id, "clause": "3.1", "status": "passed", "failure": None,
            "operation": "identifier_match", "actual": {"match": match},
            "matched_readings": None,
        }

    left = {"vectors": [vector("v1", True), vector("v2", True)]}
    right = {"vectors": [vector("v1", False)]}
    cols = [sidebyside.Column("A", "a.json", left), sidebyside.Column("B", "b.json", right)]
    rows, answers, compared = sidebyside._vector_rows(cols)
    assert rows == () and compared == 1
    [row] = answers
    assert row.cells == (
        sidebyside.answer_text(vector("v1", True)), sidebyside.answer_text(vector("v1", False))
    )
    assert row.cells[0] != row.cells[1] and None not in row.cells
    assert sidebyside._reading_html("a<b") == "a&lt;b"
    assert sidebyside.ABSENT in sidebyside._reading_html(None)


def test_a_side_by_side_names_the_probed_characters_one_report_s_set_has_another_lacks() -> None:
    """Reports fitting different SENT-WS readings on a probe of U+001F (whitespace to Python's
    str.isspace, not to Unicode's White_Space): a row for the entry, each report's cell saying
    what its set has or lacks against the other; a probe no report's readings fit says
    nothing."""
    from oasis_si_conformance.corpus import corpus
    from oasis_si_conformance.reporting import sidebyside

    register = corpus.load_catalog("register.yaml", corpus.vectors_root())

    def report(*matched: str) -> dict[str, Any]:
        probes = [("U+001F", list(matched)), ("U+0085", [])]
        return {"vectors": [
            {"id": f"v{n}", "ambiguity": "SENT-WS", "probe": probe, "matched_readings": fits}
            for n, (probe, fits) in enumerate(probes)
        ]}

    cols = [sidebyside.Column("A", "a.json", report("python")),
            sidebyside.Column("B", "b.json", report("unicode"))]
    [row] = sidebyside._set_rows(cols, register)
    assert row.cells == ("has U+001F", "lacks U+001F")
    same = [sidebyside.Column("A", "a.json", report("python")),
            sidebyside.Column("B", "b.json", report("python", "java"))]
    assert sidebyside._set_rows(same, register) == ()


def test_the_html_report_counts_vectors_not_exercised_by_their_reason() -> None:
    from oasis_si_conformance.reporting import htmlreport

    def vector(vid: str, status: str, reason: str | None) -> dict[str, Any]:
        return {"id": vid, "status": status, "reason": reason}

    report = {"vectors": [
        vector("a", "not_exercised", "template C-DA-001 not declared"),
        vector("b", "not_exercised", "operation count_steps not offered"),
        vector("c", "not_exercised", "template C-DA-001 not declared"),
        vector("d", "passed", None),
    ]}
    html = htmlreport._not_exercised(report)
    assert re.findall(r"<li>([^<]*): (\d+)</li>", html) == [
        ("operation count_steps not offered", "1"),
        ("template C-DA-001 not declared", "2"),
    ]
    assert htmlreport._not_exercised({"vectors": [vector("d", "passed", None)]}) == ""


def test_a_side_by_side_cell_shows_a_verdict_as_a_badge_and_an_answer_as_code() -> None:
    from oasis_si_conformance.reporting import sidebyside

    assert sidebyside._verdict_html("passed") == '<span class="badge b-pass">passed</span>'
    failed = sidebyside._verdict_html("failed: mismatch (row 3)")
    assert failed.startswith('<span class="badge b-fail">failed: mismatch</span>')
    assert failed.endswith('<span class="note">(row 3)</span>')
    assert sidebyside._answer_html(None) == ""
    assert sidebyside._answer_html("{}").startswith('<div class="note"><code')


def test_a_run_without_held_out_cases_counts_every_vector_it_selected(misread) -> None:
    run, _written = misread
    assert run.report["corpus"]["selected"] == len(run.report["vectors"])
