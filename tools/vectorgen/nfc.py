"""Clause 3.1 NFC normalization: composed against decomposed forms in text and identifier,
combining marks next to an identifier (which NFC may compose into its last letter), canonical
singletons (Kelvin, Ohm, Angstrom, CJK compatibility ideographs, Greek punctuation), canonical
reordering, and NFC against NFKC / NFD discriminators. Verdicts come from the text rules
(textrules.py, via authoring.py); the hand-stated ones must agree with them.
"""

import functools
import unicodedata

from tools.vectorgen.authoring import (
    Authored,
    AuthoringProblem,
    GeneratedFamily,
    author,
    family_files,
    flags_of,
)
from tools.vectorgen.charnames import char_name, visible
from tools.vectorgen.common import ROW2, ROW3, ROW4
from tools.vectorgen.lifting import operation_input, scenario_input, variant_scenario

GEN = "tools/vectorgen/nfc.py"
FOLDER = "3.1-identifier-matching"

#: (slug, composed word, decomposed word): canonically equivalent; NFC gives the first.
PAIRS = [
    ("e-acute", "CAF\u00c9", "CAFE\u0301"),
    ("a-ring", "\u00c5R", "A\u030aR"),
    ("n-tilde", "A\u00d1O", "AN\u0303O"),
    ("u-diaeresis", "GR\u00dcN", "GRU\u0308N"),
    ("c-cedilla", "FA\u00c7ADE", "FAC\u0327ADE"),
    ("greek-tonos", "\u0386\u039b\u03a6\u0391", "\u0391\u0301\u039b\u03a6\u0391"),
    ("cyrillic-short-i", "\u0419\u041e\u0414", "\u0418\u0306\u041e\u0414"),
    ("hangul", "\ud55c\uad6d", "\u1112\u1161\u11ab\u1100\u116e\u11a8"),
    ("vietnamese-stacked", "\u1ec6M", "E\u0323\u0302M"),
    ("vietnamese-reordered", "\u1ec6M", "E\u0302\u0323M"),
]

#: Identifiers and the combining marks placed right after them (NFC may compose the mark into
#: the identifier's last character, which then no longer occurs).
MARK_IDENTIFIERS = ["SMTP_PORT", "CACHE_SIZE", "RETRY_1", "smtp-config"]
MARKS = "\u0301\u0300\u0302\u0303\u0308\u030a\u030c\u0327\u0323\u0331\u0307"


def _composes(base: str, mark: str) -> bool:
    """Clause 3.1 applies NFC: does base + mark compose to one code point?"""
    return len(unicodedata.normalize("NFC", base + mark)) == 1


