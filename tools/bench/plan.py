"""Planning figures: the CPU `differential.plan` spends per case, and a digest of what it
plans. Prints; asserts nothing.

For each configuration (seed; templates none, or C-DA-001 and composite; each edition of the
catalog), cases 0..N-1 of `strategies.case` over every operation are generated as a run
generates them, and planned under the edition: CPU microseconds per case of `plan` alone
(`time.process_time`, generation excluded), and a digest (sha256, 16 hex digits) of every
result in canonical form: a Planned case's fields as JSON with sorted keys (its touched
points sorted, its encoded params in hex), a skipped case's points sorted, a reference
error's message. A change that must plan every case the same keeps every digest.

Each configuration runs in its own process when timed (`run`), so that no memo carries over
from one to the next. `python -m tools.bench plan`; or `python -m tools.bench.plan [--count N]
[--seeds 0,7] [--templates none,tmpl] [--editions NAME,...]` in one process.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from typing import Any

import attr

from oasis_si_conformance.fuzz import differential, strategies
from oasis_si_conformance.operations import NAMES
from oasis_si_schemas.editions import EDITIONS

TEMPLATES = {"none": (), "tmpl": ("C-DA-001", "composite")}


def _json_default(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, bytes):
        return value.hex()
    raise TypeError(f"not JSON: {type(value).__name__}")


def canonical(result: differential.Planned | frozenset[str] | str) -> str:
    """A plan result as text that two equal results share."""
    if isinstance(result, differential.Planned):
        fields = attr.asdict(result, retain_collection_types=True)
        return "P" + json.dumps(fields, sort_keys=True, default=_json_default)
    if isinstance(result, frozenset):
        return "F" + json.dumps(sorted(result))
    return "S" + result


def configuration(seed: int, templates: str, edition: str, count: int) -> tuple[str, float]:
    """(digest, CPU us per case of plan) for cases 0..count-1 of one configuration."""
    digest = hashlib.sha256()
    spent = 0.0
    for index in range(count):
        case, choices = strategies.generate(
            strategies.case, f"{seed}:{index}", list(NAMES), templates=TEMPLATES[templates]
        )
        began = time.process_time()
        try:
            result: differential.Planned | frozenset[str] | str = differential.plan(
                index, case, choices, EDITIONS[edition]
            )
        except Exception as error:  # a reference bug, as planned_stream reports it
            result = f"case {index}: {type(error).__name__}: {error}"
        spent += time.process_time() - began
        digest.update(canonical(result).encode("utf-8", "surrogatepass") + b"\n")
    return digest.hexdigest()[:16], spent / count * 1e6


def _line(seed: int, templates: str, edition: str, digest: str, micros: float) -> str:
    return f"seed={seed} templates={templates:4} edition={edition:22} {digest} {micros:7.1f} us"


def main(argv: list[str]) -> int:
    command = argparse.ArgumentParser(prog="python -m tools.bench.plan", description=__doc__)
    command.add_argument("--count", type=int, default=3000)
    command.add_argument("--seeds", default="0,7")
    command.add_argument("--templates", default=",".join(TEMPLATES))
    command.add_argument("--editions", default=",".join(EDITIONS))
    options = command.parse_args(argv)
    for seed in [int(s) for s in options.seeds.split(",")]:
        for templates in options.templates.split(","):
            for edition in options.editions.split(","):
                digest, micros = configuration(seed, templates, edition, options.count)
                print(_line(seed, templates, edition, digest, micros), flush=True)
    return 0


def run() -> None:
    """Every configuration of seeds 0 and 7, 3000 cases, each in a process of its own."""
    for seed in (0, 7):
        for templates in TEMPLATES:
            for edition in EDITIONS:
                argv = ["--seeds", str(seed), "--templates", templates, "--editions", edition]
                command = [sys.executable, "-m", "tools.bench.plan", *argv]
                subprocess.run(command, check=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
