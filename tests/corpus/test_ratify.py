"""Ratifying an open point into a new edition, and adding an edition by data alone.

For every (entry, reading) pair of the register, an edition of its own, based on the catalog's
last one holding the entry open, decides the entry as the reading (`newedition.derive` on a
copy of the corpus; the expectations derive from the vectors' `readings` blocks, no code per entry):

- the corpus rules that read expectations and editions pass with every such edition in the
  catalog (run once over all of them: each decides its one pair, and none is based on
  another, so they cannot interact);
- the reference passes every vector whose expectation changed when the reading is the
  reference's, and fails one otherwise;
- the independent evaluator following that reading passes them under the new edition, and one
  following each other reading of the entry fails under it and passes under the base; unless
  the only vectors telling the two readings apart are probes another open entry masks (SENT-WS
  ascii and ascii-no-vt differ at U+000B alone, which SENT-NEWLINE readings make a newline):
  those stay ambiguity vectors of the masking entry, as they must.

Unchanged vectors read under the new edition as under its base, where both evaluators are
held to every vector by the other suites; so each evaluator is judged on the changed vectors
only, in process. One pair is written and run end to end through `oasis-si-vectors ratify`
and `check`.
"""

import functools
import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

from oasis_si_conformance.corpus import corpus, editions, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.editing import checks, newedition, ratify, whatif
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.readings import Readings
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.model import Observation, Status
from oasis_si_conformance.running import runner
from oasis_si_reference import editions as reference_editions
from oasis_si_reference import server as reference_server
from oasis_si_reference.readings import CHOICES

VECTORS = Path(__file__).resolve().parents[2] / "vectors"
NEW = "scratch"
#: The rules that read the editions' expectations and the catalog (the others read inputs,
#: the vectors' own expectations, the register or files, which a new edition does not change;
#: `reference` is run on the changed vectors).
RULES = ["ambiguity-readings", "register-pairs", "probe-coverage", "editions", "conventions"]

Respond = Callable[[dict[str, Any]], dict[str, Any]]


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ratify") / "vectors"
    shutil.copytree(VECTORS, root)
    return root


@pytest.fixture(scope="module")
def ctx(copy: Path) -> checks.Context:
    return checks.load_context(copy)


def _register() -> list[dict[str, Any]]:
    return corpus.load_catalog("register.yaml", VECTORS)["entries"]


PAIRS = [
    (entry["id"], reading)
    for entry in _register()
    if "ratified" not in entry
    for reading in entry["readings"]
]


def _judge(respond: Respond, vectors: Sequence[Vector]) -> list[str]:
    """Ids of the vectors whose answer fails, judged as the runner judges."""
    failed = []
    for index, vector in enumerate(vectors, 1):
        response = respond({"id": index, "op": vector.operation, "params": vector.input})
        if "result" in response:
            observation = Observation("answer", result=response["result"])
        else:
            error = response["error"]
            observation = Observation(
                "error_response", message=str(error), error_code=error.get("code")
            )
        if runner.judge(vector, [observation]).status == Status.FAILED:
            failed.append(vector.id)
    return failed


def _independent(
    catalog: Path, edition: reference_editions.Edition, entry: str, reading: str
) -> Respond:
    """The independent evaluator under `edition`, reading every entry it decides (its base's
    decisions included) as decided, then `reading` for `entry`."""
    readings = Readings()
    for decided, taken in {**edition.decided, entry: reading}.items():
        readings = readings.with_reading(decided, taken)
    return Server(Config(readings, edition=edition.name, catalog=catalog)).answer


def _reference(edition: reference_editions.Edition) -> Respond:
    known = {edition.name: edition}

    def respond(request: dict[str, Any]) -> dict[str, Any]:
        return reference_server.respond(json.dumps(request).encode(), edition, known)

    return respond


@attrs.frozen
class Sweep:
    """Every (entry, reading) pair ratified into an edition of its own (each based on the
    catalog's last edition that holds the entry open, deciding that pair alone), all in one
    catalog."""

    catalog: Path
    editions: dict[tuple[str, str], reference_editions.Edition]
    derived: dict[tuple[str, str], newedition.Derived]
    ctx: checks.Context
    known: dict[str, reference_editions.Edition]  # the catalog's editions before the sweep


def _last_open(
    known: Sequence[reference_editions.Edition], *entries: dict[str, Any]
) -> reference_editions.Edition:
    """The catalog's last edition that holds every one of `entries` open (a draft deciding
    one comes later, and a draft an editor ratified into this checkout may decide some)."""
    return next(
        edition
        for edition in reversed(known)
        if all(edition.holds_open(entry) for entry in entries)
    )


