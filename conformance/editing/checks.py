"""The corpus rules, as one reusable function: `check_corpus(root) -> list[Problem]`.

Every rule the spec editors' corpus must keep, each a small function over a loaded `Context`,
each problem located by `path:line`. The tests (tests/corpus/) and `oasis-si-vectors check`
run the same rules. This is the framework (Problem, Context, locating) and the rules an
installed corpus is held to; the rules that need the repository checkout (generator drift,
the coverage ledger, SPEC_MAP.md) live with the tools that write those files
(tools/corpusrules.py) and plug into `check_context` as a larger rulebook.
"""

import itertools
import json
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, Final

import attrs
import yaml
from jsonschema.exceptions import ValidationError

from oasis_si_conformance.corpus import charsets, conventions, corpus, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing import descriptions
from oasis_si_conformance.judging import compare
from oasis_si_reference import operations, readings
from oasis_si_schemas import (
    BASE,
    Validator,
    error_message,
    first_error_message,
    most_specific,
    registry,
    validator,
)
from oasis_si_schemas import editions as reference_editions
from oasis_si_schemas import errors as schema_errors

#: The corpus this kit needs before it can certify anything.
MINIMUM_VECTORS: Final = 2000
MINIMUM_SCORE_SCENARIO: Final = 400

#: Catalog files of vectors/ and the schema each one follows.
CATALOG_SCHEMAS: Final = {
    "clauses.yaml": "clauses",
    "register.yaml": "register",
    "flags.yaml": "flags",
    "editions.yaml": "editions",
    "conventions.yaml": "conventions",
}
SIGNATURES: Final = "signatures.yaml"


@attrs.frozen(order=True)
class Problem:
    """One broken rule, located by file and 1-based line."""

    file: Path
    line: int
    message: str
    rule: str

    def where(self, base: Path | None = None) -> str:
        """`path:line`, the path relative to `base` (default: the working folder) when under it."""
        base = (base or Path.cwd()).resolve()
        try:
            shown = self.file.resolve().relative_to(base).as_posix()
        except ValueError:
            shown = self.file.as_posix()
        return f"{shown}:{self.line}"

    def __str__(self) -> str:
        return f"{self.where()}: {self.message} [{self.rule}]"


# Locating nodes -----------------------------------------------------------------------------


class Locator:
    """Lines of nodes in the corpus files; each file is composed once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._trees: dict[str, yaml.Node | None] = {}
        self._items: dict[str, dict[int, yaml.Node]] = {}

    def tree(self, relative: str) -> yaml.Node | None:
        if relative not in self._trees:
            try:
                text = (self.root / relative).read_text(encoding="utf-8")
                self._trees[relative] = yamlsafe.compose(text)
            except (OSError, UnicodeDecodeError, yaml.YAMLError):
                self._trees[relative] = None
        return self._trees[relative]

    def line(self, relative: str, path: list[Any]) -> int:
        """The line of the node at `path` in a file (the deepest node found)."""
        return yamlsafe.node_line(self.tree(relative), path, at="key")

    def vector_line(self, vector: Vector, path: list[Any]) -> int:
        """The line of the node at `path` inside a vector (the deepest node found)."""
        relative, line = split_source(vector)
        node = self._vector_nodes(relative).get(line)
        return yamlsafe.node_line(node, path, at="key") if node is not None else line

    def _vector_nodes(self, relative: str) -> dict[int, yaml.Node]:
        if relative not in self._items:
            items = yamlsafe.child(self.tree(relative), "vectors")
            nodes = items.value if isinstance(items, yaml.SequenceNode) else []
            self._items[relative] = {node.start_mark.line + 1: node for node in nodes}
        return self._items[relative]


def split_source(vector: Vector) -> tuple[str, int]:
    """A vector's file (vectors-relative) and line."""
    relative, _, line = vector.source.rpartition(":")
    return relative, int(line)


# The context every rule reads ---------------------------------------------------------------


@attrs.frozen
class Expectation:
    """One expectation of a vector: the vector as read under the editions it holds for, and
    where in the vector it is written (`prefix`: [] for its own, ["editions", NAME] for a
    block)."""

    vector: Vector
    prefix: list[Any]
    editions: list[str]


@attrs.define
class Context:
    """The corpus as loaded once for every rule: vectors, catalogs and their problems."""

    root: Path
    vectors: list[Vector]
    load_problems: list[Problem]
    catalog_problems: list[Problem]
    #: Files that could not be read at all (vectors-relative): data derived from the corpus
    #: (SPEC_MAP.md) is not produced while this is not empty.
    unloaded: list[str]
    clauses: list[dict[str, Any]]
    register: list[dict[str, Any]]
    flags: dict[str, str]
    signatures: list[Mapping[str, Any]] | None
    locator: Locator
    #: vectors/editions.yaml (the first is the default) and vectors/conventions.yaml.
    editions: list[dict[str, Any]] = attrs.field(factory=list)
    conventions: list[dict[str, Any]] = attrs.field(factory=list)
    #: The register's named code point sets (register.yaml `charsets`).
    charsets: list[dict[str, Any]] = attrs.field(factory=list)
    #: The editions signatures.yaml says it was derived under (None: it names none).
    signature_editions: list[str] | None = None
    #: How a catalog or register data file is read (filecheck.py passes a reader that keeps
    #: what it read in a cache).
    read_catalog: "CatalogReader" = attrs.field(factory=lambda: _load_catalog)
    #: clauses.yaml `external`: the documents the seed cites and does not include.
    external: list[dict[str, Any]] = attrs.field(factory=list)

    @cached_property
    def edition_names(self) -> list[str]:
        return [edition["name"] for edition in self.editions] or [reference_editions.DEFAULT.name]

    @cached_property
    def catalog(self) -> dict[str, reference_editions.Edition]:
        """The editions of editions.yaml, resolved (the one `Edition` model), by name; empty
        when the catalog does not resolve (rule editions says why)."""
        if not self.editions:
            return {reference_editions.DEFAULT.name: reference_editions.DEFAULT}
        try:
            return dict(reference_editions.by_name(reference_editions.resolve(self.editions)))
        except reference_editions.CatalogError:
            return {}

    def holds_open(self, edition: str, entry: Mapping[str, Any]) -> bool:
        """Whether register entry `entry` is an open point of edition `edition`."""
        known = self.catalog.get(edition)
        return known.holds_open(entry) if known else edition in entry.get("editions", [edition])

    def expectations(self, vector: Vector) -> Iterator["Expectation"]:
        """The vector's expectations: its own (for every edition without a block of its own)
        and each `editions` block, located in the file."""
        own = [name for name in self.edition_names if name not in vector.editions]
        yield Expectation(vector, [], own)
        for name in vector.editions:
            yield Expectation(vector.for_edition(name), ["editions", name], [name])

    @cached_property
    def clause_ids(self) -> list[str]:
        return [clause["id"] for clause in self.clauses]

    @cached_property
    def entries(self) -> dict[str, dict[str, Any]]:
        return {entry["id"]: entry for entry in self.register}

    def file(self, vector: Vector) -> Path:
        return self.root / split_source(vector)[0]

    def at(self, vector: Vector, path: list[Any], message: str, rule: str) -> Problem:
        """A problem located at the node `path` inside `vector`."""
        return Problem(self.file(vector), self.locator.vector_line(vector, path), message, rule)

    def at_catalog(self, name: str, path: list[Any], message: str, rule: str) -> Problem:
        return Problem(self.root / name, self.locator.line(name, path), message, rule)

    def reference_outcome(self, vector: Vector) -> dict[str, Any] | None:
        """The outcome the reference must produce: `expected`, or the register's reference
        reading of an ambiguity vector (None when that is not given)."""
        if vector.expected is not None:
            return vector.expected
        entry = self.entries.get(vector.ambiguity or "")
        if entry is None or vector.readings is None:
            return None
        return vector.readings.get(entry["reference"])


