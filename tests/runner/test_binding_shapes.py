"""An omitted role and a null role are two shapes that validators read apart: the independent
evaluator taking a registered reading for each, in the combinations real validators produce,
is certified CONFORMANT on the bundled binding vectors and profiled as what it does. The
readings are the register's; the test says which combination each validator is."""

import sys

import pytest

#: The slow tier (nox -s tests_slow): an evaluator per binding shape certified as a real process.
pytestmark = pytest.mark.slow

SELECTION = ("-k", "binding-roles", "-k", "BIND-ECHO-OMITTED", "-k", "BIND-ECHO-NULL")

#: (what validates the binding, BIND-ECHO-OMITTED reading, BIND-ECHO-NULL reading)
COMBINATIONS = [
    ("a JSON Schema with the role an optional boolean", "default-false", "reject"),
    ("a Go bool or *bool, Jackson primitive, serde Option<bool>", "default-false", "default-false"),
    ("the kit's schema (the role required)", "reject", "reject"),
]


def _independent(omitted: str, null: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "oasis_si_conformance.independent",
        "--reading",
        f"BIND-ECHO-OMITTED={omitted}",
        "--reading",
        f"BIND-ECHO-NULL={null}",
    ]


@pytest.mark.parametrize(("validator", "omitted", "null"), COMBINATIONS)
def test_each_shape_combination_is_conformant_and_profiled(
    certify, validator: str, omitted: str, null: str
) -> None:
    # The independent evaluator declares the bare version label, which names no edition alone.
    run = certify(
        *SELECTION, "--edition", "0.3.0-rc1", command=_independent(omitted, null), corpus=None
    )
    assert run.report is not None, run.err
    assert run.code == 0 and run.report["verdict"] == "conformant", (validator, run.out)
    profile = {entry["entry"]: entry for entry in run.report["interpretation"]}
    assert profile["BIND-ECHO-OMITTED"]["followed"] == [omitted]
    assert profile["BIND-ECHO-NULL"]["followed"] == [null]
    assert run.report["summary"]["failed"] == 0
    statuses = run.statuses()
    assert statuses["binding-missing-role-exclude-tool-echo-null"] == "passed"
    assert statuses["binding-missing-role-exclude-tool-echo-absent"] == "passed"
