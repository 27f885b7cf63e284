"""Clause 3.1 maximal-token delimiters: "The identifier MUST appear delimited by characters
outside the class [A-Za-z0-9_-] [...] with start-of-text and end-of-text counting as
delimiters."

Every character class on each side of an identifier, start and end of text, repeated and
overlapping occurrences, identifiers with regex metacharacters or with characters outside
[A-Za-z0-9_-] at their edges; through identifier_match, named_in_output, factor_identified,
and lifted into the C-DA-001 bands through score_scenario. Verdicts come from the text rules
(textrules.py, via authoring.py); the hand-stated ones must agree with them.
"""

import functools

from tools.vectorgen.authoring import (
    Authored,
    AuthoringProblem,
    GeneratedFamily,
    author,
    family_files,
    first_kept,
    flags_of,
)
from tools.vectorgen.charnames import char_name, char_slug, visible
from tools.vectorgen.common import ROW2, ROW3, ROW4
from tools.vectorgen.lifting import operation_input, scenario_input, variant_scenario
from tools.vectorgen.textrules import CLASS

GEN = "tools/vectorgen/delimiters.py"
FOLDER = "3.1-identifier-matching"

#: Neighbours inside [A-Za-z0-9_-]: never delimiters.
IN_CLASS = "azAZ059_-"
#: ASCII neighbours outside the class: always delimiters.
ASCII_OUTSIDE = " \t\n\r\v\f\x00\x7f.,:;/\\'\"`()[]{}<>=+*&%$#@!?|~^"
#: Non-ASCII neighbours: outside the ASCII class, so delimiters by the letter of clause 3.1
#: (some are ambiguity vectors, where a case mapping of FOLD-MAPPING brings them into it).
NON_ASCII = (
    "\u00e9\u00c9\u00df\u0416\u0436\u0394\u03b1\u05d0\u0627\u0e01\u4e2d\u3042\uac00"
    "\U0001f600\U0001f44d\u2603\u00a0\u200b\u200d\u2060\ufeff\u00ad\u2010\u2011\u2013\u2014\u2212"
    "\u02bc\u2019\u00b7\u0660\u0967\u00b2\u00bd\u2160\u0131\u00b5\u3000\u2028\u0085\ufe0f"
    "\uff41\uff3f\uff0d\u00aa\u2070\U0001d400\u017f\u1e9e\ufb01"
)


#: Neighbours lifted into score_scenario (every neighbour has identifier_match vectors).
LIFT_AFTER = (
    IN_CLASS
    + ASCII_OUTSIDE
    + "\u00e9\u00df\u0416\u4e2d\U0001f600\u00a0\u200b\u2060\u017f\u0131\u00b5\u2160"
    + "\u00b2\u1e9e\ufb01\u2019\u0660\uff41"
)
LIFT_BEFORE = "aZ09_-" + " \t\n.,:/(\"'=$" + "\u00e9\u0416\u4e2d\u00a0\u200b\u0131"


#: The identifier of the neighbour vectors: the seed's absent key.
KEY = "SMTP_PORT"
LIFTED_CLAUSES = ["3.1", "2.1", "2.2"]


def _neighbour_cases(
    group: str, char: str, side: str
) -> tuple[Authored, Authored | None]:
    """`char` right before or after the identifier: the identifier_match case, and the same
    neighbour in an answer through score_scenario when it is one of those lifted."""
    inside = char in CLASS
    verdict = (
        "is inside [A-Za-z0-9_-]: not a delimiter"
        if inside
        else "is outside [A-Za-z0-9_-]: a delimiter"
    )
    text = f"{char}{KEY}" if side == "before" else f"{KEY}{char}"
    operation_case = author(
        f"delim-{side}-{char_slug(char)}", ["3.1"], "identifier_match",
        f"clause 3.1: {char_name(char)} right {side} the identifier {verdict}.",
        {"text": text, "identifier": KEY},
        expect=None if group == "non-ascii" else not inside,
        open_description=(
            f"clause 3.1: {char_name(char)} right {side} the identifier is outside "
            "[A-Za-z0-9_-], but some case mappings turn it into class letters."
        ),
    )
    if char not in (LIFT_BEFORE if side == "before" else LIFT_AFTER):
        return operation_case, None
    answer = f"Key {char}{KEY} is missing." if side == "before" else f"Missing key: {KEY}{char}"
    lifted_case = author(
        f"delim-scenario-{side}-{char_slug(char)}", LIFTED_CLAUSES, "score_scenario",
        f"clause 3.1 lifted: {char_name(char)} right {side} SMTP_PORT in the answer decides "
        "whether the factor is named.",
        scenario_input(answer),
        expect=None if group == "non-ascii" else (ROW4 if inside else ROW2),
    )
    return operation_case, lifted_case


