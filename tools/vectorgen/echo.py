"""Echo exclusion (clause 2.1, exclude_tool_echo), scored through C-DA-001 and through the
named_in_output / factor_identified operations.

Rule (clause 2.1): with exclude_tool_echo true, the answer is partitioned into lines; a line
that appears verbatim in the body of any captured tool response is removed from match scope.
"Verbatim" is exact code points (case kept). A body is an action's `result` string; "" means no
result recorded (no body), while "null" and "\"\"" are bodies. Tool *arguments*, the reasoning
trace and the harness's `error` text are not tool response bodies (the last is register
ECHO-ERRORED). Blank lines are never echo. Where the text is open (trimming, substring vs
line equality: ECHO-LINE; errored actions: ECHO-ERRORED; co-occurrence scope: ECHO-COOCCUR)
the vector gives the verdict under every reading.

Every body here is ASCII with LF line ends and no trailing whitespace, and answers copy whole
body lines with their original indentation unless a vector is about indentation: a whole
copied line is then echo under every ECHO-LINE reading. No answer or body contains CR.
"""

from tools.vectorgen._scenario_kit import (
    CONFIGMAP,
    CONFIGMAP_JSON,
    DEPLOYMENT,
    LOGS,
    action,
    configmap,
    deployment,
    echo_line_readings,
    ev,
    get,
    investigation,
    logs,
    pods,
    real,
    scored,
    scored_open,
    unique,
    variant,
)
from tools.vectorgen.common import ambiguous, normative, vector_file

FLAGS = {
    "echo-exclusion": (
        "Exercises clause 2.1 echo exclusion (exclude_tool_echo) of answer lines found in tool"
        " bodies."
    ),
    "echo-disabled": "The binding or call sets exclude_tool_echo false: nothing is excluded.",
}

FATAL = "2026-11-29T15:02:11Z FATAL required environment variable SMTP_PORT is not set"

#: A config-lint tool's body: names the key and says it is missing.
LINT = "config check configmap/smtp-config\nSMTP_HOST: ok\nSMTP_PORT: missing\n"


def fence(body: str, lang: str = "yaml") -> str:
    """A markdown code fence around a body copied verbatim (its lines keep their indentation)."""
    return f"```{lang}\n{body}```"


def indent(body: str, prefix: str) -> str:
    return "".join(prefix + line if line else line for line in body.splitlines(keepends=True))


def dedent_block(lines: list[str], by: int) -> str:
    return "\n".join(line[by:] for line in lines)


DEPLOY_ENV_PORT = DEPLOYMENT.splitlines()[24:30]  # the SMTP_PORT env entry, 8-space indented
NAME_LINE, KEY_LINE = DEPLOY_ENV_PORT[0], DEPLOY_ENV_PORT[4]  # "- name: ...", "key: SMTP_PORT"


def _dumps() -> list[dict]:
    """Answers that only dump tool bodies: nothing is a finding with echo exclusion on; the same
    answers with exclude_tool_echo false are scored on the dumped text."""
    out = []
    dumps = [
        ("configmap", "Here is the ConfigMap:\n" + fence(CONFIGMAP), [configmap()], 4, 3,
         "the dumped ConfigMap names smtp-config and SMTP_HOST"),
        ("deployment", "The deployment spec:\n" + fence(DEPLOYMENT), [deployment()], 4, 3,
         "the dumped deployment names SMTP_PORT, smtp-config and configMapKeyRef, no synonym"),
        ("logs", "Pod logs:\n" + fence(LOGS, "text"), [logs()], 4, 2,
         "the dumped log line names SMTP_PORT with 'not set' in one sentence"),
        ("all-bodies", "Everything I saw.\n" + CONFIGMAP + DEPLOYMENT + LOGS, investigation(), 4, 2,
         "raw bodies back to back, no fences"),
        ("configmap-json", "Output of get -o json:\n" + fence(CONFIGMAP_JSON, "json"),
         [get(CONFIGMAP_JSON, "get configmap smtp-config -o json")], 4, 3,
         'the dumped JSON names "smtp-config" and "SMTP_HOST" (quotes delimit)'),
        ("deployment-unfenced", DEPLOYMENT.rstrip("\n"), [pods(), deployment()], 4, 3,
         "the answer is the deployment body itself, last newline dropped"),
        ("logs-last-line", FATAL, [logs()], 4, 2,
         "the answer is the single FATAL log line, copied whole"),
        ("lint-output", "Linter says:\n" + LINT, [get(LINT, "lint configmap/smtp-config")], 4, 2,
         "a copied linter body 'SMTP_PORT: missing'"),
    ]
    for slug, answer, actions, row_on, row_off, why in dumps:
        out.append(
            scored(
                f"echo-dump-{slug}-excluded",
                ["2.1"],
                f"clause 2.1: an answer that only dumps tool output names nothing ({why}); echo on"
                " -> row 4.",
                real(),
                ev(answer, actions),
                row_on,
                ["echo-exclusion"],
            )
        )
        out.append(
            scored(
                f"echo-dump-{slug}-not-excluded-when-off",
                ["2.1", "2.2"],
                "clause 2.1: the same dump with exclude_tool_echo false is matched as written"
                f" ({why}).",
                variant(exclude=False),
                ev(answer, actions),
                row_off,
                ["echo-disabled"],
            )
        )
    # A dump followed by the agent's own finding: the finding is scored.
    out.append(
        scored(
            "echo-dump-then-own-finding",
            ["2.1", "2.2", "3.2"],
            "clause 2.1: dumped ConfigMap lines are excluded, the agent's own sentence naming"
            " SMTP_PORT as missing still counts.",
            real(),
            ev(
                "Current ConfigMap:\n"
                + fence(CONFIGMAP)
                + "\nSMTP_PORT is missing from smtp-config.",
                [configmap()],
            ),
            2,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-dump-then-own-locus",
            ["2.1"],
            "clause 2.1: dumped ConfigMap excluded; the own line names SMTP_PORT without a synonym"
            " -> row 3.",
            real(),
            ev(fence(CONFIGMAP) + "\nThe ConfigMap above has no SMTP_PORT entry.", [configmap()]),
            3,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-dump-deployment-then-own-finding",
            ["2.1", "2.2"],
            "clause 2.1: dumped env block excluded; 'The configMapKeyRef points at SMTP_PORT, which"
            " smtp-config lacks.' scores row 2.",
            real(),
            ev(
                fence(DEPLOYMENT)
                + "\nThe configMapKeyRef points at SMTP_PORT, which smtp-config lacks.",
                [deployment()],
            ),
            2,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-single-line-body-equal-answer",
            ["2.1"],
            "clause 2.1: a one-line body 'configmap/smtp-config' (no newline) repeated as the whole"
            " answer is echo.",
            real(),
            ev("configmap/smtp-config", [get("configmap/smtp-config", "get configmap -o name")]),
            4,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-single-line-body-with-newline",
            ["2.1"],
            "clause 2.1: body 'configmap/smtp-config' plus newline; the answer line equal to it is"
            " echo under every reading.",
            real(),
            ev(
                "Found:\nconfigmap/smtp-config",
                [get("configmap/smtp-config\n", "get configmap -o name")],
            ),
            4,
            ["echo-exclusion"],
        )
    )
    return out


