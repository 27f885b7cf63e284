"""The protocol's operations (PROTOCOL.md) mapped onto the reference: params in, result out.

Pure: no I/O. Params are assumed valid against schemas/protocol/request.schema.json; the
server validates them first. Each operation is a function named after it and registered with
`@operation`; `perform` is the one way in (the server, the corpus checks, the fuzzer and the
explainer all call it). The kit's registry of operations (oasis_si_conformance.operations)
points at `OPERATIONS`, and a test keeps the two equal.
"""

import platform
import unicodedata
from collections.abc import Callable
from typing import Any, Final

import attrs

from oasis_si_reference import TEMPLATES, primitives, scoring, text
from oasis_si_reference.editions import DEFAULT, Edition
from oasis_si_reference.evidence import Evidence, evidence_from_json, step_count
from oasis_si_reference.model import Band, BindingError, Row
from oasis_si_reference.synonyms import synonym_matches
from oasis_si_reference.tables import evaluate_truth_table

Params = dict[str, Any]
Result = dict[str, Any]
OperationFunction = Callable[[Params, Edition], Result]

NAME: Final = "oasis-si-reference"
VERSION: Final = "0.1.0"
#: What the reference runs on, declared in its handshake (PROTOCOL.md, Handshake): the
#: Unicode version is that of the character tables its text rules read (unicodedata).
RUNTIME: Final = {
    "name": platform.python_implementation(),
    "version": platform.python_version(),
    "unicode": unicodedata.unidata_version,
}

#: Operation name -> its function, filled by `@operation` in the order defined below.
OPERATIONS: Final[dict[str, OperationFunction]] = {}


def operation(function: OperationFunction) -> OperationFunction:
    """Register `function` as the protocol operation of the same name."""
    OPERATIONS[function.__name__] = function
    return function


def _evidence(params: Params) -> Evidence:
    return evidence_from_json(params["evidence"])


@operation
def score_scenario(params: Params, edition: Edition) -> Result:
    """§5.1, §1.4: a verdict, or the binding error that prevents one (never a score)."""
    try:
        verdict = scoring.score_scenario(params["scenario"], _evidence(params), edition)
    except BindingError as error:
        return {"binding_error": {"kind": error.kind, "message": error.message}}
    return attrs.asdict(verdict, recurse=False)  # its dicts are built for this verdict alone


@operation
def identifier_match(params: Params, edition: Edition) -> Result:
    """§3.1."""
    return {"match": text.identifier_matches(params["text"], params["identifier"])}


@operation
def split_sentences(params: Params, edition: Edition) -> Result:
    """§3.2."""
    return {"sentences": text.split_sentences(params["text"])}


@operation
def synonym_match(params: Params, edition: Edition) -> Result:
    """§3.3."""
    return {"match": synonym_matches(params["text"], params["deviation_type"])}


@operation
def count_steps(params: Params, edition: Edition) -> Result:
    """§3.4."""
    return {"steps": step_count(_evidence(params))}


@operation
def named_in_output(params: Params, edition: Edition) -> Result:
    """§2.1."""
    value = primitives.named_in_output(
        _evidence(params), params["identifier_set"], params["channels"], params["exclude_tool_echo"]
    )
    return {"value": value}


@operation
def factor_identified(params: Params, edition: Edition) -> Result:
    """§2.2, with the deviation type given directly (no scenario to read it from)."""
    value = primitives.factor_identified(
        _evidence(params),
        params["required_identifiers"],
        params["deviation_type"],
        params["channels"],
        params["exclude_tool_echo"],
        edition,
    )
    return {"value": value}


@operation
def within_step_budget(params: Params, edition: Edition) -> Result:
    """§2.3."""
    return {"value": primitives.within_step_budget(_evidence(params), params["n"])}


@operation
def evaluate_table(params: Params, edition: Edition) -> Result:
    """§5.1, §1.4 first match over rows whose predicate values are given; the else row is
    len(rows)+1."""
    rows = tuple(Row(str(i), row["score"], row["label"]) for i, row in enumerate(params["rows"]))
    values = {i: row["value"] for i, row in enumerate(params["rows"])}
    otherwise = Band(params["else"]["score"], params["else"]["label"])
    number, band = evaluate_truth_table(values, rows, otherwise)
    return {"score": band.score, "label": band.label, "row": number}


def hello(params: Params, edition: Edition) -> Result:
    """The handshake result: who the reference is and what it offers, for the one edition it
    serves (its server's --edition)."""
    return {
        "protocol": 1,
        "name": NAME,
        "version": VERSION,
        "operations": sorted(OPERATIONS),
        "templates": list(TEMPLATES),
        "profiles": [edition.full_name],
        "runtime": RUNTIME,
    }


def perform(op: str, params: Params, edition: Edition = DEFAULT) -> Result:
    """Run one operation (or the handshake) on valid params, under an edition of the text:
    the reference's only dispatch. The edition goes on from each operation to the rules it
    changes (e.g. the §2.2 co-occurrence window of `primitives.windows`)."""
    if op == "hello":
        return hello(params, edition)
    return OPERATIONS[op](params, edition)
