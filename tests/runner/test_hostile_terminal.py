"""Candidate text is data, never terminal control: a candidate whose name, version, runtime,
error messages and stderr hold ESC sequences, BEL, CR, bidirectional overrides and newlines
that would forge a "CONFORMANT" line reaches no terminal raw, in the runner's output and the
fuzzer's (zoo/terminal_forger.py)."""

import re
from pathlib import Path

import pytest
from runner_helpers import TRIGGER, zoo

from oasis_si_conformance.fuzz.cli import main as fuzz_main
from oasis_si_conformance.reporting import reportview

#: Characters that act on a terminal (or reorder what it shows) when written raw.
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
FORGED_LINE = re.compile(r"^\s*CONFORMANT for everything", re.MULTILINE)


def assert_terminal_safe(text: str) -> None:
    raw = RAW.search(text)
    assert raw is None, f"raw {raw.group()!r} reached the terminal: {text[raw.start() - 40:]!r}"
    assert FORGED_LINE.search(text) is None, "a candidate newline forged a line"


@pytest.mark.parametrize(
    "text",
    [
        "a\x1bb",
        "bell\x07",
        "cr\rhere",
        "new\nline",
        "\u202eright-to-left",
        "\u2066isolate\u2069",
        "tab\there",
    ],
)
def test_one_line_escapes_every_control_and_bidi_character(text: str) -> None:
    shown = reportview.one_line(text)
    assert RAW.search(shown) is None and "\n" not in shown and "\t" not in shown
    assert "\\" in shown  # shown as an escape, not dropped


def test_one_line_caps_the_length() -> None:
    shown = reportview.one_line("x" * 5000, 120)
    assert len(shown) == 120 and shown.endswith(reportview.ELLIPSIS)


def test_the_runner_shows_a_hostile_candidate_as_text(certify) -> None:
    run = certify(command=zoo("terminal_forger"))
    assert run.code == 1  # the trigger vector fails with an error response
    assert run.report is not None and run.vector(TRIGGER)["status"] == "failed"
    # the report keeps what the candidate said, as data
    assert "CONFORMANT for everything" in run.report["candidate"]["name"]
    assert_terminal_safe(run.out)
    assert_terminal_safe(run.err)
    head = run.out.splitlines()
    candidate_line = next(line for line in head if line.startswith("candidate: "))
    assert "\\x1b[2J" in candidate_line and "\\u202e" in candidate_line
    assert "\\nCONFORMANT for everything" in candidate_line
    assert run.out.rstrip().splitlines()[-1].startswith("NOT CONFORMANT")


def test_a_failed_handshake_shows_the_candidate_stderr_escaped(certify) -> None:
    run = certify(command=zoo("terminal_forger", "--bad-hello"))
    assert run.code == 2
    assert "handshake" in run.err and "\\x1b[2J" in run.err
    assert_terminal_safe(run.err)
    assert_terminal_safe(run.out)


def test_the_fuzzer_shows_a_hostile_candidate_as_text(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("ZOO_STATE", str(tmp_path / "state"))
    status = fuzz_main(
        [
            "--seed",
            "3",
            "--max-examples",
            "6",
            "--time-budget",
            "20",
            "--shrink-budget",
            "0",
            "--ops",
            "identifier_match",
            "--out",
            str(tmp_path / "out"),
            "--",
            *zoo("terminal_forger", "--every"),
        ]
    )
    captured = capsys.readouterr()
    assert status == 1  # every answer is an error response: a normative divergence
    assert "\\x1b[2J" in captured.out  # the candidate's message, shown as escapes
    assert_terminal_safe(captured.out)
    assert_terminal_safe(captured.err)


def test_the_fuzzer_quotes_a_failed_handshake_escaped(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("ZOO_STATE", str(tmp_path / "state"))
    argv = ["--seed", "1", "--out", str(tmp_path / "out"), "--"]
    status = fuzz_main([*argv, *zoo("terminal_forger", "--bad-hello")])
    captured = capsys.readouterr()
    assert status == 2 and "\\x1b[2J" in captured.err
    assert_terminal_safe(captured.err)
    assert_terminal_safe(captured.out)
