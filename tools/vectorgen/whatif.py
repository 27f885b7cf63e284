"""A vector's expectation under an edition that amends a parameter of the text (the §2.2
window radius), for `oasis-si-vectors diff-editions --proposed`
(conformance/editing/whatif.py): the driver's derivation (edition_outcomes.under) for an
edition that is not in the catalog.

`python -m tools.vectorgen.whatif` is how the kit asks for it (the kit never imports tools/):
{"edition": EDITION, "records": [RECORD, ...]} on standard input (whatif.edition_json and
whatif.record_of), {"derived": [{"block": BLOCK} or {"undecidable": REASON}, ...]} on standard
output, one per record in order.
"""

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

from oasis_si_conformance.editing.ratify import Undecidable
from oasis_si_schemas.editions import Edition
from tools.vectorgen.edition_outcomes import Expectation, Undecided, under
from tools.vectorgen.editions import TextEdition
from tools.vectorgen.textrules import OutsideTheRules


def expectation_under(record: Mapping[str, Any], edition: Edition) -> dict[str, Any]:
    """The expectation the text rules give `record` under `edition`'s parameters, from the
    outcome it states under the default edition. Raises Undecidable with the reason."""
    try:
        return under(record, TextEdition.of(edition), Expectation.of(record)).as_block()
    except Undecided as reason:
        raise Undecidable(f"the text rules cannot state it: {reason}") from None
    except OutsideTheRules as reason:
        raise Undecidable(f"the text rules give no one outcome: {reason}") from None


def edition_of(document: Mapping[str, Any]) -> Edition:
    """The edition `whatif.edition_json` wrote."""
    return Edition(
        **{**document, "changes": tuple(document["changes"]), "lineage": tuple(document["lineage"])}
    )


def derive(document: Mapping[str, Any]) -> dict[str, Any]:
    """Every record's expectation under the document's edition, or why it has none."""
    edition = edition_of(document["edition"])
    derived: list[dict[str, Any]] = []
    for record in document["records"]:
        try:
            derived.append({"block": expectation_under(record, edition)})
        except Undecidable as reason:
            derived.append({"undecidable": str(reason)})
    return {"derived": derived}


def main() -> None:
    """The command: the document on standard input, the derivations on standard output."""
    parser = argparse.ArgumentParser(prog="python -m tools.vectorgen.whatif", description=__doc__)
    parser.parse_args()
    json.dump(derive(json.load(sys.stdin)), sys.stdout)


if __name__ == "__main__":
    main()
