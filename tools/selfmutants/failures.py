"""A pytest plugin the mutant runs load (`-p tools.selfmutants.failures`): it writes, for each
test that fails, whether it failed on *behaviour* or only on *text*, one JSON line per failure
to the file named by the environment variable OASIS_SELFMUTANT_FAILURES.

A failure is on text when the assertion that failed compares two strings that are prose
(hold whitespace: messages, reports, whole outputs), or searches a string for a phrase that
holds whitespace, or is `pytest.raises(match=...)` finding the exception's message
different. Anything else is behaviour: a comparison of values (numbers, mappings, lists,
single words such as a verdict "fail" or a kind "unknown_operation"), an assertion of a plain
truth value, an exception the code raised, a collection error. A mutant killed only by text
failures changed what the kit says, not (as far as its tests show) what it does.

The line is drawn by the shape of the assertion, not by what the strings mean: a behaviour
seen only through a phrase of an output counts as text, and a message told apart by one word
as behaviour. The mutants killed by text only are printed, for a reader to judge.
"""

import json
import os
from pathlib import Path
from typing import Any

import pytest

ENVIRONMENT = "OASIS_SELFMUTANT_FAILURES"
_compared: list[tuple[str, Any, Any]] = []


def is_prose(value: object) -> bool:
    """A string holding whitespace: a message or an output, not a single word."""
    return isinstance(value, str) and any(ch.isspace() for ch in value)


def compares_text(op: str, left: object, right: object) -> bool:
    """`left op right` compares two pieces of prose (==, !=), or searches prose for a phrase
    (in, not in: the phrase holds whitespace). A value cut or built by the code compared with
    the prose it should be (`"y" * 401 == "y" * 400 + "... [1 more]"`) is behaviour."""
    if op in ("==", "!="):
        return is_prose(left) and is_prose(right)
    return op in ("in", "not in") and is_prose(left) and isinstance(right, str)


def pytest_assertrepr_compare(op: str, left: object, right: object) -> None:
    """Called by pytest's assertion rewriting when a comparison assertion fails: remember the
    last one (the one the test fails on; Hypothesis replays the minimal example last)."""
    _compared.append((op, left, right))


def pytest_runtest_setup(item: pytest.Item) -> None:
    _compared.clear()


def _raised_by_match(excinfo: pytest.ExceptionInfo[BaseException]) -> bool:
    """The AssertionError comes from pytest.raises(match=...) finding another message."""
    last = excinfo.traceback[-1] if excinfo.traceback else None
    return last is not None and Path(str(last.path)).name == "raises.py"


def kind_of(excinfo: pytest.ExceptionInfo[BaseException] | None) -> str:
    """"text" or "behaviour" for a failed call (see the module's docstring)."""
    if excinfo is None or not excinfo.errisinstance(AssertionError):
        return "behaviour"
    if _raised_by_match(excinfo):
        return "text"
    if _compared and compares_text(*_compared[-1]):
        return "text"
    return "behaviour"


def _write(record: dict[str, str]) -> None:
    path = os.environ.get(ENVIRONMENT)
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    report = yield
    if report.failed:
        kind = kind_of(call.excinfo) if call.when == "call" else "behaviour"
        _write({"test": item.nodeid, "when": call.when, "kind": kind})
    return report


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if report.failed:
        _write({"test": report.nodeid, "when": "collect", "kind": "behaviour"})
