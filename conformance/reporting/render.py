"""Reports for people and CI: live progress, the terminal summary, JUnit XML, a Markdown
certificate. All of them render the JSON report document (report.py), so every format says
the same thing.
"""

import html
import io
import re
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Final, TextIO

from oasis_si_conformance import output
from oasis_si_conformance.model import Progress, Status
from oasis_si_conformance.reporting import reportview
from oasis_si_conformance.reporting.reportview import limits_text

# Live progress -------------------------------------------------------------------------------


class TerminalProgress(Progress):
    """One self-rewriting status line on a terminal, at most ten updates a second."""

    def __init__(self, stream: TextIO = sys.stderr) -> None:
        self.stream = stream
        self._lock = threading.Lock()
        self.total = self.done = self.failed = 0
        self._last = 0.0
        self._started = time.monotonic()

    def start(self, total: int) -> None:
        self.total, self._started = total, time.monotonic()
        self._draw()

    def tick(self, ok: bool) -> None:
        with self._lock:
            self.done += 1
            self.failed += not ok
            now = time.monotonic()
            if now - self._last >= 0.1 or self.done == self.total:
                self._last = now
                self._draw()

    def _draw(self) -> None:
        percent = 100 * self.done // self.total if self.total else 100
        elapsed = time.monotonic() - self._started
        failed = f", {self.failed} request(s) failed" if self.failed else ""
        self.stream.write(
            f"\r  {self.done}/{self.total} requests ({percent}%) {elapsed:.1f} s{failed}\x1b[K"
        )
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\r\x1b[K")
        self.stream.flush()


# Terminal summary ----------------------------------------------------------------------------


def _short(text: str, limit: int = reportview.LINE_LIMIT) -> str:
    """Candidate text on one terminal line (reportview.one_line)."""
    return reportview.one_line(text, limit)


def _indent(text: str, prefix: str = "      | ") -> str:
    """The last lines of a candidate's stderr, each one printable line, indented."""
    return reportview.quoted_lines(text, prefix)


def interpretation_lines(
    entries: list[dict[str, Any]], probe_of: dict[str, str] | None = None, named: int = 6
) -> list[str]:
    """One line per register entry: the reading followed, or for an inconsistent entry the
    votes and, below, the vectors whose answers contradict the dominant reading (with the
    code points they probe; at most `named` of them per group)."""
    lines = []
    for entry in entries:
        counts = ", ".join(f"{name} {count}" for name, count in entry["votes"].items() if count)
        head = f"  {entry['entry']} ({entry['clause']}), {entry['vectors']} vector(s): "
        if entry["consistent"] and entry["followed"]:
            reference = entry["reference"]
            note = (
                f"  [differs from the reference: {reference}]"
                if reportview.differs_from_reference(entry)
                else ""
            )
            reading = reportview.reading_text(entry)
            verb = "follows " if len(entry["followed"]) == 1 else ""
            text = f"{verb}{reading}  (compatible votes: {counts}){note}"
        elif entry.get("not_applicable"):
            text = f"{reportview.reading_text(entry)}  (votes: {counts})"
        elif entry["consistent"]:
            text = "no vote (every vector failed otherwise)"
        else:
            text = (
                f"INCONSISTENT: no single reading fits ({counts}); dominant {entry['dominant']}, "
                f"contradicted by {len(entry['deviating'])} vector(s)"
            )
        if entry["unmatched"]:
            text += f"; {len(entry['unmatched'])} output(s) matched no reading"
        lines.append(head + text)
        if not entry["consistent"]:
            lines += _contradiction_lines(entry, probe_of or {}, named)
    return lines


def _contradiction_lines(entry: dict[str, Any], probe_of: dict[str, str], named: int) -> list[str]:
    """The groups of an inconsistent entry's vectors that contradict its dominant reading."""
    lines = []
    for group in reportview.ballot_groups(entry):
        if group.dominant:
            continue
        ids = group.named(probe_of)
        more = f", ... (+{len(ids) - named})" if len(ids) > named else ""
        lines.append(
            f"    {len(ids)} fit {' / '.join(group.readings)}, not {entry['dominant']}: "
            f"{', '.join(ids[:named])}{more}"
        )
    return lines


def summary_text(report: dict[str, Any], max_failures: int = 20, brief: bool = False) -> str:
    """The terminal summary: the run, per-clause counts, the interpretation profile, the
    diagnosis and failures, the baseline comparison, warnings, then the verdict. `brief`
    (-q) leaves out the clause table, the profile, failure details and stderr."""
    sections = [
        _run_lines(report) + _count_lines(report, brief),
        _interpretation_section(report) if not brief else [],
        _diagnosis_lines(report, brief)
        + (_failure_lines(report, max_failures) if not brief else []),
        convention_lines(report, max_failures, brief),
        baseline_lines(report["baseline"], max_failures) if report.get("baseline") else [],
        _warning_lines(report),
        _stderr_lines(report) if not brief else [],
        [_verdict_line(report)],
    ]
    text = "\n\n".join("\n".join(lines) for lines in sections if lines) + "\n"
    return reportview.printable(text)  # no control character of any field reaches a terminal


def _run_lines(report: dict[str, Any]) -> list[str]:
    """What was run: the kit and corpus, the selection, the candidate, the run's figures."""
    candidate, corpus, run = report["candidate"], report["corpus"], report["run"]
    kit = report["kit"]
    selection = f", selected with -k {' '.join(corpus['selection'])}" if corpus["selection"] else ""
    held_out = corpus.get("held_out")
    if held_out:
        selection += f", plus {held_out['cases']} held-out cases (seed {held_out['seed']})"
    edition = report["edition"]
    return [
        f"{kit['name']} {kit['version']}: edition {edition['name']} ({edition['title']}), "
        f"corpus {corpus['digest']}",
        f"  {corpus['selected']} of {corpus['vectors']} vectors{selection}",
        f"candidate: {_short(reportview.candidate_text(candidate))}  "
        f"({_short(' '.join(candidate['command']))})",
        f"  runtime: {_short(reportview.runtime_text(candidate))}",
        f"  mode {report['mode']}, seed {report['seed']}, {report['repetitions']} repetition(s), "
        f"-j {report['jobs']}: {run['requests']} requests, {run['processes']} processes, "
        f"{run['restarts']} restart(s), {report['duration_s']:.2f} s",
        f"  {limits_text(report['limits'])}",
    ]


def _count_lines(report: dict[str, Any], brief: bool) -> list[str]:
    """Passed, failed, convention differences and not exercised, per clause (unless brief)
    and in all; why vectors were not exercised."""
    head = f"  {'clause':<10} {'passed':>7} {'failed':>7} {'convention':>10} {'not exercised':>14}"
    lines = []
    if not brief:
        lines += ["", head + "  title"]
        lines += [
            f"  {row['clause']:<10} {row['passed']:>7} {row['failed']:>7} "
            f"{row['convention']:>10} {row['not_exercised']:>14}  {row['title']}"
            for row in report["clauses"]
        ]
    summary = report["summary"]
    note = "  (a vector counts under each clause it cites)" if not brief else ""
    lines.append(
        f"  {'vectors':<10} {summary['passed']:>7} {summary['failed']:>7} "
        f"{summary['convention']:>10} {summary['not_exercised']:>14}" + note
    )
    reasons: dict[str, int] = {}
    for vector in report["vectors"]:
        if vector["status"] == Status.NOT_EXERCISED:
            reasons[vector["reason"]] = reasons.get(vector["reason"], 0) + 1
    if reasons:
        counted = "; ".join(f"{reason}: {n}" for reason, n in sorted(reasons.items()))
        lines.append("  not exercised (never counted as passed): " + counted)
    return lines


#: Vector ids named per group (convention, signature, clause) in the brief (-q) summary.
BRIEF_NAMED: Final = 5


def named_ids(ids: list[str], named: int) -> str:
    """The first `named` ids of a group, and how many more ("a, b, ... (+3)")."""
    more = f", ... (+{len(ids) - named})" if len(ids) > named else ""
    return ", ".join(ids[:named]) + more


def convention_lines(report: dict[str, Any], shown: int = 20, brief: bool = False) -> list[str]:
    """The convention differences, apart from failures: per convention, how many vectors
    and the first few with what differs (`brief`: the first few ids on one line)."""
    if not report["conventions"]:
        return []
    effect = (
        "they fail this --strict run" if report["strict"] else "not failures (--strict fails them)"
    )
    lines = [f"convention differences (what the kit defines, not the spec; {effect}):"]
    by_id = {vector["id"]: vector for vector in report["vectors"]}
    for convention in report["conventions"]:
        ids = convention["vectors"]
        head = f"  {convention['id']} ({convention['defined_by']}): {len(ids)} vector(s)"
        if brief:
            lines.append(f"{head}: {named_ids(ids, BRIEF_NAMED)}")
            continue
        lines.append(head)
        for vid in ids[:shown]:
            found = [d for d in by_id[vid]["differences"] if d["convention"] == convention["id"]]
            text = "; ".join(reportview.difference_text(d) for d in found)
            lines.append(f"    {vid}: {_short(text, 160)}")
        if len(ids) > shown:
            lines.append(f"    ... (+{len(ids) - shown}; all in --report)")
    return lines


def _interpretation_section(report: dict[str, Any]) -> list[str]:
    if not report["interpretation"]:
        return []
    title = "interpretation profile (register entry: reading followed):"
    return [title, *interpretation_lines(report["interpretation"], reportview.probes(report))]


def _diagnosis_lines(report: dict[str, Any], brief: bool = False) -> list[str]:
    """Failures explained by known signatures, the others by clause, and the failure kinds;
    every group with its first ids (fewer when `brief`)."""
    summary, diagnosis = report["summary"], report["diagnosis"]
    if not summary["failed"]:
        return []
    named = BRIEF_NAMED if brief else 8
    lines = ["diagnosis:"]
    if diagnosis.get("edition_fit"):
        lines.append(f"  {diagnosis['edition_fit']['message']}")
    for signature in diagnosis["signatures"]:
        ids = signature["vectors"]
        plural = "s" if len(ids) != 1 else ""
        lines.append(
            f"  {signature['description']} (clause {signature['clause']}): {len(ids)} "
            f"vector{plural}: {named_ids(ids, named)}"
        )
    if diagnosis["unexplained"]:
        explained = "failures no known signature explains, by clause:"
        lines.append(f"  {explained if diagnosis['signatures'] else 'failures by clause:'}")
        for clause, ids in diagnosis["unexplained"].items():
            lines.append(f"    {clause}: {len(ids)}: {named_ids(ids, named)}")
    kinds = ", ".join(f"{kind} {count}" for kind, count in summary["failures_by_kind"].items())
    lines.append(f"  failure kinds: {kinds}")
    return lines


def _failure_lines(report: dict[str, Any], max_failures: int) -> list[str]:
    """The first failures in detail: message, source, output, repetitions, stderr."""
    failed = [v for v in report["vectors"] if v["status"] == Status.FAILED]
    if not failed:
        return []
    shown = min(len(failed), max_failures)
    lines = ["", f"failures ({shown} of {len(failed)} shown; all in --report):"]
    for vector in failed[:max_failures]:
        failure = vector["failure"]
        clauses = ", ".join(vector["clauses"])
        message = _short(failure["message"])
        lines.append(f"  {vector['id']} [{clauses}] {failure['kind']}: {message}")
        lines.append(f"      at {vector['source']}")
        if failure["excerpt"]:
            lines.append(f"      output: {_short(failure['excerpt'])}")
        for index, answer in enumerate(failure["outputs"][:2], 1):
            lines.append(f"      repetition {index}: {_short(str(answer))}")
        if failure["stderr"]:
            lines += ["      stderr:", _indent(failure["stderr"])]
    return lines


def _warning_lines(report: dict[str, Any]) -> list[str]:
    warnings = report["run"]["warnings"]
    return ["warnings:", *(f"  {_short(w)}" for w in warnings)] if warnings else []


def _stderr_lines(report: dict[str, Any]) -> list[str]:
    stderr = report["run"]["stderr"]
    if not stderr["bytes"]:
        return []
    return [
        f"candidate stderr: {stderr['bytes']} bytes over all processes; first excerpt:",
        _indent(stderr["excerpt"]),
    ]


def _verdict_line(report: dict[str, Any]) -> str:
    """The headline (verdict, scope, the counts in the wording every format shows) and how to
    rerun."""
    summary = report["summary"]
    exercised = summary["passed"] + summary["failed"] + summary["convention"]
    nothing = "" if exercised else "; no vector was exercised: nothing certifies this candidate"
    return f"{report['headline']}{nothing}; rerun with --seed {report['seed']}"


#: The kinds of vector change of a baseline section: its key, the word for one change.
BASELINE_KINDS: Final = (
    ("regressions", "regression"),
    ("coverage_lost", "coverage lost"),
    ("fixes", "fix"),
    ("exercise_changes", "exercise change"),
    ("convention_changes", "convention change"),
)
#: How the counts of each kind are worded.
_BASELINE_COUNTS: Final = {
    "regressions": "{n} regression(s)",
    "coverage_lost": "{n} vector(s) no longer exercised",
    "fixes": "{n} fix(es)",
    "exercise_changes": "{n} other exercise change(s)",
    "convention_changes": "{n} convention change(s)",
}


def baseline_lines(section: dict[str, Any], shown: int = 30) -> list[str]:
    """The baseline comparison: what was compared, the gate, then every change by kind, at
    most `shown` of each with "and N more" (coverage lost grouped by why the vectors are not
    exercised now); every reading change."""
    base = section["candidate"]
    counts = ", ".join(
        _BASELINE_COUNTS[key].format(n=len(section[key])) for key, _word in BASELINE_KINDS
    )
    lines = [
        f"baseline {section['path']} ({_short(reportview.candidate_text(base))}, "
        f"{section['started_at']}): {section['compared']} vectors compared: {counts}, "
        f"{len(section['interpretation_changes'])} reading change(s)"
    ]
    gate = reportview.gate_text(section)
    if gate:
        lines.append(f"  {gate}")
    for key, word in BASELINE_KINDS:
        changes = section[key]
        if not changes:
            continue
        if key == "coverage_lost":
            lines += _coverage_lines(changes, shown)
            continue
        for change in changes[:shown]:
            kind = f" ({change['kind']})" if change.get("kind") else ""
            lines.append(
                f"  {word}: {change['id']} [{change['clause']}] {change['before']} -> "
                f"{change['after']}{kind}"
            )
        lines += _more(changes, shown, word)
    for change in section["interpretation_changes"]:
        before = " / ".join(change["before"]) or "none"
        after = " / ".join(change["after"]) or "none"
        lines.append(f"  reading change: {change['entry']}: {before} -> {after}")
    return lines


def _more(items: list[Any], shown: int, word: str) -> list[str]:
    """ "and N more" under a list cut at `shown`."""
    if len(items) <= shown:
        return []
    return [f"  ... and {len(items) - shown} more {word}(s) (all in --report and --record)"]


def _coverage_lines(changes: list[dict[str, Any]], shown: int) -> list[str]:
    """Vectors that passed before and are not exercised now, by why (the operation or
    template no longer declared): each reason with its count and first ids."""
    by_reason: dict[str, list[str]] = {}
    for change in changes:
        by_reason.setdefault(change.get("reason") or "not exercised", []).append(change["id"])
    lines = [f"  coverage lost: {len(changes)} vector(s) passed before and are not exercised now:"]
    for reason, ids in sorted(by_reason.items(), key=lambda item: -len(item[1])):
        listed = ", ".join(reportview.capped(ids, min(shown, BRIEF_NAMED * 2)))
        lines.append(f"    {_short(reason)}: {len(ids)}: {listed}")
    return lines


# JUnit XML -----------------------------------------------------------------------------------


def junit(report: dict[str, Any]) -> ET.ElementTree:
    """One testsuite per vector family, one testcase per vector: a failed vector a failure
    (with its input and explain command), not exercised skipped, a convention difference
    skipped too (never counted as passed) unless --strict fails it; with a baseline, a
    testsuite `baseline` with one testcase per kind of change the gate can fail on."""
    summary = report["summary"]
    strict = report["strict"]
    conventions = summary["convention"]
    section = report.get("baseline")
    gated = _junit_baseline_cases(section) if section else []
    root = ET.Element(
        "testsuites",
        name=f"{report['kit']['name']} {report['edition']['name']}",
        tests=str(summary["total"] + len(gated)),
        failures=str(
            summary["failed"]
            + (conventions if strict else 0)
            + sum(failed for _name, failed, _text in gated)
        ),
        errors="0",
        skipped=str(summary["not_exercised"] + (0 if strict else conventions)),
        time=f"{report['duration_s']:.3f}",
    )
    families: dict[str, list[dict[str, Any]]] = {}
    for vector in report["vectors"]:
        families.setdefault(vector["family"], []).append(vector)
    for family, vectors in families.items():
        suite = ET.SubElement(
            root,
            "testsuite",
            name=family,
            tests=str(len(vectors)),
            failures=str(sum(_junit_failed(report, v) for v in vectors)),
            errors="0",
            skipped=str(sum(_junit_skipped(report, v) for v in vectors)),
        )
        properties = ET.SubElement(suite, "properties")
        for name, value in (
            ("candidate", reportview.candidate_text(report["candidate"])),
            ("candidate.runtime", reportview.runtime_text(report["candidate"])),
            ("corpus.digest", report["corpus"]["digest"]),
            ("edition", report["edition"]["name"]),
            ("seed", str(report["seed"])),
            ("repetitions", str(report["repetitions"])),
            ("mode", report["mode"]),
            ("strict", str(report["strict"]).lower()),
            ("headline", report["headline"]),
            ("result", reportview.counts_text(summary, report["strict"])),
        ):
            ET.SubElement(properties, "property", name=name, value=_xml_safe(value))
        for vector in vectors:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{family}.{vector['clause']}",
                name=vector["id"],
                file=vector["source"].rsplit(":", 1)[0],
            )
            if vector["status"] == Status.FAILED:
                failure = vector["failure"]
                message = _short(failure["message"], 500)
                element = ET.SubElement(case, "failure", type=failure["kind"], message=message)
                element.text = _xml_safe("\n".join(failure_body(report, vector)))
            elif vector["status"] == Status.CONVENTION:
                _junit_convention(case, vector, report["strict"])
            elif vector["status"] == Status.NOT_EXERCISED:
                ET.SubElement(case, "skipped", message=vector["reason"])
    if section:
        _junit_baseline(root, section, gated)
    ET.indent(root)
    return ET.ElementTree(root)


