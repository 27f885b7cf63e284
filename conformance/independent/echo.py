"""§2.1 exclude_tool_echo: "The evaluator partitions the agent's output into lines. A line that
appears verbatim in the body of any tool response captured for this scenario is removed from
match scope. Matching then runs over the remaining lines only."

A removed line is blanked: its text goes, its line break stays, so the lines around it remain
separate lines (and separate sentences). Readings: ECHO-LINE (trimmed or not, substring of a
body or equal to a line of it), ECHO-ERRORED (which responses are bodies; see
evidence.Bodies.select), ECHO-LINE-BREAK (which characters end a line, of the answer and of a
body) and ECHO-TRIM (what a trimmed reading trims). The faults that change which bodies count
or how a line is compared form one exclusive group, decided per line (config.Table); comparing
case-folded is consulted only where it would turn a line into echo.
"""

import functools
from collections.abc import Sequence

import attrs

from oasis_si_conformance.independent.config import Config, Table, tabulate
from oasis_si_conformance.independent.evidence import Bodies
from oasis_si_conformance.independent.folding import Scope, fold
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.readings import READINGS, Readings
from oasis_si_conformance.independent.sentences import break_width, strip_white_space
from oasis_si_conformance.independent.unicode_tables import NEWLINES, WHITE_SPACE_SETS


@attrs.frozen
class Line:
    """One line of a text: its content and the break that ended it ("" for the last line)."""

    content: str
    brk: str


def partition(text: str, config: Config) -> list[Line]:
    """`text` cut into lines at the line breaks of ECHO-LINE-BREAK (CR LF is one break)."""
    lines: list[Line] = []
    start = index = 0
    while index < len(text):
        width = break_width(text, index, config, "ECHO-LINE-BREAK")
        if width:
            lines.append(Line(text[start:index], text[index : index + width]))
            index += width
            start = index
            continue
        index += 1
    lines.append(Line(text[start:], ""))
    return lines


def trim(text: str, reading: str) -> str:
    """`text` without the leading and trailing characters ECHO-TRIM `reading` trims."""
    chars = WHITE_SPACE_SETS[reading]
    start, end = 0, len(text)
    while start < end and text[start] in chars:
        start += 1
    while end > start and text[end - 1] in chars:
        end -= 1
    return text[start:end]


@functools.lru_cache(maxsize=1 << 14)
def _body_lines(body: str, newline: str, trimmed: str | None) -> frozenset[str]:
    """The lines of a tool body under ECHO-LINE-BREAK `newline` (trimmed as ECHO-TRIM
    `trimmed` says, or not at all: None)."""
    config = Config(Readings().with_reading("ECHO-LINE-BREAK", newline))
    lines = (line.content for line in partition(body, config))
    return frozenset(line if trimmed is None else trim(line, trimmed) for line in lines)


def _appears(candidate: str, bodies: list[str], readings: dict[str, str]) -> bool:
    """ECHO-LINE: containment in a body, or equality with one of its lines."""
    reading = readings["ECHO-LINE"]
    if reading.endswith("substring"):
        return any(candidate in body for body in bodies)
    trimmed = readings["ECHO-TRIM"] if reading.startswith("trimmed") else None
    newline = readings["ECHO-LINE-BREAK"]
    return any(candidate in _body_lines(body, newline, trimmed) for body in bodies)


#: Faults of which bodies a line is compared with, mutually exclusive.
BODY_HOOKS = (Hook.ECHO_ARGUMENTS, Hook.ECHO_NULL_NOT_BODY, Hook.ECHO_LAST_BODY_ONLY)


def is_echo(line: str, bodies: Bodies, config: Config) -> bool:
    """Whether `line` "appears verbatim in the body" of some tool response (ECHO-LINE)."""
    if not strip_white_space(line):
        return False  # blank lines are never echo, under every reading
    value, readings = _echo_table(line, bodies).pick(config)
    if value:
        return True
    folded = fold(line, config, Scope.IDENTIFIER)
    if folded == line and all(
        fold(b, config, Scope.IDENTIFIER) == b for b in bodies.select("results-and-errors")
    ):
        return False  # folding changes nothing here: comparing folded cannot differ
    found = [
        fold(body, config, Scope.IDENTIFIER) for body in bodies.select(readings["ECHO-ERRORED"])
    ]
    return _line_appears(folded, found, readings) and config.has(Hook.ECHO_FOLDED)


