"""The terminal summary, the JUnit XML and the Markdown certificate of small report documents
written out here: each test builds the few vectors, entries or changes a part of a report is
about and reads the lines that part must show, their text written out from the report format
(schemas/report.schema.json) and what each line is for."""

import copy
import io
import types
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from oasis_si_conformance.reporting import render

#: One vector of the report's `vectors`, passed; tests replace what they are about.
_VECTOR: dict[str, Any] = {
    "id": "v-pass",
    "clause": "3.1",
    "clauses": ["3.1"],
    "family": "ident",
    "operation": "identify",
    "source": "vectors/ident/basic.jsonl:4",
    "kind": "golden",
    "ambiguity": None,
    "convention": None,
    "probe": None,
    "status": "passed",
    "expected": {"root": "a"},
    "readings": None,
    "actual": {"root": "a"},
    "matched_readings": None,
    "differences": [],
    "failure": None,
    "reason": None,
}

#: A report of one passed vector with every key the renderers read.
_REPORT: dict[str, Any] = {
    "kit": {"name": "oasis-si-conformance", "version": "1.0"},
    "edition": {"name": "e1", "title": "First edition"},
    "corpus": {"digest": "abc123", "vectors": 10, "selected": 1, "selection": []},
    "candidate": {
        "name": "cand",
        "version": "0.1",
        "command": ["cand", "--serve"],
        "operations": ["identify"],
        "templates": ["t1"],
        "profiles": ["core"],
    },
    "mode": "streaming",
    "seed": 7,
    "repetitions": 2,
    "jobs": 1,
    "limits": {"timeout_s": 5, "cpu_limit_s": None, "memory_limit_bytes": None},
    "started_at": "2026-01-01T00:00:00Z",
    "duration_s": 1.5,
    "verdict": "conformant",
    "strict": False,
    "headline": "CONFORMANT: 1 passed, 0 failed, 0 convention differences, 0 not exercised",
    "summary": {
        "total": 1,
        "passed": 1,
        "failed": 0,
        "convention": 0,
        "not_exercised": 0,
        "failures_by_kind": {},
    },
    "clauses": [
        {
            "clause": "3.1",
            "title": "Identifiers",
            "passed": 1,
            "failed": 0,
            "convention": 0,
            "not_exercised": 0,
        }
    ],
    "interpretation": [],
    "diagnosis": {"signatures": [], "unexplained": {}},
    "conventions": [],
    "run": {
        "requests": 2,
        "processes": 1,
        "restarts": 0,
        "warnings": [],
        "stderr": {"bytes": 0, "excerpt": ""},
    },
    "vectors": [_VECTOR],
}


def _vector(**changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(_VECTOR), **changes}


def _failed_vector(vid: str, message: str = "wrong root", **changes: Any) -> dict[str, Any]:
    failure = {"kind": "mismatch", "message": message, "excerpt": "", "stderr": "", "outputs": []}
    return _vector(id=vid, status="failed", actual={"root": "b"}, failure=failure, **changes)


def _report(**changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(_REPORT), **changes}


def _failing(vectors: list[dict[str, Any]], **changes: Any) -> dict[str, Any]:
    """A report whose vectors include failures, its summary counting them as mismatches."""
    failed = sum(v["status"] == "failed" for v in vectors)
    summary = {
        "total": len(vectors),
        "passed": len(vectors) - failed,
        "failed": failed,
        "convention": 0,
        "not_exercised": 0,
        "failures_by_kind": {"mismatch": failed},
    }
    return _report(vectors=vectors, summary=summary, verdict="not_conformant", **changes)


def _lines(text: str) -> list[str]:
    return text.splitlines()


# Live progress ---------------------------------------------------------------------------------


class _Clock:
    """time.monotonic at the time the test sets."""

    def __init__(self, now: float) -> None:
        self.now = now

    def monotonic(self) -> float:
        return self.now


def test_progress_redraws_at_most_every_tenth_of_a_second_and_always_at_the_last_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = _Clock(100.0)
    monkeypatch.setattr(render, "time", types.SimpleNamespace(monotonic=clock.monotonic))
    stream = io.StringIO()
    progress = render.TerminalProgress(stream)
    progress.start(4)
    for now, ok in ((100.0, True), (100.05, True), (100.2, False), (100.21, True)):
        clock.now = now
        progress.tick(ok)
    assert stream.getvalue().split("\r")[1:] == [
        "  0/4 requests (0%) 0.0 s\x1b[K",
        "  1/4 requests (25%) 0.0 s\x1b[K",  # the first request: no tick drawn before it
        # the second, 0.05 s after the first line drawn, is not drawn
        "  3/4 requests (75%) 0.2 s, 1 request(s) failed\x1b[K",  # 0.2 s after: drawn
        "  4/4 requests (100%) 0.2 s, 1 request(s) failed\x1b[K",  # the last, 0.01 s after
    ]