def _junit_failed(report: dict[str, Any], vector: dict[str, Any]) -> bool:
    strict = report["strict"] and vector["status"] == Status.CONVENTION
    return vector["status"] == Status.FAILED or strict


def _junit_skipped(report: dict[str, Any], vector: dict[str, Any]) -> bool:
    """Not exercised, or (not strict) a convention difference: neither passed nor failed."""
    convention = vector["status"] == Status.CONVENTION and not report["strict"]
    return vector["status"] == Status.NOT_EXERCISED or convention


def convention_text(vector: dict[str, Any]) -> str:
    """What a convention difference differs in, every key: "key: expected X, got Y
    (convention ID)"."""
    return "; ".join(
        f"{d['key']}: expected {d['expected']!r}, got {d['actual']!r} (convention"
        f" {d['convention']})"
        for d in vector["differences"]
    )


def _junit_convention(case: ET.Element, vector: dict[str, Any], strict: bool) -> None:
    """A convention difference: a failure of type `convention` in a strict run, else a skipped
    testcase (not a pass, not a failure) whose message says what differs."""
    text = convention_text(vector)
    if strict:
        element = ET.SubElement(case, "failure", type="convention", message=_short(text, 500))
        element.text = _xml_safe(text)
    else:
        message = _short("convention difference (not a failure; --strict fails it): " + text, 500)
        element = ET.SubElement(case, "skipped", type="convention", message=message)
        element.text = _xml_safe(text)