def load_context(
    root: Path,
    loaded: tuple[list[Vector], list[corpus.CorpusError]] | None = None,
    reader: "CatalogReader | None" = None,
) -> Context:
    """Load the corpus at `root` (a vectors folder) and its catalogs, turning every load
    failure into a problem. `loaded`: the vector files as loaded already (vectors and load
    errors, as corpus.check_files gives them); `reader`: how catalogs are read (default:
    `_load_catalog`)."""
    vectors, errors = corpus.check_files(root) if loaded is None else loaded
    reader = reader or _load_catalog
    documents: dict[str, Any] = {}
    catalog_problems: list[Problem] = []
    for name, schema in CATALOG_SCHEMAS.items():
        documents[name], found = reader(root, name, schema, True)
        catalog_problems += found
    signatures, found = reader(root, SIGNATURES, _signatures_schema(), False)
    catalog_problems += found
    unloaded = [error.location.rpartition(":")[0] for error in errors]
    unloaded += [name for name, document in documents.items() if document is None]
    if signatures is None and (root / SIGNATURES).exists() and found:
        unloaded.append(SIGNATURES)
    return Context(
        root=root,
        vectors=vectors,
        load_problems=[_from_corpus_error(root, error, "schema") for error in errors],
        catalog_problems=catalog_problems,
        unloaded=unloaded,
        clauses=(documents["clauses.yaml"] or {}).get("clauses", []),
        register=(documents["register.yaml"] or {}).get("entries", []),
        flags=(documents["flags.yaml"] or {}).get("flags", {}),
        signatures=_signature_list(signatures),
        locator=Locator(root),
        editions=(documents["editions.yaml"] or {}).get("editions", []),
        conventions=(documents["conventions.yaml"] or {}).get("conventions", []),
        charsets=(documents["register.yaml"] or {}).get("charsets", []),
        signature_editions=_signature_editions(signatures),
        read_catalog=reader,
        external=(documents["clauses.yaml"] or {}).get("external", []),
    )


def _from_corpus_error(root: Path, error: corpus.CorpusError, rule: str) -> Problem:
    relative, _, line = error.location.rpartition(":")
    return Problem(root / relative, int(line), error.message, rule)


def _signatures_schema() -> str | None:
    """signatures.yaml's shape is owned by the mutant catalog; validated when its schema exists."""
    from oasis_si_schemas import schema_names

    return "signatures" if "signatures" in schema_names() else None


def _load_catalog(
    root: Path, name: str, schema: str | None, required: bool
) -> tuple[Any, list[Problem]]:
    """A catalog document (None when absent or unreadable) and the problems found reading it."""
    path = root / name
    if not path.exists():
        return None, [
            Problem(path, 1, f"missing catalog file {name}", "catalog")
        ] if required else []
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
        document = yamlsafe.load(text)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return None, [Problem(path, line, "not UTF-8 (catalog files are ASCII)", "catalog")]
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        return None, [
            Problem(path, mark.line + 1 if mark else 1, f"not valid YAML: {error}", "catalog")
        ]
    problems = list(_non_ascii(path, text))  # reported, yet read: one problem, not a cascade
    if schema is None or (document is None and not required):
        return document, problems
    errors = list(validator(schema).iter_errors(document))
    tree = yamlsafe.compose(text) if errors else None  # composed only to locate a problem
    invalid = [_catalog_problem(path, tree, error) for error in errors]
    return (None if invalid else document), problems + invalid


CatalogReader = Callable[[Path, str, str | None, bool], tuple[Any, list[Problem]]]


def _catalog_problem(path: Path, tree: yaml.Node | None, error: ValidationError) -> Problem:
    line = yamlsafe.node_line(tree, _error_path(error), at="key")
    return Problem(path, line, error_message(error), "catalog")


def _non_ascii(path: Path, text: str) -> Iterator[Problem]:
    """Catalog files are ASCII like vector files (corpus.load_catalog reads them so)."""
    for number, line in enumerate(text.splitlines(), start=1):
        odd = next((char for char in line if ord(char) > 0x7F), None)
        if odd is not None:
            yield Problem(
                path,
                number,
                f"non-ASCII U+{ord(odd):04X}; catalog files are ASCII (write \\u{ord(odd):04x} in a"
                " double-quoted string, or plain words)",
                "catalog",
            )


def _error_path(error: ValidationError) -> list[Any]:
    """The data path of a schema error (its most specific alternative); for a bad property
    name, the path of that property."""
    error = most_specific(error)
    path = list(error.absolute_path)
    if "propertyNames" in error.relative_schema_path and isinstance(error.instance, str):
        path.append(error.instance)
    return path


