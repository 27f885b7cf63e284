"""The protocol's limits on a response line (nesting depth, PROTOCOL.md Limits), the bounded
copy of a value a report shows (`abridge`), on literal lines and values, and the one-pass
uniqueItems every kit validator uses."""

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import oasis_si_schemas
from oasis_si_conformance.running import protocol

#: The abridged marks, spelled out here rather than read from the module.
LIST_OMITTED = "[list nested deeper: omitted]"
DICT_OMITTED = "[dict nested deeper: omitted]"


def test_a_line_nested_deeper_than_64_levels_is_an_invalid_response() -> None:
    line = b"[" * 65 + b"]" * 65
    found = protocol.decode_line(line)
    assert isinstance(found, protocol.Violation) and found.kind == "invalid_response"
    assert found.message == (
        "arrays and objects nested deeper than 64 levels (PROTOCOL.md, Limits)"
    )
    assert found.excerpt == "[" * 65 + "]" * 65
    deep_objects = b'{"a":' * 65 + b"1" + b"}" * 65
    assert isinstance(protocol.decode_line(deep_objects), protocol.Violation)


def test_a_line_nested_64_levels_deep_is_read() -> None:
    value: Any = []
    for _ in range(63):
        value = [value]
    assert protocol.decode_line(b"[" * 64 + b"]" * 64) == value


def test_many_brackets_side_by_side_are_no_depth() -> None:
    # 71 opening brackets but never deeper than 2; brackets inside strings do not count either
    assert protocol.decode_line(b"[" + b"[]," * 70 + b"[]]") == [[]] * 71
    assert protocol.decode_line(b'["' + b"[" * 70 + b'"]') == ["[" * 70]
    assert protocol.decode_line(b'["' + b"{" * 70 + b'", [1]]') == ["{" * 70, [1]]


@pytest.mark.parametrize("value", ["", "abc", "x" * 400, 7, 1.5, True, False, None, 0])
def test_abridge_keeps_short_strings_and_scalars(value: Any) -> None:
    found = protocol.abridge(value)
    assert found == value and type(found) is type(value)


def test_abridge_cuts_long_strings_at_400_characters() -> None:
    assert protocol.abridge("y" * 401) == "y" * 400 + "... [1 more characters]"
    assert protocol.abridge("é" * 450) == "é" * 400 + "... [50 more characters]"


def test_abridge_omits_containers_four_levels_down() -> None:
    assert protocol.abridge([[[[[1]]]]]) == [[[[LIST_OMITTED]]]]
    assert protocol.abridge([[[[1, "a", None]]]]) == [[[[1, "a", None]]]]
    deep = {"a": {"b": {"c": {"d": {"e": 1}}}}}
    assert protocol.abridge(deep) == {"a": {"b": {"c": {"d": DICT_OMITTED}}}}
    assert protocol.abridge({"a": {"b": {"c": {"d": 1}}}}) == {"a": {"b": {"c": {"d": 1}}}}
    assert protocol.abridge({"a": [{"b": [{}]}]}) == {"a": [{"b": [DICT_OMITTED]}]}


def test_abridge_keeps_twenty_items_and_members() -> None:
    assert protocol.abridge(list(range(20))) == list(range(20))
    assert protocol.abridge(list(range(23))) == [*range(20), "[3 more items omitted]"]
    members = {f"k{i:02}": i for i in range(21)}
    kept = {f"k{i:02}": i for i in range(20)}
    assert protocol.abridge(members) == {**kept, "...": "[1 more members omitted]"}
    assert protocol.abridge({"k" * 401: 1}) == {"k" * 400: 1}


def test_the_depth_counts_from_the_outermost_bracket_and_each_close_ends_one_level() -> None:
    # 65 opening brackets, 64 levels deep at most: read
    at_limit = b"[" + b"[" * 63 + b"]" * 63 + b",[]]"
    assert isinstance(protocol.decode_line(at_limit), list)
    # two closed siblings, then 64 levels inside the outer array: 65 levels
    beyond = b"[[],[]," + b"[" * 64 + b"]" * 64 + b"]"
    found = protocol.decode_line(beyond)
    assert isinstance(found, protocol.Violation) and found.kind == "invalid_response"


