"""`oasis-si-conformance [OPTIONS] [--] [CMD [ARGS...]]`: certify an evaluator.

Also `nox -s conformance -- [OPTIONS] [--] CMD [ARGS...]` and `python -m oasis_si_conformance`.
CMD is run as an argument vector, never through a shell. Without CMD the bundled reference
evaluator is certified.

Exit status: 0 conformant, 1 not conformant or a baseline gate tripped (`--baseline` with
`--fail-on`: baseline.py), 2 usage or setup error (bad options, unreadable
corpus, candidate that cannot start or fails its handshake, refused baseline, an output path
that cannot be written), 130, 143 or 129 interrupted by SIGINT, SIGTERM or SIGHUP (the reports
asked for are written with what was measured, marked interrupted; every candidate process is
ended).

`oasis-si-conformance compare REPORT.json REPORT.json ... [--markdown P] [--html P]` shows
reports side by side (sidebyside.py); exit 0, or 2 when a report is unreadable or the reports
are not comparable. `compare` is a subcommand only as the very first argument: everything
else keeps its meaning (after the options comes the candidate's command), and a candidate
command named `compare` is run as `oasis-si-conformance -- compare ...` (or `./compare`).
"""

import argparse
import json
import random
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance import KIT_NAME, __version__, cliopts, output
from oasis_si_conformance.cliopts import DEFAULTS, EDITION_NAMES, handshake_text, reference_command
from oasis_si_conformance.corpus import conventions, corpus, corpus_cache, editions
from oasis_si_conformance.corpus.selection import select
from oasis_si_conformance.judging.diagnosis import (
    SIGNATURES_FILE,
    Signature,
    SignatureError,
    derived_under,
    diagnose,
    load_signatures,
)
from oasis_si_conformance.reporting import (
    baseline,
    htmlreport,
    record,
    render,
    report,
    reportview,
    sidebyside,
)
from oasis_si_conformance.running import interrupts
from oasis_si_conformance.running.partial import PartialRun
from oasis_si_conformance.running.protocol import HandshakeError
from oasis_si_conformance.running.runner import DEFAULT_WINDOW, RunConfig, RunOutcome, run
from oasis_si_conformance.running.session import Limits, SetupError
from oasis_si_conformance.safetext import error_text

