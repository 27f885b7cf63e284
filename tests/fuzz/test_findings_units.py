"""A finding's vector stub (stub.py) and its class's tally (summary.py), on literal
divergences: what the stub states, where it is written, how many divergences a class holds."""

from pathlib import Path

import yaml

from oasis_si_conformance.corpus import conventions
from oasis_si_conformance.fuzz import stub
from oasis_si_conformance.fuzz.summary import DivergenceClass


class _Key:
    def label(self) -> str:
        return "a-class"


class _Found:
    """A normative divergence on a composite scenario, touching no open point."""

    case = {"operation": "score_scenario", "input": {"evidence": {}}}
    expected = {"binding_error": "invalid_composite"}
    key, kind, message, actual = _Key(), "mismatch", "differs", None
    points: tuple[str, ...] = ()
    readings: dict = {}
    conventions: tuple[str, ...] = ()
    size = 10


def _document(found: _Found) -> dict:
    return stub.stub_document(found, seed=7, candidate={"name": "c", "version": "1"})


def test_a_finding_on_the_composite_grammar_is_a_convention_vector() -> None:
    """A divergence only the kit's composite grammar decides is stated as that convention's
    vector; one the text decides is normative (no convention)."""
    grammar = _Found()
    grammar.conventions = (conventions.COMPOSITE_GRAMMAR,)
    [record] = _document(grammar)["vectors"]
    assert record["convention"] == conventions.COMPOSITE_GRAMMAR
    [record] = _document(_Found())["vectors"]
    assert "convention" not in record
    assert record["expected"] == {"binding_error": "invalid_composite"}


def test_a_stub_is_written_as_its_vector_s_id_and_reads_back(tmp_path: Path) -> None:
    split = _Found()
    split.case = {"operation": "split_sentences", "input": {"text": "A. B."}}
    split.expected = {"sentences": ["A.", "B."]}
    document = _document(split)
    path = stub.write_stub(document, tmp_path / "found")
    [record] = document["vectors"]
    assert path == tmp_path / "found" / f"{record['id']}.yaml"
    assert yaml.safe_load(path.read_text(encoding="ascii")) == document


def test_a_class_counts_each_divergence_added_and_keeps_the_smallest() -> None:
    first, smaller, larger = _Found(), _Found(), _Found()
    smaller.size, larger.size = 3, 20
    found = DivergenceClass(_Key(), first, first)  # type: ignore[arg-type]
    assert found.count == 1
    found.add(larger)  # type: ignore[arg-type]
    found.add(smaller)  # type: ignore[arg-type]
    assert found.count == 3 and found.smallest is smaller
