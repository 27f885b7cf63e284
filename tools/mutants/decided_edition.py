"""The failures of vectors/signatures.yaml under an edition that only decides register entries
(its parameters are its base's), derived from the committed file and the vectors the
decisions reach, instead of the whole kill matrix of every edition
(`python -m tools.mutants.signatures --edition NAME`, which `oasis-si-vectors ratify` runs).

Why it is the same derivation: a mutant answers a vector alike under an edition and under its
base when the two set the same parameters (the independent evaluator reads the parameters of
the text; a decision changes what is expected, and the reading of the decided entry a mutant
that reads it as the reference does takes: the inputs where that entry's readings answer
differently are its ambiguity vectors, judged again below; a fault that made them differ on
another vector would escape this, which the slow test below would show). So a mutant fails a
vector under the edition as under its base, except

- on a vector whose expectation the edition changes,
- on a vector the edition fit of a run under the edition reads (judging/editionfit.py: its
  expectation differs from another edition's), since the fit decides which vectors the
  profile leaves out, and
- on an ambiguity vector of an entry whose interpretation profile the decisions or those
  vectors can change: a decided entry, an entry such a vector is an ambiguity vector of under
  either edition, and, closed over, an entry masked by (`masked_by`) or applying only under a
  reading of (`applies_when`) such an entry, and the entries such an entry names so (a
  profile reads theirs: it may fail a vector of an inconsistent reading or set one aside).

Those vectors (`reached`; every vector of those entries, so each profile is built whole) are
judged under the edition through the kill matrix (`matrix.matrix`, which re-answers only what
a mutant's configuration can change); every other failure is the base's.

The other editions' failures are the committed file's, judged again on their own fit domain
(closed the same way) where the new edition can change them: the file states each mutant's
failures per edition exactly where the mutant heads its signature there; a mutant listed among
another signature's `mutants` fails exactly one such signature's vectors there or none, and
which is judged on those vectors; a mutant failing a vector whose expectation differs between
that edition and the new one is judged again there (its run's fit may now find the new one).
Where the conditions do not hold (the edition amends a parameter, the file is not derived
under the catalog's other editions, another edition is based on this one) nothing is derived
here: the caller derives the whole matrix. A slow test holds the result to the full
derivation, byte for byte, for one decision.
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


def _differs(vector: Vector, left: str, right: str) -> bool:
    return _expectation(vector.for_edition(left)) != _expectation(vector.for_edition(right))


def fit_domain(vectors: Sequence[Vector], edition: str, catalog: Sequence[str]) -> set[str]:
    """The vectors the edition fit of a run under `edition` reads (judging/editionfit.py):
    those whose expectation differs between `edition` and another edition of `catalog`."""
    others = [name for name in catalog if name != edition]
    return {v.id for v in vectors if any(_differs(v, edition, other) for other in others)}


def closure(
    vectors: Sequence[Vector],
    seeds: set[str],
    entries: Mapping[str, Mapping[str, Any]],
    editions: Sequence[str],
    touched: set[str] | None = None,
) -> list[Vector]:
    """The vectors `seeds` and every vector of an entry whose interpretation profile they (or
    `touched`) reach under `editions`: an entry one of them is an ambiguity vector of, and,
    closed over, an entry masked by (`masked_by`) or applying only under a reading of
    (`applies_when`) such an entry, and the entries such an entry names so (a profile reads
    theirs). Judged alone, under an edition whose fit domain they include, these vectors are
    judged as in a run over the whole corpus."""
    touched = set(touched or ())
    for vector in vectors:
        if vector.id in seeds:
            for name in editions:
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
    return [
        v for v in vectors
        if v.id in seeds or any(v.for_edition(name).ambiguity in touched for name in editions)
    ]


def _rejudged(
    vectors: Sequence[Vector], subset: Sequence[Vector], mutants: Sequence[Mutant], edition: str
) -> dict[str, set[str]]:
    """Mutant id -> the vectors of `subset` it fails under `edition`."""
    if not mutants:
        return {}
    rows = matrix(subset, mutants, configurations=("all-ops",), edition=edition, jobs=1)
    return {row.mutant.id: set(row.outcomes["all-ops"].failed()) for row in rows}


def committed_failures(
    document: Mapping[str, Any],
    edition: Edition,
    vectors: Sequence[Vector],
    mutants: Sequence[Mutant] = CATALOG,
    catalog: Sequence[str] = (),
    entries: Mapping[str, Mapping[str, Any]] | None = None,
    new: str | None = None,
) -> dict[str, list[str]]:
    """Mutant id -> the vectors it fails under `edition`, as the committed `document` states
    them, judged again where the catalog's edition `new` (absent from the document) can change
    that: a mutant the file leaves open there (listed among other signatures' `mutants`: it
    fails exactly the vectors of one of them under `edition`, or none), and one failing a
    vector whose expectation differs between `edition` and `new` (its run's edition fit may
    now find `new`). Those are judged on the fit domain of `edition` and their candidate
    lists, closed over the profiles they reach (`closure`)."""
    first = document["editions"][0]
    records = document["signatures"]
    failed: dict[str, list[str]] = {}
    candidates: dict[str, list[list[str]]] = {}
    for mutant in mutants:
        if mutant.id in MODELS or mutant.kind_under(edition) is None:
            continue
        own = [r for r in records if r["id"] == mutant.id and _listed(r, edition.name, first)]
        if own:
            failed[mutant.id] = _listed(own[0], edition.name, first)
            continue
        lists = [
            _listed(r, edition.name, first)
            for r in records
            if mutant.id in (r.get("mutants") or ()) and _listed(r, edition.name, first)
        ]
        if lists:
            candidates[mutant.id] = lists
        else:
            failed[mutant.id] = []
    moved = {v.id for v in vectors if new is not None and _differs(v, edition.name, new)}
    suspects = {mid for mid, ids in failed.items() if moved & set(ids)}
    again = [m for m in mutants if m.id in candidates or m.id in suspects]
    if not again:
        return failed
    seeds = fit_domain(vectors, edition.name, catalog) | {
        vid for lists in candidates.values() for ids in lists for vid in ids
    }
    subset = closure(vectors, seeds, entries or {}, [edition.name])
    inside = {v.id for v in subset}
    judged = _rejudged(vectors, subset, again, edition.name)
    for mutant_id, now in judged.items():
        if mutant_id in candidates:
            found = [v.id for v in vectors if v.id in now]
            if found and found not in candidates[mutant_id]:
                raise NotDerivable(f"{mutant_id} under {edition.name} matches no signature")
            failed[mutant_id] = found
        else:
            before = set(failed[mutant_id])
            failed[mutant_id] = [
                v.id for v in vectors if (v.id in now if v.id in inside else v.id in before)
            ]
    return failed


def reached(
    vectors: Sequence[Vector],
    edition: Edition,
    base: Edition,
    entries: Mapping[str, Mapping[str, Any]],
    catalog: Sequence[str] = (),
) -> list[Vector]:
    """The vectors whose failures the edition's decisions can change (module docstring): those
    whose expectation it changes, those its run's edition fit reads, and every vector of the
    profiles they and its decisions reach."""
    changed = {v.id for v in vectors if _differs(v, edition.name, base.name)}
    seeds = changed | fit_domain(vectors, edition.name, catalog)
    decided = {entry for entry in edition.decided if entry not in base.decided}
    return closure(vectors, seeds, entries, [edition.name, base.name], decided)


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
    names = [e.name for e in catalog]
    failed: Failures = {
        other: committed_failures(
            document, by_name[other], vectors, mutants, names, entries, new=name
        )
        for other in others
    }
    decided = {entry for entry in edition.decided if entry not in base.decided}
    changed = {v.id for v in vectors if _differs(v, name, base.name)}
    small = closure(vectors, changed, entries, [name, base.name], decided)
    domain = fit_domain(vectors, name, names)
    mutants = [m for m in mutants if m.id not in MODELS]
    rows = matrix(small, mutants, configurations=("all-ops",), edition=name, jobs=2)
    again = {row.mutant.id: set(row.outcomes["all-ops"].failed()) for row in rows}
    judged_on = {mutant_id: {v.id for v in small} for mutant_id in again}
    # A run's edition fit explains only failures among the vectors it reads (`domain`): a
    # mutant failing none there, under the edition or its base, has no fit under either, and
    # its profiles are built from the same vectors; the others are judged on the fit domain.
    wide = [
        m for m in mutants
        if m.id in again
        and (again[m.id] | set(failed[base.name].get(m.id, ()))) & domain
    ]
    if wide:
        near = reached(vectors, edition, base, entries, names)
        rows = matrix(near, wide, configurations=("all-ops",), edition=name, jobs=2)
        for row in rows:
            again[row.mutant.id] = set(row.outcomes["all-ops"].failed())
            judged_on[row.mutant.id] = {v.id for v in near}
    # A mutant the committed file lists nowhere under the base fails nothing there (or is the
    # base's own text): its failures under the edition are among the vectors judged again.
    failed[name] = {}
    for mutant_id, now in again.items():
        before = set(failed[base.name].get(mutant_id, ()))
        inside = judged_on[mutant_id]
        failed[name][mutant_id] = [
            v.id for v in vectors if (v.id in now if v.id in inside else v.id in before)
        ]
    return {e.name: failed[e.name] for e in catalog}
