"""`oasis-si-vectors` (oasis_si_conformance.editor): new, check, manifest, explain."""

import json

import attrs
import pytest
from corpus_helpers import (
    SEED_FILE,
    VECTORS,
    identifier_vector,
    real_catalog,
    seed_vector,
    seed_vectors,
)

from oasis_si_conformance import editor, operations, traces
from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.editing import checks, explain


def run(capsys, root, *args):
    """Run the command on a throw-away corpus; (exit code, stdout, stderr)."""
    code = editor.main(["--root", str(root), *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# new ----------------------------------------------------------------------------------------


def test_new_creates_a_file_with_a_stub_that_check_flags_until_filled_in(seeded, capsys):
    code, out, _ = run(
        capsys,
        seeded.root,
        "new",
        "3.1-identifiers/hand.yaml",
        "--id",
        "hand-one",
        "--clause",
        "3.1",
        "--operation",
        "identifier_match",
        "--description",
        "a hand-written case",
    )
    assert code == 0
    path = seeded.root / "3.1-identifiers/hand.yaml"
    stub_line = seeded.line("3.1-identifiers/hand.yaml", "id: hand-one")
    assert out.strip().endswith(
        f"hand.yaml:{stub_line}: new vector hand-one: fill in the input and the TODO outcome"
    )
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    vector = document["vectors"][0]
    assert vector["input"] == {"text": "", "identifier": ""} and vector["expected"] == "TODO"
    assert document["family"] == "hand"
    found = seeded.check("schema")
    assert [p.file for p in found] == [path] and "TODO" in found[0].message
    assert found[0].line == seeded.line("3.1-identifiers/hand.yaml", "expected: TODO")


def test_new_appends_with_the_files_indentation_and_refuses_duplicates(seeded, capsys):
    args = ["--clause", "3.2", "--operation", "split_sentences", "--description", "d"]
    original = (VECTORS / SEED_FILE).read_text(encoding="ascii")  # hand-written: items at column 2
    seeded.write_text(SEED_FILE, original)
    assert run(capsys, seeded.root, "new", SEED_FILE, "--id", "appended", *args)[0] == 0
    text = (seeded.root / SEED_FILE).read_text(encoding="ascii")
    assert text.startswith(original)  # appended, nothing rewritten
    ids = [v["id"] for v in yamlsafe.load(text)["vectors"]]
    assert ids[-1] == "appended" and len(ids) == 5
    assert (
        "\n  - id: appended\n" in text and "\n  - id: seed-smtp-port-old-does-not-match\n" in text
    )
    code, _, err = run(capsys, seeded.root, "new", "3.2/other.yaml", "--id", "appended", *args)
    assert code == 2 and "duplicate id 'appended'" in err and SEED_FILE in err
    code, _, err = run(
        capsys,
        seeded.root,
        "new",
        "3.2/other.yaml",
        "--id",
        "seed-smtp-port-old-does-not-match",
        *args,
    )
    assert code == 2 and "duplicate id" in err
    assert not (seeded.root / "3.2/other.yaml").exists()


def test_filled_in_stub_passes_every_vector_rule(seeded, capsys):
    run(
        capsys,
        seeded.root,
        "new",
        "3.1/hand.yaml",
        "--id",
        "filled",
        "--clause",
        "3.1",
        "--operation",
        "identifier_match",
        "--description",
        "d",
        "--flag",
        "seed-example",
    )
    path = seeded.root / "3.1/hand.yaml"
    text = path.read_text(encoding="ascii")
    text = text.replace("text: ''", "text: smtp_port").replace(
        "identifier: ''", "identifier: SMTP_PORT"
    )
    text = text.replace("expected: TODO", "expected: {match: true}")
    path.write_text(text, encoding="ascii")
    rules = ["schema", "duplicate-id", "unknown-clause", "flags", "reference", "request-schema"]
    assert checks.check_corpus(seeded.root, rules=rules) == []


@pytest.mark.parametrize("operation", operations.NAMES)
def test_every_operation_has_a_valid_input_skeleton(seeded, capsys, operation):
    run(
        capsys,
        seeded.root,
        "new",
        "x/stub.yaml",
        "--id",
        "stub",
        "--clause",
        "5.1",
        "--operation",
        operation,
        "--description",
        "d",
    )
    vector = yamlsafe.load((seeded.root / "x/stub.yaml").read_text(encoding="ascii"))["vectors"][0]
    document = {
        "format": 1,
        "family": "x",
        "description": "x",
        "vectors": [dict(vector, expected={"match": True})],
    }
    from oasis_si_schemas import validator

    assert list(validator("vectors").iter_errors(document)) == []


def test_new_ambiguity_stub_lists_every_reading(seeded, capsys):
    code, _, _ = run(
        capsys,
        seeded.root,
        "new",
        "3.2/amb.yaml",
        "--id",
        "amb",
        "--clause",
        "3.2",
        "--operation",
        "split_sentences",
        "--description",
        "d",
        "--ambiguity",
        "SENT-NEWLINE",
    )
    assert code == 0
    vector = yamlsafe.load((seeded.root / "3.2/amb.yaml").read_text(encoding="ascii"))["vectors"][0]
    assert vector["ambiguity"] == "SENT-NEWLINE"
    register = {e["id"]: e for e in real_catalog("register.yaml")["entries"]}
    listed = register["SENT-NEWLINE"]["readings"]
    assert vector["readings"] == {reading: "TODO" for reading in listed}
    assert len(vector["readings"]) >= 3
    assert "expected" not in vector


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--clause", "9.9"], "unknown clause 9.9"),
        (["--clause", "3.1", "--ambiguity", "NO-SUCH"], "no register entry 'NO-SUCH'"),
        (["--clause", "3.1", "--id", "Not_A_Slug"], "not a slug"),
    ],
)
def test_new_refusals(seeded, capsys, args, message):
    base = ["new", "3.1/x.yaml", "--operation", "identifier_match", "--description", "d"]
    if "--id" not in args:
        base += ["--id", "fine-id"]
    code, _, err = run(capsys, seeded.root, *base, *args)
    assert code == 2 and message in err


