"""Implementation-strategy faults of the independent evaluator on small inputs,
each against the text's answer; and the field check that compares a model with a real build."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.identifiers import identifier_in
from oasis_si_conformance.independent.sentences import sentences
from oasis_si_conformance.independent.server import Server
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
