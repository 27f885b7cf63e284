"""Fixtures of the corpus tests (helpers live in corpus_helpers.py, a distinct module name)."""

from corpus_helpers import real_ctx, seeded, temp_corpus  # noqa: F401 - pytest fixtures
