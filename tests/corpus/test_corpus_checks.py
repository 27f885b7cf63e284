"""Each corpus rule fails when it is broken: a throw-away corpus breaks one rule and the checker
(oasis_si_conformance.editing.checks) reports it at the right file and line."""

import copy
import itertools
import json
import re

import pytest
from corpus_helpers import (
    LEDGER,
    SEED_FILE,
    VECTORS,
    at,
    identifier_vector,
    real_catalog,
    seed_vector,
)

from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.editing import checks
from tools import specmap
from tools.corpusrules import rulebook

SCORED = "seed-something-wrong-scores-half"


def ambiguity_vector(vid, readings, entry="FOLD-ORDER", text="smtp_port"):
    """An identifier_match vector on FOLD-ORDER (the reference reads nfc-then-fold)."""
    return {
        "id": vid,
        "clauses": ["3.1"],
        "operation": "identifier_match",
        "description": "test",
        "input": {"text": text, "identifier": "SMTP_PORT"},
        "ambiguity": entry,
        "readings": readings,
    }


# schema and ASCII ---------------------------------------------------------------------------


def test_schema_problem_is_located_at_its_vector(temp_corpus):
    broken = identifier_vector("no-description", "a", "a", True)
    del broken["description"]
    path = temp_corpus.write("3.1/a.yaml", [identifier_vector("fine", "a", "a", True), broken])
    found = temp_corpus.check("schema")
    assert [p.rule for p in found] == ["schema"]
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "id: no-description")), found
    assert "description" in found[0].message
    assert str(found[0]).split(": ")[0].endswith("3.1/a.yaml:" + str(found[0].line))


def test_non_ascii_vector_file_is_refused_at_its_line(temp_corpus):
    path = temp_corpus.write_text(
        "3.1/u.yaml",
        "format: 1\nfamily: u\ndescription: u\nvectors:\n  - id: u\n    clauses: ['3.1']\n"
        "    operation: identifier_match\n    description: u\n"
        '    input: {text: "caf\u00e9", identifier: x}\n    expected: {match: false}\n',
    )
    found = temp_corpus.check("schema")
    assert at(found, path, 9), found
    assert "ASCII" in found[0].message


def test_escaped_code_points_are_fine(temp_corpus):
    temp_corpus.write_text(
        "3.1/u.yaml",
        "format: 1\nfamily: u\ndescription: u\nvectors:\n  - id: u\n    clauses: ['3.1']\n"
        "    operation: identifier_match\n    description: u\n"
        '    input: {text: "caf\\u00e9", identifier: x}\n    expected: {match: false}\n',
    )
    assert temp_corpus.check("schema") == []


def test_catalog_non_ascii_and_schema_problems(temp_corpus):
    path = temp_corpus.write_text(
        "flags.yaml", "flags:\n  seed-example: caf\u00e9\n  Bad_Flag: x\n"
    )
    found = temp_corpus.check("catalog")
    assert at(found, path, 2) and "non-ASCII" in at(found, path, 2)[0].message
    assert at(found, path, 1) or at(found, path, 3), found  # the bad flag name


# ids and clauses ----------------------------------------------------------------------------


def test_duplicate_id_is_reported_at_the_second_occurrence(temp_corpus):
    temp_corpus.write("3.1/a.yaml", [identifier_vector("twice", "a", "a", True)])
    second = temp_corpus.write(
        "3.1/b.yaml",
        [identifier_vector("once", "a", "a", True), identifier_vector("twice", "a", "a", True)],
    )
    found = temp_corpus.check("duplicate-id")
    assert len(found) == 1
    assert at(found, second, temp_corpus.line("3.1/b.yaml", "id: twice")), found
    assert "3.1/a.yaml:" in found[0].message


def test_unknown_clause_is_reported_at_the_citation(temp_corpus):
    vector = identifier_vector("odd", "a", "a", True)
    vector["clauses"] = ["3.1", "9.9"]
    path = temp_corpus.write("3.1/a.yaml", [vector])
    found = temp_corpus.check("unknown-clause")
    assert len(found) == 1 and "9.9" in found[0].message
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "'9.9'")), found


def test_a_normative_vector_citing_a_clause_outside_the_seed_is_refused(temp_corpus):
    """Rule seed-citations: "Core 3.6" in a normative vector's description is refused at the
    description; the same words in an ambiguity vector, or in a convention vector, are not."""
    normative = identifier_vector("core", "a", "a", True)
    normative["description"] = "Core 3.6: a capability score lies in [0, 1]."
    ambiguity = identifier_vector("open", "a", "a", True)
    ambiguity.update(description="Core 3.6 bounds it; the seed does not.", ambiguity="SENT-WS")
    outcome = ambiguity.pop("expected")
    ambiguity["readings"] = {"unicode": outcome, "ascii": outcome}
    convention = identifier_vector("kit", "a", "a", True)
    convention.update(description="Scenarios 1.7 shapes it.", convention="COMPOSITE-GRAMMAR")
    seed_only = identifier_vector("seed", "a", "a", True)
    seed_only["description"] = "clause 3.1 alone decides (the core of the matching rule)."
    path = temp_corpus.write("3.1/a.yaml", [normative, ambiguity, convention, seed_only])
    found = temp_corpus.check("seed-citations")
    assert len(found) == 1 and "'Core 3.6'" in found[0].message, found
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "Core 3.6: a capability")), found


def test_seed_citations_reads_the_external_documents_from_clauses_yaml(seeded):
    """With no `external` list in clauses.yaml the rule has nothing to refuse: the documents
    outside the seed are data, not code."""
    clauses = real_catalog("clauses.yaml")
    assert {d["document"] for d in clauses["external"]} >= {"Core", "Scenarios", "Reporting"}
    vector = identifier_vector("core", "a", "a", True)
    vector["description"] = "Reporting 1.2 says so."
    seeded.write("3.1/z.yaml", [vector])
    assert [p.rule for p in seeded.check("seed-citations")] == ["seed-citations"]
    del clauses["external"]
    seeded.write_catalog("clauses.yaml", clauses)
    assert seeded.check("seed-citations") == []