# The terminal summary --------------------------------------------------------------------------


def _entry(name: str, followed: list[str], votes: dict[str, int]) -> dict[str, Any]:
    return {
        "entry": name,
        "clause": "4.2",
        "reference": "strict",
        "readings": list(votes),
        "votes": votes,
        "vectors": 3,
        "voted": 3,
        "unmatched": [],
        "followed": followed,
        "consistent": True,
        "dominant": followed[0],
        "deviating": [],
        "ballots": {},
    }


def test_the_profile_says_follows_only_before_a_single_reading() -> None:
    entries = [
        _entry("ONE", ["strict"], {"strict": 3, "loose": 0}),
        _entry("TWO", ["strict", "loose"], {"strict": 3, "loose": 3}),
    ]
    assert render.interpretation_lines(entries) == [
        "  ONE (4.2), 3 vector(s): follows strict  (compatible votes: strict 3)",
        "  TWO (4.2), 3 vector(s): undetermined (consistent with strict, loose)  "
        "(compatible votes: strict 3, loose 3)",
    ]


def test_the_profile_names_the_vectors_of_an_inconsistent_entry_only() -> None:
    consistent = _entry("ONE", ["strict"], {"strict": 3, "loose": 0})
    consistent["ballots"] = {"w1": ["strict"], "w2": ["strict"], "w3": ["strict"]}
    split = _entry("SPLIT", ["strict"], {"strict": 2, "loose": 1})
    split.update(consistent=False, followed=[], deviating=["v1"])
    split["ballots"] = {"w1": ["strict"], "w2": ["strict"], "v1": ["loose"]}
    assert render.interpretation_lines([consistent, split]) == [
        "  ONE (4.2), 3 vector(s): follows strict  (compatible votes: strict 3)",
        "  SPLIT (4.2), 3 vector(s): INCONSISTENT: no single reading fits (strict 2, loose 1); "
        "dominant strict, contradicted by 1 vector(s)",
        "    1 fit loose, not strict: v1",
    ]


def test_the_brief_summary_leaves_out_the_profile() -> None:
    report = _report(interpretation=[_entry("ONE", ["strict"], {"strict": 3})])
    title = "interpretation profile (register entry: reading followed):"
    assert title in _lines(render.summary_text(report))
    assert title not in _lines(render.summary_text(report, brief=True))


def test_the_summary_counts_why_vectors_were_not_exercised_and_only_those() -> None:
    vectors = [
        _vector(),
        _vector(id="v-skip1", status="not_exercised", reason="operation render not declared"),
        _vector(id="v-skip2", status="not_exercised", reason="operation render not declared"),
        _vector(id="v-skip3", status="not_exercised", reason="template t9 not declared"),
    ]
    text = render.summary_text(_report(vectors=vectors))
    reasons = [line for line in _lines(text) if "not exercised (never" in line]
    assert reasons == [
        "  not exercised (never counted as passed): "
        "operation render not declared: 2; template t9 not declared: 1"
    ]


def test_the_diagnosis_names_eight_vectors_of_a_group_then_how_many_more() -> None:
    ids = [f"v{n}" for n in range(1, 10)]
    report = _failing([_failed_vector(vid) for vid in ids])
    report["diagnosis"]["unexplained"] = {"3.1": ids}
    text = render.summary_text(report)
    assert "    3.1: 9: v1, v2, v3, v4, v5, v6, v7, v8, ... (+1)" in _lines(text)
    brief = render.summary_text(report, brief=True)
    assert "    3.1: 9: v1, v2, v3, v4, v5, ... (+4)" in _lines(brief)


def test_the_summary_details_each_failure_and_says_nothing_of_failures_without_one() -> None:
    report = _failing([_vector(), _failed_vector("v-bad")])
    lines = _lines(render.summary_text(report))
    start = lines.index("failures (1 of 1 shown; all in --report):")
    assert lines[start + 1 : start + 3] == [
        "  v-bad [3.1] mismatch: wrong root",
        "      at vectors/ident/basic.jsonl:4",
    ]
    quiet = _lines(render.summary_text(_report()))
    assert [line for line in quiet if line.startswith("failures (")] == []


