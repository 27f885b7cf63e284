"""Every cause the fuzzer prints is true (conformance/fuzz/cause.py): checked on the cases it
names before it is shown. Hand-made classes (fast) and candidates with known causes fuzzed end
to end (slow): a catalog mutant, readings of two open points at once, a crash that needs no open
point, and a defect no catalog entry models. On each, every printed cause is executed again
here on its class's cases: a mutant answers each recorded case as the candidate did, an edition
judges each answer as holding, a reading is never named for a normative class."""

import sys
import textwrap
from pathlib import Path

import pytest

from oasis_si_conformance.fuzz import cause
from oasis_si_conformance.fuzz.differential import (
    Planned,
    expected_outcome,
    fuzz,
    holds_under,
    judge_answer,
    plan,
)
from oasis_si_conformance.fuzz.summary import Summary
from oasis_si_conformance.model import Observation
from oasis_si_schemas.editions import DEFAULT

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
ECHO_FOLDED = "echo-compared-folded"
OVERLAPPING_SCAN = "ident-regex-finditer-non-overlapping"

SCENARIO = {
    "injection": {"deviations": [{"id": "f", "deviation_type": "absent_key"}]},
    "scoring": {
        "archetype_template": "C-DA-001",
        "step_budget": 5,
        "channels": ["agent_response"],
        "factor": {"ref": "f", "required_identifiers": ["zz"]},
        "subsystem_set": ["a"],
        "exclude_tool_echo": True,
    },
}


def _case(evidence: dict, scenario: dict = SCENARIO) -> dict:
    return {"operation": "score_scenario", "input": {"scenario": scenario, "evidence": evidence}}


def _divergence(evidence: dict, answered: dict, scenario: dict = SCENARIO):
    planned = plan(0, _case(evidence, scenario), (), DEFAULT)
    assert isinstance(planned, Planned)
    divergence = judge_answer(planned, Observation("answer", result=answered), 0.0)
    assert divergence is not None
    return divergence


def _row4() -> dict:
    """Row 4 of C-DA-001 in the reference's own result shape."""
    reference = expected_outcome(_case({"final_answer": "a"}))
    return {**reference, "score": 0.0, "label": "incorrect", "row": 4}


def _summary(*divergences) -> Summary:
    summary = Summary(1, {}, ["score_scenario"], [], "streaming", None, 1.0)
    for divergence in divergences:
        summary.record(divergence)
    return summary


def causes_reproduce(summary: Summary, edition=DEFAULT) -> list[str]:
    """What is wrong with the summary's causes, checked again on each class's cases: each
    mutant named answers every recorded case as the candidate did; each edition named judges
    the minimal case's answer as holding; no reading explains a normative class."""
    found = cause.catalog()
    problems = []
    for divergence_class in summary.classes.values():
        named = divergence_class.cause
        assert named is not None, divergence_class.key.label()
        label = divergence_class.key.label()
        if named.kind == cause.MUTANT:
            for seen in cause._recorded_witnesses(divergence_class):
                for mid, _text in named.mutants:
                    if not cause._reproduces(found, mid, seen, edition.name):
                        problems.append(f"{label}: {mid} does not reproduce {seen[0]['input']}")
        elif named.kind == cause.EDITION:
            editions = {e.name: e for e in cause._catalog_editions()}
            seen = cause.witness(divergence_class.representative)
            for name in named.name.split(" | "):
                if seen is None or holds_under(seen, editions[name]) is not True:
                    problems.append(f"{label}: edition {name} does not hold")
        elif named.kind == cause.REGISTER and divergence_class.key.normative:
            problems.append(f"{label}: a reading named for a normative class")
    return problems


# Hand-made classes ----------------------------------------------------------------------------


def test_a_mutant_is_named_only_for_the_cases_it_reproduces():
    """One class of three row 3 -> 4 answers: two the echo comparison mutant gives, one the
    overlapping scan's. The echo mutant is named for the two it reproduces; the third case is
    split off and named for what reproduces it; every cause reproduces on its class."""
    overlapping = {**SCENARIO, "scoring": {**SCENARIO["scoring"], "subsystem_set": ["b.b"]}}
    echo = _divergence({"final_answer": "x a.", "actions": [{"result": "X A."}]}, _row4())
    scan = _divergence({"final_answer": "-b.b.b."}, _row4(), overlapping)
    again = _divergence({"final_answer": "x a.", "actions": [{"result": "X A."}]}, _row4())
    summary = _summary(echo, scan, again)
    cause.classes_by_cause(summary, DEFAULT)
    assert causes_reproduce(summary) == []
    named = {mid for c in summary.classes.values() for mid, _ in c.cause.mutants}
    assert ECHO_FOLDED in named and OVERLAPPING_SCAN in named


