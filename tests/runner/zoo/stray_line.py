"""Prints a log line on stdout before its answer to the trigger vector: the trigger fails
(not JSON), and the answer left behind must not be taken for the next request's."""

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        _zoo.write(b"debug: scoring request\n")
        _zoo.reply(_zoo.reference(line))
        return True
    return False


_zoo.serve(hook)
