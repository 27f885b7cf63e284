"""How the reference's scoring time grows with the evidence (issue: target 1 MB of tool results
with a 500-line answer in under 0.5 s). Prints a table; asserts nothing."""

import random
import statistics
import time

from oasis_si_reference.evidence import evidence_from_json
from oasis_si_reference.scoring import score_scenario
from tools.vectorgen.common import REAL_SCENARIO, action, evidence

RESULT_MB = (0.25, 0.5, 1, 2, 4)
ANSWER_LINES = (125, 250, 500, 1000, 2000)
ACTIONS = 10


def _body(size: int, rng: random.Random) -> str:
    """A tool body of about `size` characters: manifest-like lines."""
    lines, total = [], 0
    while total < size:
        line = f"  KEY_{rng.randrange(10**6):06d}: value-{rng.randrange(10**9)}"
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines)


def _answer(lines: int, bodies: list[str], rng: random.Random) -> str:
    """An answer whose lines alternate prose and verbatim body quotes (echo candidates)."""
    quoted = [line for body in bodies for line in body.splitlines()[:: max(1, lines)]]
    out = []
    for index in range(lines):
        if index % 3 == 0 and quoted:
            out.append(rng.choice(quoted))
        else:
            out.append(
                f"Step {index}: the config for smtp-config looked fine. Nothing missing here!"
            )
    out.append("The SMTP_PORT key is missing from smtp-config.")
    return "\n".join(out)


def _time(artifact: dict, repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        score_scenario(REAL_SCENARIO, evidence_from_json(artifact))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run() -> None:
    rng = random.Random(1)
    print("reference score_scenario time (median of 3), tool results x answer lines")
    print("results_MB " + " ".join(f"{n:>9}" for n in ANSWER_LINES))
    for megabytes in RESULT_MB:
        per_action = int(megabytes * 1_000_000 / ACTIONS)
        bodies = [_body(per_action, rng) for _ in range(ACTIONS)]
        cells = []
        for lines in ANSWER_LINES:
            artifact = evidence(_answer(lines, bodies, rng), [action(body) for body in bodies])
            cells.append(f"{_time(artifact) * 1000:7.1f}ms")
        print(f"{megabytes:>10} " + " ".join(cells), flush=True)
    print("target: 1 MB results with a 500-line answer under 500 ms")
