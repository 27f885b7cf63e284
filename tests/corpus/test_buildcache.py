"""The generators' cache (tools/buildcache.py): keys cover the source a module runs, so a
changed generator is run again and its drift shows; unchanged inputs are read back."""

import sys
import types

import pytest

from tools import buildcache
from tools.vectorgen import __main__ as driver

HELPER = 'WORD = "{word}"\n'
GENERATOR = """from tools.fakegen.helper import WORD

FLAGS = {{}}


def files():
    return {{"9-fake/fake.yaml": {{"format": 1, "family": "fake", "description": "{text}",
                                   "vectors": []}}}}


def problems():
    return [WORD] if WORD != "fine" else []
"""


@pytest.fixture
def fake_repo(tmp_path, monkeypatch):
    """A checkout with tools/fakegen/{gen,helper}.py, the cache under tmp_path."""
    monkeypatch.setattr(buildcache, "REPO", tmp_path)
    monkeypatch.setenv("OASIS_SI_CACHE", str(tmp_path / "cache"))
    package = tmp_path / "tools" / "fakegen"
    package.mkdir(parents=True)
    (tmp_path / "tools" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "helper.py").write_text(HELPER.format(word="fine"))
    (package / "gen.py").write_text(GENERATOR.format(text="one"))
    (tmp_path / "tools" / "unrelated.py").write_text("X = 1\n")
    return tmp_path


def test_the_import_closure_follows_imports_and_nothing_else(fake_repo):
    closure = buildcache.import_closure("tools.fakegen.gen")
    names = [path.relative_to(fake_repo).as_posix() for path in closure]
    assert names == [
        "tools/__init__.py",
        "tools/fakegen/__init__.py",
        "tools/fakegen/gen.py",
        "tools/fakegen/helper.py",
    ]


def test_the_real_generators_closure_holds_what_they_import():
    closure = {path.name for path in buildcache.import_closure("tools.vectorgen.window")}
    assert {"window.py", "textrules.py", "editions.py", "__init__.py"} <= closure
    assert "signatures.py" not in closure and "bench" not in str(closure)


def load_fake(fake_repo):
    """The fake generator as a module the driver runs (source read from disk)."""
    module = types.ModuleType("tools.fakegen.gen")
    helper = types.ModuleType("tools.fakegen.helper")
    exec((fake_repo / "tools/fakegen/helper.py").read_text(), helper.__dict__)
    sys.modules["tools.fakegen.helper"] = helper
    source = (fake_repo / "tools/fakegen/gen.py").read_text()
    exec(compile(source, "gen.py", "exec"), module.__dict__)
    return module


def install(monkeypatch, module):
    """The driver's package holds `module` alone."""
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(driver, "module_names", lambda: [module.__name__])
    monkeypatch.setattr(driver, "with_editions", lambda family, vectors: (vectors, []))


def parts(monkeypatch, fake_repo):
    driver.module_parts.cache_clear()
    install(monkeypatch, load_fake(fake_repo))
    return driver.module_parts()


def test_a_changed_generator_or_helper_is_run_again_an_unchanged_one_read_back(
    fake_repo, monkeypatch
):
    try:
        (first,) = parts(monkeypatch, fake_repo)
        assert "description: one" in first.texts["9-fake/fake.yaml"] and not first.problems
        # Unchanged source: read back, even though running it now would give another text.
        driver.module_parts.cache_clear()
        module = load_fake(fake_repo)
        module.files = lambda: {"9-fake/fake.yaml": {"family": "fake", "vectors": []}}
        install(monkeypatch, module)
        assert driver.module_parts()[0] == first
        # The generator's own source changed: run again.
        (fake_repo / "tools/fakegen/gen.py").write_text(GENERATOR.format(text="two"))
        (second,) = parts(monkeypatch, fake_repo)
        assert "description: two" in second.texts["9-fake/fake.yaml"]
        # A module it imports changed: run again.
        (fake_repo / "tools/fakegen/helper.py").write_text(HELPER.format(word="broken"))
        (third,) = parts(monkeypatch, fake_repo)
        assert third.problems == ("gen: broken",)
        # No cache: run whatever is stored.
        driver.module_parts.cache_clear()
        assert driver.module_parts(False)[0] == third
    finally:
        driver.module_parts.cache_clear()
        sys.modules.pop("tools.fakegen.helper", None)


def test_a_corrupt_entry_is_computed_afresh(fake_repo, monkeypatch):
    try:
        (first,) = parts(monkeypatch, fake_repo)
        for entry in (fake_repo / "cache" / "tools").glob("vectorgen-*.json"):
            entry.write_text("{not json")
        assert parts(monkeypatch, fake_repo)[0] == first
    finally:
        driver.module_parts.cache_clear()
        sys.modules.pop("tools.fakegen.helper", None)
