"""The runner's pure parts: message checks, comparison, interpretation profile, diagnosis,
selection, scheduling. No process is started here."""

import json
import math
import shutil
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from runner_helpers import CORPUS

from oasis_si_conformance import operations
from oasis_si_conformance.corpus import corpus, corpus_cache, editions
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.corpus.selection import select
from oasis_si_conformance.judging import compare, interpretation
from oasis_si_conformance.judging.diagnosis import (
    Signature,
    SignatureError,
    clause_key,
    derived_under,
    diagnose,
    load_signatures,
)
from oasis_si_conformance.model import (
    PROCESS_KINDS,
    PROTOCOL_KINDS,
    VERDICT_FAILURES,
    Difference,
    Failure,
    FailureKind,
    Observation,
    Progress,
    Status,
    VectorResult,
)
from oasis_si_conformance.reporting.reportview import limits_text
from oasis_si_conformance.running import protocol, resources
from oasis_si_conformance.running.runner import judge, request_id, schedule
from oasis_si_conformance.running.session import StderrTail
from oasis_si_reference.readings import WHITE_SPACE
from oasis_si_schemas import load as load_schema
from oasis_si_schemas import validator

OPS = list(compare.COMPARED_KEYS)
KEYS = [
    "id",
    "result",
    "error",
    "code",
    "message",
    "score",
    "label",
    "row",
    "binding_error",
    "kind",
    "match",
    "value",
    "steps",
    "sentences",
    "primitives",
    "metadata",
]

# JSON values biased towards the shapes the protocol uses, so both sides of every check run.
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=5),
    st.sampled_from([0.5, 1.0, 0.0, 3.0, -0.5, 1.5, 1e999, -1e999]),
    st.sampled_from(["", "x", "internal", "invalid_request", "unknown_template", "abc\n", "A"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from([*KEYS, "a", ""]), inner, max_size=4),
    ),
    max_leaves=8,
)
objects = st.dictionaries(st.sampled_from(KEYS), values, max_size=6)


#: The cheap properties' settings (tests/conftest.py): many examples, each microseconds.
CHEAP = settings.get_profile("cheap")


@given(op=st.sampled_from(OPS), result=objects)
def test_result_checks_equal_the_schema(op: str, result: dict[str, Any]) -> None:
    """The fast path only accepts what the schema accepts; the fallback makes the outcome the
    schema's exactly."""
    schema_valid = protocol.result_validator(op).is_valid(result)
    fast = protocol._FAST_RESULT[op](result)
    assert not fast or schema_valid, "fast check accepted a schema-invalid result"
    assert (protocol.check_result(op, result) is None) == schema_valid


ids = st.one_of(st.integers(min_value=0, max_value=5), values)
envelopes = st.one_of(
    st.fixed_dictionaries({"id": ids, "result": st.one_of(objects, values)}),
    st.fixed_dictionaries({"id": ids, "error": st.one_of(objects, values)}),
    st.fixed_dictionaries(
        {"id": ids, "error": st.fixed_dictionaries({"code": values, "message": values})}
    ),
)


@settings(CHEAP)
@given(message=st.one_of(objects, values, envelopes))
def test_envelope_fast_check_is_sound(message: Any) -> None:
    """The fast path accepts only schema-valid responses: whatever the id, result or error."""
    if protocol._fast_envelope(message):
        assert validator("protocol/response").is_valid(message)


def test_fast_checks_accept_typical_answers() -> None:
    """Soundness alone would allow a fast path that accepts nothing; this keeps it fast."""
    typical = {
        "score_scenario": [
            {
                "score": 0.5,
                "label": "x",
                "row": 3,
                "metadata": {"steps": 2},
                "primitives": {"a": True},
            },
            {"binding_error": {"kind": "missing_role", "message": "m"}},
        ],
        "identifier_match": [{"match": True}],
        "split_sentences": [{"sentences": ["A.", "B"]}],
        "count_steps": [{"steps": 0}],
        "within_step_budget": [{"value": False}],
        "evaluate_table": [{"score": 1, "label": "l", "row": 1}],
    }
    for op, results in typical.items():
        for result in results:
            assert protocol._FAST_RESULT[op](result), (op, result)
    assert protocol._fast_envelope({"id": 3, "result": {}})
    assert protocol._fast_envelope({"id": 0, "result": {}})  # the hello's id
    assert protocol._fast_envelope({"id": None, "error": {"code": "internal", "message": ""}})


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        (b'{"id": 4, "result": {"match": true}}', None),
        (b'{"id": 4.0, "result": {"match": true}}', None),  # 4.0 is an integer to JSON Schema
        (b'{"id": 5, "result": {"match": true}}', "wrong_id"),
        (b'{"id": true, "result": {"match": true}}', "invalid_response"),
        (b'{"id": 4, "result": {"match": 1}}', "invalid_result"),
        (b'{"id": 4, "result": null}', "invalid_response"),  # a result is an object
        (b'{"id": 4, "result": [{"match": true}]}', "invalid_response"),
        (b'{"id": 4, "result": "match"}', "invalid_response"),
        (b'{"id": 4, "error": null}', "invalid_response"),
        (b'{"id": 4, "error": {"code": "internal"}}', "invalid_response"),
        (b'{"id": 4, "error": {"code": "teapot", "message": "m"}}', "invalid_response"),
        (b'{"id": 4, "error": {"code": [], "message": "m"}}', "invalid_response"),
        (b'{"id": 4, "error": {"code": {}, "message": "m"}}', "invalid_response"),
        (
            b'{"id": 4, "result": {"match": true}, "error": {"code": "internal", "message": ""}}',
            "invalid_response",
        ),
        (b'{"id": 4, "error": {"code": "internal", "message": "boom"}}', "error_response"),
        (b'{"id": null, "error": {"code": "invalid_request", "message": "?"}}', "error_response"),
        (b'{"id": 4, "result": {"match": NaN}}', "not_json"),
        (b'\xef\xbb\xbf{"id": 4, "result": {"match": true}}', "not_json"),
        (b'{"id": 4, "result": {"match": true}} trailing', "not_json"),
        (b'{"id": 4, "result": {"match": "\xff"}}', "not_utf8"),
        (b'{"id": 4, "result": {"match": true}}\r', None),
    ],
)
def test_check_response(line: bytes, kind: str | None) -> None:
    outcome = protocol.check_response(line, 4, "identifier_match")
    if kind is None:
        assert outcome == protocol.Answer({"match": True})
    else:
        assert isinstance(outcome, protocol.Violation) and outcome.kind == kind, outcome
        assert outcome.excerpt


def test_request_lines_are_json_and_ascii_safe() -> None:
    params = protocol.encode_params(
        {"text": "caf\u00e9 \ud800", "n": 1}
    )  # a lone surrogate forces \u escapes
    line = protocol.request_line(12, "identifier_match", params)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {
        "id": 12,
        "op": "identifier_match",
        "params": {"text": "caf\u00e9 \ud800", "n": 1},
    }
    assert validator("protocol/request").is_valid(json.loads(protocol.hello_line()))
    utf8 = protocol.request_line(1, "split_sentences", protocol.encode_params({"text": "\u00e9"}))
    assert "\u00e9".encode() in utf8  # raw UTF-8 when it can be


def test_params_say_whether_they_carry_a_lone_surrogate() -> None:
    assert protocol.encode_params_noting_surrogates({"text": "a\ud800"})[1] is True
    assert protocol.encode_params_noting_surrogates({"text": "a\ud800\udfff"})[1] is True
    assert protocol.encode_params_noting_surrogates({"text": "a\U0001f600"})[1] is False


