"""The conformance runner: certifies any evaluator of profile 0.3.0-rc1 over the protocol.

The package by concern, lowest layer first (ARCHITECTURE.md draws them; `lint-imports`, in
`nox -s lint`, holds every import to the contracts in pyproject.toml):

- `corpus/`: the vector corpus and its catalogs read from vectors/ (loading, safe YAML,
  selection, editions, conventions, register character sets);
- `model`, `operations`, `traces`, `safetext`, `output`: what every layer shares (a run's
  data, the protocol's operations and the reference's step traces, candidate text made safe,
  what the commands write);
- `judging/`: a candidate's answer against the outcomes allowed, and what explains the
  differences (judge, comparison, interpretation profile, edition fit, diagnosis);
- `running/`: a candidate as processes over the protocol (messages, transport, sessions, the
  run, limits, interrupts);
- `reporting/`: a run's outcome as JSON, terminal, Markdown, HTML and JUnit, and reports
  compared;
- `editing/`: the commands of `oasis-si-vectors` for evaluator authors and spec editors
  (check, find, explain, export, ratify, diff-editions, what-if);
- `fuzz/`: `oasis-si-fuzz`, differential fuzzing and campaigns;
- `cli`, `cliopts`, `editor`, `__main__`: the command lines;
- `harness/`: `certify`, the command line's run from Python (exported here, imported on
  first use so that importing the package stays light), and the pytest plugin (`pytest11`).
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from oasis_si_conformance.harness.api import Certificate as Certificate
    from oasis_si_conformance.harness.api import CertificationError as CertificationError
    from oasis_si_conformance.harness.api import certify as certify

__version__ = "0.1.0"
KIT_NAME = "oasis-si-conformance-kit"
__all__ = ["KIT_NAME", "Certificate", "CertificationError", "__version__", "certify"]

_API = frozenset({"certify", "Certificate", "CertificationError"})


def __getattr__(name: str) -> Any:
    """`certify`, `Certificate` and `CertificationError` (harness/api.py), imported when
    first asked for."""
    if name in _API:
        from oasis_si_conformance.harness import api

        return getattr(api, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
