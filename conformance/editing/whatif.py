"""Weighing a proposed edition before anything ships:
`oasis-si-vectors diff-editions BASE --proposed FILE [--reports R.json ...] [--summary]`.

FILE holds one edition block that is not in the catalog (schemas/editions.schema.json
`proposed`): its base, the parameters it amends, the register entries it decides. Nothing is
written. Every vector's expectation under it is derived from the vector's expectation under
its base:

- the entries it decides, from the vector's `readings` (ratify.decide), anywhere;
- an amended parameter of the text (a window of radius two) changes rules, so the expectation
  is derived by the generators' statement of the text (`ParameterRules`: in a repository
  checkout, the command `python -m tools.vectorgen.whatif`, run once over all the vectors);
  the installed kit cannot weigh one and says so. The kit never imports tools/: it runs them.

A vector whose expectation cannot be derived is listed with the reason. Stored conformance
reports (schemas/report.schema.json) are re-judged on the vectors that change, from the
answers they hold (`actual`, the first repetition's result): an answer that was an error
response, or a vector not exercised, holds none and keeps its stored status; so does a vector
whose expectation under the proposal cannot be derived.

A stored answer was given under the report's edition. An implementation of the proposal reads
its parameters from the edition a request names (PROTOCOL.md `edition`), so where the proposal
amends a parameter it answers anew, and only re-certifying it tells. The one implementation of
the proposal the kit holds is the bundled reference: a report whose handshake names it (its
name and version, `is_reference`) has every answer asked again of the reference in-process,
under the proposal as an `Edition` value (nothing written), so its counts are those
re-certifying gives. Any other report keeps its answers, and where the proposal's parameters
differ from its edition's the re-judgement says that its answers are as given there: the counts
are re-certification's for an implementation that answers as it did (one that reads a fixed
radius), not for one that implements the proposal.
"""

import json
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing import editiondiff, ratify
from oasis_si_conformance.judging import compare
from oasis_si_conformance.judging.judge import judge_vector
from oasis_si_conformance.judging.runprofile import profile_under
from oasis_si_conformance.model import (
    ANSWER,
    VERDICT_FAILURES,
    Failure,
    FailureKind,
    Observation,
    Status,
    VectorResult,
)
from oasis_si_reference import operations as reference_operations
from oasis_si_schemas import Validator, first_error_message, registry, validator
from oasis_si_schemas import editions as reference_editions
from oasis_si_schemas.editions import Edition

#: The command of a checkout that derives expectations under amended parameters, run in the
#: checkout: {"edition": ..., "records": [...]} on standard input, {"derived": [{"block": ...}
#: or {"undecidable": REASON}, one per record]} on standard output.
PARAMETER_RULES: Final = ("-m", "tools.vectorgen.whatif")

ParameterRules = Callable[[Mapping[str, Any], Edition], dict[str, Any]]


class WhatIfError(Exception):
    """The proposal cannot be weighed; the message says why."""