# uniqueItems in one pass ------------------------------------------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.0, 1.0, 2.5])
    | st.text(max_size=2)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=8,
)


@given(st.lists(JSON_VALUES, max_size=6))
def test_unique_items_agrees_with_jsonschemas_own(items: list[Any]) -> None:
    """The kit's linear uniqueItems decides as jsonschema's pairwise one: 1 is 1.0, true is
    not 1, objects whatever their member order."""
    ours = oasis_si_schemas.Validator({"uniqueItems": True}).is_valid(items)
    assert ours == Draft202012Validator({"uniqueItems": True}).is_valid(items)


def test_unique_items_equalities() -> None:
    unique = oasis_si_schemas.Validator({"uniqueItems": True})
    assert not unique.is_valid([1, 1.0])
    assert unique.is_valid([1, True])
    assert not unique.is_valid([{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}])
    assert unique.is_valid([[1, 2], [2, 1]])


def test_a_hello_is_checked_without_jsonschemas_pairwise_uniqueness(monkeypatch) -> None:
    """A hello's arrays are checked by the kit's one-pass uniqueItems, also past the schema
    files' cross-file references (a hostile array of 1,000 objects cost jsonschema's pairwise
    comparison seconds of CPU): jsonschema's own keyword is never reached."""

    def pairwise(*_args: Any) -> Any:
        raise AssertionError("jsonschema's pairwise uniqueItems was used")

    monkeypatch.setitem(Draft202012Validator.VALIDATORS, "uniqueItems", pairwise)
    hello = {
        "protocol": 1, "name": "x", "version": "1", "operations": ["score_scenario"],
        "templates": [{"t": i} for i in range(protocol.MAX_DECLARED)], "profiles": ["0.3.0-rc1"],
    }
    line = json.dumps({"id": protocol.HELLO_ID, "result": hello}).encode() + b"\n"
    with pytest.raises(protocol.HandshakeError, match=r"templates/0: \{'t': 0\} is not of type"):
        protocol.parse_hello(line)
    duplicated = {**hello, "templates": ["C-DA-001", "C-DA-001"]}
    line = json.dumps({"id": protocol.HELLO_ID, "result": duplicated}).encode() + b"\n"
    with pytest.raises(protocol.HandshakeError, match="has non-unique elements"):
        protocol.parse_hello(line)


def _hello_line(**members: Any) -> bytes:
    hello = {
        "protocol": 1, "name": "x", "version": "1", "operations": ["score_scenario"],
        "templates": ["C-DA-001"], "profiles": ["0.3.0-rc1+first-published"], **members,
    }
    return json.dumps({"id": protocol.HELLO_ID, "result": hello}).encode() + b"\n"


@pytest.mark.parametrize("items", [6_000, 20_000])
@pytest.mark.parametrize(
    ("member", "value"),
    [
        ("templates", lambda n: ["C-DA-001"] * n),  # 72 KB of duplicates at 6,000
        ("templates", lambda n: [f"T-{i}" for i in range(n)]),  # distinct: the schema holds
        ("profiles", lambda n: [[i] for i in range(n)]),
        ("runtime", lambda n: {f"k{i}": "v" for i in range(n)}),
    ],
)
def test_a_declaration_longer_than_the_limit_is_refused_before_the_schema(
    monkeypatch, member: str, value: Any, items: int
) -> None:
    """PROTOCOL.md, Limits: an array or object of a handshake holds at most MAX_DECLARED
    items, counted before the schema is asked, so the handshake's cost is bounded whatever its
    line (a 20,000-item declaration took jsonschema minutes of CPU to word)."""

    def no_schema(*_args: Any) -> Any:
        raise AssertionError("the schema was asked about an oversized declaration")

    monkeypatch.setattr(protocol, "first_error_message", no_schema)
    line = _hello_line(**{member: value(items)})
    limit = rf"{member}: {items} items, more than {protocol.MAX_DECLARED} \(PROTOCOL.md, Limits\)"
    with pytest.raises(protocol.HandshakeError, match=limit):
        protocol.parse_hello(line)


