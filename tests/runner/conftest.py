"""Fixtures of the runner tests (defined in runner_helpers.py, which tests import by that
unique name: several test folders have a conftest.py)."""

from runner_helpers import (  # noqa: F401
    certify,
    corpus_cache_dir,
    private_corpus_cache,
    session_corpus_cache,
    state,
)
