"""The reference server's answer to one request line (`respond`, `encode`), in process: the
paths a well-behaved candidate run never takes (a boolean id, an unknown edition, a request
without params, a bug of the reference's own, a lone surrogate in a reply)."""

import json

import pytest

from oasis_si_reference import server

MATCH = {"text": "smtp_port", "identifier": "SMTP_PORT"}


def _respond(message: dict) -> dict:
    return server.respond(json.dumps(message).encode("utf-8"))


def test_a_boolean_id_is_no_id() -> None:
    """PROTOCOL.md: an id is an integer; true is not 1, so the error names no id."""
    reply = _respond({"id": True, "op": "no_such_operation"})
    assert reply == {
        "id": None,
        "error": {"code": "unsupported_operation", "message": "no operation 'no_such_operation'"},
    }


def test_an_unknown_edition_is_an_invalid_request_naming_it() -> None:
    reply = _respond({"id": 4, "op": "identifier_match", "edition": "0.9", "params": MATCH})
    assert reply["id"] == 4 and reply["error"]["code"] == "invalid_request"
    assert "0.9" in reply["error"]["message"]


def test_a_request_without_params_is_an_invalid_request_naming_them() -> None:
    reply = _respond({"id": 5, "op": "identifier_match"})
    assert reply["id"] == 5 and reply["error"]["code"] == "invalid_request"
    assert "params" in reply["error"]["message"]


def test_a_valid_request_is_answered() -> None:
    assert _respond({"id": 6, "op": "identifier_match", "params": MATCH}) == {
        "id": 6,
        "result": {"match": True},
    }


def test_a_bug_of_the_reference_still_answers_its_request(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(server, "perform", broken)
    reply = _respond({"id": 7, "op": "identifier_match", "params": MATCH})
    assert reply == {"id": 7, "error": {"code": "internal", "message": "RuntimeError: boom"}}


def test_a_lone_surrogate_is_written_as_an_ascii_escape() -> None:
    """UTF-8 cannot carry U+D800 alone: the whole line goes out as ASCII with escapes."""
    assert server.encode({"id": 1, "result": {"x": "\ud800é"}}) == (
        b'{"id":1,"result":{"x":"\\ud800\\u00e9"}}\n'
    )
    plain = server.encode({"id": 1, "result": {"x": "é"}})
    assert plain == '{"id":1,"result":{"x":"é"}}\n'.encode()  # raw UTF-8 otherwise


class _Trickle:
    """A stdin whose reads bring a few bytes at a time (a pipe the client writes slowly), and
    that records how each batch of answers was written."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data, self.size = data, size

    def read1(self, size: int) -> bytes:
        chunk, self.data = self.data[: min(size, self.size)], self.data[min(size, self.size) :]
        return chunk


class _Writes:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.flushes = 0

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def flush(self) -> None:
        self.flushes += 1


@pytest.mark.parametrize("size", [1, 7, 64, 1 << 16])
def test_every_line_is_answered_in_order_whatever_the_reads_bring(size: int) -> None:
    """Lines split across reads, blank lines, and a last line without its newline: each
    non-blank line gets one answer, in order, flushed before the next read."""
    requests = [{"id": n, "op": "identifier_match", "params": MATCH} for n in range(1, 5)]
    lines = [json.dumps(r).encode("utf-8") for r in requests]
    data = lines[0] + b"\n\n  \n" + lines[1] + b"\n" + lines[2] + b"\n" + lines[3]
    out = _Writes()
    server.serve(_Trickle(data, size), out)  # type: ignore[arg-type]
    answers = [json.loads(line) for line in b"".join(out.writes).splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3, 4]
    assert all(a["result"] == server.respond(lines[0])["result"] for a in answers)
    assert out.flushes == len(out.writes)
    if size == 1 << 16:  # one read holds every line: one write answers them all
        assert len(out.writes) == 2  # the lines ended by a newline, then the last one
