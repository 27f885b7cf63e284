"""Differential fuzzing figures (issues 6 and 9): throughput against the reference, and which
normative mutants `oasis-si-fuzz` finds within 20 s through score_scenario alone. Prints;
asserts nothing.

- throughput: cases/s of a streaming run against the bundled reference server, every
  operation and score_scenario alone (skipped cases are not counted; the time includes
  generation, the in-process reference and the candidate's answers);
- mutants: every mutant of tools/mutants/catalog.py whose kind is "normative" (new ones are
  picked up from the catalog), fuzzed as `python -m tools.independent --mutant NAME` with
  `--ops score_scenario` (the field's candidates offer nothing else), seed 0, for at most
  20 s, until the first *normative* divergence (a convention difference does not count),
  under the seed's edition, or under the first edition where it is normative (the seed's
  same-sentence window is a defect under the amendment only).
  Reported per mutant: found or missed, the seconds into the search of the first normative
  divergence and its class; then the fraction found, the median and the largest time.

`python -m tools.bench fuzz`. Environment: `OASIS_FUZZ_BENCH_MUTANTS=pattern,...` limits the
mutants; `OASIS_FUZZ_BENCH_SEED` changes the seed; `OASIS_FUZZ_BENCH_SECONDS` the budget
(default 20); `OASIS_FUZZ_BENCH_ALL_OPS=1` also declares every operation.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from fnmatch import fnmatchcase
from typing import Any

from oasis_si_conformance.fuzz.differential import fuzz
from oasis_si_schemas.editions import DEFAULT, EDITIONS

REFERENCE = [sys.executable, "-m", "oasis_si_reference.server"]


def throughput(seconds: float = 10.0, operations: list[str] | None = None) -> float:
    summary = fuzz(REFERENCE, seed=0, time_budget=seconds, shrink_budget=0, operations=operations)
    label = "score_scenario only" if operations else "every operation"
    print(
        f"throughput vs reference (streaming, {label}): {summary.throughput:.0f} cases/s "
        f"({summary.sent} sent, {summary.skipped} skipped, {summary.elapsed:.1f} s)",
        flush=True,
    )
    return summary.throughput


def normative_mutants() -> list | None:
    """The catalog's normative mutants (None without tools/mutants), as the environment
    narrows them."""
    try:
        from tools.mutants.catalog import CATALOG
    except ImportError:
        return None
    patterns = [p for p in os.environ.get("OASIS_FUZZ_BENCH_MUTANTS", "").split(",") if p]
    return [
        m
        for m in CATALOG
        if m.kind == "normative"
        and (not patterns or any(fnmatchcase(m.id, p) or p in m.id for p in patterns))
    ]


def _edition_where_normative(mutant: Any) -> str:
    """The seed's edition, or the first edition under which `mutant` is normative."""
    names = [DEFAULT.name] + [name for name in EDITIONS if name != DEFAULT.name]
    return next((name for name in names if mutant.kind_under(name) == "normative"), DEFAULT.name)


def find_mutants(label: str, ops: list[str] | None, seed: int, seconds: float) -> None:
    mutants = normative_mutants()
    if mutants is None:
        print("mutants: tools/mutants/catalog.py not found; skipped")
        return
    found: list[float] = []
    missed: list[str] = []
    started = time.monotonic()
    print(f"normative mutants ({label}, seed {seed}, {seconds:g} s each):", flush=True)
    for mutant in mutants:
        argv = [sys.executable, "-m", "tools.independent", *mutant.argv()]
        edition = _edition_where_normative(mutant)
        summary = fuzz(
            argv,
            seed=seed,
            time_budget=seconds,
            shrink_budget=0,
            operations=ops,
            stop_on_normative=True,
            edition=edition,
        )
        first = summary.normative[0] if summary.normative else None
        if first is not None:
            found.append(first.first.seconds)
            where = f"{first.first.seconds:.2f} s (case {first.first.index})"
            outcome = f"found in {where}: {first.key.label()}"
        else:
            missed.append(mutant.id)
            conventions = len(summary.convention)
            outcome = (
                f"MISSED ({summary.sent} cases sent, {summary.skipped} skipped, "
                f"{conventions} convention class(es))"
            )
        under = "" if edition == DEFAULT.name else f", edition {edition}"
        print(f"  {mutant.id} [{mutant.clause}{under}]: {outcome}", flush=True)
    times = sorted(found)
    fraction = len(found) / len(mutants) if mutants else 0.0
    median = statistics.median(times) if times else float("nan")
    largest = max(times) if times else float("nan")
    print(
        f"normative mutants found ({label}): {len(found)}/{len(mutants)} = {fraction:.0%} within "
        f"{seconds:g} s; time to the first normative divergence: median {median:.2f} s, max "
        f"{largest:.2f} s ({time.monotonic() - started:.0f} s in all)"
    )
    if missed:
        print(f"  missed ({label}): {', '.join(missed)}")
        for mutant in mutants:
            if mutant.id in missed and mutant.note:
                print(f"    {mutant.id}: {mutant.note}")


def run() -> None:
    seed = int(os.environ.get("OASIS_FUZZ_BENCH_SEED", "0"))
    seconds = float(os.environ.get("OASIS_FUZZ_BENCH_SECONDS", "20"))
    throughput()
    throughput(operations=["score_scenario"])
    find_mutants("score_scenario only", ["score_scenario"], seed, seconds)
    if os.environ.get("OASIS_FUZZ_BENCH_ALL_OPS"):
        find_mutants("every operation declared", None, seed, seconds)


if __name__ == "__main__":
    from tools.bench import standalone

    standalone("fuzz", __doc__, run)
