"""The reference structures an evidence artifact field by field; that must give what the cattrs
converter gives, on generated artifacts (nulls, edge bodies, errored actions) and the corpus."""

from typing import Any

import pytest
from hypothesis import given, settings

from oasis_si_conformance.fuzz import strategies as gen
from oasis_si_reference.evidence import evidence_from_json, evidence_from_json_by_converter

CHEAP = settings.get_profile("cheap")


@pytest.mark.slow
@settings(CHEAP)
@given(gen.strategy(gen.evidence, normative=False))
def test_generated_artifacts_structure_as_the_converter_structures_them(
    artifact: dict[str, Any],
) -> None:
    assert evidence_from_json(artifact) == evidence_from_json_by_converter(artifact)


@pytest.mark.slow
def test_the_corpus_artifacts_structure_as_the_converter_structures_them(
    bundled_vectors: list[Any],
) -> None:
    artifacts = [
        v.input["evidence"]
        for v in bundled_vectors
        if isinstance(v.input, dict) and isinstance(v.input.get("evidence"), dict)
    ]
    assert len(artifacts) > 1000
    nulls = {"actions": None, "final_answer": None, "tokens": None, "reasoning_trace": None}
    artifacts.append(nulls)
    artifacts.append({"actions": [{"tool": "t", "arguments": None, "result": None, "id": 3}]})
    by_converter = [evidence_from_json_by_converter(a) for a in artifacts]
    assert [evidence_from_json(a) for a in artifacts] == by_converter
