"""Every odd-numbered process (ZOO_STATE counts them) answers the trigger vector wrongly."""

import _zoo

ODD = _zoo.process_number() % 2 == 1


def hook(request, line):
    if ODD and _zoo.is_trigger(request):
        _zoo.reply({"id": request["id"], "result": {"match": False}})
        return True
    return False


_zoo.serve(hook)
