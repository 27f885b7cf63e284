"""What one run of the independent evaluator is: the readings it takes and the faults it has."""

import attrs

from .hooks import Hook
from .readings import Readings


@attrs.frozen
class Config:
    """Readings of every open point plus the set of switched-on fault hooks (none: the text)."""

    readings: Readings = attrs.field(factory=Readings)
    hooks: frozenset[Hook] = attrs.field(default=frozenset(), converter=lambda h: frozenset(Hook(x) for x in h))

    def has(self, hook: Hook) -> bool:
        """Whether fault `hook` is switched on."""
        return hook in self.hooks

    def reading(self, entry: str) -> str:
        """The reading taken for register entry `entry`."""
        return self.readings.get(entry)


#: The evaluator as the text and the register's reference readings have it.
DEFAULT = Config()
