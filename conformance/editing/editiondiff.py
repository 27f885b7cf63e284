"""An amendment's impact report: the vectors whose expectation differs between two editions of
the text (`oasis-si-vectors diff-editions A B [--json]`).

A vector states its expectation once, plus an `editions` block where an edition's differs
(corpus.Vector.for_edition). This module reads every vector under both editions and lists the
ones whose expectation (normative outcome, convention, or ambiguity entry with its readings)
is not the same, grouped by the clauses they cite and by family, with the changes the editions
catalog declares between the two. The JSON form follows schemas/edition-diff.schema.json.
"""

import itertools
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.corpus.editions import Edition
from oasis_si_conformance.judging import compare

FORMAT: Final = 1


def expectation(vector: Vector) -> dict[str, Any]:
    """What a vector expects, as one value: its kind and the fields that state it."""
    stated = {
        "expected": vector.expected,
        "convention": vector.convention,
        "ambiguity": vector.ambiguity,
        "readings": vector.readings,
    }
    return {"kind": vector.kind.value, **{k: v for k, v in stated.items() if v is not None}}


@attrs.frozen
class Change:
    """One vector whose expectation differs between the two editions."""

    vector: Vector
    before: dict[str, Any]
    after: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.vector.id,
            "family": self.vector.family,
            "clauses": list(self.vector.clauses),
            "operation": self.vector.operation,
            "source": self.vector.source,
            "from": self.before,
            "to": self.after,
        }


def changes(vectors: Iterable[Vector], first: str, second: str) -> list[Change]:
    """The vectors whose expectation under edition `second` differs from that under `first`, in
    corpus order."""
    found = []
    for vector in vectors:
        before = expectation(vector.for_edition(first))
        after = expectation(vector.for_edition(second))
        if before != after:
            found.append(Change(vector, before, after))
    return found


def declared(editions: Sequence[Edition], first: Edition, second: Edition) -> list[dict[str, Any]]:
    """The changes the editions catalog states on the way from `first` to `second` (following
    `base` links either way), each with the edition that makes it."""
    def lineage(edition: Edition) -> list[Edition]:
        by_name = {e.name: e for e in editions}
        chain = [edition]
        while chain[-1].base is not None and chain[-1].base in by_name:
            chain.append(by_name[chain[-1].base])
        return chain

    older, newer = {e.name for e in lineage(first)}, {e.name for e in lineage(second)}
    between = [e for e in editions if (e.name in newer) != (e.name in older)]
    return [{"edition": e.name, **change} for e in between for change in e.changes]


def report(
    vectors: Sequence[Vector],
    editions: Sequence[Edition],
    first: Edition,
    second: Edition,
    corpus_digest: str,
) -> dict[str, Any]:
    """The impact report of going from edition `first` to `second` (schemas/edition-diff)."""
    found = changes(vectors, first.name, second.name)
    return assemble(
        found, len(vectors), first, second, declared(editions, first, second), corpus_digest
    )


def assemble(
    found: Sequence[Change],
    total: int,
    first: Edition,
    second: Edition,
    declared_changes: list[dict[str, Any]],
    corpus_digest: str,
) -> dict[str, Any]:
    """The report document of the changes `found` going from `first` to `second`."""
    by_clause: dict[str, list[str]] = {}
    by_family: dict[str, list[str]] = {}
    by_entry: dict[str, list[str]] = {}
    for change in found:
        for clause in change.vector.clauses:
            by_clause.setdefault(clause, []).append(change.vector.id)
        by_family.setdefault(change.vector.family, []).append(change.vector.id)
        for entry in dict.fromkeys(e.get("ambiguity") for e in (change.before, change.after)):
            if entry:
                by_entry.setdefault(entry, []).append(change.vector.id)
    kinds = Counter(f"{c.before['kind']} -> {c.after['kind']}" for c in found)
    decided = {
        entry: reading
        for entry, reading in second.decided.items()
        if first.decided.get(entry) != reading
    }
    return {
        "format": FORMAT,
        "from": first.name,
        "to": second.name,
        "corpus_digest": corpus_digest,
        "vectors": total,
        "changed": len(found),
        "declared_changes": declared_changes,
        "decided": decided,
        "kinds": dict(sorted(kinds.items())),
        "by_clause": dict(sorted(by_clause.items(), key=lambda item: _clause_key(item[0]))),
        "by_family": dict(sorted(by_family.items())),
        "by_entry": dict(sorted(by_entry.items())),
        "indistinct": indistinct(found),
        "changes": [change.to_json() for change in found],
    }


