"""One home for each concept: the YAML line lookup (yamlsafe.node_line), the
schema-error wording (oasis_si_schemas.error_message) and the vector record
(corpus.vector_record) that corpus loading, the checks, the runner, the reference, the
generators, the editor and the fuzzer share."""

import pytest
import yaml
from jsonschema import Draft202012Validator

import oasis_si_schemas as schemas
from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.editor import stub_text
from oasis_si_conformance.fuzz.stub import vector
from oasis_si_schemas import error_message, errors, first_error_message, predicate, validator
from tools.vectorgen.common import ambiguous, normative

TEXT = """\
vectors:
  - id: a
    input:
      text: x
  - id: b
"""


def test_key_line_and_value_line_of_a_block_mapping():
    tree = yamlsafe.compose(TEXT)
    assert yamlsafe.node_line(tree, ["vectors", 0, "input"], at="key") == 3
    assert yamlsafe.node_line(tree, ["vectors", 0, "input"], at="value") == 4
    assert yamlsafe.node_line(tree, ["vectors", 1], at="key") == 5  # an item: its own line
    assert yamlsafe.line_of(TEXT, ["vectors", 0, "id"], at="value") == 2


def test_a_broken_path_gives_the_deepest_node_found():
    tree = yamlsafe.compose(TEXT)
    assert yamlsafe.node_line(tree, ["vectors", 0, "nothing", "deeper"], at="key") == 2
    assert yamlsafe.node_line(tree, ["vectors", 7], at="key") == 1
    assert yamlsafe.child(tree, "nothing") is None
    assert yamlsafe.child(yamlsafe.child(tree, "vectors"), 1) is not None


SCHEMA = {
    "type": "object",
    "properties": {
        "item": {
            "oneOf": [
                {"type": "string"},
                {"type": "object", "properties": {"n": {"type": "integer"}}},
            ]
        }
    },
}


def test_error_message_names_the_deepest_alternative_of_a_one_of():
    validator = Draft202012Validator(SCHEMA)
    error = next(iter(validator.iter_errors({"item": {"n": "x"}})))
    assert error_message(error) == "item/n: 'x' is not of type 'integer'"
    assert error_message(error, ["params"]) == "params/item/n: 'x' is not of type 'integer'"


def test_first_error_message_at_the_root_and_when_valid():
    validator = Draft202012Validator(SCHEMA)
    assert first_error_message(validator, []) == "(root): [] is not of type 'object'"
    assert first_error_message(validator, [], ["params"]) == "params: [] is not of type 'object'"
    assert first_error_message(validator, {"item": "s"}) is None


def test_vector_record_keys_in_file_order_optional_ones_left_out():
    params = {"text": "a", "identifier": "a"}
    record = corpus.vector_record(
        "v", ["3.1"], "identifier_match", "d", params, flags=["f"], expected={"match": True}
    )
    assert list(record) == [
        "id", "clauses", "operation", "description", "flags", "input", "expected"
    ]
    assert record["input"] is params  # used as given: a shared object stays one YAML node
    stub = corpus.vector_record("v", ["3.1"], "identifier_match", "d", params, flags=[])
    assert list(stub) == ["id", "clauses", "operation", "description", "input"]
    open_point = corpus.vector_record(
        "v", ["3.1"], "identifier_match", "d", params, ambiguity="E", readings={"r": {}}
    )
    assert list(open_point)[-2:] == ["ambiguity", "readings"]


def test_generators_editor_and_fuzzer_build_the_same_record():
    params = {"text": "a", "identifier": "a"}
    outcome = {"match": True}
    generated = normative("v", ["3.1"], "identifier_match", "d", params, outcome, ["f"])
    assert generated == corpus.vector_record(
        "v", ["3.1"], "identifier_match", "d", params, flags=["f"], expected=outcome
    )
    readings = {"r": outcome, "s": {"match": False}}
    assert ambiguous("v", ["3.1"], "identifier_match", "d", params, "E", readings) == (
        corpus.vector_record(
            "v", ["3.1"], "identifier_match", "d", params, ambiguity="E", readings=readings
        )
    )
    fuzzed = vector({"operation": "identifier_match", "input": params}, outcome, "d")
    assert list(fuzzed) == list(generated)[:4] + ["input", "expected"]
    stub = yamlsafe.load(stub_text("v", ["3.1"], "identifier_match", "d", ["f"]))[0]
    assert list(stub) == list(generated)[:-1] + ["expected"]  # expected: TODO
    document = {"format": 1, "family": "f", "description": "d", "vectors": [generated]}
    assert first_error_message(validator("vectors"), document) is None


