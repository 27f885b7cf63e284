"""`newedition` piece by piece, on literal catalogs: the block a new edition or a draft's added
decision writes, what refuses a draft or an entry, where a block is replaced in the catalog's
text, and what ratifying writes for a file whose vectors hold blocks under other editions.

The expected blocks and texts are written out here from the catalog format
(vectors/editions.yaml: name, label, title, base, text, parameters, decides, changes), never
computed by the module."""

import datetime
import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest

from oasis_si_conformance.corpus import corpus, editions, yamlsafe
from oasis_si_conformance.editing import newedition, ratify
from oasis_si_schemas import editions as reference_editions

VECTORS = Path(__file__).resolve().parents[2] / "vectors"

FIRST: dict[str, Any] = {
    "name": "1.0",
    "label": "1.0",
    "title": "The first text",
    "text": {"source": "the seed", "revision": None, "date": None},
    "parameters": {"co-occurrence-radius": 0},
    "decides": {},
    "changes": [],
}
AMENDED: dict[str, Any] = {
    "name": "1.0+amended",
    "label": "1.0",
    "title": "The amended text",
    "base": "1.0",
    "text": {"source": "upstream", "revision": "abc1234", "date": "2026-08-22"},
    "parameters": {"co-occurrence-radius": 1},
    "decides": {"SENT-WS": "ascii"},
    "changes": [],
}
LATER: dict[str, Any] = {
    "name": "2.0",
    "label": "2.0",
    "title": "The second text",
    "base": "1.0+amended",
    "text": {"source": "upstream", "revision": "def5678", "date": "2026-10-01"},
    "parameters": {},
    "decides": {},
    "changes": [],
}


def _root(tmp_path: Path, *blocks: dict[str, Any]) -> Path:
    """A corpus folder with a catalog of `blocks`, each indented as vectors/editions.yaml
    indents them, and the bundled register (no vector file: the tests hand `plan` its
    vectors)."""
    root = tmp_path / "vectors"
    root.mkdir()
    listed = "".join(f"  {line}\n" for line in yamlsafe.dump(list(blocks)).splitlines())
    (root / "editions.yaml").write_text(f"editions:\n{listed}", encoding="ascii")
    shutil.copy(VECTORS / "register.yaml", root / "register.yaml")
    return root


def test_a_new_block_is_based_on_its_base_and_decides_the_entry() -> None:
    """The base's label unless one is given, the date given (today's when none)."""
    _, amended = reference_editions.resolve([FIRST, AMENDED])
    block = newedition.new_block(amended, "ECHO-LINE", "exact-substring", "3.0", "2026-12-01")
    assert block == {
        "name": "3.0",
        "label": "1.0",
        "title": "The amended text; register ECHO-LINE decided as exact-substring",
        "base": "1.0+amended",
        "text": {
            "source": "the editors' decision: register entry ECHO-LINE reads as exact-substring",
            "revision": None,
            "date": "2026-12-01",
        },
        "parameters": {},
        "decides": {"ECHO-LINE": "exact-substring"},
        "changes": [],
    }
    labelled = newedition.new_block(
        amended, "ECHO-LINE", "exact-substring", "3.0", "2026-12-01", "3.0-rc1"
    )
    assert labelled["label"] == "3.0-rc1"
    before = datetime.date.today().isoformat()
    undated = newedition.new_block(amended, "ECHO-LINE", "exact-substring", "3.0")
    assert undated["text"]["date"] in {before, datetime.date.today().isoformat()}


