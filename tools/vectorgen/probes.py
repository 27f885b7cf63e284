"""Exhaustive probes of the register entries whose readings are sets of code points: SENT-WS
and SENT-NEWLINE (clause 3.2), ECHO-LINE-BREAK and ECHO-TRIM (clause 2.1), ANSWER-BLANK
(clause 2.3).

For every code point two readings of an entry disagree on (charsets.py states the sets; the
register holds the same data, and rule probe-coverage holds the corpus to it) there is one
score_scenario ambiguity vector carrying `probe: U+XXXX` whose verdict depends on that code
point alone: every reading whose set holds it gives one row, every other reading the other
row. A candidate whose set matches no reading therefore contradicts itself on some probe, and
the interpretation profile names the code point. Each probe has an operation-level twin
(factor_identified, named_in_output or within_step_budget) for localisation.

Every other register entry stays at a point where its readings agree: the probes use the real
C-DA-001 scenario, ASCII text around the probed code point, and tool bodies that share nothing
with the answer but what a probe is about. Two couplings are inherent and allowed: a code point
that is a newline (or line break) under some reading also ends a sentence (or a line) there,
whatever SENT-WS (or ECHO-TRIM) says, so U+001C..U+001E probe SENT-NEWLINE (ECHO-LINE-BREAK)
too. The clause 3.2 probes take their verdicts from the text rules (textrules.py); the echo
and answer probes state theirs by membership, as their clauses define them.
"""

import functools
import unicodedata
from typing import Any, Final

from oasis_si_conformance.corpus import charsets as register_charsets
from tools.vectorgen._scenario_kit import LOGS, ev, logs, quiet, real, scored_open
from tools.vectorgen.authoring import Authored, AuthoringProblem, author, with_probe
from tools.vectorgen.charnames import char_name
from tools.vectorgen.charsets import SETS, disputed, holding
from tools.vectorgen.common import ROW2, ROW3, ambiguous, vector_file
from tools.vectorgen.lifting import operation_input, scenario_input

GEN: Final = "tools/vectorgen/probes.py"

FLAGS: Final = {
    "exhaustive-probe": (
        "Probes one code point on which readings of a register entry differ (the vector's"
        " `probe`); its outcomes split exactly by membership of that code point."
    ),
}
_FLAG: Final = ["exhaustive-probe"]

#: The log line a tool body holds, copied into answers by the echo probes.
FATAL: Final = LOGS.splitlines()[-1]


def _label(char: str) -> str:
    return register_charsets.label(char)


def _name(char: str) -> str:
    """U+XXXX and its name; controls, which have none in the database, by their category."""
    name = char_name(char)
    if name.endswith(" UNNAMED"):
        return f"{name[: -len(' UNNAMED')]} (a {unicodedata.category(char)} control)"
    return name


def _id(prefix: str, char: str, suffix: str = "") -> str:
    return f"{prefix}-u{ord(char):04x}{suffix}"


def _held(entry: str, char: str) -> str:
    readings = holding(entry, char)
    return ", ".join(readings) if readings else "no reading"


# Clause 3.2: SENT-WS and SENT-NEWLINE, through the text rules ---------------------------------

#: Code points some SENT-NEWLINE reading makes a newline (a SENT-WS probe there also splits).
_NEWLINES: Final = frozenset().union(*SETS["SENT-NEWLINE"].values())


