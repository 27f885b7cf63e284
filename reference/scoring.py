"""Scoring one scenario: bind its roles (Layer 3), run its decision table over the evidence."""

from collections.abc import Mapping
from typing import Any

from .binding import bind
from .evidence import Evidence, metadata
from .model import CompositeBinding, DiagnosisBinding, Verdict
from .tables import c_da_001_table, evaluate_table


def score_scenario(scenario: Mapping[str, Any], evidence: Evidence) -> Verdict:
    """Score a Form B scenario. Raises BindingError for an invalid binding (never a score).

    Raw step counts and durations are reported as metadata and never read by a table (§4).
    """
    binding = bind(scenario)
    table = c_da_001_table(binding) if isinstance(binding, DiagnosisBinding) else binding
    assert isinstance(table, CompositeBinding)
    row, band, primitives = evaluate_table(table, evidence)
    return Verdict(band.score, band.label, row, primitives, metadata(evidence))
