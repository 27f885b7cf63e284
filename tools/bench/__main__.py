"""Run every benchmark module of tools/bench that defines run(), in name order.

`python -m tools.bench [NAME ...]` runs only the named modules.
"""

import argparse
import importlib
import pkgutil
import sys

import tools.bench as package


def benchmark_names() -> list[str]:
    """The benchmark modules of tools/bench, in name order."""
    modules = pkgutil.iter_modules(package.__path__)
    return sorted(info.name for info in modules if not info.name.startswith("_"))


def main(argv: list[str]) -> int:
    names = benchmark_names()
    command = argparse.ArgumentParser(
        prog="python -m tools.bench",
        description="Run the benchmarks of tools/bench (figures printed, never asserted).",
    )
    command.add_argument("names", nargs="*", metavar="NAME", help="only these: " + ", ".join(names))
    chosen = command.parse_args(argv).names
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        command.error(f"no benchmark {', '.join(unknown)}")
    for name in names:
        if chosen and name not in chosen:
            continue
        module = importlib.import_module(f"tools.bench.{name}")
        if callable(getattr(module, "run", None)):
            print(f"== {name}", flush=True)
            module.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
