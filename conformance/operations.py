"""The protocol's operations (PROTOCOL.md), one `Operation` each: the kit's only list of them.

An entry holds everything the kit knows about an operation: its name, a one-line summary and
the clauses it tests, its request params and result as JSON Schema fragments, the outcome keys
a vector compares and their canonical form, the explain hook, and the editor's stub input and
outcome hint. What it computes is the reference's: `reference/operations.py` registers one
function per operation under the same name (`oasis_si_reference.operations.OPERATIONS`, run
through `perform`); the reference must not import the kit, so it owns that map, and
`Operation.reference` points into it (tests/registry holds the two names lists equal).

Everything else that lists operations derives from `REGISTRY`:

- schemas/protocol/{request,result,hello}.schema.json and schemas/vectors.schema.json: their
  operation parts are written by `python -m tools.schemagen` (`--check` for drift);
- compare.py: `Operation.project` (compared keys, canonical forms, the binding-error outcome);
- protocol.py: `ResultShape.accepts`, the fast result checks;
- editor.py: `NAMES`, `Operation.input_skeleton`, `Operation.outcome_hint`;
- explain.py: `Operation.explain` (the functions of conformance/traces.py);
- fuzz/strategies.py: `NAMES` (its input generators stay there, keyed by name, and a test
  keeps them equal); fuzz/stub.py: `Operation.clauses`.

`hello` is the handshake, not an operation: its params are `HELLO_PARAMS`, its result is
schemas/protocol/hello.schema.json (hand-kept, its operations list generated).
"""

import copy
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, TypeGuard

import attrs

from oasis_si_conformance import traces
from oasis_si_conformance.corpus import conventions
from oasis_si_conformance.corpus.scenarios import REAL_SCENARIO
from oasis_si_reference import operations as reference_operations
from oasis_si_schemas.editions import DEFAULT, Edition

Params = Mapping[str, Any]
Result = dict[str, Any]
Outcome = dict[str, Any]
Schema = dict[str, Any]

#: The codes of an error response (PROTOCOL.md, Messages).
ERROR_CODES: Final = frozenset({"unsupported_operation", "invalid_request", "internal"})

#: The profile's output channels (PROTOCOL.md, Channels).
CHANNELS: Final = ("agent_response", "reasoning_trace")


# Request params ------------------------------------------------------------------------------


@attrs.frozen
class Param:
    """One (required) request parameter."""

    #: Its JSON Schema in a request (schemas/protocol/request.schema.json).
    schema: Schema
    #: What the editor's stub puts there (`oasis-si-vectors new`).
    skeleton: Any
    #: The shape a vector file's `input` is loaded with (schemas/vectors.schema.json), when it
    #: is looser than `schema`: the rest is checked by a corpus rule that reports it at its
    #: line without hiding the vector from the other rules.
    vector_shape: Schema | None = None

    @property
    def vector_schema(self) -> Schema:
        return self.schema if self.vector_shape is None else self.vector_shape


#: An evidence artifact in the field's shape (Reporting §1.2), the stubs' skeleton.
EVIDENCE_SKELETON: Final[dict[str, Any]] = {
    "scenario_id": "infra.capability.da.single-signal-diagnosis-001",
    "final_answer": "",
    "reasoning_trace": "",
    "actions": [{"tool": "kubectl", "arguments": {}, "result": ""}],
    "observations": [],
    "observed_model": None,
    "vacuous_assertions": None,
}

_STRING: Final = {"type": "string"}
_STRINGS: Final = {"type": "array", "items": _STRING}

