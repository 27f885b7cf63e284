"""Vector generators. Each module states its rule in code, independently of reference/ (it
must never import oasis_si_reference), and exposes:

- `files() -> dict[str, dict]`: vectors-relative path -> vector-file document;
- `FLAGS: dict[str, str]`: every flag its vectors use -> one-line documentation;
- optionally `problems()`: the authoring problems met writing them (the text-level families,
  authoring.py), which the driver reports with the family and vector id before writing.

The text-level families (nfc, case, delimiters, sentences, synonyms) author their verdicts
from textrules.py, the generator-side statement of the text rules, through authoring.py, and
require every normative vector to fail one of the wrong implementations of wrong_readings.py;
lifting.py builds their inputs and lifts each case into score_scenario.

Modules are discovered (any module here with a `files` function). `python -m tools.vectorgen`
writes every file, and vectors/flags.yaml from all FLAGS; tests fail when a committed file
drifts from its generator.
"""
