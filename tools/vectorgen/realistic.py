"""Realistic agent answers scored through C-DA-001 with realistic tool bodies: markdown
headings, bullets, tables, code fences, quoted YAML and JSON, multi-paragraph explanations.

Rules applied by hand to every case (the expected row is written per case):
- clause 3.2: a sentence ends at every newline and at . ! ? followed by whitespace or end of
  text, so a markdown table row or a bullet is at most one line, a heading is its own sentence,
  and "i.e. " / "e.g. " / "1. " end a sentence; a semicolon or a colon does not.
- clause 3.1: identifiers are delimited by characters outside [A-Za-z0-9_-]: backticks, `*`,
  `|`, `$`, `.`, `/`, quotes, `<`, non-ASCII bullets and dashes delimit; `-` and `_` do not
  (SMTP_PORT-related does not name SMTP_PORT).
- clause 2.1: lines copied whole from a tool body (original indentation) are echo and out of
  scope; lines with any added text are in scope.
- clause 2.2: row 2 needs a sentence holding SMTP_PORT and an absent_key synonym; negation and
  hedging are not understood (the predicate is literal, by design).
"""

from tools.vectorgen._scenario_kit import (
    CONFIGMAP,
    DEPLOYMENT,
    LOGS,
    action,
    configmap,
    deployment,
    describe,
    echo_line_readings,
    ev,
    get,
    investigation,
    logs,
    pods,
    quiet,
    real,
    scored,
    scored_open,
    unique,
)
from tools.vectorgen.common import vector_file

FLAGS = {
    "realistic": (
        "A realistic agent answer (markdown, tables, fences, quoted YAML/JSON) with realistic"
        " kubectl bodies."
    ),
}

FATAL = LOGS.splitlines()[2]
DESCRIBE_EVENT = (
    "  Warning  BackOff  12s (x4 over 51s)  kubelet  Back-off restarting failed container notifier"
)

