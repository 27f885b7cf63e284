"""Regenerate the operation parts of the schemas and PROTOCOL.md's operation reference:
`python -m tools.schemagen [--check]`.

--check writes nothing and exits 1 when a schema file or PROTOCOL.md differs from the registry.
"""

import argparse
import sys

from tools.schemagen import SCHEMAS, protocoldoc, stale, write


def parser() -> argparse.ArgumentParser:
    command = argparse.ArgumentParser(
        prog="python -m tools.schemagen",
        description="Regenerate the operation parts of the schemas and PROTOCOL.md's operation"
        " reference from the operation registry (conformance/operations.py).",
    )
    command.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 when a schema file or PROTOCOL.md differs from the registry",
    )
    return command


def main(argv: list[str]) -> int:
    if parser().parse_args(argv).check:
        paths = stale()
        if protocoldoc.stale():
            paths.append(protocoldoc.PROTOCOL)
        for path in paths:
            print(f"stale: {path.relative_to(SCHEMAS.parent)}")
        if not paths:
            print("fresh: every generated schema and PROTOCOL.md")
        return 1 if paths else 0
    paths = write()
    if protocoldoc.write():
        paths.append(protocoldoc.PROTOCOL)
    for path in paths:
        print(f"wrote: {path.relative_to(SCHEMAS.parent)}")
    if not paths:
        print("unchanged: every generated schema and PROTOCOL.md")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
