"""Several JSON reports side by side (`oasis-si-conformance compare R1.json R2.json ...`): for
spec editors deciding which reading of an open point to ratify, and for anyone weighing
evaluators against each other.

Three tables, each with one column per report:
- per clause: passed / failed / convention differences (and not exercised);
- per register entry: the reading the candidate's answers follow (or "INCONSISTENT");
- per vector whose verdict differs between the reports (status and failure kind), with each
  report's answer, at most a given number of them; apart from those, the vectors every report
  judges alike but answers differently (another reading of an open point), with both answers;
- per character-set register entry (probe families), the probed characters each report's set
  has that another's lacks, read from its answers on the probes.

Reports are comparable only when made on the same corpus (digest) and the same edition of the
text: the same vector can have another outcome elsewhere, so a difference would not be the
candidates'. Others are refused, saying which differs, unless forced. Rendered for the
terminal, as Markdown and as one self-contained HTML page (htmlreport.py's page shell).
"""

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import yaml

from oasis_si_conformance import output
from oasis_si_conformance.corpus import charsets, yamlsafe
from oasis_si_conformance.corpus.corpus import vectors_root
from oasis_si_conformance.judging.diagnosis import clause_key
from oasis_si_conformance.model import Status
from oasis_si_conformance.reporting import htmlreport, reportview
from oasis_si_conformance.reporting.render import md_code
from oasis_si_conformance.reporting.render import md_text as md
from oasis_si_conformance.reporting.report import load_shallow

#: The badge (text, style) of a conformant and of a non-conformant evaluator.
_CONFORMANT = ("conformant", "pass")
_NOT_CONFORMANT = ("not conformant", "fail")

#: Vectors with differing verdicts listed, at most (the count of all is always given).
SHOWN: Final = 50
ABSENT: Final = "-"


class CompareError(Exception):
    """The reports cannot be compared (unreadable, not reports, or not comparable)."""


@attrs.frozen
class Column:
    """One report, as a column of the comparison."""

    label: str
    path: str
    report: dict[str, Any] = attrs.field(repr=False)

    @property
    def candidate(self) -> str:
        return reportview.candidate_text(self.report["candidate"])

    @property
    def runtime(self) -> str:
        return reportview.runtime_text(self.report["candidate"])


@attrs.frozen
class Row:
    """One line of a table: its key, a title, one cell per report (None: not in that report)
    and whether the reports that hold it differ."""

    key: str
    title: str
    cells: tuple[Any, ...]
    differs: bool


@attrs.frozen
class SideBySide:
    columns: tuple[Column, ...]
    clauses: tuple[Row, ...]  # cells: the clause's counts (dict) or None
    entries: tuple[Row, ...]  # cells: the reading followed, in words, or None
    vectors: tuple[Row, ...]  # only vectors whose verdicts differ; cells: a verdict in words
    compared: int  # vectors present in at least two reports
    warnings: tuple[str, ...] = ()
    #: Vectors judged alike by every report but answered differently; cells: the answers.
    answers: tuple[Row, ...] = ()
    #: Per vector of `vectors`, each report's answer in words (None: not in that report).
    answered: dict[str, tuple[str | None, ...]] = attrs.Factory(dict)
    #: Character-set entries whose sets differ; cells: "+ has, - lacks" against the others.
    sets: tuple[Row, ...] = ()


# Loading ----------------------------------------------------------------------------------------


def load(path: Path) -> dict[str, Any]:
    """A JSON report, checked against the report schema (per-vector entries shallowly)."""
    try:
        return load_shallow(path)
    except ValueError as error:
        raise CompareError(str(error)) from None


def columns(paths: Sequence[Path], reports: Sequence[dict[str, Any]]) -> tuple[Column, ...]:
    """A column per report, labelled by the candidate's name; when two names are equal, with
    the file name too (and a number when that does not tell them apart either)."""
    names = [reportview.one_line(report["candidate"]["name"], 80) for report in reports]
    labels = [
        name if names.count(name) == 1 else f"{name} ({path.stem})"
        for name, path in zip(names, paths, strict=True)
    ]
    labels = [
        label if labels.count(label) == 1 else f"{label} #{index}"
        for index, label in enumerate(labels, 1)
    ]
    return tuple(
        Column(label, str(path), report)
        for label, path, report in zip(labels, paths, reports, strict=True)
    )


