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
from collections.abc import Iterator
from typing import Any, Final

import attrs

from .model import FailureKind, Status
from .operations import REGISTRY

#: The keys each operation's result is compared on (a failed vector shows these of its answer).
_COMPARED: Final[dict[str, tuple[str, ...]]] = {entry.name: entry.compared for entry in REGISTRY}
ELLIPSIS: Final = "..."
#: The bidirectional formatting characters (Unicode UAX #9: marks, embeddings, overrides,
#: isolates): shown as themselves they reorder the text around them on a terminal or a page.
BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: The longest candidate text shown on one terminal line.
LINE_LIMIT: Final = 300


# Printable text -------------------------------------------------------------------------------


def _escape(char: str) -> str | None:
    """The visible escape of a character not shown as itself, or None."""
    code = ord(char)
    if char in "\t\n":
        return None
    if code < 0x20 or 0x7F <= code < 0xA0:
        return f"\\x{code:02x}"
    if 0xD800 <= code <= 0xDFFF or code in (0xFFFE, 0xFFFF) or 0xFDD0 <= code <= 0xFDEF:
        return f"\\u{code:04x}"
    if code in (0x2028, 0x2029, 0xFEFF) or char in BIDI_CONTROLS:
        return f"\\u{code:04x}"
    return None


def segments(text: str) -> Iterator[tuple[str, bool]]:
    """`text` as runs of printable text (False) and visible escapes (True): controls other
    than tab and newline, lone surrogates, noncharacters, line separators, the BOM and the
    bidirectional formatting characters."""
    start = 0
    for index, char in enumerate(text):
        escaped = _escape(char)
        if escaped is not None:
            if index > start:
                yield text[start:index], False
            yield escaped, True
            start = index + 1
    if start < len(text):
        yield text[start:], False


def printable(text: str) -> str:
    """`text` with every character `segments` escapes written as its escape."""
    return "".join(run for run, _escaped in segments(text))


def one_line(text: str, limit: int = LINE_LIMIT) -> str:
    """Candidate text as a terminal line shows it: every character `segments` escapes written
    as its escape, newline and tab as \\n and \\t, cut to `limit` characters. No byte of it
    can move the cursor, start a new line or reorder the line."""
    return shorten(printable(text.replace("\n", "\\n").replace("\t", "\\t")), limit)


def quoted_lines(text: str, prefix: str = "  | ", most: int = 12) -> str:
    """The last `most` lines of candidate text (its stderr), each a `one_line` after `prefix`,
    so that no line of it can pass for a line of the kit's own."""
    lines = text.rstrip("\n").split("\n")[-most:]
    return "\n".join(prefix + one_line(line) for line in lines)


def shorten(text: str, limit: int) -> str:
    """`text` cut to `limit` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: max(0, limit - len(ELLIPSIS))] + ELLIPSIS


def value_text(value: Any, limit: int = 200) -> str:
    """A JSON value on one line, printable, cut to `limit` characters."""
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), sort_keys=False)
    return shorten(printable(text), limit)


# The counts -------------------------------------------------------------------------------------


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


# The candidate ----------------------------------------------------------------------------------


def runtime_text(candidate: dict[str, Any]) -> str:
    """What the candidate says it runs on, e.g. "CPython 3.11.7, Unicode 14.0.0; icu 74.1",
    or "not declared" (the hello result's optional `runtime`); candidate text, as given."""
    runtime = candidate.get("runtime")
    if not runtime:
        return "not declared"
    head = " ".join(runtime[key] for key in ("name", "version") if runtime.get(key))
    parts = [head] if head else []
    unicode = runtime.get("unicode")
    if isinstance(unicode, str) and unicode:
        parts.append(f"Unicode {unicode}")
    elif isinstance(unicode, dict) and unicode:
        tables = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in unicode.items())
        parts.append(f"Unicode {tables}")
    extra = [f"{key} {value}" for key, value in runtime.items() if key not in _RUNTIME_KEYS]
    text = ", ".join(parts)
    if extra:
        text = "; ".join([text, *extra]) if text else "; ".join(extra)
    return text or "not declared"


_RUNTIME_KEYS: Final = ("name", "version", "unicode")


def candidate_text(candidate: dict[str, Any]) -> str:
    """The candidate's name and version (candidate text, as given)."""
    return f"{candidate['name']} {candidate['version']}"


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
