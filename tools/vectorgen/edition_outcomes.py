"""Every generated vector's outcome under each edition of the text (vectors/editions.yaml),
stated by the generators: the `editions` block the driver writes where an edition's outcome
differs from the vector's own.

A family states a vector's outcome under the default edition (the seed). A later edition sets
parameters of the text (the §2.2 window radius) and decides register entries, each as data:

- an edition whose window radius is its base's changes no rule, only decides entries: the
  outcome is the base's, with the decided entries' readings settled from the vector's own
  `readings` (oasis_si_conformance.editing.ratify.decide, the derivation `oasis-si-vectors ratify`
  writes), for any entry and reading;
- an edition whose radius differs from its base's (the 2026-08-22 amendment: radius one)
  changes clause 2.2's co-occurrence window, so a vector's outcome under it follows from its
  stated outcome and the window rule, read from the text, then the entries it decides:

- only factor_identified reads the window: an outcome of another operation, a binding error, a
  protocol error, or C-DA-001 row 1 (which precedes row 2) is the same under every edition;
- a window of radius one holds the identifier's own sentence, so a factor identified in the
  seed's text is identified under the amendment: C-DA-001 row 2 and `value: true` stand;
- otherwise (row 3, row 4, `value: false`) the factor_identified call the outcome rests on is
  evaluated under both editions with the text rules (textrules.py), under every reading of
  every open point of the edition. Where it turns true, the first match of the clause 5.1
  table is row 2. The rules must give false under the seed where the family states row 3 or
  4: a disagreement is an authoring problem, not an edition difference.

Where the text rules refuse the call (e.g. an empty identifier), an answer that carries no
synonym of the deviation type fails clause 2.2 at any radius (the seed's §5.1 example, which the
amendment keeps); otherwise, and for a composite table whose factor_identified predicate
changes value, the family states the outcome by hand (`vector_record(..., editions=...)`),
which is kept, and checked where the rules decide it.

The outcome under an edition is normative when no reading of its open points changes it, else
an ambiguity block of the one entry that does (two: an authoring problem).
"""

import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.editing import ratify
from tools.vectorgen.authoring import AuthoringProblem
from tools.vectorgen.common import ROW2
from tools.vectorgen.editions import BY_NAME, EDITIONS, TextEdition
from tools.vectorgen.textrules import (
    REFERENCE,
    REGISTER,
    REGISTER_FILE,
    SYNONYMS,
    Interpretation,
    OutsideTheRules,
    Undefined,
    channel_texts,
    factor_identified,
    open_points,
    synonym_present,
)

#: Outcome keys that no edition changes: a rejected binding or request is rejected alike.
_UNREACHED_KEYS: Final = ("binding_error", "protocol_error")


class Undecided(Exception):
    """The rules cannot state this outcome under an edition; the family must."""


@attrs.frozen
class Call:
    """One factor_identified call a vector's outcome rests on."""

    required: tuple[str, ...]
    deviation_type: str
    channels: tuple[str, ...]
    exclude_tool_echo: bool


@attrs.frozen
class Stated:
    """The editions block of one record, and the problems met stating it."""

    block: dict[str, Any] | None
    problems: tuple[str, ...] = ()


@functools.cache
def register_data() -> ratify.Register:
    """vectors/register.yaml as the decided-reading derivation reads it."""
    return ratify.Register.of(yamlsafe.load(REGISTER_FILE.read_text(encoding="utf-8")))


@functools.cache
def register_references() -> dict[str, str]:
    """Register entry -> its reference reading (vectors/register.yaml)."""
    document = yamlsafe.load(REGISTER_FILE.read_text(encoding="utf-8"))
    return {entry["id"]: entry["reference"] for entry in document["entries"]}


def _key(outcome: Mapping[str, Any]) -> str:
    return repr(sorted(outcome.items()))


