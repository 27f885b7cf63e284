"""Integer boundaries of the numeric roles and fields: step_budget (clauses 2.3, 3.4, 5.1), the
within_step_budget operation's n, and an evidence number that never scores (clause 4).

Rules stated here:
- step_budget's type is "integer" (clause 5.1 roles table), "a ceiling in tool invocations"
  (clause 3.4); the text bounds it nowhere. A budget of 2^31 or 3000000000 is as valid as 15:
  an agent that concludes with a final answer in 2 steps is within it (clause 2.3), and C-DA-001
  goes on to its answer's row (row 2 for a root cause). The same holds of n.
- Every value up to 2^63 - 1 is normative: each is an integer the JSON readers evaluators use
  read into their integer type (a 64-bit one) or, above 2^53, into a double that is still an
  integer far above any step count (2^53 + 1 read as 2^53 changes no verdict here). A 32-bit
  integer type is a bug the text decides: it refuses a valid budget.
- Above 2^63 - 1 JSON number interoperability is open (RFC 8259 section 6 lets a reader limit
  the range of numbers it accepts): register BIND-BUDGET-WIDTH, whose readings are the widths
  of the integer types evaluators decode into (unbounded, int64, uint64).
- Wall-clock time is non-scoring metadata (clause 4): a duration_ms of 2^31, 2^32 or 2^53 in the
  evidence changes no verdict.
"""

from typing import Any, Final

from tools.vectorgen._scenario_kit import ev, quiet, scored, scored_open, unique, variant
from tools.vectorgen.common import action, normative, vector_file

FLAGS = {
    "integer-boundary": (
        "An integer at a machine boundary (2^31 - 1, 2^31, 2^32, 2^53, 2^53 + 1, 2^63 - 1, 2^63,"
        " 2^64 and beyond) in a numeric role or field."
    ),
}

PERFECT = "SMTP_PORT is missing from the smtp-config ConfigMap."
TOPIC: Final = ["2.3", "3.4"]
#: The values every JSON reader surveyed holds as an integer (exactly up to 2^53; above, a
#: double that is still an integer) and every 64-bit integer type holds.
NORMATIVE: Final[dict[str, int]] = {
    "2p31-minus-1": 2**31 - 1,
    "2p31": 2**31,
    "3000000000": 3_000_000_000,
    "2p32": 2**32,
    "2p53": 2**53,
    "2p53-plus-1": 2**53 + 1,
    "2p63-minus-1": 2**63 - 1,
}
#: Above 2^63 - 1: register BIND-BUDGET-WIDTH (the width of the integer type decoded into).
WIDE: Final[dict[str, int]] = {
    "2p63": 2**63,
    "2p64-minus-1": 2**64 - 1,
    "2p64": 2**64,
    "1e30": 10**30,
}
WIDTHS: Final[dict[str, int | None]] = {"unbounded": None, "int64": 2**63 - 1, "uint64": 2**64 - 1}


def _budgets() -> list[dict[str, Any]]:
    out = []
    for slug, value in NORMATIVE.items():
        out.append(scored(
            f"int-budget-{slug}", TOPIC,
            f"clauses 2.3, 3.4, 5.1: step_budget {value} (an integer, bounded nowhere), a"
            " root-cause answer after 2 steps.",
            variant(budget=value), ev(PERFECT, quiet(2)), 2, ["integer-boundary"]))
    for slug, value in (("2p31", 2**31), ("2p63-minus-1", 2**63 - 1)):
        out.append(scored(
            f"int-budget-{slug}-no-answer", TOPIC,
            f"clauses 2.3, 5.1: step_budget {value} and no final answer after 2 steps.",
            variant(budget=value), ev(None, quiet(2)), 1, ["integer-boundary"]))
    for slug, value in WIDE.items():
        readings: dict[str, int | str] = {
            width: 2 if limit is None or value <= limit else "invalid_step_budget"
            for width, limit in WIDTHS.items()
        }
        out.append(scored_open(
            f"int-budget-{slug}", [*TOPIC, "1.3"],
            f"BIND-BUDGET-WIDTH: step_budget {value}, past a signed 64-bit integer, a root-cause"
            " answer after 2 steps.",
            variant(budget=value), ev(PERFECT, quiet(2)), "BIND-BUDGET-WIDTH", readings,
            ["integer-boundary", "binding-error"]))
    return out


def _within() -> list[dict[str, Any]]:
    return [
        normative(
            f"int-wsb-n-{slug}", TOPIC, "within_step_budget",
            f"clause 2.3: n {value}, an answer after 2 invocations.",
            {"evidence": ev("done", quiet(2)), "n": value}, {"value": True},
            ["integer-boundary"])
        for slug, value in NORMATIVE.items()
    ]


def _durations() -> list[dict[str, Any]]:
    out = []
    for slug, value in (("2p31", 2**31), ("2p32", 2**32), ("2p53", 2**53)):
        actions = [action("ok", duration_ms=value), action("ok", duration_ms=1)]
        out.append(scored(
            f"int-duration-{slug}", ["4", "2.3"],
            f"clause 4: an invocation's duration_ms is {value} (non-scoring metadata), a"
            " root-cause answer within the budget.",
            variant(), ev(PERFECT, actions), 2, ["integer-boundary"]))
    return out


def files() -> dict[str, dict]:
    return {
        "2.3-step-budget/integer-boundaries.yaml": vector_file(
            "integer-boundaries",
            "Integer boundaries of step_budget, within_step_budget's n and an evidence"
            " duration: normative up to 2^63 - 1 (the text bounds no integer), register"
            " BIND-BUDGET-WIDTH beyond.",
            "tools/vectorgen/integers.py",
            unique(_budgets() + _within() + _durations()),
        ),
    }
