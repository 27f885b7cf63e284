"""Benchmarks (`nox -s bench`): each module with a `run()` prints figures. Never asserted."""

import argparse
from collections.abc import Callable


def standalone(module: str, doc: str | None, run: Callable[[], None]) -> None:
    """`python -m tools.bench.MODULE`: answer --help with the module's docstring, else run it."""
    argparse.ArgumentParser(
        prog=f"python -m tools.bench.{module}",
        description=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    ).parse_args()
    run()
