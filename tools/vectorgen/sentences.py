"""Clause 3.2 sentence splitting: "Split on newline, and on ., !, or ? followed by whitespace or
end of text. Nothing cleverer." Every terminator against every kind of following character,
runs of terminators, decimals, versions, abbreviations and URLs (deliberately not special-cased),
newline kinds (register SENT-NEWLINE), non-ASCII whitespace (register SENT-WS), empty
segments, and an identifier and a synonym on either side of each kind of boundary, through
factor_identified and score_scenario (clause 2.2 co-occurrence is sentence-scoped).
Verdicts come from the text rules (textrules.py, via authoring.py).
"""

import functools
from typing import Any

from oasis_si_conformance.corpus.charsets import label
from tools.vectorgen.authoring import (
    Authored,
    AuthoringProblem,
    GeneratedFamily,
    author,
    family_files,
    flags_of,
)
from tools.vectorgen.charnames import char_name, char_slug, visible
from tools.vectorgen.charsets import disputed
from tools.vectorgen.common import ROW2, ROW3
from tools.vectorgen.lifting import operation_input, scenario_input

GEN = "tools/vectorgen/sentences.py"
FOLDER = "3.2-sentence-splitting"

#: Whitespace under every SENT-WS reading (VT is not, under ascii-no-vt).
ASCII_SPACES = " \t\n\r\f"
#: White_Space characters that are not ASCII and not Unicode mandatory line breaks.
UNICODE_SPACES = (
    "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f"
    "\u205f\u3000"
)
UNICODE_SPACES_SOME = "\u00a0\u2003\u2007\u202f\u3000"
#: Characters that look or act like space but are whitespace under no SENT-WS reading. (U+FEFF,
#: ECMAScript whitespace, and U+001C..U+001F, Python's and Java's, are probed by probes.py.)
NOT_SPACES = "\u200b\u180e\u2060\u00ad"
#: Newline kinds without a terminator.
NEWLINE_KINDS = [
    ("lf", "\n"),
    ("crlf", "\r\n"),
    ("cr", "\r"),
    ("vt", "\v"),
    ("ff", "\f"),
    ("nel", "\x85"),
    ("ls", "\u2028"),
    ("ps", "\u2029"),
    ("lfcr", "\n\r"),
    ("fs", "\x1c"),
    ("gs", "\x1d"),
    ("rs", "\x1e"),
]
TERM_NAMES = {".": "period", "!": "bang", "?": "question"}