def test_excerpt_escapes_and_cuts() -> None:
    assert protocol.excerpt(b"ab\xffc") == "ab\\xffc"
    cut = protocol.excerpt(b"x" * 1000, limit=10)
    assert cut.startswith("x" * 10) and "990 more bytes" in cut


def test_protocol_lines_and_messages_written_out() -> None:
    """The bytes the kit sends and the messages a violation carries, literally (PROTOCOL.md)."""
    params = protocol.encode_params({"text": "a"})
    assert protocol.request_line(3, "split_sentences", params, "0.3.0-rc1") == (
        b'{"id":3,"op":"split_sentences","edition":"0.3.0-rc1","params":{"text":"a"}}\n'
    )
    assert json.loads(protocol.hello_line()) == {
        "id": 0, "op": "hello",
        "params": {"protocol": 1, "kit": {"name": "oasis-si-conformance-kit", "version": "0.1.0"}},
    }
    assert protocol.excerpt(b"x" * 10, limit=10) == "x" * 10  # at the limit: nothing cut
    assert protocol.excerpt(b"x" * 11, limit=10) == "x" * 10 + "... [1 more bytes]"
    assert protocol.excerpt(b"y" * 401) == "y" * 400 + "... [1 more bytes]"
    bad = protocol.decode_line(b'{"a": "\xc3("}')
    assert isinstance(bad, protocol.Violation) and bad.kind == "not_utf8"
    assert bad.message == "not UTF-8: byte 0xc3 at offset 7 (invalid continuation byte)"
    ok = protocol.check_response(b'{"id": 0, "result": {"match": false}}', 0, "identifier_match")
    assert ok == protocol.Answer({"match": False})  # id 0 is an index
    wrong = protocol.check_response(b'{"id": -1, "result": {"match": true}}', 0, "identifier_match")
    assert isinstance(wrong, protocol.Violation) and wrong.kind == "invalid_response"
    other = protocol.check_response(b'{"id": 6, "result": {"match": true}}', 5, "identifier_match")
    assert isinstance(other, protocol.Violation) and other.message == "answers id 6, expected 5"
    error = protocol.check_response(
        b'{"id": 5, "error": {"code": "internal", "message": "boom"}}', 5, "identifier_match"
    )
    assert isinstance(error, protocol.Violation) and error.error_code == "internal"
    assert error.message == "error response internal: boom"


def test_hello_is_parsed_with_and_without_a_runtime() -> None:
    hello = {"id": 0, "result": {"protocol": 1, "name": "c", "version": "1",
                                 "operations": ["score_scenario"],
                                 "templates": ["C-DA-001"], "profiles": ["0.3.0-rc1"]}}
    parsed = protocol.parse_hello(json.dumps(hello).encode())
    assert (parsed.name, parsed.version, parsed.operations, parsed.templates, parsed.profiles) == (
        "c", "1", ("score_scenario",), ("C-DA-001",), ("0.3.0-rc1",)
    )
    assert parsed.runtime is None and parsed.raw == hello["result"]
    hello["result"]["runtime"] = {"name": "x"}
    assert protocol.parse_hello(json.dumps(hello).encode()).runtime == {"name": "x"}
    with pytest.raises(protocol.HandshakeError, match="answers id 1, expected 0"):
        protocol.parse_hello(json.dumps({**hello, "id": 1}).encode())


# Comparison ----------------------------------------------------------------------------------


def test_white_space_equals_the_reference() -> None:
    assert set(operations.WHITE_SPACE) == set(WHITE_SPACE) and len(operations.WHITE_SPACE) == 25


def test_projection_and_matching() -> None:
    verdict = {
        "score": 1,
        "label": "root_cause_identified",
        "row": 2,
        "metadata": {"duration_ms": 7},
    }
    projection = compare.project("score_scenario", verdict)
    assert projection == {"score": 1, "label": "root_cause_identified", "row": 2}
    assert compare.matches({"score": 1.0, "label": "root_cause_identified", "row": 2}, projection)
    assert not compare.matches({"score": 0.5}, projection)
    assert not compare.matches({"binding_error": "missing_role"}, projection)
    error = compare.project(
        "score_scenario", {"binding_error": {"kind": "missing_role", "message": "no budget"}}
    )
    assert error == {"binding_error": "missing_role"}
    assert compare.matches({"binding_error": "missing_role"}, error)
    assert not compare.matches({"binding_error": "invalid_role"}, error)
    assert not compare.matches({"score": 0.0, "label": "incorrect", "row": 4}, error)
    # booleans are not numbers, numbers are not booleans
    assert not compare.matches({"match": True}, {"match": 1})
    assert not compare.matches({"steps": 1}, {"steps": True})
    assert compare.matches({"steps": 2}, {"steps": 2.0})


def test_sentences_compare_in_canonical_form() -> None:
    result = {"sentences": ["  A.", "\u00a0", "B \u3000", ""]}
    projection = compare.project("split_sentences", result)
    assert projection == {"sentences": ["A.", "B"]}
    assert compare.matches({"sentences": ["A. ", "B"]}, projection)
    assert not compare.matches({"sentences": ["A.", "B", "C"]}, projection)
    assert not compare.matches({"sentences": ["A. B"]}, projection)
    # U+001C is str.isspace() but not White_Space: it is content
    assert compare.canonical_sentences(["\x1c"]) == ["\x1c"]


def test_a_sentence_trimmed_by_a_library_s_whitespace_differs_in_form_only() -> None:
    """An evaluator that splits with Java's Character.isWhitespace trims its sentences with it
    too: U+001F at a sentence's start gone is the same split in another form (a convention
    difference, SENTENCE-FORM), and so is U+FEFF (ECMAScript's trim); a sentence that differs
    inside, or a split elsewhere, stays a difference of the text's."""
    expected = {"sentences": ["\u00b2\u2002?", "\x1flacks\u2060"]}
    for answered in (["\u00b2\u2002?", "lacks\u2060"], ["\u00b2\u2002?", "\ufefflacks\u2060"]):
        compared = compare.compare_outcome(expected, {"sentences": answered})
        assert compared.holds and not compared.exact
        assert [d.convention for d in compared.differences] == ["SENTENCE-FORM"]
    for answered in (["\u00b2\u2002?", "lack\u2060"], ["\u00b2\u2002?\x1flacks\u2060"]):
        assert not compare.compare_outcome(expected, {"sentences": answered}).holds