def _neighbour_vectors() -> tuple[list[Authored], list[Authored]]:
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    groups = (("in-class", IN_CLASS), ("ascii", ASCII_OUTSIDE), ("non-ascii", NON_ASCII))
    for group, chars in groups:
        for char in chars:
            for side in ("before", "after"):
                operation_case, lifted_case = _neighbour_cases(group, char, side)
                operation_cases.append(operation_case)
                if lifted_case is not None:
                    lifted_cases.append(lifted_case)
    # subsystem members: the same rule decides row 3 against row 4
    for char in "-_a9.,:;)/\"'`=\u00e9\u4e2d\u00a0\u200b":
        members = ("smtp-config",) if char not in "-a." else ("smtp-config", "configMapKeyRef")
        for member in members:
            lifted_cases.append(author(
                f"delim-scenario-subsystem-{member.lower()}-after-{char_slug(char)}",
                ["3.1", "2.1"], "score_scenario",
                f"clause 3.1 lifted: subsystem member {member} followed by {char_name(char)}; "
                "only a delimited member reaches row 3.",
                scenario_input(f"Check the {member}{char} first."),
                expect=None if not char.isascii() else (ROW4 if char in CLASS else ROW3)))
    return operation_cases, lifted_cases


def _boundary_vectors() -> tuple[list[Authored], list[Authored]]:
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    cases = [
        (
            "text-equals-identifier",
            "SMTP_PORT",
            "SMTP_PORT",
            True,
            "the whole text is the identifier: start and end of text delimit it",
        ),
        (
            "at-start",
            "SMTP_PORT is unset",
            "SMTP_PORT",
            True,
            "start of text counts as a delimiter",
        ),
        ("at-end", "the key is SMTP_PORT", "SMTP_PORT", True, "end of text counts as a delimiter"),
        (
            "at-start-glued",
            "SMTP_PORTS are unset",
            "SMTP_PORT",
            False,
            "start of text delimits, but the next character is a letter",
        ),
        (
            "at-end-glued",
            "the key is XSMTP_PORT",
            "SMTP_PORT",
            False,
            "end of text delimits, but the previous character is a letter",
        ),
        ("single-char-identifier", "x", "x", True, "a one-character identifier equal to the text"),
        (
            "single-char-identifier-in-word",
            "xx",
            "x",
            False,
            "a one-character identifier inside a longer token",
        ),
        (
            "single-char-identifier-spaced",
            "a x b",
            "x",
            True,
            "a one-character identifier between spaces",
        ),
        (
            "hyphen-identifier-in-text",
            "-",
            "-",
            True,
            "an identifier made of one in-class punctuation character",
        ),
        (
            "underscore-run",
            "__",
            "_",
            False,
            "an underscore inside an underscore run is never delimited",
        ),
        (
            "identifier-with-space",
            "the smtp port key",
            "smtp port",
            True,
            "an identifier containing a space, delimited by spaces",
        ),
        (
            "identifier-with-space-glued",
            "the smtp ports",
            "smtp port",
            False,
            "an identifier containing a space followed by a letter",
        ),
        ("prefix-hyphen", "-SMTP_PORT", "SMTP_PORT", False, "a leading hyphen is in the class"),
        (
            "suffix-underscore",
            "SMTP_PORT_",
            "SMTP_PORT",
            False,
            "a trailing underscore is in the class",
        ),
        ("suffix-digit", "SMTP_PORT2", "SMTP_PORT", False, "a trailing digit is in the class"),
        (
            "camel-prefix",
            "mySMTP_PORT",
            "SMTP_PORT",
            False,
            "a lowercase letter before is in the class (case-insensitive text)",
        ),
        (
            "dotted-path",
            "smtp-config.SMTP_PORT",
            "SMTP_PORT",
            True,
            "a dotted path: the period before delimits",
        ),
        (
            "slash-path",
            "configmap/smtp-config",
            "smtp-config",
            True,
            "a resource path: the slash before delimits",
        ),
        ("env-assignment", "SMTP_PORT=587", "SMTP_PORT", True, "an assignment: = after delimits"),
        ("shell-expansion", "${SMTP_PORT}", "SMTP_PORT", True, "a shell expansion: braces delimit"),
        (
            "shell-default",
            "${SMTP_PORT:-25}",
            "SMTP_PORT",
            True,
            "a shell default: colon after delimits",
        ),
        ("yaml-key", '  SMTP_PORT: "587"', "SMTP_PORT", True, "a YAML key: colon after delimits"),
        ("json-key", '{"SMTP_PORT":587}', "SMTP_PORT", True, "a JSON key: quotes delimit"),
        ("markdown-code", "`SMTP_PORT`", "SMTP_PORT", True, "inline code: backticks delimit"),
        ("markdown-bold", "**SMTP_PORT**", "SMTP_PORT", True, "bold markup: asterisks delimit"),
        (
            "markdown-emphasis-underscore",
            "_SMTP_PORT_",
            "SMTP_PORT",
            False,
            "underscore emphasis: underscores are in the class",
        ),
        (
            "kebab-suffix",
            "smtp-config-v2",
            "smtp-config",
            False,
            "a kebab-case suffix: the hyphen is in the class",
        ),
        (
            "kebab-prefix",
            "old-smtp-config",
            "smtp-config",
            False,
            "a kebab-case prefix: the hyphen is in the class",
        ),
        (
            "plural",
            "configMapKeyRefs",
            "configMapKeyRef",
            False,
            "a plural s after is in the class",
        ),
        ("possessive", "SMTP_PORT's value", "SMTP_PORT", True, "an apostrophe after delimits"),
        (
            "url-fragment",
            "https://docs.example/#SMTP_PORT",
            "SMTP_PORT",
            True,
            "a URL fragment: # before delimits",
        ),
        ("html-tag", "<code>SMTP_PORT</code>", "SMTP_PORT", True, "HTML tags: > and < delimit"),
    ]
    for name, text, identifier, want, why in cases:
        operation_cases.append(author(
            f"delim-{name}", ["3.1"], "identifier_match", f"clause 3.1: {why}.",
            {"text": text, "identifier": identifier}, entry=None, expect=want))

    occurrence_cases = [
        (
            "repeat-later-delimited",
            "SMTP_PORT_OLD, SMTP_PORT",
            "SMTP_PORT",
            True,
            "only the second occurrence is delimited; every occurrence is tried",
        ),
        (
            "repeat-none-delimited",
            "SMTP_PORT_OLD SMTP_PORT_NEW",
            "SMTP_PORT",
            False,
            "two occurrences, neither delimited",
        ),
        (
            "repeat-third-delimited",
            "xSMTP_PORT SMTP_PORTx SMTP_PORT",
            "SMTP_PORT",
            True,
            "only the third occurrence is delimited",
        ),
        (
            "repeat-glued-pair",
            "SMTP_PORTSMTP_PORT",
            "SMTP_PORT",
            False,
            "two glued occurrences delimit neither",
        ),
        (
            "repeat-underscore-pair",
            "SMTP_PORT_SMTP_PORT",
            "SMTP_PORT",
            False,
            "two occurrences joined by an underscore",
        ),
        (
            "repeat-hyphen-pair",
            "SMTP_PORT-SMTP_PORT",
            "SMTP_PORT",
            False,
            "two occurrences joined by a hyphen",
        ),
        (
            "repeat-period-pair",
            "SMTP_PORT.SMTP_PORT",
            "SMTP_PORT",
            True,
            "two occurrences joined by a period: both delimited",
        ),
        (
            "repeat-lowercase-later",
            "smtp_port_old, smtp_port",
            "SMTP_PORT",
            True,
            "only the later lowercase occurrence is delimited",
        ),
        (
            "repeat-later-at-end",
            "SMTP_PORTS and SMTP_PORT",
            "SMTP_PORT",
            True,
            "the later occurrence ends the text",
        ),
        (
            "overlap-dotted",
            "ba.a.a",
            "a.a",
            True,
            "the first occurrence follows a letter; only the overlapping one is delimited",
        ),
        (
            "overlap-colons",
            "a:::",
            "::",
            True,
            "the first :: follows a letter; the overlapping second one is delimited",
        ),
        (
            "overlap-x-dot-x",
            "ax.x.x",
            "x.x",
            True,
            "only the occurrence overlapping the first is delimited",
        ),
        ("overlap-none", "a-a-a", "a-a", False, "overlapping occurrences, each next to a hyphen"),
        ("overlap-letters", "ababa", "aba", False, "overlapping occurrences inside one token"),
        (
            "adjacent-after-rejected",
            "xa.a.",
            "a.",
            True,
            "the delimited occurrence starts right where the first, not delimited, ends",
        ),
    ]
    for name, text, identifier, want, why in occurrence_cases:
        operation_cases.append(author(
            f"delim-{name}", ["3.1"], "identifier_match", f"clause 3.1: {why}.",
            {"text": text, "identifier": identifier}, entry=None, expect=want))
    for name, text, identifier, want, why in occurrence_cases:
        if name.startswith(("overlap-", "adjacent-")) and want:
            lifted_cases.append(author(
                f"delim-scenario-{name}", LIFTED_CLAUSES, "score_scenario",
                f"clause 3.1 lifted: key {visible(identifier)} reported as {visible(text)!r}"
                f" ({why}).", scenario_input(f"Missing key: {text}", variant_scenario(identifier)),
                entry=None, expect=ROW2))

    answers = [
        (
            "repeat-later-delimited",
            "SMTP_PORT_OLD is missing, and so is SMTP_PORT.",
            ROW2,
            "the old key is glued; the later delimited SMTP_PORT co-occurs with missing",
        ),
        (
            "repeat-old-only",
            "SMTP_PORT_OLD is missing.",
            ROW4,
            "SMTP_PORT_OLD names neither the factor nor a subsystem member",
        ),
        (
            "repeat-old-missing-new-fine",
            "SMTP_PORT_OLD is missing. SMTP_PORT is fine.",
            ROW3,
            "the synonym sits with SMTP_PORT_OLD, not with a match of SMTP_PORT",
        ),
        (
            "repeat-old-with-subsystem",
            "SMTP_PORT_OLD is missing from smtp-config.",
            ROW3,
            "the identifier is not matched; smtp-config places the answer in the subsystem",
        ),
        (
            "seed-port-old",
            "SMTP_PORT_OLD is missing from the config.",
            ROW4,
            "clause 3.1 consequence: SMTP_PORT_OLD does not match SMTP_PORT",
        ),
        (
            "seed-lowercase",
            "smtp_port is missing.",
            ROW2,
            "clause 3.1 consequence: smtp_port matches SMTP_PORT",
        ),
        (
            "only-smtp-config",
            "The smtp-config ConfigMap looks wrong.",
            ROW3,
            "only a subsystem member is named",
        ),
        (
            "only-configmapkeyref",
            "The configMapKeyRef points at a bad ConfigMap.",
            ROW3,
            "only a subsystem member is named",
        ),
        (
            "host-not-port",
            "SMTP_HOST is missing.",
            ROW3,
            "a subsystem member with a synonym is not the factor",
        ),
        ("port-prefix-of-longer", "SMTP_PORTS is missing.", ROW4, "SMTP_PORTS is a longer token"),
        (
            "port-in-path",
            "Key smtp-config/SMTP_PORT is missing.",
            ROW2,
            "slash-separated path: both identifiers delimited",
        ),
        (
            "port-in-env-expansion",
            "${SMTP_PORT} is missing.",
            ROW2,
            "shell expansion braces delimit",
        ),
        (
            "config-suffix",
            "smtp-configs lack SMTP_PORTs.",
            ROW4,
            "both tokens are longer than the identifiers",
        ),
    ]
    #: Answers decided by where clause 3.2 splits them cite it too.
    split_decides = {"repeat-old-missing-new-fine"}
    for name, answer, row, why in answers:
        clauses = [*LIFTED_CLAUSES, "3.2"] if name in split_decides else LIFTED_CLAUSES
        lifted_cases.append(author(
            f"delim-scenario-{name}", clauses, "score_scenario",
            f"clause 3.1 lifted: {why}.", scenario_input(answer), entry=None, expect=row))
    return operation_cases, lifted_cases