def test_new_refuses_generated_and_catalog_files(seeded, capsys):
    seeded.write(
        "3.1/gen.yaml",
        [identifier_vector("gen", "a", "a", True)],
        generated_by="tools/vectorgen/x.py",
    )
    base = ["--id", "x", "--clause", "3.1", "--operation", "identifier_match", "--description", "d"]
    code, _, err = run(capsys, seeded.root, "new", "3.1/gen.yaml", *base)
    assert code == 2 and "generated" in err
    code, _, err = run(capsys, seeded.root, "new", "flags.yaml", *base)
    assert code == 2 and "catalog file" in err


def test_new_refuses_a_ratified_entry(seeded, capsys):
    register = yamlsafe.load((seeded.root / "register.yaml").read_text())
    register["entries"][0]["ratified"] = {
        "reading": register["entries"][0]["reference"],
        "by": "minutes",
    }
    seeded.write_catalog("register.yaml", register)
    entry = register["entries"][0]["id"]
    code, _, err = run(
        capsys,
        seeded.root,
        "new",
        "3.1/x.yaml",
        "--id",
        "x",
        "--clause",
        "3.1",
        "--operation",
        "identifier_match",
        "--description",
        "d",
        "--ambiguity",
        entry,
    )
    assert code == 2 and "ratified" in err


# check --------------------------------------------------------------------------------------


def test_check_exit_zero_when_the_rules_hold(seeded, capsys):
    code, out, err = run(
        capsys,
        seeded.root,
        "check",
        "--rule",
        "duplicate-id",
        "--rule",
        "reference",
        "--rule",
        "flags",
    )
    assert (code, out) == (0, "") and "ok" in err


def test_check_prints_path_line_message_and_exits_one(seeded, capsys, monkeypatch):
    seeded.write("3.1/a.yaml", [identifier_vector("wrong", "SMTP_PORT_OLD", "SMTP_PORT", True)])
    monkeypatch.chdir(seeded.root.parent)
    code, out, err = run(capsys, seeded.root, "check", "--skip", "minimum-counts")
    assert code == 1 and "problems" in err
    line = seeded.line("3.1/a.yaml", "expected:")
    assert (
        f"vectors/3.1/a.yaml:{line}: the reference disagrees with wrong: match: expected True, got"
        " False [reference]"
        in out.splitlines()
    )
    assert "[minimum-counts]" not in out
    assert all(":" in row.split(" ")[0] for row in out.splitlines())


