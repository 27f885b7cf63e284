"""Shared test configuration: the hypothesis profiles of the whole suite.

- "ci" (the default): derandomized, so every run draws the same examples; bounded examples;
  no deadline (CI machines are slow and shared); failing examples printed as reproduction
  blobs. The property suite stays well under a minute on two cores.
- "fast": "ci" with fewer examples (20; cheap properties 100), what `nox -s tests` (the fast
  tier) selects. `nox -s tests_slow` runs every property test again under "ci".
- "long": many more examples, randomized, for `HYPOTHESIS_PROFILE=long nox -s tests`.

Select with the environment variable HYPOTHESIS_PROFILE. Other shared fixtures may be added
below; keep the profile block as it is.

The kit's caches (loaded corpora, file checks, exports, the generators' parts) are the test
run's, never the user's: OASIS_SI_CACHE, when the caller sets none, is the checkout's
`.cache/tests` (git ignores it), one folder for every worker and both tiers, so the bundled
corpus is parsed once per run, not once per worker and test module (`bundled_vectors`). Its
entries are keyed by every byte they are computed from (corpus_cache.py, tools/buildcache.py);
the tests of a cache itself use a folder of their own.

- "cheap": the selected profile with at least CHEAP_EXAMPLES examples, for properties whose
  example costs microseconds (the protocol's message checks): `@settings(CHEAP)`. Fifty
  examples missed a fast check that let `{"id": 1, "result": null}` through.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from oasis_si_conformance.corpus import corpus, corpus_cache

CHECKOUT = Path(__file__).resolve().parents[1]
os.environ.setdefault("OASIS_SI_CACHE", str(CHECKOUT / ".cache" / "tests"))

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=50,
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long",
    max_examples=2000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("fast", parent=settings.get_profile("ci"), max_examples=20)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)

#: Examples of the cheap properties under any profile (more when the profile gives more); the
#: fast tier's profile draws a third as many.
CHEAP_EXAMPLES = 100 if PROFILE == "fast" else 300
_examples = max(CHEAP_EXAMPLES, settings.default.max_examples)
settings.register_profile("cheap", parent=settings.default, max_examples=_examples)


@pytest.fixture(scope="session")
def bundled_vectors() -> list[corpus.Vector]:
    """The bundled corpus as `corpus.load_corpus` loads it, through the run's cache of loaded
    corpora (an entry is read only for these exact files, loader and schema)."""
    root = corpus.vectors_root()
    return corpus_cache.load(root, corpus.build_manifest(root))


#: The kit's package folders and the names they are installed under.
INSTALLED_NAMES = {
    "conformance": "oasis_si_conformance",
    "reference": "oasis_si_reference",
    "schemas": "oasis_si_schemas",
    "vectors": "oasis_si_vectors",
}


class InstalledCopy:
    """A copy of the checkout whose package folders sit under their installed names (tools/
    at its root, and `vectors` a link to the corpus folder, where the tools read it), for a
    change the kit reads from its installed packages (an edition added to
    vectors/editions.yaml): commands run there with the copy first on PYTHONPATH."""

    def __init__(self, top: Path, cache: Path) -> None:
        self.top = top
        #: The kit's cache (XDG_CACHE_HOME) of the copy's commands: keyed by what it caches
        #: (a corpus by its files' bytes, the loader and the schema), so copies may share one.
        self.cache = cache
        ignore = shutil.ignore_patterns("__pycache__", ".cache")
        shutil.copytree(CHECKOUT / "tools", top / "tools", ignore=ignore)
        for folder, name in INSTALLED_NAMES.items():
            shutil.copytree(CHECKOUT / folder, top / name, ignore=ignore)
        (top / "vectors").symlink_to(INSTALLED_NAMES["vectors"], target_is_directory=True)

    @property
    def vectors(self) -> Path:
        """The copy's corpus folder (the installed package oasis_si_vectors)."""
        return self.top / INSTALLED_NAMES["vectors"]

    def run(self, *argv: str, ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess[str]:
        """`python ARGV` in the copy; its exit status must be one of `ok`."""
        env = {**os.environ, "PYTHONPATH": str(self.top), "XDG_CACHE_HOME": str(self.cache)}
        done = subprocess.run(
            [sys.executable, *argv], cwd=self.top, env=env, capture_output=True, text=True,
            check=False, timeout=3600,
        )
        assert done.returncode in ok, done.stdout + done.stderr
        return done


@pytest.fixture(scope="session")
def bundled_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled corpus exported once per session through the command (`oasis-si-vectors
    export --format json DIR`), for the tests that read an export. They share the
    xdist_group "export", so that one worker exports it once."""
    from oasis_si_conformance import editor

    out = tmp_path_factory.mktemp("export") / "json"
    assert editor.main(["--root", str(corpus.vectors_root()), "export", "--format", "json",
                        str(out)]) == 0
    return out


@pytest.fixture(scope="session")
def copies_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One kit cache for the session's installed copies: a corpus one copy loaded is read
    from it by the next, unless its files differ."""
    return tmp_path_factory.mktemp("copies-cache")


@pytest.fixture
def installed_copy(tmp_path: Path, copies_cache: Path) -> InstalledCopy:
    return InstalledCopy(tmp_path / "checkout", copies_cache)
