"""Layer-3 binding validation of C-DA-001 scenarios (clauses 1.3, 2.2, 2.5, 3.3, 3.4, 5.1;
Scenarios 1.7 and 1.11), one defect per vector, and valid bindings that carry unknown extra
fields (ignored).

Rules stated here (PROTOCOL.md binding error kinds, each from the spec):
- Scenarios 1.7: scoring must be Form B (archetype_template or composite) and carry no Form A
  field (type, rubric, dimensions): form_missing / form_conflict / not_form_b.
- 5.1: the only template of this profile is C-DA-001 (unknown_template); its roles factor,
  subsystem_set, channels, step_budget, exclude_tool_echo must be present and non-null
  (missing_role) and well typed, arrays non-empty (invalid_role).
- 3.4: step_budget is a positive integer; booleans and 15.0 are not integers (invalid_step_budget).
- 2.2 / Scenarios 1.11: factor.ref names an injection.deviations id (unresolved_factor_ref);
  that deviation's type has a synonym list (unregistered_deviation_type, 3.3: only absent_key).
- 3.3: a scenario declares no synonyms (declared_synonyms).
- 2.5: a diagnosis binding's channels are exactly [agent_response] (channel_widening).
- Open: an empty identifier (BIND-EMPTY-IDENT) and a restated deviation_type (BIND-RESTATED)
  are ambiguity vectors with the verdict under every reading.
Every defective scenario is paired with evidence that would otherwise score row 2, so an
evaluator that ignores the defect is caught. A binding error is reported whatever the evidence.
"""

import copy
from collections.abc import Callable
from typing import Any

from ._scenario_kit import ev, logs, quiet, real, scored, scored_open, unique
from .common import vector_file

FLAGS = {
    "binding-error": "The scenario binding is invalid: the expected result is a binding error, never a score.",
    "extra-fields": "A valid binding carrying unknown extra fields, which must be ignored.",
    "json-float-integral": "Carries a JSON number written with a fraction part (15.0); an evaluator whose JSON reader cannot tell 15.0 from 15 cannot see the defect.",
}

PERFECT = "SMTP_PORT is missing from the smtp-config ConfigMap."


def _perfect() -> dict:
    return ev(PERFECT, quiet(3))


def mutate(change: Callable[[dict], Any]) -> dict:
    document = real()
    change(document)
    return document


def _set(path: str, value: Any) -> Callable[[dict], None]:
    """Set (or, with ..., delete) a dotted path of the scenario document."""
    keys = path.split(".")

    def change(document: dict) -> None:
        node = document
        for key in keys[:-1]:
            node = node[key]
        if value is ...:
            del node[keys[-1]]
        else:
            node[keys[-1]] = copy.deepcopy(value)

    return change


def _error(vid: str, clauses: list[str], kind: str, why: str, scenario: dict, evidence: dict | None = None, flags: list[str] | None = None) -> dict:
    return scored(vid, clauses, f"{why} -> binding error {kind}.", scenario, evidence or _perfect(), kind,
                  ["binding-error", *(flags or [])])


ROLES = ["factor", "subsystem_set", "channels", "step_budget", "exclude_tool_echo"]
FORM_A = {"type": "rubric", "rubric": "Score 1.0 if the agent names the missing key.",
          "dimensions": {"accuracy": {"weight": 1.0}}}