def _register_entries(root: Path) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in corpus.load_catalog("register.yaml", root)["entries"]}


@pytest.fixture(scope="module")
def sweep(copy: Path, ctx: checks.Context, tmp_path_factory: pytest.TempPathFactory) -> Sweep:
    known = editions.load(copy)
    register = ratify.Register.of({"entries": ctx.register, "charsets": ctx.charsets})
    text = (copy / "editions.yaml").read_text(encoding="ascii")
    blocks, made, derived = [], {}, {}
    for index, (entry, reading) in enumerate(PAIRS):
        base = _last_open(known, ctx.entries[entry])
        block = newedition.new_block(base, entry, reading, f"{NEW}-{index}", "2026-12-01")
        edition = reference_editions.resolve_one(block, reference_editions.by_name(known))
        blocks.append(block)
        made[entry, reading] = edition
        derived[entry, reading] = newedition.derive(ctx.vectors, edition, register)
        text = newedition.append_block(text, block)
    catalog = tmp_path_factory.mktemp("sweep") / "editions.yaml"
    catalog.write_text(text, encoding="ascii")
    added: dict[str, dict[str, Any]] = {}
    for pair, found in derived.items():
        for vid, block in found.blocks.items():
            added.setdefault(vid, {})[made[pair].name] = block
    vectors = [
        attrs.evolve(v, editions={**v.editions, **added[v.id]}) if v.id in added else v
        for v in ctx.vectors
    ]
    ratified = attrs.evolve(ctx, vectors=vectors, editions=[*ctx.editions, *blocks])
    return Sweep(catalog, made, derived, ratified, {edition.name: edition for edition in known})


@pytest.mark.slow
def test_the_rules_pass_with_every_reading_ratified(sweep: Sweep) -> None:
    """The corpus rules that read editions pass with every pair's edition in the catalog (the
    `reference` rule's check, the reference against each changed vector under an edition
    deciding the reference's own reading, is made per pair below)."""
    found = checks.check_context(sweep.ctx, RULES, checks.RULES)
    assert found == [], "\n".join(map(str, found))


@pytest.mark.slow
@pytest.mark.parametrize(("entry", "reading"), PAIRS, ids=[f"{e}={r}" for e, r in PAIRS])
def test_ratifying_a_reading_into_a_new_edition(
    sweep: Sweep, entry: str, reading: str
) -> None:
    edition, derived = sweep.editions[entry, reading], sweep.derived[entry, reading]
    base = edition.base
    assert base is not None and edition.decided == {**sweep.known[base].decided, entry: reading}
    assert derived.changed and not derived.undecidable
    by_id = {vector.id: vector for vector in sweep.ctx.vectors}
    # every vector that changes was an ambiguity vector of the entry under the base, of an
    # entry the decision closes (one that arises only under other readings of it), or of an
    # entry whose readings combine with it, stating its outcomes under the entry's (`joint`)
    closes = {
        other
        for other, found in sweep.ctx.entries.items()
        if edition.closed_by(found) and not sweep.known[base].closed_by(found)
    }
    for vid in derived.changed:
        before = by_id[vid].for_edition(base)
        assert before.ambiguity in {entry, *closes} or entry in (before.joint or {}), vid
    under_new = [by_id[vid].for_edition(edition.name) for vid in derived.changed]
    under_base = [by_id[vid].for_edition(base) for vid in derived.changed]

    # The reference is held where the edition decides nothing against it that the vector rests
    # on (rule reference): a base an editor ratified may decide other entries otherwise.
    against = {e for e, r in edition.decided.items() if CHOICES.get(e, r) != r and e != entry}
    held = [
        vector for vector in under_new
        if not checks.entries_of(by_id[vector.id], sweep.ctx.entries) & against
    ]
    reference_failed = _judge(_reference(edition), held)
    if CHOICES[entry] == reading:
        assert reference_failed == []
    elif not against:
        assert reference_failed, f"the reference ({CHOICES[entry]}) passes {entry}={reading}"
    assert _judge(_independent(sweep.catalog, edition, entry, reading), under_new) == []
    masking = sweep.ctx.entries[entry].get("masked_by")
    for other in sweep.ctx.entries[entry]["readings"]:
        if other == reading:
            continue
        failed = _judge(_independent(sweep.catalog, edition, entry, other), under_new)
        telling = [
            new.id for old, new in zip(under_base, under_new, strict=True)
            if checks.tells_apart(old, reading, other)
        ]
        decisive = [vid for vid in telling if by_id[vid].for_edition(edition.name).normative]
        if decisive:
            assert set(failed) & set(decisive), other
        else:  # every vector telling them apart is a probe the masking entry still holds open,
            # or rests on an open entry whose readings combine with this one's (its `joint`)
            assert telling and all(
                by_id[vid].for_edition(edition.name).ambiguity
                in {masking, *(by_id[vid].joint or {})}
                for vid in telling
            ), other
        before = _independent(sweep.catalog, sweep.known[base], entry, other)
        assert _judge(before, under_base) == [], other


