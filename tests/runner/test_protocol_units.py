"""The protocol's limits on a response line (nesting depth, PROTOCOL.md Limits) and the bounded
copy of a value a report shows (`abridge`), on literal lines and values."""

from typing import Any

import pytest

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
