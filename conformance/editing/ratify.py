"""A vector's expectation under an edition that decides register entries, derived from the
vector's own data (its `readings` blocks), for any entry and reading of the register.

An edition's `decides: {ENTRY: READING}` (vectors/editions.yaml) makes READING the text's: an
ambiguity vector of ENTRY, under the edition, expects what it states for READING. Except where
another entry still open under the edition decides the outcome whatever ENTRY says: a probe of
ENTRY at a code point that some reading of the entry masking it (`masked_by` in the register,
e.g. SENT-NEWLINE for SENT-WS) holds. There the outcome depends on the masking entry: the
probe becomes an ambiguity vector of it, each of its readings giving the outcome of the
readings of ENTRY that hold the code point (the masking reading splits there, as they do) or,
lacking it, the decided reading's. When the masking entry is decided too, or all its readings
agree, the probe is normative. Where the data cannot say (no reading of ENTRY holds the code
point, or those holding it disagree), the vector is *undecided*, with the reason.

An entry that arises only under some readings of another (`applies_when` in the register:
ECHO-TRIM's trim set matters only to a trimmed ECHO-LINE reading) is closed by an edition that
decides the other entry as a reading outside them (Edition.closed_by): it is no open point
there, and each of its probes reads as the entry's readings lacking the probed code point read
it (the governing reading uses none), masked as above; a vector that probes no code point, or
whose readings lacking it disagree, is undecided.

Two entries whose readings combine (`joint_with` in the register: DELIM-FOLDED and
FOLD-MAPPING, since whether a code point next to an identifier is a class letter rests on
both) are stated jointly: an ambiguity vector of either holds its readings under the other's
reference reading and, in its `joint`, its outcomes under the other's readings where they
differ. An edition deciding either restates the vector from both (`jointly`): deciding the
other entry gives the vector's readings under the decided one; deciding its own leaves the
outcome to the other's readings, an ambiguity vector of that entry where they differ.

`oasis-si-vectors ratify` (ratify_command.py) writes these expectations as `editions` blocks;
the generator driver derives the same from the same function, and `diff-editions --proposed`
reports them without writing.
"""

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from oasis_si_conformance.corpus import charsets
from oasis_si_conformance.editing import descriptions
from oasis_si_schemas.editions import Edition


class Undecidable(Exception):
    """The data cannot state a vector's expectation under an edition; the message says why."""


@attrs.frozen
class Register:
    """The register as this derivation reads it: entries by id and their code point sets."""

    entries: Mapping[str, Mapping[str, Any]]
    named: Mapping[str, frozenset[str]]

    @classmethod
    def of(cls, document: Mapping[str, Any]) -> "Register":
        entries = {entry["id"]: entry for entry in document.get("entries", [])}
        return cls(entries, charsets.named_charsets(document))

    def sets(self, entry: str) -> dict[str, frozenset[str]]:
        return charsets.reading_sets(self.entries.get(entry, {"id": entry}), self.named)


#: A vector's expectation as its files state it: {"expected", "convention"} or
#: {"ambiguity", "readings"}.
Block = dict[str, Any]


def decide(
    block: Mapping[str, Any],
    edition: Edition,
    register: Register,
    probe: str | None,
    joint: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None,
) -> Block:
    """The expectation `block` (a vector's, under the edition's base text) under `edition`,
    whose decided entries settle the readings they name (with `joint`, the vector's outcomes
    under another entry's readings, where the edition decides either: `jointly`), and close
    the entries that arise only under other readings of them (`closed`). Raises Undecidable."""
    own: Block = copy.deepcopy(dict(block))  # a block of its own: never an alias in a file
    entry = own.get("ambiguity")
    if entry is None:
        return own
    combined = dict(joint or {})
    if combined and (entry in edition.decided or set(combined) & set(edition.decided)):
        if len(combined) > 1 or register.entries.get(entry, {}).get("masked_by"):
            raise Undecidable(
                f"its joint outcomes name {', '.join(combined)}: they are derived for one entry"
                " joint with one that no other masks"
            )
        ((other, under_other),) = combined.items()
        return jointly(own["readings"], entry, other, under_other, edition, register)
    char = charsets.probed_char(probe or "")
    if entry in edition.decided:
        readings: Mapping[str, Any] = own["readings"]
        reading = edition.decided[entry]
        if reading not in readings:
            raise Undecidable(f"it states no outcome for {entry}={reading}")
        outcome = readings[reading]
    elif (why := edition.closed_by(register.entries.get(entry, {"id": entry}))) is not None:
        outcome = closed(own["readings"], entry, why, char, register)
    else:
        return own
    masking = register.entries.get(entry, {}).get("masked_by")
    if masking is None or char is None:
        return {"expected": dict(outcome)}
    return _masked(own["readings"], entry, outcome, masking, char, edition, register)


