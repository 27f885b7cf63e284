"""Interrupts: SIGINT, SIGTERM and SIGHUP as one controlled exception, and no candidate process
left.

`guarded()` wraps a whole command (the runner, the fuzzer, the corpus tools):

- SIGINT, SIGTERM and SIGHUP (what Ctrl-C, `timeout(1)`, CI cancellation and a closed
  terminal send) raise `Interrupted` in the main thread wherever it is (loading the corpus, at
  the handshake, during the run, while shrinking), so the command can say what happened, write
  what it measured, and exit with 128 + the signal's number (130, 143, 129). A SIGHUP ignored
  when the guard starts (`nohup`) stays ignored. `Interrupted` is a KeyboardInterrupt: code that
  already ends its work on Ctrl-C ends it on SIGTERM too.
- On Linux the process becomes a child subreaper (prctl PR_SET_CHILD_SUBREAPER): a process a
  candidate started that leaves its parent (a double fork, `setsid`, a daemon) is re-parented
  to this process instead of to PID 1, so it stays a descendant.
- On the way out, interrupted or not, every descendant started inside the guard is killed
  (found by their parent links in /proc, so a descendant in another process group or session
  is found too) and the adopted ones are reaped. Descendants that were there before the guard
  (a test harness's own helpers) are left alone. `end_started` does the same at once (before
  a command says its candidate processes are ended).
- While the guard runs, `end_adopted` ends the adopted processes that no live candidate process
  can have started (the transport calls it as each candidate process ends): daemons of a
  one-shot run do not pile up, one per request, until the command exits.

Elsewhere than Linux the signals are handled the same way; descendants are ended by process
group (transport.py) only.
"""

import contextlib
import ctypes
import os
import signal
import threading
import time
from collections.abc import Collection, Iterator
from pathlib import Path
from types import FrameType
from typing import Final

import attrs

#: prctl options (linux/prctl.h).
_PR_SET_CHILD_SUBREAPER: Final = 36
_PR_GET_CHILD_SUBREAPER: Final = 37
SIGNALS: Final = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
_PROC: Final = Path("/proc")


@attrs.frozen
class _Guard:
    """An active guard: the process it guards, and the descendants it found there."""

    pid: int
    existing: frozenset[tuple[int, int]]


#: The active guards, innermost last (a forked child inherits the list: `_guard` checks pid).
_guards: list[_Guard] = []


@attrs.frozen
class _Stat:
    """What /proc/PID/stat says of a process."""

    state: str
    parent: int
    session: int
    start: int  # clock ticks after boot


