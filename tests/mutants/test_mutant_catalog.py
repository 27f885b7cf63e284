"""The mutant catalog's own rules: every register reading covered, every hook used, every clause
cited exists, every mutant a real change; and vectors/signatures.yaml up to date."""

import re

import pytest

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.corpus.corpus import vectors_root
from oasis_si_conformance.independent import mutants as catalog
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.mutants import CATALOG, EDITION_RULES, NORMATIVE, by_id
from oasis_si_conformance.independent.readings import READINGS, Readings
from oasis_si_schemas import validator
from tools.mutants import signatures
from tools.mutants.matrix import Row

SLUG = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$")


def _catalog_file(name: str) -> dict:
    return yamlsafe.load((vectors_root() / name).read_text(encoding="utf-8"))


def test_every_non_reference_reading_is_an_ambiguity_mutant() -> None:
    wanted = {(e, r) for e, rs in READINGS.items() for r in rs if r != Readings().get(e)}
    have = {
        (e, r)
        for m in CATALOG
        if m.kind == "ambiguity" and len(m.readings) == 1 and not m.hooks
        for e, r in m.readings.items()
    }
    assert wanted <= have


def test_ambiguity_mutants_change_readings_only() -> None:
    """Under every edition: an ambiguity mutant changes readings only, beside hooks that are the
    edition's own rule; a normative mutant switches on some other hook."""
    for edition, own in EDITION_RULES.items():
        for mutant in CATALOG:
            kind = mutant.kind_under(edition)
            if kind == "ambiguity":
                assert not mutant.hooks - own and mutant.readings, (edition, mutant.id)
            elif kind == "normative":
                assert mutant.hooks - own, (edition, mutant.id)
            else:
                assert mutant.hooks <= own, (edition, mutant.id)
    assert all(m.kind == m.kind_under("0.3.0-rc1") for m in CATALOG if m.kind_under("0.3.0-rc1"))


def test_each_edition_names_its_own_rules_and_scoped_entries() -> None:
    """EDITION_RULES covers exactly the editions of vectors/editions.yaml, each the window hook
    of the radius its block sets; WINDOW-BLANK, scoped by the register to the amendment, makes
    its reading mutants ambiguity mutants there and no mutant under the seed."""
    blocks = _catalog_file("editions.yaml")["editions"]
    assert list(EDITION_RULES) == [e["name"] for e in blocks]
    radii = {e["name"]: e["parameters"]["co-occurrence-radius"] for e in blocks}
    for name, hooks in EDITION_RULES.items():
        assert [catalog.WINDOW_HOOKS[hook] for hook in hooks] == [radii[name]], name
    blank = [m for m in CATALOG if set(m.readings) == {"WINDOW-BLANK"} and not m.hooks]
    assert blank
    scoped = {e["id"]: e["editions"] for e in _catalog_file("register.yaml")["entries"]
              if "editions" in e}
    for mutant in blank:
        for name in radii:
            expected = "ambiguity" if name in scoped["WINDOW-BLANK"] else None
            assert mutant.kind_under(name) == expected, (mutant.id, name)


def test_every_hook_is_used_by_a_normative_mutant() -> None:
    used = {hook for m in NORMATIVE for hook in m.hooks}
    assert set(Hook) - used == set()


def test_ids_clauses_and_descriptions() -> None:
    clauses = {c["id"] for c in _catalog_file("clauses.yaml")["clauses"]}
    for mutant in CATALOG:
        assert SLUG.match(mutant.id), mutant.id
        assert mutant.clause in clauses, (mutant.id, mutant.clause)
        assert len(mutant.description) > 20 and mutant.description[0].islower(), mutant.id


def test_register_clauses_match() -> None:
    register = {e["id"]: e["clause"] for e in _catalog_file("register.yaml")["entries"]}
    for mutant in CATALOG:
        if (
            mutant.kind == "ambiguity"
            and len(mutant.readings) == 1
            and mutant.id.startswith("reading-")
        ):
            (entry,) = mutant.readings
            assert mutant.clause == register[entry], mutant.id