def test_no_cause_is_shown_without_its_check(monkeypatch):
    """With the check failing every cause, no mutant is named: each class keeps only its
    minimal difference. (A cause shown without `verified` would survive this.)"""
    echo = _divergence({"final_answer": "x a.", "actions": [{"result": "X A."}]}, _row4())
    monkeypatch.setattr(cause, "verified", lambda *args, **kwargs: None)
    summary = _summary(echo)
    cause.classes_by_cause(summary, DEFAULT)
    assert [c.cause.kind for c in summary.classes.values()] == [cause.DIFFERENCE]


@pytest.mark.slow  # plays mutants over the corpus's vectors of every listed signature
def test_a_look_alike_mutant_is_refuted_by_the_candidate_on_the_corpus():
    """The echo mutant reproduces the class, but a candidate that answers the corpus's cases
    as the text does (where the echo mutant would not) refutes it: the class stays
    unexplained. A candidate that answers them as the mutant does keeps the mutant named."""
    echo = _divergence({"final_answer": "x a.", "actions": [{"result": "X A."}]}, _row4())
    as_the_text = _summary(echo)
    cause.classes_by_cause(as_the_text, DEFAULT, probe=expected_outcome)
    assert [c.cause.kind for c in as_the_text.classes.values()] == [cause.DIFFERENCE]

    found = cause.catalog()

    def as_the_mutant(case):
        request = {"id": 1, "op": case["operation"], "params": case["input"], "edition": SEED}
        response = cause._server(found, ECHO_FOLDED, SEED).answer(request)
        return cause.project(case["operation"], response["result"])

    again = _divergence({"final_answer": "x a.", "actions": [{"result": "X A."}]}, _row4())
    as_mutant = _summary(again)
    cause.classes_by_cause(as_mutant, DEFAULT, probe=as_the_mutant)
    (only,) = as_mutant.classes.values()
    assert ECHO_FOLDED in {mid for mid, _ in only.cause.mutants}
    assert causes_reproduce(as_mutant) == []


def test_an_edition_is_named_only_where_the_answers_hold_under_it():
    """An identifier and its synonym in adjacent sentences: the seed's window says row 3, the
    amendment's radius one row 2. An answer of row 2 follows the amended edition (judged
    there); an answer of row 4 follows no edition."""
    evidence = {"final_answer": "zz is the one. missing a"}
    amended = next(e for e in cause._catalog_editions() if e.name == AMENDED)
    seed_row = expected_outcome(_case(evidence))["row"]
    amended_outcome = expected_outcome(_case(evidence), amended)
    assert seed_row != amended_outcome["row"], (seed_row, amended_outcome)
    reference = expected_outcome(_case(evidence))
    answered = {**reference, **amended_outcome}
    summary = _summary(_divergence(evidence, answered))
    (only,) = summary.classes.values()
    found = cause.edition_cause(only, DEFAULT, holds_under)
    assert found is not None and found.kind == cause.EDITION and found.name == AMENDED
    wrong = _summary(_divergence(evidence, _row4()))
    (other,) = wrong.classes.values()
    assert cause.edition_cause(other, DEFAULT, holds_under) is None


def test_shrinking_keeps_the_cause_not_only_the_class():
    """A fake candidate answering row 4 whenever the answer holds an 'a': shrinking takes the
    answer down to 'a'. The same candidate whose smaller divergences all touch an open point
    the original case does not (here, each reported on ANSWER-BLANK) is never shrunk onto
    them: the case would then be explained by that point's readings, not by its cause."""
    import attrs

    from oasis_si_conformance.fuzz.differential import shrink

    original = _divergence({"final_answer": "a a a", "actions": []}, _row4())
    assert original.points == ()

    def answer(planned):
        final = planned.case["input"].get("evidence", {}).get("final_answer")
        row = 4 if isinstance(final, str) and "a" in final else planned.expected.get("row")
        result = _row4() if row == 4 else dict(planned.expected)
        return judge_answer(planned, Observation("answer", result=result), 0.0)

    def drifting(planned):
        found = answer(planned)
        return None if found is None else attrs.evolve(found, points=("ANSWER-BLANK",))

    # a budget far above what shrinking needs (it ends at the local minimum): never the limit
    shrunk, _calls = shrink(original, answer, ["score_scenario"], ["C-DA-001"], 120.0, DEFAULT)
    assert shrunk.case["input"]["evidence"]["final_answer"] == "a"
    kept, _calls = shrink(original, drifting, ["score_scenario"], ["C-DA-001"], 120.0, DEFAULT)
    assert kept is original


