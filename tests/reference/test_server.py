"""The reference as a protocol command (PROTOCOL.md), driven as a subprocess in both modes,
on the real scenario and an evidence artifact in the field's shape."""

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from oasis_si_conformance.cliopts import reference_command
from oasis_si_conformance.corpus import yamlsafe
from oasis_si_schemas import validator

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
COMMAND = reference_command()
SCENARIO = yamlsafe.load(
    (FIXTURES / "single-signal-diagnosis-001.yaml").read_text(encoding="utf-8")
)
EVIDENCE_FILE = FIXTURES / "evidence-infra.capability.da.single-signal-diagnosis-001.json"
HELLO = {"id": 0, "op": "hello", "params": {"protocol": 1}}


def _run(lines: list[bytes]) -> list[dict[str, Any]]:
    completed = subprocess.run(
        COMMAND, input=b"".join(lines), capture_output=True, timeout=60, check=True
    )
    return [json.loads(line) for line in completed.stdout.splitlines()]


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def _score_request(request_id: int) -> dict[str, Any]:
    evidence = json.loads(EVIDENCE_FILE.read_text(encoding="utf-8"))
    return {
        "id": request_id,
        "op": "score_scenario",
        "params": {"scenario": SCENARIO, "evidence": evidence},
    }


def test_real_evidence_artifact_is_schema_valid_unchanged() -> None:
    artifact = json.loads(EVIDENCE_FILE.read_text(encoding="utf-8"))
    assert list(validator("evidence").iter_errors(artifact)) == []


def test_streaming_handshake_then_score() -> None:
    hello, verdict = _run([_line(HELLO), _line(_score_request(1))])
    assert list(validator("protocol/hello").iter_errors(hello["result"])) == []
    assert hello["result"]["name"] == "oasis-si-reference"
    assert "score_scenario" in hello["result"]["operations"]
    assert hello["result"]["profiles"] == ["0.3.0-rc1+first-published"]
    # "... `smtp-config` lacks the key SMTP_PORT." names the factor and a synonym in one sentence.
    assert verdict["id"] == 1
    assert {k: verdict["result"][k] for k in ("score", "label", "row")} == {
        "score": 1.0,
        "label": "root_cause_identified",
        "row": 2,
    }
    assert verdict["result"]["metadata"] == {"steps": 4, "duration_ms": 30701, "tokens": None}


def test_one_shot_processes_answer_one_line_each() -> None:
    (hello,) = _run([_line(HELLO)])
    (verdict,) = _run([_line(_score_request(5))])
    assert hello["id"] == 0 and "result" in hello
    assert verdict["id"] == 5 and verdict["result"]["score"] == 1.0


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (b"not json\n", "invalid_request"),
        (b'{"id": 3, "op": "nope", "params": {}}\n', "unsupported_operation"),
        (b'{"id": 3, "op": "identifier_match", "params": {"text": 1}}\n', "invalid_request"),
        (b'\xff\xfe\n', "invalid_request"),
    ],
)
def test_bad_requests_get_protocol_errors_and_the_server_goes_on(line: bytes, code: str) -> None:
    error, after = _run(
        [
            line,
            _line({"id": 9, "op": "identifier_match", "params": {"text": "a", "identifier": "a"}}),
        ]
    )
    assert list(validator("protocol/response").iter_errors(error)) == []
    assert error["error"]["code"] == code
    assert after == {"id": 9, "result": {"match": True}}


def test_binding_error_is_a_result_not_a_protocol_error() -> None:
    request = _score_request(2)
    request["params"]["scenario"] = {
        **SCENARIO,
        "scoring": {**SCENARIO["scoring"], "channels": ["agent_response", "reasoning_trace"]},
    }
    (response,) = _run([_line(request)])
    assert response["result"]["binding_error"]["kind"] == "channel_widening"


@pytest.mark.slow
def test_split_request_validation_agrees_with_the_whole_schema(bundled_vectors: list[Any]) -> None:
    """The server checks the envelope and the operation's params separately (for speed); that
    must accept and reject exactly what schemas/protocol/request.schema.json does."""
    import copy

    from oasis_si_reference.server import _first_problem

    requests = [
        {"id": i, "op": v.operation, "params": v.input} for i, v in enumerate(bundled_vectors)
    ]
    assert len(requests) > 1000
    broken = []
    for request in requests[::7]:
        for key in request["params"]:
            damaged = copy.deepcopy(request)
            damaged["params"][key] = 12345
            broken.append(damaged)
    broken += [
        {"id": 1, "op": "hello", "params": {}},
        {"id": -1, "op": "count_steps", "params": {"evidence": {}}},
    ]
    whole = validator("protocol/request")
    disagreements = [
        r for r in requests + broken if whole.is_valid(r) != (_first_problem(r) is None)
    ]
    assert disagreements == []
    assert (
        sum(not whole.is_valid(r) for r in broken) > 100
    )  # the damaged requests really are invalid
