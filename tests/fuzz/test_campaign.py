"""Fuzz campaigns (`oasis-si-fuzz --candidate ... --candidate ...`): the SENT-WS judge, what a
candidate follows, how a disagreement is classed, and whole campaigns of independent
evaluators that differ in one reading, with and without a normative defect; the argument
vectors are never shell-interpreted, bad --candidate values are usage errors."""

import itertools
import json
import shlex
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import attrs
import pytest

from oasis_si_conformance.fuzz import campaign_judges as J
from oasis_si_conformance.fuzz import disagreement as D
from oasis_si_conformance.fuzz.classify import ClassKey
from oasis_si_conformance.fuzz.cli import main as fuzz_main
from oasis_si_conformance.fuzz.cli import parser
from oasis_si_conformance.fuzz.differential import Planned
from oasis_si_conformance.fuzz.summary import Divergence
from oasis_si_reference.editions import EDITIONS
from oasis_si_schemas import validator

ROOT = Path(__file__).resolve().parents[2]
ZOO = ROOT / "tests" / "runner" / "zoo"
FIRST = "0.3.0-rc1"  # the independent evaluator declares the label both editions carry
REFERENCE = f"{shlex.quote(sys.executable)} -m oasis_si_reference.server"


def _independent(*options: str) -> str:
    return shlex.join([sys.executable, "-m", "oasis_si_conformance.independent", *options])


def _campaign(
    tmp_path: Path, *candidates: str, examples: int = 300, ops: str = "", shrink: str = "5"
) -> list[str]:
    argv = ["--seed", "1", "--max-examples", str(examples), "--time-budget", "50"]
    argv += ["--shrink-budget", shrink, "--edition", FIRST, "--out", str(tmp_path), "--quiet"]
    argv += ["--ops", ops] if ops else []
    for candidate in candidates:
        argv += ["--candidate", candidate]
    return argv


def _document(tmp_path: Path) -> dict:
    document = json.loads((tmp_path / "fuzz-campaign.json").read_text())
    assert not list(validator("fuzz-campaign").iter_errors(document))
    return document


# The SENT-WS judge ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "sentences"),
    [
        # U+001F: whitespace for python and java only; U+00A0: for unicode, python, ecmascript.
        ("unicode", ["A.\x1fB.", "C.", "D"]),
        ("python", ["A.", "\x1fB.", "C.", "D"]),
        ("java", ["A.", "\x1fB.", "C.\xa0D"]),
        ("ascii", ["A.\x1fB.", "C.\xa0D"]),
        ("ecmascript", ["A.\x1fB.", "C.", "D"]),
    ],
)
def test_sent_ws_readings_split_where_their_whitespace_follows_a_terminator(reading, sentences):
    """§3.2: a terminator ends a sentence when whitespace follows; each reading's whitespace
    is its set in the register (the expectations here are written from the register's
    code_points, not computed)."""
    case = {"operation": "split_sentences", "input": {"text": "A.\x1fB. C.\xa0D"}}
    edition = EDITIONS[FIRST]
    assert J.CAMPAIGN_JUDGES["SENT-WS"].outcome(case, reading, edition) == {"sentences": sentences}


def test_a_case_only_on_sent_ws_is_planned_with_every_reading():
    case = {"operation": "split_sentences", "input": {"text": "A.\xa0B"}}
    planned = J.plan_case(0, case, (), EDITIONS[FIRST])
    assert isinstance(planned, Planned)
    assert planned.points == ("SENT-WS",)
    outcomes = dict(planned.outcomes())
    assert outcomes["reference"] == {"sentences": ["A.", "B"]}
    assert outcomes["SENT-WS=ascii"] == {"sentences": ["A.\xa0B"]}
    assert outcomes["SENT-WS=java"] == {"sentences": ["A.\xa0B"]}
    assert outcomes["SENT-WS=python"] == {"sentences": ["A.", "B"]}


def test_a_case_on_sent_ws_outside_split_sentences_stays_skipped():
    text = "SMTP_PORT is missing.\xa0Then smtp-config."
    case = {"operation": "synonym_match", "input": {"text": text, "deviation_type": "absent_key"}}
    # synonym_match splits nothing: the point is not even touched there.
    assert isinstance(J.plan_case(0, case, (), EDITIONS[FIRST]), Planned)
    nbsp_split = {"operation": "split_sentences", "input": {"text": "A.\xa0B\r\nC"}}
    assert J.plan_case(0, nbsp_split, (), EDITIONS[FIRST]) == frozenset({"SENT-WS", "SENT-NEWLINE"})


