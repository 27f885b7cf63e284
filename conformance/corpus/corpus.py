"""The vector corpus: loading, schema validation with file:line errors, and digests.

Vector files are YAML (format 1, schemas/vectors.schema.json) under vectors/, organised by
clause folder. Data only. A malformed file is reported by path and line; loading never stops
at the first bad file when asked to collect every problem.
"""

import hashlib
import json
import os
import stat
from enum import StrEnum
from pathlib import Path
from typing import Any, Final

import attrs
import yaml

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_schemas import error_message, most_specific, validator

#: Files in vectors/ that are not vector files.
CATALOG_FILES = (
    "register.yaml",
    "flags.yaml",
    "clauses.yaml",
    "signatures.yaml",
    "editions.yaml",
    "conventions.yaml",
)
MANIFEST = "MANIFEST.json"
#: The folder of vectors/ that holds register data files (schemas/register-data.schema.json),
#: the code points where an entry's readings differ: data, not vectors.
DATA_FOLDER = "data"


class Expectation(StrEnum):
    """The three kinds of expectation a vector can state (see vectors/conventions.yaml)."""

    #: The seed's text decides the outcome (`expected`).
    NORMATIVE = "normative"
    #: An open point of the register decides it (`ambiguity` and `readings`).
    AMBIGUITY = "ambiguity"
    #: Only a convention of the kit decides it (`expected` with `convention`).
    CONVENTION = "convention"


@attrs.frozen
class Vector:
    """One golden vector: exactly one of `expected` (normative, or with `convention` a
    convention vector) or `ambiguity` with `readings`, for the default edition; `editions`
    holds the expectation under an edition where it differs (see `for_edition`)."""

    id: str
    clauses: tuple[str, ...]
    operation: str
    description: str
    input: dict[str, Any]
    flags: tuple[str, ...] = ()
    expected: dict[str, Any] | None = None
    ambiguity: str | None = None
    readings: dict[str, dict[str, Any]] | None = None
    convention: str | None = None
    probe: str | None = None
    #: An ambiguity vector's outcomes under another entry's readings where they differ from
    #: `readings` (stated under that entry's reference reading): entry -> its reading -> this
    #: vector's entry's reading -> outcome (register `joint_with`; ratify reads it).
    joint: dict[str, dict[str, dict[str, Any]]] | None = None
    editions: dict[str, dict[str, Any]] = attrs.field(factory=dict)
    family: str = ""
    source: str = ""  # "path:line" of the vector in its file

    @property
    def normative(self) -> bool:
        return self.expected is not None and self.convention is None

    @property
    def kind(self) -> Expectation:
        if self.readings is not None:
            return Expectation.AMBIGUITY
        if self.convention is not None:
            return Expectation.CONVENTION
        return Expectation.NORMATIVE

    def for_edition(self, edition: str) -> "Vector":
        """This vector as it reads under `edition`: its `editions` block for that edition
        replaces its own expectation (and its `joint` outcomes, stated beside its own);
        without one, it is unchanged."""
        block = self.editions.get(edition)
        if block is None:
            return self
        return attrs.evolve(
            self,
            expected=block.get("expected"),
            ambiguity=block.get("ambiguity"),
            readings=block.get("readings"),
            convention=block.get("convention"),
            joint=None,
        )


