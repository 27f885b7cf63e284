"""Baseline comparison (`--baseline PATH`): this run against an earlier certificate, and the
gate a CI job fails on (`--fail-on`).

The baseline is a JSON report (`--report`, gzip-compressed or not) or a certificate record
(`--record`, record.py); both are read as a `Record`. Two certificates are comparable only
when they certify against the same corpus (same digest) and the same edition of the text;
otherwise the comparison is refused, saying which differs. Vectors are compared by id, over
the vectors both runs selected:
- a regression: passed before (or differing on a convention only), failed now;
- coverage lost: passed before (or differing on a convention only), not exercised now (the
  candidate stopped declaring its operation or template);
- a fix: failed before, passed now;
- an exercise change: any other change between exercised and not exercised;
- a convention change: passed in one run and differing on a convention in the other;
- an interpretation change: an entry whose followed readings differ.

The gate (`--fail-on`, default `regression,coverage`) names the kinds of change that fail the
run (exit 1) whatever its own verdict: `regression`, `coverage`, `reading` (an interpretation
change), `convention` (a vector that passed before and differs on a convention now).
"""

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from oasis_si_conformance.model import Status
from oasis_si_conformance.reporting import record
from oasis_si_conformance.reporting.record import Record
from oasis_si_conformance.reporting.report import ReadError, check_shallow, read_text


class BaselineError(Exception):
    """The baseline cannot be used; the message says why."""


#: The kinds of change a gate can fail on, in the order every format lists them.
GATES: Final = ("regression", "coverage", "reading", "convention")
#: The gate when --fail-on is not given.
DEFAULT_GATE: Final = ("regression", "coverage")


def parse_gate(value: str) -> tuple[str, ...]:
    """`--fail-on` as a tuple of GATES, in their order (`none` or "" for no gate); ValueError
    names an unknown kind."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    if names == ["none"]:
        return ()
    unknown = [name for name in names if name not in GATES]
    if unknown:
        raise ValueError(
            f"unknown kind(s) {', '.join(unknown)}: choose from {', '.join(GATES)} (or none)"
        )
    return tuple(name for name in GATES if name in names)


def load(path: Path) -> Record:
    """The baseline at `path`: a certificate record or a JSON report, either gzip-compressed
    (BaselineError says why it cannot be used)."""
    try:
        text = read_text(path)
    except OSError as error:
        raise BaselineError(f"cannot read baseline {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, ReadError) as error:
        raise BaselineError(
            f"baseline {path} is neither a record nor a JSON report: {error}"
        ) from None
    if record.is_record(text):
        try:
            return record.parse(text, path)
        except record.RecordError as error:
            raise BaselineError(f"baseline {error}") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise BaselineError(
            f"baseline {path} is neither a record nor a JSON report: {error}"
        ) from None
    try:
        check_shallow(document)
    except ValueError as error:
        raise BaselineError(f"baseline {path} is not a report of this kit ({error})") from None
    return Record.from_report(document)


def check_comparable(baseline: Record, digest: str, edition: str | None, path: Path) -> None:
    """Refuse a baseline made on another corpus, or (when known before the run) another
    edition of the text."""
    if edition is not None:
        check_edition(baseline, edition, path)
    if baseline.digest != digest:
        raise BaselineError(
            f"refusing baseline {path}: it was made on corpus {baseline.digest}, this"
            f" run uses {digest}; results on different corpora are not comparable (rerun the"
            " baseline candidate on this corpus)"
        )


def check_edition(baseline: Record, edition: str, path: Path) -> None:
    """Refuse a baseline certified against another edition of the text: the same vector can
    have another expected outcome there, so a change of status is not the candidate's."""
    if baseline.edition != edition:
        raise BaselineError(
            f"refusing baseline {path}: it certifies edition {baseline.edition}, this run edition"
            f" {edition}; outcomes differ between editions (rerun the baseline candidate with"
            f" --edition {edition})"
        )


def _change(
    entry: dict[str, Any], before: str, after: str, kind: str | None, reason: bool = False
) -> dict[str, Any]:
    change = {
        "id": entry["id"],
        "clause": entry["clause"],
        "before": before,
        "after": after,
        "kind": kind,
    }
    if reason and entry.get("reason"):
        change["reason"] = entry["reason"]
    return change


#: Statuses of a vector the candidate answered acceptably (a convention difference is no failure).
ANSWERED = (Status.PASSED, Status.CONVENTION)


def compare(
    baseline: Record,
    current: dict[str, Any],
    path: Path,
    fail_on: Sequence[str] = DEFAULT_GATE,
) -> dict[str, Any]:
    """The baseline section of the current report, with its gate."""
    regressions, fixes, coverage, exercise, conventions = [], [], [], [], []
    compared = 0
    for entry in current["vectors"]:
        was = baseline.statuses.get(entry["id"])
        if was is None:
            continue
        compared += 1
        now = entry["status"]
        kind = entry["failure"]["kind"] if entry["failure"] else None
        if was in ANSWERED and now == Status.FAILED:
            regressions.append(_change(entry, was, now, kind))
        elif was == Status.FAILED and now in ANSWERED:
            fixes.append(_change(entry, was, now, None))
        elif was in ANSWERED and now == Status.NOT_EXERCISED:
            coverage.append(_change(entry, was, now, None, reason=True))
        elif (was == Status.NOT_EXERCISED) != (now == Status.NOT_EXERCISED):
            exercise.append(_change(entry, was, now, kind, reason=True))
        elif was != now:  # passed <-> convention: the answer moved on a convention only
            conventions.append(_change(entry, was, now, None))
    changes = []
    for entry in current["interpretation"]:
        after = list(record.followed(entry))
        before = baseline.readings.get(entry["entry"])
        if before is not None and list(before) != after:
            changes.append({"entry": entry["entry"], "before": list(before), "after": after})
    section = {
        "path": str(path),
        "candidate": baseline.candidate,
        "started_at": baseline.started_at,
        "compared": compared,
        "regressions": regressions,
        "fixes": fixes,
        "coverage_lost": coverage,
        "exercise_changes": exercise,
        "convention_changes": conventions,
        "interpretation_changes": changes,
    }
    section["gate"] = gate(section, fail_on)
    return section


def gate_changes(section: dict[str, Any]) -> dict[str, int]:
    """How many changes of each kind the gate can fail on (GATES order)."""
    return {
        "regression": len(section["regressions"]),
        "coverage": len(section["coverage_lost"]),
        "reading": len(section["interpretation_changes"]),
        "convention": sum(
            change["after"] == Status.CONVENTION for change in section["convention_changes"]
        ),
    }


def gate(section: dict[str, Any], fail_on: Sequence[str]) -> dict[str, Any]:
    """The gate: the kinds it fails on, the count of each kind, the kinds that trip it."""
    counts = gate_changes(section)
    return {
        "fail_on": [name for name in GATES if name in fail_on],
        "changes": counts,
        "tripped": [name for name in GATES if name in fail_on and counts[name]],
    }


def tripped(document: dict[str, Any]) -> list[str]:
    """The kinds of change that trip the gate of a report's baseline section (none without
    one)."""
    section = document.get("baseline")
    return list(section["gate"]["tripped"]) if section else []
