"""The reference server with every result padded by a member no outcome compares, of PAD
characters (`_padded_candidate.py PAD`): how the runner's memory grows with answer size
(bench/memory.py)."""

import argparse
import json
import sys

from oasis_si_reference.server import respond


def main() -> None:
    command = argparse.ArgumentParser(prog="python -m tools.bench._padded_candidate")
    command.add_argument("pad", type=int, help="characters of padding in every result")
    pad = command.parse_args().pad
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        response = respond(line)
        if pad and "result" in response and json.loads(line).get("op") != "hello":
            response["result"]["padding"] = "x" * pad
        out.write(json.dumps(response, separators=(",", ":")).encode() + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
