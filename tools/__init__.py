"""Kit tooling that the package does not ship: vector generators, the independent evaluator,
the mutant catalog. Importable from the repository root (pytest sets pythonpath = .)."""
