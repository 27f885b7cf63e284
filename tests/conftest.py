"""Shared test configuration: the hypothesis profiles of the whole suite.

- "ci" (the default): derandomized, so every run draws the same examples; bounded examples;
  no deadline (CI machines are slow and shared); failing examples printed as reproduction
  blobs. The property suite stays well under a minute on two cores.
- "fast": "ci" with fewer examples (20; cheap properties 100), what `nox -s tests` (the fast
  tier) selects. `nox -s tests_slow` runs every property test again under "ci".
- "long": many more examples, randomized, for `HYPOTHESIS_PROFILE=long nox -s tests`.

Select with the environment variable HYPOTHESIS_PROFILE. Other shared fixtures may be added
below; keep the profile block as it is.

- "cheap": the selected profile with at least CHEAP_EXAMPLES examples, for properties whose
  example costs microseconds (the protocol's message checks): `@settings(CHEAP)`. Fifty
  examples missed a fast check that let `{"id": 1, "result": null}` through.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=50,
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long",
    max_examples=2000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("fast", parent=settings.get_profile("ci"), max_examples=20)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)

#: Examples of the cheap properties under any profile (more when the profile gives more); the
#: fast tier's profile draws a third as many.
CHEAP_EXAMPLES = 100 if PROFILE == "fast" else 300
_examples = max(CHEAP_EXAMPLES, settings.default.max_examples)
settings.register_profile("cheap", parent=settings.default, max_examples=_examples)
