"""`diff-editions A --proposed FILE --reports R.json` counts what re-certifying under the
proposal gives: the vectors the what-if says would newly fail and newly pass are exactly those
a run under the edition added to the catalog fails and no longer fails, the edition fit and the
interpretation profile included.

- A decision: for the bundled reference and for an evaluator of another reading (the
  independent evaluator as a catalog mutant), the decision ratified.
- A parameter amendment (a window of radius two): for the bundled reference, which reads the
  radius of each request's edition (the what-if asks it again under the proposal), and for
  evaluators that read a fixed radius whatever the edition (the independent evaluator with a
  radius-one and a radius-two window: their stored answers are what they answer again). The
  edition is added as CONTRIBUTING.md adds one: its block appended to the catalog, every
  generated vector's outcome under it stated by the generator driver's edition pass, the
  manifest.

The kit reads its editions from the installed packages, so the edition is added in a copy of
the checkout whose package folders are imported under their installed names (tests/conftest.py's
`installed_copy`), where every run is made.
"""

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from oasis_si_conformance.judging import compare

#: The slow tier (nox -s tests_slow): certification runs, a ratification, the generators' rules
#: over the corpus.
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


def _certify(
    copy: Any,
    edition: str,
    report: Path,
    candidate: tuple[str, ...],
    selection: tuple[str, ...] = SELECTION,
) -> None:
    copy.run(
        "-m", "oasis_si_conformance", "--edition", edition, "--repetitions", "1",
        *selection, "--report", str(report), *candidate, ok=(0, 1),
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


RADIUS_TWO = (
    f"name: radius-two\nbase: {BASE}\nparameters: {{co-occurrence-radius: 2}}\n"
    "changes: [{clause: '2.2', summary: a window of radius two}]\n"
)
#: The same edition as a block of the catalog (vectors/editions.yaml).
RADIUS_TWO_BLOCK = f"""\
  - name: radius-two
    label: 0.3.0-rc1
    title: Scoring decomposition 0.3.0-rc1 with a window of radius two
    base: {BASE}
    text: {{source: a proposal weighed, revision: null, date: null}}
    parameters: {{co-occurrence-radius: 2}}
    decides: {{}}
    changes: [{{clause: '2.2', summary: a window of radius two}}]
"""
#: The vectors of the window (every vector whose expectation the radius changes cites 2.2).
WINDOW = ("-k", "2.2")
#: The independent evaluator with the window hooked at a fixed radius, whatever the edition a
#: request names; it declares the version label, which names either edition.
FIXED = (*INDEPENDENT, "--edition", "0.3.0-rc1", "--hook")
AMENDING = {
    "reference": (),
    "fixed-radius-one": (*FIXED, "window-radius-one"),
    "fixed-radius-two": (*FIXED, "window-radius-two"),
}

#: Run in the copy: the generator driver's edition pass (what `python -m tools.vectorgen`
#: writes into every generated file, edition_outcomes.with_editions) over the committed files,
#: which hold what the families wrote; prints the ids of the vectors whose outcome under the
#: new edition the rules cannot state (the driver names them, and the family would state them
#: by hand: they get no block here).
STATE_EDITION = """
import json
from oasis_si_conformance.corpus import yamlsafe
from tools.vectorgen.__main__ import ROOT
from tools.vectorgen.edition_outcomes import with_editions

left_out = set()
for path in sorted(ROOT.rglob("*.yaml")):
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    generator = isinstance(document, dict) and document.get("generated_by") or ""
    if not str(generator).startswith("tools/vectorgen/"):
        continue
    records, problems = with_editions(document["family"], document["vectors"])
    path.write_text(yamlsafe.dump({**document, "vectors": records}), encoding="ascii")
    left_out |= {problem.vector_id for problem in problems}
print(json.dumps(sorted(left_out)))
"""


def test_the_what_if_of_a_parameter_amendment_counts_what_recertifying_gives(
    tmp_path: Path, installed_copy: Any
) -> None:
    copy = installed_copy
    proposal = tmp_path / "radius-two.yaml"
    proposal.write_text(RADIUS_TWO, encoding="ascii")
    before = {name: tmp_path / f"{name}-before.json" for name in AMENDING}
    for name, candidate in AMENDING.items():
        _certify(copy, BASE, before[name], candidate, WINDOW)
    weighed = json.loads(
        copy.run(
            "-m", "oasis_si_conformance.editor", "diff-editions", BASE,
            "--proposed", str(proposal), "--reports", *map(str, before.values()), "--json",
        ).stdout
    )
    catalog = copy.vectors / "editions.yaml"
    catalog.write_text(catalog.read_text(encoding="ascii") + RADIUS_TWO_BLOCK, encoding="ascii")
    left_out = json.loads(copy.run("-c", STATE_EDITION).stdout.strip().splitlines()[-1])
    copy.run("-m", "oasis_si_conformance.editor", "manifest")
    # the what-if cannot decide the very vectors the driver cannot state: it judges none of
    # them, and they are left out of the runs under the new edition
    assert sorted(item["id"] for item in weighed["undecidable"]) == left_out
    assert 0 < len(left_out) < 10
    selection = (*WINDOW, "-k", ",".join(f"!{vid}" for vid in left_out))
    judged_by_name = dict(zip(AMENDING, weighed["reports"], strict=True))
    flipped = {}
    for name, candidate in AMENDING.items():
        judged = judged_by_name[name]
        after = tmp_path / f"{name}-after.json"
        _certify(copy, "radius-two", after, candidate, selection)
        was, now = _failed(before[name]), _failed(after)
        undecided = set(left_out)
        assert sorted(judged["undecided"]) == left_out, name
        assert sorted(judged["newly_failed"]) == sorted(now - was - undecided), name
        assert sorted(judged["newly_passed"]) == sorted(was - now - undecided), name
        assert judged["failed_before"] == len(was), name
        assert judged["failed_after"] == len(now | (was & undecided)), name
        flipped[name] = (len(judged["newly_failed"]), len(judged["newly_passed"]))
    assert judged_by_name["reference"]["answers"] == "reference"
    for name in ("fixed-radius-one", "fixed-radius-two"):
        assert judged_by_name[name]["answers"] == "stored", name
        assert judged_by_name[name]["answers_note"].startswith(f"answers as given under {BASE};")
    # not vacuous: the fixed radii fail anew (radius one) and pass anew (radius two), and the
    # reference's stored answers are radius one's where it fails anew: re-judged as stored,
    # they would fail there too
    assert flipped["reference"] == (0, 0)
    assert flipped["fixed-radius-one"][0] > 10 and flipped["fixed-radius-two"][1] > 10, flipped
    reference, radius_one = _answers(before["reference"]), _answers(before["fixed-radius-one"])
    for vid in judged_by_name["fixed-radius-one"]["newly_failed"]:
        assert reference[vid] == radius_one[vid], vid


def _answers(report: Path) -> dict[str, Any]:
    """Vector id -> the answer the report holds, as compared."""
    document: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return {
        item["id"]: compare.project(item["operation"], item["actual"])
        for item in document["vectors"]
        if item["actual"] is not None
    }
