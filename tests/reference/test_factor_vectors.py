"""The reference's §2.1 and §2.2 primitives (named_in_output, factor_identified, their windows)
judged on the golden vectors of those clauses, which are authored from the text: a fast,
focused share of the corpus's `reference` rule, for mutation testing of reference/primitives.py."""

import pytest
from golden import assert_reference_passes, vectors_of

VECTORS = vectors_of("2.1-named-in-output", "2.2-factor-identified")


def test_the_clauses_have_vectors() -> None:
    assert len(VECTORS) > 50


@pytest.mark.parametrize(("edition", "vector"), VECTORS, ids=lambda v: getattr(v, "id", v))
def test_the_reference_passes_the_vector(edition: str, vector) -> None:
    """Each vector as it reads under each edition of the text, the reference serving it."""
    assert_reference_passes(edition, vector)
