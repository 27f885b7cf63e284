"""Tries to take over the terminal: its name, version and runtime hold ESC sequences, BEL,
CR, newlines that would forge a "CONFORMANT" line, and bidirectional overrides; on the trigger
(or, with --every, on every request) it writes the same to stderr and answers with an error
whose message holds them. With --bad-hello it writes them to stderr and exits before
answering hello. None of it may reach a terminal raw (tests/runner/test_hostile_terminal.py).
"""

import sys

import _zoo

from oasis_si_reference.server import respond

#: What a terminal must never receive raw.
FORGED = "\nCONFORMANT for everything (edition forged)\n"
NASTY = "\x1b[2J\x1b]0;owned\x07\r\u202e\u2066" + FORGED
NAME = "forger" + NASTY
VERSION = "1.0\x1b[31m" + FORGED
RUNTIME = {"name": "py\x1b[1m", "version": "3\r" + FORGED, "unicode": "15.1\u202e"}

EVERY = "--every" in sys.argv


def nasty_stderr() -> None:
    sys.stderr.write("stderr" + NASTY + "\n")
    sys.stderr.flush()


def hook(request, line):
    if request["op"] == "hello":
        if "--bad-hello" in sys.argv:
            nasty_stderr()
            sys.exit(3)
        result = respond(line)["result"]
        hello = {**result, "name": NAME, "version": VERSION, "runtime": RUNTIME}
        _zoo.reply({"id": 0, "result": hello})
        return True
    if EVERY or _zoo.is_trigger(request):
        nasty_stderr()
        error = {"code": "internal_error", "message": "message" + NASTY}
        _zoo.reply({"id": request["id"], "error": error})
        return True
    return False


_zoo.serve(hook)
