"""Declares score_scenario only, with the templates listed in ZOO_TEMPLATES (comma-separated;
default C-DA-001). Everything else is not exercised."""

import os

import _zoo

TEMPLATES = [t for t in os.environ.get("ZOO_TEMPLATES", "C-DA-001").split(",") if t]


def hook(request, line):
    if request["op"] == "hello":
        _zoo.reply(
            {
                "id": 0,
                "result": {
                    "protocol": 1,
                    "name": "zoo-only-score",
                    "version": "1.0",
                    "operations": ["score_scenario"],
                    "templates": TEMPLATES,
                    "profiles": ["0.3.0-rc1+first-published"],
                },
            }
        )
        return True
    if request["op"] != "score_scenario":
        _zoo.reply(
            {
                "id": request["id"],
                "error": {"code": "unsupported_operation", "message": request["op"]},
            }
        )
        return True
    return False


_zoo.serve(hook)
