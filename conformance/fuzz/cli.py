"""oasis-si-fuzz: differential fuzzing of a candidate evaluator against the reference.

    oasis-si-fuzz [--seed N] [--time-budget S] [--max-examples N] [--edition NAME] [--strict]
                  [--ops OP,...] [--out DIR] [--one-shot] [--timeout S] [--memory-limit SIZE]
                  [--cpu-limit S] [--shrink-budget S] [--window N]
                  [--shards N | --plan-ahead N] [--] CMD [ARGS...]
    oasis-si-fuzz [options] --candidate 'CMD ARGS' --candidate 'CMD ARGS' ... [-- CMD ARGS...]

With no CMD the bundled reference server is fuzzed (a self-check: it must find nothing).
Each --candidate value is split into an argument vector as a POSIX shell would split words
(shlex.split: quotes and backslashes group, nothing else is interpreted) and started without
a shell; a command after `--` is one more candidate, the last. One candidate in all is a
single run, as `-- CMD`; two or more are a campaign (conformance/fuzz/campaign.py): the same
cases to every candidate and the reference, open points judged by readings, and the
disagreements between candidates classed (fuzz-campaign.json). A campaign exits 1 when some
candidate has a normative divergence or two candidates disagree where no register entry
explains it, 0 when they differ only in the readings they follow (and conventions, unless
--strict).
Exit status: 0 no normative divergence (convention differences only, or none), 1 a normative
divergence (or, with --strict, any difference); a vector stub per class is written under
--out; 2 the candidate could not be started or failed its handshake, no edition could be
decided, --out cannot be written, or bad usage; 130, 143 or 129 interrupted by SIGINT, SIGTERM
or SIGHUP (fuzz-summary.json holds what was measured, marked interrupted).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path

import attrs

from oasis_si_conformance import cliopts, output
from oasis_si_conformance.cliopts import handshake_text, reference_command
from oasis_si_conformance.corpus import editions as catalog_editions
from oasis_si_conformance.corpus.corpus import vectors_root
from oasis_si_conformance.corpus.editions import EditionError
from oasis_si_conformance.fuzz import campaign_cli, ground, strategies
from oasis_si_conformance.fuzz.console import fail as _fail
from oasis_si_conformance.fuzz.console import limits_of, progress_log, seed_of, setup_problem
from oasis_si_conformance.fuzz.console import say as _say
from oasis_si_conformance.fuzz.differential import fuzz
from oasis_si_conformance.fuzz.shards import shard_count
from oasis_si_conformance.fuzz.stub import stub_document, stub_or_note
from oasis_si_conformance.fuzz.summary import Summary, render
from oasis_si_conformance.running import interrupts, resources
from oasis_si_conformance.running.protocol import HandshakeError
from oasis_si_conformance.running.session import Limits, SetupError
from oasis_si_conformance.safetext import one_line

__doc__ = f"{__doc__}\n{ground.policy_text()}\n"  # the open points, one by one

#: The help's first lines, before the options (the common ones first); DESCRIPTION and the
#: open points' handling follow the options.
SUMMARY = """\
Fuzz a candidate evaluator against the bundled reference with generated cases, e.g.
  oasis-si-fuzz --time-budget 120 --edition NAME -- ./their-evaluator
  oasis-si-fuzz --candidate './a --stdio' --candidate 'java -jar b.jar'   (a campaign)
