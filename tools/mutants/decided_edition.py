"""The failures of vectors/signatures.yaml under an edition that only decides register entries
(its parameters are its base's), derived from the committed file and the vectors the
decisions reach, instead of the whole kill matrix of every edition
(`python -m tools.mutants.signatures --edition NAME`, which `oasis-si-vectors ratify` runs).

Why it is the same derivation: a mutant answers a vector alike under an edition and under its
base when the two set the same parameters (the independent evaluator reads the parameters of
the text; a decision changes what is expected, not what is answered). So a mutant fails a
vector under the edition as under its base, except

- on a vector whose expectation the edition changes, and
- on an ambiguity vector of an entry whose interpretation profile the decisions can change:
  a decided entry, an entry a changed vector is an ambiguity vector of under either edition,
  and, closed over, an entry masked by (`masked_by`) or applying only under a reading of
  (`applies_when`) such an entry, and the entries such an entry names so (a profile reads
  theirs: it may fail a vector of an inconsistent reading or set one aside).

Those vectors (every vector of those entries, so each profile is built whole) are judged
under the edition through the kill matrix (`matrix.matrix`); every other failure is the
base's. The committed file states each mutant's failures per edition exactly where the
mutant heads its signature there; a mutant listed among another signature's `mutants` may
have been so under another edition only, so where the file leaves a mutant's failures under
an edition open, that mutant is run whole under that edition. Where the conditions do not
hold (the edition amends a parameter, the file is not derived under the catalog's other
editions, another edition is based on this one) nothing is derived here: the caller derives
the whole matrix.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.independent.mutants import CATALOG, MODELS, Mutant
from oasis_si_schemas.editions import Edition
from tools.mutants.matrix import matrix

#: Edition -> mutant id -> the vectors it fails under that edition.
Failures = dict[str, dict[str, list[str]]]


class NotDerivable(Exception):
    """The edition's failures cannot be derived from the committed file; the message says
    why (the caller derives every edition afresh)."""


def _listed(record: Mapping[str, Any], edition: str, first: str) -> list[str]:
    if edition == first:
        return list(record["vectors"])
    return list((record.get("editions") or {}).get(edition, record["vectors"]))


def _expectation(vector: Vector) -> tuple[Any, ...]:
    return (vector.expected, vector.convention, vector.ambiguity, vector.readings)


def committed_failures(
    document: Mapping[str, Any],
    edition: Edition,
    vectors: Sequence[Vector],
    mutants: Sequence[Mutant] = CATALOG,
) -> dict[str, list[str]]:
    """Mutant id -> the vectors it fails under `edition`, as the committed `document` states
    them; the mutants the file leaves open there are run under the edition."""
    first = document["editions"][0]
    records = document["signatures"]
    failed: dict[str, list[str]] = {}
    unsure: list[Mutant] = []
    for mutant in mutants:
        if mutant.id in MODELS or mutant.kind_under(edition) is None:
            continue
        own = [r for r in records if r["id"] == mutant.id and _listed(r, edition.name, first)]
        if own:
            failed[mutant.id] = _listed(own[0], edition.name, first)
            continue
        others = [
            r
            for r in records
            if mutant.id in (r.get("mutants") or ()) and _listed(r, edition.name, first)
        ]
        if others:
            unsure.append(mutant)
        else:
            failed[mutant.id] = []
    if unsure:
        rows = matrix(vectors, unsure, configurations=("all-ops",), edition=edition.name, jobs=1)
        failed |= {row.mutant.id: row.outcomes["all-ops"].failed() for row in rows}
    return failed


def reached(
    vectors: Sequence[Vector],
    edition: Edition,
    base: Edition,
    entries: Mapping[str, Mapping[str, Any]],
) -> list[Vector]:
    """The vectors whose failures the edition's decisions can change (module docstring)."""
    changed = [
        v for v in vectors
        if _expectation(v.for_edition(edition.name)) != _expectation(v.for_edition(base.name))
    ]
    touched = {entry for entry in edition.decided if entry not in base.decided}
    for vector in changed:
        for name in (edition.name, base.name):
            entry = vector.for_edition(name).ambiguity
            if entry is not None:
                touched.add(entry)
    grown = True
    while grown:
        grown = False
        for entry_id, entry in entries.items():
            read = {entry.get("masked_by"), (entry.get("applies_when") or {}).get("entry")}
            read.discard(None)
            # a profile reads those of the entries it names, and is read by theirs
            linked = read & touched if entry_id not in touched else read - touched
            if linked:
                touched |= {entry_id, *read}
                grown = True
    ids = {v.id for v in changed}
    return [
        v for v in vectors
        if v.id in ids
        or v.for_edition(edition.name).ambiguity in touched
        or v.for_edition(base.name).ambiguity in touched
    ]


def derive(
    document: Mapping[str, Any],
    catalog: Sequence[Edition],
    name: str,
    vectors: Sequence[Vector],
    entries: Mapping[str, Mapping[str, Any]],
    mutants: Sequence[Mutant] = CATALOG,
) -> Failures:
    """The failures by edition (the catalog's order) with edition `name` derived from its base's
    and the vectors its decisions reach. Raises NotDerivable."""
    by_name = {edition.name: edition for edition in catalog}
    edition = by_name[name]
    if edition.base is None:
        raise NotDerivable(f"{name} is the first edition")
    base = by_name[edition.base]
    if edition.parameters != base.parameters:
        raise NotDerivable(f"{name} amends a parameter of the text")
    if any(other.base == name for other in catalog):
        raise NotDerivable(f"an edition is based on {name}")
    others = [e.name for e in catalog if e.name != name]
    if list(document.get("editions") or []) not in (others, [e.name for e in catalog]):
        raise NotDerivable("signatures.yaml is not derived under the catalog's other editions")
    failed: Failures = {
        other: committed_failures(document, by_name[other], vectors, mutants) for other in others
    }
    near = reached(vectors, edition, base, entries)
    near_ids = {v.id for v in near}
    mutants = [m for m in mutants if m.id not in MODELS]
    rows = matrix(near, mutants, configurations=("all-ops",), edition=name, jobs=2)
    again = {row.mutant.id: set(row.outcomes["all-ops"].failed()) for row in rows}
    whole = [m for m in mutants if m.id in again and m.id not in failed[base.name]]
    if whole:
        rows = matrix(vectors, whole, configurations=("all-ops",), edition=name, jobs=1)
        failed[name] = {row.mutant.id: row.outcomes["all-ops"].failed() for row in rows}
    else:
        failed[name] = {}
    for mutant_id, now in again.items():
        if mutant_id in failed[name]:
            continue
        before = set(failed[base.name][mutant_id])
        failed[name][mutant_id] = [
            v.id for v in vectors if (v.id in now if v.id in near_ids else v.id in before)
        ]
    return {e.name: failed[e.name] for e in catalog}
