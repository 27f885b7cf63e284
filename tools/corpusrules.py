"""The corpus rules that need the repository checkout, and the rulebook of the repository.

The shipped rules (oasis_si_conformance.editing.checks.RULES) hold an installed corpus; a checkout
also holds the files the tools write from it, and these rules compare them with the tools:

- `generated`: every generated vector file and flags.yaml equals what tools/vectorgen writes
  now, the generators have no authoring problem, and every file naming a generator is
  written by one;
- `ledger`: tools/specmap/ledger.yaml covers exactly the clauses and its names resolve;
- `spec-map`: SPEC_MAP.md equals what tools/specmap generates now.

`rulebook(repository)` is the shipped rules and these, in report order; `python -m
tools.check`, the corpus tests and `nox -s lint` run it.
"""

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import attrs

from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.editing import checks
from oasis_si_conformance.editing.checks import Context, Problem, Rule
from tools import specmap
from tools.vectorgen import __main__ as vectorgen

REPO: Final = Path(__file__).resolve().parents[1]


@attrs.frozen
class Repository:
    """Where a checkout keeps the corpus and the files the tools write from it."""

    vectors: Path = REPO / "vectors"
    spec_map: Path = REPO / "SPEC_MAP.md"
    ledger: Path = REPO / "tools" / "specmap" / "ledger.yaml"
    #: Whether the generators' parts may come from tools/buildcache.py's cache (keyed by
    #: their inputs: a changed generator is run again).
    cache: bool = True


_GENERATED_BY: Final = re.compile(r"^generated_by:[ ]*(.+?)[ ]*$", re.MULTILINE)


def rule_generated(ctx: Context, cache: bool = True) -> Iterator[Problem]:
    """Generated files equal what tools/vectorgen writes now (`python -m tools.vectorgen
    --check`, in process; each generator's part from the cache where its inputs are
    unchanged), the generators report no authoring problem, and every file naming a generator
    is written by one."""
    try:
        authoring = vectorgen.authoring_problems() if cache else vectorgen.authoring_problems(False)
        texts = vectorgen.generated() if cache else vectorgen.generated(False)
    except (Exception, SystemExit) as error:
        message = f"tools.vectorgen failed: {type(error).__name__}: {error}"
        yield Problem(ctx.root, 1, message, "generated")
        return
    for text in authoring:
        yield Problem(ctx.root, 1, f"authoring problem: {text}", "generated")
    produced = {path.relative_to(vectorgen.ROOT).as_posix(): text for path, text in texts.items()}
    for relative, text in sorted(produced.items()):
        yield from _drift(ctx.root / relative, text)
    for path in corpus.vector_files(ctx.root):
        relative = path.relative_to(ctx.root).as_posix()
        claimed = _GENERATED_BY.search(path.read_text(encoding="ascii", errors="replace"))
        if claimed and relative not in produced:
            message = f"names generated_by {claimed.group(1)} but no generator writes it"
            yield Problem(path, 1, message, "generated")


def _drift(path: Path, text: str) -> Iterator[Problem]:
    hint = "run `python -m tools.vectorgen`"
    if not path.exists():
        yield Problem(path, 1, f"generated file missing; {hint}", "generated")
        return
    current = path.read_bytes().decode("ascii", errors="replace")
    if current != text:
        message = f"drifted from its generator (first difference here); {hint}"
        yield Problem(path, first_difference(current, text), message, "generated")


def first_difference(left: str, right: str) -> int:
    """The 1-based line where two texts first differ."""
    pairs = itertools.zip_longest(left.splitlines(), right.splitlines())
    for number, (a, b) in enumerate(pairs, start=1):
        if a != b:
            return number
    return 1


def rule_ledger(ctx: Context, repository: Repository) -> Iterator[Problem]:
    """The coverage ledger covers exactly the clauses of clauses.yaml and every edition's change
    of a clause (editions.yaml), every reference object it names exists, and it quotes the
    seed's sentences that decide each family holding normative vectors."""
    families = specmap.normative_families(ctx.vectors)
    yield from specmap.ledger_problems(repository.ledger, ctx.clause_ids, ctx.editions, families)


def rule_spec_map(ctx: Context, repository: Repository) -> Iterator[Problem]:
    """SPEC_MAP.md equals what `python -m tools.specmap` generates now."""
    if ctx.unloaded:
        return  # a corpus that does not load has its problems reported already
    try:
        text = specmap.render_context(ctx, repository.ledger)
    except specmap.LedgerError:
        return  # reported by rule ledger
    path = repository.spec_map
    hint = "run `python -m tools.specmap`"
    if not path.exists():
        yield Problem(path, 1, f"missing; {hint}", "spec-map")
    elif (current := path.read_text(encoding="utf-8")) != text:
        message = f"stale (first difference here); {hint}"
        yield Problem(path, first_difference(current, text), message, "spec-map")


def repository_rules(repository: Repository) -> dict[str, Rule]:
    """The repository-only rules, bound to a checkout's files."""
    return {
        "generated": lambda ctx: rule_generated(ctx, repository.cache),
        "ledger": lambda ctx: rule_ledger(ctx, repository),
        "spec-map": lambda ctx: rule_spec_map(ctx, repository),
    }


def rulebook(repository: Repository | None = None) -> dict[str, Rule]:
    """Every rule a checkout is held to: the shipped ones, then the repository-only ones."""
    return {**checks.RULES, **repository_rules(repository or Repository())}


def check_repository(
    repository: Repository | None = None, rules: list[str] | None = None
) -> list[Problem]:
    """Every problem of a checkout's corpus (default: this one) under the whole rulebook."""
    repository = repository or Repository()
    ctx = checks.load_context(repository.vectors)
    return checks.check_context(ctx, rules, rulebook(repository))
