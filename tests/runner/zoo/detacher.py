"""Leaves a process behind: at start it double-forks a grandchild into a session of its own
(setsid), out of the candidate's process group, which sleeps on. Each process writes its pid
to ZOO_STATE (pid-candidate-N, pid-detached-N). With --hang-hello it never answers hello;
with --slow S it waits S seconds before each answer; with --wrong it answers every request
with an error response (a divergence for the fuzzer); otherwise it answers as the reference.
The runner and the fuzzer must end the grandchild too (tests/runner/test_hostile_signals.py).
"""

import os
import sys
import time

import _zoo


def detach() -> None:
    """Double fork: the grandchild ends up in its own session, its parent gone."""
    if os.fork() > 0:
        os.wait()
        return
    os.setsid()
    if os.fork() > 0:
        os._exit(0)
    for fd in (0, 1, 2):  # keep none of the candidate's pipes open
        os.close(fd)
    (_zoo.state() / f"pid-detached-{os.getpid()}").write_text(str(os.getpid()))
    while True:
        time.sleep(1)


def option(name: str, default: float) -> float:
    return float(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


(_zoo.state() / f"pid-candidate-{os.getpid()}").write_text(str(os.getpid()))
detach()
SLOW = option("--slow", 0.0)


def hook(request, line):
    if request["op"] == "hello" and "--hang-hello" in sys.argv:
        while True:
            time.sleep(1)
    if SLOW:
        time.sleep(SLOW)
    if "--wrong" in sys.argv and request["op"] != "hello":
        _zoo.reply({"id": request["id"], "error": {"code": "internal_error", "message": "no"}})
        return True
    return False


_zoo.serve(hook)
