"""Vector stubs for divergences: a ready-to-review vector file in the corpus format (format 1,
schemas/vectors.schema.json), written with the corpus's YAML writer (ASCII, YAML 1.2 core).

The `expected` outcome is the reference's, so every stub says so and asks for review: the
fuzzer finds disagreements, the spec decides who is right.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Final

from oasis_si_schemas import first_error_message, validator

from .. import yamlsafe
from ..corpus import vector_record
from ..operations import operation

REVIEW: Final = "TO REVIEW: expected taken from the reference; confirm against the spec before committing."

#: The clause a binding-error kind is about (PROTOCOL.md, the seed).
BINDING_ERROR_CLAUSES: Final = {
    "form_missing": "1.3", "form_conflict": "1.3", "not_form_b": "1.3", "unknown_template": "5.1",
    "missing_role": "5.1", "invalid_role": "5.1", "empty_identifier": "1.3", "invalid_step_budget": "3.4",
    "unresolved_factor_ref": "2.2", "unregistered_deviation_type": "3.3", "declared_synonyms": "3.3",
    "restated_deviation_type": "2.2", "channel_widening": "2.5", "unknown_channel": "2.1",
    "unregistered_primitive": "2.4", "invalid_composite": "1.4",
}


def clauses_for(case: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The clauses a vector for this case cites (vectors/clauses.yaml ids): the operation's
    (conformance/operations.py), or for score_scenario those its outcome is about."""
    op = case["operation"]
    if op != "score_scenario":
        return list(operation(op).clauses)
    if "binding_error" in expected:
        return [BINDING_ERROR_CLAUSES.get(expected["binding_error"], "1.3")]
    scoring = case["input"]["scenario"].get("scoring", {})
    if "composite" in scoring:
        return ["1.4"]
    return ["5.1", f"5.1.row{expected['row']}"]


def vector_id(prefix: str, case: dict[str, Any]) -> str:
    digest = hashlib.sha256(json.dumps(case, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()[:10]
    return f"{prefix}-{case['operation'].replace('_', '-')}-{digest}"


def vector(case: dict[str, Any], expected: dict[str, Any], description: str, *, prefix: str = "fuzz",
           flags: list[str] | None = None, ambiguity: str | None = None,
           readings: dict[str, Any] | None = None) -> dict[str, Any]:
    """One vector record (corpus.vector_record): normative, or an ambiguity vector when given
    a register entry and the verdict under each of its readings."""
    return vector_record(
        vector_id(prefix, case), clauses_for(case, expected), case["operation"], description,
        case["input"], flags=flags, expected=expected if ambiguity is None else None,
        ambiguity=ambiguity, readings=readings,
    )


def stub_document(divergence: Any, *, seed: int, candidate: dict[str, Any]) -> dict[str, Any]:
    """A vector file holding the (shrunk) divergence."""
    actual = json.dumps(divergence.actual, ensure_ascii=True, sort_keys=True) if divergence.actual is not None else "no result"
    description = (
        f"{REVIEW} Found by oasis-si-fuzz --seed {seed} against {candidate.get('name')} "
        f"{candidate.get('version')}: {divergence.kind}: {divergence.message}. Candidate returned {actual}."
    )
    record = vector(  # an ambiguity vector where the divergence is an allowed register point
        divergence.case, divergence.expected, description,
        ambiguity=divergence.ambiguity, readings=divergence.readings,
    )
    return {
        "format": 1,
        "family": "fuzz-findings",
        "description": f"A divergence found by differential fuzzing, shrunk. {REVIEW}",
        "vectors": [record],
    }


def write_stub(document: dict[str, Any], out: Path) -> Path:
    """Validate against schemas/vectors.schema.json and write `<vector id>.yaml` under `out`."""
    problem = first_error_message(validator("vectors"), document)
    if problem is not None:
        raise ValueError(f"stub does not fit vectors.schema.json: {problem}")
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{document['vectors'][0]['id']}.yaml"
    path.write_text(yamlsafe.dump(document), encoding="ascii")
    return path
