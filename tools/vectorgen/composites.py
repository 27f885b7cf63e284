"""Scenario-local composite decision tables (clause 1.4) over registry v1 primitives, and the
binding errors of composites (clauses 1.4, 2.4, 2.5, 3.3).

Rules stated here (clause 1.4 and PROTOCOL.md "Composite tables"):
- predicates are named calls of within_step_budget(n), named_in_output(identifier_set,
  channels, exclude_tool_echo) and factor_identified(factor, channels, exclude_tool_echo);
  exclude_tool_echo defaults to false; factor.ref resolves through injection.deviations;
- an expression is a predicate name, {not: E}, {all: [E...]} or {any: [E...]};
- rows are tried in order, first true row wins; none true -> else, row len(rows)+1; the
  score and label are the row's own. There is no implicit budget gate: only rows decide.
  Clause 5.1 states first match for C-DA-001's table only: where several rows of a composite
  hold, the vector is an ambiguity vector of COMPOSITE-FIRST-MATCH, each reading's verdict
  computed here from the predicates' truth values each case states (`hit_outcomes`: first,
  unique = a binding error, highest = the holding row with the highest score, the first of
  equal ones); where at most one holds, every reading gives the same verdict: normative;
- a primitive outside registry v1 (clause 2.4 names ops_against, ops_precede, sequence_matches,
  state_delta_matches, trail_matches_oracle as NOT registered) -> unregistered_primitive;
  a channel the profile does not define -> unknown_channel (2.1). These the text decides:
  normative vectors. Declared synonyms (3.3) and factor_identified channels wider than
  [agent_response] (2.5) bind the author only: BIND-DECLARED-SYNONYMS, BIND-WIDENED-CHANNELS.
- what the text leaves open for composites: a score outside [0, 1] (COMPOSITE-SCORE-RANGE), a
  named_in_output predicate over reasoning_trace in a diagnosis scenario
  (COMPOSITE-DIAGNOSIS-TRACE), several holding rows (COMPOSITE-FIRST-MATCH), a
  factor_identified predicate without exclude_tool_echo (COMPOSITE-ECHO-OMITTED; a
  named_in_output predicate without it takes clause 2.1's default false, which the text
  decides): ambiguity vectors.
- what only the kit's grammar decides (PROTOCOL.md "Composite tables": an undeclared name, a bad
  expression, empty all/any or predicates, a missing else or rows, a score or label of the wrong
  type, the type of within_step_budget's n) -> convention vectors (COMPOSITE-GRAMMAR).
- the binding's open points as composites meet them: BIND-RESTATED, BIND-EMPTY-IDENT,
  BIND-DUPLICATE-CHANNEL, BIND-EMPTY-SET, BIND-UNREGISTERED-TYPE (ambiguity vectors).
"""

import copy
from typing import Any

from tools.vectorgen._scenario_kit import (
    CONFIGMAP,
    DEPLOYMENT,
    LOGS,
    configmap,
    deployment,
    ev,
    logs,
    quiet,
    real,
    unique,
)
from tools.vectorgen.common import ambiguous, normative, vector_file

FLAGS = {
    "composite": (
        "A clause 1.4 scenario-local composite table (candidates declare the `composite` template)."
    ),
    "binding-error": (
        "The scenario binding is invalid: the expected result is a binding error, never a score."
    ),
}

FACTOR = {"ref": "f1", "required_identifiers": ["SMTP_PORT"]}


def in_budget(n: int = 15) -> dict:
    return {"primitive": "within_step_budget", "n": n}


def root(**extra: Any) -> dict:
    return {
        "primitive": "factor_identified",
        "factor": copy.deepcopy(FACTOR),
        "channels": ["agent_response"],
        "exclude_tool_echo": True,
        **extra,
    }


def named(ids: list[str], channels: list[str] | None = None, **extra: Any) -> dict:
    return {
        "primitive": "named_in_output",
        "identifier_set": ids,
        "channels": channels or ["agent_response"],
        **extra,
    }


def row(when: Any, score: float, label: str) -> dict:
    return {"when": when, "score": score, "label": label}


def composite_scenario(
    predicates: dict, rows: list[dict], otherwise: dict | None, deviations: list[dict] | None = None
) -> dict:
    document = real()
    table: dict[str, Any] = {"predicates": predicates, "rows": rows}
    if otherwise is not None:
        table["else"] = otherwise
    document["scoring"] = {"composite": table}
    if deviations is not None:
        document["injection"]["deviations"] = deviations
    return document


#: The PROTOCOL.md example table.
def protocol_example() -> dict:
    return composite_scenario(
        {"in_budget": in_budget(15), "root": root(),
         "locus": named(["smtp-config"], exclude_tool_echo=True)},
        [row({"not": "in_budget"}, 0.0, "budget_exhausted"),
         row({"all": ["root", "locus"]}, 1.0, "full"),
         row({"any": ["root", "locus"]}, 0.5, "partial")],
        {"score": 0.0, "label": "incorrect"})


def verdict(number: int, score: float, label: str) -> dict:
    return {"score": score, "label": label, "row": number}


def holds(expression: Any, truth: dict[str, bool]) -> bool:
    """An expression (a name, not, all, any) under the predicates' stated truth values."""
    if isinstance(expression, str):
        return truth[expression]
    (operator, operand), = expression.items()
    if operator == "not":
        return not holds(operand, truth)
    parts = [holds(part, truth) for part in operand]
    return all(parts) if operator == "all" else any(parts)


def holding_rows(scenario: dict, truth: dict[str, bool]) -> list[int]:
    """The 1-based numbers of the composite's rows that hold."""
    rows = scenario["scoring"]["composite"]["rows"]
    return [number for number, r in enumerate(rows, start=1) if holds(r["when"], truth)]


