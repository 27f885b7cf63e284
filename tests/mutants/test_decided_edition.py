"""The signatures of an edition that only decides register entries, derived from the committed
file and the vectors its decisions reach (tools/mutants/decided_edition.py): which vectors are
judged again (the profiles they read included), what the committed file states per mutant, and
the editions it refuses to derive so."""

from typing import Any

import attrs
import pytest

from oasis_si_conformance.corpus import corpus, editions, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing import newedition, ratify
from oasis_si_conformance.independent.mutants import CATALOG
from oasis_si_schemas import editions as reference_editions
from tools.mutants import decided_edition

ROOT = corpus.vectors_root()




@pytest.fixture(scope="module")
def entries() -> dict[str, dict[str, Any]]:
    return {e["id"]: e for e in corpus.load_catalog("register.yaml", ROOT)["entries"]}


def _deciding(entry: str, reading: str) -> tuple[list[Any], Any]:
    known = editions.load(ROOT)
    base = next(e for e in reversed(known) if entry not in e.decided)
    block = newedition.new_block(base, entry, reading, "draft", "2026-12-01")
    return [*known, reference_editions.resolve_one(block, reference_editions.by_name(known))], base


def test_the_vectors_a_decision_reaches_include_the_profiles_it_reads(
    vectors: list[Vector], entries: dict[str, dict[str, Any]]
) -> None:
    """Deciding ECHO-LINE reaches its own ambiguity vectors, those of ECHO-TRIM (which applies
    only under some ECHO-LINE readings) and those of ECHO-LINE-BREAK (whose profile sets
    ECHO-TRIM probes aside), and no vector of an entry unrelated to them."""
    catalog, base = _deciding("ECHO-LINE", "exact-substring")
    draft = catalog[-1]
    register = ratify.Register.of(corpus.load_catalog("register.yaml", ROOT))
    derived = newedition.derive(vectors, draft, register)
    # the vectors with the draft's blocks, as ratify writes them
    with_blocks = [
        v if v.id not in derived.blocks else _with_block(v, draft.name, derived.blocks[v.id])
        for v in vectors
    ]
    reached = decided_edition.reached(with_blocks, draft, base, entries)
    by_entry = {v.for_edition(base.name).ambiguity for v in reached}
    assert {"ECHO-LINE", "ECHO-TRIM", "ECHO-LINE-BREAK"} <= by_entry
    assert "FOLD-MAPPING" not in by_entry and "SENT-WS" not in by_entry
    assert set(derived.changed) <= {v.id for v in reached}


def _with_block(vector: Vector, name: str, block: dict[str, Any]) -> Vector:
    return attrs.evolve(vector, editions={**vector.editions, name: block})


def test_an_edition_that_amends_a_parameter_is_derived_afresh(vectors: list[Vector]) -> None:
    known = editions.load(ROOT)
    block = {"name": "radius-two", "base": known[-1].name, "parameters": {
        "co-occurrence-radius": 2}}
    catalog = [*known, reference_editions.resolve_one(block, reference_editions.by_name(known))]
    committed = yamlsafe.load((ROOT / "signatures.yaml").read_text(encoding="utf-8"))
    with pytest.raises(decided_edition.NotDerivable, match="amends a parameter"):
        decided_edition.derive(committed, catalog, "radius-two", vectors, {})


def test_the_committed_file_states_each_heads_failures(vectors: list[Vector]) -> None:
    """A mutant heading its signature under an edition fails that signature's vectors there."""
    committed = yamlsafe.load((ROOT / "signatures.yaml").read_text(encoding="utf-8"))
    first = editions.load(ROOT)[0]
    heads = {r["id"]: r["vectors"] for r in committed["signatures"] if r["vectors"]}
    sure = [m for m in CATALOG if m.id in heads]
    failed = decided_edition.committed_failures(committed, first, vectors, sure)
    assert failed and all(failed[mid] == heads[mid] for mid in failed)


def test_an_entry_that_arises_under_readings_the_edition_decides_against_is_closed() -> None:
    """ECHO-TRIM arises only when ECHO-LINE trims: an edition deciding ECHO-LINE exact closes
    it, saying so; one deciding a trimming reading, or nothing, leaves it open."""
    trim = {e["id"]: e for e in corpus.load_catalog("register.yaml")["entries"]}["ECHO-TRIM"]
    first = editions.load(corpus.vectors_root())[0]
    exact = attrs.evolve(first, decided={"ECHO-LINE": "exact-substring"})
    assert exact.closed_by(trim) == "ECHO-LINE exact-substring trims nothing"
    trimming = attrs.evolve(first, decided={"ECHO-LINE": "trimmed-line-equal"})
    assert trimming.closed_by(trim) is None and first.closed_by(trim) is None
