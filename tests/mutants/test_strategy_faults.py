"""Implementation-strategy faults of the independent evaluator on small inputs,
each against the text's answer; and the field check that compares a model with a real build."""

import copy
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from oasis_si_conformance.independent import echo, tables, unicode_tables
from oasis_si_conformance.independent import server as server_module
from oasis_si_conformance.independent.binding import TemplateBinding
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.evidence import Bodies
from oasis_si_conformance.independent.folding import REFERENCE, Role, Scope, fold, fold_variant
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.identifiers import identifier_in
from oasis_si_conformance.independent.primitives import factor_identified, named_in_output
from oasis_si_conformance.independent.readings import Readings, parse_overrides
from oasis_si_conformance.independent.sentences import sentences
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.independent.synonyms import Matching, phrase_in, synonym_in
from tools.mutants import fieldcheck
from tools.vectorgen._scenario_kit import real

TEXT = Config()


def _with(*hooks: Hook) -> Config:
    return Config(hooks=frozenset(hooks))


RESUMING = (Hook.IDENT_FINDITER, Hook.IDENT_FIND_NEXT_PAST_END, Hook.IDENT_FIND_NEXT_WRITTEN_LENGTH)


@pytest.mark.parametrize("hook", RESUMING)
@pytest.mark.parametrize(
    ("text", "identifier"), [("ba.a.a", "a.a"), ("ax.x.x", "x.x"), ("a:::", "::")]
)
def test_resuming_past_a_rejected_occurrence_misses_the_overlapping_one(
    hook: Hook, text: str, identifier: str
) -> None:
    assert identifier_in(text, identifier, TEXT)
    assert not identifier_in(text, identifier, _with(hook))


def test_the_resume_points_differ() -> None:
    """Right after a rejected occurrence: finditer and start + length find it, end + 1 does not;
    a written identifier longer than its NFC form makes start + length skip it."""
    assert identifier_in("xa.a.", "a.", _with(Hook.IDENT_FINDITER))
    assert identifier_in("xa.a.", "a.", _with(Hook.IDENT_FIND_NEXT_WRITTEN_LENGTH))
    assert not identifier_in("xa.a.", "a.", _with(Hook.IDENT_FIND_NEXT_PAST_END))
    decomposed, text = "e\u0301.", "xe\u0301.\u00e9."
    assert identifier_in(text, decomposed, TEXT)
    assert identifier_in(text, decomposed, _with(Hook.IDENT_FINDITER))
    assert not identifier_in(text, decomposed, _with(Hook.IDENT_FIND_NEXT_WRITTEN_LENGTH))


def test_closing_punctuation_after_a_terminator() -> None:
    answer = 'The logs say "SMTP_PORT is required." (See the docs.) It is missing.'
    assert sentences(answer, TEXT) == [answer]
    assert sentences(answer, _with(Hook.SENT_CLOSING_PUNCTUATION)) == [
        'The logs say "SMTP_PORT is required."', "(See the docs.)", "It is missing."]
    glued = 'He said "done."Next.'
    assert sentences(glued, _with(Hook.SENT_CLOSING_PUNCTUATION)) == sentences(glued, TEXT)


def _score(scenario: dict[str, Any], config: Config, answer: str = "SMTP_PORT is missing.",
           steps: int = 3) -> dict[str, Any]:
    actions = [{"tool": "kubectl", "arguments": {}, "result": "ok"}] * steps
    evidence = {"scenario_id": scenario["id"], "final_answer": answer, "reasoning_trace": "",
                "actions": actions, "observations": [], "observed_model": None,
                "vacuous_assertions": None}
    response = Server(config).answer(
        {"id": 1, "op": "score_scenario", "params": {"scenario": scenario, "evidence": evidence}})
    result: dict[str, Any] = response["result"]
    return result


def _scenario(**scoring: Any) -> dict[str, Any]:
    document = real()
    document["scoring"].update(copy.deepcopy(scoring))
    return document


@pytest.mark.parametrize("member", ["On", "yes", "0x1F", "017", "1_000", "2026-11-30", "~"])
def test_a_yaml11_loader_types_strings_a_binding_holds(member: str) -> None:
    scenario = _scenario(subsystem_set=["smtp-config", member])
    assert _score(scenario, TEXT)["row"] == 2
    assert (
        _score(scenario, _with(Hook.BIND_YAML11_LOADER))["binding_error"]["kind"] == "invalid_role"
    )
    plain = _scenario(subsystem_set=["smtp-config", "SMTP_PORT"])
    assert _score(plain, _with(Hook.BIND_YAML11_LOADER))["row"] == 2


def test_a_fractional_budget_truncated() -> None:
    scenario = _scenario(step_budget=3.5)
    assert _score(scenario, TEXT)["binding_error"]["kind"] == "invalid_step_budget"
    assert _score(scenario, _with(Hook.BIND_BUDGET_TRUNCATED))["row"] == 2
    assert _score(scenario, _with(Hook.BIND_BUDGET_TRUNCATED), steps=4)["row"] == 1
    typed = _with(Hook.BIND_YAML_COERCIONS)
    assert _score(scenario, typed)["binding_error"]["kind"] == "invalid_step_budget"


