"""Issue 10's acceptance: under `--edition 0.3.0-rc1+2026-08-22` the runner certifies an
evaluator that implements the amended window and rejects one that keeps the same-sentence
rule; under `--edition 0.3.0-rc1` the reverse; the bundled reference (no command: started with
the edition) is certified under both. The rejected one's diagnosis names its own window (the
failure signatures of the edition certified against).

The two candidates are the independent evaluator with its window fixed whatever edition a
request names (`--hook window-radius-one`, `--hook window-same-sentence`); both declare the
bare version label, which the two editions share. The bundled corpus, narrowed with -k to the
window family (both operations) and the seed's own examples, one repetition: quick.
"""

import sys

import pytest
from runner_helpers import Run

#: The slow tier (nox -s tests_slow): certifications of whole editions as real processes.
pytestmark = pytest.mark.slow

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
SELECTION = ["-k", "window*,seed-examples", "--repetitions", "1", "-j", "2"]


def _independent(hook: str) -> list[str]:
    return [sys.executable, "-m", "oasis_si_conformance.independent", "--hook", hook]


def _failed(run: Run) -> list[str]:
    return sorted(vid for vid, status in run.statuses().items() if status == "failed")


@pytest.mark.parametrize(
    ("edition", "conformant", "rejected"),
    [(AMENDED, "window-radius-one", "window-same-sentence"),
     (SEED, "window-same-sentence", "window-radius-one")],
)
def test_each_edition_certifies_its_window_and_rejects_the_other(
    certify, edition: str, conformant: str, rejected: str
) -> None:
    good = certify("--edition", edition, *SELECTION, command=_independent(conformant), corpus=None)
    assert good.code == 0, good.out + good.err
    assert good.report is not None and good.report["edition"]["name"] == edition
    assert len(good.statuses()) > 80 and _failed(good) == []
    assert "CONFORMANT for score_scenario" in good.out and "NOT CONFORMANT" not in good.out
    assert f"(edition {edition})" in good.out
    if edition == AMENDED:  # the candidate declares the label both editions share
        assert "declares the version label 0.3.0-rc1" in good.out + good.err

    bad = certify("--edition", edition, *SELECTION, command=_independent(rejected), corpus=None)
    assert bad.code == 1, bad.out + bad.err
    assert "NOT CONFORMANT" in bad.out
    failed = _failed(bad)
    assert "window-upstream-quote" in failed and "window-op-r1-after" in failed
    assert not any(vid.startswith("seed-") for vid in failed)
    assert all(vid.startswith("window") for vid in failed)
    # the diagnosis reads the signatures of the run's edition: the rejected window is named
    named = [signature["id"] for signature in bad.report["diagnosis"]["signatures"]]
    assert rejected in named and conformant not in named, named
    # the edition is decided before the profile: every failure is the other text's, "met"
    # equals "explains", and no register entry is inconsistent for what the edition explains
    fit = bad.report["diagnosis"]["edition_fit"]
    assert fit is not None and fit["edition"] != edition
    assert fit["met"] == len(fit["explained"]) and fit["explained"] == failed
    assert [e["id"] for e in bad.report["interpretation"] if not e["consistent"]] == []


@pytest.mark.parametrize("edition", [SEED, AMENDED])
def test_the_reference_is_certified_under_both_editions(certify, edition: str) -> None:
    run = certify("--edition", edition, *SELECTION, corpus=None)
    assert run.code == 0, run.out + run.err
    assert run.report is not None and run.report["edition"]["name"] == edition
    assert _failed(run) == [] and len(run.statuses()) > 80


def test_a_shared_label_without_edition_stops_the_run_naming_the_editions(certify) -> None:
    """The independent evaluator declares the bare label 0.3.0-rc1, which both editions carry:
    without --edition it is certified against neither; the run stops with exit 2 and the
    message names both editions, the full name that declares each, and --edition."""
    run = certify(*SELECTION, command=_independent("window-radius-one"), corpus=None)
    assert run.code == 2, run.out + run.err
    assert run.report is None
    assert "version label 0.3.0-rc1" in run.err and "--edition" in run.err
    assert f"{SEED} (declare 0.3.0-rc1+first-published)" in run.err
    assert f"{AMENDED} (declare {AMENDED})" in run.err


def test_the_bundled_reference_declares_its_full_name_and_is_certified_without_edition(
    certify,
) -> None:
    """The quick start: no command, no --edition; the reference declares the full name of the
    edition it serves, so the run needs no --edition and gives no shared-label warning."""
    run = certify(*SELECTION, corpus=None)
    assert run.code == 0, run.out + run.err
    assert run.report is not None and run.report["edition"]["name"] == SEED
    assert run.report["candidate"]["profiles"] == ["0.3.0-rc1+first-published"]
    assert "version label" not in run.out + run.err


def test_the_amended_window_run_under_the_seed_is_told_it_follows_the_amendment(
    certify,
) -> None:
    """The radius-one window certified under the seed's edition: NOT CONFORMANT (the run's
    edition decides), and the headline says first that the answers follow the amendment and
    how to rerun; no register entry is reported inconsistent for what the window explains."""
    run = certify("--edition", SEED, *SELECTION, command=_independent("window-radius-one"),
                  corpus=None)
    assert run.code == 1, run.out + run.err
    assert run.report is not None
    fit = run.report["diagnosis"]["edition_fit"]
    assert fit["edition"] == AMENDED and fit["explained"] == _failed(run)
    assert run.report["headline"].startswith(
        f"these answers follow edition {AMENDED}; rerun with --edition {AMENDED}"
    )
    assert [e["id"] for e in run.report["interpretation"] if not e["consistent"]] == []
    assert f"these answers follow edition {AMENDED}" in run.out


@pytest.mark.parametrize(
    ("name", "said"),
    [("0.9", "no edition '0.9'; the known editions: 0.3.0-rc1 ("),
     ("0.3.0-rc1+typo", "no edition '0.3.0-rc1+typo'; the known editions: 0.3.0-rc1 (")],
)
def test_an_unknown_edition_is_a_usage_error_before_the_run(certify, name: str, said: str) -> None:
    """An --edition no catalog block is called: exit 2 with one line naming what to pass, no
    traceback, no report."""
    run = certify("--edition", name, *SELECTION, corpus=None)
    assert run.code == 2, run.out + run.err
    assert run.report is None and "Traceback" not in run.err
    assert "oasis-si-conformance: error: --edition: " in run.err and said in run.err


def test_the_full_name_a_candidate_declares_is_taken_as_the_edition(certify) -> None:
    """`--edition 0.3.0-rc1+first-published` (what an evaluator of the text as first published
    declares) certifies against edition 0.3.0-rc1, as `--edition 0.3.0-rc1` does."""
    full = certify("--edition", "0.3.0-rc1+first-published", *SELECTION, corpus=None)
    short = certify("--edition", "0.3.0-rc1", *SELECTION, corpus=None)
    assert full.code == short.code == 0, full.out + full.err
    assert full.report["edition"]["name"] == short.report["edition"]["name"] == "0.3.0-rc1"
