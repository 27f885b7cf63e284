"""The candidate's interpretation profile: which reading of each ambiguity-register entry it
follows.

Each ambiguity vector names one register entry and gives its outcome under every reading. A
candidate's output on it may satisfy several readings at once (readings often agree on a given
input), so a vector does not vote for one reading: it votes for the *set* of readings it
matches. An output matching none is a failure of its own (`no_reading`) and casts no vote.

The candidate is *consistent* on an entry when some single reading is compatible with every
vote, i.e. the intersection of the voted sets is non-empty; that intersection is the reading
(or readings, when the vectors cannot tell them apart) it follows. Otherwise the entry is
*inconsistent*: the dominant reading is the one compatible with the most votes (ties: the
register's order), and each vector whose vote excludes it fails as `inconsistent_reading`,
since on that vector the candidate contradicted the reading it follows elsewhere.

Some entries are masked by another (`masked_by` in the register): where the candidate's reading
of the masking entry holds a code point (a newline, for SENT-WS), that reading decides every
probe of the masked entry at that code point, whatever the masked entry's reading. Such
probes cast no vote on the masked entry; the profile lists them as set aside.

Some entries are open points only under some readings of another entry (`applies_when`: the
trim set of ECHO-TRIM matters only to a trimmed ECHO-LINE reading). A candidate that follows
only the other readings of that entry is profiled on this one as *not applicable*: its answers
here agree with the reading that trims least, which says nothing of a trim it never does, so
no reading is named and no vector fails as contradicting another.
"""

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs
import cattrs

from oasis_si_conformance.corpus import charsets

_JSON = cattrs.Converter(unstruct_collection_overrides={tuple: list})


@attrs.frozen
class EntryProfile:
    entry: str
    clause: str
    reference: str | None  # the reading the bundled reference takes
    readings: tuple[str, ...]  # every reading, in register order
    votes: dict[str, int]  # reading -> number of vectors whose output it is compatible with
    vectors: int  # ambiguity vectors of this entry that were exercised
    voted: int  # ... whose output matched some reading
    unmatched: tuple[str, ...]  # ids of vectors whose output matched no reading
    followed: tuple[str, ...]  # readings compatible with every vote ([] when inconsistent)
    consistent: bool
    dominant: str | None  # inconsistent entries: the reading compatible with most votes
    deviating: tuple[str, ...]  # inconsistent entries: ids of vectors contradicting `dominant`
    #: Inconsistent entries: each voting vector's compatible readings (who voted for what).
    ballots: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    #: Probes of this entry whose vote was set aside: the candidate's reading of the entry
    #: that masks this one (`masked_by`) holds the code point they probe.
    set_aside: tuple[str, ...] = ()
    #: Why the entry is no open point for this candidate: its reading of the entry named by
    #: the register's `applies_when` ("ECHO-LINE exact-substring trims nothing"), or None.
    not_applicable: str | None = None

    def to_json(self) -> dict[str, Any]:
        return _JSON.unstructure(self)