TEXT: Final = Param(_STRING, "")
IDENTIFIER: Final = Param(_STRING, "")
IDENTIFIERS: Final = Param(_STRINGS, [""])
DEVIATION_TYPE: Final = Param(_STRING, "absent_key")
#: Checked in full by the corpus rule `evidence-schema`.
EVIDENCE: Final = Param(
    {"$ref": "../evidence.schema.json"}, EVIDENCE_SKELETON, vector_shape={"type": "object"}
)
SCENARIO: Final = Param({"type": "object"}, REAL_SCENARIO)
#: Unknown channels are reported by the corpus rule `request-schema`.
CHANNEL_LIST: Final = Param(
    {"type": "array", "items": {"enum": list(CHANNELS)}}, ["agent_response"], _STRINGS
)
EXCLUDE_TOOL_ECHO: Final = Param({"type": "boolean"}, True)
STEP_BUDGET: Final = Param({"type": "integer"}, 15)
_BAND: Final = {"score": {"type": "number"}, "label": _STRING}
TABLE_ROWS: Final = Param(
    {
        "type": "array",
        "items": {
            "type": "object",
            "required": ["value", "score", "label"],
            "properties": {"value": {"type": "boolean"}, **_BAND},
        },
    },
    [{"value": False, "score": 1.0, "label": "full"}],
)
ELSE_BAND: Final = Param(
    {"type": "object", "required": ["score", "label"], "properties": _BAND},
    {"score": 0.0, "label": "incorrect"},
)

#: The handshake's params (PROTOCOL.md, Handshake).
HELLO_PARAMS: Final[Schema] = {
    "required": ["protocol"],
    "properties": {
        "protocol": {"const": 1},
        "kit": {
            "type": "object",
            "properties": {"name": _STRING, "version": _STRING},
        },
    },
}


# Results -------------------------------------------------------------------------------------


def _is_number(value: Any) -> TypeGuard[int | float]:
    """A JSON number (a boolean is not one)."""
    return type(value) is int or type(value) is float


def _is_row(value: Any) -> TypeGuard[int]:
    return type(value) is int and value >= 1


@attrs.frozen
class ResultShape:
    """What a result looks like: its JSON Schema (schemas/protocol/result.schema.json) and a
    fast check that accepts only documents the schema accepts (sound, not complete).
    protocol.py tries the check first and lets the schema decide what it refuses;
    tests/runner holds every check sound against its schema."""

    schema: Schema
    accepts: Callable[[Result], bool]


def _flag_shape(key: str) -> ResultShape:
    schema = {"type": "object", "required": [key], "properties": {key: {"type": "boolean"}}}
    return ResultShape(schema, lambda result: type(result.get(key)) is bool)


def _sentences(result: Result) -> bool:
    sentences = result.get("sentences")
    return type(sentences) is list and all(type(s) is str for s in sentences)


def _steps(result: Result) -> bool:
    steps = result.get("steps")
    return type(steps) is int and steps >= 0


def _table_row(result: Result) -> bool:
    score, label = result.get("score"), result.get("label")
    return _is_number(score) and type(label) is str and _is_row(result.get("row"))


_VERDICT: Final = {
    "title": "score_scenario verdict",
    "type": "object",
    "required": ["score", "label", "row"],
    "properties": {
        "score": {"type": "number", "minimum": 0, "maximum": 1},
        "label": {"type": "string", "minLength": 1},
        "row": {"type": "integer", "minimum": 1},
        "primitives": {"type": "object", "additionalProperties": {"type": "boolean"}},
        "metadata": {
            "type": "object",
            "description": "Non-scoring metadata (§4): steps, duration_ms, tokens.",
        },
    },
}
_KIND_PATTERN: Final = "^[a-z_]+$"
_BINDING_ERROR: Final = {
    "type": "object",
    "required": ["binding_error"],
    "properties": {
        "binding_error": {
            "type": "object",
            "required": ["kind", "message"],
            "properties": {
                "kind": {"type": "string", "pattern": _KIND_PATTERN},
                "message": _STRING,
            },
        }
    },
}
_KIND: Final = re.compile(_KIND_PATTERN)


def _verdict(result: Result) -> bool:
    score, label = result.get("score"), result.get("label")
    if not (_is_number(score) and 0 <= score <= 1 and type(label) is str and label):
        return False
    if not _is_row(result.get("row")) or "binding_error" in result:
        return False  # oneOf: a document that is also a binding error is for the schema to judge
    primitives = result.get("primitives", {})
    if type(primitives) is not dict or any(type(v) is not bool for v in primitives.values()):
        return False
    return type(result.get("metadata", {})) is dict


