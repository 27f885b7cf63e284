"""Reports for people and CI: live progress, the terminal summary, JUnit XML, a Markdown
certificate. All of them render the JSON report document (report.py), so every format says
the same thing.
"""

import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, TextIO

from .resources import describe_size
from .runner import Progress

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
        self.stream.write(f"\r  {self.done}/{self.total} requests ({percent}%) {elapsed:.1f} s{failed}\x1b[K")
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\r\x1b[K")
        self.stream.flush()


# Terminal summary ----------------------------------------------------------------------------


def _short(text: str, limit: int = 300) -> str:
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[:limit] + "..."


def _indent(text: str, prefix: str = "      | ") -> str:
    lines = text.rstrip("\n").splitlines()[-12:]
    return "\n".join(prefix + line for line in lines)


def interpretation_lines(entries: list[dict[str, Any]]) -> list[str]:
    lines = []
    for entry in entries:
        counts = ", ".join(f"{name} {count}" for name, count in entry["votes"].items() if count)
        head = f"  {entry['entry']} ({entry['clause']}), {entry['vectors']} vector(s): "
        if entry["consistent"] and entry["followed"]:
            reference = entry["reference"]
            note = "" if reference is None or reference in entry["followed"] else f"  [differs from the reference: {reference}]"
            text = f"follows {' / '.join(entry['followed'])}  (compatible votes: {counts}){note}"
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
    return lines


def limits_text(limits: dict[str, Any]) -> str:
    """The candidate's limits as the terminal shows them (report or fuzz-summary `limits`)."""
    memory, cpu = limits.get("memory_limit_bytes"), limits.get("cpu_limit_s")
    parts = [
        f"timeout {limits['timeout_s']:g} s per request",
        "no CPU limit" if cpu is None else f"CPU {cpu:g} s per request",
        "no memory limit" if memory is None else f"resident memory {describe_size(memory)}",
    ]
    return "limits: " + ", ".join(parts)


def summary_text(report: dict[str, Any], max_failures: int = 20, brief: bool = False) -> str:
    out: list[str] = []
    add = out.append
    candidate, corpus, summary = report["candidate"], report["corpus"], report["summary"]
    add(f"{report['kit']['name']} {report['kit']['version']}: profile {report['profile']}, corpus {corpus['digest']}")
    selection = f", selected with -k {' '.join(corpus['selection'])}" if corpus["selection"] else ""
    add(f"  {corpus['selected']} of {corpus['vectors']} vectors{selection}")
    add(f"candidate: {candidate['name']} {candidate['version']}  ({' '.join(candidate['command'])})")
    run = report["run"]
    add(
        f"  mode {report['mode']}, seed {report['seed']}, {report['repetitions']} repetition(s), -j {report['jobs']}: "
        f"{run['requests']} requests, {run['processes']} processes, {run['restarts']} restart(s), {report['duration_s']:.2f} s"
    )
    add(f"  {limits_text(report['limits'])}")
    if not brief:
        add("")
        add(f"  {'clause':<10} {'passed':>7} {'failed':>7} {'not exercised':>14}  title")
        for row in report["clauses"]:
            add(f"  {row['clause']:<10} {row['passed']:>7} {row['failed']:>7} {row['not_exercised']:>14}  {row['title']}")
    add(
        f"  {'vectors':<10} {summary['passed']:>7} {summary['failed']:>7} {summary['not_exercised']:>14}"
        + ("  (a vector counts under each clause it cites)" if not brief else "")
    )
    reasons: dict[str, int] = {}
    for vector in report["vectors"]:
        if vector["status"] == "not_exercised":
            reasons[vector["reason"]] = reasons.get(vector["reason"], 0) + 1
    if reasons:
        add("  not exercised (never counted as passed): " + "; ".join(f"{r}: {n}" for r, n in sorted(reasons.items())))
    if report["interpretation"] and not brief:
        add("")
        add("interpretation profile (register entry: reading followed):")
        out.extend(interpretation_lines(report["interpretation"]))
    diagnosis = report["diagnosis"]
    if summary["failed"]:
        add("")
        add("diagnosis:")
        for named in diagnosis["signatures"]:
            count = len(named["vectors"])
            add(f"  {named['description']} (clause {named['clause']}): {count} vector{'s' if count != 1 else ''}")
        if diagnosis["unexplained"]:
            add("  failures no known signature explains, by clause:" if diagnosis["signatures"] else "  failures by clause:")
            for clause, ids in diagnosis["unexplained"].items():
                shown = ", ".join(ids[:8]) + (f", ... (+{len(ids) - 8})" if len(ids) > 8 else "")
                add(f"    {clause}: {len(ids)}: {shown}")
        kinds = ", ".join(f"{kind} {count}" for kind, count in summary["failures_by_kind"].items())
        add(f"  failure kinds: {kinds}")
        if not brief:
            failed = [v for v in report["vectors"] if v["status"] == "failed"]
            add("")
            add(f"failures ({min(len(failed), max_failures)} of {len(failed)} shown; all in --report):")
            for vector in failed[:max_failures]:
                failure = vector["failure"]
                add(f"  {vector['id']} [{', '.join(vector['clauses'])}] {failure['kind']}: {_short(failure['message'])}")
                add(f"      at {vector['source']}")
                if failure["excerpt"]:
                    add(f"      output: {_short(failure['excerpt'])}")
                for index, output in enumerate(failure["outputs"][:2], 1):
                    add(f"      repetition {index}: {_short(str(output))}")
                if failure["stderr"]:
                    add("      stderr:")
                    add(_indent(failure["stderr"]))
    if report.get("baseline"):
        add("")
        out.extend(baseline_lines(report["baseline"]))
    if run["warnings"]:
        add("")
        add("warnings:")
        out.extend(f"  {_short(w)}" for w in run["warnings"])
    if run["stderr"]["bytes"] and not brief:
        add("")
        add(f"candidate stderr: {run['stderr']['bytes']} bytes over all processes; first excerpt:")
        add(_indent(run["stderr"]["excerpt"]))
    add("")
    verdict = "CONFORMANT" if report["verdict"] == "conformant" else "NOT CONFORMANT"
    exercised = summary["passed"] + summary["failed"]
    detail = f"{summary['passed']}/{exercised} exercised vectors passed, {summary['not_exercised']} not exercised"
    if not exercised:
        detail = "no vector was exercised: nothing certifies this candidate"
    partial = " (partial run: -k selection)" if corpus["selection"] else ""
    add(f"{verdict}{partial}: {detail}; rerun with --seed {report['seed']}")
    return "\n".join(out) + "\n"


def baseline_lines(section: dict[str, Any]) -> list[str]:
    base = section["candidate"]
    lines = [
        f"baseline {section['path']} ({base['name']} {base['version']}, {section['started_at']}): "
        f"{section['compared']} vectors compared, {len(section['regressions'])} regression(s), {len(section['fixes'])} fix(es)"
    ]
    for title, key in (("regressions", "regressions"), ("fixes", "fixes"), ("exercise changes", "exercise_changes")):
        for change in section[key][:30]:
            kind = f" ({change['kind']})" if change.get("kind") else ""
            lines.append(f"  {title[:-1] if title.endswith('s') else title}: {change['id']} [{change['clause']}] {change['before']} -> {change['after']}{kind}")
    for change in section["interpretation_changes"]:
        lines.append(f"  reading change: {change['entry']}: {change['before']} -> {change['after']}")
    return lines


# JUnit XML -----------------------------------------------------------------------------------


def junit(report: dict[str, Any]) -> ET.ElementTree:
    """One testsuite per vector family, one testcase per vector; not exercised is skipped."""
    summary = report["summary"]
    root = ET.Element(
        "testsuites",
        name=f"{report['kit']['name']} {report['profile']}",
        tests=str(summary["total"]),
        failures=str(summary["failed"]),
        errors="0",
        skipped=str(summary["not_exercised"]),
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
            failures=str(sum(v["status"] == "failed" for v in vectors)),
            errors="0",
            skipped=str(sum(v["status"] == "not_exercised" for v in vectors)),
        )
        properties = ET.SubElement(suite, "properties")
        for name, value in (
            ("candidate", f"{report['candidate']['name']} {report['candidate']['version']}"),
            ("corpus.digest", report["corpus"]["digest"]),
            ("seed", str(report["seed"])),
            ("repetitions", str(report["repetitions"])),
            ("mode", report["mode"]),
        ):
            ET.SubElement(properties, "property", name=name, value=value)
        for vector in vectors:
            case = ET.SubElement(
                suite, "testcase", classname=f"{family}.{vector['clause']}", name=vector["id"], file=vector["source"].rsplit(":", 1)[0]
            )
            if vector["status"] == "failed":
                failure = vector["failure"]
                element = ET.SubElement(case, "failure", type=failure["kind"], message=_short(failure["message"], 500))
                body = [f"clauses: {', '.join(vector['clauses'])}", f"source: {vector['source']}", failure["message"]]
                if vector["expected"] is not None:
                    body.append(f"expected: {vector['expected']}")
                if vector["readings"] is not None:
                    body.append(f"readings: {vector['readings']}")
                body.append(f"actual: {vector['actual']}")
                if failure["excerpt"]:
                    body.append(f"output: {failure['excerpt']}")
                for index, output in enumerate(failure["outputs"], 1):
                    body.append(f"repetition {index}: {output}")
                if failure["stderr"]:
                    body.append("stderr:\n" + failure["stderr"])
                element.text = _xml_safe("\n".join(body))
            elif vector["status"] == "not_exercised":
                ET.SubElement(case, "skipped", message=vector["reason"])
    ET.indent(root)
    return ET.ElementTree(root)


def _xml_safe(text: str) -> str:
    """XML 1.0 forbids most control characters even escaped; show them as \\xNN."""
    return "".join(c if c in "\t\n\r" or (" " <= c and c not in "\ufffe\uffff" and not "\ud800" <= c <= "\udfff") else f"\\x{ord(c):02x}" for c in text)


def write_junit(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    junit(report).write(path, encoding="utf-8", xml_declaration=True)


# Markdown certificate -------------------------------------------------------------------------


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def markdown(report: dict[str, Any]) -> str:
    candidate, corpus, summary = report["candidate"], report["corpus"], report["summary"]
    name = _cell(f"{candidate['name']} {candidate['version']}")
    command = _cell(" ".join(candidate["command"]).replace("`", "'"))
    conformant = report["verdict"] == "conformant"
    partial = bool(corpus["selection"])
    title = "Conformance certificate" if conformant and not partial else "Conformance report"
    lines = [
        f"# {title}: {name}",
        "",
        f"**{'CONFORMANT' if conformant else 'NOT CONFORMANT'}** to the OASIS SI scoring decomposition, profile "
        f"{report['profile']}" + (" (partial run: not a certificate of the whole corpus)" if partial else "") + ".",
        "",
        "| | |",
        "|---|---|",
        f"| Candidate | {name} (`{command}`) |",
        f"| Declared | operations: {', '.join(candidate['operations'])}; templates: {', '.join(candidate['templates']) or 'none'} |",
        f"| Kit | {report['kit']['name']} {report['kit']['version']} |",
        f"| Corpus | `{corpus['digest']}` ({corpus['selected']} of {corpus['vectors']} vectors"
        + (f", `-k {' '.join(corpus['selection'])}`" if partial else "")
        + ") |",
        f"| Run | {report['mode']}, seed {report['seed']}, {report['repetitions']} repetitions, {report['started_at']} |",
        f"| Result | {summary['passed']} passed, {summary['failed']} failed, {summary['not_exercised']} not exercised |",
        "",
        "## By clause",
        "",
        "| Clause | Passed | Failed | Not exercised | |",
        "|---|---:|---:|---:|---|",
    ]
    lines += [
        f"| {r['clause']} | {r['passed']} | {r['failed']} | {r['not_exercised']} | {_cell(r['title'])} |"
        for r in report["clauses"]
    ]
    if report["interpretation"]:
        lines += ["", "## Interpretation profile", "", "| Entry | Clause | Reading followed | Votes |", "|---|---|---|---|"]
        for entry in report["interpretation"]:
            followed = " / ".join(entry["followed"]) if entry["consistent"] else f"inconsistent (mostly {entry['dominant']})"
            votes = ", ".join(f"{name} {count}" for name, count in entry["votes"].items() if count)
            lines.append(f"| {entry['entry']} | {entry['clause']} | {followed or 'no vote'} | {votes} |")
    if summary["failed"]:
        lines += ["", "## Diagnosis", ""]
        for named in report["diagnosis"]["signatures"]:
            count = len(named["vectors"])
            lines.append(f"- {named['description']} (clause {named['clause']}): {count} vector{'s' if count != 1 else ''}")
        for clause, ids in report["diagnosis"]["unexplained"].items():
            lines.append(f"- clause {clause}: {len(ids)} other failure(s)")
    lines.append("")
    return "\n".join(lines)


def write_markdown(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(markdown(report), encoding="utf-8")
