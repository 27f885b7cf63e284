"""What the two command lines share (`oasis-si-conformance`, cli.py, and `oasis-si-fuzz`,
fuzz/cli.py): the bundled reference's command, the editions named in --help, the value types
of their options and the candidate limits they set (PROTOCOL.md, Limits). Light on imports,
so that the fuzzer's command line does not load the runner's report renderers."""

import argparse
import sys
from typing import Final

from oasis_si_conformance.running import resources
from oasis_si_conformance.running.protocol import HandshakeError
from oasis_si_conformance.running.transport import CandidateEnvironment, Limits
from oasis_si_conformance.safetext import one_line, quoted_lines
from oasis_si_schemas.editions import EDITIONS as REFERENCE_EDITIONS

#: The bundled corpus's editions, for --help (a run reads the catalog of its own corpus).
EDITION_NAMES: Final = tuple(name for name in REFERENCE_EDITIONS)
DEFAULTS: Final = Limits()


def reference_command(edition: str | None = None) -> list[str]:
    """The bundled reference evaluator, serving `edition` (default: its own default)."""
    command = [sys.executable, "-m", "oasis_si_reference.server"]
    return command if edition is None else [*command, "--edition", edition]


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, not {value}")
    return value


def seconds(text: str) -> float:
    """A positive number of seconds."""
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text}")
    return value


def memory(text: str) -> int:
    try:
        return resources.parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_window(group: argparse._ActionsContainer, default: int) -> None:
    """--window N: how many requests a streaming session keeps in flight (session.py)."""
    group.add_argument(
        "--window",
        type=positive_int,
        default=default,
        metavar="N",
        help=f"requests in flight on a streaming process (default {default}); answers are read"
        " in request order, so results do not depend on it",
    )


def add_edition(group: argparse._ActionsContainer, what: str) -> None:
    """--edition NAME: `what` the edition decides, as both commands select it."""
    group.add_argument(
        "--edition",
        metavar="NAME",
        help=f"{what} (vectors/editions.yaml): "
        + ", ".join(EDITION_NAMES)
        + "; default: the one edition the candidate declares by name",
    )


def add_limits(group: argparse._ActionsContainer) -> None:
    """--timeout, --memory-limit and --cpu-limit, as both commands take them."""
    group.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULTS.timeout,
        metavar="S",
        help=f"seconds per request (default {DEFAULTS.timeout:g})",
    )
    group.add_argument(
        "--memory-limit", type=memory, default=None, metavar="SIZE", help=resources.MEMORY_HELP
    )
    group.add_argument(
        "--cpu-limit", type=seconds, default=None, metavar="S", help=resources.CPU_HELP
    )


def add_environment(group: argparse._ActionsContainer) -> None:
    """--env-clear and --env-pass: the environment the candidate's processes get."""
    group.add_argument(
        "--env-clear",
        action="store_true",
        help="start the candidate with only PATH and the variables --env-pass names, not the"
        " whole environment of this command (which may hold tokens and keys); the report lists"
        " the names passed",
    )
    group.add_argument(
        "--env-pass",
        action="append",
        default=[],
        metavar="NAME",
        help="with --env-clear, a variable the candidate gets (repeatable)",
    )


def environment(args: argparse.Namespace) -> CandidateEnvironment:
    """The candidate's environment from --env-clear and --env-pass (a usage error: --env-pass
    without --env-clear, which would pass everything anyway)."""
    if args.env_pass and not args.env_clear:
        raise ValueError(
            "--env-pass needs --env-clear (without it the candidate gets every variable)"
        )
    return CandidateEnvironment(args.env_clear, tuple(args.env_pass))


def limits_metered_unavailable(limits: Limits) -> str | None:
    """The complaint when a resource limit is asked for where it cannot be measured."""
    if limits.metered and not resources.available():
        return "--memory-limit and --cpu-limit need /proc (Linux)"
    return None


#: Where a handshake failure's message (session.py) quotes the candidate's stderr.
_STDERR_MARK: Final = "\n--- candidate stderr ---\n"


def handshake_text(error: HandshakeError) -> str:
    """A handshake failure for the terminal: what went wrong on one line, then the candidate's
    stderr quoted line by line (a line of it never passes for one of the kit's)."""
    what, marked, stderr = str(error).partition(_STDERR_MARK)
    text = one_line(what, 1000)
    return f"{text}\n  candidate stderr:\n{quoted_lines(stderr)}" if marked else text