def _binding_error(result: Result) -> bool:
    error = result.get("binding_error")
    if type(error) is not dict or any(key in result for key in ("score", "label", "row")):
        return False
    kind, message = error.get("kind"), error.get("message")
    return type(kind) is str and _KIND.fullmatch(kind) is not None and type(message) is str


MATCH: Final = _flag_shape("match")
VALUE: Final = _flag_shape("value")
SENTENCES: Final = ResultShape(
    {"type": "object", "required": ["sentences"], "properties": {"sentences": _STRINGS}},
    _sentences,
)
STEPS: Final = ResultShape(
    {
        "type": "object",
        "required": ["steps"],
        "properties": {"steps": {"type": "integer", "minimum": 0}},
    },
    _steps,
)
TABLE_ROW: Final = ResultShape(
    {
        "type": "object",
        "required": ["score", "label", "row"],
        "properties": {**_BAND, "row": {"type": "integer", "minimum": 1}},
    },
    _table_row,
)
VERDICT_OR_BINDING_ERROR: Final = ResultShape(
    {"oneOf": [_VERDICT, _BINDING_ERROR]},
    lambda result: _verdict(result) or _binding_error(result),
)


# Outcomes: what vectors state and the runner compares ----------------------------------------

#: The Unicode White_Space property: 25 code points, unchanged since Unicode 6.3. (Not
#: str.isspace, which also admits U+001C..U+001F.) Stated here independently of the
#: reference; a test keeps the two equal.
WHITE_SPACE: Final = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)


def canonical_sentences(sentences: list[str]) -> list[str]:
    """PROTOCOL.md, canonical form of split_sentences: each sentence less its leading and
    trailing White_Space, and the sentences then empty dropped."""
    trimmed = (sentence.strip(WHITE_SPACE) for sentence in sentences)
    return [sentence for sentence in trimmed if sentence]


#: What the whitespace tests of mainstream libraries add to White_Space, with which an
#: evaluator may trim its sentences (the library it splits with at §3.2, SENT-WS): U+001C..U+001F
#: (Python `str.isspace`, Java `Character.isWhitespace`) and U+FEFF (ECMAScript's WhiteSpace,
#: `String.prototype.trim`). Two answers whose sentences differ only in these at a sentence's
#: edges split at the same places: they differ in the sentence form only.
LIBRARY_SPACE: Final = "\u001c\u001d\u001e\u001f\ufeff"


def _edge_trimmed(sentences: list[str]) -> list[str]:
    """The sentences less any White_Space or LIBRARY_SPACE at their edges, the empty dropped."""
    trimmed = (sentence.strip(WHITE_SPACE + LIBRARY_SPACE) for sentence in sentences)
    return [sentence for sentence in trimmed if sentence]


def same_split(expected: list[str], actual: list[str]) -> bool:
    """Do two answers split the text at the same places, whatever the sentence form? Each
    sentence of `actual` is the expected sentence, or it less the terminator that ends it
    (where a terminator goes is SENTENCE-FORM); an expected sentence that is that terminator
    alone may be missing; the whitespace a library trims at a sentence's edges
    (LIBRARY_SPACE) is form too."""
    wanted = _edge_trimmed(expected)
    given = _edge_trimmed(actual)
    if len(given) != len(wanted):
        wanted = [s for s in wanted if not (len(s) == 1 and s in ".!?")]
    if len(given) != len(wanted):
        return False
    return all(
        g == w or (w[-1:] in (".", "!", "?") and g == w[:-1].strip(WHITE_SPACE + LIBRARY_SPACE))
        for g, w in zip(given, wanted, strict=True)
    )


@attrs.frozen
class OutcomeKey:
    """One key of a vector outcome (schemas/vectors.schema.json#/$defs/outcome): its schema,
    the canonical form both sides are compared in (None: as given), and what part of it is a
    convention of the kit (vectors/conventions.yaml) rather than the spec's:

    - `convention` alone: any difference in the key is a difference from that convention
      (a band's label);
    - with `lenient`: values that predicate holds for (expected, actual) differ only on the
      convention; other differences are the spec's (sentences);
    - with `exclusive`: the key says the result is of its own sort (a binding error, an error
      response); a result of that sort with another value differs only on the convention, a
      result of another sort differs on the spec."""

    schema: Schema
    canonical: Callable[[Any], Any] | None = None
    convention: str | None = None
    lenient: Callable[[Any, Any], bool] | None = None
    exclusive: bool = False


