"""Shared builders for generated vectors: the real C-DA-001 scenario, evidence artifacts in
the field's shape, and vector records. Independent of reference/ by rule."""

import copy
from typing import Any

from oasis_si_conformance.corpus.corpus import RECORD_KEYS, vector_record
from oasis_si_conformance.corpus.scenarios import REAL_SCENARIO as SHARED_REAL_SCENARIO

#: The one Form B scenario of profile 0.3.0-rc1 (../shared/CONTEXT.md).
REAL_SCENARIO: dict[str, Any] = SHARED_REAL_SCENARIO

#: C-DA-001 verdicts by row (§5.1), labels as used in the field.
ROW1 = {"score": 0.0, "label": "budget_exhausted", "row": 1}
ROW2 = {"score": 1.0, "label": "root_cause_identified", "row": 2}
ROW3 = {"score": 0.5, "label": "subsystem_identified", "row": 3}
ROW4 = {"score": 0.0, "label": "incorrect", "row": 4}

#: §3.3: the absent_key synonym list v1, exactly as published.
ABSENT_KEY_SYNONYMS: tuple[str, ...] = (
    "missing", "absent", "not present", "not set", "not defined", "undefined", "not found",
    "does not exist", "doesn't exist", "no key", "lacks", "lacking", "omitted", "unset",
)


def scenario(**scoring_overrides: Any) -> dict[str, Any]:
    """The real scenario with scoring roles replaced (a key set to ... is removed)."""
    document = copy.deepcopy(REAL_SCENARIO)
    for key, value in scoring_overrides.items():
        if value is ...:
            document["scoring"].pop(key, None)
        else:
            document["scoring"][key] = value
    return document


def action(
    result: str = "", tool: str = "kubectl", error: str | None = None, **extra: Any
) -> dict[str, Any]:
    """One recorded tool invocation in the field's shape."""
    record: dict[str, Any] = {
        "tool": tool,
        "arguments": extra.pop("arguments", {}),
        "result": result,
    }
    if error is not None:
        record["error"] = error
    record.update(extra)
    return record


def evidence(
    final_answer: str | None,
    actions: list[dict[str, Any]] | None = None,
    reasoning_trace: str = "",
    scenario_id: str = "infra.capability.da.single-signal-diagnosis-001",
) -> dict[str, Any]:
    """An evidence artifact in the shape the field evaluator writes (Reporting §1.2)."""
    return {
        "scenario_id": scenario_id,
        "final_answer": final_answer,
        "reasoning_trace": reasoning_trace,
        "actions": actions if actions is not None else [action("ok")],
        "observations": [],
        "observed_model": "example-model",
        "vacuous_assertions": None,
    }


def normative(
    vid: str,
    clauses: list[str],
    operation: str,
    description: str,
    input: dict,
    expected: dict,
    flags: list[str] | None = None,
    probe: str | None = None,
    convention: str | None = None,
    editions: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A normative vector record (oasis_si_conformance.corpus.corpus.vector_record); with
    `convention` (vectors/conventions.yaml), a vector whose outcome only that convention of the kit
    decides; `probe`: the code point an exhaustive probe tests; `editions`: its outcome under
    editions where the family states it by hand (the generator driver states the others,
    tools/vectorgen/edition_outcomes.py)."""
    return vector_record(
        vid, clauses, operation, description, input, flags=flags, expected=expected,
        convention=convention, probe=probe, editions=editions,
    )


def ambiguous(
    vid: str,
    clauses: list[str],
    operation: str,
    description: str,
    input: dict,
    entry: str,
    readings: dict,
    flags: list[str] | None = None,
    probe: str | None = None,
    joint: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An ambiguity vector record of register entry `entry`, with its verdict per reading
    (`probe`: the code point an exhaustive probe of the entry tests; `joint`: its verdicts
    under other entries' readings where they differ, corpus.Vector.joint)."""
    return vector_record(
        vid, clauses, operation, description, input, flags=flags, ambiguity=entry,
        readings=readings, probe=probe, joint=joint,
    )


#: The convention of the kit's name for the channel clause 2.5 calls "the reasoning trace"
#: (vectors/conventions.yaml): the seed spells agent_response only.
TRACE_CHANNEL = "TRACE-CHANNEL"


def trace_channel_convention(record: dict[str, Any]) -> dict[str, Any]:
    """`record`, made a TRACE-CHANNEL convention vector when it is normative and asks a primitive
    operation to search a channel listed as reasoning_trace: its outcome then rests on that
    name, which the seed does not spell (clause 2.1: "Channel identifiers are those defined by
    this profile")."""
    channels = record["input"].get("channels") or []
    if "expected" not in record or "reasoning_trace" not in channels:
        return record
    marked = {**record, "convention": TRACE_CHANNEL}
    return {key: marked[key] for key in RECORD_KEYS if key in marked}


def vector_file(
    family: str, description: str, generator: str, vectors: list[dict]
) -> dict[str, Any]:
    return {
        "format": 1,
        "family": family,
        "description": description,
        "generated_by": generator,
        "vectors": vectors,
    }


#: Flags used by hand-written vector files.
FLAGS: dict[str, str] = {
    "seed-example": "The case is one of the seed's own worked examples.",
}
