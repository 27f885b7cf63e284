"""Leaves a process behind: at start it double-forks a grandchild into a session of its own
(setsid), out of the candidate's process group, which sleeps on. Each process writes its pid
to ZOO_STATE (pid-candidate-N, pid-detached-N). With --hang-hello it never answers hello;
with --slow S it waits S seconds before each answer; with --wrong it answers every request
with an error response (a divergence for the fuzzer); otherwise it answers as the reference.
With --stubborn it ignores SIGTERM, SIGHUP and SIGINT and, at the end of its input, sleeps on
instead of exiting. With --count-alive it first writes how many detached grandchildren of
earlier processes are still running (alive-PID: the count). With --hold-pipes the grandchild
keeps the candidate's stdout and stderr open.
The runner and the fuzzer must end the grandchild too (tests/runner/test_hostile_signals.py).
"""

import os
import signal
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
    for fd in (0,) if "--hold-pipes" in sys.argv else (0, 1, 2):  # the candidate's pipes
        os.close(fd)
    (_zoo.state() / f"pid-detached-{os.getpid()}").write_text(str(os.getpid()))
    while True:
        time.sleep(1)


def option(name: str, default: float) -> float:
    return float(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def running(pid: int) -> bool:
    try:
        text = open(f"/proc/{pid}/stat").read()
    except OSError:
        return False
    return text.rpartition(")")[2].split()[0] != "Z"


if "--stubborn" in sys.argv:
    for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        signal.signal(number, signal.SIG_IGN)
if "--count-alive" in sys.argv:
    detached = [int(path.read_text() or 0) for path in _zoo.state().glob("pid-detached-*")]
    count = sum(running(pid) for pid in detached)
    (_zoo.state() / f"alive-{os.getpid()}").write_text(str(count))
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
while "--stubborn" in sys.argv:  # the end of its input does not end it
    time.sleep(1)
