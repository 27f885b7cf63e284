"""Causes of divergences: what explains a class's shrunk case, and classes merged by cause.

A divergence class (classify.py) says where a candidate differs: the operation, the table
row, what differs. One defect reaches several rows, so after shrinking each class's
representative is explained, by the first of:

0. another edition of the text: every answer of the class the candidate gave a result for
   (its recorded cases and the cases tried while shrinking) holds under another edition of
   the catalog, judged there as a case of that edition is (`editions_followed`);
1. the register entry and reading it follows: the answer satisfies a non-reference reading of
   an open point the case touches, on everything the text decides (the judge found the
   reading; the difference left is a convention's). A normative divergence holds under no
   reading, so no reading explains it;
2. catalog mutants that reproduce it: every normative mutant of the run's edition in the
   mutant catalog (conformance/independent/mutants.py, shipped with the kit) answers the
   shrunk case in process (the independent evaluator configured as the mutant), and those
   whose projected answer is the candidate's are kept; the set is narrowed to those that also
   reproduce the class's other recorded cases. The cause is named by the mutants' ids,
   described by their misreadings;
3. the minimal difference: for a score_scenario case, which single primitive of the decision
   table, flipped from the reference's value, gives the candidate's row
   ("named_in_output true -> false"); otherwise what differs in the operation's own result
   ("match true -> false"), or the failure whatever the operation ("error response
   invalid_request", "crash"); with the short strings the minimal case is made of.

A failure (an error response, a crash) is explained by a reading or a convention only where
the failure needs the point: a convention class whose answers are a failure the candidate also
gives where the text decides a verdict (a normative class of the same failure) is that
normative defect, and joins its class (`failures_where_a_verdict_is_due`).

Every cause is checked on the cases it names before it is kept (`verified`): the edition or
reading by judging the candidate's answers under it, the mutants by playing them. Classes
with the same cause (the same expectation, and the same edition, register reading,
difference, or overlapping sets of mutants) are then merged: one class per cause, the rows it
was reached through listed.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.fuzz import classify
from oasis_si_conformance.fuzz.classify import ClassKey
from oasis_si_conformance.fuzz.summary import Divergence, DivergenceClass, Summary
from oasis_si_conformance.judging.compare import compare_outcome, project
from oasis_si_reference import evidence, scoring, tables
from oasis_si_reference.model import BindingError
from oasis_si_schemas.editions import Edition

EDITION: Final = "edition"
REGISTER: Final = "register"
MUTANT: Final = "mutant"
DIFFERENCE: Final = "difference"

#: Strings of the minimal case shown in a difference cause (at most, and at most this long).
HINGE_STRINGS: Final = 6
HINGE_LENGTH: Final = 40


@attrs.frozen
class Cause:
    """What explains a class: its sort (REGISTER, MUTANT, DIFFERENCE), its name (the identity
    classes are merged by) and its title in words."""

    kind: str
    name: str
    title: str
    mutants: tuple[tuple[str, str], ...] = ()  # (catalog id, description), for MUTANT
    hinges: tuple[str, ...] = ()  # the minimal case's short strings, for DIFFERENCE

    def joins(self, other: Cause) -> bool:
        """Whether a class with this cause and one with `other` are one class."""
        if self.kind != other.kind:
            return False
        if self.kind == MUTANT:
            return bool({m for m, _ in self.mutants} & {m for m, _ in other.mutants})
        return self.name == other.name

    def meet(self, other: Cause) -> Cause:
        """The cause of two joined classes (mutants: those reproducing both)."""
        if self.kind != MUTANT:
            return self
        ids = {m for m, _ in other.mutants}
        return mutant_cause(tuple(m for m in self.mutants if m[0] in ids))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "mutants": [{"id": mid, "description": text} for mid, text in self.mutants],
            "hinges": list(self.hinges),
        }


def mutant_cause(mutants: tuple[tuple[str, str], ...]) -> Cause:
    name = " | ".join(mid for mid, _ in mutants)
    if len(mutants) == 1:
        title = f"{mutants[0][0]}: {mutants[0][1]}"
    else:
        title = f"one of {len(mutants)} misreadings: {name}"
    return Cause(MUTANT, name, title, mutants)


# 1. the register ------------------------------------------------------------------------------


def register_cause(divergence: Divergence) -> Cause | None:
    """The reading of a register entry the answer follows, when it is not the reference's and
    the answer holds under it on everything the text decides (a normative divergence holds
    under no reading: the reading it was shown against is only the nearest)."""
    if divergence.reading == "reference" or not divergence.points:
        return None
    if divergence.key.normative:
        return None
    return Cause(REGISTER, divergence.reading, f"follows register reading {divergence.reading}")


# 0. another edition -------------------------------------------------------------------------


@functools.cache
def _catalog_editions() -> tuple[Edition, ...]:
    from oasis_si_conformance.corpus import editions
    from oasis_si_conformance.corpus.corpus import vectors_root

    return tuple(editions.load(vectors_root()))


#: Whether a candidate's outcome on a case holds under an edition, judged as a case of that
#: edition (None: that edition gives no verdict to judge by): differential.holds_under.
Rejudge = Callable[["Witness", Edition], "bool | None"]


def editions_followed(
    witnesses: Sequence[Witness],
    edition: Edition,
    rejudge: Rejudge,
    editions: Sequence[Edition] | None = None,
) -> list[Edition]:
    """The other editions of the catalog under which every witness holds, each judged there
    (none when there is no witness: a cause is named only from answers it was checked on)."""
    if not witnesses:
        return []
    others = [e for e in (editions or _catalog_editions()) if e.name != edition.name]
    return [other for other in others if all(rejudge(seen, other) for seen in witnesses)]


def edition_cause(
    divergence_class: DivergenceClass,
    edition: Edition,
    rejudge: Rejudge,
    editions: Sequence[Edition] | None = None,
) -> Cause | None:
    """The edition a normative class's answers follow: the representative (the minimal case)
    holds under it, and so do at least half of the class's other recorded answers that edition
    gives a verdict on (a recorded case may show a second defect beside the edition's
    difference); the title says on how many it was checked. None for a class of failures (an
    edition prescribes no crash) or when no other edition fits."""
    recorded = _recorded_witnesses(divergence_class)
    if not divergence_class.key.normative or divergence_class.representative.actual is None:
        return None
    representative, others = recorded[0], recorded[1:]
    fitting = []
    for other in editions_followed([representative], edition, rejudge, editions):
        verdicts = [rejudge(seen, other) for seen in others]
        judged = [verdict for verdict in verdicts if verdict is not None]
        if 2 * sum(judged) >= len(judged):
            fitting.append((other, sum(judged) + 1, len(judged) + 1))
    if not fitting:
        return None
    names = " | ".join(e.name for e, _held, _judged in fitting)
    held_count, judged_count = min((h, j) for _e, h, j in fitting)
    return Cause(
        EDITION,
        names,
        f"follows edition {names}, not {edition.name} (its answers hold there on {held_count}"
        f" of the {judged_count} recorded cases that edition decides, the minimal one included)",
    )


def _recorded_witnesses(divergence_class: DivergenceClass) -> list[Witness]:
    """The class's recorded answers the candidate gave results for, the representative
    first, each divergence once."""
    recorded = [
        divergence_class.representative,
        divergence_class.first,
        divergence_class.smallest,
        *divergence_class.samples,
    ]
    unique = {id(d): d for d in recorded}
    return [w for d in unique.values() if (w := witness(d))]


# 2. the mutant catalog ----------------------------------------------------------------------


@attrs.frozen(eq=False)  # hashed by identity (a cache key)
class Catalog:
    """The catalog's mutants and the independent evaluator that plays them."""

    mutants: tuple[Any, ...]
    server: Callable[..., Any]  # oasis_si_conformance.independent.server.Server
    config: Callable[..., Any]  # oasis_si_conformance.independent.config.Config
    tracing: Callable[[], Any]  # oasis_si_conformance.independent.config.tracing


