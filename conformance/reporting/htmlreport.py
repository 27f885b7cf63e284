"""The HTML report (`--html PATH`): one self-contained page rendered from the JSON report
(report.py), for people. Inline CSS, no script, no external asset (it opens offline, from a
CI artifact or a mail attachment); every text it shows comes from the document and is escaped
(reports carry arbitrary candidate output: markup, control characters, lone surrogates).

Sections: the headline and summary, the run facts (edition, seed, limits, the candidate's
runtime), per-clause counts, the interpretation profile (with the vectors behind each
inconsistency), the diagnosis, the failures with their explanation, the convention
differences, the baseline comparison and the candidate's stderr. Passed vectors are counted,
never listed one by one, so the page stays readable for the whole corpus.

The page shell (`page`) and the cell helpers are shared with the side-by-side comparison
(sidebyside.py).
"""

import html
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from oasis_si_conformance import output
from oasis_si_conformance.model import Status
from oasis_si_conformance.reporting import reportview
from oasis_si_conformance.reporting.reportview import limits_text

#: Failures shown in full (message, expected and actual, source, output, stderr), each folded.
#: Further failures are listed one line each, up to LISTED in all.
DETAILED: Final = 200
LISTED: Final = 2500
#: Vectors listed per convention (the first CONVENTION_SHOWN unfolded), and named per
#: inconsistent-entry group or signature.
CONVENTION_ROWS: Final = 200
CONVENTION_SHOWN: Final = 12
NAMED: Final = 40
#: Vectors named of an inconsistent entry's group that fits its dominant reading (the
#: agreeing majority, listed after the groups that contradict it).
DOMINANT_NAMED: Final = 12
#: Longest JSON value shown in a failure's detail (characters).
VALUE_LIMIT: Final = 20_000
#: JSON values up to this length are shown on one line.
ONE_LINE: Final = 72

CSS: Final = """
:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bg:#f6f8fa;--card:#fff;
--pass:#1a7f37;--pass-bg:#dafbe1;--fail:#cf222e;--fail-bg:#ffebe9;--conv:#9a6700;
--conv-bg:#fff8c5;--skip:#818b98;--skip-bg:#eff2f5;--accent:#0969da}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 -apple-system,
BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif}
main{max-width:1240px;margin:0 auto;padding:24px 20px 48px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,
"DejaVu Sans Mono","Liberation Mono",monospace;font-size:12.5px}
pre{margin:0;padding:8px 10px;background:var(--bg);border:1px solid var(--line);
border-radius:6px;white-space:pre-wrap;word-break:break-word;max-height:360px;overflow:auto}
a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
h1{font-size:26px;margin:0 0 4px;font-weight:600}
h2{font-size:18px;margin:0 0 12px;font-weight:600}
h3{font-size:15px;margin:18px 0 8px;font-weight:600}
header.card{border-top:6px solid var(--verdict)}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;
padding:18px 22px;margin:0 0 18px}
.sub{color:var(--muted)}
.badge{display:inline-block;padding:1px 9px;border-radius:2em;font-size:12px;
font-weight:600;white-space:nowrap;border:1px solid transparent;vertical-align:1px}
.verdict{font-size:13px;padding:3px 12px;color:#fff;background:var(--verdict)}
.b-pass{color:var(--pass);background:var(--pass-bg);border-color:#aceebb}
.b-fail{color:var(--fail);background:var(--fail-bg);border-color:#ffcecb}
.b-conv{color:var(--conv);background:var(--conv-bg);border-color:#f5e0a0}
.b-skip{color:var(--muted);background:var(--skip-bg);border-color:var(--line)}
.headline{font-size:16px;margin:12px 0 0;font-weight:500}
.tiles{display:grid;grid-template-columns:repeat(5,1fr);gap:12px;margin:16px 0 12px}
.tile{border:1px solid var(--line);border-radius:8px;padding:10px 14px}
.tile .n{font-size:26px;font-weight:600;line-height:1.2}
.tile .l{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.t-pass .n{color:var(--pass)}.t-fail .n{color:var(--fail)}.t-conv .n{color:var(--conv)}
.t-skip .n{color:var(--skip)}
.bar{display:flex;height:10px;border-radius:5px;overflow:hidden;background:var(--skip-bg)}
.bar span{display:block;height:100%}
.s-pass{background:#2da44e}.s-fail{background:var(--fail)}.s-conv{background:#d4a72c}
.s-skip{background:#c7ced6}
.mini{width:140px;height:8px}
nav{display:flex;flex-wrap:wrap;gap:6px 16px;margin:14px 0 0;font-size:13px}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:12px;color:var(--muted);font-weight:600;background:var(--bg)}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
tr.hl td{background:#fff5f5}tr.hc td{background:#fffbea}
td.zero{color:#b6bfc9}td.key{white-space:nowrap}
.facts{display:grid;grid-template-columns:180px 1fr;gap:4px 16px;margin:0}
.facts dt{color:var(--muted)}.facts dd{margin:0;word-break:break-word}
details{border:1px solid var(--line);border-radius:8px;margin:0 0 8px;background:var(--card)}
details>summary{cursor:pointer;padding:7px 12px;list-style-position:inside}
details[open]>summary{border-bottom:1px solid var(--line);background:var(--bg);
border-radius:8px 8px 0 0}
details .body{padding:10px 14px}
.kv{display:grid;grid-template-columns:130px 1fr;gap:6px 12px;align-items:start}
.kv>div:nth-child(odd){color:var(--muted);font-size:13px}
.msg{white-space:pre-wrap;word-break:break-word}
.esc{color:var(--fail);background:var(--fail-bg);border-radius:3px;padding:0 1px}
.ids{line-height:1.9}.ids code{background:var(--bg);border:1px solid var(--line);
border-radius:4px;padding:0 4px;margin-right:2px;white-space:nowrap}
.vs{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.cap{font-size:12px;color:var(--muted);margin:0 0 3px}
pre.none{color:var(--fail)}
table.readings td{padding:4px 8px;border:1px solid var(--line)}
.group{margin:6px 0 10px}.note{color:var(--muted);font-size:13px}
ul.plain{margin:0;padding-left:18px}
footer{color:var(--muted);font-size:12px;text-align:center;margin-top:24px}
@media (max-width:760px){.tiles{grid-template-columns:repeat(2,1fr)}
.facts,.kv,.vs{grid-template-columns:1fr}}
"""


