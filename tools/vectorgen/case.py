"""Clause 3.1 case-insensitivity: ASCII in both directions, non-ASCII scripts, and the special
mappings the text leaves open (register FOLD-MAPPING, FOLD-ORDER, DELIM-FOLDED,
UNICODE-VERSION). Verdicts come from the text rules (textrules.py, via authoring.py); each open
case also states its verdict under every reading by hand (`expect`), and the two must agree.
"""

import functools
from typing import Any

from tools.vectorgen.authoring import (
    Authored,
    AuthoringProblem,
    GeneratedFamily,
    author,
    family_files,
    flags_of,
)
from tools.vectorgen.charnames import visible
from tools.vectorgen.common import ROW2, ROW3, ROW4
from tools.vectorgen.lifting import operation_input, scenario_input, variant_scenario

GEN = "tools/vectorgen/case.py"
FOLDER = "3.1-identifier-matching"

S, L, F, C, U = (
    "simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold", "upper-lower"
)

ASCII_CASES = [
    ("lower-text", "smtp_port", "SMTP_PORT", "lowercase text, uppercase identifier"),
    ("upper-text", "SMTP_PORT", "smtp_port", "uppercase text, lowercase identifier"),
    ("mixed-both", "SmTp_PoRt", "sMtP_pOrT", "mixed case on both sides"),
    ("digits", "K8S_NODE_POOL", "k8s_node_pool", "letters around digits"),
    ("kebab-upper-text", "SMTP-CONFIG", "smtp-config", "kebab-case, uppercase text"),
    (
        "camel-upper-text",
        "CONFIGMAPKEYREF",
        "configMapKeyRef",
        "camelCase identifier, uppercase text",
    ),
    (
        "camel-lower-text",
        "configmapkeyref",
        "configMapKeyRef",
        "camelCase identifier, lowercase text",
    ),
    (
        "camel-swapped",
        "CONFIGmAPkEYrEF",
        "configMapKeyRef",
        "camelCase identifier, inverted case text",
    ),
    ("single-letter", "x", "X", "one letter"),
    ("in-sentence", "the Smtp_Port value", "SMTP_PORT", "title-case in a sentence"),
    (
        "all-letters",
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "abcdefghijklmnopqrstuvwxyz",
        "every ASCII letter",
    ),
]

#: (slug, uppercase form, lowercase form): simple lowercase maps one onto the other, and every
#: reading of FOLD-MAPPING agrees.
SCRIPT_PAIRS = [
    ("latin-e-acute", "CAF\u00c9_HOST", "caf\u00e9_host"),
    ("latin-etat", "\u00c9TAT", "\u00e9tat"),
    ("latin-nordic", "\u00c6\u00d8\u00c5_DIR", "\u00e6\u00f8\u00e5_dir"),
    ("latin-polish", "\u0141\u00d3D\u0179", "\u0142\u00f3d\u017a"),
    ("latin-ij-digraph", "\u0132SSEL", "\u0133ssel"),
    ("latin-a-stroke", "\u023a_MODE", "\u2c65_mode"),
    ("latin-dz-digraph", "\u01c4_X", "\u01c6_x"),
    ("latin-dz-titlecase", "\u01c5_X", "\u01c6_x"),
    ("latin-beta", "\ua7b4_KEY", "\ua7b5_key"),
    ("greek", "\u0398\u03a5\u03a1\u0391_SMTP", "\u03b8\u03c5\u03c1\u03b1_smtp"),
    ("greek-tonos", "\u0386\u039b\u03a6\u0391", "\u03ac\u03bb\u03c6\u03b1"),
    ("cyrillic", "\u041f\u041e\u0420\u0422_SMTP", "\u043f\u043e\u0440\u0442_smtp"),
    ("cyrillic-extended", "\ua640\ua642", "\ua641\ua643"),
    ("armenian", "\u054a\u0548\u0550\u054f", "\u057a\u0578\u0580\u057f"),
    ("georgian-mtavruli", "\u1c90\u1c91_KEY", "\u10d0\u10d1_key"),
    ("glagolitic", "\u2c00\u2c01", "\u2c30\u2c31"),
    ("cherokee", "\u13a0\u13a1", "\uab70\uab71"),
    ("roman-numeral", "\u216b_TIER", "\u217b_tier"),
    ("circled", "\u24b6\u24b7_ZONE", "\u24d0\u24d1_zone"),
    ("fullwidth", "\uff21\uff22\uff23", "\uff41\uff42\uff43"),
    ("deseret", "\U00010400\U00010401", "\U00010428\U00010429"),
    ("osage", "\U000104b0\U000104b1", "\U000104d8\U000104d9"),
    ("adlam", "\U0001e900\U0001e901", "\U0001e922\U0001e923"),
    ("sharp-s-capital", "STRA\u1e9eE", "stra\u00dfe"),
    ("greek-prosgegrammeni", "\u1f88", "\u1f80"),
]

