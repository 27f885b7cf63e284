"""Mutation testing of the kit's own code (`nox -s self-mutants`, or
`python -m tools.selfmutants [--module PATH ...] [--jobs N] [--list]`).

The vectors judge the reference; this judges the kit's tests. Each module listed in
targets.yaml is mutated one small change at a time (operators.py: comparison flips, `and`/`or`
and `any`/`all` swaps, integer constants off by one, `not` removed, `return X` made
`return None`, guards `if ...: raise/return` deleted), and the tests listed for it, which
should notice, run against each mutant (run.py). A mutant the tests pass is a *survivor*: a
slip the kit's own tests would let through. Each survivor is either killed by a new test or
listed in equivalent.yaml, keyed by its stable id, with the reason no test can tell it from
the original (same behaviour on every input, or a change only of wording or speed).

Every module of the shipped packages is a target. The set is bounded: only code inside
functions is mutated, seven operators, and a module may name a `sample` (that many mutants,
chosen by a digest of their ids, the same on every run) when it has many or its tests are
slow; targets.yaml gives the budget (with the samples, about two and a half hours of CPU;
`--sample N` runs N mutants per module, a quick pass).
"""

from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent


def targets() -> dict[str, dict[str, Any]]:
    """targets.yaml: module -> {tests: [pytest arguments], sample: N or absent, note}."""
    data: dict[str, dict[str, Any]] = yaml.safe_load(
        (HERE / "targets.yaml").read_text(encoding="utf-8")
    )
    return data


def equivalent() -> dict[str, str]:
    """equivalent.yaml: mutant id -> why no test can tell the mutant from the original."""
    data = yaml.safe_load((HERE / "equivalent.yaml").read_text(encoding="utf-8")) or {}
    return {str(key): str(value) for key, value in data.items()}