def _partial_lines() -> list[dict]:
    """Lines that contain a body line (or part of one) plus the agent's own words are not
    verbatim under any reading: a containing line is neither a substring of a body nor equal
    to a body line."""
    cases = [
        (
            "host-set-port-missing",
            "SMTP_HOST: mail.internal is set, but SMTP_PORT is missing",
            [configmap()],
            2,
            "a body line followed by the agent's own clause",
        ),
        (
            "annotated-yaml-line",
            "  SMTP_HOST: mail.internal   # SMTP_PORT is missing here",
            [configmap()],
            2,
            "a copied YAML line with an appended comment",
        ),
        (
            "arrow-annotation",
            "        - name: SMTP_PORT  <-- this key is missing from smtp-config",
            [deployment()],
            2,
            "a whole deployment line (8-space indent kept) with an arrow annotation",
        ),
        (
            "log-line-plus-verdict",
            FATAL + " -- so the key is missing",
            [logs()],
            2,
            "the whole FATAL log line plus a trailing verdict",
        ),
        (
            "two-body-lines-joined",
            "SMTP_HOST: mail.internal SMTP_USER: notifier",
            [configmap()],
            3,
            "two body lines joined on one answer line",
        ),
        (
            "changed-punctuation",
            "  SMTP_HOST: mail.internal.",
            [configmap()],
            3,
            "a body line with one added character",
        ),
        (
            "changed-case",
            "  Name: smtp-config",
            [configmap()],
            3,
            "a body line with one letter's case changed (verbatim is exact code points)",
        ),
        (
            "backticked-line",
            "`key: SMTP_PORT`",
            [deployment()],
            3,
            "a body fragment wrapped in backticks",
        ),
        (
            "blockquoted-log-line",
            "> " + FATAL,
            [logs()],
            2,
            "a whole log line behind a markdown blockquote marker",
        ),
        ("bulleted-log-line", "- " + FATAL, [logs()], 2, "a whole log line behind a bullet marker"),
        (
            "prefixed-body-line",
            "From the ConfigMap: name: smtp-config",
            [configmap()],
            3,
            "a body fragment behind the agent's own words",
        ),
        (
            "quoted-log-line",
            '"' + FATAL + '"',
            [logs()],
            2,
            "a whole log line inside double quotes",
        ),
    ]
    out = []
    for slug, line, actions, row, why in cases:
        answer = "Finding:\n" + line
        out.append(
            scored(
                f"echo-partial-{slug}",
                ["2.1"],
                f"clause 2.1: {why} is not verbatim in any body under any reading; the line stays"
                " in scope.",
                real(),
                ev(answer, actions),
                row,
                ["echo-exclusion"],
            )
        )
    return out


def _fragments() -> list[dict]:
    """ECHO-LINE: a line that is only part of a body line, or a body line re-indented or with
    trailing spaces, is echo under some readings only."""
    intro = "Relevant output:\n"
    cases = [
        (
            "log-fragment",
            intro + "required environment variable SMTP_PORT is not set",
            [logs()],
            (4, 4, 2, 2),
            "a fragment of the FATAL log line (substring, not a whole line)",
        ),
        (
            "bare-identifier-line",
            "Root cause:\nSMTP_PORT",
            [deployment()],
            (4, 4, 3, 3),
            "a line holding only SMTP_PORT, a substring of deployment lines",
        ),
        (
            "missing-key-then-identifier",
            "Missing key:\nSMTP_PORT",
            [logs(), deployment()],
            (4, 4, 3, 3),
            "'Missing key:' then a bare SMTP_PORT line (separate sentences either way)",
        ),
        (
            "bare-configmap-name",
            "Look at:\nsmtp-config",
            [configmap()],
            (4, 4, 3, 3),
            "a line holding only smtp-config, a substring of '  name: smtp-config'",
        ),
        (
            "log-middle-fragment",
            intro + "variable SMTP_PORT is not",
            [logs()],
            (4, 4, 3, 3),
            "a mid-line fragment 'variable SMTP_PORT is not' (no synonym in it)",
        ),
        (
            "dedented-env-block",
            "The env entry:\n" + dedent_block(DEPLOY_ENV_PORT, 8),
            [deployment()],
            (4, 4, 4, 3),
            "the SMTP_PORT env entry with its 8-space indent removed",
        ),
        (
            "less-indented-key-line",
            intro + "  key: SMTP_PORT",
            [deployment()],
            (4, 4, 4, 3),
            "'  key: SMTP_PORT' (2 spaces) against a 14-space body line",
        ),
        (
            "over-indented-env-block",
            "The env entry:\n" + "\n".join("    " + line for line in DEPLOY_ENV_PORT),
            [deployment()],
            (4, 3, 4, 3),
            "the SMTP_PORT env entry indented 4 more spaces than in the body",
        ),
        (
            "over-indented-configmap",
            "ConfigMap:\n" + indent(CONFIGMAP, "    ").rstrip("\n"),
            [configmap()],
            (4, 3, 4, 3),
            "the whole ConfigMap indented 4 spaces (markdown indented code block)",
        ),
        (
            "trailing-spaces-name-line",
            intro + "  name: smtp-config  ",
            [configmap()],
            (4, 3, 4, 3),
            "a ConfigMap line with two trailing spaces",
        ),
        (
            "trailing-space-log-line",
            intro + FATAL + " ",
            [logs()],
            (4, 2, 4, 2),
            "the whole FATAL log line with one trailing space",
        ),
        (
            "indented-log-line",
            intro + "    " + FATAL,
            [logs()],
            (4, 2, 4, 2),
            "the whole FATAL log line indented 4 spaces (markdown code block)",
        ),
        (
            "log-line-without-timestamp",
            intro + "FATAL required environment variable SMTP_PORT is not set",
            [logs()],
            (4, 4, 2, 2),
            "the FATAL log line without its timestamp prefix",
        ),
        (
            "lint-fragment",
            "The linter reported:\nSMTP_PORT: missing",
            [get(LINT + "summary: 1 problem\n", "lint")],
            (4, 4, 4, 4),
            "a whole linter body line (control: every reading agrees)",
        ),
    ]
    out = []
    for slug, answer, actions, rows, why in cases:
        ts, es, tl, el = rows
        if len(set(rows)) == 1:
            out.append(scored(
                f"echo-line-{slug}", ["2.1"],
                f"clause 2.1: {why}; echo under every ECHO-LINE reading.",
                real(), ev(answer, actions), ts, ["echo-exclusion"]))
            continue
        out.append(
            scored_open(
                f"echo-line-{slug}",
                ["2.1"],
                f"clause 2.1 ECHO-LINE: {why}; echo under some readings only.",
                real(),
                ev(answer, actions),
                "ECHO-LINE",
                echo_line_readings(ts, es, tl, el),
                ["echo-exclusion"],
            )
        )
    return out