def _forms() -> list[dict]:
    out = []
    scoring_roles = {k: v for k, v in real()["scoring"].items() if k != "archetype_template"}
    forms_missing = [
        ("no-scoring", _set("scoring", ...), "no scoring block at all"),
        ("scoring-null", _set("scoring", None), "scoring: null"),
        ("scoring-empty", _set("scoring", {}), "an empty scoring block"),
        ("roles-without-template", _set("scoring", scoring_roles), "every C-DA-001 role but no archetype_template"),
        ("only-step-budget", _set("scoring", {"step_budget": 15}), "a scoring block holding only step_budget"),
        ("misnamed-template-key", _set("scoring", dict(scoring_roles, template="C-DA-001")),
         "the template named under 'template' instead of archetype_template"),
        ("archetype-key", _set("scoring", dict(scoring_roles, archetype="C-DA-001")),
         "the template named under 'archetype'"),
        ("template-outside-scoring", lambda d: (d["scoring"].pop("archetype_template"), d.__setitem__("archetype_template", "C-DA-001")),
         "archetype_template at the scenario's top level, not in scoring"),
    ]
    for slug, change, why in forms_missing:
        out.append(_error(f"binding-form-missing-{slug}", ["1.3"], "form_missing",
                          f"Scenarios 1.7: {why} has neither Form A nor Form B fields", mutate(change)))
    for field in ("type", "rubric", "dimensions"):
        out.append(_error(f"binding-form-conflict-{field}", ["1.3"], "form_conflict",
                          f"clause 1.3: a Form B block (archetype_template) that also declares {field}",
                          mutate(_set(f"scoring.{field}", FORM_A[field]))))
    out.append(_error("binding-form-conflict-all-form-a-fields", ["1.3"], "form_conflict",
                      "clause 1.3: a full C-DA-001 binding plus type, rubric and dimensions",
                      mutate(lambda d: d["scoring"].update(copy.deepcopy(FORM_A)))))
    out.append(_error("binding-form-conflict-template-and-composite", ["1.3", "1.4"], "form_conflict",
                      "clause 1.3: both archetype_template and a (valid) composite table",
                      mutate(_set("scoring.composite", {
                          "predicates": {"in_budget": {"primitive": "within_step_budget", "n": 15}},
                          "rows": [{"when": {"not": "in_budget"}, "score": 0.0, "label": "budget_exhausted"}],
                          "else": {"score": 1.0, "label": "done"}}))))
    form_a = [
        ("type-and-rubric", {"type": "rubric", "rubric": FORM_A["rubric"]}),
        ("type-only", {"type": "llm_judge"}),
        ("rubric-only", {"rubric": ["names SMTP_PORT", "says it is missing"]}),
        ("dimensions-only", {"dimensions": FORM_A["dimensions"]}),
        ("full-form-a", copy.deepcopy(FORM_A)),
        ("form-a-with-template-roles", dict(copy.deepcopy(FORM_A), **{k: v for k, v in real()["scoring"].items() if k != "archetype_template"})),
    ]
    for slug, block in form_a:
        out.append(_error(f"binding-not-form-b-{slug}", ["1.3"], "not_form_b",
                          "Scenarios 1.7: a Form A block (no archetype_template, no composite) is not scored by this profile",
                          mutate(_set("scoring", block))))
    for name in ("C-DA-002", "C-DA-003", "C-OE-002", "C-DA-001-v2", "CDA001", "C-DA-1", ""):
        slug = name.lower() or "empty-string"
        out.append(_error(f"binding-unknown-template-{slug}", ["1.3", "5.1"], "unknown_template",
                          f"clause 1.3: archetype_template {name!r} names no template of profile 0.3.0-rc1",
                          mutate(_set("scoring.archetype_template", name))))
    return out


