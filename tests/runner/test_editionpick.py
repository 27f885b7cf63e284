"""The declaration of an edition in the handshake (conformance/corpus/editionpick.py, PROTOCOL.md):
a full name names one edition; a label several editions carry names none without --edition.
Expected names are written out here, from vectors/editions.yaml's two editions."""

import pytest

from oasis_si_conformance.corpus import corpus, editions

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
CATALOG = editions.load(corpus.vectors_root())


@pytest.mark.parametrize(
    ("declared", "chosen"),
    [
        (["0.3.0-rc1+first-published"], SEED),
        ([AMENDED], AMENDED),
        (["0.3.0-rc1", AMENDED], AMENDED),  # the label beside one full name: the full name
        (["0.3.0-rc1", "0.3.0-rc1+first-published"], SEED),
    ],
)
def test_a_full_name_names_one_edition(declared: list[str], chosen: str) -> None:
    selection = editions.select(CATALOG, None, declared)
    assert selection.edition.name == chosen and selection.warnings == ()


@pytest.mark.parametrize(
    ("declared", "words"),
    [
        (["0.3.0-rc1"], ["version label 0.3.0-rc1", "2 editions", "--edition"]),
        (["0.3.0-rc1+first-published", AMENDED], ["several editions", "--edition"]),
        (["0.2"], ["none of them an edition", "--edition"]),
    ],
)
def test_without_edition_a_declaration_naming_no_one_edition_is_refused(
    declared: list[str], words: list[str]
) -> None:
    with pytest.raises(editions.EditionError) as raised:
        editions.select(CATALOG, None, declared)
    assert all(word in str(raised.value) for word in words), str(raised.value)


@pytest.mark.parametrize("edition", [SEED, AMENDED])
def test_with_edition_the_shared_label_is_admitted_with_a_warning(edition: str) -> None:
    selection = editions.select(CATALOG, edition, ["0.3.0-rc1"])
    assert selection.edition.name == edition
    assert len(selection.warnings) == 1 and "share" in selection.warnings[0]


def test_with_edition_another_editions_full_name_is_refused() -> None:
    with pytest.raises(editions.EditionError):
        editions.select(CATALOG, AMENDED, ["0.3.0-rc1+first-published"])
