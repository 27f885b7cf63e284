"""The command line: argument handling, usage errors, report formats, baseline comparison,
the bundled corpus, and the console script."""

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from runner_helpers import CORPUS, TRIGGER, zoo

from oasis_si_conformance import cli
from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.reporting.report import check


def test_command_after_double_dash_or_first_positional() -> None:
    args, command = cli.parse_args(["-k", "x", "-j", "2", "--", "prog", "-k", "--report", "y"])
    assert args.select == ["x"] and args.jobs == 2 and command == ["prog", "-k", "--report", "y"]
    args, command = cli.parse_args(["--seed", "3", "prog", "--seed", "9"])
    assert args.seed == 3 and command == ["prog", "--seed", "9"]
    args, command = cli.parse_args([])
    assert (
        command == []
        and args.mode == "streaming"
        and args.repetitions == 3
        and args.timeout == 10.0
    )
    args, _ = cli.parse_args(["--memory-limit", "512M", "--cpu-limit", "30", "--timeout", "2.5"])
    assert (args.memory_limit, args.cpu_limit, args.timeout) == (512 << 20, 30.0, 2.5)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--repetitions", "0"], "must be at least 1"),
        (["--timeout", "0"], "positive number of seconds"),
        (["--mode", "batch"], "invalid choice"),
        (["--no-such-option"], "unrecognized arguments"),
    ],
)
def test_usage_errors_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--vectors", str(CORPUS), *argv])
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_selection_and_corpus_errors_exit_2(certify, tmp_path: Path) -> None:
    run = certify("-k", "no-such-vector-anywhere")
    assert run.code == 2 and "selects no vector" in run.err and run.report is None
    broken = tmp_path / "broken"
    (broken / "f").mkdir(parents=True)
    (broken / "f" / "bad.yaml").write_text("format: 1\nfamily: x\n", encoding="ascii")
    run = certify("--vectors", str(broken))
    assert run.code == 2 and "corpus" in run.err and "bad.yaml" in run.err


def test_an_empty_corpus_is_named_as_such_not_as_an_empty_selection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--vectors", str(tmp_path), "-k", "3.2"]) == 2
    assert f"the corpus at {tmp_path} holds no vector" in capsys.readouterr().err


def test_the_smallest_count_an_option_takes_is_1() -> None:
    import argparse

    from oasis_si_conformance.cliopts import positive_int

    assert positive_int("1") == 1 and positive_int("12") == 12
    with pytest.raises(argparse.ArgumentTypeError):
        positive_int("0")


def test_a_handshake_failure_quotes_the_candidate_s_stderr_line_by_line() -> None:
    from oasis_si_conformance.cliopts import handshake_text
    from oasis_si_conformance.running.protocol import HandshakeError

    assert handshake_text(HandshakeError("no hello\tline")) == "no hello\\tline"
    quoted = HandshakeError("no hello\n--- candidate stderr ---\nboom\x1b[2J\nsecond\n")
    assert handshake_text(quoted) == (
        "no hello\n  candidate stderr:\n  | boom\\x1b[2J\n  | second"
    )


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--vectors", str(CORPUS), "--list", "-k", "3.2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[0] for line in lines] == [
        "rt-split-two",
        "rt-split-decimal",
        "rt-split-padded",
    ]


