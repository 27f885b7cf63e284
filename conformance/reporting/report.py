"""The JSON report (schemas/report.schema.json): everything a run found, for machines.

The report records what makes a run reproducible and comparable: the kit version, the corpus
digest and profile, the candidate's declaration and command, the mode, the seed, the
repetitions and the selection. `started_at` and `duration_s` are the only fields that differ
between two runs of the same candidate on the same corpus with the same seed.
"""

from __future__ import annotations

import datetime
import gzip
import io
import json
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attrs

from oasis_si_conformance import KIT_NAME, __version__, output
from oasis_si_conformance.corpus.corpus import Vector, required_template
from oasis_si_conformance.judging import interpretation
from oasis_si_conformance.judging.diagnosis import Diagnosis, clause_key
from oasis_si_conformance.model import NOT_RUN, Status, VectorResult
from oasis_si_conformance.operations import NAMES
from oasis_si_conformance.output import describe_size
from oasis_si_conformance.reporting import reportview
from oasis_si_schemas import first_error_message, validator

if TYPE_CHECKING:  # a report reads a run's outcome; it never runs anything
    from oasis_si_conformance.running.runner import RunConfig, RunOutcome

FORMAT: Final = 1
CONFORMANT: Final = "conformant"
NOT_CONFORMANT: Final = "not_conformant"


@attrs.frozen
class RunSetup:
    """What the run was asked to do, beside the candidate's answers: the configuration, the
    corpus and its selection, the catalogs read."""

    config: RunConfig
    profile: str
    corpus_digest: str
    manifest: str  # "committed" (MANIFEST.json agrees), "stale" (it does not), "absent"
    corpus_size: int  # vectors in the whole corpus
    selection: tuple[str, ...]  # the -k values
    vectors: tuple[Vector, ...]  # the selected vectors, corpus order
    clause_titles: dict[str, str]
    signatures: str  # the signatures file used ("" when none)
    strict: bool = False  # --strict: a convention difference fails the run
    held_out: dict[str, int] | None = None  # the held-out tier: {seed, cases} (--held-out N)
    conventions: tuple[dict[str, Any], ...] = ()  # vectors/conventions.yaml
    started_at: str = attrs.Factory(
        lambda: datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    )


def verdict(summary: dict[str, Any], strict: bool = False) -> str:
    """Conformant: something was exercised, nothing failed, and (strict) no answer differs from
    a convention of the kit."""
    exercised = summary["passed"] + summary["failed"] + summary["convention"]
    failed = summary["failed"] + (summary["convention"] if strict else 0)
    return CONFORMANT if exercised and not failed else NOT_CONFORMANT


def summarise(results: dict[str, VectorResult]) -> dict[str, Any]:
    kinds: dict[str, int] = {}
    for result in results.values():
        if result.failure is not None:
            kinds[result.failure.kind] = kinds.get(result.failure.kind, 0) + 1
    statuses = [result.status for result in results.values()]
    return {
        "total": len(statuses),
        "passed": statuses.count(Status.PASSED),
        "failed": statuses.count(Status.FAILED),
        "convention": statuses.count(Status.CONVENTION),
        "not_exercised": statuses.count(Status.NOT_EXERCISED),
        "failures_by_kind": dict(sorted(kinds.items())),
    }


def convention_section(
    vectors: tuple[Vector, ...],
    results: dict[str, VectorResult],
    catalog: tuple[dict[str, Any], ...],
) -> list[dict[str, Any]]:
    """Every convention an answer differs from, with the vectors that differ (convention
    differences are listed apart from failures and never fail a non-strict run)."""
    found: dict[str, list[str]] = {}
    for vector in vectors:
        for difference in results[vector.id].differences:
            if difference.convention is not None:
                ids = found.setdefault(difference.convention, [])
                if vector.id not in ids:
                    ids.append(vector.id)
    what = {entry["id"]: entry for entry in catalog}
    return [
        {
            "id": convention,
            "defined_by": what.get(convention, {}).get("defined_by", ""),
            "what": " ".join(what.get(convention, {}).get("what", "").split()),
            "vectors": ids,
        }
        for convention, ids in sorted(found.items())
    ]