def _signature_list(document: Any) -> list[Mapping[str, Any]] | None:
    """The signatures of signatures.yaml; None when the file is absent; a placeholder
    (empty file, `signatures: null` or `[]`) is an empty list."""
    if document is None:
        return None
    entries = document.get("signatures") if isinstance(document, Mapping) else None
    return [e for e in entries or [] if isinstance(e, Mapping)]


def _signature_editions(document: Any) -> list[str] | None:
    """The editions signatures.yaml was derived under; None when it names none."""
    names = document.get("editions") if isinstance(document, Mapping) else None
    return [str(name) for name in names] if isinstance(names, list) else None


# The rules ----------------------------------------------------------------------------------

Rule = Callable[[Context], Iterable[Problem]]


def rule_schema(ctx: Context) -> Iterator[Problem]:
    """Every vector file loads: ASCII, no raw CR or TAB, YAML 1.2 core, valid against
    schemas/vectors.schema.json."""
    yield from ctx.load_problems


def rule_catalog(ctx: Context) -> Iterator[Problem]:
    """Every catalog file (clauses, register, flags, signatures) is ASCII YAML valid against
    its schema."""
    yield from ctx.catalog_problems


def rule_duplicate_id(ctx: Context) -> Iterator[Problem]:
    """Vector ids are unique across the corpus."""
    first: dict[str, Vector] = {}
    for vector in ctx.vectors:
        if vector.id in first:
            yield ctx.at(
                vector,
                ["id"],
                f"duplicate id {vector.id!r} (first at {first[vector.id].source})",
                "duplicate-id",
            )
        else:
            first[vector.id] = vector


def rule_unknown_clause(ctx: Context) -> Iterator[Problem]:
    """Every clause a vector cites is listed in clauses.yaml."""
    known = set(ctx.clause_ids)
    for vector in ctx.vectors:
        for index, clause in enumerate(vector.clauses):
            if clause not in known:
                yield ctx.at(
                    vector,
                    ["clauses", index],
                    f"cites clause {clause!r}, not in clauses.yaml",
                    "unknown-clause",
                )


def external_citation(external: list[dict[str, Any]]) -> re.Pattern[str] | None:
    """A citation of a clause of a document the seed does not include ("Core 3.6", "Scenarios
    1.7"), from clauses.yaml `external` (None: it lists none)."""
    names = [re.escape(document["document"]) for document in external]
    if not names:
        return None
    return re.compile(rf"\b(?:{'|'.join(names)})\s+(?:\u00a7\s*)?[0-9A-Z][\w.-]*")


def rule_seed_citations(ctx: Context) -> Iterator[Problem]:
    """A normative vector rests on the seed's text (or its edition's amendment, which changes
    a clause of the seed in place): it cites no clause of a document the seed does not include
    (clauses.yaml `external`), in its clauses or its description. A convention vector (the
    kit's) and an ambiguity vector (an open point) may."""
    pattern = external_citation(ctx.external)
    if pattern is None:
        return
    for vector in ctx.vectors:
        if not vector.normative:
            continue
        for index, clause in enumerate(vector.clauses):
            if pattern.fullmatch(clause):
                yield ctx.at(vector, ["clauses", index], f"cites {clause!r}, outside the seed",
                             "seed-citations")
        found = pattern.search(vector.description)
        if found:
            yield ctx.at(
                vector,
                ["description"],
                f"a normative vector cites {found.group(0)!r}, a clause outside the seed: only"
                " the seed's text decides a normative verdict (make it an ambiguity vector of"
                " the open point, or a convention vector)",
                "seed-citations",
            )


def is_score_scenario_normative(vector: Vector) -> bool:
    """Observable through score_scenario alone: a normative score_scenario vector."""
    return vector.normative and vector.operation == "score_scenario"


def rule_clause_coverage(ctx: Context) -> Iterator[Problem]:
    """Every clause has a vector, and a normative score_scenario vector (what a field
    evaluator that exposes nothing finer is certified by)."""
    cited = Counter(clause for v in ctx.vectors for clause in v.clauses)
    observable = Counter(
        clause for v in ctx.vectors if is_score_scenario_normative(v) for clause in v.clauses
    )
    for index, clause in enumerate(ctx.clause_ids):
        if not cited[clause]:
            yield ctx.at_catalog(
                "clauses.yaml",
                ["clauses", index],
                f"clause {clause} has no vector",
                "clause-coverage",
            )
        elif not observable[clause]:
            yield ctx.at_catalog(
                "clauses.yaml",
                ["clauses", index],
                f"clause {clause} has no normative score_scenario vector",
                "clause-coverage",
            )


def rule_ambiguity_readings(ctx: Context) -> Iterator[Problem]:
    """An ambiguity expectation names an open register entry that belongs to the editions it
    holds for, cites the entry's clause, and gives a verdict for every reading of it, no more,
    no fewer; a vector's `joint` outcomes are well formed (`_joint_problems`)."""
    for vector in ctx.vectors:
        for expectation in ctx.expectations(vector):
            yield from _ambiguity_problems(ctx, expectation)
        yield from _joint_problems(ctx, vector)


def _joint_problems(ctx: Context, vector: Vector) -> Iterator[Problem]:
    """A vector's `joint` outcomes name an entry its entry's readings combine with (register
    `joint_with`, either way), readings of that entry other than its reference (under which
    `readings` hold), readings of the vector's entry, and outcomes that differ from them."""
    rule = "ambiguity-readings"
    own = ctx.entries.get(vector.ambiguity or "", {})
    for other, by_reading in (vector.joint or {}).items():
        found = ctx.entries.get(other, {})
        paired = other in own.get("joint_with", ()) or own.get("id") in found.get(
            "joint_with", ()
        )
        if not paired:
            message = f"{other} is no entry {vector.ambiguity} is joint with (register joint_with)"
            yield ctx.at(vector, ["joint", other], message, rule)
            continue
        for taken, outcomes in by_reading.items():
            where = ["joint", other, taken]
            if taken not in found["readings"] or taken == found.get("reference"):
                message = f"{taken!r} is no reading of {other} other than its reference"
                yield ctx.at(vector, where, message, rule)
            for reading, outcome in outcomes.items():
                stated = (vector.readings or {}).get(reading)
                if stated is None:
                    message = f"{reading!r} is no reading this vector states"
                    yield ctx.at(vector, [*where, reading], message, rule)
                elif stated == outcome:
                    message = f"the same outcome as its readings state for {reading!r}"
                    yield ctx.at(vector, [*where, reading], message, rule)