def test_differences_are_from_the_spec_or_from_a_named_convention() -> None:
    """compare.py's key-by-key comparison, each difference written out: a row is the spec's,
    a band label the kit's (BAND-LABEL); the kind of a binding error is the kit's, a verdict
    where a binding error was expected (or the reverse) the spec's; in a convention vector
    every difference is that convention's."""
    verdict = {"score": 1.0, "label": "full", "row": 2}
    found = compare.compare_outcome(verdict, {"score": 1, "label": "partial", "row": 3})
    assert found.differences == (
        Difference("label", "full", "partial", "BAND-LABEL"),
        Difference("row", 2, 3, None),
    )
    assert not found.holds and not found.exact
    assert found.describe() == (
        "label: expected 'full', got 'partial' (convention BAND-LABEL); row: expected 2, got 3"
    )
    label_only = compare.compare_outcome(verdict, {"score": 1, "label": "x", "row": 2})
    assert label_only.holds and not label_only.exact
    kind = compare.compare_outcome({"binding_error": "missing_role"}, {"binding_error": "bad"})
    assert kind.differences == (
        Difference("binding_error", "missing_role", "bad", "BINDING-ERROR-KIND"),
    )
    assert kind.holds
    scored = compare.compare_outcome({"binding_error": "missing_role"}, {"score": 1, "row": 2})
    # the verdict given instead is shown as returned, never as "<absent>"
    scored_instead = {"score": 1, "row": 2}
    assert scored.differences == (
        Difference("binding_error", "missing_role", scored_instead, None),
    )
    assert not scored.holds
    rejected = compare.compare_outcome({"score": 1.0}, {"binding_error": "missing_role"})
    assert rejected.differences == (
        Difference("score", 1.0, {"binding_error": "missing_role"}, None),
    )
    refused = compare.compare_outcome({"match": True}, {"protocol_error": "invalid_request"})
    assert refused.differences == (
        Difference("match", True, {"protocol_error": "invalid_request"}, None),
    )
    code = compare.compare_outcome({"protocol_error": "invalid_request"}, {"protocol_error": "x"})
    assert code.differences == (
        Difference("protocol_error", "invalid_request", "x", "PROTOCOL-ERROR-CODE"),
    )
    own = compare.compare_outcome({"match": True}, {"match": False}, convention="C")
    assert own.differences == (Difference("match", True, False, "C"),) and own.holds
    assert compare.Comparison(()).describe() == "differs" and compare.Comparison(()).exact
    assert compare.describe_difference({"row": 2}, {"row": 3}) == "row: expected 2, got 3"
    # a label that is missing (a binding error where a verdict was due) is the spec's
    missing = compare.compare_outcome({"label": "full"}, {"binding_error": "missing_role"})
    assert missing.differences == (
        Difference("label", "full", {"binding_error": "missing_role"}, None),
    )
    # sentences cut elsewhere differ on the spec; only a terminator's place is the kit's
    split = compare.compare_outcome({"sentences": ["A.", "B."]}, {"sentences": ["A.", "B.", "C"]})
    assert split.differences == (Difference("sentences", ["A.", "B."], ["A.", "B.", "C"], None),)


def test_distinguishable_outcomes_differ_on_what_the_spec_decides() -> None:
    assert not compare.distinguishable(
        {"score": 1.0, "label": "a", "row": 2}, {"score": 1, "label": "b", "row": 2}
    )
    assert compare.distinguishable({"score": 1.0, "row": 2}, {"score": 0.5, "row": 3})
    assert compare.distinguishable({"match": True}, {"match": False})
    # one way round is enough: an answer stating the left outcome lacks the right's label
    assert compare.distinguishable({"score": 1.0, "row": 2}, {"score": 1.0, "row": 2, "label": "x"})
    assert not compare.distinguishable({"binding_error": "a"}, {"binding_error": "b"})
    assert compare.distinguishable({"binding_error": "a"}, {"score": 1.0, "row": 2})
    assert compare.distinguishable({"score": 1.0, "row": 2}, {"binding_error": "a"})
    assert compare.matching_readings(
        {"x": {"score": 1.0, "label": "l1", "row": 2}, "y": {"score": 0.5, "row": 3}},
        {"score": 1, "label": "other", "row": 2},
    ) == ("x",)


def test_readings_matched_as_a_set() -> None:
    readings = {
        "substring": {"match": True},
        "delimited": {"match": False},
        "word-boundary": {"match": True},
    }
    assert compare.matching_readings(readings, {"match": True}) == ("substring", "word-boundary")
    assert compare.matching_readings(readings, {"match": False}) == ("delimited",)


# Judgement -----------------------------------------------------------------------------------


def _vector(**changes: Any) -> Vector:
    base = Vector(id="v", clauses=("3.1",), operation="identifier_match", description="d",
                  input={"text": "t", "identifier": "i"}, expected={"match": True})
    return attrs.evolve(base, **changes)


def _answer(result: dict[str, Any]) -> Observation:
    return Observation("answer", result=result)


def test_judge() -> None:
    vector = _vector()
    assert judge(vector, [_answer({"match": True})] * 3).status == Status.PASSED
    mismatch = judge(vector, [_answer({"match": False})] * 3)
    assert (
        mismatch.failure.kind == "mismatch"
        and "expected True, got False" in mismatch.failure.message
    )
    flaky = judge(
        vector,
        [_answer({"match": True}), _answer({"match": True, "x": 1}), _answer({"match": False})],
    )
    assert flaky.failure.kind == "nondeterministic" and len(flaky.failure.outputs) == 3
    crashed = judge(
        vector, [_answer({"match": True}), Observation("crash", message="died", stderr="trace")]
    )
    assert crashed.failure.kind == "crash" and crashed.failure.stderr == "trace"
    assert crashed.failure.message.startswith("repetition 2 (1 of 2 failed)")
    # extra keys (metadata) may vary between repetitions; compared keys may not
    timed = judge(_vector(operation="count_steps", expected={"steps": 1}),
                  [_answer({"steps": 1, "t": 1}), _answer({"steps": 1, "t": 2})])
    assert timed.status == Status.PASSED
    ambiguous = _vector(
        expected=None, ambiguity="X", readings={"a": {"match": True}, "b": {"match": False}}
    )
    assert judge(ambiguous, [_answer({"match": False})] * 2).readings == ("b",)


# Interpretation profile ----------------------------------------------------------------------

REGISTER = [{"id": "E", "clause": "3.3", "readings": {"a": "", "b": "", "c": ""}, "reference": "a"}]


def test_profile_consistent_by_intersection() -> None:
    votes = [
        ("v1", "E", ("a", "b")),
        ("v2", "E", ("b", "c")),
        ("v3", "E", ("a", "b", "c")),
        ("v4", "E", None),
    ]
    (entry,) = interpretation.profile(votes, REGISTER)
    assert entry.consistent and entry.followed == ("b",)
    assert entry.votes == {"a": 2, "b": 3, "c": 2} and entry.vectors == 4 and entry.voted == 3


def test_profile_inconsistent_names_dominant_and_deviating() -> None:
    votes = [("v1", "E", ("a",)), ("v2", "E", ("a", "c")), ("v3", "E", ("b",)), ("v4", "E", ())]
    (entry,) = interpretation.profile(votes, REGISTER)
    assert not entry.consistent and entry.followed == ()
    assert entry.dominant == "a" and entry.deviating == ("v3",) and entry.unmatched == ("v4",)


def test_profile_tie_goes_to_register_order() -> None:
    (entry,) = interpretation.profile([("v1", "E", ("c",)), ("v2", "E", ("b",))], REGISTER)
    assert entry.dominant == "b" and entry.deviating == ("v1",)


def test_profile_lists_unregistered_entries_and_readings() -> None:
    (entry,) = interpretation.profile([("v1", "NEW", ("x",))], REGISTER, {"v1": ("x", "y")})
    assert entry.readings == ("x", "y") and entry.followed == ("x",) and entry.reference is None


#: WS is masked by NL: where the candidate's NL reading holds a code point, it decides WS's
#: probes of that code point.
MASKED_REGISTER = [
    {"id": "NL", "clause": "3.2", "readings": {"lf": "", "wide": ""}, "reference": "lf",
     "code_points": {"lf": ["U+000A"], "wide": ["U+000A", "U+0085"]}},
    {"id": "WS", "clause": "3.2", "readings": {"w": "", "j": ""}, "reference": "w",
     "code_points": {"w": ["U+0020", "U+0085", "U+00A0"], "j": ["U+0020", "U+00A0", "U+FEFF"]},
     "masked_by": "NL"},
]
#: WS probes: the NEL probe split (w), the FEFF probe did not (w), the NBSP one split (w, j).
WS_VOTES = [("p-nel", "WS", ("w",)), ("p-feff", "WS", ("w",)), ("p-nbsp", "WS", ("w", "j"))]
PROBES = {"p-nel": "U+0085", "p-feff": "U+FEFF", "p-nbsp": "U+00A0", "nl-nel": "U+0085"}