# manifest -----------------------------------------------------------------------------------


def test_manifest_writes_the_digest(seeded, capsys):
    code, out, _ = run(capsys, seeded.root, "manifest")
    assert code == 0 and "wrote:" in out and "MANIFEST.json" in out
    manifest = json.loads((seeded.root / "MANIFEST.json").read_text())
    assert manifest == corpus.build_manifest(seeded.root)
    assert seeded.check("manifest") == []
    code, out, _ = run(capsys, seeded.root, "manifest")
    assert "unchanged:" in out


def test_check_offers_the_shipped_rules_only(seeded, capsys):
    """The repository-only rules (generated, ledger, spec-map) are `python -m tools.check`'s."""
    with pytest.raises(SystemExit):
        run(capsys, seeded.root, "check", "--rule", "spec-map")
    assert "invalid choice: 'spec-map'" in capsys.readouterr().err


# explain ------------------------------------------------------------------------------------


def test_explain_score_scenario_names_the_row_and_the_primitives(seeded, capsys):
    code, out, _ = run(capsys, seeded.root, "explain", "seed-something-wrong-scores-half")
    assert code == 0
    assert "expected (normative): " in out and "(agrees)" in out
    assert "row 3: when named_in_output -> subsystem_identified (0.5)  <- first match" in out
    assert "factor_identified = False" in out and "named_in_output = True" in out
    assert "synonym of absent_key False" in out  # why row 2 failed


def test_explain_numbers_table_rows_from_one_and_spells_composite_conditions(bundled_vectors):
    by_id = {vector.id: vector for vector in bundled_vectors}
    table = by_id["first-match-table-2-rows-ff"].input
    assert list(traces.evaluate_table(dict(table)))[:3] == [
        f"row {n}: value {row['value']} -> {row['label']} ({row['score']})"
        for n, row in enumerate(table["rows"], start=1)
    ] + [f"row 3 (else) -> {table['else']['label']} ({table['else']['score']})"]
    lines = list(traces.score_scenario(dict(by_id["composite-example-over-budget-perfect"].input)))
    assert "row 2: when (root and locus) -> full (1.0)" in lines
    assert "row 3: when (root or locus) -> partial (0.5)" in lines


def test_explain_shows_echo_exclusion(seeded, capsys):
    _, out, _ = run(capsys, seeded.root, "explain", "seed-manifest-dump-is-not-a-finding")
    assert "echo, out of scope" in out and "row 4: else -> incorrect (0.0)  <- first match" in out


def test_explain_ambiguity_vector_gives_the_question_and_the_reference_reading(seeded, capsys):
    vector = seed_vector("seed-smtp-port-lowercase-matches")
    vector.pop("expected")
    vector.update(
        id="amb",
        ambiguity="FOLD-ORDER",
        readings={"nfc-then-fold": {"match": True}, "fold-then-nfc": {"match": False}},
    )
    seeded.write("3.1/amb.yaml", [vector])
    _, out, _ = run(capsys, seeded.root, "explain", "amb")
    assert "ambiguity FOLD-ORDER (clause 3.1): Is NFC applied before or after case mapping?" in out
    assert 'nfc-then-fold: {"match": true}  <- the reference\'s reading' in out
    assert "readings it satisfies: nfc-then-fold" in out
    assert "occurrence at 0: before start of text, after end of text -> delimited: a match" in out


def test_explain_shows_a_disagreement_and_a_binding_error(seeded, capsys):
    vector = seed_vector("seed-something-wrong-scores-half")
    vector.update(id="widened", expected={"score": 0.5, "label": "subsystem_identified", "row": 3})
    vector["input"]["scenario"]["scoring"]["channels"] = ["reasoning_trace"]
    seeded.write("2.5/a.yaml", [vector])
    _, out, _ = run(capsys, seeded.root, "explain", "widened")
    assert "DISAGREES" in out and "binding error channel_widening" in out


def test_explain_unknown_id(seeded, capsys):
    code, _, err = run(capsys, seeded.root, "explain", "no-such-vector")
    assert code == 2 and "no vector 'no-such-vector'" in err


