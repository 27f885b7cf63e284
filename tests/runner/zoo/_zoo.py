"""Plumbing shared by the zoo of fake candidates: the reference's answers, with a hook to
misbehave on chosen requests. Each zoo script is a candidate command of its own:
`python tests/runner/zoo/<name>.py`.

TRIGGER is the text of the fixture vector rt-ident-plain: most zoo candidates act up on it
alone, so the tests can check that the failure lands on that vector and the run goes on.
"""

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oasis_si_reference.server import respond

TRIGGER = "SMTP_PORT is missing"


def is_trigger(request: dict[str, Any]) -> bool:
    return request.get("params", {}).get("text") == TRIGGER


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def reply(message: dict[str, Any]) -> None:
    write(json.dumps(message).encode() + b"\n")


def reference(line: bytes) -> dict[str, Any]:
    return respond(line)


def serve(hook: Callable[[dict[str, Any], bytes], bool] | None = None) -> None:
    """Answer every line like the reference, unless `hook(request, line)` returns True (it
    has answered, or chosen not to)."""
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = json.loads(line)
        if hook is not None and hook(request, line):
            continue
        reply(respond(line))


def state() -> Path:
    """A folder the test gives the candidate (ZOO_STATE) to leave traces in."""
    path = Path(os.environ["ZOO_STATE"])
    path.mkdir(parents=True, exist_ok=True)
    return path


def process_number() -> int:
    """0 for the first process of a run, 1 for the next, ... (claimed atomically)."""
    number = 0
    while True:
        try:
            os.close(os.open(state() / f"process-{number}", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            return number
        except FileExistsError:
            number += 1
