"""Sharded search: the seeded stream split among n processes, each with a session of its own,
so that every part of a search (generation, the reference's verdicts, the session, judging,
and the candidate's own work) runs on n cores, and nothing per case crosses a process
boundary.

Shard k of n is a forked process that runs the search in-process (`differential._Search`) on
the cases k, k + n, k + 2n, ... of the run's seed, against a candidate process it starts
itself (the run's handshake process stays with the run, for shrinking). At the end of its
search it hands its summary back, once. The run's process merges the shards' summaries
(`merge`): counts add up, and each class's divergences are recorded again in index order, so
a run limited by `--max-examples` gives the same cases sent and skipped, the same classes with
the same counts, first and smallest divergences, as a run in one process.

A shard that finds a normative divergence in a run that stops on one (`stop_on_normative`)
tells the others through a shared event. Shards ignore SIGINT (the run's process handles it);
an interrupted run sends each shard SIGTERM, on which it stops its search, hands back what it
judged and closes its session, so no candidate process outlives its shard.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queues
import signal
import sys
import time
import traceback
from collections.abc import Callable
from types import FrameType
from typing import Any, Final

import attrs

from oasis_si_conformance.fuzz import planahead
from oasis_si_conformance.fuzz.summary import Divergence, PointCounts, Summary
from oasis_si_conformance.running.session import Candidate, Limits, RestartBudget, open_session
from oasis_si_conformance.running.transport import CandidateEnvironment

#: Seconds an interrupted run waits for the shards' summaries (a shard abandons the answers
#: it is still owed, as a run in one process does, and hands back what it judged).
STOP_GRACE: Final = 5.0


class ShardFailed(RuntimeError):
    """A shard ended without handing its summary back (a generator or reference bug)."""


@attrs.frozen
class ShardPlan:
    """What every shard of a run shares: how to start the candidate, its declaration, the
    run's edition, session settings, what stops a search, and the search itself (the caller's:
    differential.py's `_Search`, handed in so that the shards need not import the module
    that starts them)."""

    argv: list[str]
    limits: Limits
    hello: Any  # protocol.Hello
    edition: Any  # Edition
    one_shot: bool
    window: int
    stop_on_normative: bool
    search: Callable[..., Any]
    environment: CandidateEnvironment = CandidateEnvironment()


def cases_of_shard(max_examples: int | None, shard: int, count: int) -> int | None:
    """How many of the first `max_examples` indices fall to `shard` of `count` (indices
    shard, shard + count, ...); None (no limit) stays None."""
    if max_examples is None:
        return None
    return max(0, (max_examples - shard + count - 1) // count)


def shard_summary(summary: Summary, shard: int, count: int) -> Summary:
    """The summary one shard fills: the run's, not yet filled (a shard's process has a copy
    of its own), with the shard's share of the case limit."""
    return attrs.evolve(summary, max_examples=cases_of_shard(summary.max_examples, shard, count))


class _Stopped(BaseException):
    """SIGTERM in a shard: the run's process was interrupted (or is ending the shard)."""


def _stopped(signum: int, frame: FrameType | None) -> None:
    raise _Stopped()


