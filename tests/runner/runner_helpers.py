"""Helpers and fixtures of the runner tests: the fixture corpus, the zoo, and an in-process
runner call. Imported by name (several test folders have a conftest.py)."""

import json
import os
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

from oasis_si_conformance import cli

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
ZOO = HERE / "zoo"
#: The fixture vector the zoo candidates misbehave on (its text is zoo/_zoo.py TRIGGER).
TRIGGER = "rt-ident-plain"


def zoo(name: str, *args: str) -> list[str]:
    return [sys.executable, str(ZOO / f"{name}.py"), *args]


@attrs.frozen
class Run:
    code: int
    out: str
    err: str
    report: dict[str, Any] | None

    def vector(self, vector_id: str) -> dict[str, Any]:
        assert self.report is not None
        return next(v for v in self.report["vectors"] if v["id"] == vector_id)

    def statuses(self) -> dict[str, str]:
        assert self.report is not None
        return {v["id"]: v["status"] for v in self.report["vectors"]}


@pytest.fixture(scope="session")
def session_corpus_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One corpus cache for the whole session: each corpus (the fixture corpus, the bundled
    one) is parsed once, then read from its entry. The key covers the corpus's every byte and
    the loader's source, so no test can read another corpus's entry; the cache's own tests
    use a folder of their own (private_corpus_cache). The run's cache (tests/conftest.py) when
    there is one, shared by every worker; else a folder of this session's."""
    shared = os.environ.get("OASIS_SI_CACHE")
    return Path(shared) if shared else tmp_path_factory.mktemp("corpus-cache")


@pytest.fixture(autouse=True)
def corpus_cache_dir(session_corpus_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The runs' corpus cache: the session's, never the user's."""
    monkeypatch.setenv("OASIS_SI_CACHE", str(session_corpus_cache))
    return session_corpus_cache


@pytest.fixture
def private_corpus_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty corpus cache of this test alone (for tests of the cache itself)."""
    path = tmp_path / "cache"
    monkeypatch.setenv("OASIS_SI_CACHE", str(path))
    return path


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """ZOO_STATE: where zoo candidates leave traces."""
    path = tmp_path / "zoo-state"
    monkeypatch.setenv("ZOO_STATE", str(path))
    return path


@pytest.fixture
def certify(tmp_path: Path, capsys: pytest.CaptureFixture[str], state: Path):
    """Run the CLI in-process on the fixture corpus (unless --vectors is given) with a small
    timeout, a fixed seed and 2 repetitions (fewer processes: faster); returns a Run with the
    parsed JSON report. Later options override these."""
    counter = iter(range(1000))

    def call(*args: str, command: list[str] | None = None, corpus: Path | None = CORPUS) -> Run:
        report = tmp_path / f"report-{next(counter)}.json"
        argv = [
            "--report",
            str(report),
            "--timeout",
            "5",
            "--seed",
            "7",
            "--repetitions",
            "2",
            *args,
        ]
        if corpus is not None and "--vectors" not in args:
            argv = ["--vectors", str(corpus), *argv]
        if command is not None:
            argv += ["--", *command]
        try:
            code = cli.main(argv)
        except SystemExit as exit_:  # argparse
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        document = json.loads(report.read_text(encoding="utf-8")) if report.exists() else None
        return Run(code, captured.out, captured.err, document)

    return call
