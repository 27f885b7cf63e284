"""Fixtures of the runner tests (defined in runner_helpers.py, which tests import by that
unique name: several test folders have a conftest.py)."""

from runner_helpers import certify, corpus_cache_dir, state  # noqa: F401