def _run_shard(
    out: Any,
    stop: Any,
    plan: ShardPlan,
    summary: Summary,
    shard: int,
    count: int,
    log: Callable[[str], None],
) -> None:
    """A shard's process: its own session, the search over its share, the summary handed
    back (or the traceback of what broke it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stopped)
    planahead.close_inherited({out._reader.fileno(), out._writer.fileno()})
    prefix = f"[{shard_name(shard, count)}] "
    # none of the run's processes
    candidate = Candidate(list(plan.argv), plan.limits, environment=plan.environment)
    budget = RestartBudget(sys.maxsize)  # as a search in one process: restarts unlimited
    session = open_session(candidate, budget, plan.hello, plan.one_shot, plan.window)
    try:
        search = plan.search(
            candidate,
            plan.hello,
            summary,
            plan.edition,
            lambda message: log(prefix + message.lstrip()),
            plan.stop_on_normative,
            start=shard,
            step=count,
            stop=stop if plan.stop_on_normative else None,
        )
        try:
            search.run(session)
        except _Stopped:  # what was judged so far is handed back; the answers owed are not
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            candidate.stop()  # (nor what the session would make of them as it closes)
            summary.stopped_by = "interrupted"
        finally:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            summary.elapsed = search.seconds()
        summary.restarts = budget.spent
        out.put((shard, summary))
    except BaseException:
        out.put((shard, ShardFailed(f"{shard_name(shard, count)}: {traceback.format_exc()}")))
    finally:
        session.close()


def run_shards(
    plan: ShardPlan, summary: Summary, count: int, log: Callable[[str], None]
) -> None:
    """The search of `summary`'s run in `count` shards, merged into `summary`. Raises
    ShardFailed when a shard breaks; on an interruption, stops the shards, merges what they
    hand back within STOP_GRACE seconds, and re-raises."""
    context = multiprocessing.get_context("fork")
    out: Any = context.Queue()
    stop = context.Event()
    processes = []
    results: dict[int, Summary | ShardFailed] = {}
    try:
        for shard in range(count):
            process = context.Process(
                target=_run_shard,
                args=(out, stop, plan, shard_summary(summary, shard, count), shard, count, log),
                daemon=True,
            )
            process.start()
            processes.append(process)
        try:
            _collect(out, processes, results, deadline=None)
        except KeyboardInterrupt:
            for process in processes:
                process.terminate()  # each shard hands back what it judged, then ends
            _collect(out, processes, results, deadline=time.monotonic() + STOP_GRACE)
            merge(summary, _summaries(results))
            summary.stopped_by = ""  # the search did not end by itself: the interruption says
            raise
    finally:
        _end(processes, out)
    failures = [r for _shard, r in sorted(results.items()) if isinstance(r, ShardFailed)]
    if failures:
        raise failures[0]  # the lowest-numbered failing shard's, whichever reported first
    merge(summary, _summaries(results))


def _summaries(results: dict[int, Summary | ShardFailed]) -> list[Summary]:
    """The summaries handed back, in shard order."""
    return [result for _shard, result in sorted(results.items()) if isinstance(result, Summary)]


def _collect(
    out: Any, processes: list[Any], results: dict[int, Any], deadline: float | None
) -> None:
    """Every shard's result into `results` (a shard that died without one: ShardFailed),
    until all are in or `deadline` passes."""
    while len(results) < len(processes):
        if deadline is not None and time.monotonic() >= deadline:
            return
        try:
            shard, result = out.get(timeout=0.5)
        except queues.Empty:
            for shard, process in enumerate(processes):
                if shard not in results and not process.is_alive() and out.empty():
                    results[shard] = ShardFailed(
                        f"{shard_name(shard, len(processes))} ended without its summary"
                        f" (exit status {process.exitcode})"
                    )
            continue
        results[shard] = result


def _end(processes: list[Any], out: Any) -> None:
    """Every shard process ended and reaped (SIGTERM first: a shard closes its session)."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(2.0)
        if process.is_alive():
            process.kill()
            process.join()
    out.close()
    out.cancel_join_thread()


def merge(summary: Summary, shards: list[Summary]) -> None:
    """The shards' summaries added into `summary`: counts summed, the longest elapsed time,
    the reason the search stopped, and every divergence the shards kept recorded in index
    order (first, smallest and samples come out as one process would have kept them; each
    class's count is the sum of the shards')."""
    counts: dict[Any, int] = {}
    divergences: dict[int, Divergence] = {}
    for part in shards:
        summary.generated += part.generated
        summary.sent += part.sent
        summary.skipped += part.skipped
        summary.unjudged += part.unjudged
        summary.restarts += part.restarts
        summary.per_operation.update(part.per_operation)
        for point, tally in part.points.items():
            total = summary.points.setdefault(point, PointCounts())
            total.generated += tally.generated
            total.sent += tally.sent
            total.skipped += tally.skipped
        summary.notes.extend(note for note in part.notes if note not in summary.notes)
        summary.reference_errors.extend(part.reference_errors)
        summary.elapsed = max(summary.elapsed, part.elapsed)
        for key, found in part.classes.items():
            counts[key] = counts.get(key, 0) + found.count
            for divergence in (found.first, found.smallest, *found.samples):
                divergences[divergence.index] = divergence
    summary.generated_below = max(
        (_index_after(part.generated, shard, len(shards)) for shard, part in enumerate(shards)),
        default=0,
    )
    summary.reference_errors.sort(key=_case_index)
    summary.stopped_by = _stopped_by([part.stopped_by for part in shards])
    for index in sorted(divergences):
        summary.record(divergences[index])
    for key, found in summary.classes.items():
        found.count = counts[key]


def shard_name(shard: int, count: int) -> str:
    """Shard `shard` (from 0) of `count`, as messages name it: "shard 1 of 2"."""
    return f"shard {shard + 1} of {count}"


def _index_after(generated: int, shard: int, count: int) -> int:
    """One past the last index shard `shard` of `count` generated, having generated
    `generated` cases (0 for none)."""
    return shard + (generated - 1) * count + 1 if generated else 0


def _case_index(reference_error: str) -> int:
    """The index in "case I: Error: message"."""
    words = reference_error.split(":", 1)[0].split()
    return int(words[-1]) if words and words[-1].isdigit() else -1


#: Why a sharded search stopped: the first of these any shard gives, else the first shard's.
_STOP_ORDER: Final = (
    "restart-failed", "normative-divergence", "interrupted", "time-budget", "max-examples"
)


def _stopped_by(reasons: list[str]) -> str:
    for reason in _STOP_ORDER:
        if reason in reasons:
            return reason
    return reasons[0] if reasons else ""


def shard_count(requested: int) -> int:
    """`requested` shards, or (0) one per core this process may run on."""
    if requested > 0:
        return requested
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no sched_getaffinity: every core the machine has
        return max(1, os.cpu_count() or 1)
