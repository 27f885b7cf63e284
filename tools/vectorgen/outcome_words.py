"""A description's outcome, stated per edition where the editions' outcomes differ: the kit's
own statement of it (oasis_si_conformance.editing.descriptions.per_edition), which `ratify` uses
too. A family writes a description under the default edition; where the driver finds another
outcome under a later edition (edition_outcomes.py), each outcome statement outside quoted
answer text becomes the outcome under each edition, e.g.
`-> row 3 under 0.3.0-rc1, row 2 under 0.3.0-rc1+2026-08-22.`
"""

from oasis_si_conformance.editing.descriptions import per_edition as per_edition
