"""The corpus rules, held on the repository's corpus. Each test runs one rule of the
repository's rulebook (tools/corpusrules.py: the shipped rules of
oasis_si_conformance.editing.checks, which `oasis-si-vectors check` runs, and the repository-only
ones) and fails with one `path:line: message` per problem. test_corpus_checks.py shows that each
rule fails when broken.
"""

import re
from pathlib import Path

import pytest
from corpus_helpers import VECTORS, assert_none, problems
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from oasis_si_conformance import operations
from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.editing import checks
from oasis_si_conformance.judging import compare
from oasis_si_reference import readings
from oasis_si_schemas import load, schema_names
from tools.corpusrules import rulebook

#: The rules read one loaded corpus (the session's `real_ctx`): one worker loads it for all.
pytestmark = pytest.mark.xdist_group("corpus-context")


def test_vector_files_validate_against_their_schema(real_ctx):
    """Every vector file is ASCII, YAML 1.2 core, and valid against schemas/vectors.schema.json
    (corpus.check_files, which the context was loaded with; failures name file:line)."""
    assert real_ctx.vectors, "no vector loaded"
    assert_none(problems(real_ctx, "schema"))


def test_catalog_files_are_ascii_and_valid(real_ctx):
    assert_none(problems(real_ctx, "catalog"))


@pytest.mark.parametrize("name", schema_names())
def test_schema_is_valid_2020_12(name):
    schema = load(name)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_metaschema_check_rejects_a_broken_schema():
    with pytest.raises(SchemaError):
        Draft202012Validator.check_schema({"type": "text", "minLength": -1})


def test_the_runners_canonical_sentences_strip_the_reference_white_space():
    """One canonicaliser (the registry's, conformance/operations.py), shared by the runner and
    the checks, strips exactly the Unicode White_Space set the reference uses
    (readings.WHITE_SPACE_CHARS)."""
    assert set(operations.WHITE_SPACE) == set(readings.WHITE_SPACE_CHARS) == readings.WHITE_SPACE
    padded = ["\u3000A.\u00a0", "\u2029", "", " B "]
    assert compare.canonical_sentences(padded) == ["A.", "B"]
    assert compare.canonical_sentences(["\u200b"]) == ["\u200b"]  # ZWSP is not White_Space


#: Rules held by test_rule_holds; the other tests here hold one rule each.
HELD = (
    "duplicate-id",
    "unknown-clause",
    "seed-citations",
    "description-editions",
    "ambiguity-readings",
    "flags",
    "register-reference",
    "register-probes",
    "scenario-schema",
    "field-shapes",
    "evidence-schema",
    "request-schema",
    "signatures",
    "probe-coverage",
    "conventions",
    "editions",
)


@pytest.mark.parametrize("rule", HELD)
def test_rule_holds(real_ctx, rule):
    """ids unique; cited clauses exist, a normative vector's all of the seed; every ambiguity
    vector names an entry and gives every reading; flags used == flags documented; register ==
    readings.CHOICES; verdict scenarios, evidence and request params valid; injection fields in
    the field's shapes; signatures name real vectors."""
    assert_none(problems(real_ctx, rule))


def test_every_clause_has_a_vector_and_a_normative_score_scenario_vector(real_ctx):
    assert_none(problems(real_ctx, "clause-coverage"))


def test_every_register_entry_tells_each_pair_of_readings_apart(real_ctx):
    assert_none(problems(real_ctx, "register-pairs"))


def test_register_and_reference_choices_are_equal():
    register = yamlsafe.load((VECTORS / "register.yaml").read_text(encoding="utf-8"))
    assert {entry["id"]: entry["reference"] for entry in register["entries"]} == dict(
        readings.CHOICES
    )


def test_reference_agrees_with_every_vector(real_ctx):
    """Normative vectors: expected; ambiguity vectors: the register's reference reading.
    Compared as the runner compares (conformance/judging/compare.py)."""
    assert_none(problems(real_ctx, "reference"))


def test_manifest_is_fresh(real_ctx):
    assert_none(problems(real_ctx, "manifest"))


def test_spec_map_is_fresh(real_ctx):
    assert_none(problems(real_ctx, "spec-map"))


@pytest.mark.slow
@pytest.mark.xdist_group("generators")
def test_generated_files_have_not_drifted(real_ctx):
    """`python -m tools.vectorgen --check`, in process."""
    assert_none(problems(real_ctx, "generated"))


def test_ledger_covers_every_clause_and_names_real_reference_objects(real_ctx):
    assert_none(problems(real_ctx, "ledger"))


def test_minimum_counts(real_ctx):
    """At least 2000 vectors, 400 of them score_scenario. Fails until the families land."""
    assert_none(problems(real_ctx, "minimum-counts"))


def test_check_corpus_runs_every_rule(real_ctx):
    """`oasis-si-vectors check` runs the shipped rules; `python -m tools.check` those and the
    repository-only ones; each rule above is one of them."""
    assert set(checks.RULES) | {"generated", "ledger", "spec-map"} == set(rulebook())
    assert set(rulebook()) >= {
        "schema",
        "catalog",
        "duplicate-id",
        "unknown-clause",
        "seed-citations",
        "clause-coverage",
        "ambiguity-readings",
        "register-pairs",
        "register-probes",
        "register-reference",
        "flags",
        "reference",
        "scenario-schema",
        "evidence-schema",
        "request-schema",
        "manifest",
        "signatures",
        "minimum-counts",
        "generated",
        "ledger",
        "spec-map",
    }


def test_every_rule_of_the_rulebook_is_held_here():
    """CI runs the corpus rules once, in this file (`nox -s lint` does not run
    `python -m tools.check` again): each rule of the rulebook is run on the checkout's corpus
    by one test above."""
    source = Path(__file__).read_text(encoding="utf-8")
    named = re.findall(r'problems\(real_ctx, "([a-z-]+)"\)', source)
    assert len(named) == len(set(named)) and not set(named) & set(HELD)
    assert set(named) | set(HELD) == set(rulebook())
