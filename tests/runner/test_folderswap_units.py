"""folderswap.replace_folder, called directly: what is left on disk when a folder is written
whole and swapped in, by the exchange or by the two-rename fallback, and when it is refused
(a target that is a file or a symbolic link) or fails (an OSError at each step, the exchange
failing for a reason other than "this system has none"). Expected values are written out:
a file mode, the bytes each folder holds, which names are left beside the target."""

import ctypes
import errno
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from oasis_si_conformance.editing import folderswap

NEW = {"index.json": b'{"new": true}\n', "schemas/a.json": b"{}\n"}
OLD = {"index.json": b'{"old": true}\n', "old-only.txt": b"old\n"}


def vouch_for_all(out: Path) -> None:
    """An `earlier` that vouches for every entry (each test's own folder is its to replace)."""
    return None


def never_asked(out: Path) -> str | None:
    raise AssertionError(f"earlier() was asked about {out}")


def files_in(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def names_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


@pytest.fixture
def earlier_folder(tmp_path: Path) -> Path:
    """`parent/json`, holding OLD: a folder to be replaced."""
    out = tmp_path / "parent" / "json"
    (out / "schemas").mkdir(parents=True)
    for name, data in OLD.items():
        (out / name).write_bytes(data)
    return out


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask, set for the test: the mode a file is created with shows through it
    (0o644 stays 0o644; a mode with the others' execute bit would keep that bit)."""
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def fake_libc(renameat2: Callable[..., int] | None) -> Callable[..., object]:
    """A stand-in for ctypes.CDLL: a C library whose renameat2 is `renameat2` (or that has
    none, when None)."""

    class Library:
        pass

    library = Library()
    if renameat2 is not None:
        library.renameat2 = renameat2  # type: ignore[attr-defined]

    def load(*args: object, **kwargs: object) -> object:
        return library

    return load


def failing_with(code: int) -> Callable[..., int]:
    """A renameat2 that fails with errno `code` (it sets the errno ctypes reads back)."""

    def renameat2(*args: object) -> int:
        ctypes.set_errno(code)
        return -1

    return renameat2


def test_each_file_is_written_with_mode_644(tmp_path: Path, umask_022: None) -> None:
    out = tmp_path / "json"
    folderswap.replace_folder(out, NEW, vouch_for_all)
    modes = {name: stat.S_IMODE((out / name).stat().st_mode) for name in NEW}
    assert modes == {"index.json": 0o644, "schemas/a.json": 0o644}


def test_files_are_written_where_the_system_has_no_o_nofollow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without O_NOFOLLOW the flags are those of an exclusive write alone; this also holds the
    premise of the equivalent entry for `getattr(os, "O_NOFOLLOW", 0)` made `..., 1)`: 1 is
    O_WRONLY, already among the flags, so the two defaults open the same way."""
    monkeypatch.delattr(folderswap.os, "O_NOFOLLOW", raising=False)
    real_open = os.open
    flags_seen: list[int] = []

    def spy(path: object, flags: int, *args: object, **kwargs: object) -> int:
        flags_seen.append(flags)
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(folderswap.os, "open", spy)
    out = tmp_path / "json"
    folderswap.replace_folder(out, NEW, vouch_for_all)
    assert files_in(out) == NEW
    assert os.O_WRONLY == 1
    assert flags_seen == [os.O_WRONLY | os.O_CREAT | os.O_EXCL] * 2


def test_a_target_that_is_a_file_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    """Even with an `earlier` that would vouch for anything: a file is no folder to replace;
    it is not asked about, and nothing is written beside it."""
    out = tmp_path / "json"
    out.write_bytes(b"someone's file\n")
    with pytest.raises(folderswap.FolderError):
        folderswap.replace_folder(out, NEW, never_asked)
    assert out.read_bytes() == b"someone's file\n"
    assert names_in(tmp_path) == ["json"]


def test_a_target_that_is_a_link_to_an_empty_folder_is_refused_and_kept(tmp_path: Path) -> None:
    """A link is refused for being a link, not for what it points at: even to an empty folder,
    and with an `earlier` that would vouch for anything, it is not asked about, the link stays
    a link to the same folder, that folder stays empty, and nothing is written beside it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    parent = tmp_path / "parent"
    parent.mkdir()
    out = parent / "json"
    out.symlink_to(elsewhere)
    with pytest.raises(folderswap.FolderError):
        folderswap.replace_folder(out, NEW, never_asked)
    assert out.is_symlink() and os.readlink(out) == str(elsewhere)
    assert list(elsewhere.iterdir()) == []
    assert names_in(parent) == ["json"]


def test_the_exchange_puts_the_new_folder_in_place_without_a_rename(
    earlier_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the exchange succeeds it is the only step: no rename (two renames would leave a
    moment with no folder at `out`); the earlier folder, now under the fresh name, is removed."""
    real_rename = os.rename
    exchanged: list[Path] = []

    def exchange(first: Path, second: Path) -> bool:
        exchanged.append(second)
        real_rename(first, str(first) + ".swap")
        real_rename(second, first)
        real_rename(str(first) + ".swap", second)
        return True

    def no_rename(*args: object, **kwargs: object) -> None:
        raise AssertionError("renamed although the exchange succeeded")

    monkeypatch.setattr(folderswap, "_exchange", exchange)
    monkeypatch.setattr(folderswap.os, "rename", no_rename)
    folderswap.replace_folder(earlier_folder, NEW, vouch_for_all)
    assert exchanged == [earlier_folder]
    assert files_in(earlier_folder) == NEW
    assert names_in(earlier_folder.parent) == ["json"]


def test_the_real_exchange_swaps_two_folders(tmp_path: Path) -> None:
    """Where the system has renameat2's exchange (Linux), the two names trade folders."""
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    (first / "a").write_bytes(b"from first\n")
    (second / "b").write_bytes(b"from second\n")
    if not folderswap._exchange(first, second):
        pytest.skip("this system (or file system) has no exchange of two names")
    assert files_in(first) == {"b": b"from second\n"}
    assert files_in(second) == {"a": b"from first\n"}


@pytest.mark.parametrize("code", [errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP])
def test_a_system_without_the_exchange_falls_back_to_renames(
    earlier_folder: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    """renameat2 failing with EINVAL, ENOSYS or EOPNOTSUPP means "no exchange here": the
    folder is replaced all the same, by two renames, and nothing is left beside it."""
    monkeypatch.setattr(folderswap.ctypes, "CDLL", fake_libc(failing_with(code)))
    folderswap.replace_folder(earlier_folder, NEW, vouch_for_all)
    assert files_in(earlier_folder) == NEW
    assert names_in(earlier_folder.parent) == ["json"]


@pytest.mark.parametrize("library", ["no renameat2", "no C library"])
def test_a_library_without_renameat2_falls_back_to_renames(
    earlier_folder: Path, monkeypatch: pytest.MonkeyPatch, library: str
) -> None:
    if library == "no renameat2":
        monkeypatch.setattr(folderswap.ctypes, "CDLL", fake_libc(None))
    else:

        def no_library(*args: object, **kwargs: object) -> object:
            raise OSError("no C library")

        monkeypatch.setattr(folderswap.ctypes, "CDLL", no_library)
    folderswap.replace_folder(earlier_folder, NEW, vouch_for_all)
    assert files_in(earlier_folder) == NEW
    assert names_in(earlier_folder.parent) == ["json"]


@pytest.mark.parametrize("code", [errno.EIO, errno.EACCES, errno.EBUSY])
def test_an_exchange_failing_otherwise_leaves_the_earlier_folder(
    earlier_folder: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    """Any other failure of the exchange is an error, not a cue to try renames: FolderError,
    the earlier folder as it was, nothing left beside it."""
    monkeypatch.setattr(folderswap.ctypes, "CDLL", fake_libc(failing_with(code)))
    with pytest.raises(folderswap.FolderError):
        folderswap.replace_folder(earlier_folder, NEW, vouch_for_all)
    assert files_in(earlier_folder) == OLD
    assert names_in(earlier_folder.parent) == ["json"]


def test_a_failed_second_rename_puts_the_earlier_folder_back(
    earlier_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fallback moves the earlier folder aside, then the new one in; when the second rename
    fails, the earlier folder is moved back: FolderError, and the earlier folder in place."""
    monkeypatch.setattr(folderswap.ctypes, "CDLL", fake_libc(None))
    real_rename = os.rename
    renames: list[str] = []

    def second_fails(source: object, target: object) -> None:
        renames.append(Path(str(source)).name)
        if len(renames) == 2:
            raise OSError(errno.EIO, "Input/output error")
        real_rename(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(folderswap.os, "rename", second_fails)
    with pytest.raises(folderswap.FolderError):
        folderswap.replace_folder(earlier_folder, NEW, vouch_for_all)
    assert len(renames) == 3  # aside, in (failed), back
    assert files_in(earlier_folder) == OLD
    assert names_in(earlier_folder.parent) == ["json"]


# An OSError raised without an errno (OSError("message")) has no strerror: the message names it
# by its own text. One per step that reports an OSError.


@pytest.mark.parametrize(
    ("step", "said", "message"),
    [
        ("mkdtemp", "quota exceeded for this folder", "cannot write beside {out}: {said}"),
        ("rename", "the move was refused", "cannot replace {out}: {said}"),
    ],
    ids=["folder-made-beside", "folder-moved-in"],
)
def test_a_folder_step_that_fails_names_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str, said: str, message: str
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(said)

    module = folderswap.tempfile if step == "mkdtemp" else folderswap.os
    monkeypatch.setattr(module, step, refuse)
    out = tmp_path / "json"
    with pytest.raises(folderswap.FolderError) as caught:
        folderswap.replace_folder(out, NEW, vouch_for_all)
    assert str(caught.value) == message.format(out=out, said=said)
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_cannot_be_written_names_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_open = os.open

    def refuse(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & os.O_CREAT:  # a file written; the clean-up's own opens go through
            raise OSError("the disk said no")
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(folderswap.os, "open", refuse)
    out = tmp_path / "json"
    with pytest.raises(folderswap.FolderError) as caught:
        folderswap.replace_folder(out, {"index.json": b"{}"}, vouch_for_all)
    assert str(caught.value) == "cannot write index.json: the disk said no"
    assert list(tmp_path.iterdir()) == []
