"""The protocol loop (PROTOCOL.md): one JSON object per line in, one per line out, until EOF.

Serves streaming and one-shot mode alike. The handshake declares the configured operations and
the edition of the text the configuration reads (`profiles`); any other operation is answered
`unsupported_operation`. A request that names an edition in its envelope (`edition`) is read
under that edition; an edition this evaluator lacks is an `invalid_request`.
"""

import functools
import json
from collections.abc import Iterable
from typing import Any, BinaryIO

import attrs

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.editions import window_radii
from oasis_si_conformance.independent.operations import OPERATIONS, Answered, BadRequest, admit

NAME = "oasis-si-independent"
#: The templates it can score (PROTOCOL.md hello): C-DA-001 and scenario-local composites.
TEMPLATES = ("C-DA-001", "composite")
VERSION = "0.1.0"


@attrs.frozen
class Server:
    """One evaluator configuration and the operations it declares."""

    config: Config
    operations: tuple[str, ...] = tuple(OPERATIONS)
    templates: tuple[str, ...] = TEMPLATES

    def hello(self, params: dict[str, Any]) -> dict[str, Any]:
        if params.get("protocol") != 1:
            raise BadRequest("this evaluator speaks protocol 1")
        return {
            "protocol": 1,
            "name": NAME,
            "version": VERSION,
            "operations": list(self.operations),
            "templates": list(self.templates),
            "profiles": [self.config.edition],
            "readings": self.config.readings.differences(),
        }

    def answer(self, request: Any) -> dict[str, Any]:
        """The response to one parsed request. Never raises."""
        if not isinstance(request, dict):
            return _error(None, "invalid_request", "a request is a JSON object")
        rid = request.get("id")
        rid = rid if isinstance(rid, int) and not isinstance(rid, bool) and rid >= 0 else None
        op, params = request.get("op"), request.get("params")
        if rid is None or not isinstance(params, dict) or not isinstance(op, str):
            return _error(rid, "invalid_request", "a request needs id, op and params")
        try:
            if op == "hello":
                return {"id": rid, "result": self.hello(params)}
            if op not in self.operations:
                return _error(rid, "unsupported_operation", f"operation {op!r} is not offered")
            config = self._config(request)
            return {"id": rid, "result": OPERATIONS[op](admit(params, config), config)}
        except Answered as answered:
            return {"id": rid, "result": answered.result}
        except BadRequest as problem:
            return _error(rid, "invalid_request", str(problem))
        except Exception as problem:  # a bug still answers its request
            return _error(rid, "internal", f"{type(problem).__name__}: {problem}")

    def _config(self, request: dict[str, Any]) -> Config:
        """The configuration under the edition the request names (or the configured one)."""
        edition = request.get("edition", self.config.edition)
        if edition == self.config.edition:
            return self.config
        known = window_radii(self.config.catalog)
        if not isinstance(edition, str) or edition not in known:
            raise BadRequest(f"no edition {edition!r}; this evaluator reads {list(known)}")
        return _under(self.config, edition)

    def respond(self, line: bytes) -> dict[str, Any]:
        """The response to one request line."""
        try:
            request = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError) as problem:
            return _error(None, "invalid_request", f"not a JSON line: {problem}")
        return self.answer(request)

    def serve(self, lines: Iterable[bytes], out: BinaryIO) -> None:
        for line in lines:
            if not line.strip():
                continue
            reply = json.dumps(self.respond(line), ensure_ascii=False, separators=(",", ":"))
            try:
                out.write(reply.encode("utf-8") + b"\n")
            except UnicodeEncodeError:  # a lone surrogate in the answer: JSON escapes
                out.write(json.dumps(self.respond(line), separators=(",", ":")).encode() + b"\n")
            out.flush()


@functools.lru_cache(maxsize=64)
def _under(config: Config, edition: str) -> Config:
    """`config` read under another edition (one Config per pair, so its caches are kept)."""
    return attrs.evolve(config, edition=edition)


def _error(rid: int | None, code: str, message: str) -> dict[str, Any]:
    return {"id": rid, "error": {"code": code, "message": message}}
