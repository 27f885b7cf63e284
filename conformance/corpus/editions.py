"""Editions of the profile text (vectors/editions.yaml): which one a run certifies against.

Upstream amended §2.2 on 2026-08-22 and kept the version label 0.3.0-rc1, so a label does not
name a text. The kit names each text an edition; a candidate declares the editions it
implements in its handshake (`profiles`), by name or by bare version label.

`select` decides a run's edition (issue: "--edition NAME selects; without it, the one known
edition the candidate declares; none known, or several and no --edition: exit 2"):

- with `--edition NAME`: that edition, when the candidate declares its name, or its version
  label (a warning then says that the label is shared and the edition was taken as asked);
- without: the one known edition whose full name the candidate declares (`editionpick`: a
  label several editions carry names none of them, and the run stops naming them).

The corpus states each vector's outcome once, plus the editions where it differs
(`corpus.Vector.for_edition`); register entries may belong to some editions only.
"""

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
import yaml

from oasis_si_conformance.corpus import editionpick, yamlsafe
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_schemas import editions as reference_editions
from oasis_si_schemas import first_error_message, validator
from oasis_si_schemas.editions import Edition as Edition

FILE: Final = reference_editions.FILE


class EditionError(Exception):
    """The run's edition cannot be decided (or the catalog cannot be read); the message lists
    the known editions."""


def load(root: Path) -> list[Edition]:
    """The editions of the corpus at `root`, the default first, each resolved against its base
    (the one `Edition` model, oasis_si_schemas.editions)."""
    path = root / FILE
    try:
        document = yamlsafe.load(path.read_text(encoding="ascii"))
    except yaml.YAMLError as error:
        where = f"{path}:{yamlsafe.error_line(error)}"
        raise EditionError(f"{where}: {yamlsafe.error_text(error)}") from None
    except (OSError, ValueError) as error:
        raise EditionError(f"{path}: {error}") from None
    problem = first_error_message(validator("editions"), document)
    if problem is not None:
        raise EditionError(f"{path}: {problem}")
    try:
        return list(reference_editions.resolve(document["editions"], str(path)))
    except reference_editions.CatalogError as error:
        raise EditionError(str(error)) from None


def listing(
    editions: Sequence[Edition], register: Iterable[Mapping[str, Any]] = ()
) -> list[dict[str, Any]]:
    """Each edition as an evaluator author needs it: its name (for --edition), the full name to
    declare in a handshake's `profiles`, its title, its base, its parameters, every entry of
    the register its text decides, and every entry of `register` a decision closes (entry ->
    why: Edition.closed_by)."""
    entries = list(register)
    return [
        {
            "name": edition.name,
            "declare": edition.full_name,
            "title": edition.title,
            "base": edition.base,
            "parameters": edition.parameters,
            "decided": dict(edition.decided),
            "closes": {
                entry["id"]: why
                for entry in entries
                if (why := edition.closed_by(entry)) is not None
            },
        }
        for edition in editions
    ]


def listing_text(editions: Sequence[Edition], register: Iterable[Mapping[str, Any]] = ()) -> str:
    """`listing` in words, an edition a paragraph."""
    lines: list[str] = []
    for item in listing(editions, register):
        lines.append(f"{item['name']}: {item['title']}")
        lines.append(f"  declare in profiles: {item['declare']}")
        if item["base"]:
            lines.append(f"  base: {item['base']}")
        parameters = ", ".join(f"{name} {value}" for name, value in item["parameters"].items())
        lines.append(f"  parameters: {parameters}")
        decided = ", ".join(f"{entry} as {reading}" for entry, reading in item["decided"].items())
        lines.append(f"  decides: {decided or 'no open point of the register'}")
        if item["closes"]:
            closes = ", ".join(f"{entry} ({why})" for entry, why in item["closes"].items())
            lines.append(f"  closes: {closes}")
    return "\n".join(lines) + "\n"


def known(editions: Sequence[Edition]) -> str:
    return "; ".join(edition.describe() for edition in editions)


def named(editions: Sequence[Edition], name: str) -> Edition:
    """The edition called `name`: its own name, or the full name a candidate declares for it
    in its handshake (`0.3.0-rc1+first-published`). Raises EditionError listing the known
    ones."""
    for edition in editions:
        if edition.name == name:
            return edition
    for edition in editions:
        if edition.full_name == name:
            return edition
    raise EditionError(f"no edition {name!r}; the known editions: {known(editions)}")


@attrs.frozen
class Selection:
    edition: Edition
    warnings: tuple[str, ...] = ()


def select(
    editions: Sequence[Edition], requested: str | None, declared: Sequence[str]
) -> Selection:
    """The edition a run certifies against, given the one asked for (or None) and the
    candidate's declared profiles. Raises EditionError."""
    if requested is not None:
        return _requested(editions, named(editions, requested), declared)
    chosen = editionpick.declared_by_full_name(editions, declared)
    if len(chosen) == 1:
        return Selection(chosen[0])
    if not chosen:
        shared = editionpick.shared_labels(editions, declared)
        if shared:
            raise EditionError(editionpick.ambiguity(editions, shared[0]))
        raise EditionError(
            f"the candidate declares profiles {list(declared)}, none of them an edition the kit "
            f"knows by name; choose one with --edition (known: {known(editions)})"
        )
    names = ", ".join(edition.name for edition in chosen)
    raise EditionError(
        f"the candidate declares several editions ({names}); choose one with --edition"
    )


def _requested(editions: Sequence[Edition], edition: Edition, declared: Sequence[str]) -> Selection:
    if editionpick.full_name(edition, editions) in declared:
        return Selection(edition)
    if edition.label in declared:
        sharing = [other.name for other in editions if other.label == edition.label]
        warning = (
            f"the candidate declares the version label {edition.label}, which editions "
            f"{', '.join(sharing)} share; certified against {edition.name} as --edition asks"
        )
        return Selection(edition, (warning,) if len(sharing) > 1 else ())
    raise EditionError(
        f"the candidate declares profiles {list(declared)}, neither edition {edition.name} "
        f"nor its version label {edition.label}"
    )


def vectors_under(vectors: Iterable[Vector], edition: Edition) -> list[Vector]:
    """The vectors as they read under `edition`."""
    return [vector.for_edition(edition.name) for vector in vectors]


def entries_under(register: Iterable[dict[str, Any]], edition: Edition) -> list[dict[str, Any]]:
    """The register entries that are open points of `edition` (Edition.holds_open)."""
    return [entry for entry in register if edition.holds_open(entry)]
