"""SPEC_MAP.md, the coverage ledger: `python -m tools.specmap [--check]`.

Binds every normative clause of the profile to its evidence in the kit: the vectors that cite
it (by family, by operation, by kind of expectation under each edition of the text, and how
many a field evaluator that exposes only score_scenario is certified by), the reference objects
that implement it (and each edition's change of it), the failure signatures its vectors catch,
and what the kit deliberately does not test and why. Then one section per ambiguity-register
entry.

Generated from vectors/clauses.yaml, the corpus, vectors/editions.yaml,
vectors/signatures.yaml (optional), vectors/register.yaml and the hand-maintained
tools/specmap/ledger.yaml (reference objects, edition changes and exclusions). Deterministic:
the same inputs give the same bytes.
"""

import hashlib
import importlib
import inspect
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import yaml

from oasis_si_conformance.corpus import corpus, corpus_cache, yamlsafe
from oasis_si_conformance.corpus.corpus import Expectation, Vector
from oasis_si_conformance.editing.checks import (
    Context,
    Problem,
    is_score_scenario_normative,
    load_context,
    tells_apart,
)
from oasis_si_conformance.judging.diagnosis import signature_from
from oasis_si_schemas import editions as reference_editions
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
class EditionChange:
    """How the reference implements one edition's change of a clause."""

    edition: str
    implemented_by: tuple[str, ...]
    note: str = ""


@attrs.frozen
class ClauseLedger:
    implemented_by: tuple[str, ...]
    exclusions: tuple[Exclusion, ...] = ()
    editions: tuple[EditionChange, ...] = ()


@attrs.frozen
class Quote:
    """A sentence of the seed, verbatim, and the clause it belongs to."""

    clause: str
    quote: str


@attrs.frozen
class FamilyLedger:
    """What decides a family's normative vectors: the seed's sentences, and what in the family
    rests on the kit rather than on the text (`kit`, empty when nothing does)."""

    decided_by: tuple[Quote, ...]
    kit: str = ""


@attrs.frozen
class Ledger:
    profile: str
    clauses: Mapping[str, ClauseLedger]
    exclusions: tuple[Exclusion, ...]
    families: Mapping[str, FamilyLedger] = attrs.field(factory=dict)
    seed_sha256: str = ""


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
            tuple(entry["implemented_by"]),
            _exclusions(entry.get("exclusions", [])),
            _edition_changes(entry.get("editions", {})),
        )
        for clause, entry in document["clauses"].items()
    }
    families = {
        family: FamilyLedger(
            tuple(Quote(q["clause"], q["quote"]) for q in entry["decided_by"]),
            entry.get("kit", ""),
        )
        for family, entry in document.get("families", {}).items()
    }
    return Ledger(
        document["profile"],
        clauses,
        _exclusions(document["exclusions"]),
        families,
        document.get("seed_sha256", ""),
    )


def normative_families(vectors: Iterable[Vector]) -> Counter[str]:
    """The families holding normative vectors, with how many each holds."""
    return Counter(vector.family for vector in vectors if vector.normative)


def quote_problems(ledger: Ledger, seed: bytes) -> list[str]:
    """What keeps the ledger's quotes from being the seed's sentences: a seed whose sha256 is
    not `seed_sha256`, and every quote that is no verbatim substring of its text."""
    digest = hashlib.sha256(seed).hexdigest()
    if digest != ledger.seed_sha256:
        return [f"the seed's sha256 is {digest}, the ledger's seed_sha256 {ledger.seed_sha256}"]
    text = seed.decode("utf-8")
    return [
        f"family {family}: clause {quote.clause}: not in the seed verbatim: {quote.quote!r}"
        for family, entry in ledger.families.items()
        for quote in entry.decided_by
        if quote.quote not in text
    ]


def _edition_changes(raw: Mapping[str, Mapping[str, Any]]) -> tuple[EditionChange, ...]:
    return tuple(
        EditionChange(name, tuple(item["implemented_by"]), item.get("note", ""))
        for name, item in raw.items()
    )


def _exclusions(raw: Iterable[Mapping[str, str]]) -> tuple[Exclusion, ...]:
    return tuple(Exclusion(item["what"], item["why"], item.get("where", "")) for item in raw)


def resolve(dotted: str) -> Any:
    """The object a dotted import name names (a module path, then attributes). Raises
    LookupError."""
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