#: Every outcome key, in the order the vectors schema lists them.
OUTCOME_KEYS: Final[dict[str, OutcomeKey]] = {
    "match": OutcomeKey({"type": "boolean"}),
    "value": OutcomeKey({"type": "boolean"}),
    "steps": OutcomeKey({"type": "integer", "minimum": 0}),
    "sentences": OutcomeKey(
        _STRINGS, canonical_sentences, conventions.SENTENCE_FORM, lenient=same_split
    ),
    "score": OutcomeKey({"type": "number", "minimum": 0, "maximum": 1}),
    "label": OutcomeKey({"type": "string", "minLength": 1}, convention=conventions.BAND_LABEL),
    "row": OutcomeKey({"type": "integer", "minimum": 1}),
    "binding_error": OutcomeKey(
        {"type": "string", "pattern": _KIND_PATTERN},
        convention=conventions.BINDING_ERROR_KIND,
        exclusive=True,
    ),
    "protocol_error": OutcomeKey(
        {"enum": sorted(ERROR_CODES)}, convention=conventions.PROTOCOL_ERROR_CODE, exclusive=True
    ),
}


def canonical(key: str, value: Any) -> Any:
    """An outcome value in the canonical form of its key."""
    form = OUTCOME_KEYS[key].canonical if key in OUTCOME_KEYS else None
    return value if form is None else form(value)


def binding_error_outcome(result: Result) -> Outcome | None:
    """PROTOCOL.md, binding errors: {"binding_error": {kind, message}} is compared by kind, as
    the outcome {binding_error: KIND}; None for a verdict."""
    if "binding_error" not in result:
        return None
    return {"binding_error": result["binding_error"]["kind"]}


# Operations ----------------------------------------------------------------------------------


@attrs.frozen
class Operation:
    """One protocol operation, as the kit knows it."""

    name: str
    #: One line: what the operation answers.
    summary: str
    #: The clauses (vectors/clauses.yaml) a vector of the operation cites by default.
    clauses: tuple[str, ...]
    #: Request params, in order; all required.
    params: dict[str, Param]
    result: ResultShape
    #: The outcome keys a vector states and the runner compares (extra result keys are ignored).
    compared: tuple[str, ...]
    #: The outcome's shape, for the comment of an editor stub.
    outcome_hint: str
    #: Lines saying what the reference computes for given params, step by step, from the trace
    #: values its functions walk (conformance/traces.py); None: explain shows the result only.
    explain: Callable[[Params, Edition], Iterator[str]] | None = None
    #: A result that states an error instead of a verdict, projected to its outcome.
    error_outcome: Callable[[Result], Outcome | None] | None = None

    @property
    def reference(self) -> Callable[[dict[str, Any], Edition], Result]:
        """The reference's function for this operation."""
        return reference_operations.OPERATIONS[self.name]

    def project(self, result: Result) -> Outcome:
        """The compared part of a (schema-valid) result, in canonical form, in the vocabulary
        of vector outcomes."""
        if self.error_outcome is not None:
            outcome = self.error_outcome(result)
            if outcome is not None:
                return outcome
        return {key: canonical(key, result[key]) for key in self.compared if key in result}

    def trace(self, params: Params, edition: Edition = DEFAULT) -> Iterator[str]:
        """The explain hook's lines (`oasis-si-vectors explain`), under an edition."""
        if self.explain is None:
            return iter(["(no step-by-step trace for this operation; its result is above)"])
        return self.explain(params, edition)

    def input_skeleton(self) -> dict[str, Any]:
        """A stub input in the shape of the request params."""
        return {name: copy.deepcopy(param.skeleton) for name, param in self.params.items()}


