"""Diagnosis: failures grouped by clause and explained by known failure signatures.

vectors/signatures.yaml (schemas/signatures.schema.json) lists known misreadings of the spec,
each with the vectors that misreading fails. Only *verdict* failures count as evidence of a
misreading (a wrong verdict, an output matching no reading, an inconsistent reading); a crash
or a protocol error says nothing about how the candidate reads the spec.

Matching:
1. A signature is *considered* when at least one of its vectors was exercised in this run.
   Its *coverage* is the share of its exercised vectors that failed on their verdict.
2. It is *named* when its coverage is more than MATCH_THRESHOLD (most of its vectors fail).
   A candidate with exactly that misreading fails all of them; the margin leaves room for
   misreadings that combine or partly cancel.
3. Matching signatures are ranked by coverage, then by the number of failed vectors they hold,
   then by id, and named one at a time: next, the one that adds most, counting the failed
   vectors it explains that no signature named before explains, less the vectors it lists
   that did not fail (ties: the higher ranked). Each failed vector is attributed to the first
   named signature that lists it. A signature that would add nothing (no vector of its own,
   or fewer than it mispredicts) is not named: a window misread fails the few vectors an
   abbreviation-aware splitter fails too, and a whole-text window most of the window's, and
   naming those would blame defects the candidate does not have.
4. Failed vectors no named signature explains stay listed by clause, by id.

The report then reads "treats non-ASCII letters as identifier characters (clause 3.1): 37
vectors" instead of 37 ids.

Editions (vectors/editions.yaml): a misreading fails other vectors under another text (the
window the 2026-08-22 amendment of clause 2.2 adopts is a misreading of the seed, and the
seed's window one of the amendment). A signature holds its vectors under each edition the file
was derived under (`Signature.under`); a run is matched against its own edition's, and under an
edition the file was not derived under no signature is named rather than a wrong one.
"""

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import yaml

from oasis_si_conformance.corpus import corpus_cache, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.model import VERDICT_FAILURES, Status, VectorResult
from oasis_si_schemas import first_error_message, validator

MATCH_THRESHOLD: Final = 0.5
SIGNATURES_FILE: Final = "signatures.yaml"


class SignatureError(Exception):
    pass


@attrs.frozen
class Signature:
    """One known misreading and the vectors it fails (schemas/signatures.schema.json)."""

    id: str
    clause: str
    kind: str
    description: str
    vectors: tuple[str, ...]  # under the first of `derived` (every edition when that is empty)
    #: Edition -> its vectors under that edition, where they differ from `vectors`.
    editions: dict[str, tuple[str, ...]] = attrs.field(factory=dict, hash=False)
    #: The editions the file was derived under, the one `vectors` are for first (empty: the
    #: file names none, and `vectors` hold under every edition).
    derived: tuple[str, ...] = ()
    #: Edition -> the kind it is under that edition, where that differs from `kind`.
    kinds: dict[str, str] = attrs.field(factory=dict, hash=False)

    def kind_under(self, edition: str | None) -> str:
        return self.kinds.get(edition or "", self.kind)

    def under(self, edition: str | None) -> tuple[str, ...]:
        """The vectors it fails under `edition` (None: the file's first edition); none under an
        edition the file was not derived under (what it fails there is not known)."""
        if edition is None:
            return self.vectors
        if edition in self.editions:
            return self.editions[edition]
        if self.derived and edition not in self.derived:
            return ()
        return self.vectors


@attrs.frozen
class Named:
    """A signature named in a report."""

    signature: Signature
    exercised: int  # its vectors exercised in this run
    failed: int  # ... of which failed on their verdict
    attributed: tuple[str, ...]  # the failed vectors attributed to it (ranked first)

    @property
    def coverage(self) -> float:
        return self.failed / self.exercised

    def to_json(self) -> dict[str, Any]:
        sig = self.signature
        return {
            "id": sig.id,
            "clause": sig.clause,
            "kind": sig.kind,
            "description": sig.description,
            "exercised": self.exercised,
            "failed": self.failed,
            "vectors": list(self.attributed),
        }

    def line(self) -> str:
        sig = self.signature
        count = len(self.attributed)
        return (
            f"{sig.description} (clause {sig.clause}): {count} vector{'s' if count != 1 else ''}"
            f" [{sig.id}; {self.failed}/{self.exercised} of its vectors fail]"
        )


@attrs.frozen
class Diagnosis:
    named: tuple[Named, ...]
    by_clause: dict[str, tuple[str, ...]]  # clause -> failed vector ids (every failure)
    unexplained: dict[str, tuple[str, ...]]  # clause -> failed vector ids no signature names

    def to_json(self) -> dict[str, Any]:
        return {
            "threshold": MATCH_THRESHOLD,
            "signatures": [named.to_json() for named in self.named],
            "failed_by_clause": {clause: list(ids) for clause, ids in self.by_clause.items()},
            "unexplained": {clause: list(ids) for clause, ids in self.unexplained.items()},
        }


