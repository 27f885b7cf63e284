"""The reference's operations behind a server that skips request validation: a candidate as
cheap as the protocol allows, so the runner's own share of the overhead shows (bench/runner.py),
and the fuzzer's side alone can be measured (bench/fuzz.py). Not a conforming server: it
trusts every request. It reads each request under the edition it names, and writes answers
as the reference's server does (lone surrogates as JSON escapes, the lines of one read
answered in one write), so it never crashes on a fuzzed case."""

import argparse
import json
import sys

from oasis_si_reference.editions import DEFAULT, EDITIONS
from oasis_si_reference.operations import perform
from oasis_si_reference.server import answer_lines, encode


def main() -> None:
    prog = "python -m tools.bench._lean_candidate"
    argparse.ArgumentParser(prog=prog, description=__doc__).parse_args()
    answer_lines(sys.stdin.buffer, sys.stdout.buffer, _answer)


def _answer(line: bytes) -> bytes:
    request = json.loads(line)
    try:
        edition = EDITIONS.get(request.get("edition"), DEFAULT)
        result = perform(request["op"], request["params"], edition)
        reply = {"id": request["id"], "result": result}
    except Exception as error:
        reply = {"id": request.get("id"), "error": {"code": "internal", "message": str(error)}}
    return encode(reply)


if __name__ == "__main__":
    main()
