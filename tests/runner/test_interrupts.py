"""interrupts.guarded: which signals stop a command, and with what exit status. Each case runs
in a fresh interpreter, so that the signal reaches a process whose handlers are the guard's."""

import signal
import subprocess
import sys
import time

import pytest

GUARDED = """
import signal, sys, time
from oasis_si_conformance.running import interrupts
# the hang-up's disposition as the mode says, whatever this test run inherited (under nohup
# it would start ignored)
signal.signal(signal.SIGHUP, signal.SIG_IGN if sys.argv[1] == "nohup" else signal.SIG_DFL)
try:
    with interrupts.guarded():
        print("ready", flush=True)
        time.sleep(30)
    print("slept", flush=True)
except interrupts.Interrupted as stopped:
    print(stopped.name, stopped.exit_status, flush=True)
"""


def _signalled(first: signal.Signals, then: signal.Signals | None, mode: str) -> str:
    process = subprocess.Popen(
        [sys.executable, "-c", GUARDED, mode], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
        process.send_signal(first)
        if then is not None:
            time.sleep(0.3)
            process.send_signal(then)
        out, _err = process.communicate(timeout=60)
        return out.strip()
    finally:
        process.kill()
        process.wait()


@pytest.mark.parametrize(
    ("sent", "shown"),
    [
        (signal.SIGINT, "SIGINT 130"),
        (signal.SIGTERM, "SIGTERM 143"),
        (signal.SIGHUP, "SIGHUP 129"),
    ],
)
def test_each_signal_stops_the_command_with_its_status(sent: signal.Signals, shown: str) -> None:
    assert _signalled(sent, None, "plain") == shown


def test_a_hang_up_ignored_before_the_guard_stays_ignored() -> None:
    """Under nohup SIGHUP is ignored when the command starts: it does not stop the run."""
    assert _signalled(signal.SIGHUP, signal.SIGTERM, "nohup") == "SIGTERM 143"


def test_the_process_scan_finds_a_child_and_tells_a_live_process_from_a_gone_one() -> None:
    import os

    from oasis_si_conformance.running import interrupts

    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        found = [pid for pid, _started in interrupts._descendants_by_scan(os.getpid())]
        assert child.pid in found
        assert not interrupts._zombie(child.pid) and not interrupts._zombie(os.getpid())
    finally:
        child.kill()
        child.wait()
    assert interrupts._zombie(child.pid)  # reaped: no /proc entry left


def test_an_interruption_keeps_its_signal_and_a_bare_keyboard_interrupt_is_sigint() -> None:
    from oasis_si_conformance.running import interrupts

    term = interrupts.Interrupted(signal.SIGTERM)
    assert interrupts.signal_of(term) is term and term.exit_status == 143
    assert interrupts.signal_of(KeyboardInterrupt()).exit_status == 130
