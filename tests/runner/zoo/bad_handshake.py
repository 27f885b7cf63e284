"""Answers hello with a declaration of protocol 2: the handshake fails, the runner exits 2."""

import _zoo


def hook(request, line):
    if request["op"] == "hello":
        _zoo.reply(
            {
                "id": 0,
                "result": {
                    "protocol": 2,
                    "name": "bad",
                    "version": "0",
                    "operations": ["score_scenario"],
                    "templates": [],
                    "profiles": ["0.3.0-rc1"],
                },
            }
        )
        return True
    return False


_zoo.serve(hook)
