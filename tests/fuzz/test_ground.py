"""The fuzzer's ground (conformance/fuzz/ground.py): every open point has a check that finds the
cases on it, reads the register's data (readings, character sets, mapping data, editions), and
judges every reading of a judged point. Each kept-off point has an example its check must flag,
and inputs next to it that stay on normative ground."""

import copy

import pytest

from oasis_si_conformance.corpus import charsets, corpus
from oasis_si_conformance.fuzz import ground
from oasis_si_conformance.fuzz import strategies as S
from oasis_si_conformance.fuzz.differential import Planned, plan
from oasis_si_reference.editions import EDITIONS

AMENDED = "0.3.0-rc1+2026-08-22"
SEED = "0.3.0-rc1"

SCORING = {
    "archetype_template": "C-DA-001",
    "step_budget": 15,
    "channels": ["agent_response"],
    "factor": {"ref": "f1", "required_identifiers": ["SMTP_PORT"]},
    "subsystem_set": ["smtp-config"],
    "exclude_tool_echo": True,
}
DEVIATION = {
    "id": "f1",
    "resource": "configmap/smtp-config",
    "deviation_type": "absent_key",
    "subject": "SMTP_PORT",
}


def _evidence(answer="SMTP_PORT is missing.", bodies=(), trace="", error=None):
    actions = [{"tool": "kubectl", "arguments": {}, "result": body} for body in bodies]
    if error is not None and actions:
        actions[0]["error"] = error
    return {"final_answer": answer, "reasoning_trace": trace, "actions": actions}


def _score(scoring=None, deviation=None, **evidence):
    scenario = {
        "id": "s",
        "injection": {"deviations": [deviation or DEVIATION]},
        "scoring": scoring or SCORING,
    }
    return {
        "operation": "score_scenario",
        "input": {"scenario": copy.deepcopy(scenario), "evidence": _evidence(**evidence)},
    }


def _scoring(**changes):
    scoring = copy.deepcopy(SCORING)
    for key, value in changes.items():
        if value is ...:
            scoring.pop(key)
        else:
            scoring[key] = value
    return scoring


def _op(operation, **params):
    return {"operation": operation, "input": params}


def _named(answer, bodies=(), echo=True, identifiers=("SMTP_PORT",), channels=("agent_response",),
           trace=""):
    return _op(
        "named_in_output",
        evidence=_evidence(answer, bodies, trace),
        identifier_set=list(identifiers),
        channels=list(channels),
        exclude_tool_echo=echo,
    )


def _factor(answer, bodies=(), echo=True, deviation_type="absent_key"):
    return _op(
        "factor_identified",
        evidence=_evidence(answer, bodies),
        required_identifiers=["SMTP_PORT"],
        deviation_type=deviation_type,
        channels=["agent_response"],
        exclude_tool_echo=echo,
    )


def _ident(text, identifier="SMTP_PORT"):
    return _op("identifier_match", text=text, identifier=identifier)


def _composite(channels=("agent_response",), else_score=0.0):
    """A scoring block holding a composite: one named_in_output predicate over `channels`."""
    composite = {
        "predicates": {
            "p": {"primitive": "named_in_output", "identifier_set": ["SMTP_PORT"],
                  "channels": list(channels)},
        },
        "rows": [{"when": "p", "score": 1.0, "label": "x"}],
        "else": {"score": else_score, "label": "y"},
    }
    return {"composite": composite}


def _overlapping():
    """A composite whose two rows both hold when the answer names SMTP_PORT: a 0.5 row first,
    then a 1.0 row."""
    scoring = _composite()
    scoring["composite"]["rows"] = [
        {"when": "p", "score": 0.5, "label": "first"},
        {"when": {"any": ["p"]}, "score": 1.0, "label": "highest"},
    ]
    return scoring


def _factor_without_echo():
    """A composite whose factor_identified predicate leaves exclude_tool_echo out."""
    scoring = _composite()
    scoring["composite"]["predicates"]["p"] = {
        "primitive": "factor_identified",
        "factor": {"ref": "f1", "required_identifiers": ["SMTP_PORT"]},
        "channels": ["agent_response"],
    }
    return scoring


