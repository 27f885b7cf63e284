"""Planning ahead: a run's seeded cases generated and planned in a second process while the
run's own process sends them and judges the answers, so that the fuzzer's side of a run uses
two cores (generation and the reference's verdicts are most of its CPU).

The planner process runs exactly what the search runs in-process (`differential.case_stream`,
then `differential.plan` on each case, in index order) and hands the outcomes over in chunks
through a bounded queue, a few chunks ahead of the search; so a seed gives the same cases,
plans and verdicts either way. Each outcome is a `Planned` case, the open points of a case
that may not be sent (a frozenset), or the words of a reference error (a str). The process
is forked (nothing is re-imported), ignores SIGINT (the run's process handles interruptions
and ends it), and is ended when the search ends; the CPU it spent is kept (`cpu_spent`) for
the benchmarks, which count it on the fuzzer's side.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queues
import signal
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any, Final

#: Outcomes per message, and messages the planner may run ahead of the search.
CHUNK: Final = 32
AHEAD: Final = 8

Outcome = Any  # differential.Planned | frozenset[str] | str

_spent = [0.0]


def cpu_spent() -> float:
    """CPU seconds spent by every planner process ended so far in this process."""
    return _spent[0]


class PlannerFailed(RuntimeError):
    """The planner process ended without a reason the search knows (a generator bug)."""


def _run(out: Any, outcomes: Callable[[], Iterator[Outcome]]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    chunk: list[Outcome] = []
    try:
        for outcome in outcomes():
            chunk.append(outcome)
            if len(chunk) >= CHUNK:
                out.put(chunk)
                chunk = []
    except BaseException:  # a generator bug: the search raises it in the run's process
        out.put(PlannerFailed(traceback.format_exc()))


def _process_cpu(pid: int) -> float | None:
    """User and system CPU seconds of a live process (Linux /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Planner:
    """The outcomes of `outcomes()` (an iterator factory run in the planner process), in
    order, read ahead; `close` ends the process."""

    def __init__(self, outcomes: Callable[[], Iterator[Outcome]]) -> None:
        context = multiprocessing.get_context("fork")
        self._queue: Any = context.Queue(maxsize=AHEAD)
        self._process = context.Process(target=_run, args=(self._queue, outcomes), daemon=True)
        self._process.start()
        self._ready: deque[Outcome] = deque()

    def __iter__(self) -> Planner:
        return self

    def __next__(self) -> Outcome:
        while not self._ready:
            try:
                chunk = self._queue.get(timeout=1.0)
            except queues.Empty:
                if not self._process.is_alive():
                    raise PlannerFailed(
                        f"the planner process ended (exit status {self._process.exitcode})"
                    ) from None
                continue
            if isinstance(chunk, PlannerFailed):
                raise chunk
            self._ready.extend(chunk)
        return self._ready.popleft()

    def close(self) -> None:
        process = self._process
        if process.pid is not None and process.is_alive():
            cpu = _process_cpu(process.pid)
            _spent[0] += cpu or 0.0
            process.terminate()
        process.join(2.0)
        if process.is_alive():
            process.kill()
            process.join()
        self._queue.close()
        self._queue.cancel_join_thread()