#: Identifiers holding regex metacharacters or characters outside the class: the delimiter
#: test applies only to the characters right before and after the match.
META = [
    # identifier, slug, [(text, want, why)]
    (
        ".env",
        "dot-env",
        [
            (".env", True, "exact"),
            ("a .env", True, "space before the leading period"),
            (
                "x.env",
                False,
                "x right before the match (the leading period is part of the identifier)",
            ),
            ("xenv", False, "the period is literal, not any character"),
            ("..env", True, "a period before the leading period is outside the class"),
            (".env.local", True, "a period after"),
            (".envrc", False, "r after"),
            ("app/.env", True, "a slash before"),
            ("a.env", False, "a letter before"),
            ("_.env", False, "an underscore before"),
            ("-.env", False, "a hyphen before"),
        ],
    ),
    (
        "a+b",
        "a-plus-b",
        [
            ("a+b", True, "exact"),
            ("aab", False, "+ is literal, not a quantifier"),
            ("x a+b y", True, "spaces around"),
            ("aa+b", False, "a letter before"),
            ("a+bb", False, "a letter after"),
        ],
    ),
    (
        "x*",
        "x-star",
        [
            ("x*", True, "exact"),
            ("y + z", False, "* is literal; an unescaped x* matches the empty string"),
            ("x**", True, "an asterisk after the trailing asterisk"),
            ("yx*", False, "a letter before"),
            ("xx*", False, "a letter before"),
            ("(x*)", True, "parentheses around"),
        ],
    ),
    (
        "(svc)",
        "paren-svc",
        [
            ("(svc)", True, "exact"),
            ("svc", False, "parentheses are literal, not a group"),
            ("f(svc)", False, "a letter before the opening parenthesis"),
            ("((svc))", True, "parentheses around"),
            ("(svc)x", False, "a letter after the closing parenthesis"),
            ("(svc)-1", False, "a hyphen after"),
        ],
    ),
    (
        "[0]",
        "bracket-0",
        [
            ("[0]", True, "exact"),
            ("0", False, "brackets are literal, not a class"),
            ("a[0]", False, "a letter before"),
            ("a [0]", True, "a space before"),
            ("[0][1]", True, "a bracket after"),
        ],
    ),
    (
        "$HOME",
        "dollar-home",
        [
            ("$HOME", True, "exact; an unescaped $ anchors at the end"),
            ("$HOME/bin", True, "a slash after"),
            ("x$HOME", False, "a letter before the dollar"),
            ("echo $home", True, "case-insensitive"),
            ("$HOMER", False, "a letter after"),
        ],
    ),
    (
        "a|b",
        "a-pipe-b",
        [
            ("a|b", True, "exact"),
            ("a", False, "| is literal, not alternation"),
            ("b", False, "| is literal, not alternation"),
            ("a|bc", False, "a letter after"),
            ("(a|b)", True, "parentheses around"),
        ],
    ),
    (
        "^x",
        "caret-x",
        [
            ("^x", True, "exact"),
            ("x", False, "^ is literal, not an anchor"),
            ("^x^", True, "a caret after"),
            ("a^x", False, "a letter before"),
            ("y ^x", True, "a space before"),
        ],
    ),
    (
        "k8s.io/name",
        "k8s-io-name",
        [
            ("k8s.io/name", True, "exact"),
            ("k8sXio/name", False, "the period is literal"),
            ("app.k8s.io/name", True, "a period before"),
            ("k8s.io/names", False, "a letter after"),
            ("k8s.io/name=web", True, "= after"),
            ("xk8s.io/name", False, "a letter before"),
        ],
    ),
    (
        "a?b",
        "a-question-b",
        [
            ("a?b", True, "exact"),
            ("b", False, "? is literal, not optional"),
            ("ab", False, "? is literal"),
        ],
    ),
    (
        "{x}",
        "brace-x",
        [
            ("{x}", True, "exact"),
            ("{{x}}", True, "braces around"),
            ("a{x}", False, "a letter before"),
        ],
    ),
    (
        "c++",
        "c-plus-plus",
        [
            ("c++", True, "exact"),
            ("c+++", True, "a plus after"),
            ("cc++", False, "a letter before"),
            ("c", False, "the pluses are part of it"),
        ],
    ),
    (
        "a\\b",
        "a-backslash-b",
        [
            ("a\\b", True, "exact; an unescaped \\b is a word boundary"),
            ("path a\\b", True, "a space before"),
            ("a b", False, "the backslash is literal; an unescaped \\b is a boundary"),
        ],
    ),
    (
        "50%",
        "fifty-percent",
        [
            ("50%", True, "exact"),
            ("150%", False, "a digit before"),
            ("~50%", True, "a tilde before"),
            ("50%%", True, "a percent after"),
        ],
    ),
    (
        "x.y.z",
        "x-y-z",
        [
            ("x.y.z", True, "exact"),
            ("xay.z", False, "periods are literal"),
            ("w.x.y.z", True, "a period before"),
            ("x.y.zz", False, "a letter after"),
        ],
    ),
    (
        "-v",
        "dash-v",
        [
            ("-v", True, "exact"),
            ("--v", False, "a hyphen before is in the class"),
            ("run -v", True, "a space before"),
            ("x-v", False, "a letter before"),
        ],
    ),
    (
        "_id",
        "underscore-id",
        [
            ("(_id)", True, "parentheses around"),
            ("user_id", False, "a letter before"),
            ("_id_", False, "an underscore after"),
        ],
    ),
]