# Cells ----------------------------------------------------------------------------------------


def text(value: str) -> str:
    """Candidate or corpus text as HTML: escaped, the characters reportview escapes shown as
    marked escapes."""
    return "".join(
        f'<span class="esc">{html.escape(run)}</span>' if escaped else html.escape(run)
        for run, escaped in reportview.segments(value)
    )


def attr(value: str) -> str:
    """Text for an attribute value (quoted)."""
    return html.escape(reportview.printable(value), quote=True)


def code(value: str) -> str:
    return f"<code>{text(value)}</code>"


def anchor(vector_id: str) -> str:
    """The fragment of a vector's failure detail."""
    return "v-" + "".join(
        c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in vector_id
    )


def entry_anchor(entry_id: str) -> str:
    """The fragment of an inconsistent register entry's section."""
    return "e-" + anchor(entry_id)[2:]


def badge(label: str, kind: str) -> str:
    return f'<span class="badge b-{kind}">{text(label)}</span>'


STATUS_BADGE: Final = {
    Status.PASSED: "pass",
    Status.FAILED: "fail",
    Status.CONVENTION: "conv",
    Status.NOT_EXERCISED: "skip",
}


def number(value: int) -> str:
    return f'<td class="n{" zero" if not value else ""}">{value}</td>'


def table(headers: Sequence[str], rows: Iterable[str], numeric: Sequence[int] = ()) -> str:
    """A table: `headers` as text, `rows` as ready `<tr>` markup."""
    head = "".join(
        f"<th{' class=n' if index in numeric else ''}>{text(name)}</th>"
        for index, name in enumerate(headers)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def bar(counts: dict[str, int], css: str = "bar") -> str:
    """A stacked bar of passed, convention, failed and not exercised counts."""
    total = sum(counts.get(key, 0) for key in ("passed", "convention", "failed", "not_exercised"))
    if not total:
        return f'<div class="{css}"></div>'
    parts = []
    for key, cls in (
        ("passed", "pass"),
        ("convention", "conv"),
        ("failed", "fail"),
        ("not_exercised", "skip"),
    ):
        count = counts.get(key, 0)
        if count:
            share = 100 * count / total
            title = f"{key.replace('_', ' ')}: {count}"
            parts.append(
                f'<span class="s-{cls}" style="width:{share:.3f}%" title="{title}"></span>'
            )
    return f'<div class="{css}">{"".join(parts)}</div>'


def facts(pairs: Iterable[tuple[str, str]]) -> str:
    """A definition list: names as text, values as ready markup."""
    items = "".join(f"<dt>{text(name)}</dt><dd>{value}</dd>" for name, value in pairs)
    return f'<dl class="facts">{items}</dl>'


def ids(vector_ids: Sequence[str], linked: set[str], shown: int = NAMED) -> str:
    """Vector ids as code chips (linked to their failure detail when it is on the page)."""
    chips = []
    for vid in vector_ids[:shown]:
        label = code(vid)
        bare = vid.split(" (", 1)[0]
        chips.append(f'<a href="#{anchor(bare)}">{label}</a>' if bare in linked else label)
    more = (
        f' <span class="note">and {len(vector_ids) - shown} more</span>'
        if len(vector_ids) > shown
        else ""
    )
    return f'<div class="ids">{" ".join(chips)}{more}</div>'


def page(title: str, body: Sequence[str], verdict_colour: str = "#59636e") -> str:
    """A whole page: the document shell with the inline style sheet around `body` sections."""
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light">'
        f"<title>{text(title)}</title><style>{CSS}</style></head>"
        f'<body style="--verdict:{verdict_colour}"><main>\n'
        + "\n".join(part for part in body if part)
        + "\n</main></body></html>\n"
    )