def test_profile_sets_aside_probes_the_masking_reading_decides() -> None:
    """A candidate with j's whitespace and the wide newlines splits after a terminator at NEL
    (a newline to it): that probe says nothing about WS and is set aside, not held against j."""
    candidate = [("nl-nel", "NL", ("wide",)), *WS_VOTES]
    nl, ws = interpretation.profile(candidate, MASKED_REGISTER, None, PROBES)
    assert nl.followed == ("wide",) and ws.set_aside == ("p-nel",)
    assert ws.followed == ("w",) and ws.vectors == 2
    j_like = [("nl-nel", "NL", ("wide",)), ("p-nel", "WS", ("w",)), ("p-feff", "WS", ("j",)),
              ("p-nbsp", "WS", ("w", "j"))]
    nl, ws = interpretation.profile(j_like, MASKED_REGISTER, None, PROBES)
    assert ws.consistent and ws.followed == ("j",) and ws.set_aside == ("p-nel",)


def test_profile_keeps_probes_the_masking_reading_does_not_decide() -> None:
    """Under the lf newline NEL is no newline: the NEL probe votes, and a j-like candidate
    that split there contradicts itself."""
    votes = [("nl-nel", "NL", ("lf",)), ("p-nel", "WS", ("w",)), ("p-feff", "WS", ("j",)),
             ("p-nbsp", "WS", ("w", "j"))]
    nl, ws = interpretation.profile(votes, MASKED_REGISTER, None, PROBES)
    assert nl.followed == ("lf",) and ws.set_aside == ()
    assert not ws.consistent and ws.deviating in (("p-nel",), ("p-feff",))
    # without probes (or with the masking entry inconsistent) nothing is set aside
    assert interpretation.profile(votes, MASKED_REGISTER)[1].set_aside == ()


def test_profile_sets_nothing_aside_when_a_followed_reading_has_no_set() -> None:
    """A reading named by a vector but absent from the register has no code points: the
    masking entry's readings then decide no probe (and nothing fails on the missing set)."""
    votes = [("nl-x", "NL", ("wide", "new")), *WS_VOTES]
    nl, ws = interpretation.profile(votes, MASKED_REGISTER, {"nl-x": ("lf", "wide", "new")}, PROBES)
    assert nl.followed == ("wide", "new") and ws.set_aside == () and ws.vectors == 3


#: An inconsistent entry: a is followed by v1 and v2, b by v3; d has no vote.
REGISTER4 = [
    {"id": "E4", "clause": "3.3", "readings": {"a": "", "b": "", "c": "", "d": ""},
     "reference": "a"},
]
VOTES4 = [("v1", "E4", ("a",)), ("v2", "E4", ("a", "c")), ("v3", "E4", ("b",))]


def test_an_inconsistent_profile_records_who_voted_for_what() -> None:
    (entry,) = interpretation.profile(VOTES4, REGISTER4)
    assert entry.ballots == {"v1": ("a",), "v2": ("a", "c"), "v3": ("b",)}
    assert interpretation.contradicting(entry, "a") == ["v3"]
    assert interpretation.contradicting(entry, "b") == ["v1", "v2"]
    assert interpretation.contradicting(entry, "d") == ["v1", "v2", "v3"]
    assert json.loads(json.dumps(entry.to_json())) == {
        "entry": "E4", "clause": "3.3", "reference": "a", "readings": ["a", "b", "c", "d"],
        "votes": {"a": 2, "b": 1, "c": 1, "d": 0}, "vectors": 3, "voted": 3, "unmatched": [],
        "followed": [], "consistent": False, "dominant": "a", "deviating": ["v3"],
        "ballots": {"v1": ["a"], "v2": ["a", "c"], "v3": ["b"]}, "set_aside": [],
        "not_applicable": None,
    }


def test_deviation_message_names_the_dominant_reading_and_the_contradicting_vectors() -> None:
    (entry,) = interpretation.profile(VOTES4, REGISTER4)
    probes = {"v3": "U+0085", "v1": "U+00A0"}
    common = (
        "while 2 of the entry's 3 vectors are compatible with a. No single reading explains "
        "all its answers"
    )
    assert interpretation.deviation_message(entry, "v3", ("b",), probes, shown=1) == (
        f"follows b of E4 here (probe U+0085), {common}: elsewhere it contradicts "
        "b (1 of 3) by v1 (U+00A0) and 1 more"
    )
    # the three closest readings (most votes first; a reading unknown to the entry has none)
    assert interpretation.deviation_message(entry, "v3", ("d", "z", "c", "b"), {}) == (
        f"follows d / z / c / b of E4 here, {common}: elsewhere it contradicts "
        "c (1 of 3) by v1, v3; b (1 of 3) by v1, v2; d (0 of 3) by v1, v2 and 1 more"
    )
    assert interpretation.deviation_message(entry, "v3", ("z",), {}) == (
        f"follows z of E4 here, {common}: elsewhere it contradicts z (0 of 3) by v1, v2 and 1 more"
    )
    assert interpretation.deviation_message(entry, "v9", None, {}) == (
        f"follows no reading of E4 here, {common}"
    )
    assert interpretation.deviation_message(entry, "v9", (), {}) == (
        f"follows no reading of E4 here, {common}"
    )


# Diagnosis -----------------------------------------------------------------------------------


def _results(
    failed: list[str], passed: list[str], kind: str = "mismatch"
) -> dict[str, VectorResult]:
    out = {vid: VectorResult(vid, Status.FAILED, failure=Failure(kind, "")) for vid in failed}
    out.update({vid: VectorResult(vid, Status.PASSED) for vid in passed})
    return out


def test_signature_named_when_most_of_its_vectors_fail() -> None:
    ids = [f"v{i}" for i in range(10)]
    vectors = [_vector(id=vid) for vid in ids]
    big = Signature("big", "3.1", "normative", "does big wrong", tuple(ids[:8]))
    small = Signature("small", "3.1", "normative", "does small wrong", tuple(ids[:3]))
    half = Signature("half", "3.1", "normative", "half", tuple(ids[6:10]))
    diagnosis = diagnose(vectors, _results(ids[:7], ids[7:]), [big, small, half])
    # big (7/8) explains 7 and mispredicts 1; small (3/3) outranks it on coverage but adds
    # nothing big does not explain, so it is not named; half (1/4) is not named either
    assert [(n.signature.id, n.attributed) for n in diagnosis.named] == [("big", tuple(ids[:7]))]
    assert diagnosis.unexplained == {}
    assert diagnosis.by_clause == {"3.1": tuple(ids[:7])}
    assert "does big wrong (clause 3.1): 7 vectors" in diagnosis.named[0].line()


