"""The kill matrix as a test: the corpus must reject every normative mutant, in both
configurations, and must profile every ambiguity mutant with its reading without failing it.

Answers are computed in process (one pass per mutant, shared by both configurations) and judged
by the runner's own code (runner.judge, runner.apply_profile); one mutant of each kind is also
driven over the real subprocess protocol, to keep the fast path honest.
"""

import pytest

from oasis_si_conformance.corpus import Vector
from tools.mutants.catalog import CATALOG, by_id
from tools.mutants.matrix import CONFIGURATIONS, Baseline, Row, matrix


@pytest.mark.parametrize("configuration", list(CONFIGURATIONS))
def test_no_normative_mutant_survives(kill_matrix: list[Row], index: dict[str, Vector], configuration: str) -> None:
    survivors = [r.mutant.id for r in kill_matrix if r.mutant.kind == "normative" and not r.kills(configuration, index)]
    assert survivors == [], f"[{configuration}] normative mutants no vector catches: {survivors}"


@pytest.mark.parametrize("configuration", list(CONFIGURATIONS))
def test_ambiguity_mutants_pass_and_show_their_reading(
    kill_matrix: list[Row], index: dict[str, Vector], configuration: str
) -> None:
    problems = {}
    for row in kill_matrix:
        if row.mutant.kind != "ambiguity":
            continue
        outcome = row.outcomes[configuration]
        failed = sorted(outcome.failed())
        if failed:
            problems[row.mutant.id] = f"fails {failed[:10]}"
            continue
        shown = row.shows_reading(configuration)
        if configuration == "all-ops" and not all(shown.values()):
            problems[row.mutant.id] = f"profile does not show its reading: {shown}"
    assert problems == {}


def test_ambiguity_witnessed_mutants_are_few_and_explained() -> None:
    odd = [m for m in CATALOG if m.witness != "normative"]
    assert len(odd) <= 2
    assert all(m.kind == "normative" and m.note for m in odd)


def test_kill_counts_are_consistent(kill_matrix: list[Row], index: dict[str, Vector]) -> None:
    """A score_scenario vector that kills a mutant kills it whatever else is offered."""
    for row in kill_matrix:
        score_only = set(row.kills("score-only", index))
        assert score_only <= set(row.kills("all-ops", index)), row.mutant.id
        assert all(index[v].operation == "score_scenario" for v in score_only), row.mutant.id


def test_the_unmutated_evaluator_fails_nothing(base: Baseline) -> None:
    """A kill is the mutation's doing: without one, no vector fails."""
    assert [vid for vid, r in base.results.items() if r.status != "passed"] == []


@pytest.mark.parametrize("mutant_id", ["ident-substring", "oasisctl-pre-amendment"])
def test_protocol_path_agrees_with_in_process(kill_matrix: list[Row], vectors: list[Vector], mutant_id: str) -> None:
    """Over the real subprocess protocol, the runner reaches the same verdicts (score-only run,
    on every fourth score_scenario vector and every ambiguity vector to keep it short)."""
    subset = [v for i, v in enumerate(vectors) if v.operation == "score_scenario" and (i % 4 == 0 or not v.normative)]
    ids = {v.id for v in subset}
    (fast,) = [r for r in kill_matrix if r.mutant.id == mutant_id]
    (slow,) = matrix(subset, [by_id(mutant_id)], protocol=True, configurations=["score-only"])
    fast_failed = sorted(v for v in fast.outcomes["score-only"].failed() if v in ids)
    assert sorted(slow.outcomes["score-only"].failed()) == fast_failed
    assert slow.outcomes["score-only"].exercised() == len(subset)
    if mutant_id == "ident-substring":
        assert fast_failed, "the subset must still catch the mutant"
    else:
        assert slow.outcomes["score-only"].followed()["SENT-WS"] == ("ascii",)


def test_catalog_is_complete() -> None:
    assert len(CATALOG) >= 45
    assert sum(1 for m in CATALOG if m.kind == "normative") >= 32
    assert len({m.id for m in CATALOG}) == len(CATALOG)


def test_traced_evaluation_is_sound(vectors: list[Vector]) -> None:
    """Re-answering only the vectors whose unmutated answer consulted what a mutant changes
    gives exactly the results of answering every vector (checked on a sample)."""
    from tools.mutants.matrix import answers, baseline

    sample = vectors[::37]
    base = baseline(sample)
    unsound = {}
    for mutant in CATALOG:
        fast, slow = answers(mutant, sample, base), answers(mutant, sample)
        differ = [vid for vid in slow if slow[vid] != fast[vid]]
        if differ:
            unsound[mutant.id] = differ
    assert unsound == {}
