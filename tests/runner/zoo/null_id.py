"""A JSON library that refuses lone-surrogate escapes (as nlohmann::json, serde_json and
System.Text.Json do): a request line holding one is answered with an error whose id is null,
since the id could not be read. `null_id.py trigger` answers the trigger vector so too."""

import re
import sys

import _zoo

LONE_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
MODE = sys.argv[1] if len(sys.argv) > 1 else "surrogates"


def hook(request, line):
    refused = _zoo.is_trigger(request) if MODE == "trigger" else LONE_SURROGATE.search(line)
    if refused:
        message = "[json.exception.parse_error.101] parse error: invalid string: surrogate"
        _zoo.reply({"id": None, "error": {"code": "invalid_request", "message": message}})
        return True
    return False


_zoo.serve(hook)