def refusal(cols: Sequence[Column]) -> str | None:
    """Why the reports are not comparable (another corpus, another edition), or None."""
    first = cols[0]
    for other in cols[1:]:
        mine, theirs = first.report["corpus"]["digest"], other.report["corpus"]["digest"]
        if mine != theirs:
            return (
                f"{other.path} was made on corpus {theirs}, {first.path} on {mine}: results on "
                "different corpora are not comparable"
            )
        mine, theirs = _edition(first.report), _edition(other.report)
        if mine != theirs:
            return (
                f"{other.path} certifies edition {theirs}, {first.path} edition {mine}: outcomes "
                "differ between editions"
            )
    return None


def _edition(report: dict[str, Any]) -> str:
    return str(report.get("edition", {}).get("name", report.get("profile")))


# The comparison ---------------------------------------------------------------------------------


def compare(
    cols: Sequence[Column],
    forced: str | None = None,
    register: dict[str, Any] | None = None,
) -> SideBySide:
    """The tables; `forced`: the refusal overridden by --force (kept as a warning);
    `register`: the register document whose code point sets the probe answers are read
    against (the bundled corpus's when None)."""
    vectors, answers, compared = _vector_rows(cols)
    tables = [{vector["id"]: vector for vector in col.report["vectors"]} for col in cols]
    answered = {
        row.key: tuple(answer_text(t[row.key]) if row.key in t else None for t in tables)
        for row in vectors
    }
    return SideBySide(
        columns=tuple(cols),
        clauses=_clause_rows(cols),
        entries=_entry_rows(cols),
        vectors=vectors,
        compared=compared,
        warnings=(f"compared although {forced}",) if forced else (),
        answers=answers,
        answered=answered,
        sets=_set_rows(cols, _register(register)),
    )


