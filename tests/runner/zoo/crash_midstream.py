"""Crashes (exit 7) on the trigger vector, after a word on stderr."""

import os
import sys

import _zoo


def hook(request, line):
    if _zoo.is_trigger(request):
        sys.stderr.write("zoo: segmentation fault in the matcher\n")
        sys.stderr.flush()
        os._exit(7)
    return False


_zoo.serve(hook)