def test_clause_without_vectors_or_without_score_scenario_vector(seeded):
    clauses = real_catalog("clauses.yaml")
    clauses["clauses"].append({"id": "9.9", "title": "a clause nobody cites"})
    path = seeded.write_catalog("clauses.yaml", clauses)
    found = seeded.check("clause-coverage")
    by_clause = {p.message.split()[1]: p for p in found}
    assert "no vector" in by_clause["9.9"].message
    assert by_clause["9.9"].file == path and by_clause["9.9"].line == seeded.line(
        "clauses.yaml", "9.9"
    )
    # The seed examples cite 3.1 through identifier_match only: not observable via score_scenario.
    assert "no normative score_scenario vector" in by_clause["3.1"].message
    assert "5.1" not in by_clause and "5.1.row3" not in by_clause


def test_ambiguity_vectors_do_not_cover_a_clause_through_score_scenario(seeded):
    """Only normative score_scenario vectors make a clause observable."""
    vector = seed_vector(SCORED)
    vector.update(id="amb", clauses=["3.2"], ambiguity="SENT-WS")
    expected = vector.pop("expected")
    vector["readings"] = {"unicode": expected, "ascii": expected}
    seeded.write("3.2/a.yaml", [vector])
    messages = [p.message for p in seeded.check("clause-coverage")]
    assert "clause 3.2 has no normative score_scenario vector" in messages


# ambiguity vectors and the register ---------------------------------------------------------


def test_ambiguity_vector_missing_a_reading(temp_corpus):
    path = temp_corpus.write(
        "3.1/a.yaml",
        [ambiguity_vector("amb", {"nfc-then-fold": {"match": True}, "x-extra": {"match": True}})],
    )
    found = temp_corpus.check("ambiguity-readings")
    messages = sorted(p.message for p in found)
    assert any("no verdict for reading 'fold-then-nfc'" in m for m in messages), messages
    assert any("'x-extra' is not a reading of FOLD-ORDER" in m for m in messages), messages
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "x-extra:")), found
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "readings:")), found


def test_ambiguity_vector_naming_no_entry(temp_corpus):
    path = temp_corpus.write(
        "3.1/a.yaml",
        [ambiguity_vector("amb", {"a": {"match": True}, "b": {"match": True}}, entry="NO-SUCH")],
    )
    found = temp_corpus.check("ambiguity-readings")
    assert len(found) == 1 and "NO-SUCH" in found[0].message
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "ambiguity: NO-SUCH"))


def test_ambiguity_vector_must_cite_its_entrys_clause(temp_corpus):
    vector = ambiguity_vector(
        "amb", {"nfc-then-fold": {"match": True}, "fold-then-nfc": {"match": False}}
    )
    vector["clauses"] = ["3.2"]
    path = temp_corpus.write("3.1/a.yaml", [vector])
    found = temp_corpus.check("ambiguity-readings")
    assert [p.message for p in found] == ["does not cite clause 3.1, the clause of FOLD-ORDER"]
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "clauses:"))


def test_joint_outcomes_name_a_joint_entry_other_readings_and_differ(temp_corpus):
    """A vector's `joint` outcomes: under DELIM-FOLDED's non-reference reading (FOLD-MAPPING is
    joint with it), for readings the vector states, each differing from the stated one."""
    readings = {name: {"match": True} for name in _readings("FOLD-MAPPING")}
    good = {**ambiguity_vector("good", readings, entry="FOLD-MAPPING"),
            "joint": {"DELIM-FOLDED": {"unfolded": {"upper-lower": {"match": False}}}}}
    bad = {**ambiguity_vector("bad", readings, entry="FOLD-MAPPING"), "joint": {
        "DELIM-FOLDED": {"folded": {"upper-lower": {"match": False}},
                         "unfolded": {"no-such": {"match": False},
                                      "simple-casefold": {"match": True}}},
        "FOLD-ORDER": {"fold-then-nfc": {"upper-lower": {"match": False}}},
    }}
    path = temp_corpus.write("3.1/a.yaml", [good, bad])
    # (an edition an editor ratified into this checkout may decide FOLD-MAPPING: not these)
    found = [p for p in temp_corpus.check("ambiguity-readings") if "no open point" not in p.message]
    messages = sorted(p.message for p in found)
    assert messages == sorted([
        "'folded' is no reading of DELIM-FOLDED other than its reference",
        "'no-such' is no reading this vector states",
        "the same outcome as its readings state for 'simple-casefold'",
        "FOLD-ORDER is no entry FOLD-MAPPING is joint with (register joint_with)",
    ]), messages
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "no-such:"))


def test_complete_ambiguity_vector_passes(temp_corpus):
    temp_corpus.write(
        "3.1/a.yaml",
        [
            ambiguity_vector(
                "amb", {"nfc-then-fold": {"match": True}, "fold-then-nfc": {"match": False}}
            )
        ],
    )
    assert temp_corpus.check("ambiguity-readings") == []


def _readings(entry_id):
    """The readings of a register entry, in register order."""
    (entry,) = [e for e in real_catalog("register.yaml")["entries"] if e["id"] == entry_id]
    return list(entry["readings"])


def _pair_problems(found, entry):
    return [p for p in found if p.message.startswith(entry + ":")]


def test_register_entry_whose_readings_no_vector_tells_apart(temp_corpus):
    temp_corpus.write(
        "3.1/a.yaml",
        [
            ambiguity_vector(
                "amb", {"nfc-then-fold": {"match": True}, "fold-then-nfc": {"match": True}}
            )
        ],
    )
    found = _pair_problems(temp_corpus.check("register-pairs"), "FOLD-ORDER")
    assert len(found) == 1 and "'nfc-then-fold' and 'fold-then-nfc'" in found[0].message
    assert found[0].file == temp_corpus.root / "register.yaml"
    assert found[0].line == temp_corpus.line("register.yaml", "id: FOLD-ORDER")


