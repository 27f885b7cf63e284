"""Shared, session-scoped fixtures of the mutant tests: the corpus and the in-process kill matrix
(computed once, used by the kill-matrix and signature tests)."""

import pytest

from oasis_si_conformance import corpus
from tools.mutants.catalog import CATALOG
from tools.mutants.matrix import Baseline, Row, baseline, matrix


@pytest.fixture(scope="session")
def vectors() -> list[corpus.Vector]:
    return corpus.load_corpus()


@pytest.fixture(scope="session")
def index(vectors: list[corpus.Vector]) -> dict[str, corpus.Vector]:
    return {v.id: v for v in vectors}


@pytest.fixture(scope="session")
def base(vectors: list[corpus.Vector]) -> Baseline:
    """The unmutated independent evaluator's answers, judged by the runner (and traced)."""
    return baseline(vectors)


@pytest.fixture(scope="session")
def kill_matrix(vectors: list[corpus.Vector], base: Baseline) -> list[Row]:
    """Every catalog mutant, both configurations, answered in process, judged by the runner."""
    return matrix(vectors, CATALOG, protocol=False, base=base)