def scope(
    vectors: tuple[Vector, ...], results: dict[str, VectorResult], hello: Any
) -> dict[str, Any]:
    """What the run exercised: the operations and templates of the exercised vectors, and those
    the selection needed that the candidate does not declare."""
    exercised = [v for v in vectors if results[v.id].status != Status.NOT_EXERCISED]
    skipped = [v for v in vectors if results[v.id].status == Status.NOT_EXERCISED]
    order = {name: index for index, name in enumerate(NAMES)}

    def operations(of: list[Vector]) -> list[str]:
        return sorted({v.operation for v in of}, key=lambda name: order.get(name, len(order)))

    def templates(of: list[Vector]) -> list[str]:
        return sorted({t for v in of if (t := required_template(v)) is not None})

    return {
        "operations": operations(exercised),
        "templates": templates(exercised),
        "undeclared_operations": [op for op in operations(skipped) if not hello.offers(op)],
        "undeclared_templates": [
            template for template in templates(skipped) if not hello.offers_template(template)
        ],
    }


def _diagnosis_json(diagnosis: Diagnosis, outcome: RunOutcome) -> dict[str, Any]:
    """The diagnosis, with the other edition the answers follow first where there is one."""
    document = diagnosis.to_json()
    if outcome.edition_fit is not None:
        fit = outcome.edition_fit.to_json(outcome.edition.name)
        document = {"edition_fit": fit, **document}
    return document


def headline(document: dict[str, Any]) -> str:
    """The certificate's one line: verdict, scope exercised, edition, the counts (in the one
    wording every format shows, reportview.counts_text)."""
    summary, scoped = document["summary"], document["scope"]
    word = reportview.verdict_word(document)
    exercised = " / ".join(
        part for part in (", ".join(scoped["operations"]), ", ".join(scoped["templates"])) if part
    )
    parts = [f"{word} for {exercised or 'nothing'} (edition {document['edition']['name']})"]
    fit = document["diagnosis"].get("edition_fit")
    if fit is not None:  # said first: the answers are another edition's text
        parts.insert(0, f"these answers follow edition {fit['edition']}; rerun with --edition "
                     f"{fit['edition']}")
    undeclared = scoped["undeclared_templates"] + scoped["undeclared_operations"]
    if undeclared:
        parts.append(f"{', '.join(undeclared)} not declared")
    parts.append(reportview.counts_text(summary, document["strict"]))
    if document["corpus"]["selection"]:
        parts.append("partial run (-k selection)")
    if document.get("baseline") and document["baseline"]["gate"]["tripped"]:
        parts.append(reportview.gate_text(document["baseline"]))
    return "; ".join(parts)


def by_clause(
    vectors: tuple[Vector, ...], results: dict[str, VectorResult], titles: dict[str, str]
) -> list[dict[str, Any]]:
    """Counts per clause; a vector counts under every clause it cites."""
    counts: dict[str, dict[str, int]] = {}
    for vector in vectors:
        for clause in vector.clauses:
            row = counts.setdefault(clause, {status.value: 0 for status in Status})
            row[results[vector.id].status] += 1
    return [
        {"clause": clause, "title": titles.get(clause, ""), **counts[clause]}
        for clause in sorted(counts, key=clause_key)
    ]


def vector_entry(vector: Vector, result: VectorResult) -> dict[str, Any]:
    failure = None
    if result.failure is not None:
        failure = {
            "kind": result.failure.kind,
            "message": result.failure.message,
            "excerpt": result.failure.excerpt,
            "stderr": result.failure.stderr,
            "outputs": list(result.failure.outputs),
        }
    return {
        "id": vector.id,
        "clause": vector.clauses[0],
        "clauses": list(vector.clauses),
        "family": vector.family,
        "operation": vector.operation,
        "source": vector.source,
        "kind": vector.kind.value,
        "ambiguity": vector.ambiguity,
        "convention": vector.convention,
        "probe": vector.probe,
        "status": result.status,
        "expected": vector.expected,
        "readings": vector.readings,
        "actual": result.actual,
        "matched_readings": list(result.readings) if result.readings is not None else None,
        "differences": [attrs.asdict(difference) for difference in result.differences],
        "failure": failure,
        "reason": result.reason if result.status == Status.NOT_EXERCISED else None,
        "input": vector.input if result.status == Status.FAILED else None,
    }