def _sentence_probes(entry: str, prefix: str, separator: str, why: str) -> list[Authored]:
    """Per disputed code point: "The key SMTP_PORT<sep>see the logs<sep>it is missing from
    smtp-config", where <sep> ends a sentence exactly under the readings holding the code point
    (row 3 there; the synonym and the identifier share a sentence, row 2, elsewhere). Two
    separators keep the synonym two sentences away, so the verdicts hold under a radius-one
    co-occurrence window too (the 2026-08-22 amendment)."""
    out: list[Authored] = []
    for char in disputed(entry):
        sep = separator.format(char)
        answer = f"The key SMTP_PORT{sep}see the logs{sep}it is missing from smtp-config"
        also = ("SENT-NEWLINE",) if entry == "SENT-WS" and char in _NEWLINES else ()
        held = holding(entry, char)
        expect = {reading: ROW3 if reading in held else ROW2 for reading in SETS[entry]}
        text = (
            f"clause 3.2 {entry} probe {_name(char)}: {why} under {_held(entry, char)} (the"
            " identifier's sentence, and the next, then lack the synonym: row 3), not elsewhere"
            " (row 2)."
        )
        out.append(author(
            _id(prefix, char), ["3.2", "2.2"], "score_scenario", text, scenario_input(answer),
            entry=entry, expect=expect, also=also, flags=tuple(_FLAG), probe=_label(char)))
        out.append(author(
            _id(prefix, char, "-factor"), ["2.2", "3.2"], "factor_identified",
            f"clause 2.2 with clause 3.2 {entry} probe {_name(char)}: co-occurrence holds"
            f" unless {why.lower()} ({_held(entry, char)}).",
            operation_input("factor_identified", answer, ["SMTP_PORT"]),
            entry=entry, also=also, flags=tuple(_FLAG), probe=_label(char)))
    return out


# Clause 2.1: ECHO-LINE-BREAK and ECHO-TRIM, stated by membership ------------------------------


def _echo_probe(
    entry: str, prefix: str, char: str, answer: str, description: str, named_description: str
) -> list[dict[str, Any]]:
    """A probe whose echoed log line is excluded (row 4; SMTP_PORT not named) exactly under the
    readings holding `char`, and in scope otherwise (row 2; SMTP_PORT named, 'not set' beside
    it): the score_scenario vector (`description`) and the named_in_output one
    (`named_description`, which states no row: its outcome has none)."""
    held = holding(entry, char)
    rows: dict[str, int | str] = {reading: 4 if reading in held else 2 for reading in SETS[entry]}
    evidence = ev(answer, [logs()])
    scenario_vector = scored_open(
        _id(prefix, char), ["2.1", "2.2"], description, real(), evidence, entry, rows, _FLAG)
    params = {
        "evidence": evidence,
        "identifier_set": ["SMTP_PORT"],
        "channels": ["agent_response"],
        "exclude_tool_echo": True,
    }
    named = {reading: {"value": reading not in held} for reading in SETS[entry]}
    operation_vector = ambiguous(
        _id(prefix, char, "-named"), ["2.1"], "named_in_output",
        f"{named_description} named_in_output: SMTP_PORT is named unless the line is echo.",
        params, entry, named, _FLAG)
    return [with_probe(scenario_vector, _label(char)), with_probe(operation_vector, _label(char))]


def _line_break_probes() -> list[dict[str, Any]]:
    """The copied log line, the probed code point, then the agent's own words on what is one
    line unless the code point ends a line: then the log line alone is echo."""
    out = []
    for char in disputed("ECHO-LINE-BREAK"):
        answer = f"{FATAL}{char}Restart the pod."
        case = (
            f"clause 2.1 ECHO-LINE-BREAK probe {_name(char)}: the copied log line, then this"
            " character, then 'Restart the pod.'; it ends a line under"
            f" {_held('ECHO-LINE-BREAK', char)} (the log line alone is echo{{}}), elsewhere"
            " the whole line is the agent's{}."
        )
        out += _echo_probe(
            "ECHO-LINE-BREAK", "echo-line-break-probe", char, answer,
            case.format(": row 4", " (row 2)"), case.format("", ""),
        )
    return out


def _trim_probes() -> list[dict[str, Any]]:
    """The copied log line led by the probed code point: echo once trimmed only where the
    trim removes it."""
    out = []
    for char in disputed("ECHO-TRIM"):
        answer = f"Evidence:\n{char}{FATAL}"
        case = (
            f"clause 2.1 ECHO-TRIM probe {_name(char)}: a copied log line led by this character;"
            f" trimmed under {_held('ECHO-TRIM', char)} (the line is echo{{}}), kept elsewhere"
            " (the line is the agent's{})."
        )
        out += _echo_probe(
            "ECHO-TRIM", "echo-trim-probe", char, answer,
            case.format(": row 4", ": row 2"), case.format("", ""),
        )
    return out


