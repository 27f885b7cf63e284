"""One set of counts and one wording in every format a run writes: a candidate with one
failure, one convention difference and one ambiguity vector answered under a reading, read
back from the terminal, the JSON report, the Markdown certificate (tables split on `|`), the
HTML page (html.parser) and JUnit XML. Expected counts are the vectors' own: the test knows
what the candidate does to each."""

import html.parser
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from runner_helpers import TRIGGER, zoo

from oasis_si_conformance.judging.compare import compare_outcome

#: What one_of_each does to each selected vector of the fixture corpus.
SELECTED = {
    TRIGGER: "failed",  # the opposite of the reference's answer on clause 3.1
    "rt-bind-missing-budget": "convention",  # the binding error named `rejected`
    "rt-syn-plain": "passed",  # an ambiguity vector of SYN-BOUNDARY, answered as the reference
    "rt-ident-lower": "passed",
}
EXPECTED = {"passed": 2, "failed": 1, "convention": 1, "not_exercised": 0}
WORDING = "2 passed, 1 failed, 1 convention difference, 0 not exercised"


class _Tiles(html.parser.HTMLParser):
    """The numbers of the HTML header's tiles, by the tile's class (t-pass, t-fail, ...)."""

    def __init__(self) -> None:
        super().__init__()
        self.tiles: dict[str, int] = {}
        self._tile: str | None = None
        self._number = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if "tile" in classes:
            self._tile = next(c for c in classes if c.startswith("t-"))
        self._number = self._tile is not None and "n" in classes

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._number and self._tile is not None:
            self.tiles[self._tile] = int(data)
            self._number, self._tile = False, None


def _markdown_cells(markdown: str, first: str) -> list[str]:
    """The cells of the Markdown table row whose first cell is `first`."""
    for line in markdown.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells and cells[0] == first:
            return cells
    raise AssertionError(f"no table row {first!r}")


def _numbers(sentence: str) -> dict[str, int]:
    found = re.search(
        r"(\d+) passed, (\d+) failed, (\d+) convention differences?, (\d+) not exercised",
        sentence,
    )
    assert found is not None, sentence
    return dict(
        zip(
            ("passed", "failed", "convention", "not_exercised"),
            map(int, found.groups()),
            strict=True,
        )
    )


@pytest.fixture
def mixed(certify, tmp_path: Path) -> tuple[Any, dict[str, str]]:
    paths = {name: tmp_path / f"mixed.{name}" for name in ("md", "html", "xml")}
    selection = [arg for vid in SELECTED for arg in ("-k", vid)]
    run = certify(
        *selection,
        "--markdown",
        str(paths["md"]),
        "--html",
        str(paths["html"]),
        "--junit",
        str(paths["xml"]),
        command=zoo("one_of_each"),
    )
    assert run.report is not None, run.err
    return run, {name: path.read_text(encoding="utf-8") for name, path in paths.items()}


def test_the_candidate_does_what_the_test_says(mixed) -> None:
    run, _ = mixed
    assert run.statuses() == SELECTED
    assert run.vector("rt-syn-plain")["matched_readings"]


def test_every_format_gives_the_same_counts_in_the_same_words(mixed) -> None:
    run, text = mixed
    summary = {key: run.report["summary"][key] for key in EXPECTED}
    assert summary == EXPECTED
    # terminal: the count table's total row and the verdict line
    total = next(line for line in run.out.splitlines() if line.startswith("  vectors "))
    numbers = [int(n) for n in total.split()[1:5]]
    assert numbers == [EXPECTED[k] for k in ("passed", "failed", "convention", "not_exercised")]
    assert WORDING in run.out.strip().splitlines()[-1]
    # JSON: the counts, and the headline carries the same words
    assert WORDING in run.report["headline"]
    # Markdown: the Result row
    result = _markdown_cells(text["md"], "Result")[1]
    assert _numbers(result) == EXPECTED and result == WORDING
    # HTML: the header's tiles and the headline
    page = _Tiles()
    page.feed(text["html"])
    tiles = {
        key: page.tiles[f"t-{cls}"]
        for key, cls in (
            ("passed", "pass"),
            ("failed", "fail"),
            ("convention", "conv"),
            ("not_exercised", "skip"),
        )
    }
    assert tiles == EXPECTED
    assert WORDING in "".join(page.text)
    # JUnit: failures counted; conventions skipped (type convention), never passed testcases
    root = ET.fromstring(text["xml"].encode())
    cases = root.findall(".//testcase")
    conventions = [
        case
        for case in cases
        if (skipped := case.find("skipped")) is not None
        and skipped.get("type") == "convention"
        and skipped.get("message", "").startswith("convention difference")
    ]
    junit = {
        "failed": int(root.get("failures", "-1")),
        "not_exercised": int(root.get("skipped", "-1")) - len(conventions),
        "convention": len(conventions),
    }
    junit["passed"] = int(root.get("tests", "-1")) - sum(junit.values())
    assert junit == EXPECTED and len(cases) == len(SELECTED)
    assert all(case.find("system-out") is None for case in conventions)
    results = {p.get("value") for p in root.iter("property") if p.get("name") == "result"}
    assert results == {WORDING}


def test_failed_vectors_show_their_input_and_the_explain_command(mixed) -> None:
    run, text = mixed
    command = f"oasis-si-vectors explain {TRIGGER} --edition {run.report['edition']['name']}"
    assert command in text["md"] and command in text["html"]
    root = ET.fromstring(text["xml"].encode())
    case = next(c for c in root.iter("testcase") if c.get("name") == TRIGGER)
    failure = case.find("failure")
    assert failure is not None and f"explain: {command}" in failure.text
    assert '"text": "SMTP_PORT is missing"' in failure.text
    given = run.vector(TRIGGER)["input"]
    assert given["text"] == "SMTP_PORT is missing"
    assert '"text": "SMTP_PORT is missing"' in text["md"]
    folded = re.search(
        r"<details><summary>the vector's input</summary><pre>(.*?)</pre>", text["html"], re.S
    )
    assert folded is not None and "SMTP_PORT is missing" in folded.group(1)
    assert run.vector("rt-ident-lower")["input"] is None  # passed vectors do not carry it


def test_brief_summary_lists_the_first_ids_of_every_group(certify) -> None:
    selection = [arg for vid in SELECTED for arg in ("-k", vid)]
    run = certify("-q", *selection, command=zoo("one_of_each"))
    conventions = next(line for line in run.out.splitlines() if "BINDING-ERROR-KIND" in line)
    assert conventions.rstrip().endswith(": rt-bind-missing-budget")
    assert any(TRIGGER in line for line in run.out.splitlines() if line.startswith("    3.1"))


def test_a_scored_answer_where_an_error_was_expected_is_shown_as_its_verdict() -> None:
    verdict = {"score": 1.0, "row": 2, "label": "root_cause_identified"}
    found = compare_outcome(
        {"binding_error": "invalid_composite"}, verdict, convention="COMPOSITE-GRAMMAR"
    )
    assert [d.actual for d in found.differences] == [verdict]
    assert "<absent>" not in json.dumps([d.actual for d in found.differences])