def test_explain_takes_several_ids_and_names_every_unknown_one(seeded, capsys):
    ids = ["seed-manifest-dump-is-not-a-finding", "seed-something-wrong-scores-half"]
    code, out, err = run(capsys, seeded.root, "explain", *ids)
    assert code == 0 and "explained 2 vectors" in err
    headings = [line.split()[0] for line in out.splitlines() if "  (seed-examples.yaml at " in line]
    assert headings == ids
    alone = "".join(run(capsys, seeded.root, "explain", vid)[1] for vid in ids)
    assert out == alone.replace("\n" + ids[1] + "  (", "\n\n" + ids[1] + "  (", 1)
    code, _, err = run(capsys, seeded.root, "explain", ids[0], "nope", "nada")
    assert code == 2 and "no vector 'nope', 'nada'" in err


def test_explain_selects_with_k_as_the_runner_does(seeded, capsys):
    code, out, err = run(capsys, seeded.root, "explain", "-k", "5,3.1,!seed-smtp-port-old")
    selected = [
        v.id
        for v in corpus.load_corpus(seeded.root)
        if {"3.1", "5.1"} & set(v.clauses) and "seed-smtp-port-old" not in v.id
    ]
    assert code == 0 and len(selected) > 1 and f"explained {len(selected)} vectors" in err
    assert [line.split()[0] for line in out.splitlines() if "  (seed-examples" in line] == selected
    code, _, err = run(capsys, seeded.root, "explain", "-k", "9.9")
    assert code == 2 and "-k 9.9 selects no vector" in err
    code, _, err = run(capsys, seeded.root, "explain")
    assert code == 2 and "name a vector id, or select vectors with -k" in err


def test_explain_reads_a_vector_under_an_edition(seeded, capsys):
    vector = seed_vector("seed-something-wrong-scores-half")
    amended = "0.3.0-rc1+2026-08-22"
    other = {"score": 0.0, "label": "x", "row": 4}
    vector.update(id="edited", editions={amended: {"expected": other}})
    seeded.write("2.2/e.yaml", [vector])
    _, out, _ = run(capsys, seeded.root, "explain", "edited")
    assert f"edition: 0.3.0-rc1 (another outcome is stated under {amended})" in out
    assert "(agrees)" in out
    _, out, _ = run(capsys, seeded.root, "explain", "edited", "--edition", amended)
    assert f"edition: {amended} (another outcome is stated under 0.3.0-rc1" in out
    assert 'expected (normative): {"score": 0.0, "label": "x", "row": 4}' in out
    assert "DISAGREES" in out
    code, _, err = run(capsys, seeded.root, "explain", "edited", "--edition", "0.4")
    names = ", ".join(e["name"] for e in real_catalog("editions.yaml")["editions"])
    assert code == 2 and f"no edition '0.4'; the known editions: {names}" in err


def test_a_trace_that_fails_is_one_line_saying_so_not_an_absence():
    """`why:` joins the trace's lines, whatever the input: a trace the operation cannot take
    is still a list, of the one line naming the failure."""
    good = corpus.Vector(
        id="v", clauses=("3.2",), operation="split_sentences", description="d", input={"text": "A."}
    )
    assert isinstance(explain.trace(good), list) and explain.trace(good)
    for broken in (
        attrs.evolve(good, input={}),  # no text to split
        attrs.evolve(good, operation="no_such_operation"),
    ):
        lines = explain.trace(broken)
        assert isinstance(lines, list) and len(lines) == 1
        assert lines[0].startswith("(trace failed: KeyError")