def test_a_list_trace_is_planned_with_each_way_of_joining_it():
    """TRACE-LIST (a point the register lacks): a reasoning_trace recorded as a list is read
    as its strings joined by LF (the reference), by a space, or by nothing; only the last
    glues "SMTP" and "_PORT" into the identifier (§3.1)."""
    evidence = {"final_answer": "x", "reasoning_trace": ["see SMTP", "_PORT now"], "actions": []}
    params = {
        "evidence": evidence,
        "channels": ["reasoning_trace"],
        "identifier_set": ["SMTP_PORT"],
        "exclude_tool_echo": False,
    }
    case = {"operation": "named_in_output", "input": params}
    planned = J.plan_case(0, case, (), EDITIONS[FIRST])
    assert isinstance(planned, Planned)
    assert planned.outcomes() == [
        ("reference", {"value": False}),
        ("TRACE-LIST=space", {"value": False}),
        ("TRACE-LIST=nothing", {"value": True}),
    ]
    gluing = D.Answer(1, "b", None, J.followed(planned, ["TRACE-LIST=nothing"]), None, "b")
    reading_lf = D.Answer(
        0, "a", None, J.followed(planned, ["reference", "TRACE-LIST=space"]), None, "a"
    )
    ((key, follows),) = D.disagreement(planned, [reading_lf, gluing], NAMES)
    assert key.kind == "open-point"
    assert follows == {
        "candidate 1": {"TRACE-LIST": frozenset({"lf", "space"})},
        "candidate 2": {"TRACE-LIST": frozenset({"nothing"})},
    }


# What a candidate follows, and disagreement classes ------------------------------------------


def _planned(points: tuple[str, ...]) -> Planned:
    case = {"operation": "split_sentences", "input": {"text": "x"}}
    return Planned(0, case, {"sentences": ["x"]}, (), points, frozenset(points))


def test_followed_reads_combination_labels():
    planned = _planned(("BIND-RESTATED", "BIND-EXTRA-FIELD"))
    assert J.followed(planned, ["reference", "BIND-EXTRA-FIELD=reject"]) == {
        "BIND-RESTATED": frozenset({"reject"}),
        "BIND-EXTRA-FIELD": frozenset({"ignore", "reject"}),
    }
    assert J.followed(planned, ["BIND-RESTATED=ignore, BIND-EXTRA-FIELD=reject"]) == {
        "BIND-RESTATED": frozenset({"ignore"}),
        "BIND-EXTRA-FIELD": frozenset({"reject"}),
    }


def _answer(member: int, text: str, follows: dict, divergence=None, joint=None) -> D.Answer:
    """An answer holding under every combination of the readings it follows on each point
    (unless `joint` says which combinations)."""
    if joint is None:
        points = sorted(follows)
        joint = {
            tuple(zip(points, combination, strict=True))
            for combination in itertools.product(*(sorted(follows[p]) for p in points))
        }
    return D.Answer(member, text, divergence, follows, None, text, frozenset(joint))


def test_answers_each_entry_alone_shares_but_no_combination_does_disagree_by_reading():
    """Two entries: one answer holds under (SENT-WS=unicode, ANSWER-BLANK=non-empty) and
    (SENT-WS=ascii, ANSWER-BLANK=non-blank), the other under the two crossed combinations.
    On each entry alone they share a reading, on the pair none: a difference of readings of
    both entries at once, not of conventions."""
    planned = _planned(("ANSWER-BLANK", "SENT-WS"))
    follows = {"ANSWER-BLANK": frozenset({"non-empty", "non-blank"}),
               "SENT-WS": frozenset({"unicode", "ascii"})}
    straight = {(("ANSWER-BLANK", "non-empty"), ("SENT-WS", "unicode")),
                (("ANSWER-BLANK", "non-blank"), ("SENT-WS", "ascii"))}
    crossed = {(("ANSWER-BLANK", "non-empty"), ("SENT-WS", "ascii")),
               (("ANSWER-BLANK", "non-blank"), ("SENT-WS", "unicode"))}
    answers = [_answer(0, "a", follows, joint=straight), _answer(1, "b", follows, joint=crossed)]
    ((key, _follows),) = D.disagreement(planned, answers, NAMES)
    assert key.kind == "reading" and key.points == ("ANSWER-BLANK", "SENT-WS")
    shared = _answer(1, "b", follows, joint=straight | crossed)
    ((key, _follows),) = D.disagreement(planned, [answers[0], shared], NAMES)
    assert key.kind == "convention"


def test_a_joint_disagreement_is_explained_by_the_entries_the_answers_part_on():
    """Each entry alone is shared and no combination is; the answers follow SENT-WS alike, so
    the entry they part on is ANSWER-BLANK alone."""
    planned = _planned(("ANSWER-BLANK", "SENT-WS"))
    both = _answer(0, "a", {"ANSWER-BLANK": frozenset({"non-empty", "non-blank"}),
                            "SENT-WS": frozenset({"unicode"})},
                   joint={(("ANSWER-BLANK", "non-blank"), ("SENT-WS", "unicode"))})
    one = _answer(1, "b", {"ANSWER-BLANK": frozenset({"non-empty"}),
                           "SENT-WS": frozenset({"unicode"})},
                  joint={(("ANSWER-BLANK", "non-empty"), ("SENT-WS", "unicode"))})
    ((key, follows),) = D.disagreement(planned, [both, one], NAMES)
    assert key.kind == "reading" and key.points == ("ANSWER-BLANK",)
    assert set(follows["candidate 2"]) == {"ANSWER-BLANK"}


