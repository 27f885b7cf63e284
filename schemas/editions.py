"""The editions of the profile text (vectors/editions.yaml), as one model: `Edition`.

Each edition is one block of data: its base edition, the named parameters of the text it sets
(`co-occurrence-radius`, clause 2.2), the register entries it decides, where its text comes
from and the clauses it changes. This module reads that block and resolves it against its base
(parameters and decided entries carry over unless restated); the rules read the parameters
from the `Edition` value they are given, never from an edition's name. So a new edition that
only sets known parameters or decides register entries is data alone. A new *kind* of
parameter is a change of the text the reference must implement: a field here, the rule that
reads it, and the parameter in schemas/editions.schema.json.

The model lives beside the schemas so that the reference (oasis_si_reference.editions names
it), the kit and the generators read one catalog while the generators stay independent of the
reference. It reads the catalog file with its own small loader (the bundled
vectors/editions.yaml, or another catalog given to `read`), validated by its schema.
A decided entry does not change what the reference computes (its readings are fixed,
readings.py): under an edition that decides an entry otherwise, the reference is an evaluator
of another reading.
"""

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

import attrs
import yaml

from oasis_si_schemas import first_error_message, validator

#: The catalog file's name in a vectors folder.
FILE: Final = "editions.yaml"

#: Parameter name (as the catalog spells it) -> the `Edition` field that holds it.
PARAMETERS: Final = MappingProxyType({"co-occurrence-radius": "co_occurrence_radius"})


class CatalogError(ValueError):
    """The editions catalog cannot be read; the message names the file and the edition."""


def _frozen_mapping(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@attrs.frozen
class Edition:
    """One edition of the text, resolved against its base: what every part of the kit reads."""

    name: str
    label: str
    title: str
    #: Where its text comes from: source, revision (upstream commit), date.
    text: Mapping[str, Any] = attrs.field(converter=_frozen_mapping)
    #: The clauses whose text it changes, each with a summary (as the catalog states them).
    changes: tuple[Mapping[str, Any], ...] = ()
    base: str | None = None
    #: §2.2 deviation-type co-occurrence: how many sentences (§3.2) before and after the
    #: identifier's sentence the synonym may sit in. 0: the same sentence (the seed's text);
    #: 1: the radius-one window of the 2026-08-22 amendment.
    co_occurrence_radius: int = 0
    #: The parameters this block sets itself (the catalog's `parameters`), the rest inherited.
    amends: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_mapping)
    #: The register entries this block decides itself, entry -> reading.
    decides: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    #: Every register entry this edition's text decides (its own and its bases'), entry ->
    #: reading: none of them is an open point of it.
    decided: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_mapping)
    #: This edition's name, then its base's, and so on to the first edition.
    lineage: tuple[str, ...] = ()
    #: What a handshake declares to name this edition alone (PROTOCOL.md, Editions): its name,
    #: unless other editions carry that name as their version label; then the name qualified
    #: as the first-published text. Set by `resolve`, which sees every edition.
    full_name: str = attrs.field(
        default=attrs.Factory(lambda self: self.name, takes_self=True)
    )

    @property
    def parameters(self) -> dict[str, Any]:
        """Every parameter of the text, by its catalog name, as this edition sets it."""
        return {name: getattr(self, field) for name, field in PARAMETERS.items()}

    def describe(self) -> str:
        return f"{self.name} ({self.title})"

    def to_json(self) -> dict[str, Any]:
        """The edition as a report states it: resolved (every parameter, every decided entry)."""
        return {
            "name": self.name,
            "label": self.label,
            "title": self.title,
            "text": dict(self.text),
            "changes": [dict(change) for change in self.changes],
            "base": self.base,
            "parameters": self.parameters,
            "decided": dict(self.decided),
        }

    def block(self) -> dict[str, Any]:
        """The edition as the catalog states it: its own block (what it sets and decides)."""
        document: dict[str, Any] = {"name": self.name, "label": self.label, "title": self.title}
        if self.base is not None:
            document["base"] = self.base
        document["text"] = dict(self.text)
        document["parameters"] = dict(self.amends)
        document["decides"] = dict(self.decides)
        document["changes"] = [dict(change) for change in self.changes]
        return document

    def holds_open(self, entry: Mapping[str, Any]) -> bool:
        """Whether register entry `entry` is an open point of this edition: not decided by it,
        not closed by a reading it decides (`closed_by`), and (an entry scoped by `editions`)
        first open in this edition or one it is based on."""
        if entry["id"] in self.decided or self.closed_by(entry) is not None:
            return False
        scoped = entry.get("editions")
        return scoped is None or any(name in scoped for name in self.lineage)

    def closed_by(self, entry: Mapping[str, Any]) -> str | None:
        """What closes register entry `entry` under this edition, "ENTRY READING OTHERWISE"
        (e.g. "ECHO-LINE exact-substring trims nothing"), or None: an entry that arises only
        under some readings of another (its `applies_when`) is no open point of an edition
        that decides the other entry as a reading outside them."""
        condition = entry.get("applies_when")
        if not isinstance(condition, Mapping):
            return None
        governing = str(condition.get("entry", ""))
        reading = self.decided.get(governing)
        if reading is None or reading in condition.get("readings", ()):
            return None
        return f"{governing} {reading} {condition.get('otherwise', '')}".strip()