def build(
    setup: RunSetup,
    outcome: RunOutcome,
    diagnosis: Diagnosis,
    baseline: dict[str, Any] | None = None,
) -> dict[str, Any]:
    config = setup.config
    hello = outcome.hello
    vectors = tuple(vector.for_edition(outcome.edition.name) for vector in setup.vectors)
    summary = summarise(outcome.results)
    document = {
        "format": FORMAT,
        "kit": {"name": KIT_NAME, "version": __version__},
        "profile": setup.profile,
        "corpus": {
            "digest": setup.corpus_digest,
            "manifest": setup.manifest,
            "vectors": setup.corpus_size,
            "selected": len(setup.vectors) - (setup.held_out or {}).get("cases", 0),
            "selection": list(setup.selection),
            "signatures": setup.signatures,
            **({"held_out": setup.held_out} if setup.held_out else {}),
        },
        "candidate": {
            "name": hello.name,
            "version": hello.version,
            "command": list(config.argv),
            "operations": list(hello.operations),
            "templates": list(hello.templates),
            "profiles": list(hello.profiles),
            "runtime": hello.runtime,
        },
        "mode": "one-shot" if config.one_shot else "streaming",
        "seed": config.seed,
        "repetitions": config.repetitions,
        "jobs": config.jobs,
        "limits": {
            "timeout_s": config.limits.timeout,
            "startup_timeout_s": config.limits.startup_timeout,
            "max_line_bytes": config.limits.max_line,
            "memory_limit_bytes": config.limits.memory,
            "cpu_limit_s": config.limits.cpu,
            "max_restarts": config.max_restarts,
        },
        "started_at": setup.started_at,
        "duration_s": round(outcome.duration, 3),
        "edition": outcome.edition.to_json(),
        "strict": setup.strict,
        "verdict": verdict(summary, setup.strict),
        "headline": "",
        "scope": scope(vectors, outcome.results, hello),
        "summary": summary,
        "clauses": by_clause(vectors, outcome.results, setup.clause_titles),
        "conventions": convention_section(vectors, outcome.results, setup.conventions),
        "interpretation": _interpretation(outcome, hello.runtime),
        "diagnosis": _diagnosis_json(diagnosis, outcome),
        "run": {
            "requests": outcome.requests,
            "processes": outcome.processes,
            "restarts": outcome.restarts,
            "warnings": list(outcome.warnings) + _declared_warnings(outcome, hello.runtime),
            "stderr": {"bytes": outcome.stderr_bytes, "excerpt": outcome.stderr_excerpt},
            "environment": config.environment.to_json(),
        },
        "vectors": [vector_entry(v, outcome.results[v.id]) for v in vectors],
    }
    if baseline is not None:
        document["baseline"] = baseline
    document["headline"] = headline(document)
    return document


