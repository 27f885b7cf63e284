"""Regenerate SPEC_MAP.md: `python -m tools.specmap [--check] [--seed PATH]`.

--check writes nothing and exits 1 when SPEC_MAP.md is stale. --seed PATH checks that every
sentence the ledger quotes for a family is a verbatim substring of the seed's text at PATH
(whose sha256 the ledger records) and exits 1 naming each one that is not.
"""

import argparse
import sys
from pathlib import Path

from tools.specmap import (
    LEDGER,
    SPEC_MAP,
    VECTORS,
    LedgerError,
    generate,
    load_ledger,
    quote_problems,
    write,
)


def parser() -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(
        prog="python -m tools.specmap",
        description="Regenerate SPEC_MAP.md from the corpus and tools/specmap/ledger.yaml.",
    )
    command.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 when SPEC_MAP.md is stale"
    )
    return command


def main(argv: list[str]) -> int:
    if "--seed" in argv:
        index = argv.index("--seed")
        seed = Path(argv[index + 1]).read_bytes()
        problems = quote_problems(load_ledger(LEDGER), seed)
        for problem in problems:
            print(problem, file=sys.stderr)
        print(f"{'not verbatim' if problems else 'verbatim'}: the ledger's quotes of the seed")
        if problems:
            return 1
        argv = argv[:index] + argv[index + 2 :]
    args = parser().parse_args(argv)
    try:
        if args.check:
            current = SPEC_MAP.read_text(encoding="utf-8") if SPEC_MAP.exists() else None
            stale = current != generate(VECTORS, LEDGER)
            print(("stale: " if stale else "fresh: ") + SPEC_MAP.name)
            return 1 if stale else 0
        print(("wrote: " if write(VECTORS, LEDGER, SPEC_MAP) else "unchanged: ") + SPEC_MAP.name)
        return 0
    except (LedgerError, ValueError) as error:
        print(f"cannot generate {SPEC_MAP.name}:\n{error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
