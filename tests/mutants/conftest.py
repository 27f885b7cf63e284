"""Shared, session-scoped fixtures of the mutant tests: the corpus, and per edition of the text
its vectors as they read there, the unmutated evaluator's answers and the in-process kill
matrix (computed once, used by the kill-matrix, independent and signature tests)."""

import pytest

from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.independent.mutants import CATALOG
from tools.mutants.matrix import Baseline, Row, baseline, edition_names, matrix, under


@pytest.fixture(scope="session")
def vectors(bundled_vectors: list[corpus.Vector]) -> list[corpus.Vector]:
    return bundled_vectors


@pytest.fixture(scope="session")
def editions() -> list[str]:
    """The editions of vectors/editions.yaml, the default first."""
    names = edition_names()
    assert len(names) >= 2, "the corpus must name the seed and its amendment"
    return names


@pytest.fixture(scope="session")
def indexes(
    vectors: list[corpus.Vector], editions: list[str]
) -> dict[str, dict[str, corpus.Vector]]:
    """Edition -> vector id -> the vector as it reads under the edition."""
    return {edition: {v.id: v for v in under(vectors, edition)} for edition in editions}


@pytest.fixture(scope="session")
def index(
    indexes: dict[str, dict[str, corpus.Vector]], editions: list[str]
) -> dict[str, corpus.Vector]:
    """The vectors by id under the default edition."""
    return indexes[editions[0]]


@pytest.fixture(scope="session")
def bases(vectors: list[corpus.Vector], editions: list[str]) -> dict[str, Baseline]:
    """Edition -> the unmutated independent evaluator's answers, judged by the runner (traced)."""
    return {edition: baseline(under(vectors, edition), edition) for edition in editions}


@pytest.fixture(scope="session")
def base(bases: dict[str, Baseline], editions: list[str]) -> Baseline:
    return bases[editions[0]]


@pytest.fixture(scope="session")
def kill_matrices(
    vectors: list[corpus.Vector], bases: dict[str, Baseline], editions: list[str]
) -> dict[str, list[Row]]:
    """Edition -> every catalog mutant (as it is under the edition), both configurations,
    answered in process, judged by the runner."""
    return {
        edition: matrix(vectors, CATALOG, protocol=False, base=bases[edition], edition=edition)
        for edition in editions
    }


@pytest.fixture(scope="session")
def kill_matrix(kill_matrices: dict[str, list[Row]], editions: list[str]) -> list[Row]:
    """The kill matrix under the default edition (what vectors/signatures.yaml is made from)."""
    return kill_matrices[editions[0]]
