"""Says hostile things: markup, Markdown, control characters and a lone surrogate in its
name and runtime; on the trigger it writes markup to stderr and answers with a line of markup
that is not JSON. The reports must show all of it as text (tests/runner/test_reports.py)."""

import sys

import _zoo

from oasis_si_reference.server import respond

NAME = "<b>hostile</b> | `tick` *star*"
RUNTIME = {
    "name": "<script>alert('runtime')</script>",
    "version": "1|2\u0007",
    "unicode": "15.1",
    "icu": "\ud800",
}
STDERR = "<img src=x onerror=alert('stderr')>\n"
OUTPUT = b"<script>alert('output')</script>\x07 | `x`\n"


def hook(request, line):
    if request["op"] == "hello":
        result = respond(line)["result"]
        _zoo.reply({"id": 0, "result": {**result, "name": NAME, "runtime": RUNTIME}})
        return True
    if _zoo.is_trigger(request):
        sys.stderr.write(STDERR)
        sys.stderr.flush()
        _zoo.write(OUTPUT)
        return True
    return False


_zoo.serve(hook)