def hit_outcomes(scenario: dict, truth: dict[str, bool]) -> dict[str, dict]:
    """The verdict under each reading of COMPOSITE-FIRST-MATCH: `first`, the first holding row
    (clause 5.1's rule); `unique`, a binding error where several hold (DMN UNIQUE); `highest`,
    the holding row with the highest score, the first of equal ones. No row holds: the else
    band, row len(rows)+1, under every reading."""
    table = scenario["scoring"]["composite"]
    rows, holding = table["rows"], holding_rows(scenario, truth)
    if not holding:
        otherwise = table["else"]
        band = verdict(len(rows) + 1, otherwise["score"], otherwise["label"])
        return {"first": band, "unique": band, "highest": band}

    def band_of(number: int) -> dict:
        return verdict(number, rows[number - 1]["score"], rows[number - 1]["label"])

    highest = max(holding, key=lambda number: (rows[number - 1]["score"], -number))
    unique = band_of(holding[0]) if len(holding) == 1 else {"binding_error": "invalid_composite"}
    return {"first": band_of(holding[0]), "unique": unique, "highest": band_of(highest)}


def _checked(vid: str, scenario: dict, truth: dict[str, bool], expected: dict) -> dict:
    """The readings' verdicts; the verdict the case states must be the first holding row's."""
    outcomes = hit_outcomes(scenario, truth)
    if outcomes["first"] != expected:
        raise ValueError(f"{vid}: stated {expected}, its truth values give {outcomes['first']}")
    return outcomes


def _vector(
    vid: str, description: str, scenario: dict, evidence: dict, expected: dict,
    clauses: list[str] | None = None, editions: dict | None = None,
    *, truth: dict[str, bool],
) -> dict:
    """A scored composite: normative where at most one row holds (`truth`: each predicate's
    value on the evidence, stated from the text), else an ambiguity vector of
    COMPOSITE-FIRST-MATCH."""
    params = {"scenario": scenario, "evidence": evidence}
    outcomes = _checked(vid, scenario, truth, expected)
    if len(holding_rows(scenario, truth)) <= 1:
        return normative(vid, ["1.4", *(clauses or [])], "score_scenario", description, params,
                         expected, ["composite"], editions=editions)
    if editions:
        raise ValueError(f"{vid}: an edition's outcome of a table with several holding rows")
    holding = ", ".join(str(n) for n in holding_rows(scenario, truth))
    cited = ["1.4", "5.1", *(c for c in clauses or [] if c not in ("1.4", "5.1"))]
    return ambiguous(
        vid, cited, "score_scenario",
        f"COMPOSITE-FIRST-MATCH: {description} Rows {holding} hold: the first decides (first), "
        "a binding error (unique), or the highest score (highest).",
        params, "COMPOSITE-FIRST-MATCH", outcomes, ["composite"],
    )


def _trace_vector(
    vid: str, description: str, scenario: dict, evidence: dict, accepted: dict,
    clauses: list[str], *, truth: dict[str, bool],
) -> dict:
    """A composite of the real (diagnosis) scenario with a named_in_output predicate over
    reasoning_trace: an ambiguity vector of COMPOSITE-DIAGNOSIS-TRACE (scored, or rejected as
    widening clause 2.5's diagnosis channels). At most one row holds, so that no other open
    point (COMPOSITE-FIRST-MATCH) moves the verdict."""
    _checked(vid, scenario, truth, accepted)
    if len(holding_rows(scenario, truth)) > 1:
        raise ValueError(f"{vid}: several rows hold, COMPOSITE-FIRST-MATCH would matter too")
    params = {"scenario": scenario, "evidence": evidence}
    return ambiguous(
        vid, ["1.4", *clauses], "score_scenario",
        f"COMPOSITE-DIAGNOSIS-TRACE: {description} Scored (accept), or a binding error: in a "
        "diagnosis scenario every band is a diagnosis band, which reads agent_response only "
        "(reject).",
        params, "COMPOSITE-DIAGNOSIS-TRACE",
        {"accept": accepted, "reject": {"binding_error": "channel_widening"}},
        ["composite", "binding-error"],
    )


def _echo_omitted_vector(
    vid: str, description: str, scenario: dict, evidence: dict, accepted: dict,
    truth: dict[str, bool],
) -> dict:
    """A composite with a factor_identified predicate that leaves exclude_tool_echo out: an
    ambiguity vector of COMPOSITE-ECHO-OMITTED (clause 2.1's default false, or a malformed
    predicate). At most one row holds (COMPOSITE-FIRST-MATCH does not move the verdict)."""
    _checked(vid, scenario, truth, accepted)
    if len(holding_rows(scenario, truth)) > 1:
        raise ValueError(f"{vid}: several rows hold, COMPOSITE-FIRST-MATCH would matter too")
    return ambiguous(
        vid, ["1.4", "2.2", "2.1"], "score_scenario",
        "COMPOSITE-ECHO-OMITTED: a factor_identified predicate (root_any) without "
        f"exclude_tool_echo, beside one with true (root_own): {description} Scored with clause "
        "2.1's default false (default-false), or a binding error (reject).",
        {"scenario": scenario, "evidence": evidence}, "COMPOSITE-ECHO-OMITTED",
        {"default-false": accepted, "reject": {"binding_error": "invalid_composite"}},
        ["composite", "binding-error"],
    )


#: Stated by hand: the generator driver cannot evaluate a composite table whose factor_identified
#: predicate changes value under an edition (tools/vectorgen/edition_outcomes.py).
AMENDED = "0.3.0-rc1+2026-08-22"