def load_signatures(path: Path) -> list[Signature]:
    """The signatures of `path`; none when it does not exist. Raises SignatureError."""
    if not path.exists():
        return []
    data = path.read_bytes()
    # Kept in the cache of loaded corpora: its schema takes jsonschema most of a second.
    document = corpus_cache.kept(data, "signatures", lambda: _valid_document(path, data))
    ids = [raw["id"] for raw in document["signatures"]]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise SignatureError(f"{path}: duplicate signature ids {duplicates}")
    derived = tuple(document.get("editions") or ())
    return [signature_from(raw, derived) for raw in document["signatures"]]


def _valid_document(path: Path, data: bytes) -> Any:
    """The document of the signatures file at `path` holding `data`, valid under its schema.
    Raises SignatureError."""
    try:
        text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")  # as read_text
        document = yamlsafe.load(text)
    except yaml.YAMLError as error:
        where = f"{path}:{yamlsafe.error_line(error)}"
        raise SignatureError(f"{where}: {yamlsafe.error_text(error)}") from None
    except Exception as error:  # decoding
        raise SignatureError(f"{path}: not readable as YAML: {error}") from None
    problem = first_error_message(validator("signatures"), document)
    if problem is not None:
        raise SignatureError(f"{path}: {problem}")
    return document


def signature_from(raw: Mapping[str, Any], derived: Sequence[str] = ()) -> Signature:
    """A signature from its record in a (valid) signatures.yaml that names `derived`."""
    editions = {name: tuple(ids) for name, ids in (raw.get("editions") or {}).items()}
    return Signature(
        raw["id"], raw["clause"], raw["kind"], raw["description"], tuple(raw["vectors"]),
        editions, tuple(derived), dict(raw.get("kinds") or {}),
    )


def derived_under(signatures: Iterable[Signature], edition: str) -> bool:
    """Whether the signatures say what they fail under `edition` (a file that names no edition
    holds under every one)."""
    return all(not s.derived or edition in s.derived for s in signatures)


def diagnose(
    vectors: Iterable[Vector],
    results: dict[str, VectorResult],
    signatures: list[Signature],
    edition: str | None = None,
) -> Diagnosis:
    """The diagnosis of a run's `results` under `edition` (the run's edition of the text; None:
    the signatures' first edition), matching each signature by its vectors under it."""
    vectors = list(vectors)
    exercised = {
        v.id for v in vectors if v.id in results and results[v.id].status != Status.NOT_EXERCISED
    }
    verdict_failed = {
        vid
        for vid, result in results.items()
        if result.status == Status.FAILED
        and result.failure is not None
        and result.failure.kind in VERDICT_FAILURES
    }
    candidates = []
    for signature in signatures:
        mine = [vid for vid in signature.under(edition) if vid in exercised]
        if not mine:
            continue
        failed = [vid for vid in mine if vid in verdict_failed]
        if len(failed) / len(mine) > MATCH_THRESHOLD:
            candidates.append((signature, len(mine), failed))
    candidates.sort(key=lambda c: (-len(c[2]) / c[1], -len(c[2]), c[0].id))
    taken: set[str] = set()
    named = []
    while candidates:
        best = max(candidates, key=lambda c: _gain(c, taken))  # the first of the best, in rank
        gain, new = _gain(best, taken)
        if new == 0 or gain <= 0:
            break
        signature, count, failed = best
        own = tuple(vid for vid in sorted(failed) if vid not in taken)
        taken.update(own)
        named.append(Named(signature, count, len(failed), own))
        candidates.remove(best)
    by_clause: dict[str, list[str]] = {}
    unexplained: dict[str, list[str]] = {}
    for vector in vectors:
        result = results.get(vector.id)
        if result is None or result.status != Status.FAILED:
            continue
        for clause in vector.clauses:
            by_clause.setdefault(clause, []).append(vector.id)
            if vector.id not in taken:
                unexplained.setdefault(clause, []).append(vector.id)
    return Diagnosis(
        named=tuple(named),
        by_clause={
            clause: tuple(ids)
            for clause, ids in sorted(by_clause.items(), key=lambda i: _clause_key(i[0]))
        },
        unexplained={
            clause: tuple(ids)
            for clause, ids in sorted(unexplained.items(), key=lambda i: _clause_key(i[0]))
        },
    )


def _gain(candidate: tuple[Signature, int, list[str]], taken: set[str]) -> tuple[int, int]:
    """What naming a signature adds: the failed vectors it explains that no signature named
    before explains, less the vectors it lists that did not fail (what the misreading predicts
    and the run contradicts); and that first number alone."""
    _signature, count, failed = candidate
    new = sum(1 for vid in failed if vid not in taken)
    return new - (count - len(failed)), new


def _clause_key(clause: str) -> tuple[Any, ...]:
    """Numeric order of clause ids: 2.1 < 2.10 < 5.1 < 5.1.row1 < 5.1.row10."""
    key: list[tuple[int, int, str]] = []
    for part in clause.split("."):
        if part.isdigit():
            key.append((0, int(part), ""))
        elif part.startswith("row") and part[3:].isdigit():
            key.append((1, int(part[3:]), ""))
        else:
            key.append((2, 0, part))
    return tuple(key)


clause_key = _clause_key