#: Special mappings: (slug, text, identifier, {reading: match}, why).
FOLD_MAPPING = [
    (
        "sharp-s-text-ss",
        "STRASSE",
        "stra\u00dfe",
        {S: False, L: False, F: True, C: False, U: False},
        "only full case folding maps sharp s to ss",
    ),
    (
        "sharp-s-identifier-ss",
        "stra\u00dfe",
        "STRASSE",
        {S: False, L: False, F: True, C: False, U: False},
        "only full case folding maps sharp s to ss",
    ),
    (
        "capital-sharp-s-ss",
        "STRA\u1e9eE",
        "STRASSE",
        {S: False, L: False, F: True, C: False, U: False},
        "U+1E9E folds to ss only under full case folding",
    ),
    (
        "capital-sharp-s-alone-ss",
        "\u1e9e",
        "ss",
        {S: False, L: False, F: True, C: False, U: False},
        "U+1E9E alone against ss",
    ),
    (
        "final-sigma-upper-text",
        "\u039f\u0394\u039f\u03a3",
        "\u03bf\u03b4\u03bf\u03c2",
        {S: False, L: False, F: True, C: True, U: True},
        (
            "word-final capital sigma lowercases to sigma, per code point; the identifier has final"
            " sigma"
        ),
    ),
    (
        "final-sigma-upper-identifier",
        "\u03bf\u03b4\u03bf\u03c2",
        "\u039f\u0394\u039f\u03a3",
        {S: False, L: False, F: True, C: True, U: True},
        "the identifier's capital sigma lowercases to sigma, never to final sigma",
    ),
    (
        "medial-vs-final-sigma",
        "\u03bf\u03b4\u03bf\u03c3",
        "\u03bf\u03b4\u03bf\u03c2",
        {S: False, L: False, F: True, C: True, U: True},
        "only case folding (and upper then lower) equates sigma and final sigma",
    ),
    (
        "final-sigma-alone",
        "\u03c2",
        "\u03c3",
        {S: False, L: False, F: True, C: True, U: True},
        "final sigma against sigma",
    ),
    (
        "dotted-capital-i-text",
        "\u0130D",
        "id",
        {S: True, L: False, F: False, C: False, U: True},
        "U+0130 simple-lowercases to i; full mappings give i plus U+0307; simple folding keeps it",
    ),
    (
        "dotted-capital-i-identifier",
        "id",
        "\u0130D",
        {S: True, L: False, F: False, C: False, U: True},
        "U+0130 in the identifier",
    ),
    (
        "dotless-i-text",
        "\u0131d",
        "ID",
        {S: False, L: False, F: False, C: False, U: True},
        "dotless i uppercases to I: only upper then lower equates it with i",
    ),
    (
        "dotless-i-identifier",
        "ID",
        "\u0131d",
        {S: False, L: False, F: False, C: False, U: True},
        "dotless i in the identifier",
    ),
    (
        "long-s-text",
        "\u017fmtp_port",
        "SMTP_PORT",
        {S: False, L: False, F: True, C: True, U: True},
        "long s folds to s; it lowercases to itself",
    ),
    (
        "long-s-identifier",
        "smtp_port",
        "\u017fMTP_PORT",
        {S: False, L: False, F: True, C: True, U: True},
        "long s in the identifier",
    ),
    (
        "micro-sign-vs-mu",
        "\u00b5s_timeout",
        "\u03bcs_timeout",
        {S: False, L: False, F: True, C: True, U: True},
        "micro sign folds to Greek mu; it lowercases to itself",
    ),
    (
        "micro-sign-vs-capital-mu",
        "\u00b5",
        "\u039c",
        {S: False, L: False, F: True, C: True, U: True},
        "micro sign against capital mu",
    ),
    (
        "ligature-fi-text",
        "\ufb01le_path",
        "FILE_PATH",
        {S: False, L: False, F: True, C: False, U: False},
        "U+FB01 folds to fi only under full case folding",
    ),
    (
        "ligature-fi-identifier",
        "file_path",
        "\ufb01le_path",
        {S: False, L: False, F: True, C: False, U: False},
        "U+FB01 in the identifier",
    ),
    (
        "armenian-ligature",
        "\u0587",
        "\u0565\u0582",
        {S: False, L: False, F: True, C: False, U: False},
        "U+0587 folds to two letters only under full case folding",
    ),
    (
        "greek-iota-subscript",
        "\u1f88",
        "\u1f00\u03b9",
        {S: False, L: False, F: True, C: False, U: False},
        "U+1F88 folds to alpha-psili plus iota only under full case folding",
    ),
    (
        "n-apostrophe",
        "\u0149",
        "\u02bcn",
        {S: False, L: False, F: True, C: False, U: False},
        "U+0149 folds to U+02BC n only under full case folding",
    ),
    (
        "theta-symbol",
        "\u03d1",
        "\u03b8",
        {S: False, L: False, F: True, C: True, U: True},
        "the theta symbol folds to theta; it lowercases to itself",
    ),
    (
        "long-s-dot",
        "\u1e9b",
        "\u1e61",
        {S: False, L: False, F: True, C: True, U: True},
        "U+1E9B folds to U+1E61; it lowercases to itself",
    ),
    (
        "cyrillic-rounded-ve",
        "\u1c80",
        "\u0432",
        {S: False, L: False, F: True, C: True, U: True},
        "U+1C80 folds to Cyrillic ve; it lowercases to itself",
    ),
]

