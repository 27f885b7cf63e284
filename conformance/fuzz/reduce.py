"""Structural shrinking: delta debugging over a case, to a local minimum.

Hypothesis shrinks the choice sequence a case was generated from, so it cannot take out what
the generator never decided on its own (a character in the middle of a text, one line of a
tool body, one identifier both in a list and in the text). This pass works on the case itself,
the JSON object a request carries, and keeps a change when `keeps` says the smaller case still
shows what is being shrunk (the fuzzer: the same divergence class).

The changes tried, at every place of the input (`case["input"]`), the largest first:

- a list: chunks of items taken out (halves, quarters, ... single items: tool calls,
  identifiers, channels, synonyms, rows);
- an object: one key taken out (an optional key; taking a required one out only makes a
  binding error, another class);
- a string: lines taken out, then chunks of characters (halves down to single characters);
  then simplified: emptied, ASCII letters lowercased;
- a number: replaced by a shorter one (0, 1, half);
- a string that occurs in several places (an identifier in a list and in the text): every
  occurrence renamed at once to a shorter string, or one of its characters taken out of
  every string that holds it.

A change is kept only when it makes the case smaller by `Reduction.order` (its JSON length,
then its count of ASCII capitals), so the pass ends. It ends at a local minimum: a whole round
over every place in which no single change kept the predicate. Or when `spent()` says the
budget is gone.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs

Path = tuple[Any, ...]


def size(case: Any) -> int:
    """The case's size: the length of its JSON text (as summaries report it)."""
    return len(json.dumps(case, ensure_ascii=False))


def order(case: Any) -> tuple[int, int]:
    """What a change must lower: the JSON length, then the number of ASCII capitals."""
    text = json.dumps(case, ensure_ascii=False)
    return len(text), sum(1 for char in text if "A" <= char <= "Z")


@attrs.define
class Reduction:
    """The outcome of one structural pass."""

    case: dict[str, Any]
    tries: int = 0  # cases given to `keeps`
    kept: int = 0  # changes kept
    minimal: bool = False  # a whole round changed nothing: a local minimum


def _get(root: Any, path: Path) -> Any:
    for step in path:
        root = root[step]
    return root


def _set(root: Any, path: Path, value: Any) -> Any:
    """A copy of `root` with the value at `path` replaced."""
    if not path:
        return value
    new = copy.copy(root)
    new[path[0]] = _set(root[path[0]], path[1:], value)
    return new


def _paths(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every place in a JSON value, outermost first."""
    yield path
    if isinstance(value, dict):
        for key in list(value):
            yield from _paths(value[key], (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _chunks(length: int) -> Iterator[tuple[int, int]]:
    """(start, end) spans to take out, the largest first: halves, quarters, ... ones."""
    span = length // 2 or 1
    while True:
        for start in range(0, length, span):
            yield start, min(start + span, length)
        if span == 1:
            return
        span //= 2


def _shorter_numbers(value: int | float) -> list[int | float]:
    if isinstance(value, bool):
        return []
    out: list[int | float] = [0, 1, int(value / 2)] if value > 1 else [0] if value else []
    if isinstance(value, float) and value.is_integer():
        out.append(int(value))
    return out


def _string_changes(text: str) -> Iterator[str]:
    lines = text.split("\n")
    if len(lines) > 1:
        for start, end in _chunks(len(lines)):
            yield "\n".join(lines[:start] + lines[end:])
    for start, end in _chunks(len(text)):
        yield text[:start] + text[end:]
    yield ""
    lowered = re.sub(r"[A-Z]+", lambda m: m.group().lower(), text)
    if lowered != text:
        yield lowered


def _changes_at(value: Any) -> Iterator[Any]:
    """Smaller values for the value at one place."""
    if isinstance(value, list):
        for start, end in _chunks(len(value)):
            yield value[:start] + value[end:]
    elif isinstance(value, dict):
        for key in list(value):
            yield {k: v for k, v in value.items() if k != key}
    elif isinstance(value, str):
        yield from _string_changes(value)
    elif isinstance(value, (int, float)):
        yield from _shorter_numbers(value)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _renamed(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return value.replace(old, new)
    if isinstance(value, dict):
        return {key: _renamed(item, old, new) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item, old, new) for item in value]
    return value


def _global_changes(value: Any) -> Iterator[Any]:
    yield from _renames(value)
    yield from _character_drops(value)


def _renames(value: Any) -> Iterator[Any]:
    """The value with one string that occurs in several places (whole, or inside another
    string) renamed everywhere to a shorter one."""
    for old in _shared(value):
        for new in dict.fromkeys((old[: len(old) // 2], old[0], "x")):
            if new and len(new) < len(old):
                yield _renamed(value, old, new)


def _shared(value: Any) -> list[str]:
    """Strings (longer than one character) that occur in several places, whole or inside
    another string: an identifier in a list and in the text. Longest first."""
    strings = list(_strings(value))
    return sorted(
        {s for s in strings if len(s) > 1 and sum(s in other for other in strings) > 1},
        key=lambda s: (-len(s), s),
    )


def _dropped(value: Any, holder: str, char: str) -> Any:
    if isinstance(value, str):
        return value.replace(char, "") if holder in value else value
    if isinstance(value, dict):
        return {key: _dropped(item, holder, char) for key, item in value.items()}
    if isinstance(value, list):
        return [_dropped(item, holder, char) for item in value]
    return value


def _character_drops(value: Any) -> Iterator[Any]:
    """The value with one character of a shared string taken out of every string that holds
    it (an identifier and the text around its occurrences shrink together, overlapping
    occurrences staying overlapping: ab.ab in -ab.ab.ab to a.a in -a.a.a)."""
    for holder in _shared(value):
        for char in dict.fromkeys(holder):
            yield _dropped(value, holder, char)


def reduce(
    case: dict[str, Any],
    keeps: Callable[[dict[str, Any]], bool],
    spent: Callable[[], bool] = lambda: False,
) -> Reduction:
    """Delta debugging over `case["input"]` until no single change keeps the predicate (a
    local minimum) or `spent()`; `case` itself still keeps it. Every case tried is new to the
    caller's eyes; `keeps` may cache."""
    result = Reduction(case)
    lowest = order(case)

    def attempt(candidate: dict[str, Any]) -> bool:
        nonlocal lowest
        rank = order(candidate)
        if rank >= lowest:
            return False
        result.tries += 1
        if not keeps(candidate):
            return False
        result.case, lowest = candidate, rank
        result.kept += 1
        return True

    while not spent():
        changed = False
        index = 0
        paths = list(_paths(result.case["input"]))
        while index < len(paths):
            if spent():
                return result
            path = paths[index]
            current = _get(result.case["input"], path)
            for value in _changes_at(current):
                if spent():
                    return result
                new_input = _set(result.case["input"], path, value)
                if attempt({**result.case, "input": new_input}):
                    changed = True
                    paths = list(_paths(result.case["input"]))
                    break
            else:
                index += 1
        for new_input in _global_changes(result.case["input"]):
            if spent():
                return result
            if attempt({**result.case, "input": new_input}):
                changed = True
                break
        if not changed:
            result.minimal = True
            return result
    return result
