"""A cache of what the generators compute, keyed by digests of everything they read.

`python -m tools.vectorgen` and `python -m tools.mutants.signatures` take minutes; most runs
follow an edit that changes none of their inputs (a hand-written vector, a test). Each keeps
its results here under a key that is a sha256 over its inputs: the source of the repository
modules it runs (`import_closure`: the module's own file and every repository module it
imports, followed through the import statements), the kit it imports (every module of
conformance/ and reference/, every schema), the corpus files it reads, the versions of Python
and of the YAML library that writes the files. A changed byte in any input is another key, so
an entry is never read for inputs other than its own: a changed generator is run again and
its drift reported. Entries are JSON in $OASIS_SI_CACHE/tools (else the checkout's .cache/,
which git ignores); an unreadable or corrupt entry is computed afresh.
"""

import ast
import functools
import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Final

import yaml

REPO: Final = Path(__file__).resolve().parents[1]
#: The kit's own packages and schemas: what every tool imports or reads through the kit.
KIT: Final = ("conformance", "reference", "schemas")
#: Entries kept per kind (the newest).
KEEP: Final = 200


def cache_dir() -> Path:
    configured = os.environ.get("OASIS_SI_CACHE")
    return Path(configured) / "tools" if configured else REPO / ".cache"


def module_file(name: str) -> Path | None:
    """The file of a repository module (`tools.vectorgen.window`), or None for one outside
    tools/ (the kit's packages are digested whole, see KIT)."""
    if name != "tools" and not name.startswith("tools."):
        return None
    base = REPO.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@functools.lru_cache(maxsize=1024)
def _imported(path: Path, package: str, stamp: int) -> tuple[str, ...]:
    """The module names a file's import statements name (relative ones resolved), each with
    the packages on its way (their __init__ runs first). `stamp`: the file's mtime."""
    return tuple(_import_names(path, package))


def _import_names(path: Path, package: str) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                stem = f"{base}.{node.module}" if node.module else base
            else:
                stem = node.module or ""
            names = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            yield from (".".join(parts[:end]) for end in range(1, len(parts) + 1))



def import_closure(*modules: str) -> list[Path]:
    """The files of the repository modules `modules` run: their own and those they import,
    transitively (an import inside a function counts too)."""
    seen: dict[str, Path] = {}
    todo = list(modules)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = module_file(name)
        if path is None:
            continue
        seen[name] = path
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = _imported(path, package, path.stat().st_mtime_ns)
        todo += [name for name in found if name not in seen]
    return sorted(set(seen.values()))


@functools.cache
def kit_digest() -> str:
    """The kit every tool imports: conformance/, reference/ and schemas/, file by file; the
    versions of Python and PyYAML."""
    paths = [p for folder in KIT for p in (REPO / folder).rglob("*") if _digested(p)]
    return digest(paths, f"{sys.version} yaml {yaml.__version__}")


def _digested(path: Path) -> bool:
    return path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts


def digest(paths: Iterable[Path], *extra: str) -> str:
    """sha256 over the files (by path relative to the checkout, then bytes) and `extra`."""
    hasher = hashlib.sha256()
    for text in extra:
        hasher.update(text.encode("utf-8") + b"\0")
    for path in sorted(set(paths)):
        name = path.relative_to(REPO) if path.is_relative_to(REPO) else path
        hasher.update(name.as_posix().encode("utf-8") + b"\0")
        hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()


def _entry(kind: str, key: str) -> Path:
    return cache_dir() / f"{kind}-{key[:40]}.json"


def load(kind: str, key: str) -> Any | None:
    """The value stored for `key`, or None."""
    path = _entry(kind, key)
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
        os.utime(path)
    except (OSError, ValueError):
        return None
    if not isinstance(value, dict) or value.get("key") != key:
        return None
    return value.get("value")


def store(kind: str, key: str, value: Any) -> None:
    """Keep `value` (JSON) for `key`; silently nothing when the cache cannot be written."""
    path = _entry(kind, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"key": key, "value": value}), encoding="utf-8")
        os.replace(temporary, path)
        entries = sorted(
            path.parent.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for stale in entries[KEEP:]:
            stale.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError):
        pass
