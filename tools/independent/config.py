"""What one run of the independent evaluator is: the readings it takes and the faults it has.

Every behaviour that a reading or a fault hook changes is reached through `Config.has` or
`Config.reading`, and nowhere else. That is what makes `tracing()` sound: the set of hooks and
register entries consulted while answering a request under one configuration bounds what can
change the answer. A configuration that differs only in hooks or entries the request never
consulted takes the very same path and gives the very same answer (the kill matrix uses this
to re-evaluate a mutant only on the vectors it can affect).
"""

import functools
import itertools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import attrs

from .hooks import Hook
from .readings import READINGS, Readings

T = TypeVar("T")

#: The consultations recorded by an active `tracing()` block (None: not tracing).
_trace: set[str] | None = None


@attrs.frozen(cache_hash=True)
class Config:
    """Readings of every open point plus the set of switched-on fault hooks (none: the text)."""

    readings: Readings = attrs.field(factory=Readings)
    hooks: frozenset[Hook] = attrs.field(default=frozenset(), converter=lambda h: frozenset(Hook(x) for x in h))

    def has(self, hook: Hook) -> bool:
        """Whether fault `hook` is switched on."""
        if _trace is not None:
            _trace.add(hook.value)
        return hook in self.hooks

    def reading(self, entry: str) -> str:
        """The reading taken for register entry `entry`."""
        if _trace is not None:
            _trace.add(entry)
        return self._readings_by_entry[entry]

    @functools.cached_property
    def _readings_by_entry(self) -> dict[str, str]:
        return {entry: self.readings.get(entry) for entry in READINGS}

    def touches(self) -> frozenset[str]:
        """The hooks and register entries in which this configuration differs from the text."""
        return frozenset({h.value for h in self.hooks} | set(self.readings.differences()))


def decide(
    config: Config,
    entries: Sequence[str],
    hooks: Sequence[Hook],
    compute: Callable[[dict[str, str], Hook | None], Any],
    options: dict[str, Sequence[str]] | None = None,
) -> tuple[dict[str, str], Hook | None]:
    """The readings and fault hook that decide `compute(readings, hook)` under `config`,
    consulting `config` only where that changes the value.

    `entries` are register entries the value may depend on, `hooks` a group of faults that
    exclude one another (the first switched-on hook that changes the value applies). An entry
    is consulted when two reading combinations differing in it alone give different values; a
    hook when, under the readings taken, it changes the value. Entries not consulted take
    their first reading in `options` (default: the register's order): it cannot matter."""
    options = {e: tuple((options or {}).get(e, READINGS[e])) for e in entries}
    combos = list(itertools.product(*options.values()))
    values = {combo: compute(dict(zip(options, combo, strict=True)), None) for combo in combos}
    chosen: dict[str, str] = {}
    for position, entry in enumerate(options):
        chosen[entry] = config.reading(entry) if _depends(values, position) else options[entry][0]
    base = values[tuple(chosen[e] for e in options)]
    for hook in hooks:
        if compute(chosen, hook) != base and config.has(hook):
            return chosen, hook
    return chosen, None


def choose(
    config: Config,
    entries: Sequence[str],
    hooks: Sequence[Hook],
    compute: Callable[[dict[str, str], Hook | None], T],
    options: dict[str, Sequence[str]] | None = None,
) -> T:
    """`compute` under the readings and hook `decide` settles on."""
    readings, hook = decide(config, entries, hooks, compute, options)
    return compute(readings, hook)


def _depends(values: dict[tuple[str, ...], Any], position: int) -> bool:
    """Whether changing coordinate `position` alone ever changes a value."""
    groups: dict[tuple[str, ...], Any] = {}
    for key, value in values.items():
        rest = key[:position] + key[position + 1 :]
        if rest in groups and groups[rest] != value:
            return True
        groups.setdefault(rest, value)
    return False


@contextmanager
def tracing() -> Iterator[set[str]]:
    """Record every hook (by value) and register entry (by id) consulted inside the block."""
    global _trace
    previous, _trace = _trace, set()
    try:
        yield _trace
    finally:
        _trace = previous


#: The evaluator as the text and the register's reference readings have it.
DEFAULT = Config()