# Clause 2.3: ANSWER-BLANK, stated by membership -----------------------------------------------


def _blank_probes() -> list[dict[str, Any]]:
    """A final answer of the one probed code point, 3 steps of 15: no final answer (row 1)
    under the readings that call it blank, an answer that names nothing (row 4) elsewhere."""
    out = []
    for char in disputed("ANSWER-BLANK"):
        held = holding("ANSWER-BLANK", char)
        rows: dict[str, int | str] = {
            reading: 1 if reading in held else 4 for reading in SETS["ANSWER-BLANK"]
        }
        description = (
            f"clause 2.3 ANSWER-BLANK probe {_name(char)}: the final answer is this one"
            f" character; blank under {_held('ANSWER-BLANK', char)} (no final answer: row 1),"
            " an answer naming nothing elsewhere (row 4)."
        )
        scenario_vector = scored_open(
            _id("answer-blank-probe", char), ["2.3"], description, real(), ev(char, quiet(3)),
            "ANSWER-BLANK", rows, _FLAG)
        answered = {reading: {"value": reading not in held} for reading in SETS["ANSWER-BLANK"]}
        operation_vector = ambiguous(
            _id("answer-blank-probe", char, "-budget"), ["2.3"], "within_step_budget",
            f"clause 2.3 ANSWER-BLANK probe {_name(char)}: a one-character final answer, 1 step"
            " of 15: within budget unless the answer is blank.",
            {"evidence": ev(char, quiet(1)), "n": 15}, "ANSWER-BLANK", answered, _FLAG)
        out += [with_probe(vector, _label(char)) for vector in (scenario_vector, operation_vector)]
    return out


# The files ------------------------------------------------------------------------------------


@functools.cache
def _authored() -> dict[str, list[Authored]]:
    return {
        "SENT-WS": _sentence_probes(
            "SENT-WS", "sent-ws-probe", ".{}",
            "a period followed by this character ends a sentence"),
        "SENT-NEWLINE": _sentence_probes(
            "SENT-NEWLINE", "sent-newline-probe", "{}",
            "this character, with no terminator before it, is a newline"),
    }


def _records(cases: list[Authored]) -> list[dict[str, Any]]:
    return [case.record for case in cases if case.record is not None]


def files() -> dict[str, dict[str, Any]]:
    authored = _authored()
    return {
        "3.2-sentence-splitting/sent-ws-probes.yaml": vector_file(
            "sent-ws-probes",
            "SENT-WS probed at every code point its readings disagree on, through score_scenario"
            " (and factor_identified).",
            GEN, _records(authored["SENT-WS"])),
        "3.2-sentence-splitting/sent-newline-probes.yaml": vector_file(
            "sent-newline-probes",
            "SENT-NEWLINE probed at every code point its readings disagree on, through"
            " score_scenario (and factor_identified).",
            GEN, _records(authored["SENT-NEWLINE"])),
        "2.1-named-in-output/echo-line-break-probes.yaml": vector_file(
            "echo-line-break-probes",
            "ECHO-LINE-BREAK probed at every code point its readings disagree on, through"
            " score_scenario (and named_in_output).",
            GEN, _line_break_probes()),
        "2.1-named-in-output/echo-trim-probes.yaml": vector_file(
            "echo-trim-probes",
            "ECHO-TRIM probed at every code point its readings disagree on, through"
            " score_scenario (and named_in_output).",
            GEN, _trim_probes()),
        "2.3-step-budget/answer-blank-probes.yaml": vector_file(
            "answer-blank-probes",
            "ANSWER-BLANK probed at every code point its readings disagree on, through"
            " score_scenario (and within_step_budget).",
            GEN, _blank_probes()),
    }


def problems() -> tuple[AuthoringProblem, ...]:
    return tuple(
        AuthoringProblem("probes", case.vector_id, message)
        for cases in _authored().values()
        for case in cases
        for message in case.problems
    )