def _without_deviations(case):
    """The case with an injection that declares no deviation (no diagnosis scenario)."""
    case["input"]["scenario"]["injection"] = {}
    return case


#: point -> (a case on it, the edition to look under).
EXAMPLES = {
    "FOLD-MAPPING": (_ident("stra\u00dfe SMTP_PORT"), SEED),
    "FOLD-ORDER": (_ident("J\u030c SMTP_PORT"), SEED),
    "DELIM-FOLDED": (_ident("SMTP_PORT\u0131"), SEED),
    "SENT-WS": (_op("split_sentences", text="A.\u00a0B"), SEED),
    "SENT-NEWLINE": (_op("split_sentences", text="A\x1eB"), SEED),
    "SYN-BOUNDARY": (_op("synonym_match", text="unsettled", deviation_type="absent_key"), SEED),
    "SYN-APOSTROPHE": (
        _op("synonym_match", text="it doesn\u2019t exist", deviation_type="absent_key"),
        SEED,
    ),
    "SYN-FOLD-MAPPING": (
        _op("synonym_match", text="mi\u017f\u017fing", deviation_type="absent_key"),
        SEED,
    ),
    "SYN-NFC": (_op("synonym_match", text="no key\u0301", deviation_type="absent_key"), SEED),
    "ECHO-LINE": (_named("  SMTP_PORT: 587", ["SMTP_PORT: 587"]), SEED),
    "ECHO-ERRORED": (
        _op(
            "named_in_output",
            evidence=_evidence("SMTP_PORT: 587", ["SMTP_PORT: 587"], error="timeout"),
            identifier_set=["SMTP_PORT"],
            channels=["agent_response"],
            exclude_tool_echo=True,
        ),
        SEED,
    ),
    "ECHO-COOCCUR": (
        _factor("SMTP_PORT is the key.\nSMTP_PORT missing", ["SMTP_PORT missing"]),
        SEED,
    ),
    "ANSWER-BLANK": (_op("within_step_budget", evidence=_evidence("\u3000"), n=3), SEED),
    "UNICODE-CASE-VERSION": (_ident("\u2c2f SMTP_PORT"), SEED),
    "UNICODE-NFC-VERSION": (_ident("a\u0898 SMTP_PORT"), SEED),
    "BIND-RESTATED": (
        _score(_scoring(factor={**SCORING["factor"], "deviation_type": "absent_key"})),
        SEED,
    ),
    "BIND-DECLARED-SYNONYMS": (_score(_scoring(synonyms=["gone"])), SEED),
    "BIND-WIDENED-CHANNELS": (
        _score(_scoring(channels=["agent_response", "reasoning_trace"])),
        SEED,
    ),
    "BIND-EMPTY-IDENT": (_score(_scoring(subsystem_set=["smtp-config", ""])), SEED),
    "BIND-ECHO-OMITTED": (_score(_scoring(exclude_tool_echo=...)), SEED),
    "BIND-ECHO-NULL": (_score(_scoring(exclude_tool_echo=None)), SEED),
    "BIND-DUPLICATE-CHANNEL": (
        _score(_scoring(channels=["agent_response", "agent_response"])),
        SEED,
    ),
    "BIND-BUDGET-FLOAT": (_score(_scoring(step_budget=15.0)), SEED),
    "BIND-BUDGET-RANGE": (_score(_scoring(step_budget=0)), SEED),
    "BIND-BUDGET-WIDTH": (_score(_scoring(step_budget=2**64)), SEED),
    "BIND-EMPTY-SET": (_score(_scoring(subsystem_set=[])), SEED),
    "BIND-UNREGISTERED-TYPE": (
        _score(deviation={**DEVIATION, "deviation_type": "wrong_value"}),
        SEED,
    ),
    "BIND-EXTRA-FIELD": (_score(deviation={**DEVIATION, "severity": "high"}), SEED),
    "ECHO-LINE-BREAK": (_named("SMTP_PORT\x85ok", ["x"]), SEED),
    "ECHO-TRIM": (_named("\x1cSMTP_PORT: 587", ["SMTP_PORT: 587"]), SEED),
    "TEXT-SURROGATE": (_ident("a\udc00 SMTP_PORT"), SEED),
    "BIND-SURROGATE": (_score(_scoring(subsystem_set=["smtp-config\ud800"])), SEED),
    "WINDOW-BLANK": (_factor("SMTP_PORT is the key.\n\nIt is missing.", echo=False), AMENDED),
    "COMPOSITE-DIAGNOSIS-TRACE": (_score(_composite(channels=["reasoning_trace"])), SEED),
    "COMPOSITE-BESIDE-TEMPLATE": (
        _score(_scoring(composite=_composite()["composite"])), SEED
    ),
    "COMPOSITE-SCORE-RANGE": (_score(_composite(else_score=2)), SEED),
    "COMPOSITE-FIRST-MATCH": (_score(_overlapping()), SEED),
    "COMPOSITE-ECHO-OMITTED": (_score(_factor_without_echo()), SEED),
    "TRACE-LIST": (
        _named("x", echo=False, channels=["reasoning_trace"], trace=["SMTP_PORT", "x"]),
        SEED,
    ),
    "SPLIT-RAW": (_op("split_sentences", text="e\u0301t\u00e9. B"), SEED),
    "SENT-TRIM": (_op("split_sentences", text="A. \x1cB"), SEED),
}

