"""Where the text leaves a composite open, every reading is conformant: the independent
evaluator taking each reading of COMPOSITE-FIRST-MATCH (which holding row of a table other
than C-DA-001's decides) and of COMPOSITE-ECHO-OMITTED (a factor_identified predicate without
exclude_tool_echo) is certified CONFORMANT on the bundled composite and evaluate_table vectors,
and profiled as the reading it takes."""

import sys

import pytest

#: The slow tier (nox -s tests_slow): an evaluator per composite reading certified as a real
#: process.
pytestmark = pytest.mark.slow

SELECTION = (
    "-k", "composites,composite-errors,evaluate-table,first-match",
    "-k", "COMPOSITE-FIRST-MATCH,COMPOSITE-ECHO-OMITTED",
)

READINGS = [
    ("COMPOSITE-FIRST-MATCH", "first"),
    ("COMPOSITE-FIRST-MATCH", "unique"),
    ("COMPOSITE-FIRST-MATCH", "highest"),
    ("COMPOSITE-ECHO-OMITTED", "default-false"),
    ("COMPOSITE-ECHO-OMITTED", "reject"),
]

#: A vector each reading answers differently from the reference's (so the run exercised it).
TOLD_APART = {
    "COMPOSITE-FIRST-MATCH": "composite-c-da-001-restated-row1",
    "COMPOSITE-ECHO-OMITTED": "composite-factor-echo-default-quoted",
}


@pytest.mark.parametrize(("entry", "reading"), READINGS)
def test_each_reading_is_conformant_and_profiled(certify, entry: str, reading: str) -> None:
    command = [
        sys.executable, "-m", "oasis_si_conformance.independent", "--reading", f"{entry}={reading}"
    ]
    run = certify(*SELECTION, "--edition", "0.3.0-rc1", command=command, corpus=None)
    assert run.report is not None, run.err
    assert run.code == 0 and run.report["verdict"] == "conformant", run.out
    assert run.report["summary"]["failed"] == 0
    profile = {item["entry"]: item for item in run.report["interpretation"]}
    assert profile[entry]["followed"] == [reading]
    assert run.statuses()[TOLD_APART[entry]] == "passed"