#: (slug, answer, actions factory or None for the full investigation, row, why)
CASES = [
    (
        "markdown-diagnosis-and-fix",
        (
            "## Diagnosis\n\nThe `notifier` pod is in CrashLoopBackOff because the ConfigMap"
            " `smtp-config` lacks the key `SMTP_PORT`.\n\n## Fix\n\n```bash\nkubectl patch"
            ' configmap smtp-config -p \'{"data":{"SMTP_PORT":"587"}}\'\nkubectl rollout restart'
            " deployment/notifier\n```"
        ),
        None,
        2,
        "heading, paragraph naming the key with 'lacks', fenced fix commands",
    ),
    (
        "heading-names-key-paragraph-says-missing",
        (
            "## Root cause: SMTP_PORT\n\nThe key is missing from the ConfigMap, so the app exits on"
            " startup."
        ),
        None,
        3,
        (
            "the heading names SMTP_PORT, the next paragraph says missing without it: different"
            " sentences"
        ),
    ),
    (
        "bullets-bold-key-missing",
        (
            "Findings:\n- Pod `notifier-7d9f8b6c5d-x2k4p` is crash-looping.\n- **SMTP_PORT**:"
            " missing from `smtp-config`.\n- SMTP_HOST is present."
        ),
        None,
        2,
        "a bullet '**SMTP_PORT**: missing from `smtp-config`.' is one sentence",
    ),
    (
        "table-key-status",
        "| Key | Status |\n|---|---|\n| SMTP_HOST | present |\n| SMTP_PORT | missing |",
        None,
        2,
        "a table row '| SMTP_PORT | missing |' is one line, one sentence",
    ),
    (
        "table-value-none-then-prose",
        (
            "| Key | Value |\n|---|---|\n| SMTP_HOST | mail.internal |\n| SMTP_PORT | (none)"
            " |\n\nOne key is missing."
        ),
        None,
        3,
        "the row naming SMTP_PORT has no synonym; 'One key is missing.' names no identifier",
    ),
    (
        "table-expected-actual",
        (
            "| Key | Expected | Actual |\n|-----|----------|--------|\n| SMTP_HOST | set |"
            " mail.internal |\n| SMTP_PORT | set | not set |"
        ),
        None,
        2,
        "the SMTP_PORT row holds 'not set'",
    ),
    (
        "table-transposed",
        "| SMTP_PORT | SMTP_HOST |\n|---|---|\n| missing | mail.internal |",
        None,
        3,
        "a transposed table: SMTP_PORT in the header line, 'missing' in the next line",
    ),
    (
        "table-backticks-bold",
        "| Check | Result |\n|---|---|\n| `SMTP_PORT` in `smtp-config` | **absent** |",
        None,
        2,
        "backticks and bold delimit; one row",
    ),
    (
        "fenced-env-then-ie",
        "The deployment reads the port from the ConfigMap:\n\n```yaml\n"
        + "\n".join(DEPLOYMENT.splitlines()[24:29])
        + "\n```\n\nbut `smtp-config` has no `SMTP_PORT` entry, i.e. the key does not exist.",
        [deployment(), configmap()],
        3,
        (
            "copied env lines are echo; 'i.e. ' ends the sentence naming SMTP_PORT before 'does not"
            " exist'"
        ),
    ),
    (
        "fenced-env-then-colon",
        "The deployment reads the port from the ConfigMap:\n\n```yaml\n"
        + "\n".join(DEPLOYMENT.splitlines()[24:29])
        + "\n```\n\nbut `smtp-config` has no `SMTP_PORT` entry: the key does not exist.",
        [deployment(), configmap()],
        2,
        "a colon does not end the sentence",
    ),
    (
        "json-snippet-then-absent",
        (
            '`kubectl get cm smtp-config -o json` shows:\n\n```json\n"data": {\n    "SMTP_HOST":'
            ' "mail.internal",\n    "SMTP_USER": "notifier"\n}\n```\n\n`SMTP_PORT` is absent from'
            " `data`."
        ),
        [
            get(
                '{\n    "apiVersion": "v1",\n    "data": {\n        "SMTP_HOST": "mail.internal",\n'
                '        "SMTP_USER": "notifier"\n    },\n    "kind": "ConfigMap"\n}\n',
                "get cm smtp-config -o json",
            )
        ],
        2,
        "a re-indented JSON excerpt, then the finding",
    ),
    (
        "quoted-configmap-then-hedge",
        (
            "Current ConfigMap data:\n\n```yaml\ndata:\n  SMTP_HOST: mail.internal\n  SMTP_USER:"
            " notifier\n```\n\nThe port setting seems to be the problem."
        ),
        [configmap()],
        4,
        "all copied lines are echo; the hedge names no identifier",
    ),
    (
        "multi-paragraph-walkthrough",
        (
            "I started with the pods: `notifier-7d9f8b6c5d-x2k4p` is in CrashLoopBackOff with 5"
            " restarts.\n\nThe logs show the process exiting right after it loads its mail"
            " settings. Looking at the deployment, the container takes SMTP_HOST and SMTP_PORT from"
            " the ConfigMap smtp-config via configMapKeyRef.\n\nThe ConfigMap has SMTP_HOST and"
            " SMTP_USER, but SMTP_PORT is not present. That missing key is the root cause.\n\nFix:"
            " add SMTP_PORT (587) to smtp-config and restart the deployment."
        ),
        None,
        2,
        "'..., but SMTP_PORT is not present.' is one sentence",
    ),
    (
        "multi-paragraph-synonym-next-sentence",
        (
            "I started with the pods: `notifier-7d9f8b6c5d-x2k4p` is in CrashLoopBackOff.\n\nThe"
            " ConfigMap has SMTP_HOST and SMTP_USER, but not SMTP_PORT. That key is missing, which"
            " is the root cause.\n\nFix: add it to smtp-config."
        ),
        None,
        3,
        "SMTP_PORT and 'missing' are in consecutive sentences, never one",
    ),
    (
        "pronoun-next-sentence",
        "SMTP_PORT is referenced by the deployment. It isn't defined in the ConfigMap.",
        None,
        3,
        "the key and the (non-list) wording 'isn't defined' are in different sentences",
    ),
    (
        "contraction-doesnt-exist",
        "The key SMTP_PORT doesn't exist in smtp-config.",
        None,
        2,
        "'doesn't exist' with ASCII apostrophe",
    ),
    (
        "describe-excerpt-and-log-inline",
        "From `kubectl describe pod`:\n\n```\n"
        + DESCRIBE_EVENT
        + "\n```\n\nand the logs say `required environment variable SMTP_PORT is not set`."
        " SMTP_PORT is missing from smtp-config.",
        None,
        2,
        "an echoed event line, then own sentences with the key and 'not set' / 'missing'",
    ),
    (
        "only-logs-quoted",
        "The container log:\n\n```\n" + LOGS + "```\n\nThat is the whole story.",
        [pods(), logs()],
        4,
        "the log is copied whole; nothing else names an identifier",
    ),
    (
        "inline-log-with-because",
        (
            "The app logs `FATAL required environment variable SMTP_PORT is not set`, because"
            " smtp-config has no SMTP_PORT key."
        ),
        None,
        2,
        "a log fragment inline with own words is not echo",
    ),
    (
        "env-arrow-list",
        (
            "Environment of the notifier container:\n- SMTP_HOST -> mail.internal (ok)\n- SMTP_PORT"
            " -> not set (ConfigMap key missing)"
        ),
        None,
        2,
        "a bullet with the key and 'not set'",
    ),
    (
        "checklist-question-splits",
        (
            "- [x] Pod status checked\n- [x] Logs checked\n- [ ] SMTP_PORT present in smtp-config?"
            " **No: it is missing.**"
        ),
        None,
        3,
        "'?' followed by a space ends the sentence before 'missing'",
    ),
    (
        "checklist-colon",
        "- [x] Pod status checked\n- [x] Logs checked\n- [ ] SMTP_PORT: missing from smtp-config",
        None,
        2,
        "the checklist item holds the key and 'missing'",
    ),
    (
        "numbered-steps",
        (
            "1. Checked pods: CrashLoopBackOff.\n2. Logs: the app cannot read its port.\n3."
            " ConfigMap smtp-config: SMTP_PORT is undefined.\n4. Fix: add it."
        ),
        None,
        2,
        "'3. ' is its own sentence; the rest of item 3 holds the key and 'undefined'",
    ),
    (
        "tldr-line",
        (
            "TL;DR: SMTP_PORT missing from ConfigMap smtp-config.\n\nDetails: the deployment maps"
            " it with configMapKeyRef."
        ),
        None,
        2,
        "a TL;DR line",
    ),
    (
        "all-caps-sections",
        "ROOT CAUSE\nSMTP_PORT\n\nEXPLANATION\nThe key is absent from the ConfigMap.",
        [pods(), configmap()],
        3,
        "key and synonym under separate headings",
    ),
    (
        "yaml-answer-status-line",
        "diagnosis:\n  resource: configmap/smtp-config\n  key: SMTP_PORT\n  status: missing",
        [pods(), configmap()],
        3,
        "a YAML-shaped answer: key and status on different lines",
    ),
    (
        "yaml-answer-finding-line",
        "diagnosis:\n  resource: configmap/smtp-config\n  finding: SMTP_PORT is missing",
        [pods(), configmap()],
        2,
        "a YAML-shaped answer with the finding on one line",
    ),
    (
        "json-answer-one-line",
        '{"root_cause": "SMTP_PORT is missing from smtp-config", "confidence": 0.95}',
        None,
        2,
        "a one-line JSON answer; '0.95' does not split",
    ),
    (
        "json-answer-multi-line",
        '{\n  "key": "SMTP_PORT",\n  "status": "missing"\n}',
        [pods(), configmap()],
        3,
        "a multi-line JSON answer: key and status on different lines",
    ),
    (
        "hyphen-suffixed-identifier",
        "The SMTP_PORT-related setting is missing from smtp-config.",
        None,
        3,
        (
            "'-' is in the identifier class: SMTP_PORT-related does not name SMTP_PORT; smtp-config"
            " does"
        ),
    ),
    (
        "env-dollar",
        "`$SMTP_PORT` is unset in the container because the ConfigMap key is missing.",
        None,
        2,
        "'$' delimits",
    ),
    (
        "dotted-path",
        "`smtp-config.data.SMTP_PORT` is missing.",
        None,
        2,
        "'.' followed by a letter does not split, and delimits the identifier",
    ),
    (
        "jsonpath",
        "`{.data.SMTP_PORT}` returns nothing: the key does not exist.",
        None,
        2,
        "a jsonpath expression names SMTP_PORT",
    ),
    (
        "lowercase-key",
        "smtp_port is missing in the config map",
        None,
        2,
        "identifier matching is case-insensitive",
    ),
    (
        "quoted-key",
        'The ConfigMap is missing the "SMTP_PORT" key.',
        None,
        2,
        "double quotes delimit",
    ),
    (
        "hedged",
        "I think SMTP_PORT might be missing, but I'm not sure.",
        None,
        2,
        "hedging is not understood; the literal predicate holds",
    ),
    (
        "negated-synonym",
        "SMTP_PORT is not missing; it is set to 587.",
        None,
        2,
        "negation is not understood: 'missing' co-occurs with SMTP_PORT (the predicate is literal)",
    ),
    (
        "wrong-key-right-configmap",
        "SMTP_HOST is missing from smtp-config.",
        None,
        3,
        "the wrong key is called missing; the subsystem is named",
    ),
    (
        "decoy-semicolon",
        "SMTP_USER is missing; SMTP_PORT looks fine.",
        None,
        2,
        (
            "a semicolon does not split: SMTP_PORT and 'missing' share the sentence (a literal,"
            " wrong answer scores 1.0)"
        ),
    ),
    (
        "decoy-period",
        "SMTP_USER is missing. SMTP_PORT looks fine.",
        None,
        3,
        "'missing' and SMTP_PORT in different sentences",
    ),
    (
        "other-resource-kind",
        "The Secret smtp-credentials lacks SMTP_PORT.",
        None,
        2,
        "the factor is the identifier and the synonym; the resource named is irrelevant",
    ),
    (
        "restart-advice",
        "Try restarting the notifier deployment; it may be a transient network issue.",
        None,
        4,
        "no identifier",
    ),
    (
        "timestamps-and-finding",
        (
            "At 15:02:11 the app logged a FATAL error. The variable SMTP_PORT was not set, because"
            " smtp-config does not define it."
        ),
        None,
        2,
        "clock times do not split; the second sentence holds the key and 'not set'",
    ),
    (
        "version-string",
        "notifier v2.4.1 requires SMTP_PORT; it is missing from smtp-config.",
        None,
        2,
        "'v2.4.1' does not split, nor does ';'",
    ),
    (
        "version-ends-sentence",
        "SMTP_PORT is required since v2. It is missing.",
        None,
        3,
        "'v2. ' ends the sentence",
    ),
    (
        "unicode-bullet-em-dash",
        "\u2022 SMTP_PORT \u2014 missing from smtp-config",
        None,
        2,
        "a bullet U+2022 and an em dash U+2014 (non-ASCII, outside the identifier class)",
    ),
    (
        "emoji-checklist",
        "\u2705 SMTP_HOST present\n\u274c SMTP_PORT missing",
        None,
        2,
        "emoji check marks as delimiters; the SMTP_PORT line holds 'missing'",
    ),
    (
        "unicode-arrow",
        "smtp-config \u2192 SMTP_PORT: not found",
        None,
        2,
        "a right arrow U+2192 delimits",
    ),
    (
        "question-then-because",
        "Why does the pod crash? Because SMTP_PORT is not defined in smtp-config.",
        None,
        2,
        "the answer sentence after the question holds both",
    ),
    (
        "exclamations",
        "Found it! SMTP_PORT is missing from smtp-config!",
        None,
        2,
        "'!' splits; the second sentence holds both",
    ),
    (
        "markdown-link",
        "See [smtp-config](https://k8s.example/cm/smtp-config): SMTP_PORT is missing.",
        None,
        2,
        "a markdown link; '.' inside the URL does not split",
    ),
    (
        "fix-command-only",
        'Run `kubectl edit configmap smtp-config` and add `SMTP_PORT: "587"`.',
        None,
        3,
        "a fix without a characterization",
    ),
    (
        "fix-env-only",
        "Add SMTP_PORT=587 to the ConfigMap and restart.",
        None,
        3,
        "a fix without a characterization",
    ),
    (
        "diff-fence-then-finding",
        (
            '```diff\n data:\n   SMTP_HOST: mail.internal\n+  SMTP_PORT: "587"\n```\n\nThe'
            " ConfigMap was missing SMTP_PORT."
        ),
        [configmap()],
        2,
        "a diff fence, then the finding",
    ),
    (
        "bold-labels",
        (
            "**Symptom:** notifier pod CrashLoopBackOff.\n**Cause:** ConfigMap `smtp-config` is"
            " missing `SMTP_PORT`.\n**Evidence:** log line `required environment variable SMTP_PORT"
            " is not set`.\n**Fix:** restore the key."
        ),
        None,
        2,
        "bold-labelled lines; the Cause line holds both",
    ),
    (
        "bold-labels-split",
        "**Cause:** a missing key.\n**Key:** `SMTP_PORT`\n**Where:** `smtp-config`",
        [pods(), configmap()],
        3,
        "cause, key and place on separate lines",
    ),
    ("html-tags", "<b>SMTP_PORT</b> is missing", None, 2, "'<' and '>' delimit"),
    (
        "configmapkeyref-only",
        "The configMapKeyRef in the deployment points at a key that the ConfigMap does not have.",
        None,
        3,
        "configMapKeyRef (subsystem) named; 'does not have' is not a synonym",
    ),
    (
        "configmapkeyref-lowercase",
        "the configmapkeyref is broken",
        None,
        3,
        "case-insensitive subsystem match",
    ),
    (
        "configmap-name-suffixed",
        "The ConfigMap smtp-config-prod is fine; the pods are healthy.",
        None,
        4,
        "smtp-config-prod does not name smtp-config",
    ),
    (
        "decimal-minutes",
        "After 3.5 minutes of crash loops: SMTP_PORT is absent.",
        None,
        2,
        "'3.5' does not split",
    ),
    (
        "ellipsis-then-question",
        "SMTP_PORT... hmm. Missing?",
        None,
        3,
        "'...' followed by a space splits",
    ),
    (
        "self-correction",
        "Initially I suspected SMTP_HOST. Actually SMTP_PORT is missing.",
        None,
        2,
        "a corrected answer: the last sentence holds both",
    ),
    (
        "trailing-blank-lines",
        "SMTP_PORT is missing from smtp-config.\n\n\n",
        None,
        2,
        "trailing blank lines",
    ),
    (
        "leading-and-trailing-spaces",
        "   \n  SMTP_PORT is missing.  ",
        None,
        2,
        "surrounding whitespace",
    ),
    ("tab-indented-bullet", "Findings:\n\t- SMTP_PORT: missing", None, 2, "a tab-indented bullet"),
    (
        "yaml-comment-in-fence",
        "```yaml\ndata:\n  SMTP_HOST: mail.internal\n  # SMTP_PORT: missing!\n```",
        [configmap()],
        2,
        "copied lines are echo, the added comment line is not",
    ),
    (
        "echoed-event-and-locus",
        "```\n" + DESCRIBE_EVENT + "\n```\nThe ConfigMap smtp-config needs attention.",
        [pods(), describe(), configmap()],
        3,
        "an echoed event line; the own line names smtp-config only",
    ),
    (
        "nested-list-fence-and-key",
        (
            "1. The ConfigMap:\n   ```yaml\n   data:\n     SMTP_HOST: mail.internal\n    "
            " SMTP_USER: notifier\n   ```\n2. SMTP_PORT: not in that list."
        ),
        [configmap()],
        3,
        "SMTP_PORT named, 'not in that list' is not a synonym",
    ),
    (
        "blockquote-key-line",
        "> key: SMTP_PORT\n\nThat is what the deployment asks for.",
        [deployment()],
        3,
        "'> ' makes the line not verbatim",
    ),
    (
        "gave-up",
        "I was unable to determine the root cause within the allotted steps.",
        None,
        4,
        "no identifier",
    ),
    (
        "fixture-answer",
        (
            "## Diagnosis\n\nThe notifier pod is crash-looping because the ConfigMap `smtp-config`"
            " lacks the key SMTP_PORT.\n\n```yaml\ndata:\n  SMTP_HOST: mail.internal\n```\n\nFix:"
            ' add `SMTP_PORT: "587"` back to smtp-config and restart the deployment.'
        ),
        "fixture",
        2,
        "the repository's example evidence",
    ),
    (
        "secret-and-configmap-confusion",
        (
            "The Secret smtp-credentials is fine. The ConfigMap smtp-config is fine too. The pod"
            " just needs a restart."
        ),
        None,
        3,
        "smtp-config named (subsystem) though called fine",
    ),
    (
        "port-number-only",
        "Port 587 is not open on mail.internal.",
        None,
        4,
        "no identifier of the scenario ('not open' is no synonym either)",
    ),
    ("smtp-generic", "The SMTP configuration is missing.", None, 4, "'SMTP' alone names nothing"),
    (
        "underscore-prefix",
        "The value of _SMTP_PORT is missing.",
        None,
        4,
        "'_' is in the identifier class: _SMTP_PORT is another token",
    ),
    (
        "key-in-url-query",
        "GET /config?key=SMTP_PORT returned 404: key not found.",
        None,
        2,
        "'=' delimits; 'not found' in the same sentence",
    ),
    (
        "windows-style-path",
        "C:\\config\\smtp-config\\SMTP_PORT is missing",
        None,
        2,
        "backslashes delimit",
    ),
    (
        "negated-absent",
        "SMTP_PORT is not absent; the value is just wrong.",
        None,
        2,
        "negation is not understood: 'absent' co-occurs with SMTP_PORT",
    ),
    (
        "negated-undefined-list",
        (
            "Note: SMTP_HOST and SMTP_PORT are not undefined in the deployment, they are referenced"
            " correctly."
        ),
        None,
        2,
        "'not undefined' still contains the synonym 'undefined' next to SMTP_PORT",
    ),
    (
        "lacking-progressive",
        "The ConfigMap is lacking SMTP_PORT.",
        None,
        2,
        "'lacking' is on the list",
    ),
    (
        "digit-suffix-decoy",
        "SMTP_PORT2 is missing. The SMTP_PORT variable is fine.",
        None,
        3,
        "SMTP_PORT2 is another token; the sentence naming SMTP_PORT has no synonym",
    ),
    (
        "placeholder-in-fence",
        "```\nSMTP_PORT: <missing>\n```",
        [pods(), configmap()],
        2,
        "an own line inside a fence (not in any body) is in scope",
    ),
    (
        "key-in-parentheses-next-line",
        "Missing key (see below).\n(SMTP_PORT)",
        [pods(), configmap()],
        3,
        "synonym and key on different lines",
    ),
]


