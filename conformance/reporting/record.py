"""The certificate record (`--record PATH`): what a certificate held, as a small text file
that sorts and diffs line by line, and that `--baseline` reads as it reads a full report.

Its lines, each a kind and tab-separated fields (free text as a JSON string, ASCII only):

    oasis-si-certificate-record 1
    kit        oasis-si-conformance-kit 0.1.0
    edition    0.3.0-rc1+first-published
    corpus     sha256:...
    candidate  {"name": ..., "version": ..., "command": [...]}
    started_at 2026-08-22T10:00:00+00:00
    verdict    conformant
    reading    ENTRY  READING[,READING...]      (sorted by entry: the readings followed)
    vector     ID     STATUS[  FAILURE-KIND]     (sorted by id: every vector of the run)

A reading is what the interpretation profile says the answers follow (`followed`, or the
dominant reading of an inconsistent entry), the same value a baseline comparison reads from a
full report. A record never holds the candidate's answers: it is the verdicts and the readings.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance import output
from oasis_si_conformance.model import Status

#: The first line of every record: what the file is, and its format number.
MAGIC: Final = "oasis-si-certificate-record"
FORMAT: Final = 1


class RecordError(ValueError):
    """A record that cannot be read; the message names the file and the line."""


def followed(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The readings an interpretation entry of a report says the answers follow: `followed`,
    or for an inconsistent entry its dominant reading (none when nothing voted)."""
    if entry["followed"]:
        return tuple(entry["followed"])
    return (entry["dominant"],) if entry.get("dominant") else ()


@attrs.frozen
class Record:
    """What a certificate held, as a baseline compares it: the edition and corpus it is
    comparable on, who was certified and when, every vector's status (and failure kind), and
    every register entry's readings followed."""

    edition: str
    digest: str
    candidate: dict[str, Any]  # name, version, command
    started_at: str
    verdict: str
    statuses: dict[str, str]  # vector id -> status
    kinds: dict[str, str]  # failed vector id -> failure kind
    readings: dict[str, tuple[str, ...]]  # register entry -> readings followed
    kit: str = ""

    @classmethod
    def from_report(cls, document: Mapping[str, Any]) -> Record:
        """The record of a JSON report (report.schema.json; a shallow-checked one will do:
        each vector's id, status and failure kind are all it reads of them)."""
        candidate = document["candidate"]
        edition = document.get("edition", {}).get("name", document.get("profile", ""))
        return cls(
            edition=edition,
            digest=document["corpus"]["digest"],
            candidate={key: candidate.get(key) for key in ("name", "version", "command")},
            started_at=document["started_at"],
            verdict=document["verdict"],
            statuses={vector["id"]: vector["status"] for vector in document["vectors"]},
            kinds={
                vector["id"]: vector["failure"]["kind"]
                for vector in document["vectors"]
                if vector.get("failure")
            },
            readings={entry["entry"]: followed(entry) for entry in document["interpretation"]},
            kit=f"{document['kit']['name']} {document['kit']['version']}",
        )

    def text(self) -> str:
        """The record as its file holds it: the head, then readings and vectors sorted."""
        head = [
            f"{MAGIC} {FORMAT}",
            f"kit\t{self.kit}",
            f"edition\t{self.edition}",
            f"corpus\t{self.digest}",
            f"candidate\t{_json(self.candidate)}",
            f"started_at\t{self.started_at}",
            f"verdict\t{self.verdict}",
        ]
        readings = [
            f"reading\t{entry}\t{','.join(self.readings[entry])}" for entry in sorted(self.readings)
        ]
        vectors = []
        for vector_id in sorted(self.statuses):
            kind = self.kinds.get(vector_id)
            tail = f"\t{kind}" if kind else ""
            vectors.append(f"vector\t{vector_id}\t{self.statuses[vector_id]}{tail}")
        return "\n".join([*head, *readings, *vectors]) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True, sort_keys=True, separators=(", ", ": "))


def is_record(text: str) -> bool:
    """Whether a file's text is a record (it starts with the record's first line)."""
    return text.startswith(MAGIC + " ")


#: The head's keys, each required once.
_HEAD: Final = ("kit", "edition", "corpus", "candidate", "started_at", "verdict")
_STATUSES: Final = frozenset(status.value for status in Status)


def parse(text: str, path: Path) -> Record:
    """A record read back (RecordError names the file and line of what is wrong)."""
    lines = text.splitlines()
    first = lines[0] if lines else ""
    if first != f"{MAGIC} {FORMAT}":
        raise RecordError(f"{path}:1: not a certificate record of format {FORMAT}: {first[:80]!r}")
    head: dict[str, str] = {}
    statuses: dict[str, str] = {}
    kinds: dict[str, str] = {}
    readings: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        kind, _tab, rest = line.partition("\t")
        fields = rest.split("\t")
        where = f"{path}:{number}"
        if kind in _HEAD and kind not in head:
            head[kind] = rest
        elif kind == "reading" and len(fields) == 2 and fields[0] not in readings:
            readings[fields[0]] = tuple(name for name in fields[1].split(",") if name)
        elif kind == "vector" and len(fields) in (2, 3) and fields[0] not in statuses:
            if fields[1] not in _STATUSES:
                raise RecordError(f"{where}: unknown status {fields[1][:40]!r}")
            statuses[fields[0]] = fields[1]
            if len(fields) == 3:
                kinds[fields[0]] = fields[2]
        else:
            raise RecordError(f"{where}: not a line of a record (or repeated): {line[:80]!r}")
    missing = [key for key in _HEAD if key not in head]
    if missing:
        raise RecordError(f"{path}: the record lacks its {', '.join(missing)} line(s)")
    try:
        candidate = json.loads(head["candidate"])
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: candidate line: {error}") from None
    if not isinstance(candidate, dict):
        raise RecordError(f"{path}: candidate line: not a JSON object")
    return Record(
        edition=head["edition"],
        digest=head["corpus"],
        candidate=candidate,
        started_at=head["started_at"],
        verdict=head["verdict"],
        statuses=statuses,
        kinds=kinds,
        readings=readings,
        kit=head["kit"],
    )


def write(document: Mapping[str, Any], path: Path) -> None:
    """Write the record of a JSON report."""
    path.parent.mkdir(parents=True, exist_ok=True)
    output.write_file(path, Record.from_report(document).text())
