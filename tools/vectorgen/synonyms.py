"""Clause 3.3 absent_key synonym list v1: "case-insensitive, matched as literal phrases". Each
of the 14 phrases, case variants, near misses, whitespace inside a phrase, apostrophe variants
(register SYN-APOSTROPHE), phrases inside longer words (register SYN-BOUNDARY), special case
mappings (register SYN-FOLD-MAPPING), combining marks NFC composes (register SYN-NFC), and
synonyms that appear only in the reasoning trace, which
diagnosis never reads (clause 2.5). Verdicts come from the text rules (textrules.py, via
authoring.py); the hand-stated ones must agree with them.
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
    with_trace_channel,
)
from tools.vectorgen.common import ROW2, ROW3, ROW4
from tools.vectorgen.lifting import operation_input, scenario_input, variant_scenario
from tools.vectorgen.textrules import SYNONYMS

GEN = "tools/vectorgen/synonyms.py"
FOLDER = "3.3-synonyms"
PHRASES = SYNONYMS["absent_key"]


def _phrase_slug(phrase: str) -> str:
    return phrase.replace("'", "").replace(" ", "-")


#: A natural answer for each phrase, naming SMTP_PORT in the same sentence.
PHRASE_ANSWERS = {
    "missing": "SMTP_PORT is missing from smtp-config.",
    "absent": "SMTP_PORT is absent from smtp-config.",
    "not present": "SMTP_PORT is not present in smtp-config.",
    "not set": "SMTP_PORT is not set in smtp-config.",
    "not defined": "SMTP_PORT is not defined in smtp-config.",
    "undefined": "SMTP_PORT is undefined in smtp-config.",
    "not found": "SMTP_PORT was not found in smtp-config.",
    "does not exist": "SMTP_PORT does not exist in smtp-config.",
    "doesn't exist": "SMTP_PORT doesn't exist in smtp-config.",
    "no key": "smtp-config has no key SMTP_PORT.",
    "lacks": "smtp-config lacks SMTP_PORT.",
    "lacking": "smtp-config is lacking SMTP_PORT.",
    "omitted": "SMTP_PORT was omitted from smtp-config.",
    "unset": "SMTP_PORT is unset.",
}


def _title(phrase: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in phrase.split(" "))


NEAR_MISSES = [
    # slug, text, why (no synonym occurs literally)
    ("double-space", "the key is not  set", "two spaces inside not set"),
    ("tab-inside", "the key is not\tset", "a tab inside not set"),
    ("newline-inside", "the key is not\nset", "a newline inside not set"),
    ("nbsp-inside", "the key is not\u00a0set", "NBSP inside not set"),
    ("em-space-inside", "it was not\u2003found", "an em space inside not found"),
    ("double-space-does-not", "it does  not exist", "two spaces inside does not exist"),
    ("split-contraction", "it doesn' t exist", "a space inside doesn't"),
    (
        "fullwidth",
        "the key is \uff4d\uff49\uff53\uff53\uff49\uff4e\uff47",
        "fullwidth letters are not the phrase (NFKC would make them so)",
    ),
    (
        "fullwidth-apostrophe",
        "it doesn\uff07t exist",
        "a fullwidth apostrophe is not U+0027 under any reading",
    ),
    (
        "modifier-apostrophe",
        "it doesn\u02bct exist",
        "U+02BC MODIFIER LETTER APOSTROPHE is not U+0027 under any reading",
    ),
    ("left-quote-apostrophe", "it doesn\u2018t exist", "U+2018 is not U+0027 under any reading"),
    ("acute-apostrophe", "it doesn\u00b4t exist", "U+00B4 ACUTE ACCENT is not U+0027"),
    ("backtick-apostrophe", "it doesn`t exist", "a backtick is not U+0027"),
    ("prime-apostrophe", "it doesn\u2032t exist", "U+2032 PRIME is not U+0027"),
]

#: Phrases inside longer words or next to in-class characters: register SYN-BOUNDARY.
BOUNDARY = [
    ("unsettled", "the config is unsettled", "unset inside unsettled"),
    ("unsets", "the script unsets it", "unset inside unsets"),
    ("blacksmith", "ask the blacksmith", "lacks inside blacksmith"),
    ("slacks", "the team slacks off", "lacks inside slacks"),
    ("dismissing", "dismissing the alert", "missing inside dismissing"),
    ("absentee", "an absentee owner", "absent inside absentee"),
    ("absenteeism", "absenteeism is high", "absent at the start of absenteeism"),
    ("undefinedness", "the undefinedness of it", "undefined inside undefinedness"),
    ("not-settled", "the bill is not settled", "not set inside not settled"),
    ("cannot-set", "I cannot set it", "not set inside cannot set"),
    ("knot-found", "a knot found in the rope", "not found inside knot found"),
    ("not-presented", "it was not presented", "not present inside not presented"),
    ("not-foundational", "this is not foundational", "not found inside not foundational"),
    ("no-keys", "there are no keys", "no key inside no keys"),
    ("piano-keyboard", "a piano keyboard", "no key inside piano keyboard"),
    ("does-not-exists", "it does not exists", "does not exist before an s"),
    ("missing-underscore", "see missing_key", "missing before an underscore"),
    (
        "missing-hyphen",
        "see missing-key",
        "missing before a hyphen: in the identifier class, not a word character",
    ),
    ("hyphen-unset", "a non-unset value", "unset after a hyphen"),
    ("undefined-underscore", "undefined_behavior", "undefined before an underscore"),
    ("missing-digit", "missing2", "missing before a digit"),
    (
        "missing-e-acute",
        "missing\u00e9",
        "missing before e-acute: outside the ASCII class, but a word character",
    ),
    ("e-acute-absent", "\u00e9absent", "absent after e-acute"),
    ("cjk-missing", "\u952e missing\u952e", "missing before a CJK ideograph"),
    ("omitted-caps-inside", "UNOMITTEDX", "omitted inside an uppercase token"),
]

DELIMITED = [
    ("parenthesized", "(missing)", "parentheses around"),
    ("final-period", "the key is missing.", "a final period"),
    ("after-colon", "status:missing", "a colon before"),
    ("quoted", "\"unset\"", "quotes around"),
    ("bracketed", "[absent]", "brackets around"),
    ("start-of-text", "lacking a port", "start of text"),
    ("end-of-text", "port: omitted", "end of text"),
    ("slash", "found/not found", "a slash before"),
]

FOLD = [
    (
        "dotted-capital-i",
        "the key is M\u0130SS\u0130NG",
        {
            "simple-lowercase": True,
            "full-lowercase": False,
            "full-casefold": False,
            "simple-casefold": False,
        },
        "U+0130 simple-lowercases to i; the full mappings add U+0307; simple folding keeps it",
    ),
    (
        "long-s",
        "the key is mi\u017f\u017fing",
        {
            "simple-lowercase": False,
            "full-lowercase": False,
            "full-casefold": True,
            "simple-casefold": True,
        },
        "long s folds to s, but lowercases to itself",
    ),
    (
        "fi-ligature",
        "the key is unde\ufb01ned",
        {
            "simple-lowercase": False,
            "full-lowercase": False,
            "full-casefold": True,
            "simple-casefold": False,
        },
        "U+FB01 folds to fi only under full case folding",
    ),
]


#: A combining mark after a phrase's last letter that NFC composes with it (register SYN-NFC):
#: the NFC text no longer holds the phrase; the text as written does.
NFC = [
    ("no-key-acute", "no key\u0301", "y + U+0301 composes to U+00FD, so the NFC text lacks no key"),
    ("missing-acute", "the key is missing\u0301", "g + U+0301 composes to U+01F5 under NFC"),
    ("unset-caron", "SMTP_PORT unset\u030c", "t + U+030C composes to U+0165 under NFC"),
]


def _synonym_case(name: str, text: str, description: str, **options: Any) -> Authored:
    """A synonym_match case on `text` (deviation type absent_key)."""
    params = {"text": text, "deviation_type": "absent_key"}
    return author(name, ["3.3"], "synonym_match", description, params, **options)


def _factor_case(
    name: str, clauses: list[str], answer: str, description: str, trace: str = "", **options: Any
) -> Authored:
    """A factor_identified case: SMTP_PORT required, `answer` in agent_response."""
    params = operation_input("factor_identified", answer, ["SMTP_PORT"], trace=trace)
    return author(name, clauses, "factor_identified", description, params, **options)


def _operation_cases() -> list[Authored]:
    out: list[Authored] = []
    for phrase in PHRASES:
        variants = [
            ("in-sentence", f"The SMTP_PORT key is {phrase} here.",
             "the phrase as published, in a sentence"),
            ("uppercase", phrase.upper(), "uppercase"),
            ("title-case", _title(phrase), "title case"),
        ]
        for kind, text, why in variants:
            out.append(_synonym_case(
                f"syn-{_phrase_slug(phrase)}-{kind}", text,
                f"clause 3.3: synonym {phrase!r}, {why}.", entry=None, expect=True))
    for name, text, why in NEAR_MISSES:
        out.append(_synonym_case(
            f"syn-near-{name}", text, f"clause 3.3 literal phrases: {why}.",
            entry=None, expect=False, optional=True))
    for name, text, why in [
        ("curly-apostrophe", "it doesn\u2019t exist", "doesn't written with U+2019"),
        ("curly-apostrophe-upper", "IT DOESN\u2019T EXIST", "DOESN'T EXIST written with U+2019"),
        ("curly-apostrophe-title", "It Doesn\u2019t Exist", "Doesn't Exist written with U+2019"),
    ]:
        out.append(_synonym_case(
            f"syn-apostrophe-{name}", text, f"clause 3.3 open apostrophe: {why}.",
            entry="SYN-APOSTROPHE", expect={"literal": False, "typographic": True}))
    out.append(_synonym_case(
        "syn-apostrophe-straight", "it doesn't exist",
        "clause 3.3: doesn't with U+0027, as published.", entry=None, expect=True))
    for name, text, why in BOUNDARY:
        out.append(_synonym_case(
            f"syn-boundary-{name}", text, f"clause 3.3 open phrase boundary: {why}.",
            entry="SYN-BOUNDARY"))
    for name, text, why in DELIMITED:
        out.append(_synonym_case(
            f"syn-delimited-{name}", text,
            f"clause 3.3: a delimited phrase matches under every reading ({why}).",
            entry=None, expect=True, optional=True))
    for name, text, readings, why in FOLD:
        out.append(author(
            f"syn-fold-{name}", ["3.3", "3.1"], "synonym_match",
            f"clause 3.3 \"case-insensitive\", open case mapping of phrases: {why}.",
            {"text": text, "deviation_type": "absent_key"}, entry="SYN-FOLD-MAPPING",
            expect=readings))
    for name, text, why in NFC:
        out.append(author(
            f"syn-nfc-{name}", ["3.3"], "synonym_match",
            f"clause 3.3 states no NFC (clause 3.1 does, for identifiers): {why}.",
            {"text": text, "deviation_type": "absent_key"}, entry="SYN-NFC",
            expect={"nfc": False, "no-nfc": True}))
    for name, text, why in [
        (
            "kelvin-no-key",
            "there is no \u212aey",
            "the Kelvin sign lowercases (and NFC-maps) to k under every reading",
        ),
        ("kelvin-lacks", "smtp-config LAC\u212aS it", "the Kelvin sign inside LACKS"),
        (
            "capital-sharp-s-free",
            "MISSING \u1e9e",
            "an unrelated U+1E9E does not disturb an ASCII match",
        ),
        (
            "negated",
            "it is not missing",
            "literal phrases, no semantics: not missing still contains missing",
        ),
        ("two-phrases", "absent, not found, unset", "several phrases"),
    ]:
        out.append(_synonym_case(
            f"syn-{name}", text, f"clause 3.3: {why}.", entry=None, expect=True, optional=True))

    # factor_identified: the synonym must share the identifier's sentence, in agent_response.
    for phrase in PHRASES:
        out.append(_factor_case(
            f"syn-factor-{_phrase_slug(phrase)}", ["2.2", "3.3"], PHRASE_ANSWERS[phrase],
            f"clause 2.2 with clause 3.3: synonym {phrase!r} in SMTP_PORT's sentence.",
            entry=None, expect=True))
    trace_cases = [
        (
            "trace-only-synonym",
            "SMTP_PORT needs a look.",
            "SMTP_PORT is missing from smtp-config.",
            False,
            "the synonym is only in the reasoning trace",
        ),
        (
            "trace-only-identifier",
            "A key is missing.",
            "SMTP_PORT is missing.",
            False,
            "the identifier is only in the reasoning trace",
        ),
        (
            "trace-only-both",
            "I could not finish.",
            "SMTP_PORT is missing.",
            False,
            "both only in the reasoning trace",
        ),
        (
            "answer-and-trace",
            "SMTP_PORT is missing.",
            "SMTP_PORT is missing.",
            True,
            "both in the answer; the trace is irrelevant",
        ),
    ]
    for name, answer, trace, want, why in trace_cases:
        out.append(_factor_case(
            f"syn-factor-{name}", ["2.2", "2.5", "3.3"], answer,
            f"clause 2.5: diagnosis reads agent_response only; {why}.", trace=trace,
            entry=None, expect=want, flags=("trace-only",) if not want else ()))
    for name, answer, why in [
        ("double-space", "SMTP_PORT is not  set.", "two spaces inside the phrase"),
        ("tab", "SMTP_PORT is NOT\tSET.", "a tab inside the phrase"),
        ("negated", "SMTP_PORT is not missing.", "not missing still contains missing"),
        (
            "other-identifier-same-sentence",
            "SMTP_HOST is missing; SMTP_PORT is fine.",
            "the synonym is about another key, but in the same sentence",
        ),
    ]:
        out.append(_factor_case(
            f"syn-factor-{name}", ["2.2", "3.3"], answer, f"clause 2.2 with clause 3.3: {why}.",
            entry=None))
    for name, answer, why in [
        ("curly-apostrophe", "SMTP_PORT doesn\u2019t exist.", "doesn't written with U+2019"),
    ]:
        out.append(_factor_case(
            f"syn-factor-{name}", ["2.2", "3.3"], answer, f"clause 2.2 with clause 3.3: {why}.",
            entry="SYN-APOSTROPHE"))
    for name, answer, why in [
        ("unsettled", "SMTP_PORT is unsettled.", "unset inside unsettled"),
        ("cannot-set", "I cannot set SMTP_PORT.", "not set inside cannot set"),
        ("missing-hyphen", "SMTP_PORT: see missing-values.", "missing before a hyphen"),
    ]:
        out.append(_factor_case(
            f"syn-factor-boundary-{name}", ["2.2", "3.3"], answer,
            f"clause 2.2 with clause 3.3: {why}.", entry="SYN-BOUNDARY"))

    # named_in_output and the channels parameter
    for name, channels, want, why in [
        (
            "answer-channel",
            ("agent_response",),
            False,
            "the identifier is only in the trace; agent_response is searched",
        ),
        (
            "trace-channel",
            ("reasoning_trace",),
            True,
            "the identifier is in the trace, and the trace is the listed channel",
        ),
        ("both-channels", ("agent_response", "reasoning_trace"), True, "any listed channel counts"),
    ]:
        params = operation_input(
            "named_in_output", "I could not finish.", ["SMTP_PORT"],
            trace="SMTP_PORT is missing.", channels=channels)
        out.append(with_trace_channel(author(
            f"syn-named-{name}", ["2.1", "2.5"], "named_in_output",
            f"clause 2.1 channels: {why}.", params,
            entry=None, expect=want, flags=("trace-only",) if not want else (), optional=want)))
    return out


def _lifted_cases() -> list[Authored]:
    out: list[Authored] = []
    lifted = ["3.3", "2.2"]
    for phrase in PHRASES:
        out.append(author(
            f"syn-scenario-{_phrase_slug(phrase)}", lifted, "score_scenario",
            f"clause 3.3 lifted: synonym {phrase!r} with SMTP_PORT reaches row 2.",
            scenario_input(PHRASE_ANSWERS[phrase]), entry=None, expect=ROW2))
        out.append(author(
            f"syn-scenario-{_phrase_slug(phrase)}-uppercase", lifted, "score_scenario",
            f"clause 3.3 lifted: synonym {phrase!r} in uppercase.",
            scenario_input(PHRASE_ANSWERS[phrase].upper()), entry=None, expect=ROW2))
    rows = [
        ("not-set-title", "SMTP_PORT: Not Set.", ROW2, "title-case phrase"),
        (
            "negated",
            "SMTP_PORT is not missing.",
            ROW2,
            "literal phrases: not missing contains missing",
        ),
        (
            "other-key-same-sentence",
            "SMTP_HOST is missing; SMTP_PORT is fine.",
            ROW2,
            "sentence scope, not grammar: the synonym is about SMTP_HOST",
        ),
        (
            "other-key-other-sentence",
            "SMTP_HOST is missing. SMTP_PORT is fine.",
            ROW3,
            "the synonym is in another sentence",
        ),
        (
            "far-in-sentence",
            (
                "Missing from the smtp-config ConfigMap, which the mailer reads at startup, is"
                " SMTP_PORT."
            ),
            ROW2,
            "the phrase far from the identifier, same sentence",
        ),
        (
            "double-space",
            "SMTP_PORT is not  set in smtp-config.",
            ROW3,
            "two spaces inside the phrase",
        ),
        (
            "line-broken",
            "SMTP_PORT is not\nset in smtp-config.",
            ROW3,
            "a newline inside the phrase",
        ),
        ("tab", "SMTP_PORT is NOT\tSET.", ROW3, "a tab inside the phrase"),
        ("nbsp", "SMTP_PORT is not\u00a0set.", ROW3, "NBSP inside the phrase"),
        (
            "modifier-apostrophe",
            "SMTP_PORT doesn\u02bct exist.",
            ROW3,
            "U+02BC is not an apostrophe of the list",
        ),
        (
            "fullwidth",
            "SMTP_PORT is \uff4d\uff49\uff53\uff53\uff49\uff4e\uff47.",
            ROW3,
            "fullwidth letters",
        ),
        ("kelvin", "SMTP_PORT: no \u212aey.", ROW2, "the Kelvin sign is k"),
    ]
    #: Rows decided by where clause 3.2 splits the answer cite it too.
    split_decides = {"other-key-other-sentence"}
    for name, answer, row, why in rows:
        clauses = [*lifted, "3.2"] if name in split_decides else lifted
        out.append(author(
            f"syn-scenario-{name}", clauses, "score_scenario", f"clause 3.3 lifted: {why}.",
            scenario_input(answer), entry=None, expect=row, optional=True))
    for name, answer, trace, row, why in [
        (
            "trace-only-synonym",
            "Check SMTP_PORT.",
            "SMTP_PORT is missing from smtp-config.",
            ROW3,
            "the synonym is only in the trace",
        ),
        (
            "trace-only-all",
            "Not sure what is wrong.",
            "SMTP_PORT is missing from smtp-config.",
            ROW4,
            "everything is only in the trace",
        ),
        (
            "trace-only-identifier",
            "A required key is missing.",
            "It is SMTP_PORT.",
            ROW4,
            "the identifier is only in the trace",
        ),
        (
            "trace-completes-answer",
            "SMTP_PORT is the culprit.",
            "It is missing.",
            ROW3,
            "the trace would complete the diagnosis",
        ),
    ]:
        out.append(author(
            f"syn-scenario-{name}", ["3.3", "2.2", "2.5"], "score_scenario",
            f"clause 2.5 lifted: diagnosis never reads the reasoning trace; {why}.",
            scenario_input(answer, trace=trace), entry=None, expect=row, flags=("trace-only",)))
    for name, answer in [
        ("curly-apostrophe", "SMTP_PORT doesn\u2019t exist in smtp-config."),
        ("curly-apostrophe-upper", "SMTP_PORT DOESN\u2019T EXIST."),
    ]:
        out.append(author(
            f"syn-scenario-{name}", lifted, "score_scenario",
            "clause 3.3 lifted, open apostrophe: doesn't written with U+2019.",
            scenario_input(answer), entry="SYN-APOSTROPHE",
            expect={"literal": ROW3, "typographic": ROW2}))
    for name, answer, why in [
        ("unsettled", "The SMTP_PORT config is unsettled.", "unset inside unsettled"),
        ("blacksmith", "The blacksmith changed SMTP_PORT.", "lacks inside blacksmith"),
        ("dismissing", "Dismissing SMTP_PORT for now.", "missing inside dismissing"),
        ("not-settled", "SMTP_PORT is not settled.", "not set inside not settled"),
        ("cannot-set", "I cannot set SMTP_PORT.", "not set inside cannot set"),
        (
            "not-presented",
            "SMTP_PORT was not presented to the pod.",
            "not present inside not presented",
        ),
        ("no-keys", "SMTP_PORT has no keys.", "no key inside no keys"),
        ("missing-underscore", "SMTP_PORT: see missing_values.", "missing before an underscore"),
        ("missing-hyphen", "SMTP_PORT: see missing-values.", "missing before a hyphen"),
        ("missing-e-acute", "SMTP_PORT missing\u00e9.", "missing before e-acute"),
    ]:
        out.append(author(
            f"syn-scenario-boundary-{name}", lifted, "score_scenario",
            f"clause 3.3 lifted, open phrase boundary: {why}.", scenario_input(answer),
            entry="SYN-BOUNDARY"))
    for identifier, answer, why in [
        (
            "MISSING_PAGE_URL",
            "MISSING_PAGE_URL is wrong.",
            "the key itself contains missing before an underscore",
        ),
        ("unset-flags", "unset-flags is wrong.", "the key itself contains unset before a hyphen"),
        ("LACKS_TLS", "LACKS_TLS is wrong.", "the key itself contains lacks"),
    ]:
        out.append(author(
            f"syn-scenario-boundary-key-{identifier.lower().replace('_', '-')}", lifted,
            "score_scenario", f"clause 3.3 lifted, open phrase boundary: {why}.",
            scenario_input(answer, variant_scenario(identifier)), entry="SYN-BOUNDARY"))
    for name, text, readings, why in FOLD:
        out.append(author(
            f"syn-scenario-fold-{name}", ["3.3", "3.1", "2.2"], "score_scenario",
            f"clause 3.3 lifted, open case mapping of phrases: {why}.",
            scenario_input(f"SMTP_PORT: {text}."), entry="SYN-FOLD-MAPPING",
            expect={k: ROW2 if v else ROW3 for k, v in readings.items()}))
    for name, text, why in NFC:
        out.append(author(
            f"syn-scenario-nfc-{name}", ["3.3", "2.2"], "score_scenario",
            f"clause 3.3 lifted, no NFC stated for phrases: {why}.",
            scenario_input(f"SMTP_PORT: {text}."), entry="SYN-NFC",
            expect={"nfc": ROW3, "no-nfc": ROW2}))
    return out


@functools.cache
def generated() -> GeneratedFamily:
    return family_files(
        FOLDER, "synonyms", GEN, _operation_cases(), _lifted_cases(),
        "Clause 3.3 absent_key synonyms: every phrase, case, near misses, whitespace,"
        " apostrophes, phrase boundaries, case mappings; clause 2.5 trace-only synonyms.",
        "Clause 3.3 synonym cases lifted into the C-DA-001 bands through score_scenario.")


def files() -> dict[str, dict]:
    return generated().files


def problems() -> tuple[AuthoringProblem, ...]:
    return generated().problems


FLAGS: dict[str, str] = flags_of(files())