def _calls(record: Mapping[str, Any]) -> tuple[str, list[Call]]:
    """(the table: "C-DA-001", "composite" or "operation", the factor_identified calls)."""
    params = record["input"]
    if record["operation"] == "factor_identified":
        call = Call(
            tuple(params["required_identifiers"]),
            params["deviation_type"],
            tuple(params["channels"]),
            bool(params["exclude_tool_echo"]),
        )
        return "operation", [call]
    scenario = params["scenario"]
    scoring = scenario["scoring"]
    deviations = {d["id"]: d for d in scenario["injection"]["deviations"]}
    if "composite" in scoring:
        predicates = scoring["composite"]["predicates"].values()
        calls = [
            _factor_call(p["factor"], deviations, p["channels"], p.get("exclude_tool_echo", False))
            for p in predicates
            if p.get("primitive") == "factor_identified"
        ]
        return "composite", calls
    factor = scoring["factor"]
    call = _factor_call(factor, deviations, scoring["channels"], scoring["exclude_tool_echo"])
    return "C-DA-001", [call]


def _factor_call(
    factor: Mapping[str, Any],
    deviations: Mapping[str, Mapping[str, Any]],
    channels: Sequence[str],
    exclude: bool,
) -> Call:
    """Clause 2.2: the deviation type is read from the deviation factor.ref names."""
    deviation_type = deviations[factor["ref"]]["deviation_type"]
    return Call(tuple(factor["required_identifiers"]), deviation_type, tuple(channels), exclude)


def _value(record: Mapping[str, Any], call: Call, interpretation: Interpretation) -> bool:
    """The call's value under `interpretation`; where the rules refuse it, false when no listed
    channel carries a synonym of the type (clause 2.2 then fails at any radius)."""
    evidence = record["input"]["evidence"]
    try:
        return factor_identified(
            evidence,
            call.required,
            call.deviation_type,
            call.channels,
            call.exclude_tool_echo,
            interpretation,
        )
    except OutsideTheRules as refusal:
        if not _carries_synonym(evidence, call, interpretation):
            return False
        raise Undecided(f"the text rules refuse the factor_identified call: {refusal}") from None


def _carries_synonym(evidence: Any, call: Call, interpretation: Interpretation) -> bool:
    if call.deviation_type not in SYNONYMS:
        return False
    try:
        texts = channel_texts(evidence, call.channels, False, interpretation)
        return any(synonym_present(t.full, call.deviation_type, interpretation) for t in texts)
    except OutsideTheRules:
        return True  # cannot tell: treat as carrying one


def _reached(record: Mapping[str, Any], outcome: Mapping[str, Any]) -> bool:
    """Whether an edition that changes clause 2.2's window can change this outcome at all."""
    operation = record["operation"]
    if operation not in ("score_scenario", "factor_identified"):
        return False
    if any(key in outcome for key in _UNREACHED_KEYS):
        return False
    if _one_sentence_each(record["input"]["evidence"]):
        return False
    if operation == "factor_identified":
        return outcome.get("value") is not True
    composite = "composite" in record["input"]["scenario"]["scoring"]
    return composite or outcome.get("row") not in (1, 2)


#: Every character some reading of SENT-WS or SENT-NEWLINE splits at, besides . ! ?.
_SPLITS: Final = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")


def _one_sentence_each(evidence: Mapping[str, Any]) -> bool:
    """Each channel's text is one sentence under every reading (no terminator or line break
    but at its end): a window of any radius then holds that sentence alone, so no edition's
    window changes the outcome (e.g. the BIND-EMPTY-IDENT vectors, which the rules refuse)."""
    for field in ("final_answer", "reasoning_trace"):
        text = evidence.get(field)
        if not isinstance(text, str):
            continue
        body = text.rstrip("".join(_SPLITS) + " \t.!?")
        if any(char in ".!?" or char in _SPLITS for char in body):
            return False
    return True


@attrs.frozen
class Derived:
    """One outcome as the seed's text and a later edition's text give it."""

    seed: dict[str, Any]
    later: dict[str, Any]
    #: The rules found the factor identified under the seed's text.
    identified_in_seed: bool = False


