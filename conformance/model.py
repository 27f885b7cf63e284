"""The runner's data: what one request produced, and what a vector's repetitions amount to.

Plain attrs classes shared by the supervisor (which produces observations), the comparison
and diagnosis (which judge them) and the reports (which print them).
"""

from typing import Any, Final

import attrs

#: Observation kinds other than ANSWER: the request failed at the protocol or process level.
ANSWER: Final = "answer"
PROCESS_KINDS: Final = frozenset(
    {"crash", "timeout", "line_too_long", "startup", "aborted", "memory_limit", "cpu_limit"}
)
PROTOCOL_KINDS: Final = frozenset(
    {"not_utf8", "not_json", "invalid_response", "wrong_id", "invalid_result", "error_response", "extra_output"}
)

#: Vector failure kinds (VectorResult.failure.kind). Verdict failures are misreadings of the
#: spec; the others say the candidate did not answer properly. Diagnosis uses the former only.
VERDICT_FAILURES: Final = frozenset({"mismatch", "no_reading", "inconsistent_reading"})
FAILURE_KINDS: Final = VERDICT_FAILURES | {"nondeterministic"} | PROCESS_KINDS | PROTOCOL_KINDS

PASSED: Final = "passed"
FAILED: Final = "failed"
NOT_EXERCISED: Final = "not_exercised"


@attrs.frozen
class Observation:
    """The outcome of sending one request once."""

    kind: str  # ANSWER, or a PROCESS_KINDS / PROTOCOL_KINDS member
    result: dict[str, Any] | None = None
    message: str = ""
    excerpt: str = ""  # raw output, printable
    stderr: str = ""  # the process's stderr excerpt (process failures)

    @property
    def ok(self) -> bool:
        return self.kind == ANSWER


@attrs.frozen
class Failure:
    kind: str
    message: str
    excerpt: str = ""
    stderr: str = ""
    outputs: tuple[Any, ...] = ()  # per repetition, for nondeterminism


@attrs.frozen
class VectorResult:
    """The verdict of the runner on one vector, over all its repetitions."""

    id: str
    status: str  # PASSED / FAILED / NOT_EXERCISED
    actual: dict[str, Any] | None = None  # the candidate's result (first repetition)
    readings: tuple[str, ...] | None = None  # ambiguity vectors: the readings the output matches
    failure: Failure | None = None
    reason: str = ""  # why not exercised
