"""What the formats people read (terminal, Markdown, HTML, the side-by-side comparison) show
of a JSON report, worked out once from the document so that every format says the same thing:
a failed vector's expected against actual, the vectors of an inconsistent register entry
grouped by the readings their answers fit, the candidate's runtime in words, and candidate
text made printable.

Reports carry arbitrary candidate output (control characters, bidirectional formatting
characters, lone surrogates that JSON can carry): `segments` splits a text into printable runs
and escapes, the one place that decides what is shown as an escape; `one_line` is candidate
text as a terminal shows it (escaped, on one line, length-capped).
"""

import json
import shlex
from typing import Any, Final

import attrs

from oasis_si_conformance.model import FailureKind, Status
from oasis_si_conformance.operations import REGISTRY
from oasis_si_conformance.output import describe_size
from oasis_si_conformance.safetext import BIDI_CONTROLS as BIDI_CONTROLS
from oasis_si_conformance.safetext import ELLIPSIS as ELLIPSIS
from oasis_si_conformance.safetext import LINE_LIMIT as LINE_LIMIT
from oasis_si_conformance.safetext import candidate_text as candidate_text
from oasis_si_conformance.safetext import one_line as one_line
from oasis_si_conformance.safetext import printable as printable
from oasis_si_conformance.safetext import quoted_lines as quoted_lines
from oasis_si_conformance.safetext import runtime_text as runtime_text
from oasis_si_conformance.safetext import segments as segments
from oasis_si_conformance.safetext import shorten as shorten
from oasis_si_conformance.safetext import value_text as value_text

#: The keys each operation's result is compared on (a failed vector shows these of its answer).
_COMPARED: Final[dict[str, tuple[str, ...]]] = {entry.name: entry.compared for entry in REGISTRY}


# The counts -------------------------------------------------------------------------------------


def verdict_word(report: dict[str, Any]) -> str:
    """The verdict as every format writes it first: CONFORMANT or NOT CONFORMANT."""
    return "CONFORMANT" if report["verdict"] == "conformant" else "NOT CONFORMANT"


def counts_text(summary: dict[str, Any], strict: bool = False) -> str:
    """The run's counts in the one wording every format uses (the report's headline carries
    it): "3249 passed, 0 failed, 3 convention differences, 0 not exercised". A convention
    difference is never counted as passed; `strict` marks the differences as failing."""
    convention = summary["convention"]
    plural = "s" if convention != 1 else ""
    note = " (failing: --strict)" if strict and convention else ""
    return (
        f"{summary['passed']} passed, {summary['failed']} failed, "
        f"{convention} convention difference{plural}{note}, "
        f"{summary['not_exercised']} not exercised"
    )


# The baseline gate ----------------------------------------------------------------------------

#: Each kind of change a baseline gate fails on, in words ("{n}" its count).
GATE_WORDS: Final = {
    "regression": "{n} regression(s) (passed before, failed now)",
    "coverage": "{n} vector(s) no longer exercised (passed before, not exercised now)",
    "reading": "{n} reading change(s)",
    "convention": "{n} new convention difference(s)",
}


def gate_text(section: dict[str, Any]) -> str:
    """A baseline section's gate in words: the kinds it fails on and, when tripped, what
    tripped it ("" for a gate that fails on nothing)."""
    gate = section["gate"]
    if not gate["fail_on"]:
        return ""
    kinds = ",".join(gate["fail_on"])
    if not gate["tripped"]:
        return f"baseline gate (--fail-on {kinds}) passed"
    found = ", ".join(
        GATE_WORDS[kind].format(n=gate["changes"][kind]) for kind in gate["tripped"]
    )
    return f"baseline gate (--fail-on {kinds}) TRIPPED: {found}"


def capped(items: list[str], shown: int) -> list[str]:
    """The first `shown` items and, when there are more, "and N more" as one more item: a
    list is never cut without saying so."""
    if len(items) <= shown:
        return list(items)
    return [*items[:shown], f"and {len(items) - shown} more"]


# Failed vectors ---------------------------------------------------------------------------------


def probes(report: dict[str, Any]) -> dict[str, str]:
    """Vector id -> the code point(s) it probes, for the probe vectors of the report."""
    return {vector["id"]: vector["probe"] for vector in report["vectors"] if vector.get("probe")}


