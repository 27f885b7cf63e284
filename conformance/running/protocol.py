"""The client side of the certification protocol (PROTOCOL.md): message encoding and checking.

Nothing here does I/O. Requests are encoded once per vector (only the id changes between
repetitions). A response line is checked in three steps, each failing the request with a
`Violation` that carries an excerpt of the raw bytes:

1. framing: UTF-8, one JSON value (no NaN/Infinity constants, no BOM);
2. envelope: schemas/protocol/response.schema.json, and the id must echo the request's;
3. result: the operation's `$defs` entry of schemas/protocol/result.schema.json.

Schema checks run thousands of times per certification, so steps 2 and 3 first try a
hand-written check that accepts only documents the schema accepts (for results, each
operation's `ResultShape.accepts` in the registry, conformance/operations.py; tests/runner check
this soundness against the schema with hypothesis). A document the fast check does not accept is
handed to jsonschema, which alone decides and words the error. The outcome is therefore
exactly the schema's; only the cost differs.
"""

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any, Final

import attrs
from jsonschema import Draft202012Validator

import oasis_si_schemas
from oasis_si_conformance import KIT_NAME, __version__, operations
from oasis_si_conformance.model import FailureKind
from oasis_si_schemas import first_error_message, validator

PROTOCOL_VERSION: Final = 1
HELLO_ID: Final = 0
ERROR_CODES: Final = operations.ERROR_CODES
EXCERPT_BYTES: Final = 400
#: The deepest nesting of arrays and objects an answer line may hold (PROTOCOL.md, Limits).
MAX_DEPTH: Final = 64
#: The most arrays and objects one line may hold (PROTOCOL.md, Limits): far beyond any answer
#: of the operations, and what keeps a padded line (megabytes of `{}`) from costing the runner
#: hundreds of megabytes and seconds of CPU to decode.
MAX_CONTAINERS: Final = 100_000
#: The most items each array of a handshake (operations, templates, profiles) and members
#: each of its objects (runtime, runtime.unicode) may hold (PROTOCOL.md, Limits).
MAX_DECLARED: Final = 1000
#: An answer line up to this size is kept whole; a longer one keeps its compared members
#: whole and an abridged copy of the rest (`abridge`), so a run's memory stays bounded.
KEPT_LINE_BYTES: Final = 16384

_RESULT_SCHEMA = "https://oasis-si-kit.invalid/schemas/protocol/result.schema.json"


def _operation_set(hello: "Hello") -> frozenset[str]:
    return frozenset(hello.operations)


def _template_set(hello: "Hello") -> frozenset[str]:
    return frozenset(hello.templates)


@attrs.frozen
class Hello:
    """What the candidate declared in its handshake."""

    name: str
    version: str
    operations: tuple[str, ...]
    templates: tuple[str, ...]
    profiles: tuple[str, ...]
    raw: dict[str, Any] = attrs.field(eq=False, repr=False)
    #: What it says it runs on (optional `runtime`: name, version, unicode, ...), as given.
    runtime: dict[str, Any] | None = None
    #: `operations` and `templates` as sets, which a run asks once per vector: a declaration
    #: of 20,000 templates must not cost 20,000 comparisons per vector.
    operation_set: frozenset[str] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_operation_set, takes_self=True)
    )
    template_set: frozenset[str] = attrs.field(
        init=False, eq=False, repr=False, default=attrs.Factory(_template_set, takes_self=True)
    )

    def offers(self, operation: str) -> bool:
        """Does the candidate declare `operation`? (Constant time.)"""
        return operation in self.operation_set

    def offers_template(self, template: str) -> bool:
        """Does the candidate declare `template`? (Constant time.)"""
        return template in self.template_set


@attrs.frozen
class Violation:
    """A response that breaks the protocol. `kind` is one of the protocol failure kinds:
    not_utf8, not_json, invalid_response, wrong_id, invalid_result, error_response."""

    kind: FailureKind
    message: str
    excerpt: str
    answered: Any = None  # wrong_id: the id the line answers
    error_code: str | None = None  # error_response: the code of the error


@attrs.frozen
class Answer:
    """A valid `result` answering the request."""

    result: dict[str, Any]


class HandshakeError(Exception):
    """The candidate did not complete a valid handshake."""


# Encoding -----------------------------------------------------------------------------------