class Interrupted(KeyboardInterrupt):
    """SIGINT, SIGTERM or SIGHUP arrived: the command is to stop, say so and exit `exit_status`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


def signal_of(interruption: KeyboardInterrupt) -> Interrupted:
    """The interruption as an Interrupted (a bare KeyboardInterrupt is SIGINT's)."""
    if isinstance(interruption, Interrupted):
        return interruption
    return Interrupted(signal.SIGINT)


@contextlib.contextmanager
def guarded() -> Iterator[None]:
    """Run the body with SIGINT and SIGTERM raising Interrupted and, on the way out, every
    process started inside it ended (module docstring)."""
    main = threading.current_thread() is threading.main_thread()
    before = {sig: signal.getsignal(sig) for sig in SIGNALS} if main else {}
    was_reaper = _subreaper(True)
    existing = set(_descendants())
    guard = _Guard(os.getpid(), frozenset(existing))
    _guards.append(guard)
    if main:
        for sig in SIGNALS:
            if sig == signal.SIGHUP and before[sig] == signal.SIG_IGN:
                continue  # started under nohup: a hang-up is to be ignored, as asked
            signal.signal(sig, _raise)
    try:
        yield
    finally:
        if main:
            for sig in SIGNALS:  # the clean-up below is not to be interrupted half-way
                signal.signal(sig, signal.SIG_IGN)
        try:
            end_descendants(existing)
        finally:
            _guards.remove(guard)
            if was_reaper is False:
                _subreaper(False)
            for sig, handler in before.items():
                signal.signal(sig, handler)


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


def _guard() -> _Guard | None:
    """The innermost guard active in this very process (not one a fork inherited)."""
    if _guards and _guards[-1].pid == os.getpid():
        return _guards[-1]
    return None


def end_started() -> int:
    """Under a guard: kill every descendant started inside it now (what its exit would do);
    how many were killed."""
    guard = _guard()
    return 0 if guard is None else end_descendants(set(guard.existing))


def end_adopted(live: Collection[int]) -> None:
    """Under a guard, as a subreaper: end what candidates left behind while the command runs.

    A process adopted by this one (a daemon a candidate started, whose parent has gone) is a
    child outside this process's session (a candidate runs in a session of its own, and no
    process can join another session) that is not a candidate process itself (`live`: the pids
    of the candidate processes not yet reaped). It is killed, with its descendants, when it
    started before every live candidate process (then none of them started it: a process
    starts after its ancestors); any adopted one that has exited is reaped. Descendants there
    before the guard are spared."""
    guard = _guard()
    if guard is None:
        return
    own_session = os.getsid(0)
    starts = [stat.start for pid in live if (stat := _stat(pid)) is not None]
    oldest = min(starts, default=None)
    for child in _children(os.getpid()):
        stat = _stat(child)
        if child in live or stat is None or stat.session == own_session:
            continue
        if (child, stat.start) in guard.existing:
            continue
        if stat.state == "Z":
            _reap({child})
        elif oldest is None or stat.start < oldest:
            for pid, _start in [*_descendants(child), (child, stat.start)]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass


def end_descendants(spared: set[tuple[int, int]] | None = None, rounds: int = 20) -> int:
    """Kill every descendant of this process not in `spared` ((pid, start time) pairs), until
    none is left (a process may fork while it is being killed), and reap those that are this
    process's children (adopted or not). How many were killed."""
    spared = spared or set()
    killed = 0
    for _ in range(rounds):
        found = [key for key in _descendants() if key not in spared]
        if not found:  # none left that could start another
            break
        for pid, _start in found:
            if not _zombie(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                    killed += 1
                except (ProcessLookupError, PermissionError):
                    pass
        _reap({pid for pid, _start in found})
        time.sleep(0.02)
    return killed


def _reap(pids: set[int]) -> None:
    for pid in pids:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # not this process's child: its parent reaps it
            pass


def _descendants(root: int | None = None) -> list[tuple[int, int]]:
    """(pid, start time) of every descendant of `root` (this process by default), from /proc
    (none without it): down the tree by each task's `children` list where the kernel has one,
    else from every process's parent link."""
    root = os.getpid() if root is None else root
    if not (_PROC / str(os.getpid()) / "task" / str(os.getpid()) / "children").exists():
        return _descendants_by_scan(root)
    found = []
    queue = [root]
    seen = set(queue)
    while queue:
        for child in _children(queue.pop()):
            stat = _stat(child)
            if child not in seen and stat is not None:
                seen.add(child)
                found.append((child, stat.start))
                queue.append(child)
    return found


def _children(pid: int) -> list[int]:
    """The children of every thread of `pid` (/proc/PID/task/TID/children)."""
    children: list[int] = []
    try:
        tasks = os.listdir(_PROC / str(pid) / "task")
    except OSError:
        return children
    for task in tasks:
        try:
            text = (_PROC / str(pid) / "task" / task / "children").read_text()
        except OSError:
            continue
        children += [int(word) for word in text.split()]
    return children


def _descendants_by_scan(root: int) -> list[tuple[int, int]]:
    children: dict[int, list[int]] = {}
    started: dict[int, int] = {}
    try:
        entries = os.listdir(_PROC)
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        stat = _stat(int(entry))
        if stat is not None:
            children.setdefault(stat.parent, []).append(int(entry))
            started[int(entry)] = stat.start
    found = []
    queue = list(children.get(root, []))
    while queue:
        pid = queue.pop()
        found.append((pid, started[pid]))
        queue += children.get(pid, [])
    return found


def _stat(pid: int) -> _Stat | None:
    """/proc/PID/stat (state, parent, session, start time), or None when it has gone."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()  # the command name may hold spaces and ')'
    try:
        return _Stat(fields[0], int(fields[1]), int(fields[3]), int(fields[19]))
    except (IndexError, ValueError):
        return None


def _zombie(pid: int) -> bool:
    stat = _stat(pid)
    return stat is None or stat.state == "Z"


def _subreaper(on: bool) -> bool | None:
    """Set this process's child-subreaper attribute; what it was before (None where there is
    no prctl)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return None
    value = ctypes.c_int(0)
    if prctl(_PR_GET_CHILD_SUBREAPER, ctypes.byref(value), 0, 0, 0) != 0:
        return None
    prctl(_PR_SET_CHILD_SUBREAPER, 1 if on else 0, 0, 0, 0)
    return bool(value.value)