#: (slug, text, identifier, {nfc-then-fold, fold-then-nfc}, why)
#: Only probes whose verdict is the same under every FOLD-MAPPING reading: an ASCII identifier
#: whose last capital takes a mark that composes with it only in lowercase. (U+0130 probes, and a
#: precomposed lowercase letter in the identifier, which full case folding decomposes, also
#: hinge on FOLD-MAPPING, so a candidate off the reference mapping would be misread.)
FOLD_ORDER = [
    (
        "j-caron-after",
        "KEY_J\u030c",
        "KEY_J",
        (True, False),
        (
            "J + caron has no precomposed capital; lowercasing first lets NFC compose U+01F0 and"
            " swallow the J"
        ),
    ),
    (
        "h-line-below-after",
        "OAUTH\u0331",
        "OAUTH",
        (True, False),
        "H + macron below composes only after lowercasing (U+1E96)",
    ),
    (
        "t-diaeresis-after",
        "SMTP_PORT\u0308",
        "SMTP_PORT",
        (True, False),
        "T + diaeresis composes only after lowercasing (U+1E97)",
    ),
    (
        "w-ring-after",
        "TLS_NEW\u030a",
        "TLS_NEW",
        (True, False),
        "W + ring composes only after lowercasing (U+1E98)",
    ),
    (
        "y-ring-after",
        "SMTP_PROXY\u030a",
        "SMTP_PROXY",
        (True, False),
        "Y + ring composes only after lowercasing (U+1E99)",
    ),
    (
        "t-diaeresis-inside-text",
        "x SMTP_PORT\u0308 y",
        "smtp_port",
        (True, False),
        "the mark sits mid-text after a lowercase identifier's capital form",
    ),
]

