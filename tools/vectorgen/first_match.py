"""First-match ordering of the C-DA-001 decision table (clause 5.1) and the evaluate_table
operation.

Rule (5.1): rows are tried in order and the first true row decides; row 1 is
"not within_step_budget", row 2 factor_identified, row 3 named_in_output(subsystem_set),
row 4 the else row. Every combination of the three predicates' truth values is reached: with
the real scenario SMTP_PORT is itself in subsystem_set (so factor identified implies subsystem
named), hence scenario variants whose subsystem_set leaves the factor's identifiers out.
evaluate_table: no row true -> the else row, numbered len(rows)+1; exactly one true -> that
row. Which row decides when several are true is the open point COMPOSITE-FIRST-MATCH (clause
5.1 states first match for C-DA-001's table, and the operation is given truth values and bands,
not a template): those vectors are its ambiguity vectors, each reading's outcome computed here
(`table_outcomes`): first, the first true row; unique, an error response (DMN UNIQUE); highest,
the true row with the highest score, the first of equal ones.
"""

import itertools

from tools.vectorgen._scenario_kit import ev, quiet, real, scored, unique, variant
from tools.vectorgen.common import ambiguous, normative, vector_file

FLAGS = {
    "first-match": (
        "Exercises first-match ordering of a decision table (clause 5.1 / PROTOCOL evaluate_table)."
    ),
}

NO_PORT = ["smtp-config", "SMTP_HOST", "configMapKeyRef"]

# (slug, scenario factory, answer, factor_identified, named_in_output(subsystem_set))
ANSWERS = [
    # factor identified and subsystem named: rows 2 and 3 both true -> row 2
    ("fs-missing-from-configmap", real, "SMTP_PORT is missing from smtp-config.", True, True),
    ("fs-configmap-lacks-key", real, "The ConfigMap smtp-config lacks SMTP_PORT.", True, True),
    ("fs-port-only", real, "Root cause: SMTP_PORT is not set.", True, True),
    (
        "fs-two-sentences",
        real,
        "The pod crash-loops. SMTP_PORT does not exist in the ConfigMap.",
        True,
        True,
    ),
    # factor identified, subsystem not named (subsystem_set without SMTP_PORT)
    ("f-port-missing", lambda: variant(subsystem=NO_PORT), "SMTP_PORT is missing.", True, False),
    (
        "f-port-not-defined",
        lambda: variant(subsystem=NO_PORT),
        "The key SMTP_PORT is not defined anywhere.",
        True,
        False,
    ),
    ("f-lowercase-absent", lambda: variant(subsystem=NO_PORT), "smtp_port is absent", True, False),
    (
        "f-host-only-subsystem",
        lambda: variant(subsystem=["SMTP_HOST"]),
        "SMTP_PORT is missing from the ConfigMap.",
        True,
        False,
    ),
    (
        "f-two-required",
        lambda: variant(
            required=["SMTP_PORT", "configMapKeyRef"], subsystem=["smtp-config", "SMTP_HOST"]
        ),
        "The configMapKeyRef names SMTP_PORT, which is missing.",
        True,
        False,
    ),
    # subsystem named, factor not identified
    ("s-something-wrong", real, "Something is wrong with the SMTP_PORT config.", False, True),
    ("s-check-configmap", real, "Check smtp-config.", False, True),
    ("s-synonym-next-sentence", real, "SMTP_PORT. It is missing.", False, True),
    ("s-synonym-wrong-identifier", real, "SMTP_HOST is missing.", False, True),
    (
        "s-no-synonym",
        real,
        "The configMapKeyRef for SMTP_PORT points to a key that was removed.",
        False,
        True,
    ),
    # neither
    ("none-relay-down", real, "The mail relay is down.", False, False),
    ("none-synonym-without-identifier", real, "The key is missing.", False, False),
    ("none-longer-token", real, "SMTP_PORT_OLD is missing.", False, False),
    ("none-hyphen-not-underscore", real, "The SMTP-PORT key is missing.", False, False),
    (
        "none-port-outside-subsystem",
        lambda: variant(subsystem=NO_PORT),
        "Check SMTP_PORT.",
        False,
        False,
    ),
]