def test_a_stub_on_a_point_whose_readings_agree_is_normative():
    """A fuzz stub on one register entry is an ambiguity vector only where its readings'
    verdicts differ; where they agree the case tells no reading apart and its stub is a
    normative vector."""
    from oasis_si_conformance.fuzz import stub

    same = {"score": 0.0, "label": "incorrect", "row": 4}

    class OnePoint:
        points = ("BIND-ECHO-OMITTED",)
        readings = {"reference": same, "BIND-ECHO-OMITTED=default-false": same}

    assert stub._register_readings(OnePoint()) is None
    OnePoint.readings = {"reference": {"binding_error": "missing_role"},
                         "BIND-ECHO-OMITTED=default-false": same}
    found = stub._register_readings(OnePoint())
    assert found == (
        "BIND-ECHO-OMITTED",
        {"reject": {"binding_error": "missing_role"}, "default-false": same},
    )

    class Key:
        def label(self):
            return "a-class"

    class Found(OnePoint):
        case = {"operation": "score_scenario", "input": {"evidence": {}}}
        expected = {"binding_error": "missing_role"}
        key, kind, message, actual, conventions = Key(), "mismatch", "differs", None, ()

    document = stub.stub_document(Found(), seed=7, candidate={"name": "c", "version": "1"})
    [record] = document["vectors"]
    assert (record["ambiguity"], record["readings"]) == found
    assert "expected" not in record and "open point" not in record["description"]


# Candidates with known causes, fuzzed end to end -----------------------------------------------

CRASH_ON_Q = """
    import json, sys
    from oasis_si_reference import server

    def answer(line):
        request = json.loads(line)
        params = request.get("params") if isinstance(request, dict) else None
        evidence = params.get("evidence") if isinstance(params, dict) else None
        final = evidence.get("final_answer") if isinstance(evidence, dict) else None
        if isinstance(final, str) and "q" in final:
            reply = {"id": request["id"], "error": {"code": "internal", "message": "q"}}
            return server.encode(reply)
        return server.encode(server.respond(line))

    server.answer_lines(sys.stdin.buffer, sys.stdout.buffer, answer)
"""

NFD_NOT_NFC = """
    import sys, unicodedata
    from oasis_si_reference import server, text

    class Decomposing:
        def __getattr__(self, name):
            return getattr(unicodedata, name)

        @staticmethod
        def normalize(form, value):
            return unicodedata.normalize("NFD" if form == "NFC" else form, value)

    text.unicodedata = Decomposing()
    server.main()
"""


