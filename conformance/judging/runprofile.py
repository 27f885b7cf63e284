"""A run's judgement after each vector's, the same wherever answers are judged (a run, the kill
matrix, a stored report re-judged under a proposed edition): first the edition whose text the
answers follow where the run's differs (editionfit.py), then the interpretation profile of the
vectors that edition leaves in, failing the ambiguity vectors that contradict it
(interpretation.py)."""

from collections.abc import Sequence
from typing import Any

import attrs

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.judging import editionfit, interpretation
from oasis_si_conformance.judging.editionfit import EditionFit
from oasis_si_conformance.model import Failure, FailureKind, Status, VectorResult


def profile_under(
    as_written: Sequence[Vector],
    exercised: list[Vector],
    results: dict[str, VectorResult],
    edition: str,
    catalog: Sequence[str],
    register: list[dict[str, Any]],
) -> tuple[EditionFit | None, list[interpretation.EntryProfile]]:
    """A run's judgement after each vector's: first the edition the answers follow where the
    texts differ (`as_written`: the vectors with their `editions` blocks; `catalog`: the
    editions' names), then the interpretation profile of the vectors that edition leaves in,
    failing those that contradict it (in `results`)."""
    fit = editionfit.fit(as_written, results, edition, catalog)
    return fit, apply_profile(profiled(exercised, fit), results, register)


def profiled(exercised: list[Vector], fit: EditionFit | None) -> list[Vector]:
    """The exercised vectors whose answers build the interpretation profile: all of them, less
    those whose answers follow another edition's text where it differs (editionfit.py), which
    say which text the candidate follows rather than how it reads an open point of this one."""
    if fit is None:
        return exercised
    left_out = set(fit.left_out)
    return [vector for vector in exercised if vector.id not in left_out]


def apply_profile(
    exercised: list[Vector], results: dict[str, VectorResult], register: list[dict[str, Any]]
) -> list[interpretation.EntryProfile]:
    """Build the interpretation profile and fail the vectors that contradict it (in place)."""
    ambiguous = [v for v in exercised if v.readings is not None and v.ambiguity]
    votes: list[tuple[str, str, tuple[str, ...] | None]] = []
    for vector in ambiguous:
        result = results[vector.id]
        if result.status in (Status.PASSED, Status.CONVENTION):
            votes.append((vector.id, vector.ambiguity or "", result.readings or ()))
        elif result.failure is not None and result.failure.kind == FailureKind.NO_READING:
            votes.append((vector.id, vector.ambiguity or "", ()))
        else:
            votes.append((vector.id, vector.ambiguity or "", None))
    listed = {v.id: tuple(v.readings or {}) for v in ambiguous}
    probes = {v.id: v.probe for v in ambiguous if v.probe}
    profiles = interpretation.profile(votes, register, listed, probes)
    for entry in profiles:
        for vector_id in entry.deviating:
            result = results[vector_id]
            message = interpretation.deviation_message(entry, vector_id, result.readings, probes)
            failure = Failure(FailureKind.INCONSISTENT_READING, message)
            results[vector_id] = attrs.evolve(result, status=Status.FAILED, failure=failure)
    return profiles