@functools.cache
def catalog() -> Catalog:
    """The mutant catalog and the independent evaluator that plays its mutants, both shipped
    with the kit. Imported on first use, never when the fuzzer is imported."""
    from oasis_si_conformance.independent import config, server
    from oasis_si_conformance.independent.mutants import CATALOG

    return Catalog(CATALOG, server.Server, config.Config, config.tracing)


@functools.cache
def _server(found: Catalog, mutant_id: str | None, edition: str) -> Any:
    if mutant_id is None:
        return found.server(found.config(edition=edition))
    (mutant,) = (m for m in found.mutants if m.id == mutant_id)
    return found.server(mutant.config(edition))


def _answer(server: Any, divergence: Divergence, edition: str) -> dict[str, Any] | None:
    """The projected result of `server` on the divergence's case (None: an error response)."""
    op = divergence.case["operation"]
    request = {"id": 1, "op": op, "params": divergence.case["input"], "edition": edition}
    response = server.answer(request)
    return project(op, response["result"]) if "result" in response else None


#: Cases tried while shrinking that tell matching mutants apart (at most).
WITNESSES: Final = 80

Witness = tuple[dict[str, Any], dict[str, Any]]  # (case, the candidate's outcome on it)


def witness(divergence: Divergence) -> Witness | None:
    """The divergence's case and the candidate's outcome on it (None: it gave no result)."""
    if divergence.actual is None:
        return None
    return divergence.case, project(divergence.case["operation"], divergence.actual)