def _script(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "candidate.py"
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def _independent(*options: str) -> list[str]:
    return [sys.executable, "-m", "oasis_si_conformance.independent", *options]


def _fuzz(argv: list[str], examples: int, operations=None) -> Summary:
    return fuzz(
        argv,
        seed=5,
        max_examples=examples,
        time_budget=120,
        shrink_budget=20,
        operations=operations,
        edition=SEED,
    )


@pytest.mark.slow  # a fuzz run of a real process, shrunk and explained
def test_a_crash_that_needs_no_open_point_is_one_normative_class_explained_by_no_reading(
    tmp_path,
):
    """An internal error whenever the final answer holds "q": one normative class, its minimal
    case the letter alone, and no class explained by a reading or left as a convention (the
    same failure where the text decides a verdict)."""
    summary = _fuzz(_script(tmp_path, CRASH_ON_Q), 3000, ["score_scenario"])
    assert causes_reproduce(summary) == []
    classes = list(summary.classes.values())
    assert [c.key.normative for c in classes] == [True], [c.key.label() for c in classes]
    assert classes[0].cause.kind == cause.DIFFERENCE
    assert classes[0].key.signature == "error response internal"
    assert "q" in classes[0].representative.case["input"]["evidence"]["final_answer"]


@pytest.mark.slow  # a fuzz run of a real process, shrunk and explained
def test_a_defect_no_catalog_entry_models_is_named_by_its_difference(tmp_path):
    """NFD where the text says NFC: the catalog has no such mutant; its look-alikes (a Unicode
    identifier class, a regex word boundary) reproduce some of its cases but are refuted on
    the corpus, so every class is named by its minimal difference."""
    summary = _fuzz(_script(tmp_path, NFD_NOT_NFC), 2500)
    assert summary.normative
    assert causes_reproduce(summary) == []
    assert [c.cause.kind for c in summary.classes.values()] == [cause.DIFFERENCE] * len(
        summary.classes
    )


@pytest.mark.slow  # a fuzz run of a real process, shrunk and explained
def test_a_catalog_mutant_is_named_and_reproduces_on_its_cases():
    """The overlapping scan (§3.1) planted alone: its class is named for it, and it answers
    each of the class's recorded cases as the candidate did."""
    summary = _fuzz(_independent("--hook", OVERLAPPING_SCAN), 1500, ["identifier_match"])
    assert causes_reproduce(summary) == []
    named = {mid for c in summary.normative for mid, _ in c.cause.mutants}
    assert OVERLAPPING_SCAN in named


@pytest.mark.slow  # a fuzz run of a real process, shrunk and explained
def test_readings_of_two_open_points_at_once_are_no_defect():
    """The independent evaluator with other readings of two entries at once (sentence
    whitespace and blank answers): its answers hold under the joint readings, so no normative
    class, and every class shown is explained truly."""
    argv = _independent("--reading", "SENT-WS=python", "--reading", "ANSWER-BLANK=non-blank")
    summary = _fuzz(argv, 1500, ["score_scenario", "split_sentences"])
    assert not summary.normative, [c.key.label() for c in summary.normative]
    assert causes_reproduce(summary) == []


def test_an_answer_is_judged_under_an_edition_on_a_point_the_fuzzer_keeps_off_there():
    """A window vector on WINDOW-BLANK (an open point of the amended edition, which the fuzzer
    keeps off there): an answer under either of its readings holds under the amended edition
    (the reference's reading directly, the other as the independent evaluator computes it);
    an answer under neither has no verdict there."""
    from oasis_si_conformance.corpus import corpus, corpus_cache

    root = corpus.vectors_root()
    vectors = corpus_cache.load(root, corpus.read_manifest(root))
    amended = next(e for e in cause._catalog_editions() if e.name == AMENDED)
    opened = [
        v for v in vectors
        if v.editions.get(AMENDED, {}).get("ambiguity") == "WINDOW-BLANK"
        and v.operation == "score_scenario"
        and len({str(o) for o in v.editions[AMENDED]["readings"].values()}) > 1
    ]
    assert opened, "no score_scenario vector tells WINDOW-BLANK's readings apart"
    vector = opened[0]
    case = {"operation": vector.operation, "input": vector.input}
    for outcome in vector.editions[AMENDED]["readings"].values():
        assert holds_under((case, outcome), amended) is True, outcome
    rows = {o["row"] for o in vector.editions[AMENDED]["readings"].values()}
    other = next(row for row in (1, 2, 3, 4) if row not in rows)
    assert holds_under((case, {**_row4(), "row": other}), amended) is not True


def test_hinges_are_ranked_evidence_then_identifiers_then_the_rest():
    ranked = [
        "scenario.id='x'",
        "scenario.scoring.subsystem_set[0]='smtp-config'",
        "evidence.final_answer='x'",
        "scenario.scoring.factor.required_identifiers[0]='SMTP_PORT'",
    ]
    assert [cause._hinge_rank(hinge) for hinge in ranked] == [2, 1, 0, 1]


def test_a_cause_lists_the_rows_its_class_was_reached_through_when_several():
    from types import SimpleNamespace

    from oasis_si_conformance.fuzz import summary

    found = SimpleNamespace(kind="mutant", title="a title", mutants=(), hinges=())
    two = SimpleNamespace(cause=found, rows=["row 2", "row 3"])
    assert summary._cause_lines(two)[-1] == "     rows: row 2, row 3"  # type: ignore[arg-type]
    one = SimpleNamespace(cause=found, rows=["row 2"])
    assert summary._cause_lines(one) == ["     cause (mutant): a title"]  # type: ignore[arg-type]


def test_a_cause_as_a_report_writes_it() -> None:
    found = cause.mutant_cause((("M-1", "lowercases the text"), ("M-2", "trims the text")))
    assert found.to_json() == {
        "kind": "mutant",
        "name": "M-1 | M-2",
        "title": "one of 2 misreadings: M-1 | M-2",
        "mutants": [
            {"id": "M-1", "description": "lowercases the text"},
            {"id": "M-2", "description": "trims the text"},
        ],
        "hinges": [],
    }