def _register(document: dict[str, Any] | None) -> dict[str, Any]:
    """The register document (the bundled one when none is given; empty when unreadable)."""
    if document is not None:
        return document
    try:
        loaded = yamlsafe.load((vectors_root() / "register.yaml").read_text(encoding="utf-8"))
    except (OSError, ValueError, yaml.YAMLError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


def _clause_rows(cols: Sequence[Column]) -> tuple[Row, ...]:
    tables = [{row["clause"]: row for row in col.report["clauses"]} for col in cols]
    titles = {clause: row["title"] for table in tables for clause, row in table.items()}
    rows = []
    for clause in sorted(titles, key=clause_key):
        cells = tuple(_counts(table.get(clause)) for table in tables)
        rows.append(Row(clause, titles[clause], cells, _differ(cells)))
    return tuple(rows)


def _counts(row: dict[str, Any] | None) -> dict[str, int] | None:
    if row is None:
        return None
    return {status.value: row[status.value] for status in Status}


def _entry_rows(cols: Sequence[Column]) -> tuple[Row, ...]:
    tables = [{entry["entry"]: entry for entry in col.report["interpretation"]} for col in cols]
    order: dict[str, dict[str, Any]] = {}
    for table in tables:
        for entry_id, entry in table.items():
            order.setdefault(entry_id, entry)
    rows = []
    for entry_id, first in order.items():
        cells = tuple(
            reportview.reading_text(table[entry_id]) if entry_id in table else None
            for table in tables
        )
        title = f"{first['clause']}; reference: {first['reference'] or 'none'}"
        rows.append(Row(entry_id, title, cells, _differ(cells)))
    return tuple(rows)


def _vector_rows(cols: Sequence[Column]) -> tuple[tuple[Row, ...], tuple[Row, ...], int]:
    """The vectors whose verdicts differ, then those judged alike but answered differently
    (each in the first report's order, then the others'), and how many vectors at least two
    reports hold."""
    tables = [{vector["id"]: vector for vector in col.report["vectors"]} for col in cols]
    order: dict[str, dict[str, Any]] = {}
    for table in tables:
        for vector_id, vector in table.items():
            order.setdefault(vector_id, vector)
    rows, answers, compared = [], [], 0
    for vector_id, first in order.items():
        held = [table[vector_id] if vector_id in table else None for table in tables]
        if sum(vector is not None for vector in held) < 2:
            continue
        compared += 1
        cells = tuple(verdict(vector) if vector is not None else None for vector in held)
        judged = tuple(_judged(vector) if vector is not None else None for vector in held)
        if _differ(judged):
            rows.append(Row(vector_id, first["clause"], cells, True))
            continue
        said = tuple(answer_text(vector) if vector is not None else None for vector in held)
        if _differ(said):
            answers.append(Row(vector_id, first["clause"], said, True))
    return tuple(sorted(rows, key=_weight)), tuple(answers), compared


def _judged(vector: dict[str, Any]) -> tuple[str, str]:
    """What a verdict is: the status and, for a failure, its kind."""
    failure = vector.get("failure") or {}
    return (str(vector["status"]), str(failure.get("kind", "")))


def answer_text(vector: dict[str, Any]) -> str:
    """A report's answer to a vector in words: the compared part of its result, with the
    readings of an open point it fits; "no answer" when it gave none."""
    if vector.get("actual") is None:
        return "no answer"
    text = reportview.value_text(reportview.compared_part(vector), 120)
    matched = vector.get("matched_readings")
    if matched is not None:
        text += f" ({' / '.join(matched)})" if matched else " (no reading)"
    return text


def _weight(row: Row) -> int:
    """Vectors some report fails first, then those answered under different readings, then
    convention differences and the rest (a stable sort keeps corpus order within each)."""
    cells = [cell for cell in row.cells if cell is not None]
    if any(cell.startswith("failed") for cell in cells):
        return 0
    return 1 if any("(" in cell for cell in cells) else 2


def verdict(vector: dict[str, Any]) -> str:
    """A vector's verdict in words: its status, the failure kind, and the readings an
    ambiguity answer fits ("passed (substring / delimited)", "failed: mismatch")."""
    status = vector["status"]
    text = "not exercised" if status == Status.NOT_EXERCISED else str(status)
    if status == Status.FAILED:
        text += f": {vector['failure']['kind']}"
    matched = vector.get("matched_readings")
    if matched:
        text += f" ({' / '.join(matched)})"
    return text


def _set_rows(cols: Sequence[Column], register: dict[str, Any]) -> tuple[Row, ...]:
    """Per register entry whose readings are code point sets: the probed characters each
    report's set holds that another report's lacks, and the reverse. A report's set holds a
    probed character when every reading its answer fits holds it, lacks it when none does
    (an answer fitting readings that disagree there says nothing)."""
    try:
        named = charsets.named_charsets(register)
        sets = {
            entry["id"]: charsets.reading_sets(entry, named)
            for entry in register.get("entries", [])
            if entry.get("code_points")
        }
    except (charsets.CharsetError, KeyError, TypeError):
        return ()
    members = [_members(col.report, sets) for col in cols]
    rows = []
    for entry_id in sets:
        if not any(entry_id in found for found in members):
            continue
        held = [found.get(entry_id, {}) for found in members]
        cells = tuple(_set_cell(index, held) for index in range(len(held)))
        if any(cells):
            title = " / ".join(str(index) for index in range(1, len(cols) + 1))
            rows.append(Row(entry_id, title, cells, True))
    return tuple(rows)


def _members(
    report: dict[str, Any], sets: dict[str, dict[str, frozenset[str]]]
) -> dict[str, dict[str, bool]]:
    """entry -> probed character -> whether the report's answers put it in the set."""
    found: dict[str, dict[str, bool]] = {}
    for vector in report["vectors"]:
        entry = sets.get(vector.get("ambiguity") or "")
        char = charsets.probed_char(vector.get("probe") or "")
        matched = [name for name in vector.get("matched_readings") or () if name in (entry or {})]
        if entry is None or char is None or not matched:
            continue
        inside = {char in entry[name] for name in matched}
        if len(inside) == 1:
            found.setdefault(vector["ambiguity"], {})[char] = inside.pop()
    return found


def _set_cell(index: int, held: list[dict[str, bool]]) -> str:
    """ "+U+000B; -U+0085": what report `index`'s set has that another's lacks (+) and
    lacks that another's has (-); "" when it differs from none."""
    mine = held[index]
    others = [found for number, found in enumerate(held) if number != index]
    has = sorted(
        c for c, inside in mine.items() if inside and any(o.get(c) is False for o in others)
    )
    lacks = sorted(c for c, inside in mine.items() if not inside and any(o.get(c) for o in others))
    parts = []
    if has:
        parts.append("has " + " ".join(charsets.label(c) for c in has))
    if lacks:
        parts.append("lacks " + " ".join(charsets.label(c) for c in lacks))
    return "; ".join(parts)


def _differ(cells: Sequence[Any]) -> bool:
    present = [json.dumps(cell, sort_keys=True) for cell in cells if cell is not None]
    return len(set(present)) > 1


# Rendering --------------------------------------------------------------------------------------


def counts_text(counts: dict[str, int] | None) -> str:
    """A clause cell: "passed/failed/convention", with the not exercised when there are."""
    if counts is None:
        return ABSENT
    text = f"{counts['passed']}/{counts['failed']}/{counts['convention']}"
    return text + (f" ({counts['not_exercised']} n/e)" if counts["not_exercised"] else "")


def _cell(value: Any) -> str:
    return ABSENT if value is None else str(value)


def terminal(side: SideBySide, shown: int = SHOWN) -> str:
    """The comparison as plain-text tables."""
    lines = ["reports compared:"]
    for index, col in enumerate(side.columns, 1):
        report = col.report
        lines.append(
            f"  [{index}] {col.label}: "
            + reportview.one_line(f"{col.candidate} ({col.runtime}), {col.path}")
        )
        lines.append(f"      {reportview.one_line(report['headline'])}")
    lines += [f"warning: {warning}" for warning in side.warnings]
    labels = [f"[{index}]" for index in range(1, len(side.columns) + 1)]
    lines += ["", "per clause (passed/failed/convention; * where the reports differ):"]
    lines += _text_table(
        ["clause", *labels],
        [[_mark(row) + row.key, *map(counts_text, row.cells)] for row in side.clauses],
    )
    if side.entries:
        lines += ["", "per register entry (the reading followed; * where the reports differ):"]
        lines += _text_table(
            ["entry", *labels],
            [[_mark(row) + row.key, *map(_cell, row.cells)] for row in side.entries],
        )
    if side.sets:
        lines += ["", "per character set (probed characters one set has that another lacks):"]
        lines += _text_table(
            ["entry", *labels], [[row.key, *map(_cell, row.cells)] for row in side.sets]
        )
    lines += ["", _vectors_title(side, shown)]
    if side.vectors:
        table = _text_table(
            ["vector", "clause", *labels],
            [[row.key, row.title, *map(_cell, row.cells)] for row in side.vectors[:shown]],
        )
        lines.append(table[0])
        for row, line in zip(side.vectors[:shown], table[1:], strict=True):
            lines.append(line)
            for label, said in zip(labels, side.answered.get(row.key, ()), strict=False):
                if said is not None:
                    lines.append(f"      {label} answered {reportview.printable(said)}")
    lines += ["", _answers_title(side, shown)]
    lines += (
        _text_table(
            ["vector", "clause", *labels],
            [[row.key, row.title, *map(_cell, row.cells)] for row in side.answers[:shown]],
        )
        if side.answers
        else []
    )
    return "\n".join(lines) + "\n"


def _mark(row: Row) -> str:
    return "* " if row.differs else "  "


def _vectors_title(side: SideBySide, shown: int) -> str:
    count = len(side.vectors)
    listed = f", the first {shown} listed" if count > shown else ""
    return (
        f"vectors whose verdicts differ: {count} of {side.compared} compared{listed} "
        "(failures first, then different readings, then the rest)"
    )


def _answers_title(side: SideBySide, shown: int) -> str:
    count = len(side.answers)
    listed = f", the first {shown} listed" if count > shown else ""
    return (
        f"vectors judged alike but answered differently: {count}{listed} (verdicts do not "
        "differ; the answers fit other readings of an open point)"
    )


def _text_table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(line[i]) for line in [header, *rows]) for i in range(len(header))]
    return [
        "  "
        + "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in [header, *rows]
    ]


