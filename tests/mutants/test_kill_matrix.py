"""The kill matrix as a test: the corpus must reject every normative mutant, in both
configurations, and must profile every ambiguity mutant with its reading without failing it.

Answers are computed in process (one pass per mutant, shared by both configurations) and judged
by the runner's own code (runner.judge, runner.apply_profile); one mutant of each kind is also
driven over the real subprocess protocol, to keep the fast path honest.
"""

import pytest

from oasis_si_conformance.corpus import Vector
from tools.mutants.catalog import CATALOG, by_id
from tools.mutants.matrix import CONFIGURATIONS, Row, matrix


@pytest.mark.parametrize("configuration", list(CONFIGURATIONS))
def test_no_normative_mutant_survives(kill_matrix: list[Row], by_id: dict[str, Vector], configuration: str) -> None:
    survivors = [r.mutant.id for r in kill_matrix if r.mutant.kind == "normative" and not r.kills(configuration, by_id)]
    assert survivors == [], f"[{configuration}] normative mutants no vector catches: {survivors}"


#: Ambiguity vectors that a legitimate non-reference FOLD-MAPPING reading fails as
#: `inconsistent_reading` (reported to the lead): FOLD-ORDER and DELIM-FOLDED probes built on
#: U+0130 / I+U+0307, whose outcome under every reading of their own entry is stated for the
#: reference FOLD-MAPPING only (simple-lowercase is the one mapping that sends U+0130 to i).
#: Mapping-free probes exist: a capital + combining mark whose precomposed form exists in
#: lowercase only (T+U+0308 vs U+1E97) for FOLD-ORDER, U+212A KELVIN SIGN for DELIM-FOLDED.
#: Pinned exactly: a new failure, or a fixed vector, makes this test fail until updated.
KNOWN_CROSS_ENTRY: dict[str, set[str]] = {
    "reading-fold-mapping-full-lowercase": {
        "case-order-i-dot-decomposed-text", "case-order-i-dot-decomposed-identifier",
        "case-scenario-order-i-dot-decomposed-text", "case-scenario-order-i-dot-decomposed-identifier",
        "case-delim-dotted-capital-i-before", "case-delim-dotted-capital-i-inside-path",
        "case-scenario-delim-dotted-capital-i-before",
    },
    "reading-fold-mapping-full-casefold": {
        "case-order-i-dot-composed-vs-decomposed", "case-order-i-dot-decomposed-vs-composed",
        "case-scenario-order-i-dot-composed-vs-decomposed", "case-scenario-order-i-dot-decomposed-vs-composed",
        "case-delim-dotted-capital-i-before", "case-delim-dotted-capital-i-inside-path",
        "case-scenario-delim-dotted-capital-i-before", "nfc-mark-smtp-port-0308",
        "nfc-scenario-mark-after-smtp-port-0308",
    },
    "reading-fold-mapping-simple-casefold": {
        "case-order-i-dot-decomposed-text", "case-order-i-dot-decomposed-identifier",
        "case-scenario-order-i-dot-decomposed-text", "case-scenario-order-i-dot-decomposed-identifier",
    },
}


@pytest.mark.parametrize("configuration", list(CONFIGURATIONS))
def test_ambiguity_mutants_pass_and_show_their_reading(
    kill_matrix: list[Row], by_id: dict[str, Vector], configuration: str
) -> None:
    problems = {}
    for row in kill_matrix:
        if row.mutant.kind != "ambiguity":
            continue
        outcome = row.outcomes[configuration]
        failed = set(outcome.failed())
        known = {v for v in KNOWN_CROSS_ENTRY.get(row.mutant.id, ()) if v in outcome.results
                 and outcome.results[v].status != "not_exercised"}
        if failed != known:
            problems[row.mutant.id] = f"fails {sorted(failed - known)[:10]}, known {sorted(known - failed)[:10]} pass"
            continue
        for vid in failed:
            assert outcome.results[vid].failure.kind == "inconsistent_reading", vid
            assert by_id[vid].ambiguity in ("FOLD-ORDER", "DELIM-FOLDED"), vid
        shown = row.shows_reading(configuration)
        if configuration == "all-ops" and not all(shown.values()):
            problems[row.mutant.id] = f"profile does not show its reading: {shown}"
    assert problems == {}


def test_ambiguity_witnessed_mutants_are_few_and_explained() -> None:
    odd = [m for m in CATALOG if m.witness != "normative"]
    assert len(odd) <= 2
    assert all(m.kind == "normative" and m.note for m in odd)


def test_kill_counts_are_consistent(kill_matrix: list[Row], by_id: dict[str, Vector]) -> None:
    """A score_scenario vector that kills a mutant kills it whatever else is offered."""
    for row in kill_matrix:
        score_only = set(row.kills("score-only", by_id))
        assert score_only <= set(row.kills("all-ops", by_id)), row.mutant.id
        assert all(by_id[v].operation == "score_scenario" for v in score_only), row.mutant.id


def test_the_reference_reading_is_no_mutant(vectors: list[Vector], by_id: dict[str, Vector]) -> None:
    """The unmutated evaluator fails nothing: a kill is the mutation's doing."""
    from tools.mutants.catalog import Mutant

    clean = Mutant("unmutated", "ambiguity", "1.3", "follows the text and the reference readings")
    (row,) = matrix(vectors, [clean])
    for configuration in CONFIGURATIONS:
        assert row.outcomes[configuration].failed() == [], configuration


@pytest.mark.parametrize("mutant_id", ["ident-substring", "oasisctl-pre-amendment"])
def test_protocol_path_agrees_with_in_process(kill_matrix: list[Row], vectors: list[Vector], mutant_id: str) -> None:
    """Over the real subprocess protocol, the runner reaches the same verdicts (score-only run)."""
    mutant = by_id(mutant_id)
    (fast,) = [r for r in kill_matrix if r.mutant.id == mutant_id]
    (slow,) = matrix(vectors, [mutant], protocol=True, configurations=["score-only"])
    fast_failed = sorted(fast.outcomes["score-only"].failed())
    assert sorted(slow.outcomes["score-only"].failed()) == fast_failed
    assert slow.outcomes["score-only"].followed() == fast.outcomes["score-only"].followed()
    assert slow.outcomes["score-only"].exercised() == fast.outcomes["score-only"].exercised()


def test_catalog_is_complete() -> None:
    assert len(CATALOG) >= 45
    assert sum(1 for m in CATALOG if m.kind == "normative") >= 32
    assert len({m.id for m in CATALOG}) == len(CATALOG)


def test_traced_evaluation_is_sound(vectors: list[Vector]) -> None:
    """Re-answering only the vectors whose unmutated answer consulted what a mutant changes
    gives exactly the results of answering every vector (checked on a sample)."""
    from tools.mutants.matrix import answers, baseline

    sample = vectors[::23]
    base = baseline(sample)
    unsound = {}
    for mutant in CATALOG:
        fast, slow = answers(mutant, sample, base), answers(mutant, sample)
        differ = [vid for vid in slow if slow[vid] != fast[vid]]
        if differ:
            unsound[mutant.id] = differ
    assert unsound == {}
