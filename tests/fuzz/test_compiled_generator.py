"""The case generator compiled by mypyc (tools/accelerate.py, `nox -s bench_compiled`)
generates exactly what its source does: every case and choice sequence of the generation
digests, and the cases hypothesis draws through the strategies (draws.py). mypyc reads the
annotations as types to enforce: an int in a tuple it types as floats comes out a float, a
surrogate literal does not compile, a function it compiled has no signature for
`st.composite`. A change to strategies.py that breaks any of these fails here, not in the
benchmark."""

from pathlib import Path

import pytest

from tools import accelerate

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose packages import the compiled generator. Session-scoped: the tests using it
    share an xdist group, but a worker may run other modules' tests between them, which would
    tear a module-scoped build down and build it again."""
    pytest.importorskip("mypyc", reason="mypy (which carries mypyc) is not installed")
    work = tmp_path_factory.mktemp("compiled")
    accelerate.build(accelerate.checkout_packages(REPO), work)
    return work


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")  # one build, on one worker
def test_the_build_holds_the_generators_extension_modules(compiled: Path) -> None:
    built = accelerate.compiled_modules(compiled / accelerate.PACKAGE)
    assert built and all(path.name.startswith("strategies") for path in built)


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")  # one build, on one worker
def test_the_compiled_generator_generates_what_the_source_does(compiled: Path) -> None:
    source = accelerate.digests()
    assert len(source) == 7  # three configurations, two seeds each; hypothesis's draws
    assert accelerate.digests(pythonpath=compiled) == source


@pytest.mark.slow
@pytest.mark.xdist_group("compiled")  # one build, on one worker
def test_the_digests_come_from_the_compiled_module(compiled: Path) -> None:
    """The comparison above is between two modules, not one module twice: with the build
    first on the path, the generator imported is an extension module."""
    assert accelerate.imported_from().endswith(".py")
    where = accelerate.imported_from(pythonpath=compiled)
    assert where.startswith(str(compiled)) and not where.endswith(".py")


def test_mypyc_runs_without_the_callers_import_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypyc reads the packages copied into its scratch folder: a PYTHONPATH of the caller's
    (say, a checkout that also holds the packages) is not passed on to it."""
    monkeypatch.setenv("PYTHONPATH", "/somewhere/else")
    monkeypatch.setenv("PYTHONHOME", "/another/python")
    monkeypatch.setenv("OASIS_SI_KEPT", "yes")
    environment = accelerate._clean_environment()
    assert "PYTHONPATH" not in environment and "PYTHONHOME" not in environment
    assert environment["OASIS_SI_KEPT"] == "yes"
