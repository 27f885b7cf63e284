"""Sharding the search (shards.py) changes which processes send the cases, never which cases
are sent or what is found: with a case limit, the same cases sent and skipped, the same
classes with the same counts, first, smallest and sampled divergences, in the same order, as
a search in one process; and a shard that breaks fails the run with its traceback."""

import os
import queue
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from spread_helpers import MUTANT, outline, summaries_written

from oasis_si_conformance.fuzz import differential, shards
from oasis_si_conformance.fuzz.differential import fuzz
from oasis_si_conformance.fuzz.summary import Summary

#: The slow tier (nox -s tests_slow): searches spread over processes compared with one-process
#: searches.
pytestmark = pytest.mark.slow

OPS = ["score_scenario", "synonym_match", "factor_identified"]


def _search(shard_count: int, **options: Any) -> Any:
    return fuzz(
        MUTANT,
        seed=1,
        max_examples=options.pop("max_examples", 400),
        time_budget=600,
        shrink_budget=0,
        operations=OPS,
        edition="0.3.0-rc1",
        explain=False,
        shards=shard_count,
        **options,
    )


def test_the_same_search_in_one_process_or_in_shards() -> None:
    runs = [_search(count) for count in (1, 2, 3)]
    assert [run.generated_below for run in runs] == [None, 400, 400]
    outlines = [outline(run) for run in runs]
    one = outlines[0]
    assert one["classes"], "the mutant diverges within 400 cases"
    assert any(samples for *_, samples in one["classes"]), "some class keeps samples"
    assert one["counts"][:2] == (400, 400 - one["counts"][2])
    assert outlines[1] == one
    assert outlines[2] == one


def test_a_shard_that_breaks_fails_the_run_with_its_traceback(monkeypatch: Any) -> None:
    """A generator bug in a shard's process (forked: the broken stream is inherited) is no
    silent loss of cases: the run raises, naming the shard and the error."""

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("a generator bug")

    monkeypatch.setattr(differential, "planned_stream", broken)
    # Both shards break; the run names the first shard, whichever broke first.
    with pytest.raises(shards.ShardFailed, match=r"^shard 1 of 2:(.|\n)*a generator bug"):
        _search(2)


def test_stopping_at_the_first_normative_divergence_stops_every_shard() -> None:
    summary = _search(2, max_examples=100_000, stop_on_normative=True)
    assert summary.stopped_by == "normative-divergence"
    assert summary.normative
    assert summary.generated < 5_000  # the mutant diverges within a few hundred cases


@given(st.integers(0, 10_000), st.integers(1, 16))
def test_the_shards_share_the_case_limit_index_by_index(limit: int, count: int) -> None:
    shares = [shards.cases_of_shard(limit, shard, count) for shard in range(count)]
    assert shares == [len(range(shard, limit, count)) for shard in range(count)]
    assert shards.cases_of_shard(None, 0, count) is None


@given(st.integers(0, 500), st.integers(1, 8), st.data())
def test_the_index_after_a_shards_last_case(generated: int, count: int, data: Any) -> None:
    shard = data.draw(st.integers(0, count - 1))
    indices = range(shard, shard + generated * count, count)
    assert shards._index_after(generated, shard, count) == (indices[-1] + 1 if indices else 0)


def test_shards_asked_for_or_one_per_core(monkeypatch: Any) -> None:
    """A count asked for is kept (1 included); 0 is the cores this process may run on, or
    (where the platform cannot say) the machine's, at least one."""
    asked: list[int] = []

    def affinity(pid: int) -> set[int]:
        asked.append(pid)
        return {0, 1, 2, 5}

    monkeypatch.setattr(os, "sched_getaffinity", affinity, raising=False)
    assert [shards.shard_count(n) for n in (1, 3)] == [1, 3]
    assert shards.shard_count(0) == 4 and asked == [0]  # this process's own affinity
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3})
    assert shards.shard_count(0) == 1
    monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert shards.shard_count(0) == 3
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert shards.shard_count(0) == 1


