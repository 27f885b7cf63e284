"""PROTOCOL.md is self-contained and cannot drift: its operation reference is written from the
registry (`python -m tools.schemagen`), and every field, kind, code, convention and edition an
evaluator author needs is documented in it."""

import re
from pathlib import Path

import pytest

from oasis_si_conformance import operations
from oasis_si_conformance.corpus import conventions, corpus, editions
from oasis_si_conformance.operations import NAMES, OUTCOME_KEYS, REGISTRY
from oasis_si_schemas import load
from tools.schemagen import protocoldoc

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "PROTOCOL.md").read_text(encoding="utf-8")


def rows_naming(column: str) -> set[str]:
    """The `code` values of the first cell of every table row of PROTOCOL.md."""
    return set(re.findall(rf"^\| {column}`([^`]+)` \|", TEXT, re.MULTILINE))


def headings() -> set[str]:
    """The headings of PROTOCOL.md (outside code blocks), without their code marks."""
    prose = re.sub(r"^```.*?^```", "", TEXT, flags=re.MULTILINE | re.DOTALL)
    found = re.findall(r"^#+ (.+)$", prose, re.MULTILINE)
    return {heading.replace("`", "").strip() for heading in found}


def test_the_operation_reference_is_generated_from_the_registry() -> None:
    """`python -m tools.schemagen --check`: PROTOCOL.md's generated section is fresh."""
    assert not protocoldoc.stale(), "run python -m tools.schemagen"
    section = TEXT.split(protocoldoc.BEGIN)[1].split(protocoldoc.END)[0]
    for entry in REGISTRY:
        assert f"#### `{entry.name}`" in section and entry.summary in section
        assert all(f"  - `{name}`: `" in section for name in entry.params)
    assert all(f"| `{key}` |" in section for key in OUTCOME_KEYS)


def test_a_stale_operation_reference_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drift check can fail: one more operation in the registry makes PROTOCOL.md stale."""
    extra = operations.Operation(
        name="count_words",
        summary="test only",
        clauses=("3.2",),
        params={"text": operations.TEXT},
        result=operations.STEPS,
        compared=("steps",),
        outcome_hint="{steps: N}",
    )
    monkeypatch.setattr(protocoldoc, "REGISTRY", (*REGISTRY, extra))
    assert protocoldoc.stale()
    assert "#### `count_words`\n\ntest only (§3.2)." in protocoldoc.render(TEXT)


def test_the_generated_section_needs_its_markers() -> None:
    with pytest.raises(ValueError, match="marker"):
        protocoldoc.render(TEXT.replace(protocoldoc.END, ""))


def test_types_are_read_from_the_schema_fragments() -> None:
    assert protocoldoc.type_of(operations.TABLE_ROWS.schema) == (
        "[{value: boolean, score: number, label: string}]"
    )
    assert protocoldoc.type_of(operations.CHANNEL_LIST.schema) == (
        '["agent_response" or "reasoning_trace"]'
    )
    assert protocoldoc.type_of(operations.EVIDENCE.schema) == "object, schemas/evidence.schema.json"
    assert protocoldoc.type_of(OUTCOME_KEYS["score"].schema) == "number in [0, 1]"


def test_every_evidence_field_is_documented() -> None:
    schema = load("evidence")
    action = schema["properties"]["actions"]["items"]["properties"]
    assert set(schema["properties"]) | set(action) <= rows_naming("")
    for value in ('`""`', '`"null"`', '`"\\"\\""`'):
        assert value in TEXT  # the three values of an action's result


def test_every_handshake_field_and_error_code_is_documented() -> None:
    assert set(load("protocol/hello")["properties"]) <= rows_naming("") | {"name", "version"}
    assert "| `name`, `version` |" in TEXT
    assert all(f"`{code}`" in TEXT for code in operations.ERROR_CODES)
    assert all(f"`{name}`" in TEXT for name in NAMES)


def test_every_binding_error_kind_of_the_reference_is_documented() -> None:
    source = (ROOT / "reference" / "binding.py").read_text(encoding="utf-8")
    kinds = set(re.findall(r'BindingError\(\s*"([a-z_]+)"', source))
    assert len(kinds) > 10
    assert kinds <= rows_naming("")


def test_a_conventions_catalog_off_its_schema_is_refused(tmp_path: Path) -> None:
    shipped = (corpus.vectors_root() / conventions.FILE).read_text(encoding="ascii")
    (tmp_path / conventions.FILE).write_text(shipped.replace("conventions:", "convention:", 1))
    with pytest.raises(conventions.ConventionsError, match=conventions.FILE):
        conventions.load(tmp_path)


def test_every_convention_and_edition_is_documented_where_the_catalogs_say() -> None:
    catalog = conventions.load(corpus.vectors_root())
    assert {entry["id"] for entry in catalog} == set(conventions.IDS)
    for entry in catalog:
        assert f"| {entry['id']} |" in TEXT
        document, _, section = entry["defined_by"].partition(", ")
        assert document == "PROTOCOL.md" and section in headings(), entry["defined_by"]
    known = editions.load(corpus.vectors_root())
    for edition in known:
        # a published text (the first, or one with an upstream revision) is documented; an
        # edition the editors ratify into the catalog is listed by `oasis-si-vectors editions`
        if edition.base is None or edition.text.get("revision") is not None:
            assert f"| `{edition.name}` |" in TEXT
    assert "oasis-si-vectors editions" in TEXT

