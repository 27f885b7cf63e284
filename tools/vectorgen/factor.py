"""factor_identified (clause 2.2) through C-DA-001 and the factor_identified operation.

Rules stated here (clause 2.2, profile 0.3.0-rc1):
- Identifier conjunction: EVERY member of required_identifiers is named (clause 2.1 / 3.1) in
  the in-scope text; naming some of them is not enough (all-of, not any-of).
- Deviation-type co-occurrence: a synonym of the deviation's type (clause 3.3) occurs in the SAME
  sentence (clause 3.2) as one of the required identifiers, that identifier itself matched under
  clause 3.1 in that sentence. A synonym in the previous or next sentence does not count in the
  seed's text. The outcomes stated here are the seed's; the generator driver states each
  vector's outcome under the 2026-08-22 edition (a window of one sentence either side) from the
  text rules (edition_outcomes.py), and window.py covers that window itself.
- The deviation type is read from injection.deviations through factor.ref; the deviation's
  subject and resource are not identifiers.
Clause 3.2 splits on newline and on . ! ? followed by whitespace or end of text, nothing else:
abbreviations and semicolons are not special-cased.
"""

from tools.vectorgen._scenario_kit import (
    CONFIGMAP_JSON,
    configmap,
    deployment,
    ev,
    get,
    logs,
    quiet,
    real,
    scored,
    unique,
    variant,
)
from tools.vectorgen.common import (
    ABSENT_KEY_SYNONYMS,
    normative,
    trace_channel_convention,
    vector_file,
)

FLAGS = {
    "same-sentence": (
        "Where clause 3.2 sentences begin and end around the co-occurrence: the seed's window is"
        " the identifier's sentence, the 2026-08-22 window one sentence more either side."
    ),
    "all-of": "Several required identifiers: every one must be named (conjunction), not any one.",
}

#: The synonyms that read as adjectives ("SMTP_PORT is missing."), not as verbs.
_ADJECTIVE_PHRASES = (
    "missing", "absent", "not present", "not set", "not defined", "undefined", "not found",
    "omitted", "unset",
)
#: (slug, answer, row) with the real scenario: required [SMTP_PORT], SMTP_PORT also in
#: subsystem_set.
SAME_SENTENCE = [
    ("next-sentence", "SMTP_PORT is the problem. It is missing.", 3),
    ("previous-sentence", "The key is missing. It is SMTP_PORT.", 3),
    ("next-line", "SMTP_PORT\nmissing", 3),
    ("next-line-after-exclamation", "SMTP_PORT is wrong!\nThe key is absent.", 3),
    ("question-then-answer", "Is SMTP_PORT set? No, it is missing.", 3),
    ("heading-then-body", "## SMTP_PORT\nThe key is not present in the ConfigMap.", 3),
    ("bullet-then-subbullet", "- SMTP_PORT\n  - status: missing", 3),
    ("period-no-space-then-space", "SMTP_PORT. is missing", 3),
    ("exclamation-split", "SMTP_PORT! Missing.", 3),
    ("question-split", "SMTP_PORT? missing", 3),
    ("abbreviation-eg-splits-before", "Missing: e.g. SMTP_PORT", 3),
    ("abbreviation-vs-splits", "The value of SMTP_PORT vs. the default is missing", 3),
    ("abbreviation-ie-splits", "SMTP_PORT (port 587, i.e. the submission port) is missing.", 3),
    ("missing-then-identifier-line", "Missing.\nSMTP_PORT.", 3),
    (
        "two-sentences-one-line-each-half",
        "The deployment reads SMTP_PORT. The ConfigMap does not have it, it is undefined there.",
        3,
    ),
    ("colon-same-sentence", "SMTP_PORT: missing", 2),
    ("ellipsis-no-split", "SMTP_PORT...missing", 2),
    ("file-extension-no-split", "SMTP_PORT is missing from smtp-config.yaml", 2),
    ("version-no-split", "SMTP_PORT (see v1.2.3) is missing", 2),
    ("period-without-space-no-split", "SMTP_PORT.missing", 2),
    ("abbreviation-eg-splits-after", "e.g. SMTP_PORT is missing", 2),
    ("semicolon-no-split", "SMTP_PORT2 is missing; SMTP_PORT is fine", 2),
    ("comma-clauses", "SMTP_PORT, the key the deployment reads, is absent", 2),
    (
        "later-sentence-has-both",
        "The pod crashes. Its env refers to SMTP_PORT. SMTP_PORT is not present in smtp-config.",
        2,
    ),
    ("question-with-both", "Is SMTP_PORT missing? Yes.", 2),
    ("final-sentence-no-terminator", "Pods crash. SMTP_PORT is missing", 2),
    ("tab-after-period-splits", "SMTP_PORT is the problem.\tIt is missing.", 3),
    ("tab-after-exclamation-splits", "SMTP_PORT is the problem!\tThe key is absent.", 3),
    ("tab-after-question-splits", "Is it SMTP_PORT?\tYes, missing.", 3),
]

