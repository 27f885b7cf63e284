"""`python -m oasis_si_conformance.independent [--edition NAME] [--editions FILE] [--reading
ENTRY=READING ...] [--mutant NAME] [--hook NAME ...] [--ops OP,OP,...] [--templates NAME,...]`: the
independent evaluator as a protocol command (PROTOCOL.md)."""

import argparse
import sys
from pathlib import Path

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.editions import CATALOG, first_published
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.operations import OPERATIONS
from oasis_si_conformance.independent.readings import parse_overrides
from oasis_si_conformance.independent.server import TEMPLATES, Server


def parse(argv: list[str]) -> Server:
    """The server configured by the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m oasis_si_conformance.independent", description=__doc__
    )
    parser.add_argument("--reading", action="append", default=[], metavar="ENTRY=READING",
                        help="take READING for register entry ENTRY (repeatable)")
    parser.add_argument(
        "--mutant", metavar="NAME", help="behave as mutant NAME of the catalog (mutants.py)"
    )
    parser.add_argument("--hook", action="append", default=[], choices=[h.value for h in Hook],
                        help="switch on one fault hook (repeatable)")
    parser.add_argument(
        "--ops",
        metavar="OPS",
        help="comma-separated operations to declare (score_scenario is always kept)",
    )
    parser.add_argument("--templates", metavar="NAMES",
                        help="comma-separated templates to declare (default: C-DA-001,composite)")
    parser.add_argument(
        "--edition", metavar="NAME", default=None,
        help="the edition of the text it declares and reads when a request names none"
        " (default: the catalog's first)",
    )
    parser.add_argument(
        "--editions", metavar="FILE", type=Path, default=CATALOG,
        help="the editions catalog to read editions from (default: vectors/editions.yaml)",
    )
    args = parser.parse_args(argv)
    config = Config()
    if args.mutant:
        # The catalog lives beside this package, not inside it: imported only when asked for.
        from oasis_si_conformance.independent.mutants import by_id

        config = by_id(args.mutant).config()
    readings = parse_overrides(args.reading, config.readings)
    edition = args.edition or first_published(args.editions)
    try:
        config = Config(
            readings, config.hooks | frozenset(args.hook), edition, catalog=args.editions
        )
    except (ValueError, OSError) as problem:
        raise SystemExit(f"python -m oasis_si_conformance.independent: {problem}") from None
    return Server(config, _operations(args.ops), _templates(args.templates))


def _templates(names: str | None) -> tuple[str, ...]:
    if not names:
        return TEMPLATES
    wanted = tuple(name.strip() for name in names.split(",") if name.strip())
    unknown = [name for name in wanted if name not in TEMPLATES]
    if unknown or not wanted:
        raise SystemExit(f"unknown templates: {unknown or names!r}; known: {list(TEMPLATES)}")
    return wanted


def _operations(ops: str | None) -> tuple[str, ...]:
    if not ops:
        return tuple(OPERATIONS)
    wanted = [op.strip() for op in ops.split(",") if op.strip()]
    unknown = [op for op in wanted if op not in OPERATIONS]
    if unknown:
        raise SystemExit(f"unknown operations: {unknown}")
    return tuple(op for op in OPERATIONS if op in wanted or op == "score_scenario")


def main(argv: list[str] | None = None) -> None:
    server = parse(sys.argv[1:] if argv is None else argv)
    server.serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()