def resolve(blocks: Sequence[Mapping[str, Any]], where: str = FILE) -> tuple[Edition, ...]:
    """The editions the catalog blocks state, each resolved against its base (which must come
    before it). The first block sets every parameter. Raises CatalogError."""
    resolved: dict[str, Edition] = {}
    for block in blocks:
        edition = resolve_one(block, resolved, where)
        if edition.name in resolved:
            raise CatalogError(f"{where}: edition {edition.name!r} is stated twice")
        resolved[edition.name] = edition
    editions = tuple(resolved.values())
    return tuple(
        attrs.evolve(edition, full_name=full_name(edition, editions)) for edition in editions
    )


#: The qualifier of the full name of an edition whose name is a label other editions share.
FIRST_PUBLISHED: Final = "first-published"


def full_name(edition: Edition, editions: Sequence[Edition]) -> str:
    """The string that declares `edition` alone: its name, unless several editions carry that
    name as their version label (upstream amended the text and kept the label); then
    `<name>+first-published`."""
    if sum(1 for other in editions if other.label == edition.name) > 1:
        return f"{edition.name}+{FIRST_PUBLISHED}"
    return edition.name


def resolve_one(
    block: Mapping[str, Any], known: Mapping[str, Edition], where: str = FILE
) -> Edition:
    """One edition block resolved against the editions `known` (its base among them). A block
    without a base sets every parameter; label, title and text default to the base's."""
    name, base_name = block["name"], block.get("base")
    amends, decides = dict(block.get("parameters") or {}), dict(block.get("decides") or {})
    if base_name is None:
        missing = sorted(set(PARAMETERS) - set(amends))
        if missing:
            raise CatalogError(f"{where}: edition {name!r} has no base and does not set {missing}")
        base = None
    elif base_name not in known:
        raise CatalogError(f"{where}: edition {name!r} names base {base_name!r}, not stated before")
    else:
        base = known[base_name]
    inherited = base.parameters if base is not None else {}
    values = {**inherited, **amends}
    return Edition(
        name=name,
        label=block.get("label") or (base.label if base else name),
        title=block.get("title") or f"{name} (based on {base_name})",
        text=block.get("text") or (dict(base.text) if base else {}),
        changes=tuple(dict(change) for change in block.get("changes") or ()),
        base=base_name,
        amends=amends,
        decides=decides,
        decided={**(base.decided if base else {}), **decides},
        lineage=(name, *(base.lineage if base else ())),
        **{PARAMETERS[key]: value for key, value in values.items()},
    )


def read(path: Path) -> tuple[Edition, ...]:
    """The editions of the catalog file at `path`, validated by schemas/editions. Raises
    CatalogError naming the file."""
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise CatalogError(f"{path}: {error}") from None
    problem = first_error_message(validator("editions"), document)
    if problem is not None:
        raise CatalogError(f"{path}: {problem}")
    return resolve(document["editions"], str(path))


def bundled_catalog() -> Path:
    """The catalog of the bundled corpus: editions.yaml in the oasis_si_vectors folder (a
    checkout's vectors/), found on the package's path (it is a data-only namespace package)."""
    import oasis_si_vectors

    for entry in oasis_si_vectors.__path__:
        if (Path(entry) / FILE).is_file():
            return Path(entry) / FILE
    raise FileNotFoundError(f"no {FILE} on oasis_si_vectors.__path__")


def by_name(editions: Sequence[Edition]) -> Mapping[str, Edition]:
    return MappingProxyType({edition.name: edition for edition in editions})


#: The bundled editions, by name, the default first.
EDITIONS: Final = by_name(read(bundled_catalog()))
#: The edition a request that names none is read under: the catalog's first.
DEFAULT: Final = next(iter(EDITIONS.values()))


def edition_named(name: str, editions: Mapping[str, Edition] = EDITIONS) -> Edition:
    """The edition called `name`. Raises KeyError naming the known ones."""
    try:
        return editions[name]
    except KeyError:
        raise KeyError(f"no edition {name!r}; known: {', '.join(editions)}") from None
