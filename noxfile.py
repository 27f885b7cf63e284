"""Sessions of the kit. Quick start (README): `nox -s conformance`, then `nox -s tests`.

Every session installs what it needs into its own virtualenv, from scratch.
"""

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests"]
nox.options.reuse_existing_virtualenvs = True


@nox.session
def tests(session: nox.Session) -> None:
    """The whole test suite (the command .ci/run runs). Extra args go to pytest."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session
def conformance(session: nox.Session) -> None:
    """Certify an evaluator: `nox -s conformance -- [OPTIONS] [--] CMD [ARGS...]`.

    With no CMD, certifies the bundled reference evaluator.
    """
    session.install("-e", ".")
    session.run("oasis-si-conformance", *session.posargs)


@nox.session
def fuzz(session: nox.Session) -> None:
    """Differential fuzzing against the reference: `nox -s fuzz -- [OPTIONS] [--] CMD [ARGS...]`."""
    session.install("-e", ".[test]")
    session.run("oasis-si-fuzz", *session.posargs)


@nox.session
def mutants(session: nox.Session) -> None:
    """The kill matrix: every mutant of the catalog driven through the runner."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tools.mutants", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Speed and memory figures (printed, never asserted)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tools.bench", *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """Static checks: ruff, every corpus rule of the checkout (`python -m tools.check`: the
    shipped rules and the repository-only ones, generator drift and SPEC_MAP.md included), and
    the drift check of the schemas' operation parts (written from conformance/operations.py)."""
    session.install("-e", ".", "ruff")
    session.run("ruff", "check", ".")
    session.run("python", "-m", "tools.check")
    session.run("python", "-m", "tools.schemagen", "--check")
