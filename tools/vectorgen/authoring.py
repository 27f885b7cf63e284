"""Authoring a text-level vector from the text rules (textrules.py).

A case's verdict is computed under the register's reference reading and under every reading
of every text-level entry:

- a case whose verdict no reading changes is NORMATIVE;
- a case whose verdict only one entry's readings change is an AMBIGUITY vector of that entry;
- a case that two entries change is refused (unless the family names the pair: `also`).

A normative vector must be failed by at least one modelled wrong implementation
(wrong_readings.py), and some flags are derived from which ones fail it. A verdict the family
states by hand (`expect`) must agree with the rules. Whatever goes wrong is returned as a
value (`Authored.problems`); the generator driver (`python -m tools.vectorgen`) reports each
with its family and vector id and exits non-zero.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus.corpus import RECORD_KEYS
from tools.vectorgen.common import ambiguous, normative, trace_channel_convention, vector_file
from tools.vectorgen.editions import EDITIONS, SEED, TextEdition
from tools.vectorgen.textrules import (
    REFERENCE,
    REGISTER,
    OutsideTheRules,
    Undefined,
    evaluate,
    joint_with,
    open_points,
    refuse_echo,
)
from tools.vectorgen.wrong_readings import ALL, FLAG_OF, SMART_SPLITTERS, Wrong

#: Every flag the text-level families use, documented once.
FLAG_DOCS: Final[dict[str, str]] = {
    "unicode-version": (
        "The verdict depends on the Unicode data version (register UNICODE-CASE-VERSION,"
        " UNICODE-NFC-VERSION)."
    ),
    "nfkc-trap": "NFKC (compatibility) normalization instead of NFC gives another verdict.",
    "needs-nfc": "An evaluator that does not NFC-normalize gives another verdict.",
    "ascii-fold-trap": "ASCII-only case mapping gives another verdict.",
    "word-boundary-trap": (
        "Regex word boundaries (\\b) instead of the clause 3.1 ASCII class give another verdict."
    ),
    "isalnum-class-trap": (
        "A Unicode isalnum() delimiter class instead of the ASCII class gives another verdict."
    ),
    "regex-metachar": (
        "The identifier contains regex metacharacters; an unescaped regex gives another verdict."
    ),
    "later-occurrence": (
        "Only a later occurrence is delimited; trying the first occurrence only gives another"
        " verdict."
    ),
    "overlapping-occurrence": "Only an occurrence overlapping an earlier one is delimited.",
    "every-period-trap": (
        "Splitting after every terminator (whitespace or not) gives another verdict."
    ),
    "radius-one-trap": (
        "The identifier and the synonym sit in adjacent sentences: the seed's same-sentence"
        " rule and the 2026-08-22 radius-one window (clause 2.2) give different verdicts; the"
        " vector states both."
    ),
    "radius-two": (
        "The synonym sits two sentences or more from every sentence naming a required"
        " identifier: outside the clause 2.2 window under every edition."
    ),
    "window-blank": (
        "Blank lines, or answer lines blanked by echo exclusion, sit between the identifier's"
        " sentence and the synonym's: whether they add distance is register WINDOW-BLANK"
        " (2026-08-22 edition)."
    ),
    "decoy-characterization": (
        "The synonym characterizes another key than the required identifier, in an adjacent"
        " sentence: the 2026-08-22 window credits it, the seed's same-sentence rule does not."
    ),
    "amendment-example": (
        "The answer the 2026-08-22 amendment of clause 2.2 quotes as the case that motivated it,"
        " verbatim."
    ),
    "channels-apart": (
        "The identifier ends one channel's text and the synonym starts another's: a window"
        " never reaches across channels."
    ),
    "smart-split-trap": (
        "A smarter splitter (abbreviations, quotes, other terminators, other whitespace sets)"
        " gives another verdict."
    ),
    "trace-only": (
        "The decisive text is only in the reasoning trace, which diagnosis never reads"
        " (clause 2.5)."
    ),
    "supplementary-plane": "The case uses code points above U+FFFF.",
    "lone-surrogate": (
        "The request holds lone surrogates, which are not Unicode scalar values (register"
        " TEXT-SURROGATE; in a binding, BIND-SURROGATE)."
    ),
}

#: Operations whose verdict goes through sentence splitting (clause 3.2).
_SPLITTING: Final = ("split_sentences", "factor_identified", "score_scenario")


@attrs.frozen
class Authored:
    """One case as authored: its vector record (None when an optional case is left out, or
    when the rules refuse it) and the authoring problems found."""

    vector_id: str
    record: dict[str, Any] | None
    problems: tuple[str, ...] = ()


@attrs.frozen
class AuthoringProblem:
    """A problem of one authored vector, for the generator driver to report."""

    family: str
    vector_id: str
    message: str

    def __str__(self) -> str:
        return f"{self.family}: {self.vector_id}: {self.message}"


@attrs.frozen
class GeneratedFamily:
    """A family's vector-file documents and the authoring problems met writing them."""

    files: dict[str, dict[str, Any]]
    problems: tuple[AuthoringProblem, ...]