def _ambiguity_problems(ctx: Context, expectation: Expectation) -> Iterator[Problem]:
    vector, prefix = expectation.vector, expectation.prefix
    if vector.readings is None:
        return
    rule = "ambiguity-readings"
    entry = ctx.entries.get(vector.ambiguity or "")
    if entry is None:
        yield ctx.at(
            vector, [*prefix, "ambiguity"], f"names no register entry: {vector.ambiguity!r}", rule
        )
        return
    if "ratified" in entry:
        message = f"register entry {entry['id']} is ratified; make this vector normative"
        yield ctx.at(vector, [*prefix, "ambiguity"], message, rule)
    outside = [name for name in expectation.editions if not ctx.holds_open(name, entry)]
    if outside:
        message = f"{entry['id']} is no open point of edition(s) {', '.join(outside)}"
        yield ctx.at(vector, [*prefix, "ambiguity"], message, rule)
    if entry["clause"] not in vector.clauses:
        message = f"does not cite clause {entry['clause']}, the clause of {entry['id']}"
        yield ctx.at(vector, ["clauses"], message, rule)
    given, wanted = set(vector.readings), set(entry["readings"])
    for reading in sorted(wanted - given):
        message = f"no verdict for reading {reading!r} of {entry['id']}"
        yield ctx.at(vector, [*prefix, "readings"], message, rule)
    for reading in sorted(given - wanted):
        message = f"{reading!r} is not a reading of {entry['id']} ({', '.join(sorted(wanted))})"
        yield ctx.at(vector, [*prefix, "readings", reading], message, rule)


def rule_register_pairs(ctx: Context) -> Iterator[Problem]:
    """Every open register entry has vectors that tell each pair of its readings apart."""
    by_entry: dict[str, list[Vector]] = {}
    for vector in ctx.vectors:
        for expectation in ctx.expectations(vector):
            if expectation.vector.readings is not None:
                by_entry.setdefault(expectation.vector.ambiguity or "", []).append(
                    expectation.vector
                )
    for index, entry in enumerate(ctx.register):
        if "ratified" in entry:
            continue
        vectors = by_entry.get(entry["id"], [])
        for left, right in itertools.combinations(entry["readings"], 2):
            if not any(tells_apart(v, left, right) for v in vectors):
                yield ctx.at_catalog(
                    "register.yaml",
                    ["entries", index],
                    f"{entry['id']}: no vector tells readings {left!r} and {right!r} apart",
                    "register-pairs",
                )


def tells_apart(vector: Vector, left: str, right: str) -> bool:
    """True when the vector's verdicts under the two readings differ on what the spec decides
    (outcomes that differ only on a convention of the kit, such as a binding-error kind, tell
    no reading apart)."""
    given = vector.readings or {}
    if left not in given or right not in given:
        return False
    return compare.distinguishable(dict(given[left]), dict(given[right]))


def rule_probe_coverage(ctx: Context) -> Iterator[Problem]:
    """For an open register entry whose readings are code point sets (`code_points`): every
    code point on which two readings differ has a score_scenario ambiguity vector probing it
    (`probe: U+XXXX`) whose reading outcomes split exactly by membership (the readings holding
    it agree, those lacking it agree, and the two groups are told apart); every probe vector of
    such an entry probes a code point its readings differ on, and splits so."""
    rule = "probe-coverage"
    try:
        named = charsets.named_charsets({"charsets": ctx.charsets})
    except charsets.CharsetError as error:
        yield ctx.at_catalog("register.yaml", ["charsets"], str(error), rule)
        return
    probing: dict[str, list[Vector]] = {}
    for vector in ctx.vectors:
        for expectation in ctx.expectations(vector):
            read = expectation.vector
            if read.readings is not None and read.probe is not None:
                probing.setdefault(read.ambiguity or "", []).append(read)
    for index, entry in enumerate(ctx.register):
        if "code_points" in entry and "ratified" not in entry:
            yield from _probe_problems(ctx, index, entry, named, probing.get(entry["id"], []))
def rule_register_probes(ctx: Context) -> Iterator[Problem]:
    """A register entry with a data file (`data`: vectors/data/*.yaml, schema register-data)
    is probed at every code point its readings behave differently at: for each `differences`
    item, score_scenario ambiguity vectors of the entry carry `probe` naming it; each gives
    the readings of one group the same outcome, and together they tell every two groups apart.
    Every probe such a vector names is an item of the data."""
    probes = _probe_vectors(ctx)
    for index, entry in enumerate(ctx.register):
        if "data" not in entry or "ratified" in entry:
            continue
        data, problems = _register_data(ctx, entry, index)
        yield from problems
        if data is None:
            continue
        name = entry["data"]
        known = set()
        for position, item in enumerate(data["differences"]):
            known.add(item["probe"])
            where = ["differences", position]
            vectors = probes.get((entry["id"], item["probe"]), [])
            yield from _data_probe_problems(ctx, entry, name, where, item, vectors)
        for (entry_id, probe), vectors in sorted(probes.items()):
            if entry_id == entry["id"] and probe not in known:
                for vector in vectors:
                    message = f"probe {probe} is not a difference of {entry_id} ({name})"
                    yield ctx.at(vector, ["probe"], message, "register-probes")


def _probe_vectors(ctx: Context) -> dict[tuple[str, str], list[Vector]]:
    """score_scenario ambiguity vectors with a `probe`, by (entry, probe)."""
    found: dict[tuple[str, str], list[Vector]] = {}
    for vector in ctx.vectors:
        if vector.probe and vector.readings is not None and vector.operation == "score_scenario":
            found.setdefault((vector.ambiguity or "", vector.probe), []).append(vector)
    return found


