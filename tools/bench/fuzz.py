"""Differential fuzzing figures (issue 6): throughput against the reference, and how much of
the mutant catalog `oasis-si-fuzz` finds within its default budget. Prints; asserts nothing.

- throughput: cases/s of a streaming run against the bundled reference server (the target is
  500 cases/s or more; skipped cases are not counted, the time includes generation, the
  in-process reference and the candidate's answers);
- mutants (when tools/mutants/catalog.py exists): for every normative mutant, a run of
  `oasis-si-fuzz` with its defaults (5000 cases or 60 s, seed 0, every operation declared) against
  `python -m tools.independent --mutant NAME`, and, as score_scenario-only candidates are the
  field's norm, the same with `--ops score_scenario`. Reported: the fraction found, the median
  and the largest time to the first divergence (search time from the end of the handshake,
  before shrinking), and the mutants missed.

`python -m tools.bench fuzz`; `OASIS_FUZZ_BENCH_MUTANTS=pattern,...` limits the mutants, and
`OASIS_FUZZ_BENCH_SEED` changes the seed, `OASIS_FUZZ_BENCH_VERBOSE=1` prints every mutant.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from fnmatch import fnmatchcase

from oasis_si_conformance.fuzz.differential import fuzz

REFERENCE = [sys.executable, "-m", "oasis_si_reference.server"]
DEFAULTS = {"max_examples": 5000, "time_budget": 60.0}  # the CLI's defaults


def throughput(seconds: float = 20.0) -> float:
    summary = fuzz(REFERENCE, seed=0, max_examples=10**9, time_budget=seconds, shrink_budget=0)
    print(
        f"throughput vs reference (streaming): {summary.throughput:.0f} cases/s "
        f"({summary.sent} sent, {summary.skipped} skipped, {summary.elapsed:.1f} s; target >= 500)"
    )
    return summary.throughput


def _mutants():
    try:
        from tools.mutants.catalog import NORMATIVE
    except ImportError:
        return None
    patterns = [p for p in os.environ.get("OASIS_FUZZ_BENCH_MUTANTS", "").split(",") if p]
    return [m for m in NORMATIVE if not patterns or any(fnmatchcase(m.id, p) or p in m.id for p in patterns)]


def mutant_kill_rate(ops_label: str, extra: list[str], seed: int, verbose: bool = False) -> None:
    mutants = _mutants()
    if mutants is None:
        print("mutants: tools/mutants/catalog.py not found; skipped")
        return
    found: list[tuple[str, float]] = []
    missed: list[str] = []
    started = time.monotonic()
    for mutant in mutants:
        argv = [sys.executable, "-m", "tools.independent", "--mutant", mutant.id, *extra]
        summary = fuzz(argv, seed=seed, shrink_budget=0, **DEFAULTS)
        if summary.divergence is not None:
            found.append((mutant.id, summary.time_to_divergence or 0.0))
            outcome = f"found in {summary.time_to_divergence:.2f} s ({summary.divergence.case['operation']})"
        else:
            missed.append(mutant.id)
            outcome = f"missed ({summary.sent} cases, {summary.elapsed:.1f} s)"
        if verbose:
            print(f"  {mutant.id}: {outcome}", flush=True)
    times = sorted(t for _, t in found)
    fraction = len(found) / len(mutants) if mutants else 0.0
    print(
        f"normative mutants found ({ops_label}): {len(found)}/{len(mutants)} = {fraction:.0%}; "
        f"time to first divergence: median {statistics.median(times) if times else float('nan'):.2f} s, "
        f"max {max(times) if times else float('nan'):.2f} s (seed {seed}; {time.monotonic() - started:.0f} s in all)"
    )
    if missed:
        print(f"  missed ({ops_label}): {', '.join(missed)}")


def run() -> None:
    seed = int(os.environ.get("OASIS_FUZZ_BENCH_SEED", "0"))
    verbose = bool(os.environ.get("OASIS_FUZZ_BENCH_VERBOSE"))
    throughput()
    mutant_kill_rate("all operations declared", [], seed, verbose)
    mutant_kill_rate("score_scenario only", ["--ops", "score_scenario"], seed, verbose)


if __name__ == "__main__":
    run()