def section(anchor_id: str, title: str, content: str, note: str = "") -> str:
    extra = f'<p class="note">{note}</p>' if note else ""
    return (
        f'<section class="card" id="{anchor_id}"><h2>{text(title)}</h2>{extra}{content}</section>'
    )


def pretty(value: Any) -> str:
    """A JSON value, printable and escaped: on one line when short, else indented; cut at
    VALUE_LIMIT characters."""
    line = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    dumped = line if len(line) <= ONE_LINE else json.dumps(value, ensure_ascii=False, indent=2)
    return f"<pre>{text(reportview.shorten(dumped, VALUE_LIMIT))}</pre>"


# The report -----------------------------------------------------------------------------------


def render(report: dict[str, Any]) -> str:
    """The HTML page of one JSON report."""
    conformant = report["verdict"] == "conformant"
    failed = reportview.failed(report)
    detailed = {vector["id"] for vector in failed[:DETAILED]}
    body = [
        _header(report),
        _facts(report),
        _clauses(report),
        _interpretation(report, detailed),
        _diagnosis(report, detailed),
        _failures(report, failed),
        _conventions(report),
        _baseline(report),
        _warnings(report),
        f"<footer>Rendered from the JSON report (format {report['format']}) by "
        f"{text(report['kit']['name'])} {text(report['kit']['version'])}.</footer>",
    ]
    title = f"{reportview.verdict_word(report)}: {_title(report)}"
    return page(title, body, "#1a7f37" if conformant else "#cf222e")


def _title(report: dict[str, Any]) -> str:
    conformant = report["verdict"] == "conformant"
    partial = bool(report["corpus"]["selection"])
    return "Conformance certificate" if conformant and not partial else "Conformance report"


def _header(report: dict[str, Any]) -> str:
    summary, candidate = report["summary"], report["candidate"]
    word = reportview.verdict_word(report)
    tiles = "".join(
        f'<div class="tile t-{cls}"><div class="n">{summary[key]}</div>'
        f'<div class="l">{label}</div></div>'
        for key, label, cls in (
            ("passed", "passed", "pass"),
            ("failed", "failed", "fail"),
            ("convention", "convention differences", "conv"),
            ("not_exercised", "not exercised", "skip"),
            ("total", "vectors", "total"),
        )
    )
    links = [("facts", "Run"), ("clauses", "By clause")]
    if report["interpretation"]:
        links.append(("interpretation", "Interpretation profile"))
    if summary["failed"]:
        links += [("diagnosis", "Diagnosis"), ("failures", f"Failures ({summary['failed']})")]
    if report["conventions"]:
        links.append(("conventions", f"Convention differences ({summary['convention']})"))
    if report.get("baseline"):
        links.append(("baseline", "Baseline"))
    nav = "".join(f'<a href="#{target}">{text(label)}</a>' for target, label in links)
    return (
        '<header class="card">'
        f"<div class=\"sub\">edition {text(report['edition']['name'])}</div>"
        f'<h1><span class="badge verdict">{word}</span> {text(_title(report))}</h1>'
        f'<div class="sub">candidate <code>{text(reportview.candidate_text(candidate))}'
        "</code></div>"
        f'<p class="headline">{text(report["headline"])}</p>'
        f'<div class="tiles">{tiles}</div>{bar(summary)}<nav>{nav}</nav></header>'
    )