def test_a_signature_that_adds_less_than_it_mispredicts_is_not_named() -> None:
    """Two signatures each explain what the other leaves: both named, the one that adds more
    first; one whose own failures are fewer than the vectors it lists that passed is not."""
    ids = [f"v{i}" for i in range(20)]
    vectors = [_vector(id=vid) for vid in ids]
    window = Signature("window", "2.2", "normative", "window", tuple(ids[:10]))
    broad = Signature("broad", "2.2", "normative", "broad", tuple(ids[:9] + ids[12:20]))
    other = Signature("other", "3.1", "normative", "other", tuple(ids[10:12]))
    failed = ids[:9] + ids[10:12] + ids[12:14]  # broad: 11 of 17 fail, 2 beyond window's
    diagnosis = diagnose(vectors, _results(failed, ids[9:10] + ids[14:]), [broad, window, other])
    named = [(n.signature.id, n.attributed) for n in diagnosis.named]
    assert named == [("window", tuple(ids[:9])), ("other", tuple(ids[10:12]))]
    assert diagnosis.unexplained == {"3.1": tuple(ids[12:14])}


def test_redundant_signature_dropped_and_process_failures_ignored() -> None:
    vectors = [_vector(id=f"v{i}") for i in range(4)]
    wide = Signature("wide", "3.1", "normative", "w", ("v0", "v1", "v2", "v3"))
    narrow = Signature("narrow", "3.1", "normative", "n", ("v0", "v1"))
    results = _results(["v0", "v1", "v2", "v3"], [])
    assert [n.signature.id for n in diagnose(vectors, results, [wide, narrow]).named] == ["wide"]
    crashed = _results(["v0", "v1", "v2", "v3"], [], kind="crash")
    diagnosis = diagnose(vectors, crashed, [wide])
    assert diagnosis.named == () and diagnosis.unexplained == {"3.1": ("v0", "v1", "v2", "v3")}


def test_signature_with_unexercised_vectors_is_judged_on_the_rest() -> None:
    vectors = [_vector(id="v0"), _vector(id="v1")]
    results = {
        "v0": VectorResult("v0", Status.FAILED, failure=Failure("mismatch", "")),
        "v1": VectorResult("v1", Status.NOT_EXERCISED),
    }
    (named,) = diagnose(
        vectors, results, [Signature("s", "3.1", "normative", "d", ("v0", "v1", "v9"))]
    ).named
    assert (named.exercised, named.failed) == (1, 1)


def test_a_named_signature_says_how_many_vectors_it_explains() -> None:
    from oasis_si_conformance.judging.diagnosis import Named

    sig = Signature("s", "3.1", "normative", "reads X as Y", ("a", "b", "c", "d"))
    one = Named(sig, exercised=4, failed=3, attributed=("a",))
    assert one.coverage == 0.75
    assert one.line() == "reads X as Y (clause 3.1): 1 vector [s; 3/4 of its vectors fail]"
    two = Named(sig, exercised=2, failed=2, attributed=("a", "b"))
    assert two.line() == "reads X as Y (clause 3.1): 2 vectors [s; 2/2 of its vectors fail]"


def test_clause_order_puts_numbers_before_rows_before_names() -> None:
    clauses = ["5.1.row1", "5.1.x", "5.1.2", "5.1.row10", "5.1", "2.10", "2.9", "5.1.rowx"]
    assert sorted(clauses, key=clause_key) == [
        "2.9", "2.10", "5.1", "5.1.2", "5.1.row1", "5.1.row10", "5.1.rowx", "5.1.x"
    ]


def test_no_signature_file_is_no_signature(tmp_path) -> None:
    assert load_signatures(tmp_path / "signatures.yaml") == []


def test_signature_files_validate() -> None:
    bundled = load_signatures(corpus.vectors_root() / "signatures.yaml")
    fixture = load_signatures(CORPUS / "signatures.yaml")
    assert bundled and fixture
    assert all(s.vectors for s in fixture)
    names = [edition.name for edition in editions.load(corpus.vectors_root())]
    assert all(s.derived == tuple(names) for s in bundled)
    assert all(any(s.under(name) for name in names) for s in bundled)


def test_a_signature_is_matched_with_its_vectors_under_the_runs_edition() -> None:
    """`vectors` hold under the file's first edition, `editions` where another differs; under
    an edition the file was not derived under no signature is named."""
    vectors = [_vector(id=f"v{i}") for i in range(4)]
    results = _results(["v2", "v3"], ["v0", "v1"])
    derived = ("seed", "amended")
    wide = Signature("wide", "2.2", "normative", "w", ("v0", "v1"), {"amended": ("v2", "v3")},
                     derived)
    none_here = Signature("same", "2.2", "normative", "s", (), {"amended": ("v2",)}, derived)
    gone = Signature("gone", "2.2", "normative", "g", ("v2", "v3"), {"amended": ()}, derived)
    signatures = [wide, none_here, gone]
    for seed in ("seed", None):
        assert [n.signature.id for n in diagnose(vectors, results, signatures, seed).named] == [
            "gone"]
    named = diagnose(vectors, results, signatures, "amended").named
    assert [(n.signature.id, n.attributed) for n in named] == [("wide", ("v2", "v3"))]
    assert diagnose(vectors, results, signatures, "other").named == ()
    assert not derived_under(signatures, "other") and derived_under(signatures, "amended")
    plain = Signature("plain", "2.2", "normative", "p", ("v2",))
    assert plain.under("other") == ("v2",) and derived_under([plain], "other")


def test_clause_order() -> None:
    clauses = ["5.1.row2", "2.10", "2.1", "5.1", "5.1.row10", "3.1"]
    assert sorted(clauses, key=clause_key) == ["2.1", "2.10", "3.1", "5.1", "5.1.row2", "5.1.row10"]


def test_a_named_part_that_ends_in_digits_is_not_a_row() -> None:
    """Only `row` followed by digits is a row; another name ending in digits sorts by name,
    after the rows."""
    clauses = ["5.1.abc1", "5.1.row2", "5.1.xyz10", "5.1.row10"]
    assert sorted(clauses, key=clause_key) == ["5.1.row2", "5.1.row10", "5.1.abc1", "5.1.xyz10"]


def test_a_diagnosis_as_json() -> None:
    """The report's JSON form: every field of a named signature, failures by clause and those
    no signature explains, the clauses in numeric order."""
    vectors = [_vector(id="a", clauses=("3.10",)), _vector(id="b", clauses=("3.2",)),
               _vector(id="c", clauses=("3.10", "5.1.row1")), _vector(id="d")]
    sig = Signature("s", "3.10", "ambiguity", "reads X as Y", ("a", "b", "d"))
    diagnosis = diagnose(vectors, _results(["a", "b", "c"], ["d"]), [sig])
    assert diagnosis.to_json() == {
        "threshold": 0.5,
        "signatures": [{"id": "s", "clause": "3.10", "kind": "ambiguity",
                        "description": "reads X as Y", "exercised": 3, "failed": 2,
                        "vectors": ["a", "b"]}],
        "failed_by_clause": {"3.2": ["b"], "3.10": ["a", "c"], "5.1.row1": ["c"]},
        "unexplained": {"3.10": ["c"], "5.1.row1": ["c"]},
    }


def test_a_signature_named_only_when_it_explains_more_than_it_mispredicts() -> None:
    """`first` explains v0..v5; `second` fails 4 of its 7 (coverage over the threshold), two
    of them new and three passed: it would add 2 and mispredict 3, so it is not named; with one
    more failure of its own (3 new, 2 passed) it is."""
    ids = [f"v{i}" for i in range(12)]
    vectors = [_vector(id=vid) for vid in ids]
    first = Signature("first", "3.1", "normative", "f", tuple(ids[:6]))
    second = Signature("second", "3.1", "normative", "s", ("v0", "v1", "v6", "v7", "v8", "v9",
                                                            "v10"))
    failed = ids[:8]
    diagnosis = diagnose(vectors, _results(failed, ids[8:]), [first, second])
    assert [n.signature.id for n in diagnosis.named] == ["first"]
    assert diagnosis.unexplained == {"3.1": ("v6", "v7")}
    failed = ids[:9]
    diagnosis = diagnose(vectors, _results(failed, ids[9:]), [first, second])
    assert [(n.signature.id, n.attributed) for n in diagnosis.named] == [
        ("first", tuple(ids[:6])), ("second", ("v6", "v7", "v8"))]


