"""Answers like the reference, each result with members no outcome compares holding numbers
beyond a double (`1e999`) and beyond Python's digits (5,000 of them) and an integer beyond
2^64: every report and summary must stay JSON every reader accepts. `huge_numbers.py wrong`
also answers every identifier_match the other way (a defect, so that its answers are kept)."""

import json
import sys

import _zoo

WRONG = sys.argv[1:] == ["wrong"]
EXTRA = b'"far":1e999,"near":-1e999,"long":' + b"9" * 5000 + b',"wide":18446744073709551617'


def hook(request, line):
    response = _zoo.reference(line)
    if request.get("op") == "hello" or "result" not in response:
        return False
    if WRONG and request["op"] == "identifier_match":
        response["result"]["match"] = not response["result"]["match"]
    text = json.dumps(response).encode()[:-2]  # the envelope without its closing braces
    _zoo.write(text + b"," + EXTRA + b"}}\n")
    return True


_zoo.serve(hook)