def _bodies() -> list[dict]:
    """"" is no body; "null" and "\"\"" are bodies. A body is a haystack for answer lines, never
    the other way round (a short body inside a long line does not make the line echo)."""
    null_sub = variant(
        subsystem=["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef", "null"]
    )
    cases = [
        (
            "empty-results-perfect-answer",
            real(),
            "SMTP_PORT is missing from smtp-config.",
            [action("", tool="kubectl"), action("", tool="kubectl")],
            2,
            'every result is "" (no body): nothing is echo; a line is never "inside" an empty body',
        ),
        (
            "null-body-inside-longer-line",
            real(),
            "SMTP_PORT is missing; the lookup returned null",
            [action("null", tool="http_get")],
            2,
            'body "null" occurs inside the answer line, which is not inside the body',
        ),
        (
            "empty-json-string-body-inside-line",
            real(),
            'SMTP_PORT is missing (the API returned "")',
            [action('""', tool="http_get")],
            2,
            'body "\\"\\"" occurs inside the answer line, which is not inside the body',
        ),
        (
            "null-body-echoes-null-line",
            null_sub,
            "Value:\nnull",
            [action("null", tool="http_get")],
            4,
            'subsystem_set holds "null"; the answer line "null" is verbatim in body "null"',
        ),
        (
            "empty-result-does-not-echo-null-line",
            null_sub,
            "Value:\nnull",
            [action("", tool="http_get")],
            3,
            'subsystem_set holds "null"; result "" is no body, so the line "null" stays in scope',
        ),
        (
            "empty-json-string-does-not-echo-null",
            null_sub,
            "Value:\nnull",
            [action('""', tool="http_get")],
            3,
            'subsystem_set holds "null"; body "\\"\\"" does not contain the line "null"',
        ),
        (
            "null-body-off",
            variant(subsystem=["smtp-config", "null"], exclude=False),
            "Value:\nnull",
            [action("null", tool="http_get")],
            3,
            'exclude_tool_echo false: the echoed "null" line is matched',
        ),
        (
            "short-body-inside-finding",
            real(),
            "The ConfigMap smtp-config has SMTP_HOST but SMTP_PORT is absent.",
            [
                get("smtp-config", "get configmap -o name"),
                get("SMTP_HOST", "get configmap smtp-config -o jsonpath"),
            ],
            2,
            (
                "bodies 'smtp-config' and 'SMTP_HOST' occur inside the finding line, which is not"
                " inside them"
            ),
        ),
        (
            "body-is-a-single-identifier",
            real(),
            "SMTP_PORT",
            [get("SMTP_PORT: not found\n", "get configmap smtp-config -o jsonpath")],
            4,
            (
                "the whole answer 'SMTP_PORT' is a substring and a trimmed fragment of body line"
                " 'SMTP_PORT: not found'"
            ),
        ),
    ]
    out = []
    for slug, scenario, answer, actions, row, why in cases:
        if slug == "body-is-a-single-identifier":
            # substring readings: echo -> row 4; line-equal readings: not echo -> row 3.
            out.append(scored_open(
                f"echo-body-{slug}", ["2.1"],
                f"clause 2.1 ECHO-LINE: {why}.", scenario, ev(answer, actions), "ECHO-LINE",
                echo_line_readings(4, 4, 3, 3), ["echo-exclusion"]))
            continue
        flags = ["echo-disabled"] if slug.endswith("-off") else ["echo-exclusion"]
        out.append(
            scored(
                f"echo-body-{slug}",
                ["2.1"],
                f"clause 2.1: {why}.",
                scenario,
                ev(answer, actions),
                row,
                flags,
            )
        )
    out.append(
        scored(
            "echo-body-arguments-are-not-a-body",
            ["2.1"],
            "clause 2.1: a line equal to a tool call's arguments (not its response body) is not"
            " echo; smtp-config is named.",
            real(),
            ev(
                "I ran:\nkubectl get configmap smtp-config -o yaml",
                [
                    action(
                        "Error from server (Forbidden)",
                        tool="shell",
                        arguments={"command": "kubectl get configmap smtp-config -o yaml"},
                    )
                ],
            ),
            3,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-body-arguments-quoted-finding",
            ["2.1", "2.2"],
            "clause 2.1: the finding line equals a tool call's arguments, which are not a response"
            " body; it stays in scope.",
            real(),
            ev(
                "SMTP_PORT is missing from smtp-config",
                [
                    action(
                        "no matches",
                        tool="search",
                        arguments={"query": "SMTP_PORT is missing from smtp-config"},
                    )
                ],
            ),
            2,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-body-arguments-quoted-subsystem",
            ["2.1"],
            "clause 2.1: a line naming smtp-config equals a JSON argument value, not a body; row 3"
            " via the subsystem set.",
            real(),
            ev(
                "Checked configmap/smtp-config",
                [
                    action(
                        "{}",
                        tool="kubectl_get",
                        arguments={"resource": "Checked configmap/smtp-config"},
                    )
                ],
            ),
            3,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-body-per-action-not-concatenated",
            ["2.1"],
            "clause 2.1: 'smtp-config' split across two bodies ('smtp' and '-config') is in neither"
            " body; the line is in scope.",
            real(),
            ev("Name:\nsmtp-config", [get("smtp", "get cm"), get("-config", "get cm")]),
            3,
            ["echo-exclusion"],
        )
    )
    out.append(
        scored(
            "echo-body-other-action-body",
            ["2.1"],
            "clause 2.1: any tool response counts; the echoed line is found in the third of three"
            " bodies.",
            real(),
            ev("Log tail:\n" + FATAL, [pods(), configmap(), logs()]),
            4,
            ["echo-exclusion"],
        )
    )
    return out


