"""Output that cannot be written: a reader that closes the pipe early (`--list | head`) ends
every command quietly, never in a BrokenPipeError; an output path that cannot be written is
found before the run starts (exit status 2, a message), not after the run."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from runner_helpers import CORPUS, zoo

from oasis_si_conformance import cli
from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.fuzz.cli import main as fuzz_main

BIN = Path(sys.executable).parent


def first_line_then_close(argv: list[str], tmp_path: Path) -> tuple[int, str]:
    """Run a command, read one line of its standard output and close the pipe (as `head -1`
    does); its exit status and standard error."""
    env = {**os.environ, "OASIS_SI_CACHE": str(tmp_path / "cache")}
    process = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, bufsize=0
    )
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    assert line  # the command did start writing
    process.stdout.close()
    err = process.stderr.read().decode("utf-8", "replace")
    return process.wait(timeout=120), err


@pytest.mark.slow
def test_conformance_list_into_a_closed_pipe(tmp_path: Path) -> None:
    code, err = first_line_then_close(
        [str(BIN / "oasis-si-conformance"), "--vectors", str(corpus.vectors_root()), "--list"],
        tmp_path,
    )
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code == 0


@pytest.mark.slow
def test_vectors_diff_editions_into_a_closed_pipe(tmp_path: Path) -> None:
    from oasis_si_conformance.corpus import editions

    names = [edition.name for edition in editions.load(corpus.vectors_root())]
    assert len(names) >= 2
    code, err = first_line_then_close(
        [str(BIN / "oasis-si-vectors"), "diff-editions", names[0], names[1]], tmp_path
    )
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code == 0


def test_fuzz_summary_into_a_closed_pipe(tmp_path: Path) -> None:
    argv = [
        str(BIN / "oasis-si-fuzz"),
        "--seed",
        "1",
        "--max-examples",
        "3",
        "--shrink-budget",
        "0",
        "--ops",
        "identifier_match",
        "--quiet",
        "--out",
        str(tmp_path / "fuzz"),
    ]
    code, err = first_line_then_close(argv, tmp_path)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code == 0
    assert (tmp_path / "fuzz" / "fuzz-summary.json").is_file()


@pytest.mark.parametrize("option", ["--report", "--junit", "--markdown", "--html"])
def test_an_unwritable_report_path_is_found_before_the_run(
    option: str, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path lies under a regular file: exit 2 naming the option, and the candidate is
    never started (it would leave its pid in ZOO_STATE)."""
    monkeypatch.setenv("ZOO_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("OASIS_SI_CACHE", str(tmp_path / "cache"))
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    argv = ["--vectors", str(CORPUS), option, str(blocker / "out"), "--", *zoo("detacher")]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert f"{option} {blocker / 'out'}" in err and "cannot be written" in err
    assert not (tmp_path / "state").exists()


def test_a_folder_given_as_the_report_is_refused_before_the_run(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OASIS_SI_CACHE", str(tmp_path / "cache"))
    assert cli.main(["--vectors", str(CORPUS), "--report", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err


def test_an_unwritable_fuzz_out_is_found_before_the_run(tmp_path: Path, capsys) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert fuzz_main(["--out", str(blocker / "fuzz"), "--", *zoo("detacher")]) == 2
    assert "--out" in capsys.readouterr().err