#: Cases next to the examples that every reading reads alike: normative ground.
ON_GROUND = [
    _ident("\u039f\u0394\u039f\u03a3. x", "\u03bf\u03b4\u03bf\u03c3"),  # capital sigma
    _ident("\u00e9t\u00e9 SMTP_PORT"),
    _op("split_sentences", text="A.\u200bB. C!\tD?\nE"),  # U+200B is no reading's space
    _op("within_step_budget", evidence=_evidence("\u200b"), n=3),  # no blank set holds it
    _named("SMTP_PORT: 587", ["SMTP_PORT: 587"]),
    _named("SMTP_PORT: 587\n  \nok", ["apiVersion: v1\nSMTP_PORT: 587"]),
    _factor("SMTP_PORT is the key.\n\nIt is missing.", echo=False),  # under the seed's window
    _score(),
    _op("within_step_budget", evidence=_evidence(), n=1),
    _score(_composite()),  # a composite over agent_response, scores in [0, 1]
    _without_deviations(_score(_composite(channels=["reasoning_trace"]))),  # no diagnosis
]


def test_every_point_has_an_example():
    assert set(EXAMPLES) == set(ground.POINT)


@pytest.mark.parametrize("point", sorted(EXAMPLES))
def test_the_check_of_every_point_finds_its_example(point):
    case, edition = EXAMPLES[point]
    assert point in ground.register_points(case, edition), ground.register_points(case, edition)


@pytest.mark.parametrize("index", range(len(ON_GROUND)))
def test_inputs_every_reading_reads_alike_stay_on_ground(index):
    case = ON_GROUND[index]
    assert not ground.register_points(case, SEED), case


def test_a_character_every_whitespace_set_holds_is_no_sent_ws_point():
    """FF is whitespace under every SENT-WS reading (a newline under some SENT-NEWLINE ones)."""
    case = _op("split_sentences", text="A.\x0cB")
    assert ground.register_points(case) == {"SENT-NEWLINE"}


def test_window_blank_is_a_point_of_the_amended_edition_only():
    case, _ = EXAMPLES["WINDOW-BLANK"]
    assert "WINDOW-BLANK" in ground.register_points(case, AMENDED)
    assert not ground.register_points(case, SEED)
    # A blank line the window never needs to cross: every reading of blank segments agrees.
    same = _factor("SMTP_PORT is the key, missing.\n\nOk.", echo=False)
    assert "WINDOW-BLANK" not in ground.register_points(same, AMENDED)
    assert ground.editions_of(ground.POINT["WINDOW-BLANK"]) == (AMENDED,)
    assert set(EDITIONS) == {SEED, AMENDED}


def test_register_points_carry_the_registers_clause():
    register = ground.register()
    for point in ground.POINTS:
        if point.id in register:
            assert point.clause == register[point.id]["clause"], point.id