def indistinct(found: Iterable[Change]) -> dict[str, list[str]]:
    """Entry -> ids of the changed vectors that tell some pair of its readings apart before
    and no longer after (they stop telling readings apart)."""
    lost: dict[str, list[str]] = {}
    for change in found:
        entry = change.before.get("ambiguity")
        if entry and _pairs_apart(change.before) - _pairs_apart(change.after, entry):
            lost.setdefault(entry, []).append(change.vector.id)
    return dict(sorted(lost.items()))


def _pairs_apart(expectation: Mapping[str, Any], entry: str | None = None) -> set[tuple[str, str]]:
    """The pairs of readings (of `entry`, when given) the expectation tells apart."""
    if "readings" not in expectation or (entry and expectation.get("ambiguity") != entry):
        return set()
    given = expectation["readings"]
    return {
        (left, right)
        for left, right in itertools.combinations(sorted(given), 2)
        if compare.distinguishable(dict(given[left]), dict(given[right]))
    }


def _clause_key(clause: str) -> tuple[int | str, ...]:
    return tuple(int(part) if part.isdigit() else part for part in clause.split("."))


def render(document: Mapping[str, Any], shown: int = 8, summary: bool = False) -> str:
    """The report as text people read: the totals, by clause, by family, by entry, then every
    change (`summary`: counts only, no vector list)."""
    lines = [
        f"Editions {document['from']} -> {document['to']}: {document['changed']} of"
        f" {document['vectors']} vectors change expectation"
        f" (corpus {document['corpus_digest']})",
    ]
    for change in document["declared_changes"]:
        edition, clause = change["edition"], change["clause"]
        lines.append(f"  {edition} changes clause {clause}: {change['summary']}")
    for entry, reading in (document.get("decided") or {}).items():
        lines.append(f"  {document['to']} decides {entry} as {reading}")
    if document["kinds"]:
        kinds = ", ".join(f"{kind}: {count}" for kind, count in document["kinds"].items())
        lines.append(f"  kinds: {kinds}")
    undecidable = document.get("undecidable") or []
    if undecidable:
        lines.append(f"  {len(undecidable)} vector(s) cannot be decided under {document['to']}")
    shown = 0 if summary else shown
    groups = [("By clause", "by_clause"), ("By family", "by_family"), ("By entry", "by_entry")]
    for title, key in groups:
        if summary and key == "by_family":
            continue
        lines += ["", f"{title}:"]
        lines += [_group(name, ids, shown) for name, ids in (document.get(key) or {}).items()]
    lost = document.get("indistinct") or {}
    if lost:
        lines += ["", "Vectors that stop telling readings apart:"]
        lines += [_group(name, ids, shown) for name, ids in lost.items()]
    if undecidable:
        lines += ["", "Cannot be decided:"]
        lines += [f"  {item['id']}: {item['reason']}" for item in undecidable[: shown or None]]
    for judged in document.get("reports") or []:
        lines += ["", *_report_lines(judged, shown)]
    if summary:
        return "\n".join(lines) + "\n"
    lines += ["", "Changes:"]
    for change in document["changes"]:
        lines.append(f"  {change['id']} ({change['source']}, {change['operation']})")
        lines.append(f"    {document['from']}: {_shown(change['from'])}")
        lines.append(f"    {document['to']}: {_shown(change['to'])}")
    return "\n".join(lines) + "\n"


def _group(name: str, ids: Sequence[str], shown: int) -> str:
    if not shown:
        return f"  {name:24} {len(ids):5d}"
    more = f" and {len(ids) - shown} more" if len(ids) > shown else ""
    return f"  {name:24} {len(ids):5d}  {', '.join(ids[:shown])}{more}"


