"""`runner.run` end to end on a handful of vectors written here, against the bundled reference
server: its defaults (the bundled edition catalog, no partial report), how many processes a
run starts, the determinism warning, a run that exercises nothing, and the opening process
ended when no edition can be decided. Expected values are stated from PROTOCOL.md (Modes,
Editions) and the options' documented meaning, not computed by the runner."""

import os
import sys
import time
from pathlib import Path

import pytest

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.corpus.editions import EditionError
from oasis_si_conformance.model import Status
from oasis_si_conformance.running import runner

REFERENCE = reference_command()
SEED = "0.3.0-rc1"
DETERMINISM = "determinism (Core 3.5.4) not checked"


def _vector(vid: str, text: str, match: bool, operation: str = "identifier_match") -> Vector:
    return Vector(
        id=vid, clauses=("3.1",), operation=operation, description="case",
        input={"text": text, "identifier": "smtp-config"}, expected={"match": match},
    )


VECTORS = [
    _vector("plain", "check smtp-config now", True),
    _vector("glued", "xsmtp-config", False),
    _vector("cased", "SMTP-Config is wrong", True),
]


def _run(**config: object) -> runner.RunOutcome:
    settings = {"seed": 1, "jobs": 1, "edition": SEED, **config}
    return runner.run(VECTORS, runner.RunConfig(REFERENCE, **settings), [])  # type: ignore[arg-type]


def test_a_run_with_its_defaults_certifies_on_one_process() -> None:
    """No catalog given: the bundled one; no partial report: none kept. One pass on one worker
    is served by the process that answered hello."""
    outcome = _run(repetitions=1)
    assert outcome.edition.name == SEED
    assert [r.status for r in outcome.results.values()] == [Status.PASSED] * 3
    assert outcome.processes == 1 and outcome.requests == 3
    assert any(DETERMINISM in warning for warning in outcome.warnings)


def test_two_repetitions_check_determinism_on_a_fresh_process_each() -> None:
    outcome = _run(repetitions=2)
    assert [r.status for r in outcome.results.values()] == [Status.PASSED] * 3
    assert outcome.processes == 2 and outcome.requests == 6
    assert not any(DETERMINISM in warning for warning in outcome.warnings)


def test_a_partial_report_learns_what_the_run_sends() -> None:
    class Recorder:
        state: dict = {}

        def running(self, **state: object) -> None:
            self.state = state

    partial = Recorder()
    outcome = runner.run(
        VECTORS, runner.RunConfig(REFERENCE, seed=1, repetitions=1, edition=SEED), [],
        partial=partial,  # type: ignore[arg-type]
    )
    assert partial.state["hello"] == outcome.hello and partial.state["repetitions"] == 1
    assert [v.id for v in partial.state["exercised"]] == ["plain", "glued", "cased"]


@pytest.mark.parametrize("one_shot", [False, True], ids=["streaming", "one-shot"])
def test_a_run_that_exercises_nothing_ends_cleanly(one_shot: bool) -> None:
    """Every vector asks an operation the candidate does not declare: all not exercised."""
    unknown = [_vector("x", "smtp-config", True, operation="undeclared_operation")]
    config = runner.RunConfig(REFERENCE, seed=1, repetitions=1, one_shot=one_shot, edition=SEED)
    outcome = runner.run(unknown, config, [])
    assert outcome.results["x"].status == Status.NOT_EXERCISED
    assert outcome.requests == 0 and outcome.processes == 1


def _gone(pid: int) -> bool:
    """No such process, or only its exit status left."""
    status = Path(f"/proc/{pid}/stat")
    try:
        state = status.read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def test_no_decidable_edition_ends_the_process_that_answered_hello(tmp_path: Path) -> None:
    """The opening process is not left running when the run stops at edition selection."""
    pidfile = tmp_path / "pid"
    code = (
        "import os, runpy, sys; open(sys.argv[1], 'w').write(str(os.getpid()));"
        " sys.argv = sys.argv[:1]; runpy.run_module('oasis_si_reference.server',"
        " run_name='__main__')"
    )
    config = runner.RunConfig(
        [sys.executable, "-c", code, str(pidfile)], seed=1, repetitions=1, edition="no-such"
    )
    with pytest.raises(EditionError) as raised:
        runner.run(VECTORS, config, [])
    # `raised` holds the run's frames, and with them any process object the run dropped: a
    # process left running would still be running here, not ended by its stdin's closing.
    assert raised.traceback
    pid = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while not _gone(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(pid), f"process {pid} still running"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
