"""SPEC_MAP.md, the coverage ledger: `python -m tools.specmap [--check]`.

Binds every normative clause of the profile to its evidence in the kit: the vectors that cite
it (by family, by operation, normative or ambiguity, and how many a field evaluator that
exposes only score_scenario is certified by), the reference objects that implement it, the
failure signatures its vectors catch, and what the kit deliberately does not test and why.
Then one section per ambiguity-register entry.

Generated from vectors/clauses.yaml, the corpus, vectors/signatures.yaml (optional),
vectors/register.yaml and the hand-maintained tools/specmap/ledger.yaml (reference objects and
exclusions). Deterministic: the same inputs give the same bytes.
"""

import importlib
import inspect
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import yaml

from oasis_si_conformance import corpus, yamlsafe
from oasis_si_conformance.checks import (
    Context,
    Problem,
    is_score_scenario_normative,
    load_context,
    tells_apart,
)
from oasis_si_conformance.corpus import Vector
from oasis_si_schemas import error_message, validator

REPO: Final = Path(__file__).resolve().parents[2]
LEDGER: Final = Path(__file__).resolve().with_name("ledger.yaml")
SPEC_MAP: Final = REPO / "SPEC_MAP.md"
VECTORS: Final = REPO / "vectors"


class LedgerError(Exception):
    """The ledger file cannot be read or does not follow schemas/ledger.schema.json."""


@attrs.frozen
class Exclusion:
    """Something the kit deliberately does not test, and why."""

    what: str
    why: str
    where: str = ""


@attrs.frozen
class ClauseLedger:
    implemented_by: tuple[str, ...]
    exclusions: tuple[Exclusion, ...] = ()


@attrs.frozen
class Ledger:
    profile: str
    clauses: Mapping[str, ClauseLedger]
    exclusions: tuple[Exclusion, ...]


# The ledger file --------------------------------------------------------------------------