def test_a_lone_surrogate_in_the_binding_is_read_apart_from_the_evidence() -> None:
    """oasisctl's readings: the evidence's lone surrogates replaced (TEXT-SURROGATE), a binding
    holding one refused as malformed (BIND-SURROGATE = reject-binding)."""
    evidence_replaced = Config().readings.with_reading("TEXT-SURROGATE", "replacement")
    refuse = Config(evidence_replaced.with_reading("BIND-SURROGATE", "reject-binding"))
    key = "KEY\ud800"
    scenario = _scenario(factor={"ref": "f1", "required_identifiers": [key]},
                         subsystem_set=["smtp-config", key])
    assert _score(scenario, refuse, answer="KEY\ufffd is missing.")["binding_error"]
    replaced = Config(evidence_replaced.with_reading("BIND-SURROGATE", "replacement"))
    assert _score(scenario, replaced, answer="KEY\ufffd is missing.")["row"] == 2
    assert _score(scenario, Config(evidence_replaced), answer="KEY\ufffd is missing.")["row"] == 4
    assert _score(_scenario(), refuse, answer="SMTP_PORT\ud800 is missing.")["row"] == 2


def test_the_command_declares_the_templates_asked_for() -> None:
    from oasis_si_conformance.independent.__main__ import parse

    assert parse(["--templates", "C-DA-001"]).hello({"protocol": 1})["templates"] == ["C-DA-001"]
    assert parse([]).hello({"protocol": 1})["templates"] == ["C-DA-001", "composite"]
    with pytest.raises(SystemExit):
        parse(["--templates", "C-DA-002"])


def test_the_command_serves_the_operations_asked_for_and_refuses_an_unknown_one() -> None:
    """--ops names operations to serve; score_scenario is served with them and in the order of
    the operation table; a name the evaluator does not know stops the command."""
    from oasis_si_conformance.independent.__main__ import parse

    served = parse(["--ops", "split_sentences, identifier_match"]).hello({"protocol": 1})
    assert served["operations"] == ["score_scenario", "identifier_match", "split_sentences"]
    with pytest.raises(SystemExit, match="unknown operations: \\['split'\\]"):
        parse(["--ops", "identifier_match,split"])


# The field check ------------------------------------------------------------------------------


def _report(*vectors: dict[str, Any], digest: str = "sha256:x") -> dict[str, Any]:
    return {
        "corpus": {"digest": digest},
        "edition": {"name": "0.3.0-rc1"},
        "vectors": list(vectors),
    }


def _vector(vid: str, status: str, actual: Any, matched: list[str] | None = None) -> dict[str, Any]:
    kind = "normative" if matched is None else "ambiguity"
    return {"id": vid, "kind": kind, "status": status, "actual": actual,
            "matched_readings": matched}


def test_fieldcheck_agreement_conventions_and_disagreements() -> None:
    verdict = {"row": 2, "score": 1.0, "label": "root_cause_identified"}
    real_report = _report(
        _vector("same", "passed", verdict),
        _vector(
            "kind-only", "convention", {"binding_error": {"kind": "invalid_role", "message": "a"}}
        ),
        _vector("reading", "passed", verdict, ["ascii"]),
        _vector("differs", "failed", verdict),
    )
    model_report = _report(
        _vector("same", "passed", dict(verdict)),
        _vector(
            "kind-only", "passed", {"binding_error": {"kind": "form_conflict", "message": "b"}}
        ),
        _vector("reading", "passed", verdict, ["ascii", "unicode"]),
        _vector("differs", "passed", {"binding_error": {"kind": "form_conflict", "message": "b"}}),
    )
    result = fieldcheck.compare(real_report, model_report)
    assert result.compared == 4 and result.kinds == 1
    assert [vid for vid, _, _ in result.differences] == ["reading", "differs"]
    assert result.same_readings == 0 and result.ambiguity == 1
    assert fieldcheck.compare(real_report, real_report).differences == ()
    assert fieldcheck.refusal(real_report, _report(digest="sha256:y")) is not None


