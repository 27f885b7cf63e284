"""The reference server with every result padded by a member no outcome compares, of PAD
characters (`_padded_candidate.py PAD`): how the runner's memory grows with answer size
(bench/memory.py); or (`--empty-objects N`) an array of N empty objects (bench/hostile.py)."""

import argparse
import json
import sys

from oasis_si_reference.server import respond


def main() -> None:
    command = argparse.ArgumentParser(prog="python -m tools.bench._padded_candidate")
    command.add_argument("pad", type=int, nargs="?", default=0, help="characters of padding")
    command.add_argument("--empty-objects", type=int, default=0, help="empty objects instead")
    args = command.parse_args()
    pad, objects = args.pad, args.empty_objects
    padding = b"[" + b",".join([b"{}"] * objects) + b"]" if objects else b""
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        response = respond(line)
        padded = "result" in response and json.loads(line).get("op") != "hello"
        if pad and padded:
            response["result"]["padding"] = "x" * pad
        text = json.dumps(response, separators=(",", ":")).encode()
        if padding and padded:
            text = text[:-2] + b',"padding":' + padding + b"}}"
        out.write(text + b"\n")
        out.flush()


if __name__ == "__main__":
    main()