def test_a_list_that_selects_nothing_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`--list -k TERM` that selects no vector: exit 2 naming the term, not an empty listing
    with exit 0."""
    assert cli.main(["--vectors", str(CORPUS), "--list", "-k", "NO-SUCH-ENTRY"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "-k NO-SUCH-ENTRY selects no vector" in captured.err


def test_reports_in_every_format(certify, tmp_path: Path) -> None:
    junit, markdown = tmp_path / "out" / "junit.xml", tmp_path / "cert.md"
    run = certify(
        "--junit", str(junit), "--markdown", str(markdown), command=zoo("crash_midstream")
    )
    assert run.code == 1
    check(run.report)  # valid against report.schema.json
    for key in (
        "kit",
        "corpus",
        "candidate",
        "profile",
        "seed",
        "repetitions",
        "summary",
        "clauses",
        "interpretation",
    ):
        assert key in run.report
    entry = run.vector(TRIGGER)
    assert entry["clause"] == "3.1" and entry["operation"] == "identifier_match"
    assert entry["expected"] == {"match": True} and entry["actual"] is None
    assert all(
        (v["status"] == "failed") == (v["failure"] is not None) for v in run.report["vectors"]
    )
    passed = run.vector("rt-split-two")
    assert (
        passed["actual"] == {"sentences": ["A.", " B"]} and passed["failure"] is None
    )  # raw, as answered

    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    assert int(root.get("tests")) == run.report["summary"]["total"] and root.get("failures") == "1"
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {v["id"] for v in run.report["vectors"]}
    failure = cases[TRIGGER].find("failure")
    assert (
        failure is not None
        and failure.get("type") == "crash"
        and "segmentation fault" in failure.text
    )
    assert cases["rt-split-two"].find("failure") is None

    text = markdown.read_text(encoding="utf-8")
    assert (
        "NOT CONFORMANT" in text
        and "oasis-si-reference" in text
        and run.report["corpus"]["digest"] in text
    )
    assert "| 3.1 | 4 | 1 | 0 |" in text


def test_junit_marks_not_exercised_as_skipped(certify, tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    run = certify("--junit", str(junit), command=zoo("only_score"))
    root = ET.parse(junit).getroot()
    assert int(root.get("skipped")) == run.report["summary"]["not_exercised"] > 0
    skipped = [case for case in root.iter("testcase") if case.find("skipped") is not None]
    assert len(skipped) == run.report["summary"]["not_exercised"]
    assert "not declared" in skipped[0].find("skipped").get("message")


def test_baseline_lists_fixes_and_regressions(
    certify, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ZOO_MISREAD", "nonascii")
    broken = certify(command=zoo("misreader"))
    broken_path = tmp_path / "broken.json"
    broken_path.write_text(json.dumps(broken.report))
    fixed = certify("--baseline", str(broken_path))
    assert fixed.code == 0
    section = fixed.report["baseline"]
    assert {c["id"] for c in section["fixes"]} == {
        "rt-ident-nonascii-before",
        "rt-ident-nonascii-after",
    }
    assert section["regressions"] == [] and section["compared"] == len(fixed.report["vectors"])
    assert "2 fix(es)" in fixed.out

    fixed_path = tmp_path / "fixed.json"
    fixed_path.write_text(json.dumps(fixed.report))
    again = certify("--baseline", str(fixed_path), command=zoo("misreader"))
    assert again.code == 1
    regressions = again.report["baseline"]["regressions"]
    assert {(c["id"], c["before"], c["after"], c["kind"]) for c in regressions} == {
        ("rt-ident-nonascii-before", "passed", "failed", "mismatch"),
        ("rt-ident-nonascii-after", "passed", "failed", "mismatch"),
    }
    assert "regression: rt-ident-nonascii-" in again.out


def test_baseline_refused_on_another_corpus_or_edition(certify, tmp_path: Path) -> None:
    first = certify("-k", "rt-split")
    other = dict(first.report, corpus=dict(first.report["corpus"], digest="sha256:" + "0" * 64))
    path = tmp_path / "other.json"
    path.write_text(json.dumps(other))
    run = certify("-k", "rt-split", "--baseline", str(path))
    assert run.code == 2 and run.report is None
    assert (
        "refusing baseline" in run.err
        and "sha256:" + "0" * 64 in run.err
        and first.report["corpus"]["digest"] in run.err
    )
    edition = dict(first.report["edition"], name="0.3.0-rc1+2026-08-22")
    path.write_text(json.dumps(dict(first.report, edition=edition)))
    run = certify("-k", "rt-split", "--baseline", str(path))
    assert run.code == 2 and "edition 0.3.0-rc1+2026-08-22" in run.err, run.err
    run = certify("-k", "rt-split", "--edition", "0.3.0-rc1+2026-08-22", "--baseline", str(path))
    assert run.code == 0 and run.report["baseline"]["compared"] > 0, run.err
    path.write_text('{"not": "a report"}')
    run = certify("--baseline", str(path))
    assert run.code == 2 and "not a report" in run.err


def test_reference_passes_the_bundled_seed_examples(certify) -> None:
    """The real corpus's seed examples (its folder alone: loading the whole corpus takes
    seconds)."""
    folder = corpus.vectors_root() / "5.1-c-da-001"
    run = certify("-k", "seed-examples", "--vectors", str(folder), corpus=None)
    assert run.code == 0, run.out
    assert run.report["summary"]["passed"] >= 4 and run.report["summary"]["failed"] == 0
    assert run.report["corpus"]["digest"] == corpus.build_manifest(folder)["corpus_digest"]


def test_a_candidate_run_with_a_cleared_environment_and_the_names_reported(
    certify, monkeypatch
) -> None:
    """--env-clear keeps the caller's variables from the candidate (the bundled reference runs
    on PATH alone), and the report names what it got; --env-pass without --env-clear is a
    usage error."""
    monkeypatch.setenv("OASIS_SI_SECRET_TOKEN", "s3cret")
    monkeypatch.setenv("OASIS_SI_PASSED", "yes")
    run = certify("-k", "rt-split", "--env-clear", "--env-pass", "OASIS_SI_PASSED")
    assert run.code == 0, run.out
    assert run.report["run"]["environment"] == {
        "cleared": True, "passed": ["OASIS_SI_PASSED", "PATH"]
    }
    assert "s3cret" not in json.dumps(run.report)
    whole = certify("-k", "rt-split")
    assert whole.report["run"]["environment"] == {"cleared": False, "passed": []}
    refused = certify("-k", "rt-split", "--env-pass", "OASIS_SI_PASSED")
    assert refused.code == 2 and "--env-pass needs --env-clear" in refused.err


def test_progress_only_when_asked_or_on_a_terminal(certify) -> None:
    quiet = certify("-k", "rt-split")
    assert "\r" not in quiet.err and "requests" not in quiet.err
    shown = certify("-k", "rt-split", "--progress")
    assert "requests" in shown.err and "certifying" in shown.err


def test_console_script_and_module(tmp_path: Path) -> None:
    command = [
        sys.executable,
        "-m",
        "oasis_si_conformance",
        "--vectors",
        str(CORPUS),
        "-k",
        "rt-ident-lower",
        "-q",
        "--seed",
        "1",
    ]
    completed = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert (
        "CONFORMANT" in completed.stdout and "\r" not in completed.stderr
    )  # not a terminal: quiet
    # The kit's install puts the script beside the interpreter running the tests (the
    # virtualenv's bin folder); its absence is a broken install, never a reason to skip.
    beside = Path(sys.executable).parent
    script = shutil.which("oasis-si-conformance", path=str(beside)) or shutil.which(
        "oasis-si-conformance"
    )
    assert script is not None, f"the console script oasis-si-conformance is not in {beside}"
    completed = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0 and "0.3.0-rc1" in completed.stdout


def test_report_paths_that_are_links_pipes_or_devices_are_refused_before_the_run(
    certify, tmp_path: Path
) -> None:
    """A symbolic link (its target is never written), a FIFO (no hang on a pipe nobody reads)
    and a device (/dev/full) are refused with the option and the path named, exit 2."""
    import os

    stand_in = tmp_path / "system-file"
    stand_in.write_text("precious\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(stand_in)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for option, path, said in (
        ("--report", link, "is a symbolic link"),
        ("--markdown", fifo, "is not a regular file"),
        ("--junit", Path("/dev/full"), "is not a regular file"),
    ):
        run = certify("-k", "rt-split", option, str(path))
        assert run.code == 2, (option, run.err)
        assert f"{option} {path}: {said}" in run.err
    assert stand_in.read_text(encoding="utf-8") == "precious\n"


def test_a_report_is_written_whole_and_never_through_a_link(tmp_path: Path) -> None:
    from oasis_si_conformance import output

    target = tmp_path / "target"
    target.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "report.json"
    link.symlink_to(target)
    output.write_file(link, "{}\n")
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "{}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json", "target"]
    # readable by all, written by its owner, executable by none (mkstemp's file is 0600)
    assert link.stat().st_mode & 0o777 == 0o644


def test_an_error_quoting_a_huge_declaration_is_cut_to_readable_lines(certify, tmp_path) -> None:
    """A candidate declaring a 100,000-character profile it does not hold fails the edition
    choice; the error names it on lines of at most 2,000 characters."""
    import sys as _sys

    script = tmp_path / "huge_profile.py"
    script.write_text(
        "import json, sys\n"
        "line = sys.stdin.readline()\n"
        "print(json.dumps({'id': 0, 'result': {'protocol': 1, 'name': 'x', 'version': '1',"
        " 'operations': ['score_scenario', 'identifier_match'], 'templates': [],"
        " 'profiles': ['p' * 100000]}}), flush=True)\n",
        encoding="utf-8",
    )
    run = certify("-k", "rt-split", command=[_sys.executable, str(script)])
    assert run.code == 2
    assert "the candidate declares profiles" in run.err
    assert max(len(line) for line in run.err.splitlines()) <= 2100
