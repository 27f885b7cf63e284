"""Allocates memory without bound on the trigger vector (touching every page, so it is
resident), and never answers it: the runner's --memory-limit must end it and fail that vector
as memory_limit. With ZOO_HOG_CHILD set, a child process allocates while the candidate waits
for it (the limit holds for the process group, not just the process the runner started).

A guard stops allocating at 4 GiB and then hangs, so a runner that fails to enforce the limit
gets a timeout (and a failing test), never a machine out of memory."""

import os
import subprocess
import sys
import time

import _zoo

CHUNK = 16 << 20
GUARD = 4 << 30


def allocate() -> None:
    hoard = []
    while len(hoard) * CHUNK < GUARD:
        hoard.append(b"\x01" * CHUNK)
    time.sleep(120)


def hook(request, line):
    if _zoo.is_trigger(request):
        if os.environ.get("ZOO_HOG_CHILD"):
            subprocess.run([sys.executable, __file__, "--allocate"])
        else:
            allocate()
    return False


if sys.argv[1:] == ["--allocate"]:
    allocate()
else:
    _zoo.serve(hook)