def test_the_reason_a_sharded_search_stopped() -> None:
    assert shards._stopped_by(["max-examples", "max-examples"]) == "max-examples"
    assert shards._stopped_by(["time-budget", "restart-failed"]) == "restart-failed"
    assert shards._stopped_by(["max-examples", "normative-divergence"]) == (
        "normative-divergence"
    )
    assert shards._stopped_by(["nothing-to-fuzz", "other"]) == "nothing-to-fuzz"  # the first
    assert shards._stopped_by([]) == ""


def test_shards_are_named_from_one() -> None:
    assert shards.shard_name(0, 2) == "shard 1 of 2"
    assert shards.shard_name(2, 3) == "shard 3 of 3"


@pytest.mark.parametrize(
    ("error", "index"),
    [
        ("case 12: ValueError: bad", 12),
        ("case 7: KeyError: 'x'", 7),
        ("case x: ValueError: bad", -1),
        ("nothing like a case", -1),
        ("", -1),
    ],
)
def test_the_case_a_reference_error_names(error: str, index: int) -> None:
    assert shards._case_index(error) == index


def _part(**fields: Any) -> Summary:
    return Summary(1, {}, [], [], "streaming", None, 600.0, **fields)


def test_merging_the_shards_notes_and_reference_errors() -> None:
    """Notes once each, in the order the shards give them; reference errors by case index
    (a number, not text: case 10 after case 9)."""
    summary = _part(notes=["kept"])
    parts = [
        _part(notes=["kept", "a"], reference_errors=["case 10: E: x", "case 0: E: y"]),
        _part(notes=["a", "b"], reference_errors=["case 9: E: z"]),
    ]
    shards.merge(summary, parts)
    assert summary.notes == ["kept", "a", "b"]
    assert summary.reference_errors == ["case 0: E: y", "case 9: E: z", "case 10: E: x"]


def test_merging_no_shard_leaves_nothing_generated() -> None:
    """An interrupted run whose shards handed nothing back within the grace."""
    summary = _part()
    shards.merge(summary, [])
    assert (summary.generated, summary.generated_below, summary.stopped_by) == (0, 0, "")


class _Process:
    """A stand-in for a shard's process: alive until told otherwise."""

    def __init__(self, alive: bool = True, exitcode: int | None = None) -> None:
        self.alive, self.exitcode = alive, exitcode

    def is_alive(self) -> bool:
        return self.alive


def test_collecting_stops_at_the_deadline_with_what_was_handed_back() -> None:
    """A shard that never answers (alive, silent) does not hold an interrupted run past its
    deadline; what another shard handed back before it is kept."""
    out: queue.Queue[Any] = queue.Queue()
    out.put((1, "summary of shard 2"))
    results: dict[int, Any] = {}
    started = time.monotonic()
    shards._collect(out, [_Process(), _Process()], results, deadline=started + 1.0)
    assert results == {1: "summary of shard 2"}
    assert time.monotonic() - started < 5.0


def test_a_shard_that_died_silently_is_a_failure_naming_it() -> None:
    out: queue.Queue[Any] = queue.Queue()
    out.put((0, "summary of shard 1"))
    results: dict[int, Any] = {}
    shards._collect(out, [_Process(), _Process(False, 3)], results, deadline=None)
    assert results[0] == "summary of shard 1"
    assert isinstance(results[1], shards.ShardFailed)
    assert str(results[1]) == "shard 2 of 2 ended without its summary (exit status 3)"


def test_the_command_line_shards_with_the_same_summary(tmp_path: Path) -> None:
    """`oasis-si-fuzz --shards 2` writes the summary one process writes, but for timings;
    --shards with --plan-ahead, or with a campaign, is a usage error."""
    from oasis_si_conformance.fuzz import cli

    one, sharded = summaries_written(tmp_path, "--shards", ("1", "2"))
    assert sharded == one
    for refused in (
        ["--shards", "2", "--plan-ahead", "1", "--", *MUTANT],
        ["--shards", "2", "--candidate", "a", "--candidate", "b"],
    ):
        with pytest.raises(SystemExit) as usage:
            cli.main(refused)
        assert usage.value.code == 2
