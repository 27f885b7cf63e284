"""The editions of the text this evaluator can read, from the editions catalog
(vectors/editions.yaml, or another catalog file given by path), and what each says of the one
parameter of the text they may set: how far from the identifier's sentence (§2.2) a synonym
may sit.

0.3.0-rc1 as first published: "occurs in the same sentence as one of f.required_identifiers"
(radius 0). Its 2026-08-22 amendment (the version label unchanged): "the sentence containing
that identifier, or the sentence immediately before or immediately after it ... a fixed radius
of one sentence" (radius 1). An edition states `co-occurrence-radius` in its `parameters`, or
takes its base's. Read here with this evaluator's own loader (never through the kit's).
"""

import functools
from pathlib import Path
from typing import Any, Final

import yaml

from oasis_si_conformance.corpus.corpus import vectors_root

#: The bundled catalog.
CATALOG: Final = vectors_root() / "editions.yaml"
RADIUS: Final = "co-occurrence-radius"


@functools.cache
def window_radii(catalog: Path = CATALOG) -> dict[str, int]:
    """Edition name -> sentences either side of the identifier's sentence in the §2.2 window,
    in catalog order (the first edition is the default)."""
    document: dict[str, Any] = yaml.safe_load(catalog.read_text(encoding="utf-8"))
    radii: dict[str, int] = {}
    for block in document["editions"]:
        own = (block.get("parameters") or {}).get(RADIUS)
        radii[block["name"]] = int(own) if own is not None else radii[block["base"]]
    return radii


def first_published(catalog: Path = CATALOG) -> str:
    """The edition a run reads when nothing names one: the catalog's first."""
    return next(iter(window_radii(catalog)))


#: The edition a run reads when nothing names one (the bundled catalog's first).
FIRST_PUBLISHED: Final = first_published()


def radius(edition: str, catalog: Path = CATALOG) -> int:
    """The §2.2 window radius of `edition` (KeyError for an edition the catalog lacks)."""
    return window_radii(catalog)[edition]
