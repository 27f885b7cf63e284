"""`python -m tools.selfmutants [--module PATH ...] [--jobs N] [--list] [--mutant ID ...]`.

Prints each survivor (id, line, change) and each mutant killed by text only (every test that
failed on it failed on a message's wording: failures.py), then per module the mutants run,
killed, listed as equivalent and surviving, and the kill rate (killed over the mutants not
listed as equivalent), with the rate by behaviour (the kills by text only left out). Exits 1
when a mutant survives that equivalent.yaml does not list, or when the unmutated copy fails its
tests; 0 otherwise (a kill by text only is printed, not failed). Listed ids that are no longer
mutants of the module, or that a test now kills, are printed as stale (fix the list).
"""

import argparse
import hashlib
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed

from tools.selfmutants import equivalent, targets
from tools.selfmutants.operators import Mutant, mutants
from tools.selfmutants.run import ROOT, Outcome, run


def _sampled(found: list[Mutant], size: int | None) -> list[Mutant]:
    if size is None or size >= len(found):
        return found
    keyed = sorted(found, key=lambda m: hashlib.sha256(m.id.encode()).hexdigest())
    chosen = {m.id for m in keyed[:size]}
    return [m for m in found if m.id in chosen]


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.selfmutants", description=__doc__)
    parser.add_argument("--module", action="append", default=[],
                        help="a module of targets.yaml (path or suffix); repeatable")
    parser.add_argument("--mutant", action="append", default=[], help="run only this id")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (2)")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--all", action="store_true", help="every mutant: ignore `sample`")
    parser.add_argument("--sample", type=int, help="this many mutants per module (a quick run)")
    return parser.parse_args(argv)


def _modules(wanted: list[str]) -> dict[str, dict[str, object]]:
    config = targets()
    if not wanted:
        return config
    chosen = {m: c for m, c in config.items() if any(m == w or m.endswith(w) for w in wanted)}
    unknown = [w for w in wanted if not any(m == w or m.endswith(w) for m in config)]
    if unknown:
        sys.exit(f"not in tools/selfmutants/targets.yaml: {', '.join(unknown)}")
    return chosen


def _module(module: str, config: dict[str, object], args: argparse.Namespace,
            listed: dict[str, str], log: Callable[[str], None]) -> tuple[str, bool, Counter[str]]:
    """Run one module's mutants; its summary line, whether it is clean, and its counts."""
    source = (ROOT / module).read_text(encoding="utf-8")
    tests = [str(t) for t in config["tests"]]  # type: ignore[attr-defined]
    found = mutants(module, source)
    sample = None if args.all else (args.sample or config.get("sample"))
    chosen = _sampled(found, sample)  # type: ignore[arg-type]
    if args.mutant:
        chosen = [m for m in found if m.id in args.mutant]
    if args.list:
        for m in chosen:
            mark = " (equivalent)" if m.id in listed else ""
            log(f"{m.id}  line {m.lineno}: {m.line}  [{m.change}]{mark}")
        return f"{module}: {len(chosen)} of {len(found)} mutants", True, Counter()
    baseline = run(module, source, tests, timeout=900, mutant=None)
    if baseline.status != "survived":
        log(f"{module}: its tests fail without any mutant:\n{baseline.tail}")
        return f"{module}: BASELINE FAILS", False, Counter()
    timeout = 3 * baseline.seconds + 15
    log(f"{module}: {len(chosen)} of {len(found)} mutants; tests {baseline.seconds:.1f} s "
        f"unmutated, limit {timeout:.0f} s each")
    outcomes: list[Outcome] = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run, module, m.apply(source), tests, timeout, m) for m in chosen]
        for future in as_completed(futures):
            outcomes.append(future.result())
    survivors = [o.mutant for o in outcomes if o.status == "survived" and o.mutant]
    new = [m for m in survivors if m.id not in listed]
    for m in sorted(new, key=lambda m: m.lineno):
        log(f"  SURVIVED {m.id}\n    line {m.lineno} in {m.function}: {m.line}\n    {m.change}")
    ids = {m.id for m in found}
    killed_listed = [o.mutant.id for o in outcomes
                     if o.mutant and o.status != "survived" and o.mutant.id in listed]
    stale = [i for i in listed if i.startswith(f"{module}:") and i not in ids] + killed_listed
    for ident in stale:
        log(f"  STALE in equivalent.yaml (no such mutant, or a test kills it): {ident}")
    texts = sorted((o.mutant for o in outcomes if o.by_text_only and o.mutant),
                   key=lambda m: m.lineno)
    for m in texts:
        log(f"  KILLED BY TEXT ONLY {m.id}\n    line {m.lineno} in {m.function}: {m.line}\n"
            f"    {m.change}")
    equivalents = sum(1 for m in survivors if m.id in listed)
    judged = len(outcomes) - equivalents
    killed = judged - len(new)
    rate = 100.0 * killed / judged if judged else 100.0
    behaviour = 100.0 * (killed - len(texts)) / judged if judged else 100.0
    timeouts = sum(1 for o in outcomes if o.status == "timeout")
    line = (f"{module}: {len(outcomes)} mutants, {killed} killed ({timeouts} by timeout, "
            f"{len(texts)} by text only), {equivalents} equivalent, {len(new)} surviving: "
            f"kill rate {rate:.1f}%, by behaviour {behaviour:.1f}%")
    log(line)
    counts = Counter(mutants=len(outcomes), killed=killed, text=len(texts),
                     equivalent=equivalents, surviving=len(new))
    return line, not new and not stale, counts


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    listed = equivalent()
    started = time.monotonic()
    summary, clean = [], True

    def log(text: str) -> None:
        print(text, flush=True)

    total: Counter[str] = Counter()
    for module, config in _modules(args.module).items():
        line, ok, counts = _module(module, config, args, listed, log)
        summary.append(line)
        total += counts
        clean = clean and ok
    log(f"\nself-mutants ({time.monotonic() - started:.0f} s, {args.jobs} jobs):")
    for line in summary:
        log(f"  {line}")
    if not args.list:
        log(f"  all: {total['mutants']} mutants, {total['killed']} killed "
            f"({total['text']} by text only), {total['equivalent']} equivalent, "
            f"{total['surviving']} surviving")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