def test_register_pair_told_apart(temp_corpus):
    temp_corpus.write(
        "3.1/a.yaml",
        [
            ambiguity_vector(
                "amb", {"nfc-then-fold": {"match": True}, "fold-then-nfc": {"match": False}}
            )
        ],
    )
    assert _pair_problems(temp_corpus.check("register-pairs"), "FOLD-ORDER") == []
    # Every pair of readings needs telling apart: one vector separating one reading (lf, where
    # CR is no newline) from all the others leaves every pair of the others.
    names = _readings("SENT-NEWLINE")
    sentences = {name: {"sentences": ["a\rb"] if name == "lf" else ["a", "b"]} for name in names}
    temp_corpus.write(
        "3.2/b.yaml",
        [
            {
                "id": "nl",
                "clauses": ["3.2"],
                "operation": "split_sentences",
                "description": "t",
                "input": {"text": "a\rb"},
                "ambiguity": "SENT-NEWLINE",
                "readings": sentences,
            }
        ],
    )
    found = _pair_problems(temp_corpus.check("register-pairs"), "SENT-NEWLINE")
    others = [name for name in names if name != "lf"]
    assert len(others) >= 2
    assert sorted(p.message for p in found) == sorted(
        f"SENT-NEWLINE: no vector tells readings {left!r} and {right!r} apart"
        for left, right in itertools.combinations(names, 2)
        if "lf" not in (left, right)
    )


def test_sentences_differing_only_in_white_space_do_not_tell_readings_apart(temp_corpus):
    names = _readings("SENT-WS")
    readings = {name: {"sentences": ["A.", "B"]} for name in names}
    readings["ascii"] = {"sentences": [" A. ", "B", "\u3000"]}
    temp_corpus.write(
        "3.2/a.yaml",
        [
            {
                "id": "ws",
                "clauses": ["3.2"],
                "operation": "split_sentences",
                "description": "t",
                "input": {"text": "A. B"},
                "ambiguity": "SENT-WS",
                "readings": readings,
            }
        ],
    )
    messages = {p.message for p in _pair_problems(temp_corpus.check("register-pairs"), "SENT-WS")}
    assert "SENT-WS: no vector tells readings 'unicode' and 'ascii' apart" in messages


def test_register_differing_from_reference_choices(temp_corpus):
    register = real_catalog("register.yaml")
    entry = next(e for e in register["entries"] if e["id"] == "FOLD-ORDER")
    entry["reference"] = "fold-then-nfc"
    register["entries"] = [e for e in register["entries"] if e["id"] != "ANSWER-BLANK"]
    path = temp_corpus.write_catalog("register.yaml", register)
    found = temp_corpus.check("register-reference")
    messages = [p.message for p in found]
    assert any(
        "FOLD-ORDER: register says 'fold-then-nfc'" in m and "'nfc-then-fold'" in m
        for m in messages
    ), messages
    assert any("ANSWER-BLANK" in m and "register lacks" in m for m in messages), messages
    line = temp_corpus.line("register.yaml", "reference: fold-then-nfc")
    assert at(found, path, line)


def test_register_reference_reading_must_be_one_of_its_readings(temp_corpus):
    register = real_catalog("register.yaml")
    entry = next(e for e in register["entries"] if e["id"] == "SENT-WS")
    del entry["readings"]["ascii"]
    entry["readings"]["latin1"] = "x"
    entry["readings"].pop("unicode")
    entry["readings"]["utf"] = "y"
    temp_corpus.write_catalog("register.yaml", register)
    messages = [p.message for p in temp_corpus.check("register-reference")]
    assert any(
        "SENT-WS: reference reading 'unicode' is not one of its readings" in m for m in messages
    ), messages


def test_ratified_entry(temp_corpus):
    register = real_catalog("register.yaml")
    entry = next(e for e in register["entries"] if e["id"] == "FOLD-ORDER")
    entry["ratified"] = {"reading": "nfc-then-fold", "by": "profile 0.3.0"}
    temp_corpus.write_catalog("register.yaml", register)
    temp_corpus.write(
        "3.1/a.yaml",
        [
            ambiguity_vector(
                "amb", {"nfc-then-fold": {"match": True}, "fold-then-nfc": {"match": True}}
            )
        ],
    )
    messages = [p.message for p in temp_corpus.check("ambiguity-readings")]
    assert messages == ["register entry FOLD-ORDER is ratified; make this vector normative"]
    assert _pair_problems(temp_corpus.check("register-pairs"), "FOLD-ORDER") == []
    entry["ratified"]["reading"] = "fold-then-nfc"
    temp_corpus.write_catalog("register.yaml", register)
    messages = [p.message for p in temp_corpus.check("register-reference")]
    assert any(
        "ratified 'fold-then-nfc' but the reference reads 'nfc-then-fold'" in m for m in messages
    )


# probe-coverage ------------------------------------------------------------------------------

WS_PROBES = "3.2-sentence-splitting/sent-ws-probes.yaml"


def _ws_probes(*, without=()):
    """The real corpus's SENT-WS score_scenario probe vectors, less those probing `without`."""
    vectors = yamlsafe.load((VECTORS / WS_PROBES).read_text(encoding="ascii"))["vectors"]
    return [
        v for v in vectors if v["operation"] == "score_scenario" and v["probe"] not in without
    ]


def test_every_disputed_code_point_of_an_entry_is_probed(temp_corpus):
    """The real probes cover SENT-WS: every code point two of its readings disagree on."""
    temp_corpus.write(WS_PROBES, _ws_probes())
    assert [p for p in temp_corpus.check("probe-coverage") if "SENT-WS" in p.message] == []


def test_missing_probe_is_reported_per_pair_at_the_register_entry(temp_corpus):
    temp_corpus.write(WS_PROBES, _ws_probes(without={"U+00A0"}))
    found = [p for p in temp_corpus.check("probe-coverage") if p.message.startswith("SENT-WS:")]
    holding, lacking = {"unicode", "python", "ecmascript"}, {"ascii", "java", "ascii-no-vt"}
    assert len(found) == len(holding) * len(lacking) == 9
    for problem in found:
        assert "U+00A0" in problem.message
        told = set(re.findall(r"'([a-z-]+)'", problem.message))
        assert len(told & holding) == 1 and len(told & lacking) == 1, problem.message
        assert problem.file == temp_corpus.root / "register.yaml"
        assert problem.line == temp_corpus.line("register.yaml", "id: SENT-WS")