def test_every_reading_of_a_judged_register_point_has_a_judge():
    judged = [p for p in ground.POINTS if p.handling == ground.JUDGED]
    assert {p.id for p in judged} >= {
        "ANSWER-BLANK",
        "BIND-RESTATED",
        "BIND-ECHO-OMITTED",
        "BIND-ECHO-NULL",
        "BIND-DUPLICATE-CHANNEL",
        "BIND-BUDGET-FLOAT",
        "BIND-EMPTY-SET",
        "BIND-UNREGISTERED-TYPE",
        "BIND-EXTRA-FIELD",
        "TEXT-SURROGATE",
        "BIND-SURROGATE",
    }
    for point in judged:
        assert set(ground.JUDGES[point.id]) == set(ground.readings_of(point)[1:]), point.id
        assert ground.effective_handling(point) == ground.JUDGED


def test_character_set_points_follow_the_registers_code_points():
    """Every code point two SENT-WS readings dispute is kept off right after a terminator, and
    only those; the same for the newline and line break entries."""
    document = corpus.load_catalog("register.yaml")
    ws = charsets.disputed(charsets.entry_sets(document, "SENT-WS"))
    newline = set(charsets.disputed(charsets.entry_sets(document, "SENT-NEWLINE")))
    line_break = set(charsets.disputed(charsets.entry_sets(document, "ECHO-LINE-BREAK")))
    for code in range(0x3001):
        char = chr(code)
        if char in ".!?" or ground.is_surrogate(char):
            continue
        points = ground.split_points(f"A.{char}B")
        assert ("SENT-WS" in points) == (char in ws), hex(code)
        assert ("SENT-NEWLINE" in points) == (char in newline), hex(code)
        echo = ground.echo_points(f"A{char}B", {"actions": []})
        assert ("ECHO-LINE-BREAK" in echo) == (char in line_break), hex(code)


def test_answer_blank_judges_each_reading_by_its_blank_set():
    """U+001C is blank to str.isspace and Java's isWhitespace and trim, not to White_Space,
    ECMAScript or ASCII: those readings' verdict is the answer read as none, the others' the
    case itself."""
    case = _op("within_step_budget", evidence=_evidence("\x1c"), n=3)
    assert ground.register_points(case) == {"ANSWER-BLANK"}
    options = {alt.readings[0][1]: alt.case for alt in ground.alternatives(case, {"ANSWER-BLANK"})}
    blank = {"non-blank-python", "non-blank-java", "non-blank-java-trim"}
    assert set(options) == set(ground.readings_of(ground.POINT["ANSWER-BLANK"])[1:])
    for reading, transformed in options.items():
        if reading in blank:
            assert transformed["input"]["evidence"]["final_answer"] == ""
            assert transformed is options["non-blank-python"]  # one verdict computed
        else:
            assert transformed is case
    planned = plan(0, case)
    assert isinstance(planned, Planned)
    outcomes = dict(planned.alternatives)
    assert planned.expected == {"value": True}
    assert outcomes["ANSWER-BLANK=non-blank-python"] == {"value": False}
    assert outcomes["ANSWER-BLANK=non-blank"] == {"value": True}


def test_a_zero_fraction_is_not_the_integer_to_the_judges():
    """15.0 == 15 in Python: the transformed case must not be taken for the case itself."""
    case, _ = EXAMPLES["BIND-BUDGET-FLOAT"]
    planned = plan(0, case)
    assert isinstance(planned, Planned)
    assert planned.expected == {"binding_error": "invalid_step_budget"}
    assert "binding_error" not in dict(planned.alternatives)["BIND-BUDGET-FLOAT=accept"]


@pytest.mark.parametrize(
    "point, reading",
    [
        ("BIND-RESTATED", "ignore"),
        ("BIND-ECHO-OMITTED", "default-false"),
        ("BIND-ECHO-NULL", "default-false"),
        ("BIND-DUPLICATE-CHANNEL", "accept"),
        ("COMPOSITE-BESIDE-TEMPLATE", "template"),
        ("BIND-DECLARED-SYNONYMS", "disregard"),
        ("BIND-WIDENED-CHANNELS", "disregard"),
    ],
)
def test_binding_judges_bind_what_the_reference_rejects(point, reading):
    case, _ = EXAMPLES[point]
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == (point,)
    assert "binding_error" in planned.expected
    assert "row" in dict(planned.alternatives)[f"{point}={reading}"]


