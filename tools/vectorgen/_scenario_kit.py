"""Builders shared by the scenario-level families (echo, budget, first_match, bindings,
composites, efficiency, realistic, factor): realistic tool bodies from the C-DA-001 cluster,
scenario variants, and score_scenario vector records.

Independent of reference/ by rule: no verdict here is computed by the reference. Each family
states its rule in code or gives the expected row per case.
"""

import copy
from typing import Any

from tools.vectorgen.common import (
    REAL_SCENARIO,
    ROW1,
    ROW2,
    ROW3,
    ROW4,
    action,
    ambiguous,
    evidence,
    normative,
)

ROWS = {1: ROW1, 2: ROW2, 3: ROW3, 4: ROW4}

# Realistic tool bodies of the scenario's cluster (namespace default) -------------------------
# Every body is ASCII with LF line ends and no trailing whitespace, so that an answer line
# copied whole from a body is echo under every ECHO-LINE reading.

#: kubectl get pods
PODS = (
    "NAME                        READY   STATUS             RESTARTS      AGE\n"
    "notifier-7d9f8b6c5d-x2k4p   0/1     CrashLoopBackOff   5 (31s ago)   3m12s\n"
)

#: kubectl get configmap smtp-config -o yaml (the injected state: SMTP_PORT absent)
CONFIGMAP = (
    "apiVersion: v1\n"
    "data:\n"
    "  SMTP_HOST: mail.internal\n"
    "  SMTP_USER: notifier\n"
    "kind: ConfigMap\n"
    "metadata:\n"
    '  creationTimestamp: "2026-11-02T09:14:07Z"\n'
    "  name: smtp-config\n"
    "  namespace: default\n"
    '  resourceVersion: "48213"\n'
    "  uid: 6c1d2f0e-8a51-4a8e-9b1e-2f3c4d5e6f70\n"
)

#: kubectl get deployment notifier -o yaml (the consumer of the key)
DEPLOYMENT = (
    "apiVersion: apps/v1\n"
    "kind: Deployment\n"
    "metadata:\n"
    "  name: notifier\n"
    "  namespace: default\n"
    "spec:\n"
    "  replicas: 1\n"
    "  selector:\n"
    "    matchLabels:\n"
    "      app: notifier\n"
    "  template:\n"
    "    metadata:\n"
    "      labels:\n"
    "        app: notifier\n"
    "    spec:\n"
    "      containers:\n"
    "      - name: notifier\n"
    "        image: registry.internal/notifier:2.4.1\n"
    "        env:\n"
    "        - name: SMTP_HOST\n"
    "          valueFrom:\n"
    "            configMapKeyRef:\n"
    "              name: smtp-config\n"
    "              key: SMTP_HOST\n"
    "        - name: SMTP_PORT\n"
    "          valueFrom:\n"
    "            configMapKeyRef:\n"
    "              name: smtp-config\n"
    "              key: SMTP_PORT\n"
    "              optional: true\n"
)

#: kubectl logs notifier-7d9f8b6c5d-x2k4p (the key is optional, so the app starts and dies)
LOGS = (
    "2026-11-29T15:02:11Z INFO  notifier starting version=2.4.1\n"
    "2026-11-29T15:02:11Z INFO  loading mail settings from environment\n"
    "2026-11-29T15:02:11Z FATAL required environment variable SMTP_PORT is not set\n"
)

#: kubectl describe pod (events only; "couldn't find key" is no absent_key synonym)
DESCRIBE = (
    "Name:         notifier-7d9f8b6c5d-x2k4p\nNamespace:    default\nStatus:      "
    " Running\nEvents:\n  Type     Reason   Age                From     Message\n  ----     ------ "
    "  ----               ----     -------\n  Warning  BackOff  12s (x4 over 51s)  kubelet "
    " Back-off restarting failed container notifier\n"
)

#: kubectl get configmap smtp-config -o json
CONFIGMAP_JSON = (
    "{\n"
    '    "apiVersion": "v1",\n'
    '    "data": {\n'
    '        "SMTP_HOST": "mail.internal",\n'
    '        "SMTP_USER": "notifier"\n'
    "    },\n"
    '    "kind": "ConfigMap",\n'
    '    "metadata": {\n'
    '        "name": "smtp-config",\n'
    '        "namespace": "default"\n'
    "    }\n"
    "}\n"
)


def get(body: str, what: str = "pods", **extra: Any) -> dict[str, Any]:
    """A kubectl call in the field's shape, with a body."""
    return action(body, tool="kubectl", arguments={"args": what.split()}, **extra)


def pods() -> dict[str, Any]:
    return get(PODS, "get pods", duration_ms=312)


def configmap() -> dict[str, Any]:
    return get(CONFIGMAP, "get configmap smtp-config -o yaml", duration_ms=188)


def deployment() -> dict[str, Any]:
    return get(DEPLOYMENT, "get deployment notifier -o yaml", duration_ms=205)


def logs() -> dict[str, Any]:
    return get(LOGS, "logs notifier-7d9f8b6c5d-x2k4p", duration_ms=201)


