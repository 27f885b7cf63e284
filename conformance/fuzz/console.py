"""What both forms of `oasis-si-fuzz` (a single run, cli.py; a campaign, campaign_cli.py) say
on standard error and decide before any candidate starts: the seed, the limits, whether --out
can be written."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from oasis_si_conformance import cliopts, output
from oasis_si_conformance.running.session import Limits
from oasis_si_conformance.safetext import error_text, one_line


def fail(message: str) -> int:
    """A setup or usage error: one line, exit status 2. The message may quote the candidate
    (its handshake, its stderr): printable, never raw, each line cut (safetext.error_text)."""
    print(f"oasis-si-fuzz: error: {error_text(message)}", file=sys.stderr)
    return 2


def say(message: str) -> None:
    print(f"oasis-si-fuzz: {message}", file=sys.stderr, flush=True)


def progress_log(quiet: bool) -> Callable[[str], None]:
    """Progress lines on standard error, one line each, none with --quiet."""

    def log(message: str) -> None:
        if not quiet:
            print(one_line(message, 1000), file=sys.stderr, flush=True)

    return log


def seed_of(args: argparse.Namespace) -> int:
    """--seed, or a random one (printed by the run, so that it can be given again)."""
    return args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")


def limits_of(args: argparse.Namespace) -> Limits:
    return Limits(timeout=args.timeout, memory=args.memory_limit, cpu=args.cpu_limit)


def setup_problem(limits: Limits, out: Path, written: str) -> str | None:
    """Why the run cannot start: a limit this machine cannot meter, or an --out folder where
    `written` cannot be written; None when it can."""
    unavailable = cliopts.limits_metered_unavailable(limits)
    if unavailable is not None:
        return unavailable
    problem = output.unwritable(out / written)
    return None if problem is None else f"--out {out}: {problem}"
