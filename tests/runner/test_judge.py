"""The one judge (judge.py) the runner and the fuzzer share: what an observation counts as
against a vector's outcomes. Expected verdicts are stated here from PROTOCOL.md (What you are
failed for, Messages), not computed by the module."""

from typing import Any

import attrs
import pytest

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.fuzz.differential import judge_answer, plan
from oasis_si_conformance.judging import judge
from oasis_si_conformance.model import FailureKind, Observation, Status

READINGS = {
    "code-point": {"match": True},
    "replacement": {"match": False},
    "reject": {"protocol_error": "invalid_request"},
}


def _vector(**changes: Any) -> Vector:
    base = Vector(
        id="v",
        clauses=("3.1",),
        operation="identifier_match",
        description="d",
        input={"text": "t", "identifier": "i"},
        expected={"match": True},
    )
    return attrs.evolve(base, **changes)


AMBIGUOUS = _vector(expected=None, ambiguity="TEXT-SURROGATE", readings=READINGS)


def _answer(result: dict[str, Any]) -> Observation:
    return Observation("answer", result=result)


def _error(code: str = "invalid_request") -> Observation:
    return Observation("error_response", message=f"error response {code}", error_code=code)


def test_an_answer_satisfying_some_reading_passes_under_that_reading_alone() -> None:
    """`any`, not `all`: one reading satisfied is enough, and only it is the one followed."""
    result = judge.judge_vector(AMBIGUOUS, [_answer({"match": False})] * 2)
    assert result.status == Status.PASSED and result.readings == ("replacement",)
    result = judge.judge_vector(AMBIGUOUS, [_answer({"match": True})] * 2)
    assert result.status == Status.PASSED and result.readings == ("code-point",)


def test_an_answer_satisfying_every_reading_names_them_all() -> None:
    both = _vector(expected=None, ambiguity="X", readings={"a": {"match": True}, "b": {}})
    assert judge.judge_vector(both, [_answer({"match": True})]).readings == ("a", "b")


def test_an_error_answer_is_the_reject_reading_where_one_is_listed() -> None:
    result = judge.judge_vector(AMBIGUOUS, [_error(), _error()])
    assert result.status == Status.PASSED and result.readings == ("reject",)
    other_code = judge.judge_vector(AMBIGUOUS, [_error("internal")] * 2)
    assert other_code.status == Status.CONVENTION and other_code.readings == ("reject",)


def test_an_error_answer_fails_a_vector_whose_outcomes_name_no_error() -> None:
    result = judge.judge_vector(_vector(), [_error()])
    assert result.status == Status.FAILED and result.failure.kind == "error_response"


@pytest.mark.parametrize("kind", ["crash", "timeout", "not_json", "wrong_id", "extra_output"])
def test_no_other_failure_counts_as_the_error_answer(kind: str) -> None:
    failed = Observation(kind, message="no answer", error_code="invalid_request")
    result = judge.judge_vector(AMBIGUOUS, [failed, _error()])
    assert result.status == Status.FAILED and result.failure.kind == kind


def test_the_fuzzer_judges_an_answer_as_the_runner_does() -> None:
    planned = plan(
        0, {"operation": "identifier_match", "input": {"text": "a b", "identifier": "a"}}
    )
    assert not isinstance(planned, frozenset)
    agree = _answer({"match": True})
    assert judge.judge_vector(_vector(input=planned.case["input"]), [agree]).status == "passed"
    assert judge_answer(planned, agree, 0.0) is None
    differ = judge_answer(planned, _answer({"match": False}), 0.0)
    assert differ is not None and differ.kind == "mismatch"
    assert judge_answer(planned, _error(), 0.0).kind == "error_response"  # type: ignore[union-attr]


def test_an_in_process_evaluator_is_observed_as_a_candidate_is() -> None:
    """The in-process session reads answers with the candidates' `observe`: a second answer
    line fails the request as it does on a pipe."""
    from oasis_si_conformance.running.protocol import Hello
    from oasis_si_conformance.running.session import InProcessSession, Request

    hello = Hello("x", "0", ("identifier_match",), (), (), raw={})
    answer = b'{"id":5,"result":{"match":true}}\n'
    once = InProcessSession(lambda line: answer, hello)
    twice = InProcessSession(lambda line: answer * 2, hello)
    request = Request(5, "identifier_match", b"{}\n")
    assert once.ask(request).projection == {"match": True}
    assert twice.ask(request).kind == "extra_output"
    assert once.ask(Request(6, "identifier_match", b"{}\n")).kind == "wrong_id"