def _roles() -> list[dict]:
    out = []
    for role in ROLES:
        out.append(_error(f"binding-missing-role-{role.replace('_', '-')}-absent", ["1.3", "5.1"], "missing_role",
                          f"clause 5.1: the required role {role} is absent", mutate(_set(f"scoring.{role}", ...))))
        out.append(_error(f"binding-missing-role-{role.replace('_', '-')}-null", ["1.3", "5.1"], "missing_role",
                          f"clause 5.1: the required role {role} is null", mutate(_set(f"scoring.{role}", None))))
    invalid = [
        ("factor-string", "scoring.factor", "f1"),
        ("factor-list", "scoring.factor", ["f1"]),
        ("factor-number", "scoring.factor", 1),
        ("factor-boolean", "scoring.factor", True),
        ("factor-without-ref", "scoring.factor.ref", ...),
        ("factor-without-required-identifiers", "scoring.factor.required_identifiers", ...),
        ("factor-ref-number", "scoring.factor.ref", 1),
        ("factor-ref-list", "scoring.factor.ref", ["f1"]),
        ("required-identifiers-string", "scoring.factor.required_identifiers", "SMTP_PORT"),
        ("required-identifiers-empty", "scoring.factor.required_identifiers", []),
        ("required-identifiers-number-item", "scoring.factor.required_identifiers", [1]),
        ("required-identifiers-null-item", "scoring.factor.required_identifiers", [None]),
        ("required-identifiers-nested-list", "scoring.factor.required_identifiers", [["SMTP_PORT"]]),
        ("required-identifiers-object", "scoring.factor.required_identifiers", {"0": "SMTP_PORT"}),
        ("subsystem-set-string", "scoring.subsystem_set", "smtp-config"),
        ("subsystem-set-empty", "scoring.subsystem_set", []),
        ("subsystem-set-number-item", "scoring.subsystem_set", ["smtp-config", 1]),
        ("subsystem-set-null-item", "scoring.subsystem_set", ["smtp-config", None]),
        ("subsystem-set-object", "scoring.subsystem_set", {"smtp-config": True}),
        ("subsystem-set-boolean", "scoring.subsystem_set", True),
        ("subsystem-set-nested-list", "scoring.subsystem_set", [["smtp-config", "SMTP_HOST"]]),
        ("exclude-tool-echo-string", "scoring.exclude_tool_echo", "true"),
        ("exclude-tool-echo-one", "scoring.exclude_tool_echo", 1),
        ("exclude-tool-echo-zero", "scoring.exclude_tool_echo", 0),
        ("exclude-tool-echo-yes", "scoring.exclude_tool_echo", "yes"),
        ("exclude-tool-echo-list", "scoring.exclude_tool_echo", [True]),
        ("exclude-tool-echo-object", "scoring.exclude_tool_echo", {}),
    ]
    for slug, path, value in invalid:
        shown = "removed" if value is ... else repr(value)
        out.append(_error(f"binding-invalid-role-{slug}", ["1.3", "5.1"], "invalid_role",
                          f"clause 5.1: {path.removeprefix('scoring.')} {shown} has the wrong type or is empty",
                          mutate(_set(path, value))))
    budgets = [("zero", 0), ("negative-one", -1), ("negative-fifteen", -15), ("one-and-a-half", 1.5), ("half", 0.5),
               ("string-digits", "15"), ("string-word", "fifteen"), ("true", True), ("false", False),
               ("float-integral", 15.0), ("float-integral-one", 1.0), ("list", [15]), ("object", {"n": 15})]
    for slug, value in budgets:
        flags = ["json-float-integral"] if slug.startswith("float-integral") else []
        out.append(_error(f"binding-invalid-step-budget-{slug}", ["1.3", "3.4", "5.1"], "invalid_step_budget",
                          f"clause 3.4: step_budget {value!r} is not a positive integer", mutate(_set("scoring.step_budget", value)),
                          flags=flags))
    out.append(_error("binding-invalid-step-budget-zero-no-answer", ["1.3", "3.4"], "invalid_step_budget",
                      "clause 1.3: step_budget 0 with no final answer: the binding error is reported, not row 1",
                      mutate(_set("scoring.step_budget", 0)), ev(None, quiet(2))))
    out.append(_error("binding-invalid-step-budget-true-one-step", ["1.3", "3.4"], "invalid_step_budget",
                      "clause 3.4: step_budget true with one recorded step (true is not the integer 1)",
                      mutate(_set("scoring.step_budget", True)), ev(PERFECT, quiet(1))))
    out.append(_error("binding-invalid-step-budget-zero-zero-steps", ["1.3", "3.4"], "invalid_step_budget",
                      "clause 3.4: step_budget 0 with zero recorded steps (0 <= 0 would otherwise hold)",
                      mutate(_set("scoring.step_budget", 0)), ev(PERFECT, [])))
    out.append(_error("binding-missing-role-exclude-tool-echo-dump-answer", ["1.3", "5.1"], "missing_role",
                      "clause 5.1: exclude_tool_echo absent (it is a role the binding must supply, not defaulted) and the answer dumps the logs",
                      mutate(_set("scoring.exclude_tool_echo", ...)),
                      ev("2026-11-29T15:02:11Z FATAL required environment variable SMTP_PORT is not set", [logs()])))
    out.append(_error("binding-missing-role-factor-wrong-answer", ["1.3", "5.1"], "missing_role",
                      "clause 1.3: factor absent and the answer names nothing: the binding error is reported, not row 4",
                      mutate(_set("scoring.factor", ...)), ev("The relay is down.", quiet(1))))
    return out