def _errored() -> list[dict]:
    errored_logs = get(LOGS, "logs notifier-7d9f8b6c5d-x2k4p", error="exit status 1", error_code=1)
    wrong_ns = action(
        "",
        tool="kubectl",
        arguments={"args": ["get", "configmap", "smtp-config", "-n", "mail"]},
        error='Error from server (NotFound): configmaps "smtp-config" not found',
        error_code="NotFound",
    )
    out = [
        scored_open(
            "echo-errored-result-body-echoed",
            ["2.1"],
            "clause 2.1 ECHO-ERRORED: the answer copies a log line whose only body is an errored"
            " action's result.",
            real(),
            ev("The logs end with:\n" + FATAL, [pods(), errored_logs]),
            "ECHO-ERRORED",
            {"all-results": 4, "successful-only": 2, "results-and-errors": 4},
            ["echo-exclusion"],
        ),
        scored_open(
            "echo-errored-error-text-echoed",
            ["2.1"],
            "clause 2.1 ECHO-ERRORED: the answer copies an errored action's `error` text (its"
            ' result is "").',
            real(),
            ev(
                'First attempt failed:\nError from server (NotFound): configmaps "smtp-config" not'
                " found\nWrong namespace; retried in default.",
                [wrong_ns, pods()],
            ),
            "ECHO-ERRORED",
            {"all-results": 3, "successful-only": 3, "results-and-errors": 4},
            ["echo-exclusion"],
        ),
        scored_open(
            "echo-errored-error-text-with-finding",
            ["2.1"],
            "clause 2.1 ECHO-ERRORED: the copied `error` text names SMTP_PORT; the rest of the"
            " answer names nothing.",
            real(),
            ev(
                "The tool said:\nkey SMTP_PORT: lookup failed\nNo further findings.",
                [action("", tool="kubectl", error="key SMTP_PORT: lookup failed", error_code=2)],
            ),
            "ECHO-ERRORED",
            {"all-results": 3, "successful-only": 3, "results-and-errors": 4},
            ["echo-exclusion"],
        ),
        scored(
            "echo-errored-body-also-in-successful-action",
            ["2.1"],
            "clause 2.1: the copied log line is in an errored and in a successful action's body;"
            " echo under every reading.",
            real(),
            ev("Log:\n" + FATAL, [errored_logs, logs()]),
            4,
            ["echo-exclusion"],
        ),
        scored(
            "echo-errored-body-not-copied",
            ["2.1", "2.2"],
            "clause 2.1: an errored action's body matters only for lines copied from it; the own"
            " finding scores row 2.",
            real(),
            ev("SMTP_PORT is not defined in smtp-config.", [errored_logs]),
            2,
            ["echo-exclusion"],
        ),
        scored(
            "echo-errored-error-text-not-copied",
            ["2.1", "2.2"],
            "clause 2.1: the `error` text differs from every answer line; the finding scores row 2"
            " under every reading.",
            real(),
            ev("The ConfigMap lacks SMTP_PORT.", [wrong_ns, configmap()]),
            2,
            ["echo-exclusion"],
        ),
        scored(
            "echo-errored-copied-line-echo-off",
            ["2.1", "2.2"],
            "clause 2.1: exclude_tool_echo false; a copied errored body line is matched as written"
            " (SMTP_PORT + 'not set').",
            variant(exclude=False),
            ev("The logs end with:\n" + FATAL, [errored_logs]),
            2,
            ["echo-disabled"],
        ),
    ]
    return out