def test_vectors_root_is_the_first_real_folder_of_the_namespace_package(tmp_path, monkeypatch):
    """Installed from a wheel, importlib.resources.files() answers a MultiplexedPath, and under
    an editable install __path__ holds a path-hook placeholder: neither names a folder."""
    import oasis_si_vectors

    assert (corpus.vectors_root() / "register.yaml").is_file()
    placeholder = "__editable__.oasis_si_conformance_kit-0.1.0.finder.__path_hook__"
    monkeypatch.setattr(oasis_si_vectors, "__path__", [placeholder, str(tmp_path)])
    assert corpus.vectors_root() == tmp_path


SEED = "5.1-c-da-001/seed-examples.yaml"

#: A text with a surrogate escape: read by the pure-Python loader, whose parses are kept.
SURROGATE_TEXT = 'entries:\n  - id: TEXT-SURROGATE\n    text: "\\ud800"\n    lines: [1, 2]\n'


def test_a_kept_parse_is_read_once_and_handed_out_as_a_copy(monkeypatch):
    yamlsafe._pure_parse.cache_clear()
    parses = []
    parse = yamlsafe._parse
    monkeypatch.setattr(yamlsafe, "_parse", lambda text: parses.append(text) or parse(text))
    first = yamlsafe.load(SURROGATE_TEXT)
    first["entries"][0]["lines"].append(3)  # a caller's change reaches no later read
    second, tree = yamlsafe.load_with_tree(SURROGATE_TEXT)
    assert second == {"entries": [{"id": "TEXT-SURROGATE", "text": "\ud800", "lines": [1, 2]}]}
    assert yamlsafe.compose(SURROGATE_TEXT) is tree
    assert yamlsafe.node_line(tree, ["entries", 0, "text"], at="key") == 3
    assert parses == [SURROGATE_TEXT]  # one parse for three reads


def test_a_refused_text_is_refused_on_every_read_and_one_that_only_composes_still_composes():
    refused = SURROGATE_TEXT + "entries: again\n"  # a duplicate key
    for _ in range(2):
        with pytest.raises(yamlsafe.Refused):
            yamlsafe.load(refused)
    unhashable = '"\\ud800": x\n? [a, b]\n: y\n'  # composes; a sequence key never constructs
    with pytest.raises(yaml.YAMLError):
        yamlsafe.load(unhashable)
    assert yamlsafe.node_line(yamlsafe.compose(unhashable), [], at="key") == 1


def test_schema_errors_are_jsonschemas_asked_only_for_what_the_predicate_rejects(monkeypatch):
    """`errors`: no error for a valid instance, without building a jsonschema validator; for an
    invalid one jsonschema's errors; a schema the predicate cannot compile asks jsonschema."""
    request = {"id": 1, "op": "identifier_match", "params": {"text": "a", "identifier": "a"}}
    broken = {"id": 1, "op": "identifier_match", "params": {"text": 7, "identifier": "a"}}
    expected = [error_message(e) for e in validator("protocol/request").iter_errors(broken)]
    assert expected and [error_message(e) for e in errors("protocol/request", broken)] == expected
    assert predicate("protocol/request") is not None and predicate("vectors") is None
    seed = yamlsafe.load((corpus.vectors_root() / SEED).read_text(encoding="ascii"))
    monkeypatch.setattr(schemas, "validator", lambda name: pytest.fail(f"asked for {name}"))
    assert list(errors("protocol/request", request)) == []
    with pytest.raises(pytest.fail.Exception, match="asked for vectors"):
        list(errors("vectors", seed))


def test_a_vector_s_kind_follows_what_it_states():
    """vectors/conventions.yaml's three kinds: `readings` make an ambiguity vector, `expected`
    with `convention` a convention vector, `expected` alone a normative one."""
    base = {"id": "v", "clauses": ("3.1",), "operation": "split_sentences",
            "description": "d", "input": {"text": "a"}}
    normative_vector = corpus.Vector(**base, expected={"sentences": ["a"]})
    convention_vector = corpus.Vector(**base, expected={"sentences": ["a"]}, convention="C-1")
    ambiguity_vector = corpus.Vector(
        **base, ambiguity="SENT-WS", readings={"ascii": {"sentences": ["a"]}}
    )
    assert normative_vector.kind == "normative" and normative_vector.normative
    assert convention_vector.kind == "convention" and not convention_vector.normative
    assert ambiguity_vector.kind == "ambiguity" and not ambiguity_vector.normative


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a: 1\nb: !!python/object:os.system x\n", 2),  # a tag outside the core schema
        ("a: 1\nb: 2\n\na: 3\n", 4),  # the duplicate key, not the first
        ("a: &x [*x]\n", 1),  # an alias inside the node it names
    ],
)
def test_a_refused_text_names_the_line_of_what_is_refused(text, line):
    with pytest.raises(yamlsafe.Refused) as refused:
        yamlsafe.screen(text)
    assert refused.value.line == line
