"""A cache of the loaded corpus, so that a second certification does not parse and validate
thousands of YAML vectors again (seconds) when nothing changed.

The key covers everything the loaded vectors depend on: the digest of every vector file
(corpus.build_manifest; a catalog such as signatures.yaml, which the loader does not read, is
no part of it), the source of the loader (corpus.py, yamlsafe.py), the vector schema,
the kit and Python versions. A changed byte in any of them is a new key, so a stale entry is never
read. Catalog documents (`catalog`, `kept`: the register, the signatures) are kept the same
way, keyed by the file's bytes, how it is read, and the source of the kit and its schemas.
Entries are JSON (never pickle) in $OASIS_SI_CACHE, else $XDG_CACHE_HOME/oasis-si-
conformance, else ~/.cache/oasis-si-conformance; the most recently read few of each kind
are kept. Any problem with the cache (unwritable, corrupt) falls back to loading the corpus,
silently.
"""

import contextlib
import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

import cattrs

import oasis_si_conformance
from oasis_si_conformance import __version__
from oasis_si_conformance.corpus import corpus, yamlsafe

#: Loaded corpora kept, the most recently read first: a run of the test suite reads the
#: bundled corpus between many small ones, which must not push it out.
KEEP: Final = 8
#: Kept documents (`kept`): a run reads several catalogs, of more than one corpus in a test run.
KEEP_DOCUMENTS: Final = 32
_CONVERTER = cattrs.Converter(unstruct_collection_overrides={tuple: list})


def cache_dir() -> Path:
    if os.environ.get("OASIS_SI_CACHE"):
        return Path(os.environ["OASIS_SI_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "oasis-si-conformance"


def _fingerprint() -> str:
    digest = hashlib.sha256(f"{__version__} {sys.version}".encode())
    for module in (corpus, yamlsafe):
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update(files("oasis_si_schemas").joinpath("vectors.schema.json").read_bytes())
    return digest.hexdigest()


def key(manifest: dict[str, Any]) -> str:
    """The entry's key: the digests of the files the loader reads (the vector files: a catalog
    or a register data file changes no loaded vector), the loader and the versions."""
    files = manifest.get("files")
    if isinstance(files, dict):
        read = {
            name: digest
            for name, digest in files.items()
            if name not in corpus.CATALOG_FILES and name.split("/")[0] != corpus.DATA_FOLDER
        }
        digest = corpus.corpus_digest(read)
    else:
        digest = manifest["corpus_digest"]
    return hashlib.sha256(f"{digest} {_fingerprint()}".encode()).hexdigest()[:40]


def load(root: Path, manifest: dict[str, Any], enabled: bool = True) -> list[corpus.Vector]:
    """corpus.load_corpus(root), from the cache when an entry for this exact corpus exists.
    Raises corpus.CorpusError like load_corpus."""
    if not enabled:
        return corpus.load_corpus(root)
    path = cache_dir() / f"corpus-{key(manifest)}.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        vectors = [_CONVERTER.structure(item, corpus.Vector) for item in raw]
        _touch(path)
        return vectors
    except (OSError, ValueError, TypeError, KeyError, cattrs.BaseValidationError):
        pass
    vectors = corpus.load_corpus(root)
    _store(path, vectors)
    return vectors


def _store(path: Path, vectors: list[corpus.Vector]) -> None:
    try:
        text = json.dumps([_CONVERTER.unstructure(v) for v in vectors])
        _write(path, text, "corpus-*.json", KEEP)
    except (TypeError, ValueError):
        pass


def _touch(path: Path) -> None:
    """An entry just read is among the newest again (entries are kept newest first)."""
    with contextlib.suppress(OSError):
        os.utime(path)


def _write(path: Path, text: str, pattern: str, keep: int) -> None:
    """Write an entry (atomically), keeping the newest `keep` entries of its kind (`pattern`)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
        entries = sorted(path.parent.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in entries[keep:]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass


@functools.cache
def _kit_fingerprint() -> str:
    """The versions, and every source file of the kit and every schema: what a kept document
    (`kept`) may have been read and checked by."""
    digest = hashlib.sha256(f"{__version__} {sys.version}".encode())
    kit = Path(oasis_si_conformance.__file__).parent
    for package in (kit, Path(str(files("oasis_si_schemas")))):
        for path in sorted([*package.rglob("*.py"), *package.rglob("*.json")]):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def kept(data: bytes, reading: str, read: Callable[[], Any]) -> Any:
    """`read()`, the document a file holding `data` is read as (`reading` names how: the same
    name must mean the same reading), from the cache when an entry for these exact bytes and
    this kit exists. `read` raises on a file it refuses, and nothing is kept then; a document
    JSON does not hold exactly (a key that is no string) is not kept either."""
    key = hashlib.sha256(f"{_kit_fingerprint()} {reading}\0".encode() + data).hexdigest()[:40]
    path = cache_dir() / f"document-{key}.json"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
        _touch(path)
        return document
    except (OSError, ValueError):
        pass
    document = read()
    try:
        text = json.dumps(document)
        if json.loads(text) == document:
            _write(path, text, "document-*.json", KEEP_DOCUMENTS)
    except (TypeError, ValueError, RecursionError):
        pass
    return document


def catalog(root: Path, name: str) -> Any:
    """corpus.read_catalog(root, name), kept (`kept`): the register alone takes the YAML loader
    a quarter of a second. The file is screened as read_catalog screens it (a link out of the
    corpus, a file too large) before its bytes are looked up. Raises CorpusError like it."""
    data = corpus.catalog_bytes(root, name)
    return kept(data, f"catalog {name}", lambda: corpus.parse_catalog(data, name))
