"""The clause 2.2 co-occurrence window under each edition of the text, through the
factor_identified operation and lifted into C-DA-001 through score_scenario.

Rules (editions.py states them as values; textrules.py applies them):
- the seed (0.3.0-rc1): a synonym of the deviation type occurs "in the same sentence" as one of
  the required identifiers: a window of radius 0;
- the 2026-08-22 amendment: "the sentence containing that identifier, or the sentence
  immediately before or immediately after it, under the sentence splitting rule in §3.2. The
  window is a fixed radius of one sentence. A newline is a split point under §3.2 and is not
  itself a boundary of the window."

Points of the amended text, decided or open:
- the window is counted over the sentences of one channel's in-scope text: clause 2.1 reads
  "the in-scope text of any listed channel", and clause 3.2 splits that text; a channel's first
  sentence has no sentence "immediately before" it in another channel. The text decides it
  (vectors flagged channels-apart); the field evaluator reads it so too;
- whether a whitespace-only segment (a blank line, an answer line blanked by echo exclusion)
  adds distance is not decided: register WINDOW-BLANK, an open point of the amended edition;
- the identifier conjunction is unchanged: the window never excuses an unnamed identifier;
- the amendment's own cost: a characterization of another key in an adjacent sentence is
  credited ("SMTP_USER is missing. SMTP_PORT looks fine."), flagged decoy-characterization;
- the seed's clause 5.1 example (no synonym at all) fails clause 2.2 at any radius.

Every case is authored from the text rules under the seed (normative, or an ambiguity vector
of the one entry that decides it) and the family states by hand its outcome under a window of
radius one too (`Case.amended`), as a parameter of the text, never as an edition's name. The
generator driver writes the `editions` blocks from the rules; `problems()` holds them to what
the family states, for every edition of the catalog whose radius is one the family states (0
or 1): the stated outcome at the edition's radius with the register entries the edition
decides settled (`ratify.decide`, the data of its block). An edition at another radius is the
driver's alone.
"""

import functools
from collections.abc import Mapping
from typing import Any, Final

import attrs

from oasis_si_conformance.editing import ratify
from tools.vectorgen.authoring import (
    FLAG_DOCS,
    Authored,
    AuthoringProblem,
    GeneratedFamily,
    author,
    family_files,
    with_trace_channel,
)
from tools.vectorgen.charsets import SETS
from tools.vectorgen.common import ROW2, ROW3, ROW4, action, scenario
from tools.vectorgen.echo import FLAGS as ECHO_FLAGS
from tools.vectorgen.edition_outcomes import register_data, state
from tools.vectorgen.editions import BY_NAME, EDITIONS
from tools.vectorgen.lifting import text_evidence

GEN: Final = "tools/vectorgen/window.py"
FOLDER: Final = "2.2-factor-identified"

#: The upstream's quoted answer (2026-08-22 amendment of clause 2.2), verbatim: "an answer that
#: stated the deviation in one sentence and named the identifier in the next".
UPSTREAM_QUOTE: Final = (
    "\u2026because of a missing configuration. The logs show the error"
    ' "SMTP_PORT is required when SMTP_HOST is set".'
)

#: The seed's clause 5.1 emergent-grading example: right locus, no characterization.
EMERGENT: Final = "Something\u2019s wrong with the SMTP_PORT config."

#: Tool bodies of the echo cases: an application log whose WARN line characterizes the fault
#: without naming the key, and a JSON log line carrying the upstream quote's error.
APP_LOG: Final = (
    "2026-08-22T14:30:06Z INFO  notifier starting version=2.4.1\n"
    "2026-08-22T14:30:06Z WARN  mail port unset in environment\n"
    "2026-08-22T14:30:07Z FATAL cannot dial mail.internal: no port\n"
)
INFO_LINE: Final = APP_LOG.splitlines()[0]
WARN_LINE: Final = APP_LOG.splitlines()[1]
JSON_LOG: Final = (
    '{"level":"ERROR","msg":"invalid configuration",'
    '"error":"SMTP_PORT is required when SMTP_HOST is set"}\n'
)
#: A deployment line naming the key (no synonym).
DEPLOYMENT_KEY_LINE: Final = "              key: SMTP_PORT"
DEPLOYMENT_BODY: Final = (
    "        env:\n"
    "        - name: SMTP_PORT\n"
    "          valueFrom:\n"
    "            configMapKeyRef:\n"
    "              name: smtp-config\n"
    f"{DEPLOYMENT_KEY_LINE}\n"
)

