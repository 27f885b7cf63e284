"""The runner's memory as answers grow: peak resident memory of `oasis-si-conformance` (run in
a process of its own, its candidate included, read with wait4) on one selection of the bundled
corpus, against the reference padded with an ignored member of 0 B to 1 MiB per answer.
Prints; asserts nothing. The runner keeps each answer's compared part and an abridged copy of
the rest (PROTOCOL.md, Limits), so the figure should stay flat while the bytes read grow."""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SELECTION = ("-k", "factor_identified", "--repetitions", "2")
PADDINGS = (0, 1 << 14, 1 << 17, 1 << 20)
CANDIDATE = [sys.executable, str(Path(__file__).with_name("_padded_candidate.py"))]


def _peak(pad: int, folder: Path) -> tuple[float, int, float, int]:
    """(peak RSS MiB, exit status, wall seconds, report bytes) of one run."""
    report = folder / f"report-{pad}.json"
    argv = [sys.executable, "-m", "oasis_si_conformance", "-q", "--seed", "1", *SELECTION]
    argv += ["--report", str(report), "--", *CANDIDATE, str(pad)]
    env = {**os.environ, "OASIS_SI_CACHE": str(folder / "cache")}
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    size = report.stat().st_size if report.exists() else 0
    return usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), wall, size


def run() -> None:
    print(f"runner memory against the padded reference ({' '.join(SELECTION)})")
    with tempfile.TemporaryDirectory() as folder:
        for pad in PADDINGS:
            peak, code, wall, size = _peak(pad, Path(folder))
            print(
                f"  padding {pad:>8} B per answer: peak RSS {peak:6.1f} MiB, report"
                f" {size / 1024:7.1f} KiB, exit {code}, {wall:6.1f} s",
                flush=True,
            )


if __name__ == "__main__":
    argparse.ArgumentParser(prog="python -m tools.bench.memory", description=__doc__).parse_args()
    run()