def _reproduces(found: Catalog, mutant_id: str, seen: Witness, edition: str) -> bool:
    case, outcome = seen
    op = case["operation"]
    request = {"id": 1, "op": op, "params": case["input"], "edition": edition}
    response = _server(found, mutant_id, edition).answer(request)
    return "result" in response and project(op, response["result"]) == outcome


def reproducing(
    divergence: Divergence, edition: Edition, found: Catalog
) -> list[Any]:
    """The normative mutants of `edition` that answer the divergence's case as the candidate
    did; only those whose hooks the unmutated evaluator consults on the case can differ from
    it (config.tracing)."""
    seen = witness(divergence)
    if seen is None:
        return []
    name = edition.name
    with found.tracing() as consulted:
        _server(found, None, name).answer(
            {"id": 1, "op": seen[0]["operation"], "params": seen[0]["input"], "edition": name}
        )
    return [
        m
        for m in found.mutants
        if m.kind_under(name) == "normative"
        and not m.readings
        and {hook.value for hook in m.hooks} & consulted
        and _reproduces(found, m.id, seen, name)
    ]


def _spread(items: Sequence[Witness], most: int) -> list[Witness]:
    if len(items) <= most:
        return list(items)
    step = len(items) / most
    return [items[int(number * step)] for number in range(most)]


def mutant_explanation(
    divergence: Divergence, witnesses: Sequence[Witness], edition: Edition, found: Catalog
) -> Cause | None:
    """The normative catalog mutants that answer the shrunk case as the candidate did,
    narrowed to those that agree with the candidate on the most of `witnesses` (its answers
    on the class's other cases and on the cases tried while shrinking): the most specific."""
    matching = reproducing(divergence, edition, found)
    if not matching:
        return None
    chosen = _spread(witnesses, WITNESSES)
    scores = {
        m.id: sum(_reproduces(found, m.id, seen, edition.name) for seen in chosen)
        for m in matching
    }
    best = max(scores.values())
    return mutant_cause(tuple((m.id, m.description) for m in matching if scores[m.id] == best))


# 3. the minimal difference ------------------------------------------------------------------


