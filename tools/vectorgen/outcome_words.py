"""A description's outcome, stated per edition where the editions' outcomes differ.

A family writes a description under the default edition, and may end it with the outcome
(`...': False.`, `-> row 3.`). Where the driver finds another outcome under a later edition
(edition_outcomes.py), that statement would be false there: each such statement outside
quoted answer text becomes the outcome under each edition, e.g.
`-> row 3 under 0.3.0-rc1, row 2 under 0.3.0-rc1+2026-08-22.` An ambiguity expectation is
stated as the entry it depends on (`per WINDOW-BLANK`).
"""

import re
from collections.abc import Mapping
from typing import Any, Final

#: A quoted stretch (kept as written), or an outcome statement: a boolean after `:`/`->`, or a
#: row after `->`/`:`.
_PIECE: Final = re.compile(
    r"(?P<quoted>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
    r"|(?P<lead>(?::|->|=)\s*)(?:(?P<value>True|False|true|false)\b|row\s*(?P<row>\d+)\b)"
)


def _word(key: str, expectation: Mapping[str, Any]) -> str:
    """The expectation's value of `key` in a description's words."""
    expected = expectation.get("expected")
    if expected is None:
        return f"per {expectation['ambiguity']}"
    if key not in expected:
        return "binding error" if "binding_error" in expected else "another outcome"
    return f"row {expected['row']}" if key == "row" else str(expected["value"])


def per_edition(description: str, expectations: Mapping[str, Mapping[str, Any]]) -> str:
    """`description` with each outcome statement (outside quotes) stated under each edition of
    `expectations` (edition name -> its expectation block), in their order."""

    def restate(match: re.Match[str]) -> str:
        if match["quoted"] is not None:
            return match[0]
        key = "value" if match["value"] is not None else "row"
        words = [f"{_word(key, block)} under {name}" for name, block in expectations.items()]
        return match["lead"] + ", ".join(words)

    return _PIECE.sub(restate, description)
