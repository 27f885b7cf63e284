"""Whether a run's failures are another edition's text (vectors/editions.yaml).

An evaluator of the 2026-08-22 amendment run under the seed's edition fails the vectors whose
expectation the amendment changes, answering each as the amendment expects. That is no
misreading of the seed's clauses and no inconsistent reading of an open point: the candidate
reads another text. `fit` finds the edition whose expectations the candidate's answers meet
where the two texts differ:

- of the exercised vectors whose expectation differs between the run's edition and that one
  and whose answer meets exactly one of the two (the vectors that tell the texts apart; an
  answer both allow says nothing), more than FIT_THRESHOLD meet that edition (exactly its
  outcome, or one of its readings), and
- some of them failed the run: every vector whose answer meets that edition and not the run's
  fails the run, and is *explained* by the edition (so "met" and "explains" are one count).

Failures elsewhere (a binding defect, say) are not explained and stay the diagnosis's. The
run's verdict stands (it certifies against its own edition); the report says first that the
answers follow the other edition and how to rerun. The edition is decided before the
interpretation profile: the profile leaves out every vector whose expectation differs between
the editions and whose answer meets the other one (`left_out`), so no register entry is called
inconsistent for what the edition explains.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.judging import compare
from oasis_si_conformance.model import VERDICT_FAILURES, Status, VectorResult


@attrs.frozen
class EditionFit:
    """The edition whose text the candidate's answers follow where the run's edition differs."""

    edition: str
    #: The run's failed vectors the edition explains.
    explained: tuple[str, ...]
    #: Exercised vectors whose expectation differs between the two editions and whose answer
    #: meets exactly one of them.
    differing: int
    #: ... of which the answers meet the other edition's expectation.
    met: int
    #: The vectors the interpretation profile leaves out: their expectation differs between
    #: the editions and the answer meets the other one (whether or not it meets the run's).
    left_out: tuple[str, ...] = ()

    def headline(self, run_edition: str) -> str:
        return (
            f"these answers follow edition {self.edition}: where its text differs from "
            f"{run_edition}'s they meet its expectations ({self.met} of {self.differing} "
            f"vectors), which explains {len(self.explained)} failed vector(s); rerun with "
            f"--edition {self.edition}"
        )

    def to_json(self, run_edition: str) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "explained": list(self.explained),
            "differing": self.differing,
            "met": self.met,
            "message": self.headline(run_edition),
        }


#: The share of the differing vectors the answers must meet as the other edition expects.
FIT_THRESHOLD: Final = 0.9


def fit(
    vectors: Iterable[Vector],
    results: Mapping[str, VectorResult],
    run_edition: str,
    editions: Sequence[str],
) -> EditionFit | None:
    """The first other edition (in the catalog's order) whose expectations the answers meet
    where its text differs from the run's, explaining some verdict failure; None when none
    does. `vectors` are the corpus's (their `editions` blocks intact)."""
    vectors = list(vectors)
    failed = {vid for vid, result in results.items() if _verdict_failure(result)}
    if not failed:
        return None
    for edition in editions:
        if edition == run_edition:
            continue
        differing = [v for v in vectors if _differs(v, run_edition, edition)]
        exercised = [v for v in differing if _exercised(results.get(v.id))]
        theirs = {v.id for v in exercised if _meets(v.for_edition(edition), results[v.id])}
        ours = {v.id for v in exercised if _meets(v.for_edition(run_edition), results[v.id])}
        met = theirs - ours
        deciding = met | (ours - theirs)
        explained = sorted(met & failed)
        if explained and len(met) > FIT_THRESHOLD * len(deciding):
            left_out = tuple(sorted(theirs))
            return EditionFit(edition, tuple(explained), len(deciding), len(met), left_out)
    return None


def _verdict_failure(result: VectorResult) -> bool:
    return (
        result.status == Status.FAILED
        and result.failure is not None
        and result.failure.kind in VERDICT_FAILURES
    )


def _exercised(result: VectorResult | None) -> bool:
    return result is not None and result.status != Status.NOT_EXERCISED


def _differs(vector: Vector, left: str, right: str) -> bool:
    one, other = vector.for_edition(left), vector.for_edition(right)
    return (one.expected, one.readings) != (other.expected, other.readings)


def _meets(vector: Vector, result: VectorResult) -> bool:
    """Whether the candidate's answer meets `vector`'s expectation (read under an edition)."""
    if result.actual is None:
        return False
    projection = compare.project(vector.operation, result.actual)
    if vector.readings is not None:
        return bool(compare.matching_readings(vector.readings, projection))
    assert vector.expected is not None
    return compare.compare_outcome(vector.expected, projection, vector.convention).holds