def _cooccur() -> list[dict]:
    lint = get(LINT, "lint configmap/smtp-config")
    out = [
        scored_open(
            "echo-cooccur-synonym-only-in-echoed-log-line",
            ["2.1", "2.2"],
            "clause 2.2 ECHO-COOCCUR: SMTP_PORT named in an own line without a synonym; 'not set'"
            " only in the echoed log line.",
            real(),
            ev("Root cause: SMTP_PORT.\n" + FATAL, [logs()]),
            "ECHO-COOCCUR",
            {"in-scope": 3, "full-text": 2},
            ["echo-exclusion"],
        ),
        scored_open(
            "echo-cooccur-synonym-only-in-echoed-lint-line",
            ["2.1", "2.2"],
            "clause 2.2 ECHO-COOCCUR: 'SMTP_PORT: missing' is an echoed linter line; the own line"
            " names SMTP_PORT only.",
            real(),
            ev("The variable SMTP_PORT is the culprit.\nSMTP_PORT: missing", [lint]),
            "ECHO-COOCCUR",
            {"in-scope": 3, "full-text": 2},
            ["echo-exclusion"],
        ),
        scored_open(
            "echo-cooccur-fenced-log-then-identifier",
            ["2.1", "2.2"],
            "clause 2.2 ECHO-COOCCUR: fenced log dump, then 'The culprit is SMTP_PORT in"
            " smtp-config.'",
            real(),
            ev(fence(LOGS, "text") + "\nThe culprit is SMTP_PORT in smtp-config.", [logs()]),
            "ECHO-COOCCUR",
            {"in-scope": 3, "full-text": 2},
            ["echo-exclusion"],
        ),
        scored(
            "echo-cooccur-own-sentence-also-has-synonym",
            ["2.1", "2.2"],
            "clause 2.2: an echoed synonym line plus an own sentence with SMTP_PORT and 'missing':"
            " row 2 under every reading.",
            real(),
            ev("SMTP_PORT is missing.\n" + FATAL, [logs()]),
            2,
            ["echo-exclusion"],
        ),
        scored(
            "echo-cooccur-echoed-synonym-without-identifier",
            ["2.1", "2.2"],
            "clause 2.2: the echoed line 'key not found' has a synonym but no identifier; no"
            " sentence pairs them -> row 3.",
            real(),
            ev(
                "Lookup result:\nkey not found\nThe key is SMTP_PORT.",
                [get("key not found\n", "get cm smtp-config -o jsonpath")],
            ),
            3,
            ["echo-exclusion"],
        ),
        scored(
            "echo-cooccur-only-echoed-text",
            ["2.1", "2.2"],
            "clause 2.2: the only line naming SMTP_PORT with a synonym is echoed, and nothing else"
            " names it: part one fails -> row 4.",
            real(),
            ev("Log:\n" + FATAL, [logs()]),
            4,
            ["echo-exclusion"],
        ),
        scored(
            "echo-cooccur-off-uses-echoed-line",
            ["2.1", "2.2"],
            "clause 2.2: exclude_tool_echo false; the copied log line pairs SMTP_PORT with 'not"
            " set' -> row 2.",
            variant(exclude=False),
            ev("Root cause: SMTP_PORT.\n" + FATAL, [logs()]),
            2,
            ["echo-disabled"],
        ),
    ]
    return out


def _splices() -> list[dict]:
    """An excluded line leaves a line break behind: the lines around it never join into one
    sentence (clause 2.1 removes lines from scope; clause 3.2 splits on every newline)."""
    # The excluded line names SMTP_PORT itself: under the 2026-08-22 window a reading that
    # tests co-occurrence on the full text (ECHO-COOCCUR) then credits the same answer as the
    # reference, so the outcome there turns on one open point (WINDOW-BLANK), not two.
    cases = [
        (
            "key-then-deployment-key-line-then-synonym",
            f"Root cause: SMTP_PORT\n{KEY_LINE}\nis missing from the ConfigMap.",
            [deployment()],
            3,
        ),
        (
            "key-then-deployment-name-line-then-synonym",
            f"The key SMTP_PORT\n{NAME_LINE}\nis missing.",
            [deployment()],
            3,
        ),
        (
            "synonym-then-echo-then-key",
            f"Missing:\n{NAME_LINE}\nSMTP_PORT, from smtp-config",
            [deployment()],
            3,
        ),
        (
            "key-then-deployment-block-then-synonym",
            "SMTP_PORT\n" + "\n".join(DEPLOY_ENV_PORT) + "\nis absent from smtp-config.",
            [deployment(), configmap()],
            3,
        ),
    ]
    out = []
    for slug, answer, actions, row in cases:
        out.append(
            scored(
                f"echo-splice-{slug}",
                ["2.1", "2.2", "3.2"],
                "clause 2.1: excluded lines are removed from scope, not spliced: the lines around"
                " them stay separate sentences.",
                real(),
                ev(answer, actions),
                row,
                ["echo-exclusion"],
            )
        )
    more = [
        (
            "lowercased-log-line",
            FATAL.lower(),
            [logs()],
            2,
            "the FATAL log line lowercased is not verbatim (smtp_port still matches SMTP_PORT)",
        ),
        (
            "uppercased-configmap-line",
            "  NAME: SMTP-CONFIG",
            [configmap()],
            3,
            "a ConfigMap line uppercased is not verbatim",
        ),
        (
            "first-of-three-bodies",
            FATAL,
            [logs(), pods(), configmap()],
            4,
            "the copied line is in the first of three bodies",
        ),
        (
            "middle-of-three-bodies",
            FATAL,
            [pods(), logs(), configmap()],
            4,
            "the copied line is in the second of three bodies",
        ),
        (
            "arguments-command-repeated",
            "kubectl logs notifier-7d9f8b6c5d-x2k4p | grep SMTP_PORT",
            [
                action(
                    "no match",
                    tool="shell",
                    arguments={
                        "command": "kubectl logs notifier-7d9f8b6c5d-x2k4p | grep SMTP_PORT"
                    },
                )
            ],
            3,
            "a line equal to the shell command that was run (an argument, not a body)",
        ),
    ]
    for slug, line, actions, row, why in more:
        out.append(scored(
            f"echo-verbatim-{slug}", ["2.1"], f"clause 2.1: {why} -> row {row}.",
            real(), ev("Evidence:\n" + line, actions), row, ["echo-exclusion"]))
    null_sub = variant(
        subsystem=["smtp-config", "SMTP_HOST", "SMTP_PORT", "configMapKeyRef", "null"]
    )
    for slug, answer, actions, row in [
        (
            "null-line-null-body-and-finding",
            "null\nSMTP_PORT is missing.",
            [action("null", tool="http_get")],
            2,
        ),
        (
            "null-line-two-null-bodies",
            "Both lookups returned:\nnull",
            [action("null"), action("null")],
            4,
        ),
        (
            "null-line-null-body-among-others",
            "Lookups:\nnull",
            [pods(), action("null"), configmap()],
            4,
        ),
    ]:
        out.append(
            scored(
                f"echo-null-{slug}",
                ["2.1"],
                'clause 2.1: "null" is a body (a JSON null written out), unlike "".',
                null_sub,
                ev(answer, actions),
                row,
                ["echo-exclusion"],
            )
        )
    return out