SINGLETONS = [
    # slug, text, identifier, want, why
    ("kelvin-text", "\u212aEY_ID", "KEY_ID", True, "the Kelvin sign U+212A is canonically K"),
    (
        "kelvin-identifier",
        "key_id",
        "\u212aEY_ID",
        True,
        "a Kelvin sign in the identifier is NFC-normalized too",
    ),
    (
        "kelvin-after",
        "SMTP_PORT\u212a",
        "SMTP_PORT",
        False,
        "a Kelvin sign after becomes K: inside the class, not delimited",
    ),
    ("kelvin-before", "\u212aSMTP_PORT", "SMTP_PORT", False, "a Kelvin sign before becomes K"),
    (
        "kelvin-lowercase-before",
        "\u212asmtp_port",
        "smtp_port",
        False,
        "a Kelvin sign before a lowercase identifier",
    ),
    (
        "ohm-text",
        "\u2126",
        "\u03c9",
        True,
        "the Ohm sign U+2126 is canonically capital omega, which lowercases to omega",
    ),
    ("ohm-identifier", "\u03c9_limit", "\u2126_LIMIT", True, "an Ohm sign in the identifier"),
    (
        "ohm-after",
        "SMTP_PORT\u2126",
        "SMTP_PORT",
        True,
        "an Ohm sign after becomes omega: outside the class",
    ),
    (
        "angstrom-text",
        "\u212b_UNIT",
        "\u00e5_unit",
        True,
        "the Angstrom sign U+212B is canonically A with ring",
    ),
    (
        "angstrom-identifier-decomposed-text",
        "a\u030a_unit",
        "\u212b_UNIT",
        True,
        "Angstrom sign identifier against decomposed a + ring",
    ),
    (
        "cjk-compat-text",
        "\uf900",
        "\u8c48",
        True,
        "CJK compatibility ideograph U+F900 is canonically U+8C48",
    ),
    (
        "cjk-compat-identifier",
        "\u8c48",
        "\uf900",
        True,
        "a CJK compatibility ideograph in the identifier",
    ),
    ("cjk-compat-supplement", "\U0002f800", "\u4e3d", True, "U+2F800 is canonically U+4E3D"),
    (
        "greek-question-mark",
        "a\u037eb",
        "a;b",
        True,
        "GREEK QUESTION MARK U+037E is canonically a semicolon",
    ),
    (
        "greek-ano-teleia",
        "a\u0387b",
        "a\u00b7b",
        True,
        "GREEK ANO TELEIA U+0387 is canonically U+00B7",
    ),
    ("greek-varia", "a\u1fefb", "a`b", True, "GREEK VARIA U+1FEF is canonically a grave accent"),
    (
        "combining-grave-tone",
        "CAFE\u0340",
        "CAF\u00c8",
        True,
        "U+0340 is canonically U+0300, which composes",
    ),
    (
        "combining-acute-tone",
        "CAFE\u0341",
        "CAF\u00c9",
        True,
        "U+0341 is canonically U+0301, which composes",
    ),
    ("greek-numeral-sign", "x\u0374", "x\u02b9", True, "U+0374 is canonically U+02B9"),
    ("greek-oxia", "x\u1ffd", "x\u00b4", True, "U+1FFD is canonically U+00B4"),
    (
        "angle-brackets",
        "\u2329x\u232a",
        "\u3008x\u3009",
        True,
        "U+2329/U+232A are canonically U+3008/U+3009",
    ),
    (
        "devanagari-excluded-text",
        "\u0958",
        "\u0915\u093c",
        True,
        "U+0958 is a composition exclusion: NFC keeps it decomposed",
    ),
    (
        "devanagari-excluded-identifier",
        "\u0915\u093c",
        "\u0958",
        True,
        "a composition-excluded letter in the identifier",
    ),
]

REORDER = [
    (
        "double-acute",
        "CAFE\u0301\u0301",
        "CAF\u00c9",
        True,
        "the second acute is blocked and stays after the composed letter",
    ),
    (
        "cedilla-then-acute",
        "CAFE\u0327\u0301",
        "CAFE",
        False,
        "E + cedilla composes (U+0228); the identifier is gone",
    ),
    (
        "dot-below-then-acute",
        "CAFE\u0323\u0301",
        "CAF\u00c9",
        False,
        "E + dot below composes first (U+1EB8); the acute stays apart",
    ),
    (
        "acute-then-dot-below",
        "CAFE\u0301\u0323",
        "CAF\u00c9",
        False,
        "canonical reordering puts dot below first, so E + acute never composes",
    ),
    (
        "acute-then-dot-below-plain",
        "CAFE\u0301\u0323",
        "CAFE",
        False,
        "canonical reordering, then E + dot below composes",
    ),
    (
        "overlay-stays",
        "CAFE\u0335",
        "CAFE",
        True,
        "a short stroke overlay never composes: the mark is a delimiter",
    ),
    (
        "enclosing-circle",
        "CAFE\u20dd",
        "CAFE",
        True,
        "an enclosing mark never composes: the mark is a delimiter",
    ),
    (
        "mark-at-start",
        "\u0301SMTP_PORT",
        "SMTP_PORT",
        True,
        "a combining mark at the start of text, before the identifier",
    ),
    (
        "mark-on-letter-before",
        "x\u0301SMTP_PORT",
        "SMTP_PORT",
        True,
        "x + acute does not compose; the mark before is a delimiter",
    ),
    (
        "composed-letter-before",
        "e\u0301SMTP_PORT",
        "SMTP_PORT",
        True,
        "e + acute composes to U+00E9, outside the class",
    ),
    (
        "mark-on-first-letter",
        "S\u0301MTP_PORT",
        "SMTP_PORT",
        False,
        "S + acute composes (U+015A): the identifier is gone",
    ),
    (
        "hangul-lv-plus-t",
        "\ud558\u11ab",
        "\ud558",
        False,
        "Hangul LV syllable + trailing jamo composes to an LVT syllable",
    ),
    (
        "hangul-lvt-plus-t",
        "\ud55c\u11ab",
        "\ud55c",
        True,
        "an LVT syllable + trailing jamo cannot compose: the jamo is a delimiter",
    ),
    (
        "nfd-trap-precomposed-after",
        "SMTP_PORT\u00c9",
        "SMTP_PORTE",
        False,
        "precomposed E-acute is not E: under NFD the identifier would match",
    ),
    (
        "nfd-trap-precomposed-neighbour",
        "SMTP_PORT\u00e9",
        "SMTP_PORT",
        True,
        "precomposed e-acute after: outside the class (NFD would leave an e)",
    ),
]