def encode_params(params: dict[str, Any]) -> bytes:
    """The params object as compact UTF-8 JSON: raw UTF-8, and a \\u escape for each lone
    surrogate, which UTF-8 cannot carry (PROTOCOL.md, Strings that are not Unicode text).
    Nothing else is escaped: a candidate sees a character above U+FFFF as written, never as
    an escaped surrogate pair, so that only the open point is at stake."""
    return encode_params_noting_surrogates(params)[0]


def encode_params_noting_surrogates(params: dict[str, Any]) -> tuple[bytes, bool]:
    """`encode_params`, and whether the params hold a lone surrogate (one was escaped)."""
    text = json.dumps(params, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        return text.encode("utf-8"), False  # UTF-8 refuses exactly the surrogate code points
    except UnicodeEncodeError:
        escaped, count = _LONE_SURROGATE.subn(_escape, text)
        return escaped.encode("utf-8"), count > 0


#: A surrogate code point in a Python string: lone, since JSON text holds no other kind (the
#: generators and the corpus never put a high surrogate right before a low one).
_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def request_line(
    request_id: int, op: str, encoded_params: bytes, edition: str | None = None
) -> bytes:
    """One request line, from params already encoded by `encode_params`; `edition`: the
    edition of the text the request is read under (PROTOCOL.md), an ASCII name."""
    head = b'{"id":%d,"op":"%s"' % (request_id, op.encode("ascii"))
    if edition is not None:
        head += b',"edition":%s' % json.dumps(edition).encode("ascii")
    return head + b',"params":%s}\n' % encoded_params


def hello_line() -> bytes:
    params = {"protocol": PROTOCOL_VERSION, "kit": {"name": KIT_NAME, "version": __version__}}
    return request_line(HELLO_ID, "hello", encode_params(params))


# Decoding -----------------------------------------------------------------------------------


def excerpt(data: bytes, limit: int = EXCERPT_BYTES) -> str:
    """A printable excerpt of raw bytes: invalid UTF-8 shown as \\xNN escapes, cut at `limit`."""
    head = data[:limit].decode("utf-8", errors="backslashreplace")
    if len(data) > limit:
        head += f"... [{len(data) - limit} more bytes]"
    return head


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _read_int(text: str) -> int | float:
    """A JSON integer: exact, or (longer than Python reads exactly: 4,300 digits) a double,
    which overflows to infinity (PROTOCOL.md, Numbers). Never a reason to refuse the line."""
    try:
        return int(text)
    except ValueError:
        return float(text)


_DECODER: Final = json.JSONDecoder(parse_constant=_reject_constant, parse_int=_read_int)


def decode_line(line: bytes) -> Any | Violation:
    """The JSON value of one line, or the Violation that prevents reading it."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        return Violation(
            FailureKind.NOT_UTF8,
            f"not UTF-8: byte 0x{line[error.start]:02x} at offset {error.start} ({error.reason})",
            excerpt(line),
        )
    containers = _containers(line)  # first: counted in C, it bounds the depth scan below
    if containers > MAX_CONTAINERS:
        return Violation(
            FailureKind.INVALID_RESPONSE,
            f"{containers} arrays and objects in one line, more than {MAX_CONTAINERS}"
            " (PROTOCOL.md, Limits)",
            excerpt(line),
        )
    if _deeper_than(line, MAX_DEPTH):
        return Violation(
            FailureKind.INVALID_RESPONSE,
            f"arrays and objects nested deeper than {MAX_DEPTH} levels (PROTOCOL.md, Limits)",
            excerpt(line),
        )
    try:
        return _DECODER.decode(text)
    except (json.JSONDecodeError, ValueError, RecursionError) as error:
        return Violation(FailureKind.NOT_JSON, f"not a JSON line: {error}", excerpt(line))


#: A JSON string, or one bracket: what the nesting depth of a line is counted over.
_STRUCTURE: Final = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


#: A JSON string (its brackets are not the line's).
_STRING: Final = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)


def _containers(line: bytes) -> int:
    """How many arrays and objects the line opens, outside strings (brackets counted in C: a
    line with no more brackets than the limit, the common case, is not scanned)."""
    upper = line.count(b"[") + line.count(b"{")
    if upper <= MAX_CONTAINERS:
        return upper
    bare = _STRING.sub(b"", line)
    return bare.count(b"[") + bare.count(b"{")


def _deeper_than(line: bytes, limit: int) -> bool:
    """Does the line nest arrays and objects deeper than `limit`? (Counted outside strings;
    a line with no more brackets than that, the common case, is not scanned.)"""
    if line.count(b"[") + line.count(b"{") <= limit:
        return False
    depth = 0
    for match in _STRUCTURE.finditer(line):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        elif token in (b"]", b"}"):
            depth -= 1
    return False


#: How much of a member that is not compared an abridged result keeps.
_ABRIDGED_ITEMS: Final = 20
_ABRIDGED_DEPTH: Final = 4


def abridge(value: Any, depth: int = 0) -> Any:
    """A bounded copy of a JSON value for a report: strings cut at EXCERPT_BYTES characters,
    arrays and objects at a few items and levels, each cut marked."""
    if isinstance(value, str):
        if len(value) <= EXCERPT_BYTES:
            return value
        return value[:EXCERPT_BYTES] + f"... [{len(value) - EXCERPT_BYTES} more characters]"
    if isinstance(value, (list, dict)) and depth >= _ABRIDGED_DEPTH:
        return f"[{type(value).__name__} nested deeper: omitted]"
    if isinstance(value, list):
        kept = [abridge(item, depth + 1) for item in value[:_ABRIDGED_ITEMS]]
        if len(value) > _ABRIDGED_ITEMS:
            kept.append(f"[{len(value) - _ABRIDGED_ITEMS} more items omitted]")
        return kept
    if isinstance(value, dict):
        items = list(value.items())
        kept_members = {
            key[:EXCERPT_BYTES]: abridge(item, depth + 1) for key, item in items[:_ABRIDGED_ITEMS]
        }
        if len(items) > _ABRIDGED_ITEMS:
            kept_members["..."] = f"[{len(items) - _ABRIDGED_ITEMS} more members omitted]"
        return kept_members
    return value


def _is_index(value: Any) -> bool:
    return type(value) is int and value >= 0


def _fast_envelope(message: Any) -> bool:
    """True only for documents valid against response.schema.json (sound, not complete)."""
    if type(message) is not dict or "id" not in message:
        return False
    has_result, has_error = "result" in message, "error" in message
    if has_result and not has_error:
        return type(message["result"]) is dict and _is_index(message["id"])
    if has_error and not has_result:
        error = message["error"]
        return (
            (message["id"] is None or _is_index(message["id"]))
            and type(error) is dict
            and type(error.get("code")) is str  # an unhashable code must not raise here
            and error["code"] in ERROR_CODES
            and type(error.get("message")) is str
        )
    return False


def check_response(line: bytes, request_id: int, op: str) -> Answer | Violation:
    """Check one response line against the request it must answer."""
    message = decode_line(line)
    if isinstance(message, Violation):
        return message
    if not _fast_envelope(message):
        problem = first_error_message(validator("protocol/response"), message)
        if problem is not None:
            message = f"response does not fit response.schema.json: {problem}"
            return Violation(FailureKind.INVALID_RESPONSE, message, excerpt(line))
    answered = message["id"]
    if answered is None and "error" in message:
        return _null_id_error(message["error"], request_id, line)
    if answered != request_id or type(answered) is bool:
        message = f"answers id {json.dumps(answered)}, expected {request_id}"
        return Violation(FailureKind.WRONG_ID, message, excerpt(line), answered)
    if "error" in message:
        error = message["error"]
        message = f"error response {error['code']}: {error['message']}"
        return Violation(
            FailureKind.ERROR_RESPONSE, message, excerpt(line), error_code=error["code"]
        )
    result = message["result"]
    problem = check_result(op, result)
    if problem is not None:
        message = f"result does not fit result.schema.json#/$defs/{op}: {problem}"
        return Violation(FailureKind.INVALID_RESULT, message, excerpt(line))
    return Answer(result)


#: Why an evaluator answers a request line with a null-id error: its JSON library refused the
#: line before the id could be read. Lone-surrogate escapes are the case the kit sends.
NULL_ID_CAUSE: Final = (
    "an evaluator answers with id null when its JSON library refuses the request line before"
    " the id can be read: nlohmann::json, serde_json and System.Text.Json refuse a"
    " lone-surrogate escape such as \\ud800, which is valid JSON but no Unicode text"
)


def _null_id_error(error: dict[str, Any], request_id: int, line: bytes) -> Violation:
    """An error with id null answers the request line in flight (answers come in request
    order, PROTOCOL.md): it is that request's `invalid_request` answer, whatever its code."""
    message = (
        f"error response with id null, taken as the invalid_request answer to request"
        f" {request_id} (answers come in request order; {NULL_ID_CAUSE}):"
        f" {error['code']}: {error['message']}"
    )
    return Violation(
        FailureKind.ERROR_RESPONSE, message, excerpt(line), error_code="invalid_request"
    )


def check_result(op: str, result: dict[str, Any]) -> str | None:
    """None when `result` is valid for `op`, else the schema's complaint (for a handshake,
    first the limit on its size)."""
    if op == "hello" and (too_long := _oversized_declaration(result)) is not None:
        return too_long
    fast = _FAST_RESULT.get(op)
    if fast is not None and fast(result):
        return None
    return first_error_message(result_validator(op), result)


@cache
def result_validator(op: str) -> Draft202012Validator:
    """The result schema of `op` (oasis_si_schemas.Validator: linear in the answer's size)."""
    built: Draft202012Validator = oasis_si_schemas.Validator(
        {"$ref": f"{_RESULT_SCHEMA}#/$defs/{op}"}, registry=oasis_si_schemas.registry()
    )
    return built


def _distinct_strings(value: Any, fewest: int = 0) -> bool:
    """An array of at least `fewest` strings, no two equal (`uniqueItems` decided by a set)."""
    return (
        type(value) is list
        and len(value) >= fewest
        and all(type(item) is str for item in value)
        and len(set(value)) == len(value)
    )


def _oversized_declaration(result: dict[str, Any]) -> str | None:
    """Which array or object of a declaration holds more than MAX_DECLARED items, if one
    does: checked before the schema, so that wording what is wrong with a declaration costs
    at most a few thousand items however long its line."""
    runtime = result.get("runtime")
    parts: list[tuple[str, Any]] = [
        (key, result.get(key)) for key in ("operations", "templates", "profiles")
    ]
    parts.append(("runtime", runtime))
    if type(runtime) is dict:
        parts.append(("runtime/unicode", runtime.get("unicode")))
    for where, part in parts:
        if isinstance(part, list | dict) and len(part) > MAX_DECLARED:
            return (
                f"{where}: {len(part)} items, more than {MAX_DECLARED} (PROTOCOL.md, Limits)"
            )
    return None


_HELLO_REQUIRED: Final = frozenset(
    ("protocol", "name", "version", "operations", "templates", "profiles")
)
_OPERATION_NAMES: Final = frozenset(operations.NAMES)


def _fast_hello(result: dict[str, Any]) -> bool:
    """True only for declarations valid against hello.schema.json (sound, not complete: a
    `runtime` with a member that is not a string is left to the schema). Linear in the
    declaration's size, each array's items checked in one pass, so that a hello of
    thousands of templates costs milliseconds."""
    if not _HELLO_REQUIRED <= result.keys():
        return False
    protocol_version, name, version = result["protocol"], result["name"], result["version"]
    declared = result["operations"]
    runtime = result.get("runtime", {})
    return (
        type(protocol_version) is int
        and protocol_version == PROTOCOL_VERSION
        and type(name) is str
        and name != ""
        and type(version) is str
        and version != ""
        and _distinct_strings(declared)
        and "score_scenario" in declared
        and _OPERATION_NAMES.issuperset(declared)
        and _distinct_strings(result["templates"])
        and _distinct_strings(result["profiles"], fewest=1)
        and type(runtime) is dict
        and all(type(member) is str for member in runtime.values())
    )


#: The fast result checks (sound, not complete: see the module docstring), from the registry,
#: and the handshake's.
_FAST_RESULT: Final[dict[str, Callable[[dict[str, Any]], bool]]] = {
    **{entry.name: entry.result.accepts for entry in operations.REGISTRY},
    "hello": _fast_hello,
}


# Handshake ----------------------------------------------------------------------------------


def parse_hello(line: bytes) -> Hello:
    """The candidate's declaration, from its answer to the hello request. Raises HandshakeError."""
    outcome = check_response(line, HELLO_ID, "hello")
    if isinstance(outcome, Violation):
        raise HandshakeError(f"{outcome.message}; output: {outcome.excerpt!r}")
    raw = outcome.result  # check_result has validated it against hello.schema.json
    return Hello(
        name=raw["name"],
        version=raw["version"],
        operations=tuple(raw["operations"]),
        templates=tuple(raw["templates"]),
        profiles=tuple(raw["profiles"]),
        raw=raw,
        runtime=dict(raw["runtime"]) if "runtime" in raw else None,
    )
