"""The editions of the profile text as the generators read them, from vectors/editions.yaml:
each edition's §2.2 window radius (its `co-occurrence-radius` parameter), the clauses it
changes, the register entries it decides, and its base. Nothing here names an edition.

The texts the parameter comes from, clause 2.2's deviation-type co-occurrence window:

- 0.3.0-rc1 (the seed): "a member of the synonym list for f.deviation_type (§3.3) occurs in the
  same sentence as one of f.required_identifiers": radius 0;
- 0.3.0-rc1+2026-08-22 (upstream 9508f5d): "the sentence containing that identifier, or the
  sentence immediately before or immediately after it ... The window is a fixed radius of one
  sentence. A newline is a split point under §3.2 and is not itself a boundary of the window":
  radius 1.

A window of radius one or more leaves one point open that the seed's cannot reach (at radius 0
no other sentence is in the window): whether a whitespace-only segment is a sentence that
counts in the distance, the register entry WINDOW-BLANK. The register scopes it (its
`editions`) to the editions where it is first open; it stays open in the editions based on
them unless one decides it (`belongs`).
"""

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import editions as catalog
from oasis_si_conformance.corpus import yamlsafe
from oasis_si_schemas.editions import Edition


@attrs.frozen
class TextEdition:
    """One edition of the text as the generators read it."""

    name: str
    #: Clause 2.2: how many sentences (clause 3.2) before and after the identifier's sentence
    #: the synonym may sit in.
    radius: int
    #: The clauses whose text differs from its base's.
    changes: tuple[str, ...] = ()
    #: The register entries its text decides (its own and its bases'), entry -> reading.
    decided: Mapping[str, str] = attrs.field(factory=dict, hash=False)
    #: This edition's name, then its base's, and so on to the first edition.
    lineage: tuple[str, ...] = ()
    base: str | None = None
    #: The edition as the catalog states it (the kit's model).
    source: Edition = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def of(cls, edition: Edition) -> "TextEdition":
        return cls(
            edition.name,
            edition.co_occurrence_radius,
            tuple(change["clause"] for change in edition.changes),
            dict(edition.decided),
            edition.lineage or (edition.name,),
            edition.base,
            edition,
        )


VECTORS: Final = Path(__file__).resolve().parents[2] / "vectors"
EDITIONS_FILE: Final = VECTORS / catalog.FILE
REGISTER_FILE: Final = VECTORS / "register.yaml"

#: Every edition, the default (the seed) first, as vectors/editions.yaml lists them.
EDITIONS: Final[tuple[TextEdition, ...]] = tuple(
    TextEdition.of(edition) for edition in catalog.load(VECTORS)
)
BY_NAME: Final = {edition.name: edition for edition in EDITIONS}
SEED: Final = EDITIONS[0]


@functools.cache
def _entries() -> dict[str, dict[str, Any]]:
    """The register's entries by id."""
    document = yamlsafe.load(REGISTER_FILE.read_text(encoding="utf-8"))
    return {entry["id"]: entry for entry in document["entries"]}


def belongs(entry: str, edition: TextEdition) -> bool:
    """Whether register entry `entry` is an open point of `edition`: as the kit's model says
    (Edition.holds_open: not decided, not closed by a decision, and first open in this edition
    or one it is based on where the register scopes it)."""
    return edition.source.holds_open(_entries().get(entry, {"id": entry}))


def later(editions: Sequence[TextEdition] = EDITIONS) -> Sequence[TextEdition]:
    """The editions after the default one."""
    return editions[1:]


def problems() -> list[str]:
    """Authoring problems of the editions catalog as the generators read it (none: the catalog
    is the one statement; an unreadable one raises when this module loads)."""
    document: Any = yamlsafe.load(EDITIONS_FILE.read_text(encoding="ascii"))
    return [] if document.get("editions") else ["vectors/editions.yaml lists no edition"]