def test_whether_signatures_were_derived_under_an_edition_takes_every_one() -> None:
    """A file that names no edition holds under every one; one that names editions only under
    those: a mix holds under an edition only when every signature does."""
    plain = Signature("plain", "2.2", "normative", "p", ("v2",))
    named = Signature("named", "2.2", "normative", "n", ("v2",), {}, ("seed",))
    assert derived_under([plain, named], "seed")
    assert not derived_under([plain, named], "other")
    assert not derived_under([named, plain], "other")
    assert derived_under([], "other")


def test_a_signature_kind_under_an_edition() -> None:
    """`kinds` gives the kind under an edition where it differs from `kind`; elsewhere, and
    under the file's first edition (None), `kind` holds."""
    sig = Signature("s", "2.2", "normative", "d", ("v1",), {}, ("seed", "amended"),
                    {"amended": "ambiguity"})
    assert sig.kind_under("amended") == "ambiguity"
    assert sig.kind_under("seed") == "normative"
    assert sig.kind_under(None) == "normative"


def _signature_file(tmp_path, text: str):
    path = tmp_path / "signatures.yaml"
    path.write_text(text, encoding="utf-8")
    return path


_ONE = "- {id: %s, clause: '3.1', kind: normative, description: d, vectors: [v1]}\n"


def test_a_signature_file_that_breaks_its_schema_or_repeats_an_id_is_refused(tmp_path) -> None:
    from oasis_si_conformance.judging.diagnosis import SignatureError

    good = _signature_file(tmp_path, "signatures:\n" + _ONE % "a" + _ONE % "b")
    assert [(s.id, s.vectors, s.derived) for s in load_signatures(good)] == [
        ("a", ("v1",), ()), ("b", ("v1",), ())]
    twice = _signature_file(tmp_path, "signatures:\n" + _ONE % "a" + _ONE % "b" + _ONE % "a")
    with pytest.raises(SignatureError, match=r"duplicate signature ids \['a'\]"):
        load_signatures(twice)
    bad = _signature_file(tmp_path, "signatures:\n" + _ONE % "a" + "- {id: b}\n")
    with pytest.raises(SignatureError, match="signatures.yaml: .*clause"):
        load_signatures(bad)
    broken = _signature_file(tmp_path, "signatures:\n  - [\n")
    with pytest.raises(SignatureError, match=r"signatures.yaml:\d+: not valid YAML"):
        load_signatures(broken)


# Selection and schedule ----------------------------------------------------------------------

FIXTURE = corpus.load_corpus(CORPUS)


def _ids(*terms: str) -> set[str]:
    return {v.id for v in select(FIXTURE, terms)}


def test_selection() -> None:
    assert len(FIXTURE) > 10
    assert _ids() == {v.id for v in FIXTURE}
    assert _ids("3.1") == {v.id for v in FIXTURE if "3.1" in v.clauses}
    assert _ids("3") == {v.id for v in FIXTURE if any(c.startswith("3.") for c in v.clauses)}
    assert _ids("rt-sentences") == {"rt-split-two", "rt-split-decimal", "rt-split-padded"}  # family
    assert _ids("rt-split-t*") == {"rt-split-two"}  # glob on id
    assert _ids("nonascii") == {"rt-ident-nonascii-before", "rt-ident-nonascii-after"}  # substring
    assert _ids("SYN-BOUNDARY") == {v.id for v in FIXTURE if v.ambiguity == "SYN-BOUNDARY"}
    assert _ids("count_steps") == {"rt-steps-two"}
    assert _ids("3.2,3.4") == _ids("3.2") | _ids("3.4") == _ids("3.2", "3.4")
    assert _ids("3.1", "!nonascii") == _ids("3.1") - _ids("nonascii")
    assert _ids("!3") == {v.id for v in FIXTURE} - _ids("3")
    assert _ids("9.9") == set()


def test_selection_by_an_entry_an_edition_opens() -> None:
    """An entry that exists only in an edition's block (WINDOW-BLANK, the amended window's)
    selects the vectors whose block under that edition makes them its ambiguity vectors."""
    base = FIXTURE[0]
    opened = attrs.evolve(
        base,
        id="opened-by-an-edition",
        editions={"0.3.0-rc1+2026-08-22": {"ambiguity": "WINDOW-BLANK", "readings": {}}},
    )
    assert {v.id for v in select([base, opened], ["WINDOW-BLANK"])} == {"opened-by-an-edition"}


def test_schedule_deals_every_vector_once_per_repetition() -> None:
    plan = schedule(11, 3, seed=5, jobs=2)
    for repetition in plan:
        assert sorted(i for worker in repetition for i in worker) == list(range(11))
        assert abs(len(repetition[0]) - len(repetition[1])) <= 1
    assert plan == schedule(11, 3, seed=5, jobs=2)
    assert [sum(r, []) for r in plan] != [sum(r, []) for r in schedule(11, 3, seed=6, jobs=2)]
    orders = [sorted(range(11), key=lambda i, r=r: [*r[0], *r[1]].index(i)) for r in plan]
    assert len({tuple(o) for o in orders}) > 1  # repetitions are shuffled differently
    ids = {request_id(r, i, 11) for r in range(3) for i in range(11)}
    assert len(ids) == 33 and 0 not in ids


def test_stderr_tail_keeps_head_tail_and_total() -> None:
    tail = StderrTail(keep=4)
    tail.feed(b"abc")
    assert tail.render() == "abc"
    tail.feed(b"defg")
    assert tail.render() == "abcdefg"
    tail.feed(b"h" * 100 + b"\xffend")
    text = tail.render()
    assert tail.total == 111 and text.startswith("abcd") and text.endswith("\\xffend")
    assert "bytes of stderr omitted" in text
    assert not math.isnan(tail.total)


def test_corpus_cache_round_trips_and_survives_corruption(private_corpus_cache) -> None:
    manifest = corpus.build_manifest(CORPUS)
    fresh = corpus_cache.load(CORPUS, manifest)
    (entry,) = private_corpus_cache.glob("corpus-*.json")
    assert corpus_cache.load(CORPUS, manifest) == fresh == FIXTURE
    entry.write_text("[{\"id\": 1}]")  # corrupt: ignored, the corpus is loaded again
    assert corpus_cache.load(CORPUS, manifest) == FIXTURE
    files = manifest["files"]
    vector_file = next(name for name in files if name not in corpus.CATALOG_FILES)
    other = dict(manifest, files={**files, vector_file: "1" * 64})
    assert corpus_cache.key(other) != corpus_cache.key(manifest)
    # a catalog the loader does not read (signatures.yaml) keeps the entry
    catalog = dict(manifest, files={**files, "signatures.yaml": "2" * 64})
    assert corpus_cache.key(catalog) == corpus_cache.key(manifest)


