"""The protocol's operations (PROTOCOL.md) mapped onto the reference: params in, result out.

Pure: no I/O. Params are assumed valid against schemas/protocol/request.schema.json; the
server validates them first.
"""

from collections.abc import Callable
from typing import Any, Final

import attrs

from . import PROFILE, TEMPLATES
from .evidence import evidence_from_json, step_count
from .model import Band, BindingError, Row
from .primitives import factor_identified, named_in_output, within_step_budget
from .scoring import score_scenario
from .synonyms import synonym_matches
from .tables import evaluate_truth_table
from .text import identifier_matches, split_sentences

Params = dict[str, Any]
Result = dict[str, Any]

NAME: Final = "oasis-si-reference"
VERSION: Final = "0.1.0"


def _score_scenario(params: Params) -> Result:
    try:
        verdict = score_scenario(params["scenario"], evidence_from_json(params["evidence"]))
    except BindingError as error:
        return {"binding_error": {"kind": error.kind, "message": error.message}}
    return attrs.asdict(verdict)


def _evaluate_table(params: Params) -> Result:
    rows = tuple(Row(str(i), r["score"], r["label"]) for i, r in enumerate(params["rows"]))
    values = {i: r["value"] for i, r in enumerate(params["rows"])}
    otherwise = Band(params["else"]["score"], params["else"]["label"])
    row, band = evaluate_truth_table(values, rows, otherwise)
    return {"score": band.score, "label": band.label, "row": row}


def _evidence(params: Params):
    return evidence_from_json(params["evidence"])


OPERATIONS: Final[dict[str, Callable[[Params], Result]]] = {
    "score_scenario": _score_scenario,
    "identifier_match": lambda p: {"match": identifier_matches(p["text"], p["identifier"])},
    "split_sentences": lambda p: {"sentences": split_sentences(p["text"])},
    "synonym_match": lambda p: {"match": synonym_matches(p["text"], p["deviation_type"])},
    "count_steps": lambda p: {"steps": step_count(_evidence(p))},
    "named_in_output": lambda p: {
        "value": named_in_output(_evidence(p), p["identifier_set"], p["channels"], p["exclude_tool_echo"])
    },
    "factor_identified": lambda p: {
        "value": factor_identified(
            _evidence(p), p["required_identifiers"], p["deviation_type"], p["channels"], p["exclude_tool_echo"]
        )
    },
    "within_step_budget": lambda p: {"value": within_step_budget(_evidence(p), p["n"])},
    "evaluate_table": _evaluate_table,
}


def hello(params: Params) -> Result:
    """The handshake result: who the reference is and what it offers."""
    return {
        "protocol": 1,
        "name": NAME,
        "version": VERSION,
        "operations": sorted(OPERATIONS),
        "templates": list(TEMPLATES),
        "profiles": [PROFILE],
    }


def perform(op: str, params: Params) -> Result:
    """Run one operation (or the handshake) on valid params."""
    if op == "hello":
        return hello(params)
    return OPERATIONS[op](params)
