"""The editions of the profile text the reference implements, and what each one changes.

vectors/editions.yaml names the editions and their texts (a test keeps the names equal); this
module states, as values, what an edition changes in the rules. A third edition is one more
`Edition` here plus the implementation of what it changes, nothing else.
"""

from types import MappingProxyType
from typing import Final

import attrs


@attrs.frozen
class Edition:
    """One edition of the text, by name, with the rule values it fixes."""

    name: str
    #: §2.2 deviation-type co-occurrence: how many sentences (§3.2) before and after the
    #: identifier's sentence the synonym may sit in. 0: the same sentence (the seed's text);
    #: 1: the radius-one window of the 2026-08-22 amendment.
    co_occurrence_radius: int
    #: What the handshake declares (PROTOCOL.md, Editions): the name, unless other editions
    #: carry it as their version label; the seed's is qualified as the first-published text.
    full_name: str = attrs.field(default=attrs.Factory(lambda self: self.name, takes_self=True))


#: The seed, profile 0.3.0-rc1 as first published: "in the same sentence".
SEED: Final = Edition(
    "0.3.0-rc1", co_occurrence_radius=0, full_name="0.3.0-rc1+first-published"
)
#: The 2026-08-22 amendment of §2.2 (same version label): "the sentence containing that
#: identifier, or the sentence immediately before or immediately after it".
AMENDED_2026_08_22: Final = Edition("0.3.0-rc1+2026-08-22", co_occurrence_radius=1)

EDITIONS: Final = MappingProxyType(
    {edition.name: edition for edition in (SEED, AMENDED_2026_08_22)}
)
#: The edition a request that names none is read under.
DEFAULT: Final = SEED


def edition_named(name: str) -> Edition:
    """The edition called `name`. Raises KeyError naming the known ones."""
    try:
        return EDITIONS[name]
    except KeyError:
        raise KeyError(f"no edition {name!r}; known: {', '.join(EDITIONS)}") from None
