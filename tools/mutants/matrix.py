"""The kill matrix: every mutant of the catalog judged by the runner on the corpus.

Two ways to drive a mutant, both judged by the runner's own code (conformance/running/runner.py):

- `in_process`: the independent evaluator answers each request in this process (through the
  same request handling as its server); `runner.judge` and `runner.apply_profile` judge the
  answers exactly as a run would. Fast: for tests. The unmutated evaluator answers every
  vector once under `config.tracing()`; a mutant then re-answers only the vectors whose
  answer consulted a hook or register entry it changes (the others cannot differ; a test
  checks this against full re-evaluation), spread over forked workers.
- `over_protocol`: `runner.run` starts `python -m oasis_si_conformance.independent --mutant ID
  [--ops ...]` as a real candidate over the subprocess protocol (handshake, supervision, comparison,
  interpretation profile). What `python -m tools.mutants` does.

Two configurations: every operation offered, and score_scenario alone (`--ops
score_scenario`), where a vector of any other operation is not exercised. A normative mutant
is *killed* in a configuration when at least one normative vector fails (an ambiguity vector,
for the rare mutant whose `witness` says only those can show it); its kill count is the number
of such vectors. An ambiguity mutant *shows* when no vector fails and the interpretation
profile follows its reading on each entry it changes.

One matrix per edition of the text (vectors/editions.yaml): the vectors as they read under the
edition, the register entries that are its open points, every mutant as it is under it
(`Mutant.kind_under`: a mutant that is the edition's own text has no row there), answering as
the independent evaluator does under that edition (and, over the protocol, run with
`--edition`).
"""

import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.corpus import editions as corpus_editions
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.independent.config import Config, tracing
from oasis_si_conformance.independent.mutants import CATALOG, Kind, Mutant, edition_config
from oasis_si_conformance.independent.operations import OPERATIONS
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.model import Observation, Status, VectorResult
from oasis_si_conformance.running import runner
from oasis_si_schemas.editions import EDITIONS, Edition

ALL_OPS: tuple[str, ...] = tuple(OPERATIONS)
SCORE_ONLY: tuple[str, ...] = ("score_scenario",)
CONFIGURATIONS: dict[str, tuple[str, ...]] = {"all-ops": ALL_OPS, "score-only": SCORE_ONLY}


@attrs.frozen
class Outcome:
    """What the runner made of one mutant in one configuration."""

    mutant: Mutant
    configuration: str
    results: dict[str, VectorResult]
    profile: tuple[Any, ...]

    def failed(
        self, normative: bool | None = None, vectors: dict[str, Vector] | None = None
    ) -> list[str]:
        """Ids of failed vectors (only normative / only ambiguity ones when asked)."""
        ids = [vid for vid, r in self.results.items() if r.status == Status.FAILED]
        if normative is None or vectors is None:
            return ids
        return [vid for vid in ids if vectors[vid].normative == normative]

    def exercised(self) -> int:
        return sum(1 for r in self.results.values() if r.status != Status.NOT_EXERCISED)

    def followed(self) -> dict[str, tuple[str, ...]]:
        """The interpretation profile: entry -> readings followed (empty when inconsistent)."""
        return {p.entry: tuple(p.followed) for p in self.profile}


def register(edition: "str | Edition | None" = None) -> list[dict[str, Any]]:
    """The ambiguity register's entries (those that are open points of `edition`, if given:
    an edition, or a bundled edition's name)."""
    text = (corpus.vectors_root() / "register.yaml").read_text(encoding="utf-8")
    entries = list(yamlsafe.load(text)["entries"])
    if edition is None:
        return entries
    chosen = EDITIONS[edition] if isinstance(edition, str) else edition
    return [entry for entry in entries if chosen.holds_open(entry)]


def edition_names(root: Path | None = None) -> list[str]:
    """The editions of the corpus at `root` (default: the bundled one), the default first."""
    return [edition.name for edition in corpus_editions.load(root or corpus.vectors_root())]


def default_edition() -> str:
    return edition_names()[0]


def under(vectors: Sequence[Vector], edition: str) -> list[Vector]:
    """The vectors as they read under `edition`."""
    return [vector.for_edition(edition) for vector in vectors]


@attrs.frozen
class Baseline:
    """The unmutated evaluator's judged answer on every vector, and what each answer consulted
    (the fault hooks and register entries read while answering: see config.tracing), under
    `config` (the edition's text: the entries it decides read as decided)."""

    results: dict[str, VectorResult]
    consulted: dict[str, frozenset[str]]
    config: Config = attrs.field(factory=Config)