def describe() -> dict[str, Any]:
    return get(DESCRIBE, "describe pod notifier-7d9f8b6c5d-x2k4p", duration_ms=240)


def investigation() -> list[dict[str, Any]]:
    """The usual five-step investigation: pods, describe, logs, configmap, deployment."""
    return [pods(), describe(), logs(), configmap(), deployment()]


def quiet(n: int, errored: frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    """n recorded invocations (ids call_1..call_n) whose short bodies name nothing the scenario
    matches; those whose 1-based position is in `errored` carry an error and no result."""
    out = []
    for i in range(1, n + 1):
        if i in errored:
            out.append(
                action(
                    "",
                    tool="kubectl",
                    arguments={"args": ["get", "pods"]},
                    id=f"call_{i}",
                    error="tool timed out",
                    error_code="TIMEOUT",
                )
            )
        else:
            out.append(action(f"pod/notifier-7d9f8b6c5d-x2k4p Running ({i})", tool="kubectl",
                              arguments={"args": ["get", "pods"]}, id=f"call_{i}"))
    return out


_DEFAULT: Any = object()


def ev(
    answer: str | None, actions: Any = _DEFAULT, trace: str = "", **fields: Any
) -> dict[str, Any]:
    """An evidence artifact (common.evidence) with extra top-level fields set or removed (...).
    `actions` defaults to one `kubectl get pods` call; None writes `actions: null`; ... removes
    the field."""
    document = evidence(answer, [pods()] if actions is _DEFAULT else actions, reasoning_trace=trace)
    if actions is None:
        document["actions"] = None
    elif actions is ...:
        del document["actions"]
    for key, value in fields.items():
        if value is ...:
            document.pop(key, None)
        else:
            document[key] = value
    return document


# Scenario variants ------------------------------------------------------------------------


def variant(
    *,
    required: list[str] | None = None,
    subsystem: list[str] | None = None,
    budget: int | None = None,
    exclude: bool | None = None,
    deviations: list[dict[str, Any]] | None = None,
    ref: str | None = None,
) -> dict[str, Any]:
    """The real scenario with some roles replaced (valid bindings only)."""
    document = copy.deepcopy(REAL_SCENARIO)
    scoring = document["scoring"]
    if required is not None:
        scoring["factor"]["required_identifiers"] = required
    if ref is not None:
        scoring["factor"]["ref"] = ref
    if subsystem is not None:
        scoring["subsystem_set"] = subsystem
    if budget is not None:
        scoring["step_budget"] = budget
    if exclude is not None:
        scoring["exclude_tool_echo"] = exclude
    if deviations is not None:
        document["injection"]["deviations"] = deviations
    return document


def real() -> dict[str, Any]:
    return copy.deepcopy(REAL_SCENARIO)


# Records --------------------------------------------------------------------------------


def _clauses(topic: list[str], rows: list[int]) -> list[str]:
    out = list(dict.fromkeys([*topic, "5.1"]))
    out += [f"5.1.row{r}" for r in sorted(set(rows))]
    return out


def outcome(value: int | str) -> dict[str, Any]:
    """A C-DA-001 row number -> its verdict; a string -> that binding error kind."""
    if isinstance(value, str):
        return {"binding_error": value}
    return dict(ROWS[value])


def scored(
    vid: str,
    topic: list[str],
    description: str,
    scenario: dict,
    evidence_: dict,
    row: int | str,
    flags: list[str] | None = None,
) -> dict[str, Any]:
    """A normative score_scenario vector expecting C-DA-001 row `row` (or a binding error kind)."""
    rows = [row] if isinstance(row, int) else []
    return normative(
        vid,
        _clauses(topic, rows) if rows else list(dict.fromkeys(topic)),
        "score_scenario",
        description,
        {"scenario": scenario, "evidence": evidence_},
        outcome(row),
        flags,
    )


def scored_open(
    vid: str,
    topic: list[str],
    description: str,
    scenario: dict,
    evidence_: dict,
    entry: str,
    readings: dict[str, int | str],
    flags: list[str] | None = None,
) -> dict[str, Any]:
    """An ambiguity score_scenario vector: the row (or binding error kind) under every reading."""
    rows = [r for r in readings.values() if isinstance(r, int)]
    clauses = _clauses(topic, rows) if rows else list(dict.fromkeys(topic))
    return ambiguous(
        vid,
        clauses,
        "score_scenario",
        description,
        {"scenario": scenario, "evidence": evidence_},
        entry,
        {reading: outcome(r) for reading, r in readings.items()},
        flags,
    )


def echo_line_readings(ts: int, es: int, tl: int, el: int) -> dict[str, int]:
    """ECHO-LINE readings in register order."""
    return {
        "trimmed-substring": ts,
        "exact-substring": es,
        "trimmed-line-equal": tl,
        "exact-line-equal": el,
    }


def unique(vectors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Fail loudly on a duplicate id inside one generator."""
    seen: set[str] = set()
    for vector in vectors:
        if vector["id"] in seen:
            raise ValueError(f"duplicate vector id {vector['id']}")
        seen.add(vector["id"])
    return vectors