def ledger_problems(
    path: Path,
    clause_ids: Sequence[str],
    editions: Sequence[Mapping[str, Any]] = (),
    families: Mapping[str, int] | None = None,
) -> list[Problem]:
    """What is wrong with the ledger: shape, clauses missing or unknown, names that resolve to
    nothing, an edition's change of a clause (vectors/editions.yaml) it does not bind; with
    `families` (the corpus's families holding normative vectors), a family without the seed's
    sentences that decide it."""
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
    found = list(_ledger_content_problems(path, text, document, clause_ids))
    found += _edition_problems(path, text, document, editions)
    if families is not None:
        found += _family_problems(path, text, document, clause_ids, families)
    return found


def _family_problems(
    path: Path, text: str, document: dict, clause_ids: Sequence[str], families: Mapping[str, int]
) -> Iterator[Problem]:
    """Every family holding normative vectors names the seed's sentences that decide them, each
    under a clause of the seed. (An entry for a family the corpus lacks is not rendered.)"""
    entries = document.get("families", {})
    for family in sorted(set(families) - set(entries)):
        line = yamlsafe.line_of(text, ["families"] if entries else [], at="key")
        message = (
            f"family {family} holds {families[family]} normative vectors; the ledger quotes no"
            " sentence of the seed that decides them"
        )
        yield Problem(path, line, message, "ledger")
    for family, entry in entries.items():
        for index, quote in enumerate(entry["decided_by"]):
            if quote["clause"] not in clause_ids:
                where = ["families", family, "decided_by", index]
                message = f"clause {quote['clause']} is not a clause of the seed (clauses.yaml)"
                yield Problem(path, yamlsafe.line_of(text, where, at="key"), message, "ledger")


def _edition_problems(
    path: Path, text: str, document: dict, editions: Sequence[Mapping[str, Any]]
) -> Iterator[Problem]:
    """Each change an edition makes is bound in the ledger under its clause, and the ledger
    binds no other."""
    declared = {(e["name"], c["clause"]) for e in editions for c in e.get("changes", [])}
    bound = {
        (name, clause)
        for clause, entry in document["clauses"].items()
        for name in entry.get("editions", {})
    }
    for name, clause in sorted(declared - bound):
        line = yamlsafe.line_of(text, ["clauses", clause], at="key") if clause in document[
            "clauses"] else 1
        message = f"edition {name} changes clause {clause}; the ledger binds no implementation"
        yield Problem(path, line, message, "ledger")
    if not editions:
        return
    for name, clause in sorted(bound - declared):
        line = yamlsafe.line_of(text, ["clauses", clause, "editions", name], at="key")
        message = f"edition {name} does not change clause {clause} (vectors/editions.yaml)"
        yield Problem(path, line, message, "ledger")


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
        named = [(["implemented_by", i], d) for i, d in enumerate(entry["implemented_by"])]
        for edition, change in entry.get("editions", {}).items():
            named += [
                (["editions", edition, "implemented_by", i], d)
                for i, d in enumerate(change["implemented_by"])
            ]
        for where, dotted in named:
            try:
                resolve(dotted)
            except LookupError as error:
                line = yamlsafe.line_of(text, ["clauses", clause, *where], at="key")
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
    #: vectors/editions.yaml, the default first (empty: the default edition alone).
    editions: Sequence[Mapping[str, Any]] = ()
    #: The editions signatures.yaml was derived under (None: it names none).
    signature_editions: Sequence[str] | None = None

    @property
    def edition_names(self) -> list[str]:
        return [edition["name"] for edition in self.editions] or [self.profile]

    def open_in(self, entry: Mapping[str, Any]) -> list[str]:
        """The editions where register entry `entry` is an open point (Edition.holds_open)."""
        if not self.editions:
            return self.edition_names
        resolved = reference_editions.resolve(self.editions)
        return [edition.name for edition in resolved if edition.holds_open(entry)]

    def decided(self, entry: Mapping[str, Any]) -> dict[str, str]:
        """Edition -> the reading it decides `entry` as, for the editions that decide it."""
        resolved = reference_editions.resolve(self.editions) if self.editions else ()
        return {e.name: e.decided[entry["id"]] for e in resolved if entry["id"] in e.decided}

    def under(self, edition: str) -> list[Vector]:
        """The vectors as they read under `edition`."""
        return [vector.for_edition(edition) for vector in self.vectors]

    def failing(self, signature: Mapping[str, Any], edition: str) -> set[str]:
        """The vectors `signature` fails under `edition` (conformance/judging/diagnosis.py)."""
        return set(signature_from(signature, self.signature_editions or ()).under(edition))


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
        editions=ctx.editions,
        signature_editions=ctx.signature_editions,
    )
    return render(inputs)