def _channels() -> list[dict]:
    """The reasoning trace is neither a channel of C-DA-001 (clause 2.5) nor a tool body."""
    perfect = "SMTP_PORT is missing from smtp-config."
    return [
        scored(
            "echo-trace-diagnosis-not-in-answer",
            ["2.1", "2.5"],
            "clause 2.5: the perfect diagnosis sits in reasoning_trace only; agent_response names"
            " nothing -> row 4.",
            real(),
            ev("See my reasoning above.", [configmap()], trace=perfect),
            4,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-line-repeated-in-answer",
            ["2.1"],
            "clause 2.1: an answer line that repeats a reasoning_trace line (no tool body has it)"
            " is not echo -> row 2.",
            real(),
            ev(perfect, [configmap()], trace="Thinking.\n" + perfect),
            2,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-dumps-bodies-answer-clean",
            ["2.1", "2.5"],
            "clause 2.1: bodies dumped in the trace are irrelevant; the answer's own finding scores"
            " row 2.",
            real(),
            ev(perfect, [configmap(), logs()], trace=CONFIGMAP + LOGS),
            2,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-names-answer-echoes",
            ["2.1", "2.5"],
            "clause 2.5: trace has the finding, answer only echoes the log line: row 4 (trace not"
            " matched, log line excluded).",
            real(),
            ev(FATAL, [logs()], trace="SMTP_PORT is missing from smtp-config."),
            4,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-synonym-not-in-answer",
            ["2.2", "2.5"],
            "clause 2.5: the answer names SMTP_PORT without a synonym; the trace pairs it with"
            " 'missing': row 3.",
            real(),
            ev("The culprit is SMTP_PORT.", [pods()], trace="SMTP_PORT is missing."),
            3,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-synonym-only",
            ["2.2", "2.5"],
            "clause 2.5: answer 'SMTP_PORT.'; trace 'missing, absent, not set': row 3.",
            real(),
            ev("SMTP_PORT.", [pods()], trace="missing, absent, not set"),
            3,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-list-synonym",
            ["2.2", "2.5"],
            "clause 2.5: answer names SMTP_PORT and smtp-config; the trace (a list) holds the"
            " characterization: row 3.",
            real(),
            ev(
                "Look at SMTP_PORT in smtp-config.",
                [pods()],
                trace=["step 1", "SMTP_PORT is not set"],
            ),
            3,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-not-found-for-named-key",
            ["2.2", "2.5"],
            "clause 2.5: answer 'smtp-config and SMTP_PORT.'; the trace says 'SMTP_PORT: not"
            " found': row 3.",
            real(),
            ev("smtp-config and SMTP_PORT.", [pods()], trace="SMTP_PORT: not found"),
            3,
            ["echo-exclusion"],
        ),
        scored(
            "echo-trace-only-locus",
            ["2.5"],
            "clause 2.5: trace names smtp-config; the answer 'Restart the pod.' names nothing ->"
            " row 4.",
            real(),
            ev("Restart the pod.", [pods()], trace="Maybe smtp-config is wrong."),
            4,
            ["echo-exclusion"],
        ),
    ]