def _flips(case: Mapping[str, Any], row: Any, edition: Edition) -> list[str]:
    """The single primitives of the case's decision table whose flip, from the reference's
    value, gives `row` ("named_in_output true -> false"); failing those, the pairs."""
    params = case["input"]
    try:
        record = evidence.evidence_from_json(dict(params["evidence"]))
        decision = scoring.decide(params["scenario"], record, edition)
    except (BindingError, KeyError, TypeError, ValueError):
        return []
    table = decision.table
    values = {
        name: tables.call_primitive(call, record, edition)
        for name, call in table.predicates.items()
    }
    for size in (1, 2):  # one primitive flipped, else two together
        out = []
        for names in itertools.combinations(values, size):
            flipped = {**values, **{name: not values[name] for name in names}}
            number, _band = tables.first_match(table.rows, table.otherwise, flipped.__getitem__)
            if number == row:
                words = (f"{n} {_word(values[n])} -> {_word(not values[n])}" for n in names)
                out.append(" and ".join(words))
        if out:
            return out
    return []


def _word(value: bool) -> str:
    return "true" if value else "false"


def _hinges(value: Any, path: str = "") -> Iterator[str]:
    if isinstance(value, str) and value and len(value) <= HINGE_LENGTH:
        yield f"{path}={value!r}"
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _hinges(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _hinges(item, f"{path}[{index}]")


def _hinge_rank(hinge: str) -> int:
    """The evidence's text first, then identifiers, then the rest of the scenario."""
    if hinge.startswith("evidence"):
        return 0
    return 1 if "identifier" in hinge or "subsystem_set" in hinge else 2


def hinges_of(divergence: Divergence) -> tuple[str, ...]:
    """The short strings of a divergence's case, the evidence's text first."""
    return tuple(sorted(_hinges(divergence.case["input"]), key=_hinge_rank))[:HINGE_STRINGS]


def difference_cause(divergence: Divergence, edition: Edition) -> Cause:
    """The minimal difference: which primitive flips, or what differs."""
    case, key = divergence.case, divergence.key
    hinges = hinges_of(divergence)
    flips: list[str] = []
    if case["operation"] == "score_scenario" and divergence.actual is not None:
        row = divergence.actual.get("row")
        if row is not None and row != divergence.expected.get("row"):
            flips = _flips(case, row, edition)
    if flips:
        name = f"{case['operation']}: {' or '.join(flips)}"
    elif divergence.kind != "mismatch":  # a failure of the candidate's, whatever the operation
        name = key.signature
    else:
        name = f"{case['operation']}: {key.signature}"
    return Cause(DIFFERENCE, name, name, hinges=hinges)


# Explaining and merging ---------------------------------------------------------------------


def explain(
    divergence_class: DivergenceClass,
    edition: Edition,
    found: Catalog,
    rejudge: Rejudge | None = None,
) -> Cause:
    """The cause of one class, from its representative (0, 1, 2, 3 in turn; 0 only when the
    answers can be judged under another edition, `rejudge`)."""
    representative = divergence_class.representative
    if rejudge is not None:
        cause = edition_cause(divergence_class, edition, rejudge)
        if cause is not None:
            return cause
    # a class made normative (failures_where_a_verdict_is_due) is explained by no reading
    cause = None if divergence_class.key.normative else register_cause(representative)
    if cause is not None:
        return cause
    recorded = [divergence_class.first, divergence_class.smallest, *divergence_class.samples]
    witnesses = [w for d in recorded if d is not representative if (w := witness(d))]
    cause = mutant_explanation(
        representative, [*witnesses, *divergence_class.observed], edition, found
    )
    return cause if cause is not None else difference_cause(representative, edition)


def strays(
    divergence_class: DivergenceClass, cause: Cause, edition: Edition, found: Catalog
) -> list[Divergence]:
    """The class's recorded divergences that no mutant of `cause` reproduces (another defect,
    or two at once): they are split off and explained on their own, so that the cause is named
    only for cases it reproduces."""
    if cause.kind != MUTANT:
        return []
    ids = [mid for mid, _ in cause.mutants]
    out = []
    recorded = {id(d): d for d in (divergence_class.first, *divergence_class.samples)}
    recorded.pop(id(divergence_class.smallest), None)  # what the representative comes from
    recorded.pop(id(divergence_class.representative), None)
    for divergence in recorded.values():
        seen = witness(divergence)
        if seen is None or not any(_reproduces(found, m, seen, edition.name) for m in ids):
            out.append(divergence)
    return out


def verified(
    cause: Cause,
    divergence_class: DivergenceClass,
    edition: Edition,
    found: Catalog,
    probe: Probe | None = None,
    operations: Sequence[str] = (),
) -> Cause | None:
    """The cause, checked on the cases it names: a mutant cause keeps the mutants that answer
    every recorded case of the class as the candidate did (the representative, the first case,
    the smallest, the samples) and every case tried while shrinking it (the class's own
    divergences, and the cases it agreed with the reference on), and, when the candidate can be
    asked (`probe`), is not refuted by the corpus (`refuted`); None when no mutant is left. An
    edition cause was judged on the class's cases when it was found (`edition_cause`); a
    register cause is the reading the judge found the answer holds under; a difference names
    what differs and claims no cause."""
    if cause.kind != MUTANT:
        return cause
    recorded = [*_recorded_witnesses(divergence_class), *divergence_class.observed]
    if len(recorded) == 0:
        return None
    kept = tuple(
        (mid, text)
        for mid, text in cause.mutants
        if all(_reproduces(found, mid, seen, edition.name) for seen in recorded)
        and (probe is None or not refuted(mid, operations, probe, edition, found))
    )
    return mutant_cause(kept) if kept else None


#: Vectors of the corpus a mutant is checked on, at most (per mutant and operation).
PROBES: Final = 4

#: The candidate's outcome on a case when it is known exactly (differential._Asker.outcome):
#: its result, or the reference's outcome where it agrees; None when not known.
Probe = Callable[[dict[str, Any]], dict[str, Any] | None]


def refuted(
    mutant_id: str, operations: Sequence[str], probe: Probe, edition: Edition, found: Catalog
) -> bool:
    """Whether the candidate refutes a mutant named as its cause: on the corpus's normative
    vectors of the fuzzed operations where the mutant answers otherwise than the text (the
    cases that show the misreading: `discriminating`), the candidate answers otherwise than
    the mutant (as the text, or a third way). A look-alike mutant that happens to reproduce the
    class's cases is refuted on these."""
    for operation in operations:
        for case, answer in discriminating(mutant_id, operation, edition.name, found):
            outcome = probe(case)
            if outcome is not None and not compare_outcome(answer, outcome).holds:
                return True
    return False


@functools.cache
def discriminating(
    mutant_id: str, operation: str, edition: str, found: Catalog
) -> tuple[tuple[dict[str, Any], dict[str, Any]], ...]:
    """Up to PROBES of the smallest normative vectors of `operation` under `edition` where the
    mutant's projected answer differs from the vector's expectation: (case, the mutant's
    answer). The vectors tried are those the signatures catalog lists for the mutant (what it
    fails, computed when the catalog was generated); each is played again here."""
    listed = _signature_vectors(edition).get(mutant_id, frozenset())
    vectors = [v for v in _normative_vectors(operation, edition) if v.id in listed]
    out = []
    for vector in sorted(vectors, key=_vector_size):
        request = {"id": 1, "op": operation, "params": vector.input, "edition": edition}
        response = _server(found, mutant_id, edition).answer(request)
        if "result" not in response:
            continue
        answer = project(operation, response["result"])
        assert vector.expected is not None
        if not compare_outcome(vector.expected, answer, vector.convention).holds:
            out.append(({"operation": operation, "input": vector.input}, answer))
            if len(out) == PROBES:
                break
    return tuple(out)


@functools.cache
def _signature_vectors(edition: str) -> dict[str, frozenset[str]]:
    """Mutant id -> the vectors its signature fails under `edition` (vectors/signatures.yaml:
    `vectors` under the first edition listed, a signature's own `editions` where they differ)."""
    from oasis_si_conformance.corpus.corpus import load_catalog

    document = load_catalog("signatures.yaml")
    out: dict[str, set[str]] = {}
    for signature in document["signatures"]:
        vectors = signature.get("editions", {}).get(edition)
        if vectors is None:  # as under the first edition (each is played again anyway)
            vectors = signature["vectors"]
        for mutant in signature.get("mutants") or [signature["id"]]:
            out.setdefault(mutant, set()).update(vectors)
    return {mutant: frozenset(ids) for mutant, ids in out.items()}


@functools.cache
def _corpus() -> tuple[Any, ...]:
    """The bundled corpus, loaded once (from the cache of loaded corpora when it is there)."""
    from oasis_si_conformance.corpus import corpus, corpus_cache

    root = corpus.vectors_root()
    return tuple(corpus_cache.load(root, corpus.read_manifest(root)))


@functools.cache
def _normative_vectors(operation: str, edition: str) -> tuple[Any, ...]:
    return tuple(
        read
        for vector in _corpus()
        if vector.operation == operation
        and (read := vector.for_edition(edition)).readings is None
        and read.expected is not None
    )


def _vector_size(vector: Any) -> int:
    return len(repr(vector.input))


def split(divergence_class: DivergenceClass, away: Sequence[Divergence]) -> DivergenceClass:
    """A new class of the same key for the divergences `away` (taken out of the class's
    first case, samples and count; divergences not recorded stay counted in the class)."""
    gone = {id(d) for d in away}
    divergence_class.samples = [d for d in divergence_class.samples if id(d) not in gone]
    divergence_class.count -= len(away)
    if id(divergence_class.first) in gone:
        left = [divergence_class.smallest, *divergence_class.samples]
        divergence_class.first = min(left, key=lambda d: d.index)
    first = min(away, key=lambda d: d.index)
    smallest = min(away, key=lambda d: d.size)
    return DivergenceClass(
        divergence_class.key, first, smallest, count=len(away), samples=list(away)
    )


def merged_key(members: Sequence[DivergenceClass], cause: Cause) -> ClassKey:
    """The key of the class that joins `members`: named by the cause, not by a row."""
    first = members[0].key
    operations = ", ".join(dict.fromkeys(m.key.operation for m in members))
    kinds = ", ".join(dict.fromkeys(m.key.kind for m in members))
    clauses = tuple(sorted({c for m in members for c in m.key.clauses}))
    rows = "; ".join(dict.fromkeys(m.key.signature for m in members))
    return ClassKey(operations, clauses, kinds, first.expectation, rows, f"cause {cause.title}")


def merge(members: Sequence[DivergenceClass], cause: Cause) -> DivergenceClass:
    """One class for one cause: counts summed, the earliest first case, the smallest
    representative (and the size it was shrunk from), the rows listed. A difference cause
    shows the strings of the merged class's own minimal case."""
    chosen = min(members, key=lambda m: m.representative.size)
    if cause.kind == DIFFERENCE:
        cause = attrs.evolve(cause, hinges=hinges_of(chosen.representative))
    if len(members) == 1:
        (only,) = members
        rows = [only.key.signature]
        return attrs.evolve(only, key=merged_key(members, cause), cause=cause, rows=rows)
    first = min((m.first for m in members), key=lambda d: (d.seconds, d.index))
    merged = DivergenceClass(
        merged_key(members, cause),
        first,
        chosen.smallest,
        count=sum(m.count for m in members),
        shrunk=chosen.shrunk,
        shrink_seconds=sum(m.shrink_seconds for m in members),
        shrink_calls=sum(m.shrink_calls for m in members),
        minimal=chosen.minimal,
        cause=cause,
        rows=list(dict.fromkeys(m.key.signature for m in members)),
    )
    return merged


def classes_by_cause(
    summary: Summary,
    edition: Edition,
    log: Callable[[str], None] = lambda message: None,
    shrink: Callable[[DivergenceClass], None] | None = None,
    probe: Probe | None = None,
    rejudge: Rejudge | None = None,
) -> dict[str, ClassKey]:
    """Explain every class of the summary and merge those with one cause (within normative
    and within convention classes); the summary's classes become the merged ones. A class
    whose recorded divergences another mutant explains is split first, the part split off
    shrunk with `shrink` (when given) and explained in turn. Returns, for the label of every
    class before (`ClassKey.label`), the key of the class by cause it went into."""
    found = catalog()
    groups: list[tuple[Cause, list[DivergenceClass]]] = []
    before = failures_where_a_verdict_is_due(summary, log)
    pending = [(divergence_class, True) for divergence_class in summary.ordered()]
    while pending:
        divergence_class, splittable = pending.pop(0)
        cause = explain(divergence_class, edition, found, rejudge)
        away = strays(divergence_class, cause, edition, found) if splittable else []
        if away:
            part = split(divergence_class, away)
            log(f"  {len(away)} case(s) of {part.key.label()} have another cause: split off")
            if shrink is not None:
                shrink(part)
            pending.append((part, False))  # a part is not split again
        checked = verified(cause, divergence_class, edition, found, probe, summary.operations)
        if checked is None:
            log(f"  {divergence_class.key.label()}: {cause.title} does not reproduce every case")
            checked = difference_cause(divergence_class.representative, edition)
        _join(groups, divergence_class, checked)
    merged: dict[ClassKey, DivergenceClass] = {}
    renamed: dict[str, ClassKey] = {}
    for cause, members in groups:
        one = merge(members, cause)
        while one.key in merged:  # two causes with one title: kept apart
            one.key = attrs.evolve(one.key, cause=one.key.cause + " (another)")
        merged[one.key] = one
        for member in members:  # a part split off keeps its class's label: the first wins
            renamed.setdefault(member.key.label(), one.key)
            if id(member) in before:
                renamed.setdefault(before[id(member)], one.key)
    summary.classes = merged
    for divergence_class in merged.values():
        log(f"  cause: {divergence_class.key.label()} (rows: {', '.join(divergence_class.rows)})")
    return renamed


def failures_where_a_verdict_is_due(
    summary: Summary, log: Callable[[str], None] = lambda message: None
) -> dict[int, str]:
    """A convention class whose answers are a failure (an error response, a crash: no result)
    that the candidate also gives in a normative class of the same operation is not excused by
    the reading or convention its cases touch: the same failure where the text decides a
    verdict shows the point is not what the failure needs. Such a class becomes normative (it
    then joins the normative class of its failure, by cause). Returns each re-keyed class's
    label before, by the class's id."""
    due = {
        (key.operation, key.kind, key.signature)
        for key in summary.classes
        if key.normative and key.kind != "mismatch"
    }
    before: dict[int, str] = {}
    classes: dict[ClassKey, DivergenceClass] = {}
    for key, divergence_class in summary.classes.items():
        if not key.normative and (key.operation, key.kind, key.signature) in due:
            before[id(divergence_class)] = key.label()
            key = attrs.evolve(key, expectation=classify.NORMATIVE)
            divergence_class.key = key
            log(f"  {before[id(divergence_class)]}: the same failure where a verdict is due")
        known = classes.get(key)
        if known is None:
            classes[key] = divergence_class
            continue
        # the normative class of that very key: one class, the smaller case representing it
        kept, other = sorted((known, divergence_class), key=lambda c: c.representative.size)
        kept.count = known.count + divergence_class.count
        kept.samples = [*kept.samples, other.first, *other.samples][: len(kept.samples) + 4]
        classes[key] = kept
    summary.classes = classes
    return before


def _join(
    groups: list[tuple[Cause, list[DivergenceClass]]],
    divergence_class: DivergenceClass,
    cause: Cause,
) -> None:
    """Put a class in the group of its cause, or in a group of its own."""
    for number, (known, members) in enumerate(groups):
        same = members[0].key.expectation == divergence_class.key.expectation
        if same and known.joins(cause):
            groups[number] = (known.meet(cause), [*members, divergence_class])
            return
    groups.append((cause, [divergence_class]))
