"""A cache of the loaded corpus, so that a second certification does not parse and validate
thousands of YAML vectors again (seconds) when nothing changed.

The key covers everything the loaded vectors depend on: the digest of every vector file
(corpus.build_manifest; a catalog such as signatures.yaml, which the loader does not read, is
no part of it), the source of the loader (corpus.py, yamlsafe.py), the vector schema,
the kit and Python versions. A changed byte in any of them is a new key, so a stale entry is never
read. Entries are JSON (never pickle) in $OASIS_SI_CACHE, else $XDG_CACHE_HOME/oasis-si-
conformance, else ~/.cache/oasis-si-conformance; the newest few are kept. Any problem with
the cache (unwritable, corrupt) falls back to loading the corpus, silently.
"""

import hashlib
import json
import os
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

import cattrs

from oasis_si_conformance import __version__
from oasis_si_conformance.corpus import corpus, yamlsafe

KEEP: Final = 4
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
        return [_CONVERTER.structure(item, corpus.Vector) for item in raw]
    except (OSError, ValueError, TypeError, KeyError, cattrs.BaseValidationError):
        pass
    vectors = corpus.load_corpus(root)
    _store(path, vectors)
    return vectors


def _store(path: Path, vectors: list[corpus.Vector]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(
            json.dumps([_CONVERTER.unstructure(v) for v in vectors]), encoding="utf-8"
        )
        os.replace(temporary, path)
        entries = sorted(
            path.parent.glob("corpus-*.json"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for stale in entries[KEEP:]:
            stale.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError):
        pass
