"""What the commands write, and where: output paths checked before a run, and standard output
that may close early.

- `unwritable(path)` says why a file cannot be written there (None when it can), so that a
  run finds an unwritable `--report` before it starts, not after it has run for an hour.
- `write(text)` writes to standard output; when the reader has gone (`--list | head`) the rest
  is dropped without a BrokenPipeError, and standard output is pointed at /dev/null so that
  the flush at exit does not raise either. `quiet_broken_pipe()` does the same for a whole
  command (its exit status is then the one it returns, or 0 for a plain listing).
- `describe_size(size)` writes a byte count for people (limits, memory samples).
"""

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

#: Bytes in a mebibyte: the unit sizes are written in.
MIB: Final = 1 << 20


def describe_size(size: int) -> str:
    """A byte count for people: MiB, with decimals only when needed."""
    return f"{size / MIB:.{0 if size % MIB == 0 else 1}f} MiB"


def unwritable(path: Path) -> str | None:
    """Why `path` cannot be written as a file (None when it can). Creates the missing folders
    above it (the report writers would), never the file itself: a file created to try is
    removed again."""
    if path.is_dir():
        return "is a folder"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.close(descriptor)
        if not existed:
            path.unlink()
    except OSError as error:
        return f"cannot be written: {error.strerror or error}"
    return None


def write(text: str) -> bool:
    """Write `text` to standard output and flush it; False when the reader has gone."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
        return True
    except BrokenPipeError:
        stdout_gone()
        return False


def stdout_gone() -> None:
    """The reader of standard output has gone: what is still buffered, and anything written
    later, goes to /dev/null (the interpreter's flush at exit would raise otherwise)."""
    try:
        descriptor = os.open(os.devnull, os.O_WRONLY)
        os.dup2(descriptor, sys.stdout.fileno())
        os.close(descriptor)
    except (OSError, ValueError, AttributeError):  # no file descriptor (a captured stream)
        pass


@contextlib.contextmanager
def quiet_broken_pipe() -> Iterator[None]:
    """A BrokenPipeError from standard output ends the body quietly (see `stdout_gone`)."""
    try:
        yield
    except BrokenPipeError:
        stdout_gone()
