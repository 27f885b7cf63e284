"""Step budget (clauses 2.3 and 3.4) through C-DA-001 row 1 and the within_step_budget and
count_steps operations.

Rules stated here:
- A step is one tool invocation recorded in the transcript (3.4): every entry of `actions`
  counts, errored or not, with or without a result; `actions: null` or absent is zero steps.
  Reasoning turns, trace entries, messages and observations are not steps.
- within_step_budget(n) is true iff the agent produced a final answer and steps <= n (2.3).
  A final answer is a `final_answer` string that is not empty; absent, null and "" are no final
  answer under every reading. A whitespace-only answer is register ANSWER-BLANK.
- Row 1 of C-DA-001 wins whenever within_step_budget is false, whatever the answer says (5.1).
"""

from typing import Any

from tools.vectorgen._scenario_kit import (
    ROWS,
    ev,
    quiet,
    real,
    scored,
    scored_open,
    unique,
    variant,
)
from tools.vectorgen.charsets import SETS
from tools.vectorgen.common import ambiguous, normative, vector_file

FLAGS = {
    "step-budget": (
        "Exercises the clause 2.3 / 3.4 step count or the final-answer condition of"
        " within_step_budget."
    ),
    "large-transcript": "The evidence records 100 or more tool invocations.",
}

PERFECT = "SMTP_PORT is missing from the smtp-config ConfigMap."
LOCUS = "Something is off with the smtp-config ConfigMap."
NOTHING = "The mail relay is probably down."
ANSWERS = {"root-cause": (PERFECT, 2), "locus": (LOCUS, 3), "wrong": (NOTHING, 4)}
TOPIC = ["2.3", "3.4"]


def blank_readings(answer: str, blank: Any, answered: Any) -> dict[str, Any]:
    """ANSWER-BLANK: `blank` under the readings whose blank set holds every character of the
    (non-empty) answer, `answered` under the others (non-empty among them)."""
    return {
        reading: blank if set(answer) <= chars else answered
        for reading, chars in SETS["ANSWER-BLANK"].items()
    }


def _row(within: bool, answer_row: int) -> int:
    """C-DA-001 first match: row 1 when not within budget, else the answer's own row."""
    return answer_row if within else 1


def _edges() -> list[dict]:
    out = []
    for n in (1, 2, 3, 15, 100):
        scenario = real() if n == 15 else variant(budget=n)
        for steps in (n - 1, n, n + 1):
            if steps < 0:
                continue
            within = steps <= n
            flags = ["step-budget"] + (["large-transcript"] if steps >= 100 else [])
            answers = ANSWERS.items() if n < 100 else [("root-cause", ANSWERS["root-cause"])]
            for slug, (answer, answer_row) in answers:
                rel = {n - 1: "under", n: "at", n + 1: "over"}[steps]
                out.append(
                    scored(
                        f"budget-n{n}-{rel}-{steps}-steps-{slug}",
                        TOPIC,
                        f"clause 2.3: budget {n}, {steps} recorded invocations"
                        f" ({'<=' if within else '>'} n), {slug} answer.",
                        scenario,
                        ev(answer, quiet(steps)),
                        _row(within, answer_row),
                        flags,
                    )
                )
    return out