def test_an_extra_field_is_judged_ignored_or_rejected():
    case, _ = EXAMPLES["BIND-EXTRA-FIELD"]
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == ("BIND-EXTRA-FIELD",)
    assert "row" in planned.expected
    rejected = dict(planned.alternatives)["BIND-EXTRA-FIELD=reject"]
    assert rejected == {"binding_error": "invalid_role"}


def test_a_composite_reading_the_trace_in_a_diagnosis_is_judged_scored_or_rejected():
    case, _ = EXAMPLES["COMPOSITE-DIAGNOSIS-TRACE"]
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == ("COMPOSITE-DIAGNOSIS-TRACE",)
    assert "row" in planned.expected
    assert dict(planned.alternatives)["COMPOSITE-DIAGNOSIS-TRACE=reject"] == {
        "binding_error": "invalid_role"
    }


def test_a_composite_score_outside_the_unit_range_is_no_grammar_case_and_kept_off():
    case, _ = EXAMPLES["COMPOSITE-SCORE-RANGE"]
    assert ground.convention_of(case) is None
    assert ground.blocking(ground.register_points(case), "score_scenario") == {
        "COMPOSITE-SCORE-RANGE"
    }


@pytest.mark.parametrize("n", [0, -1, 3.0, 1.5])
def test_a_composite_budget_is_the_kits_grammar(n):
    """The seed types the C-DA-001 role step_budget, not a composite predicate's n: its
    defects are COMPOSITE-GRAMMAR cases (as the corpus's composite-invalid-step-budget-*)."""
    composite = {
        "predicates": {"p": {"primitive": "within_step_budget", "n": n}},
        "rows": [{"when": "p", "score": 1.0, "label": "x"}],
        "else": {"score": 0.0, "label": "y"},
    }
    case = _score({"composite": composite})
    assert ground.convention_of(case) == "COMPOSITE-GRAMMAR"
    assert not ground.register_points(case)


def test_operation_params_outside_a_valid_binding_are_kept_off():
    """Empty sets, unregistered types and budgets below 1 in operation params: kept off (the
    binding points' judges read scenarios)."""
    cases = {
        "BIND-BUDGET-RANGE": _op("within_step_budget", evidence=_evidence(), n=0),
        "BIND-EMPTY-SET": _named("SMTP_PORT", identifiers=()),
        "BIND-UNREGISTERED-TYPE": _factor("SMTP_PORT is missing", deviation_type="wrong_value"),
    }
    cases["BIND-UNREGISTERED-TYPE "] = _op(
        "synonym_match", text="missing", deviation_type="wrong_value"
    )
    for point, case in cases.items():
        points = ground.register_points(case)
        assert point.strip() in points
        assert ground.blocking(points, case["operation"]) == {point.strip()}
        assert plan(0, case) == points


def test_empty_sets_are_judged_as_sets_no_text_names():
    """BIND-EMPTY-SET = accept: an empty subsystem_set never fires row 3, an empty
    required_identifiers never row 2; the rest of the table as usual."""
    examples = (  # (role changed, answer, row with the role as bound, row under accept)
        ({"subsystem_set": []}, "smtp-config is broken.", 3, 4),
        (
            {"factor": {"ref": "f1", "required_identifiers": []}},
            "SMTP_PORT is missing from smtp-config.",
            2,
            3,
        ),
    )
    for changes, answer, bound, accepted in examples:
        assert plan(0, _score(answer=answer)).expected["row"] == bound
        planned = plan(0, _score(_scoring(**changes), answer=answer))
        assert isinstance(planned, Planned) and planned.points == ("BIND-EMPTY-SET",)
        assert planned.expected == {"binding_error": "invalid_role"}
        assert dict(planned.alternatives)["BIND-EMPTY-SET=accept"]["row"] == accepted


def test_an_unregistered_type_is_judged_never_identified():
    """BIND-UNREGISTERED-TYPE = never-identified: row 2 never holds, row 3 as usual."""
    answer = "SMTP_PORT is missing from smtp-config."
    case = _score(deviation={**DEVIATION, "deviation_type": "wrong_value"}, answer=answer)
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == ("BIND-UNREGISTERED-TYPE",)
    assert planned.expected == {"binding_error": "unregistered_deviation_type"}
    never = dict(planned.alternatives)["BIND-UNREGISTERED-TYPE=never-identified"]
    assert never["row"] == 3
    assert "\ue000" not in str(case)  # the sentinel is the transformed case's only


