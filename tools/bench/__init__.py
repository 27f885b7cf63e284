"""Benchmarks (`nox -s bench`): each module with a `run()` prints figures. Never asserted."""