def test_a_declaration_at_the_limit_is_read_without_the_schema(monkeypatch) -> None:
    """A valid declaration of MAX_DECLARED templates and profiles, and the smallest valid one,
    are accepted by the one-pass fast check: jsonschema, linear but slow per item, is never
    asked."""

    def no_schema(*_args: Any) -> Any:
        raise AssertionError("the schema was asked about a valid declaration")

    monkeypatch.setattr(protocol, "first_error_message", no_schema)
    templates = ["C-DA-001", *(f"T-{i}" for i in range(protocol.MAX_DECLARED - 1))]
    profiles = [f"P-{i}" for i in range(protocol.MAX_DECLARED)]
    runtime = {"name": "CPython", "unicode": "15.0", "icu": "74"}
    line = _hello_line(templates=templates, profiles=profiles, runtime=runtime)
    hello = protocol.parse_hello(line)
    assert hello.templates == tuple(templates) and hello.profiles == tuple(profiles)
    assert hello.offers_template("T-998") and not hello.offers_template("T-999")
    assert hello.offers("score_scenario") and not hello.offers("count_steps")
    smallest = protocol.parse_hello(_hello_line())  # one template, one profile, no runtime
    assert smallest.profiles == ("0.3.0-rc1+first-published",)


_names = st.sampled_from(["score_scenario", "count_steps", "C-DA-001", "", "x", "bogus"])
_declared = st.one_of(
    st.lists(_names, max_size=4), st.lists(st.one_of(_names, st.integers(0, 2)), max_size=3)
)
_runtime_keys = st.sampled_from(["name", "unicode", "icu"])
_runtime_values = st.one_of(
    st.sampled_from(["15.0", ""]),
    st.integers(0, 1),
    st.fixed_dictionaries({}, optional={"normalization": st.just("15.0")}),
)
_hellos = st.fixed_dictionaries(
    {
        "protocol": st.sampled_from([1, 1.0, True, 2, "1"]),
        "name": st.sampled_from(["x", "", 3]),
        "version": st.sampled_from(["1", ""]),
        "operations": _declared,
        "templates": _declared,
        "profiles": _declared,
    },
    optional={"runtime": st.one_of(st.dictionaries(_runtime_keys, _runtime_values), st.just([]))},
)


@given(hello=_hellos)
def test_the_handshake_fast_check_accepts_only_what_the_schema_accepts(hello: Any) -> None:
    """The fast check is sound: whatever it accepts, hello.schema.json accepts; and the
    outcome of check_result is the schema's exactly."""
    schema_valid = oasis_si_schemas.validator("protocol/hello").is_valid(hello)
    assert not protocol._fast_hello(hello) or schema_valid
    assert (protocol.check_result("hello", hello) is None) == schema_valid


def test_a_run_asks_the_declaration_in_constant_time() -> None:
    """Whether a vector is exercised is asked of the declaration's sets, never by a scan of
    its tuples (a scan per vector made 20,000 templates cost seconds over the corpus)."""
    from oasis_si_conformance.corpus import corpus, corpus_cache
    from oasis_si_conformance.running import runner

    class Unscannable(tuple):  # type: ignore[type-arg]
        def __contains__(self, item: object) -> bool:
            raise AssertionError("the declaration was scanned")

    declared = Unscannable(("score_scenario",)), Unscannable(("C-DA-001",))
    hello = protocol.Hello("x", "1", *declared, ("p",), raw={})
    root = corpus.vectors_root()
    vectors = corpus_cache.load(root, corpus.read_manifest(root))  # the cached load
    reasons = {runner.not_exercised_reason(vector, hello) for vector in vectors}
    assert None in reasons
    assert "operation count_steps not declared by the candidate" in reasons