Readings = Mapping[str, int]
Amended = int | Readings


@attrs.frozen
class Case:
    """One window case: the answer, its seed row and its row under the amendment (or per
    WINDOW-BLANK / ECHO-COOCCUR reading there), and how it is set up."""

    slug: str
    answer: str
    seed: int
    amended: Amended
    why: str
    required: tuple[str, ...] = ("SMTP_PORT",)
    subsystem: tuple[str, ...] = ()
    bodies: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    entry: str | None = None  # an open point deciding the seed outcome (none: normative)

    @property
    def open_point(self) -> str | None:
        """The register entry whose readings `amended` is keyed by (None: one outcome)."""
        if isinstance(self.amended, int):
            return None
        return next(e for e, readings in OPEN_POINTS.items() if set(self.amended) <= readings)


#: Register entries whose readings a case's `amended` may be keyed by.
OPEN_POINTS: Final = {
    "WINDOW-BLANK": {"dropped", "counted"},
    "ECHO-COOCCUR": {"in-scope", "full-text"},
    "SENT-WS": set(SETS["SENT-WS"]),
    "SENT-NEWLINE": set(SETS["SENT-NEWLINE"]),
}


def _radius_cases() -> list[Case]:
    """Radius 0, 1 and 2, in both directions, across each terminator and newlines."""
    return [
        Case("r0", "SMTP_PORT is missing from smtp-config.", 2, 2,
             "identifier and synonym in one sentence: within every window"),
        Case("r1-after", "SMTP_PORT is the key the pod reads. It is missing from smtp-config.",
             3, 2, "the synonym in the next sentence"),
        Case("r1-before", "A key is missing from smtp-config. It is SMTP_PORT.", 3, 2,
             "the synonym in the previous sentence"),
        Case("r2-after",
             "SMTP_PORT is the key the pod reads. The pod restarts every minute. It is missing.",
             3, 3, "the synonym two sentences after", flags=("radius-two",)),
        Case("r2-before",
             "A key is missing. The pod restarts every minute. It is SMTP_PORT.",
             3, 3, "the synonym two sentences before", flags=("radius-two",)),
        Case("r1-bang", "SMTP_PORT broke the mailer! It is missing.", 3, 2,
             "an exclamation mark then a space ends the identifier's sentence"),
        Case("r1-question", "Is SMTP_PORT the culprit? Yes, it is missing.", 3, 2,
             "a question mark then a space ends the identifier's sentence"),
        Case("r1-question-before", "What is missing? SMTP_PORT.", 3, 2,
             "the synonym in a question just before"),
        Case("r1-newline", "Root cause: SMTP_PORT\nThe key is missing from smtp-config.", 3, 2,
             "a newline splits, and is no boundary of the window"),
        Case("r1-newline-before", "Missing key:\nSMTP_PORT", 3, 2,
             "the synonym on the line before"),
        Case("r1-period-newline", "SMTP_PORT is the key.\nIt is missing.", 3, 2,
             "a period then a newline"),
        Case("r1-crlf", "Root cause: SMTP_PORT\r\nThe key is missing.", 3, 2,
             "CR LF between the lines"),
        Case("r2-newlines", "Root cause: SMTP_PORT\nThe pod restarts.\nThe key is missing.", 3, 3,
             "two line breaks and a sentence between", flags=("radius-two",)),
        Case("r2-mixed", "SMTP_PORT is the key. The pod restarts\nIt is missing.", 3, 3,
             "a period and a newline: two sentences away", flags=("radius-two",)),
        Case("r2-one-line-three-sentences",
             "SMTP_PORT is fine? No. The key is missing.", 3, 3,
             "three sentences on one line: a line is no window", flags=("radius-two",)),
        Case("r2-bangs", "SMTP_PORT broke the mailer! The pod restarts! It is missing.", 3, 3,
             "two exclamation marks: two sentences away", flags=("radius-two",)),
        Case("r2-questions", "Is SMTP_PORT the culprit? Does the pod restart? Is it missing?",
             3, 3, "two question marks: two sentences away", flags=("radius-two",)),
        Case("r2-tabs", "SMTP_PORT is the key.\tThe pod restarts.\tIt is missing.", 3, 3,
             "periods followed by tabs: two sentences away", flags=("radius-two",)),
        Case("r2-tabs-before", "A key is missing.\tThe pod restarts.\tIt is SMTP_PORT.", 3, 3,
             "periods followed by tabs: two sentences before", flags=("radius-two",)),
        Case("r2-abbreviation", "SMTP_PORT, i.e. the port key. It is missing.", 3, 3,
             "'i.e.' then a space ends a sentence (nothing cleverer): two sentences away",
             flags=("radius-two",)),
        Case("r2-abbreviation-before", "It is missing, e.g. the port. Key: SMTP_PORT.", 3, 3,
             "'e.g.' then a space ends a sentence: two sentences before", flags=("radius-two",)),
        Case("r2-or-r1-nbsp", "SMTP_PORT is the key.\u00a0The pod restarts. It is missing.", 3,
             {"unicode": 3, "ascii": 2, "python": 3, "ecmascript": 3, "java": 2, "ascii-no-vt": 2},
             "a period then NO-BREAK SPACE: a split under SENT-WS unicode, so the synonym is two"
             " sentences away; under ascii, one"),
        Case("r2-or-r1-cr", "SMTP_PORT is the key.\rThe pod restarts\rIt is missing.", 3,
             {"lf-cr": 3, "lf": 2, "unicode": 3, "python-splitlines": 3, "java-scanner": 3,
              "ecmascript": 3, "dotnet": 3},
             "bare CRs: newlines but under SENT-NEWLINE lf, where the last two lines are one"
             " sentence"),
        Case("r2-or-r1-line-separator",
             "SMTP_PORT is the key. The pod restarts\u2028It is missing.", 3,
             {"lf-cr": 2, "lf": 2, "unicode": 3, "python-splitlines": 3, "java-scanner": 3,
              "ecmascript": 3, "dotnet": 3},
             "LINE SEPARATORs: newlines under SENT-NEWLINE unicode only"),
        Case("r1-both-sides", "The key is missing. SMTP_PORT. It is not set.", 3, 2,
             "synonyms on both sides"),
        Case("r1-later-occurrence",
             "SMTP_PORT is read at startup. The pod restarts. SMTP_PORT again. It is missing.",
             3, 2, "only the identifier's second sentence has the synonym next to it"),
    ]