def markdown(side: SideBySide, shown: int = SHOWN) -> str:
    """The comparison as a Markdown document."""
    lines = [
        "# Side by side",
        "",
        "| | Candidate | Runtime | Verdict | Report |",
        "|---|---|---|---|---|",
    ]
    for index, col in enumerate(side.columns, 1):
        word = "conformant" if col.report["verdict"] == "conformant" else "**not conformant**"
        lines.append(
            f"| [{index}] | {md(col.label)}: {md(col.candidate)} | {md(col.runtime)} | {word} | "
            f"{md_code(col.path)} |"
        )
    lines += ["", *(f"> {md(warning)}" for warning in side.warnings)]
    labels = " | ".join(f"[{index}]" for index in range(1, len(side.columns) + 1))
    align = "|".join("---" for _ in side.columns)
    lines += [
        "## Per clause",
        "",
        "passed/failed/convention; **bold** where the reports differ.",
        "",
        f"| Clause | {labels} |",
        f"|---|{align}|",
    ]
    for row in side.clauses:
        key = f"**{row.key}**" if row.differs else row.key
        lines.append(f"| {key} | " + " | ".join(counts_text(c) for c in row.cells) + " |")
    if side.entries:
        lines += [
            "",
            "## Per register entry",
            "",
            "The reading each candidate's answers follow.",
            "",
        ]
        lines += [f"| Entry | {labels} |", f"|---|{align}|"]
        for row in side.entries:
            key = f"**{row.key}**" if row.differs else row.key
            cells = " | ".join(md(_cell(cell)) for cell in row.cells)
            lines.append(f"| {key} ({md(row.title)}) | {cells} |")
    if side.sets:
        lines += [
            "",
            "## Per character set",
            "",
            "The probed characters each set has that another report's lacks.",
            "",
            f"| Entry | {labels} |",
            f"|---|{align}|",
        ]
        for row in side.sets:
            lines.append(f"| {row.key} | " + " | ".join(md(_cell(c)) for c in row.cells) + " |")
    lines += ["", "## Vectors whose verdicts differ", "", _vectors_title(side, shown) + ".", ""]
    if side.vectors:
        lines += [f"| Vector | Clause | {labels} |", f"|---|---|{align}|"]
        for row in side.vectors[:shown]:
            said = side.answered.get(row.key, ())
            cells = " | ".join(
                md(_cell(cell)) + (f"<br>{md_code(answer)}" if answer is not None else "")
                for cell, answer in zip(row.cells, said or (None,) * len(row.cells), strict=True)
            )
            lines.append(f"| `{row.key}` | {row.title} | {cells} |")
    lines += ["", "## Vectors answered differently", "", _answers_title(side, shown) + ".", ""]
    if side.answers:
        lines += [f"| Vector | Clause | {labels} |", f"|---|---|{align}|"]
        for row in side.answers[:shown]:
            cells = " | ".join(md_code(_cell(cell)) for cell in row.cells)
            lines.append(f"| `{row.key}` | {row.title} | {cells} |")
    return "\n".join(lines) + "\n"


