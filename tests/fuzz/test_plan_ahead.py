"""Planning ahead in other processes (planahead.py) changes where the cases are generated
and planned, never which: the same seed gives the same cases sent and skipped, the same
divergence classes first met at the same cases, as planning in the run's own process."""

import itertools
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from spread_helpers import MUTANT, outline, summaries_written

from oasis_si_conformance.fuzz import planahead
from oasis_si_conformance.fuzz.differential import fuzz

#: Cases per run: enough for the mutant to diverge and for every planner to hand some over.
EXAMPLES = 150


@pytest.mark.parametrize("planners", [pytest.param(1, marks=pytest.mark.slow), 2])
def test_the_same_run_planned_ahead_or_in_process(planners: int, monkeypatch: Any) -> None:
    """The same outline either way, and planning ahead did run `planners` planner processes,
    each of which handed cases over (so that equal outlines are not two in-process runs)."""
    started: list[int] = []
    served: dict[int, int] = {}
    original_init, original_next = planahead.Planner.__init__, planahead.Planner.__next__

    def init(self: Any, outcomes: Any) -> None:
        original_init(self, outcomes)
        started.append(self._process.pid)

    def next_outcome(self: Any) -> Any:
        served[self._process.pid] = served.get(self._process.pid, 0) + 1
        return original_next(self)

    monkeypatch.setattr(planahead.Planner, "__init__", init)
    monkeypatch.setattr(planahead.Planner, "__next__", next_outcome)
    runs = [
        fuzz(
            MUTANT,
            seed=1,
            max_examples=EXAMPLES,
            time_budget=600,
            shrink_budget=0,
            operations=["score_scenario", "synonym_match", "factor_identified"],
            edition="0.3.0-rc1",
            plan_ahead=ahead,
        )
        for ahead in (0, planners)
    ]
    in_process, ahead = (outline(run) for run in runs)
    assert in_process["classes"], f"the mutant diverges within {EXAMPLES} cases"
    assert ahead == in_process
    assert len(started) == planners and os.getpid() not in started
    assert sorted(served) == sorted(started) and all(served[pid] > 0 for pid in started)


def _pids(_first: int, _every: int) -> Iterator[int]:
    while True:
        yield os.getpid()


def test_planners_run_in_processes_of_their_own() -> None:
    planners = planahead.start(_pids, 2)
    try:
        outcomes = list(itertools.islice(planahead.interleave(planners), 4))
    finally:
        planahead.close(planners)
    assert len(set(outcomes)) == 2 and os.getpid() not in outcomes
    assert not any(planner._process.is_alive() for planner in planners)


def _broken() -> Iterator[int]:
    yield from range(planahead.CHUNK)
    raise ValueError("a generator bug")


def test_a_failing_planner_fails_the_search_with_its_traceback() -> None:
    planner = planahead.Planner(_broken)
    try:
        assert [next(planner) for _ in range(planahead.CHUNK)] == list(range(planahead.CHUNK))
        with pytest.raises(planahead.PlannerFailed, match="a generator bug"):
            next(planner)
    finally:
        planner.close()


@pytest.mark.slow
def test_the_command_line_plans_ahead_with_the_same_summary(tmp_path: Any) -> None:
    """`oasis-si-fuzz --plan-ahead 1` writes the summary a run in one process writes, but for
    its timings; a negative count is a usage error."""
    from oasis_si_conformance.fuzz import cli

    in_process, ahead = summaries_written(tmp_path, "--plan-ahead", ("0", "1"))
    assert ahead == in_process
    with pytest.raises(SystemExit) as refused:
        cli.main(["--plan-ahead", "-1", "--", *MUTANT])
    assert refused.value.code == 2


def test_a_planner_whose_run_is_gone_stops_waiting_for_room() -> None:
    """A full queue and a parent that is not the planner's (the run's process is gone): the
    planner gives up after its one-second wait instead of waiting forever."""
    import multiprocessing

    queue = multiprocessing.get_context("fork").Queue(maxsize=1)
    queue.put("taking the only place")
    try:
        assert planahead._hand_over(queue, [1], parent=os.getpid()) is False
    finally:
        queue.close()


BUSY = """
import os, sys
for _ in range(200_000):
    os.stat("/")
spent = os.times()
print(spent.user + spent.system, spent.system, flush=True)
sys.stdin.read()
"""


def test_the_cpu_of_a_process_is_its_user_and_system_time() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", BUSY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        total, system = map(float, process.stdout.readline().split())
        measured = planahead._process_cpu(process.pid)
    finally:
        process.kill()
        process.wait()
    assert system >= 0.05  # the stat calls are the kernel's work: system time to tell apart
    assert measured is not None and abs(measured - total) <= 0.03
    assert planahead._process_cpu(process.pid) is None  # ended and reaped: no /proc entry


def test_a_planner_closes_inherited_descriptors_but_the_standard_ones() -> None:
    """In a forked child, as in a planner: a pipe end inherited and not kept is closed (a
    candidate's pipe must reach EOF), the kept one and stdin, stdout and stderr stay open.
    The child reports on the kept pipe."""
    report_read, report_write = os.pipe()
    inherited_read, inherited_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        try:
            planahead.close_inherited({report_write})
            states = []
            for fd in (0, 1, 2, inherited_read, inherited_write):
                try:
                    os.fstat(fd)
                    states.append("open")
                except OSError:
                    states.append("closed")
            os.write(report_write, ",".join(states).encode())
        finally:
            os._exit(0)
    os.close(report_write)
    os.close(inherited_read)
    os.close(inherited_write)
    try:
        report = os.read(report_read, 100).decode()
    finally:
        os.close(report_read)
        os.waitpid(pid, 0)
    assert report.split(",") == ["open", "open", "open", "closed", "closed"]


def test_a_planner_is_its_own_iterator() -> None:
    planner = planahead.Planner(_broken)
    try:
        assert iter(planner) is planner
        assert next(iter(planner)) == 0
    finally:
        planner.close()