def _fixture_actions() -> list[dict]:
    return [
        action(
            "NAME                        READY   STATUS            "
            " RESTARTS\nnotifier-7d9f8b6c5d-x2x9q   0/1     CrashLoopBackOff   6\n",
            tool="kubectl_get",
            arguments={"resource": "pods", "namespace": "notifications"},
            id="call_1",
            error=None,
            error_code=None,
            duration_ms=312,
        ),
        action(
            "panic: env SMTP_PORT: required key not set\n",
            tool="kubectl_logs",
            arguments={"pod": "notifier-7d9f8b6c5d-x2x9q"},
            id="call_2",
            duration_ms=201,
        ),
        action(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: smtp-config\ndata:\n  SMTP_HOST:"
            " mail.internal\n",
            tool="kubectl_get",
            arguments={"resource": "configmap/smtp-config", "output": "yaml"},
            id="call_3",
            duration_ms=188,
        ),
        action(
            "",
            tool="kubectl_describe",
            arguments={"resource": "deployment/notifier"},
            id="call_4",
            error="tool timed out",
            error_code="TIMEOUT",
            duration_ms=30000,
        ),
    ]


def _cases() -> list[dict]:
    out = []
    for slug, answer, actions, row, why in CASES:
        if actions is None:
            actions = investigation()
        elif actions == "fixture":
            actions = _fixture_actions()
        out.append(
            scored(
                f"realistic-{slug}",
                ["2.2", "3.2", "3.1", "2.1"],
                f"realistic answer: {why} -> row {row}.",
                real(),
                ev(answer, actions),
                row,
                ["realistic"],
            )
        )
    return out