#: (slug, text, identifier, {folded, unfolded}, why)
#: Only U+0130 *after* the identifier: under simple-lowercase, full-lowercase and full-casefold
#: its mapping starts with i (inside the class), so the verdict does not hinge on which of them a
#: candidate uses. U+0130 *before* an identifier would: full mappings put U+0307 next to it.
DELIM_FOLDED = [
    (
        "dotted-capital-i-after",
        "SMTP_PORT\u0130",
        "SMTP_PORT",
        (False, True),
        "U+0130 right after: it folds to i, inside the class",
    ),
    (
        "dotted-capital-i-both",
        "x \u0130SMTP_PORT\u0130 y",
        "SMTP_PORT",
        (False, True),
        "U+0130 on both sides",
    ),
    (
        "dotted-capital-i-after-kebab",
        "smtp-config\u0130",
        "smtp-config",
        (False, True),
        "U+0130 after a kebab-case identifier",
    ),
]

#: Cases not lifted into score_scenario (the identifier_match vectors cover them).
UNLIFTED_SCRIPT_PAIRS = (
    "latin-dz-titlecase", "greek-prosgegrammeni", "latin-beta", "glagolitic", "osage",
)
UNLIFTED_FOLD_MAPPING = (
    "final-sigma-alone", "capital-sharp-s-alone-ss", "micro-sign-vs-capital-mu", "n-apostrophe",
    "dotless-i-identifier",
)


def _identifier_case(
    name: str, text: str, identifier: str, description: str, **options: Any
) -> Authored:
    return author(
        name, ["3.1"], "identifier_match", description,
        {"text": text, "identifier": identifier}, **options)


def _operation_cases() -> list[Authored]:
    out: list[Authored] = []
    for name, text, identifier, why in ASCII_CASES:
        out.append(_identifier_case(
            f"case-ascii-{name}", text, identifier,
            f"clause 3.1 case-insensitive (ASCII): {why}.", entry=None, expect=True))
    out.append(_identifier_case(
        "case-ascii-case-does-not-rescue-glued", "smtp_ports", "SMTP_PORT",
        "clause 3.1: case-insensitive matching still needs delimiters (smtp_ports).",
        entry=None, expect=False))
    for name, upper, lower in SCRIPT_PAIRS:
        beyond = "clause 3.1 case-insensitive beyond ASCII"
        out.append(_identifier_case(
            f"case-script-{name}-lower-text", lower, upper,
            f"{beyond}: lowercase text {visible(lower)}, uppercase identifier {visible(upper)}.",
            entry=None, expect=True))
        out.append(_identifier_case(
            f"case-script-{name}-upper-text", upper, lower,
            f"{beyond}: uppercase text {visible(upper)}, lowercase identifier {visible(lower)}.",
            entry=None, expect=True))
    out.append(_identifier_case(
        "case-fold-final-sigma-before-underscore", "\u03bf\u03b4\u03bf\u03c3_x",
        "\u039f\u0394\u039f\u03a3_X",
        "clause 3.1: the per-code-point lowercase of an identifier whose capital sigma stands"
        " before an underscore matches it (a Final_Sigma context would make it final sigma).",
        entry=None, expect=True))
    out.append(_identifier_case(
        "case-dotless-i-neighbour", "SMTP_PORT\u0131", "SMTP_PORT",
        "clause 3.1: dotless i right after is outside the class, unless upper then lower maps"
        " it to i.", entry="FOLD-MAPPING"))
    for name, text, identifier, why in [
        (
            "kelvin-lower",
            "\u212aey_id",
            "key_id",
            "the Kelvin sign NFC-maps to K, then lowercases to k",
        ),
        (
            "capital-sharp-s-vs-sharp-s",
            "\u1e9e",
            "\u00df",
            "U+1E9E lowercases (and simple-folds) to U+00DF",
        ),
    ]:
        out.append(_identifier_case(
            f"case-{name}", text, identifier, f"clause 3.1: {why}.", entry=None))
    for name, text, identifier, readings, why in FOLD_MAPPING:
        out.append(_identifier_case(
            f"case-fold-{name}", text, identifier, f"clause 3.1 open case mapping: {why}.",
            entry="FOLD-MAPPING", expect=readings))
    for name, text, identifier, (first, second), why in FOLD_ORDER:
        out.append(_identifier_case(
            f"case-order-{name}", text, identifier,
            f"clause 3.1 NFC and case mapping order: {why}.",
            entry="FOLD-ORDER", also=("FOLD-MAPPING",),
            expect={"nfc-then-fold": first, "fold-then-nfc": second}))
    for name, text, identifier, (folded, unfolded), why in DELIM_FOLDED:
        out.append(_identifier_case(
            f"case-delim-{name}", text, identifier,
            f"clause 3.1 delimiters before or after case mapping: {why}.",
            entry="DELIM-FOLDED", also=("FOLD-MAPPING",),
            expect={"folded": folded, "unfolded": unfolded}))
    for name, operation, answer, identifiers, want, why in [
        (
            "named-lowercase-member",
            "named_in_output",
            "the configmapkeyref is stale",
            ["configMapKeyRef"],
            True,
            "a lowercased camelCase member",
        ),
        (
            "named-greek-member",
            "named_in_output",
            "\u0398\u03a5\u03a1\u0391_SMTP looks wrong",
            ["\u03b8\u03c5\u03c1\u03b1_smtp"],
            True,
            "an uppercase Greek answer, lowercase member",
        ),
        (
            "named-dotless-i",
            "named_in_output",
            "SMTP_HOST\u0131 looks wrong",
            ["smtp_host\u0131"],
            True,
            "dotless i on both sides",
        ),
        (
            "factor-uppercase",
            "factor_identified",
            "SMTP_PORT IS MISSING.",
            ["smtp_port"],
            True,
            "uppercase answer, lowercase identifier and synonym",
        ),
        (
            "factor-cyrillic",
            "factor_identified",
            "\u043f\u043e\u0440\u0442_smtp is missing.",
            ["\u041f\u041e\u0420\u0422_SMTP"],
            True,
            "a Cyrillic key in lowercase",
        ),
    ]:
        out.append(author(
            f"case-{name}", ["2.1" if operation == "named_in_output" else "2.2", "3.1"],
            operation, f"clause 3.1 case-insensitive through {operation}: {why}.",
            operation_input(operation, answer, identifiers), entry=None, expect=want))
    return out


