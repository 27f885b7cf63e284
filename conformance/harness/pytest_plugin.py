"""The pytest plugin (entry point `pytest11`, loaded by pytest wherever the kit is installed):
certify an evaluator inside a test suite.

    pytest --oasis-si-candidate './my-evaluator --stdio' [--oasis-si-edition NAME] [-k ...]

collects one test item per selected vector, its id as the test name (`oasis-si::ID`; pytest's
`-k` matches the id, the family, the operation and the clauses). The candidate runs once for
the whole pytest run, on the items left after pytest's own selection, through the command
line's run (api.certify_arguments: the same sessions, judge and diagnosis); each item then
reports its vector's verdict:

- a failed vector fails its item with the diagnosis (the known misreading that explains it,
  or its clause), expected against actual, the `explain` command and the input;
- an ambiguity vector the answer fits passes, and records the readings it fits
  (`user_properties`: `oasis-si.reading`, written to pytest's JUnit XML as properties);
- a convention difference is an expected failure (xfail), never a plain pass (`--strict` in
  `--oasis-si-options` fails it);
- a vector the candidate does not declare is skipped, saying why.

The command is split into words by `shlex.split` and run as an argument vector, never by a
shell. Without `--oasis-si-candidate` the plugin adds nothing. It runs the candidate in the
pytest process: under pytest-xdist every worker would run its own, so run it with `-n 0` (or
`-p no:xdist`).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from typing import Any, Final

import pytest

#: The stash key of the run shared by every item.
_RUN: Final = pytest.StashKey["SharedRun"]()
#: The collector that holds the vectors' items (the first part of each node id).
NODE: Final = "oasis-si"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("oasis-si", "OASIS SI conformance (oasis-si-conformance-kit)")
    group.addoption(
        "--oasis-si-candidate",
        metavar="'CMD ARGS'",
        help="certify this evaluator: one test per vector (split by shlex, never a shell)",
    )
    group.addoption(
        "--oasis-si-edition",
        metavar="NAME",
        help="the edition of the text to certify against (oasis-si-conformance --edition)",
    )
    group.addoption(
        "--oasis-si-select",
        action="append",
        default=[],
        metavar="EXPR",
        help="the kit's own selection before pytest's -k (oasis-si-conformance -k: id, "
        "clause, family, operation, entry, input:TEXT); repeatable",
    )
    group.addoption(
        "--oasis-si-vectors", metavar="DIR", help="the corpus folder (default: the bundled one)"
    )
    group.addoption(
        "--oasis-si-options",
        default="",
        metavar="'OPTIONS'",
        help="further options of oasis-si-conformance, e.g. '--jobs 2 --report r.json "
        "--baseline last.record'",
    )


def _argv(config: pytest.Config) -> list[str]:
    """The command line's options the pytest options name."""
    argv = [word for term in config.getoption("oasis_si_select") for word in ("-k", term)]
    edition = config.getoption("oasis_si_edition")
    if edition:
        argv += ["--edition", edition]
    vectors = config.getoption("oasis_si_vectors")
    if vectors:
        argv += ["--vectors", vectors]
    return argv + shlex.split(config.getoption("oasis_si_options"))


class SharedRun:
    """The one certification of a pytest run, made when the first item runs, over the items
    pytest kept."""

    def __init__(self, command: list[str], argv: list[str]) -> None:
        self.command = command
        self.argv = argv
        self.items: list[VectorItem] = []
        self.certificate: Any = None  # api.Certificate, once run
        self.error: str | None = None

    def result(self, session: pytest.Session) -> Any:
        """The certificate (api.Certificate), certifying the kept items on first call."""
        if self.certificate is None and self.error is None:
            from oasis_si_conformance.harness import api

            kept = {item.name for item in session.items if isinstance(item, VectorItem)}
            try:
                self.certificate = api.certify_arguments(self.command, self.argv, kept)
            except api.CertificationError as error:
                self.error = str(error)
        if self.error is not None:
            raise CertificationFailed(self.error)
        return self.certificate


class CertificationFailed(Exception):
    """The certification could not run (a bad option, a candidate that cannot start)."""