def _ratify(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "oasis_si_conformance.editor", "--root", str(root), "ratify",
         *args],
        capture_output=True, text=True, check=False,
    )


@pytest.mark.slow  # two ratifications of a copy of the corpus, each loading it whole
def test_ratify_writes_a_corpus_the_rules_accept_and_a_second_decision_goes_into_the_draft(
    tmp_path: Path,
) -> None:
    """End to end on a copy: the command writes the catalog, the vector blocks and the
    manifest, and prints the impact (the signatures are derived by the checkout's tools, not
    here). `ratify ... --into DRAFT` then adds a decision to the draft edition (no new
    edition), keeping the draft's base and `--label`; the vectors of both decisions are
    stated under the draft, and every rule but the signatures accepts the result; a decided
    entry, and a draft another edition is based on, refuse."""
    root = tmp_path / "vectors"
    shutil.copytree(VECTORS, root)
    entries = _register_entries(root)
    base = _last_open(editions.load(root), entries["SENT-WS"], entries["ECHO-LINE"])
    first = _ratify(
        root, "SENT-WS", "ascii", "--edition", NEW, "--base", base.name, "--label", "0.3.0-rc2",
        "--summary",
    )
    assert first.returncode == 0, first.stderr
    assert "not regenerated: vectors/signatures.yaml" in first.stdout
    assert f"-> {NEW}:" in first.stdout and "decides SENT-WS as ascii" in first.stdout
    known = editions.load(root)
    assert known[-1].name == NEW and known[-1].decided == {**base.decided, "SENT-WS": "ascii"}
    decided = _ratify(root, "SENT-WS", "unicode", "--edition", "other", "--base", NEW)
    assert decided.returncode == 2 and "no open point of the base edition" in decided.stderr
    second = _ratify(root, "ECHO-LINE", "exact-substring", "--into", NEW)
    assert second.returncode == 0, second.stderr
    assert "into draft" in second.stderr
    known = editions.load(root)
    assert known[-1].name == NEW and NEW not in [e.name for e in known[:-1]]
    draft = known[-1]
    assert draft.base == base.name and draft.label == "0.3.0-rc2"
    assert draft.decided == {**base.decided, "SENT-WS": "ascii", "ECHO-LINE": "exact-substring"}
    vectors = corpus.load_corpus(root)
    for entry in ("SENT-WS", "ECHO-LINE"):
        opened = [v for v in vectors if v.for_edition(base.name).ambiguity == entry]
        assert opened and all(v.for_edition(NEW).ambiguity != entry for v in opened), entry
    problems = checks.check_context(
        checks.load_context(root), [r for r in checks.RULES if r != "signatures"], checks.RULES
    )
    assert problems == [], "\n".join(map(str, problems))
    again = _ratify(root, "ECHO-LINE", "trimmed-line-equal", "--into", NEW)
    assert again.returncode == 2 and "no open point of the draft" in again.stderr
    refused = _ratify(root, "SENT-WS", "ascii", "--into", base.name)
    assert refused.returncode == 2 and "is no draft" in refused.stderr