NFKC = [
    (
        "fullwidth-text",
        "\uff33\uff2d\uff34\uff30\uff3f\uff30\uff2f\uff32\uff34",
        "SMTP_PORT",
        False,
        "fullwidth forms are not ASCII under NFC",
    ),
    (
        "fullwidth-identifier",
        "SMTP_PORT",
        "\uff33\uff2d\uff34\uff30\uff3f\uff30\uff2f\uff32\uff34",
        False,
        "a fullwidth identifier does not match ASCII text",
    ),
    (
        "fullwidth-capital-after",
        "SMTP_PORT\uff21",
        "SMTP_PORT",
        True,
        "fullwidth A after is outside the class",
    ),
    (
        "fullwidth-low-line-inside",
        "SMTP\uff3fPORT",
        "SMTP_PORT",
        False,
        "a fullwidth low line is not an underscore",
    ),
    (
        "fullwidth-digit-after",
        "SMTP_PORT\uff11",
        "SMTP_PORT",
        True,
        "a fullwidth digit after is outside the class",
    ),
    (
        "fullwidth-digit-in-key",
        "RETRY_\uff11",
        "RETRY_1",
        False,
        "a fullwidth digit is not a digit of the identifier",
    ),
    (
        "small-hyphen-inside",
        "smtp\ufe63config",
        "smtp-config",
        False,
        "SMALL HYPHEN-MINUS U+FE63 is not a hyphen-minus",
    ),
    (
        "small-hyphen-after",
        "SMTP_PORT\ufe63",
        "SMTP_PORT",
        True,
        "SMALL HYPHEN-MINUS after is outside the class",
    ),
    (
        "superscript-one-after",
        "SMTP_PORT\u00b9",
        "SMTP_PORT",
        True,
        "superscript one after is outside the class",
    ),
    ("superscript-two-in-key", "X\u00b2", "X2", False, "superscript two is not the digit 2"),
    (
        "roman-four-after",
        "SMTP_PORT\u2163",
        "SMTP_PORT",
        True,
        "ROMAN NUMERAL FOUR after is outside the class",
    ),
    ("roman-two-in-key", "PORT_\u2161", "PORT_II", False, "ROMAN NUMERAL TWO is not II"),
    (
        "ij-ligature-after",
        "SMTP_PORT\u0132",
        "SMTP_PORT",
        True,
        "the IJ digraph after is outside the class",
    ),
    ("ij-ligature-in-word", "\u0133ssel", "ijssel", False, "the ij digraph is not i + j"),
    (
        "math-bold",
        "\U0001d412\U0001d40c\U0001d413\U0001d40f_PORT",
        "SMTP_PORT",
        False,
        "mathematical bold letters are not ASCII letters",
    ),
    (
        "modifier-capital-a-after",
        "SMTP_PORT\u1d2c",
        "SMTP_PORT",
        True,
        "a modifier letter after is outside the class",
    ),
    ("one-dot-leader", "a\u2024b", "a.b", False, "ONE DOT LEADER is not a full stop"),
    ("circled-s", "\u24c8MTP_PORT", "SMTP_PORT", False, "a circled S is not S"),
    (
        "vulgar-fraction",
        "\u00bd",
        "1\u20442",
        False,
        "a vulgar fraction is not digit, fraction slash, digit",
    ),
    ("square-mhz", "\u3392", "MHz", False, "a squared unit is not its letters"),
    ("trade-mark", "\u2122", "TM", False, "the trade mark sign is not TM"),
    ("nbsp-inside", "smtp\u00a0port", "smtp port", False, "NBSP inside is not a space"),
    (
        "digit-full-stop-after",
        "SMTP_PORT\u2488",
        "SMTP_PORT",
        True,
        "DIGIT ONE FULL STOP after is outside the class",
    ),
]