#: The identifier in the co-occurring sentence is matched under clause 3.1.
TOKEN = [
    ("suffix-old", "SMTP_PORT_OLD is missing. SMTP_PORT is fine.", 3),
    ("prefix-my", "MY_SMTP_PORT is missing. SMTP_PORT is fine.", 3),
    ("hyphen-suffix", "The SMTP_PORT-legacy key is missing. SMTP_PORT itself is fine.", 3),
    ("plural", "SMTP_PORTS are missing. SMTP_PORT is fine.", 3),
    ("letter-prefix", "xSMTP_PORT is missing. Also SMTP_PORT.", 3),
    ("digit-suffix", "SMTP_PORT2 is missing. SMTP_PORT is fine.", 3),
    ("lowercase", "smtp_port is missing.", 2),
    ("backticks", "`SMTP_PORT` is missing.", 2),
    ("possessive", "SMTP_PORT's value is missing", 2),
    ("dollar", "$SMTP_PORT is missing", 2),
    ("path", "smtp-config/SMTP_PORT is missing", 2),
    ("equals", "SMTP_PORT=missing", 2),
    ("bold", "**SMTP_PORT** is missing", 2),
    ("quoted", '"SMTP_PORT" is missing', 2),
    ("parenthesized", "A key (SMTP_PORT) is missing", 2),
    ("mixed-case", "Smtp_Port is missing", 2),
]

#: §3.3: the absent_key synonym list v1.
SYNONYMS = ABSENT_KEY_SYNONYMS

#: Plausible wordings that are not on the absent_key list (clause 3.3): row 3 with SMTP_PORT named.
NOT_SYNONYMS = [
    "is empty",
    "is blank",
    "is null",
    "was removed",
    "was deleted",
    "is gone",
    "is misconfigured",
    "is wrong",
    "is not configured",
    "has no value",
    "is commented out",
    "is unavailable",
    "was dropped",
    "cannot be read",
    "is not  set",
    "is not\tpresent",
    "is not   found",
]


def _synonym_sentence(phrase: str) -> str:
    if phrase == "no key":
        return "There is no key SMTP_PORT in smtp-config."
    if phrase in ("lacks", "lacking"):
        return (
            f"smtp-config is {phrase} SMTP_PORT."
            if phrase == "lacking"
            else "smtp-config lacks SMTP_PORT."
        )
    verb = "is " if phrase in _ADJECTIVE_PHRASES else ""
    return f"SMTP_PORT {verb}{phrase}."