#: Ways to exceed the budget: (slug, budget, steps). Budget 15 keeps the real scenario's value.
OVER = [("n15-16", 15, 16), ("n1-2", 1, 2)]


def _with_budget(scenario: dict, budget: int) -> dict:
    scenario["scoring"]["step_budget"] = budget
    return scenario


def first_match_row(within: bool, factor: bool, subsystem: bool) -> int:
    """Clause 5.1, first match wins."""
    if not within:
        return 1
    if factor:
        return 2
    if subsystem:
        return 3
    return 4


def _scenarios() -> list[dict]:
    out = []
    for slug, make, answer, factor, subsystem in ANSWERS:
        truth = f"budget ok, factor {factor}, subsystem {subsystem}"
        row = first_match_row(True, factor, subsystem)
        out.append(scored(
            f"first-match-within-{slug}", ["2.2", "2.1"],
            f"clause 5.1: {truth} -> row {row}. Answer: {answer}",
            make(), ev(answer, quiet(3)), row, ["first-match"]))
        for over, budget, steps in OVER:
            out.append(
                scored(
                    f"first-match-over-{over}-{slug}",
                    ["2.3"],
                    f"clause 5.1: {steps} steps over budget {budget} with factor {factor},"
                    f" subsystem {subsystem}: row 1 shadows the rest.",
                    _with_budget(make(), budget),
                    ev(answer, quiet(steps)),
                    first_match_row(False, factor, subsystem),
                    ["first-match"],
                )
            )
    for slug, answer in [("null", None), ("empty", "")]:
        out.append(
            scored(
                f"first-match-no-answer-{slug}-trace-perfect",
                ["2.3", "2.5"],
                f"clause 5.1: final_answer {slug}, trace names the root cause, 2 steps: no final"
                " answer -> row 1.",
                real(),
                ev(answer, quiet(2), trace="SMTP_PORT is missing from smtp-config."),
                1,
                ["first-match"],
            )
        )
    out.append(
        scored(
            "first-match-over-n15-perfect-long-answer",
            ["2.3"],
            "clause 5.1: a thorough root-cause answer after 20 invocations with budget 15: row 1"
            " (never concluded within budget).",
            real(),
            ev(
                "## Root cause\n\nSMTP_PORT is missing from the smtp-config ConfigMap.\n\n##"
                " Fix\n\nAdd SMTP_PORT back.",
                quiet(20),
            ),
            1,
            ["first-match"],
        )
    )
    return out


def _table(
    rows: list[tuple[float, str]], values: tuple[bool, ...], otherwise: tuple[float, str]
) -> dict:
    """First true row (1-based) or the else row len(rows)+1."""
    for index, (value, (score, label)) in enumerate(zip(values, rows, strict=True), start=1):
        if value:
            return {"score": score, "label": label, "row": index}
    return {"score": otherwise[0], "label": otherwise[1], "row": len(rows) + 1}


def table_outcomes(
    rows: list[tuple[float, str]], values: tuple[bool, ...], otherwise: tuple[float, str]
) -> dict[str, dict]:
    """The outcome under each reading of COMPOSITE-FIRST-MATCH."""
    true = [index for index, value in enumerate(values, start=1) if value]
    first = _table(rows, values, otherwise)
    if len(true) <= 1:
        return {"first": first, "unique": first, "highest": first}
    best = max(true, key=lambda index: (rows[index - 1][0], -index))
    highest = {"score": rows[best - 1][0], "label": rows[best - 1][1], "row": best}
    return {"first": first, "unique": {"protocol_error": "invalid_request"}, "highest": highest}