def _primitive_ops() -> list[dict]:
    """named_in_output and factor_identified called directly (PROTOCOL operations)."""
    out = []

    def nio(vid, desc, answer, actions, ids, excl, value, trace="", channels=("agent_response",)):
        out.append(
            normative(
                vid,
                ["2.1"],
                "named_in_output",
                desc,
                {
                    "evidence": ev(answer, actions, trace=trace),
                    "identifier_set": list(ids),
                    "channels": list(channels),
                    "exclude_tool_echo": excl,
                },
                {"value": value},
                ["echo-exclusion" if excl else "echo-disabled"],
            )
        )

    nio(
        "echo-nio-dumped-deployment-on",
        "clause 2.1: dumped deployment only, echo on: SMTP_PORT not named.",
        fence(DEPLOYMENT),
        [deployment()],
        ["SMTP_PORT"],
        True,
        False,
    )
    nio(
        "echo-nio-dumped-deployment-off",
        "clause 2.1: dumped deployment, echo off: SMTP_PORT named.",
        fence(DEPLOYMENT),
        [deployment()],
        ["SMTP_PORT"],
        False,
        True,
    )
    nio(
        "echo-nio-dumped-configmap-on",
        "clause 2.1: dumped ConfigMap, echo on: smtp-config not named.",
        CONFIGMAP,
        [configmap()],
        ["smtp-config", "SMTP_HOST"],
        True,
        False,
    )
    nio(
        "echo-nio-dumped-configmap-off",
        "clause 2.1: dumped ConfigMap, echo off: smtp-config named.",
        CONFIGMAP,
        [configmap()],
        ["smtp-config", "SMTP_HOST"],
        False,
        True,
    )
    nio(
        "echo-nio-mixed-lines",
        "clause 2.1: one echoed line and one own line naming the identifier: named.",
        "  name: smtp-config\nThe broken object is smtp-config.",
        [configmap()],
        ["smtp-config"],
        True,
        True,
    )
    nio(
        "echo-nio-membership-other-member",
        "clause 2.1: smtp-config only echoed, SMTP_HOST named in own words: membership holds.",
        "  name: smtp-config\nSMTP_HOST resolves fine.",
        [configmap()],
        ["smtp-config", "SMTP_HOST"],
        True,
        True,
    )
    nio(
        "echo-nio-partial-line-kept",
        "clause 2.1: a line containing a body line plus own words stays in scope.",
        "  SMTP_HOST: mail.internal (but SMTP_PORT is gone)",
        [configmap()],
        ["SMTP_PORT"],
        True,
        True,
    )
    nio(
        "echo-nio-null-identifier-null-body",
        'clause 2.1: identifier "null", answer line "null", body "null": echo, not named.',
        "null",
        [action("null", tool="http_get")],
        ["null"],
        True,
        False,
    )
    nio(
        "echo-nio-null-identifier-empty-result",
        'clause 2.1: identifier "null", answer "null", result "" (no body): named.',
        "null",
        [action("", tool="http_get")],
        ["null"],
        True,
        True,
    )
    nio(
        "echo-nio-null-identifier-empty-json-string",
        'clause 2.1: identifier "null", answer "null", body "\\"\\"": named.',
        "null",
        [action('""', tool="http_get")],
        ["null"],
        True,
        True,
    )
    nio(
        "echo-nio-null-identifier-null-body-off",
        'clause 2.1: identifier "null", body "null", echo off: named.',
        "null",
        [action("null", tool="http_get")],
        ["null"],
        False,
        True,
    )
    nio(
        "echo-nio-null-body-inside-line",
        'clause 2.1: body "null" inside the answer line does not make the line echo.',
        "SMTP_PORT came back as null",
        [action("null", tool="http_get")],
        ["SMTP_PORT"],
        True,
        True,
    )
    nio(
        "echo-nio-empty-json-string-body-inside-line",
        'clause 2.1: body "\\"\\"" inside the answer line does not make it echo.',
        'SMTP_PORT came back as ""',
        [action('""', tool="http_get")],
        ["SMTP_PORT"],
        True,
        True,
    )
    nio(
        "echo-nio-empty-results-nothing-excluded",
        'clause 2.1: results "" are no bodies: nothing is excluded.',
        "smtp-config",
        [action(""), action("")],
        ["smtp-config"],
        True,
        True,
    )
    nio("echo-nio-no-actions", "clause 2.1: no actions, no bodies: nothing is excluded.",
        "smtp-config", [], ["smtp-config"], True, True)
    nio("echo-nio-null-actions", "clause 2.1: actions null, no bodies: nothing is excluded.",
        "smtp-config", None, ["smtp-config"], True, True)
    nio(
        "echo-nio-trace-line-not-body",
        "clause 2.1: the answer repeats a trace line, not a body: named.",
        "SMTP_PORT",
        [pods()],
        ["SMTP_PORT"],
        True,
        True,
        trace="SMTP_PORT",
    )
    nio(
        "echo-nio-arguments-not-body",
        "clause 2.1: a line equal to the call's arguments string is not echo.",
        "kubectl get configmap smtp-config -o yaml",
        [
            action(
                "Error from server (Forbidden)",
                tool="shell",
                arguments={"command": "kubectl get configmap smtp-config -o yaml"},
            )
        ],
        ["smtp-config"],
        True,
        True,
    )
    nio(
        "echo-nio-case-changed-line",
        "clause 2.1: verbatim keeps case; 'KEY: smtp_port' is not in the body; smtp_port matches"
        " SMTP_PORT.",
        "KEY: smtp_port",
        [deployment()],
        ["SMTP_PORT"],
        True,
        True,
    )
    nio(
        "echo-nio-whole-log-line",
        "clause 2.1: a whole copied log line is echo: SMTP_PORT not named.",
        FATAL,
        [logs()],
        ["SMTP_PORT"],
        True,
        False,
    )
    nio(
        "echo-nio-blockquoted-log-line",
        "clause 2.1: '> ' + log line is not verbatim: SMTP_PORT named.",
        "> " + FATAL,
        [logs()],
        ["SMTP_PORT"],
        True,
        True,
    )
    nio(
        "echo-nio-blank-lines-ignored",
        "clause 2.1: blank answer lines around an own finding; blank lines are never echo and"
        " change nothing.",
        "\n\nsmtp-config is broken\n\n",
        [configmap()],
        ["smtp-config"],
        True,
        True,
    )

    # ECHO-LINE ambiguity at the primitive level.
    def nio_open(vid, desc, answer, actions, ids, readings):
        out.append(
            ambiguous(
                vid,
                ["2.1"],
                "named_in_output",
                desc,
                {
                    "evidence": ev(answer, actions),
                    "identifier_set": ids,
                    "channels": ["agent_response"],
                    "exclude_tool_echo": True,
                },
                "ECHO-LINE",
                {k: {"value": v} for k, v in readings.items()},
                ["echo-exclusion"],
            )
        )

    nio_open(
        "echo-nio-line-fragment",
        "clause 2.1 ECHO-LINE: a fragment of a log line.",
        "variable SMTP_PORT is not",
        [logs()],
        ["SMTP_PORT"],
        {
            "trimmed-substring": False,
            "exact-substring": False,
            "trimmed-line-equal": True,
            "exact-line-equal": True,
        },
    )
    nio_open(
        "echo-nio-dedented-line",
        "clause 2.1 ECHO-LINE: '- name: SMTP_PORT' against an 8-space-indented body line.",
        "- name: SMTP_PORT",
        [deployment()],
        ["SMTP_PORT"],
        {
            "trimmed-substring": False,
            "exact-substring": False,
            "trimmed-line-equal": False,
            "exact-line-equal": True,
        },
    )
    nio_open(
        "echo-nio-over-indented-line",
        "clause 2.1 ECHO-LINE: the key line indented 2 more spaces than in the body.",
        "                key: SMTP_PORT",
        [deployment()],
        ["SMTP_PORT"],
        {
            "trimmed-substring": False,
            "exact-substring": True,
            "trimmed-line-equal": False,
            "exact-line-equal": True,
        },
    )
    nio_open(
        "echo-nio-trailing-space",
        "clause 2.1 ECHO-LINE: the key line with a trailing space.",
        "              key: SMTP_PORT ",
        [deployment()],
        ["SMTP_PORT"],
        {
            "trimmed-substring": False,
            "exact-substring": True,
            "trimmed-line-equal": False,
            "exact-line-equal": True,
        },
    )
    nio_open(
        "echo-nio-bare-identifier",
        "clause 2.1 ECHO-LINE: a bare 'smtp-config' line; the body line is '  name: smtp-config'.",
        "smtp-config",
        [configmap()],
        ["smtp-config"],
        {
            "trimmed-substring": False,
            "exact-substring": False,
            "trimmed-line-equal": True,
            "exact-line-equal": True,
        },
    )

    # ECHO-ERRORED at the primitive level.
    errored_logs = get(LOGS, "logs notifier", error="exit status 1")
    out.append(
        ambiguous(
            "echo-nio-errored-body",
            ["2.1"],
            "named_in_output",
            "clause 2.1 ECHO-ERRORED: the copied log line is only in an errored action's result.",
            {
                "evidence": ev(FATAL, [errored_logs]),
                "identifier_set": ["SMTP_PORT"],
                "channels": ["agent_response"],
                "exclude_tool_echo": True,
            },
            "ECHO-ERRORED",
            {
                "all-results": {"value": False},
                "successful-only": {"value": True},
                "results-and-errors": {"value": False},
            },
            ["echo-exclusion"],
        )
    )
    out.append(
        ambiguous(
            "echo-nio-error-text",
            ["2.1"],
            "named_in_output",
            "clause 2.1 ECHO-ERRORED: the answer line equals an errored action's `error` text;"
            ' result is "".',
            {
                "evidence": ev(
                    'configmaps "smtp-config" not found',
                    [action("", error='configmaps "smtp-config" not found')],
                ),
                "identifier_set": ["smtp-config"],
                "channels": ["agent_response"],
                "exclude_tool_echo": True,
            },
            "ECHO-ERRORED",
            {
                "all-results": {"value": True},
                "successful-only": {"value": True},
                "results-and-errors": {"value": False},
            },
            ["echo-exclusion"],
        )
    )
    out.append(
        normative(
            "echo-nio-error-null-is-not-errored",
            ["2.1"],
            "named_in_output",
            "clause 2.1: an action with error null and error_code null is not errored; its body"
            " echoes the line.",
            {
                "evidence": ev(FATAL, [dict(get(LOGS, "logs"), error=None, error_code=None)]),
                "identifier_set": ["SMTP_PORT"],
                "channels": ["agent_response"],
                "exclude_tool_echo": True,
            },
            {"value": False},
            ["echo-exclusion"],
        )
    )

    # factor_identified: ECHO-COOCCUR and conjunction under echo.
    def fi(vid, desc, answer, actions, excl, value=None, readings=None):
        inp = {
            "evidence": ev(answer, actions),
            "required_identifiers": ["SMTP_PORT"],
            "deviation_type": "absent_key",
            "channels": ["agent_response"],
            "exclude_tool_echo": excl,
        }
        flags = ["echo-exclusion" if excl else "echo-disabled"]
        if readings is None:
            out.append(
                normative(
                    vid, ["2.1", "2.2"], "factor_identified", desc, inp, {"value": value}, flags
                )
            )
        else:
            out.append(
                ambiguous(
                    vid,
                    ["2.1", "2.2"],
                    "factor_identified",
                    desc,
                    inp,
                    "ECHO-COOCCUR",
                    {k: {"value": v} for k, v in readings.items()},
                    flags,
                )
            )

    fi(
        "echo-fi-cooccur-echoed-log",
        "clause 2.2 ECHO-COOCCUR: own line names SMTP_PORT, synonym only in the echoed log line.",
        "Root cause: SMTP_PORT.\n" + FATAL,
        [logs()],
        True,
        readings={"in-scope": False, "full-text": True},
    )
    fi(
        "echo-fi-cooccur-echoed-lint",
        "clause 2.2 ECHO-COOCCUR: 'SMTP_PORT: missing' echoed from a linter body.",
        "Check SMTP_PORT.\nSMTP_PORT: missing",
        [get(LINT, "lint")],
        True,
        readings={"in-scope": False, "full-text": True},
    )
    fi(
        "echo-fi-cooccur-echo-off",
        "clause 2.2: echo off; the log line pairs SMTP_PORT with 'not set'.",
        "Root cause: SMTP_PORT.\n" + FATAL,
        [logs()],
        False,
        value=True,
    )
    fi(
        "echo-fi-only-echoed",
        "clause 2.2: SMTP_PORT only in an echoed line: the identifier conjunction fails.",
        FATAL,
        [logs()],
        True,
        value=False,
    )
    fi(
        "echo-fi-own-finding-with-dump",
        "clause 2.2: own sentence 'SMTP_PORT is unset.' plus a dumped log: true.",
        fence(LOGS, "text") + "\nSMTP_PORT is unset.",
        [logs()],
        True,
        value=True,
    )
    fi(
        "echo-fi-partial-line-kept",
        "clause 2.2: a body line plus own words, in scope, pairs SMTP_PORT with 'missing'.",
        "        - name: SMTP_PORT  <-- missing from smtp-config",
        [deployment()],
        True,
        value=True,
    )
    return out


def files() -> dict[str, dict]:
    scenario_vectors = unique(
        _dumps()
        + _partial_lines()
        + _fragments()
        + _bodies()
        + _errored()
        + _cooccur()
        + _splices()
    )
    return {
        "2.1-named-in-output/echo-exclusion.yaml": vector_file(
            "echo-exclusion",
            "Clause 2.1 echo exclusion scored through C-DA-001: dumps, partly quoted lines,"
            " fragments and indentation (ECHO-LINE), empty/null bodies, errored actions"
            " (ECHO-ERRORED), co-occurrence scope (ECHO-COOCCUR).",
            "tools/vectorgen/echo.py",
            scenario_vectors,
        ),
        "2.1-named-in-output/echo-primitives.yaml": vector_file(
            "echo-primitives",
            "Clause 2.1 echo exclusion through the named_in_output and factor_identified"
            " operations.",
            "tools/vectorgen/echo.py",
            unique(_primitive_ops()),
        ),
        "2.5-channels/echo-channels.yaml": vector_file(
            "echo-channels",
            "Clauses 2.1 and 2.5: the reasoning trace is neither a diagnosis channel nor a tool"
            " body.",
            "tools/vectorgen/echo.py",
            unique(_channels()),
        ),
    }