def _junit_baseline_cases(section: dict[str, Any]) -> list[tuple[str, bool, str]]:
    """One testcase per kind of change the gate can fail on: its name, whether it fails
    (the gate fails on it and it happened), and every change of that kind."""
    lists = {
        "regression": section["regressions"],
        "coverage": section["coverage_lost"],
        "convention": [c for c in section["convention_changes"] if c["after"] == "convention"],
    }
    cases = []
    for kind in ("regression", "coverage", "reading", "convention"):
        if kind == "reading":
            lines = [
                f"{c['entry']}: {' / '.join(c['before']) or 'none'} -> "
                f"{' / '.join(c['after']) or 'none'}"
                for c in section["interpretation_changes"]
            ]
        else:
            lines = [
                f"{c['id']} [{c['clause']}] {c['before']} -> {c['after']}"
                + (f" ({c['kind']})" if c.get("kind") else "")
                + (f": {c['reason']}" if c.get("reason") else "")
                for c in lists[kind]
            ]
        failed = bool(lines) and kind in section["gate"]["tripped"]
        cases.append((kind, failed, "\n".join(lines)))
    return cases


def _junit_baseline(
    root: ET.Element, section: dict[str, Any], cases: list[tuple[str, bool, str]]
) -> None:
    """The testsuite `baseline`: the gate's kinds, each listing every change of its kind."""
    suite = ET.SubElement(
        root,
        "testsuite",
        name="baseline",
        tests=str(len(cases)),
        failures=str(sum(failed for _name, failed, _text in cases)),
        errors="0",
        skipped="0",
    )
    properties = ET.SubElement(suite, "properties")
    ET.SubElement(properties, "property", name="baseline", value=_xml_safe(section["path"]))
    gate = reportview.gate_text(section) or "no gate (--fail-on none)"
    ET.SubElement(properties, "property", name="gate", value=_xml_safe(gate))
    for name, failed, text in cases:
        case = ET.SubElement(suite, "testcase", classname="baseline", name=name)
        count = len(text.splitlines())
        if failed:
            message = reportview.GATE_WORDS[name].format(n=count)
            element = ET.SubElement(case, "failure", type=f"baseline-{name}", message=message)
            element.text = _xml_safe(text)
        elif text:
            ET.SubElement(case, "system-out").text = _xml_safe(text)


