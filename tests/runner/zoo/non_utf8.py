"""Answers the trigger vector with a line holding bytes that are not UTF-8."""

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        _zoo.write(
            b'{"id": %d, "result": {"match": true, "note": "caf\xe9 \xff\xfe"}}\n' % request["id"]
        )
        return True
    return False


_zoo.serve(hook)
