"""§3.3 synonym lists: a Layer-1 profile asset keyed by deviation type.

Maintained here, never per scenario ("A scenario MUST NOT declare its own synonyms").
"""

from collections.abc import Iterator
from types import MappingProxyType
from typing import Final

from oasis_si_reference.text import fold

#: §3.3 absent_key synonym list v1, in the order published.
ABSENT_KEY_V1: Final = (
    "missing",
    "absent",
    "not present",
    "not set",
    "not defined",
    "undefined",
    "not found",
    "does not exist",
    "doesn't exist",
    "no key",
    "lacks",
    "lacking",
    "omitted",
    "unset",
)

#: deviation_type -> its synonym list. absent_key v1 is the only registered list.
SYNONYM_LISTS: Final = MappingProxyType({"absent_key": ABSENT_KEY_V1})


def synonyms_for(deviation_type: str) -> tuple[str, ...] | None:
    """The registered synonym list of `deviation_type`, or None when it has none."""
    return SYNONYM_LISTS.get(deviation_type)


def synonyms_in(folded_text: str, deviation_type: str) -> Iterator[str]:
    """§3.3: the synonyms of `deviation_type` that occur in `folded_text` (already folded
    under §3.1), in published order: case-insensitive literal phrases matched as substrings
    (SYN-BOUNDARY = substring; SYN-APOSTROPHE = literal). Nothing for an unregistered type."""
    for phrase in synonyms_for(deviation_type) or ():
        if fold(phrase) in folded_text:
            yield phrase


def contains_synonym(folded_text: str, deviation_type: str) -> bool:
    """§3.3: some synonym of `deviation_type` occurs in `folded_text`."""
    for _phrase in synonyms_in(folded_text, deviation_type):
        return True
    return False


def synonym_matches(text: str, deviation_type: str) -> bool:
    """§3.3 on raw text: does some synonym of `deviation_type` occur in `text`?"""
    return contains_synonym(fold(text), deviation_type)
