"""The code point sets of register readings that differ on a finite set of characters.

An entry of vectors/register.yaml whose readings are character sets (which whitespace ends a
sentence, which code points break a line, which are trimmed, which make an answer blank)
carries `code_points`: per reading, the name of one of the register's `charsets` (or explicit
code points). A charset lists code points and ranges written `U+XXXX` and `U+XXXX..U+YYYY`.
This module reads that data; nothing here consults the running Python's Unicode tables, so
the sets are what the register says whatever the interpreter (design note 5: data only).

Rule `probe-coverage` (checks.py) derives from it every code point on which two readings of an
entry differ; the generators and the independent evaluator compare their own statements of
the sets with it.
"""

import itertools
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

#: One item of a charset: a code point, or an inclusive range of them.
ITEM: Final = re.compile(r"U\+([0-9A-F]{4,6})(?:\.\.U\+([0-9A-F]{4,6}))?")


class CharsetError(ValueError):
    """Register data that names no charset, or an item that is no code point or range."""


def parse_items(items: Iterable[str]) -> frozenset[str]:
    """The characters that `U+XXXX` / `U+XXXX..U+YYYY` items name (CharsetError on a bad one)."""
    found: set[str] = set()
    for item in items:
        match = ITEM.fullmatch(item)
        if match is None:
            raise CharsetError(f"{item!r} is no U+XXXX code point or U+XXXX..U+YYYY range")
        low = int(match.group(1), 16)
        high = int(match.group(2) or match.group(1), 16)
        if high < low or high > 0x10FFFF:
            raise CharsetError(f"{item!r} is an empty or out-of-range range")
        found.update(chr(code) for code in range(low, high + 1))
    return frozenset(found)


def named_charsets(document: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    """The register document's `charsets`, by name."""
    return {
        entry["name"]: parse_items(entry["code_points"]) for entry in document.get("charsets", [])
    }


def reading_sets(
    entry: Mapping[str, Any], charsets: Mapping[str, frozenset[str]]
) -> dict[str, frozenset[str]]:
    """reading -> its set, for an entry with `code_points` (empty when it has none)."""
    out: dict[str, frozenset[str]] = {}
    for reading, value in entry.get("code_points", {}).items():
        if isinstance(value, str):
            if value not in charsets:
                raise CharsetError(f"{entry['id']}: reading {reading!r} names no charset {value!r}")
            out[reading] = charsets[value]
        else:
            out[reading] = parse_items(value)
    return out


def entry_sets(document: Mapping[str, Any], entry_id: str) -> dict[str, frozenset[str]]:
    """reading -> set for one entry of a register document (KeyError when it has no such entry)."""
    for entry in document["entries"]:
        if entry["id"] == entry_id:
            return reading_sets(entry, named_charsets(document))
    raise KeyError(entry_id)


def probed_char(probe: str) -> str | None:
    """The one code point a vector's `probe` names (None for a sequence or nothing)."""
    match = ITEM.fullmatch(probe)
    return chr(int(match.group(1), 16)) if match and match.group(2) is None else None


def label(char: str) -> str:
    """A code point as vectors' `probe` writes it: U+0085."""
    return f"U+{ord(char):04X}"


def pair_differences(
    sets: Mapping[str, frozenset[str]],
) -> Iterator[tuple[str, str, frozenset[str]]]:
    """(reading, reading, the code points in one set but not the other) for every pair of
    readings, in register order; pairs whose sets are equal are left out."""
    for left, right in itertools.combinations(sets, 2):
        difference = sets[left] ^ sets[right]
        if difference:
            yield left, right, difference


def disputed(sets: Mapping[str, frozenset[str]]) -> list[str]:
    """Every code point some two readings disagree on, in code point order."""
    values = list(sets.values())
    if not values:
        return []
    return sorted(frozenset().union(*values) - frozenset.intersection(*values), key=ord)


def members(sets: Mapping[str, frozenset[str]], char: str) -> tuple[list[str], list[str]]:
    """(readings whose set holds `char`, readings whose set lacks it), in register order."""
    holding = [reading for reading, found in sets.items() if char in found]
    return holding, [reading for reading in sets if reading not in holding]
