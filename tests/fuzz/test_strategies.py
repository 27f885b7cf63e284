"""The generators produce the inputs that expose how evaluators are really written:
overlapping and adjacent identifier occurrences, identifiers glued to punctuation,
terminators followed by closing quotes, every whitespace of the library defaults, special case
mappings, YAML 1.1 scalars, integral float budgets, unknown fields, lone surrogates. Each
property looks over a fixed, seeded stream of cases (as the fuzzer draws them) and asks that
some case has the input; none can pass on an empty stream."""

import functools
import json
import re

import pytest

from oasis_si_conformance.fuzz import ground
from oasis_si_conformance.fuzz import strategies as S
from oasis_si_conformance.running import protocol
from oasis_si_reference.binding import bind
from oasis_si_reference.model import BindingError
from oasis_si_reference.text import IDENTIFIER_CLASS, fold

N = 3000


@functools.cache
def _stream(normative: bool = True, ops: tuple[str, ...] = ("score_scenario",)) -> list[dict]:
    return [
        S.generate(S.case, f"strategy:{i}", list(ops), normative=normative)[0] for i in range(N)
    ]


def _scenarios(normative: bool = True) -> list[tuple[dict, dict]]:
    return [(c["input"]["scenario"], c["input"]["evidence"]) for c in _stream(normative)]


def _identifiers(scenario: dict) -> list[str]:
    scoring = scenario.get("scoring") or {}
    names = list(scoring.get("subsystem_set") or [])
    factor = scoring.get("factor")
    if isinstance(factor, dict):
        names += factor.get("required_identifiers") or []
    return [n for n in names if isinstance(n, str) and n]


def _occurrences(text: str, name: str) -> list[tuple[int, bool]]:
    """(start, delimited) of every occurrence, overlapping ones too (§3.1)."""
    out, start = [], text.find(name)
    while start != -1:
        end = start + len(name)
        delimited = (start == 0 or text[start - 1] not in IDENTIFIER_CLASS) and (
            end == len(text) or text[end] not in IDENTIFIER_CLASS
        )
        out.append((start, delimited))
        start = text.find(name, start + 1)
    return out


def _answer_pairs() -> list[tuple[str, str]]:
    pairs = []
    for scenario, evidence in _scenarios():
        answer = evidence.get("final_answer")
        if isinstance(answer, str):
            pairs += [(fold(answer), fold(name)) for name in _identifiers(scenario)]
    return pairs


def test_overlapping_occurrences_where_the_first_is_rejected():
    """finditer (non-overlapping) and find-next-past-the-match miss the good occurrence."""

    def overlapping(text: str, name: str) -> bool:
        found = _occurrences(text, name)
        return any(
            not ok_a and ok_b and b < a + len(name)
            for (a, ok_a), (b, ok_b) in zip(found, found[1:], strict=False)
        )

    assert any(overlapping(text, name) for text, name in _answer_pairs())


def test_a_rejected_occurrence_right_before_a_good_one():
    def adjacent(text: str, name: str) -> bool:
        found = _occurrences(text, name)
        return any(
            not ok_a and ok_b and b == a + len(name)
            for (a, ok_a), (b, ok_b) in zip(found, found[1:], strict=False)
        )

    assert any(adjacent(text, name) for text, name in _answer_pairs())


def test_identifiers_glued_to_punctuation_tokenisers_split_on():
    marks = set()
    for text, name in _answer_pairs():
        for start, ok in _occurrences(text, name):
            if ok:
                end = start + len(name)
                marks |= {
                    m for m in S.TOKEN_PUNCTUATION if text[max(0, start - len(m)) : start] == m
                }
                marks |= {m for m in S.TOKEN_PUNCTUATION if text[end : end + len(m)] == m}
    assert len(marks) >= 20, sorted(marks)
    glued = set()
    for index in range(2000):
        trap = S.generate(S.occurrence_trap, f"glue:{index}", "SMTP_PORT")[0]
        glued |= {m for m in S.TOKEN_PUNCTUATION if trap.endswith("SMTP_PORT" + m)}
    assert {"=", ":", "`", "(", ")", "/", "$", "'s"} <= glued


def test_terminators_followed_by_closing_quotes_then_space():
    closed = re.compile("[.!?][\"')\\]}\u201d\u2019\u00bb]+ ")
    answers = [e.get("final_answer") or "" for _s, e in _scenarios()]
    texts = [c["input"]["text"] for c in _stream(True, ("split_sentences",))]
    assert any(closed.search(a) for a in answers) and any(closed.search(t) for t in texts)


@pytest.mark.parametrize("char", S.LIBRARY_SPACES)
def test_every_library_whitespace_occurs_in_answers(char):
    """Between words of an answer, and as a whole (blank) answer."""
    answers = [e.get("final_answer") or "" for _s, e in _scenarios()]
    assert any(char in a and a.strip(char) for a in answers)
    assert any(a == char for a in answers)