def _budget_and_open() -> list[dict]:
    long_run = investigation() + quiet(11)
    out = [
        scored(
            "realistic-thorough-over-budget",
            ["2.3", "3.4"],
            "realistic: a thorough root-cause write-up after 16 invocations (budget 15) -> row 1.",
            real(),
            ev(
                "## Root cause\n\nSMTP_PORT is missing from smtp-config.\n\n## Fix\n\nRestore the"
                " key.",
                long_run,
            ),
            1,
            ["realistic"],
        ),
        scored(
            "realistic-at-budget",
            ["2.3", "3.4"],
            "realistic: the same write-up after exactly 15 invocations -> row 2.",
            real(),
            ev(
                "## Root cause\n\nSMTP_PORT is missing from smtp-config.\n\n## Fix\n\nRestore the"
                " key.",
                investigation() + quiet(10),
            ),
            2,
            ["realistic"],
        ),
        scored_open(
            "realistic-curly-apostrophe-doesnt-exist",
            ["2.2", "3.3"],
            "clause 3.3 SYN-APOSTROPHE: 'doesn\\u2019t exist' with a typographic apostrophe, the"
            " only candidate synonym.",
            real(),
            ev("The key SMTP_PORT doesn\u2019t exist in smtp-config.", investigation()),
            "SYN-APOSTROPHE",
            {"literal": 3, "typographic": 2},
            ["realistic"],
        ),
        scored_open(
            "realistic-yaml-missing-key-field",
            ["2.2", "3.3"],
            "clause 3.3 SYN-BOUNDARY: a YAML answer 'missing_key: SMTP_PORT': 'missing' only inside"
            " the token missing_key.",
            real(),
            ev(
                "diagnosis:\n  resource: configmap/smtp-config\n  missing_key: SMTP_PORT",
                [pods(), configmap()],
            ),
            "SYN-BOUNDARY",
            {"substring": 2, "delimited": 3, "word-boundary": 3, "ascii-word-boundary": 3},
            ["realistic"],
        ),
        scored_open(
            "realistic-json-missing-key-field",
            ["2.2", "3.3"],
            'clause 3.3 SYN-BOUNDARY: a JSON answer \'{"missing_key": "SMTP_PORT"}\'.',
            real(),
            ev('{"missing_key": "SMTP_PORT"}', [pods(), configmap()]),
            "SYN-BOUNDARY",
            {"substring": 2, "delimited": 3, "word-boundary": 3, "ascii-word-boundary": 3},
            ["realistic"],
        ),
        scored_open(
            "realistic-cooccur-fenced-log-then-locus",
            ["2.1", "2.2"],
            "clause 2.2 ECHO-COOCCUR: a fenced copy of the FATAL log line, then 'Root cause: the"
            " SMTP_PORT key in smtp-config.'",
            real(),
            ev(
                "```\n" + FATAL + "\n```\n\nRoot cause: the SMTP_PORT key in smtp-config.",
                [pods(), logs()],
            ),
            "ECHO-COOCCUR",
            {"in-scope": 3, "full-text": 2},
            ["realistic"],
        ),
        scored_open(
            "realistic-list-nested-env-fence",
            ["2.1"],
            "clause 2.1 ECHO-LINE: the env entry quoted inside a list item, re-indented by the"
            " list; nothing else named.",
            real(),
            ev(
                "The deployment references the key:\n\n- ```yaml\n"
                + "\n".join("  " + line[8:] for line in DEPLOYMENT.splitlines()[24:29])
                + "\n  ```",
                [deployment()],
            ),
            "ECHO-LINE",
            echo_line_readings(4, 4, 4, 3),
            ["realistic"],
        ),
        scored_open(
            "realistic-configmap-quoted-in-list",
            ["2.1"],
            "clause 2.1 ECHO-LINE: the whole ConfigMap quoted inside a list item (indented 4 more"
            " spaces), then a hedge.",
            real(),
            ev(
                "- Current state:\n\n    ```yaml\n"
                + "".join("    " + line for line in CONFIGMAP.splitlines(keepends=True))
                + "    ```\n\n- The port setting looks wrong.",
                [configmap()],
            ),
            "ECHO-LINE",
            echo_line_readings(4, 3, 4, 3),
            ["realistic"],
        ),
    ]
    return out


def files() -> dict[str, dict]:
    return {
        "5.1-c-da-001/realistic-answers.yaml": vector_file(
            "realistic-answers",
            "C-DA-001 on realistic agent answers (markdown headings, bullets, tables, code fences,"
            " quoted YAML/JSON, multi-paragraph) with realistic kubectl bodies.",
            "tools/vectorgen/realistic.py",
            unique(_cases() + _budget_and_open()),
        ),
    }