EXIT_CONFORMANT, EXIT_NOT_CONFORMANT, EXIT_USAGE = 0, 1, 2
_positive_int, _non_negative_int = cliopts.positive_int, cliopts.non_negative_int
_seconds, _memory = cliopts.seconds, cliopts.memory


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="oasis-si-conformance",
        usage=(
            "%(prog)s [OPTIONS] [--] [CMD [ARGS...]]\n"
            "       %(prog)s compare REPORT.json REPORT.json ... [--markdown PATH] [--html PATH]"
        ),
        description=(
            "Certify an evaluator of the OASIS SI scoring decomposition (profile 0.3.0-rc1) over"
            " the protocol of PROTOCOL.md. CMD is run as an argument vector, never through a shell;"
            " without CMD the bundled reference evaluator is certified."
        ),
        epilog=(
            "Exit status: 0 conformant, 1 not conformant (or a --baseline gate tripped), 2 usage"
            " or setup error. "
            "`compare` (only as the first argument) shows JSON reports side by side: see "
            "`%(prog)s compare --help`; a candidate command named compare runs as `-- compare`."
        ),
    )
    run_group = top.add_argument_group("running the candidate")
    run_group.add_argument(
        "--mode",
        choices=("streaming", "one-shot"),
        default="streaming",
        help="streaming (default): one long-lived process; one-shot: one process per request",
    )
    run_group.add_argument(
        "--one-shot",
        dest="mode",
        action="store_const",
        const="one-shot",
        help="same as --mode one-shot",
    )
    run_group.add_argument(
        "-j",
        "--jobs",
        type=_positive_int,
        default=1,
        metavar="N",
        help=(
            "candidate processes run in parallel (default 1); per-vector results do not depend"
            " on it"
        ),
    )
    run_group.add_argument(
        "--repetitions",
        type=_positive_int,
        default=3,
        metavar="N",
        help=(
            "times each vector is sent, each in a fresh process and a new order (default 3; Core"
            " 3.5.4)"
        ),
    )
    run_group.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="N",
        help="seed of the shuffled orders (default: random, recorded in the report)",
    )
    run_group.add_argument(
        "--startup-timeout",
        type=_seconds,
        default=DEFAULTS.startup_timeout,
        metavar="S",
        help=f"seconds for a new process's handshake (default {DEFAULTS.startup_timeout:g})",
    )
    run_group.add_argument(
        "--max-line",
        type=_positive_int,
        default=DEFAULTS.max_line,
        metavar="BYTES",
        help=f"longest stdout line accepted (default {DEFAULTS.max_line})",
    )
    cliopts.add_limits(run_group)
    cliopts.add_environment(run_group)
    cliopts.add_window(run_group, DEFAULT_WINDOW)
    cliopts.add_edition(run_group, "the edition of the text to certify against")
    run_group.add_argument(
        "--strict",
        action="store_true",
        help="a difference from a convention of the kit (vectors/conventions.yaml: binding-error "
        "kinds, band labels, the sentence form, the composite grammar) fails the run too",
    )
    run_group.add_argument(
        "--max-restarts",
        type=_non_negative_int,
        default=100,
        metavar="N",
        help=(
            "restarts after crashes or timeouts before the rest of the run is abandoned (default"
            " 100)"
        ),
    )
    select_group = top.add_argument_group("selecting vectors")
    select_group.add_argument(
        "-k",
        dest="select",
        action="append",
        default=[],
        metavar="EXPR",
        help=(
            "select by id (substring or glob), clause (3.1 or a prefix), family, operation,"
            " ambiguity entry or input:TEXT (a text in the input); comma-separated; !TERM"
            " excludes; repeatable"
        ),
    )
    select_group.add_argument(
        "--vectors",
        type=Path,
        default=None,
        metavar="DIR",
        help="the corpus folder (default: the bundled vectors/)",
    )
    select_group.add_argument(
        "--signatures",
        type=Path,
        default=None,
        metavar="PATH",
        help=f"failure signatures (default: {SIGNATURES_FILE} in the corpus folder)",
    )
    select_group.add_argument(
        "--no-cache",
        action="store_true",
        help="load the corpus afresh instead of from the cache of loaded corpora (corpus_cache.py)",
    )
    select_group.add_argument(
        "--held-out",
        type=_non_negative_int,
        default=0,
        metavar="N",
        help=(
            "also run N fresh generated cases (expected from the reference, normative ground only)"
            " so that a candidate cannot be tuned to the committed corpus; off by default"
        ),
    )
    select_group.add_argument(
        "--held-out-seed",
        type=_non_negative_int,
        default=None,
        metavar="S",
        help="seed of the held-out cases (default: the run's --seed); recorded in the report",
    )
    select_group.add_argument(
        "--list", action="store_true", help="list the selected vectors and exit"
    )
    out_group = top.add_argument_group("reports")
    out_group.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help="write the JSON report (schemas/report.schema.json)",
    )
    out_group.add_argument("--junit", type=Path, metavar="PATH", help="write JUnit XML")
    out_group.add_argument(
        "--markdown", type=Path, metavar="PATH", help="write a Markdown certificate"
    )
    out_group.add_argument(
        "--html",
        type=Path,
        metavar="PATH",
        help="write a self-contained HTML report (one file: no script, no external asset)",
    )
    out_group.add_argument(
        "--record",
        type=Path,
        metavar="PATH",
        help="write the certificate record: a small sorted text of edition, corpus digest,"
        " vector -> status and register entry -> reading, for diffs and --baseline",
    )
    out_group.add_argument(
        "--baseline",
        type=Path,
        metavar="PATH",
        help="compare with an earlier certificate of the same corpus and edition: a record"
        " (--record) or a JSON report (--report; gzip-compressed or not); see --fail-on",
    )
    out_group.add_argument(
        "--fail-on",
        type=_gate,
        default=baseline.DEFAULT_GATE,
        metavar="KINDS",
        help="with --baseline, the changes that fail the run (exit 1) whatever its verdict,"
        " comma-separated: regression (passed before, failed now), coverage (passed before,"
        " not exercised now), reading (a register entry's reading changed), convention (passed"
        " before, a convention difference now), or none (default"
        f" {','.join(baseline.DEFAULT_GATE)})",
    )
    out_group.add_argument(
        "-q", "--quiet", action="store_true", help="no progress line, a brief summary"
    )
    out_group.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="live progress on stderr (default: when stderr is a terminal)",
    )
    out_group.add_argument(
        "--max-failures",
        type=_non_negative_int,
        default=20,
        metavar="N",
        help="failures detailed on the terminal (default 20)",
    )
    version = f"{KIT_NAME} {__version__} (editions {', '.join(EDITION_NAMES)})"
    top.add_argument("--version", action="version", version=version)
    return top