def _valid() -> list[dict]:
    out = []
    example = [
        (
            "over-budget-perfect",
            ev("SMTP_PORT is missing from smtp-config.", quiet(16)),
            verdict(1, 0.0, "budget_exhausted"),
            "16 steps over n 15: {not: in_budget} is row 1",
        ),
        (
            "no-answer",
            ev(None, quiet(2)),
            verdict(1, 0.0, "budget_exhausted"),
            "no final answer: row 1",
        ),
        (
            "root-and-locus",
            ev("SMTP_PORT is missing from smtp-config.", quiet(3)),
            verdict(2, 1.0, "full"),
            "root and locus: {all: [root, locus]} row 2",
        ),
        (
            "root-only",
            ev("SMTP_PORT is missing.", quiet(3)),
            verdict(3, 0.5, "partial"),
            "root without locus: {any} row 3",
        ),
        (
            "locus-only",
            ev("Check smtp-config.", quiet(3)),
            verdict(3, 0.5, "partial"),
            "locus without root: {any} row 3",
        ),
        (
            "neither",
            ev("The relay is down.", quiet(3)),
            verdict(4, 0.0, "incorrect"),
            "nothing: else row 4 (len(rows)+1)",
        ),
        (
            "root-needs-same-sentence",
            ev("SMTP_PORT is the problem. It is missing.", quiet(3)),
            verdict(4, 0.0, "incorrect"),
            (
                "synonym in the next sentence: root false, locus false: else (under the 2026-08-22"
                " window the next sentence counts: root true, locus false: {any} row 3)"
            ),
        ),
        (
            "locus-echoed-root-own",
            ev("```yaml\n" + CONFIGMAP + "```\nSMTP_PORT is missing.", [configmap()]),
            verdict(3, 0.5, "partial"),
            "locus only in the echoed ConfigMap (exclude_tool_echo true), root in own words: row 3",
        ),
        (
            "at-budget",
            ev("SMTP_PORT is missing from smtp-config.", quiet(15)),
            verdict(2, 1.0, "full"),
            "exactly n 15 steps: within",
        ),
    ]
    amended = {"root-needs-same-sentence": {AMENDED: {"expected": verdict(3, 0.5, "partial")}}}
    #: (in_budget, root, locus) on each answer, from clauses 2.1 to 2.3.
    example_truth = {
        "over-budget-perfect": (False, True, True),
        "no-answer": (False, False, False),
        "root-and-locus": (True, True, True),
        "root-only": (True, True, False),
        "locus-only": (True, False, True),
        "neither": (True, False, False),
        "root-needs-same-sentence": (True, False, False),
        "locus-echoed-root-own": (True, True, False),
        "at-budget": (True, True, True),
    }
    for slug, evidence, expected, why in example:
        out.append(
            _vector(
                f"composite-example-{slug}",
                f"clause 1.4, PROTOCOL example table: {why}.",
                protocol_example(),
                evidence,
                expected,
                ["2.1", "2.2", "2.3"],
                amended.get(slug),
                truth=dict(zip(("in_budget", "root", "locus"), example_truth[slug], strict=True)),
            )
        )

    considered = composite_scenario(
        {
            "in_budget": in_budget(10),
            "root": root(),
            "considered": named(["SMTP_PORT"], ["reasoning_trace"]),
        },
        [
            row({"not": "in_budget"}, 0.0, "budget_exhausted"),
            row("root", 1.0, "root_cause"),
            row("considered", 0.25, "considered_not_reported"),
        ],
        {"score": 0.0, "label": "incorrect"},
    )
    cases = [
        (
            "trace-only",
            ev("Restart the pod.", quiet(4), trace="Maybe SMTP_PORT is missing?"),
            verdict(3, 0.25, "considered_not_reported"),
            "SMTP_PORT only in the trace: a named_in_output over reasoning_trace",
        ),
        (
            "answer-root",
            ev("SMTP_PORT is missing.", quiet(4), trace="Looking at the pods."),
            verdict(2, 1.0, "root_cause"),
            "root in the answer, nothing in the trace",
        ),
        (
            "nothing",
            ev("Restart the pod.", quiet(4), trace="No idea."),
            verdict(4, 0.0, "incorrect"),
            "nothing anywhere",
        ),
        (
            "over-budget",
            ev("Restart the pod.", quiet(11), trace="Looking at the pods."),
            verdict(1, 0.0, "budget_exhausted"),
            "11 steps over n 10, nothing named",
        ),
        (
            "trace-in-passing",
            ev("Restart the pod.", quiet(1), trace="Checking SMTP_PORT next."),
            verdict(3, 0.25, "considered_not_reported"),
            "trace mentions SMTP_PORT in passing",
        ),
    ]
    #: (in_budget, root, considered) on each case.
    considered_truth = {
        "trace-only": (True, False, True),
        "answer-root": (True, True, False),
        "nothing": (True, False, False),
        "over-budget": (False, False, False),
        "trace-in-passing": (True, False, True),
    }
    for slug, evidence, expected, why in cases:
        out.append(
            _trace_vector(
                f"composite-considered-{slug}",
                f"a considered-but-not-reported table: {why}.",
                considered,
                evidence,
                expected,
                ["2.1", "2.5"],
                truth=dict(
                    zip(("in_budget", "root", "considered"), considered_truth[slug], strict=True)
                ),
            )
        )

    anywhere = composite_scenario(
        {"mentioned": named(["SMTP_PORT"], ["reasoning_trace", "agent_response"])},
        [row("mentioned", 1.0, "mentioned")], {"score": 0.0, "label": "silent"})
    cases = [
        (
            "second-channel",
            ev("SMTP_PORT is the key.", quiet(2), trace="Looking at pods."),
            verdict(1, 1.0, "mentioned"),
            "named only in agent_response, the second listed channel: any listed channel counts",
        ),
        (
            "second-channel-multiline",
            ev("Findings:\n- smtp_port unset", quiet(2), trace=""),
            verdict(1, 1.0, "mentioned"),
            "named only in the second listed channel, lowercase, the first channel empty",
        ),
        (
            "first-channel",
            ev("Restart it.", quiet(2), trace="SMTP_PORT?"),
            verdict(1, 1.0, "mentioned"),
            "named only in reasoning_trace, the first listed channel",
        ),
    ]
    for slug, evidence, expected, why in cases:
        out.append(
            _trace_vector(
                f"composite-any-channel-{slug}",
                f"named_in_output over two channels: {why}.",
                anywhere,
                evidence,
                expected,
                ["2.1", "2.5"],
                truth={"mentioned": True},
            )
        )

    decoy = composite_scenario(
        {
            "in_budget": in_budget(15),
            "root": root(),
            "decoy": named(["SMTP_HOST"], exclude_tool_echo=True),
        },
        [
            row({"all": ["in_budget", "root", {"not": "decoy"}]}, 1.0, "clean_root_cause"),
            row({"all": ["in_budget", "root"]}, 0.75, "root_cause_with_decoy"),
            row({"all": ["in_budget", "decoy"]}, 0.0, "decoy_only"),
        ],
        {"score": 0.0, "label": "incorrect"},
    )
    cases = [
        (
            "clean",
            ev("SMTP_PORT is missing.", quiet(2)),
            verdict(1, 1.0, "clean_root_cause"),
            "root, no decoy",
        ),
        (
            "with-decoy",
            ev("SMTP_PORT is missing; SMTP_HOST is fine.", quiet(2)),
            verdict(2, 0.75, "root_cause_with_decoy"),
            "root and decoy",
        ),
        (
            "decoy-only",
            ev("SMTP_HOST is wrong.", quiet(2)),
            verdict(3, 0.0, "decoy_only"),
            "decoy only",
        ),
        ("nothing", ev("No idea.", quiet(2)), verdict(4, 0.0, "incorrect"), "nothing"),
        (
            "root-over-budget",
            ev("SMTP_PORT is missing.", quiet(16)),
            verdict(4, 0.0, "incorrect"),
            "root over budget: no budget row here, so the else row (no implicit budget gate)",
        ),
        (
            "decoy-echoed",
            ev("  SMTP_HOST: mail.internal\nSMTP_PORT is missing.", [configmap()]),
            verdict(1, 1.0, "clean_root_cause"),
            "the decoy only in an echoed ConfigMap line (exclude_tool_echo true)",
        ),
    ]
    #: (in_budget, root, decoy) on each case.
    decoy_truth = {
        "clean": (True, True, False),
        "with-decoy": (True, True, True),
        "decoy-only": (True, False, True),
        "nothing": (True, False, False),
        "root-over-budget": (False, True, False),
        "decoy-echoed": (True, True, False),
    }
    for slug, evidence, expected, why in cases:
        out.append(
            _vector(
                f"composite-decoy-{slug}",
                f"clause 1.4: nested all/not table with a decoy: {why}.",
                decoy,
                evidence,
                expected,
                ["2.1", "2.2"],
                truth=dict(zip(("in_budget", "root", "decoy"), decoy_truth[slug], strict=True)),
            )
        )

    echo_default = composite_scenario(
        {"own": named(["SMTP_PORT"], exclude_tool_echo=True), "quoted": named(["SMTP_PORT"])},
        [row("own", 1.0, "own_words"), row("quoted", 0.5, "quoted_only")],
        {"score": 0.0, "label": "silent"})
    cases = [
        (
            "dump",
            ev("```yaml\n" + DEPLOYMENT + "```", [deployment()]),
            verdict(2, 0.5, "quoted_only"),
            (
                "a dumped deployment: exclude_tool_echo defaults to false, so 'quoted' is true and"
                " 'own' false"
            ),
        ),
        (
            "own-words",
            ev("SMTP_PORT is the key.", [deployment()]),
            verdict(1, 1.0, "own_words"),
            "own words",
        ),
        ("silent", ev("Nothing found.", [deployment()]), verdict(3, 0.0, "silent"), "nothing"),
    ]
    #: (own, quoted) on each case.
    echo_truth = {"dump": (False, True), "own-words": (True, True), "silent": (False, False)}
    for slug, evidence, expected, why in cases:
        out.append(
            _vector(
                f"composite-echo-default-{slug}",
                f"clause 2.1: a named_in_output predicate's exclude_tool_echo is 'optional, "
                f"default false': {why}.",
                echo_default,
                evidence,
                expected,
                ["2.1"],
                truth=dict(zip(("own", "quoted"), echo_truth[slug], strict=True)),
            )
        )
    locus_default = composite_scenario(
        {"in_budget": in_budget(15), "locus": named(["smtp-config"])},
        [row({"not": "in_budget"}, 0.0, "budget_exhausted"), row("locus", 0.5, "locus")],
        {"score": 0.0, "label": "nothing"},
    )
    cases = [
        (
            "dumped-configmap",
            ev("```yaml\n" + CONFIGMAP + "```", [configmap()]),
            verdict(2, 0.5, "locus"),
            "a dumped ConfigMap names smtp-config (no exclusion by default)",
        ),
        (
            "copied-name-line",
            ev("  name: smtp-config", [configmap()]),
            verdict(2, 0.5, "locus"),
            "one copied ConfigMap line names smtp-config",
        ),
        (
            "nothing",
            ev("Nothing to report.", [configmap()]),
            verdict(3, 0.0, "nothing"),
            "no identifier",
        ),
    ]
    for slug, evidence, expected, why in cases:
        out.append(
            _vector(
                f"composite-locus-echo-default-{slug}",
                f"clause 2.1: named_in_output without exclude_tool_echo (default false): {why}.",
                locus_default,
                evidence,
                expected,
                ["2.1"],
                truth={"in_budget": True, "locus": slug != "nothing"},
            )
        )
    root_default = composite_scenario(
        {
            "root_any": {
                "primitive": "factor_identified",
                "factor": copy.deepcopy(FACTOR),
                "channels": ["agent_response"],
            },
            "root_own": root(),
        },
        [row("root_own", 1.0, "own"),
         row({"all": ["root_any", {"not": "root_own"}]}, 0.5, "quoted")],
        {"score": 0.0, "label": "none"},
    )
    fatal = LOGS.splitlines()[2]
    out.append(
        _echo_omitted_vector(
            "composite-factor-echo-default-quoted",
            "a copied log line identifies the factor for root_any only (row 2).",
            root_default,
            ev(fatal, [logs()]),
            verdict(2, 0.5, "quoted"),
            {"root_any": True, "root_own": False},
        )
    )
    out.append(
        _echo_omitted_vector(
            "composite-factor-echo-default-own",
            "an own sentence satisfies both factor predicates: row 1 (row 2 asks for root_own "
            "false).",
            root_default,
            ev("SMTP_PORT is unset.", [logs()]),
            verdict(1, 1.0, "own"),
            {"root_any": True, "root_own": True},
        )
    )

    two = [
        {
            "id": "f1",
            "resource": "configmap/smtp-config",
            "deviation_type": "absent_key",
            "subject": "SMTP_PORT",
        },
        {
            "id": "f2",
            "resource": "configmap/smtp-config",
            "deviation_type": "absent_key",
            "subject": "SMTP_USER",
        },
    ]
    multi = composite_scenario(
        {"port": root(), "user": root(factor={"ref": "f2", "required_identifiers": ["SMTP_USER"]})},
        [row({"all": ["port", "user"]}, 1.0, "both"), row({"any": ["port", "user"]}, 0.5, "one")],
        {"score": 0.0, "label": "none"}, deviations=two)
    cases = [
        ("both", "SMTP_PORT and SMTP_USER are both missing.", verdict(1, 1.0, "both")),
        (
            "both-separate",
            "SMTP_PORT is missing.\nSMTP_USER is absent too.",
            verdict(1, 1.0, "both"),
        ),
        ("port", "SMTP_PORT is missing.", verdict(2, 0.5, "one")),
        ("user", "SMTP_USER is missing.", verdict(2, 0.5, "one")),
        ("none", "SMTP_HOST is missing.", verdict(3, 0.0, "none")),
    ]
    #: (port, user) on each answer.
    factors_truth = {
        "both": (True, True), "both-separate": (True, True), "port": (True, False),
        "user": (False, True), "none": (False, False),
    }
    for slug, answer, expected in cases:
        out.append(
            _vector(
                f"composite-two-factors-{slug}",
                f"clause 1.4: two factor predicates with refs f1 and f2: {answer!r}.",
                multi,
                ev(answer, quiet(2)),
                expected,
                ["2.2"],
                truth=dict(zip(("port", "user"), factors_truth[slug], strict=True)),
            )
        )

    both_channels = composite_scenario(
        {"mentioned": named(["smtp-config"], ["agent_response", "reasoning_trace"])},
        [row("mentioned", 0.5, "mentioned")], {"score": 0.0, "label": "not_mentioned"})
    out.append(
        _trace_vector(
            "composite-two-channels-trace",
            "named_in_output over both profile channels; smtp-config only in the trace.",
            both_channels,
            ev("Done.", quiet(1), trace="looked at smtp-config"),
            verdict(1, 0.5, "mentioned"),
            ["2.1", "2.5"],
            truth={"mentioned": True},
        )
    )
    reversed_channels = composite_scenario(
        {"mentioned": named(["smtp-config"], ["reasoning_trace", "agent_response"])},
        [row("mentioned", 0.5, "mentioned")], {"score": 0.0, "label": "not_mentioned"})
    out.append(
        _trace_vector(
            "composite-two-channels-answer-second",
            "channels [reasoning_trace, agent_response]; smtp-config only in the answer.",
            reversed_channels,
            ev("Check smtp-config.", quiet(1), trace="looked at pods"),
            verdict(1, 0.5, "mentioned"),
            ["2.1", "2.5"],
            truth={"mentioned": True},
        )
    )
    out.append(
        _trace_vector(
            "composite-two-channels-none",
            "named_in_output over both channels; named in neither.",
            both_channels,
            ev("Done.", quiet(1), trace="looked at pods"),
            verdict(2, 0.0, "not_mentioned"),
            ["2.1", "2.5"],
            truth={"mentioned": False},
        )
    )

    double_not = composite_scenario(
        {"in_budget": in_budget(1), "locus": named(["smtp-config"], exclude_tool_echo=True)},
        [
            row({"not": {"not": "in_budget"}}, 1, "within"),
            row({"any": [{"all": ["locus"]}]}, 0, "locus"),
        ],
        {"score": 0.5, "label": "neither"},
    )
    cases = [
        ("within", ev("Check smtp-config.", quiet(1)), verdict(1, 1, "within"), (True, True)),
        ("over-locus", ev("Check smtp-config.", quiet(2)), verdict(2, 0, "locus"), (False, True)),
        ("over-nothing", ev("Nothing.", quiet(2)), verdict(3, 0.5, "neither"), (False, False)),
    ]
    for slug, evidence, expected, values in cases:
        out.append(
            _vector(
                f"composite-nested-{slug}",
                "clause 1.4: {not: {not: E}} and singleton all/any; integer scores; else 0.5.",
                double_not,
                evidence,
                expected,
                ["2.3"],
                truth=dict(zip(("in_budget", "locus"), values, strict=True)),
            )
        )

    unused = composite_scenario(
        {"in_budget": in_budget(15), "root": root(), "unused": named(["configMapKeyRef"])},
        [row({"all": ["in_budget", "root"]}, 1.0, "root")], {"score": 0.0, "label": "other"})
    out.append(
        _vector(
            "composite-unused-predicate-root",
            "clause 1.4: a declared but unused predicate is harmless; root -> row 1.",
            unused,
            ev("SMTP_PORT is missing.", quiet(2)),
            verdict(1, 1.0, "root"),
            ["2.2"],
            truth={"in_budget": True, "root": True, "unused": False},
        )
    )
    out.append(
        _vector(
            "composite-unused-predicate-else",
            "clause 1.4: only the unused predicate would be true; else row 2.",
            unused,
            ev("configMapKeyRef looks odd.", quiet(2)),
            verdict(2, 0.0, "other"),
            ["2.1"],
            truth={"in_budget": True, "root": False, "unused": True},
        )
    )

    cda = composite_scenario(
        {
            "within": in_budget(15),
            "factor": root(),
            "subsystem": named(
                ["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef"], exclude_tool_echo=True
            ),
        },
        [
            row({"not": "within"}, 0.0, "budget_exhausted"),
            row("factor", 1.0, "root_cause_identified"),
            row("subsystem", 0.5, "subsystem_identified"),
        ],
        {"score": 0.0, "label": "incorrect"},
    )
    cases = [
        ("row1", ev("SMTP_PORT is missing.", quiet(16)), verdict(1, 0.0, "budget_exhausted")),
        ("row2", ev("SMTP_PORT is missing.", quiet(3)), verdict(2, 1.0, "root_cause_identified")),
        (
            "row3",
            ev("Something is wrong with the SMTP_PORT config.", quiet(3)),
            verdict(3, 0.5, "subsystem_identified"),
        ),
        ("row4", ev("The relay is down.", quiet(3)), verdict(4, 0.0, "incorrect")),
    ]
    #: (within, factor, subsystem) on each case.
    cda_truth = {
        "row1": (False, True, True), "row2": (True, True, True), "row3": (True, False, True),
        "row4": (True, False, False),
    }
    for slug, evidence, expected in cases:
        out.append(
            _vector(
                f"composite-c-da-001-restated-{slug}",
                "clause 1.4: the C-DA-001 table restated as a composite scores as the template"
                f" ({slug}).",
                cda,
                evidence,
                expected,
                ["5.1"],
                truth=dict(zip(("within", "factor", "subsystem"), cda_truth[slug], strict=True)),
            )
        )
    return out


