"""`oasis-si-vectors export --format json DIR`: the corpus as JSON, for test suites in any
language (README, "Use the vectors from another language").

What DIR receives:

- one JSON file per YAML file of the corpus, at the same path with `.json` for `.yaml`: a
  vector file becomes `{format, family, description, generated_by?, vectors: [...]}`, the very
  document its YAML holds (YAML aliases written out in full); the catalogs (register, clauses,
  flags, editions, conventions, signatures) likewise;
- `index.json` (schemas/export-index.schema.json): every file written with the sha256 of its
  bytes, the sha256 of its YAML source (the one MANIFEST.json records) and the schema it
  follows; vector counts per file, operation and kind of expectation; the corpus digest, the
  kit's version and the editions of the text;
- `schemas/`: every schema of the kit, as shipped, so the files validate offline (cross-file
  `$ref`s resolve against the schemas' `$id`s, or relative to the files).

Bytes are deterministic: keys in the order the YAML (or the index) holds them, two-space
indent, ASCII only (`ensure_ascii`), one trailing newline. Strings that hold a lone surrogate
(a code point U+D800..U+DFFF that no UTF-8 text carries) are written as `\\uXXXX` escapes,
which RFC 8259 admits; readers differ on them (JavaScript and Python keep them, Go's
encoding/json reads U+FFFD instead, Rust's serde_json refuses the file when reading into a
String), so the index lists where each one is (`lone_surrogates`, JSON Pointers).

The YAML is read with the corpus loader's YAML 1.2 core rules and every vector file is
validated by it first (a broken file is refused with its `path:line`). A value JSON cannot
hold as the YAML meant it (a mapping key that is not a string, a number that is not finite)
is refused, never converted.
"""

import hashlib
import json
import math
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from importlib.resources import files
from pathlib import Path, PurePosixPath
from typing import Any, Final

import attrs

from oasis_si_conformance import KIT_NAME, __version__
from oasis_si_conformance.corpus import corpus, corpus_cache, editions
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing import folderswap
from oasis_si_conformance.editing.checks import CATALOG_SCHEMAS, SIGNATURES
from oasis_si_schemas import schema_names

FORMAT: Final = 1
INDEX: Final = "index.json"
SCHEMAS: Final = "schemas"
INDEX_SCHEMA: Final = "export-index"
#: The schema each catalog file follows (vector files follow `vectors`).
CATALOGS: Final = {**CATALOG_SCHEMAS, SIGNATURES: "signatures"}
#: The folder of the register's data files (schemas/register-data.schema.json).
DATA: Final = "data/"


class ExportError(Exception):
    """The corpus cannot be exported as asked; the message says where and why."""


@attrs.frozen
class Exported:
    """What an export wrote."""

    out: Path
    files: int
    vectors: int
    manifest_agrees: bool

    def summary(self) -> str:
        return f"{self.vectors} vectors; {self.files} files with the index and the schemas"


# JSON text ---------------------------------------------------------------------------------


def encode(document: Any) -> bytes:
    """A document as the export writes it: two-space indent, ASCII with `\\u` escapes, the
    keys in the document's order, one trailing newline."""
    return (json.dumps(document, ensure_ascii=True, indent=2, allow_nan=False) + "\n").encode(
        "ascii"
    )


def lone_surrogates(value: Any, pointer: str = "") -> Iterator[str]:
    """JSON Pointers (RFC 6901) of the strings under `value` that hold a lone surrogate (a
    mapping key that holds one is pointed at as its member). Raises ExportError at a value
    JSON cannot hold as the YAML meant it."""
    if isinstance(value, str):
        if _has_surrogate(value):
            yield pointer
    elif isinstance(value, dict):
        for key, member in value.items():
            if not isinstance(key, str):
                raise ExportError(f"{pointer or '/'}: mapping key {key!r} is not a string")
            inner = f"{pointer}/{_escape(key)}"
            if _has_surrogate(key):
                yield inner
            yield from lone_surrogates(member, inner)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from lone_surrogates(item, f"{pointer}/{index}")
    elif isinstance(value, float) and not math.isfinite(value):
        raise ExportError(f"{pointer or '/'}: {value!r} is not a JSON number")


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


