"""Shared test configuration: the hypothesis profiles of the whole suite.

- "ci" (the default): derandomized, so every run draws the same examples; bounded examples;
  no deadline (CI machines are slow and shared); failing examples printed as reproduction
  blobs. The property suite stays well under a minute on two cores.
- "long": many more examples, randomized, for `HYPOTHESIS_PROFILE=long nox -s tests`.

Select with the environment variable HYPOTHESIS_PROFILE. Other shared fixtures may be added
below; keep the profile block as it is.
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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
