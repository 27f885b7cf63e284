"""Scoring one scenario: bind its roles (Layer 3), run its decision table over the evidence."""

from collections.abc import Mapping
from typing import Any

import attrs

from oasis_si_reference.binding import bind
from oasis_si_reference.editions import DEFAULT, Edition
from oasis_si_reference.evidence import Evidence, metadata
from oasis_si_reference.model import Band, Binding, CompositeBinding, DiagnosisBinding, Verdict
from oasis_si_reference.tables import c_da_001_table, evaluate_table


@attrs.frozen
class Decision:
    """How a scenario was scored: its binding, the decision table run (the C-DA-001 template
    with the roles bound in, or the composite itself), the row that matched and its band, and
    the primitive results that decided it, in evaluation order."""

    binding: Binding
    table: CompositeBinding
    row: int
    band: Band
    primitives: dict[str, bool]


def decide(
    scenario: Mapping[str, Any], evidence: Evidence, edition: Edition = DEFAULT
) -> Decision:
    """Bind the scenario and run its table (§5.1, §1.4) under an edition of the text. Raises
    BindingError for an invalid binding."""
    binding = bind(scenario)
    table = c_da_001_table(binding) if isinstance(binding, DiagnosisBinding) else binding
    row, band, primitives = evaluate_table(table, evidence, edition)
    return Decision(binding, table, row, band, primitives)


def score_scenario(
    scenario: Mapping[str, Any], evidence: Evidence, edition: Edition = DEFAULT
) -> Verdict:
    """Score a Form B scenario. Raises BindingError for an invalid binding (never a score).

    Raw step counts and durations are reported as metadata and never read by a table (§4).
    """
    decision = decide(scenario, evidence, edition)
    band = decision.band
    return Verdict(band.score, band.label, decision.row, decision.primitives, metadata(evidence))