class CorpusError(Exception):
    """A problem with a corpus file, located by `path:line`."""

    def __init__(self, location: str, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


def vectors_root() -> Path:
    """The bundled vectors/ folder: the first real folder on oasis_si_vectors' __path__.

    oasis_si_vectors is a namespace package (data only, no __init__.py), so
    importlib.resources.files() does not name a folder: installed from a wheel it answers a
    MultiplexedPath, and under an editable install, whose __path__ also holds setuptools'
    path-hook placeholder, it raises NotADirectoryError.
    """
    import oasis_si_vectors

    for entry in oasis_si_vectors.__path__:
        if Path(entry).is_dir():
            return Path(entry)
    raise FileNotFoundError(f"no folder on oasis_si_vectors.__path__: {oasis_si_vectors.__path__}")


def yaml_files(root: Path) -> list[Path]:
    """Every YAML file under `root` (vector and catalog files), in a stable order. Raises
    CorpusError at an entry a corpus cannot hold (`screen_folder`): nothing is read first."""
    screen_folder(root)
    return sorted(root.rglob("*.yaml"))


def screen_folder(root: Path) -> None:
    """Raise CorpusError naming the first entry under `root` that a corpus cannot hold: a name
    that is not UTF-8 (shown with its bytes as \\xNN) or that holds a character a terminal
    would not show as itself (shown escaped, `path_text`), a symbolic link (to a file or a folder)
    whose target is outside `root` (or missing), or anything but a folder or a regular file (a
    FIFO would block its reader forever, a device never end). A corpus is one folder of files,
    read as a whole."""
    base = root.resolve()
    for folder, folders, names in sorted(os.walk(root)):
        for name in sorted(folders + names):
            path = Path(folder, name)
            relative = path_text(path.relative_to(root))
            if not _utf8(name):
                raise CorpusError(f"{relative}:1", "a file name that is not UTF-8; rename it")
            if not name.isprintable():
                raise CorpusError(
                    f"{relative}:1",
                    "a file name holding a control, line-break or formatting character; rename it",
                )
            if path.is_symlink() and not _inside(path, base):
                raise CorpusError(
                    f"{relative}:1",
                    "a symbolic link to outside the corpus folder; a corpus holds its own files",
                )
            kind = _kind(path)
            if kind is not None:
                raise CorpusError(
                    f"{relative}:1", f"{kind}, not a regular file; a corpus holds files and folders"
                )


def path_text(path: Path) -> str:
    """A path as a message shows it: bytes that are not UTF-8 as \\xNN, and every character
    that is not printable (controls, newlines, line separators, bidirectional formatting) as
    its escape, so that a file's name is one line of visible text. (This layer sits below
    safetext, which words candidate text the same way.)"""
    text = os.fsencode(path.as_posix()).decode("utf-8", "backslashreplace")
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


def _utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # os.walk's surrogate escapes of the bytes that are not UTF-8
        return False
    return True


def _kind(path: Path) -> str | None:
    """What `path` (its target, for a link) is when neither a folder nor a regular file."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # gone meanwhile, or a dangling link inside the corpus: read as missing
    if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _inside(path: Path, base: Path) -> bool:
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):  # a dangling or looping link
        return False
    return target == base or base in target.parents


def vector_files(root: Path) -> list[Path]:
    """Every vector file under `root`, in a stable order."""
    return [
        path
        for path in yaml_files(root)
        if path.relative_to(root).as_posix() not in CATALOG_FILES
        and path.relative_to(root).parts[0] != DATA_FOLDER
    ]


def load_file(path: Path, root: Path) -> list[Vector]:
    """Load and validate one vector file. Raises CorpusError naming `path:line`."""
    relative = path.relative_to(root).as_posix()
    text = _read_text(path, relative)
    try:
        document, tree = yamlsafe.load_with_tree(text)
    except yamlsafe.Refused as error:
        raise CorpusError(f"{relative}:{error.line}", str(error.problem)) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        raise CorpusError(f"{relative}:{line}", f"not valid YAML: {error}") from None
    problem = next(iter(validator("vectors").iter_errors(document)), None)
    if problem is not None:
        line = yamlsafe.node_line(tree, list(most_specific(problem).absolute_path), at="key")
        raise CorpusError(f"{relative}:{line}", error_message(problem))
    lines = [
        yamlsafe.node_line(tree, ["vectors", i], at="key") for i in range(len(document["vectors"]))
    ]
    return [
        vector_from_record(raw, document["family"], f"{relative}:{line}")
        for raw, line in zip(document["vectors"], lines, strict=True)
    ]


def _read_text(path: Path, relative: str) -> str:
    data = read_bytes(path, relative)
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise CorpusError(
            f"{relative}:{line}", "vector files are ASCII; write other code points as \\u escapes"
        ) from None
    if "\r" in text or "\t" in text:
        line = text[: min(i for i in (text.find("\r"), text.find("\t")) if i >= 0)].count("\n") + 1
        raise CorpusError(
            f"{relative}:{line}", "raw CR or TAB in a vector file; escape it in a quoted string"
        )
    return text


def read_bytes(path: Path, relative: str) -> bytes:
    """A corpus file's bytes; CorpusError when it is larger than a YAML text may be, or not a
    regular file (opened without blocking and checked as opened: a FIFO put in its place after
    the folder was screened is refused, never waited on)."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as opened:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise CorpusError(
                f"{path_text(Path(relative))}:1",
                "not a regular file; a corpus holds files and folders",
            )
        if status.st_size > yamlsafe.MAX_BYTES:
            raise CorpusError(
                f"{relative}:1",
                f"over {yamlsafe.MAX_BYTES} bytes, the most a corpus file may hold",
            )
        return opened.read()