GRAMMAR = "COMPOSITE-GRAMMAR"
GRAMMAR_NOTE = "the kit's composite grammar (PROTOCOL.md, Composite tables), not the text: "
#: The readings of a binding point met inside a composite: (rejecting, accepting).
OPEN_READINGS = {
    "BIND-DUPLICATE-CHANNEL": ("reject", "accept"),
    "BIND-DECLARED-SYNONYMS": ("reject", "disregard"),
    "BIND-WIDENED-CHANNELS": ("reject", "disregard"),
    "BIND-EMPTY-SET": ("reject", "accept"),
    "BIND-UNREGISTERED-TYPE": ("reject", "never-identified"),
}


def _evidence() -> dict:
    """Root and locus both named: the example table's row 2 (1.0, full) for a valid table."""
    return ev("SMTP_PORT is missing from smtp-config.", quiet(2))


def _error(
    vid: str, kind: str, why: str, scenario: dict, clauses: list[str],
    convention: str | None = None,
) -> dict:
    prefix = GRAMMAR_NOTE if convention else ""
    return normative(vid, ["1.4", *clauses], "score_scenario",
                     f"{prefix}{why} -> binding error {kind}.",
                     {"scenario": scenario, "evidence": _evidence()}, {"binding_error": kind},
                     ["composite", "binding-error"], convention=convention)