def _hex(mark: str) -> str:
    """A combining mark's code point as in a vector id: 0301."""
    return f"{ord(mark):04x}"


def _operation_cases() -> list[Authored]:
    out: list[Authored] = []
    for name, composed, decomposed in PAIRS:
        key_composed, key_decomposed = f"{composed}_KEY", f"{decomposed}_KEY"
        cases = [
            ("composed-text", f"the {key_composed} value", key_decomposed,
             "composed text, decomposed identifier"),
            ("decomposed-text", f"the {key_decomposed} value", key_composed,
             "decomposed text, composed identifier"),
            ("both-decomposed", f"the {key_decomposed} value", key_decomposed,
             "both decomposed (the identifier is normalized too)"),
            ("decomposed-lower-text", f"the {key_decomposed.lower()} value", key_composed,
             "decomposed lowercase text, composed uppercase identifier"),
        ]
        for kind, text, identifier, why in cases:
            out.append(author(
                f"nfc-{name}-{kind}", ["3.1"], "identifier_match",
                f"clause 3.1 NFC ({name}): {why}.", {"text": text, "identifier": identifier},
                entry=None, expect=True, optional=kind == "both-decomposed"))
    for identifier in MARK_IDENTIFIERS:
        for mark in MARKS:
            what = (
                "composes with the last letter: the identifier is gone"
                if _composes(identifier[-1], mark)
                else "does not compose: the mark is a delimiter"
            )
            out.append(author(
                f"nfc-mark-{identifier.lower().replace('_', '-')}-{_hex(mark)}",
                ["3.1"], "identifier_match",
                f"clause 3.1 NFC: {char_name(mark)} right after {identifier} {what}.",
                {"text": identifier + mark, "identifier": identifier}, entry="auto",
                optional=True))
    for group, rows in (("singleton", SINGLETONS), ("reorder", REORDER), ("nfkc", NFKC)):
        for name, text, identifier, want, why in rows:
            out.append(author(
                f"nfc-{group}-{name}", ["3.1"], "identifier_match", f"clause 3.1 NFC: {why}.",
                {"text": text, "identifier": identifier}, entry=None, expect=want))
    for n, (answer, identifiers, want, why) in enumerate(
        [
            (
                "The CAFE\u0301_KEY entry is stale.",
                ["CAF\u00c9_KEY"],
                True,
                "decomposed answer, composed set member",
            ),
            ("SMTP_PORT\u030c is odd.", ["SMTP_PORT"], False, "a caron composes into the T"),
            (
                "\uff53\uff4d\uff54\uff50\uff3f\uff50\uff4f\uff52\uff54 is odd.",
                ["SMTP_PORT"],
                False,
                "fullwidth letters are not ASCII",
            ),
            ("Check \u212aEY_ID.", ["KEY_ID", "OTHER"], True, "the Kelvin sign is canonically K"),
        ]
    ):
        out.append(author(
            f"nfc-named-{n + 1:02d}", ["2.1", "3.1"], "named_in_output",
            f"clause 2.1 with clause 3.1 NFC: {why}.",
            operation_input("named_in_output", answer, identifiers), entry=None, expect=want))
    for n, (answer, identifiers, want, why) in enumerate(
        [
            (
                "CAFE\u0301_KEY is missing.",
                ["CAF\u00c9_KEY"],
                True,
                "decomposed answer, composed required identifier",
            ),
            ("SMTP_PORT\u0327 is missing.", ["SMTP_PORT"], False, "a cedilla composes into the T"),
            ("SMTP_PORT\u0301 is missing.", ["SMTP_PORT"], True, "T + acute does not compose"),
        ]
    ):
        out.append(author(
            f"nfc-factor-{n + 1:02d}", ["2.2", "3.1"], "factor_identified",
            f"clause 2.2 with clause 3.1 NFC: {why}.",
            operation_input("factor_identified", answer, identifiers), entry=None, expect=want))
    return out