def _facts(report: dict[str, Any]) -> str:
    candidate, corpus, edition, run = (
        report["candidate"],
        report["corpus"],
        report["edition"],
        report["run"],
    )
    selection = "the whole corpus"
    if corpus["selection"]:
        selection = "-k " + " ".join(corpus["selection"])
    held_out = corpus.get("held_out")
    if held_out:
        selection += f", plus {held_out['cases']} held-out cases (seed {held_out['seed']})"
    changes = "; ".join(
        f"{change.get('clause', '')}: {change.get('summary', '')}" for change in edition["changes"]
    )
    limits = report.get("limits")
    declared = (
        f"operations: {', '.join(candidate['operations'])}; templates: "
        f"{', '.join(candidate['templates']) or 'none'}; "
        f"profiles: {', '.join(candidate['profiles'])}"
    )
    pairs = [
        ("Candidate", text(reportview.candidate_text(candidate))),
        ("Runtime", text(reportview.runtime_text(candidate))),
        ("Command", code(" ".join(candidate["command"]))),
        ("Declared", text(declared)),
        (
            "Edition",
            text(f"{edition['name']}: {edition['title']}")
            + (f'<div class="note">{text(changes)}</div>' if changes else ""),
        ),
        (
            "Corpus",
            code(corpus["digest"])
            + text(
                f" ({corpus['selected']} of {corpus['vectors']} vectors: {selection}; "
                f"manifest {corpus['manifest']})"
            ),
        ),
        (
            "Run",
            text(
                f"{report['mode']}, seed {report['seed']}, {report['repetitions']} repetition(s), "
                f"-j {report['jobs']}{', strict' if report['strict'] else ''}: "
                f"{run['requests']} requests, {run['processes']} processes, "
                f"{run['restarts']} restart(s), {report['duration_s']:.2f} s"
            ),
        ),
        ("Started", text(report["started_at"])),
        ("Kit", text(f"{report['kit']['name']} {report['kit']['version']}")),
    ]
    if limits:
        pairs.append(("Limits", text(limits_text(limits).removeprefix("limits: "))))
    return section("facts", "Run", facts(pairs))


def _clauses(report: dict[str, Any]) -> str:
    rows = []
    for row in report["clauses"]:
        css = ' class="hl"' if row["failed"] else (' class="hc"' if row["convention"] else "")
        rows.append(
            f"<tr{css}><td><b>{text(row['clause'])}</b></td><td>{text(row['title'])}</td>"
            + number(row["passed"])
            + number(row["failed"])
            + number(row["convention"])
            + number(row["not_exercised"])
            + f"<td>{bar(row, 'bar mini')}</td></tr>"
        )
    summary = report["summary"]
    rows.append(
        "<tr><td><b>vectors</b></td><td class=note>each vector counts under every clause it "
        "cites</td>"
        + number(summary["passed"])
        + number(summary["failed"])
        + number(summary["convention"])
        + number(summary["not_exercised"])
        + "<td></td></tr>"
    )
    headers = ("Clause", "Title", "Passed", "Failed", "Convention", "Not exercised", "")
    content = table(headers, rows, numeric=(2, 3, 4, 5)) + _not_exercised(report)
    return section("clauses", "By clause", content)


def _not_exercised(report: dict[str, Any]) -> str:
    """Why vectors were not exercised (never counted as passed), with how many."""
    reasons: dict[str, int] = {}
    for vector in report["vectors"]:
        if vector["status"] == Status.NOT_EXERCISED:
            reasons[vector["reason"] or ""] = reasons.get(vector["reason"] or "", 0) + 1
    if not reasons:
        return ""
    items = "".join(
        f"<li>{text(reason)}: {count}</li>" for reason, count in sorted(reasons.items())
    )
    return f'<h3>Not exercised (never counted as passed)</h3><ul class="plain">{items}</ul>'


