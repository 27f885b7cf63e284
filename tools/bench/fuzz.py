"""Differential fuzzing figures: throughput against the reference, where each case's CPU goes,
and which normative mutants `oasis-si-fuzz` finds within 20 s through score_scenario alone.
Prints; asserts nothing.

- throughput: cases/s of a streaming run against the bundled reference server, every
  operation and score_scenario alone, in two shards (shards.py: each searching every other
  case with a reference server of its own, both cores used) and in one process (skipped
  cases are not counted; the time includes generation, the in-process reference and the
  candidate's answers); and against a cheap candidate in two shards;
- profile: CPU microseconds per case of each part of a search against the reference:
  generation, the reference's verdict, the rest of planning (the open points the case
  touches, encoding), the session and judging, and the reference server; their total, and
  the rate two idle cores could sustain (2 / total);
- CPU per case: what each side spends per case sent, from two runs of the same seed (300
  and 3000 cases, so that startup and the handshake cancel out): the fuzzer's process
  (generation, planning with the reference's verdict, encoding, judging; `time.process_time`)
  and the candidate's processes (parsing, validation, its verdict, encoding;
  `RUSAGE_CHILDREN`), and the rate two idle cores could sustain: the lower of 2 / (every
  process's CPU per case) and 1 / (the busiest process's); against a cheap candidate, and
  against the reference with the cases planned ahead (in `OASIS_FUZZ_BENCH_PLANNERS` other
  processes, default 2, planahead.py, counted on the fuzzer's side). The cheap candidate is
  `OASIS_FUZZ_BENCH_CANDIDATE='CMD ARGS'` (split as an argument vector, e.g. a compiled
  evaluator), else `_lean_candidate.py` (the reference's operations without request
  validation), which shows the fuzzer's side alone. `OASIS_FUZZ_BENCH_EDITION=NAME` names
  the edition every run certifies against (for a candidate whose handshake does not decide
  one). CPU figures do not depend on what else the machine runs; cases/s do;
- mutants: every mutant of conformance/independent/mutants.py whose kind is "normative" (new ones
  are picked up from the catalog), fuzzed as `python -m oasis_si_conformance.independent --mutant
  NAME` with `--ops score_scenario` (the field's candidates offer nothing else), seed 0, for at most
  20 s in two shards (`OASIS_FUZZ_BENCH_SHARDS`, also the throughput runs' count), until the
  first *normative* divergence in any shard (a convention difference does not count),
  under the seed's edition, or under the first edition where it is normative (the seed's
  same-sentence window is a defect under the amendment only).
  Reported per mutant: found or missed, the seconds into the search of the first normative
  divergence and its class; then the fraction found, the median and the largest time.

The first line says which case generator the run imports: the source module, or the one
compiled by `python -m tools.accelerate` (`nox -s bench_compiled`).

`python -m tools.bench fuzz`. Environment: `OASIS_FUZZ_BENCH_MUTANTS=pattern,...` limits the
mutants; `OASIS_FUZZ_BENCH_SEED` changes the seed; `OASIS_FUZZ_BENCH_SECONDS` the budget
(default 20); `OASIS_FUZZ_BENCH_ALL_OPS=1` also declares every operation;
`OASIS_FUZZ_BENCH_PARTS=throughput,profile,cpu,mutants` (the default: all four) the parts run.
"""

from __future__ import annotations

import os
import resource
import shlex
import statistics
import sys
import time
from fnmatch import fnmatchcase
from typing import Any

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.fuzz import differential, planahead, strategies
from oasis_si_conformance.fuzz.differential import fuzz
from oasis_si_schemas.editions import DEFAULT, EDITIONS

REFERENCE = reference_command()
LEAN = [sys.executable, "-m", "tools.bench._lean_candidate"]
#: Planner processes when planning ahead: one per core the fuzzer's side may use.
PLANNERS = int(os.environ.get("OASIS_FUZZ_BENCH_PLANNERS", "2"))
#: The edition to certify a candidate against when its handshake does not decide one (a
#: field evaluator declaring the bare version label), else None: the one it declares.
EDITION = os.environ.get("OASIS_FUZZ_BENCH_EDITION") or None
#: Shards of the headline throughput runs and of the mutant search: one per core of the
#: machines the goals are set for.
SHARDS = int(os.environ.get("OASIS_FUZZ_BENCH_SHARDS", "2"))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _limited_run(
    argv: list[str], cases: int, operations: list[str] | None, ahead: int = 0
) -> Any:
    """The summary of a search of `cases` cases, seed 0, with no time limit and no
    shrinking."""
    return fuzz(
        argv,
        seed=0,
        max_examples=cases,
        time_budget=1e9,
        shrink_budget=0,
        operations=operations,
        plan_ahead=ahead,
        edition=EDITION,
        explain=False,
    )