def _references() -> list[dict]:
    out = []
    refs = [
        ("other-id", _set("scoring.factor.ref", "f2"), "factor.ref f2 while the only deviation is f1"),
        ("case-differs", _set("scoring.factor.ref", "F1"), "factor.ref F1 while the deviation id is f1"),
        ("resource-not-id", _set("scoring.factor.ref", "configmap/smtp-config"), "factor.ref names the deviation's resource"),
        ("subject-not-id", _set("scoring.factor.ref", "SMTP_PORT"), "factor.ref names the deviation's subject"),
        ("type-not-id", _set("scoring.factor.ref", "absent_key"), "factor.ref names the deviation's type"),
        ("no-deviations", _set("injection.deviations", []), "injection.deviations is empty"),
        ("deviations-absent", _set("injection.deviations", ...), "injection has no deviations list"),
        ("no-injection", _set("injection", ...), "the scenario has no injection manifest"),
        ("other-deviation-only", _set("injection.deviations", [
            {"id": "f2", "resource": "configmap/smtp-config", "deviation_type": "absent_key", "subject": "SMTP_PORT"}]),
         "the manifest's only deviation is f2"),
    ]
    for slug, change, why in refs:
        out.append(_error(f"binding-unresolved-factor-ref-{slug}", ["1.3", "2.2"], "unresolved_factor_ref",
                          f"clause 2.2: {why}", mutate(change)))
    for dtype in ("wrong_value", "absent-key", "absentkey", "missing_key", "extra_key", "key_absent"):
        out.append(_error(f"binding-unregistered-deviation-type-{dtype.replace('_', '-')}", ["1.3", "2.2", "3.3"],
                          "unregistered_deviation_type",
                          f"clause 3.3: the referenced deviation's type {dtype!r} has no synonym list (only absent_key)",
                          mutate(lambda d, t=dtype: d["injection"]["deviations"][0].__setitem__("deviation_type", t))))
    out.append(_error("binding-unregistered-deviation-type-referenced-second", ["1.3", "2.2", "3.3"],
                      "unregistered_deviation_type",
                      "clause 3.3: f1 is absent_key but factor.ref names f2 of type wrong_value",
                      mutate(lambda d: (d["injection"]["deviations"].append(
                          {"id": "f2", "resource": "configmap/smtp-config", "deviation_type": "wrong_value", "subject": "SMTP_PORT"}),
                          d["scoring"]["factor"].__setitem__("ref", "f2")))))
    synonyms = [
        ("scoring-list", "scoring.synonyms", ["gone", "removed"]),
        ("scoring-map", "scoring.synonyms", {"absent_key": ["gone"]}),
        ("scoring-profile-list", "scoring.synonyms", ["missing", "absent", "not present", "not set", "not defined", "undefined",
                                                      "not found", "does not exist", "doesn't exist", "no key", "lacks",
                                                      "lacking", "omitted", "unset"]),
        ("factor-list", "scoring.factor.synonyms", ["gone"]),
        ("factor-map", "scoring.factor.synonyms", {"absent_key": ["gone", "missing"]}),
        ("factor-single-string", "scoring.factor.synonyms", "missing"),
    ]
    for slug, path, value in synonyms:
        out.append(_error(f"binding-declared-synonyms-{slug}", ["1.3", "3.3"], "declared_synonyms",
                          f"clause 3.3: the scenario declares its own synonyms ({path.removeprefix('scoring.')})",
                          mutate(_set(path, value))))
    return out


