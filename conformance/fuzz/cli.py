"""oasis-si-fuzz: differential fuzzing of a candidate evaluator against the reference.

    oasis-si-fuzz [--seed N] [--max-examples N] [--time-budget S] [--ops OP,...] [--out DIR]
                  [--one-shot] [--timeout S] [--memory-limit SIZE] [--cpu-limit S]
                  [--shrink-budget S] [--window N] [--] CMD [ARGS...]

With no CMD the bundled reference server is fuzzed (a self-check: it must find nothing).
Exit status: 0 no divergence, 1 a divergence (a vector stub is written under --out), 2 the
candidate could not be started or failed its handshake, or bad usage.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .. import resources
from ..protocol import HandshakeError
from ..render import limits_text
from ..supervisor import Limits, SetupError
from . import ground, strategies
from .differential import Summary, fuzz
from .stub import stub_document, write_stub

__doc__ = f"{__doc__}\n{ground.policy_text()}\n"  # the register policy, entry by entry

DESCRIPTION = """\
Drive a candidate evaluator over the certification protocol (PROTOCOL.md) with generated
cases and compare every answer with the bundled reference. score_scenario is always fuzzed;
the finer operations too when the handshake declares them (--ops narrows the set). Case i of
a run is generated from "<seed>:<i>", so a seed reproduces a run exactly (given the same ops
and declared templates). The first divergence (a different verdict, a protocol error, a crash
or a timeout) is shrunk with hypothesis to a small case and written as a vector stub to
review. Cases on ambiguity-register points are never sent (see below)."""


DEFAULT_TIMEOUT = Limits().timeout


def _ops(value: str) -> list[str]:
    ops = [op.strip() for op in value.split(",") if op.strip()]
    unknown = [op for op in ops if op not in strategies.ALL_OPERATIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown operation(s) {unknown}; known: {', '.join(strategies.ALL_OPERATIONS)}")
    return ops


def _memory(value: str) -> int:
    try:
        return resources.parse_size(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _cpu_seconds(value: str) -> float:
    seconds = float(value)
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {value}")
    return seconds


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="oasis-si-fuzz",
        usage="%(prog)s [options] [--] CMD [ARGS...]",
        description=DESCRIPTION,
        epilog=ground.policy_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--seed", type=int, help="seed of the case stream (default: random, printed)")
    p.add_argument("--max-examples", type=int, default=5000, metavar="N", help="cases to generate at most (default 5000)")
    p.add_argument("--time-budget", type=float, default=60.0, metavar="S", help="seconds of search at most (default 60)")
    p.add_argument("--shrink-budget", type=float, default=60.0, metavar="S", help="seconds of shrinking at most (default 60)")
    p.add_argument("--ops", type=_ops, metavar="OP,...", help="operations to fuzz (default: all the candidate declares)")
    p.add_argument("--out", type=Path, default=Path("reports/fuzz"), metavar="DIR",
                   help="where the vector stub and fuzz-summary.json go (default reports/fuzz)")
    p.add_argument("--one-shot", action="store_true", help="one process per request (PROTOCOL.md one-shot mode)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"seconds per request (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--memory-limit", type=_memory, metavar="SIZE", help=resources.MEMORY_HELP)
    p.add_argument("--cpu-limit", type=_cpu_seconds, metavar="S", help=resources.CPU_HELP)
    p.add_argument("--window", type=int, default=64, metavar="N", help="requests in flight in streaming mode (default 64)")
    p.add_argument("--quiet", action="store_true", help="print the summary only")
    p.add_argument("command", nargs=argparse.REMAINDER, metavar="CMD [ARGS...]", help="the candidate's argument vector")
    return p


def _limit_options(args: argparse.Namespace) -> str:
    """The options a reproduction needs for the candidate's limits (those not at default)."""
    options = []
    if args.timeout != DEFAULT_TIMEOUT:
        options.append(f" --timeout {args.timeout:g}")
    if args.memory_limit is not None:
        options.append(f" --memory-limit {resources.size_option(args.memory_limit)}")
    if args.cpu_limit is not None:
        options.append(f" --cpu-limit {args.cpu_limit:g}")
    return "".join(options)