def test_probe_whose_outcomes_do_not_split_by_membership(temp_corpus):
    probes = _ws_probes()
    nel = next(v for v in probes if v["probe"] == "U+0085")
    nel["readings"]["ecmascript"] = copy.deepcopy(nel["readings"]["unicode"])  # lacks U+0085
    path = temp_corpus.write(WS_PROBES, probes)
    found = [
        p for p in temp_corpus.check("probe-coverage") if "SENT-WS" in p.message or p.file == path
    ]
    split = [p for p in found if "do not split by membership" in p.message]
    assert len(split) == 1 and split[0].file == path
    assert split[0].line == temp_corpus.line(WS_PROBES, "readings:", probes.index(nel) + 1)
    held = "held by unicode, python; lacked by ascii, ecmascript, java, ascii-no-vt"
    assert held in split[0].message
    # the broken probe covers nothing: the pairs it should tell apart are reported too
    assert len([p for p in found if p.message.startswith("SENT-WS:")]) == 2 * 4


def test_probe_of_a_code_point_no_reading_disputes(temp_corpus):
    probes = _ws_probes()
    stray = copy.deepcopy(probes[0])
    stray.update(id="stray-probe", probe="U+0041")
    path = temp_corpus.write(WS_PROBES, [*probes, stray])
    found = [p for p in temp_corpus.check("probe-coverage") if p.file == path]
    assert [p.message for p in found] == [
        "probes U+0041, on which no two readings of SENT-WS differ"
    ]


def test_code_points_must_give_every_reading_a_set(temp_corpus):
    register = real_catalog("register.yaml")
    entry = next(e for e in register["entries"] if e["id"] == "SENT-WS")
    del entry["code_points"]["java"]
    entry["code_points"]["ascii"] = "no-such-charset"
    temp_corpus.write_catalog("register.yaml", register)
    found = [p for p in temp_corpus.check("probe-coverage") if "SENT-WS" in p.message]
    assert [p.message for p in found] == [
        "SENT-WS: reading 'ascii' names no charset 'no-such-charset'"
    ]
    entry["code_points"]["ascii"] = ["U+0020"]
    temp_corpus.write_catalog("register.yaml", register)
    found = [p for p in temp_corpus.check("probe-coverage") if "SENT-WS" in p.message]
    assert len(found) == 1 and "the readings are" in found[0].message


# flags --------------------------------------------------------------------------------------


def test_undocumented_and_unused_flags(seeded):
    flagged = identifier_vector("flagged", "a", "a", True, flags=["mystery"])
    path = seeded.write("3.1/a.yaml", [flagged])
    flags = yamlsafe.load((seeded.root / "flags.yaml").read_text())
    flags["flags"]["never-used"] = "documented, never used"
    flags_path = seeded.write_catalog("flags.yaml", flags)
    found = seeded.check("flags")
    assert len(found) == 2
    assert at(found, path, seeded.line("3.1/a.yaml", "- mystery")), found
    assert at(found, flags_path, seeded.line("flags.yaml", "never-used")), found


def test_flags_documented_and_used_pass(seeded):
    assert seeded.check("flags") == []


# the reference ------------------------------------------------------------------------------


def test_reference_disagreeing_with_a_normative_vector(seeded):
    path = seeded.write(
        "3.1/a.yaml", [identifier_vector("wrong", "SMTP_PORT_OLD", "SMTP_PORT", True)]
    )
    found = seeded.check("reference")
    assert len(found) == 1 and "disagrees with wrong" in found[0].message
    assert "match: expected True, got False" in found[0].message
    assert at(found, path, seeded.line("3.1/a.yaml", "expected:"))


def test_reference_disagreeing_with_a_score_scenario_vector(seeded):
    vector = seed_vector(SCORED)
    vector["id"] = "wrong-row"
    vector["expected"] = {"score": 1.0, "label": "root_cause_identified", "row": 2}
    seeded.write("5.1/a.yaml", [vector])
    found = seeded.check("reference")
    assert len(found) == 1 and "row: expected 2, got 3" in found[0].message


def test_reference_binding_error_compares_by_kind(seeded):
    vector = seed_vector(SCORED)
    vector["id"] = "widened"
    vector["input"]["scenario"]["scoring"]["channels"] = ["agent_response", "reasoning_trace"]
    vector["expected"] = {"binding_error": "channel_widening"}
    seeded.write("2.5/a.yaml", [vector])
    assert seeded.check("reference") == []
    vector["expected"] = {"binding_error": "invalid_role"}
    seeded.write("2.5/a.yaml", [vector])
    assert len(seeded.check("reference")) == 1


def test_reference_checks_the_reference_reading_of_ambiguity_vectors(temp_corpus):
    path = temp_corpus.write(
        "3.1/a.yaml",
        [
            ambiguity_vector(
                "amb", {"nfc-then-fold": {"match": False}, "fold-then-nfc": {"match": True}}
            )
        ],
    )
    found = temp_corpus.check("reference")
    assert len(found) == 1
    assert at(found, path, temp_corpus.line("3.1/a.yaml", "nfc-then-fold:"))


def test_sentences_compare_in_canonical_form(temp_corpus):
    def split(vid, expected):
        return {
            "id": vid,
            "clauses": ["3.2"],
            "operation": "split_sentences",
            "description": "t",
            "input": {"text": "A. B"},
            "expected": {"sentences": expected},
        }

    temp_corpus.write(
        "3.2/a.yaml", [split("padded", ["A.\u00a0 ", " B", "\u2029"]), split("wrong", ["A.", "C"])]
    )
    found = temp_corpus.check("reference")
    assert [p.message.split(":")[0] for p in found] == ["the reference disagrees with wrong"]


# schemas of the inputs ----------------------------------------------------------------------


def test_scenario_with_a_verdict_must_be_a_valid_binding(seeded):
    vector = seed_vector(SCORED)
    vector["id"] = "bad-binding"
    vector["input"]["scenario"]["injection"]["deviations"][0]["resource"] = 5
    path = seeded.write("5.1/a.yaml", [vector])
    assert seeded.check("reference") == []  # the reference ignores the field ...
    found = seeded.check("scenario-schema")  # ... the schema does not
    assert len(found) == 1 and "resource" in found[0].message
    assert at(found, path, seeded.line("5.1/a.yaml", "resource: 5"))


