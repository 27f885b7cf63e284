"""Efficiency stance (clause 4): raw step counts, wall-clock time and tokens never change a
verdict. Each base case is scored once as recorded and again with only non-scoring metadata
changed (durations, tokens, provider observations, observed_model, vacuous_assertions) or with
a different step count that stays within the budget: the verdict must be identical.

The only way steps enter a verdict is the step-budget ceiling (clauses 2.3 and 4: "a
legitimate ceiling gate"); every perturbation here stays on the same side of it.
"""

import copy
from collections.abc import Callable

from tools.vectorgen._scenario_kit import (
    CONFIGMAP,
    LOGS,
    configmap,
    describe,
    ev,
    logs,
    pods,
    quiet,
    real,
    scored,
    unique,
)
from tools.vectorgen.common import vector_file

FLAGS = {
    "efficiency": (
        "A clause 4 metamorphic pair: only non-scoring metadata (or a step count inside the budget)"
        " differs from its base vector."
    ),
}

FATAL = LOGS.splitlines()[2]

BASES: dict[str, tuple[str | None, Callable[[], list[dict]], int, str]] = {
    "root-cause": (
        "SMTP_PORT is missing from the smtp-config ConfigMap.",
        lambda: [pods(), logs(), configmap()],
        2,
        "a root-cause answer",
    ),
    "locus": (
        "Something is off with smtp-config.",
        lambda: [pods(), configmap()],
        3,
        "a subsystem-only answer",
    ),
    "wrong": ("The mail relay is down.", lambda: [pods()], 4, "a wrong answer"),
    "over-budget": (
        "SMTP_PORT is missing from smtp-config.",
        lambda: quiet(16),
        1,
        "a root-cause answer after 16 steps of 15",
    ),
    "no-answer": (None, lambda: [pods(), describe()], 1, "no final answer"),
    "echo-only": (
        "```yaml\n" + CONFIGMAP + "```",
        lambda: [configmap()],
        4,
        "a dumped ConfigMap only",
    ),
    "log-quote-and-finding": (
        "> " + FATAL + "\n\nSo SMTP_PORT is not set: smtp-config lacks the key.",
        lambda: [pods(), logs()],
        2,
        "a quoted log line plus the finding",
    ),
    "errored-timeout": (
        "SMTP_PORT is missing.",
        lambda: [
            pods(),
            dict(
                configmap(),
                result="",
                error="tool timed out",
                error_code="TIMEOUT",
                duration_ms=30000,
            ),
        ],
        2,
        "a root-cause answer with a timed-out call",
    ),
}


def _durations(value) -> Callable[[dict], None]:
    def change(evidence: dict) -> None:
        for record in evidence.get("actions") or []:
            if value is ...:
                record.pop("duration_ms", None)
            else:
                record["duration_ms"] = value
    return change


def _field(name: str, value) -> Callable[[dict], None]:
    def change(evidence: dict) -> None:
        evidence[name] = copy.deepcopy(value)
    return change


def _combined(evidence: dict) -> None:
    _durations(86_400_000)(evidence)
    evidence.update(
        {
            "tokens": 2_000_000_000,
            "observed_model": "a-much-larger-model",
            "observations": [{"kind": "provider", "status": "rate_limited", "retries": 40}] * 5,
            "vacuous_assertions": ["assertion-7"],
        }
    )


PERTURBATIONS: dict[str, tuple[Callable[[dict], None], str]] = {
    "durations-zero": (_durations(0), "every duration_ms 0"),
    "durations-one-hour": (_durations(3_600_000), "every duration_ms one hour"),
    "durations-null": (_durations(None), "every duration_ms null"),
    "durations-absent": (_durations(...), "no duration_ms at all"),
    "tokens-zero": (_field("tokens", 0), "tokens 0"),
    "tokens-huge": (_field("tokens", 10_000_000), "tokens ten million"),
    "tokens-null": (_field("tokens", None), "tokens null"),
    "observations-degraded": (
        _field(
            "observations",
            [
                {"kind": "provider", "status": "degraded", "latency_ms": 9000},
                {"kind": "provider", "status": "ok"},
            ],
        ),
        "provider observations of degraded service",
    ),
    "observed-model-null": (_field("observed_model", None), "observed_model null"),
    "observed-model-other": (
        _field("observed_model", "another-model-2026-11"),
        "another observed_model",
    ),
    "vacuous-assertions": (_field("vacuous_assertions", ["a1", "a2"]), "a vacuous_assertions list"),
    "all-extreme": (
        _combined,
        "a day per call, two billion tokens, rate-limited provider, another model",
    ),
}


def _pairs() -> list[dict]:
    out = []
    for base, (answer, actions, row, why) in BASES.items():
        base_evidence = ev(answer, actions())
        base_evidence.setdefault("tokens", 1200)
        out.append(scored(f"efficiency-{base}-base", ["4"], f"clause 4 base: {why} -> row {row}.",
                          real(), base_evidence, row, ["efficiency"]))
        for slug, (change, what) in PERTURBATIONS.items():
            evidence = copy.deepcopy(base_evidence)
            change(evidence)
            out.append(
                scored(
                    f"efficiency-{base}-{slug}",
                    ["4"],
                    f"clause 4: {why} with {what}: same verdict as efficiency-{base}-base (row"
                    f" {row}).",
                    real(),
                    evidence,
                    row,
                    ["efficiency"],
                )
            )
    return out


def _step_economy() -> list[dict]:
    """Step counts inside the budget do not grade: 1 step and 15 steps score alike."""
    out = []
    answers = [
        ("root-cause", "SMTP_PORT is missing from smtp-config.", 2),
        ("locus", "Check smtp-config.", 3),
        ("wrong", "The relay is down.", 4),
    ]
    for slug, answer, row in answers:
        for steps in (0, 1, 7, 15):
            out.append(
                scored(
                    f"efficiency-steps-{slug}-{steps}",
                    ["4", "2.3"],
                    f"clause 4: {steps} steps within budget 15 do not change the verdict (row"
                    f" {row}).",
                    real(),
                    ev(answer, quiet(steps)),
                    row,
                    ["efficiency"],
                )
            )
    out.append(
        scored(
            "efficiency-steps-verification-heavy",
            ["4", "2.3"],
            "clause 4: re-reading state five times (verification steps) within budget 15 is not"
            " penalised -> row 2.",
            real(),
            ev(
                "SMTP_PORT is missing from smtp-config.",
                [configmap() for _ in range(5)] + [logs()] * 3,
            ),
            2,
            ["efficiency"],
        )
    )
    return out


def files() -> dict[str, dict]:
    return {
        "4-efficiency/efficiency.yaml": vector_file(
            "efficiency",
            "Clause 4: durations, tokens, provider observations, observed_model and step counts"
            " inside the budget never change a verdict (metamorphic pairs against a base vector).",
            "tools/vectorgen/efficiency.py",
            unique(_pairs() + _step_economy()),
        ),
    }
