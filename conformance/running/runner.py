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
4. Sending: each worker's requests go through a session (session.py, the one the fuzzer and
   the held-out tier use too), pipelined up to `window` in flight; every answer line is
   accounted for (a second answer fails the request it follows).
5. Judgement per vector (judge.py, the judge the fuzzer shares): any failed request fails the
   vector (first failing repetition shown); repetitions whose compared fields differ fail it
   as nondeterministic (both outputs shown); otherwise the output is compared with `expected`
   (normative) or `readings` (ambiguity). The interpretation profile then fails ambiguity
   vectors that contradict the candidate's dominant reading of an entry it reads
   inconsistently.
6. Interruption (partial.py): `Sender.halt` stops the run where it stands. What came back
   before it stays; nothing is recorded after it (an answer in flight, or a process the kit
   itself ends, is the kit's doing), no process is started and no request re-sent.
"""

import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from oasis_si_conformance.corpus import editions
from oasis_si_conformance.corpus.corpus import CorpusError, Vector, required_template, vectors_root
from oasis_si_conformance.corpus.editions import Edition
from oasis_si_conformance.judging import interpretation
from oasis_si_conformance.judging.editionfit import EditionFit
from oasis_si_conformance.judging.judge import judge_vector
from oasis_si_conformance.judging.runprofile import apply_profile as apply_profile
from oasis_si_conformance.judging.runprofile import profile_under as profile_under
from oasis_si_conformance.judging.runprofile import profiled as profiled
from oasis_si_conformance.model import (
    Observation,
    Progress,
    Status,
    VectorResult,
)
from oasis_si_conformance.running.protocol import Hello, encode_params, request_line
from oasis_si_conformance.running.session import (
    Candidate,
    Limits,
    Request,
    RestartBudget,
    Stopped,
    first_handshake,
    open_session,
)
from oasis_si_conformance.running.transport import CandidateEnvironment, Transport

#: The verdict on one vector from its repetitions' observations (judge.py).
judge = judge_vector


#: Requests in flight on a streaming process: pipelined, so that the runner and the candidate
#: work at once; answers are matched in request order, so results do not depend on it.
DEFAULT_WINDOW = 32
#: Seconds a halted run waits for each worker to finish (their processes are ended by then).
HALT_WAIT = 10.0

if TYPE_CHECKING:
    from oasis_si_conformance.running.partial import PartialRun


@attrs.frozen
class RunConfig:
    argv: list[str]
    seed: int
    one_shot: bool = False
    repetitions: int = 3
    jobs: int = 1
    window: int = DEFAULT_WINDOW  # requests in flight on a streaming process (session.py)
    limits: Limits = Limits()
    max_restarts: int = 100
    #: The edition asked for (--edition); None: the one known edition the candidate declares.
    edition: str | None = None
    #: The environment the candidate's processes get (--env-clear, --env-pass).
    environment: CandidateEnvironment = CandidateEnvironment()


@attrs.define
class RunOutcome:
    hello: Hello
    edition: Edition  # the edition of the text the run certified against
    results: dict[str, VectorResult]  # every selected vector, by id, in corpus order
    profile: list[interpretation.EntryProfile]
    requests: int
    processes: int
    restarts: int
    warnings: list[str]
    stderr_bytes: int
    stderr_excerpt: str
    duration: float
    #: The other edition whose text the answers follow where the run failed (editionfit.py).
    edition_fit: EditionFit | None = None


def not_exercised_reason(vector: Vector, hello: Hello) -> str | None:
    if not hello.offers(vector.operation):
        return f"operation {vector.operation} not declared by the candidate"
    template = required_template(vector)
    if template is not None and not hello.offers_template(template):
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
    known_editions: Sequence[Edition] | None = None,
    partial: "PartialRun | None" = None,
) -> RunOutcome:
    """Certify the candidate on `vectors`, under the edition `editions.select` decides from the
    candidate's declaration (`known_editions`: the corpus's catalog, by default the bundled
    one). Raises HandshakeError / SetupError when the candidate cannot be started or fails its
    opening handshake, EditionError when no edition can be decided."""
    started = time.monotonic()
    encodings = encode_inputs(vectors)
    candidate = Candidate(list(config.argv), config.limits, environment=config.environment)
    hello, first_process = first_handshake(candidate, config.one_shot)
    if on_hello is not None:
        on_hello(hello)
    catalog = known_editions or editions.load(vectors_root())
    try:
        selection = editions.select(catalog, config.edition, hello.profiles)
    except editions.EditionError:
        if first_process is not None:
            first_process.kill()
        raise
    for warning in selection.warnings:
        candidate.warn(warning)
    edition = selection.edition
    as_written = vectors
    vectors = editions.vectors_under(vectors, edition)
    reasons = {v.id: not_exercised_reason(v, hello) for v in vectors}
    exercised = [v for v in vectors if reasons[v.id] is None]
    budget = RestartBudget(config.max_restarts)
    sender = Sender(config, candidate, hello, budget, progress or Progress(), edition.name)
    if partial is not None:  # what an interruption reports (partial.py)
        partial.running(
            hello=hello,
            edition=edition,
            vectors=vectors,
            reasons=reasons,
            exercised=exercised,
            sender=sender,
            candidate=candidate,
            budget=budget,
            register=register,
            repetitions=config.repetitions,
            started=started,
        )
    observed = sender.send_all(exercised, [encodings[v.id] for v in exercised], first_process)
    if config.repetitions < 2:
        candidate.warn(
            "determinism (Core 3.5.4) not checked: each vector was sent once (--repetitions 1)"
        )
    results = {
        v.id: VectorResult(v.id, Status.NOT_EXERCISED, reason=reasons[v.id] or "")
        for v in vectors
        if reasons[v.id] is not None
    }
    results.update({v.id: judge(v, observed[index]) for index, v in enumerate(exercised)})
    fit, profile = profile_under(
        as_written,
        exercised,
        results,
        edition.name,
        [e.name for e in catalog],
        editions.entries_under(register, edition),
    )
    return RunOutcome(
        hello=hello,
        edition=edition,
        results={v.id: results[v.id] for v in vectors},
        profile=profile,
        requests=len(exercised) * config.repetitions,
        processes=candidate.spawned,
        restarts=budget.spent,
        warnings=list(candidate.warnings),
        stderr_bytes=candidate.log.total,
        stderr_excerpt=candidate.log.excerpt,
        duration=time.monotonic() - started,
        edition_fit=fit,
    )


def encode_inputs(vectors: list[Vector]) -> dict[str, bytes]:
    """Each vector's params, encoded once (only the id changes between repetitions)."""
    encodings = {}
    for vector in vectors:
        try:
            encodings[vector.id] = encode_params(vector.input)
        except ValueError as error:  # inf or nan: no JSON text carries it
            message = f"input of {vector.id} cannot be sent as JSON: {error}"
            raise CorpusError(vector.source, message) from None
    return encodings


