"""The reference as a protocol command (PROTOCOL.md): JSON Lines on stdin/stdout.

The only module of the reference that does I/O. Answers every line until EOF, so it serves
streaming and one-shot mode alike.
"""

import json
import sys
from functools import cache
from typing import Any, BinaryIO

from jsonschema import Draft202012Validator

from oasis_si_schemas import first_error_message, load, registry

from .operations import OPERATIONS, perform


def respond(line: bytes) -> dict[str, Any]:
    """The response to one request line. Never raises."""
    try:
        request = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return _error(None, "invalid_request", f"not a JSON line: {error}")
    request_id = request.get("id") if isinstance(request, dict) else None
    request_id = request_id if isinstance(request_id, int) and not isinstance(request_id, bool) else None
    if isinstance(request, dict) and request.get("op") not in (*OPERATIONS, "hello", None):
        return _error(request_id, "unsupported_operation", f"no operation {request.get('op')!r}")
    problem = _first_problem(request)
    if problem is not None:
        return _error(request_id, "invalid_request", problem)
    try:
        return {"id": request_id, "result": perform(request["op"], request["params"])}
    except Exception as error:  # a bug in the reference must still answer its request
        return _error(request_id, "internal", f"{type(error).__name__}: {error}")


@cache
def _validators() -> tuple[Draft202012Validator, dict[str, Draft202012Validator]]:
    """schemas/protocol/request.schema.json split in two: the envelope (the schema less its
    per-operation `allOf` branches) and, for each operation, the `params` schema of its
    branch. The same constraints as the whole schema, checked without trying every branch."""
    schema = load("protocol/request")
    envelope = {key: value for key, value in schema.items() if key != "allOf"}
    params: dict[str, Draft202012Validator] = {}
    for branch in schema["allOf"]:
        op = branch["if"]["properties"]["op"]["const"]
        sub = {"$schema": schema["$schema"], "$id": schema["$id"], **branch["then"]["properties"]["params"]}
        params[op] = Draft202012Validator(sub, registry=registry())
    return Draft202012Validator(envelope, registry=registry()), params


def _first_problem(request: Any) -> str | None:
    """The first way `request` breaks the request schema, located, or None."""
    envelope, params = _validators()
    problem = first_error_message(envelope, request)
    if problem is None:
        problem = first_error_message(params[request["op"]], request["params"], ["params"])
    return problem


def _error(request_id: int | None, code: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "error": {"code": code, "message": message}}


def serve(stdin: BinaryIO, stdout: BinaryIO) -> None:
    for line in stdin:
        if not line.strip():
            continue
        reply = json.dumps(respond(line), ensure_ascii=False, separators=(",", ":"))
        stdout.write(reply.encode("utf-8") + b"\n")
        stdout.flush()


def main() -> None:
    serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()
