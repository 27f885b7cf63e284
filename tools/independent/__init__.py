"""An independent evaluator of profile 0.3.0-rc1, written from the spec text alone.

It exists to cross-check the corpus and the bundled reference: it shares no code with
`oasis_si_reference` and is built differently on purpose (no regular expressions; text is
scanned code point by code point over an aligned "folded view"; decision tables are data).

It is parameterised twice:

- `Readings` (readings.py): one field per entry of vectors/register.yaml, so it can take any
  reading of every open point of the text;
- `Hook` (hooks.py): deliberate misreadings of the normative text, switched on one by one by
  the mutant catalog (tools/mutants/catalog.py) to measure what the corpus catches.

Run it as a protocol command: `python -m tools.independent [--reading ENTRY=READING ...]
[--mutant NAME] [--hook NAME ...] [--ops score_scenario,...]`. The kit does not ship it.
"""

from tools.independent.config import Config
from tools.independent.hooks import Hook
from tools.independent.readings import Readings

__all__ = ["Config", "Hook", "Readings"]
