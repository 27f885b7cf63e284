"""Regenerate SPEC_MAP.md: `python -m tools.specmap [--check]`.

--check writes nothing and exits 1 when SPEC_MAP.md is stale.
"""

import argparse
import sys

from . import LEDGER, SPEC_MAP, VECTORS, LedgerError, generate, write


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
