"""§3.2 sentence splitting: "Split on newline, and on ., !, or ? followed by whitespace or end
of text. Nothing cleverer."

A single left-to-right scan. A newline ends the sentence before it (CR LF counts once where CR
is a newline); a terminator followed by whitespace or the text end ends the sentence it closes
and belongs to it. Readings: SENT-WS (which whitespace), SENT-NEWLINE (which newlines).
"""

from .config import Config
from .hooks import Hook
from .unicode_tables import ASCII_WHITE_SPACE, NEWLINES, WHITE_SPACE

#: Abbreviations a "clever" splitter refuses to end a sentence after (Hook.SENT_ABBREVIATIONS).
_ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "mr.", "dr.", "no.", "approx.", "cf."})


def newline_set(config: Config) -> frozenset[str]:
    """The code points that are a newline under SENT-NEWLINE."""
    return NEWLINES[config.reading("SENT-NEWLINE")]


def _whitespace(config: Config) -> frozenset[str]:
    if config.has(Hook.SENT_SPACE_ONLY):
        return frozenset(" ")
    return ASCII_WHITE_SPACE if config.reading("SENT-WS") == "ascii" else WHITE_SPACE


def _terminators(config: Config) -> str:
    return "." if config.has(Hook.SENT_PERIOD_ONLY) else ".!?"


def _ends_here(text: str, index: int, config: Config, whitespace: frozenset[str]) -> bool:
    """Whether the terminator at `index` ends a sentence."""
    if config.has(Hook.SENT_EVERY_TERMINATOR):
        return True
    following = text[index + 1] if index + 1 < len(text) else None
    if following is not None and following not in whitespace:
        return False
    return not (config.has(Hook.SENT_ABBREVIATIONS) and _after_abbreviation(text, index))


def _after_abbreviation(text: str, index: int) -> bool:
    start = index
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start : index + 1].lower() in _ABBREVIATIONS


def split_raw(text: str, config: Config, terminators: bool = True, newlines: bool = True) -> list[str]:
    """The sentences of `text` as cut, before any trimming (segments may be blank)."""
    breaks = newline_set(config) if newlines and not config.has(Hook.SENT_NO_NEWLINE) else frozenset()
    enders = _terminators(config) if terminators else ""
    whitespace = _whitespace(config)
    pieces: list[str] = []
    start = index = 0
    while index < len(text):
        char = text[index]
        if char in breaks:
            pieces.append(text[start:index])
            if char == "\r" and text[index + 1 : index + 2] == "\n" and "\n" in breaks:
                index += 1
            start = index + 1
        elif char in enders and _ends_here(text, index, config, whitespace):
            pieces.append(text[start : index + 1])
            start = index + 1
        index += 1
    pieces.append(text[start:])
    return pieces


def canonical(pieces: list[str]) -> list[str]:
    """PROTOCOL.md canonical form: White_Space trimmed off both ends, empty sentences dropped."""
    trimmed = (strip_white_space(piece) for piece in pieces)
    return [piece for piece in trimmed if piece]


def strip_white_space(text: str) -> str:
    """`text` without leading and trailing Unicode White_Space (not str.strip: see unicode_tables)."""
    start, end = 0, len(text)
    while start < end and text[start] in WHITE_SPACE:
        start += 1
    while end > start and text[end - 1] in WHITE_SPACE:
        end -= 1
    return text[start:end]


def sentences(text: str, config: Config) -> list[str]:
    """§3.2: the sentences of `text`, canonical."""
    return canonical(split_raw(text, config))
