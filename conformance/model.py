"""The runner's data: what one request produced, and what a vector's repetitions amount to.

Plain attrs classes shared by the sessions (which produce observations), the comparison
and diagnosis (which judge them) and the reports (which print them).

A vector ends with one `Status`:

- `passed`: every repetition answered, identically, and the answer satisfies the vector
  (its `expected` outcome, or some reading of its ambiguity entry);
- `convention`: as passed, except that the answer differs from the expectation on a convention
  of the kit (vectors/conventions.yaml: a binding-error kind, a band label, the sentence form,
  the composite grammar, an error code), never on what the spec's text decides. Counted and
  listed apart; a failure only in a `--strict` run;
- `failed`: see its `FailureKind` below;
- `not_exercised`: the candidate does not declare the vector's operation (or template); never
  counted as passed.

A failed vector carries one `FailureKind`, in one of four families:

- verdict failures, the candidate's misreadings of the spec (`VERDICT_FAILURES`, the only
  ones diagnosis matches against failure signatures):
  `mismatch` (a normative vector's outcome differs), `no_reading` (an ambiguity vector's
  answer matches none of its readings), `inconsistent_reading` (the answer follows a reading
  that contradicts the reading the candidate follows on the entry's other vectors);
- `nondeterministic`: repetitions of the same request answered differently (Core §3.5.4);
- process failures (`PROCESS_KINDS`), the candidate did not answer: `crash` (it exited),
  `timeout` (no answer in time; its process group was killed), `line_too_long` (an output
  line over the cap), `startup` (it could not be (re)started), `aborted` (not run: the restart
  budget was spent);
- protocol failures (`PROTOCOL_KINDS`), it answered but not as PROTOCOL.md says: `not_utf8`,
  `not_json`, `invalid_response` (the envelope breaks response.schema.json), `wrong_id`,
  `invalid_result` (the result breaks its operation's result schema), `error_response` (an
  `error` instead of a result), `extra_output` (a line nobody asked for: a second answer to
  a request, stdout left after a process's last answer, a one-shot process's second line; it
  fails the request it follows).

Both are `StrEnum`s: they compare equal to, and serialise as, the strings of the JSON report
(schemas/report.schema.json lists the same values; a test keeps them equal).
"""

from enum import StrEnum
from typing import Any, Final

import attrs


class Status(StrEnum):
    """What the runner concluded about one vector."""

    PASSED = "passed"
    FAILED = "failed"
    CONVENTION = "convention"
    NOT_EXERCISED = "not_exercised"


class FailureKind(StrEnum):
    """Why a vector failed (the module docstring gives the overview)."""

    # verdict failures
    MISMATCH = "mismatch"
    NO_READING = "no_reading"
    INCONSISTENT_READING = "inconsistent_reading"
    # determinism
    NONDETERMINISTIC = "nondeterministic"
    # process failures
    CRASH = "crash"
    TIMEOUT = "timeout"
    LINE_TOO_LONG = "line_too_long"
    STARTUP = "startup"
    ABORTED = "aborted"
    MEMORY_LIMIT = "memory_limit"
    CPU_LIMIT = "cpu_limit"
    # protocol failures
    NOT_UTF8 = "not_utf8"
    NOT_JSON = "not_json"
    INVALID_RESPONSE = "invalid_response"
    WRONG_ID = "wrong_id"
    INVALID_RESULT = "invalid_result"
    ERROR_RESPONSE = "error_response"
    EXTRA_OUTPUT = "extra_output"


#: Failures that are misreadings of the spec; diagnosis matches only these to signatures.
VERDICT_FAILURES: Final = frozenset(
    {FailureKind.MISMATCH, FailureKind.NO_READING, FailureKind.INCONSISTENT_READING}
)
#: The request failed at the process level: the candidate gave no answer.
PROCESS_KINDS: Final = frozenset(
    {
        FailureKind.CRASH,
        FailureKind.TIMEOUT,
        FailureKind.LINE_TOO_LONG,
        FailureKind.STARTUP,
        FailureKind.ABORTED,
        FailureKind.MEMORY_LIMIT,
        FailureKind.CPU_LIMIT,
    }
)
#: The request failed at the protocol level: the answer is not a valid response to it.
PROTOCOL_KINDS: Final = frozenset(
    {
        FailureKind.NOT_UTF8,
        FailureKind.NOT_JSON,
        FailureKind.INVALID_RESPONSE,
        FailureKind.WRONG_ID,
        FailureKind.INVALID_RESULT,
        FailureKind.ERROR_RESPONSE,
        FailureKind.EXTRA_OUTPUT,
    }
)

#: The observation kind of a valid answer; every other kind is a process or protocol failure.
ANSWER: Final = "answer"


@attrs.frozen
class Observation:
    """The outcome of sending one request once."""

    kind: str  # ANSWER, or a PROCESS_KINDS / PROTOCOL_KINDS member
    result: dict[str, Any] | None = None
    message: str = ""
    excerpt: str = ""  # raw output, printable
    stderr: str = ""  # the process's stderr excerpt (process failures)
    error_code: str | None = None  # error_response: the code the candidate answered with
    #: A valid answer: the compared part of its result (compare.project), kept whole while
    #: `result` may be abridged (a long answer line, PROTOCOL.md Limits).
    projection: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.kind == ANSWER


@attrs.frozen
class Difference:
    """One key in which an answer differs from an outcome (compare.py): a difference from the
    spec (`convention` None) or from a convention of the kit."""

    key: str
    expected: Any
    actual: Any
    convention: str | None = None

    def describe(self) -> str:
        where = f" (convention {self.convention})" if self.convention else ""
        return f"{self.key}: expected {self.expected!r}, got {self.actual!r}{where}"


@attrs.frozen
class Failure:
    kind: str  # a FailureKind
    message: str
    excerpt: str = ""
    stderr: str = ""
    outputs: tuple[Any, ...] = ()  # per repetition, for nondeterminism


@attrs.frozen
class VectorResult:
    """The verdict of the runner on one vector, over all its repetitions."""

    id: str
    status: Status
    actual: dict[str, Any] | None = None  # the candidate's result (first repetition)
    readings: tuple[str, ...] | None = None  # ambiguity vectors: the readings the output matches
    differences: tuple[Difference, ...] = ()  # status convention: how the answer differs
    failure: Failure | None = None
    reason: str = ""  # why not exercised


#: The reason given for a vector an interruption kept from finishing (partial.py).
NOT_RUN: Final = "not run: the run was interrupted"


class Progress:
    """Callbacks for live progress; the default does nothing."""

    def start(self, total: int) -> None:
        pass

    def tick(self, ok: bool) -> None:
        pass

    def finish(self) -> None:
        pass
