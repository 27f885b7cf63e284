"""A candidate with deliberate misreadings, chosen by ZOO_MISREAD (comma-separated):

- nonascii: identifier_match treats non-ASCII letters as identifier characters (a normative
  misreading of 3.1);
- delimited: synonym_match requires synonyms delimited as identifiers are (a listed reading of
  SYN-BOUNDARY);
- inconsistent: synonym_match follows `substring` except after a hyphen, where it follows
  `delimited` (no single reading of SYN-BOUNDARY);
- case: synonym_match is case-sensitive (matches no listed reading on upper-case text).
"""

import os
import re

import _zoo

from oasis_si_reference.synonyms import ABSENT_KEY_V1
from oasis_si_reference.text import identifier_matches

MODES = set(os.environ.get("ZOO_MISREAD", "").split(","))
CLASS = "A-Za-z0-9_-"


def identifier(text, ident):
    if "nonascii" not in MODES:
        return identifier_matches(text, ident)
    pattern = r"(?<!\w|-)" + re.escape(ident.lower()) + r"(?!\w|-)"  # \w: Unicode letters too
    return re.search(pattern, text.lower()) is not None


def synonym(text):
    if "case" in MODES:
        return any(phrase in text for phrase in ABSENT_KEY_V1)
    folded = text.lower()
    delimited = any(
        re.search(rf"(?<![{CLASS}]){re.escape(p)}(?![{CLASS}])", folded) for p in ABSENT_KEY_V1
    )
    substring = any(p in folded for p in ABSENT_KEY_V1)
    if "delimited" in MODES:
        return delimited
    if "inconsistent" in MODES:
        return delimited if "-" in folded else substring
    return substring


def hook(request, line):
    op, params = request["op"], request.get("params", {})
    if op == "identifier_match":
        _zoo.reply(
            {
                "id": request["id"],
                "result": {"match": identifier(params["text"], params["identifier"])},
            }
        )
        return True
    if op == "synonym_match":
        _zoo.reply({"id": request["id"], "result": {"match": synonym(params["text"])}})
        return True
    return False


_zoo.serve(hook)