def _scenario_vectors() -> list[dict]:
    out = []
    for slug, answer, row in SAME_SENTENCE:
        out.append(
            scored(
                f"factor-sentence-{slug}",
                ["2.2", "3.2"],
                f"clause 2.2 co-occurrence (the seed: one sentence): {answer!r} -> row {row}.",
                real(),
                ev(answer, quiet(3)),
                row,
                ["same-sentence"],
            )
        )
    for slug, answer, row in TOKEN:
        out.append(
            scored(
                f"factor-token-{slug}",
                ["2.2", "3.1"],
                "clause 2.2: the identifier in the co-occurring sentence is matched under clause"
                f" 3.1: {answer!r} -> row {row}.",
                real(),
                ev(answer, quiet(3)),
                row,
            )
        )
    for phrase in SYNONYMS:
        answer = _synonym_sentence(phrase)
        slug = phrase.replace("'", "").replace(" ", "-")
        out.append(
            scored(
                f"factor-synonym-{slug}",
                ["2.2", "3.3"],
                f"clause 3.3: '{phrase}' is an absent_key synonym in the same sentence as SMTP_PORT"
                " -> row 2.",
                real(),
                ev(answer, quiet(2)),
                2,
            )
        )
        out.append(
            scored(
                f"factor-synonym-{slug}-uppercase",
                ["2.2", "3.3"],
                f"clause 3.3: synonyms match case-insensitively: {answer.upper()!r} -> row 2.",
                real(),
                ev(answer.upper(), quiet(2)),
                2,
            )
        )
    for phrase in NOT_SYNONYMS:
        slug = "-".join(phrase.split()) + (
            "-extra-whitespace" if phrase != " ".join(phrase.split()) else ""
        )
        out.append(
            scored(
                f"factor-non-synonym-{slug}",
                ["2.2", "3.3"],
                f"clause 3.3: {phrase!r} is not on the absent_key list (phrases match literally):"
                " SMTP_PORT named without characterization -> row 3.",
                real(),
                ev(f"SMTP_PORT {phrase}.", quiet(2)),
                3,
            )
        )

    # Conjunction over several required identifiers (all-of).
    two = variant(required=["SMTP_PORT", "smtp-config"])
    three = variant(required=["SMTP_PORT", "smtp-config", "configMapKeyRef"])
    host = variant(required=["SMTP_PORT", "SMTP_HOST"], subsystem=["smtp-config"])
    conj = [
        (
            "two-only-first",
            two,
            "SMTP_PORT is missing.",
            3,
            "names SMTP_PORT with a synonym, not smtp-config",
        ),
        (
            "two-only-second",
            two,
            "smtp-config is missing something.",
            3,
            "names smtp-config with a synonym, not SMTP_PORT",
        ),
        (
            "two-both-one-sentence",
            two,
            "SMTP_PORT is missing from smtp-config.",
            2,
            "both in one sentence with a synonym",
        ),
        (
            "two-both-synonym-with-second",
            two,
            "smtp-config lacks a key.\nThe key is SMTP_PORT.",
            2,
            (
                "both named; the synonym co-occurs with smtp-config only (one of the required"
                " identifiers suffices)"
            ),
        ),
        (
            "two-both-synonym-with-first",
            two,
            "SMTP_PORT is undefined.\nSee smtp-config.",
            2,
            "both named; the synonym co-occurs with SMTP_PORT only",
        ),
        (
            "two-both-synonym-alone",
            two,
            "SMTP_PORT and smtp-config.\nSomething is missing.",
            3,
            "both named, the synonym in a sentence with neither",
        ),
        (
            "two-second-as-longer-token",
            two,
            "SMTP_PORT is missing from smtp-config-v2.",
            3,
            "smtp-config only inside the longer token smtp-config-v2",
        ),
        (
            "two-second-only-in-trace",
            two,
            "SMTP_PORT is missing.",
            3,
            "smtp-config named only in the reasoning trace",
        ),
        (
            "three-two-of-three",
            three,
            "SMTP_PORT is missing from smtp-config.",
            3,
            "two of three required identifiers named",
        ),
        (
            "three-all",
            three,
            "The configMapKeyRef asks smtp-config for SMTP_PORT, which is missing.",
            2,
            "all three named, synonym in their sentence",
        ),
        (
            "three-all-separate-lines",
            three,
            "- configMapKeyRef\n- smtp-config\n- SMTP_PORT: missing",
            2,
            "all three named on separate bullets, synonym with SMTP_PORT",
        ),
        ("three-only-third", three, "The configMapKeyRef is missing.", 3, "one of three named"),
        (
            "host-port-only",
            host,
            "SMTP_PORT is not set.",
            4,
            "SMTP_PORT with a synonym, SMTP_HOST unnamed; subsystem_set [smtp-config] unnamed",
        ),
        (
            "host-both",
            host,
            "SMTP_HOST is fine but SMTP_PORT is not set.",
            2,
            "both named, one sentence",
        ),
        (
            "host-both-host-echoed",
            host,
            "              key: SMTP_HOST\nSMTP_PORT is not set.",
            4,
            (
                "SMTP_HOST only in an echoed deployment line (whole line, original indent):"
                " conjunction fails"
            ),
        ),
    ]
    ref_pair = variant(required=["SMTP_PORT", "configMapKeyRef"])
    conj += [
        (
            "two-second-only-echoed",
            two,
            "  name: smtp-config\nSMTP_PORT is missing.",
            3,
            (
                "smtp-config only in an echoed ConfigMap line; the own sentence pairs SMTP_PORT"
                " with 'missing'"
            ),
        ),
        (
            "two-second-only-echoed-json",
            two,
            '        "name": "smtp-config",\nSMTP_PORT is not set.',
            3,
            "smtp-config only in an echoed JSON line",
        ),
        (
            "ref-pair-second-only-echoed",
            ref_pair,
            "            configMapKeyRef:\nSMTP_PORT is absent.",
            3,
            "configMapKeyRef only in an echoed deployment line",
        ),
        (
            "ref-pair-both-own",
            ref_pair,
            "The configMapKeyRef wants SMTP_PORT, which is absent.",
            2,
            "both named in the agent's own sentence",
        ),
    ]
    echo_actions = {
        "host-both-host-echoed": [deployment()],
        "two-second-only-echoed": [configmap()],
        "two-second-only-echoed-json": [get(CONFIGMAP_JSON, "get cm smtp-config -o json")],
        "ref-pair-second-only-echoed": [deployment()],
    }
    for slug, scenario, answer, row, why in conj:
        trace = "smtp-config is the ConfigMap." if slug == "two-second-only-in-trace" else ""
        actions = echo_actions.get(slug, quiet(2))
        out.append(
            scored(
                f"factor-conjunction-{slug}",
                ["2.2", "2.1"],
                f"clause 2.2 conjunction (every required identifier): {why} -> row {row}.",
                scenario,
                ev(answer, actions, trace=trace),
                row,
                ["all-of"],
            )
        )

    # factor.ref selects the deviation; subject and resource are not identifiers.
    two_devs = [
        {
            "id": "f1",
            "resource": "configmap/smtp-config",
            "deviation_type": "absent_key",
            "subject": "SMTP_PORT",
        },
        {
            "id": "f2",
            "resource": "configmap/smtp-config",
            "deviation_type": "absent_key",
            "subject": "SMTP_USER",
        },
    ]
    user = variant(deviations=two_devs, ref="f2", required=["SMTP_USER"])
    unreferenced_other = variant(
        deviations=[
            {
                "id": "f0",
                "resource": "deployment/notifier",
                "deviation_type": "wrong_value",
                "subject": "replicas",
            },
            {
                "id": "f1",
                "resource": "configmap/smtp-config",
                "deviation_type": "absent_key",
                "subject": "SMTP_PORT",
            },
        ]
    )
    subject_port = variant(
        deviations=[
            {
                "id": "f1",
                "resource": "configmap/smtp-config",
                "deviation_type": "absent_key",
                "subject": "port",
            }
        ]
    )
    refs = [
        (
            "second-deviation-named",
            user,
            "SMTP_USER is missing.",
            3,
            (
                "factor.ref f2 (SMTP_USER); SMTP_USER is not in subsystem_set, factor identified ->"
                " row 2"
            ),
        ),
        (
            "second-deviation-other-key",
            user,
            "SMTP_PORT is missing.",
            3,
            "factor.ref f2 requires SMTP_USER; naming SMTP_PORT (subsystem) -> row 3",
        ),
        (
            "unreferenced-unregistered-type",
            unreferenced_other,
            "SMTP_PORT is missing.",
            2,
            (
                "an unreferenced deviation of unregistered type wrong_value does not matter; f1 is"
                " absent_key"
            ),
        ),
        (
            "subject-is-not-an-identifier",
            subject_port,
            "The port is missing.",
            4,
            "deviation subject 'port' is not a required identifier; nothing named",
        ),
        (
            "resource-is-not-an-identifier",
            real(),
            "configmap/smtp-config is missing a key.",
            3,
            "the deviation's resource is not required; smtp-config (subsystem) named -> row 3",
        ),
    ]
    refs[0] = (refs[0][0], refs[0][1], refs[0][2], 2, refs[0][4])
    # Structural identifiers holding characters outside the class (clause 1.1: resource names).
    resource = variant(
        required=["SMTP_PORT", "configmap/smtp-config"],
        subsystem=["configmap/smtp-config", "deployment/notifier"],
    )
    refs += [
        (
            "resource-identifier-named",
            resource,
            "configmap/smtp-config lacks SMTP_PORT.",
            2,
            (
                "required [SMTP_PORT, configmap/smtp-config]: a resource name with '/' is matched"
                " as one identifier"
            ),
        ),
        (
            "resource-identifier-missing",
            resource,
            "smtp-config lacks SMTP_PORT.",
            4,
            (
                "'smtp-config' alone does not name 'configmap/smtp-config'; SMTP_PORT is not in"
                " this subsystem_set"
            ),
        ),
        (
            "resource-identifier-longer-token",
            resource,
            "configmap/smtp-config-v2 lacks SMTP_PORT.",
            4,
            (
                "configmap/smtp-config-v2 is another token: neither required nor subsystem"
                " identifier named"
            ),
        ),
        (
            "resource-identifier-backticked",
            resource,
            "`configmap/smtp-config` is missing `SMTP_PORT`.",
            2,
            "backticks delimit a resource-name identifier",
        ),
        (
            "resource-identifier-subsystem-only",
            resource,
            "Look at deployment/notifier.",
            3,
            "'deployment/notifier.' names the subsystem identifier (the final '.' delimits)",
        ),
        (
            "resource-identifier-uppercase",
            resource,
            "CONFIGMAP/SMTP-CONFIG is lacking SMTP_PORT",
            2,
            "a resource-name identifier matched case-insensitively; 'lacking' is a synonym",
        ),
    ]
    for slug, scenario, answer, row, why in refs:
        out.append(scored(f"factor-ref-{slug}", ["2.2", "1.3"],
                          f"clause 2.2: {why}.", scenario, ev(answer, quiet(2)), row))
    return out