@attrs.frozen
class Batch:
    """The exercised vectors of a run, their encoded params, the schedule
    (plan[repetition][worker] = vector indices) and what each request observed
    (observed[index][repetition])."""

    vectors: list[Vector]
    encoded: list[bytes]
    plan: list[list[list[int]]]
    observed: list[list[Observation | None]]
    edition: str

    def requests(self, repetition: int, worker: int, stop: threading.Event) -> Iterator[Request]:
        """A worker's requests of one repetition, in order, until `stop` is set."""
        for index in self.plan[repetition][worker]:
            if stop.is_set():
                return
            vector = self.vectors[index]
            rid = request_id(repetition, index, len(self.vectors))
            line = request_line(rid, vector.operation, self.encoded[index], self.edition)
            yield Request(rid, vector.operation, line, (index, repetition))

    def record(self, request: Request, observation: Observation) -> bool:
        """Keep a request's observation (a later one, a second answer, replaces it); whether
        it is the request's first."""
        index, repetition = request.tag
        first = self.observed[index][repetition] is None
        self.observed[index][repetition] = observation
        return first


class Sender:
    """Sends every exercised vector `repetitions` times along the schedule, from `jobs` worker
    threads, each with its own session; the first worker's first pass reuses the handshake's
    process. A worker's exception stops the others and is raised by `send_all`."""

    def __init__(
        self,
        config: RunConfig,
        candidate: Candidate,
        hello: Hello,
        budget: RestartBudget,
        progress: Progress,
        edition: str,
    ) -> None:
        self.config, self.candidate, self.hello = config, candidate, hello
        self.budget, self.progress, self.edition = budget, progress, edition
        self.stop = threading.Event()
        self.errors: list[BaseException] = []
        self.observed: list[list[Observation | None]] = []  # as answers come in
        self._recording = threading.Lock()  # an observation is recorded whole, or after `halt`
        self._threads: list[threading.Thread] = []

    def send_all(
        self, exercised: list[Vector], encoded: list[bytes], first_process: Transport | None
    ) -> list[list[Observation]]:
        """Every vector's observations, one per repetition that ran, in repetition order."""
        config = self.config
        plan = schedule(len(exercised), config.repetitions, config.seed, config.jobs)
        observed: list[list[Observation | None]] = [[None] * config.repetitions for _ in exercised]
        self.observed = observed
        self.progress.start(len(exercised) * config.repetitions)
        try:
            if exercised:
                batch = Batch(exercised, encoded, plan, observed, self.edition)
                self._run_workers(batch, first_process)
            elif first_process is not None:
                first_process.finish()
        except BaseException:
            self.halt()
            raise
        finally:
            self.progress.finish()
        if self.errors:
            raise self.errors[0]
        return [[o for o in row if o is not None] for row in observed]

    def halt(self) -> None:
        """Stop where the run stands (an interruption): nothing is recorded from now on, no
        process started, every live one ended (Candidate.stop), and the workers finished."""
        with self._recording:
            self.stop.set()
        self.candidate.stop()
        for thread in self._threads:
            thread.join(HALT_WAIT)

    def _run_workers(self, batch: Batch, first_process: Transport | None) -> None:
        self._threads = threads = [
            threading.Thread(
                target=self._work,
                args=(worker, batch, first_process),
                name=f"worker-{worker}",
                daemon=True,
            )
            for worker in range(self.config.jobs)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(0.1)

    def _work(self, worker: int, batch: Batch, first_process: Transport | None) -> None:
        """One worker: a fresh process per repetition, its share of the vectors in order."""
        config = self.config
        session = open_session(
            self.candidate, self.budget, self.hello, config.one_shot, config.window
        )

        def deliver(request: Request, observation: Observation) -> None:
            with self._recording:
                if self.stop.is_set():  # stopped: what comes now is the kit's doing
                    return
                first = batch.record(request, observation)
            if first:
                self.progress.tick(observation.ok)

        try:
            for repetition in range(self.config.repetitions):
                if self.stop.is_set():
                    return
                session.fresh(first_process if worker == 0 and repetition == 0 else None)
                session.serve(batch.requests(repetition, worker, self.stop), deliver)
        except Stopped:  # halted: the run is over
            pass
        except BaseException as error:  # surfaced by send_all
            self.errors.append(error)
            self.stop.set()
        finally:
            session.close()


