"""A run's failures explained by another edition's text (conformance/judging/editionfit.py): the
answers meet the other edition's expectations where the two texts differ. Vectors and results
are written out here; the expected fit is stated by hand."""

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.judging.editionfit import fit
from oasis_si_conformance.model import Failure, FailureKind, Status, VectorResult

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
EDITIONS = [SEED, AMENDED]


def _window(vid: str) -> Vector:
    """False under the seed's same-sentence window, true under the amendment's radius one."""
    return Vector(
        id=vid, clauses=("2.2",), operation="factor_identified", description="case",
        input={}, expected={"value": False},
        editions={AMENDED: {"expected": {"value": True}}},
    )


def _plain(vid: str) -> Vector:
    return Vector(
        id=vid, clauses=("3.1",), operation="identifier_match", description="case",
        input={}, expected={"match": True},
    )


def _failed(vid: str, actual: dict) -> VectorResult:
    failure = Failure(FailureKind.MISMATCH, "differs")
    return VectorResult(vid, Status.FAILED, actual=actual, failure=failure)


def _passed(vid: str, actual: dict) -> VectorResult:
    return VectorResult(vid, Status.PASSED, actual=actual)


VECTORS = [_window("w1"), _window("w2"), _plain("p1"), _plain("p2")]


def test_answers_of_the_amended_text_under_the_seed_are_explained_by_it() -> None:
    results = {
        "w1": _failed("w1", {"value": True}),
        "w2": _failed("w2", {"value": True}),
        "p1": _passed("p1", {"match": True}),
        "p2": _passed("p2", {"match": True}),
    }
    found = fit(VECTORS, results, SEED, EDITIONS)
    assert found is not None and found.edition == AMENDED
    assert found.explained == ("w1", "w2") and (found.differing, found.met) == (2, 2)
    assert found.headline(SEED).startswith(f"these answers follow edition {AMENDED}")
    assert f"--edition {AMENDED}" in found.headline(SEED)


def test_a_failure_elsewhere_stays_unexplained_beside_the_fit() -> None:
    results = {
        "w1": _failed("w1", {"value": True}),
        "w2": _failed("w2", {"value": True}),
        "p1": _failed("p1", {"match": False}),
        "p2": _passed("p2", {"match": True}),
    }
    found = fit(VECTORS, results, SEED, EDITIONS)
    assert found is not None and found.explained == ("w1", "w2")


def test_answers_of_neither_text_are_no_fit() -> None:
    """w2 answered as the seed expects, w1 as the amendment: half the differing vectors meet
    the amendment, not most; and a run whose failures are elsewhere has no fit."""
    results = {
        "w1": _failed("w1", {"value": True}),
        "w2": _passed("w2", {"value": False}),
        "p1": _passed("p1", {"match": True}),
        "p2": _passed("p2", {"match": True}),
    }
    assert fit(VECTORS, results, SEED, EDITIONS) is None
    results = {
        "w1": _passed("w1", {"value": False}),
        "w2": _passed("w2", {"value": False}),
        "p1": _failed("p1", {"match": False}),
        "p2": _passed("p2", {"match": True}),
    }
    assert fit(VECTORS, results, SEED, EDITIONS) is None


def _open_under_amended(vid: str) -> Vector:
    """Normative under the seed (true); under the amendment an open point whose two readings
    give true and false: an answer of true meets both texts."""
    return Vector(
        id=vid, clauses=("3.2",), operation="factor_identified", description="case",
        input={}, expected={"value": True},
        editions={
            AMENDED: {"ambiguity": "SENT-WS", "readings": {"ascii": {"value": True},
                                                          "unicode": {"value": False}}}
        },
    )


def test_a_vector_both_texts_allow_is_left_out_of_the_profile_and_counted_in_neither() -> None:
    """Under the amended edition, answers of the seed's text: w1 and w2 fail (they meet the seed
    only) and are explained; o1 passes under a reading of the amendment's open point and meets
    the seed too, so it tells the texts apart in neither direction: not counted in `met` or
    `differing` ("met" equals "explains"), and left out of the interpretation profile (it says
    which text the answers follow, not how they read the amendment's open point)."""
    vectors = [*VECTORS, _open_under_amended("o1")]
    results = {
        "w1": _failed("w1", {"value": False}),
        "w2": _failed("w2", {"value": False}),
        "o1": VectorResult("o1", Status.PASSED, actual={"value": True}, readings=("ascii",)),
        "p1": _passed("p1", {"match": True}),
        "p2": _passed("p2", {"match": True}),
    }
    found = fit(vectors, results, AMENDED, EDITIONS)
    assert found is not None and found.edition == SEED
    assert found.explained == ("w1", "w2") and (found.differing, found.met) == (2, 2)
    assert found.left_out == ("o1", "w1", "w2")