def test_ratify_restates_a_file_as_the_generators_state_it() -> None:
    """`ratify.with_editions` is the one writer of a vector's editions (the generators' and
    ratify's): applied to a file's record with its own blocks, it gives the record back
    (description and clauses as the generators wrote them); with one more edition's block, each
    outcome statement of the description names that edition too, and the rows it reaches are
    cited."""
    catalog = editions.load(VECTORS)
    later = catalog[-1]
    extra = reference_editions.resolve_one(
        newedition.new_block(later, "SENT-WS", "ascii", NEW, "2026-12-01"),
        reference_editions.by_name(catalog),
    )
    changes = {e.name: [c["clause"] for c in e.changes] for e in catalog}
    row4 = {"expected": {"score": 0.0, "label": "root_cause_missed", "row": 4}}
    checked = 0
    for path in sorted(VECTORS.glob("*/*.yaml")):
        for record in yamlsafe.load(path.read_text(encoding="ascii")).get("vectors") or []:
            blocks = record.get("editions") or {}
            if later.name not in blocks or " under " not in record["description"]:
                continue
            clauses = ratify.stated_clauses(record["clauses"], blocks, changes)
            stated = {**record, "clauses": clauses}
            assert ratify.with_editions(stated, blocks, catalog) == record, record["id"]
            wider = ratify.with_editions(stated, {**blocks, NEW: row4}, [*catalog, extra])
            assert list(wider["editions"]) == [*blocks, NEW]
            assert wider["description"].count(f"under {NEW}") == record["description"].count(
                f"under {later.name}"
            ), record["id"]
            if "5.1" in record["clauses"]:
                assert "5.1.row4" in wider["clauses"]
            checked += 1
    assert checked > 10


@pytest.mark.slow
def test_an_edition_added_by_data_alone_is_certified(ctx: checks.Context, tmp_path: Path) -> None:
    """A parameter amendment (a window of radius two) is one block of data: the generators'
    rules state every vector's expectation under it (whatif.weigh), and the reference and the
    independent evaluator, reading the block with no code, pass every vector whose expectation
    changes (those the rules cannot state are listed apart, with why)."""
    from tools.vectorgen.whatif import expectation_under

    block = {
        "name": "radius-two",
        "label": "0.3.0-rc1",
        "title": "A window of radius two",
        "base": "0.3.0-rc1+2026-08-22",
        "text": {"source": "a test", "revision": None, "date": None},
        "parameters": {"co-occurrence-radius": 2},
        "changes": [{"clause": "2.2", "summary": "radius two"}],
    }
    catalog = tmp_path / "editions.yaml"
    catalog.write_text(
        newedition.append_block((VECTORS / "editions.yaml").read_text(encoding="ascii"), block),
        encoding="ascii",
    )
    known = reference_editions.by_name(reference_editions.read(catalog))
    proposed, base = known["radius-two"], known["0.3.0-rc1+2026-08-22"]
    assert proposed.co_occurrence_radius == 2 and proposed.decided == {}
    register = ratify.Register.of({"entries": ctx.register, "charsets": ctx.charsets})
    window = [vector for vector in ctx.vectors if "2.2" in vector.clauses]
    weighed = whatif.weigh(window, base, proposed, register, expectation_under)
    assert len(weighed.changes) > 100 and len(weighed.undecidable) < 10
    under = [
        attrs.evolve(
            change.vector,
            expected=change.after.get("expected"),
            convention=change.after.get("convention"),
            ambiguity=change.after.get("ambiguity"),
            readings=change.after.get("readings"),
            editions={},
        )
        for change in weighed.changes
    ]
    assert "window-op-r2-after" in {vector.id for vector in under}
    assert _judge(_reference(proposed), under) == []
    independent = Server(Config(edition="radius-two", catalog=catalog)).answer
    assert _judge(independent, under) == []
    # and under the base both fail the vectors that now expect a radius-two window
    assert _judge(_reference(base), under)