class VectorFailed(Exception):
    """A vector the candidate failed: the text says why and how to look closer."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    """Add an item per selected vector, before pytest's -k deselects."""
    candidate = config.getoption("oasis_si_candidate")
    if not candidate:
        return
    from oasis_si_conformance.harness import api

    command = shlex.split(candidate)
    if not command:
        raise pytest.UsageError("--oasis-si-candidate: an empty command")
    argv = _argv(config)
    try:
        vectors = api.selected(argv)
    except api.CertificationError as error:
        raise pytest.UsageError(f"--oasis-si-candidate: {error}") from None
    config.stash[_RUN] = SharedRun(command, argv)
    corpus = Corpus.from_parent(session, name=NODE, nodeid=NODE)
    items += [
        VectorItem.from_parent(
            corpus,
            name=vector.id,
            keywords=(vector.family, vector.operation, *vector.clauses),
        )
        for vector in vectors
    ]


class Corpus(pytest.Collector):
    """The parent node of the vectors' items (their ids start `oasis-si::`)."""

    def collect(self) -> Iterator[pytest.Item]:  # items are made by the hook above
        return iter(())


class VectorItem(pytest.Item):
    """One vector: its verdict from the shared run."""

    def __init__(self, *, keywords: tuple[str, ...] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.extra_keyword_matches.update(keywords)

    def runtest(self) -> None:
        from oasis_si_conformance.model import Status

        shared = self.config.stash[_RUN]
        certificate = shared.result(self.session)
        result = certificate.results.get(self.name)
        if result is None:
            raise CertificationFailed(f"{self.name} was not certified")
        entry = _entry(certificate.report, self.name)
        if entry["ambiguity"] and result.readings is not None:
            self.user_properties.append(("oasis-si.entry", entry["ambiguity"]))
            self.user_properties.append(("oasis-si.reading", " / ".join(result.readings)))
        if result.status == Status.FAILED:
            raise VectorFailed(failure_text(certificate.report, entry))
        if result.status == Status.CONVENTION:
            from oasis_si_conformance.reporting.render import convention_text

            text = "convention difference: " + convention_text(entry)
            self.user_properties.append(("oasis-si.convention", text))
            if certificate.report["strict"]:
                raise VectorFailed(text + " (failing: --strict)")
            pytest.xfail(text)
        if result.status == Status.NOT_EXERCISED:
            pytest.skip(result.reason)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, VectorFailed | CertificationFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, f"{NODE}::{self.name}"


def _entry(report: dict[str, Any], vector_id: str) -> dict[str, Any]:
    return next(vector for vector in report["vectors"] if vector["id"] == vector_id)


def failure_text(report: dict[str, Any], vector: dict[str, Any]) -> str:
    """A failed vector's item text: the diagnosis first, then the failure as JUnit words it
    (render.failure_body: clauses, source, message, expected and actual, explain, input)."""
    from oasis_si_conformance.reporting import render, reportview

    diagnosis = report["diagnosis"]
    cause = next(
        (
            f"diagnosis: {signature['description']} (clause {signature['clause']})"
            for signature in diagnosis["signatures"]
            if vector["id"] in signature["vectors"]
        ),
        f"diagnosis: no known signature explains it (clause {vector['clause']})",
    )
    if diagnosis.get("edition_fit"):
        cause += "\n" + diagnosis["edition_fit"]["message"]
    entries = {entry["entry"]: entry for entry in report["interpretation"]}
    seen = reportview.expectation(vector, entries, limit=400)
    detail = [
        line
        for line in render.failure_body(report, vector)
        if not line.startswith(("expected: ", "readings: ", "actual: "))
    ]
    lines = [
        f"{vector['id']}: {vector['failure']['kind']}",
        cause,
        f"expected: {seen.expected}",
        f"actual:   {seen.actual}",
        *detail,
    ]
    return reportview.printable("\n".join(lines))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The run's headline, its interpretation profile and its baseline gate, once."""
    shared = config.stash.get(_RUN, None)
    if shared is None or shared.certificate is None:
        return
    from oasis_si_conformance.reporting import render, reportview

    report = shared.certificate.report
    terminalreporter.section("oasis-si conformance")
    lines = [report["headline"]]
    if report["interpretation"]:
        lines.append("interpretation profile (register entry: reading followed):")
        lines += render.interpretation_lines(report["interpretation"], reportview.probes(report))
    if report.get("baseline"):
        lines += render.baseline_lines(report["baseline"])
    for line in lines:
        terminalreporter.write_line(reportview.printable(line))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A baseline gate tripped (`--baseline` in --oasis-si-options) fails the pytest run, as
    it fails the command line's."""
    shared = session.config.stash.get(_RUN, None)
    if shared is None or shared.certificate is None:
        return
    if shared.certificate.gate_tripped and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
