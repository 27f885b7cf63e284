"""Baseline comparison (`--baseline REPORT.json`): this run against an earlier report.

Two reports are comparable only when they certify against the same corpus (same digest) and
the same profile; otherwise the comparison is refused, saying which differs. Vectors are
compared by id, over the vectors both runs selected:
- a regression: passed before, failed now;
- a fix: failed before, passed now;
- an exercise change: exercised in one run and not in the other (a changed declaration);
- an interpretation change: an entry whose followed readings differ.
"""

import json
from pathlib import Path
from typing import Any

from .model import Status
from .report import check_shallow


class BaselineError(Exception):
    """The baseline cannot be used; the message says why."""


def load(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BaselineError(f"cannot read baseline {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BaselineError(f"baseline {path} is not a JSON report: {error}") from None
    try:
        check_shallow(document)
    except ValueError as error:
        raise BaselineError(f"baseline {path} is not a report of this kit ({error})") from None
    return document


def check_comparable(baseline: dict[str, Any], digest: str, profile: str, path: Path) -> None:
    if baseline["profile"] != profile:
        raise BaselineError(
            f"refusing baseline {path}: it certifies profile {baseline['profile']}, this run profile {profile}"
        )
    if baseline["corpus"]["digest"] != digest:
        raise BaselineError(
            f"refusing baseline {path}: it was made on corpus {baseline['corpus']['digest']}, this run uses {digest}; "
            "results on different corpora are not comparable (rerun the baseline candidate on this corpus)"
        )


def _change(entry: dict[str, Any], before: str, after: str, kind: str | None) -> dict[str, Any]:
    return {"id": entry["id"], "clause": entry["clause"], "before": before, "after": after, "kind": kind}


def compare(baseline: dict[str, Any], current: dict[str, Any], path: Path) -> dict[str, Any]:
    """The baseline section of the current report."""
    before = {entry["id"]: entry for entry in baseline["vectors"]}
    regressions, fixes, exercise = [], [], []
    compared = 0
    for entry in current["vectors"]:
        old = before.get(entry["id"])
        if old is None:
            continue
        compared += 1
        was, now = old["status"], entry["status"]
        kind = entry["failure"]["kind"] if entry["failure"] else None
        if was == Status.PASSED and now == Status.FAILED:
            regressions.append(_change(entry, was, now, kind))
        elif was == Status.FAILED and now == Status.PASSED:
            fixes.append(_change(entry, was, now, None))
        elif (was == Status.NOT_EXERCISED) != (now == Status.NOT_EXERCISED):
            exercise.append(_change(entry, was, now, kind))
    old_profile = {e["entry"]: e["followed"] or ([e["dominant"]] if e["dominant"] else []) for e in baseline["interpretation"]}
    changes = []
    for entry in current["interpretation"]:
        after = entry["followed"] or ([entry["dominant"]] if entry["dominant"] else [])
        if entry["entry"] in old_profile and old_profile[entry["entry"]] != after:
            changes.append({"entry": entry["entry"], "before": old_profile[entry["entry"]], "after": after})
    return {
        "path": str(path),
        "candidate": {k: baseline["candidate"][k] for k in ("name", "version", "command")},
        "started_at": baseline["started_at"],
        "compared": compared,
        "regressions": regressions,
        "fixes": fixes,
        "exercise_changes": exercise,
        "interpretation_changes": changes,
    }
