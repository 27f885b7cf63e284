"""`oasis-si-vectors export` writes only inside its target, atomically: an unwritable or
unsafe target is refused with exit status 2 and a message; a symbolic link is never followed
(the target itself, or one planted in an earlier export); nothing the export did not write is
deleted, whatever an index.json says; an interrupted export leaves the earlier one intact."""

import hashlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from runner_helpers import CORPUS

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.editing import export, folderswap


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The runner's fixture corpus with the catalogs an export reads."""
    root = tmp_path_factory.mktemp("corpus") / "vectors"
    shutil.copytree(CORPUS, root)
    for name in ("editions.yaml", "conventions.yaml"):
        shutil.copy(corpus.vectors_root() / name, root / name)
    return root


def run_export(root: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = editor.main(["--root", str(root), "export", str(out)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.err


def snapshot(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.is_symlink()
    }


def leftovers(parent: Path) -> list[str]:
    """The hidden work folders an export may leave beside its target."""
    return sorted(path.name for path in parent.iterdir() if path.name.startswith("."))


@pytest.fixture
def earlier(small_corpus: Path, tmp_path: Path, capsys) -> Path:
    """A folder holding an earlier export."""
    out = tmp_path / "parent" / "json"
    out.parent.mkdir()
    assert run_export(small_corpus, out, capsys)[0] == 0
    assert (out / export.INDEX).is_file()
    return out


def test_an_export_is_replaced_whole_and_leaves_nothing_beside_it(
    small_corpus: Path, earlier: Path, capsys
) -> None:
    before = snapshot(earlier)
    (earlier / "schemas" / "vectors.schema.json").unlink()  # an earlier export, damaged
    assert run_export(small_corpus, earlier, capsys)[0] == 0
    assert snapshot(earlier) == before
    assert leftovers(earlier.parent) == []


def test_a_target_under_a_file_is_refused_cleanly(small_corpus: Path, tmp_path: Path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n")
    code, err = run_export(small_corpus, blocker / "json", capsys)
    assert code == 2 and "cannot write beside" in err
    assert blocker.read_text() == "not a folder\n"


def test_an_unwritable_parent_is_refused_cleanly(
    small_corpus: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the test runs as root (permissions do not hold root back) the refusal the system
    would give is simulated: the folder beside the target cannot be created."""
    parent = tmp_path / "read-only"
    parent.mkdir()
    if os.geteuid() == 0:

        def refuse(*args: object, **kwargs: object) -> str:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(folderswap.tempfile, "mkdtemp", refuse)
    else:
        parent.chmod(0o555)
    try:
        code, err = run_export(small_corpus, parent / "json", capsys)
    finally:
        parent.chmod(0o755)
    assert code == 2 and "Permission denied" in err
    assert list(parent.iterdir()) == []


def test_a_target_that_is_a_symbolic_link_is_refused(
    small_corpus: Path, tmp_path: Path, capsys
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine\n")
    link = tmp_path / "json"
    link.symlink_to(elsewhere)
    code, err = run_export(small_corpus, link, capsys)
    assert code == 2 and "symbolic link" in err
    assert snapshot(elsewhere) == {"keep.txt": b"mine\n"}


@pytest.mark.parametrize("planted", ["file", "folder"])
def test_a_symbolic_link_planted_in_an_earlier_export_is_never_followed(
    small_corpus: Path, earlier: Path, tmp_path: Path, capsys, planted: str
) -> None:
    """A link in place of a file the export writes (it would write through it) or in place of
    one of its folders (it would delete or write through it): refused before anything is
    touched; the link's target and the earlier export are unchanged."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.json").write_text('{"keep": true}\n')
    before = snapshot(earlier)
    if planted == "file":
        target = earlier / "runner-fixture" / "identifiers.json"
        target.unlink()
        target.symlink_to(outside / "victim.json")
        del before["runner-fixture/identifiers.json"]
    else:
        shutil.rmtree(earlier / "schemas")
        (earlier / "schemas").symlink_to(outside)
        before = {k: v for k, v in before.items() if not k.startswith("schemas/")}
    code, err = run_export(small_corpus, earlier, capsys)
    assert code == 2 and "symbolic link" in err
    assert snapshot(outside) == {"victim.json": b'{"keep": true}\n'}
    assert snapshot(earlier) == before
    assert leftovers(earlier.parent) == []


def test_a_crafted_index_never_makes_the_export_delete_a_file(
    small_corpus: Path, earlier: Path, capsys
) -> None:
    """An index that lists a file the export did not write (with or without its digest, or
    by a path out of the folder): the folder is refused, the file kept."""
    victim = earlier / "notes.txt"
    victim.write_text("my notes\n")
    outer = earlier.parent / "outer.txt"
    outer.write_text("outside\n")
    index = json.loads((earlier / export.INDEX).read_text())
    index["files"]["notes.txt"] = {"sha256": "0" * 64}
    (earlier / export.INDEX).write_text(json.dumps(index))
    assert run_export(small_corpus, earlier, capsys)[0] == 2
    assert victim.read_text() == "my notes\n"

    index["files"]["../outer.txt"] = {"sha256": hashlib.sha256(b"outside\n").hexdigest()}
    (earlier / export.INDEX).write_text(json.dumps(index))
    code, err = run_export(small_corpus, earlier, capsys)
    assert code == 2 and "not an earlier export" in err  # an index naming ../ is no index
    assert victim.read_text() == "my notes\n" and outer.read_text() == "outside\n"


def test_a_file_changed_since_the_export_is_not_the_exports(
    small_corpus: Path, earlier: Path, capsys
) -> None:
    """A file at an exported path whose bytes are no longer those the index records is
    someone's edit: kept, and the folder refused."""
    edited = earlier / "runner-fixture" / "steps.json"
    edited.write_text('{"edited": true}\n')
    code, err = run_export(small_corpus, earlier, capsys)
    assert code == 2 and "runner-fixture/steps.json" in err
    assert edited.read_text() == '{"edited": true}\n'


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, OSError])
def test_an_interrupted_export_leaves_the_earlier_one_intact(
    small_corpus: Path,
    earlier: Path,
    capsys,
    monkeypatch: pytest.MonkeyPatch,
    interruption: type[BaseException],
) -> None:
    """Interrupted half-way through writing (Ctrl-C, or a full disk): the earlier export is
    byte for byte what it was, and no work folder is left beside it."""
    before = snapshot(earlier)
    real_open = folderswap.os.open
    opened: list[str] = []

    def flaky_open(path: object, *args: object, **kwargs: object) -> int:
        if not str(path).startswith(str(earlier.parent)):  # a corpus file read, not a write
            return real_open(path, *args, **kwargs)  # type: ignore[arg-type]
        opened.append(str(path))
        if len(opened) == 3:
            raise interruption(28, "No space left on device")
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(folderswap.os, "open", flaky_open)
    if interruption is KeyboardInterrupt:
        assert editor.main(["--root", str(small_corpus), "export", str(earlier)]) == 130
    else:
        code, err = run_export(small_corpus, earlier, capsys)
        assert code == 2 and "No space left" in err
    assert len(opened) >= 3  # (the clean-up opens the work folder too)
    assert snapshot(earlier) == before
    assert leftovers(earlier.parent) == []


@pytest.mark.parametrize("path", ["../x", "/etc/passwd", "a/../../b", "a\\..\\b", ""])
def test_paths_out_of_the_folder_are_never_written(path: str) -> None:
    with pytest.raises(folderswap.FolderError):
        folderswap.safe_parts(path)


def test_an_index_carrying_a_stranger_s_true_digest_never_makes_the_export_delete_it(
    small_corpus: Path, earlier: Path, tmp_path: Path, capsys
) -> None:
    """What an earlier export wrote is the export's own record, kept outside the folder: an
    index.json planted with the true digest of someone's file (in an earlier export, or in a
    folder that never was one) vouches for nothing; the folder is refused, the file kept."""
    victim = earlier / "notes.txt"
    victim.write_text("my notes\n")
    index = json.loads((earlier / export.INDEX).read_text())
    index["files"]["notes.txt"] = {"sha256": hashlib.sha256(b"my notes\n").hexdigest()}
    (earlier / export.INDEX).write_text(json.dumps(index))
    code, err = run_export(small_corpus, earlier, capsys)
    assert code == 2 and "not an earlier export" in err
    assert victim.read_text() == "my notes\n"

    planted = tmp_path / "never-exported"
    planted.mkdir()
    (planted / "notes.txt").write_text("my notes\n")
    (planted / export.INDEX).write_text(
        json.dumps({"files": index["files"], "schemas": index["schemas"]})
    )
    code, err = run_export(small_corpus, planted, capsys)
    assert code == 2 and "not an earlier export" in err
    assert (planted / "notes.txt").read_text() == "my notes\n"


def test_a_symbolic_link_above_the_target_is_never_followed(
    small_corpus: Path, tmp_path: Path, capsys
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (real / "keep.txt").write_text("mine\n")
    (tmp_path / "linked").symlink_to(real)
    code, err = run_export(small_corpus, tmp_path / "linked" / "json", capsys)
    assert code == 2 and f"{tmp_path / 'linked'} is a symbolic link" in err
    assert snapshot(real) == {"keep.txt": b"mine\n"} and leftovers(real) == []


@pytest.mark.parametrize("target", ["/", "/proc"])
def test_a_root_is_refused_before_anything_under_it_is_looked_at(
    small_corpus: Path, capsys, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    """`/` (or a file system's root) is refused at once: not walked to find a stranger."""

    real_walk = os.walk

    def no_walk(top: object, *args: object, **kwargs: object) -> object:
        if str(top) == target:
            raise AssertionError("the target was walked")
        return real_walk(top, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(folderswap.os, "walk", no_walk)
    code, err = run_export(small_corpus, Path(target), capsys)
    assert code == 2 and f"{target} is the root of a file system" in err


def test_a_folder_that_is_no_export_is_refused_at_its_first_entry(
    small_corpus: Path, tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large folder that no export wrote is refused at the first entry it lists: its
    subfolders are never walked."""
    big = tmp_path / "big"
    for number in range(20):
        (big / f"d{number:02d}").mkdir(parents=True)
        (big / f"d{number:02d}" / "file").write_text("x")
    listed: list[str] = []
    real_walk = os.walk

    def counted(top: object, *args: object, **kwargs: object) -> Iterator[Any]:
        for found in real_walk(top, *args, **kwargs):  # type: ignore[call-overload]
            listed.append(found[0])
            yield found

    monkeypatch.setattr(folderswap.os, "walk", counted)
    code, err = run_export(small_corpus, big, capsys)
    assert code == 2 and "not an earlier export (d00 is not one of its files)" in err
    assert [folder for folder in listed if folder.startswith(str(big))] == [str(big)]