def generate(vectors: Path = VECTORS, ledger: Path = LEDGER) -> str:
    """SPEC_MAP.md for the corpus at `vectors`. Raises LedgerError, or ValueError when the
    corpus does not load (its problems in the message)."""
    try:  # the loaded corpus from the cache of loaded corpora when it is fresh
        loaded = (corpus_cache.load(vectors, corpus.build_manifest(vectors)), [])
    except corpus.CorpusError:
        loaded = None  # every file's problem, as the check collects them
    ctx = load_context(vectors, loaded)
    if ctx.unloaded:
        raise ValueError("\n".join(str(p) for p in ctx.load_problems + ctx.catalog_problems))
    return render_context(ctx, ledger)


def render(inputs: MapInputs) -> str:
    """The whole document."""
    parts = [
        _header(inputs),
        _summary(inputs),
        _decided_by_section(inputs),
        _editions_summary(inputs),
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


def _caught(
    inputs: MapInputs, vectors: Sequence[Vector]
) -> list[tuple[Mapping[str, Any], dict[str, int]]]:
    """The signatures some of `vectors` catch under some edition, each with how many of them
    under each edition."""
    ids = {vector.id for vector in vectors}
    found = []
    for signature in sorted(inputs.signatures or [], key=lambda s: str(s.get("id"))):
        counts = {
            name: len(ids & inputs.failing(signature, name)) for name in inputs.edition_names
        }
        if any(counts.values()):
            found.append((signature, counts))
    return found


def _caught_counts(counts: dict[str, int]) -> str:
    """'3 vectors', or per edition where the editions differ: '3 vectors under A; 0 under B'."""
    (default, first), *later = counts.items()
    if all(count == first for _, count in later):
        return _plural(first, "vector")
    return f"{_plural(first, 'vector')} under {default}; " + "; ".join(
        f"{count} under {name}" for name, count in later
    )


def _kinds(vectors: Iterable[Vector]) -> Counter[str]:
    """How many vectors state each kind of expectation (normative, ambiguity, convention)."""
    counted = Counter(vector.kind.value for vector in vectors)
    return Counter({kind.value: counted[kind.value] for kind in Expectation})


def _kinds_text(counts: Counter[str]) -> str:
    return ", ".join(f"{kind} {count}" for kind, count in counts.items())


def _differ(inputs: MapInputs, vectors: Sequence[Vector], edition: str) -> int:
    """How many of `vectors` state another expectation under `edition` than under the default."""
    return sum(bool(vector.editions.get(edition)) for vector in vectors)


def _header(inputs: MapInputs) -> str:
    normative = sum(vector.normative for vector in inputs.vectors)
    scenarios = sum(is_score_scenario_normative(vector) for vector in inputs.vectors)
    default, *later = inputs.edition_names
    editions = "".join(
        f"- Under edition {name}{' (the default)' if name == default else ''}: "
        f"{_kinds_text(_kinds(inputs.under(name)))}"
        + (f"; {_differ(inputs, inputs.vectors, name)} differ from {default}"
           f" (`oasis-si-vectors diff-editions {default} {name}`)" if name != default else "")
        + "\n"
        for name in [default, *later]
    )
    if inputs.signatures is None:
        signatures = "vectors/signatures.yaml is absent: no failure signature is bound yet."
    else:
        signatures = f"{len(inputs.signatures)} failure signatures (vectors/signatures.yaml)"
        signatures += _signatures_by_edition(inputs) + "."
    return (
        f"# SPEC_MAP: coverage ledger of profile {inputs.profile}\n\n"
        "Generated by `python -m tools.specmap` from\n"
        "vectors/clauses.yaml, the vector corpus, vectors/editions.yaml, vectors/signatures.yaml,\n"
        "vectors/register.yaml and tools/specmap/ledger.yaml. Do not edit by hand: a test fails\n"
        "when this file is stale.\n\n"
        f"- Corpus digest: `{inputs.corpus_digest}` (vectors/MANIFEST.json)\n"
        f"- Vectors: {len(inputs.vectors)} (normative {normative}, ambiguity "
        f"{len(inputs.vectors) - normative}); normative score_scenario: {scenarios}\n"
        f"{editions}"
        f"- {signatures}\n"
        '- "score_scenario alone" counts the normative score_scenario vectors citing a clause:\n'
        "  what certifies a field evaluator that exposes no finer operation.\n"
    )


def _signatures_by_edition(inputs: MapInputs) -> str:
    """'; under A 91, under B 91': how many signatures fail some vector under each edition
    (nothing when there is one edition)."""
    if len(inputs.edition_names) < 2:
        return ""
    return "; " + ", ".join(
        f"under {name} {sum(bool(inputs.failing(s, name)) for s in inputs.signatures or [])}"
        for name in inputs.edition_names
    )


def _summary(inputs: MapInputs) -> str:
    lines = [
        "## Summary\n",
        (
            "| Clause | Title | Vectors | Normative | Ambiguity | score_scenario alone | Signatures"
            " | Exclusions |"
        ),
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for clause in inputs.clauses:
        vectors = _citing(inputs, clause["id"])
        normative = sum(vector.normative for vector in vectors)
        observable = sum(is_score_scenario_normative(vector) for vector in vectors)
        entry = inputs.ledger.clauses.get(clause["id"])
        exclusions = len(entry.exclusions) if entry else 0
        lines.append(
            f"| [§{clause['id']}](#{_anchor(clause['id'])}) | {_cell(clause['title'])} |"
            f" {len(vectors)} | {normative} | {len(vectors) - normative} | {observable} |"
            f" {len(_caught(inputs, vectors))} | {exclusions} |"
        )
    return "\n".join(lines) + "\n"


def _decided_by_section(inputs: MapInputs) -> str:
    """Per family holding normative vectors: the seed's sentences that decide them."""
    counts = normative_families(inputs.vectors)
    lines = [
        "## What decides each normative family\n",
        "The seed's sentences, verbatim, that decide the normative vectors of each family; where"
        " part of a family rests on the kit (its protocol, its composite grammar) rather than on"
        " the text, what that is and how the family treats it.\n",
        "| family | normative vectors | decided by | rests on the kit |",
        "|---|---|---|---|",
    ]
    for family in sorted(counts):
        entry = inputs.ledger.families.get(family)
        quotes = (
            "<br>".join(f"§{q.clause}: \u201c{_cell(q.quote)}\u201d" for q in entry.decided_by)
            if entry
            else "(no sentence: not yet audited)"
        )
        kit = _cell(entry.kit) if entry and entry.kit else ""
        lines.append(f"| {family} | {counts[family]} | {quotes} | {kit} |")
    return "\n".join(lines) + "\n"


def _editions_summary(inputs: MapInputs) -> str:
    """Per clause, the vectors citing it by kind of expectation under each edition, and how many
    state another expectation under a later edition than under the default."""
    default, *later = inputs.edition_names
    kinds = [kind.value for kind in Expectation]
    head = " | ".join(f"{kind} ({name})" for name in inputs.edition_names for kind in kinds)
    differ = "".join(f" | Differ ({name}) " for name in later)
    lines = [
        "## By edition\n",
        f"Kinds of expectation under each edition of the text (vectors/editions.yaml; the first,"
        f" {default}, is the default). A vector states its expectation once, plus an `editions`"
        " block where an edition's differs.\n",
        f"| Clause | {head}{differ}|",
        "|---|" + "---:|" * (len(kinds) * len(inputs.edition_names) + len(later)),
    ]
    read = {name: inputs.under(name) for name in inputs.edition_names}
    for clause in inputs.clauses:
        cells = [
            str(_kinds(v for v in read[name] if clause["id"] in v.clauses)[kind])
            for name in inputs.edition_names
            for kind in kinds
        ]
        citing = _citing(inputs, clause["id"])
        cells += [str(_differ(inputs, citing, name)) for name in later]
        link = f"[§{clause['id']}](#{_anchor(clause['id'])})"
        lines.append(f"| {link} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _anchor(clause: str) -> str:
    return "clause-" + clause.replace(".", "-")


def _clause_section(inputs: MapInputs, clause: Mapping[str, str]) -> str:
    vectors = _citing(inputs, clause["id"])
    normative = [vector for vector in vectors if vector.normative]
    ambiguity = Counter(vector.ambiguity or "" for vector in vectors if vector.readings is not None)
    entry = inputs.ledger.clauses.get(clause["id"], ClauseLedger(()))
    lines = [
        f'<a id="{_anchor(clause["id"])}"></a>',
        f"### §{clause['id']} {clause['title']}\n",
        (
            f"- Vectors: {len(vectors)} (normative {len(normative)}, ambiguity"
            f" {len(vectors) - len(normative)})"
        ),
        (
            "- Observable through score_scenario alone:"
            f" {sum(map(is_score_scenario_normative, vectors))}"
        ),
        *_clause_editions(inputs, clause["id"], entry),
        f"- By family: {_counts(Counter(vector.family for vector in vectors))}",
        f"- By operation: {_counts(Counter(vector.operation for vector in vectors))}",
        (
            "- By operation, normative only:"
            f" {_counts(Counter(vector.operation for vector in normative))}"
        ),
        *_ambiguity_lines(inputs, clause["id"], ambiguity),
        "- Implemented by: "
        + (
            ", ".join(f"`{name}` ({_kind(name)})" for name in entry.implemented_by)
            or "nothing listed"
        ),
        "- Failure signatures its vectors catch:" + _signature_list(inputs, vectors),
        "- Deliberate exclusions:" + _exclusion_list(entry.exclusions),
    ]
    return "\n".join(lines) + "\n"


def _ambiguity_lines(inputs: MapInputs, clause: str, default: Counter[str]) -> list[str]:
    """Ambiguity vectors by register entry (the default edition), and under each other edition
    where the count differs."""
    lines = [f"- Ambiguity vectors by register entry: {_counts(default)}"]
    for name in inputs.edition_names[1:]:
        read = [v for v in inputs.under(name) if clause in v.clauses and v.readings is not None]
        counts = Counter(vector.ambiguity or "" for vector in read)
        if counts != default:
            lines.append(f"- Ambiguity vectors by register entry under {name}: {_counts(counts)}")
    return lines


def _clause_editions(inputs: MapInputs, clause: str, entry: ClauseLedger) -> list[str]:
    """The clause's vectors by kind under each edition, and each edition's change of it."""
    default = inputs.edition_names[0]
    lines = []
    for name in inputs.edition_names:
        counts = _kinds(v for v in inputs.under(name) if clause in v.clauses)
        differ = "" if name == default else (
            f"; {_differ(inputs, _citing(inputs, clause), name)} differ from {default}"
        )
        lines.append(f"- Under edition {name}: {_kinds_text(counts)}{differ}")
    changes = {e["name"]: e for e in inputs.editions}
    for change in entry.editions:
        summaries = [
            c["summary"] for c in changes.get(change.edition, {}).get("changes", [])
            if c["clause"] == clause
        ]
        implemented = ", ".join(f"`{name}` ({_kind(name)})" for name in change.implemented_by)
        note = f" {change.note}" if change.note else ""
        lines.append(
            f"- Changed by edition {change.edition}: {' '.join(summaries)} Implemented by:"
            f" {implemented}.{note}"
        )
    return lines


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
        f"\n  - `{signature.get('id')}` ({signature.get('kind', '?')},"
        f" §{signature.get('clause', '?')}): {signature.get('description', '')}"
        f" ({_caught_counts(counts)})"
        for signature, counts in caught
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
    expectations = [
        read
        for name in inputs.open_in(entry)
        for read in inputs.under(name)
        if read.ambiguity == entry["id"]
    ]
    vectors = list({vector.id: vector for vector in expectations}.values())
    by_edition = "; ".join(
        f"{name} {sum(v.ambiguity == entry['id'] for v in inputs.under(name))}"
        for name in inputs.edition_names
    )
    pairs = list(itertools.combinations(entry["readings"], 2))
    apart = [pair for pair in pairs if any(tells_apart(v, *pair) for v in expectations)]
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
            f"- Ratified: `{ratified['reading']}` by {ratified['by']}. {ratified.get('note', '')}"
            .rstrip()
        )
    open_in = inputs.open_in(entry)
    if open_in != inputs.edition_names:
        lines.append(f"- Open point of edition(s): {', '.join(open_in)} only")
    for name, reading in inputs.decided(entry).items():
        lines.append(f"- Decided by edition {name}: `{reading}`")
    lines += [
        (
            f"- Vectors: {len(vectors)} (by operation:"
            f" {_counts(Counter(vector.operation for vector in vectors))})"
        ),
        f"- Ambiguity expectations by edition: {by_edition}",
        f"- Reading pairs told apart: {len(apart)} of {len(pairs)}"
        + (f"; not yet: {', '.join(untold)}" if untold else ""),
    ]
    return "\n".join(lines) + "\n"


def _signatures_section(inputs: MapInputs) -> str:
    if inputs.signatures is None:
        return (
            "## Failure signatures caught by no vector\n\nNot yet bound: vectors/signatures.yaml is"
            " absent.\n"
        )
    lonely = sorted(
        (
            s for s in inputs.signatures
            if not any(inputs.failing(s, name) for name in inputs.edition_names)
        ),
        key=lambda s: str(s.get("id")),
    )
    body = "".join(
        f"- `{s.get('id')}` ({s.get('kind', '?')}, §{s.get('clause', '?')}):"
        f" {s.get('description', '')}\n"
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