def _interpretation(outcome: RunOutcome, runtime: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The profile's entries, each version entry with the version the candidate declares for
    its table (handshake runtime.unicode) and whether its answers agree."""
    declared = interpretation.check_declared(runtime, outcome.profile)
    entries = []
    for entry in outcome.profile:
        document = entry.to_json()
        if entry.entry in declared:
            document["declared"] = declared[entry.entry]
        entries.append(document)
    return entries


def _declared_warnings(outcome: RunOutcome, runtime: dict[str, Any] | None) -> list[str]:
    """A declared Unicode version that the answers on its table's probes do not follow."""
    profiles = {entry.entry: entry for entry in outcome.profile}
    return [
        f"runtime.unicode declares {found['version']} for {found['table'].replace('_', ' ')}, "
        f"but the answers on the {entry_id} probes follow "
        f"{' / '.join(profiles[entry_id].followed)}"
        for entry_id, found in interpretation.check_declared(runtime, outcome.profile).items()
        if found["agrees"] is False
    ]


def check(document: dict[str, Any]) -> None:
    """Raise ValueError when a report does not fit schemas/report.schema.json."""
    problem = first_error_message(validator("report"), document)
    if problem is not None:
        raise ValueError(f"report does not fit report.schema.json at {problem}")


def load_shallow(path: Path, role: str = "") -> dict[str, Any]:
    """The JSON report at `path`, checked as `check_shallow` checks it (what a baseline and a
    comparison read). Raises ValueError saying why it cannot be used; `role` names the file in
    that message ("baseline")."""
    name = f"{role} {path}".strip()
    try:
        document = json.loads(read_text(path))
    except OSError as error:
        raise ValueError(f"cannot read {name}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{name} is not a JSON report: {error}") from None
    except ReadError as error:
        raise ValueError(f"{name}: {error}") from None
    try:
        check_shallow(document)
    except ValueError as error:
        raise ValueError(f"{name} is not a report of this kit ({error})") from None
    return document  # a dict: check_shallow refuses anything else


#: The largest report read (after decompression): a report of the whole corpus is a few MB.
READ_LIMIT: Final = 512 * output.MIB
_GZIP_MAGIC: Final = b"\x1f\x8b"


class ReadError(Exception):
    """A report file that holds more than READ_LIMIT, or a broken gzip stream."""


def read_text(path: Path) -> str:
    """A report's (or a record's) text as UTF-8, gzip-compressed or not (`report.json.gz`):
    recognised by its first bytes, whatever its name; at most READ_LIMIT bytes once
    decompressed (ReadError beyond). OSError and UnicodeDecodeError pass through."""
    with path.open("rb") as stream:
        data = stream.read(READ_LIMIT + 1)
    if data.startswith(_GZIP_MAGIC):
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
                data = unpacked.read(READ_LIMIT + 1)
        except (OSError, EOFError, zlib.error) as error:
            raise ReadError(f"not a readable gzip file ({error})") from None
    if len(data) > READ_LIMIT:
        raise ReadError(f"larger than {describe_size(READ_LIMIT)}")
    return data.decode("utf-8")


def check_shallow(document: dict[str, Any]) -> None:
    """`check` with each per-vector entry reduced to the fields a baseline reads (id, clause,
    status, failure kind): the full check of thousands of entries takes seconds."""
    if not isinstance(document, dict) or not isinstance(document.get("vectors"), list):
        raise ValueError("report does not fit report.schema.json at (root): no vectors list")
    check({**document, "vectors": []})
    for index, entry in enumerate(document["vectors"]):
        failure = entry.get("failure") if isinstance(entry, dict) else None
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("id"), str)
            and isinstance(entry.get("clause"), str)
            and entry.get("status") in tuple(Status)
            and (
                failure is None
                or isinstance(failure, dict)
                and isinstance(failure.get("kind"), str)
            )
        ):
            raise ValueError(f"report does not fit report.schema.json at vectors/{index}")


def write(document: dict[str, Any], path: Path) -> None:
    """Write a report (its shape is kept equal to the schema by the tests, not checked here:
    checking thousands of entries with jsonschema takes seconds)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    output.write_file(path, report_text(document) + "\n")


def report_text(document: dict[str, Any]) -> str:
    """The report as JSON every reader accepts: a non-finite number an answer held (`1e999`) is
    written as a string, and `run.warnings` says how many were."""
    text, count = output.json_text(document, 1)
    if not count:
        return text
    safe, _count = output.json_safe(document)
    safe["run"]["warnings"].append(output.non_finite_note(count, "report"))
    return json.dumps(safe, indent=1, ensure_ascii=True, allow_nan=False)


def mark_interrupted(
    document: dict[str, Any], signal: str, stage: str, requests: int, short: int = 0
) -> None:
    """Mark a report built from `PartialRun.outcome` (partial.py) as interrupted (report.schema.json
    `interrupted`): never conformant, and its headline says so first; `short`: the vectors
    judged on fewer repetitions than the run asked for."""
    not_run = sum(
        1
        for vector in document["vectors"]
        if vector["status"] == Status.NOT_EXERCISED and (vector["reason"] or "").startswith(NOT_RUN)
    )
    document["interrupted"] = {
        "signal": signal,
        "stage": stage,
        "requests": requests,
        "not_run": not_run,
        "short": short,
    }
    document["verdict"] = NOT_CONFORMANT
    repetitions = document["repetitions"]
    fewer = f", {short} judged on fewer than {repetitions} repetitions" if short else ""
    document["headline"] = (
        f"INTERRUPTED by {signal} while {stage}, {not_run} vector(s) not run{fewer}; "
        + headline(document)
    )