def _interpretation(report: dict[str, Any], linked: set[str]) -> str:
    entries = report["interpretation"]
    if not entries:
        return ""
    rows = []
    for entry in entries:
        reading = text(reportview.reading_text(entry))
        if not entry["consistent"]:
            reading = badge(reportview.reading_text(entry), "fail")
        elif reportview.differs_from_reference(entry):
            reading += " " + badge("not the reference's", "conv")
        votes = ", ".join(f"{name} {count}" for name, count in entry["votes"].items() if count)
        unmatched = len(entry["unmatched"])
        if unmatched:
            votes = "; ".join(part for part in (votes, f"{unmatched} matched no reading") if part)
        rows.append(
            f"<tr{' class=hl' if not entry['consistent'] else ''}>"
            f"<td class=key><b>{text(entry['entry'])}</b></td><td>{text(entry['clause'])}</td>"
            f"<td>{reading}</td><td>{text(entry['reference'] or '')}</td>"
            f"<td class=note>{text(votes)}</td>{number(entry['vectors'])}</tr>"
        )
    headers = ("Entry", "Clause", "Reading followed", "Reference", "Compatible votes", "Vectors")
    parts = [table(headers, rows, numeric=(5,))]
    probe_of = reportview.probes(report)
    for entry in entries:
        if not entry["consistent"]:
            parts.append(_inconsistent(entry, probe_of, linked))
    note = (
        "Which reading of each open point of the register the candidate's answers follow. "
        "An answer may fit several readings; a reading is followed when it fits every answer."
    )
    return section("interpretation", "Interpretation profile", "".join(parts), note)


def _inconsistent(entry: dict[str, Any], probe_of: dict[str, str], linked: set[str]) -> str:
    dominant = entry["dominant"]
    groups = []
    ballots = reportview.ballot_groups(entry)
    # the groups that contradict the dominant reading first: they are what to look at
    for group in [g for g in ballots if not g.dominant] + [g for g in ballots if g.dominant]:
        mark = "" if group.dominant else " " + badge(f"contradicts {dominant}", "fail")
        shown = DOMINANT_NAMED if group.dominant else NAMED
        groups.append(
            f'<div class="group"><b>{text(" / ".join(group.readings))}</b>{mark} '
            f'<span class="note">{len(group.vectors)} vector(s)</span>'
            f"{ids(group.named(probe_of), linked, shown)}</div>"
        )
    return (
        f'<h3 id="{entry_anchor(entry["entry"])}">{text(entry["entry"])} '
        f"({text(entry['clause'])}): inconsistent</h3>"
        f'<p class="note">No single reading explains every answer: {entry["votes"][dominant]} '
        f"of {entry['voted']} answers fit <b>{text(dominant)}</b>, the reading followed "
        "elsewhere; the groups marked in red are the answers it cannot explain. Vectors by the "
        "readings their answers fit, those that contradict it first:</p>" + "".join(groups)
    )


def _diagnosis(report: dict[str, Any], linked: set[str]) -> str:
    summary, diagnosis = report["summary"], report["diagnosis"]
    if not summary["failed"]:
        return ""
    parts = []
    if diagnosis["signatures"]:
        rows = [
            f"<tr><td>{text(named['description'])}</td><td>{text(named['clause'])}</td>"
            f"<td>{text(named['kind'])}</td>{number(len(named['vectors']))}"
            f"<td>{ids(named['vectors'], linked, 12)}</td></tr>"
            for named in diagnosis["signatures"]
        ]
        headers = ("Known misreading", "Clause", "Kind", "Vectors", "")
        parts.append(table(headers, rows, numeric=(3,)))
    if diagnosis["unexplained"]:
        title = "Failures no known signature explains" if diagnosis["signatures"] else "Failures"
        rows = [
            f"<tr><td><b>{text(clause)}</b></td>{number(len(vids))}"
            f"<td>{ids(vids, linked, 12)}</td></tr>"
            for clause, vids in diagnosis["unexplained"].items()
        ]
        parts.append(f"<h3>{text(title)}, by clause</h3>")
        parts.append(table(("Clause", "Vectors", ""), rows, numeric=(1,)))
    kinds = " ".join(
        badge(f"{kind} {count}", "fail") for kind, count in summary["failures_by_kind"].items()
    )
    parts.append(f"<p>Failure kinds: {kinds}</p>")
    return section("diagnosis", "Diagnosis", "".join(parts))


def failure_groups(
    report: dict[str, Any], failed: list[dict[str, Any]]
) -> list[tuple[str, list[dict[str, Any]]]]:
    """The failed vectors grouped by cause, in the diagnosis's order: each known misreading
    (signature) that explains some, then the rest by clause. Each vector in one group."""
    by_id = {vector["id"]: vector for vector in failed}
    taken: set[str] = set()
    groups: list[tuple[str, list[dict[str, Any]]]] = []

    def add(title: str, vector_ids: Sequence[str]) -> None:
        members = [by_id[vid] for vid in vector_ids if vid in by_id and vid not in taken]
        taken.update(vector["id"] for vector in members)
        if members:
            groups.append((title, members))

    diagnosis = report["diagnosis"]
    for signature in diagnosis["signatures"]:
        add(f"{signature['description']} (clause {signature['clause']})", signature["vectors"])
    unexplained = "no known misreading explains these" if diagnosis["signatures"] else ""
    for clause, vector_ids in diagnosis["unexplained"].items():
        title = f"{clause} {_clause_title(report, clause)}".strip()
        add(f"{title}: {unexplained}" if unexplained else title, vector_ids)
    add("other failures", [vector["id"] for vector in failed])
    return groups