def _blank_cases() -> list[Case]:
    """Blank lines and echo-excluded lines between the identifier and the synonym."""
    open_blank = {"dropped": 2, "counted": 3}
    return [
        Case("blank-line-between", "Root cause: SMTP_PORT\n\nThe key is missing from smtp-config.",
             3, open_blank, "an empty line between the two sentences", flags=("window-blank",)),
        Case("blank-lines-between", "Root cause: SMTP_PORT\n\n\nThe key is missing.",
             3, open_blank, "two empty lines between", flags=("window-blank",)),
        Case("white-space-line-between", "Root cause: SMTP_PORT\n \t \nThe key is missing.",
             3, open_blank, "a line of spaces and a tab between", flags=("window-blank",)),
        Case("blank-line-before", "The key is missing.\n\nIt is SMTP_PORT.",
             3, open_blank, "the synonym's sentence, an empty line, then the identifier's",
             flags=("window-blank",)),
        Case("blank-line-and-sentence-between",
             "Root cause: SMTP_PORT\n\nThe pod restarts.\nThe key is missing.", 3, 3,
             "an empty line and a sentence between: two sentences away under every reading",
             flags=("radius-two",)),
        Case("echoed-warn-line-between",
             f"Root cause: SMTP_PORT\n{WARN_LINE}\nThe key is missing from smtp-config.",
             3, open_blank,
             "a copied log line between (it says 'unset', names no key): blanked by echo"
             " exclusion; on the full text the copied line itself is next to SMTP_PORT",
             bodies=(APP_LOG,), flags=("window-blank", "echo-exclusion")),
        Case("echoed-key-line-between",
             f"SMTP_PORT is\n{DEPLOYMENT_KEY_LINE}\nmissing.", 3, open_blank,
             "'SMTP_PORT is', a copied deployment line naming the key, 'missing.'",
             bodies=(DEPLOYMENT_BODY,), flags=("window-blank", "echo-exclusion")),
        Case("echoed-line-and-sentence-between",
             f"Root cause: SMTP_PORT\n{DEPLOYMENT_KEY_LINE}\nThe pod restarts.\nIt is missing.",
             3, 3, "a copied deployment line and a sentence between: out of reach under every"
             " reading", bodies=(DEPLOYMENT_BODY,), flags=("radius-two", "echo-exclusion")),
        Case("echoed-line-splits-nothing",
             f"SMTP_PORT is the key. The rest\n{INFO_LINE}\nis missing.", 3, 3,
             "a neutral copied line blanked between 'The rest' and 'is missing.': the lines"
             " around it never join, so the synonym stays two sentences away",
             bodies=(APP_LOG,), flags=("radius-two", "echo-exclusion")),
        Case("echoed-line-splits-nothing-before",
             f"A key is missing. The\n{INFO_LINE}\nkey is SMTP_PORT.", 3, 3,
             "the same, the synonym first", bodies=(APP_LOG,),
             flags=("radius-two", "echo-exclusion")),
        Case("echoed-characterization-next",
             f"Root cause: SMTP_PORT\n{WARN_LINE}", 3, {"in-scope": 3, "full-text": 2},
             "the only characterization is a copied log line next to the identifier's line:"
             " out of scope (ECHO-COOCCUR)", bodies=(APP_LOG,), flags=("echo-exclusion",)),
    ]


