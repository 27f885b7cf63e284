"""The run: which vectors are exercised, in what order, by which process, and their verdicts.

1. Handshake. The candidate's declaration decides what runs: a vector whose operation it does
   not declare, or a score_scenario vector whose required template (corpus.required_template)
   it does not declare, is *not exercised* (never passed).
2. Schedule (Core §3.5.4). Every exercised vector is sent `repetitions` times. Repetition r is a
   fresh pass: the vectors in an order shuffled by Random(f"{seed}:{r}"), dealt round-robin to
   `jobs` workers, each worker starting a fresh process for the pass. So each vector's
   repetitions are served by `repetitions` different processes, in different orders. Request
   ids are fixed by (repetition, vector) alone.
3. Verdicts depend on the observations alone, never on which worker or when: -j N gives the
   per-vector results of -j 1 for any candidate whose answers depend only on the request.
4. Judgement per vector: any failed request fails the vector (first failing repetition shown);
   repetitions whose compared fields differ fail it as nondeterministic (both outputs shown);
   otherwise the output is compared with `expected` (normative) or `readings` (ambiguity). The
   interpretation profile then fails ambiguity vectors that contradict the candidate's
   dominant reading of an entry it reads inconsistently.
"""

import random
import threading
import time
from collections.abc import Callable
from typing import Any

import attrs

from . import compare, interpretation
from .corpus import CorpusError, Vector, required_template
from .model import FAILED, NOT_EXERCISED, PASSED, Failure, Observation, VectorResult
from .protocol import Hello, encode_params, request_line
from .supervisor import (
    Candidate,
    Limits,
    OneShotSession,
    RestartBudget,
    StreamingSession,
    first_handshake,
)


@attrs.frozen
class RunConfig:
    argv: list[str]
    seed: int
    one_shot: bool = False
    repetitions: int = 3
    jobs: int = 1
    limits: Limits = Limits()
    max_restarts: int = 100


@attrs.define
class RunOutcome:
    hello: Hello
    results: dict[str, VectorResult]  # every selected vector, by id, in corpus order
    profile: list[interpretation.EntryProfile]
    requests: int
    processes: int
    restarts: int
    warnings: list[str]
    stderr_bytes: int
    stderr_excerpt: str
    duration: float


class Progress:
    """Callbacks for live progress; the default does nothing."""

    def start(self, total: int) -> None:
        pass

    def tick(self, ok: bool) -> None:
        pass

    def finish(self) -> None:
        pass


def not_exercised_reason(vector: Vector, hello: Hello) -> str | None:
    if vector.operation not in hello.operations:
        return f"operation {vector.operation} not declared by the candidate"
    template = required_template(vector)
    if template is not None and template not in hello.templates:
        return f"template {template} not declared by the candidate"
    return None


def schedule(count: int, repetitions: int, seed: int, jobs: int) -> list[list[list[int]]]:
    """plan[repetition][worker] = the vector indices that worker sends, in order."""
    plan = []
    for repetition in range(repetitions):
        order = list(range(count))
        random.Random(f"{seed}:{repetition}").shuffle(order)
        plan.append([order[worker::jobs] for worker in range(jobs)])
    return plan


def request_id(repetition: int, index: int, count: int) -> int:
    return 1 + repetition * count + index


def run(
    vectors: list[Vector],
    config: RunConfig,
    register: list[dict[str, Any]],
    progress: Progress | None = None,
    on_hello: Callable[[Hello], None] | None = None,
) -> RunOutcome:
    """Certify the candidate on `vectors`. Raises HandshakeError / SetupError when the candidate
    cannot be started or fails its opening handshake."""
    progress = progress or Progress()
    started = time.monotonic()
    encodings = {}
    for vector in vectors:
        try:
            encodings[vector.id] = encode_params(vector.input)
        except ValueError as error:  # inf or nan: no JSON text carries it
            raise CorpusError(vector.source, f"input of {vector.id} cannot be sent as JSON: {error}") from None
    candidate = Candidate(list(config.argv), config.limits)
    hello, first_process = first_handshake(candidate, config.one_shot)
    if on_hello is not None:
        on_hello(hello)
    reasons = {v.id: not_exercised_reason(v, hello) for v in vectors}
    exercised = [v for v in vectors if reasons[v.id] is None]
    count, repetitions = len(exercised), config.repetitions
    encoded = [encodings[v.id] for v in exercised]
    observed: list[list[Observation | None]] = [[None] * repetitions for _ in exercised]
    plan = schedule(count, repetitions, config.seed, config.jobs)
    budget = RestartBudget(config.max_restarts)
    stop = threading.Event()
    errors: list[BaseException] = []
    progress.start(count * repetitions)

    def work(worker: int) -> None:
        session_type = OneShotSession if config.one_shot else StreamingSession
        session = session_type(candidate, budget, hello)
        try:
            for repetition in range(repetitions):
                session.fresh(first_process if worker == 0 and repetition == 0 else None)
                for index in plan[repetition][worker]:
                    if stop.is_set():
                        return
                    vector = exercised[index]
                    rid = request_id(repetition, index, count)
                    observation = session.ask(rid, vector.operation, request_line(rid, vector.operation, encoded[index]))
                    observed[index][repetition] = observation
                    progress.tick(observation.ok)
        except BaseException as error:  # surfaced by the main thread
            errors.append(error)
            stop.set()
        finally:
            session.close()

    threads = [threading.Thread(target=work, args=(w,), name=f"worker-{w}", daemon=True) for w in range(config.jobs)]
    try:
        if count:
            for thread in threads:
                thread.start()
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.1)
        elif first_process is not None:
            first_process.finish()
    except BaseException:
        stop.set()
        candidate.kill_all()
        raise
    finally:
        progress.finish()
    if errors:
        raise errors[0]
    if repetitions < 2:
        candidate.warn("determinism (Core 3.5.4) not checked: each vector was sent once (--repetitions 1)")

    results: dict[str, VectorResult] = {}
    for vector in vectors:
        if reasons[vector.id] is not None:
            results[vector.id] = VectorResult(vector.id, NOT_EXERCISED, reason=reasons[vector.id] or "")
    for index, vector in enumerate(exercised):
        results[vector.id] = judge(vector, [o for o in observed[index] if o is not None])
    profile = apply_profile(exercised, results, register)
    return RunOutcome(
        hello=hello,
        results={v.id: results[v.id] for v in vectors},
        profile=profile,
        requests=count * repetitions,
        processes=candidate.spawned,
        restarts=budget.spent,
        warnings=list(candidate.warnings),
        stderr_bytes=candidate.log.total,
        stderr_excerpt=candidate.log.excerpt,
        duration=time.monotonic() - started,
    )


