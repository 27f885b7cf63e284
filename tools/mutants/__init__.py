"""Mutants of the independent evaluator: plausible misreadings of profile 0.3.0-rc1, driven through
the real runner to measure what the corpus catches (`python -m tools.mutants`, `nox -s mutants`).

- catalog.py: the mutants, each with its clause, its misreading in words and how it is applied;
- matrix.py: the kill matrix (in process or over the subprocess protocol);
- signatures.py: vectors/signatures.yaml derived from the catalog and the corpus, per edition.
"""