def _failures(report: dict[str, Any], failed: list[dict[str, Any]]) -> str:
    """The failures grouped by cause (failure_groups), each group's vectors folded: the first
    DETAILED in full (their message, answer, input and explain command inside), the rest one
    line each up to LISTED, then how many more."""
    if not failed:
        return ""
    entries = {entry["entry"]: entry for entry in report["interpretation"]}
    parts: list[str] = []
    shown = 0
    rest: list[dict[str, Any]] = []
    for title, members in failure_groups(report, failed):
        parts.append(f"<h3>{text(title)} {badge(f'{len(members)} vector(s)', 'fail')}</h3>")
        detailed = members[: max(DETAILED - shown, 0)]
        shown += len(detailed)
        parts += [_failure(report, vector, entries, unfolded=False) for vector in detailed]
        spilled = members[len(detailed) :]
        if spilled:
            parts.append(
                f'<p class="note">and {len(spilled)} more of this cause, one line each below.</p>'
            )
            rest += spilled
    listed = rest[: LISTED - DETAILED]
    if listed:
        rows = []
        for vector in listed:
            seen = reportview.expectation(vector, entries, 120)
            folded = "".join(f"<div>{value}</div>" for _name, value in _input_rows(report, vector))
            rows.append(
                f"<tr><td>{code(vector['id'])}</td><td>{text(vector['clause'])}</td>"
                f"<td>{badge(vector['failure']['kind'], 'fail')}</td>"
                f"<td>{code(seen.expected)}</td><td>{code(seen.actual)}</td>"
                f"<td>{folded}</td></tr>"
            )
        headers = ("Vector", "Clause", "Kind", "Expected", "Actual", "Explain and input")
        listing = table(headers, rows)
        parts.append(
            f"<h3>{len(failed) - DETAILED} more</h3><details><summary>one line each: "
            f'vector, clause, kind, expected and actual</summary><div class="body">{listing}'
            "</div></details>"
        )
    if len(failed) > LISTED:
        parts.append(f'<p class="note">and {len(failed) - LISTED} more in the JSON report.</p>')
    note = (
        f"{len(failed)} failed vector(s), grouped by cause: each known misreading that explains"
        " some, then the others by clause; open a vector for its answer, input and explain"
        " command"
        + (f"; the first {DETAILED} in full" if len(failed) > DETAILED else "")
        + ". Everything here is in the JSON report too."
    )
    return section("failures", "Failures", "".join(parts), text(note))


def _clause_title(report: dict[str, Any], clause: str) -> str:
    for row in report["clauses"]:
        if row["clause"] == clause:
            return row["title"]
    return ""


def _input_rows(report: dict[str, Any], vector: dict[str, Any]) -> list[tuple[str, str]]:
    """The explain command of a failed vector and its input, folded."""
    rows = [("Explain", code(reportview.explain_command(report, vector["id"])))]
    given = reportview.input_text(vector, VALUE_LIMIT)
    if given:
        rows.append(
            (
                "Input",
                f"<details><summary>the vector's input</summary><pre>{text(given)}</pre></details>",
            )
        )
    return rows


def _failure(
    report: dict[str, Any],
    vector: dict[str, Any],
    entries: dict[str, dict[str, Any]],
    unfolded: bool,
) -> str:
    """One failed vector: why, expected against actual, where, and what the candidate said."""
    failure = vector["failure"]
    seen = reportview.expectation(vector, entries, 160)
    rows: list[tuple[str, str]] = [
        ("Message", f'<div class="msg">{text(failure["message"])}</div>'),
        ("Clauses", text(", ".join(vector["clauses"]))),
        ("Source", code(vector["source"])),
        (
            "Kind",
            text(vector["kind"])
            + _entry_link(vector, entries)
            + (f" &middot; probe {code(vector['probe'])}" if vector["probe"] else ""),
        ),
    ]
    rows.append(("Answer", _versus(vector, entries)))
    rows += _input_rows(report, vector)
    if failure["excerpt"]:
        rows.append(("Output", f"<pre>{text(failure['excerpt'])}</pre>"))
    for index, answer in enumerate(failure["outputs"], 1):
        rows.append((f"Repetition {index}", pretty(answer)))
    if failure["stderr"]:
        rows.append(("stderr", f"<pre>{text(failure['stderr'])}</pre>"))
    body = "".join(f"<div>{text(name)}</div><div>{value}</div>" for name, value in rows)
    summary = (
        f"{code(vector['id'])} {badge(failure['kind'], 'fail')} "
        f'<span class="note">expected {code(seen.expected)}, got {code(seen.actual)}</span>'
    )
    opened = " open" if unfolded else ""
    return (
        f'<details id="{anchor(vector["id"])}"{opened}><summary>{summary}</summary>'
        f'<div class="body"><div class="kv">{body}</div></div></details>'
    )