def proposed_edition(path: Path, known: Sequence[Edition]) -> Edition:
    """The edition block in `path` (YAML or JSON), resolved against the catalog's editions."""
    try:
        document = yamlsafe.load(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise WhatIfError(f"{path}: {error}") from None
    if isinstance(document, dict) and isinstance(document.get("editions"), list):
        if len(document["editions"]) != 1:
            raise WhatIfError(f"{path}: give one edition block")
        document = document["editions"][0]
    catalog_schema = validator("editions").schema
    assert isinstance(catalog_schema, Mapping)  # the catalog's schema is an object, never a bool
    definitions = catalog_schema["$defs"]
    proposed = Validator(definitions["proposed"] | {"$defs": definitions}, registry=registry())
    problem = first_error_message(proposed, document)
    if problem is not None:
        raise WhatIfError(f"{path}: {problem}")
    if any(edition.name == document["name"] for edition in known):
        raise WhatIfError(f"{path}: edition {document['name']!r} is in the catalog already")
    try:
        by_name = reference_editions.by_name(known)
        return reference_editions.resolve_one(document, by_name, str(path))
    except reference_editions.CatalogError as error:
        raise WhatIfError(str(error)) from None


def edition_json(edition: Edition) -> dict[str, Any]:
    """An edition as plain JSON (every field; mappings and tuples as objects and lists)."""

    def plain(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(item) for item in value]
        return value

    return {field.name: plain(getattr(edition, field.name)) for field in attrs.fields(Edition)}


def parameter_rules(records: Sequence[Mapping[str, Any]], proposed: Edition) -> ParameterRules:
    """The generators' derivation under amended parameters for `records`, run once in the
    checkout the bundled corpus belongs to (PARAMETER_RULES). Raises WhatIfError outside a
    repository checkout, or when the command fails."""
    checkout = corpus.vectors_root().resolve().parent
    if not (checkout / "tools" / "vectorgen" / "whatif.py").is_file():
        raise WhatIfError(
            "the proposal amends a parameter of the text; its outcomes are derived by the"
            " generators' statement of the rules (tools/vectorgen), which only a repository"
            " checkout has: run this command on a checkout's installed kit (pip install -e .)"
        )
    request = json.dumps({"edition": edition_json(proposed), "records": list(records)})
    done = subprocess.run(
        [sys.executable, *PARAMETER_RULES],
        input=request,
        cwd=checkout,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise WhatIfError(
            f"python {' '.join(PARAMETER_RULES)} failed (exit {done.returncode}): "
            + done.stderr.strip()
        )
    answers = json.loads(done.stdout)["derived"]
    derived = dict(zip((record["id"] for record in records), answers, strict=True))

    def rules(record: Mapping[str, Any], edition: Edition) -> dict[str, Any]:
        outcome: dict[str, Any] = derived[record["id"]]
        if "undecidable" in outcome:
            raise ratify.Undecidable(outcome["undecidable"])
        block: dict[str, Any] = outcome["block"]
        return block

    return rules


@attrs.frozen
class Weighed:
    """Every vector's expectation under the proposal: changes, and what cannot be decided."""

    changes: list[editiondiff.Change]
    undecidable: list[dict[str, str]]


def record_of(vector: Vector) -> dict[str, Any]:
    """The vector as a record of its file (what the generators' rules read)."""
    record: dict[str, Any] = {
        "id": vector.id,
        "operation": vector.operation,
        "input": vector.input,
        "clauses": list(vector.clauses),
    }
    for key in ("expected", "convention", "ambiguity", "readings", "probe"):
        if getattr(vector, key) is not None:
            record[key] = getattr(vector, key)
    return record


def weigh(
    vectors: Sequence[Vector],
    base: Edition,
    proposed: Edition,
    register: ratify.Register,
    rules: ParameterRules | None = None,
) -> Weighed:
    """Each vector's expectation under `proposed` against the one under `base`."""
    amended = proposed.parameters != base.parameters
    if amended and rules is None:
        rules = parameter_rules([record_of(vector) for vector in vectors], proposed)
    found: list[editiondiff.Change] = []
    undecidable: list[dict[str, str]] = []
    for vector in vectors:
        before_vector = vector.for_edition(base.name)
        before = ratify.own_block(record_of(before_vector))
        try:
            if amended:
                assert rules is not None
                stated, joint = rules(record_of(vector), proposed), None
            else:
                stated, joint = before, before_vector.joint
            after = ratify.decide(stated, proposed, register, vector.probe, joint)
        except ratify.Undecidable as reason:
            undecidable.append({"id": vector.id, "reason": str(reason)})
            continue
        if after != before:
            read = attrs.evolve(
                vector,
                expected=after.get("expected"),
                convention=after.get("convention"),
                ambiguity=after.get("ambiguity"),
                readings=after.get("readings"),
            )
            found.append(
                editiondiff.Change(
                    vector, editiondiff.expectation(before_vector), editiondiff.expectation(read)
                )
            )
    return Weighed(found, undecidable)


def report(
    weighed: Weighed,
    total: int,
    base: Edition,
    proposed: Edition,
    corpus_digest: str,
) -> dict[str, Any]:
    """The impact report of the proposal (schemas/edition-diff), with what cannot be decided."""
    declared = [{"edition": proposed.name, **dict(change)} for change in proposed.changes]
    document = editiondiff.assemble(
        weighed.changes, total, base, proposed, declared, corpus_digest
    )
    document["proposed"] = proposed.block()
    document["undecidable"] = weighed.undecidable
    return document


def is_reference(candidate: Mapping[str, Any]) -> bool:
    """Whether a report certified the bundled reference: the name and version its handshake
    gave (the report's `candidate`) are the installed reference's."""
    return (candidate.get("name"), candidate.get("version")) == (
        reference_operations.NAME,
        reference_operations.VERSION,
    )


def reference_answer(vector: Vector, edition: Edition) -> Observation:
    """The bundled reference's answer to the vector's request under `edition`, asked
    in-process: what its server answers when the request names that edition (an error in the
    reference is the `internal` error response the server gives)."""
    try:
        result = reference_operations.perform(vector.operation, vector.input, edition)
    except Exception as error:  # the server answers a bug in the reference; so does this
        message = f"{type(error).__name__}: {error}"
        return Observation(FailureKind.ERROR_RESPONSE, message=message, error_code="internal")
    return Observation(ANSWER, result=result)


def _stored_result(vector: Vector, item: Mapping[str, Any] | None) -> VectorResult | None:
    """The stored result kept as it is (None: the answer is judged again): a vector the report
    did not exercise, or whose request failed before any verdict (no answer, an error
    response, repetitions that disagreed) holds no answer a proposal can change."""
    if item is None or item["status"] == "not_exercised":
        reason = "not in the report" if item is None else item.get("reason") or ""
        return VectorResult(vector.id, Status.NOT_EXERCISED, reason=reason)
    failure = item.get("failure")
    if item["actual"] is None or (
        failure is not None and failure["kind"] not in VERDICT_FAILURES
    ):
        kept = Failure(failure["kind"], failure["message"]) if failure is not None else None
        return VectorResult(vector.id, Status(item["status"]), failure=kept)
    return None


def answers_note(candidate: str, edition: str, proposed: Edition, asked_anew: bool) -> str:
    """The one line that says whose answers a re-judged report's counts rest on."""
    if asked_anew:
        return (
            f"answers asked again of the bundled reference ({candidate}) under {proposed.name}:"
            " the counts are those re-certifying it gives"
        )
    return (
        f"answers as given under {edition}; an implementation of the proposal answers anew:"
        " re-certify it"
    )


def rejudge(
    path: Path,
    document: Mapping[str, Any],
    changes: Sequence[editiondiff.Change],
    vectors: Sequence[Vector],
    base: Edition,
    proposed: Edition,
    catalog: Sequence[Edition],
    register: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """A stored report re-judged under the proposal as re-certifying would judge it: every
    answer judged on its vector as the proposal reads it (judge.judge_vector), then the run's
    judgement after each vector's (the edition fit among the catalog's editions and the
    proposal, then the interpretation profile of the entries the proposal leaves open:
    runprofile.profile_under). The answers are the report's, except a report of the bundled
    reference (`is_reference`), whose every exercised vector is asked again of the reference
    under the proposal; so the counts are those a run under the proposal gives the reference,
    and any other candidate answering as it did. A vector whose expectation under the proposal
    cannot be derived (the document's `undecidable`) is not judged: it keeps its stored
    status."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise WhatIfError(f"{path}: {error}") from None
    problem = first_error_message(validator("report"), stored)
    if problem is not None:
        raise WhatIfError(f"{path}: not a conformance report: {problem}")
    items = {item["id"]: item for item in stored["vectors"]}
    candidate = f"{stored['candidate']['name']} {stored['candidate']['version']}"
    asked_anew = is_reference(stored["candidate"])
    notes = []
    if stored["edition"]["name"] != document["from"]:
        notes.append(
            f"the report certified against {stored['edition']['name']}, not {document['from']}:"
            " its answers are re-judged all the same"
        )
    if stored["corpus"]["digest"] != document["corpus_digest"]:
        notes.append("the report was made on another corpus")
    after = {change.vector.id: dict(change.after) for change in changes}
    undecided = {item["id"] for item in document.get("undecidable") or []}
    written, read = [], []
    for vector in vectors:
        block = after.get(vector.id) or ratify.own_block(
            record_of(vector.for_edition(base.name))
        )
        written.append(attrs.evolve(vector, editions={**vector.editions, proposed.name: block}))
        read.append(written[-1].for_edition(proposed.name))
    results: dict[str, VectorResult] = {}
    answers: dict[str, dict[str, Any] | None] = {}
    unjudged: list[str] = []
    for vector in read:
        item = items.get(vector.id)
        if vector.id in undecided:
            results[vector.id] = VectorResult(
                vector.id, Status.NOT_EXERCISED, reason=f"undecidable under {proposed.name}"
            )
            continue
        kept = _stored_result(vector, item)
        if kept is not None and (kept.status == Status.NOT_EXERCISED or not asked_anew):
            results[vector.id] = kept
            if vector.id in after:
                unjudged.append(vector.id)
            continue
        assert item is not None
        if asked_anew:
            observation = reference_answer(vector, proposed)
        else:
            observation = Observation(ANSWER, result=item["actual"])
        answers[vector.id] = observation.result
        results[vector.id] = judge_vector(vector, [observation])
    exercised = [v for v in read if results[v.id].status != Status.NOT_EXERCISED]
    names = [edition.name for edition in catalog]
    if proposed.name not in names:
        names.append(proposed.name)  # where ratify would append it
    open_points = [dict(entry) for entry in register if proposed.holds_open(entry)]
    profile_under(written, exercised, results, proposed.name, names, open_points)
    failed_before = {vid for vid, item in items.items() if item["status"] == "failed"}
    failed = {vid for vid, result in results.items() if result.status == Status.FAILED}
    failed |= failed_before & undecided  # not judged: as stored
    newly_failed = [v.id for v in read if v.id in failed - failed_before]
    newly_passed = [v.id for v in read if v.id in failed_before - failed]
    flips = [
        {
            "id": vector.id,
            "now": "failed" if vector.id in failed else "passed",
            "answer": compare.project(vector.operation, dict(answers.get(vector.id) or {})),
            "before": dict(editiondiff.expectation(vector.for_edition(base.name))),
            "after": dict(editiondiff.expectation(written_vector.for_edition(proposed.name))),
        }
        for vector, written_vector in zip(vectors, written, strict=True)
        if vector.id in newly_failed or vector.id in newly_passed
    ]
    note = (
        answers_note(candidate, stored["edition"]["name"], proposed, asked_anew)
        if asked_anew or stored["edition"]["parameters"] != proposed.parameters
        else None
    )
    return {
        "report": str(path),
        "candidate": candidate,
        "edition": stored["edition"]["name"],
        "answers": "reference" if asked_anew else "stored",
        **({"answers_note": note} if note is not None else {}),
        "verdict_before": stored["verdict"],
        "verdict_after": "not_conformant" if failed else "conformant",
        "failed_before": len(failed_before),
        "failed_after": len(failed),
        "newly_failed": newly_failed,
        "newly_passed": newly_passed,
        "flips": flips,
        "unjudged": unjudged,
        "undecided": sorted(undecided & set(items)),
        "notes": notes + [
            "re-judged as a run under the proposal judges: every answer against its"
            " vector's expectation there, then the edition fit and the interpretation profile;"
            " a request that failed before any verdict, and a vector whose expectation cannot"
            " be derived, keep their stored status"
        ],
    }


def load_register(root: Path) -> ratify.Register:
    return ratify.Register.of(corpus.load_catalog("register.yaml", root))
