"""Answers the trigger vector with `"result": null`, which breaks the response schema."""

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        _zoo.reply({"id": request["id"], "result": None})
        return True
    return False


_zoo.serve(hook)