PATTERNS = [
    # slug, text, sentences (normative; canonical form), why
    (
        "run-question-bang",
        "Really?! Yes",
        ["Really?!", "Yes"],
        "? followed by ! does not split; ! followed by space does",
    ),
    (
        "run-bang-question",
        "Really!? Yes",
        ["Really!?", "Yes"],
        "a run of terminators ends at the last one",
    ),
    (
        "run-ellipsis",
        "Wait... what",
        ["Wait...", "what"],
        "three periods: only the last is followed by whitespace",
    ),
    ("run-bangs", "No!!! Stop", ["No!!!", "Stop"], "a run of !"),
    ("run-questions", "What?? Ok", ["What??", "Ok"], "a run of ?"),
    ("run-two-periods", "A.. B", ["A..", "B"], "two periods"),
    ("run-question-period", "Hm?. B", ["Hm?.", "B"], "? then ."),
    ("only-ellipsis", "...", ["..."], "a text of three periods is one sentence"),
    (
        "spaced-periods",
        ". . .",
        [".", ".", "."],
        "each period followed by whitespace ends a sentence",
    ),
    (
        "space-before-period",
        "A . B",
        ["A .", "B"],
        "a period after a space still ends the sentence",
    ),
    ("leading-period", ". A", [".", "A"], "a period at the start followed by a space"),
    ("initials", "A.B. C", ["A.B.", "C"], "only the period followed by whitespace splits"),
    (
        "three-kinds",
        "Go! Now? Yes. Done.",
        ["Go!", "Now?", "Yes.", "Done."],
        "each terminator kind in turn",
    ),
    ("terminator-then-newline", "A.\nB", ["A.", "B"], "a terminator then a newline"),
    (
        "decimal",
        "Port 3.14 is odd.",
        ["Port 3.14 is odd."],
        "a decimal point is not followed by whitespace",
    ),
    (
        "decimal-split",
        "Costs 3. 14 dollars",
        ["Costs 3.", "14 dollars"],
        "a period after a digit followed by a space splits",
    ),
    (
        "version",
        "Version v1.2.3 is out. Next",
        ["Version v1.2.3 is out.", "Next"],
        "version strings do not split",
    ),
    (
        "version-at-end",
        "Upgrade to v1.2.3. Then restart",
        ["Upgrade to v1.2.3.", "Then restart"],
        "a version ending a sentence",
    ),
    (
        "abbrev-eg",
        "See e.g. the docs",
        ["See e.g.", "the docs"],
        "abbreviations are not special-cased: e.g. splits",
    ),
    ("abbrev-ie", "Use i.e. this", ["Use i.e.", "this"], "i.e. splits"),
    ("abbrev-dr", "Ask Dr. Smith", ["Ask Dr.", "Smith"], "Dr. splits"),
    ("abbrev-us", "The U.S. Army", ["The U.S.", "Army"], "U.S. splits"),
    ("abbrev-vs", "smtp-config vs. SMTP_PORT", ["smtp-config vs.", "SMTP_PORT"], "vs. splits"),
    ("abbrev-etc", "Ports, hosts, etc. are set", ["Ports, hosts, etc.", "are set"], "etc. splits"),
    ("abbrev-no", "See No. 5 now", ["See No.", "5 now"], "No. splits"),
    ("abbrev-am", "From 9 a.m. to noon", ["From 9 a.m.", "to noon"], "a.m. splits"),
    (
        "url-path",
        "Go to example.com/x now",
        ["Go to example.com/x now"],
        "a URL without whitespace after its periods",
    ),
    (
        "url-end",
        "Visit https://example.com. Then",
        ["Visit https://example.com.", "Then"],
        "a URL at a sentence end",
    ),
    (
        "url-final",
        "Ends with example.com.",
        ["Ends with example.com."],
        "a URL and the final period",
    ),
    ("dotfile", ".env is missing", [".env is missing"], "a leading period before a letter"),
    (
        "dotfile-end",
        "Check the .env. It lacks X",
        ["Check the .env.", "It lacks X"],
        "a dotfile ending a sentence",
    ),
    (
        "assignment",
        "Set SMTP_PORT=25. Restart.",
        ["Set SMTP_PORT=25.", "Restart."],
        "a period after a value",
    ),
    (
        "quoted-period",
        'He said "stop." Then left',
        ['He said "stop." Then left'],
        "a period followed by a quote does not split",
    ),
    (
        "bracketed-period",
        "(see above.) Next",
        ["(see above.) Next"],
        "a period followed by a bracket does not split",
    ),
    (
        "single-quoted-period",
        "Done.' Next",
        ["Done.' Next"],
        "a period followed by an apostrophe does not split",
    ),
    (
        "curly-quoted-period",
        "Done.\u201d Next",
        ["Done.\u201d Next"],
        "a period followed by a closing curly quote does not split",
    ),
    (
        "emoji-after",
        "Done.\U0001f600 Next",
        ["Done.\U0001f600 Next"],
        "a period followed by an emoji does not split",
    ),
    (
        "ellipsis-char",
        "Wait\u2026 what",
        ["Wait\u2026 what"],
        "U+2026 HORIZONTAL ELLIPSIS is not a terminator",
    ),
    (
        "ideographic-stop",
        "\u3067\u3059\u3002 \u6b21",
        ["\u3067\u3059\u3002 \u6b21"],
        "U+3002 IDEOGRAPHIC FULL STOP is not a terminator",
    ),
    (
        "fullwidth-stop",
        "A\uff0e B",
        ["A\uff0e B"],
        "U+FF0E FULLWIDTH FULL STOP is not a terminator",
    ),
    (
        "fullwidth-bang",
        "A\uff01 B",
        ["A\uff01 B"],
        "U+FF01 FULLWIDTH EXCLAMATION MARK is not a terminator",
    ),
    (
        "fullwidth-question",
        "A\uff1f B",
        ["A\uff1f B"],
        "U+FF1F FULLWIDTH QUESTION MARK is not a terminator",
    ),
    (
        "double-exclamation",
        "A\u203c B",
        ["A\u203c B"],
        "U+203C DOUBLE EXCLAMATION MARK is not a terminator",
    ),
    (
        "arabic-question",
        "A\u061f B",
        ["A\u061f B"],
        "U+061F ARABIC QUESTION MARK is not a terminator",
    ),
    (
        "small-full-stop",
        "A\ufe52 B",
        ["A\ufe52 B"],
        "U+FE52 SMALL FULL STOP (NFKC: a period) is not a terminator",
    ),
    ("danda", "A\u0964 B", ["A\u0964 B"], "U+0964 DEVANAGARI DANDA is not a terminator"),
    ("blank-lines", "A\n\nB", ["A", "B"], "an empty segment between newlines is dropped"),
    ("terminator-blank-line", "A.\n\nB", ["A.", "B"], "a terminator, then an empty line"),
    (
        "lone-period-sentence",
        "A.  . B",
        ["A.", ".", "B"],
        "a lone period between spaces is a sentence",
    ),
    ("space-line", "A. \n B", ["A.", "B"], "whitespace-only segment between splits"),
    ("crlf-blank-lines", "A.\r\n\r\nB", ["A.", "B"], "CRLF blank lines"),
    ("tabbed-period", "\t.\t", ["."], "a lone period surrounded by tabs"),
    (
        "multiple-spaces",
        "A.  \t B",
        ["A.", "B"],
        "several whitespace characters after a terminator",
    ),
]


