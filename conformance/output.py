"""What the commands write, and where: output paths checked before a run, and standard output
that may close early.

- `unwritable(path)` says why a file cannot be written there (None when it can), so that a
  run finds an unwritable `--report` before it starts, not after it has run for an hour;
  `write_file(path, text)` writes one atomically, never through a symbolic link.
- `write(text)` writes to standard output; when the reader has gone (`--list | head`) the rest
  is dropped without a BrokenPipeError, and standard output is pointed at /dev/null so that
  the flush at exit does not raise either. `quiet_broken_pipe()` does the same for a whole
  command (its exit status is then the one it returns, or 0 for a plain listing).
- `describe_size(size)` writes a byte count for people (limits, memory samples).
- `json_safe(value)` is a document every JSON reader accepts: a non-finite number (an answer's
  `1e999`, read as infinity) is written as the string "Infinity", "-Infinity" or "NaN", and
  counted, so that the report says so (PROTOCOL.md, Numbers).
"""

import contextlib
import json
import math
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

#: Bytes in a mebibyte: the unit sizes are written in.
MIB: Final = 1 << 20


def describe_size(size: int) -> str:
    """A byte count for people: MiB, with decimals only when needed."""
    return f"{size / MIB:.{0 if size % MIB == 0 else 1}f} MiB"


#: What a non-finite number is written as.
NON_FINITE: Final = {math.inf: "Infinity", -math.inf: "-Infinity"}


def json_safe(value: Any) -> tuple[Any, int]:
    """`value` with every non-finite float written as a string ("Infinity", "-Infinity",
    "NaN"), and how many were; the value itself when there is none. Iterative: a deeply nested
    answer cannot exhaust the stack."""
    count = 0

    def fixed(item: Any) -> Any:
        nonlocal count
        if isinstance(item, float) and not math.isfinite(item):
            count += 1
            return NON_FINITE.get(item, "NaN")
        return item

    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if isinstance(item, dict):
            copy = dict(item)
            holder[key] = copy
            stack.extend((copy, k) for k in copy)
        elif isinstance(item, list | tuple):
            copy_list = list(item)
            holder[key] = copy_list
            stack.extend((copy_list, i) for i in range(len(copy_list)))
        else:
            holder[key] = fixed(item)
    return (root[0], count) if count else (value, 0)


def non_finite_note(count: int, where: str) -> str:
    """What a document holding numbers JSON cannot write says of them (PROTOCOL.md, Numbers)."""
    return (
        f"{count} number(s) of the candidate's answers are not finite (such as 1e999, read as"
        f' infinity): written in this {where} as the strings "Infinity", "-Infinity" or "NaN"'
    )


def json_text(document: Any, indent: int) -> tuple[str, int]:
    """`document` as ASCII JSON that every reader accepts, and how many non-finite numbers in
    it were written as strings (`json_safe`; the document is copied only when there are)."""
    try:
        return json.dumps(document, indent=indent, ensure_ascii=True, allow_nan=False), 0
    except ValueError:
        safe, count = json_safe(document)
        return json.dumps(safe, indent=indent, ensure_ascii=True, allow_nan=False), count


def unwritable(path: Path) -> str | None:
    """Why `path` cannot be written as a file (None when it can). A symbolic link, a FIFO or a
    device is refused (a report replaces a regular file or creates one; it never writes
    through a link into another file, nor waits on a pipe nobody reads). Creates the missing
    folders above it (the report writers would), never the file itself: a file created to try
    is removed again."""
    if path.is_symlink():
        return "is a symbolic link: give the path of a regular file (a report never follows one)"
    if path.is_dir():
        return "is a folder"
    if path.exists() and not path.is_file():
        return "is not a regular file (a FIFO, a socket or a device)"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = path.exists()
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK
        descriptor = os.open(path, flags, 0o644)
        os.close(descriptor)
        if not existed:
            path.unlink()
    except OSError as error:
        return f"cannot be written: {error.strerror or error}"
    return None


def write_file(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically: into a new file beside it, then renamed over
    it, so that a reader never sees half a report and a symbolic link at `path` is replaced,
    never followed. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