def _judged(server: Server, vector: Vector, index: int) -> VectorResult:
    response = server.answer({"id": index, "op": vector.operation, "params": vector.input})
    if "result" in response:
        observation = Observation("answer", result=response["result"])
    else:
        error = response["error"]
        observation = Observation(
            "error_response", message=str(error), error_code=error.get("code")
        )
    return runner.judge(vector, [observation])


def baseline(vectors: Sequence[Vector], edition: str | None = None) -> Baseline:
    """Answer every vector once with the unmutated evaluator under `edition` (default: the
    default edition; the vectors as they read under it: the entries it decides read as
    decided, as every mutant reads them there), tracing what each answer reads."""
    config = edition_config(edition or default_edition())
    server = Server(config, ALL_OPS)
    results, consulted = {}, {}
    for index, vector in enumerate(vectors, 1):
        with tracing() as trace:
            results[vector.id] = _judged(server, vector, index)
        consulted[vector.id] = frozenset(trace)
    return Baseline(results, consulted, config)


def answers(
    mutant: Mutant,
    vectors: Sequence[Vector],
    base: Baseline | None = None,
    edition: str | None = None,
) -> dict[str, VectorResult]:
    """Every vector answered in process by `mutant` under `edition` (all operations offered)
    and judged by the runner's `judge`. An answer does not depend on which operations are
    declared, so these results serve every configuration.

    With a `base` (of the same edition), a vector whose unmutated answer consulted none of the
    hooks and entries in which the mutant's configuration differs from the unmutated one keeps
    the unmutated result: the mutant would take the very same path."""
    config = mutant.config(edition or default_edition())
    touched = config.touches(base.config if base is not None else None)
    server = Server(config, ALL_OPS)
    results: dict[str, VectorResult] = {}
    for index, vector in enumerate(vectors, 1):
        if (
            base is not None
            and vector.id in base.consulted
            and not base.consulted[vector.id] & touched
        ):
            results[vector.id] = base.results[vector.id]
        else:
            results[vector.id] = _judged(server, vector, index)
    return results


def restrict(
    mutant: Mutant,
    vectors: Sequence[Vector],
    results: dict[str, VectorResult],
    configuration: str,
    entries: list[dict[str, Any]],
    written: Sequence[Vector] = (),
    edition: str | None = None,
) -> Outcome:
    """The outcome of `configuration`: vectors of undeclared operations not exercised, and the
    interpretation profile (which may fail inconsistent ambiguity vectors) built as a run does:
    after the edition fit, when the vectors as written and the edition are given."""
    ops = CONFIGURATIONS[configuration]
    kept = {}
    exercised = []
    for vector in vectors:
        if vector.operation in ops:
            kept[vector.id] = results[vector.id]
            exercised.append(vector)
        else:
            reason = "operation not offered"
            kept[vector.id] = VectorResult(vector.id, Status.NOT_EXERCISED, reason=reason)
    if written and edition is not None:
        _fit, profile = runner.profile_under(
            written, exercised, kept, edition, edition_names(), entries
        )
    else:
        profile = runner.apply_profile(exercised, kept, entries)
    return Outcome(mutant, configuration, kept, tuple(profile))


def in_process(
    mutant: Mutant, vectors: Sequence[Vector], configuration: str, entries: list[dict[str, Any]],
    edition: str | None = None,
) -> Outcome:
    """Judge `mutant` on `vectors` (as they read under `edition`) with the runner's judgement,
    answering in this process."""
    results = answers(mutant, vectors, edition=edition)
    return restrict(mutant, vectors, results, configuration, entries)


def candidate_argv(mutant: Mutant, configuration: str, edition: str | None = None) -> list[str]:
    """The command that starts `mutant` as a candidate in `configuration`, reading `edition`."""
    argv = [sys.executable, "-m", "oasis_si_conformance.independent", *mutant.argv()]
    if configuration == "score-only":
        argv += ["--ops", ",".join(SCORE_ONLY)]
    if edition is not None:
        argv += ["--edition", edition]
    return argv


def over_protocol(
    mutant: Mutant,
    vectors: Sequence[Vector],
    configuration: str,
    entries: list[dict[str, Any]],
    jobs: int = 2,
    edition: str | None = None,
) -> Outcome:
    """Judge `mutant` with a real run of the runner over the subprocess protocol, certifying
    against `edition` (the runner reads the corpus `vectors` under it)."""
    chosen = edition or default_edition()
    argv = candidate_argv(mutant, configuration, chosen)
    config = runner.RunConfig(argv=argv, seed=0, repetitions=1, jobs=jobs, edition=chosen)
    outcome = runner.run(list(vectors), config, entries)
    return Outcome(mutant, configuration, outcome.results, tuple(outcome.profile))


