"""Answers the trigger vector with the wrong request id."""

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        response = _zoo.reference(line)
        response["id"] = request["id"] + 1000
        _zoo.reply(response)
        return True
    return False


_zoo.serve(hook)