Exit status: 0 no normative divergence, 1 a divergence (a vector stub per class under --out),
2 bad usage or a candidate that cannot start."""

DESCRIPTION = """\
Drive a candidate evaluator over the certification protocol (PROTOCOL.md) with generated
cases and compare every answer with the bundled reference, under the edition of the text the
run certifies (--edition; the same selection as oasis-si-conformance). score_scenario is
always fuzzed; the finer operations too when the handshake declares them (--ops narrows the
set). Case i of a run is generated from "<seed>:<i>", so a seed reproduces a run's cases
exactly (given the same ops and declared templates). The search goes on after a divergence
(a different verdict, a protocol error, a crash or a timeout) until the time budget: each is
put in a class (operation, clauses, failure kind, normative or convention, what differs),
classes are counted, and one case per class is shrunk, with hypothesis then by delta
debugging over the case (lists, keys, lines, characters, shared identifiers) to a local
minimum. Each shrunk class is explained, every cause executed on the cases it names first:
another edition of the text its answers hold under, the register reading a convention
difference follows, the catalog mutants that answer every recorded case alike and that the
candidate does not refute on the corpus (the catalog ships with the kit), else the primitive
whose value flips; classes with one cause are merged (their rows listed) and each
is written as a vector stub to review. A difference only from a convention of the kit (a
binding-error kind, a band label, the sentence form, the composite grammar) is listed apart
and fails the run only with --strict. Several --candidate commands make a campaign: the same
cases go to every candidate, open points are judged by readings (also SENT-WS in
split_sentences cases and TRACE-LIST, which a single run keeps off), and the disagreements
between candidates are classed: a defect of one of them, a difference of readings of a
register entry (which reading each follows), an open point the register lacks (a vector
stub), or conventions (fuzz-campaign.json under --out). How each open point is handled
follows."""


DEFAULT_TIMEOUT = Limits().timeout


def _ops(value: str) -> list[str]:
    ops = [op.strip() for op in value.split(",") if op.strip()]
    unknown = [op for op in ops if op not in strategies.ALL_OPERATIONS]
    if unknown:
        known = ", ".join(strategies.ALL_OPERATIONS)
        raise argparse.ArgumentTypeError(f"unknown operation(s) {unknown}; known: {known}")
    return ops


_positive_seconds = cliopts.seconds


def _seconds(value: str) -> float:
    seconds = float(value)
    if not seconds >= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {value}")
    return seconds


_count = cliopts.positive_int


def _candidate(value: str) -> list[str]:
    """A --candidate value as an argument vector (shlex.split, never a shell)."""
    try:
        argv = shlex.split(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"cannot split {value!r}: {error}") from None
    if not argv:
        raise argparse.ArgumentTypeError("an empty command")
    return argv


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="oasis-si-fuzz",
        usage="%(prog)s [options] [--candidate 'CMD ARGS' ...] [--] [CMD [ARGS...]]",
        description=SUMMARY,
        epilog=DESCRIPTION + "\n" + ground.policy_text(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # The options most runs use first (argparse lists the groups in the order they are made).
    common = p.add_argument_group("common options")
    common.add_argument(
        "--candidate",
        type=_candidate,
        action="append",
        default=[],
        metavar="'CMD ARGS'",
        help="a candidate's command, split into an argument vector by shlex.split (quotes "
        "group words; no shell: ; | $() and the like are literal arguments); repeat it for a "
        "campaign of several candidates (a command after -- is one more, the last)",
    )
    common.add_argument(
        "--time-budget",
        type=_positive_seconds,
        default=60.0,
        metavar="S",
        help="seconds of search (default 60); the search ends there",
    )
    cliopts.add_edition(common, "the edition of the text the expected verdicts follow")
    common.add_argument(
        "--out",
        type=Path,
        default=Path("reports/fuzz"),
        metavar="DIR",
        help="where the vector stubs and fuzz-summary.json (a campaign: fuzz-campaign.json) go "
        "(default reports/fuzz)",
    )
    common.add_argument(
        "--strict", action="store_true", help="a convention difference makes the exit status 1 too"
    )
    common.add_argument(
        "--seed", type=int, help="seed of the case stream (default: random, printed)"
    )
    common.add_argument("--quiet", action="store_true", help="print the summary only")
    search = p.add_argument_group("the search")
    search.add_argument(
        "--max-examples",
        type=_count,
        default=None,
        metavar="N",
        help="end the search after N generated cases too (default: no limit)",
    )
    search.add_argument(
        "--shrink-budget",
        type=_seconds,
        default=60.0,
        metavar="S",
        help="seconds of shrinking at most, shared by the classes (default 60); a class's"
        " shrinking ends sooner at a local minimum",
    )
    search.add_argument(
        "--ops",
        type=_ops,
        metavar="OP,...",
        help="operations to fuzz (default: all the candidate declares)",
    )
    search.add_argument(
        "--shards",
        type=cliopts.non_negative_int,
        default=1,
        metavar="N",
        help="search in N processes, each sending its share of the cases (every N-th) to a"
        " candidate process of its own (default 1; 0: one per core): generation, the"
        " reference's verdicts and the candidate on N cores; with --max-examples, the same"
        " classes and counts as one process; not with --plan-ahead",
    )
    search.add_argument(
        "--plan-ahead",
        type=cliopts.non_negative_int,
        default=0,
        metavar="N",
        help="generate and plan the cases in N processes besides this one (default 0): the"
        " fuzzer's side on more cores, the same cases and verdicts; worth it when the candidate"
        " is cheaper than the fuzzer",
    )
    running = p.add_argument_group("running the candidate")
    running.add_argument(
        "--one-shot",
        action="store_true",
        help="one process per request (PROTOCOL.md one-shot mode)",
    )
    cliopts.add_limits(running)
    cliopts.add_environment(running)
    cliopts.add_window(running, 64)
    p.add_argument(
        "command",
        nargs=argparse.REMAINDER,
        metavar="CMD [ARGS...]",
        help="the candidate's argument vector",
    )
    return p


def _reproduce(args: argparse.Namespace, seed: int, summary: Summary, command: list[str]) -> str:
    """The command line that generates the same cases against the same candidate."""
    options = [f"--seed {seed}", f"--edition {summary.edition}"]
    # The cases a run generated depend on how far it got: name them by count (shards stop
    # apart: the count that includes every case any shard generated, and maybe a few more).
    reach = summary.generated if summary.generated_below is None else summary.generated_below
    options.append(f"--max-examples {reach} --time-budget 3600")
    if args.ops:
        options.append(f"--ops {','.join(args.ops)}")
    if args.timeout != DEFAULT_TIMEOUT:
        options.append(f"--timeout {args.timeout:g}")
    if args.memory_limit is not None:
        options.append(f"--memory-limit {resources.size_option(args.memory_limit)}")
    if args.cpu_limit is not None:
        options.append(f"--cpu-limit {args.cpu_limit:g}")
    if args.one_shot:
        options.append("--one-shot")
    return f"oasis-si-fuzz {' '.join(options)} -- {' '.join(command)}"


def _write_stubs(summary: Summary, out: Path, seed: int) -> None:
    for divergence_class in summary.ordered():
        document = stub_document(
            divergence_class.representative,
            seed=seed,
            candidate=summary.candidate,
            edition=summary.edition,
            about=divergence_class.described(),
        )
        path, problem = stub_or_note(document, out)
        if path is not None:
            divergence_class.stub = str(path)
        if problem is not None:
            summary.notes.append(problem)


def main(argv: list[str] | None = None) -> int:
    options = parser()
    args = options.parse_args(argv)
    if args.plan_ahead and args.shards != 1:
        options.error("--shards and --plan-ahead are alternatives: give one of them")
    try:
        cliopts.environment(args)
    except ValueError as error:
        options.error(str(error))
    if args.edition is not None:  # the full name a candidate declares, read as the edition's
        try:
            known = catalog_editions.load(vectors_root())
            args.edition = catalog_editions.named(known, args.edition).name
        except EditionError as error:
            return _fail(f"--edition: {error}")
    command = list(args.command)
    if command and command[0] == "--":
        command = command[1:]
    commands = [*args.candidate, *([command] if command else [])]
    if len(commands) > 1:
        if args.plan_ahead or args.shards != 1:
            options.error("--shards and --plan-ahead apply to one candidate, not a campaign")
        return campaign_cli.main(args, commands)
    command = commands[0] if commands else reference_command(args.edition)
    seed = seed_of(args)
    log = progress_log(args.quiet)
    log(f"oasis-si-fuzz: seed {seed}; candidate {' '.join(command)}")
    limits = limits_of(args)
    problem = setup_problem(limits, args.out, SUMMARY_FILE)
    if problem is not None:
        return _fail(problem)
    run = Run(args, command, seed, limits, log)
    with interrupts.guarded(), output.quiet_broken_pipe():
        try:
            return _fuzz_and_report(run)
        except KeyboardInterrupt as interruption:
            return _interrupted(run, interrupts.signal_of(interruption))
    return 2  # standard output closed before the command could say its result


SUMMARY_FILE = "fuzz-summary.json"


@attrs.define
class Run:
    """One invocation: its options and, once the handshake is done, its summary (which fills
    in as the run goes, so that an interruption can write what was measured)."""

    args: argparse.Namespace
    command: list[str]
    seed: int
    limits: Limits
    log: Callable[[str], None]
    summary: Summary | None = None
    started: float = attrs.Factory(time.monotonic)

    def keep(self, summary: Summary) -> None:
        self.summary = summary


def _fuzz_and_report(run: Run) -> int:
    args, command, seed = run.args, run.command, run.seed
    try:
        summary = fuzz(
            command,
            seed=seed,
            max_examples=args.max_examples,
            time_budget=args.time_budget,
            shrink_budget=args.shrink_budget,
            operations=args.ops,
            one_shot=args.one_shot,
            limits=run.limits,
            window=args.window,
            edition=args.edition,
            log=run.log,
            on_summary=run.keep,
            plan_ahead=args.plan_ahead,
            shards=shard_count(args.shards),
            environment=cliopts.environment(args),
        )
    except HandshakeError as error:
        return _fail(f"seed {seed}: the candidate did not start: {handshake_text(error)}")
    except SetupError as error:
        return _fail(f"seed {seed}: the candidate did not start: {error}")
    except EditionError as error:
        return _fail(f"edition: {error}\n  command: {json.dumps(command)}")
    _write_summary(summary, args.out, seed)
    output.write(render(summary))
    output.write(f"summary: {args.out / SUMMARY_FILE}\n")
    output.write(f"reproduce: {one_line(_reproduce(args, seed, summary, command), 2000)}\n")
    failing = summary.normative or (args.strict and summary.convention)
    return 1 if failing else 0


def _write_summary(summary: Summary, out: Path, seed: int) -> None:
    _write_stubs(summary, out, seed)
    out.mkdir(parents=True, exist_ok=True)
    document, non_finite = output.json_text(summary.to_json(), 2)
    if non_finite:  # written as strings, and said so
        summary.notes.append(output.non_finite_note(non_finite, "summary"))
        document, _count = output.json_text(summary.to_json(), 2)
    (out / SUMMARY_FILE).write_text(document + "\n", encoding="ascii")


def _interrupted(run: Run, signal: interrupts.Interrupted) -> int:
    """SIGINT, SIGTERM or SIGHUP stopped the run: the summary of what was measured, marked
    `interrupted`, and one line saying what happened; the exit status (130, 143, 129)."""
    summary = run.summary
    if summary is None:
        _say(f"interrupted by {signal.name} at the handshake; nothing measured, no summary")
        return signal.exit_status
    interrupts.end_started()  # the candidate's daemons too, before saying so
    stage = "shrinking" if summary.stopped_by else "search"
    if not summary.stopped_by:
        summary.stopped_by = "interrupted"
        summary.elapsed = time.monotonic() - run.started
    summary.interrupted = {"signal": signal.name, "stage": stage}
    try:
        _write_summary(summary, run.args.out, run.seed)
        written = f"; summary written to {run.args.out / SUMMARY_FILE}"
    except OSError as error:
        written = f"; the summary could not be written: {error.strerror or error}"
    _say(
        f"interrupted by {signal.name} during the {stage}: {summary.sent} case(s) sent, "
        f"{len(summary.classes)} divergence class(es); candidate processes ended{written}"
    )
    return signal.exit_status


if __name__ == "__main__":
    sys.exit(main())
