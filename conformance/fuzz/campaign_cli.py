"""oasis-si-fuzz with several --candidate commands: a campaign (campaign.py), its files
(fuzz-campaign.json, the vector stubs) and its exit status."""

from __future__ import annotations

import argparse
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import Final

from oasis_si_conformance import cliopts, output
from oasis_si_conformance.cliopts import handshake_text
from oasis_si_conformance.corpus.editions import EditionError
from oasis_si_conformance.fuzz.campaign import Campaign, campaign, render
from oasis_si_conformance.fuzz.console import fail as _fail
from oasis_si_conformance.fuzz.console import limits_of, progress_log, seed_of, setup_problem
from oasis_si_conformance.fuzz.console import say as _say
from oasis_si_conformance.fuzz.disagreement import OPEN_POINT
from oasis_si_conformance.fuzz.stub import stub_document, stub_or_note
from oasis_si_conformance.running import interrupts
from oasis_si_conformance.running.protocol import HandshakeError
from oasis_si_conformance.running.session import Limits, SetupError
from oasis_si_conformance.safetext import one_line

CAMPAIGN_FILE: Final = "fuzz-campaign.json"


def main(args: argparse.Namespace, commands: list[list[str]]) -> int:
    """Run a campaign of `commands` with the options of a single run; the exit status: 0
    reading differences only (and conventions, unless --strict), 1 a normative divergence of
    some candidate or a disagreement no register entry explains, 2 setup, 130/143 signals."""
    seed = seed_of(args)
    log = progress_log(args.quiet)
    listed = "; ".join(f"{n}: {shlex.join(c)}" for n, c in enumerate(commands, 1))
    log(f"oasis-si-fuzz: seed {seed}; campaign of {len(commands)} candidates ({listed})")
    limits = limits_of(args)
    out: Path = args.out
    problem = setup_problem(limits, out, CAMPAIGN_FILE)
    if problem is not None:
        return _fail(problem)
    kept: list[Campaign] = []
    with interrupts.guarded(), output.quiet_broken_pipe():
        try:
            return _run_and_report(args, commands, seed, limits, log, kept.append)
        except KeyboardInterrupt as interruption:
            return _interrupted(kept, out, interrupts.signal_of(interruption))
    return 2  # standard output closed before the command could say its result


def _interrupted(kept: list[Campaign], out: Path, signal: interrupts.Interrupted) -> int:
    """SIGINT, SIGTERM or SIGHUP stopped the campaign: fuzz-campaign.json with what was measured,
    marked `interrupted`, and one line saying so; the exit status (130, 143, 129)."""
    if not kept:
        _say(f"interrupted by {signal.name} at the handshakes; nothing measured, no summary")
        return signal.exit_status
    result = kept[0]
    stage = "shrinking" if result.stopped_by else "search"
    if not result.stopped_by:
        result.stopped_by = "interrupted"
        result.elapsed = time.monotonic() - result.started
    result.interrupted = {"signal": signal.name, "stage": stage}
    try:
        write(result, out)
        written = f"; summary written to {out / CAMPAIGN_FILE}"
    except OSError as error:
        written = f"; the summary could not be written: {error.strerror or error}"
    _say(
        f"interrupted by {signal.name} during the {stage}: {result.sent} case(s) sent to every "
        f"candidate, {len(result.classes)} disagreement class(es); candidate processes "
        f"ended{written}"
    )
    return signal.exit_status


def _run_and_report(
    args: argparse.Namespace,
    commands: list[list[str]],
    seed: int,
    limits: Limits,
    log: Callable[[str], None] | None = None,
    on_campaign: Callable[[Campaign], None] | None = None,
) -> int:
    try:
        result = campaign(
            commands,
            seed=seed,
            max_examples=args.max_examples,
            time_budget=args.time_budget,
            shrink_budget=args.shrink_budget,
            operations=args.ops,
            one_shot=args.one_shot,
            limits=limits,
            window=args.window,
            edition=args.edition,
            log=log or (lambda message: None),
            on_campaign=on_campaign,
            environment=cliopts.environment(args),
        )
    except HandshakeError as error:
        return _fail(f"seed {seed}: a candidate did not start: {handshake_text(error)}")
    except SetupError as error:
        return _fail(f"seed {seed}: a candidate did not start: {error}")
    except EditionError as error:
        return _fail(f"edition: {error}")
    write(result, args.out)
    output.write(render(result))
    output.write(f"summary: {args.out / CAMPAIGN_FILE}\n")
    output.write(f"reproduce: {one_line(_reproduce(args, result, commands), 4000)}\n")
    return 1 if result.failing(args.strict) else 0


def write(result: Campaign, out: Path) -> None:
    """The vector stubs (each candidate's classes under candidate-N/, the disagreements no
    register entry explains under disagreements/) and fuzz-campaign.json."""
    notes: list[str] = []
    for member in result.members:
        where = out / f"candidate-{member.number}"
        for divergence_class in member.summary.ordered():
            document = stub_document(
                divergence_class.representative,
                seed=result.seed,
                candidate=member.summary.candidate,
                edition=result.edition,
            )
            path, problem = stub_or_note(document, where)
            if path is not None:
                divergence_class.stub = str(path)
            notes += [problem] if problem is not None else []
    for disagreement_class in result.ordered():
        if disagreement_class.key.kind != OPEN_POINT:
            continue
        document = stub_document(
            disagreement_class.representative,
            seed=result.seed,
            candidate={"name": "a campaign", "version": f"of {len(result.members)} candidates"},
            edition=result.edition,
        )
        path, problem = stub_or_note(document, out / "disagreements")
        if path is not None:
            disagreement_class.stub = str(path)
        notes += [problem] if problem is not None else []
    if notes and result.members:
        result.members[0].summary.notes.extend(notes)
    out.mkdir(parents=True, exist_ok=True)
    text, non_finite = output.json_text(result.to_json(), 2)
    if non_finite and result.members:  # written as strings, and said so
        result.members[0].summary.notes.append(output.non_finite_note(non_finite, "file"))
        text, _count = output.json_text(result.to_json(), 2)
    (out / CAMPAIGN_FILE).write_text(text + "\n", encoding="ascii")


def _reproduce(args: argparse.Namespace, result: Campaign, commands: list[list[str]]) -> str:
    """The command line that sends the same cases to the same candidates."""
    options = [f"--seed {result.seed}", f"--edition {result.edition}"]
    options.append(f"--max-examples {result.generated} --time-budget 3600")
    if args.ops:
        options.append(f"--ops {','.join(args.ops)}")
    if args.one_shot:
        options.append("--one-shot")
    options += [f"--candidate {shlex.quote(shlex.join(command))}" for command in commands]
    return f"oasis-si-fuzz {' '.join(options)}"