def failed(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's failed vectors, in report order."""
    return [vector for vector in report["vectors"] if vector["status"] == Status.FAILED]


def compared_part(vector: dict[str, Any]) -> Any:
    """The part of the candidate's answer its vector compares (the operation's compared keys
    it holds; the whole answer when it holds none)."""
    actual = vector["actual"]
    if not isinstance(actual, dict):
        return actual
    keys = _COMPARED.get(vector["operation"], ())
    part = {key: actual[key] for key in keys if key in actual}
    return part or actual


def explain_command(report: dict[str, Any], vector_id: str) -> str:
    """The command that shows a vector, its verdict and the reference's reasoning, under the
    report's edition (oasis-si-vectors explain)."""
    edition = report.get("edition", {}).get("name")
    tail = f" --edition {shlex.quote(edition)}" if edition else ""
    return f"oasis-si-vectors explain {shlex.quote(vector_id)}{tail}"


def input_text(vector: dict[str, Any], limit: int = 4000) -> str:
    """A failed vector's input as indented JSON, printable, cut at `limit` characters ("" when
    the report does not carry it)."""
    given = vector.get("input")
    if given is None:
        return ""
    dumped = json.dumps(given, ensure_ascii=False, indent=2)
    return shorten(printable(dumped), limit)


@attrs.frozen
class Expectation:
    """A failed vector in words: what was expected, what came, on one line each."""

    expected: str
    actual: str


def expectation(
    vector: dict[str, Any], entries: dict[str, dict[str, Any]], limit: int = 200
) -> Expectation:
    """Expected against actual for a failed (or convention) vector; `entries`: the report's
    interpretation entries by id (an inconsistent reading is measured against the entry's
    dominant reading)."""
    return Expectation(_expected(vector, entries, limit), _actual(vector, limit))


def _expected(vector: dict[str, Any], entries: dict[str, dict[str, Any]], limit: int) -> str:
    if vector["expected"] is not None:
        return value_text(vector["expected"], limit)
    readings = vector["readings"] or {}
    failure = vector["failure"] or {}
    entry = entries.get(vector["ambiguity"] or "", {})
    dominant = entry.get("dominant")
    if failure.get("kind") == FailureKind.INCONSISTENT_READING and dominant in readings:
        text = f"{dominant} (the reading followed elsewhere): {value_text(readings[dominant])}"
        return shorten(text, limit)
    alternatives = " | ".join(f"{name}: {value_text(out)}" for name, out in readings.items())
    return shorten(f"a reading of {vector['ambiguity']}: {alternatives}", limit)


def _actual(vector: dict[str, Any], limit: int) -> str:
    failure = vector["failure"] or {}
    kind = failure.get("kind")
    if kind == FailureKind.NONDETERMINISTIC:
        outputs = " / ".join(value_text(output, limit) for output in failure["outputs"][:3])
        return shorten(f"differs across repetitions: {outputs}", limit)
    if vector["actual"] is None:
        return f"no result ({kind})" if kind else "no result"
    text = value_text(compared_part(vector), limit)
    matched = vector.get("matched_readings")
    if matched is not None:
        text += f" ({' / '.join(matched)})" if matched else " (no reading)"
    return shorten(text, limit)


def difference_text(difference: dict[str, Any], limit: int = 160) -> str:
    """One key of a convention difference: "label: expected X, got Y"."""
    expected = value_text(difference["expected"], limit // 2)
    actual = value_text(difference["actual"], limit // 2)
    return f"{difference['key']}: expected {expected}, got {actual}"


# Inconsistent register entries --------------------------------------------------------------


@attrs.frozen
class BallotGroup:
    """The vectors of an inconsistent entry whose answers fit the same readings."""

    readings: tuple[str, ...]
    vectors: tuple[str, ...]
    dominant: bool  # the entry's dominant reading is among `readings`

    def named(self, probe_of: dict[str, str]) -> list[str]:
        """The vector ids, each with the code point it probes."""
        return [vid + (f" ({probe_of[vid]})" if vid in probe_of else "") for vid in self.vectors]


def ballot_groups(entry: dict[str, Any]) -> list[BallotGroup]:
    """An inconsistent entry's voting vectors grouped by the readings their answers fit: the
    groups that fit the dominant reading first, then those contradicting it; larger first."""
    by_readings: dict[tuple[str, ...], list[str]] = {}
    for vector_id, readings in entry.get("ballots", {}).items():
        by_readings.setdefault(tuple(readings), []).append(vector_id)
    groups = [
        BallotGroup(readings, tuple(ids), entry["dominant"] in readings)
        for readings, ids in by_readings.items()
    ]
    return sorted(groups, key=lambda group: (not group.dominant, -len(group.vectors)))


def reading_text(entry: dict[str, Any]) -> str:
    """The reading an entry's answers follow, in words. A reading is named only where the
    answers tell it apart from every other: "a"; else "undetermined (consistent with a, b)";
    "not applicable (ECHO-LINE exact-substring trims nothing)" where the candidate's reading of
    another entry makes this one no open point; "INCONSISTENT (mostly a)"; or "no vote"."""
    if entry.get("not_applicable"):
        return f"not applicable ({entry['not_applicable']})"
    if not entry["consistent"]:
        return f"INCONSISTENT (mostly {entry['dominant']})"
    followed = entry["followed"]
    if len(followed) > 1:
        return f"undetermined (consistent with {', '.join(followed)})"
    return followed[0] if followed else "no vote"


def differs_from_reference(entry: dict[str, Any]) -> bool:
    """The entry is followed consistently, by a reading that is not the reference's."""
    reference = entry["reference"]
    followed = entry["followed"]
    return bool(entry["consistent"] and followed and reference and reference not in followed)


def limits_text(limits: dict[str, Any]) -> str:
    """The candidate's limits as the terminal shows them (report or fuzz-summary `limits`)."""
    memory, cpu = limits.get("memory_limit_bytes"), limits.get("cpu_limit_s")
    parts = [
        f"timeout {limits['timeout_s']:g} s per request",
        "no CPU limit" if cpu is None else f"CPU {cpu:g} s per request",
        "no memory limit"
        if memory is None
        else f"resident memory {describe_size(memory)}",
    ]
    return "limits: " + ", ".join(parts)