def _key(outcome: Mapping[str, Any] | None) -> str:
    return repr(sorted(outcome.items())) if outcome is not None else "undefined"


def _verdicts_by_entry(
    operation: str, params: Mapping[str, Any]
) -> dict[str, dict[str, dict[str, Any] | None]]:
    """entry -> reading -> verdict (None where the register leaves it undefined)."""
    by_entry: dict[str, dict[str, dict[str, Any] | None]] = {}
    for entry, readings in open_points(REFERENCE.edition).items():
        outcomes: dict[str, dict[str, Any] | None] = {}
        for reading in readings:
            try:
                interpretation = REFERENCE.with_reading(entry, reading)
                outcomes[reading] = evaluate(operation, params, interpretation)
            except Undefined:
                outcomes[reading] = None
        by_entry[entry] = outcomes
    return by_entry


def failing_wrong_readings(
    operation: str,
    params: Mapping[str, Any],
    reference: Mapping[str, Any],
    edition: TextEdition = SEED,
) -> list[str]:
    """The modelled wrong implementations whose verdict differs from `reference`, the verdict
    under `edition` (default: the seed's text)."""
    baseline = _key(reference)
    failing = []
    for wrong in ALL:
        try:
            got = evaluate(operation, params, REFERENCE.with_edition(edition).with_wrong(wrong))
        except (Undefined, OutsideTheRules):
            continue
        if _key(got) != baseline:
            failing.append(wrong)
    return failing


def _derived_flags(
    operation: str, params: Mapping[str, Any], failing: Sequence[str], entry: str | None
) -> set[str]:
    derived = {FLAG_OF[wrong] for wrong in failing if wrong in FLAG_OF}
    if operation in _SPLITTING and SMART_SPLITTERS & set(failing):
        if operation == "split_sentences" or Wrong.SENT_EVERY_TERMINATOR not in failing:
            derived.add("smart-split-trap")
    if any(ord(char) > 0xFFFF for char in _all_text(params)):
        derived.add("supplementary-plane")
    if entry in ("UNICODE-CASE-VERSION", "UNICODE-NFC-VERSION"):
        derived.add("unicode-version")
    return derived


def with_trace_channel(case: Authored) -> Authored:
    """`case`, its record a TRACE-CHANNEL convention vector where its outcome rests on the
    channel listed as reasoning_trace (common.trace_channel_convention)."""
    if case.record is None:
        return case
    return attrs.evolve(case, record=trace_channel_convention(case.record))


