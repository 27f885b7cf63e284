"""The Python API: `from oasis_si_conformance import certify`.

`certify(command, edition=..., select=..., **options)` is `oasis-si-conformance` called from
Python: the same options (each keyword is the command line's option, `-` written `_`), the
same corpus loading, sessions, judge, diagnosis and reports (cli.certification), and nothing
printed. It returns a `Certificate`: the verdict, the counts, every vector's result, the
interpretation profile and the JSON report (schemas/report.schema.json) as a dict.

    certificate = certify(["./my-evaluator", "--stdio"], edition="0.3.0-rc1+first-published",
                          select=["3.1"], jobs=2, report=Path("report.json"))
    assert certificate.conformant, certificate.headline

A bad option or a candidate that cannot start (the command line's exit 2) raises
CertificationError with the command line's message; an interruption (Ctrl-C) raises
KeyboardInterrupt once every candidate process has ended.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import attrs

from oasis_si_conformance import cli
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.judging.interpretation import EntryProfile
from oasis_si_conformance.model import Status, VectorResult
from oasis_si_conformance.reporting import baseline, reportview


class CertificationError(Exception):
    """The certification could not run: a bad option, an unreadable corpus or baseline, a
    candidate that cannot start or fails its handshake (the command line's exit status 2)."""


@attrs.frozen
class Counts:
    """The run's counts, in the report's words (a convention difference is never passed)."""

    total: int
    passed: int
    failed: int
    convention: int
    not_exercised: int


@attrs.frozen
class Certificate:
    """One certification's outcome.

    `conformant`: vectors were exercised and none failed (nor, under `strict=True`, differed
    on a convention); `gate_tripped`: the kinds of change against `baseline=` that trip the
    gate (`fail_on=`); `exit_status`: what `oasis-si-conformance` exits with for the same run
    (0 only when conformant and no gate tripped). `results`: every selected vector's result by
    id, corpus order; `profile`: the interpretation profile (register entry -> readings
    followed); `report`: the JSON report.
    """

    conformant: bool
    exit_status: int
    edition: str
    headline: str
    counts: Counts
    results: Mapping[str, VectorResult]
    profile: tuple[EntryProfile, ...]
    report: dict[str, Any]
    gate_tripped: tuple[str, ...] = ()

    @property
    def failed(self) -> list[str]:
        """The ids of the failed vectors, corpus order."""
        return [vid for vid, result in self.results.items() if result.status == Status.FAILED]

    def readings(self) -> dict[str, tuple[str, ...]]:
        """Register entry -> the readings the answers follow (empty when inconsistent)."""
        return {entry.entry: entry.followed for entry in self.profile}

    def explain_command(self, vector_id: str) -> str:
        """The command that shows a vector and the reference's reasoning under this run's
        edition (`oasis-si-vectors explain ID --edition NAME`)."""
        return reportview.explain_command(self.report, vector_id)


def certify(
    command: Sequence[str],
    *,
    edition: str | None = None,
    select: Sequence[str] = (),
    **options: Any,
) -> Certificate:
    """Certify the evaluator `command` (an argument vector, never run through a shell; `()`
    for the bundled reference) as `oasis-si-conformance` does, and return its Certificate.

    `edition`: `--edition`; `select`: the `-k` terms. Every other option of the command line
    is a keyword (`jobs=2`, `repetitions=1`, `mode="one-shot"`, `report=Path(...)`,
    `baseline=Path(...)`, `fail_on="regression,coverage"`, `strict=True`, `timeout=5`,
    `vectors=Path(...)`); a list repeats an option (`env_pass=["HOME"]`). Raises
    CertificationError (a usage or setup error) and TypeError (a keyword that is no option).
    """
    return certify_only(command, None, edition=edition, select=select, **options)


def certify_only(
    command: Sequence[str],
    only: Collection[str] | None,
    *,
    edition: str | None = None,
    select: Sequence[str] = (),
    **options: Any,
) -> Certificate:
    """`certify`, narrowed after the selection to the vector ids `only` (the pytest plugin's
    items left after pytest's own `-k`)."""
    if isinstance(command, str):
        raise TypeError("certify() takes the command as a sequence of arguments, not a string")
    return certify_arguments(command, _argv(edition, select, options), only)


def certify_arguments(
    command: Sequence[str], argv: Sequence[str], only: Collection[str] | None = None
) -> Certificate:
    """`certify` with the options as the command line's words (`["--jobs", "2"]`), for the
    pytest plugin's `--oasis-si-options`; live progress off unless asked for."""
    if not any(word in ("--progress", "--no-progress") for word in argv):
        argv = [*argv, "--no-progress"]
    args = _parse(argv)
    if args.list:
        raise CertificationError("--list lists vectors; it certifies nothing")
    try:
        done = cli.certification(args, list(command), only=only)
    except cli.UsageError as error:
        raise CertificationError(str(error)) from None
    if isinstance(done, int):  # interrupted: its reports are written, its processes ended
        raise KeyboardInterrupt
    document = done.document
    summary = document["summary"]
    return Certificate(
        conformant=document["verdict"] == "conformant",
        exit_status=cli.exit_status(document),
        edition=document["edition"]["name"],
        headline=document["headline"],
        counts=Counts(
            total=summary["total"],
            passed=summary["passed"],
            failed=summary["failed"],
            convention=summary["convention"],
            not_exercised=summary["not_exercised"],
        ),
        results=dict(done.outcome.results),
        profile=tuple(done.outcome.profile),
        report=document,
        gate_tripped=tuple(baseline.tripped(document)),
    )


def selected(argv: Sequence[str]) -> list[Vector]:
    """The vectors the command line's options `argv` select (CertificationError when none,
    or the corpus cannot be read)."""
    try:
        return cli.selection(_parse(argv))
    except cli.UsageError as error:
        raise CertificationError(str(error)) from None


#: Options the API decides: never a listing, never live progress unless asked for.
_NOT_OPTIONS = frozenset({"list", "help", "version", "command"})


def _argv(edition: str | None, select: Sequence[str], options: dict[str, Any]) -> list[str]:
    """The command line's words for these keywords (TypeError names a keyword that is no
    option)."""
    parser = cli.parser()
    flags = {
        action.dest: action
        for action in parser._actions  # the options the command line defines
        if action.option_strings and action.dest not in _NOT_OPTIONS
    }
    argv: list[str] = []
    if isinstance(select, str):
        select = [select]
    for term in select:
        argv += ["-k", term]
    if edition is not None:
        argv += ["--edition", edition]
    for key, value in options.items():
        action = flags.get(key)
        if action is None or key in ("select", "edition"):
            raise TypeError(f"certify() got an unexpected keyword argument {key!r}")
        argv += _option(action, value)
    return argv


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line's options parsed (CertificationError words what it refuses)."""
    try:
        with contextlib.redirect_stderr(io.StringIO()) as said:
            return cli.parser().parse_args(list(argv))
    except SystemExit:
        message = said.getvalue().strip().splitlines()
        raise CertificationError(message[-1] if message else "bad options") from None


def _option(action: argparse.Action, value: Any) -> list[str]:
    """One keyword as the command line's words: a flag for True, nothing for False (or the
    `--no-` form of a two-way flag), each item of a list, else the value as text."""
    flag = next(name for name in action.option_strings if name.startswith("--"))
    if isinstance(value, bool):
        if isinstance(action, argparse.BooleanOptionalAction):
            return [flag if value else "--no-" + flag[2:]]
        if action.nargs == 0:
            return [flag] if value else []
    if value is None:
        return []
    if isinstance(value, list | tuple):
        if action.dest == "fail_on":
            return [flag, ",".join(map(str, value)) or "none"]
        return [word for item in value for word in (flag, str(item))]
    return [flag, str(value)]