def judge(vector: Vector, observations: list[Observation]) -> VectorResult:
    """The verdict on one vector from its repetitions' observations."""
    total = len(observations)
    first_ok = next((o.result for o in observations if o.ok), None)
    failing = sum(not o.ok for o in observations)
    for repetition, observation in enumerate(observations, 1):
        if not observation.ok:
            failure = Failure(
                observation.kind,
                f"repetition {repetition} ({failing} of {total} failed): {observation.message}",
                excerpt=observation.excerpt,
                stderr=observation.stderr,
            )
            return VectorResult(vector.id, FAILED, actual=first_ok, failure=failure)
    if not observations:
        return VectorResult(vector.id, FAILED, failure=Failure("aborted", "not run"))
    results = [o.result or {} for o in observations]
    projections = [compare.project(vector.operation, r) for r in results]
    for repetition, projection in enumerate(projections[1:], 2):
        if projection != projections[0]:
            failure = Failure(
                "nondeterministic",
                f"repetitions disagree (Core 3.5.4): repetition 1 gave {projections[0]}, repetition {repetition} gave {projection}",
                outputs=tuple(results),
            )
            return VectorResult(vector.id, FAILED, actual=results[0], failure=failure)
    actual, projection = results[0], projections[0]
    if vector.normative:
        assert vector.expected is not None
        if compare.matches(vector.expected, projection):
            return VectorResult(vector.id, PASSED, actual=actual)
        failure = Failure("mismatch", compare.describe_difference(vector.expected, projection))
        return VectorResult(vector.id, FAILED, actual=actual, failure=failure)
    assert vector.readings is not None
    matched = compare.matching_readings(vector.readings, projection)
    if matched:
        return VectorResult(vector.id, PASSED, actual=actual, readings=matched)
    failure = Failure(
        "no_reading",
        f"output {projection} matches none of the readings of {vector.ambiguity}: "
        + "; ".join(f"{name} = {outcome}" for name, outcome in vector.readings.items()),
    )
    return VectorResult(vector.id, FAILED, actual=actual, readings=(), failure=failure)


def apply_profile(
    exercised: list[Vector], results: dict[str, VectorResult], register: list[dict[str, Any]]
) -> list[interpretation.EntryProfile]:
    """Build the interpretation profile and fail the vectors that contradict it (in place)."""
    ambiguous = [v for v in exercised if not v.normative and v.ambiguity]
    votes = []
    for vector in ambiguous:
        result = results[vector.id]
        if result.status == PASSED:
            votes.append((vector.id, vector.ambiguity or "", result.readings or ()))
        elif result.failure is not None and result.failure.kind == "no_reading":
            votes.append((vector.id, vector.ambiguity or "", ()))
        else:
            votes.append((vector.id, vector.ambiguity or "", None))
    listed = {v.id: tuple(v.readings or {}) for v in ambiguous}
    profiles = interpretation.profile(votes, register, listed)
    for entry in profiles:
        for vector_id in entry.deviating:
            result = results[vector_id]
            failure = Failure(
                "inconsistent_reading",
                f"follows {' / '.join(result.readings or ())} of {entry.entry} here, while {entry.votes[entry.dominant or '']} "
                f"of the entry's {entry.voted} vectors are compatible with {entry.dominant}: no single reading explains "
                "all its answers",
            )
            results[vector_id] = attrs.evolve(result, status=FAILED, failure=failure)
    return profiles