def _split_case(name: str, text: str, description: str, **options: Any) -> Authored:
    return author(name, ["3.2"], "split_sentences", description, {"text": text}, **options)


def probe_of(separator: str) -> str | None:
    """The code point a case hinges on, when it is one register readings disagree on: a lone
    newline of SENT-NEWLINE, or a terminator and a whitespace of SENT-WS (None otherwise)."""
    if len(separator) == 1 and separator in disputed("SENT-NEWLINE"):
        return label(separator)
    if len(separator) == 2 and separator[0] in TERM_NAMES and separator[1] in disputed("SENT-WS"):
        return label(separator[1])
    return None


def _split_vectors() -> list[Authored]:
    out: list[Authored] = []
    for mark, mark_name in TERM_NAMES.items():
        out.append(_split_case(
            f"sent-{mark_name}-end-of-text", f"Key missing{mark}",
            f"clause 3.2: {mark_name} at end of text ends the sentence.",
            entry=None, expect=[f"Key missing{mark}"], optional=True))
        out.append(_split_case(
            f"sent-{mark_name}-then-letter", f"A{mark}B",
            f"clause 3.2: {mark_name} followed by a letter does not split.",
            entry=None, expect=[f"A{mark}B"]))
        out.append(_split_case(
            f"sent-{mark_name}-then-space-end", f"First{mark} Second{mark}",
            f"clause 3.2: {mark_name} then a space ends the sentence; trailing text starts"
            " another.",
            entry=None, expect=[f"First{mark}", f"Second{mark}"]))
        for space in ASCII_SPACES:
            out.append(_split_case(
                f"sent-{mark_name}-then-{char_slug(space)}", f"A{mark}{space}B",
                f"clause 3.2: {mark_name} followed by {char_name(space)} (whitespace under every"
                " reading) splits.",
                entry=None, expect=[f"A{mark}", "B"]))
        out.append(_split_case(
            f"sent-{mark_name}-then-vt", f"A{mark}\vB",
            f"clause 3.2: {mark_name} followed by U+000B LINE TABULATION: whitespace under every"
            " reading but ascii-no-vt.",
            entry="SENT-WS", probe=probe_of(f"{mark}\v")))
        for space in UNICODE_SPACES if mark == "." else UNICODE_SPACES_SOME:
            out.append(_split_case(
                f"sent-{mark_name}-then-{char_slug(space)}", f"A{mark}{space}B",
                f"clause 3.2: {mark_name} followed by {char_name(space)}: White_Space, but not"
                " ASCII whitespace.",
                entry="SENT-WS", probe=probe_of(mark + space),
                expect={"unicode": [f"A{mark}", "B"], "ascii": [f"A{mark}{space}B"]}))
        for space in "\x85\u2028\u2029" if mark == "." else "":
            out.append(_split_case(
                f"sent-{mark_name}-then-{char_slug(space)}", f"A{mark}{space}B",
                f"clause 3.2: {mark_name} followed by {char_name(space)}: White_Space, not a"
                " newline under SENT-NEWLINE's reference reading.",
                entry="SENT-WS", probe=probe_of(mark + space)))
        for other in NOT_SPACES if mark == "." else NOT_SPACES[:2]:
            out.append(_split_case(
                f"sent-{mark_name}-then-{char_slug(other)}", f"A{mark}{other}B",
                f"clause 3.2: {mark_name} followed by {char_name(other)}, which is not"
                " whitespace: no split.",
                entry=None, expect=[f"A{mark}{other}B"]))
    for name, newline in NEWLINE_KINDS:
        out.append(_split_case(
            f"sent-newline-{name}", f"A{newline}B",
            f"clause 3.2: newline kind {name} ({visible(newline)}) between two words, no"
            " terminator.",
            entry="auto", probe=probe_of(newline)))
        out.append(_split_case(
            f"sent-newline-{name}-three", f"one{newline}two{newline}three",
            f"clause 3.2: newline kind {name} ({visible(newline)}) twice.",
            entry="auto", optional=True, probe=probe_of(newline)))
    for name, text, want, why in PATTERNS:
        out.append(_split_case(
            f"sent-{name}", text, f"clause 3.2: {why}.", entry=None, expect=want))
    return out


