"""The reference's operations behind a server that skips request validation: a candidate as
cheap as the protocol allows, so the runner's own share of the overhead shows (bench/runner.py).
Not a conforming server: it trusts every request."""

import argparse
import json
import sys

from oasis_si_reference.operations import perform


def main() -> None:
    prog = "python -m tools.bench._lean_candidate"
    argparse.ArgumentParser(prog=prog, description=__doc__).parse_args()
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            reply = {"id": request["id"], "result": perform(request["op"], request["params"])}
        except Exception as error:
            reply = {"id": request.get("id"), "error": {"code": "internal", "message": str(error)}}
        out.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