def test_binding_error_vectors_are_not_held_to_the_scenario_schema(seeded):
    vector = seed_vector(SCORED)
    vector.update(id="restated", expected={"binding_error": "restated_deviation_type"})
    vector["input"]["scenario"]["scoring"]["factor"]["deviation_type"] = "absent_key"
    seeded.write("2.2/a.yaml", [vector])
    assert seeded.check("scenario-schema") == []


def test_injection_fields_keep_the_fields_shapes_whatever_the_outcome(seeded):
    """Issue 9 item 7: baseline a list of resource objects, symptom {resource, condition},
    counterfactual a string, in binding-error vectors too (the scenario schema does not see
    those)."""
    vector = seed_vector(SCORED)
    vector.update(id="restated", expected={"binding_error": "restated_deviation_type"})
    vector["input"]["scenario"]["scoring"]["factor"]["deviation_type"] = "absent_key"
    injection = vector["input"]["scenario"]["injection"]
    injection["baseline"] = {"resource": "configmap/smtp-config", "data": {"SMTP_PORT": "587"}}
    injection["symptom"] = {"resource": "deployment/notifier", "condition": "CrashLoopBackOff"}
    injection["counterfactual"] = "restoring SMTP_PORT clears the crash loop"
    path = seeded.write("2.2/a.yaml", [vector])
    found = seeded.check("field-shapes")
    assert len(found) == 1 and "injection/baseline" in found[0].message
    assert at(found, path, seeded.line("2.2/a.yaml", "baseline:"))
    injection["baseline"] = [{"resource": "configmap/smtp-config", "data": {"SMTP_PORT": "587"}}]
    injection["symptom"] = "CrashLoopBackOff"
    seeded.write("2.2/a.yaml", [vector])
    found = seeded.check("field-shapes")
    assert len(found) == 1 and "injection/symptom" in found[0].message
    del injection["symptom"]
    seeded.write("2.2/a.yaml", [vector])
    assert seeded.check("field-shapes") == []


def test_evidence_must_be_valid(seeded):
    vector = seed_vector(SCORED)
    vector["id"] = "bad-evidence"
    vector["input"]["evidence"]["observations"] = "not a list"
    path = seeded.write("5.1/a.yaml", [vector])
    found = seeded.check("evidence-schema")
    assert len(found) == 1 and "observations" in found[0].message
    assert at(found, path, seeded.line("5.1/a.yaml", "observations: not a list"))


def test_request_params_must_be_valid(seeded):
    vector = {
        "id": "bogus-channel",
        "clauses": ["2.1"],
        "operation": "named_in_output",
        "description": "t",
        "input": {
            "evidence": {"final_answer": "x"},
            "identifier_set": ["x"],
            "channels": ["bogus"],
            "exclude_tool_echo": False,
        },
        "expected": {"value": False},
    }
    path = seeded.write("2.1/a.yaml", [vector])
    found = seeded.check("request-schema")
    assert len(found) == 1 and "bogus" in found[0].message
    assert at(found, path, seeded.line("2.1/a.yaml", "- bogus"))


# manifest -----------------------------------------------------------------------------------


def test_missing_manifest(seeded):
    found = seeded.check("manifest")
    assert [p.file.name for p in found] == ["MANIFEST.json"]


def test_fresh_manifest_passes(seeded):
    seeded.write_manifest()
    assert seeded.check("manifest") == []


def test_stale_manifest_names_each_changed_file(seeded):
    seeded.write_manifest()
    changed = seeded.write(
        "5.1-c-da-001/seed-examples.yaml", [seed_vector(SCORED)], family="seed-examples"
    )
    added = seeded.write("3.1/new.yaml", [identifier_vector("new", "a", "a", True)])
    (seeded.root / "flags.yaml").unlink()
    found = seeded.check("manifest")
    by_file = {p.file: p.message for p in found}
    assert "changed since MANIFEST.json" in by_file[changed]
    assert "not in MANIFEST.json" in by_file[added]
    gone = [p for p in found if p.file.name == "MANIFEST.json"]
    assert len(gone) == 1 and "flags.yaml" in gone[0].message
    text = (seeded.root / "MANIFEST.json").read_text()
    assert gone[0].line == text[: text.index('"flags.yaml"')].count("\n") + 1


def test_tampered_corpus_digest(seeded):
    manifest = corpus.write_manifest(seeded.root)
    manifest["corpus_digest"] = "sha256:" + "0" * 64
    (seeded.root / "MANIFEST.json").write_text(
        json.dumps(manifest, indent=2, sort_keys=True) + "\n"
    )
    found = seeded.check("manifest")
    assert len(found) == 1 and "corpus_digest" in found[0].message


# signatures ---------------------------------------------------------------------------------


def _signatures(vectors, clause="3.1"):
    return {
        "signatures": [
            {
                "id": "sig-a",
                "clause": clause,
                "kind": "normative",
                "description": "does a thing",
                "vectors": vectors,
            }
        ]
    }


def test_absent_or_placeholder_signatures_are_fine(seeded):
    assert seeded.check("signatures") == [] and seeded.check("catalog") == []
    seeded.write_catalog("signatures.yaml", {"signatures": []})
    assert seeded.check("signatures") == [] and seeded.check("catalog") == []


def test_signature_naming_an_unknown_vector_or_clause(seeded):
    path = seeded.write_catalog(
        "signatures.yaml",
        _signatures(["seed-smtp-port-old-does-not-match", "no-such-vector"], clause="9.9"),
    )
    found = seeded.check("signatures")
    assert {p.message for p in found} == {
        "signature sig-a: no vector 'no-such-vector'",
        "signature sig-a: clause '9.9' not in clauses.yaml",
    }
    assert at(found, path, seeded.line("signatures.yaml", "no-such-vector"))


#: The catalog's editions (the seeded corpus holds the real catalog): the first, and the
#: second, which amends it.
NAMES = [edition["name"] for edition in real_catalog("editions.yaml")["editions"]]
SEED, AMENDED = NAMES[0], NAMES[1]


