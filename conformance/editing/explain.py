"""`oasis-si-vectors explain ID [ID ...] [-k EXPR]`: vectors, their verdicts, and what the
reference computes and why.

Text for a spec editor reading a vector: the input, the expected outcome (or every reading's
outcome with the register's question), the reference's result (compared as the runner
compares it) and whether it agrees, then the trace of the reference's reasoning: the
operation's explain hook (conformance/traces.py), which prints the very values the reference's
functions walk to decide (for score_scenario the binding, every row of the decision table with
the primitive results that decided it and the evidence they read; for the finer operations the
folded texts, occurrences, sentences and scopes). Strings are shown as JSON with ASCII escapes,
so invisible code points are visible.

The corpus is loaded once per command (`load_context`), from the cache of loaded corpora when
an entry for these exact files exists (corpus_cache.py), and without the corpus rules: the
vectors and the four catalogs an explanation quotes. Each explanation then costs what the
reference takes to answer and trace one request (milliseconds).
"""

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import yaml

from oasis_si_conformance.corpus import corpus, corpus_cache, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.corpus.selection import select
from oasis_si_conformance.editing.checks import Context, Locator, reference_result
from oasis_si_conformance.judging import compare
from oasis_si_conformance.operations import operation
from oasis_si_conformance.traces import INDENT, show
from oasis_si_schemas.editions import DEFAULT, Edition

#: What an explanation quotes from the catalogs: clause titles, flag notes, register entries
#: and edition names. (Schema validity is `oasis-si-vectors check`'s concern, not explain's.)
CATALOGS = ("clauses.yaml", "flags.yaml", "register.yaml", "editions.yaml")


class ExplainError(Exception):
    """The vectors asked for cannot be explained: unknown ids, an empty selection, an edition
    the corpus does not know."""


def load_context(root: Path, cache: bool = True) -> Context:
    """The corpus at `root` as explain reads it. A vector file that fails to load is left out
    (`oasis-si-vectors check` reports it), as are unreadable catalogs."""
    try:
        vectors = corpus_cache.load(root, corpus.build_manifest(root), enabled=cache)
    except (corpus.CorpusError, OSError):
        vectors, _errors = corpus.check_files(root)
    documents = {name: _catalog(root, name) for name in CATALOGS}
    return Context(
        root=root,
        vectors=vectors,
        load_problems=[],
        catalog_problems=[],
        unloaded=[],
        clauses=documents["clauses.yaml"].get("clauses") or [],
        register=documents["register.yaml"].get("entries") or [],
        flags=documents["flags.yaml"].get("flags") or {},
        signatures=None,
        locator=Locator(root),
        editions=documents["editions.yaml"].get("editions") or [],
    )


def _catalog(root: Path, name: str) -> dict[str, Any]:
    try:
        document = corpus.load_catalog(name, root)
    except (OSError, ValueError, yaml.YAMLError, corpus.CorpusError):
        return {}
    return document if isinstance(document, dict) else {}


def selected_vectors(ctx: Context, ids: Sequence[str], terms: Sequence[str]) -> list[Vector]:
    """The vectors named by `ids` (in that order), then those the `-k` terms select (in
    corpus order), each once. Raises ExplainError naming every unknown id, or when nothing is
    asked for or the terms select nothing."""
    if not ids and not terms:
        raise ExplainError("name a vector id, or select vectors with -k EXPR")
    by_id = {vector.id: vector for vector in ctx.vectors}
    unknown = [vid for vid in ids if vid not in by_id]
    if unknown:
        raise ExplainError(
            f"no vector {', '.join(map(repr, unknown))} in the corpus "
            "(files that fail the schema are not searched; run check)"
        )
    picked = [by_id[vid] for vid in ids]
    if terms:
        selected = select(ctx.vectors, terms)
        if not selected:
            raise ExplainError(f"-k {' '.join(terms)} selects no vector of {len(ctx.vectors)}")
        picked += selected
    return list({vector.id: vector for vector in picked}.values())


def edition_name(ctx: Context, edition: str | None) -> str:
    """The edition explanations are read under: `edition` when the corpus knows it, else
    the default. Raises ExplainError listing the known editions."""
    if edition is None:
        return ctx.edition_names[0]
    if edition not in ctx.catalog:
        known = ", ".join(ctx.catalog)
        raise ExplainError(f"no edition {edition!r}; the known editions: {known}")
    return edition


