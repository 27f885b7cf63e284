"""Seeded case generation (conformance/fuzz/strategies.py), as the fuzzer runs it: CPU time per
case and a digest of what is generated. Prints; asserts nothing.

For each configuration (every operation of the registry with no template declared, every
operation with both templates, score_scenario alone with both templates):

- CPU us per case: `time.process_time` over 4000 cases `strategies.generate(strategies.case,
  f"{seed}:{i}", operations, templates=...)`, seed 0, after 200 cases of warm-up;
- digest: SHA-256 of `json.dumps((case, choices), sort_keys=True)` for indices 0..2999 of
  seeds 0 and 7, one line per case. A change meant to make generation faster must leave
  every digest as it was: the same cases, and the same choice sequence, which the property
  tests replay through hypothesis and the fuzzer shrinks.

`python -m tools.bench generation`; `OASIS_GENERATION_BENCH_DIGEST_ONLY=1` prints the digests
alone (no timing).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Sequence

from oasis_si_conformance.fuzz import strategies
from oasis_si_conformance.operations import NAMES

#: (label, operations, templates) of each configuration measured.
CONFIGURATIONS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("every operation, no template", tuple(NAMES), ()),
    ("every operation, C-DA-001 and composite", tuple(NAMES), ("C-DA-001", "composite")),
    ("score_scenario alone, C-DA-001 and composite", ("score_scenario",),
     ("C-DA-001", "composite")),
)
DIGEST_SEEDS = (0, 7)
DIGEST_CASES = 3000
TIMED_CASES = 4000
WARM_UP = 200


def digest(seed: int, operations: Sequence[str], templates: Sequence[str]) -> str:
    """SHA-256 over (case, choices) of indices 0..DIGEST_CASES-1 of `seed`."""
    hashed = hashlib.sha256()
    for index in range(DIGEST_CASES):
        generated = strategies.generate(
            strategies.case, f"{seed}:{index}", list(operations), templates=templates
        )
        hashed.update(json.dumps(generated, sort_keys=True).encode() + b"\n")
    return hashed.hexdigest()


def cpu_per_case(operations: Sequence[str], templates: Sequence[str]) -> float:
    """CPU microseconds per generated case, seed 0, after a warm-up."""
    ops = list(operations)
    for index in range(WARM_UP):
        strategies.generate(strategies.case, f"0:{index}", ops, templates=templates)
    started = time.process_time()
    for index in range(TIMED_CASES):
        strategies.generate(strategies.case, f"0:{index}", ops, templates=templates)
    return (time.process_time() - started) / TIMED_CASES * 1e6


def run() -> None:
    timing = not os.environ.get("OASIS_GENERATION_BENCH_DIGEST_ONLY")
    for label, operations, templates in CONFIGURATIONS:
        if timing:
            figure = cpu_per_case(operations, templates)
            print(f"generation CPU per case ({label}): {figure:.0f} us", flush=True)
        for seed in DIGEST_SEEDS:
            print(f"  digest seed {seed}: {digest(seed, operations, templates)}", flush=True)


if __name__ == "__main__":
    from tools.bench import standalone

    standalone("generation", __doc__, run)
