"""Failure signatures per edition of the text (tools/mutants/signatures.py, vectors/
signatures.yaml) and the diagnosis that reads them (conformance/judging/diagnosis.py): a misreading
fails other vectors under the 2026-08-22 amendment than under the seed, so a report names the
signatures of its own edition. The models of the field evaluator oasisctl are diagnosed from
their in-process kill-matrix rows (score_scenario alone, as the field build is certified)."""

from collections.abc import Iterable
from typing import Any

import pytest

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.corpus.corpus import Vector, vectors_root
from oasis_si_conformance.independent.mutants import CATALOG, OASISCTL_DEFECTS, by_id
from oasis_si_conformance.judging.diagnosis import Signature, diagnose, load_signatures
from tools.mutants import signatures
from tools.mutants.matrix import Row

#: The slow tier (nox -s tests_slow): the signatures computed afresh under each edition.
#: One worker computes the session's kill matrices (tests/mutants/conftest.py) for all of them.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("kill-matrix")]

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
WINDOWS = ("window-radius-one", "window-same-sentence")


def _no_failures() -> dict[str, list[str]]:
    return {m.id: [] for m in CATALOG}


def _records(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {record["id"]: record for record in document["signatures"]}


# The generator --------------------------------------------------------------------------------


def test_each_edition_groups_its_own_failures() -> None:
    """Vectors under the default edition, another edition's list where it differs (empty: no
    signature there), grouping per edition; a mutant that is an edition's own text has no row
    there (the matrix leaves it out) and so no vectors."""
    seed, amended = _no_failures(), _no_failures()
    seed.update({"window-radius-one": ["v1", "v2"], "window-whole-text": ["v1", "v2"]})
    seed["sent-period-only"] = amended["sent-period-only"] = ["v3"]
    del seed["window-same-sentence"], amended["window-radius-one"]
    amended.update({"window-same-sentence": ["v4"], "window-whole-text": ["v1"]})
    document = signatures.document({SEED: seed, AMENDED: amended})
    assert document["editions"] == [SEED, AMENDED] and document["format"] == 2
    records = _records(document)
    assert list(records) == ["sent-period-only", *WINDOWS, "window-whole-text"]
    assert "editions" not in records["sent-period-only"]
    radius, same, whole = (records[i] for i in [*WINDOWS, "window-whole-text"])
    assert (radius["vectors"], radius["editions"]) == (["v1", "v2"], {AMENDED: []})
    assert radius["mutants"] == ["window-radius-one", "window-whole-text"]
    assert (same["vectors"], same["editions"], "mutants" in same) == ([], {AMENDED: ["v4"]}, False)
    assert (whole["vectors"], whole["editions"]) == ([], {AMENDED: ["v1"]})


def test_a_signature_whose_mutants_differ_between_editions_names_those_of_every_edition() -> None:
    """A signature states its mutants once: those it groups under any edition (an edition
    may group more mutants under it, never fewer), with its vectors per edition."""
    seed, amended = _no_failures(), _no_failures()
    seed.update({"ident-substring": ["v1"], "window-line": ["v1"]})
    amended.update({"ident-substring": ["v2"], "window-line": ["v2"], "window-whole-text": ["v2"]})
    records = signatures.document({SEED: seed, AMENDED: amended})["signatures"]
    (record,) = [r for r in records if "ident-substring" in r.get("mutants", [r["id"]])]
    assert set(record["mutants"]) == {"ident-substring", "window-line", "window-whole-text"}
    assert (record["vectors"], record["editions"]) == (["v1"], {AMENDED: ["v2"]})


def test_the_bundled_file_has_each_window_under_the_edition_it_misreads() -> None:
    """window-same-sentence is the seed's text and window-radius-one the amendment's: each
    has vectors only under the other edition."""
    bundled = {s.id: s for s in load_signatures(vectors_root() / "signatures.yaml")}
    radius, same = (bundled[i] for i in WINDOWS)
    assert radius.under(SEED) and not radius.under(AMENDED)
    assert same.under(AMENDED) and not same.under(SEED)
    assert all(s.under(SEED) or s.under(AMENDED) for s in bundled.values())
    assert any(s.under(SEED) != s.under(AMENDED) for s in bundled.values() if s.id not in WINDOWS)


# The diagnosis of the field evaluator's models ---------------------------------------------------

SIGNATURES = load_signatures(vectors_root() / "signatures.yaml")


def _mutants_of(signature_id: str) -> list[str]:
    """The catalog mutants a bundled signature stands for."""
    document = yamlsafe.load((vectors_root() / "signatures.yaml").read_text(encoding="utf-8"))
    (record,) = [r for r in document["signatures"] if r["id"] == signature_id]
    return list(record.get("mutants", [signature_id]))


def _named(
    kill_matrices: dict[str, list[Row]],
    indexes: dict[str, dict[str, Vector]],
    edition: str,
    mutant_id: str,
    lists: str | None = None,
) -> list[str]:
    """The signatures the diagnosis names for the model `mutant_id` run under `edition` through
    score_scenario alone, matched with the signatures' vectors under `lists` (default: the
    run's edition)."""
    (row,) = [r for r in kill_matrices[edition] if r.mutant.id == mutant_id]
    results = row.outcomes["score-only"].results
    vectors: Iterable[Vector] = indexes[edition].values()
    diagnosis = diagnose(vectors, results, _as_under(lists) if lists else SIGNATURES, edition)
    return [named.signature.id for named in diagnosis.named]


def _as_under(edition: str) -> list[Signature]:
    """The bundled signatures with the vectors of `edition` under every edition (as a file
    derived under that one edition alone would read)."""
    return [Signature(s.id, s.clause, s.kind, s.description, s.under(edition)) for s in SIGNATURES]


def _its_own(named: list[str], mutant_id: str) -> list[str]:
    """The named signatures that stand for a fault the model does not have."""
    hooks = by_id(mutant_id).hooks
    return [i for i in named if not any(by_id(m).hooks <= hooks for m in _mutants_of(i))]


def _defects_named(named: list[str]) -> bool:
    """Every binding defect of oasisctl is a fault of some named signature's mutants."""
    faults = {hook for i in named for m in _mutants_of(i) for hook in by_id(m).hooks}
    return OASISCTL_DEFECTS <= faults


def test_the_pre_amendment_model_under_the_amendment_is_the_same_sentence_window(
    kill_matrices: dict[str, list[Row]], indexes: dict[str, dict[str, Vector]]
) -> None:
    """oasisctl up to f320327 certified against the amendment: its window is the seed's, and
    the diagnosis says so (with its binding defects) and names nothing it does not do. With the
    seed's lists it would be read as the radius-one window and other sentence misreadings."""
    named = _named(kill_matrices, indexes, AMENDED, "oasisctl-pre-amendment")
    assert "window-same-sentence" in named and "window-radius-one" not in named
    assert _its_own(named, "oasisctl-pre-amendment") == [] and _defects_named(named)
    misread = _named(kill_matrices, indexes, AMENDED, "oasisctl-pre-amendment", lists=SEED)
    assert "window-radius-one" in misread and "window-same-sentence" not in misread


def test_the_radius_one_model_under_the_seed_is_the_radius_one_window(
    kill_matrices: dict[str, list[Row]], indexes: dict[str, dict[str, Vector]]
) -> None:
    """oasisctl from b789b6f certified against the seed: the diagnosis names the radius-one
    window and its binding defects, never the seed's own window."""
    named = _named(kill_matrices, indexes, SEED, "oasisctl-radius-one")
    assert "window-radius-one" in named and "window-same-sentence" not in named
    assert _defects_named(named)


@pytest.mark.parametrize(
    ("edition", "mutant_id"), [(SEED, "oasisctl-pre-amendment"), (AMENDED, "oasisctl-radius-one")]
)
def test_a_model_under_the_edition_it_implements_is_its_defects_alone(
    kill_matrices: dict[str, list[Row]],
    indexes: dict[str, dict[str, Vector]],
    edition: str,
    mutant_id: str,
) -> None:
    """Under the edition whose window it implements, a model's diagnosis names its binding
    defects and nothing else: no window, no sentence misreading."""
    named = _named(kill_matrices, indexes, edition, mutant_id)
    assert _defects_named(named) and _its_own(named, mutant_id) == []
    assert not [i for i in named if i.startswith(("window-", "sent-"))]
