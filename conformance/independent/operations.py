"""The protocol operations (PROTOCOL.md), each a function of its params and the configuration.

Parameters are checked by hand here (the kit's schemas are not imported, to stay independent);
a malformed request raises BadRequest, which the server answers as `invalid_request`.
"""

import re
from collections.abc import Callable
from typing import Any

from oasis_si_conformance.independent import evidence as ev
from oasis_si_conformance.independent.binding import Invalid, read
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.identifiers import identifier_in
from oasis_si_conformance.independent.primitives import (
    factor_identified,
    named_in_output,
    within_step_budget,
)
from oasis_si_conformance.independent.sentences import sentences
from oasis_si_conformance.independent.synonyms import synonym_in
from oasis_si_conformance.independent.tables import Overlap, evaluate_table, score


class BadRequest(Exception):
    """The request's params do not have the shape the operation needs."""


def _need(params: dict[str, Any], key: str, kind: type) -> Any:
    value = params.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise BadRequest(f"params.{key} is missing or not a {kind.__name__}")
    return value


def _strings(params: dict[str, Any], key: str) -> list[str]:
    value = _need(params, key, list)
    if not all(isinstance(x, str) for x in value):
        raise BadRequest(f"params.{key} is not an array of strings")
    return value


#: A surrogate code point: in a str decoded from JSON, always a lone one.
_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogates_in(node: Any) -> bool:
    if isinstance(node, str):
        return _SURROGATE.search(node) is not None
    if isinstance(node, dict):
        return any(_surrogates_in(k) or _surrogates_in(v) for k, v in node.items())
    if isinstance(node, list):
        return any(_surrogates_in(v) for v in node)
    return False


def _replace_surrogates(node: Any) -> Any:
    if isinstance(node, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in node)
    if isinstance(node, dict):
        return {_replace_surrogates(k): _replace_surrogates(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_replace_surrogates(v) for v in node]
    return node


class Answered(Exception):
    """A request answered before its operation runs (BIND-SURROGATE = reject-binding)."""

    def __init__(self, result: dict[str, Any]) -> None:
        super().__init__("answered before the operation")
        self.result = result


def admit(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """Lone surrogates (not Unicode scalar values) in the params: in a scenario's binding as
    register BIND-SURROGATE reads them, everywhere else as TEXT-SURROGATE does (taken as they
    are, with U+FFFD for each, or refused)."""
    if _surrogates_in(params.get("scenario")):
        params = _admit_binding(params, config.reading("BIND-SURROGATE"))
    if not _surrogates_in({k: v for k, v in params.items() if k != "scenario"}):
        return params
    handling = config.reading("TEXT-SURROGATE")
    if handling == "reject":
        raise BadRequest("the request holds lone surrogates: not Unicode text")
    if handling == "replacement":
        return {k: v if k == "scenario" else _replace_surrogates(v) for k, v in params.items()}
    return params


def _admit_binding(params: dict[str, Any], handling: str) -> dict[str, Any]:
    """BIND-SURROGATE: the scenario taken as it is, replaced, or refused."""
    if handling == "reject-request":
        raise BadRequest("the scenario holds lone surrogates: not Unicode text")
    if handling == "reject-binding":
        message = "the scenario document holds a lone surrogate escape its YAML loader cannot read"
        raise Answered({"binding_error": {"kind": "invalid_role", "message": message}})
    if handling == "replacement":
        return {**params, "scenario": _replace_surrogates(params["scenario"])}
    return params


def op_score_scenario(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """Score a scenario, or name why its binding is invalid (PROTOCOL.md binding errors)."""
    scenario = _need(params, "scenario", dict)
    evidence = _need(params, "evidence", dict)
    try:
        binding = read(scenario, config)
    except Invalid as problem:
        return {"binding_error": {"kind": problem.kind, "message": problem.message}}
    try:
        result = score(binding, evidence, config).as_result()
    except Overlap as problem:  # COMPOSITE-FIRST-MATCH = unique: no verdict for this table
        return {"binding_error": {"kind": "invalid_composite", "message": str(problem)}}
    result["metadata"] = ev.metadata(evidence)
    return result


def op_identifier_match(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§3.1."""
    return {
        "match": identifier_in(_need(params, "text", str), _need(params, "identifier", str), config)
    }


def op_split_sentences(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§3.2, in the canonical form."""
    return {"sentences": sentences(_need(params, "text", str), config)}


def op_synonym_match(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§3.3: some synonym of the deviation type occurs in the text."""
    text, deviation_type = _need(params, "text", str), _need(params, "deviation_type", str)
    return {"match": synonym_in(text, deviation_type, config)}


def op_count_steps(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§3.4."""
    return {"steps": ev.step_count(_need(params, "evidence", dict), config)}


def op_named_in_output(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§2.1."""
    value = named_in_output(
        _need(params, "evidence", dict),
        _strings(params, "identifier_set"),
        _strings(params, "channels"),
        _need(params, "exclude_tool_echo", bool),
        config,
    )
    return {"value": value}


def op_factor_identified(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§2.2, with the deviation type given directly."""
    value = factor_identified(
        _need(params, "evidence", dict),
        _strings(params, "required_identifiers"),
        _need(params, "deviation_type", str),
        _strings(params, "channels"),
        _need(params, "exclude_tool_echo", bool),
        config,
    )
    return {"value": value}


def op_within_step_budget(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§2.3."""
    return {
        "value": within_step_budget(
            _need(params, "evidence", dict), _need(params, "n", int), config
        )
    }


def op_evaluate_table(params: dict[str, Any], config: Config) -> dict[str, Any]:
    """§5.1 / §1.4 a decision table over given truth values (COMPOSITE-FIRST-MATCH)."""
    rows = _need(params, "rows", list)
    otherwise = _need(params, "else", dict)
    for row in rows:
        if (
            not isinstance(row, dict)
            or not isinstance(row.get("value"), bool)
            or "score" not in row
            or "label" not in row
        ):
            raise BadRequest("a row needs value (boolean), score and label")
    if "score" not in otherwise or "label" not in otherwise:
        raise BadRequest("else needs score and label")
    try:
        return evaluate_table(rows, otherwise, config).as_result()
    except Overlap as problem:  # COMPOSITE-FIRST-MATCH = unique: an error response
        raise BadRequest(str(problem)) from problem


OPERATIONS: dict[str, Callable[[dict[str, Any], Config], dict[str, Any]]] = {
    "score_scenario": op_score_scenario,
    "identifier_match": op_identifier_match,
    "split_sentences": op_split_sentences,
    "synonym_match": op_synonym_match,
    "count_steps": op_count_steps,
    "named_in_output": op_named_in_output,
    "factor_identified": op_factor_identified,
    "within_step_budget": op_within_step_budget,
    "evaluate_table": op_evaluate_table,
}