def _open_error(
    vid: str, entry: str, why: str, scenario: dict, clauses: list[str], accepted: dict, kind: str,
) -> dict:
    """An ambiguity vector of a binding point inside a composite: rejected, or the verdict."""
    rejecting, accepting = OPEN_READINGS[entry]
    readings = {rejecting: {"binding_error": kind}, accepting: accepted}
    return ambiguous(vid, ["1.4", *clauses], "score_scenario", f"{entry}: {why}.",
                     {"scenario": scenario, "evidence": _evidence()}, entry, readings,
                     ["composite", "binding-error"])


#: The out-of-range scores (COMPOSITE-SCORE-RANGE) -> the answer and the example table's verdict
#: when the table is scored as written. The out-of-range row never matches: the protocol's
#: result carries a score in [0, 1], so a matched one could not be returned.
SCORE_RANGE = {
    "row-score-above-one": ("SMTP_PORT is missing.", verdict(3, 0.5, "partial")),
    "row-score-negative": ("SMTP_PORT is missing from smtp-config.", verdict(2, 1.0, "full")),
    "else-score-above-one": ("SMTP_PORT is missing from smtp-config.", verdict(2, 1.0, "full")),
}


def _score_range(slug: str, why: str, scenario: dict) -> dict:
    """An ambiguity vector of COMPOSITE-SCORE-RANGE: the seed bounds no composite score."""
    answer, scored = SCORE_RANGE[slug]
    return ambiguous(
        f"composite-invalid-{slug}", ["1.4"], "score_scenario",
        f"COMPOSITE-SCORE-RANGE: {why} on a band that does not match {answer!r}: a binding "
        "error (reject), or the table scored as written (as-written).",
        {"scenario": scenario, "evidence": ev(answer, quiet(2))}, "COMPOSITE-SCORE-RANGE",
        {"reject": {"binding_error": "invalid_composite"}, "as-written": scored},
        ["composite", "binding-error"],
    )