def _gate(value: str) -> tuple[str, ...]:
    """--fail-on's value (baseline.parse_gate), an argparse error when unknown."""
    try:
        return baseline.parse_gate(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def parse_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """Options, then the candidate command: everything after `--`, or from the first argument
    that is not an option (so the command's own options are never read as ours)."""
    options = parser()
    if "--" in argv:
        split = argv.index("--")
        args = options.parse_args(argv[:split])
        command = argv[split + 1 :]
    else:
        options.add_argument("command", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        args = options.parse_args(argv)
        command = list(args.command)
    return args, command


def _manifest_state(root: Path, digest: str) -> str:
    try:
        committed = corpus.read_manifest(root)
    except FileNotFoundError:
        return "absent"
    except (OSError, ValueError):
        return "stale"
    return "committed" if committed.get("corpus_digest") == digest else "stale"


def _catalog(root: Path, name: str) -> Any:
    if not (root / name).exists():
        return None
    return corpus_cache.catalog(root, name)


def _fail(message: str) -> int:
    # The message may quote the candidate (its handshake, its stderr): printable, never raw,
    # each line cut (safetext.error_text).
    print(f"oasis-si-conformance: error: {error_text(message)}", file=sys.stderr)
    return EXIT_USAGE


def _held_out_vectors(seed: int, n: int) -> list[corpus.Vector]:
    """The held-out tier (conformance/fuzz/heldout.py): fresh normative cases from `seed`."""
    from oasis_si_conformance.fuzz.heldout import (
        heldout_cases,  # hypothesis is needed only when asked for
    )

    return [
        corpus.vector_from_record(case, "held-out", f"held-out:{seed}")
        for case in heldout_cases(seed, n)
    ]


class UsageError(Exception):
    """A usage or setup error: printed as `oasis-si-conformance: error: ...`, exit status 2."""


@attrs.frozen
class Catalogs:
    """What the run reads from the corpus folder beside the vectors."""

    register: list[dict[str, Any]]
    clause_titles: dict[str, str]
    signatures_path: Path
    signatures: list[Signature]
    editions: list[editions.Edition]
    conventions: list[dict[str, Any]]


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == [COMPARE]:
        return compare_main(arguments[1:])
    args, command = parse_args(arguments)
    partial = PartialRun()
    with interrupts.guarded(), output.quiet_broken_pipe():
        try:
            return certify(args, command, partial)
        except UsageError as error:
            return _fail(str(error))
        except KeyboardInterrupt as interruption:  # before the run, or after it
            signal = interrupts.signal_of(interruption)
            say(f"interrupted by {signal.name} while {partial.stage}; no report written")
            return signal.exit_status
    return EXIT_USAGE  # standard output closed before the command could say its result


def say(message: str) -> None:
    """One line on stderr, prefixed with the command's name."""
    print(f"oasis-si-conformance: {message}", file=sys.stderr, flush=True)


#: The subcommand, recognised only as the first argument (see the module docstring).
COMPARE: Final = "compare"


def compare_parser() -> argparse.ArgumentParser:
    options = argparse.ArgumentParser(
        prog="oasis-si-conformance compare",
        description="Show JSON reports (--report) of several candidates side by side: per "
        "clause, each report's passed/failed/convention differences; per register entry, the "
        "reading each candidate follows; the vectors whose verdicts differ. Reports of "
        "different corpora or editions are refused unless --force.",
        epilog="Exit status: 0 shown, 2 a report unreadable or the reports not comparable.",
    )
    options.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json")
    options.add_argument("--markdown", type=Path, metavar="PATH", help="also write Markdown")
    options.add_argument("--html", type=Path, metavar="PATH", help="also write an HTML page")
    options.add_argument(
        "--max-vectors",
        type=_non_negative_int,
        default=sidebyside.SHOWN,
        metavar="N",
        help=f"vectors with differing verdicts listed (default {sidebyside.SHOWN})",
    )
    options.add_argument(
        "--force", action="store_true", help="compare reports of different corpora or editions"
    )
    return options


def compare_main(argv: list[str]) -> int:
    """`oasis-si-conformance compare`: the terminal tables, and the files asked for."""
    args = compare_parser().parse_args(argv)
    if len(args.reports) < 2:
        return _fail("compare needs at least two reports")
    try:
        reports = [sidebyside.load(path) for path in args.reports]
    except sidebyside.CompareError as error:
        return _fail(str(error))
    columns = sidebyside.columns(args.reports, reports)
    refused = sidebyside.refusal(columns)
    if refused is not None and not args.force:
        return _fail(f"refusing to compare: {refused} (--force compares them anyway)")
    side = sidebyside.compare(columns, forced=refused)
    try:
        if args.markdown:
            sidebyside.write(args.markdown, sidebyside.markdown(side, args.max_vectors))
        if args.html:
            sidebyside.write(args.html, sidebyside.html(side, args.max_vectors))
    except OSError as error:
        return _fail(f"cannot write: {error}")
    sys.stdout.write(sidebyside.terminal(side, args.max_vectors))
    return EXIT_CONFORMANT


def certify(args: argparse.Namespace, command: list[str], partial: PartialRun | None = None) -> int:
    """Load and select the corpus, run the candidate, write and print the reports; the exit
    status. Raises UsageError. `partial` records where the run is and what it measured: an
    interruption during the run writes the reports of what was measured."""
    done = certification(args, command, partial)
    if isinstance(done, int):
        return done
    summary = render.summary_text(done.document, max_failures=args.max_failures, brief=args.quiet)
    output.write(summary)
    return exit_status(done.document)


def selection(args: argparse.Namespace) -> list[corpus.Vector]:
    """The vectors a run with these options certifies, corpus order (the held-out tier
    aside). Raises UsageError when the corpus cannot be read or nothing is selected."""
    root = args.vectors or corpus.vectors_root()
    _manifest, vectors = _load_corpus(root, cache=not args.no_cache)
    selected = select(vectors, args.select)
    if not selected:
        raise UsageError(f"-k {' '.join(args.select)} selects no vector of {len(vectors)}")
    return selected


@attrs.frozen
class Certification:
    """A finished run: its JSON report (report.py, with the baseline comparison) and the
    runner's outcome (every vector's result, the interpretation profile)."""

    document: dict[str, Any]
    outcome: RunOutcome


def certification(
    args: argparse.Namespace,
    command: list[str],
    partial: PartialRun | None = None,
    only: Collection[str] | None = None,
) -> Certification | int:
    """The run `certify` prints, with the reports asked for written (the Python API and the
    pytest plugin call it too): a Certification, or the exit status of a run that ended early
    (`--list`; an interruption, its reports written with what was measured). `only`: the ids
    the run is narrowed to after the `-k` selection. Raises UsageError."""
    partial = partial or PartialRun()
    root = args.vectors or corpus.vectors_root()
    manifest, vectors = _load_corpus(root, cache=not args.no_cache)
    selected = select(vectors, args.select)
    if only is not None:
        wanted = set(only)
        selected = [vector for vector in selected if vector.id in wanted]
    if not vectors:
        raise UsageError(f"the corpus at {root} holds no vector")
    if not selected:  # --list too: an empty listing is no answer
        raise UsageError(f"-k {' '.join(args.select)} selects no vector of {len(vectors)}")
    if args.list:
        for vector in selected:
            line = f"{vector.id}\t{','.join(vector.clauses)}\t{vector.operation}\t{vector.source}"
            if not output.write(line + "\n"):
                break  # the reader has gone (--list | head)
        return EXIT_CONFORMANT
    catalogs = _load_catalogs(root, args.signatures)
    _check_writable(args)
    if args.edition is not None:
        try:  # an unknown name: exit 2 before running; a full name read as the edition's own
            args.edition = editions.named(catalogs.editions, args.edition).name
        except editions.EditionError as error:
            raise UsageError(f"--edition: {error}") from None
    digest = manifest["corpus_digest"]
    earlier = _load_baseline(args.baseline, digest, args.edition)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    held_out_seed = args.held_out_seed if args.held_out_seed is not None else seed
    held_out = _held_out_vectors(held_out_seed, args.held_out) if args.held_out else []
    config = _run_config(args, command, seed)

    def setup_for(profile: str) -> report.RunSetup:
        return report.RunSetup(
            config=config,
            profile=profile,
            corpus_digest=digest,
            manifest=_manifest_state(root, digest),
            corpus_size=len(vectors),
            selection=tuple(args.select),
            vectors=tuple([*selected, *held_out]),
            clause_titles=catalogs.clause_titles,
            signatures=str(catalogs.signatures_path) if catalogs.signatures else "",
            strict=args.strict,
            conventions=tuple(catalogs.conventions),
            held_out={"seed": held_out_seed, "cases": len(held_out)} if held_out else None,
        )

    partial.stage = "waiting for the candidate's handshake"
    try:
        outcome = _run([*selected, *held_out], config, catalogs, args, partial)
    except KeyboardInterrupt as interruption:
        return _interrupted(interrupts.signal_of(interruption), partial, setup_for, catalogs, args)
    partial.stage = "writing the reports"
    if earlier is not None:
        _check_baseline_edition(earlier, outcome.edition.name, args.baseline)
    setup = setup_for(outcome.edition.label)
    document = _document(setup, outcome, catalogs, earlier, args)
    _write_reports(document, args)
    return Certification(document, outcome)


def exit_status(document: dict[str, Any]) -> int:
    """0 conformant and no baseline gate tripped, else 1."""
    conformant = document["verdict"] == report.CONFORMANT
    return EXIT_CONFORMANT if conformant and not baseline.tripped(document) else EXIT_NOT_CONFORMANT


def _interrupted(
    signal: interrupts.Interrupted,
    partial: PartialRun,
    setup_for: Callable[[str], report.RunSetup],
    catalogs: Catalogs,
    args: argparse.Namespace,
) -> int:
    """SIGINT, SIGTERM or SIGHUP stopped the run: the reports asked for, of what was measured
    (partial.py), and one line saying what happened; the exit status (130, 143, 129)."""
    stage = partial.stage
    if not partial.measured:
        say(f"interrupted by {signal.name} while {stage}; nothing measured, no report written")
        return signal.exit_status
    interrupts.end_started()  # the candidate's daemons too, before saying so
    outcome = partial.outcome()
    document = _document(setup_for(outcome.edition.label), outcome, catalogs, None, args)
    report.mark_interrupted(document, signal.name, stage, outcome.requests, partial.short())
    wanted = [
        p for p in (args.report, args.record, args.junit, args.markdown, args.html) if p is not None
    ]
    try:
        _write_reports(document, args)
        written = f"; partial report written to {', '.join(map(str, wanted))}" if wanted else ""
    except UsageError as error:
        written = f"; {error}"
    not_run = document["interrupted"]["not_run"]
    say(
        f"interrupted by {signal.name} while {stage}: {outcome.requests} request(s) came back, "
        f"{not_run} vector(s) not run; candidate processes ended{written}"
    )
    return signal.exit_status


def _check_writable(args: argparse.Namespace) -> None:
    """Every output path the run will write can be written: found before the run starts, not
    after it (UsageError)."""
    for option, path in (
        ("--report", args.report),
        ("--record", args.record),
        ("--junit", args.junit),
        ("--markdown", args.markdown),
        ("--html", args.html),
    ):
        if path is not None:
            problem = output.unwritable(path)
            if problem is not None:
                raise UsageError(f"{option} {path}: {problem}")


def _check_baseline_edition(earlier: record.Record, edition: str, path: Path) -> None:
    try:
        baseline.check_edition(earlier, edition, path)
    except baseline.BaselineError as error:
        raise UsageError(str(error)) from None


def _document(
    setup: report.RunSetup,
    outcome: RunOutcome,
    catalogs: Catalogs,
    earlier: record.Record | None,
    args: argparse.Namespace,
) -> dict[str, Any]:
    """The JSON report: the run, its diagnosis, and the comparison with a baseline."""
    edition = outcome.edition.name
    diagnosis = diagnose(setup.vectors, outcome.results, catalogs.signatures, edition)
    document = report.build(setup, outcome, diagnosis)
    if setup.manifest == "stale":
        document["run"]["warnings"].append(STALE_MANIFEST)
    if not derived_under(catalogs.signatures, edition):
        document["run"]["warnings"].append(
            f"{catalogs.signatures_path} was not derived under edition {edition}: no failure"
            " signature is named"
        )
    if earlier is not None:
        document["baseline"] = baseline.compare(earlier, document, args.baseline, args.fail_on)
        document["headline"] = report.headline(document)
    return document


STALE_MANIFEST = (
    "vectors/MANIFEST.json disagrees with the corpus files; the report records the digest of "
    "the files"
)


def _load_corpus(root: Path, cache: bool) -> tuple[dict[str, Any], list[corpus.Vector]]:
    """The corpus's manifest (digests of the files as they are) and its vectors."""
    try:
        manifest = corpus.build_manifest(root)
        return manifest, corpus_cache.load(root, manifest, enabled=cache)
    except corpus.CorpusError as error:
        raise UsageError(f"corpus: {error}") from None
    except OSError as error:
        raise UsageError(f"cannot read the corpus at {root}: {error}") from None


def _load_catalogs(root: Path, signatures_path: Path | None) -> Catalogs:
    try:
        register = (_catalog(root, "register.yaml") or {}).get("entries", [])
        clauses = (_catalog(root, "clauses.yaml") or {}).get("clauses", [])
        path = signatures_path or root / SIGNATURES_FILE
        signatures = load_signatures(path)
        known = editions.load(_catalog_folder(root, editions.FILE))
        catalog = conventions.load(_catalog_folder(root, conventions.FILE))
    except (SignatureError, editions.EditionError, conventions.ConventionsError) as error:
        raise UsageError(str(error)) from None
    except corpus.CorpusError as error:
        raise UsageError(f"corpus: {error}") from None
    except (OSError, ValueError) as error:
        raise UsageError(str(error)) from None
    except Exception as error:  # a YAML error in a catalog
        raise UsageError(f"corpus catalog: {error}") from None
    titles = {clause["id"]: clause.get("title", "") for clause in clauses}
    return Catalogs(register, titles, path, signatures, known, catalog)


def _catalog_folder(root: Path, name: str) -> Path:
    """The corpus folder, or the bundled corpus when a corpus of one's own lacks the catalog."""
    return root if (root / name).exists() else corpus.vectors_root()


def _load_baseline(path: Path | None, digest: str, edition: str | None) -> record.Record | None:
    """The baseline (a record or a report), refused when made on another corpus (or, when
    --edition is given, another edition)."""
    if path is None:
        return None
    try:
        earlier = baseline.load(path)
        baseline.check_comparable(earlier, digest, edition, path)
    except baseline.BaselineError as error:
        raise UsageError(str(error)) from None
    return earlier


def _run_config(args: argparse.Namespace, command: list[str], seed: int) -> RunConfig:
    limits = Limits(
        timeout=args.timeout,
        startup_timeout=args.startup_timeout,
        max_line=args.max_line,
        memory=args.memory_limit,
        cpu=args.cpu_limit,
    )
    unavailable = cliopts.limits_metered_unavailable(limits)
    if unavailable is not None:
        raise UsageError(unavailable)
    try:
        environment = cliopts.environment(args)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return RunConfig(
        argv=command or reference_command(args.edition),
        seed=seed,
        one_shot=args.mode == "one-shot",
        repetitions=args.repetitions,
        jobs=args.jobs,
        window=args.window,
        limits=limits,
        max_restarts=args.max_restarts,
        edition=args.edition,
        environment=environment,
    )


def _run(
    selected: list[corpus.Vector],
    config: RunConfig,
    catalogs: Catalogs,
    args: argparse.Namespace,
    partial: PartialRun | None = None,
) -> RunOutcome:
    """The run, with live progress when asked for (or on a terminal)."""
    show_progress = args.progress
    if show_progress is None:
        show_progress = sys.stderr.isatty() and not args.quiet
    progress = render.TerminalProgress(sys.stderr) if show_progress else None
    if show_progress:
        command = reportview.one_line(" ".join(config.argv))
        print(
            f"certifying {command} on {len(selected)} vectors (seed {config.seed})",
            file=sys.stderr,
        )
    try:
        return run(
            selected,
            config,
            catalogs.register,
            progress,
            known_editions=catalogs.editions,
            partial=partial,
        )
    except HandshakeError as error:
        raise UsageError(
            f"the candidate failed its handshake: {handshake_text(error)}\n"
            f"  command: {json.dumps(config.argv)}"
        ) from None
    except editions.EditionError as error:
        raise UsageError(f"edition: {error}\n  command: {json.dumps(config.argv)}") from None
    except (SetupError, corpus.CorpusError) as error:
        raise UsageError(str(error)) from None


def _write_reports(document: dict[str, Any], args: argparse.Namespace) -> None:
    try:
        if args.report:
            report.write(document, args.report)
        if args.record:
            record.write(document, args.record)
        if args.junit:
            render.write_junit(document, args.junit)
        if args.markdown:
            render.write_markdown(document, args.markdown)
        if args.html:
            htmlreport.write(document, args.html)
    except OSError as error:
        raise UsageError(f"cannot write a report: {error}") from None


def run_main() -> None:  # pragma: no cover - the module entry point
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run_main()
