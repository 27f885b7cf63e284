"""The Python API (`from oasis_si_conformance import certify`): the command line's run, from
Python, returning a Certificate."""

import os
import sys
from pathlib import Path

import pytest
from runner_helpers import CORPUS, TRIGGER, zoo

import oasis_si_conformance
from oasis_si_conformance import Certificate, CertificationError, certify
from oasis_si_conformance.harness import api
from oasis_si_conformance.model import Status
from oasis_si_conformance.reporting.report import check


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's console scripts (oasis-si-reference) on PATH, as an installed kit has them."""
    bin_dir = str(Path(sys.executable).parent)
    monkeypatch.setenv("PATH", bin_dir + os.pathsep + os.environ.get("PATH", ""))


def test_certify_is_exported_lazily() -> None:
    from oasis_si_conformance.harness import api

    assert certify is api.certify and Certificate is api.Certificate
    assert "certify" in oasis_si_conformance.__all__
    with pytest.raises(AttributeError):
        oasis_si_conformance.no_such_name  # noqa: B018


def test_the_bundled_reference_on_a_selection_is_conformant(on_path, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    certificate = certify(
        ["oasis-si-reference"], select=["seed-examples"], repetitions=1, report=report
    )
    assert certificate.conformant is True and certificate.exit_status == 0
    assert certificate.counts.passed == certificate.counts.total == 4
    assert set(certificate.results) == {
        "seed-smtp-port-lowercase-matches",
        "seed-smtp-port-old-does-not-match",
        "seed-something-wrong-scores-half",
        "seed-manifest-dump-is-not-a-finding",
    }
    assert all(r.status == Status.PASSED for r in certificate.results.values())
    assert certificate.report["candidate"]["command"] == ["oasis-si-reference"]
    assert certificate.report["corpus"]["selection"] == ["seed-examples"]
    assert report.exists()  # the options of the command line: --report written
    check(certificate.report)


def test_a_faulty_wrapper_is_not_conformant(monkeypatch: pytest.MonkeyPatch, state) -> None:
    """The zoo's misreader on the fixture corpus: the same verdicts as the command line's."""
    monkeypatch.setenv("ZOO_MISREAD", "nonascii,delimited")
    certificate = certify(zoo("misreader"), vectors=CORPUS, repetitions=2, seed=7, timeout=5)
    assert certificate.conformant is False and certificate.exit_status == 1
    assert certificate.failed == ["rt-ident-nonascii-before", "rt-ident-nonascii-after"]
    assert certificate.counts.failed == 2
    assert certificate.readings()["SYN-BOUNDARY"] == ("delimited",)
    assert [e.entry for e in certificate.profile] == [
        e["entry"] for e in certificate.report["interpretation"]
    ]
    assert certificate.explain_command(TRIGGER) == (
        f"oasis-si-vectors explain {TRIGGER} --edition {certificate.edition}"
    )


def test_bad_options_raise(state) -> None:
    with pytest.raises(TypeError, match="no_such_option"):
        certify(zoo("misreader"), vectors=CORPUS, no_such_option=1)
    with pytest.raises(CertificationError, match="must be at least 1"):
        certify(zoo("misreader"), vectors=CORPUS, repetitions=0)
    with pytest.raises(CertificationError, match="selects no vector"):
        certify(zoo("misreader"), vectors=CORPUS, select=["no-such-vector"])
    with pytest.raises(CertificationError, match="cannot start"):
        certify(["/no/such/evaluator"], vectors=CORPUS)
    with pytest.raises(TypeError, match="sequence"):
        certify("oasis-si-reference")  # type: ignore[arg-type]


@pytest.mark.slow  # the reference over the whole corpus, three repetitions: about a minute
def test_the_bundled_reference_is_conformant(on_path) -> None:
    certificate = certify(["oasis-si-reference"])
    assert certificate.conformant is True
    assert certificate.counts.passed + certificate.counts.convention == certificate.counts.total


def test_keywords_become_the_command_lines_words() -> None:
    assert api._argv("E", ["a"], {"strict": True, "progress": False, "repetitions": 2}) == [
        "-k", "a", "--edition", "E", "--strict", "--no-progress", "--repetitions", "2"
    ]
    assert api._argv(None, [], {"strict": False, "quiet": True, "progress": True}) == [
        "--quiet", "--progress"
    ]
    assert api._argv(None, [], {"fail_on": [], "seed": None}) == ["--fail-on", "none"]
