"""§2.1 exclude_tool_echo: "The evaluator partitions the agent's output into lines. A line that
appears verbatim in the body of any tool response captured for this scenario is removed from
match scope. Matching then runs over the remaining lines only."

A removed line is blanked: its text goes, its line break stays, so the lines around it remain
separate lines (and separate sentences). Readings: ECHO-LINE (trimmed or not, substring of a
body or equal to a line of it), ECHO-ERRORED (which responses are bodies; see
evidence.Bodies.select). The faults that change which bodies count or how a line is compared form
one exclusive group, decided per line (config.Table); comparing case-folded is consulted
only where it would turn a line into echo.
"""

import functools

import attrs

from .config import Config, Table, tabulate
from .evidence import Bodies
from .folding import Scope, fold
from .hooks import Hook
from .readings import Readings
from .sentences import break_width, strip_white_space


@attrs.frozen
class Line:
    """One line of a text: its content and the break that ended it ("" for the last line)."""

    content: str
    brk: str


def partition(text: str, config: Config) -> list[Line]:
    """`text` cut into lines at the newlines of SENT-NEWLINE (CR LF is one break)."""
    lines: list[Line] = []
    start = index = 0
    while index < len(text):
        width = break_width(text, index, config)
        if width:
            lines.append(Line(text[start:index], text[index : index + width]))
            index += width
            start = index
            continue
        index += 1
    lines.append(Line(text[start:], ""))
    return lines


@functools.lru_cache(maxsize=1 << 14)
def _body_lines(body: str, newline: str, trimmed: bool) -> frozenset[str]:
    """The lines of a tool body under SENT-NEWLINE `newline` (trimmed of White_Space or not)."""
    config = Config(Readings().with_reading("SENT-NEWLINE", newline))
    lines = (line.content for line in partition(body, config))
    return frozenset(strip_white_space(line) if trimmed else line for line in lines)


def _appears(candidate: str, bodies: list[str], reading: str, newline: str) -> bool:
    """ECHO-LINE: containment in a body, or equality with one of its lines."""
    if reading.endswith("substring"):
        return any(candidate in body for body in bodies)
    trimmed = reading.startswith("trimmed")
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
    if folded == line and all(fold(b, config, Scope.IDENTIFIER) == b for b in bodies.select("results-and-errors")):
        return False  # folding changes nothing here: comparing folded cannot differ
    found = [fold(body, config, Scope.IDENTIFIER) for body in bodies.select(readings["ECHO-ERRORED"])]
    return _line_appears(folded, found, readings["ECHO-LINE"], readings["SENT-NEWLINE"]) and config.has(Hook.ECHO_FOLDED)


@functools.lru_cache(maxsize=1 << 16)
def _echo_table(line: str, bodies: Bodies) -> Table:
    """The echo verdict on `line` under each ECHO-LINE, ECHO-ERRORED and SENT-NEWLINE reading
    (the last cuts bodies into lines) and each body fault."""

    def compute(readings: dict[str, str], hook: Hook | None) -> bool:
        found = bodies.select(readings["ECHO-ERRORED"], hook)
        return _line_appears(line, found, readings["ECHO-LINE"], readings["SENT-NEWLINE"])

    return tabulate(("ECHO-LINE", "ECHO-ERRORED", "SENT-NEWLINE"), BODY_HOOKS, compute)


def _line_appears(line: str, found: list[str], reading: str, newline: str) -> bool:
    candidate = strip_white_space(line) if reading.startswith("trimmed") else line
    return bool(candidate) and _appears(candidate, found, reading, newline)


def in_scope(text: str, bodies: Bodies, config: Config, every_line_echo: bool = False) -> str:
    """The text left in match scope once echoed lines are removed (blanked)."""
    lines = partition(text, config)
    echoed = [is_echo(line.content, bodies, config) for line in lines]
    if every_line_echo:
        echoed = [gone or bool(strip_white_space(line.content)) for line, gone in zip(lines, echoed, strict=True)]
    if not any(echoed):
        return text  # nothing to remove: no fault of the removal itself can matter
    if config.has(Hook.ECHO_WHOLE_ANSWER):
        return "" if is_echo(text, bodies, config) else text
    if config.has(Hook.ECHO_DELETE_JOIN):
        return _delete_and_join(lines, echoed)
    return "".join(("" if gone else line.content) + line.brk for line, gone in zip(lines, echoed, strict=True))


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
