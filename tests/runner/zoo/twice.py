"""Answers requests twice: `twice.py identical` every request with the same line twice;
`twice.py error` every request, the second answer a contradicting error; `twice.py trigger`
the trigger vector alone, identically. Every request is answered by exactly one line: each
request answered twice fails (extra_output)."""

import sys

import _zoo

MODE = sys.argv[1] if len(sys.argv) > 1 else "identical"


def hook(request, line):
    if request.get("op") == "hello":
        return False
    if MODE == "trigger" and not _zoo.is_trigger(request):
        return False
    response = _zoo.reference(line)
    _zoo.reply(response)
    if MODE == "error":
        error = {"code": "internal", "message": "on second thought, no"}
        _zoo.reply({"id": request["id"], "error": error})
    else:
        _zoo.reply(response)
    return True


_zoo.serve(hook)
