"""The reference's §2.1 and §2.2 primitives (named_in_output, factor_identified, their windows)
judged on the golden vectors of those clauses, which are authored from the text: a fast,
focused share of the corpus's `reference` rule, for mutation testing of reference/primitives.py."""

from pathlib import Path

import pytest

from oasis_si_conformance import judge
from oasis_si_conformance.corpus import load_file, vectors_root
from oasis_si_conformance.model import Observation, Status
from oasis_si_reference.editions import EDITIONS
from oasis_si_reference.operations import perform

FOLDERS = ("2.1-named-in-output", "2.2-factor-identified")


def _vectors() -> list:
    root = vectors_root()
    found = []
    for folder in FOLDERS:
        for path in sorted((Path(root) / folder).glob("*.yaml")):
            for vector in load_file(path, Path(root)):
                found += [(name, vector.for_edition(name)) for name in EDITIONS]
    return found


VECTORS = _vectors()


def test_the_clauses_have_vectors() -> None:
    assert len(VECTORS) > 50


@pytest.mark.parametrize(("edition", "vector"), VECTORS, ids=lambda v: getattr(v, "id", v))
def test_the_reference_passes_the_vector(edition: str, vector) -> None:
    """Each vector as it reads under each edition of the text, the reference serving it."""
    result = perform(vector.operation, vector.input, EDITIONS[edition])
    verdict = judge.judge_vector(vector, [Observation("answer", result=result)])
    assert verdict.status == Status.PASSED, verdict.failure