def test_the_summary_lists_the_runs_warnings() -> None:
    report = _report()
    report["run"]["warnings"] = ["the candidate restarted twice"]
    lines = _lines(render.summary_text(report))
    start = lines.index("warnings:")
    assert lines[start - 1 : start + 3] == ["", "warnings:", "  the candidate restarted twice", ""]


# JUnit XML -------------------------------------------------------------------------------------


def _junit(report: dict[str, Any]) -> ET.Element:
    return render.junit(report).getroot()


def test_junit_names_the_vectors_file_without_its_line_and_caps_the_message() -> None:
    report = _failing([_failed_vector("v-bad", message="x" * 600)])
    case = _junit(report).find(".//testcase[@name='v-bad']")
    assert case is not None and case.get("file") == "vectors/ident/basic.jsonl"
    failure = case.find("failure")
    assert failure is not None and failure.get("message") == "x" * 497 + "..."


def _section(**changes: Any) -> dict[str, Any]:
    section = {
        "path": "old.json",
        "candidate": {"name": "cand", "version": "0.0"},
        "started_at": "2025-12-01T00:00:00Z",
        "compared": 5,
        "regressions": [],
        "fixes": [],
        "coverage_lost": [],
        "exercise_changes": [],
        "interpretation_changes": [],
        "convention_changes": [],
        "gate": {
            "fail_on": [],
            "changes": {"regression": 0, "coverage": 0, "reading": 0, "convention": 0},
            "tripped": [],
        },
    }
    return {**section, **changes}


def test_junit_baseline_convention_case_lists_only_new_convention_differences() -> None:
    section = _section(
        convention_changes=[
            {"id": "v-new", "clause": "3.1", "before": "passed", "after": "convention"},
            {"id": "v-gone", "clause": "3.2", "before": "convention", "after": "passed"},
        ],
        gate={
            "fail_on": ["convention"],
            "changes": {"regression": 0, "coverage": 0, "reading": 0, "convention": 1},
            "tripped": ["convention"],
        },
    )
    root = _junit(_report(baseline=section))
    case = root.find("testsuite[@name='baseline']/testcase[@name='convention']")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None
    assert failure.get("message") == "1 new convention difference(s)"
    assert failure.text is not None
    assert [line.split(" [")[0] for line in failure.text.splitlines()] == ["v-new"]


@pytest.mark.parametrize(
    ("fail_on", "gate"),
    [
        ([], "no gate (--fail-on none)"),
        (["regression"], "baseline gate (--fail-on regression) passed"),
    ],
)
def test_junit_baseline_suite_says_what_its_gate_is(fail_on: list[str], gate: str) -> None:
    section = _section()
    section["gate"]["fail_on"] = fail_on
    root = _junit(_report(baseline=section))
    found = root.find("testsuite[@name='baseline']/properties/property[@name='gate']")
    assert found is not None and found.get("value") == gate


def test_a_failure_body_shows_the_readings_of_an_ambiguity_vector_only() -> None:
    plain = _failed_vector("v-plain")
    ambiguous = _failed_vector(
        "v-amb", expected=None, readings={"strict": "A", "loose": "B"}, ambiguity="AMB"
    )
    report = _failing([plain, ambiguous])
    assert not [line for line in render.failure_body(report, plain) if "readings" in line]
    body = render.failure_body(report, ambiguous)
    assert [line for line in body if line.startswith("readings")] == [
        "readings: {'strict': 'A', 'loose': 'B'}"
    ]


# The Markdown certificate ----------------------------------------------------------------------


def _declared(markdown: str) -> dict[str, str]:
    """The Declared row of the certificate's head: "what: names; ..." as a mapping."""
    row = next(line for line in _lines(markdown) if line.startswith("| Declared |"))
    cell = row.removeprefix("| Declared | ").removesuffix(" |")
    return dict(part.split(": ", 1) for part in cell.split("; "))


def test_the_certificate_declares_no_templates_as_none() -> None:
    declared = {"operations": "identify", "templates": "t1", "profiles": "core"}
    assert _declared(render.markdown(_report())) == declared
    report = _report()
    report["candidate"]["templates"] = []
    assert _declared(render.markdown(report)) == {**declared, "templates": "none"}


