"""Check the repository's corpus under every rule: `python -m tools.check [--rule R] [--skip R]`.

The shipped rules of `oasis-si-vectors check` (oasis_si_conformance.editing.checks) and the
repository-only ones (tools/corpusrules.py: generated files, the ledger, SPEC_MAP.md), over
this checkout's vectors/. Prints `path:line: message [rule]` per problem; exit 1 on any.
`nox -s lint` runs it.
"""

import argparse
import sys
from collections.abc import Sequence

from oasis_si_conformance import editor
from oasis_si_conformance.editing import filecheck
from tools.corpusrules import Repository, rulebook


def parser(rules: Sequence[str]) -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(
        prog="python -m tools.check",
        description="The repository's corpus under the shipped and the repository-only rules.",
    )
    command.add_argument(
        "--rule", action="append", choices=sorted(rules), dest="rules", metavar="RULE",
        help="run only these rules: " + ", ".join(rules),
    )
    command.add_argument(
        "--skip", action="append", default=[], choices=sorted(rules), metavar="RULE",
        help="leave these rules out",
    )
    command.add_argument(
        "--no-cache", action="store_true",
        help="run every rule afresh: no file's part of the per-file rules, no generator's"
        " output from the cache",
    )
    return command


def main(argv: Sequence[str] | None = None) -> int:
    names = list(rulebook())
    args = parser(names).parse_args(argv)
    cache = not args.no_cache
    repository = Repository(cache=cache)
    rules = rulebook(repository)
    selected = [name for name in (args.rules or rules) if name not in args.skip]
    problems = filecheck.check(repository.vectors, selected, rules, cache=cache)
    return editor.print_problems(problems)


if __name__ == "__main__":
    sys.exit(main())