def test_a_decision_into_a_draft_keeps_its_block_and_adds_the_entry() -> None:
    """The draft's name, base, parameters, changes, revision and date are kept; its decides
    gain the entry, its title and source name every decision."""
    _, amended = reference_editions.resolve([FIRST, AMENDED])
    block = newedition.into_block(amended, "ECHO-LINE", "exact-substring")
    assert block == {
        "name": "1.0+amended",
        "label": "1.0",
        "title": "The amended text; register ECHO-LINE decided as exact-substring",
        "base": "1.0",
        "text": {
            "source": "the editors' decisions: register SENT-WS reads as ascii,"
            " ECHO-LINE reads as exact-substring",
            "revision": "abc1234",
            "date": "2026-08-22",
        },
        "parameters": {"co-occurrence-radius": 1},
        "decides": {"SENT-WS": "ascii", "ECHO-LINE": "exact-substring"},
        "changes": [],
    }
    dated = newedition.into_block(amended, "ECHO-LINE", "exact-substring", "2026-12-01", "1.1")
    assert dated["text"]["date"] == "2026-12-01" and dated["label"] == "1.1"


def test_ratify_into_a_draft_restates_its_block_in_place(tmp_path: Path) -> None:
    """`--into DRAFT`: the edition planned is the draft, on its own base, deciding what it
    decided and the new entry; the catalog text holds the draft's new block where it was."""
    root = _root(tmp_path, FIRST, AMENDED)
    done = newedition.plan(
        root, "ECHO-LINE", "exact-substring", "1.0+amended", date="2026-12-01", vectors=[],
        into=True,
    )
    assert done.edition.name == "1.0+amended" and done.edition.base == "1.0"
    assert dict(done.edition.decided) == {"SENT-WS": "ascii", "ECHO-LINE": "exact-substring"}
    assert done.files == {} and done.changed == ()
    written = yamlsafe.load(done.catalog_text)["editions"]
    assert [block["name"] for block in written] == ["1.0", "1.0+amended"]
    assert written[0] == FIRST
    assert written[1]["decides"] == {"SENT-WS": "ascii", "ECHO-LINE": "exact-substring"}
    assert written[1]["base"] == "1.0"


def test_a_new_edition_under_a_name_the_catalog_has_is_refused(tmp_path: Path) -> None:
    root = _root(tmp_path, FIRST, AMENDED)
    before = (root / "editions.yaml").read_text(encoding="ascii")
    with pytest.raises(newedition.RatifyError, match="'1.0' exists already") as refused:
        newedition.plan(root, "ECHO-LINE", "exact-substring", "1.0", vectors=[])
    assert "--into 1.0" in str(refused.value)
    assert (root / "editions.yaml").read_text(encoding="ascii") == before


def test_a_vector_whose_expectation_cannot_be_derived_stops_the_plan() -> None:
    """A SENT-WS probe stating no outcome for the reading decided: nothing is planned, and
    the refusal names the vector."""
    probes = corpus.load_file(VECTORS / "3.2-sentence-splitting" / "sent-ws-probes.yaml", VECTORS)
    probe = next(v for v in probes if v.ambiguity == "SENT-WS")
    lacking = attrs.evolve(
        probe, readings={k: v for k, v in (probe.readings or {}).items() if k != "ascii"}
    )
    with pytest.raises(newedition.RatifyError) as refused:
        newedition.plan(VECTORS, "SENT-WS", "ascii", "scratch", vectors=[lacking])
    assert str(refused.value).startswith("1 vector(s) cannot be stated under scratch:")
    assert f"{probe.id}: it states no outcome for SENT-WS=ascii" in str(refused.value)


def test_the_first_edition_and_an_edition_others_are_based_on_are_no_drafts(
    tmp_path: Path,
) -> None:
    first, amended, later = reference_editions.resolve([FIRST, AMENDED, LATER])
    # (through `plan`, `--into` the first edition is refused earlier, looking up its base)
    with pytest.raises(newedition.RatifyError, match="1.0 is the first edition"):
        newedition._check_draft([first], first)
    with pytest.raises(newedition.RatifyError, match="is no draft: 2.0 based on it"):
        newedition._check_draft([first, amended, later], amended)
    assert newedition._check_draft([first, amended, later], later) is None
    # through the plan: the edition others are based on refuses, the last one takes it
    root = _root(tmp_path, FIRST, AMENDED, LATER)
    with pytest.raises(newedition.RatifyError, match="no draft"):
        newedition.plan(root, "ECHO-LINE", "exact-substring", "1.0+amended", vectors=[],
                        into=True)
    done = newedition.plan(root, "ECHO-LINE", "exact-substring", "2.0", vectors=[], into=True)
    assert dict(done.edition.decides) == {"ECHO-LINE": "exact-substring"}