def test_the_certificate_has_no_profile_section_without_register_entries() -> None:
    def headings(report: dict[str, Any]) -> list[str]:
        return [line for line in _lines(render.markdown(report)) if line.startswith("## ")]

    assert headings(_report()) == ["## By clause"]
    entry = _entry("ONE", ["strict"], {"strict": 3})
    with_entry = headings(_report(interpretation=[entry]))
    assert with_entry == ["## By clause", "## Interpretation profile"]


def test_the_certificate_names_twelve_vectors_of_a_group_then_how_many_more() -> None:
    entry = _entry("SPLIT", ["strict"], {"strict": 2, "loose": 13})
    entry.update(consistent=False, followed=[], voted=15)
    entry["ballots"] = {"w1": ["strict"], "w2": ["strict"]}
    entry["ballots"].update({f"v{n:02}": ["loose"] for n in range(1, 14)})
    lines = _lines(render.markdown(_report(interpretation=[entry])))
    named = ", ".join(f"`v{n:02}`" for n in range(1, 13))
    assert "- strict: 2 vector(s): `w1`, `w2`" in lines
    assert f"- loose (contradict `strict`): 13 vector(s): {named} and 1 more" in lines


def _convention_vector(vid: str) -> dict[str, Any]:
    differences = [
        {"key": "kind", "expected": "missing", "actual": "rejected", "convention": "C1"},
        {"key": "detail", "expected": 1, "actual": 2, "convention": "C2"},
    ]
    return _vector(id=vid, status="convention", differences=differences)


def _conventions(*convention_ids: tuple[str, list[str]]) -> list[dict[str, Any]]:
    return [
        {"id": cid, "defined_by": "conventions.yaml", "what": f"what {cid} defines", "vectors": ids}
        for cid, ids in convention_ids
    ]


def test_the_certificate_shows_what_each_convention_difference_differs_in() -> None:
    report = _report(vectors=[_convention_vector("v-c")], conventions=_conventions(("C1", ["v-c"])))
    markdown = render.markdown(report)
    section = markdown.split("## Convention differences\n", 1)[1]
    assert _lines(section) == [
        "",
        "What the kit defines and the spec does not (not failures).",
        "",
        "**C1** (conventions.yaml): 1 vector(s). what C1 defines",
        "",
        "| Vector | Clause | Differs in |",
        "|---|---|---|",
        '| `v-c` | 3.1 | `kind: expected "missing", got "rejected"` |',
    ]


def test_the_certificate_counts_the_convention_differences_past_its_list() -> None:
    report = _report(
        vectors=[_convention_vector("v-a"), _convention_vector("v-b")],
        conventions=_conventions(("C1", ["v-a"]), ("C2", ["v-b"])),
    )
    section = render.markdown(report, listed=1).split("**C2**", 1)[1]
    assert _lines(section)[2:] == [
        "| Vector | Clause | Differs in |",
        "|---|---|---|",
        "| ... | | 1 more in the JSON report |",
    ]


def test_the_certificate_lists_the_baseline_changes_of_each_kind_that_happened() -> None:
    section = _section(
        regressions=[
            {
                "id": "v-r",
                "clause": "3.1",
                "before": "passed",
                "after": "failed",
                "kind": "mismatch",
            }
        ],
        interpretation_changes=[
            {"entry": "NEW", "before": [], "after": ["strict"]},
            {"entry": "OLD", "before": ["strict", "loose"], "after": []},
        ],
    )
    markdown = render.markdown(_report(baseline=section))
    changes = markdown.split("|---|---:|\n", 1)[1]
    assert _lines(changes)[6:] == [
        "",
        "**regression** (1):",
        "",
        "- passed -\\> failed (mismatch): 1: `v-r`",  # md_text escapes `>` in the label
        "",
        "**reading change** (2):",
        "",
        "- NEW: none -> strict",
        "- OLD: strict / loose -> none",
    ]


def test_the_certificate_diagnosis_says_vector_for_one_and_vectors_for_more() -> None:
    report = _failing([_failed_vector("v1"), _failed_vector("v2"), _failed_vector("v3")])
    report["diagnosis"]["signatures"] = [
        {"description": "case folded", "clause": "3.1", "vectors": ["v1"]},
        {"description": "trimmed", "clause": "3.2", "vectors": ["v2", "v3"]},
    ]
    section = render.markdown(report).split("## Diagnosis\n\n", 1)[1]
    assert _lines(section)[:2] == [
        "- case folded (clause 3.1): 1 vector",
        "- trimmed (clause 3.2): 2 vectors",
    ]
