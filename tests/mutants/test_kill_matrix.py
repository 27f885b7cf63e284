"""The kill matrix as a test: under every edition of the text, the corpus must reject every
normative mutant, in both configurations, and must profile every ambiguity mutant with its
reading without failing it.

Answers are computed in process (one pass per mutant and edition, shared by both
configurations) and judged by the runner's own code (runner.judge, runner.apply_profile); a few
mutants are also driven over the real subprocess protocol, to keep the fast path honest.
"""

import itertools

import pytest

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.mutants import (
    CATALOG,
    EDITION_RULES,
    OASISCTL_READINGS,
    by_id,
)
from oasis_si_conformance.independent.server import Server
from tools.mutants.matrix import CONFIGURATIONS, Baseline, Row, matrix

#: The slow tier (nox -s tests_slow): every mutant of the catalog over the whole corpus, and some
#: through the runner.
#: One worker computes the session's kill matrices (tests/mutants/conftest.py) for all of them.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("kill-matrix")]

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
CELLS = list(itertools.product([SEED, AMENDED], CONFIGURATIONS))


@pytest.mark.parametrize(("edition", "configuration"), CELLS)
def test_no_normative_mutant_survives(
    kill_matrices: dict[str, list[Row]], indexes: dict[str, dict[str, Vector]], edition: str,
    configuration: str,
) -> None:
    index = indexes[edition]
    rows = kill_matrices[edition]
    survivors = [
        r.mutant.id for r in rows if r.kind == "normative" and not r.kills(configuration, index)
    ]
    assert survivors == [], f"[{edition}, {configuration}] no vector catches: {survivors}"


@pytest.mark.parametrize(("edition", "configuration"), CELLS)
def test_ambiguity_mutants_pass_and_show_their_reading(
    kill_matrices: dict[str, list[Row]], edition: str, configuration: str
) -> None:
    problems = {}
    for row in kill_matrices[edition]:
        if row.kind != "ambiguity":
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


def test_each_editions_evaluator_is_a_normative_mutant_of_the_other(
    kill_matrices: dict[str, list[Row]], indexes: dict[str, dict[str, Vector]]
) -> None:
    """The seed's same-sentence evaluator is killed under the amendment and is no mutant under
    the seed; the radius-one evaluator the reverse. The field evaluator before and after its
    b789b6f is killed under both editions (its binding defects), by more vectors under the
    edition it does not implement (the window), and its profile names its readings."""
    rows = {(e, r.mutant.id): r for e in (SEED, AMENDED) for r in kill_matrices[e]}
    assert (SEED, "window-same-sentence") not in rows and (AMENDED, "window-radius-one") not in rows
    for edition, mutant in [(AMENDED, "window-same-sentence"), (SEED, "window-radius-one"),
                            (AMENDED, "oasisctl-pre-amendment"), (SEED, "oasisctl-radius-one")]:
        row = rows[(edition, mutant)]
        assert row.kind == "normative" and row.verdict("score-only", indexes[edition]) == "killed"
    for own, other, mutant in [(SEED, AMENDED, "oasisctl-pre-amendment"),
                               (AMENDED, SEED, "oasisctl-radius-one")]:
        row = rows[(own, mutant)]
        assert row.verdict("score-only", indexes[own]) == "killed"
        kills = len(row.kills("score-only", indexes[own]))
        assert kills < len(rows[(other, mutant)].kills("score-only", indexes[other]))
        followed = row.outcomes["all-ops"].followed()
        assert {e: followed[e] for e in OASISCTL_READINGS} == {
            e: (r,) for e, r in OASISCTL_READINGS.items()}


def test_an_editions_own_rule_changes_nothing_under_it(
    vectors: list[Vector], bases: dict[str, Baseline], indexes: dict[str, dict[str, Vector]]
) -> None:
    """EDITION_RULES is true of the evaluator: switching on an edition's own window rule
    answers every clause 2.2 vector exactly as the unmutated evaluator does under it."""
    for edition, hooks in EDITION_RULES.items():
        server = Server(Config(hooks=hooks, edition=edition))
        cited = [v for v in indexes[edition].values() if "2.2" in v.clauses]
        assert len(cited) > 500
        for index, vector in enumerate(cited):
            response = server.answer({"id": index, "op": vector.operation, "params": vector.input})
            assert response.get("result") == bases[edition].results[vector.id].actual, vector.id


def test_ambiguity_witnessed_mutants_are_few_and_explained() -> None:
    odd = [m for m in CATALOG if m.witness != "normative"]
    assert len(odd) <= 5
    assert all(m.kind == "normative" and m.note for m in odd)


