"""Run every benchmark module of tools/bench that defines run(), in name order.

`python -m tools.bench [NAME ...]` runs only the named modules.
"""

import importlib
import pkgutil
import sys

import tools.bench as package


def main(argv: list[str]) -> int:
    names = [
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if not info.name.startswith("_")
    ]
    for name in sorted(names):
        if argv and name not in argv:
            continue
        module = importlib.import_module(f"tools.bench.{name}")
        if callable(getattr(module, "run", None)):
            print(f"== {name}", flush=True)
            module.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
