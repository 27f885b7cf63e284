"""The corpus rules file by file, each file's part cached: `oasis-si-vectors check [PATH ...]`
in seconds.

A rule is *per-file* (PER_FILE) when what it reports inside a vector file depends on that
file's vectors, the catalogs and the kit's code alone, and what it reports anywhere else (a
catalog) on the catalogs and the code alone: the schema of each file, unknown clauses, the
ambiguity readings, the reference's agreement, editions and conventions blocks, the schemas
of scenarios, evidence and requests. The other rules are *cross-file* (duplicate ids,
coverage, register pairs and probes, flags used, the manifest, signatures, minimum counts):
they read the whole corpus.

So the problems of the corpus are those of the per-file rules run once without any vector
(what they report outside vector files), then run on each file alone (what they report in
it), and those of the cross-file rules run on the whole corpus; `check_corpus` and this give
the same problems. Each vector file's part (its vectors as loaded, or its load error, and
its per-file problems) is kept in the cache of loaded corpora (corpus_cache.cache_dir()),
keyed by the file's path and sha256 and a fingerprint of everything else the part reads:
every catalog and register data file of the corpus (signatures.yaml aside, which no per-file
rule reads), the source of oasis_si_conformance and oasis_si_reference, the schemas, the kit
and Python versions. A changed byte anywhere is another key, so a stale part is never read; a
missing or corrupt entry is computed afresh. A rule of a larger rulebook (tools/corpusrules)
is cached only when it is the shipped function itself.

`check PATH ...` runs the per-file rules on the named files only (the other files' vectors
come from the cache, or are loaded) and the cross-file rules on the whole corpus.
"""

import functools
import hashlib
import json
import os
import sys
from collections.abc import Collection, Mapping, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

import attrs
import cattrs

import oasis_si_conformance
from oasis_si_conformance import __version__
from oasis_si_conformance.corpus import corpus, corpus_cache
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing import checks
from oasis_si_conformance.editing.checks import Context, Problem, Rule

#: The rules whose problems in a vector file depend on that file alone (see the docstring).
PER_FILE: Final = (
    "schema",
    "unknown-clause",
    "ambiguity-readings",
    "reference",
    "editions",
    "conventions",
    "scenario-schema",
    "field-shapes",
    "evidence-schema",
    "request-schema",
)
#: The shipped functions of the per-file rules, as imported (a replaced one is not cached).
_SHIPPED: Final = {name: checks.RULES[name] for name in PER_FILE}
#: Cache entries kept (a file's part is one entry; the newest are kept).
KEEP: Final = 400
#: Catalog files no per-file rule reads.
UNREAD: Final = ("signatures.yaml",)
_CONVERTER = cattrs.Converter(unstruct_collection_overrides={tuple: list})


class CheckError(Exception):
    """A PATH that is not a vector file of the corpus."""


@attrs.define
class FilePart:
    """One vector file's part: its vectors (or its load problem) and, once computed, the
    problems of every per-file rule located in it, by rule."""

    relative: str
    vectors: list[Vector]
    load_error: corpus.CorpusError | None
    problems: dict[str, list[Problem]] | None = None


# The fingerprint and the entries ---------------------------------------------------------------


def fingerprint(root: Path, digests: Mapping[str, str]) -> str:
    """Everything a file's part reads besides the file: the catalogs and data files of the
    corpus, the kit's source and schemas, the versions."""
    digest = hashlib.sha256(kit_fingerprint().encode())
    vector_files = {path.relative_to(root).as_posix() for path in corpus.vector_files(root)}
    for name, value in sorted(digests.items()):
        if name not in vector_files and name not in UNREAD:
            digest.update(f"{name} {value}\n".encode())
    return digest.hexdigest()