def _register_data(
    ctx: Context, entry: Mapping[str, Any], index: int
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """An entry's data file, schema-valid and about this entry with these readings."""
    name = entry["data"]
    document, problems = ctx.read_catalog(ctx.root, name, "register-data", True)
    if document is None:
        return None, problems
    if document["entry"] != entry["id"]:
        message = f"{name} is the data of {document['entry']}, not of {entry['id']}"
        where = ["entries", index, "data"]
        return None, [ctx.at_catalog("register.yaml", where, message, "register-probes")]
    readings_of_entry = set(entry["readings"])
    for position, item in enumerate(document["differences"]):
        grouped = [r for group in item["groups"] for r in group]
        if sorted(grouped) != sorted(readings_of_entry):
            message = (
                f"{item['probe']}: groups {item['groups']} are not a partition of the readings"
                f" of {entry['id']} ({', '.join(sorted(readings_of_entry))})"
            )
            where = ["differences", position, "groups"]
            problems.append(ctx.at_catalog(name, where, message, "register-probes"))
    return (None if problems else document), problems


def _probe_problems(
    ctx: Context,
    index: int,
    entry: Mapping[str, Any],
    named: Mapping[str, frozenset[str]],
    vectors: list[Vector],
) -> Iterator[Problem]:
    rule, path = "probe-coverage", ["entries", index, "code_points"]
    try:
        sets = charsets.reading_sets(entry, named)
    except charsets.CharsetError as error:
        yield ctx.at_catalog("register.yaml", path, str(error), rule)
        return
    if set(sets) != set(entry["readings"]):
        message = (
            f"{entry['id']}: code_points name {sorted(sets)}, "
            f"the readings are {sorted(entry['readings'])}"
        )
        yield ctx.at_catalog("register.yaml", path, message, rule)
        return
    disputed = set(charsets.disputed(sets))
    covered: set[str] = set()
    for vector in vectors:
        probed = charsets.probed_char(vector.probe or "")
        if probed is None:
            continue  # a sequence: not a membership probe
        if probed not in disputed:
            message = f"probes {vector.probe}, on which no two readings of {entry['id']} differ"
            yield ctx.at(vector, ["probe"], message, rule)
        elif not _splits_by_membership(vector, sets, probed):
            holding, lacking = charsets.members(sets, probed)
            message = (
                f"probe {vector.probe}: the outcomes do not split by membership (held by "
                f"{', '.join(holding)}; lacked by {', '.join(lacking)})"
            )
            yield ctx.at(vector, ["readings"], message, rule)
        elif vector.operation == "score_scenario":
            covered.add(probed)
    for left, right, difference in charsets.pair_differences(sets):
        for char in sorted(difference - covered, key=ord):
            holder = left if char in sets[left] else right
            message = (
                f"{entry['id']}: no score_scenario vector probes {charsets.label(char)}, which "
                f"tells readings {left!r} and {right!r} apart ({holder} holds it)"
            )
            yield ctx.at_catalog("register.yaml", ["entries", index], message, rule)


def _splits_by_membership(
    vector: Vector, sets: Mapping[str, frozenset[str]], char: str
) -> bool:
    """Readings holding `char` give outcomes no answer tells apart, so do those lacking it, and
    every outcome of one group is told apart from every outcome of the other."""
    given = vector.readings or {}
    if set(given) != set(sets):
        return False  # rule ambiguity-readings names the missing or extra reading
    for left, right in itertools.combinations(sets, 2):
        same_side = (char in sets[left]) == (char in sets[right])
        if compare.distinguishable(dict(given[left]), dict(given[right])) == same_side:
            return False
    return True


def _data_probe_problems(
    ctx: Context,
    entry: Mapping[str, Any],
    name: str,
    where: list[Any],
    item: Mapping[str, Any],
    vectors: list[Vector],
) -> Iterator[Problem]:
    rule = "register-probes"
    probe, groups = item["probe"], item["groups"]
    if not vectors:
        message = f"{entry['id']}: no score_scenario ambiguity vector probes {probe}"
        yield ctx.at_catalog(name, where, message, rule)
        return
    for vector in vectors:
        for group in groups:
            for left, right in itertools.combinations(group, 2):
                if tells_apart(vector, left, right):
                    message = (
                        f"probe {probe}: {left} and {right} behave alike there ({name}), but the"
                        " vector gives them different outcomes"
                    )
                    yield ctx.at(vector, ["readings", right], message, rule)
    for first, second in itertools.combinations(groups, 2):
        for left, right in itertools.product(first, second):
            if not any(tells_apart(vector, left, right) for vector in vectors):
                message = f"probe {probe}: no vector tells {left} from {right}"
                yield ctx.at_catalog(name, where, message, rule)


def rule_register_reference(ctx: Context) -> Iterator[Problem]:
    """The register and oasis_si_reference.readings.CHOICES name the same entries and readings;
    each entry's reference (and ratified) reading is one of its readings; its clause exists."""
    choices = dict(readings.CHOICES)
    known = set(ctx.clause_ids)
    for index, entry in enumerate(ctx.register):
        path = ["entries", index]
        if entry["reference"] not in entry["readings"]:
            yield ctx.at_catalog(
                "register.yaml",
                path + ["reference"],
                f"{entry['id']}: reference reading {entry['reference']!r} is not one of its"
                " readings",
                "register-reference",
            )
        ratified = entry.get("ratified", {}).get("reading")
        if ratified is not None and ratified != entry["reference"]:
            yield ctx.at_catalog(
                "register.yaml",
                path + ["ratified"],
                f"{entry['id']}: ratified {ratified!r} but the reference reads"
                f" {entry['reference']!r}",
                "register-reference",
            )
        if entry["clause"] not in known:
            yield ctx.at_catalog(
                "register.yaml",
                path + ["clause"],
                f"{entry['id']}: clause {entry['clause']!r} not in clauses.yaml",
                "register-reference",
            )
        choice = choices.pop(entry["id"], None)
        if choice != entry["reference"]:
            yield ctx.at_catalog(
                "register.yaml",
                path + ["reference"],
                f"{entry['id']}: register says {entry['reference']!r},"
                f" oasis_si_reference.readings.CHOICES says {choice!r}",
                "register-reference",
            )
    for entry_id, choice in sorted(choices.items()):
        yield ctx.at_catalog(
            "register.yaml",
            ["entries"],
            f"readings.CHOICES has {entry_id} = {choice!r}, which the register lacks",
            "register-reference",
        )


def rule_flags(ctx: Context) -> Iterator[Problem]:
    """Every flag used is documented in flags.yaml, and every documented flag is used."""
    used: set[str] = set()
    for vector in ctx.vectors:
        for index, flag in enumerate(vector.flags):
            used.add(flag)
            if flag not in ctx.flags:
                yield ctx.at(
                    vector,
                    ["flags", index],
                    f"flag {flag!r} is not documented in flags.yaml",
                    "flags",
                )
    for flag in sorted(set(ctx.flags) - used):
        yield ctx.at_catalog(
            "flags.yaml",
            ["flags", flag],
            f"flag {flag!r} is documented but no vector uses it",
            "flags",
        )


def reference_result(
    vector: Vector, edition: reference_editions.Edition | None = None
) -> dict[str, Any]:
    """What the bundled reference returns for the vector's request, under `edition` (default:
    the reference's default edition)."""
    return operations.perform(vector.operation, vector.input, edition or reference_editions.DEFAULT)


def _against_the_reference(edition: reference_editions.Edition) -> set[str]:
    """The register entries `edition` decides otherwise than the reference reads them."""
    return {
        entry
        for entry, reading in edition.decided.items()
        if readings.CHOICES.get(entry, reading) != reading
    }


def entries_of(vector: Vector, entries: Mapping[str, Mapping[str, Any]]) -> set[str]:
    """The register entries whose reading gives the vector's outcome under some edition: those
    it is an ambiguity vector of, under any edition, with the entry whose reading makes such an
    entry arise (`applies_when`: deciding it otherwise closes that entry) and the entries whose
    readings the vector states its outcomes under (its `joint`)."""
    named = {vector.ambiguity, *(block.get("ambiguity") for block in vector.editions.values())}
    related: set[str | None] = set(vector.joint or {})
    for entry in filter(None, named):
        related.add((entries.get(entry, {}).get("applies_when") or {}).get("entry"))
    return {entry for entry in named | related if entry}


def rule_reference(ctx: Context) -> Iterator[Problem]:
    """Under every edition, the reference agrees with every normative and convention vector
    and with the register's reference reading of every ambiguity vector."""
    for vector in ctx.vectors:
        for expectation in ctx.expectations(vector):
            yield from _reference_problems(ctx, expectation, entries_of(vector, ctx.entries))


def _reference_problems(
    ctx: Context, expectation: Expectation, entries: set[str]
) -> Iterator[Problem]:
    """One problem per distinct disagreement, naming the editions it shows under (none where
    the edition decides one of the vector's `entries` otherwise than the reference reads it:
    the reference is an evaluator of another reading there)."""
    vector, prefix = expectation.vector, expectation.prefix
    outcome = ctx.reference_outcome(vector)
    if outcome is None:
        return  # an ambiguity vector without its reference reading: rule ambiguity-readings
    path = (
        [*prefix, "expected"]
        if vector.expected is not None
        else [*prefix, "readings", ctx.entries[vector.ambiguity or ""]["reference"]]
    )
    found: dict[str, list[str]] = {}
    for edition in expectation.editions:
        known = ctx.catalog.get(edition)
        if known is None or _against_the_reference(known) & entries:
            continue  # rule editions; or an outcome its decision gives, another reading's
        try:
            result = reference_result(vector, known)
        except Exception as error:
            message = f"the reference raised {type(error).__name__}: {error}"
            yield ctx.at(vector, ["input"], message, "reference")
            return
        projection = compare.project(vector.operation, result)
        if not compare.matches(outcome, projection):
            found.setdefault(compare.describe_difference(outcome, projection), []).append(edition)
    for difference, editions in found.items():
        every = editions == expectation.editions and not expectation.prefix
        under = "" if every else f" under edition {', '.join(editions)}"
        message = f"the reference disagrees with {vector.id}{under}: {difference}"
        yield ctx.at(vector, path, message, "reference")


def rule_editions(ctx: Context) -> Iterator[Problem]:
    """editions.yaml resolves (each base stated before the edition based on it, the first
    edition setting every parameter of the text) and decides register entries as one of their
    readings; a vector's `editions` block names a known edition other than the default and
    states another outcome than the vector's own; a register entry's `editions` names known
    editions."""
    names = ctx.edition_names
    try:
        reference_editions.resolve(ctx.editions or [], "editions.yaml")
    except reference_editions.CatalogError as error:
        yield ctx.at_catalog("editions.yaml", ["editions"], str(error), "editions")
    for position, edition in enumerate(ctx.editions or []):
        for entry, reading in (edition.get("decides") or {}).items():
            known = ctx.entries.get(entry)
            if known is None or reading not in known["readings"]:
                what = "register entry" if known is None else f"reading of {entry}"
                message = f"{edition['name']} decides {entry} as {reading!r}: no such {what}"
                where = ["editions", position, "decides", entry]
                yield ctx.at_catalog("editions.yaml", where, message, "editions")
    for vector in ctx.vectors:
        for name, block in vector.editions.items():
            if name not in names or name == names[0]:
                why = "is the default edition" if name == names[0] else "is no known edition"
                yield ctx.at(vector, ["editions", name], f"{name!r} {why}", "editions")
            elif _same_expectation(vector, block):
                message = f"the block for {name} states the vector's own outcome; drop it"
                yield ctx.at(vector, ["editions", name], message, "editions")
    for index, entry in enumerate(ctx.register):
        for name in entry.get("editions", []):
            if name not in names:
                message = f"{entry['id']}: {name!r} is no known edition"
                yield ctx.at_catalog("register.yaml", ["entries", index], message, "editions")


def rule_description_editions(ctx: Context) -> Iterator[Problem]:
    """No description states an outcome that the vector's expectation under some edition
    contradicts (`...: False.` beside `value: true` under another edition); a description that
    names the editions states its outcome per edition (conformance/editing/descriptions.py)."""
    for vector in ctx.vectors:
        if descriptions.names_editions(vector.description, ctx.editions):
            continue
        outcomes = {}
        for name in ctx.edition_names:
            read = vector.for_edition(name)
            outcomes[name] = [read.expected] if read.expected else [*(read.readings or {}).values()]
        for problem in descriptions.contradictions(vector.description, outcomes):
            message = f"{vector.id}: the description states an outcome: {problem}"
            yield ctx.at(vector, ["description"], message, "description-editions")


def _same_expectation(vector: Vector, block: Mapping[str, Any]) -> bool:
    own = {
        key: value
        for key, value in (
            ("expected", vector.expected),
            ("convention", vector.convention),
            ("ambiguity", vector.ambiguity),
            ("readings", vector.readings),
        )
        if value is not None
    }
    return dict(block) == own


def rule_conventions(ctx: Context) -> Iterator[Problem]:
    """conventions.yaml lists exactly the conventions the kit's code applies; a convention
    vector names one that applies to whole vectors."""
    listed = {entry["id"]: entry for entry in ctx.conventions}
    if ctx.conventions and set(listed) != set(conventions.IDS):
        message = (
            f"conventions.yaml lists {sorted(listed)}, the code applies {sorted(conventions.IDS)}"
        )
        yield ctx.at_catalog("conventions.yaml", ["conventions"], message, "conventions")
    for vector in ctx.vectors:
        for expectation in ctx.expectations(vector):
            named = expectation.vector.convention
            if named is None:
                continue
            entry = listed.get(named)
            if entry is None or entry["applies"] != "vector":
                why = "names no convention" if entry is None else "applies to outcome keys"
                path = [*expectation.prefix, "convention"]
                yield ctx.at(vector, path, f"{named!r} {why}", "conventions")


def _has_verdict(outcome: Mapping[str, Any] | None) -> bool:
    return outcome is not None and "binding_error" not in outcome


def rule_scenario_schema(ctx: Context) -> Iterator[Problem]:
    """A score_scenario vector whose (reference) outcome is a verdict binds a valid Form B
    scenario (schemas/scenario.schema.json)."""
    for vector in ctx.vectors:
        if vector.operation != "score_scenario" or not _has_verdict(ctx.reference_outcome(vector)):
            continue
        scenario = vector.input.get("scenario")
        for error in validator("scenario").iter_errors(scenario):
            path = ["input", "scenario", *_error_path(error)]
            yield ctx.at(
                vector,
                path,
                f"scenario scored with a verdict is not a valid binding: {error_message(error)}",
                "scenario-schema",
            )


#: The injection manifest's parts besides deviations, in the field's shapes.
FIELD_INJECTION: Final = BASE + "scenario.schema.json#/$defs/field_injection"


def rule_field_shapes(ctx: Context) -> Iterator[Problem]:
    """Every scenario of a score_scenario vector, whatever its outcome, writes the injection
    manifest's baseline, symptom and counterfactual in the field's shapes (a list of resource
    objects, {resource, condition}, a string) or leaves them out: the seed defines no shape for
    them, so no vector may depend on one of the kit's own."""
    shapes = Validator({"$ref": FIELD_INJECTION}, registry=registry())
    for vector in ctx.vectors:
        scenario = vector.input.get("scenario") if vector.operation == "score_scenario" else None
        injection = scenario.get("injection") if isinstance(scenario, Mapping) else None
        if not isinstance(injection, Mapping):
            continue
        for error in shapes.iter_errors(injection):
            path = ["input", "scenario", "injection", *_error_path(error)]
            message = f"not in the field's shape: {error_message(error, ['injection'])}"
            yield ctx.at(vector, path, message, "field-shapes")


def rule_evidence_schema(ctx: Context) -> Iterator[Problem]:
    """Every evidence artifact in a vector is valid (schemas/evidence.schema.json)."""
    for vector in ctx.vectors:
        if "evidence" not in vector.input:
            continue
        for error in schema_errors("evidence", vector.input["evidence"]):
            path = ["input", "evidence", *_error_path(error)]
            yield ctx.at(vector, path, f"evidence: {error_message(error)}", "evidence-schema")


def rule_request_schema(ctx: Context) -> Iterator[Problem]:
    """A vector's input is valid params for its operation (schemas/protocol/request.schema.json).
    Evidence is left to rule evidence-schema."""
    for vector in ctx.vectors:
        params = {key: ({} if key == "evidence" else value) for key, value in vector.input.items()}
        request = {"id": 0, "op": vector.operation, "params": params}
        for error in schema_errors("protocol/request", request):
            path = ["input", *_error_path(error)[1:]]
            yield ctx.at(
                vector, path, f"not a valid request: {error_message(error)}", "request-schema"
            )


def rule_manifest(ctx: Context) -> Iterator[Problem]:
    """vectors/MANIFEST.json holds the digest of every corpus file as it is now."""
    path = ctx.root / corpus.MANIFEST
    hint = "run `oasis-si-vectors manifest`"
    if not path.exists():
        yield Problem(path, 1, f"missing; {hint}", "manifest")
        return
    try:
        text = path.read_text(encoding="utf-8")
        recorded = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        yield Problem(path, 1, f"not valid JSON: {error}", "manifest")
        return
    invalid = first_error_message(validator("manifest"), recorded)
    if invalid is not None:
        yield Problem(path, 1, f"not a valid manifest: {invalid}", "manifest")
        return
    yield from _manifest_differences(ctx, path, text, recorded, hint)


def _manifest_differences(
    ctx: Context, path: Path, text: str, recorded: dict[str, Any], hint: str
) -> Iterator[Problem]:
    current = corpus.build_manifest(ctx.root)
    old, new = recorded["files"], current["files"]
    for name in sorted(set(old) | set(new)):
        if name not in old:
            yield Problem(ctx.root / name, 1, f"not in MANIFEST.json; {hint}", "manifest")
        elif name not in new:
            yield Problem(
                path,
                _json_key_line(text, name),
                f"lists {name}, which no longer exists; {hint}",
                "manifest",
            )
        elif old[name] != new[name]:
            yield Problem(
                ctx.root / name, 1, f"changed since MANIFEST.json was written; {hint}", "manifest"
            )
    for key in ("profile", "corpus_digest"):
        if recorded[key] != current[key] and old == new:
            yield Problem(
                path,
                _json_key_line(text, key),
                f"{key} is {recorded[key]!r}, should be {current[key]!r}; {hint}",
                "manifest",
            )


def _json_key_line(text: str, key: str) -> int:
    index = text.find(json.dumps(key) + ":")
    return text.count("\n", 0, index) + 1 if index >= 0 else 1


def rule_signatures(ctx: Context) -> Iterator[Problem]:
    """signatures.yaml (when present) names existing clauses and vectors, each id once; when it
    says which editions it was derived under, they are those of editions.yaml (in order), and a
    signature's vectors under another edition are given for one of them, other than the first,
    only where they differ from its `vectors`; and no reading the register holds open fails a
    vector (`_failing_readings`)."""
    derived = ctx.signature_editions
    if derived is not None and derived != ctx.edition_names:
        message = (
            f"derived under editions {derived}, editions.yaml names {ctx.edition_names}:"
            " regenerate signatures.yaml"
        )
        yield ctx.at_catalog(SIGNATURES, ["editions"], message, "signatures")
    if not ctx.signatures:
        return
    ids = {vector.id for vector in ctx.vectors}
    known = set(ctx.clause_ids)
    seen: set[object] = set()  # ids as read (signatures.schema.json makes them strings)
    for index, signature in enumerate(ctx.signatures):
        path = ["signatures", index]
        name = signature.get("id")
        if name in seen:
            yield ctx.at_catalog(
                SIGNATURES, path + ["id"], f"duplicate signature id {name!r}", "signatures"
            )
        seen.add(name)
        clause = signature.get("clause")
        if clause is not None and clause not in known:
            yield ctx.at_catalog(
                SIGNATURES,
                path + ["clause"],
                f"signature {name}: clause {clause!r} not in clauses.yaml",
                "signatures",
            )
        yield from _unknown_vectors(ctx, name, path + ["vectors"], signature.get("vectors"), ids)
        for edition, listed in (signature.get("editions") or {}).items():
            where = path + ["editions", edition]
            yield from _signature_edition(ctx, signature, edition, where)
            yield from _unknown_vectors(ctx, name, where, listed, ids)
        yield from _failing_readings(ctx, signature, path)


def _failing_readings(
    ctx: Context, signature: Mapping[str, Any], path: list[Any]
) -> Iterator[Problem]:
    """A signature of kind `ambiguity` (under an edition: its `kinds`) is a reading the
    register holds open there; the vectors it fails state another reading as the text's, which
    fails a plausible implementation (a vector bug, or a decision that settles one entry and
    leaves another entry's reading baked into the vectors it restates)."""
    kinds = signature.get("kinds") or {}
    lists = {None: signature.get("vectors"), **(signature.get("editions") or {})}
    for edition, listed in lists.items():
        kind = kinds.get(edition, signature.get("kind")) if edition else signature.get("kind")
        if kind != "ambiguity" or not listed:
            continue
        under = f" under {edition}" if edition else ""
        where = path + (["editions", edition] if edition else ["vectors"])
        message = (
            f"signature {signature.get('id')}: a reading the register holds open fails"
            f" {len(listed)} vector(s){under} ({', '.join(map(str, listed[:3]))}"
            f"{', ...' if len(listed) > 3 else ''}): they state another reading as the text's"
        )
        yield ctx.at_catalog(SIGNATURES, where, message, "signatures")


def _unknown_vectors(
    ctx: Context, name: Any, path: list[Any], listed: Any, ids: set[str]
) -> Iterator[Problem]:
    for position, vector_id in enumerate(listed or []):
        if vector_id not in ids:
            yield ctx.at_catalog(
                SIGNATURES,
                path + [position],
                f"signature {name}: no vector {vector_id!r}",
                "signatures",
            )


def _signature_edition(
    ctx: Context, signature: Mapping[str, Any], edition: str, path: list[Any]
) -> Iterator[Problem]:
    """A signature's vectors under `edition`: an edition the file was derived under (of
    editions.yaml when it names none), not the one `vectors` are for, with other vectors."""
    names = ctx.signature_editions if ctx.signature_editions is not None else ctx.edition_names
    why = None
    if edition not in names:
        why = "is no edition signatures.yaml was derived under"
    elif edition == names[0]:
        why = "is the edition its `vectors` are for"
    elif list(signature["editions"][edition] or []) == list(signature.get("vectors") or []):
        why = "lists its own `vectors`; drop it"
    if why is not None:
        message = f"signature {signature.get('id')}: {edition!r} {why}"
        yield ctx.at_catalog(SIGNATURES, path, message, "signatures")


def rule_minimum_counts(ctx: Context) -> Iterator[Problem]:
    """The corpus holds at least MINIMUM_VECTORS vectors, MINIMUM_SCORE_SCENARIO of them
    score_scenario."""
    total = len(ctx.vectors)
    scenarios = sum(vector.operation == "score_scenario" for vector in ctx.vectors)
    if total < MINIMUM_VECTORS:
        yield Problem(
            ctx.root,
            1,
            f"the corpus holds {total} vectors; at least {MINIMUM_VECTORS} needed",
            "minimum-counts",
        )
    if scenarios < MINIMUM_SCORE_SCENARIO:
        yield Problem(
            ctx.root,
            1,
            f"the corpus holds {scenarios} score_scenario vectors; at least"
            f" {MINIMUM_SCORE_SCENARIO} needed",
            "minimum-counts",
        )


#: Every rule of an installed corpus, by name, in the order problems are reported.
RULES: Final[dict[str, Rule]] = {
    "schema": rule_schema,
    "catalog": rule_catalog,
    "duplicate-id": rule_duplicate_id,
    "unknown-clause": rule_unknown_clause,
    "seed-citations": rule_seed_citations,
    "clause-coverage": rule_clause_coverage,
    "ambiguity-readings": rule_ambiguity_readings,
    "register-pairs": rule_register_pairs,
    "probe-coverage": rule_probe_coverage,
    "register-probes": rule_register_probes,
    "register-reference": rule_register_reference,
    "flags": rule_flags,
    "reference": rule_reference,
    "editions": rule_editions,
    "description-editions": rule_description_editions,
    "conventions": rule_conventions,
    "scenario-schema": rule_scenario_schema,
    "field-shapes": rule_field_shapes,
    "evidence-schema": rule_evidence_schema,
    "request-schema": rule_request_schema,
    "manifest": rule_manifest,
    "signatures": rule_signatures,
    "minimum-counts": rule_minimum_counts,
}


def check_context(
    ctx: Context, rules: Collection[str] | None = None, rulebook: Mapping[str, Rule] = RULES
) -> list[Problem]:
    """Run the named rules (default: all) of `rulebook` (default: RULES) over a context."""
    unknown = set(rules or ()) - set(rulebook)
    if unknown:
        raise ValueError(f"no such rule: {', '.join(sorted(unknown))}")
    return [
        problem
        for name, rule in rulebook.items()
        if rules is None or name in rules
        for problem in rule(ctx)
    ]


def check_corpus(
    root: Path | None = None, *, rules: Collection[str] | None = None
) -> list[Problem]:
    """Every problem of the corpus at `root` (default: the bundled one), located by file:line."""
    return check_context(load_context(root or corpus.vectors_root()), rules)