def test_every_mutant_differs_from_the_text() -> None:
    """Every mutant is a real change, and a distinct one (the oasisctl models included)."""
    configs = [m.config() for m in CATALOG]
    assert Config() not in configs
    assert len(set(configs)) == len(configs)


def test_strategies_combine_catalog_faults_and_register_readings() -> None:
    """An implementation-strategy mutant is normative exactly when it switches on a fault, and
    each of its faults is a normative mutant of its own (so its diagnosis has a signature)."""
    singles = {hook for m in NORMATIVE if len(m.hooks) == 1 for hook in m.hooks}
    assert len(catalog.STRATEGIES) >= 5
    for mutant in catalog.STRATEGIES:
        assert mutant.id.startswith("strategy-") and (mutant.hooks or mutant.readings)
        assert mutant.kind == ("normative" if mutant.hooks else "ambiguity"), mutant.id
        assert mutant.hooks <= singles, mutant.id
        assert all(r in READINGS[e] for e, r in mutant.readings.items()), mutant.id


def test_oasisctl_mutants() -> None:
    """The models of the field evaluator: its readings (the register's survey), the same binding
    defects before and after b789b6f, and each edition's window; normative under both editions
    through the defects, each of which is a catalog mutant of its own."""
    pre, radius = by_id("oasisctl-pre-amendment"), by_id("oasisctl-radius-one")
    assert pre.readings == radius.readings == catalog.OASISCTL_READINGS
    assert pre.hooks == catalog.OASISCTL_DEFECTS | {Hook.WINDOW_SAME_SENTENCE}
    assert radius.hooks == catalog.OASISCTL_DEFECTS | {Hook.WINDOW_RADIUS_ONE}
    singles = {hook for m in NORMATIVE if len(m.hooks) == 1 for hook in m.hooks}
    assert catalog.OASISCTL_DEFECTS <= singles
    for entry, reading in catalog.OASISCTL_READINGS.items():
        assert reading in READINGS[entry] and reading != Readings().get(entry), entry
    for edition in EDITION_RULES:
        assert pre.kind_under(edition) == radius.kind_under(edition) == "normative"
    assert catalog.MODELS == {pre.id, radius.id}


@pytest.mark.slow
@pytest.mark.xdist_group("kill-matrix")
def test_signatures_file_is_generated_from_the_catalog(
    kill_matrices: dict[str, list[Row]], editions: list[str]
) -> None:
    """vectors/signatures.yaml equals what `python -m tools.mutants.signatures` writes now: the
    failures of every edition's kill matrix, the default edition first."""
    failed = {
        edition: {row.mutant.id: row.outcomes["all-ops"].failed() for row in kill_matrices[edition]}
        for edition in editions
    }
    document = signatures.document(failed)
    assert not list(validator("signatures").iter_errors(document))
    assert document["editions"] == editions
    committed = (vectors_root() / "signatures.yaml").read_text(encoding="utf-8")
    assert committed == signatures.render(document), "stale: run python -m tools.mutants.signatures"


SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"


def _no_failures() -> dict[str, list[str]]:
    return {m.id: [] for m in CATALOG}


def test_signatures_group_identical_failures() -> None:
    fake = _no_failures()
    fake["window-radius-one"] = ["v1", "v2"]
    fake["window-whole-text"] = ["v1", "v2"]
    fake["ident-substring"] = ["v3"]
    fake["oasisctl-radius-one"] = ["v1", "v2", "v4"]
    document = signatures.document({SEED: fake})
    ids = [s["id"] for s in document["signatures"]]
    assert ids == ["ident-substring", "window-radius-one"]
    assert document["signatures"][1]["mutants"] == ["window-radius-one", "window-whole-text"]
    assert all("editions" not in s for s in document["signatures"])