def jointly(
    readings: Mapping[str, Any],
    entry: str,
    other: str,
    under_other: Mapping[str, Mapping[str, Any]],
    edition: Edition,
    register: Register,
) -> Block:
    """An ambiguity vector of `entry` under an edition that decides `entry` or `other`, whose
    readings combine with `entry`'s: `readings` hold under `other`'s reference reading, and
    `under_other` (the vector's `joint` for `other`: its reading -> `entry`'s reading ->
    outcome) where another reading of `other` changes them. Deciding `other` restates the
    vector's readings under the decided one (normative where they agree); deciding `entry`
    leaves the outcome to `other`'s readings (an ambiguity vector of `other` where they
    differ). Raises Undecidable."""
    found = register.entries.get(other)
    if found is None:
        raise Undecidable(f"its joint outcomes name {other}, no entry of the register")

    def outcome(reading: str, taken: str) -> dict[str, Any]:
        if reading not in readings:
            raise Undecidable(f"it states no outcome for {entry}={reading}")
        return dict(under_other.get(taken, {}).get(reading, readings[reading]))

    decided = edition.decided.get(entry)
    taken = edition.decided.get(other)
    if decided is not None and taken is not None:
        return {"expected": outcome(decided, taken)}
    if taken is not None:
        restated = {reading: outcome(reading, taken) for reading in readings}
        if len({_key(each) for each in restated.values()}) == 1:
            return {"expected": next(iter(restated.values()))}
        return {"ambiguity": entry, "readings": restated}
    assert decided is not None
    by_other = {name: outcome(decided, name) for name in found["readings"]}
    if len({_key(each) for each in by_other.values()}) == 1:
        return {"expected": next(iter(by_other.values()))}
    if not edition.holds_open(found):
        raise Undecidable(f"its outcome rests on {other}, no open point of {edition.name}")
    return {"ambiguity": other, "readings": by_other}


def closed(
    readings: Mapping[str, Any],
    entry: str,
    why: str,
    char: str | None,
    register: Register,
) -> Mapping[str, Any]:
    """The outcome of a probe of `entry` under an edition that closes the entry (`why`:
    Edition.closed_by, "ECHO-LINE exact-substring trims nothing"): the governing reading uses
    none of the entry's code points, so the probe reads as it does under the readings whose set
    lacks the probed code point, which must agree. Raises Undecidable."""
    sets = register.sets(entry)
    lacking = [name for name in sets if char is not None and char not in sets[name]]
    split = {_key(readings[name]) for name in lacking if name in readings}
    if char is None or len(split) != 1:
        what = "probes no code point" if char is None else (
            f"states {'no outcome' if not split else 'outcomes that disagree'} for the readings"
            f" lacking {charsets.label(char)}"
        )
        raise Undecidable(f"{entry} is closed ({why}) and it {what} to say the outcome there")
    return next(readings[name] for name in lacking if name in readings)