def profile(
    votes: Iterable[tuple[str, str, tuple[str, ...] | None]],
    register: list[dict[str, Any]],
    vector_readings: dict[str, tuple[str, ...]] | None = None,
    probes: Mapping[str, str] | None = None,
) -> list[EntryProfile]:
    """Profiles for every entry that has exercised vectors.

    `votes` holds (vector id, entry id, matched readings) for each exercised ambiguity vector
    whose repetitions all answered alike: an empty tuple when its output matched no reading,
    None when it failed for another reason (crash, nondeterminism...) and cannot vote.
    `vector_readings` maps vector ids to the readings that vector lists (readings named by
    vectors but absent from the register are appended to the entry's list). `probes` maps
    vector ids to the code point they probe (for `masked_by`).
    """
    entries = {entry["id"]: entry for entry in register}
    by_entry: dict[str, list[tuple[str, tuple[str, ...] | None]]] = {}
    for vector_id, entry_id, matched in votes:
        by_entry.setdefault(entry_id, []).append((vector_id, matched))
    names: dict[str, tuple[str, ...]] = {}
    profiles: dict[str, EntryProfile] = {}
    order = [e["id"] for e in register] + sorted(set(by_entry) - set(entries))
    for entry_id in order:
        if entry_id not in by_entry:
            continue
        entry = entries.get(entry_id, {})
        listed = list(entry.get("readings", {}))
        for vector_id, _ in by_entry[entry_id]:
            for name in (vector_readings or {}).get(vector_id, ()):
                if name not in listed:
                    listed.append(name)
        names[entry_id] = tuple(listed)
        profiles[entry_id] = _entry_profile(entry_id, entry, names[entry_id], by_entry[entry_id])
    for entry_id, found in list(profiles.items()):
        masking = profiles.get(entries.get(entry_id, {}).get("masked_by", ""))
        masked = _masked_probes(by_entry[entry_id], masking, entries, probes or {})
        if masked:
            kept = [vote for vote in by_entry[entry_id] if vote[0] not in masked]
            found = _entry_profile(entry_id, entries[entry_id], names[entry_id], kept)
            profiles[entry_id] = attrs.evolve(found, set_aside=tuple(sorted(masked)))
    for entry_id, found in list(profiles.items()):
        why = _not_applicable(entries.get(entry_id, {}), profiles)
        if why is not None:
            profiles[entry_id] = attrs.evolve(
                found,
                followed=(),
                consistent=True,
                dominant=None,
                deviating=(),
                ballots={},
                not_applicable=why,
            )
    return list(profiles.values())


def _not_applicable(entry: Mapping[str, Any], profiles: Mapping[str, EntryProfile]) -> str | None:
    """Why `entry` is no open point for the candidate (register `applies_when`): it follows,
    consistently, only readings of the governing entry under which this one does not arise."""
    condition = entry.get("applies_when")
    if not isinstance(condition, Mapping):
        return None
    governing = profiles.get(str(condition.get("entry", "")))
    if governing is None or not governing.consistent or not governing.followed:
        return None
    if any(reading in condition.get("readings", ()) for reading in governing.followed):
        return None
    followed = " / ".join(governing.followed)
    return f"{governing.entry} {followed} {condition.get('otherwise', '')}".strip()


def _masked_probes(
    results: list[tuple[str, tuple[str, ...] | None]],
    masking: EntryProfile | None,
    entries: Mapping[str, dict[str, Any]],
    probes: Mapping[str, str],
) -> set[str]:
    """The probe vectors among `results` whose code point every reading the candidate follows
    of the masking entry holds (none when that entry is inconsistent or has no sets)."""
    if masking is None or not masking.followed:
        return set()
    try:
        sets = charsets.reading_sets(entries.get(masking.entry, {}), {})
    except charsets.CharsetError:
        return set()
    if not all(reading in sets for reading in masking.followed):
        return set()
    held = frozenset.intersection(*(sets[reading] for reading in masking.followed))
    return {
        vector_id
        for vector_id, _ in results
        if charsets.probed_char(probes.get(vector_id, "")) in held
    }


def _entry_profile(
    entry_id: str,
    entry: dict[str, Any],
    names: tuple[str, ...],
    results: list[tuple[str, tuple[str, ...] | None]],
) -> EntryProfile:
    cast = [(vid, set(matched)) for vid, matched in results if matched]
    unmatched = tuple(
        sorted(vid for vid, matched in results if matched is not None and not matched)
    )
    votes = {name: sum(1 for _, matched in cast if name in matched) for name in names}
    common = set(names)
    for _, matched in cast:
        common &= matched
    consistent = bool(common) or not cast
    followed = tuple(name for name in names if name in common) if cast else ()
    dominant = None
    deviating: tuple[str, ...] = ()
    ballots: dict[str, tuple[str, ...]] = {}
    if not consistent:
        dominant = max(names, key=lambda name: (votes[name], -names.index(name)))
        deviating = tuple(sorted(vid for vid, matched in cast if dominant not in matched))
        ballots = {vid: tuple(n for n in names if n in matched) for vid, matched in cast}
    return EntryProfile(
        entry=entry_id,
        clause=str(entry.get("clause", "")),
        reference=entry.get("reference"),
        readings=names,
        votes=votes,
        vectors=len(results),
        voted=len(cast),
        unmatched=unmatched,
        followed=followed,
        consistent=consistent,
        dominant=dominant,
        deviating=deviating,
        ballots=ballots,
    )