def _table_vector(
    vid: str, description: str, rows: list[tuple[float, str]], values: tuple[bool, ...],
    otherwise: tuple[float, str],
) -> dict:
    """Normative where at most one row is true (every reading agrees), else an ambiguity vector
    of COMPOSITE-FIRST-MATCH."""
    params = {
        "rows": [
            {"value": v, "score": s, "label": lab}
            for v, (s, lab) in zip(values, rows, strict=True)
        ],
        "else": {"score": otherwise[0], "label": otherwise[1]},
    }
    outcomes = table_outcomes(rows, values, otherwise)
    if sum(values) <= 1:
        return normative(vid, ["5.1", "1.4"], "evaluate_table", description, params,
                         outcomes["first"], ["first-match"])
    return ambiguous(
        vid, ["5.1", "1.4"], "evaluate_table",
        f"COMPOSITE-FIRST-MATCH: {description} Several rows are true: the first decides (first), "
        "an error response (unique), or the highest score (highest).",
        params, "COMPOSITE-FIRST-MATCH", outcomes, ["first-match"],
    )


TABLES = {
    0: ([], (0.3, "default")),
    1: ([(0.75, "only")], (0.25, "other")),
    2: ([(1.0, "first"), (0.5, "second")], (0.0, "none")),
    3: (
        [(0.0, "budget_exhausted"), (1.0, "root_cause_identified"), (0.5, "subsystem_identified")],
        (0.0, "incorrect"),
    ),
    4: ([(0.1, "a"), (0.2, "b"), (0.3, "c"), (0.4, "d")], (0.9, "e")),
    5: ([(0.5, "r1"), (0.6, "r2"), (0.7, "r3"), (0.8, "r4"), (0.9, "r5")], (1.0, "r6")),
}


def _tables() -> list[dict]:
    out = []
    for size, (rows, otherwise) in TABLES.items():
        for values in itertools.product([False, True], repeat=size):
            bits = "".join("t" if v else "f" for v in values) or "empty"
            expected = _table(rows, values, otherwise)
            out.append(
                _table_vector(
                    f"first-match-table-{size}-rows-{bits}",
                    f"first match over {size} rows with values {bits}: row {expected['row']}"
                    + (" (the else row, len(rows)+1)." if expected["row"] == size + 1 else "."),
                    rows, values, otherwise,
                )
            )
    extra = [
        (
            "same-label-two-rows",
            [(True if i == 1 else False, 0.5, "partial") for i in range(3)],
            (0.0, "partial"),
            "the same label on every row and the else row: the row number tells them apart",
        ),
        (
            "same-score-all-rows-last-true",
            [(i == 3, 0.5, f"l{i}") for i in range(4)],
            (0.5, "l4"),
            "equal scores; only the last row is true",
        ),
        (
            "else-scores-highest",
            [(False, 0.0, "no"), (False, 0.1, "still-no")],
            (1.0, "yes-by-default"),
            "the else row may carry the highest score",
        ),
        (
            "integer-scores",
            [(False, 0, "zero"), (True, 1, "one")],
            (0, "else"),
            "integer scores 0 and 1 are valid scores",
        ),
        (
            "true-row-scores-zero",
            [(True, 0.0, "gate"), (True, 1.0, "full")],
            (0.5, "mid"),
            "a true first row with score 0 still wins over a later true row with score 1",
        ),
        (
            "all-true-five",
            [(True, 0.2 * i, f"row{i}") for i in range(1, 6)],
            (0.0, "never"),
            "every row true: row 1",
        ),
    ]
    for slug, rows, otherwise, why in extra:
        values = tuple(v for v, _, _ in rows)
        out.append(_table_vector(
            f"first-match-table-{slug}", f"first match: {why}.",
            [(s, lab) for _, s, lab in rows], values, otherwise))
    return out


def files() -> dict[str, dict]:
    return {
        "5.1-c-da-001/first-match.yaml": vector_file(
            "first-match",
            "Clause 5.1 first match: every combination of within_step_budget, factor_identified and"
            " named_in_output(subsystem_set), with scenario variants to reach each.",
            "tools/vectorgen/first_match.py",
            unique(_scenarios()),
        ),
        "5.1-c-da-001/evaluate-table.yaml": vector_file(
            "evaluate-table",
            "The evaluate_table operation: every combination of row truth values for tables of 0 to"
            " 5 rows; the else row is len(rows)+1; several true rows are COMPOSITE-FIRST-MATCH's.",
            "tools/vectorgen/first_match.py",
            unique(_tables()),
        ),
    }