def _errored() -> list[dict]:
    """An errored call is still a recorded invocation (3.4)."""
    cases = [
        ("n15-15-with-5-errored", 15, 15, {2, 4, 6, 8, 10}),
        ("n15-16-with-1-errored", 15, 16, {16}),
        ("n15-16-all-errored", 15, 16, set(range(1, 17))),
        ("n15-16-first-errored", 15, 16, {1}),
        ("n2-3-middle-errored", 2, 3, {2}),
        ("n3-3-middle-errored", 3, 3, {2}),
        ("n1-1-errored", 1, 1, {1}),
        ("n1-2-one-errored", 1, 2, {1}),
        ("n2-3-all-errored", 2, 3, {1, 2, 3}),
        ("n100-101-with-50-errored", 100, 101, set(range(1, 101, 2))),
    ]
    out = []
    for slug, n, steps, errored in cases:
        scenario = real() if n == 15 else variant(budget=n)
        within = steps <= n
        flags = ["step-budget"] + (["large-transcript"] if steps >= 100 else [])
        out.append(
            scored(
                f"budget-errored-{slug}",
                TOPIC,
                f"clause 3.4: {steps} invocations of which {len(errored)} errored count as {steps}"
                f" steps against budget {n}.",
                scenario,
                ev(PERFECT, quiet(steps, frozenset(errored))),
                _row(within, 2),
                flags,
            )
        )
    # Other shapes of a recorded invocation, each still one step.
    shapes = {
        "result-empty": {"tool": "kubectl", "arguments": {}, "result": ""},
        "result-null": {"tool": "kubectl", "arguments": {}, "result": None},
        "no-result-key": {"tool": "kubectl", "arguments": {}},
        "error-code-only": {"tool": "kubectl", "arguments": {}, "result": "", "error_code": 137},
        "error-with-body": {
            "tool": "kubectl",
            "arguments": {},
            "result": "Error from server (Forbidden)",
            "error": "exit status 1",
        },
        "arguments-null": {"tool": "kubectl", "arguments": None, "result": "ok"},
    }
    for slug, record in shapes.items():
        out.append(scored(
            f"budget-shape-{slug}-counts-over", TOPIC,
            f"clause 3.4: three invocations shaped '{slug}' are three steps: over a budget of 2.",
            variant(budget=2), ev(PERFECT, [dict(record) for _ in range(3)]), 1, ["step-budget"]))
        out.append(scored(
            f"budget-shape-{slug}-counts-at", TOPIC,
            f"clause 3.4: two invocations shaped '{slug}' are two steps: within a budget of 2.",
            variant(budget=2), ev(PERFECT, [dict(record) for _ in range(2)]), 2, ["step-budget"]))
    out.append(
        scored(
            "budget-duplicate-ids-each-count",
            TOPIC,
            "clause 3.4: three recorded invocations sharing one id are three steps, over a budget"
            " of 2.",
            variant(budget=2),
            ev(PERFECT, [dict(a, id="call_1") for a in quiet(3)]),
            1,
            ["step-budget"],
        )
    )
    return out


def _answers() -> list[dict]:
    """The final-answer condition of within_step_budget."""
    out = []
    trace = "SMTP_PORT is missing from smtp-config."
    for slug, fields in [("absent", {"final_answer": ...}), ("null", {}), ("empty", {})]:
        answer = {"null": None, "empty": ""}.get(slug)
        for steps in (0, 3):
            evidence = ev(answer, quiet(steps), trace=trace, **fields)
            out.append(
                scored(
                    f"budget-answer-{slug}-{steps}-steps",
                    TOPIC,
                    f"clause 2.3: final_answer {slug} is no final answer: row 1 with {steps} steps,"
                    " though the trace names the root cause.",
                    real(),
                    evidence,
                    1,
                    ["step-budget"],
                )
            )
    out.append(
        scored(
            "budget-answer-null-string",
            TOPIC,
            'clause 2.3: the string "null" is a final answer (it is not JSON null): within budget,'
            " names nothing -> row 4.",
            real(),
            ev("null", quiet(2)),
            4,
            ["step-budget"],
        )
    )
    out.append(scored(
        "budget-answer-single-period", TOPIC,
        "clause 2.3: '.' is a final answer: within budget, names nothing -> row 4.",
        real(), ev(".", quiet(2)), 4, ["step-budget"]))
    out.append(scored(
        "budget-answer-na", TOPIC,
        "clause 2.3: 'N/A' is a final answer: within budget -> row 4.",
        real(), ev("N/A", quiet(1)), 4, ["step-budget"]))
    out.append(
        scored(
            "budget-answer-root-cause-zero-steps",
            TOPIC,
            "clause 2.3: zero recorded invocations are within any budget: a root-cause answer"
            " scores row 2.",
            real(),
            ev(PERFECT, []),
            2,
            ["step-budget"],
        )
    )
    out.append(scored(
        "budget-answer-root-cause-zero-steps-n1", TOPIC,
        "clause 2.3: zero invocations against budget 1: within; row 2.",
        variant(budget=1), ev(PERFECT, []), 2, ["step-budget"]))
    out.append(scored(
        "budget-actions-null-is-zero-steps", TOPIC,
        "clause 3.4: actions null records no invocation: zero steps, within budget; row 2.",
        real(), ev(PERFECT, None), 2, ["step-budget"]))
    out.append(scored(
        "budget-actions-absent-is-zero-steps", TOPIC,
        "clause 3.4: no actions field records no invocation: zero steps, within budget 1; row 2.",
        variant(budget=1), ev(PERFECT, ...), 2, ["step-budget"]))
    for slug, blank in [
        ("space", " "),
        ("newline", "\n"),
        ("spaces-tab-newline", "  \t \n"),
        ("blank-lines", "\n\n\n"),
    ]:
        out.append(scored_open(
            f"budget-answer-blank-{slug}", TOPIC,
            f"clause 2.3 ANSWER-BLANK: a whitespace-only final answer ({slug}) with 3 steps of 15.",
            real(), ev(blank, quiet(3)), "ANSWER-BLANK", blank_readings(blank, 1, 4),
            ["step-budget"]))
        out.append(
            scored(
                f"budget-answer-blank-{slug}-over-budget",
                TOPIC,
                f"clause 2.3: a whitespace-only final answer ({slug}) with 16 steps of 15 is row 1"
                " under every reading.",
                real(),
                ev(blank, quiet(16)),
                1,
                ["step-budget"],
            )
        )
    out.append(scored_open(
        "budget-answer-blank-zero-steps", TOPIC,
        "clause 2.3 ANSWER-BLANK: a whitespace-only final answer with zero steps.",
        real(), ev("   ", []), "ANSWER-BLANK", blank_readings("   ", 1, 4), ["step-budget"]))
    out.append(
        scored_open(
            "budget-answer-blank-trace-has-root-cause",
            TOPIC,
            "clause 2.3 ANSWER-BLANK: a whitespace-only answer; the trace names the root cause"
            " (never a diagnosis channel).",
            real(),
            ev(" \n ", quiet(2), trace=trace),
            "ANSWER-BLANK",
            blank_readings(" \n ", 1, 4),
            ["step-budget"],
        )
    )
    return out