def contradicting(entry: EntryProfile, reading: str) -> list[str]:
    """The voting vectors of an inconsistent entry whose answers `reading` does not explain:
    the evidence that the candidate does not follow it."""
    return [vid for vid, ballot in entry.ballots.items() if reading not in ballot]


def deviation_message(
    entry: EntryProfile,
    vector_id: str,
    readings: tuple[str, ...] | None,
    probes: dict[str, str],
    shown: int = 2,
) -> str:
    """Why one vector of an inconsistent entry fails: the readings it follows, the dominant
    one, and for the closest readings it follows (most votes first) the vectors elsewhere,
    with the code points they probe, that contradict them."""
    here = " / ".join(readings or ()) or "no reading"
    probe = f" (probe {probes[vector_id]})" if vector_id in probes else ""

    def named(vector_ids: list[str]) -> str:
        first = vector_ids[:shown]
        listed = ", ".join(v + (f" ({probes[v]})" if v in probes else "") for v in first)
        return listed + (f" and {len(vector_ids) - shown} more" if len(vector_ids) > shown else "")

    closest = sorted(readings or (), key=lambda reading: -entry.votes.get(reading, 0))[:3]
    elsewhere = "; ".join(
        f"{reading} ({entry.votes.get(reading, 0)} of {entry.voted}) by "
        f"{named(contradicting(entry, reading))}"
        for reading in closest
    )
    return (
        f"follows {here} of {entry.entry} here{probe}, while {entry.votes[entry.dominant or '']} "
        f"of the entry's {entry.voted} vectors are compatible with {entry.dominant}. No single "
        f"reading explains all its answers"
        + (f": elsewhere it contradicts {elsewhere}" if elsewhere else "")
    )


#: The tables a candidate may name a Unicode version for (hello `runtime.unicode`), and the
#: register entry whose probes show which version its answers follow.
UNICODE_TABLES: Final = {
    "normalization": "UNICODE-NFC-VERSION",
    "case_mapping": "UNICODE-CASE-VERSION",
}


def declared_unicode(runtime: Mapping[str, Any] | None) -> dict[str, str]:
    """table -> the Unicode version the candidate declares for it: `unicode` as one string
    applies to every table, as an object to the tables it names."""
    declared = (runtime or {}).get("unicode")
    if isinstance(declared, str):
        return {table: declared for table in (*UNICODE_TABLES, "properties")}
    if isinstance(declared, Mapping):
        return {str(k): str(v) for k, v in declared.items() if isinstance(v, str)}
    return {}


def reading_versions(reading: str) -> set[int]:
    """The major Unicode versions a version reading names: unicode-14 -> {14},
    unicode-14-15 -> {14, 15}; empty for another reading."""
    match = re.fullmatch(r"unicode-(\d+)(?:-(\d+))?", reading)
    if match is None:
        return set()
    low = int(match.group(1))
    return set(range(low, int(match.group(2) or low) + 1))


def check_declared(
    runtime: Mapping[str, Any] | None, profiles: Iterable[EntryProfile]
) -> dict[str, dict[str, Any]]:
    """entry -> {table, version, agrees} for each table whose declared version an entry's
    probes test: `agrees` is whether some reading the answers follow covers the declared
    major version (None when the answers follow no single set of readings)."""
    declared = declared_unicode(runtime)
    by_entry = {profile.entry: profile for profile in profiles}
    found: dict[str, dict[str, Any]] = {}
    for table, entry_id in UNICODE_TABLES.items():
        profile = by_entry.get(entry_id)
        if table not in declared or profile is None:
            continue
        major = re.match(r"\d+", declared[table].strip())
        agrees = None
        if profile.consistent and profile.followed and major is not None:
            covered = set().union(*(reading_versions(r) for r in profile.followed))
            agrees = int(major.group(0)) in covered
        found[entry_id] = {"table": table, "version": declared[table], "agrees": agrees}
    return found
