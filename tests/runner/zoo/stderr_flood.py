"""Writes 4 MiB to stderr before reading anything, and 64 KiB more per request. A runner that
does not drain stderr while it writes and reads deadlocks here."""

import sys

import _zoo

CHUNK = b"zoo stderr flood " + b"." * 1006 + b"\n"  # 1 KiB lines
sys.stderr.buffer.write(CHUNK * 4096)
sys.stderr.buffer.flush()


def hook(request, line):
    sys.stderr.buffer.write(CHUNK * 64)
    sys.stderr.buffer.flush()
    return False


_zoo.serve(hook)