def author(
    vector_id: str,
    clauses: list[str],
    operation: str,
    description: str,
    params: dict[str, Any],
    *,
    entry: str | None = "auto",
    expect: Any = None,
    flags: tuple[str, ...] = (),
    also: tuple[str, ...] = (),
    optional: bool = False,
    open_description: str | None = None,
    probe: str | None = None,
    echo: bool = False,
) -> Authored:
    """One vector, its verdict computed from the text rules under every reading.

    entry="auto": normative when no reading changes the verdict, else an ambiguity vector of
    the one entry that does. entry=None: must be normative. `expect`, when given, is the
    verdict the author states by hand (or {reading: verdict}); it must agree with the rules.
    `also` names further entries the case is allowed to depend on. `optional`: a normative
    case no wrong implementation fails is left out instead of reported. `open_description`
    replaces the description when the case turns out to be an ambiguity vector. `probe`: the
    code point (U+XXXX) an exhaustive probe of the entry tests (register-probes). `echo`: the
    case is about clause 2.1 echo exclusion, which text-level cases otherwise keep out of
    play."""
    try:
        _refuse_out_of_play(params, echo)
        reference = evaluate(operation, params, REFERENCE)
        by_entry = _verdicts_by_entry(operation, params)
    except OutsideTheRules as refusal:
        return Authored(vector_id, None, (f"the text rules refuse the case: {refusal}",))
    dependent = [e for e, o in by_entry.items() if len({_key(v) for v in o.values()}) > 1]
    if entry == "auto":
        entry = dependent[0] if dependent else None
    problems = _entry_problems(entry, dependent, also, by_entry)
    failing = failing_wrong_readings(operation, params, reference)
    if entry is None and not failing:
        failing = _failing_under_later_editions(operation, params)
    if entry is None and optional and not failing:
        return Authored(vector_id, None, tuple(problems))
    if entry is None and not failing:
        problems.append("no modelled wrong implementation fails this vector")
    all_flags = sorted(set(flags) | _derived_flags(operation, params, failing, entry)) or None
    if operation == "score_scenario":
        outcomes = [reference] if entry is None else by_entry[entry].values()
        rows = sorted({o["row"] for o in outcomes if o is not None and "row" in o})
        clauses = [*clauses, *([] if "5.1" in clauses else ["5.1"]), *[f"5.1.row{n}" for n in rows]]
    if entry is None:
        if expect is not None and _key(_outcome(operation, expect)) != _key(reference):
            problems.append(f"authored {expect!r}, rules give {reference!r}")
        record = normative(
            vector_id, clauses, operation, description, params, reference, all_flags, probe
        )
        return Authored(vector_id, record, tuple(problems))
    readings = dict(by_entry[entry])
    for reading, value in (expect or {}).items():
        if _key(_outcome(operation, value)) != _key(readings[reading]):
            problems.append(f"authored {reading}={value!r}, rules give {readings[reading]!r}")
    text = open_description if open_description is not None else description
    joint = _joint_verdicts(operation, params, entry, readings)
    record = ambiguous(
        vector_id, clauses, operation, text, params, entry, readings, all_flags, probe, joint
    )
    return Authored(vector_id, record, tuple(problems))


def _joint_verdicts(
    operation: str,
    params: Mapping[str, Any],
    entry: str,
    readings: Mapping[str, Any],
) -> dict[str, dict[str, dict[str, Any]]]:
    """The verdicts of an ambiguity vector of `entry` under each reading of the entries whose
    readings combine with its (textrules.joint_with) where they differ from `readings`, which
    hold under those entries' reference readings: other -> its reading -> entry's reading ->
    verdict (Vector.joint)."""
    joint: dict[str, dict[str, dict[str, Any]]] = {}
    for other in joint_with(entry):
        for taken in REGISTER[other][1:]:  # the first is the reference: `readings` itself
            differing = {}
            for reading, stated in readings.items():
                if stated is None:
                    continue
                try:
                    verdict = evaluate(
                        operation,
                        params,
                        REFERENCE.with_reading(entry, reading).with_reading(other, taken),
                    )
                except Undefined:
                    continue
                if _key(verdict) != _key(stated):
                    differing[reading] = verdict
            if differing:
                joint.setdefault(other, {})[taken] = differing
    return joint


def with_probe(record: dict[str, Any], probe: str | None) -> dict[str, Any]:
    """The record with `probe` set (keys in the files' order); unchanged when `probe` is None."""
    if probe is None:
        return record
    values = {**record, "probe": probe}
    return {key: values[key] for key in RECORD_KEYS if key in values}
def _failing_under_later_editions(operation: str, params: Mapping[str, Any]) -> list[str]:
    """The wrong implementations a case catches under an edition after the seed (a case about
    a later edition's rule may catch nothing under the seed's)."""
    failing: list[str] = []
    for edition in EDITIONS[1:]:
        try:
            reference = evaluate(operation, params, REFERENCE.with_edition(edition))
        except (OutsideTheRules, Undefined):
            continue
        failing += failing_wrong_readings(operation, params, reference, edition)
    return failing