# The export --------------------------------------------------------------------------------


def export_json(root: Path, out: Path) -> Exported:
    """Write the corpus at `root` as JSON into `out` (absent, empty, or an earlier export,
    which is replaced). Raises ExportError."""
    root, resolved = root.resolve(), out.resolve()
    if resolved == root or root in resolved.parents:
        raise ExportError(f"{out} is inside the corpus folder {root}; export elsewhere")
    built = corpus.build_manifest(root)
    sources: dict[str, str] = built["files"]
    vectors = _load_vectors(root, built)
    known = _editions(root)
    by_file = _by_file(vectors)
    entries: dict[str, dict[str, Any]] = {}
    payloads: dict[str, bytes] = {}
    for source in sources:
        target = _target(source)
        document = _document(root, source)
        try:
            surrogates = list(lone_surrogates(document))
            payloads[target] = encode(document)
        except (ExportError, ValueError) as error:
            raise ExportError(f"{source}: {error}") from None
        entries[target] = _entry(source, sources[source], payloads[target], surrogates)
        if source in by_file:
            entries[target].update(family=document["family"], counts=_counts(by_file[source]))
    for name in schema_names():
        payloads[f"{SCHEMAS}/{name}.schema.json"] = _schema_bytes(name)
    index = _index(built, _manifest(root), vectors, known, entries, payloads)
    payloads[INDEX] = encode(index)
    try:
        folderswap.replace_folder(out, payloads, _stranger)
    except folderswap.FolderError as error:
        raise ExportError(str(error)) from None
    _write_record(out, payloads)
    return Exported(out, len(payloads), len(vectors), index["manifest_agrees"])


def _manifest(root: Path) -> dict[str, Any]:
    try:
        return corpus.read_manifest(root)
    except (OSError, ValueError):
        return {}


def _load_vectors(root: Path, built: dict[str, Any]) -> list[Vector]:
    """Every vector, loaded and validated by the corpus loader (from the cache of loaded
    corpora when it holds these exact files). Raises ExportError at a broken file."""
    try:
        return corpus_cache.load(root, built)
    except corpus.CorpusError as error:
        raise ExportError(f"{error}; run `oasis-si-vectors check`") from None


def _editions(root: Path) -> list[str]:
    try:
        return [edition.name for edition in editions.load(root)]
    except editions.EditionError as error:
        raise ExportError(str(error)) from None


def _by_file(vectors: Iterable[Vector]) -> dict[str, list[Vector]]:
    grouped: dict[str, list[Vector]] = {}
    for vector in vectors:
        grouped.setdefault(vector.source.rpartition(":")[0], []).append(vector)
    return grouped


def _target(source: str) -> str:
    """The JSON file of a YAML source: the same path, `.json` for `.yaml`."""
    target = source.removesuffix(".yaml") + ".json"
    if target == INDEX or target.startswith(SCHEMAS + "/"):
        raise ExportError(f"{source}: its JSON would be the export's own {target}; rename it")
    return target


def _document(root: Path, source: str) -> Any:
    try:
        return corpus.read_catalog(root, source)
    except corpus.CorpusError as error:
        raise ExportError(str(error)) from None
    except OSError as error:
        raise ExportError(f"{source}: cannot be read: {error}") from None


def _entry(source: str, digest: str, payload: bytes, surrogates: list[str]) -> dict[str, Any]:
    schema = CATALOGS.get(source, "register-data" if source.startswith(DATA) else "vectors")
    return {
        "source": source,
        "source_sha256": digest,
        "sha256": hashlib.sha256(payload).hexdigest(),
        "schema": f"{SCHEMAS}/{schema}.schema.json",
        "lone_surrogates": surrogates,
    }


