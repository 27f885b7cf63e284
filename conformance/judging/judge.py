"""The one judge: a candidate's answer against the outcomes a vector or a fuzz case allows.

The runner (a corpus vector, a held-out case) and the fuzzer (a generated case) judge alike:

- `projection` reads an observation (session.py) as what is compared: a valid answer's
  projection (compare.project); an error response as `{protocol_error: CODE}` when some
  outcome is one (the reading of an open point under which the request is rejected,
  PROTOCOL.md Messages); anything else (a crash, a timeout, a bad line, an error response
  where no outcome is one) is no answer at all and fails the request, whatever the outcomes.
- `judge` compares a projection with every outcome (labelled: `expected`, a reading, the
  reference's verdict): the outcomes it satisfies on what the spec decides (conventions
  aside, compare.py), whether it gives one of them exactly, and the outcome it is shown
  against when it differs.
- `judge_vector` is the runner's verdict on one vector over its repetitions.
"""

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.judging.compare import Comparison, compare_outcome, project
from oasis_si_conformance.model import Failure, FailureKind, Observation, Status, VectorResult

#: An outcome with its label (a reading's name, `expected`, `reference`).
Labelled = tuple[str, dict[str, Any]]


def accepts_error(outcomes: Iterable[dict[str, Any] | None]) -> bool:
    """Does some outcome say the candidate answers with an error response?"""
    return any(outcome is not None and "protocol_error" in outcome for outcome in outcomes)


def projection(op: str, observation: Observation, error_accepted: bool) -> dict[str, Any] | None:
    """The compared part of an observation, or None when it answers nothing that can be
    compared (the request fails whatever the outcomes)."""
    if observation.ok:
        if observation.projection is not None:
            return observation.projection
        return project(op, observation.result or {})
    if (
        error_accepted
        and observation.kind == FailureKind.ERROR_RESPONSE
        and observation.error_code is not None
    ):
        return {"protocol_error": observation.error_code}
    return None


@attrs.frozen
class Judgement:
    """How a projection compares with the outcomes."""

    matched: tuple[str, ...]  # the labels of the outcomes it satisfies (conventions aside)
    exact: bool  # it gives one of the outcomes exactly
    shown: Labelled  # the outcome it is shown against
    comparison: Comparison  # its comparison with that outcome

    @property
    def holds(self) -> bool:
        return bool(self.matched)


def _sort(outcome: dict[str, Any]) -> str:
    """What an outcome or a projection is: a binding error, an error response, or a verdict."""
    return next((key for key in ("binding_error", "protocol_error") if key in outcome), "verdict")


def judge(
    outcomes: Sequence[Labelled], projection: dict[str, Any], convention: str | None = None
) -> Judgement:
    """Compare a projection with every outcome. It is shown against the first outcome it
    gives exactly; else the first it satisfies (differing on conventions only); else the
    first of its own sort (a verdict beside a verdict, so that what differs is named), else
    the first. `convention`: a convention vector's or case's own, which every difference is
    from."""
    compared = [(item, compare_outcome(item[1], projection, convention)) for item in outcomes]
    holding = [item for item in compared if item[1].holds]
    matched = tuple(label for (label, _outcome), _comparison in holding)
    exact = next((item for item in holding if item[1].exact), None)
    if exact is not None:
        return Judgement(matched, True, *exact)
    if holding:
        return Judgement(matched, False, *holding[0])
    sort = _sort(projection)
    same_sort = [item for item in compared if _sort(item[0][1]) == sort]
    return Judgement(matched, False, *(same_sort or compared)[0])


def vector_outcomes(vector: Vector) -> list[Labelled]:
    """A vector's outcomes: its `expected`, or each reading of its ambiguity entry."""
    if vector.readings is None:
        assert vector.expected is not None
        return [("expected", vector.expected)]
    return list(vector.readings.items())


def judge_vector(vector: Vector, observations: Sequence[Observation]) -> VectorResult:
    """The verdict on one vector from its repetitions' observations: any failed request fails
    it (the first shown); repetitions whose projections differ fail it as nondeterministic
    (Core 3.5.4); else the answer is judged against its outcomes."""
    total = len(observations)
    outcomes = vector_outcomes(vector)
    error_accepted = accepts_error(outcome for _label, outcome in outcomes)
    projections = [projection(vector.operation, o, error_accepted) for o in observations]
    first_ok = next((o.result for o in observations if o.ok), None)
    failing = sum(p is None for p in projections)
    for repetition, (observation, projected) in enumerate(
        zip(observations, projections, strict=True), 1
    ):
        if projected is None:
            failure = Failure(
                observation.kind,
                f"repetition {repetition} ({failing} of {total} failed): {observation.message}",
                excerpt=observation.excerpt,
                stderr=observation.stderr,
            )
            return VectorResult(vector.id, Status.FAILED, actual=first_ok, failure=failure)
    if not observations:
        failure = Failure(FailureKind.ABORTED, "not run")
        return VectorResult(vector.id, Status.FAILED, failure=failure)
    results = [o.result or {} for o in observations]
    first = projections[0]
    assert first is not None
    for repetition, projected in enumerate(projections[1:], 2):
        if projected != first:
            message = (
                f"repetitions disagree (Core 3.5.4): repetition 1 gave {first}, "
                f"repetition {repetition} gave {projected}"
            )
            failure = Failure(FailureKind.NONDETERMINISTIC, message, outputs=tuple(results))
            return VectorResult(vector.id, Status.FAILED, actual=results[0], failure=failure)
    judged = judge(outcomes, first, vector.convention if vector.readings is None else None)
    return _verdict(vector, results[0], first, judged)


def _verdict(
    vector: Vector, actual: dict[str, Any], projected: dict[str, Any], judged: Judgement
) -> VectorResult:
    """Passed (an outcome exactly), convention (an outcome on what the spec decides), or
    failed: a mismatch with `expected`, or no reading of an ambiguity vector."""
    readings = judged.matched if vector.readings is not None else None
    if judged.holds:
        status = Status.PASSED if judged.exact else Status.CONVENTION
        differences = () if judged.exact else judged.comparison.differences
        return VectorResult(
            vector.id, status, actual=actual, readings=readings, differences=differences
        )
    if vector.readings is None:
        failure = Failure(FailureKind.MISMATCH, judged.comparison.describe())
    else:
        failure = Failure(
            FailureKind.NO_READING,
            f"output {projected} matches none of the readings of {vector.ambiguity}"
            + (f" (probe {vector.probe})" if vector.probe else "")
            + ": "
            + "; ".join(f"{name} = {outcome}" for name, outcome in vector.readings.items()),
        )
    return VectorResult(vector.id, Status.FAILED, actual=actual, readings=readings, failure=failure)