@pytest.mark.parametrize(
    "special", ["\u0130", "\u017f", "\u212a", "\u1e9e", "\u0345", "\u03a3", "\u03c2"]
)
def test_special_case_mappings_are_drawn_off_ground(special):
    """Non-normative generation draws them (normative generation keeps off FOLD-MAPPING)."""
    texts = json.dumps(_stream(False), ensure_ascii=False)
    assert special in texts
    assert "\u039f\u0394\u039f\u03a3" in texts  # a capital sigma in final position


def test_yaml_1_1_scalars_in_bindings():
    names = {name for scenario, _e in _scenarios() for name in _identifiers(scenario)}
    assert len(names & set(S.YAML11_SCALARS)) >= 5
    echoes = {json.dumps(s.get("scoring", {}).get("exclude_tool_echo")) for s, _e in _scenarios()}
    assert '"yes"' in echoes


def test_binding_quirks_are_generated():
    """Integral float budgets, duplicate channels, an omitted or null exclude_tool_echo, a
    restated deviation type, unknown fields in scoring or factor, a referenced deviation type
    with no synonym list, an empty identifier set."""
    seen = set()
    for scenario, _e in _scenarios():
        scoring = scenario.get("scoring", {})
        seen |= ground.binding_points(scenario)
        holders = ground._factor_holders(scoring)
        if any(isinstance(h.get("step_budget") or h.get("n"), float) for h in holders):
            seen.add("float")
        if {"notes", "x-owner", "weight", "tags"} & set(scoring):
            seen.add("unknown-in-scoring")
        factor = scoring.get("factor")
        if isinstance(factor, dict) and {"notes", "x-owner", "weight", "tags"} & set(factor):
            seen.add("unknown-in-factor")
    assert {
        "BIND-RESTATED",
        "BIND-DUPLICATE-CHANNEL",
        "BIND-BUDGET-FLOAT",
        "BIND-ECHO-OMITTED",
        "BIND-ECHO-NULL",
        "BIND-EXTRA-FIELD",
        "BIND-UNREGISTERED-TYPE",
        "BIND-EMPTY-SET",
        "float",
        "unknown-in-scoring",
        "unknown-in-factor",
    } <= seen


def test_lone_surrogates_never_pair_and_survive_the_protocol():
    """Lone surrogates occur in answers, traces and bodies; never a high one before a low one,
    so the params that go over the wire decode to the very same strings."""
    with_surrogates = [
        c for c in _stream(True, tuple(S.ALL_OPERATIONS)) if ground.surrogate_points(c["input"])
    ]
    assert len(with_surrogates) > 20
    pair = re.compile("[\ud800-\udbff][\udc00-\udfff]")
    for case in with_surrogates:
        encoded = protocol.encode_params(case["input"])
        assert json.loads(encoded) == case["input"]
        assert not pair.search(json.dumps(case["input"], ensure_ascii=False))
    fields = set()
    for case in with_surrogates:
        evidence = case["input"].get("evidence") or {}
        for name in ("final_answer", "reasoning_trace", "actions"):
            if ground.surrogate_points({name: evidence.get(name)}):
                fields.add(name)
        if "BIND-SURROGATE" in ground.surrogate_points(case["input"]):
            fields.add("binding")
    assert fields == {"final_answer", "reasoning_trace", "actions", "binding"}


def test_invalid_bindings_carry_one_defect():
    """No binding quirk rides along with a defect, no defect is an open point of the register
    (an empty set, a budget below 1, an unregistered type, an omitted exclude_tool_echo), and
    the reference names the defect's kind."""
    for index in range(600):
        (scenario, kind, _clause), _ = S.generate(
            lambda src: S.invalid_binding(src, S.identifier_pool(src)), f"defect:{index}"
        )
        case = {"operation": "score_scenario", "input": {"scenario": scenario, "evidence": {}}}
        assert not ground.binding_points(scenario), scenario
        assert not ground.register_points(case), scenario
        with pytest.raises(BindingError) as error:
            bind(scenario)
        assert error.value.kind == kind


def test_defects_the_text_decides_apart_from_the_composite_grammar():
    """The normative defect lists hold what the text decides (no COMPOSITE-GRAMMAR case among
    them); the grammar's own cases are drawn apart, each a convention case."""
    for index in range(300):
        src = S.RandomSource(f"grammar:{index}")
        scenario = S.composite_scenario(src, S.identifier_pool(src), quirks=False)
        for kind, _clause, defect in S._composite_defects(scenario):
            document = S.clone(scenario)
            defect(document)
            case = {"operation": "score_scenario", "input": {"scenario": document}}
            assert ground.convention_of(case) is None, (kind, document["scoring"])
        for _kind, _clause, defect in S._composite_grammar_cases(scenario):
            document = S.clone(scenario)
            defect(document)
            case = {"operation": "score_scenario", "input": {"scenario": document}}
            assert ground.convention_of(case) == "COMPOSITE-GRAMMAR", document["scoring"]
    for _kind, _clause, defect in S.C_DA_001_DEFECTS:
        scenario = S.c_da_001_scenario(S.RandomSource("defect"), ["SMTP_PORT"], quirks=False)
        defect(scenario)
        assert not ground.binding_points(scenario), scenario
    assert any(
        kind == "invalid_role" and _applied(defect).get("channels") == []
        for kind, _clause, defect in S.C_DA_001_DEFECTS
    )