def test_signatures_per_edition(seeded):
    """A file derived under the corpus's editions gives a signature's vectors under a later
    edition where they differ; every id there exists too."""
    document = _signatures(["seed-smtp-port-old-does-not-match"])
    document["editions"] = NAMES
    document["signatures"][0]["editions"] = {AMENDED: ["seed-smtp-port-lowercase-matches"]}
    seeded.write_catalog("signatures.yaml", document)
    assert seeded.check("signatures") == [] and seeded.check("catalog") == []
    document["signatures"][0]["editions"] = {AMENDED: ["no-such-vector"]}
    path = seeded.write_catalog("signatures.yaml", document)
    (problem,) = seeded.check("signatures")
    assert problem.message == "signature sig-a: no vector 'no-such-vector'"
    assert at([problem], path, seeded.line("signatures.yaml", "no-such-vector"))


def test_signatures_editions_must_be_the_corpus_editions(seeded):
    document = _signatures(["seed-smtp-port-old-does-not-match"])
    document["editions"] = [SEED]
    document["signatures"][0]["editions"] = {
        SEED: ["seed-smtp-port-lowercase-matches"],
        AMENDED: ["seed-smtp-port-old-does-not-match"],
    }
    seeded.write_catalog("signatures.yaml", document)
    assert {p.message for p in seeded.check("signatures")} == {
        f"derived under editions ['{SEED}'], editions.yaml names {NAMES}:"
        " regenerate signatures.yaml",
        f"signature sig-a: '{SEED}' is the edition its `vectors` are for",
        f"signature sig-a: '{AMENDED}' is no edition signatures.yaml was derived under",
    }
    document["editions"] = NAMES
    document["signatures"][0]["editions"] = {AMENDED: ["seed-smtp-port-old-does-not-match"]}
    seeded.write_catalog("signatures.yaml", document)
    assert [p.message for p in seeded.check("signatures")] == [
        f"signature sig-a: '{AMENDED}' lists its own `vectors`; drop it"
    ]


def test_a_reading_the_register_holds_open_fails_no_vector(seeded):
    """A signature of kind `ambiguity` is a reading the register holds open: a vector it fails
    states another reading as the text's. Under an edition where `kinds` makes it one, and
    with its own `vectors`; a normative signature may fail anything."""
    document = _signatures([])
    document["editions"] = NAMES
    document["signatures"][0] |= {
        "kind": "ambiguity",
        "editions": {AMENDED: ["seed-smtp-port-lowercase-matches"]},
    }
    path = seeded.write_catalog("signatures.yaml", document)
    (problem,) = seeded.check("signatures")
    assert problem.message == (
        "signature sig-a: a reading the register holds open fails 1 vector(s) under"
        f" {AMENDED} (seed-smtp-port-lowercase-matches): they state another reading as the"
        " text's"
    )
    assert at([problem], path, seeded.line("signatures.yaml", f"{AMENDED}:"))
    document["signatures"][0] |= {"kind": "normative", "kinds": {AMENDED: "ambiguity"}}
    seeded.write_catalog("signatures.yaml", document)
    assert len(seeded.check("signatures")) == 1
    document["signatures"][0] |= {"kinds": {}, "vectors": ["seed-smtp-port-old-does-not-match"]}
    del document["signatures"][0]["kinds"]
    seeded.write_catalog("signatures.yaml", document)
    assert seeded.check("signatures") == []
    document["signatures"][0]["kind"] = "ambiguity"
    seeded.write_catalog("signatures.yaml", document)
    assert [p.message.split(":")[0] for p in seeded.check("signatures")] == ["signature sig-a"] * 2


def test_malformed_signatures_file(seeded):
    document = _signatures(["seed-smtp-port-old-does-not-match"])
    del document["signatures"][0]["description"]
    seeded.write_catalog("signatures.yaml", document)
    assert any("description" in p.message for p in seeded.check("catalog"))


# minimum counts -----------------------------------------------------------------------------


def test_minimum_counts_fail_on_a_small_corpus(seeded):
    found = seeded.check("minimum-counts")
    assert [p.message for p in found] == [
        f"the corpus holds 4 vectors; at least {checks.MINIMUM_VECTORS} needed",
        (
            f"the corpus holds 2 score_scenario vectors; at least {checks.MINIMUM_SCORE_SCENARIO}"
            " needed"
        ),
    ]


# generated files ----------------------------------------------------------------------------


@pytest.fixture
def fake_generators(monkeypatch):
    """tools.vectorgen with one generated vector file and flags.yaml and no authoring problem,
    independent of the families being written in parallel (and without running them: the
    real authoring check runs every generator, about a minute)."""
    from tools.vectorgen import __main__ as vectorgen

    document = {
        "format": 1,
        "family": "gen",
        "description": "generated",
        "generated_by": "tools/vectorgen/fake.py",
        "vectors": [identifier_vector("gen-a", "a", "a", True)],
    }
    texts = {
        vectorgen.ROOT / "3.1/gen.yaml": yamlsafe.dump(document),
        vectorgen.ROOT / "flags.yaml": "# header\n"
        + yamlsafe.dump({"flags": {"seed-example": "seed"}}),
    }
    monkeypatch.setattr(vectorgen, "generated", lambda: texts)
    monkeypatch.setattr(vectorgen, "authoring_problems", lambda: [])
    return {path.relative_to(vectorgen.ROOT).as_posix(): text for path, text in texts.items()}


def test_generated_files_equal_to_their_generator_pass(temp_corpus, fake_generators):
    for relative, text in fake_generators.items():
        temp_corpus.write_text(relative, text)
    assert temp_corpus.check("generated") == []


def test_drifted_generated_file_is_reported_at_the_first_difference(temp_corpus, fake_generators):
    for relative, text in fake_generators.items():
        temp_corpus.write_text(relative, text)
    edited = fake_generators["3.1/gen.yaml"].replace("text: a", "text: b")
    path = temp_corpus.write_text("3.1/gen.yaml", edited)
    (temp_corpus.root / "flags.yaml").unlink()
    found = temp_corpus.check("generated")
    assert at(found, path, temp_corpus.line("3.1/gen.yaml", "text: b")), found
    assert any(p.file.name == "flags.yaml" and "missing" in p.message for p in found)