def _report_lines(judged: Mapping[str, Any], shown: int) -> list[str]:
    """One stored report re-judged (whatif.rejudge)."""
    lines = [
        f"Report {judged['report']} ({judged['candidate']}, edition {judged['edition']}):"
        f" {judged['verdict_before']} -> {judged['verdict_after']}"
        + (
            f" ({judged['failed_before']} -> {judged['failed_after']} failed vectors)"
            if "failed_after" in judged
            else ""
        )
    ]
    if judged.get("answers_note"):
        lines.append(f"  {judged['answers_note']}")
    for key, title in (("newly_failed", "would fail"), ("newly_passed", "would pass")):
        ids = judged[key]
        if ids:
            listed = ", ".join(ids[: shown or None]) if shown else ""
            more = f" and {len(ids) - shown} more" if shown and len(ids) > shown else ""
            lines.append(f"  {title}: {len(ids)} {listed}{more}".rstrip())
    if judged["unjudged"]:
        lines.append(f"  {len(judged['unjudged'])} changed vector(s) hold no answer to re-judge")
    if judged.get("undecided"):
        lines.append(
            f"  {len(judged['undecided'])} vector(s) cannot be decided: their stored status kept"
        )
    lines.extend(f"  note: {note}" for note in judged.get("notes", []))
    return lines


def _shown(expectation: Mapping[str, Any]) -> str:
    if "readings" in expectation:
        readings = "; ".join(
            f"{reading}: {_outcome(outcome)}"
            for reading, outcome in expectation["readings"].items()
        )
        return f"ambiguity {expectation['ambiguity']} ({readings})"
    convention = f" (convention {expectation['convention']})" if "convention" in expectation else ""
    return f"{expectation['kind']} {_outcome(expectation['expected'])}{convention}"


def _outcome(outcome: Mapping[str, Any]) -> str:
    return ", ".join(f"{key} {value}" for key, value in outcome.items())


def markdown(document: Mapping[str, Any]) -> str:
    """The re-judged reports as Markdown to paste in a review: per report, its verdict and
    failure counts before and after, whose answers they rest on (`answers_note`: the bundled
    reference asked again, or answers as given under the report's edition), then a
    table of the vectors that would newly fail or newly pass, each with the implementation's
    answer and the expectation before and after. Without reports, the changed vectors'
    table."""
    title = f"{document['from']} -> {document['to']}"
    lines = [
        f"### {title}: {document['changed']} of {document['vectors']} vectors change expectation",
        "",
    ]
    reports = document.get("reports") or []
    if not reports:
        lines += [f"| vector | {document['from']} | {document['to']} |", "|---|---|---|"]
        lines += [
            f"| `{c['id']}` | {_cell(_shown(c['from']))} | {_cell(_shown(c['to']))} |"
            for c in document["changes"]
        ]
        return "\n".join(lines) + "\n"
    for judged in reports:
        lines += [
            f"#### {_cell(judged['candidate'])} (report `{_cell(judged['report'])}`)",
            "",
            f"{judged['verdict_before']} -> {judged['verdict_after']}:"
            f" {judged.get('failed_before', '?')} -> {judged.get('failed_after', '?')} failed"
            f" vectors; {len(judged['newly_failed'])} newly fail,"
            f" {len(judged['newly_passed'])} newly pass,"
            f" {len(judged['unjudged'])} changed vectors hold no answer"
            + (
                f", {len(judged['undecided'])} cannot be decided (stored status kept)."
                if judged.get("undecided")
                else "."
            ),
            "",
        ]
        if judged.get("answers_note"):
            lines += [f"*{_cell(judged['answers_note'])}*", ""]
        flips = judged.get("flips") or []
        if flips:
            lines += [
                f"| vector | now | answer | expected under {document['from']}"
                f" | expected under {document['to']} |",
                "|---|---|---|---|---|",
            ]
            lines += [
                f"| `{flip['id']}` | {flip['now']} | {_cell(_outcome(flip['answer']))}"
                f" | {_cell(_shown(flip['before']))} | {_cell(_shown(flip['after']))} |"
                for flip in flips
            ]
            lines.append("")
    return "\n".join(lines)


def _cell(text: str) -> str:
    """Text safe in one Markdown table cell: pipes escaped, one line, printable."""
    shown = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in str(text))
    return shown.replace("|", "\\|")


def show(
    document: dict[str, Any], as_json: bool, summary: bool, as_markdown: bool = False
) -> None:
    """Print an impact report: as JSON (schemas/edition-diff.schema.json), Markdown or text."""
    if as_json:
        print(json.dumps(document, indent=1, ensure_ascii=True))
    elif as_markdown:
        print(markdown(document), end="")
    else:
        print(render(document, summary=summary), end="")