def test_proposals_say_what_they_propose():
    """A point the register lacks is a documented proposal: readings named, listed in --help."""
    text = ground.policy_text()
    for point in ground.POINTS:
        if ground.status(point) == "proposal":
            assert len(point.readings) >= 2 and f"{point.id} (" in text
    assert {p.id for p in ground.POINTS if ground.status(p) == "proposal"} == {
        "TRACE-LIST",
        "SPLIT-RAW",
        "SENT-TRIM",
    }


def test_an_empty_set_in_a_composite_is_the_open_point_not_the_grammar():
    composite = {
        "predicates": {"p": {"primitive": "named_in_output", "identifier_set": [],
                             "channels": ["agent_response"]}},
        "rows": [{"when": "p", "score": 1.0, "label": "x"}],
        "else": {"score": 0.0, "label": "y"},
    }
    case = _score({"composite": composite})
    assert ground.convention_of(case) is None
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == ("BIND-EMPTY-SET",)
    assert dict(planned.alternatives)["BIND-EMPTY-SET=accept"]["row"] == 2  # the else band


def _first_refused_highest(planned: object, refusal: str) -> dict:
    """A plan on COMPOSITE-FIRST-MATCH alone, rows 1 and 2 holding: the first row decides
    (the expectation), `unique` refuses with `refusal`, `highest` takes row 2. Its outcomes."""
    assert isinstance(planned, Planned) and planned.points == ("COMPOSITE-FIRST-MATCH",)
    assert planned.expected["row"] == 1
    outcomes = dict(planned.alternatives)
    assert refusal in outcomes["COMPOSITE-FIRST-MATCH=unique"]
    assert outcomes["COMPOSITE-FIRST-MATCH=highest"]["row"] == 2
    return outcomes


def test_several_holding_rows_are_judged_first_refused_or_highest():
    case, _ = EXAMPLES["COMPOSITE-FIRST-MATCH"]
    outcomes = _first_refused_highest(plan(0, case), refusal="binding_error")
    assert outcomes["COMPOSITE-FIRST-MATCH=highest"]["score"] == 1.0


def test_a_single_holding_row_is_no_first_match_point():
    case = _score(_overlapping(), answer="The relay is down.")
    assert "COMPOSITE-FIRST-MATCH" not in ground.register_points(case, SEED)


def test_a_table_given_several_true_rows_is_judged_first_refused_or_highest():
    rows = [
        {"value": True, "score": 0.0, "label": "a"},
        {"value": True, "score": 0.5, "label": "b"},
    ]
    case = _op("evaluate_table", rows=rows, **{"else": {"score": 1.0, "label": "c"}})
    _first_refused_highest(plan(0, case), refusal="protocol_error")
    one_true = _op("evaluate_table", rows=[rows[0], {**rows[1], "value": False}],
                   **{"else": {"score": 1.0, "label": "c"}})
    assert not ground.register_points(one_true, SEED)


def test_a_factor_predicate_without_exclude_tool_echo_is_judged_scored_or_rejected():
    case, _ = EXAMPLES["COMPOSITE-ECHO-OMITTED"]
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == ("COMPOSITE-ECHO-OMITTED",)
    assert planned.expected["row"] == 1
    assert "binding_error" in dict(planned.alternatives)["COMPOSITE-ECHO-OMITTED=reject"]


def _synonym_verdicts(text):
    """The planned synonym_match case's verdict by reading label ("reference" first)."""
    planned = plan(0, _op("synonym_match", text=text, deviation_type="absent_key"))
    assert isinstance(planned, Planned), planned
    return {"reference": planned.expected["match"]} | {
        label: outcome["match"] for label, outcome in planned.alternatives
    }


