"""An independent evaluator of profile 0.3.0-rc1, written from the spec text alone.

It exists to cross-check the corpus and the bundled reference: it shares no code with
`oasis_si_reference` and is built differently on purpose (no regular expressions; text is
scanned code point by code point over an aligned "folded view"; decision tables are data).

It is parameterised twice:

- `Readings` (readings.py): one field per entry of vectors/register.yaml, so it can take any
  reading of every open point of the text;
- `Hook` (hooks.py): deliberate misreadings of the normative text, switched on one by one by
  the mutant catalog (`mutants.py`: each mutant a configuration of this evaluator) to measure
  what the corpus catches and to explain what a candidate does.

Run it as a protocol command: `python -m oasis_si_conformance.independent [--reading ENTRY=READING
...] [--mutant NAME] [--hook NAME ...] [--ops score_scenario,...]`. It ships with the kit, its
catalog with it: the fuzzer's explainer plays the mutants (fuzz/cause.py), in a checkout and
in an install alike; the kill matrix and the failure signatures (tools/mutants) derive from
the catalog in a checkout. It imports nothing of the reference, and of the kit only where the
bundled corpus folder is (`corpus.vectors_root`).
"""

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.readings import Readings

__all__ = ["Config", "Hook", "Readings"]