def failure_body(report: dict[str, Any], vector: dict[str, Any]) -> list[str]:
    """A failed vector's failure text (JUnit, the pytest plugin): where, why, expected and
    actual, the explain command, the input, raw output."""
    failure = vector["failure"]
    body = [
        f"clauses: {', '.join(vector['clauses'])}",
        f"source: {vector['source']}",
        failure["message"],
    ]
    if vector["expected"] is not None:
        body.append(f"expected: {vector['expected']}")
    if vector["readings"] is not None:
        body.append(f"readings: {vector['readings']}")
    body.append(f"actual: {vector['actual']}")
    if failure["excerpt"]:
        body.append(f"output: {failure['excerpt']}")
    body += [f"repetition {index}: {answer}" for index, answer in enumerate(failure["outputs"], 1)]
    if failure["stderr"]:
        body.append("stderr:\n" + failure["stderr"])
    body.append(f"explain: {reportview.explain_command(report, vector['id'])}")
    given = reportview.input_text(vector)
    if given:
        body.append("input:\n" + given)
    return body


def _xml_safe(text: str) -> str:
    """Candidate text in JUnit XML, escaped as every other format escapes it
    (safetext.printable: controls, DEL and C1, lone surrogates, noncharacters, line
    separators, the BOM and the bidirectional formatting characters as visible escapes), which
    also leaves out every character XML 1.0 forbids."""
    return reportview.printable(text)


