"""The editions catalog as the kit resolves it (oasis_si_schemas.editions): each edition's
name, the full name a handshake declares, and which register entries it holds open."""

import pytest

from oasis_si_conformance.corpus import corpus
from oasis_si_schemas import editions


def _blocks() -> list[dict]:
    return list(corpus.load_catalog("editions.yaml")["editions"])


def test_each_edition_s_full_name_is_its_name_unless_its_label_is_shared() -> None:
    """Both editions carry the label 0.3.0-rc1: the first-published text is named as such,
    the amendment by its own name."""
    resolved = editions.resolve(_blocks())
    assert [e.full_name for e in resolved] == [
        "0.3.0-rc1+first-published", "0.3.0-rc1+2026-08-22",
    ]


def test_an_edition_stated_twice_is_refused() -> None:
    first = _blocks()[0]
    with pytest.raises(editions.CatalogError, match="stated twice"):
        editions.resolve([first, first])


def test_an_entry_an_edition_decides_is_not_open_under_it() -> None:
    seed = editions.resolve(_blocks())[0]
    decided = editions.Edition(
        name="d", label="x", title="t", text={}, decided={"SENT-WS": "ascii"},
        lineage=("d", seed.name),
    )
    assert decided.holds_open({"id": "SENT-WS"}) is False
    assert decided.holds_open({"id": "ECHO-LINE"}) is True
    assert seed.holds_open({"id": "SENT-WS"}) is True