def _measured_run(
    argv: list[str], cases: int, operations: list[str] | None, ahead: int
) -> tuple[int, ...]:
    """(cases sent, fuzzer CPU us, planner CPU us, candidate CPU us) of a run of `cases`
    cases, seed 0 (the planner process is a child too: not the candidate's)."""
    children, own, planner = _children_cpu(), time.process_time(), planahead.cpu_spent()
    summary = _limited_run(argv, cases, operations, ahead)
    fuzzer, planned = time.process_time() - own, planahead.cpu_spent() - planner
    candidate = _children_cpu() - children - planned
    return summary.sent, round(fuzzer * 1e6), round(planned * 1e6), round(candidate * 1e6)


def cpu_per_case(
    label: str,
    argv: list[str],
    operations: list[str] | None = None,
    cases: int = 3000,
    ahead: int = 0,
    quiet: bool = False,
) -> tuple[float, float, float]:
    """CPU microseconds per case sent in each process (fuzzer, planner, candidate): the
    difference of a run of `cases` and one of a tenth as many, so that startup cancels."""
    short, long = (_measured_run(argv, n, operations, ahead) for n in (cases // 10, cases))
    sent = long[0] - short[0]
    fuzzer, planner, candidate = ((long[i] - short[i]) / sent for i in (1, 2, 3))
    ops = "score_scenario only" if operations else "every operation"
    sides = f"fuzzer {fuzzer:.0f} us"
    if ahead:
        sides += f" + {ahead} planner process(es) {planner:.0f} us"
    per_planner = planner / max(1, ahead)
    busiest = max(fuzzer, per_planner, candidate)
    alone = min(2e6 / (fuzzer + planner), 1e6 / max(fuzzer, per_planner))
    if quiet:
        return fuzzer, planner, candidate
    print(
        f"CPU per case vs {label} ({ops}{', planned ahead' if ahead else ''}): {sides},"
        f" candidate {candidate:.0f} us; 2 idle cores sustain at most"
        f" {min(2e6 / (fuzzer + planner + candidate), 1e6 / busiest):.0f} cases/s; the"
        f" fuzzer's side alone {alone:.0f}"
        f" [{sent} cases]",
        flush=True,
    )
    return fuzzer, planner, candidate


def throughput(
    seconds: float = 10.0,
    operations: list[str] | None = None,
    argv: list[str] = REFERENCE,
    name: str = "reference",
    ahead: int = 0,
    shards: int = 1,
) -> float:
    summary = fuzz(
        argv,
        seed=0,
        time_budget=seconds,
        shrink_budget=0,
        operations=operations,
        plan_ahead=ahead,
        shards=shards,
        edition=EDITION,
        explain=False,
    )
    label = "score_scenario only" if operations else "every operation"
    label += f", planned ahead by {ahead}" if ahead else ""
    label += f", {shards} shards" if shards > 1 else ", one process"
    print(
        f"throughput vs {name} (streaming, {label}): {summary.throughput:.0f} cases/s "
        f"({summary.sent} sent, {summary.skipped} skipped, {summary.elapsed:.1f} s)",
        flush=True,
    )
    return summary.throughput


def normative_mutants() -> list:
    """The catalog's normative mutants, as the environment narrows them."""
    from oasis_si_conformance.independent.mutants import CATALOG

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


def find_mutants(
    label: str, ops: list[str] | None, seed: int, seconds: float, shards: int = SHARDS
) -> None:
    mutants = normative_mutants()
    found: list[float] = []
    missed: list[str] = []
    started = time.monotonic()
    where = f"{shards} shards" if shards > 1 else "one process"
    print(
        f"normative mutants ({label}, seed {seed}, {seconds:g} s each, {where}):", flush=True
    )
    for mutant in mutants:
        argv = [sys.executable, "-m", "oasis_si_conformance.independent", *mutant.argv()]
        edition = _edition_where_normative(mutant)
        summary = fuzz(
            argv,
            seed=seed,
            time_budget=seconds,
            shrink_budget=0,
            operations=ops,
            stop_on_normative=True,
            edition=edition,
            shards=shards,
        )
        # The earliest in time (shards record their classes in case order).
        first = min(summary.normative, key=lambda c: c.first.seconds, default=None)
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


class _PartTimer:
    """CPU seconds spent inside a function of the fuzzer's modules during a run (the function
    replaced by a timing wrapper while the timer is installed)."""

    def __init__(self, module: Any, name: str) -> None:
        self.module, self.name, self.spent = module, name, 0.0
        self.original = getattr(module, name)

    def __enter__(self) -> _PartTimer:
        original, clock = self.original, time.process_time

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = clock()
            try:
                return original(*args, **kwargs)
            finally:
                self.spent += clock() - started

        setattr(self.module, self.name, timed)
        return self

    def __exit__(self, *exc: object) -> None:
        setattr(self.module, self.name, self.original)


def _timed_run(operations: list[str] | None, cases: int) -> tuple[int, float, ...]:
    """(cases sent, CPU seconds of: the fuzzer's process, generation, planning, the
    reference's verdicts within planning, the candidate's processes) of a run of `cases`."""
    children, own = _children_cpu(), time.process_time()
    with (
        _PartTimer(strategies, "generate") as generation,
        _PartTimer(differential, "plan") as planning,
        _PartTimer(differential, "expected_outcome") as verdicts,
    ):
        summary = _limited_run(REFERENCE, cases, operations)
    fuzzer, candidate = time.process_time() - own, _children_cpu() - children
    parts = (fuzzer, generation.spent, planning.spent, verdicts.spent, candidate)
    return (summary.sent, *parts)


def profile(operations: list[str] | None, cases: int = 5000) -> None:
    """CPU microseconds per case sent of each part of a search against the reference in one
    process, timed inside the run (the difference of a run of `cases` and one of a tenth as
    many, so that startup cancels): generation; planning, split into the reference's verdict
    and the rest (the open points the case touches, the encoded params); the session and
    judging (the rest of the fuzzer's process); and the reference server's process."""
    short, long = (_timed_run(operations, n) for n in (cases // 10, cases))
    sent = long[0] - short[0]
    fuzzer, generation, planning, verdict, candidate = (
        (long[i] - short[i]) / sent * 1e6 for i in range(1, 6)
    )
    parts = {
        "generation": generation,
        "the reference's verdict": verdict,
        "open points and encoding": planning - verdict,
        "session and judging": fuzzer - generation - planning,
        "the reference server": candidate,
    }
    total = sum(parts.values())
    label = "score_scenario only" if operations else "every operation"
    shown = ", ".join(f"{name} {value:.0f}" for name, value in parts.items())
    print(
        f"profile per case sent vs reference ({label}, one process), CPU us: {shown}; total"
        f" {total:.0f} us: 2 idle cores sustain at most {2e6 / total:.0f} cases/s"
        f" [{sent} cases]",
        flush=True,
    )


#: The parts of the benchmark a run prints (OASIS_FUZZ_BENCH_PARTS, comma-separated).
PARTS = ("throughput", "profile", "cpu", "mutants")


def generator_in_use() -> str:
    """Which case generator is imported: the source module or a compiled one."""
    where = strategies.__file__ or ""
    return "compiled (mypyc)" if not where.endswith(".py") else "the source module"


def run() -> None:
    seed = int(os.environ.get("OASIS_FUZZ_BENCH_SEED", "0"))
    seconds = float(os.environ.get("OASIS_FUZZ_BENCH_SECONDS", "20"))
    given = os.environ.get("OASIS_FUZZ_BENCH_CANDIDATE")
    cheap, cheap_name = (shlex.split(given), given) if given else (LEAN, "lean candidate")
    parts = set(os.environ.get("OASIS_FUZZ_BENCH_PARTS", ",".join(PARTS)).split(","))
    unknown = sorted(parts - set(PARTS))
    if unknown:
        raise SystemExit(f"OASIS_FUZZ_BENCH_PARTS: no part {', '.join(unknown)}")
    print(f"case generator: {generator_in_use()} ({strategies.__file__})", flush=True)
    for operations in (None, ["score_scenario"]):
        if "throughput" in parts:
            throughput(operations=operations, shards=SHARDS)
            throughput(operations=operations)
            throughput(operations=operations, argv=cheap, name=cheap_name, shards=SHARDS)
        if "profile" in parts:
            profile(operations)
        if "cpu" in parts:
            cpu_per_case(cheap_name, cheap, operations)
            cpu_per_case("reference", REFERENCE, operations, ahead=PLANNERS)
    if "mutants" in parts:
        find_mutants("score_scenario only", ["score_scenario"], seed, seconds)
        if os.environ.get("OASIS_FUZZ_BENCH_ALL_OPS"):
            find_mutants("every operation declared", None, seed, seconds)


if __name__ == "__main__":
    from tools.bench import standalone

    standalone("fuzz", __doc__, run)