def test_explain_loads_the_corpus_once_and_from_the_cache(seeded, capsys, monkeypatch, tmp_path):
    """No corpus rule runs, and with these files in the cache of loaded corpora no YAML
    vector file is parsed at all."""
    monkeypatch.setenv("OASIS_SI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(checks, "load_context", _refuse)
    assert run(capsys, seeded.root, "explain", "seed-something-wrong-scores-half")[0] == 0
    monkeypatch.setattr(corpus, "load_file", _refuse)
    code, out, _ = run(capsys, seeded.root, "explain", "-k", "seed-")
    assert code == 0 and out.count("why:\n") == len(seed_vectors())
    with pytest.raises(AssertionError, match="refused"):  # --no-cache parses the files again
        run(capsys, seeded.root, "explain", "--no-cache", "-k", "seed-")


def test_explain_leaves_out_a_broken_file_and_explains_the_rest(seeded, capsys):
    broken = dict(seed_vector("seed-smtp-port-old-does-not-match"), id="broken", operation="x")
    seeded.write("3.1/broken.yaml", [broken])
    seeded.write_text("flags.yaml", "flags: [unclosed\n")
    code, out, _ = run(capsys, seeded.root, "explain", "seed-smtp-port-old-does-not-match")
    assert code == 0 and "not delimited" in out and "flag seed-example: (undocumented)" in out
    code, _, err = run(capsys, seeded.root, "explain", "broken")
    assert code == 2 and "files that fail the schema are not searched; run check" in err


def _refuse(*args, **kwargs):
    raise AssertionError("refused")


@pytest.mark.parametrize(
    ("operation", "params", "needle"),
    [
        ("split_sentences", {"text": "A. B"}, 'sentences: ["A.", " B"]'),
        (
            "synonym_match",
            {"text": "The key is unset", "deviation_type": "absent_key"},
            'found (as substrings): ["unset"]',
        ),
        (
            "count_steps",
            {"evidence": {"actions": [{"tool": "a"}, {"tool": "b", "error": "x"}]}},
            "errored ones included): 2",
        ),
        (
            "within_step_budget",
            {"evidence": {"final_answer": "x", "actions": []}, "n": 3},
            "steps: 0 against a budget of 3",
        ),
        (
            "evaluate_table",
            {
                "rows": [{"value": False, "score": 1, "label": "a"}],
                "else": {"score": 0, "label": "b"},
            },
            "first match wins: row 2",
        ),
        (
            "factor_identified",
            {
                "evidence": {"final_answer": "SMTP_PORT is missing."},
                "required_identifiers": ["SMTP_PORT"],
                "deviation_type": "absent_key",
                "channels": ["agent_response"],
                "exclude_tool_echo": True,
            },
            'sentence "smtp_port is missing." (agent_response): identifier True, synonym of'
            " absent_key True: co-occurs True",
        ),
        (
            "named_in_output",
            {
                "evidence": {"final_answer": "see smtp-config"},
                "identifier_set": ["smtp-config"],
                "channels": ["agent_response"],
                "exclude_tool_echo": False,
            },
            'identifier "smtp-config" named in scope of agent_response: True',
        ),
    ],
)
def test_trace_of_each_operation(operation, params, needle):
    vector = corpus.Vector(
        id="t", clauses=("3.1",), operation=operation, description="t", input=params, expected={}
    )
    from oasis_si_conformance.editing.explain import trace

    assert needle in "\n".join(trace(vector))


def test_root_may_follow_the_subcommand(seeded, capsys):
    code = editor.main(["explain", "seed-smtp-port-old-does-not-match", "--root", str(seeded.root)])
    assert code == 0 and "not delimited" in capsys.readouterr().out


def test_run_check_runs_the_rules_named_less_those_skipped(seeded):
    seeded.write("3.1/a.yaml", [identifier_vector("wrong", "SMTP_PORT_OLD", "SMTP_PORT", True)])
    rules = ["duplicate-id", "reference"]
    found = editor.run_check(seeded.root, rules, [])
    assert [problem.rule for problem in found] == ["reference"]
    assert editor.run_check(seeded.root, rules, ["reference"]) == []


def test_a_command_whose_standard_output_closes_early_exits_0(monkeypatch) -> None:
    """`oasis-si-vectors list | head`: what was asked was shown; the exit status is 0."""
    from oasis_si_conformance import output

    gone: list[bool] = []

    def closed(*_args: object) -> int:
        raise BrokenPipeError

    monkeypatch.setitem(editor.COMMANDS, "schemas-path", closed)
    monkeypatch.setattr(output, "stdout_gone", lambda: gone.append(True))
    assert editor.main(["schemas-path"]) == 0
    assert gone == [True]


def test_schemas_path_exits_0(capsys) -> None:
    from pathlib import Path

    assert editor.main(["schemas-path"]) == 0
    assert (Path(capsys.readouterr().out.strip()) / "scenario.schema.json").is_file()