#: The entries an echo verdict on one line depends on (ECHO-LINE-BREAK cuts bodies into lines).
_ECHO_ENTRIES = ("ECHO-LINE", "ECHO-ERRORED", "ECHO-LINE-BREAK", "ECHO-TRIM")
#: Characters some ECHO-TRIM (or ECHO-LINE-BREAK) readings treat alike and others not.
_TRIM_SETS = [WHITE_SPACE_SETS[reading] for reading in READINGS["ECHO-TRIM"]]
_DISPUTED_TRIM = frozenset().union(*_TRIM_SETS) - frozenset.intersection(*_TRIM_SETS)
_DISPUTED_BREAKS = frozenset().union(*NEWLINES.values()) - NEWLINES["lf"]


@functools.lru_cache(maxsize=1 << 16)
def _echo_table(line: str, bodies: Bodies) -> Table:
    """The echo verdict on `line` under each ECHO-LINE, ECHO-ERRORED, ECHO-LINE-BREAK (which
    cuts bodies into lines) and ECHO-TRIM reading, and each body fault. A trim or break reading
    is tabulated only where the line or a body holds a character the readings dispute (else
    every reading gives the reference's value, which is then not consulted)."""

    def compute(readings: dict[str, str], hook: Hook | None) -> bool:
        found = bodies.select(readings["ECHO-ERRORED"], hook)
        return _line_appears(line, found, readings)

    text = line + "".join(part for item in bodies.items for part in item if isinstance(part, str))
    trims, breaks = READINGS["ECHO-TRIM"], READINGS["ECHO-LINE-BREAK"]
    options: dict[str, Sequence[str]] = {
        "ECHO-TRIM": trims if _DISPUTED_TRIM.intersection(text) else trims[:1],
        "ECHO-LINE-BREAK": breaks if _DISPUTED_BREAKS.intersection(text) else breaks[:1],
    }
    return tabulate(_ECHO_ENTRIES, BODY_HOOKS, compute, options)


def _line_appears(line: str, found: list[str], readings: dict[str, str]) -> bool:
    trimmed = readings["ECHO-LINE"].startswith("trimmed")
    candidate = trim(line, readings["ECHO-TRIM"]) if trimmed else line
    return bool(candidate) and _appears(candidate, found, readings)


def in_scope(text: str, bodies: Bodies, config: Config, every_line_echo: bool = False) -> str:
    """The text left in match scope once echoed lines are removed (blanked)."""
    lines = partition(text, config)
    echoed = [is_echo(line.content, bodies, config) for line in lines]
    if every_line_echo:
        echoed = [
            gone or bool(strip_white_space(line.content))
            for line, gone in zip(lines, echoed, strict=True)
        ]
    if not any(echoed):
        return text  # nothing to remove: no fault of the removal itself can matter
    if config.has(Hook.ECHO_WHOLE_ANSWER):
        return "" if is_echo(text, bodies, config) else text
    if config.has(Hook.ECHO_DELETE_JOIN):
        return _delete_and_join(lines, echoed)
    return "".join(
        ("" if gone else line.content) + line.brk for line, gone in zip(lines, echoed, strict=True)
    )


def _delete_and_join(lines: list[Line], echoed: list[bool]) -> str:
    """Fault: drop echoed lines and splice the lines on either side into one line."""
    out: list[str] = []
    splice = False
    for line, gone in zip(lines, echoed, strict=True):
        if gone:
            splice = bool(out)
            continue
        if splice and out:
            out[-1] = out[-1].rstrip("\r\n") + " " + line.content + line.brk
        else:
            out.append(line.content + line.brk)
        splice = False
    return "".join(out)