#: Boundaries put between an identifier and a synonym: (slug, separator, splits under reference).
BOUNDARIES = [
    ("period-space", ". "),
    ("bang-space", "! "),
    ("question-space", "? "),
    ("period-tab", ".\t"),
    ("period-lf", ".\n"),
    ("lf", "\n"),
    ("crlf", "\r\n"),
    ("period-cr", ".\r"),
    ("cr", "\r"),
    ("vt", "\v"),
    ("ff", "\f"),
    ("nel", "\x85"),
    ("ls", "\u2028"),
    ("ps", "\u2029"),
    ("period-nbsp", ".\u00a0"),
    ("period-ideographic-space", ".\u3000"),
    ("period-narrow-nbsp", ".\u202f"),
    ("bang-nbsp", "!\u00a0"),
    ("period-zwsp", ".\u200b"),
    ("period-fs", ".\x1c"),
    ("ellipsis-char", "\u2026 "),
    ("ideographic-stop", "\u3002 "),
    ("comma", ", "),
    ("period-quote", '." '),
    ("period-paren", ".) "),
    ("three-periods-glued", "..."),
    ("question-bang-glued", "?!"),
]


def _boundary_vectors() -> tuple[list[Authored], list[Authored]]:
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    for name, separator in BOUNDARIES:
        answers = (
            ("id-first", f"The key SMTP_PORT{separator}It is missing from smtp-config"),
            ("synonym-first", f"A key is missing{separator}SMTP_PORT is that key"),
        )
        for order, answer in answers:
            shown = repr(visible(separator))
            operation_cases.append(author(
                f"sent-factor-{name}-{order}", ["2.2", "3.2"], "factor_identified",
                f"clause 2.2 co-occurrence across {shown}: identifier and synonym on either"
                f" side ({order}).",
                operation_input("factor_identified", answer, ["SMTP_PORT"]), entry="auto",
                also=("SENT-NEWLINE",), probe=probe_of(separator)))
            lifted_cases.append(author(
                f"sent-scenario-{name}-{order}", ["3.2", "2.2"], "score_scenario",
                f"clause 3.2 lifted: SMTP_PORT and a synonym on either side of {shown}"
                f" ({order}); the co-occurrence window counts in these sentences.",
                scenario_input(answer), entry="auto", also=("SENT-NEWLINE",),
                probe=probe_of(separator)))
    return operation_cases, lifted_cases