def html(side: SideBySide, shown: int = SHOWN) -> str:
    """The comparison as one self-contained HTML page."""
    h = htmlreport
    legend = []
    for index, col in enumerate(side.columns, 1):
        report, summary = col.report, col.report["summary"]
        conformant = report["verdict"] == "conformant"
        legend.append(
            f"<tr><td><b>[{index}]</b></td><td><b>{h.text(col.label)}</b>"
            f'<div class="note">{h.text(col.candidate)} &middot; {h.text(col.runtime)}</div></td>'
            f"<td>{h.badge(*(_CONFORMANT if conformant else _NOT_CONFORMANT))}"
            f'<div class="note">{h.text(report["headline"])}</div></td>'
            + h.number(summary["passed"])
            + h.number(summary["failed"])
            + h.number(summary["convention"])
            + h.number(summary["not_exercised"])
            + f"<td>{h.code(col.path)}</td></tr>"
        )
    first = side.columns[0].report
    header = (
        '<header class="card"><div class="sub">Side by side &middot; edition '
        f"{h.text(_edition(first))} &middot; corpus {h.code(first['corpus']['digest'])}</div>"
        f"<h1>{len(side.columns)} reports</h1>"
        + "".join(f'<p class="headline">{h.text(w)}</p>' for w in side.warnings)
        + h.table(
            (
                "",
                "Candidate",
                "Verdict",
                "Passed",
                "Failed",
                "Convention",
                "Not exercised",
                "Report",
            ),
            legend,
            numeric=(3, 4, 5, 6),
        )
        + "</header>"
    )
    labels = [f"[{index}] {col.label}" for index, col in enumerate(side.columns, 1)]
    clause_rows = [
        f"<tr{' class=hl' if row.differs else ''}><td><b>{h.text(row.key)}</b></td>"
        f"<td>{h.text(row.title)}</td>" + "".join(_counts_html(c) for c in row.cells) + "</tr>"
        for row in side.clauses
    ]
    body = [
        header,
        h.section(
            "clauses",
            "Per clause",
            h.table(["Clause", "Title", *labels], clause_rows),
            "passed / failed / convention differences; highlighted where the reports differ.",
        ),
    ]
    if side.entries:
        entry_rows = [
            f"<tr{' class=hl' if row.differs else ''}><td><b>{h.text(row.key)}</b>"
            f'<div class="note">{h.text(row.title)}</div></td>'
            + "".join(f"<td>{_reading_html(cell)}</td>" for cell in row.cells)
            + "</tr>"
            for row in side.entries
        ]
        body.append(
            h.section(
                "entries",
                "Per register entry",
                h.table(["Entry", *labels], entry_rows),
                "The reading each candidate's answers follow; highlighted where they differ.",
            )
        )
    if side.sets:
        set_rows = [
            f"<tr><td><b>{h.text(row.key)}</b></td>"
            + "".join(f"<td>{h.text(_cell(cell))}</td>" for cell in row.cells)
            + "</tr>"
            for row in side.sets
        ]
        body.append(
            h.section(
                "sets",
                "Per character set",
                h.table(["Entry", *labels], set_rows),
                "The probed characters each set has that another report's lacks.",
            )
        )
    vector_rows = [
        f"<tr><td>{h.code(row.key)}</td><td>{h.text(row.title)}</td>"
        + "".join(
            f"<td>{_verdict_html(cell)}{_answer_html(answer)}</td>"
            for cell, answer in zip(
                row.cells, side.answered.get(row.key) or (None,) * len(row.cells), strict=True
            )
        )
        + "</tr>"
        for row in side.vectors[:shown]
    ]
    answer_rows = [
        f"<tr><td>{h.code(row.key)}</td><td>{h.text(row.title)}</td>"
        + "".join(f"<td>{_answer_html(cell)}</td>" for cell in row.cells)
        + "</tr>"
        for row in side.answers[:shown]
    ]
    body.append(
        h.section(
            "vectors",
            "Vectors whose verdicts differ",
            h.table(["Vector", "Clause", *labels], vector_rows) if vector_rows else "",
            h.text(_vectors_title(side, shown) + "."),
        )
    )
    body.append(
        h.section(
            "answers",
            "Vectors answered differently",
            h.table(["Vector", "Clause", *labels], answer_rows) if answer_rows else "",
            h.text(_answers_title(side, shown) + "."),
        )
    )
    return h.page(f"Side by side: {len(side.columns)} reports", body)


