"""The interpretation profile names a reading only where the answers tell it apart from every
other. Every reading the register's survey lists for an entry (what a real implementation
does) is taken by the independent evaluator, in process, and its answers on the entry's
ambiguity vectors are profiled as a run profiles them. The expected label is worked out here
from the vectors' own readings: the reading alone when every other reading's outcome differs
on some vector, else "undetermined" with the readings no vector tells apart. A trimmed-nothing
echo comparison (ECHO-LINE exact-*) is never profiled on ECHO-TRIM."""

from typing import Any

import pytest

from oasis_si_conformance.corpus import charsets, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector, vectors_root
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.readings import Readings
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.judging import compare, interpretation
from oasis_si_conformance.reporting import reportview

#: The slow tier (nox -s tests_slow): each surveyed reading certified over the whole corpus.
pytestmark = pytest.mark.slow

REGISTER: dict[str, Any] = yamlsafe.load(
    (vectors_root() / "register.yaml").read_text(encoding="utf-8")
)
ENTRIES = {entry["id"]: entry for entry in REGISTER["entries"]}
SURVEYED = sorted(
    {
        (entry["id"], item["reading"])
        for entry in REGISTER["entries"]
        for item in entry.get("survey", [])
        if "reading" in item
    }
)


def _projection(server: Server, vector: Vector) -> dict[str, Any]:
    response = server.answer({"id": 1, "op": vector.operation, "params": vector.input})
    if "error" in response:
        return {"protocol_error": response["error"]["code"]}
    return compare.project(vector.operation, response["result"])


def _related(entry_id: str) -> list[str]:
    """The entry, and those whose reading decides part of it (masked_by, applies_when)."""
    entry = ENTRIES[entry_id]
    found = [entry_id]
    for other in (entry.get("masked_by"), (entry.get("applies_when") or {}).get("entry")):
        if other and other not in found:
            found.append(other)
    return found


def _profile(readings: Readings, edition: str, vectors: list[Vector]) -> dict[str, Any]:
    """entry id -> its profile (as a report holds it) of the independent evaluator's answers."""
    server = Server(Config(readings, edition=edition))
    votes, listed, probes = [], {}, {}
    for vector in vectors:
        assert vector.readings is not None and vector.ambiguity is not None
        matched = compare.matching_readings(vector.readings, _projection(server, vector))
        votes.append((vector.id, vector.ambiguity, matched))
        listed[vector.id] = tuple(vector.readings)
        if vector.probe:
            probes[vector.id] = vector.probe
    found = interpretation.profile(votes, REGISTER["entries"], listed, probes)
    return {entry.entry: entry.to_json() for entry in found}


def _masked(entry_id: str, readings: Readings) -> frozenset[str]:
    """The code points the evaluator's reading of the masking entry holds (probes there are
    set aside)."""
    masking = ENTRIES[entry_id].get("masked_by")
    if not masking:
        return frozenset()
    sets = charsets.entry_sets(REGISTER, masking)
    return sets.get(readings.get(masking), frozenset())


def _expected(entry_id: str, reading: str, vectors: list[Vector], masked: frozenset[str]) -> str:
    """The label the vectors allow: the readings no vector of the entry tells apart from
    `reading` (its outcomes there agree on what the spec decides)."""
    names = list(ENTRIES[entry_id]["readings"])
    kept = [
        v
        for v in vectors
        if v.ambiguity == entry_id and charsets.probed_char(v.probe or "") not in masked
    ]
    alike = [
        name
        for name in names
        if all(
            reading in v.readings  # type: ignore[operator]
            and name in v.readings  # type: ignore[operator]
            and not compare.distinguishable(v.readings[reading], v.readings[name])  # type: ignore[index]
            for v in kept
            if name in (v.readings or {}) and reading in (v.readings or {})
        )
    ]
    return reading if alike == [reading] else f"undetermined (consistent with {', '.join(alike)})"


def _ambiguity(index: dict[str, Vector], entry_ids: list[str]) -> list[Vector]:
    return [v for v in index.values() if v.readings is not None and v.ambiguity in entry_ids]


def _edition_for(indexes: dict[str, dict[str, Vector]], entry_id: str) -> str:
    return next(
        edition
        for edition, index in indexes.items()
        if any(v.ambiguity == entry_id and v.readings for v in index.values())
    )


def test_the_survey_lists_readings_to_profile() -> None:
    assert len(SURVEYED) >= 40 and {"ECHO-TRIM", "ECHO-LINE"} & {e for e, _ in SURVEYED}


@pytest.mark.parametrize(("entry_id", "reading"), SURVEYED)
def test_every_surveyed_reading_is_labelled_as_the_vectors_allow(
    indexes: dict[str, dict[str, Vector]], entry_id: str, reading: str
) -> None:
    edition = _edition_for(indexes, entry_id)
    vectors = _ambiguity(indexes[edition], _related(entry_id))
    readings = Readings().with_reading(entry_id, reading)
    profile = _profile(readings, edition, vectors)[entry_id]
    expected = _expected(entry_id, reading, vectors, _masked(entry_id, readings))
    assert reportview.reading_text(profile) == expected, profile


@pytest.mark.parametrize("line", ["exact-substring", "exact-line-equal"])
@pytest.mark.parametrize("trim", list(ENTRIES["ECHO-TRIM"]["readings"]))
def test_an_evaluator_that_trims_nothing_is_not_profiled_on_echo_trim(
    indexes: dict[str, dict[str, Vector]], line: str, trim: str
) -> None:
    edition = _edition_for(indexes, "ECHO-TRIM")
    vectors = _ambiguity(indexes[edition], ["ECHO-TRIM", "ECHO-LINE", "ECHO-LINE-BREAK"])
    readings = Readings().with_reading("ECHO-LINE", line).with_reading("ECHO-TRIM", trim)
    profiles = _profile(readings, edition, vectors)
    assert reportview.reading_text(profiles["ECHO-LINE"]) == line
    echo_trim = profiles["ECHO-TRIM"]
    label = reportview.reading_text(echo_trim)
    assert label == f"not applicable (ECHO-LINE {line} trims nothing)", echo_trim
    assert echo_trim["followed"] == [] and echo_trim["deviating"] == []