def _lifted_cases() -> list[Authored]:
    out: list[Authored] = []
    lifted = ["3.1", "2.1", "2.2"]
    real = [
        (
            "title-and-upper",
            "The Smtp_Port key is MISSING.",
            ROW2,
            "title-case identifier, uppercase synonym",
        ),
        ("all-upper", "SMTP_PORT IS NOT SET IN SMTP-CONFIG.", ROW2, "everything uppercase"),
        ("all-lower", "smtp_port is not set in smtp-config.", ROW2, "everything lowercase"),
        ("subsystem-upper", "SMTP-CONFIG looks broken.", ROW3, "uppercase subsystem member only"),
        (
            "subsystem-camel-lower",
            "the configmapkeyref looks broken.",
            ROW3,
            "lowercased camelCase member only",
        ),
        (
            "host-lower-missing",
            "smtp_host is missing.",
            ROW3,
            "a lowercase subsystem member with a synonym is not the factor",
        ),
        (
            "kelvin-key",
            "\u212aey SMTP_PORT is missing.",
            ROW2,
            "a Kelvin sign elsewhere changes nothing",
        ),
    ]
    for name, answer, row, why in real:
        out.append(author(
            f"case-scenario-{name}", lifted, "score_scenario", f"clause 3.1 lifted: {why}.",
            scenario_input(answer), entry=None, expect=row))
    for name, upper, lower in SCRIPT_PAIRS:
        if name in UNLIFTED_SCRIPT_PAIRS:
            continue
        scenario = variant_scenario(upper, "app-config")
        out.append(author(
            f"case-scenario-script-{name}", lifted, "score_scenario",
            f"clause 3.1 lifted: key {visible(upper)} reported in lowercase as {visible(lower)}.",
            scenario_input(f"The {lower} key is missing.", scenario), entry=None, expect=ROW2))
    for name in ("cyrillic", "greek", "deseret", "cherokee"):
        upper, lower = next((u, lw) for k, u, lw in SCRIPT_PAIRS if k == name)
        scenario = variant_scenario(lower, "app-config")
        out.append(author(
            f"case-scenario-script-{name}-reversed", lifted, "score_scenario",
            f"clause 3.1 lifted: lowercase key {visible(lower)} reported in uppercase.",
            scenario_input(f"Missing key: {upper}.", scenario), entry=None, expect=ROW2))
    out.append(author(
        "case-scenario-fold-final-sigma-before-underscore", lifted, "score_scenario",
        "clause 3.1 lifted: the per-code-point lowercase of a key whose capital sigma stands"
        " before an underscore names it.",
        scenario_input(
            "The key \u03bf\u03b4\u03bf\u03c3_x is missing.",
            variant_scenario("\u039f\u0394\u039f\u03a3_X", "app-config")),
        entry=None, expect=ROW2))
    out.append(author(
        "case-scenario-dotless-i-config", lifted, "score_scenario",
        "clause 3.1 lifted: dotless i makes the member another word, unless upper then lower"
        " maps it to i.", scenario_input("SMTP-CONF\u0131G is broken."), entry="FOLD-MAPPING",
        expect={S: ROW4, L: ROW4, F: ROW4, C: ROW4, U: ROW3}))
    for name, text, identifier, readings, why in FOLD_MAPPING:
        if name in UNLIFTED_FOLD_MAPPING:
            continue
        scenario = variant_scenario(identifier, "app-config")
        out.append(author(
            f"case-scenario-fold-{name}", lifted, "score_scenario",
            f"clause 3.1 lifted, open case mapping: {why}.",
            scenario_input(f"The key {text} is missing.", scenario), entry="FOLD-MAPPING",
            expect={k: ROW2 if v else ROW4 for k, v in readings.items()}))
    for name, text, identifier, (first, second), why in FOLD_ORDER:
        scenario = variant_scenario(identifier, "app-config")
        out.append(author(
            f"case-scenario-order-{name}", lifted, "score_scenario",
            f"clause 3.1 lifted, NFC and case mapping order: {why}.",
            scenario_input(f"The key {text} is missing.", scenario), entry="FOLD-ORDER",
            also=("FOLD-MAPPING",),
            expect={
                "nfc-then-fold": ROW2 if first else ROW4,
                "fold-then-nfc": ROW2 if second else ROW4,
            }))
    for name, text, identifier, (folded, unfolded), why in DELIM_FOLDED:
        if identifier != "SMTP_PORT":
            continue
        out.append(author(
            f"case-scenario-delim-{name}", lifted, "score_scenario",
            f"clause 3.1 lifted, delimiters before or after case mapping: {why}.",
            scenario_input(f"Missing key: {text}", None), entry="DELIM-FOLDED",
            also=("FOLD-MAPPING",),
            expect={"folded": ROW2 if folded else ROW4, "unfolded": ROW2 if unfolded else ROW4}))
    out.append(author(
        "case-scenario-delim-dotted-capital-i-subsystem", ["3.1", "2.1"], "score_scenario",
        "clause 3.1 lifted: smtp-config followed by U+0130 reaches row 3 only if delimiters are"
        " read before case mapping.",
        scenario_input("Check smtp-config\u0130 first."), entry="DELIM-FOLDED",
        also=("FOLD-MAPPING",), expect={"folded": ROW4, "unfolded": ROW3}))
    return out


@functools.cache
def generated() -> GeneratedFamily:
    return family_files(
        FOLDER, "case", GEN, _operation_cases(), _lifted_cases(),
        "Clause 3.1 case-insensitivity: ASCII, other scripts, special mappings (FOLD-MAPPING),"
        " order with NFC (FOLD-ORDER), delimiters after mapping (DELIM-FOLDED), Unicode data"
        " version.",
        "Clause 3.1 case-insensitivity cases lifted into the C-DA-001 bands through"
        " score_scenario.")


def files() -> dict[str, dict]:
    return generated().files


def problems() -> tuple[AuthoringProblem, ...]:
    return generated().problems


FLAGS: dict[str, str] = flags_of(files())