def test_an_answer_is_shown_against_the_outcome_it_gives_exactly_else_one_of_its_sort() -> None:
    """The fuzzer reports a difference against `shown`: the first outcome given exactly, else
    the first satisfied on what the spec decides, else the first of the answer's own sort (a
    verdict beside a verdict), else the first."""
    reject = ("reject", {"protocol_error": "invalid_request"})
    other_code = ("internal", {"protocol_error": "internal"})
    yes, no = ("yes", {"match": True}), ("no", {"match": False})
    exact = judge.judge([other_code, reject], {"protocol_error": "invalid_request"})
    assert (exact.matched, exact.exact, exact.shown) == (("internal", "reject"), True, reject)
    loose = judge.judge([yes, other_code, reject], {"protocol_error": "not_a_code"})
    assert (loose.matched, loose.exact, loose.shown) == (("internal", "reject"), False, other_code)
    assert loose.holds
    verdict = judge.judge([reject, yes], {"match": False})
    assert (verdict.matched, verdict.exact, verdict.shown) == ((), False, yes)
    assert not verdict.holds and verdict.comparison.describe() != "differs"
    error = judge.judge([yes, no, reject], {"binding_error": "unknown_template"})
    assert (error.matched, error.shown) == ((), yes)
    assert judge.judge([no], {"match": True}).shown == no
    # a convention case: every difference is from its convention, so every outcome is
    # satisfied and the first is shown, even beside one of the answer's own sort
    ruled = judge.judge([reject, yes], {"match": False}, convention="c")
    assert (ruled.matched, ruled.exact, ruled.shown) == (("reject", "yes"), False, reject)


@pytest.mark.parametrize("order", ["aba", "aab", "baa", "abb"])
def test_every_repetition_is_compared_with_the_first(order: str) -> None:
    """Core 3.5.4: a vector whose repetitions do not all give one answer fails as
    nondeterministic, whichever repetition differs (the second, or only the last)."""
    answers = {"a": _answer({"match": True}), "b": _answer({"match": False})}
    result = judge.judge_vector(_vector(), [answers[letter] for letter in order])
    assert result.status == Status.FAILED
    assert result.failure.kind == FailureKind.NONDETERMINISTIC
    steady = judge.judge_vector(_vector(), [answers[order[0]]] * len(order))
    assert steady.failure is None or steady.failure.kind != FailureKind.NONDETERMINISTIC


def test_a_vectors_verdict_over_its_repetitions_names_the_first_that_failed() -> None:
    """Any failed request fails the vector: the first failing repetition is shown, with how
    many failed, beside the first answer; repetitions that disagree fail it as
    nondeterministic, both answers named; no observation at all is a vector not run."""
    crash = Observation("crash", message="died", stderr="trace")
    yes, no = _answer({"match": True, "t": 1}), _answer({"match": False})
    failed = judge.judge_vector(_vector(), [yes, crash, crash])
    assert failed.status == Status.FAILED and failed.actual == {"match": True, "t": 1}
    assert failed.failure.message == "repetition 2 (2 of 3 failed): died"
    assert failed.failure.stderr == "trace"
    flaky = judge.judge_vector(_vector(), [yes, _answer({"match": True, "t": 2}), no])
    assert flaky.status == Status.FAILED and flaky.failure.kind == "nondeterministic"
    assert flaky.failure.message == (
        "repetitions disagree (Core 3.5.4): repetition 1 gave {'match': True}, "
        "repetition 3 gave {'match': False}"
    )
    assert flaky.actual == {"match": True, "t": 1}
    passed = judge.judge_vector(_vector(), [yes, _answer({"match": True, "t": 2})])
    assert passed.status == Status.PASSED and passed.actual == {"match": True, "t": 1}
    none = judge.judge_vector(_vector(), [])
    assert none.status == Status.FAILED
    assert (none.failure.kind, none.failure.message) == ("aborted", "not run")


def test_a_convention_vectors_differences_are_all_from_its_convention() -> None:
    """A convention vector checks what the kit defines: an answer that differs from it is
    reported apart (status convention), never failed; a normative vector's is failed."""
    ruled = _vector(convention="binding-error-kinds")
    result = judge.judge_vector(ruled, [_answer({"match": False})] * 2)
    assert result.status == Status.CONVENTION
    assert [d.convention for d in result.differences] == ["binding-error-kinds"]
    assert judge.judge_vector(_vector(), [_answer({"match": False})]).status == Status.FAILED