def _counts_html(counts: dict[str, int] | None) -> str:
    if counts is None:
        return f'<td class="note">{ABSENT}</td>'
    failed, convention = counts["failed"], counts["convention"]
    parts = [f'<span class="badge b-pass">{counts["passed"]}</span>']
    parts.append(f'<span class="badge b-{"fail" if failed else "skip"}">{failed}</span>')
    parts.append(f'<span class="badge b-{"conv" if convention else "skip"}">{convention}</span>')
    if counts["not_exercised"]:
        parts.append(f'<span class="note">{counts["not_exercised"]} n/e</span>')
    return f"<td>{' '.join(parts)}</td>"


def _reading_html(cell: str | None) -> str:
    if cell is None:
        return f'<span class="note">{ABSENT}</span>'
    if cell.startswith("INCONSISTENT"):
        return htmlreport.badge(cell, "fail")
    return htmlreport.text(cell)


def _verdict_html(cell: str | None) -> str:
    if cell is None:
        return f'<span class="note">{ABSENT}</span>'
    kind = {"passed": "pass", "failed": "fail", "convention": "conv"}.get(
        cell.split(" ")[0].rstrip(":"), "skip"
    )
    head, _, rest = cell.partition(" (")
    extra = f' <span class="note">({htmlreport.text(rest)}</span>' if rest else ""
    return htmlreport.badge(head, kind) + extra


def _answer_html(answer: str | None) -> str:
    if answer is None:
        return ""
    return f'<div class="note">{htmlreport.code(answer)}</div>'


def write(path: Path, content: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    output.write_file(path, content)
