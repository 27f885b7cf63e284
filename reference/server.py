"""The reference as a protocol command (PROTOCOL.md): JSON Lines on stdin/stdout.

The only module of the reference that does I/O. Answers every line until EOF, so it serves
streaming and one-shot mode alike.
"""

import json
import sys
from typing import Any, BinaryIO

from oasis_si_schemas import validator

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
    problem = next(iter(validator("protocol/request").iter_errors(request)), None)
    if problem is not None:
        where = "/".join(str(p) for p in problem.absolute_path) or "(root)"
        return _error(request_id, "invalid_request", f"{where}: {problem.message}")
    try:
        return {"id": request_id, "result": perform(request["op"], request["params"])}
    except Exception as error:  # a bug in the reference must still answer its request
        return _error(request_id, "internal", f"{type(error).__name__}: {error}")


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
