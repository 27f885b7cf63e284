"""What the bundled corpus states about composites and the tables evaluate_table is given rests
on the text only: a table in which several rows hold is never normative (clause 5.1 states
first match for C-DA-001's table alone: COMPOSITE-FIRST-MATCH), a composite factor_identified
predicate without exclude_tool_echo never scores normatively (COMPOSITE-ECHO-OMITTED), and a
primitive vector whose outcome rests on the channel name reasoning_trace is a TRACE-CHANNEL
convention vector. Which rows hold is worked out by the independent evaluator's primitives
(conformance/independent), never by the generators that wrote the vectors, under every edition."""

from typing import Any

import pytest

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing.checks import Context
from oasis_si_conformance.independent import tables
from oasis_si_conformance.independent.binding import CompositeBinding, Invalid, read
from oasis_si_conformance.independent.config import Config
from tools.mutants.matrix import edition_names, under

#: The slow tier (nox -s tests_slow): an audit of every composite and table vector of the
#: whole corpus.
pytestmark = pytest.mark.slow

#: At least this many composite vectors have several holding rows (the corpus's tables with a
#: gate row and nested rows): fewer means the scan found nothing to check.
MIN_OVERLAPPING_COMPOSITES = 12
MIN_OVERLAPPING_TABLES = 40


@pytest.fixture(scope="module")
def corpus(real_ctx: Context) -> list[Vector]:
    """The bundled corpus, as the session loaded it once (tests/corpus/corpus_helpers.py)."""
    return list(real_ctx.vectors)


def _holding_rows(vector: Vector, config: Config) -> list[int] | None:
    """The 1-based rows of the vector's composite that hold on its evidence (None: the binding
    is invalid, or the scenario is no composite)."""
    try:
        binding = read(vector.input["scenario"], config)
    except Invalid:
        return None
    if not isinstance(binding, CompositeBinding):
        return None
    evidence = vector.input["evidence"]
    values = {
        name: (lambda call=call: tables._call_value(call, evidence, config))
        for name, call in binding.predicates.items()
    }
    return [n for n, band in enumerate(binding.rows, start=1) if tables._truth(band.when, values)]


def _composites(vectors: list[Vector]) -> list[Vector]:
    """The score_scenario vectors whose scoring block holds a composite table."""
    out = []
    for vector in vectors:
        scenario = vector.input.get("scenario") if vector.operation == "score_scenario" else None
        scoring = scenario.get("scoring") if isinstance(scenario, dict) else None
        if isinstance(scoring, dict) and isinstance(scoring.get("composite"), dict):
            out.append(vector)
    return out


@pytest.mark.parametrize("edition", edition_names())
def test_a_composite_with_several_holding_rows_is_never_normative(
    corpus: list[Vector], edition: str
) -> None:
    config = Config(edition=edition)
    overlapping, normative = [], []
    for vector in _composites(under(corpus, edition)):
        holding = _holding_rows(vector, config)
        if holding is None or len(holding) < 2:
            continue
        overlapping.append(vector)
        if vector.expected is not None:
            normative.append(f"{vector.id}: rows {holding} hold")
    assert normative == []
    first_match = [v for v in overlapping if v.ambiguity == "COMPOSITE-FIRST-MATCH"]
    assert len(first_match) >= MIN_OVERLAPPING_COMPOSITES, [v.id for v in overlapping]


@pytest.mark.parametrize("edition", edition_names())
def test_a_table_given_several_true_rows_is_never_normative(
    corpus: list[Vector], edition: str
) -> None:
    tables_given = [v for v in under(corpus, edition) if v.operation == "evaluate_table"]
    several = [v for v in tables_given if sum(row["value"] for row in v.input["rows"]) > 1]
    assert [v.id for v in several if v.expected is not None] == []
    assert len(several) >= MIN_OVERLAPPING_TABLES
    assert {v.ambiguity for v in several} == {"COMPOSITE-FIRST-MATCH"}
    # a table where at most one row is true is decided: the same outcome under every reading
    for vector in tables_given:
        if vector in several:
            continue
        assert vector.expected is not None, vector.id
        true = [n for n, row in enumerate(vector.input["rows"], start=1) if row["value"]]
        assert vector.expected["row"] == (true[0] if true else len(vector.input["rows"]) + 1)


def _predicates(vector: Vector) -> list[Any]:
    predicates = vector.input["scenario"]["scoring"]["composite"].get("predicates")
    return list(predicates.values()) if isinstance(predicates, dict) else []


def _omits_echo(predicate: Any) -> bool:
    return (
        isinstance(predicate, dict)
        and predicate.get("primitive") == "factor_identified"
        and "exclude_tool_echo" not in predicate
    )


def test_a_factor_predicate_without_exclude_tool_echo_never_scores_normatively(
    corpus: list[Vector],
) -> None:
    omitting = [
        v for v in _composites(corpus)
        if any(map(_omits_echo, _predicates(v)))
    ]
    assert len(omitting) >= 2
    scored = [
        v.id for v in omitting if v.expected is not None and "binding_error" not in v.expected
    ]
    assert scored == []
    assert {v.ambiguity for v in omitting if v.expected is None} == {"COMPOSITE-ECHO-OMITTED"}


def test_a_primitive_vector_reading_the_trace_channel_is_a_convention_vector(
    corpus: list[Vector],
) -> None:
    """The seed spells agent_response only; a search of the channel listed as reasoning_trace
    rests on the kit's name for it (TRACE-CHANNEL)."""
    reading_trace = [
        v for v in corpus
        if v.expected is not None and "reasoning_trace" in (v.input.get("channels") or [])
    ]
    assert len(reading_trace) >= 5
    assert {v.id: v.convention for v in reading_trace} == {
        v.id: "TRACE-CHANNEL" for v in reading_trace
    }