def _applied(defect) -> dict:
    scenario = S.c_da_001_scenario(S.RandomSource("defect"), ["SMTP_PORT"], quirks=False)
    defect(scenario)
    return scenario.get("scoring") or {}


def test_integer_boundaries_are_drawn_as_budgets_and_n():
    """Step budgets and within_step_budget's n take the integer boundaries the text decides
    (2^31 - 1 .. 2^63 - 1, listed here), never one past 2^63 - 1 (BIND-BUDGET-WIDTH)."""
    boundaries = {2**31 - 1, 2**31, 2**32, 2**53, 2**53 + 1, 2**63 - 1}
    budgets, ns = set(), set()
    for index in range(600):
        source = S.RandomSource(f"integers:{index}")
        drawn = S.case(source, ["score_scenario", "within_step_budget"])
        params = drawn["input"]
        if drawn["operation"] == "within_step_budget":
            ns.add(params["n"])
        else:
            budget = params["scenario"].get("scoring", {}).get("step_budget")
            budgets.add(int(budget) if isinstance(budget, (int, float)) else budget)
    assert boundaries & budgets and boundaries & ns, (budgets, ns)
    assert not {v for v in budgets | ns if isinstance(v, int) and v > 2**63 - 1}


def test_findings_glue_identifiers_and_use_near_synonyms():
    """Some findings name SMTP_PORT only glued to class characters (so that no occurrence of
    it stands alone: a class without the hyphen or the digits would find one), and some
    characterize the key with a near-synonym and no phrase of §3.3."""
    from oasis_si_reference.synonyms import synonym_matches
    from oasis_si_reference.text import identifier_matches

    glued = near = 0
    for index in range(400):
        text = S.finding(S.RandomSource(f"finding:{index}"), ["SMTP_PORT"])
        if any(part in text for part in ("SMTP_PORT-OLD", "SMTP_PORT2", "OLD-SMTP_PORT")):
            glued += not identifier_matches(text, "SMTP_PORT")
        if any(word in text.lower() for word in S.NEAR_SYNONYMS):
            near += not synonym_matches(text, "absent_key")
    assert glued and near


#: Misreadings that only an answer whose one finding decides the row shows through
#: score_scenario (an occurrence inside a rejected one, a terminator before a tab, an
#: abbreviation's period, a phrase's space written otherwise, an identifier named only in an
#: echo): busier answers identify the factor anyway.
FOCUSED_MISREADINGS = (
    "ident-regex-finditer-non-overlapping",
    "ident-find-next-written-length",
    "sent-space-only-after-terminator",
    "sent-abbreviation-aware",
    "syn-flexible-whitespace",
    "factor-conjunction-ignores-echo",
)


@functools.cache
def _focused_plans() -> list:
    from oasis_si_conformance.fuzz.differential import Planned, plan

    cases = [
        {"operation": "score_scenario", "input": S.generate(S.focused_scenario_input, f"f:{i}")[0]}
        for i in range(200)
    ]
    return [p for i, case in enumerate(cases) if isinstance(p := plan(i, case), Planned)]


@pytest.mark.parametrize("mutant_id", FOCUSED_MISREADINGS)
def test_focused_findings_show_what_one_finding_decides(mutant_id):
    """Some focused case gets a normative verdict the mutant answers otherwise (its answer
    matches no reading's outcome), so the fuzzer finds it through score_scenario alone."""
    from oasis_si_conformance.independent.mutants import by_id
    from oasis_si_conformance.independent.operations import op_score_scenario
    from oasis_si_conformance.judging.compare import compare_outcome, project

    config = by_id(mutant_id).config()
    plans = _focused_plans()
    assert len(plans) > 150

    def shows(planned) -> bool:
        answer = project("score_scenario", op_score_scenario(planned.case["input"], config))
        return all(not compare_outcome(answer, outcome).holds for _, outcome in planned.outcomes())

    shown = any(shows(p) for p in plans)  # stops at the first (the answers cost ~9 ms each)
    assert shown, f"no focused case of {len(plans)} shows {mutant_id}"


def test_focused_cases_are_drawn_in_the_stream():
    """About one C-DA-001 case in eight is focused; those with two required identifiers name
    the second on a line of its own ("See NAME."), which no other answer writes."""
    focused = [
        e["final_answer"]
        for _s, e in _scenarios()
        if isinstance(e.get("final_answer"), str) and "\nSee " in e["final_answer"]
    ]
    assert len(focused) > N // 100
