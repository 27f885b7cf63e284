"""On the trigger vector, writes 2 MiB with no newline, then waits: the line cap must cut it."""

import time

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        _zoo.write(
            b'{"id": %d, "result": {"match": true, "pad": "' % request["id"] + b"x" * (2 << 20)
        )
        time.sleep(120)
    return False


_zoo.serve(hook)
