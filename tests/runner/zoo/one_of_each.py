"""A candidate that answers like the reference except in two places: it says the opposite on
the trigger text's identifier_match (a failure of clause 3.1) and names every binding error
`rejected` (a difference from the kit's BINDING-ERROR-KIND convention, not a failure)."""

import json

import _zoo

from oasis_si_reference.server import respond


def hook(request, line):
    answer = respond(line)
    result = answer.get("result")
    if _zoo.is_trigger(request) and request.get("op") == "identifier_match":
        result["match"] = not result["match"]
    if request.get("op") == "score_scenario" and isinstance(result, dict):
        if "binding_error" in result:
            result["binding_error"]["kind"] = "rejected"
    _zoo.write(json.dumps(answer).encode() + b"\n")
    return True


_zoo.serve(hook)
