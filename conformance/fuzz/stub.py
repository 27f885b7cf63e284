"""Vector stubs for divergences: a ready-to-review vector file in the corpus format (format 1,
schemas/vectors.schema.json), written with the corpus's YAML writer (ASCII, YAML 1.2 core).

The `expected` outcome is the reference's, so every stub says so and asks for review: the
fuzzer finds disagreements, the spec decides who is right. A divergence on one judged point
that is a register entry becomes an ambiguity vector (its verdict under every reading); a
convention difference from the composite grammar, a convention vector.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Final

from oasis_si_conformance.corpus import conventions, yamlsafe
from oasis_si_conformance.corpus.corpus import vector_record
from oasis_si_conformance.fuzz import ground
from oasis_si_conformance.fuzz.classify import case_clauses
from oasis_si_schemas import first_error_message, validator

REVIEW: Final = (
    "TO REVIEW: expected taken from the reference; confirm against the spec before committing."
)


def clauses_for(case: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """The clauses a vector for this case cites (vectors/clauses.yaml ids)."""
    return list(case_clauses(case, expected))


def vector_id(prefix: str, case: dict[str, Any]) -> str:
    text = json.dumps(case, sort_keys=True, ensure_ascii=True)
    digest = hashlib.sha256(text.encode("ascii")).hexdigest()[:10]
    return f"{prefix}-{case['operation'].replace('_', '-')}-{digest}"


def vector(
    case: dict[str, Any],
    expected: dict[str, Any],
    description: str,
    *,
    prefix: str = "fuzz",
    flags: list[str] | None = None,
    ambiguity: str | None = None,
    readings: dict[str, Any] | None = None,
    convention: str | None = None,
    editions: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One vector record (corpus.vector_record): normative, a convention vector, or an
    ambiguity vector when given a register entry and the verdict under each of its readings."""
    return vector_record(
        vector_id(prefix, case),
        clauses_for(case, expected),
        case["operation"],
        description,
        case["input"],
        flags=flags,
        expected=expected if ambiguity is None else None,
        ambiguity=ambiguity,
        readings=readings,
        convention=convention,
        editions=editions,
    )


def _register_readings(divergence: Any) -> tuple[str, dict[str, Any]] | None:
    """(entry, {reading: outcome}) when the divergence is on one judged point that is a
    register entry, every reading of the entry has a verdict, and the readings' verdicts on the
    case differ (a case on which every reading agrees tells no reading apart: its vector is
    normative)."""
    if len(divergence.points) != 1 or not divergence.readings:
        return None
    (point,) = divergence.points
    if ground.status(ground.POINT[point]) != "register":
        return None
    names = ground.readings_of(ground.POINT[point])
    by_reading = {names[0]: divergence.readings["reference"]}
    for label, outcome in divergence.readings.items():
        if label.startswith(f"{point}="):
            by_reading[label.split("=", 1)[1]] = outcome
    if set(by_reading) != set(names):
        return None
    if len({json.dumps(outcome, sort_keys=True) for outcome in by_reading.values()}) < 2:
        return None
    return point, {name: by_reading[name] for name in names}


def stub_document(
    divergence: Any,
    *,
    seed: int,
    candidate: dict[str, Any],
    edition: str = "",
    about: str = "",
) -> dict[str, Any]:
    """A vector file holding the (shrunk) representative of a divergence class; `about`: the
    class's cause, rows and shrinking in words (DivergenceClass.described)."""
    actual = (
        json.dumps(divergence.actual, ensure_ascii=True, sort_keys=True)
        if divergence.actual is not None
        else "no result"
    )
    under = f" under edition {edition}" if edition else ""
    description = (
        f"{REVIEW} Found by oasis-si-fuzz --seed {seed}{under} against {candidate.get('name')} "
        f"{candidate.get('version')} (class {divergence.key.label()}): "
        f"{divergence.kind}: {divergence.message}. Candidate returned {actual}."
    )
    if about:
        description += f" {about}"
    if divergence.points and _register_readings(divergence) is None:
        description += (
            f" The case is on open point(s) {', '.join(divergence.points)}: "
            f"verdicts by reading {json.dumps(divergence.readings, ensure_ascii=True)}."
        )
    on_register = _register_readings(divergence)
    convention = (
        conventions.COMPOSITE_GRAMMAR
        if (conventions.COMPOSITE_GRAMMAR in divergence.conventions and on_register is None)
        else None
    )
    record = vector(
        divergence.case,
        divergence.expected,
        description,
        ambiguity=on_register[0] if on_register else None,
        readings=on_register[1] if on_register else None,
        convention=convention,
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


def stub_or_note(document: dict[str, Any], out: Path) -> tuple[Path | None, str | None]:
    """Write the stub (`write_stub`) and say what keeps it from the corpus: (its path, None),
    (its path, why the loader cannot read it back), or (None, why it was not written: a stub
    that does not fit the vector schema, e.g. a candidate's answer in it the schema refuses).
    Never raises for the candidate's data: a search's findings are kept whatever it said."""
    try:
        path = write_stub(document, out)
    except ValueError as error:
        vector_id = document["vectors"][0]["id"]
        return None, f"no vector stub for {vector_id}: {error}"
    return path, readable(path)


def readable(path: Path) -> str | None:
    """None when the corpus's YAML loader reads the stub back, else why not (a lone
    surrogate, which YAML cannot carry, for one)."""
    try:
        yamlsafe.load(path.read_text(encoding="ascii"))
    except Exception as error:  # the loader's own error, reported as a note
        return f"{path}: the corpus's YAML loader cannot read it back ({type(error).__name__})"
    return None