def _meta_vectors() -> tuple[list[Authored], list[Authored]]:
    """Every META case through identifier_match; the first two that some wrong implementation
    fails lifted into score_scenario, on a scenario whose absent key is the identifier."""
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    for identifier, name, cases in META:
        for n, (text, want, why) in enumerate(cases, 1):
            operation_cases.append(author(
                f"delim-meta-{name}-{n:02d}", ["3.1"], "identifier_match",
                f"clause 3.1: identifier {visible(identifier)} in {visible(text)!r}: {why}.",
                {"text": text, "identifier": identifier}, entry=None, expect=want))
        scenario = variant_scenario(identifier, "app-config")
        candidates = [
            author(
                f"delim-scenario-meta-{name}-{n:02d}", LIFTED_CLAUSES, "score_scenario",
                f"clause 3.1 lifted: key {visible(identifier)} reported as {visible(text)!r} "
                f"({why}).",
                scenario_input(f"Missing key: {text}", scenario), entry=None,
                expect=ROW2 if want else ROW4, optional=True)
            for n, (text, want, why) in enumerate(cases, 1)
        ]
        lifted_cases += first_kept(candidates, 2)
    return operation_cases, lifted_cases


def _named_vectors() -> list[Authored]:
    subsystem = ["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef"]
    cases = [
        (
            "none-delimited",
            "smtp-config-v2 replaced SMTP_PORT_OLD.",
            subsystem,
            False,
            "no member of the set is delimited",
        ),
        (
            "one-delimited",
            "SMTP_PORT_OLD and smtp-config.",
            subsystem,
            True,
            "smtp-config is delimited by the final period",
        ),
        (
            "membership-not-conjunction",
            "Only SMTP_HOST is relevant.",
            subsystem,
            True,
            "one member suffices (membership, not conjunction)",
        ),
        (
            "lowercase-member",
            "the configmapkeyref is stale",
            subsystem,
            True,
            "case-insensitive member",
        ),
        (
            "member-inside-token",
            "xsmtp_host and configMapKeyRefs",
            subsystem,
            False,
            "members only inside longer tokens",
        ),
        ("member-after-underscore", "OLD_SMTP_HOST", subsystem, False, "an underscore before"),
        (
            "meta-set",
            "see x.env and a+bb",
            [".env", "a+b"],
            False,
            "regex-metacharacter members, none delimited",
        ),
        (
            "meta-set-delimited",
            "see .env and a+bb",
            [".env", "a+b"],
            True,
            ".env is delimited by a space",
        ),
        (
            "non-ascii-neighbour",
            "\u00e9smtp-config\u00e9",
            subsystem,
            True,
            "non-ASCII letters around a member are delimiters",
        ),
        (
            "cjk-neighbour",
            "\u914d\u7f6esmtp-config\u4e2d",
            subsystem,
            True,
            "CJK characters around a member are delimiters",
        ),
    ]
    out: list[Authored] = []
    for n, (name, answer, identifiers, want, why) in enumerate(cases):
        params = operation_input(
            "named_in_output", answer, identifiers, exclude_tool_echo=n % 2 == 0)
        out.append(author(
            f"delim-named-{name}", ["2.1", "3.1"], "named_in_output",
            f"clause 2.1 with clause 3.1: {why}.", params, entry=None, expect=want))
    fcases = [
        (
            "later-occurrence",
            "SMTP_PORT_OLD is gone; SMTP_PORT is missing.",
            True,
            "the delimited later occurrence co-occurs with missing",
        ),
        ("glued-only", "SMTP_PORT_OLD is missing.", False, "no delimited occurrence"),
        (
            "synonym-with-glued",
            "SMTP_PORT_OLD is missing. SMTP_PORT is fine.",
            False,
            "the synonym's sentence holds only the glued token",
        ),
        ("path-form", "smtp-config/SMTP_PORT: missing", True, "path form: slash and colon delimit"),
    ]
    for name, answer, want, why in fcases:
        clauses = ["2.2", "3.1", "3.2"] if name == "synonym-with-glued" else ["2.2", "3.1"]
        out.append(author(
            f"delim-factor-{name}", clauses, "factor_identified",
            f"clause 2.2 with clause 3.1: {why}.",
            operation_input("factor_identified", answer, [KEY]), entry=None, expect=want))
    return out


@functools.cache
def generated() -> GeneratedFamily:
    neighbour_cases, neighbour_lifts = _neighbour_vectors()
    boundary_cases, boundary_lifts = _boundary_vectors()
    meta_cases, meta_lifts = _meta_vectors()
    return family_files(
        FOLDER, "delimiters", GEN,
        neighbour_cases + boundary_cases + meta_cases + _named_vectors(),
        neighbour_lifts + boundary_lifts + meta_lifts,
        "Clause 3.1 maximal-token rule: every neighbour class on each side, text ends, repeated"
        " and overlapping occurrences, regex metacharacters.",
        "Clause 3.1 maximal-token cases lifted into the C-DA-001 bands through score_scenario.")


def files() -> dict[str, dict]:
    return generated().files


def problems() -> tuple[AuthoringProblem, ...]:
    return generated().problems


@functools.cache
def _flags() -> dict[str, str]:
    return flags_of(files())


def __getattr__(name: str) -> dict[str, str]:
    """`FLAGS`, computed when first read: importing the module (a test collection does) does not
    run the generator."""
    if name == "FLAGS":
        return _flags()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
