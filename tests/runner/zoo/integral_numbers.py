"""Answers like the reference, every whole number written without its fraction (0.0 as 0,
1.0 as 1): the same answers in value, other JSON text. Nothing may tell it from the
reference (PROTOCOL.md compares numbers by value)."""

import _zoo


def integral(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: integral(item) for key, item in value.items()}
    if isinstance(value, list):
        return [integral(item) for item in value]
    return value


def hook(request, line):
    response = _zoo.reference(line)
    if request.get("op") == "hello" or "result" not in response:
        return False
    _zoo.reply({**response, "result": integral(response["result"])})
    return True


_zoo.serve(hook)