def _entry_link(vector: dict[str, Any], entries: dict[str, dict[str, Any]]) -> str:
    """ " · ENTRY" for an ambiguity vector, linked to the entry's inconsistency section."""
    entry_id = vector["ambiguity"]
    if not entry_id:
        return ""
    if not entries.get(entry_id, {}).get("consistent", True):
        return f' &middot; <a href="#{entry_anchor(entry_id)}">{text(entry_id)}: inconsistent</a>'
    return f" &middot; {text(entry_id)}"


def _versus(vector: dict[str, Any], entries: dict[str, dict[str, Any]]) -> str:
    """Expected (or the readings, the ones the answer fits marked) beside the actual answer."""
    if vector["expected"] is not None:
        left = f'<div class="cap">Expected</div>{pretty(vector["expected"])}'
    else:
        left = '<div class="cap">Readings</div>' + _readings(vector, entries)
    if vector["actual"] is not None:
        right = pretty(reportview.compared_part(vector))
    else:
        right = f'<pre class="none">no result ({text(vector["failure"]["kind"])})</pre>'
    return f'<div class="vs"><div>{left}</div><div><div class="cap">Actual</div>{right}</div></div>'


def _readings(vector: dict[str, Any], entries: dict[str, dict[str, Any]]) -> str:
    """An ambiguity vector's readings, one row each: the outcome, whether the answer fits it,
    and which is the reference's and (inconsistent entries) the one followed elsewhere."""
    entry = entries.get(vector["ambiguity"] or "", {})
    matched = set(vector["matched_readings"] or ())
    rows = []
    for name, outcome in (vector["readings"] or {}).items():
        marks = []
        if name in matched:
            marks.append(
                badge("fits the answer", "fail" if not entry.get("consistent", True) else "pass")
            )
        if name == entry.get("dominant"):
            marks.append(badge("followed elsewhere", "pass"))
        if name == entry.get("reference"):
            marks.append(badge("reference", "skip"))
        rows.append(
            f"<tr><td><b>{text(name)}</b> {' '.join(marks)}</td>"
            f"<td>{code(reportview.value_text(outcome, 300))}</td></tr>"
        )
    return f'<table class="readings"><tbody>{"".join(rows)}</tbody></table>'


def _conventions(report: dict[str, Any]) -> str:
    if not report["conventions"]:
        return ""
    by_id = {vector["id"]: vector for vector in report["vectors"]}
    parts = []
    for convention in report["conventions"]:
        vids = convention["vectors"]
        rows = []
        for vid in vids[:CONVENTION_ROWS]:
            vector = by_id[vid]
            for difference in vector["differences"]:
                if difference["convention"] != convention["id"]:
                    continue
                rows.append(
                    f"<tr><td>{code(vid)}</td><td>{text(vector['clause'])}</td>"
                    f"<td>{text(difference['key'])}</td>"
                    f"<td>{code(reportview.value_text(difference['expected']))}</td>"
                    f"<td>{code(reportview.value_text(difference['actual']))}</td></tr>"
                )
        headers = ("Vector", "Clause", "Key", "Expected", "Actual")
        listing = table(headers, rows[:CONVENTION_SHOWN])
        if len(rows) > CONVENTION_SHOWN:
            listing += (
                f"<details><summary>{len(rows) - CONVENTION_SHOWN} more</summary>"
                f'<div class="body">{table(headers, rows[CONVENTION_SHOWN:])}</div></details>'
            )
        if len(vids) > CONVENTION_ROWS:
            more = len(vids) - CONVENTION_ROWS
            listing += f'<p class="note">{more} more vector(s) in the JSON report.</p>'
        parts.append(
            f"<h3>{text(convention['id'])} {badge(f'{len(vids)} vector(s)', 'conv')}</h3>"
            f'<p class="note">{text(convention["what"])} (defined in '
            f"{text(convention['defined_by'])})</p>" + listing
        )
    effect = (
        "They fail this run (--strict)."
        if report["strict"]
        else "They are not failures (--strict would fail them)."
    )
    note = text(
        f"Where the answers differ from what the kit defines and the spec does not. {effect}"
    )
    return section("conventions", "Convention differences", "".join(parts), note)