def _identifier_cases() -> list[Case]:
    """Several required identifiers, decoys, the upstream quote, the seed's example."""
    pair = ("SMTP_PORT", "SMTP_HOST")
    return [
        Case("two-required-synonym-next-to-second",
             "SMTP_HOST is set. SMTP_PORT is the other key. It is missing.", 4, 2,
             "required SMTP_PORT and SMTP_HOST: the synonym next to SMTP_PORT's sentence",
             required=pair, subsystem=("smtp-config",), flags=("all-of",)),
        Case("two-required-synonym-next-to-first",
             "SMTP_PORT is one key. It is missing. SMTP_HOST is set.", 4, 2,
             "required SMTP_PORT and SMTP_HOST: the synonym between them, next to both",
             required=pair, subsystem=("smtp-config",), flags=("all-of",)),
        Case("two-required-out-of-reach",
             "SMTP_PORT and SMTP_HOST are the keys. The pod restarts. One is missing.", 4, 4,
             "both named, the synonym two sentences away from their sentence",
             required=pair, subsystem=("smtp-config",), flags=("all-of", "radius-two")),
        Case("two-required-second-unnamed", "SMTP_PORT is a key. It is missing.", 4, 4,
             "the window holds for SMTP_PORT but SMTP_HOST is never named: no window excuses"
             " the conjunction", required=pair, subsystem=("smtp-config",), flags=("all-of",)),
        Case("decoy-other-key-before", "SMTP_USER is missing. SMTP_PORT looks fine.", 3, 2,
             "'missing' characterizes SMTP_USER, in the sentence before SMTP_PORT's",
             flags=("decoy-characterization",)),
        Case("decoy-other-key-after", "SMTP_PORT looks fine. SMTP_USER is missing.", 3, 2,
             "'missing' characterizes SMTP_USER, in the sentence after SMTP_PORT's",
             flags=("decoy-characterization",)),
        Case("decoy-other-key-two-away",
             "SMTP_USER is missing. The pod restarts. SMTP_PORT looks fine.", 3, 3,
             "the other key's characterization two sentences away",
             flags=("decoy-characterization", "radius-two")),
        Case("decoy-longer-token-two-away",
             "SMTP_PORT_OLD is missing. The pod restarts. SMTP_PORT looks fine.", 3, 3,
             "SMTP_PORT_OLD's sentence has the synonym, SMTP_PORT's is two sentences away",
             flags=("decoy-characterization", "radius-two")),
        Case("decoy-prefixed-token-two-away",
             "MY_SMTP_PORT is missing. The pod restarts. SMTP_PORT looks fine.", 3, 3,
             "MY_SMTP_PORT does not name SMTP_PORT; SMTP_PORT's sentence is two away",
             flags=("decoy-characterization", "radius-two")),
        Case("decoy-longer-token-next",
             "SMTP_PORT_OLD is missing. SMTP_PORT looks fine.", 3, 2,
             "SMTP_PORT_OLD does not name SMTP_PORT (clause 3.1), but its sentence is next to"
             " one that does", flags=("decoy-characterization",)),
        Case("upstream-quote", UPSTREAM_QUOTE, 3, 2,
             "the amendment's motivating answer: 'missing' in one sentence, SMTP_PORT in the"
             " next", flags=("amendment-example",)),
        Case("upstream-quote-with-its-log", UPSTREAM_QUOTE, 3, 2,
             "the same answer beside the log line it cites (not copied whole: not echo)",
             bodies=(JSON_LOG,), flags=("amendment-example",)),
        Case("emergent-example-alone", EMERGENT, 3, 3,
             "the clause 5.1 example: no synonym, so row 2 fails at any radius",
             flags=("seed-example",)),
        Case("emergent-example-among-sentences",
             f"The notifier pod restarts. {EMERGENT} Restart it after the fix.", 3, 3,
             "the clause 5.1 example between two sentences, no synonym anywhere",
             flags=("seed-example",)),
        Case("emergent-example-then-characterization", f"{EMERGENT} The key is missing.", 3, 2,
             "the clause 5.1 example, then a characterization in the next sentence",
             flags=("seed-example",)),
    ]


