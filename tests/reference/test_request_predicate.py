"""The compiled schema predicate (oasis_si_schemas.predicate), which the reference server asks
before jsonschema, accepts exactly what jsonschema accepts: on generated requests of every
operation, on the same requests damaged anywhere, on arbitrary JSON, for every kit schema the
predicate compiles."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from oasis_si_conformance.fuzz import strategies as gen
from oasis_si_schemas import load, registry, schema_names, validator
from oasis_si_schemas.predicate import Unsupported, compile_predicate, equal

CHEAP = settings.get_profile("cheap")

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.0, 1.0, -0.5, 2.5, 1e300, float("nan"), float("inf")])
    | st.text(max_size=4)
    | st.sampled_from(["hello", "score_scenario", "agent_response", "reasoning_trace", ""]),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(
        st.sampled_from(["id", "op", "params", "text", "evidence", "actions", "tool", "x"]),
        children,
        max_size=3,
    ),
    max_leaves=8,
)


def _compilable() -> list[str]:
    names = []
    for name in schema_names():
        try:
            compile_predicate(load(name), registry())
        except Unsupported:
            continue
        names.append(name)
    return names


COMPILED = _compilable()


def test_the_request_evidence_and_answer_schemas_compile() -> None:
    assert {"protocol/request", "evidence", "protocol/response", "protocol/result"} <= set(
        COMPILED
    )


def test_a_schema_with_a_keyword_it_lacks_is_refused() -> None:
    with pytest.raises(Unsupported, match="pattern"):
        compile_predicate({"type": "string", "pattern": "^a"})
    with pytest.raises(Unsupported, match="fragment"):
        compile_predicate({"$ref": "#/$defs/a", "$defs": {"a": {"type": "string"}}})


def _damaged(document: Any, data: st.DataObject) -> Any:
    """`document` with one node replaced by arbitrary JSON, or one member removed or added."""
    if isinstance(document, dict) and document and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(document)))
        how = data.draw(st.sampled_from(["descend", "replace", "remove", "add"]))
        if how == "descend":
            return {**document, key: _damaged(document[key], data)}
        if how == "replace":
            return {**document, key: data.draw(JSON)}
        if how == "remove":
            return {k: v for k, v in document.items() if k != key}
        return {**document, data.draw(st.sampled_from(["x", "edition", "kit"])): data.draw(JSON)}
    if isinstance(document, list) and document and data.draw(st.booleans()):
        index = data.draw(st.integers(0, len(document) - 1))
        return [*document[:index], _damaged(document[index], data), *document[index + 1 :]]
    return data.draw(JSON)


@settings(CHEAP)
@given(st.data())
def test_requests_whole_and_damaged_are_judged_as_jsonschema_judges_them(
    data: st.DataObject,
) -> None:
    case = data.draw(gen.cases(normative=False))
    request = {"id": data.draw(st.integers(0, 9)), "op": case["operation"], "params": case["input"]}
    accepts = compile_predicate(load("protocol/request"), registry())
    whole = validator("protocol/request")
    assert accepts(request) is True and whole.is_valid(request)
    damaged = _damaged(request, data)
    assert accepts(damaged) == whole.is_valid(damaged)


@pytest.mark.parametrize("name", COMPILED)
@settings(CHEAP)
@given(document=JSON)
def test_arbitrary_json_is_judged_as_jsonschema_judges_it(name: str, document: Any) -> None:
    assert compile_predicate(load(name), registry())(document) == validator(name).is_valid(
        document
    )


@pytest.mark.parametrize(
    ("one", "two", "same"),
    [(1, True, False), (0, False, False), (1, 1.0, True), ([1], [True], False), ("1", 1, False)],
)
def test_const_equality_keeps_booleans_apart_from_numbers(one: Any, two: Any, same: bool) -> None:
    assert equal(one, two) is same
    assert compile_predicate({"const": one})(two) is same


#: One small schema per way the compiler folds a keyword kind by kind (type lists, integer
#: floats, bounds, lengths, enum and const of every kind, the combinators, objects open,
#: closed and with a schema for the rest, arrays, the per-operation `allOf`).
KEYWORD_SCHEMAS: list[dict[str, Any]] = [
    {"type": "integer", "minimum": 0, "maximum": 2},
    {"type": ["number", "string"], "minLength": 1, "maxLength": 2, "minimum": 0.5},
    {"maximum": 1, "minLength": 1},
    {"enum": [1, "hello", None, True, [1], {"x": 1}, 2.5, []]},
    {"enum": [False, True, 0.0]},
    {"const": False},
    {"const": 0},
    {"const": {"x": None}},
    {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "integer"}}]},
    {"anyOf": [{"minimum": 1}, {"type": "object", "required": ["x"]}, {"const": []}]},
    {"oneOf": [{"type": ["string", "null"]}, {"type": "string", "minLength": 1}, {"minItems": 1}]},
    {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "array", "maxItems": 1}]},
    {"not": {"type": "object", "required": ["x"]}},
    {"not": {"type": ["integer", "boolean"]}},
    {
        "if": {"type": "array", "minItems": 1},
        "then": {"items": {"type": "boolean"}},
        "else": {"type": ["array", "null", "integer"]},
    },
    {"if": {"minimum": 1}, "then": {"type": "integer"}},
    {
        "type": "object",
        "properties": {"x": {"type": "integer"}},
        "additionalProperties": {"type": "string"},
        "minProperties": 1,
    },
    {
        "type": "object",
        "properties": {"x": {}, "id": {"const": 1}, "op": {"type": "string"}},
        "required": ["x"],
        "additionalProperties": False,
    },
    {"properties": {"text": {"type": "string"}, "x": {"items": {"type": "null"}}}},
    {
        "allOf": [
            {"if": {"properties": {"op": {"const": "hello"}}}, "then": {"required": ["x"]}},
            {
                "if": {"properties": {"op": {"const": "score_scenario"}}},
                "then": {"properties": {"x": {"type": "null"}}},
            },
        ]
    },
    {"type": "array", "minItems": 1, "maxItems": 2, "items": {"enum": ["hello", 1]}},
    {"items": False},
    {"not": True, "type": "string"},
    {"allOf": [{"type": "number"}, {"type": "integer"}, True]},
]


@pytest.mark.parametrize("schema", KEYWORD_SCHEMAS)
@settings(CHEAP)
@given(document=JSON)
def test_each_keyword_is_judged_as_jsonschema_judges_it(
    schema: dict[str, Any], document: Any
) -> None:
    expected = Draft202012Validator(schema).is_valid(document)
    assert compile_predicate(schema)(document) is expected


TREE = {
    "$id": "urn:tree",
    "type": "object",
    "properties": {"x": {"$ref": "urn:tree"}, "id": {"type": "integer"}},
}


@settings(CHEAP)
@given(document=JSON)
def test_a_recursive_reference_is_judged_as_jsonschema_judges_it(document: Any) -> None:
    tree = Registry().with_resource("urn:tree", DRAFT202012.create_resource(TREE))
    expected = Draft202012Validator(TREE, registry=tree).is_valid(document)
    assert compile_predicate(TREE, tree)(document) is expected


class _Object(dict[str, Any]):
    pass


class _Array(list[Any]):
    pass


class _String(str):
    pass


def _unexact(document: Any) -> Any:
    """`document` with its objects, arrays and strings of subclasses json.loads never makes."""
    if isinstance(document, dict):
        return _Object({key: _unexact(value) for key, value in document.items()})
    if isinstance(document, list):
        return _Array(_unexact(value) for value in document)
    if isinstance(document, str):
        return _String(document)
    return document


@pytest.mark.parametrize("schema", KEYWORD_SCHEMAS[:3] + KEYWORD_SCHEMAS[-8:])
@settings(CHEAP)
@given(document=JSON)
def test_values_of_other_python_types_are_judged_as_jsonschema_judges_them(
    schema: dict[str, Any], document: Any
) -> None:
    unexact = _unexact(document)
    expected = Draft202012Validator(schema).is_valid(unexact)
    assert compile_predicate(schema)(unexact) is expected


@pytest.mark.parametrize(
    "schema",
    [
        {"if": {"type": "string"}, "then": False, "else": {"type": "integer"}},
        {"if": {"type": "string"}, "then": {"minLength": 1}, "else": False},
        # a condition that is a check within a kind, not a kind: the branch is called
        {"if": {"minLength": 2}, "then": False, "else": {"maxLength": 0}},
        {"if": {"minLength": 2}, "then": {"maxLength": 3}, "else": False},
    ],
)
def test_a_conditional_with_a_false_branch_agrees_with_jsonschema(schema: dict) -> None:
    predicate = compile_predicate(schema)
    for value in ["x", "", "ab", "abcd", 1, 1.5, None]:
        assert predicate(value) == Draft202012Validator(schema).is_valid(value), value
