"""What a candidate's process group uses: resident memory and CPU time, read from /proc.

The transport (transport.py) enforces `--memory-limit` and `--cpu-limit` with a `GroupMeter`:
while a request is in flight it samples the candidate's process group and ends the group when
a limit is exceeded, so the failure is attributed to that request exactly.

- Memory is the sum of the resident set sizes (VmRSS, /proc/PID/stat field 24) of the group's
  processes. Address space is not limited (RLIMIT_AS): JVMs and V8 reserve far more than they
  touch and would fail at start.
- CPU time is user plus system time (fields 14-17: the process's own and that of the children
  it has waited for) summed over the group, counted from a baseline the transport marks when a
  request is sent, or, with requests pipelined, when the previous one is answered (PROTOCOL.md,
  "Limits"). A member that appears after the baseline (its start time, field 22, is later)
  counts from zero; one that existed before but was not yet known counts from its first
  sighting. RLIMIT_CPU is not used: it counts a process's whole life (a streaming process would
  be killed on whichever request crossed the total), per process rather than per group, in
  whole seconds.

A sample scans /proc for the group's members (about 2 ms for 100 processes), so the transport
takes one every SAMPLE_INTERVAL seconds of a request, and only when a limit is set; a baseline
reads the members already known (one `pread` each, a few microseconds).
"""

import os
import re
import time
from typing import Final

import attrs

from oasis_si_conformance.output import MIB

CLOCK_TICKS: Final = os.sysconf("SC_CLK_TCK")
PAGE_SIZE: Final = os.sysconf("SC_PAGE_SIZE")
#: Seconds of an in-flight request between two samples of the group.
SAMPLE_INTERVAL: Final = 0.05

_UNITS: Final = {"k": 1 << 10, "m": MIB, "g": 1 << 30, "t": 1 << 40}
_SIZE: Final = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:([kmgt])(?:i?b)?|(b))?\s*", re.IGNORECASE)

MEMORY_HELP: Final = (
    "end a candidate process group whose resident memory (VmRSS summed over its processes) "
    "exceeds SIZE while a request is in flight (sampled every "
    f"{SAMPLE_INTERVAL * 1000:g} ms); the vector fails as memory_limit and the candidate is "
    "restarted. SIZE in MiB, or with a unit: 512M, 2G (default: no limit)"
)
CPU_HELP: Final = (
    "CPU seconds (user + system, over the candidate's process group) one request may use, "
    "counted from when the request is sent: a streaming process's earlier requests and its "
    "handshake do not count, in one-shot mode the process's startup does; a request over it "
    "fails as cpu_limit, the group is ended and the candidate restarted (default: no limit)"
)


def available() -> bool:
    """Whether this system has the /proc files the meter reads (Linux)."""
    return os.path.exists(f"/proc/{os.getpid()}/stat")


def parse_size(text: str) -> int:
    """Bytes in a memory size: a number of MiB, or a number with a unit B, K, M, G or T
    (binary; KB, KiB, MB, MiB ... accepted). Raises ValueError."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(f"not a memory size: {text!r} (examples: 512, 512M, 2G)")
    number, unit, in_bytes = match.groups()
    scale = 1 if in_bytes else _UNITS[unit.lower()] if unit else MIB
    size = int(float(number) * scale)
    if size < 1:
        raise ValueError(f"a memory limit must be positive, not {text!r}")
    return size


def size_option(size: int) -> str:
    """A size as `parse_size` reads it back exactly (for a command line to reproduce a run)."""
    return f"{size // MIB}M" if size % MIB == 0 else f"{size}B"




@attrs.frozen
class Sample:
    """The group at one instant."""

    rss: int  # bytes resident, summed over the group
    cpu: float  # CPU seconds since the baseline, summed over the group
    processes: int


@attrs.frozen
class _Stat:
    pgrp: int
    cpu: int  # clock ticks: utime + stime + cutime + cstime
    start: int  # clock ticks after boot
    rss: int  # pages


def _parse(data: bytes) -> _Stat:
    fields = data[data.rfind(b")") + 2 :].split()  # the command name may hold spaces
    cpu = int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    return _Stat(int(fields[2]), cpu, int(fields[19]), int(fields[21]))


def _ticks_now() -> float:
    """Clock ticks since boot, the unit of a process's start time."""
    return time.clock_gettime(time.CLOCK_BOOTTIME) * CLOCK_TICKS


class GroupMeter:
    """Samples one process group (its leader's pid is the group id)."""

    def __init__(self, pgid: int) -> None:
        self.pgid = pgid
        self._fds: dict[int, int] = {}  # member pid -> open /proc/PID/stat
        self._base: dict[int, int] = {}  # member pid -> CPU ticks at the baseline
        self._base_ticks = _ticks_now()
        self._open(pgid)

    def _open(self, pid: int) -> int | None:
        try:
            fd = os.open(f"/proc/{pid}/stat", os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return None
        self._fds[pid] = fd
        return fd

    def _forget(self, pid: int) -> None:
        fd = self._fds.pop(pid, None)
        if fd is not None:
            os.close(fd)

    def _read(self, pid: int) -> _Stat | None:
        """The member's stat, or None (and forgotten) when it is gone or left the group."""
        fd = self._fds.get(pid)
        if fd is None:
            return None
        try:
            stat = _parse(os.pread(fd, 4096, 0))
        except (OSError, IndexError, ValueError):
            stat = None
        if stat is None or stat.pgrp != self.pgid:
            self._forget(pid)
            return None
        return stat

    def _discover(self) -> None:
        """Open the members of the group not yet known (a scan of /proc)."""
        try:
            names = os.listdir("/proc")
        except OSError:  # no /proc: only the leader, if even that, is measured
            return
        for name in names:
            if not name.isdigit() or int(name) in self._fds:
                continue
            try:
                with open(f"/proc/{name}/stat", "rb") as file:
                    pgrp = _parse(file.read()).pgrp
            except (OSError, IndexError, ValueError):
                continue
            if pgrp == self.pgid:
                self._open(int(name))

    def mark(self) -> None:
        """Set the CPU baseline: the candidate starts on a request now."""
        self._base_ticks = _ticks_now()
        self._base = {}
        for pid in list(self._fds):
            stat = self._read(pid)
            if stat is not None:
                self._base[pid] = stat.cpu

    def sample(self) -> Sample:
        """Resident memory of the group now, and its CPU time since the baseline."""
        self._discover()
        rss = ticks = count = 0
        for pid in list(self._fds):
            stat = self._read(pid)
            if stat is None:
                continue
            count += 1
            rss += stat.rss
            if pid not in self._base:  # new since the baseline, or not known at it
                self._base[pid] = 0 if stat.start >= self._base_ticks - 1 else stat.cpu
            ticks += max(0, stat.cpu - self._base[pid])
        return Sample(rss * PAGE_SIZE, ticks / CLOCK_TICKS, count)

    def close(self) -> None:
        for pid in list(self._fds):
            self._forget(pid)