@functools.cache
def kit_fingerprint() -> str:
    """The kit's source (oasis_si_conformance, oasis_si_reference), its schemas, the bundled
    corpus's catalogs and data files, the kit and Python versions."""
    import oasis_si_reference

    digest = hashlib.sha256(f"{__version__} {sys.version}".encode())

    for package in (oasis_si_conformance, oasis_si_reference):
        folder = Path(package.__file__ or "").parent
        for path in sorted(folder.rglob("*.py")):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    schemas = Path(str(files("oasis_si_schemas")))
    for path in sorted(schemas.rglob("*.json")):
        digest.update(path.relative_to(schemas).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    bundled = corpus.vectors_root()  # what the kit's code may read whatever corpus is checked
    for name in [*corpus.CATALOG_FILES, corpus.DATA_FOLDER]:
        for path in sorted(p for p in [bundled / name, *(bundled / name).glob("*")] if p.is_file()):
            if path.name not in UNREAD:
                digest.update(path.relative_to(bundled).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()


def cached_reader() -> checks.CatalogReader:
    """A catalog reader (checks.Context.read_catalog) that keeps each file's document and
    problems in the cache, keyed by the file's bytes, how it is read and the kit."""

    def read(
        root: Path, name: str, schema: str | None, required: bool
    ) -> tuple[Any, list[Problem]]:
        path = root / name
        try:
            data = path.read_bytes()
        except OSError:
            return checks._load_catalog(root, name, schema, required)
        key = hashlib.sha256(f"{kit_fingerprint()} {name} {schema} {required}\0".encode() + data)
        entry = corpus_cache.cache_dir() / f"catalog-{key.hexdigest()[:40]}.json"
        try:
            raw = json.loads(entry.read_text(encoding="utf-8"))
            found = [Problem(path, line, message, "catalog") for line, message in raw["problems"]]
            os.utime(entry)
            return raw["document"], found
        except (OSError, ValueError, TypeError, KeyError):
            pass
        document, problems = checks._load_catalog(root, name, schema, required)
        record = {"document": document, "problems": [[p.line, p.message] for p in problems]}
        faithful = all(p.file == path and p.rule == "catalog" for p in problems)
        try:
            text = json.dumps(record)
            if faithful and json.loads(text)["document"] == document:
                _store(entry, text)
        except (TypeError, ValueError):
            pass
        return document, problems

    return read


def _store(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError:
        pass


def _entry_path(print_: str, relative: str, file_digest: str) -> Path:
    key = hashlib.sha256(f"{print_} {relative} {file_digest}".encode()).hexdigest()[:40]
    return corpus_cache.cache_dir() / f"filecheck-{key}.json"


def _read(path: Path, root: Path, relative: str) -> FilePart | None:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        vectors = [_CONVERTER.structure(item, Vector) for item in raw["vectors"]]
        error = raw["load_error"]
        load_error = corpus.CorpusError(error[0], error[1]) if error else None
        problems = raw["problems"]
        found = None
        if problems is not None:
            found = {
                rule: [Problem(root / relative, line, message, rule) for line, message in items]
                for rule, items in problems.items()
            }
        os.utime(path)
        return FilePart(relative, vectors, load_error, found)
    except (OSError, ValueError, TypeError, KeyError, IndexError, cattrs.BaseValidationError):
        return None


def _write(path: Path, part: FilePart) -> None:
    problems = None
    if part.problems is not None:
        problems = {
            rule: [[problem.line, problem.message] for problem in found]
            for rule, found in part.problems.items()
        }
    error = part.load_error
    document = {
        "vectors": [_CONVERTER.unstructure(vector) for vector in part.vectors],
        "load_error": [error.location, error.message] if error else None,
        "problems": problems,
    }
    try:
        _store(path, json.dumps(document))
    except (TypeError, ValueError):
        pass


def _prune() -> None:
    for pattern in ("filecheck-*.json", "catalog-*.json"):
        try:
            entries = sorted(
                corpus_cache.cache_dir().glob(pattern),
                key=lambda p: p.stat().st_mtime,
                reverse=True,
            )
            for stale in entries[KEEP:]:
                stale.unlink(missing_ok=True)
        except OSError:
            pass


# Loading and checking -------------------------------------------------------------------------


def _load_part(root: Path, path: Path) -> FilePart:
    relative = path.relative_to(root).as_posix()
    try:
        return FilePart(relative, corpus.load_file(path, root), None)
    except corpus.CorpusError as error:
        return FilePart(relative, [], error)


def _per_file_problems(ctx: Context, part: FilePart) -> dict[str, list[Problem]]:
    """Every per-file rule on the file alone, the problems located in it."""
    load_problems = []
    if part.load_error is not None:
        load_problems = [_problem_of(ctx.root, part.load_error)]
    alone = attrs.evolve(ctx, vectors=part.vectors, load_problems=load_problems)
    here = ctx.root / part.relative
    return {
        name: [problem for problem in _SHIPPED[name](alone) if problem.file == here]
        for name in PER_FILE
    }


def _problem_of(root: Path, error: corpus.CorpusError) -> Problem:
    relative, _, line = error.location.rpartition(":")
    return Problem(root / relative, int(line), error.message, "schema")


def vector_path(root: Path, given: Path) -> Path:
    """A PATH of `check PATH`: a vector file of the corpus at `root`. Raises CheckError."""
    path = given.resolve()
    try:
        relative = path.relative_to(root.resolve()).as_posix()
    except ValueError:
        raise CheckError(f"{given} is not in the vectors folder {root}") from None
    known = {p.relative_to(root).as_posix() for p in corpus.vector_files(root)}
    if relative not in known:
        raise CheckError(
            f"{given} is no vector file of {root}; run check without PATH for catalog files"
        )
    return root / relative


def _stored_parts(root: Path) -> list[tuple[Path, FilePart, bool]]:
    """Each vector file's part, from the cache where it is there, else loaded: (its entry, the
    part, whether it was read from the cache)."""
    digests = corpus.file_digests(root)
    print_ = fingerprint(root, digests)
    stored = []
    for path in corpus.vector_files(root):
        relative = path.relative_to(root).as_posix()
        entry = _entry_path(print_, relative, digests[relative])
        part = _read(entry, root, relative)
        stored.append((entry, part or _load_part(root, path), part is not None))
    return stored


def _context(root: Path, parts: Sequence[FilePart]) -> Context:
    vectors = [vector for part in parts for vector in part.vectors]
    errors = [part.load_error for part in parts if part.load_error is not None]
    return checks.load_context(root, loaded=(vectors, errors), reader=cached_reader())


def cached_context(root: Path) -> Context:
    """`checks.load_context(root)`, each vector file's part (its vectors or its load error) and
    each catalog read from the cache where there, and what was loaded kept there: the context
    `check` runs the cross-file rules on."""
    stored = _stored_parts(root)
    for entry, part, hit in stored:
        if not hit:
            _write(entry, part)
    _prune()
    return _context(root, [part for _, part, _ in stored])


def check(
    root: Path,
    rules: Collection[str] | None = None,
    rulebook: Mapping[str, Rule] = checks.RULES,
    paths: Sequence[Path] = (),
    cache: bool = True,
) -> list[Problem]:
    """The problems of the corpus at `root` under the named rules (default: all) of
    `rulebook`, the per-file ones from the cache where a file's part is there; with `paths`,
    the per-file rules on those vector files only."""
    unknown = set(rules or ()) - set(rulebook)
    if unknown:
        raise ValueError(f"no such rule: {', '.join(sorted(unknown))}")
    selected = [name for name in rulebook if rules is None or name in rules]
    cached = [name for name in selected if name in PER_FILE and rulebook[name] is _SHIPPED[name]]
    if not cache:
        return checks.check_context(checks.load_context(root), selected, rulebook)
    targets = {vector_path(root, path) for path in paths}
    stored = _stored_parts(root)
    parts = [part for _, part, _ in stored]
    ctx = _context(root, parts)
    for entry, part, hit in stored:
        computed = part.problems is None and (not targets or root / part.relative in targets)
        if computed:
            part.problems = _per_file_problems(ctx, part)
        if computed or not hit:
            _write(entry, part)
    _prune()
    catalogs = attrs.evolve(ctx, vectors=[], load_problems=[])
    checked = [part for part in parts if not targets or root / part.relative in targets]
    found: list[Problem] = []
    for name in selected:
        if name in cached:
            found += _SHIPPED[name](catalogs)
            found += [problem for part in checked for problem in (part.problems or {})[name]]
        else:
            found += rulebook[name](ctx)
    return found
