"""`oasis-si-vectors editions`: what an evaluator author needs of each edition (the name for
--edition, the full name to declare in the handshake), read from the catalog, so an edition an
editor adds is listed with no code changed; and PROTOCOL.md's table of full names agrees."""

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from corpus_helpers import REPO, VECTORS

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import editions

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"


def _listing(capsys: pytest.CaptureFixture[str], root: Path, *args: str) -> str:
    assert editor.main(["--root", str(root), "editions", *args]) == 0
    return capsys.readouterr().out


def _with_edition(tmp_path: Path, name: str, title: str, decides: str) -> Path:
    """A vectors folder with the register and the catalog plus one edition based on the
    amendment, deciding `decides` (a YAML flow mapping)."""
    root = tmp_path / "vectors"
    root.mkdir()
    catalog = (VECTORS / "editions.yaml").read_text(encoding="ascii")
    shutil.copy(VECTORS / "register.yaml", root / "register.yaml")
    (root / "editions.yaml").write_text(
        catalog
        + f"  - name: {name}\n    label: 0.3.0-rc1\n    title: {title}\n"
        + f"    base: {AMENDED}\n    text: {{source: a ratification, revision: null,"
        + f" date: null}}\n    decides: {decides}\n    changes: []\n",
        encoding="ascii",
    )
    return root


def test_the_shipped_editions_are_listed_with_what_to_declare(
    capsys: pytest.CaptureFixture[str],
) -> None:
    listed = json.loads(_listing(capsys, VECTORS, "--json"))
    catalog = yaml.safe_load((VECTORS / "editions.yaml").read_text(encoding="ascii"))["editions"]
    assert [item["name"] for item in listed] == [block["name"] for block in catalog]
    assert [(item["name"], item["declare"]) for item in listed][:2] == [
        (SEED, "0.3.0-rc1+first-published"),  # the bare label names both texts
        (AMENDED, AMENDED),
    ]
    assert [item["parameters"]["co-occurrence-radius"] for item in listed][:2] == [0, 1]
    assert listed[1]["base"] == SEED
    for item, block in zip(listed, catalog, strict=True):  # each lists what its block decides
        assert set(block.get("decides") or {}) <= set(item["decided"])
        assert (block.get("base") is None) == (item["base"] is None)


def test_an_edition_added_to_the_catalog_is_listed_with_its_inherited_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = _with_edition(tmp_path, "ws-ascii", "whitespace decided", "{SENT-WS: ascii}")
    text = _listing(capsys, root)
    block = text[text.index("ws-ascii: whitespace decided") :]
    assert "  declare in profiles: ws-ascii\n" in block
    assert f"  base: {AMENDED}\n" in block
    assert "  parameters: co-occurrence-radius 1\n" in block  # inherited from its base
    assert "  decides: SENT-WS as ascii\n" in block
    assert "closes" not in block


def test_an_edition_lists_the_entries_its_decisions_close(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An edition deciding ECHO-LINE as exact-substring closes ECHO-TRIM (it applies only under
    a trimmed reading: register `applies_when`), and the listing says so, with why."""
    root = _with_edition(
        tmp_path, "echo-exact", "echo decided", "{ECHO-LINE: exact-substring}"
    )
    text = _listing(capsys, root)
    block = text[text.index("echo-exact: echo decided") :]
    assert "  closes: ECHO-TRIM (ECHO-LINE exact-substring trims nothing)\n" in block
    listed = {item["name"]: item for item in json.loads(_listing(capsys, root, "--json"))}
    assert listed["echo-exact"]["closes"] == {
        "ECHO-TRIM": "ECHO-LINE exact-substring trims nothing"
    }
    assert listed[AMENDED]["closes"] == {}


def test_protocol_md_names_each_editions_full_name_as_the_catalog_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every row of PROTOCOL.md's "full name to declare" table is an edition of the catalog
    with that full name (the command is the complete list; the document shows the shipped)."""
    listed = {item["name"]: item["declare"] for item in json.loads(
        _listing(capsys, VECTORS, "--json"))}
    document = (REPO / "PROTOCOL.md").read_text(encoding="utf-8")
    table = document[document.index("| edition | full name to declare |") :].split("\n\n")[0]
    rows = re.findall(r"^\| `([^`]+)`[^|]*\| `([^`]+)` \|$", table, flags=re.MULTILINE)
    assert len(rows) >= 2 and dict(rows).items() <= listed.items()
    known = editions.load(VECTORS)
    published = {e.name for e in known if e.base is None or e.text.get("revision") is not None}
    assert {name for name, _ in rows} == published  # a ratified draft: the command lists it
    assert "oasis-si-vectors editions" in document


def test_an_edition_is_named_by_its_name_or_its_full_name() -> None:
    known = editions.load(VECTORS)
    for edition in known:
        assert editions.named(known, edition.name) is edition
        assert editions.named(known, edition.full_name) is edition
    with pytest.raises(editions.EditionError, match="no edition 'no-such-edition'"):
        editions.named(known, "no-such-edition")
