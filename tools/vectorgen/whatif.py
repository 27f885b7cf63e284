"""A vector's expectation under an edition that amends a parameter of the text (the §2.2
window radius), for `oasis-si-vectors diff-editions --proposed` (conformance/editing/whatif.py): the
driver's derivation (edition_outcomes.under) for an edition that is not in the catalog.
"""

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
