"""Spins the CPU without end on the trigger vector (never answering it): the runner's
--cpu-limit must end it and fail that vector as cpu_limit, well before the timeout."""

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        while True:
            pass
    return False


_zoo.serve(hook)
