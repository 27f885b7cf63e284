"""What an interrupted certification measured, as a run outcome the reports can show.

The runner tells a `PartialRun` where it is (`stage`) and, once the candidate's handshake is
done, what it is running (`running`); the run's sender fills its observations in as answers
come, and nothing after the interruption (runner.Sender.halt: an answer in flight, or a
process the kit ends, is not the candidate's doing). When SIGINT, SIGTERM or SIGHUP stops the
run (interrupts.py), `outcome` judges every vector on the repetitions of it that came back
before the signal, exactly as a finished run judges all of them (passed, failed, convention;
determinism over those repetitions: `short` counts the vectors judged on fewer than asked),
and lists the vectors of which none came back as not exercised ("not run: the run was
interrupted"). An interrupted run certifies nothing (report.mark_interrupted).
"""

import time
from typing import Any

import attrs

from oasis_si_conformance.corpus import editions
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.corpus.editions import Edition
from oasis_si_conformance.model import NOT_RUN, Observation, Status, VectorResult
from oasis_si_conformance.running import runner
from oasis_si_conformance.running.protocol import Hello


@attrs.define
class PartialRun:
    """Where a certification is, and what it has measured so far."""

    stage: str = "loading the corpus"
    hello: Hello | None = None
    edition: Edition | None = None
    vectors: list[Vector] = attrs.Factory(list)  # under the edition, corpus order
    reasons: dict[str, str | None] = attrs.Factory(dict)  # why a vector is not exercised
    exercised: list[Vector] = attrs.Factory(list)
    sender: Any = None  # the runner's Sender: its `observed` fills in as answers come
    candidate: Any = None
    budget: Any = None
    register: list[dict[str, Any]] = attrs.Factory(list)
    repetitions: int = 0
    started: float = attrs.Factory(time.monotonic)

    def running(self, **state: Any) -> None:
        """The handshake is done: what the run sends, and the objects that record it."""
        for name, value in state.items():
            setattr(self, name, value)
        self.stage = "running the candidate"

    @property
    def measured(self) -> bool:
        """Whether there is a run to report (the candidate got past its handshake)."""
        return self.hello is not None and self.edition is not None

    def answered(self) -> int:
        """Requests that came back (answered, or failed as an observation)."""
        return sum(o is not None for row in self._observed() for o in row)

    def _observed(self) -> list[list[Observation | None]]:
        return list(getattr(self.sender, "observed", None) or [])

    def short(self) -> int:
        """Vectors judged on some of their repetitions, not all (see the module docstring)."""
        rows = self._observed()
        return sum(0 < sum(o is not None for o in row) < len(row) for row in rows)

    def outcome(self) -> runner.RunOutcome:
        """The outcome so far (see the module docstring). Only when `measured`."""
        assert self.hello is not None and self.edition is not None
        observed = self._observed()
        results: dict[str, VectorResult] = {
            v.id: VectorResult(v.id, Status.NOT_EXERCISED, reason=self.reasons.get(v.id) or "")
            for v in self.vectors
            if self.reasons.get(v.id) is not None
        }
        finished = []
        for index, vector in enumerate(self.exercised):
            row = observed[index] if index < len(observed) else []
            came = [o for o in row if o is not None]
            if came:
                results[vector.id] = runner.judge(vector, came)
                finished.append(vector)
            else:
                results[vector.id] = VectorResult(vector.id, Status.NOT_EXERCISED, reason=NOT_RUN)
        register = editions.entries_under(self.register, self.edition)
        profile = runner.apply_profile(finished, results, register)
        candidate = self.candidate
        return runner.RunOutcome(
            hello=self.hello,
            edition=self.edition,
            results={v.id: results[v.id] for v in self.vectors},
            profile=profile,
            requests=self.answered(),
            processes=candidate.spawned if candidate is not None else 0,
            restarts=self.budget.spent if self.budget is not None else 0,
            warnings=list(candidate.warnings) if candidate is not None else [],
            stderr_bytes=candidate.log.total if candidate is not None else 0,
            stderr_excerpt=candidate.log.excerpt if candidate is not None else "",
            duration=time.monotonic() - self.started,
        )