def _counts(vectors: list[Vector]) -> dict[str, Any]:
    """Vectors, by operation and by kind of expectation (of the default edition)."""
    return {
        "vectors": len(vectors),
        "operations": dict(sorted(Counter(v.operation for v in vectors).items())),
        "kinds": dict(sorted(Counter(str(v.kind) for v in vectors).items())),
    }


def _schema_bytes(name: str) -> bytes:
    return files("oasis_si_schemas").joinpath(f"{name}.schema.json").read_bytes()


def _index(
    built: dict[str, Any],
    manifest: dict[str, Any],
    vectors: list[Vector],
    known: list[str],
    entries: dict[str, dict[str, Any]],
    payloads: dict[str, bytes],
) -> dict[str, Any]:
    """The index: the export's files and what they hold. `manifest_agrees` says whether
    MANIFEST.json records exactly the files exported (the digests are always the files')."""
    return {
        "format": FORMAT,
        "generated_by": "oasis-si-vectors export --format json",
        "kit": {"name": KIT_NAME, "version": __version__},
        "profile": built["profile"],
        "corpus_digest": built["corpus_digest"],
        "manifest_agrees": manifest.get("files") == built["files"]
        and manifest.get("corpus_digest") == built["corpus_digest"],
        "editions": {"default": known[0] if known else None, "names": known},
        "counts": _counts(vectors),
        "files": dict(sorted(entries.items())),
        "schemas": {
            path: hashlib.sha256(data).hexdigest()
            for path, data in sorted(payloads.items())
            if path.startswith(SCHEMAS + "/")
        },
    }


def _stranger(out: Path) -> str | None:
    """The first entry of the folder `out` that an earlier export did not write (None when
    it holds nothing else; an empty folder holds nothing else), links never followed and the
    walk stopped there. What an earlier export wrote is what the export's own record lists
    (`_record_path`, kept outside the folder), with the very bytes it records: an index.json
    planted in the folder, whatever digests it carries, vouches for nothing."""
    written = _earlier_export(out)
    folders = {str(parent) for path in written for parent in PurePosixPath(path).parents}
    for path, entry in folderswap.entries(out):
        if path.is_symlink():
            return entry
        if path.is_dir() and entry in folders:
            continue
        digest = written.get(entry)
        if digest is None or not path.is_file() or _sha256(path) != digest:
            return entry
    return None


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _record_path(out: Path) -> Path:
    """Where the record of an export into `out` is kept: the user's cache, outside the folder,
    keyed by the folder's absolute path."""
    key = hashlib.sha256(os.fsencode(os.path.abspath(out))).hexdigest()[:40]
    return corpus_cache.cache_dir() / "exports" / f"{key}.json"


def _write_record(out: Path, payloads: dict[str, bytes]) -> None:
    """Record what this export wrote into `out` (path -> sha256), for the next export there to
    replace exactly that. Without a record (the cache cannot be written) the next export
    refuses the folder, which is the safe side."""
    record = {
        "out": os.fsdecode(os.path.abspath(out)),
        "files": {path: hashlib.sha256(data).hexdigest() for path, data in payloads.items()},
    }
    path = _record_path(out)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(record, ensure_ascii=True), encoding="ascii")
        os.replace(temporary, path)
    except OSError:
        pass


def _earlier_export(out: Path) -> dict[str, str]:
    """The files an earlier export into `out` wrote, with the sha256 of each, by the export's
    own record (none without a readable record for this very folder; none when it names a
    path outside the folder)."""
    try:
        record = json.loads(_record_path(out).read_text(encoding="ascii"))
        if record["out"] != os.fsdecode(os.path.abspath(out)):
            return {}
        written = {str(path): str(digest) for path, digest in record["files"].items()}
        for path in written:
            folderswap.safe_parts(path)
        return written
    except (OSError, ValueError, KeyError, TypeError, AttributeError, folderswap.FolderError):
        return {}