def _masked(
    readings: Mapping[str, Any],
    entry: str,
    outcome: Mapping[str, Any],
    masking: str,
    char: str,
    edition: Edition,
    register: Register,
) -> Block:
    """A probe of `entry` at `char` under an edition where `entry`'s outcome is `outcome`
    (its decided reading's, or what closes it gives), and the readings of `masking` that hold
    `char` decide the outcome whatever `entry` says."""
    masking_sets = register.sets(masking)
    holding = [name for name in masking_sets if char in masking_sets[name]]
    if not holding:
        return {"expected": dict(outcome)}
    own_sets = register.sets(entry)
    holders = [name for name in own_sets if char in own_sets[name] and name in readings]
    split = {_key(readings[name]) for name in holders}
    if len(split) != 1:
        why = "no reading" if not split else "readings that disagree"
        raise Undecidable(
            f"a probe at {charsets.label(char)}, which {masking} reading(s) {', '.join(holding)}"
            f" hold, and {why} of {entry} holding it to say the outcome there"
        )
    held = dict(readings[holders[0]])
    outcomes = {
        name: held if char in masking_sets[name] else dict(outcome)
        for name in register.entries[masking]["readings"]
    }
    if masking in edition.decided:
        return {"expected": outcomes[edition.decided[masking]]}
    if len({_key(each) for each in outcomes.values()}) == 1:
        return {"expected": next(iter(outcomes.values()))}
    if not edition.holds_open(register.entries[masking]):
        raise Undecidable(f"its outcome rests on {masking}, no open point of {edition.name}")
    return {"ambiguity": masking, "readings": outcomes}


def _key(outcome: Mapping[str, Any]) -> str:
    return repr(sorted(outcome.items()))


def own_block(vector: Mapping[str, Any]) -> Block:
    """The expectation a vector record states for itself (the default edition)."""
    keys = ("expected", "convention", "ambiguity", "readings")
    return {key: vector[key] for key in keys if vector.get(key) is not None}


def _derived_clauses(
    clauses: Sequence[str],
    blocks: Mapping[str, Mapping[str, Any]],
    changes: Mapping[str, Sequence[str]],
) -> list[str]:
    """The clauses `blocks` add to a vector citing `clauses`, in the order they are cited."""
    changed = [clause for name in blocks for clause in changes.get(name, ())]
    if "5.1" in clauses:
        outcomes = [
            outcome
            for block in blocks.values()
            for outcome in [block.get("expected"), *(block.get("readings") or {}).values()]
            if outcome is not None
        ]
        changed += sorted({f"5.1.row{o['row']}" for o in outcomes if "row" in o})
    return [clause for clause in dict.fromkeys(changed) if clause not in clauses]


def cited_clauses(
    clauses: Sequence[str],
    blocks: Mapping[str, Mapping[str, Any]],
    changes: Mapping[str, Sequence[str]],
) -> list[str]:
    """A vector's clauses with, where its outcome differs under an edition, the clauses that
    edition changes (`changes`: edition -> clauses) and (citing clause 5.1) the C-DA-001 rows
    its outcomes there reach."""
    return [*clauses, *_derived_clauses(clauses, blocks, changes)]


def stated_clauses(
    clauses: Sequence[str],
    blocks: Mapping[str, Mapping[str, Any]],
    changes: Mapping[str, Sequence[str]],
) -> list[str]:
    """The clauses a vector cited before `cited_clauses` added those of `blocks` (its
    `editions` as its file holds them): the longest tail of `clauses` that block derivation
    adds, taken off."""
    for cut in range(len(clauses) + 1):
        kept = list(clauses[:cut])
        if [*kept, *_derived_clauses(kept, blocks, changes)] == list(clauses):
            return kept
    return list(clauses)


def with_editions(
    record: Mapping[str, Any],
    blocks: Mapping[str, Mapping[str, Any]],
    catalog: Sequence[Edition],
) -> dict[str, Any]:
    """`record` (a vector as its family or its file states it, `editions` aside) with
    `blocks` (edition name -> its expectation where it differs from the record's own) as its
    `editions`, in the catalog's order; its description's outcome statements stated per
    edition (descriptions.described) and the clauses the blocks reach cited (cited_clauses).
    The generators and `ratify` write a vector's editions through this one function."""
    updated = {key: value for key, value in record.items() if key != "editions"}
    ordered = {e.name: dict(blocks[e.name]) for e in catalog if e.name in blocks}
    if not ordered:
        return updated
    updated["editions"] = ordered
    expectations = {catalog[0].name: own_block(record), **ordered}
    listing = [edition.to_json() for edition in catalog]
    updated["description"] = descriptions.described(record["description"], expectations, listing)
    changes = {e.name: [change["clause"] for change in e.changes] for e in catalog}
    updated["clauses"] = cited_clauses(record["clauses"], ordered, changes)
    return updated