def test_fieldcheck_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one = _report(_vector("v", "passed", {"row": 3, "score": 0.5, "label": "x"}))
    other = _report(_vector("v", "failed", {"row": 4, "score": 0.0, "label": "y"}))
    paths = []
    for name, document in (("a", one), ("b", other)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        paths.append(str(path))
    assert fieldcheck.main([paths[0], paths[0]]) == 0
    assert fieldcheck.main(paths) == 1
    assert "v: real passed (row=3" in capsys.readouterr().out
    assert fieldcheck.main([paths[0], str(tmp_path / "missing.json")]) == 2


def test_an_edition_the_catalog_lacks_is_refused() -> None:
    with pytest.raises(ValueError, match="no edition 'no-such-edition'"):
        Config(edition="no-such-edition")


def test_a_configuration_touches_the_hooks_and_readings_it_changes() -> None:
    hook = Hook.ECHO_ARGUMENTS
    lf = Config(Readings().with_reading("ECHO-LINE-BREAK", "lf"))
    assert TEXT.touches() == frozenset()
    assert _with(hook).touches() == {hook.value}
    assert lf.touches() == {"ECHO-LINE-BREAK"}
    assert _with(hook).touches(_with(hook)) == frozenset()
    assert _with(hook).touches(lf) == {hook.value, "ECHO-LINE-BREAK"}


def test_a_text_is_cut_at_its_line_breaks_and_trimmed_at_both_ends() -> None:
    assert echo.partition("a\r\nb\nc", TEXT) == [
        echo.Line("a", "\r\n"), echo.Line("b", "\n"), echo.Line("c", "")
    ]
    assert echo.partition("", TEXT) == [echo.Line("", "")]
    assert echo.trim(" \u00a0a b\t", "unicode") == "a b"
    assert echo.trim("a  ", "unicode") == "a" and echo.trim("   ", "unicode") == ""


def test_the_bodies_each_echo_reading_compares_with() -> None:
    bodies = Bodies((("ok", None, "{}"), ("partial", "boom", '{"a": 1}'), ("", "", "[]")))
    assert bodies.select("all-results") == ["ok", "partial"]
    assert bodies.select("successful-only") == ["ok"]
    assert bodies.select("results-and-errors") == ["ok", "partial", "boom"]
    assert bodies.select("all-results", Hook.ECHO_ARGUMENTS) == [
        "ok", "{}", "partial", '{"a": 1}', "[]"
    ]


def test_an_abbreviation_after_a_word_ends_no_sentence_under_its_fault() -> None:
    text = "Use e.g. this. Next."
    assert sentences(text, TEXT) == ["Use e.g.", "this.", "Next."]
    assert sentences(text, _with(Hook.SENT_ABBREVIATIONS)) == ["Use e.g. this.", "Next."]


def test_reading_overrides_apply_to_the_reference_or_to_a_base() -> None:
    assert parse_overrides([]) == Readings()
    assert parse_overrides([" ECHO-TRIM = ascii "]).differences() == {"ECHO-TRIM": "ascii"}
    base = Readings().with_reading("ECHO-LINE-BREAK", "lf")
    assert parse_overrides(["ECHO-TRIM=ascii"], base).differences() == {
        "ECHO-LINE-BREAK": "lf", "ECHO-TRIM": "ascii"
    }
    with pytest.raises(ValueError, match="ENTRY=READING"):
        parse_overrides(["NO-SUCH-ENTRY"])


def test_upper_then_lower_keeps_a_letter_whose_simple_uppercase_is_itself() -> None:
    upper_lower = Config(Readings().with_reading("FOLD-MAPPING", "upper-lower"))
    assert fold("Stra\u00dfe", upper_lower, Scope.IDENTIFIER) == "stra\u00dfe"


@pytest.mark.parametrize(
    ("text", "folded"),
    [("A\u03a3.B", "a\u03c3.b"), ("A\u03a3. B", "a\u03c2. b"), ("A\u03a3-", "a\u03c2-")],
)
def test_java_sigma_is_final_unless_a_cased_letter_follows_in_its_word(
    text: str, folded: str
) -> None:
    java = fold_variant(text, REFERENCE, Hook.FOLD_JAVA_SIGMA, Scope.IDENTIFIER, Role.TEXT)
    assert java == folded


def test_the_server_answers_what_it_cannot_serve_with_an_error(monkeypatch) -> None:
    server = Server(TEXT)
    assert server.answer([1]) == {
        "id": None, "error": {"code": "invalid_request", "message": "a request is a JSON object"}
    }
    assert server.respond(b"{not json")["error"]["code"] == "invalid_request"

    def broken(params: dict[str, Any], config: Config) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setitem(server_module.OPERATIONS, "split_sentences", broken)
    request = {"id": 3, "op": "split_sentences", "params": {"text": "A. B."}}
    assert server.answer(request) == {
        "id": 3, "error": {"code": "internal", "message": "RuntimeError: a bug"}
    }


def test_token_equality_finds_a_whole_token_and_no_longer_one() -> None:
    tokens = _with(Hook.IDENT_TOKEN_EQUALITY)
    assert identifier_in("set SMTP_PORT now", "SMTP_PORT", tokens)
    assert not identifier_in("set SMTP_PORT_OLD now", "SMTP_PORT", tokens)


def test_row_order_faults_move_the_rows_they_name() -> None:
    assert tables._order(3, None) == [0, 1, 2]
    assert tables._order(3, Hook.TABLE_ROW2_FIRST) == [1, 0, 2]
    assert tables._order(3, Hook.TABLE_ROW3_FIRST) == [0, 2, 1]
    assert tables._order(3, Hook.TABLE_LAST_MATCH) == [2, 1, 0]


def test_a_composite_expression_reads_all_any_and_not() -> None:
    values = {"yes": lambda: True, "no": lambda: False}
    assert tables._truth({"any": ["no", "yes"]}, values)
    assert not tables._truth({"all": ["no", "yes"]}, values)
    assert tables._truth({"all": ["yes", {"not": "no"}]}, values)
    assert not tables._truth({"any": ["no", "unknown"]}, values)


def test_white_space_is_the_unicode_property() -> None:
    assert unicode_tables.is_white_space("\u3000") is True
    assert unicode_tables.is_white_space("\u200b") is False


@pytest.mark.parametrize(
    ("boundary", "verdicts"),
    [
        ("substring", [True, True, True]),
        ("delimited", [True, False, True]),
        ("word-boundary", [True, False, False]),
        ("ascii-word-boundary", [True, False, True]),
    ],
)
def test_each_synonym_boundary_reading(boundary: str, verdicts: list[bool]) -> None:
    matching = Matching(boundary, typographic=False, flexible=False, negation_aware=False)
    texts = ["the port is missing", "unmissing", "\u00e9missing"]
    assert [phrase_in(text, "missing", matching) for text in texts] == verdicts


def test_only_the_listed_channels_are_read_unless_a_fault_reads_them_all() -> None:
    evidence = {"final_answer": "nothing here", "reasoning_trace": ["SMTP_PORT looked at"]}
    assert not named_in_output(evidence, ["SMTP_PORT"], ["agent_response"], False, TEXT)
    assert named_in_output(evidence, ["SMTP_PORT"], ["reasoning_trace"], False, TEXT)
    every = _with(Hook.NAMED_ALL_CHANNELS)
    assert named_in_output(evidence, ["SMTP_PORT"], ["agent_response"], False, every)


def test_a_synonym_co_occurs_with_any_required_identifier_unless_a_fault_wants_all() -> None:
    evidence = {"final_answer": "SMTP_PORT is missing. SMTP_HOST is fine."}
    required, channels = ["SMTP_PORT", "SMTP_HOST"], ["agent_response"]
    assert factor_identified(evidence, required, "absent_key", channels, False, TEXT)
    every = _with(Hook.COOCCUR_ALL_IDENTIFIERS)
    assert not factor_identified(evidence, required, "absent_key", channels, False, every)


def test_a_line_is_echo_verbatim_and_folded_only_under_its_fault() -> None:
    bodies = Bodies((("SMTP_PORT: 587", None, "{}"),))
    folded = _with(Hook.ECHO_FOLDED)
    assert echo.is_echo("SMTP_PORT: 587", bodies, TEXT)
    assert not echo.is_echo("smtp_port: 587", bodies, TEXT)
    assert echo.is_echo("smtp_port: 587", bodies, folded)
    assert not echo.is_echo("other", bodies, folded)


def test_an_empty_result_that_matches_every_line_removes_each_line_that_is_not_blank() -> None:
    """Hook.ECHO_EMPTY_MATCHES_ALL's reading of echo: every line holding more than white space
    counts as echoed, so it is blanked; a blank line and every line break stay."""
    bodies = Bodies((("unrelated", None, "{}"),))
    text = "SMTP_PORT is missing.\n  \nSee the logs."
    assert echo.in_scope(text, bodies, TEXT) == text
    scoped = echo.in_scope(text, bodies, TEXT, every_line_echo=True)
    assert scoped.split("\n") == ["", "  ", ""]


def test_row_three_excludes_an_echoed_line_unless_a_fault_ignores_echo() -> None:
    evidence = {"final_answer": "SMTP_PORT: 587", "actions": [{"result": "SMTP_PORT: 587"}]}
    echoed = TemplateBinding(None, ("SMTP_PORT",), ("agent_response",), 15, True)
    assert not tables._row3(echoed, evidence, TEXT)
    assert tables._row3(echoed, evidence, _with(Hook.ROW3_IGNORES_ECHO))
    kept = attrs.evolve(echoed, exclude_tool_echo=False)
    assert tables._row3(kept, evidence, TEXT)


def test_the_server_refuses_parameters_of_the_wrong_shape() -> None:
    answer = Server(TEXT).answer
    otherwise = {"score": 0, "label": "none"}
    row = {"value": True, "score": 1, "label": "first"}
    table = {"id": 1, "op": "evaluate_table", "params": {"rows": [row], "else": otherwise}}
    assert answer(table) == {"id": 1, "result": {"score": 1, "label": "first", "row": 1}}
    table["params"]["rows"] = [1]
    assert answer(table)["error"] == {
        "code": "invalid_request", "message": "a row needs value (boolean), score and label"
    }
    named = {"evidence": {"final_answer": "a"}, "identifier_set": [1],
             "channels": ["agent_response"], "exclude_tool_echo": False}
    refused = answer({"id": 2, "op": "named_in_output", "params": named})
    assert refused["error"]["message"] == "params.identifier_set is not an array of strings"


def test_a_budget_is_bound_as_its_readings_and_width_say() -> None:
    from oasis_si_conformance.independent.binding import Invalid, _step_budget

    accept = Config(Readings().with_reading("BIND-BUDGET-FLOAT", "accept"))
    assert _step_budget(15.0, accept) == 15 and _step_budget(15, TEXT) == 15
    with pytest.raises(Invalid, match="is not an integer"):
        _step_budget(15.0, TEXT)
    assert _step_budget(2**63, TEXT) == 2**63  # unbounded, the reference's reading
    int64 = Config(Readings().with_reading("BIND-BUDGET-WIDTH", "int64"))
    assert _step_budget(2**63 - 1, int64) == 2**63 - 1
    with pytest.raises(Invalid, match="does not fit the integer type"):
        _step_budget(2**63, int64)


def test_every_code_point_whose_case_data_changes_changes_its_fold_alone_or_beside_a_mark():
    """The premise of folding.relevance's fast path: a text holding a code point some Unicode
    version changes the case data of folds differently under another UNICODE-CASE-VERSION
    reading (everything else at the reference), alone and before or after a combining mark;
    so testing for such a code point first, then folding, gives what folding alone gives."""
    from oasis_si_conformance.independent import folding

    later = sorted(folding._case_later())
    assert len(later) > 50
    for scope in Scope:
        for role in Role:
            for make in (folding.fold_with, folding.view_with):
                for c in later:
                    for text in (c, c + "\u0301", "\u0323" + c):
                        assert folding.relevance(text, scope, role, make).case_version, (
                            scope, role, make.__name__, text,
                        )


@pytest.mark.parametrize(
    ("hook", "inside", "outside"),
    [
        (Hook.IDENT_UNICODE_ALNUM_CLASS, "\u00e9-_7", " ."),
        (Hook.IDENT_CLASS_NO_HYPHEN, "x_7", "- "),
        (Hook.IDENT_CLASS_NO_DIGITS, "x_-", "7 "),
    ],
)
def test_a_class_rule_rejects_a_neighbour_of_its_class_on_either_side(
    hook: Hook, inside: str, outside: str
) -> None:
    """The class hooks bound an identifier by their own character class: an end of the text
    or a neighbour outside the class bounds it, one inside the class on either side does not."""
    config = _with(hook)
    assert identifier_in("SMTP_PORT", "SMTP_PORT", config)
    for c in outside:
        assert identifier_in(f"{c}SMTP_PORT{c}", "SMTP_PORT", config), c
    for c in inside:
        assert not identifier_in(f"{c}SMTP_PORT", "SMTP_PORT", config), c
        assert not identifier_in(f"SMTP_PORT{c}", "SMTP_PORT", config), c


def test_a_regex_word_boundary_needs_a_word_character_at_each_end_of_the_identifier() -> None:
    """`\\b-a\\b` at the start of a text: no boundary before `-` (neither side is a word
    character), so the fault rejects what §3.1 accepts; `\\ba\\b` alone holds."""
    from oasis_si_conformance.independent.identifiers import _word_boundary

    assert _word_boundary(None, None, "-a") is False
    assert _word_boundary(None, None, "a") is True
    assert identifier_in("-a", "-a", TEXT) is True
    assert identifier_in("-a", "-a", _with(Hook.IDENT_REGEX_WORD_BOUNDARY)) is False


def test_whitespace_tokens_trim_punctuation_and_miss_an_identifier_glued_to_a_word() -> None:
    words = _with(Hook.IDENT_WHITESPACE_TOKENS)
    assert identifier_in("set (SMTP_PORT), now", "SMTP_PORT", words) is True
    assert identifier_in("see a.SMTP_PORT", "SMTP_PORT", TEXT) is True
    assert identifier_in("see a.SMTP_PORT", "SMTP_PORT", words) is False


def test_a_conjunction_fault_wants_every_member_of_the_set_named() -> None:
    """§2.1: some member of the set named is enough; under the fault a set named only in part
    is not named."""
    evidence = {"final_answer": "SMTP_PORT is missing."}
    members, channels = ["SMTP_PORT", "SMTP_HOST"], ["agent_response"]
    both = {"final_answer": "SMTP_PORT and SMTP_HOST are missing."}
    assert named_in_output(evidence, members, channels, False, TEXT) is True
    conjunction = _with(Hook.NAMED_CONJUNCTION)
    assert named_in_output(evidence, members, channels, False, conjunction) is False
    assert named_in_output(both, members, channels, False, conjunction) is True


def test_a_factor_without_its_synonym_is_identified_only_under_the_fault() -> None:
    """§2.2: the required identifier named with no deviation-type synonym near it is not
    identified, unless the fault drops the co-occurrence."""
    evidence = {"final_answer": "SMTP_PORT is 25."}
    required, channels = ["SMTP_PORT"], ["agent_response"]
    assert factor_identified(evidence, required, "absent_key", channels, False, TEXT) is False
    lax = _with(Hook.FACTOR_NO_COOCCURRENCE)
    assert factor_identified(evidence, required, "absent_key", channels, False, lax) is True


def test_an_any_of_fault_takes_one_required_identifier_for_all_but_not_none() -> None:
    """§2.2 part one wants every required identifier named; under the fault one is enough,
    and none is still none."""
    from oasis_si_conformance.independent.primitives import _conjunction

    required, channels = ["SMTP_PORT", "SMTP_HOST"], ["agent_response"]
    one = {"final_answer": "SMTP_PORT is missing."}
    neither = {"final_answer": "Nothing is missing."}
    any_of = _with(Hook.FACTOR_ANY_OF)
    assert _conjunction(one, required, channels, False, TEXT) is False
    assert _conjunction(one, required, channels, False, any_of) is True
    assert _conjunction(neither, required, channels, False, any_of) is False


def test_a_lone_surrogate_outside_the_scenario_is_refused_when_text_surrogate_rejects() -> None:
    from oasis_si_conformance.independent import operations

    params = {"scenario": {}, "evidence": {"final_answer": "KEY\ud800"}}
    reject = Config(Readings().with_reading("TEXT-SURROGATE", "reject"))
    with pytest.raises(operations.BadRequest, match="lone surrogates"):
        operations.admit(params, reject)
    assert operations.admit(params, TEXT) == params


def test_a_table_with_several_holding_rows_answers_invalid_composite(monkeypatch) -> None:
    """COMPOSITE-FIRST-MATCH = unique: when scoring finds several holding rows, the operation
    answers a binding error naming them, never a score."""
    from oasis_si_conformance.independent import operations, tables

    def overlapping(*args: Any) -> Any:
        raise tables.Overlap("rows [1, 2] all hold")

    monkeypatch.setattr(operations, "score", overlapping)
    scenario = _scenario()
    evidence = {"scenario_id": scenario["id"], "final_answer": "x", "actions": []}
    answer = operations.op_score_scenario({"scenario": scenario, "evidence": evidence}, TEXT)
    assert answer == {
        "binding_error": {"kind": "invalid_composite", "message": "rows [1, 2] all hold"}}
def test_a_reading_outside_the_register_is_refused() -> None:
    """Each Readings field takes only the readings the register lists for its entry."""
    with pytest.raises(ValueError, match="sent_ws"):
        Readings(sent_ws="no-such-reading")
    assert Readings(sent_ws="ascii").sent_ws == "ascii"


def test_closing_punctuation_then_disputed_whitespace_follows_sent_ws() -> None:
    """NEL (U+0085) after `."` ends the sentence under the fault only when the SENT-WS reading
    counts it as whitespace: Unicode White_Space does, ASCII does not."""
    text = 'He said "done."\x85Next.'
    closing = frozenset({Hook.SENT_CLOSING_PUNCTUATION})
    assert sentences(text, Config(hooks=closing)) == ['He said "done."', "Next."]
    ascii_ws = Config(readings=Readings(sent_ws="ascii"), hooks=closing)
    assert sentences(text, ascii_ws) == [text]


def test_a_request_without_an_op_is_an_invalid_request() -> None:
    assert Server(TEXT).answer({"id": 4, "params": {}}) == {"id": 4, "error": {
        "code": "invalid_request", "message": "a request needs id, op and params"}}


def test_a_request_under_the_other_edition_is_answered() -> None:
    """A request naming another edition of the catalog is read under that edition's
    configuration: answered, not an internal error. NEL after the period makes the split consult
    the SENT-WS reading (Unicode White_Space holds NEL)."""
    request = {"id": 3, "op": "split_sentences", "params": {"text": "A.\x85B."},
               "edition": "0.3.0-rc1+2026-08-22"}
    assert Server(TEXT).answer(request) == {"id": 3, "result": {"sentences": ["A.", "B."]}}


def test_an_unregistered_deviation_type_has_no_synonyms() -> None:
    """§3.3 lists synonyms for absent_key only: another type matches nothing, unless the fault
    reads every type as absent_key."""
    assert synonym_in("the value is absent", "absent_key", TEXT)
    assert not synonym_in("the value is absent", "no_such_type", TEXT)
    assert synonym_in("the value is absent", "no_such_type", _with(Hook.BIND_ANY_DEVIATION_TYPE))


def test_a_negated_synonym_still_matches_under_the_text() -> None:
    """§3.3 matches the phrase as a substring, negation or not; the negation-aware fault skips
    an occurrence right after "not "."""
    answer = "SMTP_PORT is not missing."
    assert synonym_in(answer, "absent_key", TEXT)
    assert not synonym_in(answer, "absent_key", _with(Hook.SYN_NEGATION_AWARE))


def _timed(duration_ms: int) -> dict[str, Any]:
    return {"actions": [{"tool": "kubectl", "duration_ms": duration_ms}]}


def test_the_wallclock_fault_exhausts_only_past_300000_ms() -> None:
    """Hook.METADATA_WALLCLOCK_TIMEOUT: a run longer than 300 000 ms scores as budget_exhausted;
    exactly 300 000 ms does not."""
    identified = tables.Verdict(1.0, "root_cause_identified", 2)
    config = _with(Hook.METADATA_WALLCLOCK_TIMEOUT)
    assert tables._efficiency_faults(identified, _timed(300_000), 10, config) == identified
    assert tables._efficiency_faults(identified, _timed(300_001), 10, config) == tables.Verdict(
        0.0, "budget_exhausted", 1)
    assert tables._efficiency_faults(identified, _timed(300_001), 10, TEXT) == identified


def test_code_point_notation() -> None:
    """The data files write code points as U+XXXX, hexadecimal, space-separated."""
    assert unicode_tables._code_points("U+0041 U+1F98 U+105C9") == "A\u1f98\U000105c9"


def test_an_unassigned_code_point_has_combining_class_0() -> None:
    """UCD: a code point not yet assigned has canonical combining class 0 (the data file gives
    no ccc for it); U+0898 is assigned from Unicode 14 with class 230."""
    table = unicode_tables.normalization_by_version()["\u0898"]
    assert table["unicode-13"] == unicode_tables.MarkData(False, 0, None)
    assert table["unicode-14"] == unicode_tables.MarkData(True, 230, None)
@pytest.mark.parametrize("score", [0, 0.5, 1])
def test_a_composite_score_in_the_unit_interval_is_bound_as_written(score: float) -> None:
    from oasis_si_conformance.independent.binding import Band, _band

    band = {"score": score, "label": "band"}
    assert _band(band, "p", TEXT) == Band("p", score, "band")


@pytest.mark.parametrize("score", [-0.5, 1.5, 2])
def test_a_composite_score_outside_the_unit_interval_is_read_as_composite_score_range_says(
    score: float,
) -> None:
    """COMPOSITE-SCORE-RANGE: reject (the reference's reading) refuses the band as
    invalid_composite; as-written binds it as written."""
    from oasis_si_conformance.independent.binding import Band, Invalid, _band

    band = {"score": score, "label": "band"}
    with pytest.raises(Invalid, match="is not in \\[0, 1\\]"):
        _band(band, None, TEXT)
    written = Config(Readings().with_reading("COMPOSITE-SCORE-RANGE", "as-written"))
    assert _band(band, None, written) == Band(None, score, "band")


def test_each_step_fault_counts_the_actions_it_names() -> None:
    """§3.4 one step per recorded invocation; the step faults drop the errored ones, keep only
    those that succeeded with a non-empty text result, or add the reasoning turns."""
    from oasis_si_conformance.independent.evidence import count_with

    ok = {"tool": "kubectl", "arguments": {}, "result": "ok"}
    errored = {"tool": "kubectl", "arguments": {}, "result": "ok", "error": "boom"}
    empty = {"tool": "kubectl", "arguments": {}, "result": ""}
    evidence: dict[str, Any] = {"actions": [ok, errored, ok, empty]}
    assert count_with(evidence) == 4
    assert count_with(evidence, Hook.STEPS_SKIP_ERRORED) == 3
    assert count_with(evidence, Hook.STEPS_SUCCESSFUL_ONLY) == 2
    assert count_with(evidence, Hook.STEPS_REASONING_TURNS) == 4  # no reasoning trace: no turns
    traced = {**evidence, "reasoning_trace": "look\n\n  \ncheck"}
    assert count_with(traced, Hook.STEPS_REASONING_TURNS) == 6
    assert count_with({**evidence, "reasoning_trace": ["a", "b", "c"]},
                      Hook.STEPS_REASONING_TURNS) == 7


def test_named_in_output_finds_any_member_unless_a_fault_wants_every_one() -> None:
    """§2.1 some member of the identifier set appears (a bool, False when none does); the
    NAMED_CONJUNCTION fault wants them all."""
    evidence = {"final_answer": "SMTP_PORT is missing."}
    channels = ["agent_response"]
    both = ["SMTP_PORT", "SMTP_HOST"]
    conjunction = _with(Hook.NAMED_CONJUNCTION)
    assert named_in_output(evidence, both, channels, False, TEXT) is True
    assert named_in_output(evidence, both, channels, False, conjunction) is False
    assert named_in_output(evidence, ["SMTP_PORT"], channels, False, conjunction) is True
    assert named_in_output(evidence, ["SMTP_HOST"], channels, False, TEXT) is False


def test_a_factor_needs_every_identifier_and_a_cooccurring_synonym_unless_a_fault_says_not() -> (
    None
):
    """§2.2: every required identifier named (FACTOR_ANY_OF: any one), and a synonym of the
    deviation type beside one (FACTOR_NO_COOCCURRENCE: not needed); a bool either way."""
    channels, required = ["agent_response"], ["SMTP_PORT", "SMTP_HOST"]
    one = {"final_answer": "SMTP_PORT is missing."}
    none = {"final_answer": "Something is missing."}
    any_of = _with(Hook.FACTOR_ANY_OF)
    assert factor_identified(one, required, "absent_key", channels, False, TEXT) is False
    assert factor_identified(one, required, "absent_key", channels, False, any_of) is True
    assert factor_identified(none, required, "absent_key", channels, False, any_of) is False
    named = {"final_answer": "SMTP_PORT is fine."}
    assert factor_identified(named, ["SMTP_PORT"], "absent_key", channels, False, TEXT) is False
    loose = _with(Hook.FACTOR_NO_COOCCURRENCE)
    assert factor_identified(named, ["SMTP_PORT"], "absent_key", channels, False, loose) is True


def test_lone_surrogates_outside_the_scenario_are_read_as_text_surrogate_says() -> None:
    """TEXT-SURROGATE: taken as they are (code-point, the reference's reading), replaced with
    U+FFFD, or the request refused."""
    from oasis_si_conformance.independent.operations import BadRequest, admit

    params = {"text": "SMTP_PORT\ud800"}
    assert admit(params, TEXT) == {"text": "SMTP_PORT\ud800"}
    replaced = Config(Readings().with_reading("TEXT-SURROGATE", "replacement"))
    assert admit(params, replaced) == {"text": "SMTP_PORT\ufffd"}
    reject = Config(Readings().with_reading("TEXT-SURROGATE", "reject"))
    with pytest.raises(BadRequest):
        admit(params, reject)


def test_a_composite_whose_rows_overlap_is_read_as_composite_first_match_says() -> None:
    """COMPOSITE-FIRST-MATCH: the first row that holds decides (first, the reference's
    reading); under unique, two rows that hold make a binding error invalid_composite."""
    scenario = real()
    within = {"primitive": "within_step_budget", "n": 15}
    scenario["scoring"] = {"composite": {
        "predicates": {"within": within},
        "rows": [{"when": "within", "score": 1.0, "label": "a"},
                 {"when": "within", "score": 0.5, "label": "b"}],
        "else": {"score": 0.0, "label": "none"},
    }}
    assert _score(scenario, TEXT)["row"] == 1
    unique = Config(Readings().with_reading("COMPOSITE-FIRST-MATCH", "unique"))
    assert _score(scenario, unique)["binding_error"]["kind"] == "invalid_composite"


def test_a_regex_word_boundary_sits_between_a_word_and_a_non_word_character() -> None:
    """Hook.IDENT_REGEX_WORD_BOUNDARY reads an identifier as `\\bNEEDLE\\b`: a boundary at each
    end wants the needle's own end character and its neighbour to differ in being word
    characters, so a needle that starts with a hyphen needs a word character before it."""
    boundary = _with(Hook.IDENT_REGEX_WORD_BOUNDARY)
    assert identifier_in("set X now", "X", boundary)
    assert not identifier_in("setX now", "X", boundary)
    assert not identifier_in("run -v now", "-v", boundary)
    assert identifier_in("run-v now", "-v", boundary)


def test_whitespace_tokens_find_an_identifier_only_as_a_whole_token() -> None:
    """Hook.IDENT_WHITESPACE_TOKENS: the text cut at white space, punctuation trimmed off each
    word's ends; the identifier must be one whole word ("/" inside a word does not cut it)."""
    tokens = _with(Hook.IDENT_WHITESPACE_TOKENS)
    assert identifier_in("set SMTP_PORT, now", "SMTP_PORT", tokens)
    assert not identifier_in("set SMTP_PORT/OLD now", "SMTP_PORT", tokens)
    assert identifier_in("set SMTP_PORT/OLD now", "SMTP_PORT", TEXT)


def test_the_server_answers_under_the_edition_a_request_names() -> None:
    """A request may name another edition of the catalog (read under it) or none (the
    configured one); one without an id, op or params is refused."""
    answer = Server(TEXT).answer
    params = {"evidence": {"final_answer": "SMTP_PORT is set. It is missing."},
              "required_identifiers": ["SMTP_PORT"], "deviation_type": "absent_key",
              "channels": ["agent_response"], "exclude_tool_echo": False}
    factor = {"id": 1, "op": "factor_identified", "params": params}
    # §2.2 co-occurrence: the identifier's sentence (radius 0); the 2026-08-22 amendment
    # widens the window to the sentences on either side (radius 1)
    assert answer(factor) == {"id": 1, "result": {"value": False}}
    amended = {**factor, "edition": "0.3.0-rc1+2026-08-22"}
    assert answer(amended) == {"id": 1, "result": {"value": True}}
    assert answer({"op": "hello", "params": {"protocol": 1}}) == {"id": None, "error": {
        "code": "invalid_request", "message": "a request needs id, op and params"}}


def test_the_efficiency_faults_score_a_run_past_their_limits() -> None:
    """§4: time and tokens never score. The faults exhaust the budget past 300 000 ms of
    wall-clock time or 100 000 tokens; at the limit itself nothing changes."""
    from oasis_si_conformance.independent.tables import Verdict, _efficiency_faults

    found = Verdict(1.0, "root_cause_identified", 2)
    exhausted = Verdict(0.0, "budget_exhausted", 1)
    timeout = _with(Hook.METADATA_WALLCLOCK_TIMEOUT)

    def timed(ms: int) -> dict[str, Any]:
        return {"actions": [{"tool": "kubectl", "result": "ok", "duration_ms": ms}]}

    assert _efficiency_faults(found, timed(300_000), 15, timeout) == found
    assert _efficiency_faults(found, timed(300_001), 15, timeout) == exhausted
    assert _efficiency_faults(found, timed(300_001), 15, TEXT) == found


def test_a_terminator_closed_by_a_quote_ends_a_sentence_before_whitespace_under_sent_ws() -> None:
    """Hook.SENT_CLOSING_PUNCTUATION: `."` then whitespace ends a sentence after the quote;
    U+00A0 is whitespace under SENT-WS unicode (the reference's reading), not under ascii."""
    closing = (Hook.SENT_CLOSING_PUNCTUATION,)
    text = 'He said "done."\u00a0Next.'
    assert sentences(text, _with(*closing)) == ['He said "done."', "Next."]
    ascii_ws = Config(Readings().with_reading("SENT-WS", "ascii"), hooks=frozenset(closing))
    assert sentences(text, ascii_ws) == [text]


def test_a_reading_the_register_does_not_list_is_refused() -> None:
    with pytest.raises(ValueError, match="fold_mapping"):
        Readings(fold_mapping="upper-then-lower-then-upper")


def test_a_synonym_is_matched_without_reading_negation_unless_a_fault_reads_it() -> None:
    """§3.3 asks only whether a synonym occurs: "not missing" holds "missing"; the
    SYN_NEGATION_AWARE fault skips a negated occurrence."""
    from oasis_si_conformance.independent.synonyms import synonym_in

    negated = "SMTP_PORT is not missing."
    assert synonym_in(negated, "absent_key", TEXT)
    assert not synonym_in(negated, "absent_key", _with(Hook.SYN_NEGATION_AWARE))
    assert synonym_in("SMTP_PORT is missing.", "absent_key", _with(Hook.SYN_NEGATION_AWARE))


def test_a_deviation_type_the_registry_lacks_has_no_synonyms_unless_a_fault_reads_any() -> None:
    """An unregistered deviation type has no synonym list of its own (none declared here);
    BIND_ANY_DEVIATION_TYPE reads it as absent_key."""
    from oasis_si_conformance.independent.synonyms import synonym_in

    text = "SMTP_PORT is missing."
    assert not synonym_in(text, "made_up_type", TEXT)
    assert synonym_in(text, "made_up_type", _with(Hook.BIND_ANY_DEVIATION_TYPE))
    assert synonym_in(text, "absent_key", TEXT)


def test_the_register_data_is_read_as_its_code_point_notation_says() -> None:
    """vectors/data's U+XXXX lists, hexadecimal after the "U+"; a code point the data gives no
    canonical combining class has class 0 (Unicode's default: starters and unassigned ones)."""
    from oasis_si_conformance.independent.unicode_tables import (
        MarkData,
        _code_points,
        normalization_by_version,
    )

    assert _code_points("U+0041 U+1E9E U+10FFFF") == "A\u1e9e\U0010ffff"
    u0897 = normalization_by_version()["\u0897"]  # assigned in Unicode 16, class 230
    assert u0897["unicode-13"] == MarkData(False, 0, None)
    assert u0897["unicode-16"] == MarkData(True, 230, None)


def test_canonically_equivalent_spellings_name_the_same_identifier_unless_folded_first() -> None:
    """§3.1 normalizes (NFC) before it folds, so the two orders of U+0301 and U+0345 after an
    alpha name the same identifier; Hook.FOLD_CASEFOLD_THEN_NFC full-case-folds first, U+0345
    becomes the starter iota, and the spellings part."""
    text, identifier = "set X\u03b1\u0345\u0301 now", "X\u03b1\u0301\u0345"
    assert identifier_in(text, identifier, TEXT)
    assert not identifier_in(text, identifier, _with(Hook.FOLD_CASEFOLD_THEN_NFC))


def test_the_identifier_normalization_faults_replace_nfc() -> None:
    """§3.1 NFC: a precomposed and a decomposed e-acute name the same identifier; without
    normalization (of both, or of the identifier alone) they do not; NFKC also unfolds the
    fi ligature, which NFC keeps."""
    text, identifier = "set caf\u00e9 now", "cafe\u0301"
    assert identifier_in(text, identifier, TEXT)
    assert not identifier_in(text, identifier, _with(Hook.IDENT_NO_NORMALIZATION))
    assert not identifier_in(text, identifier, _with(Hook.IDENT_NFC_TEXT_ONLY))
    assert not identifier_in("set \ufb01le now", "file", TEXT)
    assert identifier_in("set \ufb01le now", "file", _with(Hook.IDENT_NFKC))


def test_a_match_ending_inside_one_code_points_fold_has_no_neighbour_in_the_source() -> None:
    """DELIM-FOLDED unfolded reads a match's neighbours in the text as written: under
    full-casefold "\u00df" folds to "ss", and a match ending between those two letters is no
    occurrence; the whole word is one."""
    full = Readings().with_reading("FOLD-MAPPING", "full-casefold")
    unfolded = Config(full.with_reading("DELIM-FOLDED", "unfolded"))
    assert not identifier_in("STRA\u00dfE", "STRAS", unfolded)
    assert identifier_in("set STRA\u00dfE now", "STRASSE", unfolded)