REGISTER = ratify.Register(
    {
        "OPEN": {"id": "OPEN", "readings": {"a": "one", "b": "two"}},
        "SETTLED": {"id": "SETTLED", "readings": {"a": "one", "b": "two"}, "ratified": "a"},
    },
    {},
)


def test_an_entry_is_checked_for_the_reading_and_for_being_open() -> None:
    first = reference_editions.resolve([FIRST])[0]
    assert newedition._check_entry(first, REGISTER, "OPEN", "b", "base edition") is None
    with pytest.raises(newedition.RatifyError, match="no register entry 'GONE'"):
        newedition._check_entry(first, REGISTER, "GONE", "a", "base edition")
    with pytest.raises(newedition.RatifyError, match="'c' is no reading of OPEN"):
        newedition._check_entry(first, REGISTER, "OPEN", "c", "base edition")
    with pytest.raises(newedition.RatifyError, match="SETTLED is ratified"):
        newedition._check_entry(first, REGISTER, "SETTLED", "a", "base edition")


CATALOG_TEXT = (
    "# the editions\n"
    "editions:\n"
    "  - name: a\n"
    "    label: a\n"
    "  - name: 'b'\n"
    "    label: b\n"
    "    # a comment of b's\n"
    "  - name: c\n"
    "    label: c\n"
)


def test_a_block_is_replaced_where_it_stands_the_rest_kept_as_written() -> None:
    replaced = newedition.replace_block(CATALOG_TEXT, "b", {"name": "b", "label": "B"})
    assert replaced.splitlines() == [
        "# the editions", "editions:",
        "  - name: a", "    label: a",
        "  - name: b", "    label: B",
        "  - name: c", "    label: c",
    ]
    first = newedition.replace_block(CATALOG_TEXT, "a", {"name": "a", "label": "A"})
    assert first.splitlines() == [
        "# the editions", "editions:",
        "  - name: a", "    label: A",
        "  - name: 'b'", "    label: b", "    # a comment of b's",
        "  - name: c", "    label: c",
    ]
    last = newedition.replace_block(CATALOG_TEXT, "c", {"name": "c", "label": "C"})
    assert last.splitlines()[-2:] == ["  - name: c", "    label: C"]
    assert last.splitlines()[:-2] == CATALOG_TEXT.splitlines()[:-2]
    with pytest.raises(newedition.RatifyError, match="no block `  - name: d`"):
        newedition.replace_block(CATALOG_TEXT, "d", {"name": "d"})


def test_a_file_keeps_its_blocks_under_the_other_editions() -> None:
    """sentences-scenarios.yaml holds blocks under the amended edition: ratifying SENT-WS on
    it keeps each record's blocks as they were, and a vector the decision leaves as under its
    base (the catalog's last edition) states the base's block under the new edition too."""
    path = VECTORS / "3.2-sentence-splitting" / "sentences-scenarios.yaml"
    vectors = corpus.load_file(path, VECTORS)
    base = editions.load(VECTORS)[-1].name
    done = newedition.plan(VECTORS, "SENT-WS", "ascii", "scratch", vectors=vectors)
    assert list(done.files) == [path]
    before = {r["id"]: r for r in yamlsafe.load(path.read_text(encoding="ascii"))["vectors"]}
    held = 0
    for record in yamlsafe.load(done.files[path])["vectors"]:
        own = before[record["id"]].get("editions") or {}
        blocks = dict(record.get("editions") or {})
        new = blocks.pop("scratch", None)
        assert blocks == own, record["id"]
        if base in own and record["id"] not in done.changed:
            assert new == own[base], record["id"]
            held += 1
    assert held > 10
