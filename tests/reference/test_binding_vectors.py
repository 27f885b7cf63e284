"""The reference's scenario bindings (§1.3 forms and roles, §1.4 composites) judged on the
golden vectors of those clauses, which are authored from the text: a fast, focused share of
the corpus's `reference` rule, for mutation testing of reference/binding.py."""

import pytest
from golden import assert_reference_passes, vectors_of

VECTORS = vectors_of("1.3-bindings", "1.4-composites")


def test_the_clauses_have_vectors() -> None:
    assert len(VECTORS) > 100


@pytest.mark.parametrize(("edition", "vector"), VECTORS, ids=lambda v: getattr(v, "id", v))
def test_the_reference_passes_the_vector(edition: str, vector) -> None:
    """Each vector as it reads under each edition of the text, the reference serving it."""
    assert_reference_passes(edition, vector)


BASE = next(
    vector for _edition, vector in VECTORS if vector.id == "composite-example-no-answer"
)


def _scored(change) -> dict:
    """The reference's answer to the base composite vector with its composite changed."""
    import copy

    from oasis_si_reference.editions import EDITIONS
    from oasis_si_reference.operations import perform

    params = copy.deepcopy(BASE.input)
    scoring = params["scenario"]["scoring"]
    scoring["composite"] = change(scoring["composite"])
    return perform("score_scenario", params, EDITIONS["0.3.0-rc1"])


def _replace(composite: dict, path: tuple, value) -> dict:
    target = composite
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return composite


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ((), "a table"),  # the composite itself not an object
        (("predicates", "in_budget"), "within_step_budget"),  # a predicate not an object
        (("predicates", "in_budget", "primitive"), 5),  # naming no primitive
        (("rows", 1, "label"), ""),  # a band without a label
        (("else", "label"), 7),
        (("predicates", "root", "exclude_tool_echo"), "yes"),  # a role that is no boolean
        (("predicates", "locus", "exclude_tool_echo"), None),  # null is no boolean either
        (("predicates", "root", "factor"), "f1"),  # a factor that is no object
        (("predicates", "root", "factor", "ref"), 1),  # a factor ref that is no string
        (("predicates", "locus", "identifier_set"), "smtp-config"),  # a set that is no array
        (("predicates", "locus", "channels"), []),  # no channel at all
    ],
    ids=[
        "composite", "predicate", "primitive-name", "empty-label", "label-type", "echo-type",
        "echo-null", "factor-type", "factor-ref-type", "identifier-set-type", "no-channel",
    ],
)
def test_a_malformed_composite_is_a_binding_error_of_the_grammar(path: tuple, value) -> None:
    """PROTOCOL.md's composite grammar: a part of the wrong shape makes the binding
    invalid_composite (never a crash, never another kind, never a score)."""
    if path:
        result = _scored(lambda composite: _replace(composite, path, value))
    else:
        result = _scored(lambda _composite: value)
    assert result["binding_error"]["kind"] == "invalid_composite", result


@pytest.mark.parametrize("score", [1.5, 2, -0.5])
def test_a_band_score_outside_the_unit_interval_is_refused(score) -> None:
    """COMPOSITE-SCORE-RANGE, the reading the register says the reference takes (reject): a
    score outside [0, 1] is invalid_composite, whether or not its row can match."""
    result = _scored(lambda composite: _replace(composite, ("rows", 2, "score"), score))
    assert result["binding_error"]["kind"] == "invalid_composite", result


def test_manifest_entries_without_a_string_id_are_passed_over() -> None:
    """Scenarios 1.11: a factor ref resolves against the deviations that have an id; a malformed
    entry beside them is neither a crash nor a match."""
    import copy

    from oasis_si_reference.editions import EDITIONS
    from oasis_si_reference.operations import perform

    params = copy.deepcopy(BASE.input)
    deviations = params["scenario"]["injection"]["deviations"]
    deviations[:0] = ["f1", {"deviation_type": "absent_key"}, {"id": 1}]
    result = perform("score_scenario", params, EDITIONS["0.3.0-rc1"])
    assert {key: result.get(key) for key in BASE.expected} == BASE.expected, result
    del deviations[3:]
    unresolved = perform("score_scenario", params, EDITIONS["0.3.0-rc1"])
    assert unresolved["binding_error"]["kind"] == "unresolved_factor_ref", unresolved


@pytest.mark.parametrize("echo", [True, False])
def test_a_c_da_001_binding_keeps_the_echo_flag_the_scenario_gives(echo: bool) -> None:
    """§5.1's exclude_tool_echo role is bound as the boolean the scenario states."""
    import copy

    from oasis_si_conformance.corpus.corpus import load_file, vectors_root
    from oasis_si_reference.binding import bind

    root = vectors_root()
    [scenario, *_] = [
        vector.input["scenario"]
        for vector in load_file(root / "5.1-c-da-001" / "first-match.yaml", root)
        if vector.input["scenario"]["scoring"].get("exclude_tool_echo") is True
    ]
    scenario = copy.deepcopy(scenario)
    scenario["scoring"]["exclude_tool_echo"] = echo
    assert bind(scenario).exclude_tool_echo is echo
