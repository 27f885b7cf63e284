"""Planning ahead: a run's seeded cases generated and planned in other processes while the
run's own process sends them and judges the answers, so that the fuzzer's side of a run uses
several cores (generation and the reference's verdicts are most of its CPU).

With n planners, planner k runs exactly what the search runs in-process
(`differential.case_stream`, then `differential.plan` on each case) for the cases k, k + n,
k + 2n, ..., and hands the outcomes over in chunks through a bounded queue, a few chunks
ahead of the search; `interleave` reads them back in index order. So a seed gives the same
cases, plans and verdicts either way. Each outcome is a `Planned` case, the open points of a
case that may not be sent (a frozenset), or the words of a reference error (a str). The
processes are forked (nothing is re-imported), ignore SIGINT (the run's process handles
interruptions and ends them), and are ended when the search ends; the CPU they spent is kept
(`cpu_spent`) for the benchmarks, which count it on the fuzzer's side.
"""

from __future__ import annotations

import functools
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


def _run(out: Any, outcomes: Callable[[], Iterator[Outcome]], parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    close_inherited({out._reader.fileno(), out._writer.fileno()})
    chunk: list[Outcome] = []
    try:
        for outcome in outcomes():
            chunk.append(outcome)
            if len(chunk) >= CHUNK:
                if not _hand_over(out, chunk, parent):
                    return
                chunk = []
    except BaseException:  # a generator bug: the search raises it in the run's process
        out.put(PlannerFailed(traceback.format_exc()))


def close_inherited(keep: set[int]) -> None:
    """Close every descriptor forked from the run's process but the queue's: a planner must
    not hold a candidate's pipes open (the candidate would never read EOF)."""
    try:
        inherited = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:  # no /proc: the descriptors below the highest open one are tried
        inherited = list(range(3, max(keep) + 64))
    for fd in inherited:
        if fd > 2 and fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass


def _hand_over(out: Any, chunk: list[Outcome], parent: int) -> bool:
    """Put `chunk` on the queue once there is room; False when the run's process is gone
    (then the planner ends rather than wait forever)."""
    while True:
        try:
            out.put(chunk, timeout=1.0)
            return True
        except queues.Full:
            if os.getppid() != parent:
                out.cancel_join_thread()  # nobody reads the queue: exit without flushing it
                return False


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
        self._process = context.Process(
            target=_run, args=(self._queue, outcomes, os.getpid()), daemon=True
        )
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


def start(outcomes: Callable[[int, int], Iterator[Outcome]], count: int) -> list[Planner]:
    """`count` planners, planner k running `outcomes(k, count)` (none for 0)."""
    planners: list[Planner] = []
    try:
        for k in range(count):
            planners.append(Planner(functools.partial(outcomes, k, count)))
    except BaseException:
        close(planners)
        raise
    return planners


def interleave(planners: list[Planner]) -> Iterator[Outcome]:
    """The planners' outcomes in index order: one of each in turn."""
    while True:
        for planner in planners:
            yield next(planner)


def close(planners: list[Planner]) -> None:
    for planner in planners:
        planner.close()