@pytest.mark.slow
def test_a_proposed_decision_is_weighed_as_ratify_would_write_it(
    copy: Path, ctx: checks.Context, tmp_path: Path
) -> None:
    """`diff-editions A --proposed FILE` on a block that decides an entry: the vectors it
    reports changed are those ratifying would change, nothing is written, and --summary
    prints counts with no vector list."""
    proposed = tmp_path / "proposed.yaml"
    proposed.write_text(
        "name: ws-ascii\nbase: 0.3.0-rc1+2026-08-22\ndecides: {SENT-WS: ascii}\n", encoding="ascii"
    )
    known = editions.load(copy)
    edition = whatif.proposed_edition(proposed, known)
    register = ratify.Register.of({"entries": ctx.register, "charsets": ctx.charsets})
    base = editions.named(known, edition.base or "")
    weighed = whatif.weigh(ctx.vectors, base, edition, register)
    derived = newedition.derive(ctx.vectors, edition, register)
    assert [change.vector.id for change in weighed.changes] == list(derived.changed)
    assert weighed.undecidable == []
    before = (copy / "editions.yaml").read_text(encoding="ascii")
    done = subprocess.run(
        [sys.executable, "-m", "oasis_si_conformance.editor", "--root", str(copy),
         "diff-editions", "0.3.0-rc1+2026-08-22", "--proposed", str(proposed), "--summary"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert f"{len(derived.changed)} of {len(ctx.vectors)} vectors change" in done.stdout
    assert "By entry:" in done.stdout and "Changes:" not in done.stdout
    assert (copy / "editions.yaml").read_text(encoding="ascii") == before


def test_ratify_writes_each_changed_block_under_the_new_edition_alone() -> None:
    """What ratify would write (newedition.plan on the bundled corpus's SENT-WS probes, nothing
    written): every changed vector gets a block under the new edition's name, no longer the
    entry's ambiguity vector there, and the blocks it held under the catalog's editions are
    kept as they were."""
    probes = corpus.load_file(VECTORS / "3.2-sentence-splitting" / "sent-ws-probes.yaml", VECTORS)
    done = newedition.plan(VECTORS, "SENT-WS", "ascii", NEW, vectors=probes)
    assert [path.name for path in done.files] == ["sent-ws-probes.yaml"]
    assert done.edition.name == NEW and done.changed
    written: dict[str, dict[str, Any]] = {}
    for path, text in done.files.items():
        before = {r["id"]: r for r in yamlsafe.load(path.read_text(encoding="ascii"))["vectors"]}
        for record in yamlsafe.load(text)["vectors"]:
            blocks = dict(record.get("editions") or {})
            written[record["id"]] = blocks.pop(NEW, None) or {}
            assert blocks == (before[record["id"]].get("editions") or {}), record["id"]
    for vid in done.changed:
        assert written[vid], f"{vid}: no block under {NEW}"
        assert written[vid].get("ambiguity") != "SENT-WS", vid


@functools.cache
def _bundled_register() -> ratify.Register:
    return ratify.Register.of(corpus.load_catalog("register.yaml", VECTORS))


def _decided_on(
    base: reference_editions.Edition, entry: str, reading: str
) -> reference_editions.Edition:
    """An edition based on `base` that decides `entry` as `reading` (not in any catalog)."""
    block = newedition.new_block(base, entry, reading, NEW, "2026-12-01")
    return reference_editions.resolve_one(block, {base.name: base})


def test_a_decision_closes_an_entry_that_arises_only_under_other_readings(
    bundled_vectors: list[Vector],
) -> None:
    """ECHO-TRIM applies only under a trimmed ECHO-LINE reading (register `applies_when`).
    Deciding ECHO-LINE as exact-substring closes it: no ECHO-TRIM probe stays its ambiguity
    vector, and a probe no ECHO-LINE-BREAK reading makes a line break expects what the trim
    readings lacking its code point give (nothing is trimmed). Deciding a trimmed reading
    leaves it open and its probes as they were."""
    register = _bundled_register()
    entries = register.entries
    trim_sets, break_sets = register.sets("ECHO-TRIM"), register.sets("ECHO-LINE-BREAK")
    base = _last_open(editions.load(VECTORS), entries["ECHO-TRIM"], entries["ECHO-LINE"])
    probes = [
        vector.for_edition(base.name)
        for vector in bundled_vectors
        if vector.source.startswith("2.1-named-in-output/echo-trim-probes.yaml:")
    ]
    trim_probes = {v.id for v in probes if v.ambiguity == "ECHO-TRIM"}
    closing = _decided_on(base, "ECHO-LINE", "exact-substring")
    assert closing.closed_by(entries["ECHO-TRIM"]) == "ECHO-LINE exact-substring trims nothing"
    assert not closing.holds_open(entries["ECHO-TRIM"])
    derived = newedition.derive(probes, closing, register)
    assert trim_probes and set(derived.changed) == trim_probes and not derived.undecidable
    normative = 0
    for vector in probes:
        under = ratify.decide(ratify.own_block(attrs.asdict(vector)), closing, register,
                              vector.probe)
        assert under.get("ambiguity") != "ECHO-TRIM", vector.id
        char = chr(int((vector.probe or "U+0")[2:], 16))
        if vector.ambiguity == "ECHO-TRIM" and not any(char in s for s in break_sets.values()):
            lacking = [r for r in trim_sets if char not in trim_sets[r]]
            assert under == {"expected": (vector.readings or {})[lacking[0]]}, vector.id
            normative += 1
    assert normative > 0
    # what ratify writes for them reads back as written (descriptions and clauses restated)
    catalog = [*editions.load(VECTORS), closing]
    changes = {e.name: [c["clause"] for c in e.changes] for e in catalog}
    path = VECTORS / "2.1-named-in-output" / "echo-trim-probes.yaml"
    for record in yamlsafe.load(path.read_text(encoding="ascii"))["vectors"]:
        blocks = {**(record.get("editions") or {}), NEW: derived.blocks[record["id"]]}
        once = ratify.with_editions(record, blocks, catalog)
        stated = {**once, "clauses": ratify.stated_clauses(once["clauses"], blocks, changes)}
        assert ratify.with_editions(stated, blocks, catalog) == once, record["id"]
    keeping = _decided_on(base, "ECHO-LINE", "trimmed-line-equal")
    assert keeping.closed_by(entries["ECHO-TRIM"]) is None
    assert not set(newedition.derive(probes, keeping, register).changed) & trim_probes


#: (FOLD-MAPPING, DELIM-FOLDED) reading pairs the fast tier decides: a mapping under which
#: U+0130 stays apart from the class (the unfolded reading then agrees with the folded one),
#: and one that folds U+0131 and U+017F into it.
JOINT_PAIRS = [("simple-casefold", "unfolded"), ("upper-lower", "folded")]


def test_deciding_either_of_two_joint_entries_restates_the_others_vectors(
    bundled_vectors: list[Vector], tmp_path: Path
) -> None:
    _check_joint_decisions(bundled_vectors, tmp_path, JOINT_PAIRS)


@pytest.mark.slow  # every pair of readings, each with two evaluators in process
def test_every_pair_of_joint_readings_restates_the_vectors(
    bundled_vectors: list[Vector], tmp_path: Path
) -> None:
    entries = _bundled_register().entries
    pairs = [
        (mapping, delimiting)
        for mapping in entries["FOLD-MAPPING"]["readings"]
        for delimiting in entries["DELIM-FOLDED"]["readings"]
    ]
    _check_joint_decisions(bundled_vectors, tmp_path, pairs)


def _check_joint_decisions(
    bundled_vectors: list[Vector], tmp_path: Path, pairs: Sequence[tuple[str, str]]
) -> None:
    """DELIM-FOLDED and FOLD-MAPPING combine (register `joint_with`): whether a code point
    next to an identifier is a class letter rests on both. For each pair of their readings,
    an edition deciding FOLD-MAPPING alone, and one deciding both, restate every vector stating
    joint outcomes so that the independent evaluator following that pair passes them all, and
    the reference (simple-lowercase, folded) passes them where the pair is its own."""
    register = _bundled_register()
    entries = register.entries
    known = editions.load(VECTORS)
    base = _last_open(known, entries["FOLD-MAPPING"], entries["DELIM-FOLDED"])
    joint = [v.for_edition(base.name) for v in bundled_vectors if v.joint]
    assert {v.ambiguity for v in joint} == {"FOLD-MAPPING", "DELIM-FOLDED"}
    text = (VECTORS / "editions.yaml").read_text(encoding="ascii")
    made: dict[tuple[str, str], list[tuple[reference_editions.Edition, newedition.Derived]]] = {}
    for index, (mapping, delimiting) in enumerate(pairs):
        alone = newedition.new_block(base, "FOLD-MAPPING", mapping, f"{NEW}-{index}-m", None)
        first = reference_editions.resolve_one(alone, {base.name: base})
        both = newedition.into_block(first, "DELIM-FOLDED", delimiting, None, None)
        both = {**both, "name": f"{NEW}-{index}-md"}
        second = reference_editions.resolve_one(both, {base.name: base})
        text = newedition.append_block(newedition.append_block(text, alone), both)
        made[mapping, delimiting] = [
            (edition, newedition.derive(joint, edition, register)) for edition in (first, second)
        ]
    catalog = tmp_path / "editions.yaml"
    catalog.write_text(text, encoding="ascii")
    reference_pair = (CHOICES["FOLD-MAPPING"], CHOICES["DELIM-FOLDED"])
    for (mapping, delimiting), found in made.items():
        (alone, alone_derived), (both, both_derived) = found
        assert not alone_derived.undecidable and not both_derived.undecidable
        under_both = [v.for_edition(both.name) for v in _with_blocks(joint, both, both_derived)]
        assert all(v.normative for v in under_both), (mapping, delimiting)
        readings = {**both.decided}
        follows = _independent(catalog, both, "DELIM-FOLDED", readings["DELIM-FOLDED"])
        assert _judge(follows, under_both) == [], (mapping, delimiting)
        if (mapping, delimiting) == reference_pair:
            assert _judge(_reference(both), under_both) == []
        under_alone = [
            v.for_edition(alone.name) for v in _with_blocks(joint, alone, alone_derived)
        ]
        assert all(v.ambiguity != "FOLD-MAPPING" for v in under_alone)
        follows = _independent(catalog, alone, "DELIM-FOLDED", delimiting)
        assert _judge(follows, under_alone) == [], (mapping, delimiting)


def _with_blocks(
    vectors: Sequence[Vector], edition: reference_editions.Edition, derived: newedition.Derived
) -> list[Vector]:
    return [
        attrs.evolve(v, editions={**v.editions, edition.name: derived.blocks[v.id]})
        if v.id in derived.blocks
        else v
        for v in vectors
    ]


def test_joint_outcomes_beyond_one_unmasked_pair_are_refused_not_guessed() -> None:
    """A vector's joint outcomes are derived for an entry joint with one other that no entry
    masks; a vector naming two, or of a masked entry, is undecidable under a decision."""
    register = _bundled_register()
    base = _last_open(editions.load(VECTORS), register.entries["FOLD-MAPPING"])
    mapping = _decided_on(base, "FOLD-MAPPING", "simple-casefold")
    block = {"ambiguity": "DELIM-FOLDED",
             "readings": {"folded": {"match": False}, "unfolded": {"match": True}}}
    one = {"FOLD-MAPPING": {"simple-casefold": {"folded": {"match": True}}}}
    assert ratify.decide(block, mapping, register, None, one) == {"expected": {"match": True}}
    two = {**one, "FOLD-ORDER": {"fold-then-nfc": {"folded": {"match": True}}}}
    with pytest.raises(ratify.Undecidable, match="joint outcomes name FOLD-MAPPING, FOLD-ORDER"):
        ratify.decide(block, mapping, register, None, two)
    whitespace = _decided_on(base, "SENT-WS", "ascii")
    masked = {"ambiguity": "SENT-WS", "readings": {
        name: {"match": True} for name in register.entries["SENT-WS"]["readings"]}}
    with pytest.raises(ratify.Undecidable, match="no other masks"):
        ratify.decide(masked, whitespace, register, "U+001C",
                      {"SENT-NEWLINE": {"lf": {"ascii": {"match": False}}}})


def test_ratify_says_whether_the_decision_went_into_a_draft_or_made_an_edition() -> None:
    from argparse import Namespace

    from oasis_si_conformance.editing.ratify_cli import ratified
    from oasis_si_schemas.editions import Edition

    def edition(decides: dict[str, str]) -> Edition:
        return Edition(name="d1", label="0.3.0-rc2", title="draft", text={}, decides=decides)

    draft = edition({"SENT-WS": "ascii", "ECHO-LINE": "exact-substring"})
    into = Namespace(entry="ECHO-LINE", reading="exact-substring", into="d1")
    assert ratified(into, draft) == (
        "ratified ECHO-LINE = exact-substring into draft d1"
        " (it decides SENT-WS = ascii, ECHO-LINE = exact-substring)"
    )
    made = Namespace(entry="SENT-WS", reading="ascii", into=None)
    assert ratified(made, edition({"SENT-WS": "ascii"})) == (
        "ratified SENT-WS = ascii as edition d1 (it decides SENT-WS = ascii)"
    )


def test_a_proposal_weighed_in_process_prints_its_summary_and_returns_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The editor's main returns the command's status (0), not None, for a what-if."""
    from oasis_si_conformance import editor

    amended = editions.load(corpus.vectors_root())[1].name
    proposed = tmp_path / "proposed.yaml"
    proposed.write_text(f"name: ws-ascii\nbase: {amended}\ndecides: {{SENT-WS: ascii}}\n")
    root = str(corpus.vectors_root())
    argv = ["--root", root, "diff-editions", amended, "--proposed", str(proposed), "--summary"]
    assert editor.main(argv) == 0
    assert "By entry:" in capsys.readouterr().out


def test_a_proposal_on_another_base_than_the_edition_it_is_weighed_against_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from oasis_si_conformance import editor

    first, amended = (e.name for e in editions.load(corpus.vectors_root())[:2])
    proposed = tmp_path / "proposed.yaml"
    proposed.write_text(f"name: ws-ascii\nbase: {amended}\ndecides: {{SENT-WS: ascii}}\n")
    root = str(corpus.vectors_root())
    argv = ["--root", root, "diff-editions", first, "--proposed", str(proposed), "--summary"]
    assert editor.main(argv) == 2
    assert f"the block's base is {amended}, not {first}" in capsys.readouterr().err


class _StubbedRatify:
    """`ratify_command`'s heavy steps (loading the corpus, planning, writing, the impact)
    replaced in its module by stubs that record their calls: the command's own logic, fast."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from types import SimpleNamespace

        from oasis_si_conformance.editing import ratify_cli
        from oasis_si_schemas.editions import Edition

        self.calls: list[tuple[Any, ...]] = []
        base = Edition(name="e1", label="0.3.0", title="base", text={})
        new = Edition(
            name="d1", label="0.3.0", title="new", text={}, base="e1", decides={"SENT-WS": "ascii"}
        )
        made = newedition.Plan(
            edition=new, block={}, catalog_text="", files={}, changed=("V-1",)
        )

        def plan(root: Path, *args: Any, **kwargs: Any) -> newedition.Plan:
            self.calls.append(("plan", *args, kwargs))
            return made

        def write(root: Path, done: newedition.Plan) -> list[Path]:
            self.calls.append(("write", done))
            return [root / "editions.yaml"]

        def named(known: Any, name: str) -> Edition:
            self.calls.append(("named", name))
            return base

        monkeypatch.setattr(ratify_cli, "corpus", SimpleNamespace(
            build_manifest=lambda root: {"corpus_digest": "0" * 64},
            CorpusError=corpus.CorpusError,
        ))
        monkeypatch.setattr(ratify_cli, "corpus_cache", SimpleNamespace(
            load=lambda root, manifest: self.calls.append(("load",)) or []
        ))
        monkeypatch.setattr(ratify_cli, "newedition", SimpleNamespace(
            plan=plan, write=write, RatifyError=newedition.RatifyError
        ))
        monkeypatch.setattr(ratify_cli, "editions", SimpleNamespace(
            load=lambda root: [base, new], named=named
        ))
        monkeypatch.setattr(ratify_cli, "editiondiff", SimpleNamespace(
            report=lambda *args: {"impact": "stub"},
            render=lambda document, summary: f"impact: {document['impact']}\n",
        ))


def test_ratify_refuses_base_with_into_before_any_corpus_work_and_takes_it_with_edition(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A draft keeps its own base: `--into D --base B` is refused (exit 2) before the corpus
    is loaded or anything written; `--base B` with `--edition NEW` is the edition amended, and
    `--into D` alone is accepted."""
    from oasis_si_conformance import editor

    stubbed = _StubbedRatify(monkeypatch)
    root = ["--root", str(tmp_path), "ratify", "SENT-WS", "ascii"]
    assert editor.main([*root, "--into", "d1", "--base", "e1"]) == 2
    assert "--base goes with --edition" in capsys.readouterr().err
    assert stubbed.calls == []
    assert editor.main([*root, "--edition", "d1", "--base", "e1", "--no-derived"]) == 0
    planned = [call for call in stubbed.calls if call[0] == "plan"]
    assert planned == [("plan", "SENT-WS", "ascii", "d1", "e1", None, [],
                        {"into": False, "label": None})]
    stubbed.calls.clear()
    assert editor.main([*root, "--into", "d1", "--no-derived"]) == 0
    planned = [call for call in stubbed.calls if call[0] == "plan"]
    assert planned == [("plan", "SENT-WS", "ascii", "d1", None, None, [],
                        {"into": True, "label": None})]
    assert "--base goes with --edition" not in capsys.readouterr().err


def test_ratify_returns_0_after_writing_and_printing_the_impact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The editor's main returns the command's status (0), not None, once the plan is written
    and the impact against the new edition's base printed."""
    from oasis_si_conformance import editor

    stubbed = _StubbedRatify(monkeypatch)
    argv = ["--root", str(tmp_path), "ratify", "SENT-WS", "ascii", "--edition", "d1"]
    assert editor.main([*argv, "--no-derived"]) == 0
    assert [call[0] for call in stubbed.calls] == ["load", "plan", "write", "load", "named"]
    assert stubbed.calls[-1] == ("named", "e1")
    out, err = capsys.readouterr()
    assert f"wrote: {tmp_path.resolve() / 'editions.yaml'}" in out
    assert "not regenerated: vectors/signatures.yaml" in out
    assert out.endswith("impact: stub\n")
    assert "ratified SENT-WS = ascii as edition d1 (it decides SENT-WS = ascii)" in err
