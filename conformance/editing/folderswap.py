"""Replacing a folder of generated files as one step: written beside it, then swapped in.

`replace_folder(out, files, earlier)` writes `files` (relative path -> bytes) into a fresh
folder created beside `out` (same parent, so on the same file system), then puts it in
`out`'s place: by an atomic exchange of the two names where the system has one (Linux
renameat2 RENAME_EXCHANGE), else by two renames. Only then is the earlier folder removed.
So an interruption at any moment leaves either the earlier folder intact or the new one
complete (and at worst a hidden `.NAME.*` folder beside it, removed when the interruption
lets the process clean up).

Nothing is written through a symbolic link: `out` and every folder above it must be no
link (a planted link in the path would carry the writing elsewhere), and the fresh folder
holds only what is written here, each file created exclusively, never followed. A root (`/`,
a mount point) is refused before anything under it is looked at. An existing `out` is
replaced only when `earlier(out)` vouches for every entry in it as a file the writer wrote
(it answers the first entry it cannot vouch for, a symbolic link always, without looking
further, or None); otherwise the folder is refused untouched, so nothing the writer did not
write is ever deleted.
"""

import ctypes
import errno
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Final

#: renameat2's flag for an atomic exchange of two names (linux/fs.h).
_RENAME_EXCHANGE: Final = 2
_AT_FDCWD: Final = -100


class FolderError(Exception):
    """The folder cannot be written or replaced; the message says which and why."""


def replace_folder(
    out: Path, files: Mapping[str, bytes], earlier: Callable[[Path], str | None]
) -> None:
    """Write `files` as the folder `out` (module docstring). Raises FolderError."""
    out = Path(os.path.abspath(out))
    _check_path(out)
    _check_target(out, earlier)
    fresh = _fresh_folder(out)
    try:
        _write_all(fresh, files)
        _swap_in(fresh, out)
    finally:
        if fresh.exists() or fresh.is_symlink():
            shutil.rmtree(fresh, ignore_errors=True)


def _check_path(out: Path) -> None:
    """Refuse a root, and a path through a symbolic link (an absolute `out`)."""
    if out.parent == out or os.path.ismount(out):
        raise FolderError(f"{out} is the root of a file system; give a folder of its own")
    for folder in reversed(out.parents):
        if folder.is_symlink():
            raise FolderError(
                f"{folder} is a symbolic link; nothing is written through one: give the"
                f" folder's own path ({os.path.realpath(out)})"
            )


def _check_target(out: Path, earlier: Callable[[Path], str | None]) -> None:
    if out.is_symlink():
        raise FolderError(f"{out} is a symbolic link; give a folder (it is never followed)")
    if not out.exists():
        return
    if not out.is_dir():
        raise FolderError(f"{out} is not a folder")
    stranger = earlier(out)
    if stranger is None:
        return
    if out.joinpath(*PurePosixPath(stranger).parts).is_symlink():
        raise FolderError(
            f"{out} holds a symbolic link ({stranger}); nothing is written through one: give"
            " an absent or empty folder"
        )
    raise FolderError(
        f"{out} is not empty and not an earlier export ({stranger} is not one of its files); "
        "give an absent or empty folder"
    )


def entries(folder: Path) -> Iterator[tuple[Path, str]]:
    """Every entry under `folder` (path, relative POSIX path), links not followed, each
    folder's entries in name order, found as they are listed (a caller that stops at the
    first lists no more)."""
    for parent, folders, names in os.walk(folder):
        folders.sort()
        for name in sorted(folders + names):
            path = Path(parent, name)
            yield path, path.relative_to(folder).as_posix()


def _fresh_folder(out: Path) -> Path:
    try:
        return Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".new", dir=out.parent))
    except OSError as error:
        raise FolderError(f"cannot write beside {out}: {error.strerror or error}") from None


def _write_all(folder: Path, files: Mapping[str, bytes]) -> None:
    """Every file, created exclusively (never through a link) under `folder`."""
    for relative, data in files.items():
        path = folder.joinpath(*safe_parts(relative))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            descriptor = os.open(path, flags, 0o644)
            with os.fdopen(descriptor, "wb") as stream:
                stream.write(data)
        except OSError as error:
            raise FolderError(f"cannot write {relative}: {error.strerror or error}") from None


def safe_parts(relative: str) -> tuple[str, ...]:
    """The parts of a relative POSIX path that stays inside its folder; FolderError for an
    absolute path, a `..`, an empty part or a backslash."""
    path = PurePosixPath(relative)
    parts = path.parts
    if (
        not parts
        or path.is_absolute()
        or "\\" in relative
        or any(part in ("", ".", "..") for part in parts)
    ):
        raise FolderError(f"{relative!r} is not a path inside the folder")
    return parts


def _swap_in(fresh: Path, out: Path) -> None:
    """Put `fresh` in `out`'s place; the earlier `out` (if any) is removed afterwards."""
    try:
        if not out.exists():
            os.rename(fresh, out)
            return
        if _exchange(fresh, out):
            shutil.rmtree(fresh)  # now the earlier folder
            return
        aside = Path(tempfile.mkdtemp(prefix=f".{out.name}.", suffix=".old", dir=out.parent))
        os.rename(out, aside / "folder")
        try:
            os.rename(fresh, out)
        except OSError:
            os.rename(aside / "folder", out)
            raise
        finally:
            shutil.rmtree(aside, ignore_errors=True)
    except OSError as error:
        raise FolderError(f"cannot replace {out}: {error.strerror or error}") from None


def _exchange(first: Path, second: Path) -> bool:
    """Exchange two names atomically; False where the system cannot (then nothing changed)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(
        _AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE
    )
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # no exchange on this system
        return False
    raise OSError(code, os.strerror(code))