def _print_summary(summary: Summary, out: Path | None) -> None:
    line = print
    line(f"seed: {summary.seed}")
    cand = summary.candidate
    line(f"candidate: {cand['name']} {cand['version']} ({summary.mode}); templates {', '.join(summary.templates) or 'none'}")
    line(f"operations fuzzed: {', '.join(summary.operations) or 'none'}")
    line(limits_text(summary.to_json()["limits"]))
    line(
        f"cases: {summary.generated} generated, {summary.sent} sent, {summary.skipped} skipped on register points"
        f" in {summary.elapsed:.1f} s ({summary.throughput:.0f} cases/s); stopped by {summary.stopped_by}"
    )
    if summary.skipped_points:
        line("  skipped by point: " + ", ".join(f"{k} {v}" for k, v in sorted(summary.skipped_points.items())))
    if summary.per_operation:
        line("  sent by operation: " + ", ".join(f"{k} {v}" for k, v in sorted(summary.per_operation.items())))
    for error in summary.reference_errors[:5]:
        line(f"REFERENCE ERROR: {error}")
    if summary.divergence is None:
        line("divergences: none")
        return
    first, shrunk = summary.divergence, summary.shrunk or summary.divergence
    line(f"DIVERGENCE at case {first.index} after {summary.time_to_divergence:.2f} s: {first.case['operation']}: {first.kind}")
    line(f"  shrunk in {summary.shrink_seconds:.1f} s ({summary.shrink_calls} candidate calls) from {first.size} to {shrunk.size} bytes:")
    line("  input: " + json.dumps(shrunk.case["input"], ensure_ascii=True))
    line("  expected (reference): " + json.dumps(shrunk.expected, ensure_ascii=True))
    line(f"  candidate: {shrunk.kind}: {shrunk.message}")
    if summary.stub:
        line(f"vector stub (to review): {summary.stub}")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    command = list(args.command)
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        command = [sys.executable, "-m", "oasis_si_reference.server"]
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    log = (lambda message: None) if args.quiet else (lambda message: print(message, file=sys.stderr, flush=True))
    log(f"oasis-si-fuzz: seed {seed}; candidate {' '.join(command)}")
    limits = Limits(timeout=args.timeout, memory=args.memory_limit, cpu=args.cpu_limit)
    if limits.metered and not resources.available():
        print("oasis-si-fuzz: --memory-limit and --cpu-limit need /proc (Linux)", file=sys.stderr)
        return 2
    try:
        summary = fuzz(
            command,
            seed=seed,
            max_examples=args.max_examples,
            time_budget=args.time_budget,
            shrink_budget=args.shrink_budget,
            operations=args.ops,
            one_shot=args.one_shot,
            limits=limits,
            window=max(1, args.window),
            log=log,
        )
    except (HandshakeError, SetupError) as error:
        print(f"oasis-si-fuzz: seed {seed}: the candidate did not start: {error}", file=sys.stderr)
        return 2
    out: Path = args.out
    if summary.divergence is not None:
        shrunk = summary.shrunk or summary.divergence
        document = stub_document(shrunk, seed=seed, candidate=summary.candidate)
        summary.stub = str(write_stub(document, out))
    out.mkdir(parents=True, exist_ok=True)
    (out / "fuzz-summary.json").write_text(json.dumps(summary.to_json(), indent=2, ensure_ascii=True) + "\n", encoding="ascii")
    _print_summary(summary, out)
    ops = f" --ops {','.join(args.ops)}" if args.ops else ""
    print(
        f"reproduce: oasis-si-fuzz --seed {seed} --max-examples {args.max_examples}{ops}"
        f"{_limit_options(args)} -- {' '.join(command)}"
    )
    return 1 if summary.divergence is not None else 0


if __name__ == "__main__":
    sys.exit(main())