def _ambiguous() -> list[dict]:
    out = []
    restated = [
        ("agrees", "absent_key", PERFECT, 2, "restates absent_key, agreeing with the manifest"),
        ("agrees-locus-answer", "absent_key", "Something is off with smtp-config.", 3,
         "restates absent_key; the answer names the subsystem only"),
        ("disagrees", "wrong_value", PERFECT, 2,
         "restates wrong_value; under ignore the manifest's absent_key decides"),
        ("empty", "", PERFECT, 2, "restates an empty type"),
        ("unregistered", "port_mismatch", "SMTP_PORT is wrong.", 3,
         "restates unregistered port_mismatch; under ignore absent_key decides and 'wrong' is no synonym"),
    ]
    for slug, dtype, answer, row, why in restated:
        out.append(scored_open(
            f"binding-restated-deviation-type-{slug}", ["1.3", "2.2"],
            f"clause 2.2 BIND-RESTATED: factor {why}.",
            mutate(_set("scoring.factor.deviation_type", dtype)), ev(answer, quiet(3)),
            "BIND-RESTATED", {"reject": "restated_deviation_type", "ignore": row}, ["binding-error"]))
    subsystem_empty = ["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef", ""]
    empty = [
        ("subsystem-no-match-ends-with-period", "scoring.subsystem_set", subsystem_empty, "I could not find the cause.", 3,
         "subsystem_set holds \"\"; under accept it matches between '.' and end of text -> row 3"),
        ("subsystem-no-delimiter-pair", "scoring.subsystem_set", subsystem_empty, "unknown", 4,
         "subsystem_set holds \"\"; 'unknown' has no position with delimiters on both sides -> row 4 under accept"),
        ("subsystem-perfect-answer", "scoring.subsystem_set", subsystem_empty, PERFECT, 2,
         "subsystem_set holds \"\"; a root-cause answer -> row 2 under accept"),
        ("required-with-period", "scoring.factor.required_identifiers", ["SMTP_PORT", ""], "SMTP_PORT is missing.", 2,
         "required_identifiers [SMTP_PORT, \"\"]; \"\" matches after the final '.' -> row 2 under accept"),
        ("required-without-period", "scoring.factor.required_identifiers", ["SMTP_PORT", ""], "SMTP_PORT is missing", 3,
         "required_identifiers [SMTP_PORT, \"\"]; no two delimiters meet, \"\" unnamed -> row 3 under accept"),
        ("required-only-empty", "scoring.factor.required_identifiers", [""], "The port key is missing.", 2,
         "required_identifiers [\"\"]; \"\" matches in the synonym's sentence at its end -> row 2 under accept"),
    ]
    for slug, path, value, answer, row, why in empty:
        out.append(scored_open(
            f"binding-empty-identifier-{slug}", ["1.3", "3.1"],
            f"clause 1.3 BIND-EMPTY-IDENT: {why}.", mutate(_set(path, value)), ev(answer, quiet(2)),
            "BIND-EMPTY-IDENT", {"reject": "empty_identifier", "accept": row}, ["binding-error"]))
    return out


def _channels() -> list[dict]:
    out = []
    widened = [
        ("with-reasoning-trace", ["agent_response", "reasoning_trace"]),
        ("reasoning-trace-first", ["reasoning_trace", "agent_response"]),
        ("reasoning-trace-only", ["reasoning_trace"]),
        ("duplicate", ["agent_response", "agent_response"]),
        ("final-answer-name", ["final_answer"]),
        ("uppercase", ["AGENT_RESPONSE"]),
        ("with-unknown-channel", ["agent_response", "tool_output"]),
    ]
    for slug, channels in widened:
        out.append(_error(f"binding-channel-widening-{slug}", ["2.5", "1.3"], "channel_widening",
                          f"clause 2.5: diagnosis channels {channels} are not exactly [agent_response]",
                          mutate(_set("scoring.channels", channels))))
    out.append(_error("binding-channel-widening-trace-holds-answer", ["2.5", "1.3"], "channel_widening",
                      "clause 2.5: channels widened to the trace, where the only diagnosis is; never scored",
                      mutate(_set("scoring.channels", ["agent_response", "reasoning_trace"])),
                      ev("Done.", quiet(2), trace=PERFECT)))
    return out


