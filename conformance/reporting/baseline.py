"""Baseline comparison (`--baseline REPORT.json`): this run against an earlier report.

Two reports are comparable only when they certify against the same corpus (same digest) and
the same edition of the text; otherwise the comparison is refused, saying which differs. Vectors are
compared by id, over the vectors both runs selected:
- a regression: passed before, failed now;
- a fix: failed before, passed now;
- an exercise change: exercised in one run and not in the other (a changed declaration);
- a convention change: passed in one run and differing on a convention in the other;
- an interpretation change: an entry whose followed readings differ.
"""

from pathlib import Path
from typing import Any

from oasis_si_conformance.model import Status
from oasis_si_conformance.reporting.report import load_shallow


class BaselineError(Exception):
    """The baseline cannot be used; the message says why."""


def load(path: Path) -> dict[str, Any]:
    """The baseline report at `path` (BaselineError says why it cannot be used)."""
    try:
        return load_shallow(path, "baseline")
    except ValueError as error:
        raise BaselineError(str(error)) from None


def check_comparable(
    baseline: dict[str, Any], digest: str, edition: str | None, path: Path
) -> None:
    """Refuse a baseline made on another corpus, or (when known before the run) another
    edition of the text."""
    if edition is not None:
        check_edition(baseline, edition, path)
    if baseline["corpus"]["digest"] != digest:
        raise BaselineError(
            f"refusing baseline {path}: it was made on corpus {baseline['corpus']['digest']}, this"
            f" run uses {digest}; results on different corpora are not comparable (rerun the"
            " baseline candidate on this corpus)"
        )


def check_edition(baseline: dict[str, Any], edition: str, path: Path) -> None:
    """Refuse a baseline certified against another edition of the text: the same vector can
    have another expected outcome there, so a change of status is not the candidate's."""
    theirs = baseline.get("edition", {}).get("name", baseline.get("profile"))
    if theirs != edition:
        raise BaselineError(
            f"refusing baseline {path}: it certifies edition {theirs}, this run edition {edition}; "
            "outcomes differ between editions (rerun the baseline candidate with --edition "
            f"{edition})"
        )


def _change(entry: dict[str, Any], before: str, after: str, kind: str | None) -> dict[str, Any]:
    return {
        "id": entry["id"],
        "clause": entry["clause"],
        "before": before,
        "after": after,
        "kind": kind,
    }


#: Statuses of a vector the candidate answered acceptably (a convention difference is no failure).
ANSWERED = (Status.PASSED, Status.CONVENTION)


def compare(baseline: dict[str, Any], current: dict[str, Any], path: Path) -> dict[str, Any]:
    """The baseline section of the current report."""
    before = {entry["id"]: entry for entry in baseline["vectors"]}
    regressions, fixes, exercise, conventions = [], [], [], []
    compared = 0
    for entry in current["vectors"]:
        old = before.get(entry["id"])
        if old is None:
            continue
        compared += 1
        was, now = old["status"], entry["status"]
        kind = entry["failure"]["kind"] if entry["failure"] else None
        if was in ANSWERED and now == Status.FAILED:
            regressions.append(_change(entry, was, now, kind))
        elif was == Status.FAILED and now in ANSWERED:
            fixes.append(_change(entry, was, now, None))
        elif (was == Status.NOT_EXERCISED) != (now == Status.NOT_EXERCISED):
            exercise.append(_change(entry, was, now, kind))
        elif was != now:  # passed <-> convention: the answer moved on a convention only
            conventions.append(_change(entry, was, now, None))
    old_profile = {
        e["entry"]: e["followed"] or ([e["dominant"]] if e["dominant"] else [])
        for e in baseline["interpretation"]
    }
    changes = []
    for entry in current["interpretation"]:
        after = entry["followed"] or ([entry["dominant"]] if entry["dominant"] else [])
        if entry["entry"] in old_profile and old_profile[entry["entry"]] != after:
            changes.append(
                {"entry": entry["entry"], "before": old_profile[entry["entry"]], "after": after}
            )
    return {
        "path": str(path),
        "candidate": {k: baseline["candidate"][k] for k in ("name", "version", "command")},
        "started_at": baseline["started_at"],
        "compared": compared,
        "regressions": regressions,
        "fixes": fixes,
        "exercise_changes": exercise,
        "convention_changes": conventions,
        "interpretation_changes": changes,
    }
