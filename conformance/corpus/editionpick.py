"""Which edition a handshake's declaration names (PROTOCOL.md, Handshake, Editions).

Upstream amended §2.2 and kept the version label, so a label several editions carry names none
of them: an evaluator of the amended text prints the same "0.3.0-rc1" as one of the text as
first published. A declared string names one edition when it is that edition's *full name*:

- the edition's name, when no other edition carries that name as its label
  (`0.3.0-rc1+2026-08-22`);
- for the edition whose name is the shared label (the text as first published, the base of
  the others), that name qualified as the first-published text: `0.3.0-rc1+first-published`.

A shared label declared alone decides nothing: without `--edition` the run stops (exit 2)
and the message names the editions that carry it and the full names that declare each.
"""

from collections.abc import Sequence

from oasis_si_schemas.editions import Edition
from oasis_si_schemas.editions import full_name as full_name


def carrying(editions: Sequence[Edition], label: str) -> list[Edition]:
    """The editions whose version label is `label`."""
    return [edition for edition in editions if edition.label == label]


def declared_by_full_name(editions: Sequence[Edition], declared: Sequence[str]) -> list[Edition]:
    """The editions the declaration names by full name, each once, in the catalog's order."""
    return [edition for edition in editions if full_name(edition, editions) in declared]


def shared_labels(editions: Sequence[Edition], declared: Sequence[str]) -> list[str]:
    """The declared strings that are a label several editions carry."""
    return [label for label in declared if len(carrying(editions, label)) > 1]


def ambiguity(editions: Sequence[Edition], label: str) -> str:
    """Why a declared shared label decides no edition, and what to do instead."""
    sharing = carrying(editions, label)
    choices = ", ".join(
        f"{edition.name} (declare {full_name(edition, editions)})" for edition in sharing
    )
    return (
        f"the candidate declares the version label {label}, which {len(sharing)} editions of "
        f"the text carry: {choices}; a label names none of them alone, so the run certifies "
        f"against none: choose one with --edition NAME, or declare the edition's full name in "
        f"the handshake's profiles"
    )
