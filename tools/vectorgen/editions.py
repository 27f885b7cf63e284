"""The editions of the profile text as the generators read them: what each edition's text says
where editions differ, stated here from the texts (never from oasis_si_reference).

vectors/editions.yaml names the editions and their texts; this module states, as values, the
one rule the editions disagree on, clause 2.2's deviation-type co-occurrence window:

- 0.3.0-rc1 (the seed): "a member of the synonym list for f.deviation_type (§3.3) occurs in the
  same sentence as one of f.required_identifiers": radius 0;
- 0.3.0-rc1+2026-08-22 (upstream 9508f5d): "the sentence containing that identifier, or the
  sentence immediately before or immediately after it ... The window is a fixed radius of one
  sentence. A newline is a split point under §3.2 and is not itself a boundary of the window":
  radius 1.

The amended text leaves one point open that the seed's cannot reach (at radius 0 no other
sentence is in the window): whether a whitespace-only segment (a blank line, an answer line
blanked by echo exclusion) is a sentence that counts in the distance. That open point is the
register entry WINDOW-BLANK, scoped to the amended edition (`OPEN_POINTS`).
"""

from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance import yamlsafe


@attrs.frozen
class TextEdition:
    """One edition of the text: its name (vectors/editions.yaml) and its clause 2.2 window."""

    name: str
    #: Clause 2.2: how many sentences (clause 3.2) before and after the identifier's sentence
    #: the synonym may sit in.
    radius: int
    #: The clauses whose text differs from the seed's.
    changes: tuple[str, ...] = ()


SEED: Final = TextEdition("0.3.0-rc1", radius=0)
AMENDED_2026_08_22: Final = TextEdition("0.3.0-rc1+2026-08-22", radius=1, changes=("2.2",))

#: Every edition, the default (the seed) first, as vectors/editions.yaml lists them.
EDITIONS: Final[tuple[TextEdition, ...]] = (SEED, AMENDED_2026_08_22)
BY_NAME: Final = {edition.name: edition for edition in EDITIONS}

#: Register entries that are open points of some editions only: entry -> those editions.
OPEN_POINTS: Final[dict[str, tuple[str, ...]]] = {"WINDOW-BLANK": (AMENDED_2026_08_22.name,)}

EDITIONS_FILE: Final = Path(__file__).resolve().parents[2] / "vectors" / "editions.yaml"


def belongs(entry: str, edition: TextEdition) -> bool:
    """Whether register entry `entry` is an open point of `edition`."""
    return edition.name in OPEN_POINTS.get(entry, (edition.name,))


def catalog_problems(document: dict[str, object]) -> list[str]:
    """Where EDITIONS disagrees with the editions catalog (names, order, the default)."""
    catalog: list[dict[str, Any]] = document["editions"]  # type: ignore[assignment]
    listed = [edition["name"] for edition in catalog]
    stated = [edition.name for edition in EDITIONS]
    if listed != stated:
        return [f"vectors/editions.yaml lists {listed}; the generators state {stated}"]
    problems = []
    for entry, edition in zip(catalog, EDITIONS, strict=True):
        clauses = tuple(change["clause"] for change in entry["changes"])
        if entry.get("base") not in (None, SEED.name) or clauses != edition.changes:
            problems.append(f"{edition.name}: vectors/editions.yaml changes {clauses} from"
                            f" {entry.get('base')}; the generators state {edition.changes}")
    return problems


def problems() -> list[str]:
    """Authoring problems: the editions stated here against vectors/editions.yaml."""
    return catalog_problems(yamlsafe.load(EDITIONS_FILE.read_text(encoding="ascii")))