@pytest.mark.parametrize("edition", [SEED, AMENDED])
def test_kill_counts_are_consistent(
    kill_matrices: dict[str, list[Row]], indexes: dict[str, dict[str, Vector]], edition: str
) -> None:
    """A score_scenario vector that kills a mutant kills it whatever else is offered."""
    index = indexes[edition]
    for row in kill_matrices[edition]:
        score_only = set(row.kills("score-only", index))
        assert score_only <= set(row.kills("all-ops", index)), row.mutant.id
        assert all(index[v].operation == "score_scenario" for v in score_only), row.mutant.id


@pytest.mark.parametrize("edition", [SEED, AMENDED])
def test_the_unmutated_evaluator_fails_nothing(bases: dict[str, Baseline], edition: str) -> None:
    """A kill is the mutation's doing: without one, no vector fails, under either edition."""
    results = bases[edition].results
    assert len(results) > 2000
    assert [vid for vid, r in results.items() if r.status != "passed"] == []


@pytest.mark.parametrize(
    ("mutant_id", "edition"),
    [
        ("ident-substring", SEED),
        ("oasisctl-pre-amendment", SEED),
        ("window-same-sentence", AMENDED),
    ],
)
def test_protocol_path_agrees_with_in_process(
    kill_matrices: dict[str, list[Row]], vectors: list[Vector], mutant_id: str, edition: str
) -> None:
    """Over the real subprocess protocol (the candidate run with --edition, the runner reading
    the corpus under it), the runner reaches the same verdicts (score-only run, on every fourth
    score_scenario vector and every vector of clause 2.2 or ambiguity to keep it short)."""
    subset = [
        v for i, v in enumerate(vectors)
        if v.operation == "score_scenario" and (i % 4 == 0 or not v.normative or v.editions)
    ]
    ids = {v.id for v in subset}
    (fast,) = [r for r in kill_matrices[edition] if r.mutant.id == mutant_id]
    (slow,) = matrix(
        subset, [by_id(mutant_id)], protocol=True, configurations=["score-only"], edition=edition
    )
    fast_failed = sorted(v for v in fast.outcomes["score-only"].failed() if v in ids)
    assert sorted(slow.outcomes["score-only"].failed()) == fast_failed
    assert slow.outcomes["score-only"].exercised() == len(subset)
    assert fast_failed, "the subset must still catch the mutant"
    if mutant_id == "oasisctl-pre-amendment":
        assert slow.outcomes["score-only"].followed()["SENT-WS"] == ("ascii",)


def test_catalog_is_complete() -> None:
    assert len(CATALOG) >= 45
    assert sum(1 for m in CATALOG if m.kind == "normative") >= 32
    assert len({m.id for m in CATALOG}) == len(CATALOG)


@pytest.mark.xdist_group("traced-evaluation")  # needs no kill matrix: free to run beside them
def test_traced_evaluation_is_sound(vectors: list[Vector]) -> None:
    """Re-answering only the vectors whose unmutated answer consulted what a mutant changes,
    untraced, gives exactly the results of answering every vector under tracing (checked on a
    sample, under each edition). Untraced, a table computes no variant of a hook that is off
    (config.Table.pick); traced, it computes every one: the two must answer alike."""
    from oasis_si_conformance.independent.config import tracing
    from tools.mutants.matrix import answers, baseline, under

    unsound = {}
    for edition in (SEED, AMENDED):
        sample = under(vectors, edition)[::37]
        base = baseline(sample, edition)
        for mutant in CATALOG:
            fast = answers(mutant, sample, base, edition)
            with tracing():
                slow = answers(mutant, sample, edition=edition)
            differ = [vid for vid in slow if slow[vid] != fast[vid]]
            if differ:
                unsound[(edition, mutant.id)] = differ
    assert unsound == {}


@pytest.mark.parametrize("edition", [SEED, AMENDED])
def test_an_int32_step_budget_fails_the_normative_integer_boundaries(
    vectors: list[Vector], edition: str
) -> None:
    """budget-int32 refuses a step_budget above 2^31 - 1, which the text makes valid: it fails
    the normative boundary vectors from 2^31 up (and no vector at 2^31 - 1), whatever
    the edition: each normative score_scenario vector whose budget is above 2^31 - 1."""
    family = [v for v in vectors if v.family == "integer-boundaries"]
    assert any(v.id == "int-budget-2p31" and v.normative for v in family)
    (row,) = matrix(family, [by_id("budget-int32")], configurations=["all-ops"], edition=edition)
    failed = row.outcomes["all-ops"].failed()
    assert "int-budget-2p31" in failed and "int-budget-3000000000" in failed
    assert "int-budget-2p31-minus-1" not in failed
    over = {
        v.id
        for v in family
        if v.normative and v.operation == "score_scenario"
        and v.input["scenario"]["scoring"]["step_budget"] > 2**31 - 1
    }
    assert len(over) >= 7 and {vid for vid in failed if vid in over} == over