def _not_steps() -> list[dict]:
    """Reasoning turns, trace entries and observations are not steps (3.4)."""
    long_trace = "\n".join(f"Thought {i}: check something. Action {i}: none." for i in range(1, 31))
    return [
        scored(
            "budget-trace-turns-are-not-steps",
            TOPIC,
            "clause 3.4: thirty reasoning turns in the trace with 3 tool invocations are 3 steps:"
            " within 15; row 2.",
            real(),
            ev(PERFECT, quiet(3), trace=long_trace),
            2,
            ["step-budget"],
        ),
        scored(
            "budget-trace-list-entries-are-not-steps",
            TOPIC,
            "clause 3.4: a reasoning_trace list of 20 entries with 2 invocations: 2 steps, within"
            " budget 2; row 2.",
            variant(budget=2),
            ev(PERFECT, quiet(2), trace=[f"turn {i}" for i in range(20)]),
            2,
            ["step-budget"],
        ),
        scored(
            "budget-observations-are-not-steps",
            TOPIC,
            "clause 3.4: twenty provider observations are not tool invocations: 1 step, within"
            " budget 1; row 2.",
            variant(budget=1),
            ev(PERFECT, quiet(1), observations=[{"kind": "provider", "status": "ok"}] * 20),
            2,
            ["step-budget"],
        ),
        scored(
            "budget-multi-message-answer-one-step",
            TOPIC,
            "clause 3.4: a long multi-paragraph answer is not several steps: 1 invocation, budget"
            " 1; row 2.",
            variant(budget=1),
            ev(
                "Step 1: looked at pods.\n\nStep 2: looked at the ConfigMap.\n\nStep 3: " + PERFECT,
                quiet(1),
            ),
            2,
            ["step-budget"],
        ),
    ]