def _read_ledger(path: Path) -> tuple[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")  # tool data, not corpus data: UTF-8 is fine
        return text, yamlsafe.load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise LedgerError(f"{path}: {error}") from None


def load_ledger(path: Path = LEDGER) -> Ledger:
    """The ledger, validated against schemas/ledger.schema.json. Raises LedgerError."""
    _, document = _read_ledger(path)
    if next(validator("ledger").iter_errors(document), None) is not None:
        raise LedgerError(f"{path}: not a valid ledger (see `oasis-si-vectors check`)")
    clauses = {
        clause: ClauseLedger(
            tuple(entry["implemented_by"]), _exclusions(entry.get("exclusions", []))
        )
        for clause, entry in document["clauses"].items()
    }
    return Ledger(document["profile"], clauses, _exclusions(document["exclusions"]))


def _exclusions(raw: Iterable[Mapping[str, str]]) -> tuple[Exclusion, ...]:
    return tuple(Exclusion(item["what"], item["why"], item.get("where", "")) for item in raw)


def resolve(dotted: str) -> Any:
    """The object a dotted import name names (a module path, then attributes). Raises LookupError."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                raise LookupError(f"{dotted}: {'.'.join(parts[:cut])} has no {attribute!r}")
            target = getattr(target, attribute)
        return target
    raise LookupError(f"{dotted}: no such module")


def ledger_problems(path: Path, clause_ids: Sequence[str]) -> list[Problem]:
    """What is wrong with the ledger: shape, clauses missing or unknown, names that resolve to
    nothing."""
    try:
        text, document = _read_ledger(path)
    except LedgerError as error:
        return [Problem(path, 1, str(error), "ledger")]
    errors = list(validator("ledger").iter_errors(document))
    if errors:
        return [
            Problem(
                path,
                yamlsafe.line_of(text, list(e.absolute_path), at="key"),
                error_message(e),
                "ledger",
            )
            for e in errors
        ]
    return list(_ledger_content_problems(path, text, document, clause_ids))


def _ledger_content_problems(
    path: Path, text: str, document: dict, clause_ids: Sequence[str]
) -> Iterator[Problem]:
    entries = document["clauses"]
    for clause in clause_ids:
        if clause not in entries:
            yield Problem(
                path,
                yamlsafe.line_of(text, ["clauses"], at="key"),
                f"clause {clause} has no ledger entry",
                "ledger",
            )
    for clause, entry in entries.items():
        if clause not in clause_ids:
            yield Problem(
                path,
                yamlsafe.line_of(text, ["clauses", clause], at="key"),
                f"clause {clause} is not in clauses.yaml",
                "ledger",
            )
        for index, dotted in enumerate(entry["implemented_by"]):
            try:
                resolve(dotted)
            except LookupError as error:
                where = ["clauses", clause, "implemented_by", index]
                line = yamlsafe.line_of(text, where, at="key")
                yield Problem(path, line, f"names nothing: {error}", "ledger")


# Rendering --------------------------------------------------------------------------------


@attrs.frozen
class MapInputs:
    """Everything SPEC_MAP.md is generated from."""

    profile: str
    clauses: Sequence[Mapping[str, str]]
    vectors: Sequence[Vector]
    register: Sequence[Mapping[str, Any]]
    signatures: Sequence[Mapping[str, Any]] | None
    ledger: Ledger
    corpus_digest: str


def render_context(ctx: Context, ledger: Path = LEDGER) -> str:
    """SPEC_MAP.md for a loaded corpus context and the ledger at `ledger`."""
    clauses_doc = corpus.load_catalog("clauses.yaml", ctx.root)
    inputs = MapInputs(
        profile=clauses_doc["profile"],
        clauses=ctx.clauses,
        vectors=ctx.vectors,
        register=ctx.register,
        signatures=ctx.signatures,
        ledger=load_ledger(ledger),
        corpus_digest=corpus.build_manifest(ctx.root)["corpus_digest"],
    )
    return render(inputs)


def generate(vectors: Path = VECTORS, ledger: Path = LEDGER) -> str:
    """SPEC_MAP.md for the corpus at `vectors`. Raises LedgerError, or ValueError when the
    corpus does not load (its problems in the message)."""
    ctx = load_context(vectors)
    if ctx.unloaded:
        raise ValueError("\n".join(str(p) for p in ctx.load_problems + ctx.catalog_problems))
    return render_context(ctx, ledger)


def render(inputs: MapInputs) -> str:
    """The whole document."""
    parts = [
        _header(inputs),
        _summary(inputs),
        *(_clause_section(inputs, clause) for clause in inputs.clauses),
        _register_section(inputs),
        _signatures_section(inputs),
        _global_exclusions(inputs),
    ]
    return "\n".join(parts).rstrip("\n") + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _counts(counter: Counter[str]) -> str:
    return ", ".join(f"{name} ({count})" for name, count in sorted(counter.items())) or "none"


def _citing(inputs: MapInputs, clause: str) -> list[Vector]:
    return [vector for vector in inputs.vectors if clause in vector.clauses]


def _caught(inputs: MapInputs, vectors: Sequence[Vector]) -> list[tuple[Mapping[str, Any], int]]:
    """The signatures some of `vectors` catch, each with how many of them."""
    ids = {vector.id for vector in vectors}
    found = []
    for signature in sorted(inputs.signatures or [], key=lambda s: str(s.get("id"))):
        count = len(ids & set(signature.get("vectors") or []))
        if count:
            found.append((signature, count))
    return found


def _header(inputs: MapInputs) -> str:
    normative = sum(vector.normative for vector in inputs.vectors)
    scenarios = sum(is_score_scenario_normative(vector) for vector in inputs.vectors)
    if inputs.signatures is None:
        signatures = "vectors/signatures.yaml is absent: no failure signature is bound yet."
    else:
        signatures = f"{len(inputs.signatures)} failure signatures (vectors/signatures.yaml)."
    return (
        f"# SPEC_MAP: coverage ledger of profile {inputs.profile}\n\n"
        "Generated by `python -m tools.specmap` from\n"
        "vectors/clauses.yaml, the vector corpus, vectors/signatures.yaml, vectors/register.yaml\n"
        "and tools/specmap/ledger.yaml. Do not edit by hand: a test fails when this file is stale.\n\n"
        f"- Corpus digest: `{inputs.corpus_digest}` (vectors/MANIFEST.json)\n"
        f"- Vectors: {len(inputs.vectors)} (normative {normative}, ambiguity "
        f"{len(inputs.vectors) - normative}); normative score_scenario: {scenarios}\n"
        f"- {signatures}\n"
        '- "score_scenario alone" counts the normative score_scenario vectors citing a clause:\n'
        "  what certifies a field evaluator that exposes no finer operation.\n"
    )


def _summary(inputs: MapInputs) -> str:
    lines = [
        "## Summary\n",
        "| Clause | Title | Vectors | Normative | Ambiguity | score_scenario alone | Signatures | Exclusions |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for clause in inputs.clauses:
        vectors = _citing(inputs, clause["id"])
        normative = sum(vector.normative for vector in vectors)
        observable = sum(is_score_scenario_normative(vector) for vector in vectors)
        entry = inputs.ledger.clauses.get(clause["id"])
        exclusions = len(entry.exclusions) if entry else 0
        lines.append(
            f"| [§{clause['id']}](#{_anchor(clause['id'])}) | {_cell(clause['title'])} | {len(vectors)} | "
            f"{normative} | {len(vectors) - normative} | {observable} | "
            f"{len(_caught(inputs, vectors))} | {exclusions} |"
        )
    return "\n".join(lines) + "\n"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _anchor(clause: str) -> str:
    return "clause-" + clause.replace(".", "-")


def _clause_section(inputs: MapInputs, clause: Mapping[str, str]) -> str:
    vectors = _citing(inputs, clause["id"])
    normative = [vector for vector in vectors if vector.normative]
    ambiguity = Counter(vector.ambiguity or "" for vector in vectors if not vector.normative)
    entry = inputs.ledger.clauses.get(clause["id"], ClauseLedger(()))
    lines = [
        f'<a id="{_anchor(clause["id"])}"></a>',
        f"### §{clause['id']} {clause['title']}\n",
        f"- Vectors: {len(vectors)} (normative {len(normative)}, ambiguity {len(vectors) - len(normative)})",
        f"- Observable through score_scenario alone: {sum(map(is_score_scenario_normative, vectors))}",
        f"- By family: {_counts(Counter(vector.family for vector in vectors))}",
        f"- By operation: {_counts(Counter(vector.operation for vector in vectors))}",
        f"- By operation, normative only: {_counts(Counter(vector.operation for vector in normative))}",
        f"- Ambiguity vectors by register entry: {_counts(ambiguity)}",
        "- Implemented by: "
        + (
            ", ".join(f"`{name}` ({_kind(name)})" for name in entry.implemented_by)
            or "nothing listed"
        ),
        "- Failure signatures its vectors catch:" + _signature_list(inputs, vectors),
        "- Deliberate exclusions:" + _exclusion_list(entry.exclusions),
    ]
    return "\n".join(lines) + "\n"


def _kind(dotted: str) -> str:
    try:
        target = resolve(dotted)
    except LookupError:
        return "MISSING"
    if inspect.isclass(target):
        return "class"
    return "function" if callable(target) else "constant"


def _signature_list(inputs: MapInputs, vectors: Sequence[Vector]) -> str:
    if inputs.signatures is None:
        return " not yet bound (no signatures.yaml)"
    caught = _caught(inputs, vectors)
    if not caught:
        return " none"
    return "".join(
        f"\n  - `{signature.get('id')}` ({signature.get('kind', '?')}, §{signature.get('clause', '?')}): "
        f"{signature.get('description', '')} ({_plural(count, 'vector')})"
        for signature, count in caught
    )


def _exclusion_list(exclusions: Sequence[Exclusion]) -> str:
    if not exclusions:
        return " none"
    return "".join(
        f"\n  - {f'{item.where}: ' if item.where else ''}{item.what} Why: {item.why}"
        for item in exclusions
    )


def _register_section(inputs: MapInputs) -> str:
    parts = ["## Ambiguity register\n"]
    for entry in inputs.register:
        parts.append(_entry_section(inputs, entry))
    return "\n".join(parts)


def _entry_section(inputs: MapInputs, entry: Mapping[str, Any]) -> str:
    vectors = [vector for vector in inputs.vectors if vector.ambiguity == entry["id"]]
    pairs = list(itertools.combinations(entry["readings"], 2))
    apart = [pair for pair in pairs if any(tells_apart(vector, *pair) for vector in vectors)]
    untold = [f"{a}/{b}" for a, b in pairs if (a, b) not in apart]
    lines = [
        f"### {entry['id']} (§{entry['clause']})\n",
        f"- Question: {entry['question']}",
        "- Readings:",
        *(
            f"  - `{name}`{' (reference)' if name == entry['reference'] else ''}: {text}"
            for name, text in entry["readings"].items()
        ),
        f"- Reference's choice: `{entry['reference']}`. Why: {entry['why']}",
    ]
    if "ratified" in entry:
        ratified = entry["ratified"]
        lines.append(
            f"- Ratified: `{ratified['reading']}` by {ratified['by']}. {ratified.get('note', '')}".rstrip()
        )
    lines += [
        f"- Vectors: {len(vectors)} (by operation: {_counts(Counter(vector.operation for vector in vectors))})",
        f"- Reading pairs told apart: {len(apart)} of {len(pairs)}"
        + (f"; not yet: {', '.join(untold)}" if untold else ""),
    ]
    return "\n".join(lines) + "\n"


def _signatures_section(inputs: MapInputs) -> str:
    if inputs.signatures is None:
        return "## Failure signatures caught by no vector\n\nNot yet bound: vectors/signatures.yaml is absent.\n"
    lonely = sorted(
        (s for s in inputs.signatures if not s.get("vectors")), key=lambda s: str(s.get("id"))
    )
    body = "".join(
        f"- `{s.get('id')}` ({s.get('kind', '?')}, §{s.get('clause', '?')}): {s.get('description', '')}\n"
        for s in lonely
    )
    return "## Failure signatures caught by no vector\n\n" + (body or "None.\n")


def _global_exclusions(inputs: MapInputs) -> str:
    body = "".join(
        f"- {item.where}: {item.what} Why: {item.why}\n" for item in inputs.ledger.exclusions
    )
    return "## Deliberate exclusions outside the citable clauses\n\n" + (body or "None.\n")


def write(vectors: Path = VECTORS, ledger: Path = LEDGER, target: Path = SPEC_MAP) -> bool:
    """Regenerate SPEC_MAP.md; True when its content changed."""
    text = generate(vectors, ledger)
    if target.exists() and target.read_text(encoding="utf-8") == text:
        return False
    target.write_text(text, encoding="utf-8")
    return True