#: Vector changes of one kind listed in the baseline section, at most ("and N more").
BASELINE_ROWS: Final = 200


def _baseline(report: dict[str, Any]) -> str:
    """The baseline comparison: the gate first, then each kind of change (coverage lost by
    why, the others one row each, at most BASELINE_ROWS with "and N more"), reading changes."""
    baseline = report.get("baseline")
    if not baseline:
        return ""
    base = baseline["candidate"]
    gate = reportview.gate_text(baseline) or "no gate (--fail-on none)"
    parts = [
        f"<p>{badge(gate, 'fail' if baseline['gate']['tripped'] else 'pass')}</p>"
    ]
    for key, title in (
        ("regressions", "regression"),
        ("coverage_lost", "coverage lost"),
        ("fixes", "fix"),
        ("exercise_changes", "exercise change"),
        ("convention_changes", "convention change"),
    ):
        changes = baseline[key]
        if not changes:
            continue
        css = "fail" if key in ("regressions", "coverage_lost") else (
            "pass" if key == "fixes" else "skip"
        )
        parts.append(f"<h3>{badge(title, css)} {len(changes)}</h3>")
        if key == "coverage_lost":
            by_reason: dict[str, list[str]] = {}
            for change in changes:
                by_reason.setdefault(change.get("reason") or "not exercised", []).append(
                    change["id"]
                )
            parts.append(
                table(
                    ("Not exercised now because", "Vectors", ""),
                    (
                        f"<tr><td>{text(reason)}</td>{number(len(vids))}"
                        f"<td>{ids(vids, set())}</td></tr>"
                        for reason, vids in by_reason.items()
                    ),
                    numeric=(1,),
                )
            )
            continue
        rows = [
            f"<tr><td>{code(change['id'])}</td><td>{text(change['clause'])}</td>"
            f"<td>{text(change['before'])} &rarr; {text(change['after'])}"
            f"{text(' (' + change['kind'] + ')') if change.get('kind') else ''}</td></tr>"
            for change in changes[:BASELINE_ROWS]
        ]
        parts.append(table(("Vector", "Clause", ""), rows))
        if len(changes) > BASELINE_ROWS:
            more = len(changes) - BASELINE_ROWS
            parts.append(f'<p class="note">and {more} more (in the JSON report).</p>')
    if baseline["interpretation_changes"]:
        rows = [
            f"<tr><td>{text(change['entry'])}</td>"
            f"<td>{text(' / '.join(change['before']) or 'none')} &rarr; "
            f"{text(' / '.join(change['after']) or 'none')}</td></tr>"
            for change in baseline["interpretation_changes"]
        ]
        parts.append(f"<h3>{badge('reading change', 'conv')}</h3>")
        parts.append(table(("Entry", "Reading followed: before, now"), rows))
    head = text(
        f"Against {baseline['path']} ({base.get('name', '')} {base.get('version', '')}, "
        f"{baseline['started_at']}): {baseline['compared']} vectors compared, "
        f"{len(baseline['regressions'])} regression(s), "
        f"{len(baseline['coverage_lost'])} no longer exercised, "
        f"{len(baseline['fixes'])} fix(es)."
    )
    return section("baseline", "Baseline", "".join(parts), head)


def _warnings(report: dict[str, Any]) -> str:
    """The run's warnings and the candidate's stderr (its first excerpt)."""
    run = report["run"]
    parts = []
    if run["warnings"]:
        items = "".join(f"<li>{text(warning)}</li>" for warning in run["warnings"])
        parts.append(section("warnings", "Warnings", f'<ul class="plain">{items}</ul>'))
    if run["stderr"]["bytes"]:
        note = f"{run['stderr']['bytes']} bytes over all processes; the first excerpt:"
        content = f"<pre>{text(run['stderr']['excerpt'])}</pre>"
        parts.append(section("stderr", "Candidate stderr", content, note))
    return "".join(parts)


def write(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    output.write_file(path, render(report))