def _op_vectors() -> list[dict]:
    out = []

    def fi(
        vid,
        desc,
        answer,
        required,
        value,
        *,
        actions=None,
        excl=True,
        channels=("agent_response",),
        trace="",
        flags=None,
    ):
        out.append(trace_channel_convention(normative(
            vid, ["2.2"], "factor_identified", desc,
            {"evidence": ev(answer, actions if actions is not None else quiet(1), trace=trace),
             "required_identifiers": list(required), "deviation_type": "absent_key",
             "channels": list(channels), "exclude_tool_echo": excl}, {"value": value}, flags)))

    for slug, answer, row in SAME_SENTENCE:
        fi(f"factor-op-sentence-{slug}", f"clause 2.2 co-occurrence: {answer!r}: {row == 2}.",
           answer, ["SMTP_PORT"], row == 2, flags=["same-sentence"])
    for slug, answer, row in TOKEN:
        fi(
            f"factor-op-token-{slug}",
            f"clause 2.2 / 3.1: {answer!r}: {row == 2}.",
            answer,
            ["SMTP_PORT"],
            row == 2,
        )
    conj = [
        ("any-of-is-not-enough", "SMTP_PORT is missing.", ["SMTP_PORT", "smtp-config"], False),
        ("all-named", "SMTP_PORT is missing from smtp-config.", ["SMTP_PORT", "smtp-config"], True),
        (
            "all-named-synonym-with-second",
            "smtp-config lacks a key.\nSMTP_PORT.",
            ["SMTP_PORT", "smtp-config"],
            True,
        ),
        (
            "three-missing-one",
            "configMapKeyRef and SMTP_PORT: missing.",
            ["SMTP_PORT", "smtp-config", "configMapKeyRef"],
            False,
        ),
        (
            "three-all",
            "configMapKeyRef, smtp-config and SMTP_PORT: missing.",
            ["SMTP_PORT", "smtp-config", "configMapKeyRef"],
            True,
        ),
        ("order-irrelevant", "smtp-config lacks SMTP_PORT.", ["smtp-config", "SMTP_PORT"], True),
        ("duplicate-required", "SMTP_PORT is missing.", ["SMTP_PORT", "SMTP_PORT"], True),
        ("nothing-named", "The key is missing.", ["SMTP_PORT"], False),
        ("synonym-absent", "SMTP_PORT.", ["SMTP_PORT"], False),
        ("empty-answer", "", ["SMTP_PORT"], False),
    ]
    for slug, answer, required, value in conj:
        fi(
            f"factor-op-conjunction-{slug}",
            f"clause 2.2 conjunction: {answer!r} with {required}: {value}.",
            answer,
            required,
            value,
            flags=["all-of"],
        )
    fi(
        "factor-op-answer-null",
        "clause 2.2: final_answer null: nothing named: false.",
        None,
        ["SMTP_PORT"],
        False,
    )
    fi(
        "factor-op-trace-not-listed",
        "clause 2.2: channels [agent_response]; the finding is only in the trace: false.",
        "See trace.",
        ["SMTP_PORT"],
        False,
        trace="SMTP_PORT is missing.",
    )
    fi(
        "factor-op-trace-listed",
        "clause 2.2: channels [reasoning_trace] (the operation itself is not a diagnosis binding):"
        " true.",
        "See trace.",
        ["SMTP_PORT"],
        True,
        excl=False,
        channels=("reasoning_trace",),
        trace="SMTP_PORT is missing.",
    )
    fi(
        "factor-op-sentences-do-not-span-channels",
        "clause 2.2: identifier at the end of the answer, synonym at the start of the trace: no"
        " sentence holds both: false.",
        "Root cause: SMTP_PORT",
        ["SMTP_PORT"],
        False,
        excl=False,
        channels=("agent_response", "reasoning_trace"),
        trace="is missing",
    )
    fi(
        "factor-op-both-channels-trace-has-both",
        "clause 2.2: channels [agent_response, reasoning_trace]; the trace sentence holds SMTP_PORT"
        " and 'missing': true.",
        "SMTP_PORT.",
        ["SMTP_PORT"],
        True,
        excl=False,
        channels=("agent_response", "reasoning_trace"),
        trace="SMTP_PORT is missing.",
    )
    fi(
        "factor-op-echo-off-dumped-log",
        "clause 2.2: exclude_tool_echo false: the copied log line names SMTP_PORT with 'not set'.",
        "2026-11-29T15:02:11Z FATAL required environment variable SMTP_PORT is not set",
        ["SMTP_PORT"],
        True,
        actions=[logs()],
        excl=False,
    )
    fi(
        "factor-op-echo-on-dumped-log",
        "clause 2.2: exclude_tool_echo true: the copied log line is out of scope: false.",
        "2026-11-29T15:02:11Z FATAL required environment variable SMTP_PORT is not set",
        ["SMTP_PORT"],
        False,
        actions=[logs()],
        excl=True,
    )
    return out


def files() -> dict[str, dict]:
    return {
        "2.2-factor-identified/factor-identified.yaml": vector_file(
            "factor-identified",
            "Clause 2.2 through C-DA-001: all-of identifier conjunction, same-sentence"
            " co-occurrence (no radius-one window in 0.3.0-rc1), the co-occurring identifier"
            " matched under clause 3.1, every absent_key synonym, the deviation read through"
            " factor.ref.",
            "tools/vectorgen/factor.py",
            unique(_scenario_vectors()),
        ),
        "2.2-factor-identified/factor-identified-ops.yaml": vector_file(
            "factor-identified-ops",
            "Clause 2.2 through the factor_identified operation.",
            "tools/vectorgen/factor.py",
            unique(_op_vectors()),
        ),
    }
