"""Layer-3 binding validation of C-DA-001 scenarios (clauses 1.3, 2.2, 2.5, 3.3, 3.4, 5.1;
Scenarios 1.7 and 1.11), one defect per vector, and valid bindings that carry unknown extra
fields (ignored).

Rules stated here (PROTOCOL.md binding error kinds, each from the spec):
- Scenarios 1.7: scoring must be Form B (archetype_template or composite) and carry no Form A
  field (type, rubric, dimensions): form_missing / form_conflict / not_form_b.
- 5.1: the only template of this profile is C-DA-001 (unknown_template); the roles factor,
  subsystem_set, channels and step_budget must be present and non-null (missing_role) and of
  the role's type (invalid_role): factor an object with a string ref and an array of strings
  required_identifiers, subsystem_set an array of strings, exclude_tool_echo a boolean.
- 5.1: step_budget is an integer: a fraction (1.5), a string, a boolean is not
  (invalid_step_budget).
- 2.2 / Scenarios 1.11: factor.ref names an injection.deviations id (unresolved_factor_ref).
- 2.5: a diagnosis binding's channels are [agent_response]: none matches nothing where
  "diagnosis bands match agent_response" (invalid_role); another channel widens it, which the
  text forbids the author (BIND-WIDENED-CHANNELS below).
- Scenario fields outside the scoring block, its factor and the deviations (name, description,
  baseline, symptom, counterfactual, metadata...) are other parts of the spec: ignored.
- Open (the text is silent or reads two ways; register entries, every reading's verdict):
  BIND-RESTATED (a restated deviation_type), BIND-EMPTY-IDENT (an empty identifier),
  BIND-ECHO-OMITTED (exclude_tool_echo absent), BIND-ECHO-NULL (exclude_tool_echo null: a
  shape validators read apart from an absent key), BIND-EMPTY-SET (an empty identifier set),
  BIND-BUDGET-FLOAT (step_budget 15.0), BIND-BUDGET-RANGE (step_budget 0 or negative),
  BIND-UNREGISTERED-TYPE (a deviation type with no synonym list), BIND-DUPLICATE-CHANNEL
  ([agent_response, agent_response]), BIND-EXTRA-FIELD (an undefined field in scoring, factor
  or a deviation), COMPOSITE-BESIDE-TEMPLATE (the kit's `composite` key beside a template),
  BIND-DECLARED-SYNONYMS (clause 3.3's "A scenario MUST NOT declare its own synonyms" binds the
  author: rejected, or the declared list disregarded), BIND-WIDENED-CHANNELS (clause 2.5's
  "scenario bindings MUST NOT widen it" binds the author: rejected, or agent_response matched
  only). Binding-error kinds are the kit's convention (BINDING-ERROR-KIND).
Every defective scenario is paired with evidence that would otherwise score row 2, so an
evaluator that ignores the defect is caught. A binding error is reported whatever the evidence.
"""

import copy
from collections.abc import Callable
from typing import Any

from tools.vectorgen._scenario_kit import ev, logs, quiet, real, scored, scored_open, unique
from tools.vectorgen.common import ABSENT_KEY_SYNONYMS, vector_file