def test_models_have_no_signature_of_their_own() -> None:
    """A model of a real evaluator combines catalog mutants: a report on that evaluator names
    each of its defects, never the model (which would take every vector for itself)."""
    fake = _no_failures()
    fake["oasisctl-pre-amendment"] = ["v1", "v2"]
    fake["bind-yaml11-coercions"] = ["v1"]
    document = signatures.document({SEED: fake, AMENDED: fake})
    assert [s["id"] for s in document["signatures"]] == ["bind-yaml11-coercions"]


def test_generator_wrong_readings_speak_the_catalog_vocabulary() -> None:
    """One vocabulary: a modelled wrong implementation of the vector generators
    (tools/vectorgen/wrong_readings.py) is a normative mutant of the catalog, named by its id,
    unless it is listed as generator-only, with the reason; a generator-only id names no
    catalog mutant."""
    from tools.vectorgen.wrong_readings import ALL, DESCRIPTIONS, GENERATOR_ONLY

    catalog = {mutant.id for mutant in NORMATIVE}
    assert set(GENERATOR_ONLY) <= set(ALL)
    assert not set(GENERATOR_ONLY) & {mutant.id for mutant in CATALOG}
    assert [w for w in ALL if w not in GENERATOR_ONLY and w not in catalog] == []
    assert all(GENERATOR_ONLY[w] and DESCRIPTIONS[w] for w in GENERATOR_ONLY)
    assert len(set(ALL)) == len(ALL) and len(catalog & set(ALL)) >= 20


def test_a_mutant_reads_an_entry_its_edition_decides_as_decided(monkeypatch) -> None:
    """Under an edition that decides FOLD-MAPPING as simple-casefold, a mutant that does not
    read FOLD-MAPPING itself takes the decided reading (not the reference's simple-lowercase),
    so its signature there is its own misreading; a mutant whose misreading is a reading of
    that entry keeps its own."""
    import attrs

    from oasis_si_conformance.independent import mutants
    from oasis_si_schemas.editions import EDITIONS

    seed = EDITIONS["0.3.0-rc1"]
    deciding = attrs.evolve(seed, decided={"FOLD-MAPPING": "simple-casefold"})
    monkeypatch.setattr(mutants, "EDITIONS", {**EDITIONS, "0.3.0-rc1": deciding})
    by_id = {m.id: m for m in mutants.CATALOG}
    unrelated = by_id["strategy-str-splitlines"]
    assert "FOLD-MAPPING" not in unrelated.readings
    assert unrelated.config("0.3.0-rc1").readings.get("FOLD-MAPPING") == "simple-casefold"
    own = next(m for m in mutants.CATALOG if m.readings.get("FOLD-MAPPING") == "full-casefold")
    assert own.config("0.3.0-rc1").readings.get("FOLD-MAPPING") == "full-casefold"
    monkeypatch.setattr(mutants, "EDITIONS", EDITIONS)
    assert unrelated.config("0.3.0-rc1").readings.get("FOLD-MAPPING") == "simple-lowercase"


def test_a_reading_of_an_entry_the_edition_decides_otherwise_is_normative() -> None:
    """A mutant whose only change is a reading of an entry its edition decides otherwise is
    normative under that edition (it contradicts the decision); reading the entry as decided
    is the edition's text itself."""
    import attrs

    from oasis_si_schemas.editions import EDITIONS

    deciding = attrs.evolve(EDITIONS["0.3.0-rc1"], decided={"FOLD-MAPPING": "simple-casefold"})
    own = next(m for m in CATALOG if m.readings.get("FOLD-MAPPING") == "full-casefold")
    misreading = attrs.evolve(own, hooks=frozenset(), readings={"FOLD-MAPPING": "full-casefold"})
    assert misreading.kind_under(deciding) == "normative"
    as_decided = attrs.evolve(misreading, readings={"FOLD-MAPPING": "simple-casefold"})
    assert as_decided.kind_under(deciding) is None