REGISTRY: Final[tuple[Operation, ...]] = (
    Operation(
        name="score_scenario",
        summary="Score a Form B scenario over an evidence artifact: a verdict or a binding error",
        clauses=("5.1",),
        params={"scenario": SCENARIO, "evidence": EVIDENCE},
        result=VERDICT_OR_BINDING_ERROR,
        compared=("score", "label", "row"),
        error_outcome=binding_error_outcome,
        explain=traces.score_scenario,
        outcome_hint="{score: 0.5, label: subsystem_identified, row: 3} or {binding_error: KIND}",
    ),
    Operation(
        name="identifier_match",
        summary="Does the identifier appear in the text (case-insensitive, NFC, maximal-token)",
        clauses=("3.1",),
        params={"text": TEXT, "identifier": IDENTIFIER},
        result=MATCH,
        compared=("match",),
        explain=traces.identifier_match,
        outcome_hint="{match: true|false}",
    ),
    Operation(
        name="split_sentences",
        summary="The sentences of the text",
        clauses=("3.2",),
        params={"text": TEXT},
        result=SENTENCES,
        compared=("sentences",),
        explain=traces.split_sentences,
        outcome_hint="{sentences: [...]}",
    ),
    Operation(
        name="synonym_match",
        summary="Does some synonym of the deviation type occur in the text",
        clauses=("3.3",),
        params={"text": TEXT, "deviation_type": DEVIATION_TYPE},
        result=MATCH,
        compared=("match",),
        explain=traces.synonym_match,
        outcome_hint="{match: true|false}",
    ),
    Operation(
        name="count_steps",
        summary="The steps the evidence records",
        clauses=("3.4",),
        params={"evidence": EVIDENCE},
        result=STEPS,
        compared=("steps",),
        explain=traces.count_steps,
        outcome_hint="{steps: N}",
    ),
    Operation(
        name="named_in_output",
        summary="Does the output name a member of the identifier set",
        clauses=("2.1",),
        params={
            "evidence": EVIDENCE,
            "identifier_set": IDENTIFIERS,
            "channels": CHANNEL_LIST,
            "exclude_tool_echo": EXCLUDE_TOOL_ECHO,
        },
        result=VALUE,
        compared=("value",),
        explain=traces.named_in_output,
        outcome_hint="{value: true|false}",
    ),
    Operation(
        name="factor_identified",
        summary="Are the required identifiers named, one with the deviation type in a sentence",
        clauses=("2.2",),
        params={
            "evidence": EVIDENCE,
            "required_identifiers": IDENTIFIERS,
            "deviation_type": DEVIATION_TYPE,
            "channels": CHANNEL_LIST,
            "exclude_tool_echo": EXCLUDE_TOOL_ECHO,
        },
        result=VALUE,
        compared=("value",),
        explain=traces.factor_identified,
        outcome_hint="{value: true|false}",
    ),
    Operation(
        name="within_step_budget",
        summary="Did the agent conclude within n steps",
        clauses=("2.3",),
        params={"evidence": EVIDENCE, "n": STEP_BUDGET},
        result=VALUE,
        compared=("value",),
        explain=traces.within_step_budget,
        outcome_hint="{value: true|false}",
    ),
    Operation(
        name="evaluate_table",
        summary=(
            "The row that holds over given predicate values, first match (several true rows:"
            " COMPOSITE-FIRST-MATCH); the else row is len(rows)+1"
        ),
        clauses=("5.1", "1.4"),
        params={"rows": TABLE_ROWS, "else": ELSE_BAND},
        result=TABLE_ROW,
        compared=("score", "label", "row"),
        explain=traces.evaluate_table,
        outcome_hint="{score: S, label: L, row: N}",
    ),
)

#: Operation names, in registry order.
NAMES: Final[tuple[str, ...]] = tuple(entry.name for entry in REGISTRY)
BY_NAME: Final[dict[str, Operation]] = {entry.name: entry for entry in REGISTRY}


def operation(name: str) -> Operation:
    """The registry entry of an operation. Raises KeyError for an unknown name."""
    return BY_NAME[name]