FLAGS = {
    "binding-error": (
        "The scenario binding is invalid: the expected result is a binding error, never a score."
    ),
    "extra-fields": "A valid binding carrying unknown extra fields, which must be ignored.",
    "yaml11-typed-string": (
        "An identifier string that a YAML 1.1 loader types as a boolean, number, date or null when"
        " it is written as a plain scalar (yes, On, 0x1F, 017, 1_000, 2026-11-30, ~)."
    ),
    "json-float-integral": (
        "Carries a JSON number written with a fraction part (15.0); an evaluator whose JSON reader"
        " cannot tell 15.0 from 15 cannot see the defect."
    ),
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


def _error(
    vid: str,
    clauses: list[str],
    kind: str,
    why: str,
    scenario: dict,
    evidence: dict | None = None,
    flags: list[str] | None = None,
) -> dict:
    return scored(
        vid,
        clauses,
        f"{why} -> binding error {kind}.",
        scenario,
        evidence or _perfect(),
        kind,
        ["binding-error", *(flags or [])],
    )


def _open(
    vid: str, clauses: list[str], entry: str, why: str, scenario: dict,
    readings: dict[str, int | str], evidence: dict | None = None, flags: list[str] | None = None,
) -> dict:
    """An ambiguity vector of a binding point: the row or binding-error kind under each reading."""
    return scored_open(vid, clauses, f"{entry}: {why}.", scenario, evidence or _perfect(), entry,
                       readings, ["binding-error", *(flags or [])])


ROLES = ["factor", "subsystem_set", "channels", "step_budget", "exclude_tool_echo"]
#: A Form A block in the field's shapes (Scenarios 1.7 as the field writes it: `rubric` a
#: mapping, never a string or a list).
FORM_A = {"type": "rubric",
          "rubric": {"correct_root_cause": "Names SMTP_PORT and says it is missing.",
                     "correct_subsystem": "Names smtp-config only.",
                     "incorrect": "Anything else."},
          "dimensions": {"accuracy": {"weight": 1.0}}}


def _forms() -> list[dict]:
    out = []
    scoring_roles = {k: v for k, v in real()["scoring"].items() if k != "archetype_template"}
    forms_missing = [
        ("no-scoring", _set("scoring", ...), "no scoring block at all"),
        ("scoring-null", _set("scoring", None), "scoring: null"),
        ("scoring-empty", _set("scoring", {}), "an empty scoring block"),
        (
            "roles-without-template",
            _set("scoring", scoring_roles),
            "every C-DA-001 role but no archetype_template",
        ),
        (
            "only-step-budget",
            _set("scoring", {"step_budget": 15}),
            "a scoring block holding only step_budget",
        ),
        (
            "misnamed-template-key",
            _set("scoring", dict(scoring_roles, template="C-DA-001")),
            "the template named under 'template' instead of archetype_template",
        ),
        (
            "archetype-key",
            _set("scoring", dict(scoring_roles, archetype="C-DA-001")),
            "the template named under 'archetype'",
        ),
        (
            "template-outside-scoring",
            lambda d: (
                d["scoring"].pop("archetype_template"),
                d.__setitem__("archetype_template", "C-DA-001"),
            ),
            "archetype_template at the scenario's top level, not in scoring",
        ),
    ]
    for slug, change, why in forms_missing:
        out.append(
            _error(
                f"binding-form-missing-{slug}",
                ["1.3"],
                "form_missing",
                f"clause 1.3: {why} binds no archetype template's roles and declares no "
                "composite table, so no decision table scores it",
                mutate(change),
            )
        )
    for field in ("type", "rubric", "dimensions"):
        out.append(
            _error(
                f"binding-form-conflict-{field}",
                ["1.3"],
                "form_conflict",
                f"clause 1.3: a Form B block (archetype_template) that also declares {field}",
                mutate(_set(f"scoring.{field}", copy.deepcopy(FORM_A[field]))),
            )
        )
    out.append(_error("binding-form-conflict-all-form-a-fields", ["1.3"], "form_conflict",
                      "clause 1.3: a full C-DA-001 binding plus type, rubric and dimensions",
                      mutate(lambda d: d["scoring"].update(copy.deepcopy(FORM_A)))))
    out.append(
        _open(
            "binding-form-conflict-template-and-composite",
            ["1.3", "1.4"],
            "COMPOSITE-BESIDE-TEMPLATE",
            "a block that binds archetype_template C-DA-001 with every role and also carries a "
            "(valid) table under the kit's key `composite`, which the text does not name: two "
            "tables the text ranks neither of (reject), or the template with the key ignored "
            "(template, row 2)",
            mutate(
                _set(
                    "scoring.composite",
                    {
                        "predicates": {"in_budget": {"primitive": "within_step_budget", "n": 15}},
                        "rows": [
                            {
                                "when": {"not": "in_budget"},
                                "score": 0.0,
                                "label": "budget_exhausted",
                            }
                        ],
                        "else": {"score": 1.0, "label": "done"},
                    },
                )
            ),
            {"reject": "form_conflict", "template": 2},
        )
    )
    form_a = [
        ("type-and-rubric", {"type": "rubric", "rubric": copy.deepcopy(FORM_A["rubric"])}),
        ("type-only", {"type": "llm_judge"}),
        ("rubric-only", {"rubric": copy.deepcopy(FORM_A["rubric"])}),
        ("dimensions-only", {"dimensions": FORM_A["dimensions"]}),
        ("full-form-a", copy.deepcopy(FORM_A)),
        (
            "form-a-with-template-roles",
            dict(
                copy.deepcopy(FORM_A),
                **{k: v for k, v in real()["scoring"].items() if k != "archetype_template"},
            ),
        ),
    ]
    for slug, block in form_a:
        out.append(
            _error(
                f"binding-not-form-b-{slug}",
                ["1.3"],
                "not_form_b",
                "clause 1.3: a Form A block (no archetype_template, no composite) is not the Form"
                " B binding this document scores ('A Form B scenario declares no scoring.type, no"
                " scoring.rubric')",
                mutate(_set("scoring", block)),
            )
        )
    for name in ("C-DA-002", "C-DA-003", "C-OE-002", "C-DA-001-v2", "CDA001", "C-DA-1", ""):
        slug = name.lower() or "empty-string"
        out.append(
            _error(
                f"binding-unknown-template-{slug}",
                ["1.3", "5.1"],
                "unknown_template",
                f"clause 1.3: archetype_template {name!r} names no template of profile 0.3.0-rc1",
                mutate(_set("scoring.archetype_template", name)),
            )
        )
    return out


def _roles() -> list[dict]:
    out = []
    for role in ROLES:
        slug = role.replace('_', '-')
        if role == "exclude_tool_echo":
            # Two shapes validators read apart: the key absent (BIND-ECHO-OMITTED) and the
            # key present as null (BIND-ECHO-NULL); a wrong type stays normative below.
            omitted: tuple[tuple[str, Any, str], ...] = (
                ("absent", ..., ECHO_OMITTED), ("null", None, ECHO_NULL)
            )
            for how, left, entry in omitted:
                why = (f"exclude_tool_echo is {how}: a role 'the scenario binding must "
                       "supply' (clause 5.1) or the clause 2.1 parameter's default false; a "
                       "root-cause answer")
                out.append(_open(f"binding-missing-role-{slug}-{how}", ["1.3", "5.1"], entry,
                                 why, mutate(_set(f"scoring.{role}", left)), ECHO_READINGS))
            continue
        out.append(
            _error(
                f"binding-missing-role-{slug}-absent",
                ["1.3", "5.1"],
                "missing_role",
                f"clause 5.1: the required role {role} is absent",
                mutate(_set(f"scoring.{role}", ...)),
            )
        )
        out.append(_error(f"binding-missing-role-{slug}-null", ["1.3", "5.1"], "missing_role",
                          f"clause 5.1: the required role {role} is null (not of the role's type)",
                          mutate(_set(f"scoring.{role}", None))))
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
        ("required-identifiers-number-item", "scoring.factor.required_identifiers", [1]),
        ("required-identifiers-null-item", "scoring.factor.required_identifiers", [None]),
        (
            "required-identifiers-nested-list",
            "scoring.factor.required_identifiers",
            [["SMTP_PORT"]],
        ),
        ("required-identifiers-object", "scoring.factor.required_identifiers", {"0": "SMTP_PORT"}),
        ("subsystem-set-string", "scoring.subsystem_set", "smtp-config"),
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
        why = f"clause 5.1: {path.removeprefix('scoring.')} {shown} is not of the role's type"
        out.append(_error(f"binding-invalid-role-{slug}", ["1.3", "5.1"], "invalid_role", why,
                          mutate(_set(path, value))))
    out.append(_error("binding-invalid-role-channels-empty", ["1.3", "2.5", "5.1"], "invalid_role",
                      "clause 2.5: 'diagnosis bands match agent_response' and clause 5.1 gives the "
                      "role's value, [agent_response]: channels [] matches no channel",
                      mutate(_set("scoring.channels", []))))
    out += _empty_sets()
    budgets = [("one-and-a-half", 1.5), ("half", 0.5), ("fifteen-and-a-half", 15.5),
               ("string-digits", "15"),
               ("string-word", "fifteen"), ("true", True), ("false", False), ("list", [15]),
               ("object", {"n": 15})]
    for slug, value in budgets:
        out.append(_error(f"binding-invalid-step-budget-{slug}", BUDGET_CLAUSES,
                          "invalid_step_budget",
                          f"clause 5.1: step_budget {value!r} is not an integer (the role's type)",
                          mutate(_set("scoring.step_budget", value))))
    out.append(_error("binding-invalid-step-budget-true-one-step", BUDGET_CLAUSES,
                      "invalid_step_budget",
                      "clause 5.1: step_budget true with one recorded step (true is not the "
                      "integer 1)",
                      mutate(_set("scoring.step_budget", True)), ev(PERFECT, quiet(1))))
    out += _budget_points()
    out += _plain_strings()
    fatal = "2026-11-29T15:02:11Z FATAL required environment variable SMTP_PORT is not set"
    out.append(_open("binding-missing-role-exclude-tool-echo-dump-answer", ["1.3", "5.1"],
                     ECHO_OMITTED,
                     "exclude_tool_echo absent and the answer a copied log line naming SMTP_PORT "
                     "with 'not set': rejected, or no echo excluded (default false) and the line "
                     "is the root cause", mutate(_set("scoring.exclude_tool_echo", ...)),
                     ECHO_READINGS, ev(fatal, [logs()])))
    out.append(_open("binding-missing-role-exclude-tool-echo-null-dump-answer", ["1.3", "5.1"],
                     ECHO_NULL,
                     "exclude_tool_echo null and the answer a copied log line naming SMTP_PORT "
                     "with 'not set': rejected, or null read as unsupplied (default false) and "
                     "the line is the root cause", mutate(_set("scoring.exclude_tool_echo", None)),
                     ECHO_READINGS, ev(fatal, [logs()])))
    out.append(
        _error(
            "binding-missing-role-factor-wrong-answer",
            ["1.3", "5.1"],
            "missing_role",
            "clause 1.3: factor absent and the answer names nothing: the binding error is reported,"
            " not row 4",
            mutate(_set("scoring.factor", ...)),
            ev("The relay is down.", quiet(1)),
        )
    )
    return out


#: Identifier strings a YAML 1.1 loader types when they are written as plain scalars (as a
#: YAML 1.2 dumper writes most of them): booleans, numbers, a date, null. Clause 5.1 types the
#: sets "array of strings", and each is a string.
YAML11_TYPED_STRINGS = [
    ("yes", "yes"), ("on", "On"), ("no", "NO"), ("off", "off"), ("date", "2026-11-30"),
    ("underscore-number", "1_000"), ("sexagesimal", "1:20"), ("hex", "0x1F"), ("octal", "017"),
    ("tilde", "~"), ("null-word", "null"),
]


def _plain_strings() -> list[dict]:
    """Valid bindings whose identifiers are strings a YAML 1.1 loader would type: scored."""
    out = []
    subsystem = real()["scoring"]["subsystem_set"]
    for slug, member in YAML11_TYPED_STRINGS:
        out.append(scored(
            f"binding-string-member-{slug}", ["1.3", "5.1"],
            f"clause 5.1: subsystem_set holds the string {member!r} (an array of strings; a YAML"
            " 1.1 loader would type it if written plain): a valid binding, the root cause -> row 2",
            mutate(_set("scoring.subsystem_set", [*subsystem, member])), _perfect(), 2,
            ["yaml11-typed-string"]))
    out.append(scored(
        "binding-string-member-on-named", ["1.3", "5.1"],
        "clause 5.1: subsystem_set member 'On' is a string; the answer names ON (case-insensitive)"
        " and no factor -> row 3",
        mutate(_set("scoring.subsystem_set", ["On"])), ev("Check the ON switch.", quiet(2)), 3,
        ["yaml11-typed-string"]))
    return out


ECHO_OMITTED = "BIND-ECHO-OMITTED"
ECHO_NULL = "BIND-ECHO-NULL"
ECHO_READINGS: dict[str, int | str] = {"reject": "missing_role", "default-false": 2}
BUDGET_CLAUSES = ["1.3", "3.4", "5.1"]
LOCUS = "Something is off with smtp-config."


def _empty_sets() -> list[dict]:
    """BIND-EMPTY-SET: an empty identifier set, rejected or evaluated as the primitives define."""
    required, subsystem = "scoring.factor.required_identifiers", "scoring.subsystem_set"
    cases = [
        ("required-identifiers-empty", required, PERFECT, 3,
         "required_identifiers []: under accept no sentence names 'one of' them (clause 2.2), "
         "so row 3"),
        ("subsystem-set-empty", subsystem, PERFECT, 2,
         "subsystem_set []: under accept row 3 never holds; a root-cause answer is row 2"),
        ("subsystem-set-empty-locus-answer", subsystem, LOCUS, 4,
         "subsystem_set []: under accept a locus answer names no member, so row 4"),
        ("required-identifiers-empty-synonym-only", required, "A key is missing.", 4,
         "required_identifiers []: under accept a synonym alone identifies nothing; row 4"),
    ]
    return [_open(f"binding-invalid-role-{slug}", ["1.3", "2.2", "5.1"], "BIND-EMPTY-SET", why,
                  mutate(_set(path, [])), {"reject": "invalid_role", "accept": row},
                  ev(answer, quiet(3)))
            for slug, path, answer, row, why in cases]


def _budget_points() -> list[dict]:
    """BIND-BUDGET-RANGE (0, negative) and BIND-BUDGET-FLOAT (15.0): open points of the role."""
    out = []
    ranges = [
        ("zero", 0, _perfect(), 1, "step_budget 0, 3 steps: over a ceiling of 0 where 0 binds"),
        ("negative-one", -1, _perfect(), 1,
         "step_budget -1: only any-integer binds it, and no run is within it"),
        ("negative-fifteen", -15, _perfect(), 1, "step_budget -15, 3 steps"),
        ("zero-no-answer", 0, ev(None, quiet(2)), 1,
         "step_budget 0 and no final answer: row 1 where 0 binds"),
        ("zero-zero-steps", 0, ev(PERFECT, []), 2,
         "step_budget 0 and no recorded step: 0 <= 0, a root-cause answer within the ceiling "
         "where 0 binds"),
    ]
    for slug, value, evidence, row, why in ranges:
        readings: dict[str, int | str] = {
            "positive": "invalid_step_budget",
            "non-negative": row if value >= 0 else "invalid_step_budget",
            "any-integer": row,
        }
        out.append(_open(f"binding-invalid-step-budget-{slug}", BUDGET_CLAUSES, "BIND-BUDGET-RANGE",
                         "the role is an 'integer' ceiling (clause 5.1) and 'positive' appears "
                         f"nowhere; {why}", mutate(_set("scoring.step_budget", value)), readings,
                         evidence))
    for slug, written, row in (("float-integral", 15.0, 2), ("float-integral-one", 1.0, 1)):
        why = (f"step_budget written {written!r} (a float in YAML, an integer to JSON Schema), "
               f"3 steps: rejected, or the integer {int(written)} (row {row})")
        out.append(_open(f"binding-invalid-step-budget-{slug}", BUDGET_CLAUSES, "BIND-BUDGET-FLOAT",
                         why, mutate(_set("scoring.step_budget", written)),
                         {"reject": "invalid_step_budget", "accept": row},
                         flags=["json-float-integral"]))
    return out


def _references() -> list[dict]:
    out = []
    refs = [
        (
            "other-id",
            _set("scoring.factor.ref", "f2"),
            "factor.ref f2 while the only deviation is f1",
        ),
        (
            "case-differs",
            _set("scoring.factor.ref", "F1"),
            "factor.ref F1 while the deviation id is f1",
        ),
        (
            "resource-not-id",
            _set("scoring.factor.ref", "configmap/smtp-config"),
            "factor.ref names the deviation's resource",
        ),
        (
            "subject-not-id",
            _set("scoring.factor.ref", "SMTP_PORT"),
            "factor.ref names the deviation's subject",
        ),
        (
            "type-not-id",
            _set("scoring.factor.ref", "absent_key"),
            "factor.ref names the deviation's type",
        ),
        ("no-deviations", _set("injection.deviations", []), "injection.deviations is empty"),
        (
            "deviations-absent",
            _set("injection.deviations", ...),
            "injection has no deviations list",
        ),
        ("no-injection", _set("injection", ...), "the scenario has no injection manifest"),
        (
            "other-deviation-only",
            _set(
                "injection.deviations",
                [
                    {
                        "id": "f2",
                        "resource": "configmap/smtp-config",
                        "deviation_type": "absent_key",
                        "subject": "SMTP_PORT",
                    }
                ],
            ),
            "the manifest's only deviation is f2",
        ),
    ]
    for slug, change, why in refs:
        out.append(
            _error(
                f"binding-unresolved-factor-ref-{slug}",
                ["1.3", "2.2"],
                "unresolved_factor_ref",
                f"clause 2.2: {why}",
                mutate(change),
            )
        )
    out += _unregistered_types()
    synonyms = [
        ("scoring-list", "scoring.synonyms", ["gone", "removed"]),
        ("scoring-map", "scoring.synonyms", {"absent_key": ["gone"]}),
        ("scoring-profile-list", "scoring.synonyms", list(ABSENT_KEY_SYNONYMS)),
        ("factor-list", "scoring.factor.synonyms", ["gone"]),
        ("factor-map", "scoring.factor.synonyms", {"absent_key": ["gone", "missing"]}),
        ("factor-single-string", "scoring.factor.synonyms", "missing"),
    ]
    for slug, path, value in synonyms:
        out.append(_open(
            f"binding-declared-synonyms-{slug}", ["1.3", "3.3"], DECLARED,
            f"clause 3.3 \"A scenario MUST NOT declare its own synonyms\" binds the author: the"
            f" scenario declares them ({path.removeprefix('scoring.')}); rejected, or the list"
            " disregarded and a root-cause answer with a synonym of the profile reaches row 2",
            mutate(_set(path, value)), {"reject": "declared_synonyms", "disregard": 2}))
    for slug, path, value, answer, row, why in [
        ("only-declared-phrase", "scoring.synonyms", ["gone"], "SMTP_PORT is gone.", 3,
         "the answer uses only the declared phrase gone, which the profile's list lacks"),
        ("factor-only-declared-phrase", "scoring.factor.synonyms", ["removed"],
         "SMTP_PORT was removed from smtp-config.", 3,
         "the answer uses only the declared phrase removed"),
        ("locus-answer", "scoring.synonyms", ["gone"], "Something is off with smtp-config.", 3,
         "the answer names the subsystem only"),
    ]:
        out.append(_open(
            f"binding-declared-synonyms-{slug}", ["1.3", "3.3", "2.2"], DECLARED,
            f"clause 3.3 binds the author; {why}: rejected, or scored with the profile's list"
            f" (row {row}; matching the declared phrase is no reading: the lists are"
            " \"maintained centrally in this document, never as per-scenario ad hoc lists\")",
            mutate(_set(path, value)), {"reject": "declared_synonyms", "disregard": row},
            ev(answer, quiet(2))))
    return out


def _unregistered_types() -> list[dict]:
    """BIND-UNREGISTERED-TYPE: the referenced deviation's type has no synonym list (3.3)."""
    out = []
    clauses = ["1.3", "2.2", "3.3"]
    readings: dict[str, int | str] = {"reject": "unregistered_deviation_type",
                                      "never-identified": 3}

    def typed(dtype: str) -> Callable[[dict], None]:
        return lambda d: d["injection"]["deviations"][0].__setitem__("deviation_type", dtype)

    types = ("wrong_value", "absent-key", "absentkey", "missing_key", "extra_key", "key_absent")
    for dtype in types:
        why = (f"the referenced deviation's type {dtype!r} has no synonym list (clause 3.3 lists "
               "absent_key only): rejected, or no synonym co-occurs and the root-cause answer "
               "names the subsystem (row 3)")
        out.append(_open(f"binding-unregistered-deviation-type-{dtype.replace('_', '-')}", clauses,
                         UNREGISTERED, why, mutate(typed(dtype)), readings))
    second = {"id": "f2", "resource": "configmap/smtp-config", "deviation_type": "wrong_value",
              "subject": "SMTP_PORT"}
    out.append(_open("binding-unregistered-deviation-type-referenced-second", clauses, UNREGISTERED,
                     "f1 is absent_key but factor.ref names f2 of type wrong_value: rejected, or "
                     "row 3",
                     mutate(lambda d: (d["injection"]["deviations"].append(second),
                                       d["scoring"]["factor"].__setitem__("ref", "f2"))), readings))
    out.append(_open("binding-unregistered-deviation-type-no-locus", clauses, UNREGISTERED,
                     "type wrong_value and an answer that names no identifier: rejected, or row 4",
                     mutate(typed("wrong_value")),
                     {"reject": "unregistered_deviation_type", "never-identified": 4},
                     ev("The port key is missing.", quiet(3))))
    return out


UNREGISTERED = "BIND-UNREGISTERED-TYPE"
DECLARED = "BIND-DECLARED-SYNONYMS"
WIDENED = "BIND-WIDENED-CHANNELS"


def _ambiguous() -> list[dict]:
    out = []
    restated = [
        ("agrees", "absent_key", PERFECT, 2, "restates absent_key, agreeing with the manifest"),
        (
            "agrees-locus-answer",
            "absent_key",
            "Something is off with smtp-config.",
            3,
            "restates absent_key; the answer names the subsystem only",
        ),
        (
            "disagrees",
            "wrong_value",
            PERFECT,
            2,
            "restates wrong_value; under ignore the manifest's absent_key decides",
        ),
        ("empty", "", PERFECT, 2, "restates an empty type"),
        (
            "unregistered",
            "port_mismatch",
            "SMTP_PORT is wrong.",
            3,
            (
                "restates unregistered port_mismatch; under ignore absent_key decides and 'wrong'"
                " is no synonym"
            ),
        ),
    ]
    for slug, dtype, answer, row, why in restated:
        out.append(
            scored_open(
                f"binding-restated-deviation-type-{slug}",
                ["1.3", "2.2"],
                f"clause 2.2 BIND-RESTATED: factor {why}.",
                mutate(_set("scoring.factor.deviation_type", dtype)),
                ev(answer, quiet(3)),
                "BIND-RESTATED",
                {"reject": "restated_deviation_type", "ignore": row},
                ["binding-error"],
            )
        )
    subsystem_empty = ["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef", ""]
    subsystem, required = "scoring.subsystem_set", "scoring.factor.required_identifiers"
    with_empty = ["SMTP_PORT", ""]
    empty = [
        ("subsystem-no-match-ends-with-period", subsystem, subsystem_empty,
         "I could not find the cause.", 3, 4,
         "subsystem_set holds \"\"; under accept it matches between '.' and end of text -> row 3; "
         "never matched -> row 4"),
        ("subsystem-no-delimiter-pair", subsystem, subsystem_empty, "unknown", 4, 4,
         "subsystem_set holds \"\"; 'unknown' has no position with delimiters on both sides -> "
         "row 4 under accept"),
        ("subsystem-perfect-answer", subsystem, subsystem_empty, PERFECT, 2, 2,
         "subsystem_set holds \"\"; a root-cause answer -> row 2 under both accepting readings"),
        ("required-with-period", required, with_empty, "SMTP_PORT is missing.", 2, 3,
         "required_identifiers [SMTP_PORT, \"\"]; \"\" matches after the final '.' -> row 2 under "
         "accept; never matched, the factor is never identified -> row 3"),
        ("required-without-period", required, with_empty, "SMTP_PORT is missing", 3, 3,
         "required_identifiers [SMTP_PORT, \"\"]; no two delimiters meet, \"\" unnamed -> row 3 "
         "under accept"),
        ("required-only-empty", required, [""], "The port key is missing.", 2, 4,
         "required_identifiers [\"\"]; \"\" matches in the synonym's sentence at its end -> row 2 "
         "under accept; never matched -> row 4"),
    ]
    for slug, path, value, answer, row, never, why in empty:
        readings: dict[str, int | str] = {
            "reject": "empty_identifier", "accept": row, "accept-never-matches": never,
        }
        out.append(scored_open(
            f"binding-empty-identifier-{slug}", ["1.3", "3.1"],
            f"clause 1.3 BIND-EMPTY-IDENT: {why}.", mutate(_set(path, value)), ev(answer, quiet(2)),
            "BIND-EMPTY-IDENT", readings, ["binding-error"]))
    return out


def _channels() -> list[dict]:
    out = []
    widened = [
        ("with-reasoning-trace", ["agent_response", "reasoning_trace"]),
        ("reasoning-trace-first", ["reasoning_trace", "agent_response"]),
        ("reasoning-trace-only", ["reasoning_trace"]),
        ("final-answer-name", ["final_answer"]),
        ("uppercase", ["AGENT_RESPONSE"]),
        ("with-unknown-channel", ["agent_response", "tool_output"]),
    ]
    for slug, channels in widened:
        out.append(_open(
            f"binding-channel-widening-{slug}", ["2.5", "1.3"], WIDENED,
            f"clause 2.5 \"scenario bindings MUST NOT widen it\" binds the author: diagnosis"
            f" channels {channels} are not exactly [agent_response]; rejected, or disregarded and"
            " agent_response matched, where a root-cause answer reaches row 2",
            mutate(_set("scoring.channels", channels)),
            {"reject": "channel_widening", "disregard": 2}))
    out.append(_open(
        "binding-channel-widening-trace-holds-answer", ["2.5", "1.3"], WIDENED,
        "clause 2.5: channels widened to the trace, where the only diagnosis is; rejected, or the"
        " channels disregarded and agent_response ('Done.') matched: row 4, never the trace's"
        " diagnosis",
        mutate(_set("scoring.channels", ["agent_response", "reasoning_trace"])),
        {"reject": "channel_widening", "disregard": 4}, ev("Done.", quiet(2), trace=PERFECT)))
    twice = ["agent_response", "agent_response"]
    duplicates = [
        ("duplicate", twice, PERFECT, 2, "a root-cause answer"),
        ("duplicate-locus-answer", twice, LOCUS, 3, "a locus answer"),
        ("duplicate-three-times", ["agent_response"] * 3, PERFECT, 2,
         "agent_response listed three times"),
    ]
    for slug, channels, answer, row, why in duplicates:
        out.append(_open(f"binding-channel-widening-{slug}", ["2.5", "1.3"],
                         "BIND-DUPLICATE-CHANNEL",
                         f"channels {channels} repeat agent_response and widen nothing (clause "
                         f"2.5); {why}", mutate(_set("scoring.channels", channels)),
                         {"reject": "channel_widening", "accept": row}, ev(answer, quiet(2))))
    return out


#: The injection manifest's other parts in the field's shapes (Scenarios 1.11 as the field writes
#: them; the seed names a healthy baseline, a declared symptom and the counterfactual rule, 5.1).
FIELD_INJECTION = {
    "baseline": [{"resource": "configmap/smtp-config",
                  "data": {"SMTP_HOST": "mail.internal", "SMTP_PORT": "587",
                           "SMTP_USER": "notifier"}}],
    "symptom": {"resource": "deployment/notifier", "condition": "CrashLoopBackOff"},
    "counterfactual": "restoring SMTP_PORT in configmap/smtp-config clears the crash loop",
}


def _extra_fields() -> list[dict]:
    """Scenario fields outside the binding are ignored; undefined fields inside it are register
    BIND-EXTRA-FIELD; unknown evidence fields are ignored."""
    def full(document: dict) -> None:
        document.update({
            "name": "Single-signal diagnosis: missing SMTP port key", "archetype": "C-DA-001",
            "description": "The notification service fails to send mail.",
            "environment": {"cluster": "kind", "namespace": "default"},
            "tools": ["kubectl_get", "kubectl_logs"], "tags": ["diagnosis", "configmap"],
            "timeout_seconds": 600, "version": "1.0.0"})
        document["injection"].update(copy.deepcopy(FIELD_INJECTION))

    def deviation_extras(document: dict) -> None:
        document["injection"]["deviations"][0].update({"severity": "high", "injected_at": "setup"})

    outside = [
        ("full-document", full,
         "a full scenario document (name, description, environment, tools; injection baseline, "
         "symptom and counterfactual in the field's shapes)"),
        ("top-level-metadata", _set("metadata", {"owner": "sre", "labels": {"tier": "1"}}),
         "an unknown top-level 'metadata' map"),
        ("top-level-null-field", _set("notes", None), "an unknown top-level field set to null"),
    ]
    inside = [
        ("scoring-notes", _set("scoring.notes", "ratified 2026-10"),
         "an undefined scoring field 'notes'"),
        ("scoring-version", _set("scoring.template_version", 1),
         "an undefined scoring field 'template_version'"),
        ("factor-description", _set("scoring.factor.description", "the port key"),
         "an undefined factor field 'description'"),
        ("deviation-extras", deviation_extras,
         "undefined deviation fields 'severity' and 'injected_at'"),
    ]
    answers = [("root-cause", PERFECT, 2), ("locus", "Check smtp-config.", 3),
               ("wrong", "The relay is down.", 4)]
    out = []
    for slug, change, why in outside:
        for answer_slug, answer, row in answers:
            out.append(scored(f"binding-extra-{slug}-{answer_slug}", ["1.3"],
                              f"clause 1.3: {why}, outside the scoring block, its factor and the "
                              "deviations, belongs to other parts of the spec and is ignored; the "
                              f"binding scores as the real scenario (row {row}).",
                              mutate(change), ev(answer, quiet(3)), row, ["extra-fields"]))
    for slug, change, why in inside:
        for answer_slug, answer, row in answers:
            out.append(scored_open(f"binding-extra-{slug}-{answer_slug}", ["1.3"],
                                   f"BIND-EXTRA-FIELD: {why}: ignored (row {row}), or a binding "
                                   "outside the profile's key set.",
                                   mutate(change), ev(answer, quiet(3)), "BIND-EXTRA-FIELD",
                                   {"ignore": row, "reject": "invalid_role"},
                                   ["extra-fields", "binding-error"]))
    evidence_extras = ev(
        PERFECT,
        quiet(3),
        harness={"name": "oasisctl", "version": "1.4.2"},
        run_id="r-0042",
        started_at="2026-11-29T15:00:00Z",
        tokens=51234,
    )
    out.append(
        scored(
            "binding-extra-evidence-fields",
            ["1.3"],
            "clause 1.1: each primitive is a pure function of the evidence it reads; artifact"
            " fields no primitive reads (harness, run_id, started_at) change nothing -> row 2.",
            real(),
            evidence_extras,
            2,
            ["extra-fields"],
        )
    )
    out.append(
        scored(
            "binding-extra-action-fields",
            ["1.3"],
            "clause 1.1: action fields no primitive reads (started_at, attempt) change nothing ->"
            " row 2.",
            real(),
            ev(PERFECT, [dict(a, started_at="2026-11-29T15:00:01Z", attempt=1) for a in quiet(2)]),
            2,
            ["extra-fields"],
        )
    )
    out.append(
        scored(
            "binding-extra-scenario-id-mismatch",
            ["1.3"],
            "the evidence's scenario_id is not a scoring input; a different id does not change the"
            " verdict -> row 2.",
            real(),
            ev(PERFECT, quiet(2), scenario_id="some-other-scenario"),
            2,
            ["extra-fields"],
        )
    )
    return out


def files() -> dict[str, dict]:
    return {
        "1.3-bindings/forms.yaml": vector_file(
            "binding-forms",
            "Form B and the forms it excludes (clause 1.3): form_missing, form_conflict, "
            "not_form_b, unknown_template; a composite beside a template "
            "(COMPOSITE-BESIDE-TEMPLATE).",
            "tools/vectorgen/bindings.py",
            unique(_forms()),
        ),
        "1.3-bindings/roles.yaml": vector_file(
            "binding-roles",
            "Clause 5.1 roles: missing_role, invalid_role, invalid_step_budget, one defect per "
            "vector; the open points BIND-ECHO-OMITTED, BIND-ECHO-NULL, BIND-EMPTY-SET, "
            "BIND-BUDGET-RANGE and "
            "BIND-BUDGET-FLOAT.",
            "tools/vectorgen/bindings.py",
            unique(_roles()),
        ),
        "1.3-bindings/references.yaml": vector_file(
            "binding-references",
            "factor.ref resolution (clause 2.2, Scenarios 1.11) and declared synonyms (clause "
            "3.3); a deviation type with no synonym list (BIND-UNREGISTERED-TYPE).",
            "tools/vectorgen/bindings.py",
            unique(_references()),
        ),
        "1.3-bindings/open-bindings.yaml": vector_file(
            "binding-open",
            "Open binding points: a restated deviation_type (BIND-RESTATED) and an empty identifier"
            " (BIND-EMPTY-IDENT).",
            "tools/vectorgen/bindings.py",
            unique(_ambiguous()),
        ),
        "1.3-bindings/extra-fields.yaml": vector_file(
            "binding-extra-fields",
            "Valid bindings with unknown extra scenario and evidence fields (ignored), and "
            "undefined fields inside the binding (BIND-EXTRA-FIELD).",
            "tools/vectorgen/bindings.py",
            unique(_extra_fields()),
        ),
        "2.5-channels/channel-widening.yaml": vector_file(
            "channel-widening",
            "Clause 2.5: a C-DA-001 binding's channels must not widen [agent_response]; a "
            "repeated agent_response (BIND-DUPLICATE-CHANNEL).",
            "tools/vectorgen/bindings.py",
            unique(_channels()),
        ),
    }
