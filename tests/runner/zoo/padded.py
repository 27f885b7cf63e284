"""Answers like the reference, each result padded with a member no outcome compares:
`padded.py pad BYTES` a string of BYTES characters; `padded.py deep LEVELS` arrays nested
LEVELS deep. A run must keep its memory and its report bounded whatever the padding."""

import json
import sys

import _zoo

MODE, SIZE = sys.argv[1], int(sys.argv[2])
NESTED = "[" * SIZE + "]" * SIZE


def hook(request, line):
    response = _zoo.reference(line)
    if request.get("op") == "hello" or "result" not in response:
        return False
    text = json.dumps(response)[:-2]  # the envelope without its closing braces
    padding = json.dumps("x" * SIZE) if MODE == "pad" else NESTED
    _zoo.write(f'{text}, "padding": {padding}}}}}\n'.encode())
    return True


_zoo.serve(hook)