def test_a_corpus_read_from_the_cache_stays_while_newer_ones_are_stored(
    private_corpus_cache, tmp_path, monkeypatch
) -> None:
    """Entries are kept most recently read first: a corpus read between KEEP others is kept."""
    manifest = corpus.build_manifest(CORPUS)
    corpus_cache.load(CORPUS, manifest)
    for number in range(corpus_cache.KEEP + 1):
        other = tmp_path / f"other-{number}"
        shutil.copytree(CORPUS, other)
        vector_file = corpus.vector_files(other)[0]
        vector_file.write_text(vector_file.read_text(encoding="ascii") + f"# {number}\n")
        corpus_cache.load(other, corpus.build_manifest(other))
        with monkeypatch.context() as patched:
            patched.setattr(corpus, "load_corpus", lambda _, n=number: pytest.fail(f"{n}: loaded"))
            assert corpus_cache.load(CORPUS, manifest) == FIXTURE
    assert len(list(private_corpus_cache.glob("corpus-*.json"))) == corpus_cache.KEEP


def test_a_kept_catalog_is_read_once_per_bytes_and_a_refused_one_never_kept(
    private_corpus_cache, tmp_path
) -> None:
    reads = []

    def read(document: Any) -> Any:
        reads.append(document)
        return document

    register = corpus.read_catalog(corpus.vectors_root(), "register.yaml")
    assert corpus_cache.catalog(corpus.vectors_root(), "register.yaml") == register
    assert len(list(private_corpus_cache.glob("document-*.json"))) == 1
    assert corpus_cache.kept(b"a", "test", lambda: read({"k": ["\ud800"]})) == {"k": ["\ud800"]}
    assert corpus_cache.kept(b"a", "test", lambda: read({"other": 1})) == {"k": ["\ud800"]}
    assert corpus_cache.kept(b"b", "test", lambda: read({"k": 2})) == {"k": 2}  # other bytes
    assert corpus_cache.kept(b"a", "other", lambda: read({"k": 3})) == {"k": 3}  # other reading
    assert corpus_cache.kept(b"c", "test", lambda: read({1: 2})) == {1: 2}  # JSON cannot hold it
    assert corpus_cache.kept(b"c", "test", lambda: read({1: 3})) == {1: 3}
    assert reads == [{"k": ["\ud800"]}, {"k": 2}, {"k": 3}, {1: 2}, {1: 3}]
    # a refused file raises on every read: its signatures are checked again, never kept
    bad = tmp_path / "signatures.yaml"
    bad.write_text("signatures: 7\n", encoding="ascii")
    for _ in range(2):
        with pytest.raises(SignatureError, match="signatures"):
            load_signatures(bad)
    good = load_signatures(corpus.vectors_root() / "signatures.yaml")
    assert load_signatures(corpus.vectors_root() / "signatures.yaml") == good != []
    # a link out of the corpus is refused before any entry is looked up
    outside = tmp_path / "outside.yaml"
    outside.write_bytes((corpus.vectors_root() / "clauses.yaml").read_bytes())
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / "clauses.yaml").symlink_to(outside)
    corpus_cache.catalog(corpus.vectors_root(), "clauses.yaml")
    with pytest.raises(corpus.CorpusError, match="outside the corpus"):
        corpus_cache.catalog(linked, "clauses.yaml")


@pytest.mark.parametrize(
    ("text", "size"),
    [("512", 512 << 20), ("512M", 512 << 20), ("512MiB", 512 << 20), ("2G", 2 << 30),
     ("1.5g", 3 << 29), ("100K", 102400), ("100kb", 102400), ("4096B", 4096),
     ("1048577B", (1 << 20) + 1)],
)
def test_memory_sizes(text: str, size: int) -> None:
    assert resources.parse_size(text) == size
    assert resources.parse_size(resources.size_option(size)) == size


@pytest.mark.parametrize("text", ["", "M", "-1", "0", "0.0000001", "12Q", "1 2"])
def test_memory_sizes_refused(text: str) -> None:
    with pytest.raises(ValueError):
        resources.parse_size(text)


def test_limits_line_of_the_terminal_summary() -> None:
    none = {"timeout_s": 10.0, "memory_limit_bytes": None, "cpu_limit_s": None}
    assert limits_text(none) == "limits: timeout 10 s per request, no CPU limit, no memory limit"
    both = {"timeout_s": 2.5, "memory_limit_bytes": 3 << 29, "cpu_limit_s": 0.5}
    assert limits_text(both) == (
        "limits: timeout 2.5 s per request, CPU 0.5 s per request, resident memory 1536 MiB"
    )
def test_the_report_schema_lists_every_status_and_failure_kind() -> None:
    """The enums of model.py and the report's vocabulary are one list (PROCESS_KINDS and
    PROTOCOL_KINDS and VERDICT_FAILURES partition the failure kinds but nondeterministic)."""
    vector = load_schema("report")["$defs"]["vector"]["properties"]
    assert vector["status"]["enum"] == [status.value for status in Status]
    kinds = vector["failure"]["properties"]["kind"]["enum"]
    assert kinds == [kind.value for kind in FailureKind]
    families = [VERDICT_FAILURES, PROCESS_KINDS, PROTOCOL_KINDS]
    assert sum(map(len, families)) + 1 == len(FailureKind)
    assert set().union(*families) | {FailureKind.NONDETERMINISTIC} == set(FailureKind)


def test_a_second_observation_of_a_request_replaces_the_first_and_is_not_its_first() -> None:
    """Progress counts a request once: a later observation (a second answer failing it)
    replaces the first but is not reported as the request's first."""
    from oasis_si_conformance.running.runner import Batch
    from oasis_si_conformance.running.session import Request

    batch = Batch([_vector()], [b"{}"], [[[0]]], [[None, None]], "e")
    answer = Observation("answer", result={"match": True})
    twice = Observation("extra_output", message="a second answer")
    assert batch.record(Request(1, "identifier_match", b"", (0, 1)), answer) is True
    assert batch.record(Request(1, "identifier_match", b"", (0, 1)), twice) is False
    assert batch.observed == [[None, twice]]


def test_a_workers_exception_stops_the_run_and_is_raised(monkeypatch) -> None:
    """What a worker raises (a restart that fails its handshake, say) is raised by
    `send_all`, not turned into vectors that were merely not answered."""
    from oasis_si_conformance.running import runner
    from oasis_si_conformance.running.protocol import Hello
    from oasis_si_conformance.running.session import Candidate, RestartBudget

    class Broken:
        def fresh(self, process: object = None) -> None:
            pass

        def serve(self, requests: object, deliver: object) -> None:
            raise RuntimeError("the worker broke")

        def close(self) -> None:
            pass

    monkeypatch.setattr(runner, "open_session", lambda *args, **kwargs: Broken())
    hello = Hello("x", "0", ("identifier_match",), (), (), raw={})
    config = runner.RunConfig(["candidate"], seed=1, repetitions=2, jobs=2)
    sender = runner.Sender(config, Candidate(["candidate"]), hello, RestartBudget(1),
                           Progress(), "e")
    with pytest.raises(RuntimeError, match="the worker broke"):
        sender.send_all([_vector(id="a"), _vector(id="b")], [b"{}", b"{}"], None)


def test_an_output_matching_no_reading_counts_against_its_own_entry() -> None:
    """apply_profile: a vector whose output matches no reading is an unmatched vote of its
    entry (not of another, not dropped); a crash is exercised but does not vote; the vector that
    followed a reading votes for it."""
    from oasis_si_conformance.running.runner import apply_profile

    readings = {"a": {"match": True}, "b": {"match": False}}
    vectors = [_vector(id=f"v{i}", expected=None, ambiguity="E", readings=readings)
               for i in range(3)]
    results = {
        "v0": VectorResult("v0", Status.PASSED, readings=("a",)),
        "v1": VectorResult("v1", Status.FAILED, failure=Failure("no_reading", "none")),
        "v2": VectorResult("v2", Status.FAILED, failure=Failure("crash", "died")),
    }
    (entry,) = apply_profile(vectors, results, REGISTER)
    assert entry.entry == "E"
    assert (entry.vectors, entry.voted, entry.unmatched) == (3, 1, ("v1",))
    assert entry.votes == {"a": 1, "b": 0, "c": 0} and entry.followed == ("a",)