def test_assignments_read_every_point_of_a_combination_label():
    planned = _planned(("BIND-RESTATED", "BIND-EXTRA-FIELD"))
    assert J.assignments(planned, ["reference", "BIND-EXTRA-FIELD=reject"]) == {
        (("BIND-RESTATED", "reject"), ("BIND-EXTRA-FIELD", "ignore")),
        (("BIND-RESTATED", "reject"), ("BIND-EXTRA-FIELD", "reject")),
    }


NAMES = ["candidate 1", "candidate 2", "candidate 3"]


def test_a_register_entry_whose_readings_part_the_answers_explains_them():
    planned = _planned(("SENT-WS",))
    answers = [
        _answer(0, "a", {"SENT-WS": frozenset({"unicode", "python"})}),
        _answer(1, "b", {"SENT-WS": frozenset({"ascii"})}),
        _answer(2, "a", {"SENT-WS": frozenset({"python"})}),
    ]
    ((key, follows),) = D.disagreement(planned, answers, NAMES)
    assert key.kind == "reading"
    assert key.points == ("SENT-WS",)
    assert key.groups == (("candidate 1", "candidate 3"), ("candidate 2",))
    assert follows["candidate 2"] == {"SENT-WS": frozenset({"ascii"})}


def test_a_point_the_register_lacks_leaves_the_disagreement_unexplained():
    planned = _planned(("SENT-TRIM",))  # a proposal, not a register entry
    answers = [
        _answer(0, "a", {"SENT-TRIM": frozenset({"white-space"})}),
        _answer(1, "b", {"SENT-TRIM": frozenset({"library-trim"})}),
    ]
    ((key, _follows),) = D.disagreement(planned, answers, NAMES)
    assert key.kind == "open-point"
    assert key.label() == (
        "split_sentences: on an open point the register lacks: SENT-TRIM "
        "(candidate 1 | candidate 2)"
    )


def test_answers_that_share_a_reading_differ_on_conventions_only():
    planned = _planned(("SENT-WS",))
    answers = [
        _answer(0, "a", {"SENT-WS": frozenset({"unicode", "python"})}),
        _answer(1, "b", {"SENT-WS": frozenset({"unicode"})}),
    ]
    ((key, _follows),) = D.disagreement(planned, answers, NAMES)
    assert key.kind == "convention"


def test_equal_answers_are_no_disagreement():
    planned = _planned(("SENT-WS",))
    answers = [
        _answer(0, "a", {"SENT-WS": frozenset({"unicode"})}),
        _answer(1, "a", {"SENT-WS": frozenset({"ascii"})}),
    ]
    assert D.disagreement(planned, answers, NAMES) == []


def test_answers_equal_in_value_are_one_answer():
    """0 and 0.0 are one score (the protocol compares numbers by value), a boolean is no
    number: answers are grouped by value, never by their JSON text."""
    planned = _planned(("SENT-WS",))
    follows = {"SENT-WS": frozenset({"unicode"})}
    zero = D.Answer(0, '{"score": 0}', None, follows, None, {"score": 0})
    zero_point = D.Answer(1, '{"score": 0.0}', None, follows, None, {"score": 0.0})
    assert D.disagreement(planned, [zero, zero_point], NAMES) == []
    false = D.Answer(2, '{"score": false}', None, follows, None, {"score": False})
    ((key, _follows),) = D.disagreement(planned, [zero, zero_point, false], NAMES)
    assert key.groups == (("candidate 1", "candidate 2"), ("candidate 3",))


# Whole campaigns ------------------------------------------------------------------------------


