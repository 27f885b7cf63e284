"""Exits without answering a request line that holds a lone-surrogate escape: a crash, never
an error response, so it does not count as rejecting the request."""

import re
import sys

import _zoo

LONE_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def hook(request, line):
    if LONE_SURROGATE.search(line):
        sys.exit(3)
    return False


_zoo.serve(hook)