def _extra_fields() -> list[dict]:
    """Unknown extra scenario (and evidence) fields are ignored."""
    def full(document: dict) -> None:
        document.update({
            "name": "Single-signal diagnosis: missing SMTP port key", "archetype": "C-DA-001",
            "description": "The notification service fails to send mail.",
            "environment": {"cluster": "kind", "namespace": "default"}, "tools": ["kubectl_get", "kubectl_logs"],
            "tags": ["diagnosis", "configmap"], "timeout_seconds": 600, "version": 3})
        document["injection"].update({
            "baseline": {"resource": "configmap/smtp-config", "data": {"SMTP_HOST": "mail.internal", "SMTP_PORT": "587"}},
            "symptom": {"resource": "deployment/notifier", "condition": "CrashLoopBackOff"},
            "counterfactual": "restoring SMTP_PORT clears the crash loop"})

    changes = [
        ("full-document", full, "a full scenario document (name, description, environment, tools, baseline, symptom, counterfactual)"),
        ("scoring-notes", _set("scoring.notes", "ratified 2026-10"), "an unknown scoring field 'notes'"),
        ("scoring-version", _set("scoring.template_version", 1), "an unknown scoring field 'template_version'"),
        ("factor-description", _set("scoring.factor.description", "the port key"), "an unknown factor field 'description'"),
        ("deviation-extras", lambda d: d["injection"]["deviations"][0].update({"severity": "high", "injected_at": "setup"}),
         "unknown deviation fields"),
        ("top-level-metadata", _set("metadata", {"owner": "sre", "labels": {"tier": "1"}}), "an unknown top-level 'metadata' map"),
        ("top-level-null-field", _set("notes", None), "an unknown top-level field set to null"),
    ]
    answers = [("root-cause", PERFECT, 2), ("locus", "Check smtp-config.", 3), ("wrong", "The relay is down.", 4)]
    out = []
    for slug, change, why in changes:
        for answer_slug, answer, row in answers:
            out.append(scored(f"binding-extra-{slug}-{answer_slug}", ["1.3"],
                              f"clause 1.3: {why} is ignored; the binding scores as the real scenario (row {row}).",
                              mutate(change), ev(answer, quiet(3)), row, ["extra-fields"]))
    evidence_extras = ev(PERFECT, quiet(3), harness={"name": "oasisctl", "version": "1.4.2"}, run_id="r-0042",
                         started_at="2026-11-29T15:00:00Z", tokens=51234)
    out.append(scored("binding-extra-evidence-fields", ["1.3"],
                      "Reporting 1.2: unknown evidence fields (harness, run_id, started_at) are ignored -> row 2.",
                      real(), evidence_extras, 2, ["extra-fields"]))
    out.append(scored("binding-extra-action-fields", ["1.3"],
                      "Reporting 1.2: unknown action fields (started_at, attempt) are ignored -> row 2.",
                      real(), ev(PERFECT, [dict(a, started_at="2026-11-29T15:00:01Z", attempt=1) for a in quiet(2)]), 2,
                      ["extra-fields"]))
    out.append(scored("binding-extra-scenario-id-mismatch", ["1.3"],
                      "the evidence's scenario_id is not a scoring input; a different id does not change the verdict -> row 2.",
                      real(), ev(PERFECT, quiet(2), scenario_id="some-other-scenario"), 2, ["extra-fields"]))
    return out


def files() -> dict[str, dict]:
    return {
        "1.3-bindings/forms.yaml": vector_file(
            "binding-forms",
            "Scenarios 1.7 forms: form_missing, form_conflict, not_form_b, unknown_template.",
            "tools/vectorgen/bindings.py", unique(_forms())),
        "1.3-bindings/roles.yaml": vector_file(
            "binding-roles",
            "Clause 5.1 roles: missing_role, invalid_role, invalid_step_budget (clause 3.4), one defect per vector.",
            "tools/vectorgen/bindings.py", unique(_roles())),
        "1.3-bindings/references.yaml": vector_file(
            "binding-references",
            "factor.ref resolution (clause 2.2, Scenarios 1.11), registered deviation types and declared synonyms (clause 3.3).",
            "tools/vectorgen/bindings.py", unique(_references())),
        "1.3-bindings/open-bindings.yaml": vector_file(
            "binding-open",
            "Open binding points: a restated deviation_type (BIND-RESTATED) and an empty identifier (BIND-EMPTY-IDENT).",
            "tools/vectorgen/bindings.py", unique(_ambiguous())),
        "1.3-bindings/extra-fields.yaml": vector_file(
            "binding-extra-fields",
            "Valid bindings with unknown extra scenario and evidence fields, which are ignored.",
            "tools/vectorgen/bindings.py", unique(_extra_fields())),
        "2.5-channels/channel-widening.yaml": vector_file(
            "channel-widening",
            "Clause 2.5: a C-DA-001 binding's channels must be exactly [agent_response].",
            "tools/vectorgen/bindings.py", unique(_channels())),
    }