@attrs.frozen
class Row:
    """One line of the kill matrix: a mutant across both configurations, under one edition (as
    the kind it is there)."""

    mutant: Mutant
    outcomes: dict[str, Outcome]
    edition: str = attrs.field(factory=default_edition)
    kind: Kind = attrs.field()

    @kind.default
    def _kind(self) -> Kind:
        return self.mutant.kind_under(self.edition) or self.mutant.kind

    def kills(self, configuration: str, vectors: dict[str, Vector]) -> list[str]:
        """The vectors that catch the mutant in `configuration`: the normative vectors it fails
        (the ambiguity vectors it fails, for a mutant only those can witness)."""
        normative = self.mutant.witness == "normative"
        return self.outcomes[configuration].failed(normative=normative, vectors=vectors)

    def ambiguity_failures(self, configuration: str, vectors: dict[str, Vector]) -> list[str]:
        return self.outcomes[configuration].failed(normative=False, vectors=vectors)

    def shows_reading(self, configuration: str) -> dict[str, bool | None]:
        """Per entry the mutant changes: does the profile follow its reading? (None: no vector)."""
        followed = self.outcomes[configuration].followed()
        return {
            entry: (reading in followed[entry]) if entry in followed else None
            for entry, reading in self.mutant.readings.items()
        }

    def verdict(self, configuration: str, vectors: dict[str, Vector]) -> str:
        """killed / SURVIVED for normative mutants; shown / unseen / FAILING for ambiguity ones."""
        if self.kind == "normative":
            if not self.kills(configuration, vectors):
                return "SURVIVED"
            return "killed" if self.mutant.witness == "normative" else "killed~"
        if self.outcomes[configuration].failed():
            return "FAILING"
        shown = self.shows_reading(configuration)
        if any(v is False for v in shown.values()):
            return "NOT-SHOWN"
        return "shown" if all(v for v in shown.values()) else "unseen"


def matrix(
    vectors: Sequence[Vector],
    mutants: Sequence[Mutant] = CATALOG,
    protocol: bool = False,
    configurations: Sequence[str] = tuple(CONFIGURATIONS),
    jobs: int = 2,
    progress: Any = None,
    traced: bool = True,
    base: Baseline | None = None,
    edition: str | None = None,
) -> list[Row]:
    """The kill matrix of `mutants` on the corpus `vectors` under `edition` (default: the
    default edition). A mutant that is the edition's own text has no row.

    In process, mutants are spread over `jobs` forked workers, and (`traced`) each re-answers
    only the vectors whose unmutated answer consulted what it changes (`base`: the unmutated
    answers under the same edition); over the protocol, each run uses `jobs` candidate
    processes."""
    chosen = edition or default_edition()
    entries = register(chosen)
    mutants = [mutant for mutant in mutants if mutant.kind_under(chosen) is not None]
    if protocol:
        rows = []
        for mutant in mutants:
            outcomes = {
                c: over_protocol(mutant, vectors, c, entries, jobs, chosen) for c in configurations
            }
            rows.append(Row(mutant, outcomes, chosen))
            if progress is not None:
                progress(rows[-1])
        return rows
    read = under(vectors, chosen)
    if traced and base is None:
        base = baseline(read, chosen)
    job = _InProcess(
        tuple(read),
        tuple(configurations),
        entries,
        base if traced else None,
        chosen,
        tuple(vectors),
    )
    if jobs <= 1 or len(mutants) <= 1:
        rows = []
        for mutant in mutants:
            rows.append(job(mutant))
            if progress is not None:
                progress(rows[-1])
        return rows
    context = multiprocessing.get_context("fork")
    global _JOB
    _JOB = job
    try:
        with context.Pool(jobs) as pool:
            rows = []
            for row in pool.imap(_run_shared, mutants):
                rows.append(row)
                if progress is not None:
                    progress(row)
    finally:
        _JOB = None
    return rows


@attrs.frozen
class _InProcess:
    """One mutant's in-process row: answers once, every configuration derived from them."""

    vectors: tuple[Vector, ...]
    configurations: tuple[str, ...]
    entries: list[dict[str, Any]]
    base: Baseline | None
    edition: str
    written: tuple[Vector, ...] = ()  # the vectors as written (their editions blocks)

    def __call__(self, mutant: Mutant) -> Row:
        results = answers(mutant, self.vectors, self.base, self.edition)
        outcomes = {
            c: restrict(mutant, self.vectors, results, c, self.entries, self.written, self.edition)
            for c in self.configurations
        }
        return Row(mutant, outcomes, self.edition)


_JOB: _InProcess | None = None


def _run_shared(mutant: Mutant) -> Row:
    """Pool entry point: the job is inherited through fork, not pickled per task."""
    assert _JOB is not None
    return _JOB(mutant)
