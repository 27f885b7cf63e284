"""Hangs on the trigger vector, after starting a child that would outlive it (its pid is left
in ZOO_STATE): the runner must kill the whole process group."""

import subprocess
import sys
import time

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        (_zoo.state() / f"child-{child.pid}").write_text(str(child.pid))
        time.sleep(120)
    return False


_zoo.serve(hook)