def _lifted_cases() -> list[Authored]:
    out: list[Authored] = []
    lifted = ["3.1", "2.1", "2.2"]
    for mark in MARKS:
        into_t = "composes into the T" if _composes("T", mark) else "stays a delimiter"
        out.append(author(
            f"nfc-scenario-mark-after-smtp-port-{_hex(mark)}", lifted, "score_scenario",
            f"clause 3.1 NFC lifted: {char_name(mark)} after SMTP_PORT {into_t}.",
            scenario_input(f"Missing key: SMTP_PORT{mark}"), entry="auto", optional=True))
        composes_g = _composes("g", mark)
        into_g = "composes into the g" if composes_g else "stays a delimiter"
        out.append(author(
            f"nfc-scenario-mark-after-smtp-config-{_hex(mark)}", ["3.1", "2.1"],
            "score_scenario",
            f"clause 3.1 NFC lifted: {char_name(mark)} after smtp-config {into_g}.",
            scenario_input(f"Check smtp-config{mark} first."), entry=None,
            expect=ROW4 if composes_g else ROW3, optional=True))
    for name, composed, decomposed in PAIRS:
        key_composed, key_decomposed = f"{composed}_KEY", f"{decomposed}_KEY"
        out.append(author(
            f"nfc-scenario-{name}-decomposed-answer", lifted, "score_scenario",
            f"clause 3.1 NFC lifted: composed key {visible(key_composed)} reported decomposed.",
            scenario_input(
                f"The {key_decomposed} key is missing.", variant_scenario(key_composed)),
            entry=None, expect=ROW2))
        out.append(author(
            f"nfc-scenario-{name}-decomposed-binding", lifted, "score_scenario",
            f"clause 3.1 NFC lifted: a binding written decomposed ({visible(key_decomposed)}),"
            " answer composed.",
            scenario_input(
                f"The {key_composed} key is missing.", variant_scenario(key_decomposed)),
            entry=None, expect=ROW2))
    for group, rows in (("singleton", SINGLETONS), ("reorder", REORDER), ("nfkc", NFKC)):
        for n, (name, text, identifier, want, why) in enumerate(rows):
            if identifier == "SMTP_PORT" or n % 2 == 0:
                scenario = None if identifier == "SMTP_PORT" else variant_scenario(identifier)
                out.append(author(
                    f"nfc-scenario-{group}-{name}", lifted, "score_scenario",
                    f"clause 3.1 NFC lifted: {why}.",
                    scenario_input(f"Missing key: {text}", scenario), entry=None,
                    expect=ROW2 if want else ROW4, optional=True))
    return out


@functools.cache
def generated() -> GeneratedFamily:
    return family_files(
        FOLDER, "nfc", GEN, _operation_cases(), _lifted_cases(),
        "Clause 3.1 NFC normalization: composed and decomposed forms, combining marks next to"
        " identifiers, canonical singletons and reordering, NFC against NFKC and NFD.",
        "Clause 3.1 NFC cases lifted into the C-DA-001 bands through score_scenario.")


def files() -> dict[str, dict]:
    return generated().files


def problems() -> tuple[AuthoringProblem, ...]:
    return generated().problems


FLAGS: dict[str, str] = flags_of(files())
