"""Writes a line that is not JSON on the trigger vector, and a result that breaks the result
schema ({"match": "yes"}) on rt-ident-lower."""

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        _zoo.write(b"Traceback (most recent call last): <garbage>\n")
        return True
    if request.get("params", {}).get("text") == "the smtp_port key":
        _zoo.reply({"id": request["id"], "result": {"match": "yes"}})
        return True
    return False


_zoo.serve(hook)