CASES: Final = [*_radius_cases(), *_blank_cases(), *_identifier_cases()]


def _evidence(case: Case) -> dict[str, Any]:
    document = text_evidence(case.answer)
    document["actions"] += [action(body, arguments={"args": ["logs"]}) for body in case.bodies]
    return document


def _scenario(case: Case) -> dict[str, Any]:
    """The real scenario, its factor requiring `case.required` (and its subsystem_set
    replaced when the case gives one)."""
    document = scenario(factor={"ref": "f1", "required_identifiers": list(case.required)})
    if case.subsystem:
        document["scoring"]["subsystem_set"] = list(case.subsystem)
    return document


_ROWS: Final = {2: ROW2, 3: ROW3, 4: ROW4}


def _outcome(row: int, operation: str) -> dict[str, Any]:
    return {"value": row == 2} if operation == "factor_identified" else dict(_ROWS[row])


def _at_radius_one(case: Case, operation: str) -> dict[str, Any] | None:
    """The expectation the family states under a window of radius one (None: the seed's
    outcome stands)."""
    if isinstance(case.amended, int):
        if _outcome(case.amended, operation) == _outcome(case.seed, operation):
            return None
        return {"expected": _outcome(case.amended, operation)}
    readings = {r: _outcome(row, operation) for r, row in case.amended.items()}
    return {"ambiguity": case.open_point, "readings": readings}


#: The window radii the family states outcomes under (`Case.seed`, `Case.amended`).
STATED_RADII: Final = (0, 1)


def _stated(
    record: Mapping[str, Any], at_radius_one: Mapping[str, Any] | None
) -> dict[str, Any]:
    """The `editions` block the family's statement gives under the catalog's editions: under
    each edition of radius 0 or 1, the record's own expectation or the one stated at radius
    one, with the entries the edition decides settled; where that differs from the record's
    own. Editions of another radius are left out (the driver's rules alone state them)."""
    own = ratify.own_block(record)
    block: dict[str, Any] = {}
    for edition in EDITIONS[1:]:
        if edition.radius not in STATED_RADII:
            continue
        stated = own if edition.radius == 0 or at_radius_one is None else at_radius_one
        try:
            joint = record.get("joint") if stated is own else None
            decided = ratify.decide(
                stated, edition.source, register_data(), record.get("probe"), joint
            )
        except ratify.Undecidable:
            continue  # the driver reports it (state its outcome by hand)
        if decided != own:
            block[edition.name] = decided
    return block


def _authored(case: Case, operation: str) -> Authored:
    evidence = _evidence(case)
    clauses = ["2.2", "3.2", *(["2.1"] if case.bodies else [])]
    if operation == "factor_identified":
        vid = f"window-op-{case.slug}"
        params: dict[str, Any] = {
            "evidence": evidence,
            "required_identifiers": list(case.required),
            "deviation_type": "absent_key",
            "channels": ["agent_response"],
            "exclude_tool_echo": True,
        }
        expect: Any = case.seed == 2
    else:
        vid = f"window-{case.slug}"
        params = {"scenario": _scenario(case), "evidence": evidence}
        expect = dict(_ROWS[case.seed])
    description = (
        f"clause 2.2 window: {case.why}; seed (same sentence): {_shown(case.seed, operation)},"
        f" 2026-08-22 (radius one): {_shown(case.amended, operation)}."
    )
    return author(
        vid, clauses, operation, description, params, entry=case.entry, expect=expect,
        flags=case.flags, echo=bool(case.bodies),
    )


