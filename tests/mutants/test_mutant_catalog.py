"""The mutant catalog's own rules: every register reading covered, every hook used, every clause
cited exists, every mutant a real change; and vectors/signatures.yaml up to date."""

import re

import attrs

from oasis_si_conformance import yamlsafe
from oasis_si_conformance.corpus import vectors_root
from oasis_si_schemas import validator
from tools.independent.config import Config
from tools.independent.hooks import Hook
from tools.independent.readings import READINGS, Readings
from tools.mutants import catalog, signatures
from tools.mutants.catalog import CATALOG, EDITION_RULES, NORMATIVE, by_id
from tools.mutants.matrix import Row

SLUG = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$")


def _catalog_file(name: str) -> dict:
    return yamlsafe.load((vectors_root() / name).read_text(encoding="utf-8"))


def test_every_non_reference_reading_is_an_ambiguity_mutant() -> None:
    wanted = {(e, r) for e, rs in READINGS.items() for r in rs if r != Readings().get(e)}
    have = {(e, r) for m in CATALOG if m.kind == "ambiguity" and len(m.readings) == 1 and not m.hooks
            for e, r in m.readings.items()}
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
    """EDITION_RULES covers exactly the editions of vectors/editions.yaml; the register entries
    scoped to some editions are the register's."""
    editions = [e["name"] for e in _catalog_file("editions.yaml")["editions"]]
    assert list(EDITION_RULES) == editions
    register = {e["id"]: tuple(e["editions"]) for e in _catalog_file("register.yaml")["entries"]
                if "editions" in e}
    assert catalog._REGISTER_EDITIONS == register


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
        if mutant.kind == "ambiguity" and len(mutant.readings) == 1 and mutant.id.startswith("reading-"):
            (entry,) = mutant.readings
            assert mutant.clause == register[entry], mutant.id


def test_every_mutant_differs_from_the_text() -> None:
    """Every mutant is a real change, and a distinct one (oasisctl's pre-amendment readings
    coincide with one register reading: the field evaluator's only documented difference)."""
    configs = [m.config() for m in CATALOG if not m.id.startswith("oasisctl-")]
    assert Config() not in configs
    assert len(set(configs)) == len(configs)
    seed_rules = EDITION_RULES["0.3.0-rc1"]
    pre = by_id("oasisctl-pre-amendment").config()
    assert attrs.evolve(pre, hooks=pre.hooks - seed_rules) == by_id(
        "reading-sent-ws-ascii").config()


def test_oasisctl_mutants() -> None:
    pre, radius = by_id("oasisctl-pre-amendment"), by_id("oasisctl-radius-one")
    assert pre.kind == "ambiguity" and pre.readings == {"SENT-WS": "ascii"}
    assert radius.kind == "normative" and radius.readings == pre.readings
    assert pre.hooks == {Hook.WINDOW_SAME_SENTENCE} and radius.hooks == {Hook.WINDOW_RADIUS_ONE}
    unhooked = [attrs.evolve(m.config(), hooks=frozenset()) for m in (radius, pre)]
    assert unhooked[0] == unhooked[1]
    seed, amended = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
    assert (pre.kind_under(seed), pre.kind_under(amended)) == ("ambiguity", "normative")
    assert (radius.kind_under(seed), radius.kind_under(amended)) == ("normative", "ambiguity")


def test_signatures_file_is_generated_from_the_catalog(vectors, kill_matrix: list[Row]) -> None:
    """vectors/signatures.yaml equals what `python -m tools.mutants.signatures` writes now."""
    failed = {row.mutant.id: row.outcomes["all-ops"].failed() for row in kill_matrix}
    document = signatures.document(failed)
    assert not list(validator("signatures").iter_errors(document))
    committed = (vectors_root() / "signatures.yaml").read_text(encoding="utf-8")
    assert committed == signatures.render(document), "stale: run python -m tools.mutants.signatures"


def test_signatures_group_identical_failures() -> None:
    fake = {m.id: [] for m in CATALOG}
    fake["window-radius-one"] = ["v1", "v2"]
    fake["oasisctl-radius-one"] = ["v1", "v2"]
    fake["ident-substring"] = ["v3"]
    document = signatures.document(fake)
    ids = [s["id"] for s in document["signatures"]]
    assert ids == ["ident-substring", "window-radius-one"]
    assert document["signatures"][1]["mutants"] == ["window-radius-one", "oasisctl-radius-one"]


def test_generator_wrong_readings_speak_the_catalog_vocabulary() -> None:
    """One vocabulary (issue 12): a modelled wrong implementation of the vector generators
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
