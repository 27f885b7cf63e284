"""What certification costs: the runner against the bundled reference. Prints; asserts nothing.

For the full corpus with 3 repetitions: wall time in streaming mode at -j 1 and -j 2, one-shot
mode (on a subset, extrapolated: one process per request makes the whole corpus take minutes),
the in-process evaluation time of the same requests (oasis_si_reference.operations.perform),
and the per-request protocol overhead derived from them:

    overhead per request = (streaming wall - process startups - in-process evaluation) / requests

The overhead holds both sides of the pipe: the runner (encode, write, poll, read, decode,
check, compare) and the reference server (decode, request schema validation, encode). To
tell them apart, the same run is repeated against `_lean_candidate.py`, the reference's
operations behind a server that skips request validation. While the corpus holds fewer than
SCALE vectors, the figures are also given for the corpus replicated to SCALE vectors (ids
suffixed), since the real corpus is meant to reach that size.

It first gives the cost of loading the corpus (cold, and from corpus_cache.py) and the wall
time of the default certification as a user runs it (`python -m oasis_si_conformance`, a
fresh process, cold then warm corpus cache).

Streaming runs pipeline up to `window` requests (RunConfig, default 32); the -j 1 reference row
is also given one request at a time (window 1), and each row gives the runner's own CPU per
request (its process time: encode, poll, read, check, judge), which pipelining does not hide.

Targets: the runner's own overhead < 0.1 ms/request; full default certification < 2.5 s warm.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.corpus import corpus, corpus_cache, yamlsafe
from oasis_si_conformance.judging.judge import judge_vector
from oasis_si_conformance.model import Observation
from oasis_si_conformance.running.protocol import hello_line, parse_hello, request_line
from oasis_si_conformance.running.runner import DEFAULT_WINDOW, RunConfig, encode_inputs
from oasis_si_conformance.running.runner import run as certify
from oasis_si_conformance.running.session import (
    Candidate,
    InProcessSession,
    Request,
    first_handshake,
)
from oasis_si_reference.operations import perform
from oasis_si_reference.server import encode, respond
from oasis_si_schemas.editions import DEFAULT

REPETITIONS = 3
SCALE = 2000
ONE_SHOT_SAMPLE = 20
MIN_REQUESTS = 500
LEAN = [sys.executable, str(Path(__file__).with_name("_lean_candidate.py"))]


def _register() -> list[dict]:
    path = corpus.vectors_root() / "register.yaml"
    return (
        yamlsafe.load(path.read_text(encoding="utf-8")).get("entries", []) if path.exists() else []
    )


def _scaled(vectors: list[corpus.Vector], size: int) -> list[corpus.Vector]:
    out = []
    while len(out) < size:
        round_ = len(out) // len(vectors)
        out.extend(attrs.evolve(v, id=f"{v.id}-x{round_}") for v in vectors[: size - len(out)])
    return out


def _in_process(vectors: list[corpus.Vector], repetitions: int) -> float:
    start = time.perf_counter()
    for _ in range(repetitions):
        for vector in vectors:
            perform(vector.operation, vector.input)
    return time.perf_counter() - start


def _runner_own(vectors: list[corpus.Vector]) -> float:
    """Seconds per request of the runner's own work, with no pipe and no evaluation: each
    request encoded, served by an InProcessSession from answers the reference computed
    beforehand, observed (session.observe) and judged (judge.judge_vector)."""
    edition = DEFAULT.name
    encoded = encode_inputs(vectors)
    answers = {}
    for index, vector in enumerate(vectors):
        line = request_line(index + 1, vector.operation, encoded[vector.id], edition)
        answers[line] = encode(respond(line))
    hello = parse_hello(encode(respond(hello_line())))
    session = InProcessSession(answers.__getitem__, hello)
    observed: list[Observation] = []
    start = time.perf_counter()
    requests = (
        Request(
            index + 1, v.operation, request_line(index + 1, v.operation, encoded[v.id], edition)
        )
        for index, v in enumerate(vectors)
    )
    session.serve(requests, lambda _request, observation: observed.append(observation))
    for vector, observation in zip(vectors, observed, strict=True):
        judge_vector(vector, [observation])
    return (time.perf_counter() - start) / len(vectors)


def _startup(argv: list[str], samples: int = 3) -> float:
    """Median seconds to spawn a candidate and complete its handshake."""
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        candidate = Candidate(argv)
        _, process = first_handshake(candidate, one_shot=False)
        times.append(time.perf_counter() - start)
        assert process is not None
        process.finish()
    return sorted(times)[len(times) // 2]


def _wall(
    vectors: list[corpus.Vector],
    argv: list[str],
    jobs: int = 1,
    one_shot: bool = False,
    repetitions: int = REPETITIONS,
    window: int = DEFAULT_WINDOW,
) -> tuple[float, int, float]:
    """Wall seconds, failed vectors, and the runner's own CPU seconds."""
    config = RunConfig(
        argv=argv, seed=1, jobs=jobs, one_shot=one_shot, repetitions=repetitions, window=window
    )
    start, cpu = time.perf_counter(), time.process_time()
    outcome = certify(vectors, config, _register())
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    failed = sum(r.status == "failed" for r in outcome.results.values())
    return wall, failed, cpu