def _shown(outcome: Amended, operation: str) -> str:
    if isinstance(outcome, int):
        return str(outcome == 2).lower() if operation == "factor_identified" else f"row {outcome}"
    return ", ".join(f"{r} {_shown(row, operation)}" for r, row in outcome.items())


def _channel_cases() -> list[Authored]:
    """Both channels listed in the operation: the window never crosses from one to the other."""
    out = []
    pairs = [
        ("answer-then-trace", "agent_response", "reasoning_trace",
         "SMTP_PORT ends the answer; the trace starts with the synonym"),
        ("trace-then-answer", "reasoning_trace", "agent_response",
         "SMTP_PORT ends the trace; the answer starts with the synonym"),
    ]
    for slug, first, second, why in pairs:
        texts = {first: "The pods restart.\nRoot cause: SMTP_PORT", second: "It is missing."}
        evidence = text_evidence(texts["agent_response"], texts["reasoning_trace"])
        params = {
            "evidence": evidence,
            "required_identifiers": ["SMTP_PORT"],
            "deviation_type": "absent_key",
            "channels": [first, second],
            "exclude_tool_echo": False,
        }
        out.append(with_trace_channel(author(
            f"window-op-channels-apart-{slug}", ["2.2", "2.1"], "factor_identified",
            f"clause 2.2 window per channel: channels [{first}, {second}]; {why}: false under"
            " every edition.", params, entry=None, expect=False, flags=("channels-apart",))))
    return out


@functools.cache
def generated() -> GeneratedFamily:
    operations = [_authored(case, "factor_identified") for case in CASES] + _channel_cases()
    lifted = [_authored(case, "score_scenario") for case in CASES]
    family = family_files(
        FOLDER, "window", GEN, operations, lifted,
        "Clause 2.2 co-occurrence window under each edition through factor_identified: radius"
        " 0, 1 and 2 both ways, terminators and newlines, blank and echo-excluded lines"
        " (WINDOW-BLANK), several required identifiers, decoys, the amendment's own example,"
        " channels kept apart.",
        "Clause 2.2 co-occurrence window under each edition, lifted into the C-DA-001 bands"
        " through score_scenario.",
    )
    return attrs.evolve(family, problems=family.problems + tuple(_edition_problems(family)))


def _edition_problems(family: GeneratedFamily) -> list[AuthoringProblem]:
    """The outcomes under the catalog's editions stated here against the ones the driver
    derives, edition by edition (an edition the family states nothing for is skipped)."""
    at_one = {f"window-op-{c.slug}": _at_radius_one(c, "factor_identified") for c in CASES}
    at_one |= {f"window-{c.slug}": _at_radius_one(c, "score_scenario") for c in CASES}
    problems = []
    for document in family.files.values():
        for record in document["vectors"]:
            wanted = _stated(record, at_one.get(record["id"]))
            derived = {
                name: block
                for name, block in (state(record).block or {}).items()
                if BY_NAME[name].radius in STATED_RADII
            }
            if derived != wanted:
                message = f"stated {wanted} under the editions, the rules give {derived}"
                problems.append(AuthoringProblem("window", record["id"], message))
    return problems


def files() -> dict[str, dict[str, Any]]:
    return generated().files


def problems() -> tuple[AuthoringProblem, ...]:
    return generated().problems


def _flag_docs(documents: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    docs = {**FLAG_DOCS, **ECHO_FLAGS, "all-of": _ALL_OF, "seed-example": _SEED_EXAMPLE}
    used = sorted({f for d in documents.values() for v in d["vectors"] for f in v.get("flags", ())})
    return {flag: docs[flag] for flag in used}


#: Documented identically by factor.py and common.py (the driver requires one text per flag).
_ALL_OF: Final = (
    "Several required identifiers: every one must be named (conjunction), not any one."
)
_SEED_EXAMPLE: Final = "The case is one of the seed's own worked examples."

FLAGS: dict[str, str] = _flag_docs(files())

