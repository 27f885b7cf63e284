"""The reference server's CPU per request line, on the request lines of 6000 fuzz cases (seed
0, every operation, the C-DA-001 template and composites), and a hash of its answers to them
and to 600 damaged ones (a required key dropped, a wrong type, an extra key, a bad edition, an
unknown operation), so that a speed-up can be shown to answer byte for byte the same. Prints;
asserts nothing.

- in process: CPU microseconds (`time.process_time`, best of 5, after a warm-up) per line of
  `server.encode(server.respond(line))`;
- as a subprocess: `python -m oasis_si_reference.server` fed every line at once, its CPU
  (`RUSAGE_CHILDREN`, user + system) less that of a run fed the handshake alone (startup),
  per line, best of 3.

`python -m tools.bench server`. Environment: `OASIS_SERVER_BENCH_COMMAND='CMD ARGS'` (split
as an argument vector) runs that server in place of the bundled one as the subprocess. CPU
figures do not depend on what else the machine runs as
much as wall time does; they still move by some percent on a busy machine.
"""

import copy
import hashlib
import json
import os
import random
import resource
import shlex
import subprocess
import time
from typing import Any

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.fuzz import strategies
from oasis_si_conformance.operations import NAMES
from oasis_si_reference import server

CASES = 6000
DAMAGED = 600
EDITION = "0.3.0-rc1"
HELLO = b'{"id":0,"op":"hello","params":{"protocol":1}}\n'


def requests() -> list[dict[str, Any]]:
    """The requests of the first CASES fuzz cases of seed 0."""
    cases = [
        strategies.generate(
            strategies.case, f"0:{i}", list(NAMES), templates=("C-DA-001", "composite")
        )[0]
        for i in range(CASES)
    ]
    return [
        {"id": i, "op": case["operation"], "params": case["input"], "edition": EDITION}
        for i, case in enumerate(cases)
    ]


def _damaged(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """`request` broken in one place, the place and the way drawn from `rng`."""
    broken = copy.deepcopy(request)
    params = broken["params"]
    how = rng.randrange(6)
    if how == 0 and params:
        del params[rng.choice(sorted(params))]
    elif how == 1 and params:
        params[rng.choice(sorted(params))] = rng.choice([1, "x", None, True, [], {}, 1.5])
    elif how == 2:
        params["extra"] = 1
    elif how == 3:
        broken["edition"] = rng.choice(["9.9", 3, None, ""])
    elif how == 4:
        broken[rng.choice(["id", "op", "params"])] = rng.choice([None, "s", 2.0, True, [1]])
    else:
        broken["op"] = rng.choice(["nope", 5])
    return broken


def lines() -> tuple[list[bytes], list[bytes]]:
    """The request lines, and the damaged ones."""
    valid = requests()
    rng = random.Random(7)
    damaged = [_damaged(rng.choice(valid), rng) for _ in range(DAMAGED)]
    return [json.dumps(r).encode() for r in valid], [json.dumps(r).encode() for r in damaged]


def _answers(batch: list[bytes]) -> list[bytes]:
    return [server.encode(server.respond(line)) for line in batch]


def in_process(batch: list[bytes], repeats: int = 5) -> float:
    """CPU microseconds per line, best of `repeats`, after a warm-up."""
    _answers(batch[:500])
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        _answers(batch)
        best = min(best, time.process_time() - start)
    return best / len(batch) * 1e6


def _child_cpu(data: bytes) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    given = os.environ.get("OASIS_SERVER_BENCH_COMMAND")
    command = shlex.split(given) if given else reference_command()
    subprocess.run(command, input=data, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def as_subprocess(batch: list[bytes], repeats: int = 3) -> float:
    """CPU microseconds per line of the server process, startup less, best of `repeats`."""
    payload = b"\n".join(batch) + b"\n"
    full = min(_child_cpu(payload) for _ in range(repeats))
    startup = min(_child_cpu(HELLO) for _ in range(repeats))
    return (full - startup) / len(batch) * 1e6


def run() -> None:
    valid, damaged = lines()
    for name, batch in (("valid", valid), ("damaged", damaged)):
        digest = hashlib.sha256(b"".join(_answers(batch))).hexdigest()
        print(f"answers to {len(batch)} {name} lines: sha256 {digest}")
    print(f"in process: {in_process(valid):.1f} us CPU per line")
    print(f"subprocess: {as_subprocess(valid):.1f} us CPU per line (startup less)")