def test_a_run_s_judgement_is_the_edition_fit_then_the_profile_of_its_vectors() -> None:
    """profile_under, as the runner calls it: no failure, so no other edition fits (None),
    and the profile of the vectors the run exercised."""
    from oasis_si_conformance.running.runner import profile_under

    readings = {"a": {"match": True}, "b": {"match": False}}
    vector = _vector(id="v0", expected=None, ambiguity="E", readings=readings)
    results = {"v0": VectorResult("v0", Status.PASSED, readings=("a",))}
    fit, (entry,) = profile_under([vector], [vector], results, "e", ["e", "f"], REGISTER)
    assert fit is None
    assert entry.entry == "E" and entry.followed == ("a",) and entry.voted == 1


def test_a_batch_sends_nothing_more_once_the_run_is_stopped() -> None:
    """A worker's requests end at `stop` (another worker failed, or the run was interrupted)."""
    import threading

    from oasis_si_conformance.running.runner import Batch

    vectors = [_vector(id="a"), _vector(id="b")]
    batch = Batch(vectors, [b"{}", b"{}"], [[[1, 0]]], [[None], [None]], "e")
    stop = threading.Event()
    sent = list(batch.requests(0, 0, stop))
    assert [r.tag for r in sent] == [(1, 0), (0, 0)]
    assert len({r.id for r in sent}) == 2 and all(r.id > 0 for r in sent)  # 0 is hello's
    stop.set()
    assert list(batch.requests(0, 0, stop)) == []


def test_a_reading_a_vector_names_beyond_the_register_is_profiled_too() -> None:
    """apply_profile: a vector may list a reading the register lacks (an editor's corpus); the
    entry's readings are the register's then the vector's own, each with its votes."""
    from oasis_si_conformance.running.runner import apply_profile

    readings = {"a": {"match": True}, "z": {"match": False}}
    vector = _vector(id="v0", expected=None, ambiguity="E", readings=readings)
    results = {"v0": VectorResult("v0", Status.PASSED, readings=("z",))}
    (entry,) = apply_profile([vector], results, REGISTER)
    assert entry.readings == ("a", "b", "c", "z")
    assert entry.votes == {"a": 0, "b": 0, "c": 0, "z": 1} and entry.followed == ("z",)


def test_vectors_another_edition_explains_build_no_profile() -> None:
    from oasis_si_conformance.judging.editionfit import EditionFit
    from oasis_si_conformance.running.runner import profiled

    vectors = [_vector(id="a"), _vector(id="b"), _vector(id="c")]
    assert profiled(vectors, None) == vectors
    fit = EditionFit(
        "0.3.0-rc1+2026-08-22", explained=("b",), differing=1, met=1, left_out=("b", "c")
    )
    assert [v.id for v in profiled(vectors, fit)] == ["a"]


def test_an_interrupted_run_judges_each_vector_on_the_repetitions_that_came_back() -> None:
    """partial.py: a vector of which some repetitions came back is judged on them (a pass is
    reported as a pass, and counted as judged short of the repetitions asked), one of which
    all came back as a finished run judges it, one of which none came back is not run."""
    from oasis_si_conformance.model import NOT_RUN
    from oasis_si_conformance.running.partial import PartialRun
    from oasis_si_conformance.running.protocol import Hello

    hello = Hello("x", "0", ("identifier_match",), (), (), raw={})
    edition = editions.load(corpus.vectors_root())[0]
    vectors = [_vector(id="some"), _vector(id="none"), _vector(id="all"), _vector(id="wrong")]
    good, bad = _answer({"match": True}), _answer({"match": False})

    class Sender:
        observed = [[good, None, None], [None, None, None], [good, good, good], [None, bad, None]]

    partial = PartialRun()
    partial.running(hello=hello, edition=edition, vectors=vectors, exercised=vectors,
                    reasons={v.id: None for v in vectors}, sender=Sender(), repetitions=3)
    outcome = partial.outcome()
    statuses = {vector_id: result.status for vector_id, result in outcome.results.items()}
    assert statuses == {"some": Status.PASSED, "none": Status.NOT_EXERCISED,
                        "all": Status.PASSED, "wrong": Status.FAILED}
    assert outcome.results["none"].reason == NOT_RUN
    assert outcome.requests == 5 and partial.short() == 2
    # no candidate was recorded (none started, or the handshake was not reached): none counted
    assert (outcome.processes, outcome.restarts, outcome.stderr_bytes) == (0, 0, 0)
    assert outcome.warnings == [] and outcome.stderr_excerpt == ""


def test_a_halted_sender_records_nothing_that_comes_after_the_halt(monkeypatch) -> None:
    """runner.Sender.halt (an interruption): an observation delivered before it is kept; one
    delivered after it (an answer in flight, a process the kit ended) is not recorded, the
    candidate is stopped (no process started any more), and the workers have finished."""
    import threading

    from oasis_si_conformance.running import runner
    from oasis_si_conformance.running.protocol import Hello
    from oasis_si_conformance.running.session import Candidate, RestartBudget

    first_in, late_out = threading.Event(), threading.Event()

    class Halted:
        def __init__(self, *args: object, **kwargs: object) -> None:
            pass

        def fresh(self, process: object = None) -> None:
            pass

        def serve(self, requests: Any, deliver: Any) -> list[object]:
            first, second = list(requests)[:2]
            deliver(first, _answer({"match": True}))
            first_in.set()
            assert sender.stop.wait(30)
            deliver(second, Observation("crash", message="killed by signal SIGKILL"))
            late_out.set()
            return []

        def close(self) -> None:
            pass

    monkeypatch.setattr(runner, "open_session", Halted)
    hello = Hello("x", "0", ("identifier_match",), (), (), raw={})
    config = runner.RunConfig(["candidate"], seed=1, repetitions=1, jobs=1)
    candidate = Candidate(["candidate"])
    sender = runner.Sender(config, candidate, hello, RestartBudget(1), Progress(), "e")
    vectors = [_vector(id="a"), _vector(id="b")]
    sending = threading.Thread(target=sender.send_all, args=(vectors, [b"{}", b"{}"], None))
    sending.start()
    assert first_in.wait(30)
    sender.halt()
    sending.join(30)
    assert late_out.is_set() and candidate.stopped
    recorded = sorted(str(o.kind if o else None) for row in sender.observed for o in row)
    assert recorded == ["None", "answer"]


def test_an_interrupted_run_reports_a_vector_left_out_with_the_reason_it_was() -> None:
    from oasis_si_conformance.running.partial import PartialRun
    from oasis_si_conformance.running.protocol import Hello

    hello = Hello("x", "0", ("identifier_match",), (), (), raw={})
    edition = editions.load(corpus.vectors_root())[0]
    run, left = _vector(id="run"), _vector(id="left")

    class Sender:
        observed = [[_answer({"match": True})]]

    partial = PartialRun()
    partial.running(hello=hello, edition=edition, vectors=[run, left], exercised=[run],
                    reasons={"run": None, "left": "operation not offered"}, sender=Sender(),
                    repetitions=1)
    results = partial.outcome().results
    assert results["left"].status == Status.NOT_EXERCISED
    assert results["left"].reason == "operation not offered"
    assert results["run"].status == Status.PASSED