def test_two_evaluators_differing_only_in_sent_ws_disagree_by_that_reading(tmp_path, capsys):
    status = fuzz_main(
        _campaign(
            tmp_path,
            _independent("--reading", "SENT-WS=unicode"),
            _independent("--reading", "SENT-WS=ascii"),
            ops="split_sentences",
        )
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert (
        "disagreement 1 (explained, reading): split_sentences: explained by SENT-WS "
        "(candidate 1 | candidate 2)"
    ) in out
    assert (
        "  SENT-WS: candidate 1 follows ecmascript|python|unicode; "
        "candidate 2 follows ascii|ascii-no-vt\n"
    ) in out
    assert "disagreement 2" not in out
    document = _document(tmp_path)
    (only,) = document["disagreements"]["classes"]
    assert (only["kind"], only["points"], only["explained"]) == ("reading", ["SENT-WS"], True)
    assert only["count"] >= 1
    assert [c["normative_classes"] for c in document["candidates"]] == [0, 0]
    assert document["candidates"][1]["follows"]["SENT-WS"] == ["ascii", "ascii-no-vt"]
    assert document["sent"] > 0


def test_evaluators_equal_in_value_never_disagree_even_strictly(tmp_path, capsys):
    """The reference and a candidate writing 0 for 0.0 (other JSON text, the same values):
    no disagreement, and none under --strict."""
    integral = shlex.join([sys.executable, str(ZOO / "integral_numbers.py")])
    status = fuzz_main([*_campaign(tmp_path, REFERENCE, integral, examples=400), "--strict"])
    out = capsys.readouterr().out
    assert status == 0, out
    document = _document(tmp_path)
    assert document["disagreements"]["classes"] == []
    assert document["sent"] > 0


@pytest.mark.slow
def test_a_normative_defect_beside_the_reading_is_its_own_class_and_fails(tmp_path, capsys):
    status = fuzz_main(
        _campaign(
            tmp_path,
            _independent("--reading", "SENT-WS=unicode"),
            # "." alone ends a sentence: ! and ? are terminators by the text (§3.2).
            _independent("--reading", "SENT-WS=ascii", "--hook", "sent-period-only"),
            ops="split_sentences",
        )
    )
    out = capsys.readouterr().out
    assert status == 1, out
    document = _document(tmp_path)
    kinds = [c["kind"] for c in document["disagreements"]["classes"]]
    assert kinds == ["defect", "reading"]
    assert [c["normative_classes"] for c in document["candidates"]] == [0, 1]
    defect = document["disagreements"]["classes"][0]
    assert defect["defect"].startswith("candidate 2: split_sentences [3.2] mismatch (normative)")
    assert "cause sent-period-only" in defect["defect"]  # named as the candidate's class is
    assert "disagreement 1 (UNEXPLAINED, defect): split_sentences: candidate 2: " in out
    assert "disagreement 2 (explained, reading): split_sentences: explained by SENT-WS" in out
    stubs = list((tmp_path / "candidate-2").glob("*.yaml"))
    assert len(stubs) == 1


@pytest.mark.slow
def test_a_candidate_that_crashes_is_reported_per_case_and_the_campaign_goes_on(tmp_path, capsys):
    crasher = tmp_path / "crasher.py"
    crasher.write_text(
        textwrap.dedent(
            """\
            import json, os, sys
            from oasis_si_reference.server import respond
            for line in sys.stdin.buffer:
                request = json.loads(line)
                if request["op"] == "split_sentences" and "!" in request["params"]["text"]:
                    os._exit(7)
                sys.stdout.write(json.dumps(respond(line)) + "\\n")
                sys.stdout.flush()
            """
        )
    )
    status = fuzz_main(
        _campaign(
            tmp_path / "out",
            REFERENCE,
            f"{shlex.quote(sys.executable)} {shlex.quote(str(crasher))}",
            examples=60,
            ops="split_sentences",
            shrink="1",
        )
    )
    out = capsys.readouterr().out
    assert status == 1, out
    document = _document(tmp_path / "out")
    first, second = document["candidates"]
    assert first["normative_classes"] == 0
    crash = [c for c in second["summary"]["classes"] if c["kind"] == "crash"]
    assert crash and crash[0]["count"] >= 1
    assert second["summary"]["restarts"] >= 1
    assert first["summary"]["sent"] == second["summary"]["sent"] == document["sent"]


def test_candidates_that_select_different_editions_are_a_setup_error(tmp_path, capsys):
    amended = "0.3.0-rc1+2026-08-22"
    argv = ["--seed", "1", "--max-examples", "5", "--out", str(tmp_path), "--quiet"]
    argv += ["--candidate", f"{REFERENCE} --edition {FIRST}"]
    argv += ["--candidate", f"{REFERENCE} --edition {amended}"]
    assert fuzz_main(argv) == 2
    err = capsys.readouterr().err
    assert "the candidates select different editions (candidate 1 0.3.0-rc1; " in err
    assert f"candidate 2 {amended}); name one with --edition" in err


# Argument vectors -----------------------------------------------------------------------------


def test_a_candidate_string_is_split_into_words_never_run_by_a_shell(tmp_path, monkeypatch):
    marker = tmp_path / "marker"
    monkeypatch.setenv("ZOO_STATE", str(tmp_path / "state"))
    probe = f"{shlex.quote(sys.executable)} {shlex.quote(str(ZOO / 'argv_probe.py'))}"
    hostile = f"a;b $(touch {marker}) `touch {marker}` 'two words' | cat > {marker}"
    status = fuzz_main(_campaign(tmp_path / "out", REFERENCE, f"{probe} {hostile}", examples=20))
    assert status == 0
    assert not marker.exists()
    argv = json.loads((tmp_path / "state" / "argv.json").read_text())
    assert argv == [
        "a;b", "$(touch", f"{marker})", "`touch", f"{marker}`", "two words", "|", "cat", ">",
        str(marker),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("python 'unbalanced", 'cannot split "python \'unbalanced": No closing quotation'),
        ("", "an empty command"),
        ("   ", "an empty command"),
    ],
)
def test_a_bad_candidate_string_is_a_usage_error(value, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        parser().parse_args(["--candidate", value])
    assert stopped.value.code == 2
    assert f"argument --candidate: {message}" in capsys.readouterr().err


def test_one_candidate_option_is_a_single_run_like_a_command_after_dashes(tmp_path, capsys):
    common = ["--seed", "3", "--max-examples", "40", "--shrink-budget", "0", "--quiet"]
    by_option = fuzz_main([*common, "--out", str(tmp_path / "a"), "--candidate", REFERENCE])
    by_dashes = fuzz_main([*common, "--out", str(tmp_path / "b"), "--", *shlex.split(REFERENCE)])
    assert by_option == by_dashes == 0
    a, b = (json.loads((tmp_path / d / "fuzz-summary.json").read_text()) for d in "ab")
    assert not (tmp_path / "a" / "fuzz-campaign.json").exists()
    for key in ("generated", "sent", "skipped", "candidate", "classes", "per_operation"):
        assert a[key] == b[key]


def test_a_command_after_dashes_is_one_more_candidate_the_last(tmp_path, capsys):
    argv = ["--seed", "4", "--max-examples", "10", "--shrink-budget", "0", "--quiet"]
    argv += ["--out", str(tmp_path), "--edition", FIRST, "--candidate", REFERENCE]
    status = fuzz_main([*argv, "--", *shlex.split(_independent())])
    assert status == 0, capsys.readouterr().out
    document = _document(tmp_path)
    names = [c["hello"]["name"] for c in document["candidates"]]
    assert names == ["oasis-si-reference", "oasis-si-independent"]
    assert document["disagreements"]["classes"] == []


def _divergence(expectation: str) -> Divergence:
    case = {"operation": "split_sentences", "input": {"text": "A. B"}}
    key = ClassKey("split_sentences", ("3.2",), "mismatch", expectation, "sentences differ")
    return Divergence(0, case, {"sentences": ["A.", "B"]}, "mismatch", "differs", key)


def test_a_convention_difference_is_no_defect_and_a_normative_one_is():
    planned = _planned(())
    convention = [_answer(0, "a", {}), _answer(1, "b", {}, _divergence("convention"))]
    ((key, _follows),) = D.disagreement(planned, convention, NAMES)
    assert (key.kind, key.defect) == ("convention", "")
    normative = [_answer(0, "a", {}), _answer(1, "b", {}, _divergence("normative"))]
    ((key, _follows),) = D.disagreement(planned, normative, NAMES)
    assert key.kind == "defect"
    assert key.defect == (
        "candidate 2: split_sentences [3.2] mismatch (normative): sentences differ"
    )


@pytest.mark.slow
def test_an_interrupted_campaign_writes_what_it_measured(tmp_path):
    argv = [sys.executable, "-m", "oasis_si_conformance.fuzz.cli", "--seed", "6"]
    argv += ["--time-budget", "120", "--out", str(tmp_path), "--edition", FIRST]
    argv += ["--candidate", REFERENCE, "--candidate", _independent()]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    for line in process.stderr:  # the first batch answered by both
        if "cases sent to every candidate" in line:
            break
    process.send_signal(signal.SIGINT)
    _out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "interrupted by SIGINT during the search: " in err
    document = _document(tmp_path)
    assert document["interrupted"] == {"signal": "SIGINT", "stage": "search"}
    assert document["stopped_by"] == "interrupted"
    assert document["sent"] >= 1


def test_a_campaign_interrupted_at_the_handshakes_writes_nothing(tmp_path, capsys):
    from oasis_si_conformance.fuzz import campaign_cli
    from oasis_si_conformance.running.interrupts import Interrupted

    assert campaign_cli._interrupted([], tmp_path, Interrupted(signal.SIGTERM)) == 143
    assert "interrupted by SIGTERM at the handshakes" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_candidate_that_cannot_start_is_a_setup_error_naming_it(tmp_path, capsys):
    argv = ["--seed", "1", "--out", str(tmp_path), "--quiet", "--candidate", REFERENCE]
    assert fuzz_main([*argv, "--candidate", f"{tmp_path / 'missing'} --x"]) == 2
    err = capsys.readouterr().err
    assert f"a candidate did not start: candidate 2 ({tmp_path / 'missing'} --x): " in err
    assert not (tmp_path / "fuzz-campaign.json").exists()


@pytest.mark.slow
def test_a_defect_reached_through_several_rows_is_one_disagreement_named_for_its_cause(
    tmp_path, capsys
):
    """The radius-one window against the seed's text moves verdicts from row 3 and from row 4
    to row 2: the candidate's class is one cause (the amended edition, under which its answers
    hold), and the disagreement is one, named an edition disagreement."""
    status = fuzz_main(
        _campaign(
            tmp_path,
            _independent(),
            _independent("--hook", "window-radius-one"),
            examples=800,
            ops="score_scenario",
            shrink="30",
        )
    )
    out = capsys.readouterr().out
    assert status == 1, out
    document = _document(tmp_path)
    [found] = document["candidates"][1]["summary"]["classes"]
    assert sorted(found["rows"]) == ["row 3 -> 2", "row 4 -> 2"]
    classes = document["disagreements"]["classes"]
    assert [c["kind"] for c in classes] == ["edition"], [c["class"] for c in classes]
    assert classes[0]["defect"].startswith("candidate 2: score_scenario [")
    assert "cause follows edition 0.3.0-rc1+2026-08-22" in classes[0]["defect"]
    assert classes[0]["explained"] is True


def test_a_stub_the_vector_schema_refuses_is_a_note_not_a_crash(tmp_path: Path) -> None:
    """A candidate's answer that the vector schema refuses (an empty label, say) keeps its
    class without a stub and says why; the run and its summary go on."""
    from oasis_si_conformance.fuzz.stub import stub_or_note

    document = {"format": 1, "vectors": [{"id": "fuzz-x", "expected": {"label": ""}}]}
    path, note = stub_or_note(document, tmp_path / "stubs")
    assert path is None and note is not None
    assert note.startswith("no vector stub for fuzz-x: stub does not fit vectors.schema.json")
    assert not (tmp_path / "stubs").exists()


# Candidates held to a single run's accounting -------------------------------------------------


def _extra_output_classes(candidate: dict) -> list[dict]:
    return [c for c in candidate["summary"]["classes"] if c["kind"] == "extra_output"]


def test_a_candidate_answering_twice_fails_the_campaign_which_writes_its_file(tmp_path, capsys):
    """Every request answered twice: the second answers (the last one read at EOF) fail the
    candidate as extra output, the campaign ends normally (exit 1, no traceback) and
    fuzz-campaign.json is written."""
    twice = shlex.join([sys.executable, str(ZOO / "twice.py"), "identical"])
    status = fuzz_main(_campaign(tmp_path, REFERENCE, twice, examples=30, shrink="1"))
    out = capsys.readouterr().out
    assert status == 1, out
    document = _document(tmp_path)
    reference, doubled = document["candidates"]
    assert reference["normative_classes"] == 0 and not _extra_output_classes(reference)
    assert doubled["normative_classes"] >= 1 and _extra_output_classes(doubled)


def test_output_after_the_last_answer_fails_a_campaign_as_it_fails_a_single_run(
    tmp_path, capsys
):
    """A candidate that prints "bye" at EOF: the request its process answered last fails
    (extra_output), as in a single run and the runner; the campaign exits 1, never 0."""
    parting = shlex.join([sys.executable, str(ZOO / "parting.py")])
    status = fuzz_main(_campaign(tmp_path / "campaign", REFERENCE, parting, examples=30))
    out = capsys.readouterr().out
    assert status == 1, out
    reference, bye = _document(tmp_path / "campaign")["candidates"]
    assert reference["normative_classes"] == 0
    (found,) = _extra_output_classes(bye)
    assert found["count"] == 1
    single = ["--seed", "1", "--max-examples", "30", "--shrink-budget", "0", "--quiet"]
    single += ["--edition", FIRST, "--out", str(tmp_path / "single"), "--", *shlex.split(parting)]
    assert fuzz_main(single) == 1
    capsys.readouterr()


HOSTILE_NAME = "\x1b[31mCONFORMANT\x07\n\u202e" + "A" * 3_000_000


@pytest.mark.parametrize(
    ("name", "status"),
    # the 3 MB name: a whole campaign with a name that size (the slow tier)
    [("", 2), pytest.param(HOSTILE_NAME, 1, marks=pytest.mark.slow)],
    # Named ids: pytest 9.1 takes a string parameter's own text as its id, and puts the id in
    # PYTEST_CURRENT_TEST, whose 3 MB would leave no room for a child process's environment.
    ids=["empty", "hostile-3MB"],
)
def test_a_candidate_s_name_never_crashes_a_campaign(tmp_path, capsys, name, status):
    """An empty name is a handshake the protocol refuses (exit 2, the candidate named, as in
    the runner); a name of control characters and 3 MB is data: the campaign runs, classes
    the candidate's defect, writes its stubs and its file, and prints the name escaped."""
    named = tmp_path / "named.py"
    named.write_text(
        textwrap.dedent(
            f"""\
            import json, sys
            from oasis_si_reference.server import respond
            NAME = {name!r}
            for line in sys.stdin.buffer:
                request, answer = json.loads(line), respond(line)
                if request["op"] == "hello":
                    answer["result"]["name"] = answer["result"]["version"] = NAME
                elif request["op"] == "identifier_match" and "result" in answer:
                    answer["result"]["match"] = not answer["result"]["match"]
                sys.stdout.write(json.dumps(answer) + "\\n")
                sys.stdout.flush()
            """
        )
    )
    candidate = shlex.join([sys.executable, str(named)])
    argv = _campaign(tmp_path / "out", REFERENCE, candidate, examples=30, ops="identifier_match")
    assert fuzz_main(argv) == status
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "\x1b" not in out + err and "\x07" not in out + err and "\u202e" not in out + err
    if status == 2:
        assert "candidate 2 (" in err and "name: '' should be non-empty" in err
        return
    document = _document(tmp_path / "out")
    assert document["candidates"][1]["normative_classes"] >= 1
    assert list((tmp_path / "out" / "candidate-2").glob("*.yaml"))
    assert len(out) < 100_000


def test_one_defect_of_two_candidates_named_differently_is_still_one_defect():
    """Two builds with the same YAML decoding defect: one's class named for the catalog
    mutant (it reproduced every recorded case), the other's only by its difference (a case of
    it no mutant reproduced). Same rows, same way: one defect both share. Another difference,
    or an edition cause, is not that defect."""
    from oasis_si_conformance.fuzz import campaign as C
    from oasis_si_conformance.fuzz import cause

    key = ClassKey("score_scenario", ("5.1",), "mismatch", "normative",
                   "binding_error invalid_role -> scored")
    mutant = cause.mutant_cause((("bind-yaml11-coercions", "YAML 1.1 coercions"),))
    difference = cause.Cause(cause.DIFFERENCE, "score_scenario: x", "score_scenario: x")
    named = C._Explained(attrs.evolve(key, cause="cause bind-yaml11-coercions"), mutant)
    unnamed = C._Explained(attrs.evolve(key, cause="cause score_scenario: x"), difference)
    assert C._same_defect(named, unnamed) and C._same_defect(unnamed, named)
    row = cause.Cause(cause.DIFFERENCE, "score_scenario: row 3 -> 2", "score_scenario: row 3 -> 2")
    other_rows = C._Explained(attrs.evolve(key, signature="row 3 -> 2"), row)
    assert not C._same_defect(unnamed, other_rows)
    edition = cause.Cause(cause.EDITION, "0.3.0-rc1+2026-08-22", "follows edition")
    assert not C._same_defect(C._Explained(key, edition), unnamed)


def test_conventions_fail_a_campaign_only_when_strict() -> None:
    """A convention of one candidate's own, or a disagreement on a convention alone: either
    fails a strict campaign, neither a lenient one."""
    from types import SimpleNamespace

    from oasis_si_conformance.fuzz.campaign import Campaign

    def member(convention: bool) -> SimpleNamespace:
        return SimpleNamespace(summary=SimpleNamespace(normative=False, convention=convention))

    def run(members: list[SimpleNamespace], kinds: list[str]) -> Campaign:
        found = Campaign(1, FIRST, [], [], [], "streaming", None, 1.0, members)  # type: ignore[arg-type]
        for kind in kinds:
            key = D.DisagreementKey(kind, "split_sentences", (), (("1", "2"),))
            found.classes[key] = SimpleNamespace(key=key)  # type: ignore[assignment]
        return found

    own = run([member(True), member(False)], [])
    shared = run([member(False), member(False)], [D.CONVENTION])
    for found in (own, shared):
        assert found.failing(strict=True) and not found.failing(strict=False)
    assert not run([member(False)], []).failing(strict=True)
    assert run([member(False)], [D.OPEN_POINT]).failing(strict=False)


def test_a_difference_is_signed_in_words_free_of_the_cases_details() -> None:
    from oasis_si_conformance.fuzz.classify import difference_signature
    from oasis_si_conformance.model import Difference

    template = {"operation": "score_scenario", "input": {"scenario": {"scoring": {}}}}
    composite = {
        "operation": "score_scenario", "input": {"scenario": {"scoring": {"composite": {}}}}
    }
    split = {"operation": "split_sentences", "input": {"text": "A. B."}}
    assert difference_signature(template, Difference("row", 2, 3)) == "row 2 -> 3"
    refusal = Difference("row", 2, {"protocol_error": "internal"})
    assert difference_signature(template, refusal) == "row -> an error response"
    assert difference_signature(composite, Difference("row", 2, 3)) == "row more"
    assert difference_signature(composite, Difference("score", 1.0, 0.5)) == "score differs"
    scored = Difference("binding_error", "missing_role", {"score": 1.0})
    refused = Difference("binding_error", "missing_role", {"protocol_error": "internal"})
    assert difference_signature(template, scored) == "binding_error missing_role -> scored"
    assert difference_signature(template, refused) == (
        "binding_error missing_role -> an error response"
    )
    fewer = Difference("sentences", ["A.", "B."], ["A. B."])
    assert difference_signature(split, fewer) == "sentences fewer"
    assert difference_signature(split, Difference("sentences", ["A."], ["B."])) == (
        "sentences differ"
    )


def test_a_campaign_called_without_an_environment_gives_the_candidates_the_runners(tmp_path):
    """The API's default environment (the runner's own): a candidate that cannot start is
    still the setup error it is, not a crash on the missing environment."""
    from oasis_si_conformance.fuzz.campaign import campaign
    from oasis_si_conformance.running.transport import SetupError

    missing = str(tmp_path / "missing")
    with pytest.raises(SetupError, match="cannot start"):
        campaign([[missing], [missing, "--x"]], seed=1, max_examples=1)


def test_a_campaign_starts_its_candidates_in_the_environment_it_is_given(monkeypatch) -> None:
    """A cleared environment (--env-clear) reaches every candidate of a campaign: these
    refuse to start where OASIS_SI_TEST_SECRET is set."""
    from oasis_si_conformance.fuzz.campaign import campaign
    from oasis_si_conformance.running.transport import CandidateEnvironment

    monkeypatch.setenv("OASIS_SI_TEST_SECRET", "1")
    guarded = (
        "import os, runpy, sys\n"
        "if 'OASIS_SI_TEST_SECRET' in os.environ: sys.exit(3)\n"
        "runpy.run_module('oasis_si_reference.server', run_name='__main__')\n"
    )
    command = [sys.executable, "-c", guarded, "--edition", FIRST]
    found = campaign(
        [command, command], seed=1, max_examples=2, time_budget=30.0, shrink_budget=1.0,
        operations=["split_sentences"], environment=CandidateEnvironment(clear=True),
    )
    assert [member.hello.name for member in found.members] == ["oasis-si-reference"] * 2


def test_each_candidate_with_classes_is_shrunk_while_its_share_of_the_budget_lasts(monkeypatch):
    """The campaign's shrink step, its search stubbed: a candidate with classes is shrunk and
    named by cause when its share of the budget is worth a run (0.05 s or more); a stopped
    candidate, or one whose share is smaller, is not."""
    from types import SimpleNamespace

    from oasis_si_conformance.fuzz import campaign as C

    shrunk: list[tuple[str, float]] = []
    monkeypatch.setattr(
        C, "_Asker", lambda session, edition: SimpleNamespace(name=session, outcome=None)
    )
    monkeypatch.setattr(C, "_split_shrinker", lambda *args: None)
    monkeypatch.setattr(
        C, "shrink_classes", lambda summary, asker, share, *rest: shrunk.append((asker.name, share))
    )
    monkeypatch.setattr(C.cause, "classes_by_cause", lambda summary, *rest: summary.classes)

    def campaign(*members):
        named: list[str] = []
        return named, SimpleNamespace(
            members=list(members), ordered=lambda: [], settle_defects=lambda: None,
            name_defects=lambda name, renamed: named.append(name),
        )

    def member(name, stopped=False):
        summary = SimpleNamespace(classes=["a class"])
        return SimpleNamespace(name=name, stopped=stopped, session=name, summary=summary)

    named, running = campaign(member("one"), member("two", stopped=True))
    C._shrink(running, EDITIONS[FIRST], 10.0, lambda text: None)
    assert [asker for asker, _share in shrunk] == ["one"] and named == ["one"]
    assert 4.0 < shrunk[0][1] <= 5.0  # two candidates with classes share the budget
    shrunk.clear()
    named, running = campaign(member("one"))
    C._shrink(running, EDITIONS[FIRST], 0.04, lambda text: None)
    assert shrunk == [] and named == []


def test_a_score_or_label_difference_beside_a_row_difference_adds_nothing_to_a_signature():
    """The row says it all; without a row, the score does (and the label beside it adds
    nothing either)."""
    from oasis_si_conformance.fuzz import classify
    from oasis_si_conformance.model import Difference

    case = {"operation": "score_scenario",
            "input": {"scenario": {"scoring": {"archetype_template": "C-DA-001"}}}}
    row, score = Difference("row", 3, 2), Difference("score", 0.5, 0.0)
    label = Difference("label", "located", "none")
    assert classify.signature(case, [row, score, label]).split("; ") == ["row 3 -> 2"]
    assert classify.signature(case, [score, label]).split("; ") == ["score 0.5 -> 0.0"]
def test_a_campaign_fuzzes_the_templates_every_candidate_declares(tmp_path) -> None:
    """Of the templates a case may use (C-DA-001, composite), a campaign fuzzes those every
    candidate declares: here composite alone, which both declare (the first declares
    C-DA-001 too)."""
    from oasis_si_conformance.fuzz.campaign import campaign

    def evaluator(templates: str) -> list[str]:
        return shlex.split(_independent("--templates", templates))

    found = campaign(
        [evaluator("C-DA-001,composite"), evaluator("composite")], seed=1, max_examples=2,
        time_budget=30.0, shrink_budget=1.0, operations=["split_sentences"], edition=FIRST,
    )
    assert [list(member.hello.templates) for member in found.members] == [
        ["C-DA-001", "composite"], ["composite"]
    ]
    assert found.templates == ["composite"]