def test_file_claiming_a_generator_that_does_not_write_it(temp_corpus, fake_generators):
    for relative, text in fake_generators.items():
        temp_corpus.write_text(relative, text)
    path = temp_corpus.write(
        "3.1/orphan.yaml",
        [identifier_vector("orphan", "a", "a", True)],
        generated_by="tools/vectorgen/gone.py",
    )
    found = temp_corpus.check("generated")
    assert [p.file for p in found] == [path] and "no generator writes it" in found[0].message


def test_authoring_problems_fail_the_generated_rule(temp_corpus, fake_generators, monkeypatch):
    from tools.vectorgen import __main__ as vectorgen

    for relative, text in fake_generators.items():
        temp_corpus.write_text(relative, text)
    monkeypatch.setattr(vectorgen, "authoring_problems", lambda: ["fam: v-1: broken"])
    found = temp_corpus.check("generated")
    assert [p.message for p in found] == ["authoring problem: fam: v-1: broken"]


def test_the_shipped_rulebook_has_no_repository_rule(seeded):
    """`oasis-si-vectors check` holds a corpus to the shipped rules only."""
    assert not {"generated", "ledger", "spec-map"} & set(checks.RULES)
    assert set(rulebook()) == set(checks.RULES) | {"generated", "ledger", "spec-map"}
    with pytest.raises(ValueError, match="no such rule: generated"):
        checks.check_corpus(seeded.root, rules=["generated"])


# the ledger and SPEC_MAP.md -----------------------------------------------------------------


def _ledger(temp_corpus, change):
    document = yamlsafe.load(LEDGER.read_text(encoding="utf-8"))
    change(document)
    path = temp_corpus.root.parent / "ledger.yaml"
    path.write_text(yamlsafe.dump(document), encoding="ascii")
    return path


def test_ledger_naming_a_missing_function(temp_corpus):
    path = _ledger(
        temp_corpus,
        lambda d: d["clauses"]["3.1"]["implemented_by"].append(
            "oasis_si_reference.text.no_such_function"
        ),
    )
    found = temp_corpus.check("ledger", ledger=path)
    assert len(found) == 1 and "no_such_function" in found[0].message
    assert found[0].file == path
    lines = path.read_text().splitlines()
    assert "no_such_function" in lines[found[0].line - 1]


def test_ledger_missing_or_unknown_clause(temp_corpus):
    def change(document):
        del document["clauses"]["2.3"]
        document["clauses"]["9.9"] = {"implemented_by": ["oasis_si_reference.text.fold"]}

    path = _ledger(temp_corpus, change)
    messages = sorted(p.message for p in temp_corpus.check("ledger", ledger=path))
    assert messages == ["clause 2.3 has no ledger entry", "clause 9.9 is not in clauses.yaml"]


def test_every_edition_change_is_bound_in_the_ledger(temp_corpus):
    """An edition's change of a clause (vectors/editions.yaml) must name its implementation in
    the ledger, and the ledger binds no change an edition does not make."""

    def unbind(document):
        document["clauses"]["2.2"].pop("editions")

    found = temp_corpus.check("ledger", _ledger(temp_corpus, unbind))
    assert [p.message for p in found] == [
        f"edition {AMENDED} changes clause 2.2; the ledger binds no implementation"
    ]
    amended = real_catalog("editions.yaml")["editions"][1]
    assert any(change["clause"] == "2.2" for change in amended["changes"])

    def overbind(document):
        document["clauses"]["3.1"]["editions"] = {AMENDED: {
            "implemented_by": ["oasis_si_reference.text.fold"]}}

    found = temp_corpus.check("ledger", _ledger(temp_corpus, overbind))
    assert [p.message for p in found] == [
        f"edition {AMENDED} does not change clause 3.1 (vectors/editions.yaml)"
    ]


def test_ledger_shape(temp_corpus):
    path = _ledger(temp_corpus, lambda d: d["clauses"]["3.1"].pop("implemented_by"))
    found = temp_corpus.check("ledger", ledger=path)
    assert found and "implemented_by" in found[0].message


def test_missing_and_stale_spec_map(seeded):
    assert [p.message.split(";")[0] for p in seeded.check("spec-map")] == ["missing"]
    repository = seeded.repository()
    specmap.write(repository.vectors, repository.ledger, repository.spec_map)
    assert seeded.check("spec-map") == []
    seeded.write("3.1/a.yaml", [identifier_vector("more", "a", "a", True)])
    found = seeded.check("spec-map")
    assert len(found) == 1 and found[0].message.startswith("stale")
    line = (seeded.root.parent / "SPEC_MAP.md").read_text().splitlines()[found[0].line - 1]
    assert "Corpus digest" in line  # the first difference: the digest covers every file


def test_spec_map_is_not_generated_from_a_corpus_that_does_not_load(seeded):
    seeded.write_text("3.1/broken.yaml", "format: 1\nvectors: [")
    assert seeded.check("spec-map") == []  # the schema rule reports the file
    repository = seeded.repository()
    with pytest.raises(ValueError, match="broken.yaml"):
        specmap.write(repository.vectors, repository.ledger, repository.spec_map)


# check_corpus as a whole --------------------------------------------------------------------


def test_check_corpus_reports_every_rule_and_rejects_unknown_rules(seeded):
    dup = copy.deepcopy(seed_vector(SCORED))
    seeded.write("5.1/dup.yaml", [dup])
    found = checks.check_corpus(seeded.root)
    rules = {p.rule for p in found}
    assert {
        "duplicate-id",
        "clause-coverage",
        "register-pairs",
        "manifest",
        "minimum-counts",
    } <= rules
    with pytest.raises(ValueError, match="no such rule"):
        checks.check_corpus(seeded.root, rules=["nonsense"])


def test_problem_renders_path_line_message(seeded):
    problem = checks.Problem(seeded.root / SEED_FILE, 7, "broken", "rule")
    assert problem.where(seeded.root) == f"{SEED_FILE}:7"
    assert str(problem).endswith(f"{SEED_FILE}:7: broken [rule]")


