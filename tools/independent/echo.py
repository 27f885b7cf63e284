"""§2.1 exclude_tool_echo: "The evaluator partitions the agent's output into lines. A line that
appears verbatim in the body of any tool response captured for this scenario is removed from
match scope. Matching then runs over the remaining lines only."

A removed line is blanked: its text goes, its line break stays, so the lines around it remain
separate lines (and separate sentences). Readings: ECHO-LINE (trimmed or not, substring of a
body or equal to a line of it), ECHO-ERRORED (which bodies; see evidence.bodies).
"""

import attrs

from .config import Config
from .folding import Scope, fold
from .hooks import Hook
from .sentences import newline_set, strip_white_space


@attrs.frozen
class Line:
    """One line of a text: its content and the break that ended it ("" for the last line)."""

    content: str
    brk: str


def partition(text: str, config: Config) -> list[Line]:
    """`text` cut into lines at the newlines of SENT-NEWLINE (CR LF is one break)."""
    breaks = newline_set(config)
    lines: list[Line] = []
    start = index = 0
    while index < len(text):
        if text[index] in breaks:
            width = 2 if text[index] == "\r" and text[index + 1 : index + 2] == "\n" and "\n" in breaks else 1
            lines.append(Line(text[start:index], text[index : index + width]))
            index += width
            start = index
            continue
        index += 1
    lines.append(Line(text[start:], ""))
    return lines


def _body_lines(body: str, config: Config) -> list[str]:
    return [line.content for line in partition(body, config)]


def is_echo(line: str, bodies: list[str], config: Config) -> bool:
    """Whether `line` "appears verbatim in the body" of some tool response (ECHO-LINE)."""
    reading = config.reading("ECHO-LINE")
    candidate = strip_white_space(line) if reading.startswith("trimmed") else line
    if not candidate:
        return False
    if config.has(Hook.ECHO_FOLDED):
        candidate = fold(candidate, config, Scope.IDENTIFIER)
        bodies = [fold(body, config, Scope.IDENTIFIER) for body in bodies]
    for body in bodies:
        if reading.endswith("substring"):
            if candidate in body:
                return True
            continue
        for body_line in _body_lines(body, config):
            compared = strip_white_space(body_line) if reading.startswith("trimmed") else body_line
            if compared == candidate:
                return True
    return False


def in_scope(text: str, bodies: list[str], config: Config, every_line_echo: bool = False) -> str:
    """The text left in match scope once echoed lines are removed (blanked)."""
    if config.has(Hook.ECHO_WHOLE_ANSWER):
        return "" if is_echo(text, bodies, config) else text
    lines = partition(text, config)
    echoed = [every_line_echo and bool(strip_white_space(x.content)) or is_echo(x.content, bodies, config) for x in lines]
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