def _figures(label: str, vectors: list[corpus.Vector]) -> None:
    requests = len(vectors) * REPETITIONS
    print(
        f"-- {label}: {len(vectors)} vectors x {REPETITIONS} repetitions = {requests} requests",
        flush=True,
    )
    evaluation = _in_process(vectors, REPETITIONS)
    startup = _startup(reference_command())
    lean_startup = _startup(LEAN)
    rows = []
    for name, argv, jobs, window in (
        ("reference", reference_command(), 1, DEFAULT_WINDOW),
        ("reference", reference_command(), 2, DEFAULT_WINDOW),
        ("lean server", LEAN, 1, DEFAULT_WINDOW),
        ("reference", reference_command(), 1, 1),
    ):
        wall, failed, cpu = _wall(vectors, argv, jobs=jobs, window=window)
        starts = (lean_startup if argv is LEAN else startup) * REPETITIONS
        per_worker = requests / jobs
        overhead = (wall - starts - evaluation / jobs) / per_worker
        rows.append((name, jobs, wall, failed, overhead))
        figure = f"overhead {overhead * 1000:6.3f} ms/request" if requests >= MIN_REQUESTS else ""
        print(
            f"  streaming -j {jobs} --window {window:<2} {name:<12} {wall:7.2f} s wall"
            f"  ({failed} failed)  {figure}  runner CPU {cpu / requests * 1000:.3f} ms/request",
            flush=True,
        )
    print(
        f"  the runner's own work (encode, observe, judge; in process, no pipe):"
        f" {_runner_own(vectors) * 1000:.3f} ms/request"
    )
    print(
        f"  in-process evaluation (perform) {evaluation:7.2f} s ="
        f" {evaluation / requests * 1000:.3f} ms/request"
    )
    print(
        f"  process startup + handshake: reference {startup * 1000:.0f} ms, lean server"
        f" {lean_startup * 1000:.0f} ms"
    )
    sample = vectors[:ONE_SHOT_SAMPLE]
    wall, _, _ = _wall(sample, reference_command(), one_shot=True, repetitions=1)
    per_request = wall / len(sample)
    print(
        f"  one-shot (measured on {len(sample)} requests, extrapolated): {per_request * 1000:.0f}"
        f" ms/request, ~{per_request * requests:.0f} s for {requests} requests at -j 1"
    )
    if requests < MIN_REQUESTS:
        print(
            f"  (overhead not derived: fewer than {MIN_REQUESTS} requests, process startups"
            " dominate)"
        )
        return
    server = rows[0][4] - rows[2][4]
    print(
        f"  of the -j 1 overhead of the reference, ~{server * 1000:.3f} ms/request is its server's"
        " request validation (reference minus lean server); the runner and the pipe take the other"
        f" ~{rows[2][4] * 1000:.3f} ms"
    )


def _end_to_end(cache: Path) -> None:
    """The default certification as a user runs it: `python -m oasis_si_conformance`."""
    command = [sys.executable, "-m", "oasis_si_conformance", "-q", "--seed", "1"]
    env = {**os.environ, "OASIS_SI_CACHE": str(cache)}
    for label in ("cold corpus cache", "warm corpus cache"):
        start = time.perf_counter()
        completed = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        wall = time.perf_counter() - start
        verdict = (
            completed.stdout.strip().splitlines()[-1][:60]
            if completed.stdout.strip()
            else completed.stderr[-200:]
        )
        print(
            f"  default certification (`python -m oasis_si_conformance`), {label}: {wall:6.2f} s "
            f" [{verdict}]",
            flush=True,
        )


def run() -> None:
    print(
        "runner against the bundled reference (targets: runner overhead < 0.1 ms/request, full"
        " default certification < 2.5 s warm)"
    )
    print(
        f"  machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (figures are wall"
        " times: other load inflates them)"
    )
    start = time.process_time()
    vectors = corpus.load_corpus()
    print(
        f"  corpus load (corpus.load_corpus, {len(vectors)} vectors):"
        f" {time.process_time() - start:.2f} s CPU"
    )
    if not vectors:
        print("  the corpus is empty: nothing to measure")
        return
    with tempfile.TemporaryDirectory() as cache:
        root = corpus.vectors_root()
        previous = os.environ.get("OASIS_SI_CACHE")
        os.environ["OASIS_SI_CACHE"] = cache
        try:
            corpus_cache.load(root, corpus.build_manifest(root))  # fills the cache
            start = time.process_time()
            cached = corpus_cache.load(root, corpus.build_manifest(root))
            print(
                f"  corpus load from the cache (corpus_cache.py): {time.process_time() - start:.2f}"
                " s CPU"
            )
            assert cached == vectors
        finally:
            if previous is None:
                del os.environ["OASIS_SI_CACHE"]
            else:
                os.environ["OASIS_SI_CACHE"] = previous
        _end_to_end(Path(cache) / "end-to-end")
    _figures("bundled corpus", vectors)
    if len(vectors) < SCALE:
        _figures(
            f"corpus replicated to {SCALE} vectors (the corpus holds {len(vectors)} today)",
            _scaled(vectors, SCALE),
        )


if __name__ == "__main__":
    from tools.bench import standalone

    standalone("runner", __doc__, run)
