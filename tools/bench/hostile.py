"""What hostile answers cost the runner: CPU of a handshake declaring many templates (1,000,
the most a declaration may hold, then 6,000 and 20,000 items, duplicated or distinct), and
CPU and peak resident memory of a run whose every answer carries 8 MiB of empty objects
(about 2.8 million), at -j 1 and -j 4. The handshake is measured in this process
(protocol.parse_hello); the run in a process of its own that reports its own CPU and peak RSS
(its getrusage and VmHWM, the candidate left out; Linux). Prints; asserts nothing.
PROTOCOL.md, Limits, states the caps that keep both small."""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from oasis_si_conformance.running import protocol

SELECTION = ("-k", "seed-examples", "--repetitions", "1")
CANDIDATE = [sys.executable, str(Path(__file__).with_name("_padded_candidate.py"))]
#: Empty objects in 8 MiB of `{},`.
EMPTY_OBJECTS = (8 << 20) // 3

#: Runs the runner and prints its own CPU seconds and peak RSS (KiB) as one JSON line. The
#: peak is VmHWM, this process's own since its exec (getrusage's maxrss is kept across exec,
#: so it would report the forking parent's).
_MEASURED_RUNNER = """
import json, re, resource, sys
from oasis_si_conformance import cli
try:
    code = cli.main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
usage = resource.getrusage(resource.RUSAGE_SELF)
with open("/proc/self/status") as status:
    peak = int(re.search(r"VmHWM:\\s+(\\d+)", status.read()).group(1))
print(json.dumps([code, usage.ru_utime + usage.ru_stime, peak]), file=sys.stderr)
"""


def _hello(templates: list[str]) -> bytes:
    result = {
        "protocol": 1, "name": "bench", "version": "1", "operations": ["score_scenario"],
        "templates": templates, "profiles": ["0.3.0-rc1+first-published"],
    }
    return json.dumps({"id": protocol.HELLO_ID, "result": result}).encode() + b"\n"


def handshakes() -> None:
    print("handshake: runner CPU to read and check one hello")
    for items in (protocol.MAX_DECLARED, 6_000, 20_000):
        for kind, templates in (
            ("duplicated", ["C-DA-001"] * items),
            ("distinct", [f"T-{i}" for i in range(items)]),
        ):
            line = _hello(templates)
            start = time.process_time()
            try:
                protocol.parse_hello(line)
                outcome = "accepted"
            except protocol.HandshakeError:
                outcome = "refused"
            seconds = time.process_time() - start
            print(
                f"  {items:>6} {kind:<10} templates ({len(line) / 1024:6.1f} KiB): {outcome},"
                f" {seconds * 1000:7.2f} ms CPU",
                flush=True,
            )


def padded_answers() -> None:
    line = b'{"id":1,"result":{"match":true,"pad":[' + b",".join([b"{}"] * EMPTY_OBJECTS) + b"]}}"
    start = time.process_time()
    checked = protocol.check_response(line, 1, "identifier_match")
    seconds = time.process_time() - start
    kind = checked.kind if isinstance(checked, protocol.Violation) else "answer"
    print(
        f"answer of {EMPTY_OBJECTS} empty objects ({len(line) / 2**20:.1f} MiB): {kind},"
        f" {seconds * 1000:.1f} ms CPU to check"
    )
    print(f"a run whose every answer carries them ({' '.join(SELECTION)}):")
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "OASIS_SI_CACHE": str(Path(folder) / "cache")}
        # a first run (not shown) fills the corpus cache; the unpadded run is the baseline
        runs = [("", "1", 0), ("unpadded", "1", 0)]
        runs += [("padded", "1", EMPTY_OBJECTS), ("padded", "4", EMPTY_OBJECTS)]
        for what, jobs, objects in runs:
            argv = [sys.executable, "-c", _MEASURED_RUNNER, "-q", "--seed", "1", *SELECTION]
            argv += ["-j", jobs, "--", *CANDIDATE, "--empty-objects", str(objects)]
            done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
            code, cpu, peak = json.loads(done.stderr.strip().splitlines()[-1])
            if not what:
                continue
            print(
                f"  {what:<8} -j {jobs}: runner CPU {cpu:5.2f} s (imports included),"
                f" peak RSS {peak / 1024:6.1f} MiB, exit {code}",
                flush=True,
            )


def run() -> None:
    handshakes()
    padded_answers()


if __name__ == "__main__":
    from tools.bench import standalone

    standalone("hostile", __doc__, run)