#: The keys of a vector record in the order files hold them (schemas/vectors.schema.json).
#: An optional key is left out when its value is None (flags: when empty). A new optional key
#: is one entry here and one keyword of `vector_record`.
RECORD_KEYS: Final = (
    "id",
    "clauses",
    "operation",
    "description",
    "flags",
    "probe",
    "input",
    "expected",
    "convention",
    "ambiguity",
    "readings",
    "joint",
    "editions",
)


def vector_record(
    vector_id: str,
    clauses: list[str],
    operation: str,
    description: str,
    params: dict[str, Any],
    *,
    flags: list[str] | None = None,
    expected: dict[str, Any] | None = None,
    ambiguity: str | None = None,
    readings: dict[str, Any] | None = None,
    convention: str | None = None,
    probe: str | None = None,
    joint: dict[str, Any] | None = None,
    editions: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One vector record as files hold it: `expected` for a normative vector, `ambiguity` and
    `readings` for an ambiguity vector, neither for a stub whose outcome is still to write.

    Values are used as given, not copied: a generator that shares one object between vectors
    writes it once, as a YAML alias."""
    values: dict[str, Any] = {
        "id": vector_id,
        "clauses": clauses,
        "operation": operation,
        "description": description,
        "flags": flags or None,
        "input": params,
        "expected": expected,
        "ambiguity": ambiguity,
        "readings": readings,
        "convention": convention,
        "probe": probe,
        "joint": joint or None,
        "editions": editions or None,
    }
    return {key: values[key] for key in RECORD_KEYS if values[key] is not None}


def vector_from_record(raw: dict[str, Any], family: str, source: str) -> Vector:
    """A Vector from one schema-valid vector record (a file entry, or a generated case)."""
    return Vector(
        id=raw["id"],
        clauses=tuple(raw["clauses"]),
        operation=raw["operation"],
        description=raw["description"],
        input=raw["input"],
        flags=tuple(raw.get("flags", ())),
        expected=raw.get("expected"),
        ambiguity=raw.get("ambiguity"),
        readings=raw.get("readings"),
        convention=raw.get("convention"),
        probe=raw.get("probe"),
        joint=raw.get("joint"),
        editions=raw.get("editions", {}),
        family=family,
        source=source,
    )


def load_corpus(root: Path | None = None) -> list[Vector]:
    """Every vector of the corpus. Raises the first CorpusError met (see `check_files`),
    and at a vector id given twice (results are kept by id)."""
    root = root or vectors_root()
    vectors = [vector for path in vector_files(root) for vector in load_file(path, root)]
    refuse_duplicate_ids(vectors)
    return vectors


def refuse_duplicate_ids(vectors: list[Vector]) -> None:
    """Raise CorpusError at the second vector of an id."""
    first: dict[str, str] = {}
    for vector in vectors:
        if vector.id in first:
            raise CorpusError(
                vector.source, f"duplicate vector id {vector.id} (first at {first[vector.id]})"
            )
        first[vector.id] = vector.source


def check_files(root: Path) -> tuple[list[Vector], list[CorpusError]]:
    """Load every file, collecting every file's error instead of stopping at the first."""
    vectors: list[Vector] = []
    errors: list[CorpusError] = []
    try:
        paths = vector_files(root)
    except CorpusError as error:  # a link out of the corpus: nothing under it is read
        return vectors, [error]
    for path in paths:
        try:
            vectors.extend(load_file(path, root))
        except CorpusError as error:
            errors.append(error)
    return vectors, errors


def load_catalog(name: str, root: Path | None = None) -> Any:
    """A catalog file of vectors/ (register.yaml, flags.yaml, clauses.yaml, signatures.yaml)."""
    root = root or vectors_root()
    return read_catalog(root, name)


def read_catalog(root: Path, name: str) -> Any:
    """A catalog file's document. Raises CorpusError naming `name:line` when it is a link out
    of the corpus, too large, not ASCII, or YAML the loader refuses."""
    return parse_catalog(catalog_bytes(root, name), name)


def catalog_bytes(root: Path, name: str) -> bytes:
    """A catalog file's bytes (`read_catalog`'s screening: a link out of the corpus, a file too
    large or no regular file raises CorpusError)."""
    path = root / name
    if path.is_symlink() and not _inside(path, root.resolve()):
        raise CorpusError(f"{name}:1", "a symbolic link to outside the corpus folder")
    return read_bytes(path, name)


def parse_catalog(data: bytes, name: str) -> Any:
    """The document of catalog `name` holding `data` (`read_catalog`)."""
    try:
        return yamlsafe.load(data.decode("ascii"))
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise CorpusError(f"{name}:{line}", "catalog files are ASCII") from None
    except yamlsafe.Refused as error:
        raise CorpusError(f"{name}:{error.line}", str(error.problem)) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        raise CorpusError(f"{name}:{line}", f"not valid YAML: {error}") from None


# Digests ------------------------------------------------------------------------------------


def file_digests(root: Path) -> dict[str, str]:
    """sha256 of every corpus file (vector and catalog files), by path relative to `root`."""
    digests = {}
    for path in yaml_files(root):
        relative = path.relative_to(root).as_posix()
        digests[relative] = hashlib.sha256(read_bytes(path, relative)).hexdigest()
    return digests


def corpus_digest(digests: dict[str, str]) -> str:
    """One digest over the whole corpus: sha256 of the sorted `path  sha256` lines."""
    lines = "".join(f"{path}  {digest}\n" for path, digest in sorted(digests.items()))
    return "sha256:" + hashlib.sha256(lines.encode("utf-8")).hexdigest()


def build_manifest(root: Path) -> dict[str, Any]:
    digests = file_digests(root)
    return {"profile": "0.3.0-rc1", "corpus_digest": corpus_digest(digests), "files": digests}


def read_manifest(root: Path | None = None) -> dict[str, Any]:
    root = root or vectors_root()
    return json.loads((root / MANIFEST).read_text(encoding="utf-8"))


def write_manifest(root: Path) -> dict[str, Any]:
    manifest = build_manifest(root)
    (root / MANIFEST).write_text(
        json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    return manifest


def required_template(vector: Vector) -> str | None:
    """The template a score_scenario vector exercises: its archetype_template when that names a
    template of the profile, `composite` for a composite block, else None (binding errors that
    any candidate must report)."""
    if vector.operation != "score_scenario":
        return None
    scoring = vector.input.get("scenario", {}).get("scoring")
    if not isinstance(scoring, dict):
        return None
    if "composite" in scoring and "archetype_template" not in scoring:
        return "composite"
    if scoring.get("archetype_template") == "C-DA-001":
        return "C-DA-001"
    return None