def _with(change) -> dict:
    document = protocol_example()
    change(document["scoring"]["composite"], document)
    return document


def _errors() -> list[dict]:
    out = []
    unregistered = {
        "ops-against": {"primitive": "ops_against", "target": "configmap/smtp-config"},
        "ops-precede": {
            "primitive": "ops_precede",
            "first": "configmap/smtp-config",
            "then": "deployment/notifier",
        },
        "sequence-matches": {
            "primitive": "sequence_matches",
            "sequence": ["get pods", "get configmap"],
        },
        "state-delta-matches": {
            "primitive": "state_delta_matches",
            "resource": "configmap/smtp-config",
        },
        "trail-matches-oracle": {"primitive": "trail_matches_oracle", "oracle": "oracle-1"},
        "llm-judge": {"primitive": "llm_judge", "prompt": "Did the agent find the missing key?"},
        "regex-match": {
            "primitive": "regex_match",
            "pattern": "SMTP_PORT.*missing",
            "channels": ["agent_response"],
        },
        "semantic-similarity": {
            "primitive": "semantic_similarity",
            "reference": "SMTP_PORT is missing",
            "threshold": 0.8,
        },
        "plural-name": {
            "primitive": "named_in_outputs",
            "identifier_set": ["smtp-config"],
            "channels": ["agent_response"],
        },
        "renamed-budget": {"primitive": "within_budget", "n": 15},
    }
    for slug, call in unregistered.items():
        def change(table, _doc, call=call):
            table["predicates"]["extra"] = copy.deepcopy(call)
            table["rows"].insert(1, row("extra", 1.0, "extra"))
        out.append(
            _error(
                f"composite-unregistered-primitive-{slug}",
                "unregistered_primitive",
                f"clause 2.4: a predicate calls {call['primitive']}, not in registry v1",
                _with(change),
                ["2.4"],
            )
        )
    out.append(
        _error(
            "composite-unregistered-primitive-unused",
            "unregistered_primitive",
            "clause 2.4: a declared predicate calls ops_against even though no row uses it",
            _with(
                lambda t, d: t["predicates"].__setitem__(
                    "spare", {"primitive": "ops_against", "target": "x"}
                )
            ),
            ["2.4"],
        )
    )
    for slug, channels in [
        ("final-answer", ["final_answer"]),
        ("tool-output", ["tool_output"]),
        ("with-stdout", ["agent_response", "stdout"]),
        ("capitalized", ["Agent_Response"]),
        ("audit-log", ["audit_log"]),
    ]:
        out.append(
            _error(
                f"composite-unknown-channel-{slug}",
                "unknown_channel",
                f"clause 2.1: named_in_output channels {channels} name a channel the profile does"
                " not define",
                _with(lambda t, d, c=channels: t["predicates"]["locus"].__setitem__("channels", c)),
                ["2.1"],
            )
        )
    widened = [("with-trace", ["agent_response", "reasoning_trace"]),
               ("trace-only", ["reasoning_trace"])]
    for slug, channels in widened:
        out.append(_open_error(
            f"composite-channel-widening-{slug}", "BIND-WIDENED-CHANNELS",
            f"clause 2.5 binds the author: factor_identified (diagnosis) with channels {channels};"
            " rejected, or the channels disregarded and agent_response matched, where root and"
            " locus both hold (row 2)",
            _with(lambda t, d, c=channels: t["predicates"]["root"].__setitem__("channels", c)),
            ["2.5"], verdict(2, 1.0, "full"), "channel_widening"))
    out.append(_open_error(
        "composite-channel-widening-duplicate", "BIND-DUPLICATE-CHANNEL",
        "factor_identified with channels [agent_response, agent_response] widens nothing "
        "(clause 2.5): rejected, or root and locus both hold (row 2)",
        _with(lambda t, d: t["predicates"]["root"].__setitem__("channels", ["agent_response"] * 2)),
        ["2.5"], verdict(2, 1.0, "full"), "channel_widening"))
    synonyms = [
        (
            "factor-predicate",
            lambda t, d: t["predicates"]["root"].__setitem__("synonyms", ["gone"]),
        ),
        (
            "named-predicate",
            lambda t, d: t["predicates"]["locus"].__setitem__("synonyms", ["gone"]),
        ),
        (
            "predicate-factor",
            lambda t, d: t["predicates"]["root"]["factor"].__setitem__("synonyms", ["gone"]),
        ),
        (
            "scoring-level",
            lambda t, d: d["scoring"].__setitem__("synonyms", {"absent_key": ["gone"]}),
        ),
    ]
    for slug, change in synonyms:
        out.append(_open_error(
            f"composite-declared-synonyms-{slug}", "BIND-DECLARED-SYNONYMS",
            f"clause 3.3 binds the author (\"A scenario MUST NOT declare its own synonyms\"): a"
            f" composite declares its own ({slug}); rejected, or the list disregarded and root and"
            " locus both hold (row 2)",
            _with(change), ["3.3"], verdict(2, 1.0, "full"), "declared_synonyms"))
    invalid = [
        (
            "undeclared-name",
            lambda t, d: t["rows"].__setitem__(1, row({"all": ["root", "ghost"]}, 1.0, "full")),
            "a row names the undeclared predicate ghost",
        ),
        (
            "undeclared-nested",
            lambda t, d: t["rows"].__setitem__(
                2, row({"any": ["root", {"not": "ghost"}]}, 0.5, "partial")
            ),
            "a nested expression names the undeclared predicate ghost",
        ),
        (
            "undeclared-bare",
            lambda t, d: t["rows"].__setitem__(0, row("in_budget_typo", 0.0, "budget_exhausted")),
            "a row's when is an undeclared bare name",
        ),
        (
            "xor-operator",
            lambda t, d: t["rows"].__setitem__(1, row({"xor": ["root", "locus"]}, 1.0, "full")),
            "an expression with the unknown operator xor",
        ),
        (
            "not-of-list",
            lambda t, d: t["rows"].__setitem__(
                0, row({"not": ["in_budget"]}, 0.0, "budget_exhausted")
            ),
            "not applied to a list",
        ),
        (
            "all-empty",
            lambda t, d: t["rows"].__setitem__(1, row({"all": []}, 1.0, "full")),
            "all over an empty list",
        ),
        (
            "any-not-a-list",
            lambda t, d: t["rows"].__setitem__(2, row({"any": "root"}, 0.5, "partial")),
            "any over a bare name",
        ),
        (
            "two-operators",
            lambda t, d: t["rows"].__setitem__(
                1, row({"all": ["root"], "any": ["locus"]}, 1.0, "full")
            ),
            "an expression object with two operators",
        ),
        (
            "number-expression",
            lambda t, d: t["rows"].__setitem__(1, row(1, 1.0, "full")),
            "a number as an expression",
        ),
        ("null-when", lambda t, d: t["rows"].__setitem__(1, row(None, 1.0, "full")), "when: null"),
        ("missing-when", lambda t, d: t["rows"][1].pop("when"), "a row without when"),
        ("missing-else", lambda t, d: t.pop("else"), "no else row"),
        (
            "missing-else-one-row",
            lambda t, d: (t.pop("else"), t.__setitem__("rows", t["rows"][:1])),
            "no else row, a single row",
        ),
        (
            "missing-else-no-rows",
            lambda t, d: (t.pop("else"), t.__setitem__("rows", [])),
            "no else row and no rows",
        ),
        (
            "row-score-above-one",
            lambda t, d: t["rows"][1].__setitem__("score", 1.5),
            "a row score 1.5",
        ),
        (
            "row-score-negative",
            lambda t, d: t["rows"][2].__setitem__("score", -0.5),
            "a row score -0.5",
        ),
        ("else-score-above-one", lambda t, d: t["else"].__setitem__("score", 2), "an else score 2"),
        (
            "row-score-string",
            lambda t, d: t["rows"][1].__setitem__("score", "1.0"),
            "a row score written as a string",
        ),
        ("row-missing-score", lambda t, d: t["rows"][1].pop("score"), "a row without score"),
        ("row-missing-label", lambda t, d: t["rows"][1].pop("label"), "a row without label"),
        ("else-missing-score", lambda t, d: t["else"].pop("score"), "an else row without score"),
        (
            "no-predicates",
            lambda t, d: (t.__setitem__("predicates", {}), t.__setitem__("rows", [])),
            "an empty predicates map",
        ),
        (
            "rows-not-a-list",
            lambda t, d: t.__setitem__("rows", {"first": row("root", 1.0, "full")}),
            "rows as a map",
        ),
        ("missing-rows", lambda t, d: t.pop("rows"), "no rows key"),
        ("missing-predicates", lambda t, d: t.pop("predicates"), "no predicates key"),
    ]
    for slug, change, why in invalid:
        if slug in SCORE_RANGE:
            out.append(_score_range(slug, why, _with(change)))
        else:
            out.append(_error(f"composite-invalid-{slug}", "invalid_composite", why,
                              _with(change), [], GRAMMAR))
    forms = [
        ("type", lambda t, d: d["scoring"].__setitem__("type", "rubric")),
        (  # Form A's rubric in the field's shape, a mapping
            "rubric",
            lambda t, d: d["scoring"].__setitem__(
                "rubric", {"correct_root_cause": "Names SMTP_PORT and says it is missing."}
            ),
        ),
        (
            "dimensions",
            lambda t, d: d["scoring"].__setitem__("dimensions", {"accuracy": {"weight": 1}}),
        ),
    ]
    for slug, change in forms:
        out.append(
            _error(
                f"composite-form-conflict-{slug}",
                "form_conflict",
                f"clause 1.3: a composite block that also declares Form A field {slug}",
                _with(change),
                ["1.3"],
            )
        )
    for slug, value in [
        ("zero", 0),
        ("negative", -1),
        ("fraction", 1.5),
        ("boolean", True),
        ("string", "15"),
        ("float-integral", 15.0),
    ]:
        def set_n(table: dict, _document: dict, n: Any = value) -> None:
            table["predicates"]["in_budget"]["n"] = n

        vector = _error(f"composite-invalid-step-budget-{slug}", "invalid_step_budget",
                        f"within_step_budget n {value!r} is not a positive integer (the seed types "
                        "the C-DA-001 role step_budget, not the n of a composite predicate)",
                        _with(set_n), ["2.3", "3.4"], GRAMMAR)
        if slug == "float-integral":
            vector["flags"].append("json-float-integral")
        out.append(vector)
    out.append(_error("composite-invalid-else-null", "invalid_composite",
                      "else: null (no else row)", _with(lambda t, d: t.__setitem__("else", None)),
                      [], GRAMMAR))

    def no_required(table: dict, _document: dict) -> None:
        table["predicates"]["root"]["factor"]["required_identifiers"] = []

    def wrong_value(_table: dict, document: dict) -> None:
        document["injection"]["deviations"][0]["deviation_type"] = "wrong_value"

    out.append(_open_error(
        "composite-invalid-role-required-identifiers-empty", "BIND-EMPTY-SET",
        "a factor predicate's required_identifiers is []: rejected, or the factor is never "
        "identified (no sentence names 'one of' them, clause 2.2) and the locus alone holds "
        "(row 3)",
        _with(no_required), ["2.2", "5.1"], verdict(3, 0.5, "partial"), "invalid_role"))
    out.append(
        _error(
            "composite-unresolved-factor-ref",
            "unresolved_factor_ref",
            "clause 2.2: a factor_identified predicate's factor.ref f9 names no deviation",
            _with(lambda t, d: t["predicates"]["root"]["factor"].__setitem__("ref", "f9")),
            ["2.2"],
        )
    )
    out.append(_open_error(
        "composite-unregistered-deviation-type", "BIND-UNREGISTERED-TYPE",
        "the predicate's referenced deviation has type wrong_value, with no synonym list: "
        "rejected, or root never holds and the locus alone does (row 3)",
        _with(wrong_value), ["2.2", "3.3"], verdict(3, 0.5, "partial"),
        "unregistered_deviation_type"))
    return out


