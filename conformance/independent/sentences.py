"""§3.2 sentence splitting: "Split on newline, and on ., !, or ? followed by whitespace or end
of text. Nothing cleverer."

A single left-to-right scan. A newline ends the sentence before it (CR LF counts once where CR
is a newline); a terminator followed by whitespace or the text end ends the sentence it closes
and belongs to it. Readings: SENT-WS (which whitespace), SENT-NEWLINE (which newlines; the
lines of §2.1 break where ECHO-LINE-BREAK says, through the same scanner).
"""

from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.readings import READINGS
from oasis_si_conformance.independent.unicode_tables import NEWLINES, WHITE_SPACE, WHITE_SPACE_SETS

#: Abbreviations a "clever" splitter refuses to end a sentence after (Hook.SENT_ABBREVIATIONS).
_ABBREVIATIONS = frozenset({"e.g.", "i.e.", "etc.", "vs.", "mr.", "dr.", "no.", "approx.", "cf."})


def newline_set(config: Config, entry: str = "SENT-NEWLINE") -> frozenset[str]:
    """The code points that are a newline under SENT-NEWLINE (or a line break under
    ECHO-LINE-BREAK: `entry`)."""
    return NEWLINES[config.reading(entry)]


#: Code points that are a newline under some reading of SENT-NEWLINE but not under all (LF is
#: one under every reading; ECHO-LINE-BREAK has the same readings).
_DISPUTED_NEWLINES = frozenset().union(*NEWLINES.values()) - NEWLINES["lf"]

#: Whitespace after a terminator under every SENT-WS reading, and under some but not all.
_SENT_WS_SETS = [WHITE_SPACE_SETS[reading] for reading in READINGS["SENT-WS"]]
_UNDISPUTED_WS = frozenset.intersection(*_SENT_WS_SETS)
_DISPUTED_WS = frozenset().union(*_SENT_WS_SETS) - _UNDISPUTED_WS


def break_width(text: str, index: int, config: Config, entry: str = "SENT-NEWLINE") -> int:
    """How many code points of newline start at `index` (0: none), under SENT-NEWLINE (or
    ECHO-LINE-BREAK: `entry`)."""
    char = text[index]
    if char != "\n" and char not in _DISPUTED_NEWLINES:
        return 0
    breaks = NEWLINES["lf"] if char == "\n" else newline_set(config, entry)
    if char not in breaks:
        return 0
    return 2 if char == "\r" and text[index + 1 : index + 2] == "\n" else 1


def _ends_here(text: str, index: int, config: Config) -> bool:
    """Whether the terminator at `index` ends a sentence: it is followed by whitespace (SENT-WS)
    or by the end of the text."""
    following = text[index + 1] if index + 1 < len(text) else None
    if following is None or following == " ":
        ends = True
    elif following in _UNDISPUTED_WS:
        ends = not config.has(Hook.SENT_SPACE_ONLY)
    elif following in _DISPUTED_WS:
        chosen = WHITE_SPACE_SETS[config.reading("SENT-WS")]
        ends = following in chosen and not config.has(Hook.SENT_SPACE_ONLY)
    else:
        ends = config.has(Hook.SENT_EVERY_TERMINATOR)
    if ends and following is not None and _after_abbreviation(text, index):
        return not config.has(Hook.SENT_ABBREVIATIONS)
    return ends


def _after_abbreviation(text: str, index: int) -> bool:
    start = index
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    return text[start : index + 1].lower() in _ABBREVIATIONS


#: Closing quotes and brackets a splitter lets stand between a terminator and the whitespace
#: after it (Hook.SENT_CLOSING_PUNCTUATION).
CLOSERS = frozenset("\"')]}\u2019\u201d")


def _whitespace(char: str | None, config: Config) -> bool:
    """Whether `char` is whitespace after a terminator (SENT-WS), or the text end (None)."""
    if char is None or char in _UNDISPUTED_WS:
        return True
    return char in _DISPUTED_WS and char in WHITE_SPACE_SETS[config.reading("SENT-WS")]


def _closed_end(text: str, index: int, config: Config) -> int:
    """Fault (Hook.SENT_CLOSING_PUNCTUATION): where a sentence ends when the terminator at
    `index` is followed by closing quotes or brackets and then whitespace or the text end (`."`
    then a space): after the closers. 0 when that is not the case or the hook is off."""
    end = index + 1
    while end < len(text) and text[end] in CLOSERS:
        end += 1
    following = text[end] if end < len(text) else None
    if end == index + 1 or not (following is None or following in _DISPUTED_WS | _UNDISPUTED_WS):
        return 0
    if not config.has(Hook.SENT_CLOSING_PUNCTUATION):
        return 0
    return end if _whitespace(following, config) else 0


def _terminator(char: str, config: Config) -> bool:
    """. ! and ? end sentences (§3.2)."""
    if char == ".":
        return True
    return char in "!?" and not config.has(Hook.SENT_PERIOD_ONLY)


def split_raw(
    text: str, config: Config, terminators: bool = True, newlines: bool = True
) -> list[str]:
    """The sentences of `text` as cut, before any trimming (segments may be blank)."""
    pieces: list[str] = []
    start = index = 0
    while index < len(text):
        char = text[index]
        width = break_width(text, index, config) if newlines else 0
        if width and not config.has(Hook.SENT_NO_NEWLINE):
            pieces.append(text[start:index])
            index += width
            start = index
            continue
        if terminators and char in ".!?" and _terminator(char, config):
            if _ends_here(text, index, config):
                pieces.append(text[start : index + 1])
                start = index + 1
            elif closed := _closed_end(text, index, config):
                pieces.append(text[start:closed])
                start = index = closed
                continue
        index += 1
    pieces.append(text[start:])
    return pieces


def canonical(pieces: list[str]) -> list[str]:
    """PROTOCOL.md canonical form: White_Space trimmed off both ends, empty sentences dropped."""
    trimmed = (strip_white_space(piece) for piece in pieces)
    return [piece for piece in trimmed if piece]


def strip_white_space(text: str) -> str:
    """`text` without leading and trailing Unicode White_Space (not str.strip: see
    unicode_tables)."""
    start, end = 0, len(text)
    while start < end and text[start] in WHITE_SPACE:
        start += 1
    while end > start and text[end - 1] in WHITE_SPACE:
        end -= 1
    return text[start:end]


def sentences(text: str, config: Config) -> list[str]:
    """§3.2: the sentences of `text`, canonical."""
    return canonical(split_raw(text, config))