def _refuse_out_of_play(params: Mapping[str, Any], echo: bool = False) -> None:
    """Text-level cases keep clause 2.1 echo exclusion (unless `echo`) and empty identifiers
    (register BIND-EMPTY-IDENT, a binding question) out of play."""
    if isinstance(params.get("evidence"), dict) and not echo:
        refuse_echo(params["evidence"])
    scoring = params.get("scenario", {}).get("scoring", {})
    identifiers = [
        params.get("identifier"),
        *params.get("identifier_set", ()),
        *params.get("required_identifiers", ()),
        *scoring.get("factor", {}).get("required_identifiers", ()),
        *scoring.get("subsystem_set", ()),
    ]
    if "" in identifiers:
        raise OutsideTheRules("empty identifiers are register BIND-EMPTY-IDENT")


def _entry_problems(
    entry: str | None,
    dependent: Sequence[str],
    also: Iterable[str],
    by_entry: Mapping[str, Mapping[str, Any]],
) -> list[str]:
    """Whether the case depends on the register entries its author says it does."""
    if entry is None:
        return [f"meant normative, depends on {list(dependent)}"] if dependent else []
    problems = []
    if entry not in dependent:
        problems.append(f"meant {entry}, depends on {list(dependent)}")
    extra = set(dependent) - {entry} - set(also)
    if extra:
        problems.append(f"depends on {entry} and also {sorted(extra)}")
    if any(verdict is None for verdict in by_entry[entry].values()):
        problems.append("a reading is undefined")
    return problems


def _outcome(operation: str, value: Any) -> dict[str, Any]:
    """An outcome stated by hand: the outcome itself, or the bare verdict of an operation."""
    if isinstance(value, dict):
        return value
    if operation in ("identifier_match", "synonym_match"):
        return {"match": value}
    if operation in ("named_in_output", "factor_identified"):
        return {"value": value}
    if operation == "split_sentences":
        return {"sentences": value}
    raise ValueError(operation)


def _all_text(node: Any) -> str:
    if isinstance(node, str):
        return node
    if isinstance(node, dict):
        return "".join(_all_text(v) for v in node.values())
    if isinstance(node, list):
        return "".join(_all_text(v) for v in node)
    return ""


def first_kept(cases: Iterable[Authored], count: int) -> list[Authored]:
    """The cases with at most `count` records kept (the first ones); problems all kept."""
    kept: list[Authored] = []
    for case in cases:
        if case.record is not None and count > 0:
            count -= 1
            kept.append(case)
        else:
            kept.append(Authored(case.vector_id, None, case.problems))
    return kept


def family_files(
    folder: str,
    family: str,
    generator: str,
    operation_cases: Sequence[Authored],
    lifted_cases: Sequence[Authored],
    operations_description: str,
    lifted_description: str,
) -> GeneratedFamily:
    """The two files of a text-level family: the operation-level vectors, and the same cases
    lifted into the C-DA-001 bands through score_scenario; with every authoring problem."""
    problems = tuple(
        AuthoringProblem(family, case.vector_id, message)
        for case in [*operation_cases, *lifted_cases]
        for message in case.problems
    )

    def records(cases: Sequence[Authored]) -> list[dict[str, Any]]:
        return [case.record for case in cases if case.record is not None]

    lifted_family = f"{family}-scenarios"
    files = {
        f"{folder}/{family}.yaml": vector_file(
            family, operations_description, generator, records(operation_cases)
        ),
        f"{folder}/{lifted_family}.yaml": vector_file(
            lifted_family, lifted_description, generator, records(lifted_cases)
        ),
    }
    return GeneratedFamily(files, problems)


def flags_of(documents: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """The documentation of every flag the documents' vectors use."""
    used = {
        flag
        for document in documents.values()
        for vector in document["vectors"]
        for flag in vector.get("flags", ())
    }
    return {flag: FLAG_DOCS[flag] for flag in sorted(used)}