def explain_all(vectors: Iterable[Vector], ctx: Context, edition: str | None = None) -> str:
    """The explanations of several vectors, a blank line between two."""
    return "\n".join(explain(vector, ctx, edition) for vector in vectors)


def explain(vector: Vector, ctx: Context, edition: str | None = None) -> str:
    """The whole explanation of one vector, under an edition of the text (default: the
    default edition)."""
    name = edition or ctx.edition_names[0]
    read = vector.for_edition(name)
    sections = [
        _heading(vector, ctx) + _edition_line(vector, ctx, name),
        _block("input", yamlsafe.dump(vector.input)),
        _verdicts(read, ctx),
        _reference(read, ctx, name),
        "why:\n" + "\n".join(INDENT + line for line in trace(read, ctx.catalog.get(name))),
    ]
    return "\n".join(sections) + "\n"


def _heading(vector: Vector, ctx: Context) -> str:
    titles = {clause["id"]: clause["title"] for clause in ctx.clauses}
    lines = [
        f"{vector.id}  ({ctx.file(vector).name} at {vector.source})",
        f"family: {vector.family}",
        "clauses: "
        + "; ".join(f"{c} {titles.get(c, '(not in clauses.yaml)')}" for c in vector.clauses),
        f"operation: {vector.operation}",
        f"description: {vector.description}",
    ]
    for flag in vector.flags:
        lines.append(f"flag {flag}: {ctx.flags.get(flag, '(undocumented)')}")
    return "\n".join(lines)


def _edition_line(vector: Vector, ctx: Context, name: str) -> str:
    """The edition read under, and the other editions where the vector's outcome differs."""
    if len(ctx.edition_names) < 2:
        return ""
    others = [other for other in vector.editions if other != name]
    if name in vector.editions:
        others = [other for other in ctx.edition_names if other not in vector.editions] + others
    differs = f" (another outcome is stated under {', '.join(others)})" if others else ""
    return f"\nedition: {name}{differs}"


def _block(title: str, body: str) -> str:
    return f"{title}:\n" + "".join(
        INDENT + line + "\n" for line in body.rstrip("\n").splitlines()
    ).rstrip("\n")


def _verdicts(vector: Vector, ctx: Context) -> str:
    if vector.convention is not None:
        return f"expected (convention {vector.convention}): {show(vector.expected)}"
    if vector.expected is not None:
        return f"expected (normative): {show(vector.expected)}"
    entry = ctx.entries.get(vector.ambiguity or "")
    if entry is None:
        return f"ambiguity {vector.ambiguity}: not in the register"
    lines = [
        (
            f"ambiguity {entry['id']} (clause {entry['clause']}):"
            f" {' '.join(entry['question'].split())}"
        ),
        "readings (every other register entry held at the reference reading):",
    ]
    for name, outcome in (vector.readings or {}).items():
        marker = "  <- the reference's reading" if name == entry["reference"] else ""
        lines.append(f"{INDENT}{name}: {show(outcome)}{marker}")
    lines.append(f"the reference reads {entry['reference']!r}: {' '.join(entry['why'].split())}")
    return "\n".join(lines)


def _reference(vector: Vector, ctx: Context, edition: str | None = None) -> str:
    try:
        result = reference_result(vector, ctx.catalog.get(edition or ""))
    except Exception as error:
        return f"the reference raised {type(error).__name__}: {error}"
    projection = compare.project(vector.operation, result)
    outcome = ctx.reference_outcome(vector)
    if outcome is None:
        verdict = "no outcome to compare with"
    elif compare.matches(outcome, projection):
        verdict = "agrees"
    else:
        verdict = "DISAGREES: " + compare.describe_difference(outcome, projection)
    lines = [f"the reference computes: {show(projection)} ({verdict})"]
    if vector.readings:
        matched = compare.matching_readings(vector.readings, projection)
        lines.append(f"readings it satisfies: {', '.join(matched) or 'none'}")
    return "\n".join(lines)


# The reference's reasoning -----------------------------------------------------------------


def trace(vector: Vector, edition: Edition | None = None) -> list[str]:
    """Lines saying what the reference computes for the vector's input, step by step: the
    operation's explain hook (conformance/traces.py), under `edition` (default: the first)."""
    chosen = edition or DEFAULT
    try:
        return list(operation(vector.operation).trace(vector.input, chosen))
    except Exception as error:
        return [f"(trace failed: {type(error).__name__}: {error})"]