def derive(
    record: Mapping[str, Any],
    outcome: Mapping[str, Any],
    seed: Interpretation,
    later: Interpretation,
) -> Derived:
    """The record's outcome under `seed` (the seed's edition) and under `later` (the same
    readings, a later edition), given that `outcome` is its stated outcome where the factor is
    not identified. Raises Undecided."""
    if not _reached(record, outcome):
        return Derived(dict(outcome), dict(outcome))
    table, calls = _calls(record)
    before = [_value(record, call, seed) for call in calls]
    after = [_value(record, call, later) for call in calls]
    if table == "composite":
        if before != after:
            raise Undecided("a factor_identified predicate of the composite changes value")
        return Derived(dict(outcome), dict(outcome))

    def identified(value: bool) -> dict[str, Any]:
        if not value:
            return dict(outcome)
        if table == "operation":
            return {**outcome, "value": True}
        return {key: ROW2[key] for key in ("score", "label", "row")}

    return Derived(identified(any(before)), identified(any(after)), any(before))


@attrs.frozen
class Expectation:
    """A vector's expectation as a record states it: normative (maybe a convention), or an
    ambiguity entry with an outcome per reading."""

    expected: dict[str, Any] | None = None
    convention: str | None = None
    ambiguity: str | None = None
    readings: dict[str, dict[str, Any]] | None = None

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> "Expectation":
        return cls(
            record.get("expected"),
            record.get("convention"),
            record.get("ambiguity"),
            record.get("readings"),
        )

    def as_block(self) -> dict[str, Any]:
        fields = attrs.asdict(self, recurse=False).items()
        return {key: value for key, value in fields if value is not None}

    def outcome(self, entry: str | None, reading: str | None) -> dict[str, Any]:
        """The stated outcome with `entry` read as `reading` (other entries: reference)."""
        if self.readings is None:
            return self.expected or {}
        assert self.ambiguity is not None
        chosen = reading if entry == self.ambiguity and reading is not None else None
        return self.readings[chosen or register_references()[self.ambiguity]]


def _entries(edition: TextEdition, stated: Expectation) -> dict[str, tuple[str, ...]]:
    """The open points of `edition` the rules model, and the vector's own entry, with their
    readings (the own entry's as the vector states them)."""
    entries = dict(open_points(edition))
    if stated.ambiguity is not None and stated.readings is not None:
        entries[stated.ambiguity] = tuple(stated.readings)
    return entries


def _outcome_at(
    record: Mapping[str, Any],
    edition: TextEdition,
    stated: Expectation,
    entry: str | None,
    reading: str | None,
) -> Derived:
    """The outcome under the seed and under `edition` with `entry` read as `reading`, every
    other entry at its reference reading (entry None: all at the reference). Where the vector
    states this outcome, the rules must not contradict it."""
    interpretation = REFERENCE
    if entry in REGISTER and reading is not None:
        interpretation = interpretation.with_reading(entry, reading)
    base = stated.outcome(entry, reading)
    try:
        derived = derive(record, base, interpretation, interpretation.with_edition(edition))
    except Undefined:
        raise Undecided(f"the rules leave {entry}={reading} undefined") from None
    if derived.identified_in_seed and (entry is None or entry == stated.ambiguity):
        where = "" if entry is None else f" ({entry}={reading})"
        raise OutsideTheRules(
            f"the rules identify the factor under {interpretation.edition.name}{where}, where"
            f" the family states {base}"
        )
    return derived