@pytest.mark.parametrize(
    ("number", "read"),
    [
        (b"9" * 5000, float("inf")),
        (b"-" + b"9" * 5000, float("-inf")),
        (b"1e999", float("inf")),
        (b"-1e999", float("-inf")),
        (b"1e-999", 0.0),
        (b"18446744073709551617", 2**64 + 1),
    ],
)
def test_a_number_beyond_a_double_or_python_s_digits_is_read_not_refused(
    number: bytes, read: float
) -> None:
    """PROTOCOL.md, Numbers: an ignored member holding a number out of range never fails the
    answer; its value is read as the protocol says."""
    line = b'{"id":3,"result":{"match":true,"extra":' + number + b"}}"
    answer = protocol.check_response(line, 3, "identifier_match")
    assert isinstance(answer, protocol.Answer), answer
    assert answer.result["match"] is True and answer.result["extra"] == read


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_nan_and_infinity_literals_are_not_json(constant: bytes) -> None:
    line = b'{"id":3,"result":{"match":true,"extra":' + constant + b"}}"
    violation = protocol.check_response(line, 3, "identifier_match")
    assert isinstance(violation, protocol.Violation) and violation.kind == "not_json"


def _strict_json(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} in the document")

    return json.loads(text, parse_constant=refuse)


def test_reports_with_non_finite_numbers_are_json_every_reader_accepts() -> None:
    """A report holding an answer's infinity is written with it as a string, and says so in
    run.warnings; a summary or campaign file (output.json_text) likewise."""
    from oasis_si_conformance import output
    from oasis_si_conformance.reporting import report

    document = {
        "run": {"warnings": ["earlier"]},
        "vectors": [{"actual": {"score": float("inf"), "x": [float("-inf"), float("nan")]}}],
    }
    written = _strict_json(report.report_text(document))
    assert written["vectors"][0]["actual"] == {"score": "Infinity", "x": ["-Infinity", "NaN"]}
    assert written["run"]["warnings"][0] == "earlier"
    assert written["run"]["warnings"][1].startswith("3 number(s)")
    assert document["vectors"][0]["actual"]["score"] == float("inf")  # the run's own is kept
    plain = {"run": {"warnings": []}, "vectors": [{"actual": {"score": 0.5}}]}
    assert _strict_json(report.report_text(plain)) == plain
    text, count = output.json_text({"a": [1e308 * 10]}, 2)
    assert count == 1 and _strict_json(text) == {"a": ["Infinity"]}


def _padded(objects: int, tail: bytes = b"") -> bytes:
    pad = b",".join([b"{}"] * objects)
    return b'{"id":1,"result":{"match":true,"pad":[' + pad + b"]" + tail + b"}}"


def test_a_line_of_more_arrays_and_objects_than_the_limit_is_an_invalid_response() -> None:
    """PROTOCOL.md, Limits: 100,000 arrays and objects in one line at most (the result object
    and the pad's array count too); a line of megabytes of `{}` is refused before decoding."""
    at_limit = _padded(protocol.MAX_CONTAINERS - 3)
    assert isinstance(protocol.check_response(at_limit, 1, "identifier_match"), protocol.Answer)
    over = protocol.check_response(_padded(protocol.MAX_CONTAINERS - 2), 1, "identifier_match")
    assert isinstance(over, protocol.Violation) and over.kind == "invalid_response"
    assert f"more than {protocol.MAX_CONTAINERS}" in over.message


def test_brackets_inside_strings_are_no_arrays_or_objects() -> None:
    line = _padded(10, b',"s":"' + b"[{" * protocol.MAX_CONTAINERS + b'\\"[{"')
    answer = protocol.check_response(line, 1, "identifier_match")
    assert isinstance(answer, protocol.Answer), answer
