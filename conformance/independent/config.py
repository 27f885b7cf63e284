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
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import attrs

from oasis_si_conformance.independent.editions import CATALOG, FIRST_PUBLISHED, window_radii
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.readings import READINGS, Readings

T = TypeVar("T")

#: The consultations recorded by an active `tracing()` block (None: not tracing).
_trace: set[str] | None = None


def _known_edition(instance: "Config", _attribute: object, edition: str) -> None:
    known = window_radii(instance.catalog)
    if edition not in known:
        raise ValueError(f"no edition {edition!r}; known: {', '.join(known)}")


def _hook_set(hooks: Iterable[Hook | str]) -> frozenset[Hook]:
    return frozenset(Hook(hook) for hook in hooks)


@attrs.frozen(cache_hash=True)
class Config:
    """Readings of every open point plus the set of switched-on fault hooks (none: the text),
    under one edition of the text (editions.py)."""

    readings: Readings = attrs.field(factory=Readings)
    hooks: frozenset[Hook] = attrs.field(default=frozenset(), converter=_hook_set)
    #: The editions catalog the edition is read from (default: the bundled one).
    catalog: Path = attrs.field(default=CATALOG, kw_only=True)
    edition: str = attrs.field(default=FIRST_PUBLISHED, validator=_known_edition)

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

    def touches(self, other: "Config | None" = None) -> frozenset[str]:
        """The hooks and register entries in which this configuration differs from `other`
        (default: the text, read as the register's reference reads it)."""
        if other is None:
            return frozenset({h.value for h in self.hooks} | set(self.readings.differences()))
        hooks = {h.value for h in self.hooks ^ other.hooks}
        return frozenset(hooks | {e for e in READINGS if self.reading_of(e) != other.reading_of(e)})

    def reading_of(self, entry: str) -> str:
        """The reading taken for `entry`, without recording a consultation."""
        return self._readings_by_entry[entry]


@attrs.frozen
class Table:
    """A value under every combination of some register entries' readings and of one group of
    mutually exclusive fault hooks. Built without any configuration (so it may be cached by
    what it was computed from); `Table.pick` then consults a configuration only where the
    value depends on it. Hook variants are computed when first needed."""

    entries: tuple[str, ...]
    options: tuple[tuple[str, ...], ...]
    hooks: tuple[Hook, ...]
    compute: Callable[[dict[str, str], Hook | None], Any] = attrs.field(eq=False, repr=False)
    values: dict[tuple[tuple[str, ...], Hook | None], Any] = attrs.field(eq=False, repr=False)
    depends: tuple[bool, ...]

    def value(self, combo: tuple[str, ...], hook: Hook | None) -> Any:
        if (combo, hook) not in self.values:
            self.values[(combo, hook)] = self.compute(
                dict(zip(self.entries, combo, strict=True)), hook
            )
        return self.values[(combo, hook)]

    def pick(self, config: Config) -> tuple[Any, dict[str, str]]:
        """(the value under `config`, the readings taken). An entry is consulted when two
        reading combinations differing in it alone give different values; a hook when, under
        the readings taken, it changes the value (the first switched-on such hook applies).
        Entries not consulted take their first option: they cannot matter."""
        chosen = tuple(
            config.reading(entry) if depends else options[0]
            for entry, options, depends in zip(
                self.entries, self.options, self.depends, strict=True
            )
        )
        base = self.value(chosen, None)
        readings = dict(zip(self.entries, chosen, strict=True))
        for hook in self.hooks:
            if _trace is None and hook not in config.hooks:
                # Untraced, a hook that is off cannot apply, and nobody asks whether it would
                # have changed the value: its variant is not computed.
                continue
            variant = self.value(chosen, hook)
            if variant != base and config.has(hook):
                return variant, readings
        return base, readings


def tabulate(
    entries: Sequence[str],
    hooks: Sequence[Hook],
    compute: Callable[[dict[str, str], Hook | None], Any],
    options: dict[str, Sequence[str]] | None = None,
) -> Table:
    """`compute(readings, hook)` under every reading combination (`options`, default: every
    reading of the register); hook variants follow on demand."""
    opts = tuple(tuple((options or {}).get(e, READINGS[e])) for e in entries)
    values: dict[tuple[tuple[str, ...], Hook | None], Any] = {}
    for combo in itertools.product(*opts):
        values[(combo, None)] = compute(dict(zip(entries, combo, strict=True)), None)
    base = {combo: value for (combo, _), value in values.items()}
    depends = tuple(_depends(base, position) for position in range(len(entries)))
    return Table(tuple(entries), opts, tuple(hooks), compute, values, depends)


def choose(
    config: Config,
    entries: Sequence[str],
    hooks: Sequence[Hook],
    compute: Callable[[dict[str, str], Hook | None], T],
    options: dict[str, Sequence[str]] | None = None,
) -> T:
    """`compute` under `config`, consulting it only where that changes the value (Table.pick)."""
    value, _ = tabulate(entries, hooks, compute, options).pick(config)
    return value


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