def test_tools_check_runs_shipped_and_repository_rules_on_the_checkout(capsys, monkeypatch):
    """`python -m tools.check`: the repository's rulebook over vectors/; exit 1 on problems."""
    from tools import check, corpusrules

    assert check.main(["--rule", "flags", "--rule", "ledger"]) == 0
    assert capsys.readouterr().err == "ok\n"
    broken = corpusrules.Repository(ledger=LEDGER.with_name("no-such-ledger.yaml"))
    monkeypatch.setattr(check, "Repository", lambda **_: broken)
    assert check.main(["--rule", "ledger"]) == 1
    out = capsys.readouterr().out
    assert "no-such-ledger.yaml:1:" in out and out.rstrip().endswith("[ledger]")


# description-editions -----------------------------------------------------------------------


def _window_vector(description: str) -> dict:
    """factor_identified across two sentences: false under the seed, true under the amendment
    (its radius-one window), as the corpus's factor-op-sentence-next-sentence."""
    return {
        "id": "next-sentence",
        "clauses": ["2.2"],
        "operation": "factor_identified",
        "description": description,
        "input": {
            "evidence": {"final_answer": "SMTP_PORT is the problem. It is missing."},
            "required_identifiers": ["SMTP_PORT"],
            "deviation_type": "absent_key",
            "channels": ["agent_response"],
            "exclude_tool_echo": False,
        },
        "expected": {"value": False},
        # every edition from the amendment on reads the window so
        "editions": {name: {"expected": {"value": True}} for name in NAMES[1:]},
    }


@pytest.mark.parametrize(
    ("description", "contradicted"),
    [
        ("same sentence: 'SMTP_PORT is the problem. It is missing.': False.", True),
        ("the synonym in the next sentence -> true.", True),
        ("the synonym in the next sentence: False under 0.3.0-rc1, True under "
         "0.3.0-rc1+2026-08-22.", False),
        (f"the synonym in the next sentence: {', '.join(f'True under {n}' for n in NAMES)}.",
         False),
        ("the synonym in the next sentence", False),
        ("quoted text is the case: 'SMTP_PORT: True.'", False),
    ],
)
def test_a_description_contradicting_an_editions_expectation_is_found(
    temp_corpus, description: str, contradicted: bool
):
    path = temp_corpus.write("2.2/w.yaml", [_window_vector(description)])
    found = temp_corpus.check("description-editions")
    if not contradicted:
        assert found == []
        return
    # 'False' is contradicted under each edition from the amendment on, 'true' under the seed
    unders = NAMES[1:] if "False" in description else NAMES[:1]
    assert [p.rule for p in found] == ["description-editions"] * len(unders)
    assert at(found, path, temp_corpus.line("2.2/w.yaml", "description:", 2)), found
    for problem, under in zip(found, unders, strict=True):
        assert f"does not hold under edition {under}" in problem.message


def test_a_description_claim_about_a_key_the_outcome_lacks_holds_nothing():
    from oasis_si_conformance.editing import descriptions

    [claim] = descriptions.claims("Matched -> row 2.")
    assert (claim.key, claim.value) == ("row", 2)
    assert claim.holds_in({"row": 2}) is True and claim.holds_in({"row": 3}) is False
    assert claim.holds_in({"binding_error": "missing_role"}) is None


def test_a_description_speaks_per_edition_when_it_names_two():
    from oasis_si_conformance.editing import descriptions

    known = real_catalog("editions.yaml")["editions"]
    assert len(known) >= 2 and known[0].get("base") is None
    assert not descriptions.names_editions("Under the seed it matches.", known)
    assert descriptions.names_editions(
        f"Under the seed it matches; under {known[1]['name']} it does not.", known
    )


def test_a_description_row_claim_is_read_under_every_edition(temp_corpus):
    """A vector without an editions block: a wrong row is wrong under each edition."""
    record = seed_vector(SCORED)
    record["description"] = record["description"] + " -> row 2."
    temp_corpus.write("5.1/s.yaml", [record])
    found = temp_corpus.check("description-editions")
    assert len(found) == len(NAMES) and "'-> row 2'" in found[0].message  # row 3 under each


def test_the_reference_is_not_held_where_a_decision_closes_or_joins_the_vectors_entry():
    """The reference rule leaves the reference unheld under an edition that decides, otherwise
    than it reads, an entry the vector's outcome rests on: its own entry, the entry that makes
    its entry arise (ECHO-LINE for an ECHO-TRIM probe) and the entries of its `joint`."""
    entries = {e["id"]: e for e in real_catalog("register.yaml")["entries"]}
    probe = corpus.vector_from_record(
        ambiguity_vector("p", {"unicode": {"match": True}}, entry="ECHO-TRIM"), "f", "f:1"
    )
    assert checks.entries_of(probe, entries) == {"ECHO-TRIM", "ECHO-LINE"}
    joint = corpus.vector_from_record(
        {**ambiguity_vector("j", {"folded": {"match": True}}, entry="DELIM-FOLDED"),
         "joint": {"FOLD-MAPPING": {"simple-casefold": {"folded": {"match": False}}}}},
        "f", "f:1",
    )
    assert checks.entries_of(joint, entries) == {"DELIM-FOLDED", "FOLD-MAPPING"}
    plain = corpus.vector_from_record(
        ambiguity_vector("q", {"folded": {"match": True}}, entry="DELIM-FOLDED"), "f", "f:1"
    )
    assert checks.entries_of(plain, entries) == {"DELIM-FOLDED"}


def test_each_claim_keeps_the_words_of_the_description_that_state_it():
    from oasis_si_conformance.editing import descriptions

    found = descriptions.claims("Both match: True; -> row 3, and it scores 0.75 'scores 0.1'.")
    assert [(c.key, c.value, c.text) for c in found] == [
        ("value", True, ": True"),
        ("row", 3, "-> row 3"),
        ("score", "0.75", "scores 0.75"),
    ]


def test_a_vector_tells_two_readings_apart_only_when_it_states_both():
    from oasis_si_conformance.corpus.corpus import Vector

    readings = {"ascii": {"match": True}, "unicode": {"match": False}, "python": {"match": True}}
    vector = Vector(id="v", clauses=("3.2",), operation="identifier_match", description="d",
                    input={}, ambiguity="SENT-WS", readings=readings)
    assert checks.tells_apart(vector, "ascii", "unicode")
    assert not checks.tells_apart(vector, "ascii", "python")
    assert not checks.tells_apart(vector, "ascii", "java")
    assert not checks.tells_apart(vector, "java", "unicode")