def write_junit(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.StringIO()
    junit(report).write(buffer, encoding="unicode")
    output.write_file(path, "<?xml version='1.0' encoding='utf-8'?>\n" + buffer.getvalue())


# Markdown certificate -------------------------------------------------------------------------

#: Failed vectors and convention differences listed in a Markdown certificate, at most.
MARKDOWN_LISTED: Final = 100
#: Vectors named per group of an inconsistent entry (and per unexplained clause), at most.
MARKDOWN_NAMED: Final = 12


def md_text(text: str) -> str:
    """Text safe inside a Markdown table cell (and in running text): printable, on one line,
    with Markdown's and HTML's active characters escaped."""
    text = reportview.printable(text).replace("\n", " ").replace("\t", " ")
    return "".join("\\" + char if char in _MARKDOWN_ACTIVE else char for char in text)


_MARKDOWN_ACTIVE: Final = frozenset("\\`*[]<>&|~")


def md_code(text: str, table: bool = True) -> str:
    """`text` as a Markdown code span (literal, whatever it holds): fenced by more backticks
    than it holds in a row; in a table a `|` is escaped (GFM splits cells first)."""
    text = reportview.printable(text).replace("\n", " ").replace("\t", " ")
    if table:
        text = text.replace("|", "\\|")
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown(report: dict[str, Any], listed: int = MARKDOWN_LISTED) -> str:
    """The Markdown certificate: the headline, what was certified (the candidate's runtime
    included), per-clause counts, the interpretation profile with the vectors behind each
    inconsistency, the diagnosis, the failed vectors and the convention differences (one line
    each, at most `listed` of each)."""
    sections = [
        _markdown_head(report),
        _markdown_clauses(report),
        _markdown_interpretation(report),
        _markdown_diagnosis(report),
        _markdown_failures(report, listed),
        _markdown_conventions(report, listed),
        _markdown_baseline(report, listed),
    ]
    return "\n\n".join("\n".join(lines) for lines in sections if lines) + "\n"


def _markdown_head(report: dict[str, Any]) -> list[str]:
    candidate, corpus, summary = report["candidate"], report["corpus"], report["summary"]
    name = md_code(reportview.candidate_text(candidate))
    command = md_code(" ".join(candidate["command"]))
    conformant = report["verdict"] == "conformant"
    partial = bool(corpus["selection"])
    title = "Conformance certificate" if conformant and not partial else "Conformance report"
    edition = report["edition"]
    declared = (
        f"operations: {', '.join(candidate['operations'])}; "
        f"templates: {', '.join(candidate['templates']) or 'none'}; "
        f"profiles: {', '.join(candidate['profiles'])}"
    )
    selection = f", {md_code('-k ' + ' '.join(corpus['selection']))}" if partial else ""
    held_out = corpus.get("held_out")
    if held_out:
        selection += f", plus {held_out['cases']} held-out cases (seed {held_out['seed']})"
    return [
        f"# {reportview.verdict_word(report)}: {title}",
        "",
        f"**{md_text(report['headline'])}**",
        "",
        "| | |",
        "|---|---|",
        f"| Candidate | {name} ({command}) |",
        f"| Runtime | {md_text(reportview.runtime_text(candidate))} |",
        f"| Declared | {md_text(declared)} |",
        f"| Edition | {md_text(edition['name'])}: {md_text(edition['title'])} |",
        f"| Kit | {report['kit']['name']} {report['kit']['version']} |",
        f"| Corpus | `{corpus['digest']}` ({corpus['selected']} of {corpus['vectors']} vectors"
        f"{selection}) |",
        f"| Run | {report['mode']}, seed {report['seed']}, {report['repetitions']} repetitions, "
        f"{report['started_at']}{', strict' if report['strict'] else ''} |",
        f"| Result | {reportview.counts_text(summary, report['strict'])} |",
    ]


def _markdown_clauses(report: dict[str, Any]) -> list[str]:
    lines = [
        "## By clause",
        "",
        "| Clause | Passed | Failed | Convention | Not exercised | |",
        "|---|---:|---:|---:|---:|---|",
    ]
    lines += [
        f"| {row['clause']} | {row['passed']} | {row['failed']} | {row['convention']} | "
        f"{row['not_exercised']} | {md_text(row['title'])} |"
        for row in report["clauses"]
    ]
    return lines


def _markdown_interpretation(report: dict[str, Any]) -> list[str]:
    if not report["interpretation"]:
        return []
    lines = [
        "## Interpretation profile",
        "",
        "| Entry | Clause | Reading followed | Reference | Votes |",
        "|---|---|---|---|---|",
    ]
    for entry in report["interpretation"]:
        followed = reportview.reading_text(entry)
        if reportview.differs_from_reference(entry):
            followed += " (not the reference's)"
        votes = ", ".join(f"{name} {count}" for name, count in entry["votes"].items() if count)
        if entry["unmatched"]:
            unmatched = f"{len(entry['unmatched'])} matched no reading"
            votes = "; ".join(part for part in (votes, unmatched) if part)
        lines.append(
            f"| {entry['entry']} | {entry['clause']} | {followed} | "
            f"{entry['reference'] or ''} | {votes} |"
        )
    probe_of = reportview.probes(report)
    for entry in report["interpretation"]:
        if not entry["consistent"]:
            lines += ["", *_markdown_inconsistent(entry, probe_of)]
    return lines


def _markdown_inconsistent(entry: dict[str, Any], probe_of: dict[str, str]) -> list[str]:
    """An inconsistent entry: its voting vectors grouped by the readings their answers fit,
    those contradicting the dominant reading marked."""
    dominant = entry["dominant"]
    lines = [
        f"### {entry['entry']} ({entry['clause']}): inconsistent",
        "",
        f"No single reading explains every answer: {entry['votes'][dominant]} of "
        f"{entry['voted']} answers fit `{dominant}`, the others contradict it. Vectors by the "
        "readings their answers fit:",
        "",
    ]
    for group in reportview.ballot_groups(entry):
        named = group.named(probe_of)
        shown = ", ".join(md_code(name, table=False) for name in named[:MARKDOWN_NAMED])
        more = f" and {len(named) - MARKDOWN_NAMED} more" if len(named) > MARKDOWN_NAMED else ""
        mark = "" if group.dominant else f" (contradict `{dominant}`)"
        lines.append(f"- {' / '.join(group.readings)}{mark}: {len(named)} vector(s): {shown}{more}")
    return lines


def _markdown_conventions(report: dict[str, Any], listed: int) -> list[str]:
    """The convention differences, apart from failures: per convention, what it is and the
    vectors that differ, one line each (at most `listed` in all)."""
    if not report["conventions"]:
        return []
    effect = "failures of this strict run" if report["strict"] else "not failures"
    lines = [
        "## Convention differences",
        "",
        f"What the kit defines and the spec does not ({effect}).",
    ]
    by_id = {vector["id"]: vector for vector in report["vectors"]}
    left = listed
    for convention in report["conventions"]:
        ids = convention["vectors"]
        lines += [
            "",
            f"**{convention['id']}** ({md_text(convention['defined_by'])}): {len(ids)} vector(s). "
            f"{md_text(convention['what'])}",
            "",
            "| Vector | Clause | Differs in |",
            "|---|---|---|",
        ]
        for vid in ids[: max(left, 0)]:
            vector = by_id[vid]
            found = [d for d in vector["differences"] if d["convention"] == convention["id"]]
            text = "; ".join(reportview.difference_text(d) for d in found)
            lines.append(f"| `{vid}` | {vector['clause']} | {md_code(text)} |")
        if len(ids) > max(left, 0):
            lines.append(f"| ... | | {len(ids) - max(left, 0)} more in the JSON report |")
        left -= len(ids)
    return lines


def _markdown_baseline(report: dict[str, Any], listed: int) -> list[str]:
    """The baseline comparison: the gate, a count per kind of change, then the vectors of
    each kind (at most `listed` each, "and N more"), coverage lost by why, and every reading
    change."""
    section = report.get("baseline")
    if not section:
        return []
    base = section["candidate"]
    gate = reportview.gate_text(section) or "no gate (--fail-on none)"
    lines = [
        "## Baseline",
        "",
        f"Against {md_code(section['path'], table=False)} "
        f"({md_code(reportview.candidate_text(base), table=False)}, "
        f"{md_text(section['started_at'])}): {section['compared']} vectors compared. "
        f"**{md_text(gate)}**.",
        "",
        "| Change | Vectors |",
        "|---|---:|",
    ]
    lines += [
        f"| {md_text(_BASELINE_COUNTS[key].format(n='').strip())} | {len(section[key])} |"
        for key, _word in BASELINE_KINDS
    ]
    lines.append(f"| reading change(s) | {len(section['interpretation_changes'])} |")
    for key, word in BASELINE_KINDS:
        changes = section[key]
        if not changes:
            continue
        lines += ["", f"**{word}** ({len(changes)}):", ""]
        groups: dict[str, list[str]] = {}
        for change in changes:
            label = f"{change['before']} -> {change['after']}"
            if change.get("kind"):
                label += f" ({change['kind']})"
            if change.get("reason"):
                label += f": {change['reason']}"
            groups.setdefault(label, []).append(change["id"])
        for label, ids in groups.items():
            shown = ", ".join(md_code(vid, table=False) for vid in ids[:listed])
            more = f" and {len(ids) - listed} more" if len(ids) > listed else ""
            lines.append(f"- {md_text(label)}: {len(ids)}: {shown}{more}")
    if section["interpretation_changes"]:
        lines += ["", f"**reading change** ({len(section['interpretation_changes'])}):", ""]
    for change in section["interpretation_changes"]:
        before = " / ".join(change["before"]) or "none"
        after = " / ".join(change["after"]) or "none"
        lines.append(f"- {change['entry']}: {md_text(before)} -> {md_text(after)}")
    return lines


def _markdown_diagnosis(report: dict[str, Any]) -> list[str]:
    if not report["summary"]["failed"]:
        return []
    lines = ["## Diagnosis", ""]
    for named in report["diagnosis"]["signatures"]:
        count = len(named["vectors"])
        plural = "s" if count != 1 else ""
        lines.append(f"- {named['description']} (clause {named['clause']}): {count} vector{plural}")
    for clause, ids in report["diagnosis"]["unexplained"].items():
        shown = ", ".join(f"`{vid}`" for vid in ids[:MARKDOWN_NAMED])
        more = f" and {len(ids) - MARKDOWN_NAMED} more" if len(ids) > MARKDOWN_NAMED else ""
        lines.append(
            f"- clause {clause}: {len(ids)} failure(s) no known signature explains: {shown}{more}"
        )
    kinds = ", ".join(f"{kind} {n}" for kind, n in report["summary"]["failures_by_kind"].items())
    lines.append(f"- failure kinds: {kinds}")
    return lines


def _markdown_failures(report: dict[str, Any], listed: int) -> list[str]:
    """The failed vectors, one line each: id, clause, kind, expected against actual."""
    failed = reportview.failed(report)
    if not failed:
        return []
    entries = {entry["entry"]: entry for entry in report["interpretation"]}
    shown = failed[:listed]
    lines = [
        "## Failed vectors",
        "",
        f"{len(failed)} failed"
        + (f", the first {len(shown)} listed" if len(failed) > listed else "")
        + "; each with its message, source and output in the JSON report.",
        "",
        "| Vector | Clause | Kind | Expected | Actual |",
        "|---|---|---|---|---|",
    ]
    for vector in shown:
        seen = reportview.expectation(vector, entries, limit=160)
        lines.append(
            f"| `{vector['id']}` | {vector['clause']} | {vector['failure']['kind']} | "
            f"{md_code(seen.expected)} | {md_code(seen.actual)} |"
        )
    if len(failed) > listed:
        lines.append(f"| ... | | | | {len(failed) - listed} more in the JSON report |")
    lines += ["", "### Inputs", "", "Each failed vector's input, and the command that explains it."]
    for vector in shown:
        lines += ["", *_markdown_input(report, vector)]
    return lines


def _markdown_input(report: dict[str, Any], vector: dict[str, Any]) -> list[str]:
    """A failed vector's explain command and its input, folded (GitHub renders `<details>`)."""
    command = reportview.explain_command(report, vector["id"])
    lines = [
        f"<details><summary><code>{html.escape(vector['id'])}</code> input</summary>",
        "",
        md_code(command, table=False),
    ]
    given = reportview.input_text(vector)
    if given:
        fence = "`" * max(3, max(map(len, re.findall("`+", given)), default=0) + 1)
        lines += ["", f"{fence}json", given, fence]
    return [*lines, "", "</details>"]


def write_markdown(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    output.write_file(path, markdown(report))