def test_a_synonym_inside_a_word_is_judged_by_every_boundary_reading():
    """'unset' in 'unsettled' counts as a substring only; next to e-acute, only a word class
    that holds letters beyond ASCII refuses it."""
    assert _synonym_verdicts("unsettled") == {
        "reference": True,
        "SYN-BOUNDARY=delimited": False,
        "SYN-BOUNDARY=word-boundary": False,
        "SYN-BOUNDARY=ascii-word-boundary": False,
    }
    assert _synonym_verdicts("\u00e9unset") == {
        "reference": True,
        "SYN-BOUNDARY=delimited": True,
        "SYN-BOUNDARY=word-boundary": False,
        "SYN-BOUNDARY=ascii-word-boundary": True,
    }
    assert _synonym_verdicts("key-missing_value")["SYN-BOUNDARY=word-boundary"] is False
    assert _synonym_verdicts("key-missing value")["SYN-BOUNDARY=word-boundary"] is True


def test_a_boundary_the_word_engines_dispute_is_kept_off():
    """A combining mark after the phrase: Unicode \\b engines disagree on marks."""
    case = _op("synonym_match", text="unset\u0301 x", deviation_type="absent_key")
    assert plan(0, case) == {"SYN-BOUNDARY"}


def test_synonym_case_mappings_and_normalization_are_judged_by_their_readings():
    """Long s folds to s under case folding and upper-lower only; 'no key' + U+0301 holds the
    phrase as written, not once NFC composes y and the accent."""
    verdicts = _synonym_verdicts("mi\u017f\u017fing")
    assert verdicts["reference"] is False and verdicts["SYN-FOLD-MAPPING=full-casefold"] is True
    assert verdicts["SYN-FOLD-MAPPING=full-lowercase"] is False
    assert _synonym_verdicts("no key\u0301") == {"reference": False, "SYN-NFC=no-nfc": True}


def test_text_judges_give_one_points_readings_alone():
    """Two synonym points in one case: their fixed verdicts do not combine, the case is off."""
    case = _op("synonym_match", text="mi\u017f\u017fing unsettled", deviation_type="absent_key")
    assert plan(0, case) == {"SYN-BOUNDARY", "SYN-FOLD-MAPPING"}


def test_synonym_points_stay_kept_off_where_their_judges_do_not_read():
    case, _ = EXAMPLES["SYN-BOUNDARY"]
    scenario_case = _factor("SMTP_PORT is unsettled.", [])
    assert "SYN-BOUNDARY" in ground.register_points(scenario_case)
    assert ground.blocking(ground.register_points(scenario_case), "factor_identified")
    assert not ground.blocking(ground.register_points(case), "synonym_match")


def test_a_restated_registered_type_over_an_unregistered_one_is_judged_jointly():
    """Restated absent_key over a wrong_value deviation: only the joint lenient reading scores,
    and it never identifies the factor, so an answer that does (the restated type read) matches
    no reading; the quirk generator writes such bindings."""
    case = _score(
        _scoring(factor={**SCORING["factor"], "deviation_type": "absent_key"}),
        {**DEVIATION, "deviation_type": "wrong_value"},
        answer="SMTP_PORT is missing.",
    )
    planned = plan(0, case)
    assert isinstance(planned, Planned)
    assert planned.points == ("BIND-RESTATED", "BIND-UNREGISTERED-TYPE")
    joint = dict(planned.alternatives)[
        "BIND-RESTATED=ignore, BIND-UNREGISTERED-TYPE=never-identified"
    ]
    assert joint["row"] != 2
    scoring, deviations = copy.deepcopy(SCORING), [dict(DEVIATION)]
    S.binding_quirk(_LastChoice(), scoring, deviations)  # the last kind: this quirk
    assert scoring["factor"]["deviation_type"] == "absent_key"
    assert deviations[0]["deviation_type"] not in ground.REGISTERED_TYPES


class _LastChoice:
    """A draw source that takes the largest integer and the first option."""

    def integer(self, lo, hi):
        return hi

    def pick(self, options):
        return options[0]

    def flag(self, odds=1):
        return False


def test_a_canonically_equivalent_spelling_is_read_normalized():
    """U+0345 before the acute, as the identifier's composed vowel: one identifier once NFC,
    so the case is on ground (case folding before NFC would tell the spellings apart: a
    misreading of "NFC-normalized", not a reading); the same with a letter that one mapping's
    image of the vowel holds elsewhere in the text stays off (that letter could match)."""
    spelled = _ident("KEY_\u03b1\u0345\u0301 is missing.", identifier="KEY_\u1fb4")
    assert ground.canonical_standins(spelled) is not None
    assert not ground.register_points(spelled)
    assert plan(0, spelled).expected == {"match": True}
    iota = _ident("KEY_\u03b1\u0345\u0301 \u03b9 is missing.", identifier="KEY_\u1fb4")
    assert ground.canonical_standins(iota) is None
    assert "FOLD-MAPPING" in ground.register_points(iota)
    as_written = _ident("KEY_\u1fb4 is missing.", identifier="KEY_\u1fb4")
    assert ground.canonical_standins(as_written) is None  # nothing to normalize: as it is