ANSWERS = [
    # slug, answer, row, why
    (
        "abbreviation-splits-off-identifier",
        "SMTP_PORT, i.e. the port key, is missing.",
        ROW3,
        "i.e. followed by a space ends the sentence that names SMTP_PORT",
    ),
    (
        "abbreviation-before-identifier",
        "The key (i.e. SMTP_PORT) is missing.",
        ROW2,
        "the split after i.e. leaves SMTP_PORT with the synonym",
    ),
    (
        "eg-splits",
        "A key is missing, e.g. SMTP_PORT.",
        ROW3,
        "e.g. splits the synonym from SMTP_PORT",
    ),
    (
        "vs-splits",
        "SMTP_HOST is set vs. SMTP_PORT missing.",
        ROW2,
        "vs. splits, but SMTP_PORT and missing stay together",
    ),
    ("version-no-split", "SMTP_PORT v1.2.3 is missing.", ROW2, "a version string does not split"),
    ("decimal-no-split", "SMTP_PORT (default 2.5 s) is missing.", ROW2, "a decimal does not split"),
    (
        "url-no-split",
        "SMTP_PORT (see docs.example.com/smtp) is missing.",
        ROW2,
        "a URL does not split",
    ),
    (
        "dotted-path-no-split",
        "smtp-config.SMTP_PORT is missing.",
        ROW2,
        "a dotted path does not split; the period delimits SMTP_PORT",
    ),
    (
        "trailing-ellipsis",
        "SMTP_PORT is missing... probably.",
        ROW2,
        "the synonym precedes the ellipsis",
    ),
    ("ellipsis-splits", "SMTP_PORT... is missing.", ROW3, "an ellipsis followed by a space splits"),
    ("question", "Is SMTP_PORT missing?", ROW2, "a question holding both"),
    ("question-splits", "Missing? SMTP_PORT.", ROW3, "the question mark and space split"),
    (
        "question-glued",
        "Missing?SMTP_PORT",
        ROW2,
        "a question mark followed by a letter does not split",
    ),
    (
        "assignment-splits",
        "Set SMTP_PORT=25. Missing now.",
        ROW3,
        "the period after the value splits",
    ),
    (
        "quoted-period",
        'SMTP_PORT is "missing." Indeed.',
        ROW2,
        "the synonym sits before the quoted period",
    ),
    (
        "quote-blocks-split",
        'The key is "SMTP_PORT." It is missing.',
        ROW2,
        "a period followed by a quote does not split",
    ),
    (
        "quotes-keep-one-sentence",
        'The logs say "SMTP_PORT is required." "See the docs." It is missing.',
        ROW2,
        (
            "periods followed by quotes split nothing: the identifier and the synonym share one"
            " sentence"
        ),
    ),
    (
        "radius-one-newline",
        "SMTP_PORT.\nIt is missing.",
        ROW3,
        "adjacent sentences do not co-occur under 0.3.0-rc1",
    ),
    (
        "radius-one-period",
        "The broken key is SMTP_PORT. It is missing from smtp-config.",
        ROW3,
        "adjacent sentences; the seed says same sentence",
    ),
    (
        "same-line-two-sentences",
        "SMTP_PORT is missing. Add it.",
        ROW2,
        "the first sentence holds both",
    ),
    (
        "synonym-later-sentence-same-line",
        "Look at SMTP_PORT! The value is unset.",
        ROW3,
        "the exclamation mark splits",
    ),
    ("bullet-list", "Findings:\n- SMTP_PORT\n- missing", ROW3, "list items are separate lines"),
    (
        "bullet-list-same-item",
        "Findings:\n- SMTP_PORT is missing\n- restart needed",
        ROW2,
        "one list item holds both",
    ),
    (
        "markdown-heading",
        "## Missing key\nSMTP_PORT",
        ROW3,
        "a heading line and the identifier line",
    ),
    ("table-row", "| SMTP_PORT | missing |", ROW2, "a table row is one sentence"),
    ("code-span-period", "`SMTP_PORT`. Missing.", ROW3, "a period after a code span splits"),
    (
        "terminal-no-space",
        "SMTP_PORT is missing.Restart the pod.",
        ROW2,
        "a period glued to the next word does not split",
    ),
    ("empty-lines-between", "SMTP_PORT\n\n\nis missing", ROW3, "blank lines still separate"),
]


def _answer_vectors() -> tuple[list[Authored], list[Authored]]:
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    for name, answer, row, why in ANSWERS:
        lifted_cases.append(author(
            f"sent-scenario-{name}", ["3.2", "2.2"], "score_scenario",
            f"clause 3.2 lifted: {why}.", scenario_input(answer), entry=None, expect=row))
        operation_cases.append(author(
            f"sent-factor-{name}", ["2.2", "3.2"], "factor_identified",
            f"clause 2.2 with clause 3.2: {why}.",
            operation_input("factor_identified", answer, ["SMTP_PORT"]), entry=None,
            expect=row == ROW2))
    return operation_cases, lifted_cases


@functools.cache
def generated() -> GeneratedFamily:
    boundary_cases, boundary_lifts = _boundary_vectors()
    answer_cases, answer_lifts = _answer_vectors()
    return family_files(
        FOLDER, "sentences", GEN, _split_vectors() + boundary_cases + answer_cases,
        boundary_lifts + answer_lifts,
        "Clause 3.2 sentence splitting: terminators and what follows them, runs, decimals,"
        " versions, abbreviations, URLs, newline kinds, empty segments; clause 2.2"
        " co-occurrence across each boundary.",
        "Clause 3.2 sentence boundaries lifted into the C-DA-001 bands through score_scenario.")


def files() -> dict[str, dict]:
    return generated().files


def problems() -> tuple[AuthoringProblem, ...]:
    return generated().problems


FLAGS: dict[str, str] = flags_of(files())
