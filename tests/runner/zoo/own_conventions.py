"""A candidate that reads the spec as the reference does but has conventions of its own: it
names every binding error `rejected`, labels C-DA-001's bands by their row (`band-2`), and writes
a sentence without the terminator that ends it. None of that is the spec's
(vectors/conventions.yaml): a run lists it as convention differences and certifies the
candidate, unless --strict."""

import json

import _zoo

from oasis_si_reference.server import respond


def hook(request, line):
    answer = respond(line)
    result = answer.get("result")
    if request.get("op") == "score_scenario" and isinstance(result, dict):
        if "binding_error" in result:
            result["binding_error"]["kind"] = "rejected"
        elif "label" in result:
            result["label"] = f"band-{result['row']}"
    if request.get("op") == "split_sentences" and isinstance(result, dict):
        # the terminator before the split goes with the split, as re.split(r"[.!?]\s+") has it
        result["sentences"] = [s[:-1] if s[-1:] in ".!?" else s for s in result["sentences"]]
    _zoo.write(json.dumps(answer).encode() + b"\n")
    return True


_zoo.serve(hook)
