"""Helpers for the corpus tests: the real corpus loaded once, and throw-away corpora.

A throw-away corpus is a vectors folder under tmp_path with ASCII copies of the real catalogs
(clauses, register, flags) and whatever vector files a test writes, so each test can break one
rule and show that the checker reports it at the right file and line.
"""

import copy
import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.editing import checks, filecheck
from oasis_si_conformance.editing.checks import Context, Problem
from tools.corpusrules import Repository, check_repository, rulebook

REPO = Path(__file__).resolve().parents[2]
VECTORS = REPO / "vectors"
LEDGER = REPO / "tools" / "specmap" / "ledger.yaml"


@pytest.fixture(scope="session")
def real_ctx() -> Context:
    """The repository's corpus, loaded once, through the run's cache (each file's part and
    catalog kept by its bytes and the kit's source: filecheck.cached_context)."""
    return filecheck.cached_context(VECTORS)


def problems(ctx: Context, rule: str) -> list[Problem]:
    """The problems of a rule of the repository's rulebook (shipped and repository-only)."""
    return checks.check_context(ctx, [rule], rulebook())


def report(found: Sequence[Problem]) -> str:
    """The failure message of a rule test: one `path:line: message` per problem."""
    return "\n" + "\n".join(str(problem) for problem in found)


def assert_none(found: Sequence[Problem]) -> None:
    """Fail with one `path:line: message [rule]` line per problem."""
    if found:
        pytest.fail(f"{len(found)} problems:{report(found)}", pytrace=False)


def real_catalog(name: str) -> Any:
    return yamlsafe.load((VECTORS / name).read_text(encoding="utf-8"))


@functools.cache
def real_catalog_written(name: str) -> str:
    """A real catalog as `TempCorpus.write_catalog` writes it (ASCII YAML), written once per
    process: the YAML writer takes a fifth of a second for the register, which every throw-away
    corpus holds."""
    return yamlsafe.dump(real_catalog(name))


SEED_FILE = "5.1-c-da-001/seed-examples.yaml"


def seed_vectors() -> list[dict[str, Any]]:
    """The seed's worked examples as plain records (always present in the corpus)."""
    return copy.deepcopy(
        yamlsafe.load((VECTORS / SEED_FILE).read_text(encoding="ascii"))["vectors"]
    )


def seed_vector(vid: str) -> dict[str, Any]:
    return next(vector for vector in seed_vectors() if vector["id"] == vid)


class TempCorpus:
    """A vectors folder under tmp_path that tests fill and break."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True)
        for name in ("clauses.yaml", "register.yaml", "editions.yaml", "conventions.yaml"):
            (root / name).write_text(real_catalog_written(name), encoding="ascii")
        self.write_catalog(
            "flags.yaml",
            {"flags": {"seed-example": "The case is one of the seed's own worked examples."}},
        )
        for data in (VECTORS / corpus.DATA_FOLDER).glob("*.yaml"):  # register data files
            self.write_text(f"{corpus.DATA_FOLDER}/{data.name}", data.read_text(encoding="ascii"))

    def write_catalog(self, name: str, document: Any) -> Path:
        path = self.root / name
        path.write_text(yamlsafe.dump(document), encoding="ascii")
        return path

    def write(self, relative: str, vectors: list[dict[str, Any]], **header: Any) -> Path:
        """A vector file holding `vectors` (written as the generators write, ASCII)."""
        document = {
            "format": 1,
            "family": header.pop("family", "tests"),
            "description": "test vectors",
            **header,
        }
        document["vectors"] = vectors
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yamlsafe.dump(document), encoding="ascii")
        return path

    def write_text(self, relative: str, text: str) -> Path:
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        return path

    def line(self, relative: str, needle: str, occurrence: int = 1) -> int:
        """The 1-based line of the `occurrence`-th line containing `needle` in a file."""
        lines = (self.root / relative).read_text(encoding="utf-8").splitlines()
        hits = [number for number, line in enumerate(lines, start=1) if needle in line]
        return hits[occurrence - 1]

    def repository(self, ledger: Path = LEDGER) -> Repository:
        """This corpus as a checkout's: SPEC_MAP.md beside it, the real ledger by default."""
        return Repository(self.root, self.root.parent / "SPEC_MAP.md", ledger)

    def check(self, rule: str, ledger: Path = LEDGER) -> list[Problem]:
        """A shipped rule as `oasis-si-vectors check` runs it; a repository-only rule as
        `python -m tools.check` does, with this corpus as the checkout's."""
        if rule in checks.RULES:
            return checks.check_corpus(self.root, rules=[rule])
        return check_repository(self.repository(ledger), [rule])

    def write_manifest(self) -> None:
        corpus.write_manifest(self.root)


@pytest.fixture
def temp_corpus(tmp_path: Path) -> TempCorpus:
    return TempCorpus(tmp_path / "vectors")


@pytest.fixture
def seeded(temp_corpus: TempCorpus) -> TempCorpus:
    """A throw-away corpus holding the seed examples."""
    temp_corpus.write(SEED_FILE, seed_vectors(), family="seed-examples")
    return temp_corpus


def at(found: Sequence[Problem], path: Path, line: int) -> list[Problem]:
    """The problems located at path:line."""
    return [problem for problem in found if problem.file == path and problem.line == line]


Builder = Callable[..., dict[str, Any]]


def identifier_vector(
    vid: str, text: str, identifier: str, match: bool, **extra: Any
) -> dict[str, Any]:
    record = {"id": vid, "clauses": ["3.1"], "operation": "identifier_match", "description": "test"}
    record.update(extra)
    record["input"] = {"text": text, "identifier": identifier}
    record["expected"] = {"match": match}
    return record