def _ops() -> list[dict]:
    out = []
    for n in (1, 2, 3, 15, 100):
        for steps in (n - 1, n, n + 1):
            if steps < 0:
                continue
            flags = ["step-budget"] + (["large-transcript"] if steps >= 100 else [])
            out.append(normative(
                f"budget-wsb-n{n}-{steps}-steps", TOPIC, "within_step_budget",
                f"clause 2.3: {steps} invocations, budget {n}, an answer: {steps <= n}.",
                {"evidence": ev("done", quiet(steps)), "n": n}, {"value": steps <= n}, flags))
    more = [
        (
            "errored-over",
            ev("done", quiet(3, frozenset({2}))),
            2,
            False,
            "3 invocations, one errored, budget 2",
        ),
        (
            "errored-at",
            ev("done", quiet(3, frozenset({1, 2, 3}))),
            3,
            True,
            "3 errored invocations, budget 3",
        ),
        ("answer-null", ev(None, []), 15, False, "final_answer null, zero steps"),
        ("answer-empty", ev("", []), 15, False, 'final_answer "", zero steps'),
        ("answer-absent", ev("x", [], final_answer=...), 15, False, "no final_answer field"),
        (
            "answer-null-string",
            ev("null", []),
            1,
            True,
            'final_answer "null" (a string), zero steps',
        ),
        ("actions-null", ev("done", None), 1, True, "actions null, an answer"),
        ("actions-absent", ev("done", ...), 1, True, "no actions field, an answer"),
        ("zero-steps", ev("done", []), 1, True, "zero invocations, an answer"),
    ]
    for slug, evidence, n, value, why in more:
        out.append(
            normative(
                f"budget-wsb-{slug}",
                TOPIC,
                "within_step_budget",
                f"clause 2.3: {why}: {value}.",
                {"evidence": evidence, "n": n},
                {"value": value},
                ["step-budget"],
            )
        )
    for slug, blank in [("space", " "), ("tab-newline", "\t\n")]:
        out.append(ambiguous(
            f"budget-wsb-blank-{slug}", TOPIC, "within_step_budget",
            f"clause 2.3 ANSWER-BLANK: a whitespace-only answer ({slug}), 1 step, budget 15.",
            {"evidence": ev(blank, quiet(1)), "n": 15}, "ANSWER-BLANK",
            blank_readings(blank, {"value": False}, {"value": True}), ["step-budget"]))
    counts = [
        ("empty", ev("done", []), 0),
        ("null", ev("done", None), 0),
        ("absent", ev("done", ...), 0),
        ("one", ev("done", quiet(1)), 1),
        ("two", ev("done", quiet(2)), 2),
        ("fifteen", ev("done", quiet(15)), 15),
        ("sixteen", ev("done", quiet(16)), 16),
        ("errored-all", ev("done", quiet(4, frozenset({1, 2, 3, 4}))), 4),
        ("errored-some", ev("done", quiet(5, frozenset({5}))), 5),
        ("no-final-answer", ev(None, quiet(3)), 3),
        (
            "shapes",
            ev(
                "done",
                [
                    {"tool": "a", "arguments": {}, "result": ""},
                    {"tool": "b", "arguments": None, "result": None},
                    {"tool": "c"},
                    {"tool": "d", "arguments": {}, "result": "x", "error": "boom"},
                ],
            ),
            4,
        ),
        ("trace-turns", ev("done", quiet(2), trace="\n".join(f"turn {i}" for i in range(12))), 2),
        ("observations", ev("done", quiet(1), observations=[{"kind": "provider"}] * 7), 1),
        ("duplicate-ids", ev("done", [dict(a, id="x") for a in quiet(3)]), 3),
        ("hundred-one", ev("done", quiet(101)), 101),
    ]
    for slug, evidence, steps in counts:
        flags = ["step-budget"] + (["large-transcript"] if steps >= 100 else [])
        out.append(
            normative(
                f"budget-count-{slug}",
                ["3.4"],
                "count_steps",
                f"clause 3.4: {slug}: {steps} recorded tool invocations.",
                {"evidence": evidence},
                {"steps": steps},
                flags,
            )
        )
    return out


assert set(ROWS) == {1, 2, 3, 4}


def files() -> dict[str, dict]:
    return {
        "2.3-step-budget/step-budget.yaml": vector_file(
            "step-budget",
            "Clauses 2.3 and 3.4 through C-DA-001: n-1, n, n+1 steps for budgets 1, 2, 3, 15 and"
            " 100; errored and odd-shaped invocations count; final answer absent, null, empty or"
            " blank (ANSWER-BLANK).",
            "tools/vectorgen/budget.py",
            unique(_edges() + _errored() + _answers() + _not_steps()),
        ),
        "2.3-step-budget/step-budget-ops.yaml": vector_file(
            "step-budget-ops",
            "Clauses 2.3 and 3.4 through the within_step_budget and count_steps operations.",
            "tools/vectorgen/budget.py",
            unique(_ops()),
        ),
    }
