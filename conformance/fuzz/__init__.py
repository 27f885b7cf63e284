"""Property-based fuzzing of profile 0.3.0-rc1 evaluators.

- `strategies`: generators and hypothesis strategies, shared by tests/properties and the fuzzer;
- `ground`: which cases stay off the ambiguity register (and how, entry by entry);
- `differential`: the candidate against the reference (requests pipelined on the runner's
  transport, conformance/running/transport.py), with shrinking;
- `stub`: vector stubs for divergences;
- `heldout`: `heldout_cases(seed, n)`, the held-out tier;
- `cli`: the `oasis-si-fuzz` command.
"""

from oasis_si_conformance.fuzz.heldout import heldout_cases

__all__ = ["heldout_cases"]