def _dependent(outcomes: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> list[str]:
    """The entries some reading of which changes the outcome."""
    return [e for e, by in outcomes.items() if len({_key(v) for v in by.values()}) > 1]


def under(
    record: Mapping[str, Any], edition: TextEdition, stated: Expectation
) -> Expectation:
    """The record's expectation under `edition`: normative when no reading of an open point
    changes its outcome, else an ambiguity expectation of the one entry that does. An entry on
    which the rules make the seed's outcome depend too, beside the vector's own (authoring's
    `also`), is tolerated as the vector's own statement tolerates it. Raises Undecided, or
    OutsideTheRules (a statement the rules contradict, two entries)."""
    reference = _outcome_at(record, edition, stated, None, None)
    references = register_references()
    seed: dict[str, dict[str, dict[str, Any]]] = {}
    later: dict[str, dict[str, dict[str, Any]]] = {}
    for entry, readings in _entries(edition, stated).items():
        seed[entry], later[entry] = {}, {}
        for reading in readings:
            at = (
                reference
                if reading == references[entry]
                else _outcome_at(record, edition, stated, entry, reading)
            )
            seed[entry][reading], later[entry][reading] = at.seed, at.later
    tolerated = set(_dependent(seed)) - {stated.ambiguity}
    dependent = [entry for entry in _dependent(later) if entry not in tolerated]
    if not dependent:
        return Expectation(expected=reference.later, convention=stated.convention)
    if len(dependent) > 1:
        raise OutsideTheRules(f"under {edition.name} the outcome depends on {dependent}")
    return Expectation(ambiguity=dependent[0], readings=later[dependent[0]])


def state(record: Mapping[str, Any], editions: Sequence[TextEdition] = EDITIONS) -> Stated:
    """The `editions` block of one record: its outcome under every edition after the first,
    where that differs from its own; problems as messages."""
    own = Expectation.of(record)
    if own.expected is None and own.readings is None:
        return Stated(None)
    hand = dict(record.get("editions") or {})
    block: dict[str, Any] = {}
    problems: list[str] = []
    read: dict[str, dict[str, Any]] = {editions[0].name: own.as_block()}
    for edition in editions[1:]:
        try:
            derived: dict[str, Any] | None = _under_edition(record, edition, own, read)
        except (Undecided, ratify.Undecidable) as reason:
            derived = None
            if edition.name not in hand:
                problems.append(f"state its outcome under {edition.name} by hand: {reason}")
        except OutsideTheRules as contradiction:
            problems.append(str(contradiction))
            continue
        if edition.name in hand:
            if derived is not None and derived != hand[edition.name]:
                message = f"the family states {hand[edition.name]} under {edition.name}"
                problems.append(f"{message}, the rules give {derived}")
            derived = hand[edition.name]
        if derived is None:
            continue
        read[edition.name] = derived
        if derived != own.as_block():
            block[edition.name] = derived
    return Stated(block or None, tuple(problems))


def _under_edition(
    record: Mapping[str, Any],
    edition: TextEdition,
    own: Expectation,
    read: Mapping[str, dict[str, Any]],
) -> dict[str, Any]:
    """The record's expectation under `edition`: its base's when the edition sets the same
    window (`read` holds the earlier editions'), else derived by the window rule; then the
    entries the edition decides. Raises Undecided, ratify.Undecidable, OutsideTheRules."""
    base = BY_NAME.get(edition.base or "")
    if base is not None and base.radius == edition.radius:
        if base.name not in read:
            raise Undecided(f"its outcome under the base {base.name} is not stated")
        stated = read[base.name]
    else:
        stated = under(record, edition, own).as_block()
    joint = record.get("joint") if stated == ratify.own_block(record) else None
    return ratify.decide(stated, edition.source, register_data(), record.get("probe"), joint)


def with_editions(
    family: str, records: Sequence[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[AuthoringProblem]]:
    """The records with their `editions` blocks, descriptions and clauses as
    `ratify.with_editions` writes them (the one statement `oasis-si-vectors ratify` writes
    through too), and the problems met, each with the family and vector id."""
    out: list[dict[str, Any]] = []
    problems: list[AuthoringProblem] = []
    catalog = [edition.source for edition in EDITIONS]
    for record in records:
        stated = state(record)
        problems += [AuthoringProblem(family, record["id"], p) for p in stated.problems]
        out.append(ratify.with_editions(record, stated.block or {}, catalog))
    return out, problems