def _open() -> list[dict]:
    out = []
    restated = _with(
        lambda t, d: t["predicates"]["root"]["factor"].__setitem__("deviation_type", "absent_key")
    )
    out.append(
        ambiguous(
            "composite-restated-deviation-type",
            ["1.4", "2.2"],
            "score_scenario",
            "clause 2.2 BIND-RESTATED: a composite factor predicate restates deviation_type"
            " absent_key.",
            {
                "scenario": restated,
                "evidence": ev("SMTP_PORT is missing from smtp-config.", quiet(2)),
            },
            "BIND-RESTATED",
            {
                "reject": {"binding_error": "restated_deviation_type"},
                "ignore": verdict(2, 1.0, "full"),
            },
            ["composite", "binding-error"],
        )
    )
    empty = _with(
        lambda t, d: t["predicates"]["locus"].__setitem__("identifier_set", ["smtp-config", ""])
    )
    out.append(ambiguous(
        "composite-empty-identifier", ["1.4", "1.3"], "score_scenario",
        "clause 1.3 BIND-EMPTY-IDENT: a composite identifier_set holds \"\"; under accept it "
        "matches after the final '.' (row 2); never matched, only root holds (row 3).",
        {"scenario": empty, "evidence": ev("SMTP_PORT is missing.", quiet(2))}, "BIND-EMPTY-IDENT",
        {"reject": {"binding_error": "empty_identifier"}, "accept": verdict(2, 1.0, "full"),
         "accept-never-matches": verdict(3, 0.5, "partial")}, ["composite", "binding-error"]))
    empty_factor = _with(
        lambda t, d: t["predicates"]["root"]["factor"].__setitem__(
            "required_identifiers", ["SMTP_PORT", ""]
        )
    )
    out.append(
        ambiguous(
            "composite-empty-required-identifier",
            ["1.4", "1.3"],
            "score_scenario",
            'clause 1.3 BIND-EMPTY-IDENT: a composite factor requires [SMTP_PORT, ""]; the answer'
            " has no two adjacent delimiters.",
            {
                "scenario": empty_factor,
                "evidence": ev("SMTP_PORT is missing from smtp-config", quiet(2)),
            },
            "BIND-EMPTY-IDENT",
            {
                "reject": {"binding_error": "empty_identifier"},
                "accept": verdict(3, 0.5, "partial"),
                "accept-never-matches": verdict(3, 0.5, "partial"),
            },
            ["composite", "binding-error"],
        )
    )
    return out


def files() -> dict[str, dict]:
    return {
        "1.4-composites/composites.yaml": vector_file(
            "composites",
            "Clause 1.4 scenario-local composite tables over registry v1 primitives: not/all/any,"
            " first match, else row len(rows)+1, their own scores and labels.",
            "tools/vectorgen/composites.py",
            unique(_valid()),
        ),
        "1.4-composites/composite-errors.yaml": vector_file(
            "composite-errors",
            "Binding errors of composites: unregistered primitives (clause 2.4), unknown "
            "channels, widened diagnosis channels (2.5), declared synonyms (3.3); tables malformed "
            "under the kit's grammar (COMPOSITE-GRAMMAR convention vectors); the open points "
            "BIND-RESTATED, BIND-EMPTY-IDENT, BIND-DUPLICATE-CHANNEL, BIND-EMPTY-SET, "
            "BIND-UNREGISTERED-TYPE and COMPOSITE-SCORE-RANGE.",
            "tools/vectorgen/composites.py",
            unique(_errors() + _open()),
        ),
    }