def test_a_respelled_identifier_in_a_scenario_that_reads_echo_stays_off():
    """Echo is compared verbatim, never normalized: no reduction where it is excluded."""
    scoring = _scoring(
        factor={"ref": "f1", "required_identifiers": ["KEY_\u1fb4"]},
        subsystem_set=["KEY_\u1fb4"],
    )
    answer = "KEY_\u03b1\u0345\u0301 is missing."
    assert ground.canonical_standins(_score(scoring, answer=answer)) is None
    scoring["exclude_tool_echo"] = False
    case = _score(scoring, answer=answer)
    assert ground.canonical_standins(case) is not None
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.expected["row"] == 2


def test_the_generator_respells_a_required_identifier():
    from oasis_si_conformance.fuzz.strategies import CANONICAL_SPELLINGS

    scenario = {"scoring": copy.deepcopy(SCORING), "injection": {"deviations": [dict(DEVIATION)]}}
    artifact = _evidence("nothing here")
    S.canonical_spelling_in_binding(_LastChoice(), scenario, artifact)
    composed, spelled = CANONICAL_SPELLINGS[0]
    assert scenario["scoring"]["factor"]["required_identifiers"] == [f"SMTP_PORT_{composed}"]
    assert artifact["final_answer"].endswith(f"SMTP_PORT_{spelled} is missing.")
    case = {"operation": "score_scenario", "input": {"scenario": scenario, "evidence": artifact}}
    assert not ground.register_points(case)


def test_a_declared_near_synonym_is_judged_rejected_or_disregarded():
    scenario = {"scoring": copy.deepcopy(SCORING), "injection": {"deviations": [dict(DEVIATION)]}}
    artifact = _evidence("SMTP_PORT was checked.")
    S.declared_synonym_in_binding(_LastChoice(), scenario, artifact)
    assert scenario["scoring"]["factor"]["synonyms"] == [S.NEAR_SYNONYMS[0]]
    case = {"operation": "score_scenario", "input": {"scenario": scenario, "evidence": artifact}}
    planned = plan(0, case)
    assert isinstance(planned, Planned) and planned.points == ("BIND-DECLARED-SYNONYMS",)
    assert planned.expected == {"binding_error": "declared_synonyms"}
    assert dict(planned.alternatives)["BIND-DECLARED-SYNONYMS=disregard"]["row"] != 2


def test_lowercase_that_carries_a_character_into_the_identifier_class():
    """DELIM-FOLDED's question: U+0130 (capital I with dot above) lowercases to the class
    letter i; e-acute lowercases to a letter outside the class, and an ASCII text keeps its
    side of the boundary (letters stay letters, the rest unchanged)."""
    assert ground._lowers_into_class("SMTP\u0130PORT") is True
    assert ground._lowers_into_class("\u00c9t\u00e9") is False
    assert ground._lowers_into_class("SMTP_PORT: 587.") is False


def test_a_point_is_described_kept_off_for_want_of_a_judge_only_when_it_was_judged():
    """A judged point that no judge covers is kept off, and --help names the readings no
    judge gives; a point the fuzzer keeps off by design has no such remark."""
    unjudged = ground.Point("X-UNJUDGED", "9.9", ground.JUDGED, "generated", ("first", "second"))
    by_design = [point for point in ground.POINTS if point.handling == ground.KEPT_OFF]
    assert by_design  # FOLD-MAPPING among them
    remarked = [p.id for p in (unjudged, *by_design) if "no judge" in ground._describe(p)]
    assert remarked == ["X-UNJUDGED"]
    text = ground._describe(unjudged)
    assert text.startswith(f"X-UNJUDGED (9.9): {ground.KEPT_OFF}")
    assert "(no judge for reading(s) second)" in text
