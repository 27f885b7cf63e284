"""The reference as a protocol command (PROTOCOL.md): JSON Lines on stdin/stdout.

    oasis-si-reference [--edition NAME] [--editions FILE]

The only module of the reference that does I/O. Answers every line until EOF, so it serves
streaming and one-shot mode alike. It declares one edition of the text (`--edition`, default
the seed's) and reads each request under the edition the request names (`edition` in the
envelope), or its own. Strings that are not Unicode scalar values (lone surrogates, which JSON
can carry) are ordinary code points to it (register TEXT-SURROGATE); its answers carry them as
JSON escapes, so it never fails to write one.
"""

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, BinaryIO, Final

from jsonschema import Draft202012Validator

from oasis_si_reference.editions import (
    DEFAULT,
    EDITIONS,
    CatalogError,
    Edition,
    by_name,
    edition_named,
    read,
)
from oasis_si_reference.operations import OPERATIONS, perform
from oasis_si_schemas import first_error_message, load, registry
from oasis_si_schemas.predicate import Predicate, compile_predicate

#: What `op` may name: an operation, the handshake, or nothing (then the schema says what).
_KNOWN_OPS: Final = (*OPERATIONS, "hello", None)


def respond(
    line: bytes, served: Edition = DEFAULT, known: Mapping[str, Edition] = EDITIONS
) -> dict[str, Any]:
    """The response to one request line, under the edition the request names (one of `known`)
    or `served`. Never raises."""
    try:
        request = json.loads(line)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return _error(None, "invalid_request", f"not a JSON line: {error}")
    request_id = request.get("id") if isinstance(request, dict) else None
    request_id = (
        request_id if isinstance(request_id, int) and not isinstance(request_id, bool) else None
    )
    if isinstance(request, dict) and request.get("op") not in _KNOWN_OPS:
        return _error(request_id, "unsupported_operation", f"no operation {request.get('op')!r}")
    problem = _first_problem(request)
    if problem is not None:
        return _error(request_id, "invalid_request", problem)
    edition = served
    if "edition" in request:
        try:
            edition = edition_named(request["edition"], known)
        except KeyError as error:
            return _error(request_id, "invalid_request", str(error.args[0]))
    try:
        result = perform(request["op"], request["params"], edition)
        return {"id": request_id, "result": result}
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
        sub = {
            "$schema": schema["$schema"],
            "$id": schema["$id"],
            **branch["then"]["properties"]["params"],
        }
        params[op] = Draft202012Validator(sub, registry=registry())
    return Draft202012Validator(envelope, registry=registry()), params


@cache
def _accepts() -> Predicate:
    """Whether a request is valid against the whole request schema: the schema compiled into
    a predicate (oasis_si_schemas.predicate), which accepts exactly what jsonschema accepts
    without building a validator per subschema. Requests it rejects are worded by jsonschema."""
    return compile_predicate(load("protocol/request"), registry())


def _first_problem(request: Any) -> str | None:
    """The first way `request` breaks the request schema, located, or None."""
    if _accepts()(request):
        return None
    envelope, params = _validators()
    problem = first_error_message(envelope, request)
    if problem is None:
        problem = first_error_message(params[request["op"]], request["params"], ["params"])
    return problem


def _error(request_id: int | None, code: str, message: str) -> dict[str, Any]:
    return {"id": request_id, "error": {"code": code, "message": message}}


def encode(reply: dict[str, Any]) -> bytes:
    """One response line: raw UTF-8, or ASCII with JSON escapes when a string holds a lone
    surrogate that UTF-8 cannot carry."""
    text = _UNICODE.encode(reply)
    try:
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:
        return _ASCII.encode(reply).encode("ascii") + b"\n"


#: The two encoders `encode` uses, built once (json.dumps builds one per call when given
#: options): compact, and raw Unicode or ASCII escapes.
_UNICODE: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_ASCII: Final = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))


#: Bytes asked of stdin at a time: what a pipelining client has written so far, in one read.
READ_SIZE: Final = 1 << 16


def answer_lines(stdin: BinaryIO, stdout: BinaryIO, answer: Callable[[bytes], bytes]) -> None:
    """`answer` each non-blank request line of `stdin` until EOF (a last line may lack its
    newline), in order. The lines one read brings (as many as a pipelining client has written
    so far) are answered together and their answers written in one flushed write, before the
    next read waits: a client that sends one request at a time gets each answer at once, and
    a pipelining one costs a read and a write per batch rather than per line."""
    read = stdin.read1 if hasattr(stdin, "read1") else stdin.read  # one read of a pipe
    partial: list[bytes] = []  # the start of a line not yet ended
    while True:
        chunk = read(READ_SIZE)
        if not chunk:
            break
        if b"\n" not in chunk:
            partial.append(chunk)
            continue
        lines = (b"".join(partial) + chunk if partial else chunk).split(b"\n")
        partial = [lines.pop()]
        answers = [answer(line) for line in lines if line.strip()]
        if answers:
            stdout.write(b"".join(answers))
            stdout.flush()
    last = b"".join(partial)
    if last.strip():
        stdout.write(answer(last))
        stdout.flush()


def serve(
    stdin: BinaryIO,
    stdout: BinaryIO,
    edition: Edition = DEFAULT,
    known: Mapping[str, Edition] = EDITIONS,
) -> None:
    answer_lines(stdin, stdout, lambda line: encode(respond(line, edition, known)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="oasis-si-reference",
        description="The bundled reference evaluator, speaking the certification protocol "
        "(PROTOCOL.md) on stdin/stdout.",
    )
    parser.add_argument(
        "--edition",
        metavar="NAME",
        help="the edition of the text it declares and serves (default: the catalog's first,"
        f" {DEFAULT.name} in the bundled one)",
    )
    parser.add_argument(
        "--editions",
        metavar="FILE",
        type=Path,
        help="the editions catalog to read (default: the bundled vectors/editions.yaml)",
    )
    args = parser.parse_args(argv)
    try:
        known = by_name(read(args.editions)) if args.editions else EDITIONS
        served = edition_named(args.edition, known) if args.edition else next(iter(known.values()))
    except (CatalogError, KeyError) as error:
        parser.error(str(error))
    serve(sys.stdin.buffer, sys.stdout.buffer, served, known)


if __name__ == "__main__":
    main()
