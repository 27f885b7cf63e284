"""The mutant catalog: plausible misreadings and bugs of a profile 0.3.0-rc1 evaluator.

Every mutant is the independent evaluator (conformance/independent) with one deliberate change:

- a *normative* mutant switches on fault hooks (conformance/independent/hooks.py): it violates the
  text of the clause it cites, and the corpus must reject it through score_scenario alone;
- an *ambiguity* mutant takes a non-reference reading of an ambiguity-register entry
  (vectors/register.yaml): it must pass, and the interpretation profile must name the reading.

Every non-reference reading of every register entry is an ambiguity mutant (generated from the
register's readings, so a new reading is covered without editing this file). The normative ones
were collected by walking the spec clause by clause, sentence by sentence; each description is
the wrong reading in words, as the runner's diagnosis prints it.

Editions (vectors/editions.yaml): what is a misreading depends on the text read, and the
catalog reads it from each edition's block. A hook that fixes the window radius the edition
sets (`edition_rules`: the same-sentence window at radius 0, the radius-one window at radius 1)
changes nothing under that edition; a reading of an entry the edition decides is its text when
it is the decided reading, and a misreading (normative) otherwise; a reading of an entry that
is no open point of the edition changes nothing there. `Mutant.kind_under(edition)` is the
kind that leaves: normative while a hook or a reading still contradicts the text, ambiguity
while only readings of open points change, none (no mutant under that edition) when nothing
does. So the seed-edition evaluator (window-same-sentence) is a normative mutant under the
amendment and no mutant under the seed, and the reverse for window-radius-one.
"""

import functools
from collections.abc import Iterable, Mapping
from typing import Any, Literal

import attrs

from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.editions import FIRST_PUBLISHED
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.readings import READINGS, Readings
from oasis_si_schemas.editions import EDITIONS, Edition

Kind = Literal["normative", "ambiguity"]


def _hook_set(hooks: Iterable[Hook]) -> frozenset[Hook]:
    return frozenset(hooks)


@attrs.frozen
class Mutant:
    """One mutant: what it gets wrong (in words), where, and how it is applied."""

    id: str
    kind: Kind
    clause: str
    description: str
    hooks: frozenset[Hook] = attrs.field(default=frozenset(), converter=_hook_set)
    readings: dict[str, str] = attrs.field(factory=dict)
    note: str = ""
    #: Which vectors can catch a normative mutant: "normative" ones (the rule), or only
    #: "ambiguity" ones when every input that shows the misreading is one the reference reading
    #: of some register entry rejects (there it matches no reading of the entry).
    witness: Literal["normative", "ambiguity"] = "normative"

    def config(self, edition: str = FIRST_PUBLISHED) -> Config:
        """The independent evaluator's configuration that is this mutant, under `edition`:
        every entry the edition decides read as it decides it, the others as the register's
        reference reads them, then the mutant's own readings and hooks. (A mutant never
        inherits the reference's reading of an entry its edition decides otherwise: its
        signature there is its misreading, not the reference's.)"""
        return edition_config(edition, self.readings, self.hooks)

    def kind_under(self, edition: "str | Edition") -> Kind | None:
        """What this mutant is under `edition` (an edition, or a bundled edition's name):
        normative while a hook that is not the edition's own rule is on, or a reading of an
        entry the edition decides otherwise; ambiguity while only readings of the edition's open
        points change; None when it is the edition's text itself."""
        chosen = EDITIONS[edition] if isinstance(edition, str) else edition
        if self.hooks - edition_rules(chosen):
            return "normative"
        decided = chosen.decided
        if any(decided.get(entry, reading) != reading for entry, reading in self.readings.items()):
            return "normative"
        entries = register_entries()
        if any(
            entry not in decided and chosen.holds_open(entries.get(entry, {"id": entry}))
            for entry in self.readings
        ):
            return "ambiguity"
        return None

    def argv(self) -> list[str]:
        """Command-line options of `python -m oasis_si_conformance.independent` that make this
        mutant."""
        return ["--mutant", self.id]


def edition_config(
    edition: str = FIRST_PUBLISHED,
    readings: Mapping[str, str] | None = None,
    hooks: frozenset[Hook] = frozenset(),
) -> Config:
    """The independent evaluator's configuration under `edition` with `readings` and `hooks`
    of its own: every entry the edition decides read as it decides it, the others as the
    register's reference reads them, then `readings` (none and no hooks: the edition's text)."""
    chosen = EDITIONS.get(edition)
    decided = dict(chosen.decided) if chosen is not None else {}
    own = dict(readings or {})
    base = Readings()
    for entry, reading in {**decided, **own}.items():
        if entry in READINGS or entry in own:
            base = base.with_reading(entry, reading)
    return Config(base, hooks, edition)


def _n(
    mid: str,
    clause: str,
    description: str,
    *hooks: Hook,
    note: str = "",
    witness: Kind = "normative",
) -> Mutant:
    return Mutant(
        mid,
        "normative",
        clause,
        description,
        frozenset(hooks or (Hook(mid),)),
        note=note,
        witness=witness,
    )


H = Hook

#: Normative mutants, by clause. A mutant named after its hook applies that hook alone.
NORMATIVE: tuple[Mutant, ...] = (
    # §3.1 identifier matching ---------------------------------------------------------------
    _n(
        "ident-regex-word-boundary",
        "3.1",
        "delimits identifiers with regular-expression \\b word boundaries (hyphen counts as a"
        " delimiter, non-ASCII letters do not)",
    ),
    _n(
        "ident-unicode-alnum-class",
        "3.1",
        "treats non-ASCII letters and digits as identifier characters (isalnum instead of"
        " [A-Za-z0-9_-])",
    ),
    _n(
        "ident-class-no-hyphen",
        "3.1",
        "leaves the hyphen out of the identifier class, so SMTP_PORT-OLD names SMTP_PORT",
    ),
    _n(
        "ident-class-no-digits",
        "3.1",
        "leaves digits out of the identifier class, so SMTP_PORT2 names SMTP_PORT",
    ),
    _n(
        "ident-nfkc",
        "3.1",
        "normalizes with NFKC instead of NFC (compatibility characters such as fullwidth letters or"
        " ligatures match)",
    ),
    _n(
        "ident-no-normalization",
        "3.1",
        "does not NFC-normalize, so decomposed and precomposed spellings differ",
    ),
    _n("ident-nfc-text-only", "3.1", "normalizes the text to NFC but not the identifier"),
    _n("ident-case-sensitive", "3.1", "matches identifiers case-sensitively"),
    _n(
        "ident-ascii-lowercase-only",
        "3.1",
        "lowercases ASCII letters only, so non-ASCII identifiers are matched case-sensitively",
    ),
    _n(
        "ident-first-occurrence-only",
        "3.1",
        "tests only the first occurrence of the identifier, never retrying later occurrences when"
        " the first is not delimited",
    ),
    _n(
        "ident-trailing-delimiter-only",
        "3.1",
        "checks the delimiter after the match but not the one before it",
    ),
    _n(
        "ident-leading-delimiter-only",
        "3.1",
        "checks the delimiter before the match but not the one after it (prefix match)",
    ),
    _n(
        "ident-substring",
        "3.1",
        "matches identifiers as plain substrings, ignoring the delimiter rule",
    ),
    _n(
        "ident-text-ends-not-delimiters",
        "3.1",
        "does not count start-of-text and end-of-text as delimiters (an identifier at either end of"
        " the text is not named)",
    ),
    _n(
        "ident-token-equality",
        "3.1",
        "cuts the text into [A-Za-z0-9_-] tokens and compares whole tokens, so identifiers holding"
        " other characters (configmap/smtp-config, dots) never match",
    ),
    _n(
        "ident-whitespace-tokens",
        "3.1",
        "splits the text on whitespace and compares punctuation-trimmed words, so identifiers"
        " joined to other text (key=SMTP_PORT, a/b) are missed",
    ),
    _n(
        "ident-js-regexp-i",
        "3.1",
        "compares identifiers by a simple uppercase per UTF-16 unit: never non-ASCII onto ASCII,"
        " letters above U+FFFF only as written (as a JavaScript RegExp /i without the u flag)",
    ),
    _n(
        "fold-full-lowercase-final-sigma",
        "3.1",
        "lowercases the whole text and identifier with the Final_Sigma context (str.lower,"
        " toLowerCase, str::to_lowercase), so a capital sigma before punctuation and a letter no"
        " longer matches the identifier's own",
    ),
    _n(
        "fold-java-word-boundary-sigma",
        "3.1",
        "lowercases a capital sigma at a word's end as final sigma, so an identifier ending in"
        " capital sigma does not match its copy before . ' or a soft hyphen and a letter (as"
        " Java's String.toLowerCase)",
    ),
    _n(
        "fold-casefold-then-nfc",
        "3.1",
        "full-case-folds identifiers before NFC (case folding, then normalization), so canonically"
        " equivalent spellings with U+0345 out of order get different verdicts",
        note=(
            "the fuzzer keeps U+0345 off (the FOLD-MAPPING readings part on it), and the mutant"
            " agrees with the full-casefold reading on any one spelling: only a pair of"
            " NFC-equivalent answers exposes it, which the corpus's invariant vectors hold and the"
            " differential fuzzer, one case at a time, does not"
        ),
    ),
    _n(
        "ident-regex-finditer-non-overlapping",
        "3.1",
        "finds identifier occurrences with a non-overlapping search (re.finditer, then the"
        " delimiter test on each match), so an occurrence starting inside a rejected one is never"
        " tried",
    ),
    _n(
        "ident-find-next-past-end",
        "3.1",
        "resumes the search after a rejected occurrence past the neighbour it checked (end + 1), so"
        " an occurrence starting inside or right after it is never tried",
    ),
    _n(
        "ident-find-next-written-length",
        "3.1",
        "resumes the search after a rejected occurrence at start + the identifier's length as"
        " written (before NFC), so an occurrence starting inside it is never tried",
    ),
    # §3.2 sentence splitting ----------------------------------------------------------------
    _n(
        "sent-split-every-terminator",
        "3.2",
        "splits on every . ! or ? even when not followed by whitespace (decimal points, versions,"
        " host names)",
    ),
    _n("sent-period-only", "3.2", "ends sentences only at a period, not at ! or ?"),
    _n("sent-no-newline-split", "3.2", "does not split sentences on newline"),
    _n(
        "sent-space-only-after-terminator",
        "3.2",
        "ends a sentence only when the terminator is followed by a space character, not by tab or"
        " other whitespace",
    ),
    _n(
        "sent-abbreviation-aware",
        "3.2",
        "special-cases abbreviations (e.g., i.e., etc.) and does not end a sentence after them,"
        " although the clause says nothing cleverer",
    ),
    _n(
        "sent-terminator-before-closing-punctuation",
        "3.2",
        "ends a sentence at a terminator followed by closing quotes or brackets and then whitespace"
        ' (." then a space), where the clause needs whitespace right after the terminator',
    ),
    # §2.2 factor_identified -------------------------------------------------------------------
    _n(
        "window-radius-one",
        "2.2",
        "lets the synonym sit in the sentence before or after the identifier's sentence"
        " (the 2026-08-22 radius-one window, not the seed's text)",
    ),
    _n(
        "window-same-sentence",
        "2.2",
        "requires the synonym in the identifier's own sentence, not the sentence before or"
        " after it (the seed's window, not the 2026-08-22 amendment's)",
    ),
    _n(
        "window-whole-text",
        "2.2",
        "tests deviation-type co-occurrence over the whole channel text, not within a window"
        " of sentences around the identifier's sentence (any radius)",
    ),
    _n(
        "window-radius-two",
        "2.2",
        "lets the synonym sit up to two sentences before or after the identifier's sentence (a"
        " window of radius two, wider than either edition's)",
    ),
    _n("window-line", "2.2", "uses lines as the co-occurrence window, never splitting on . ! ?"),
    _n(
        "cooccur-all-identifiers-in-sentence",
        "2.2",
        "requires every required identifier in the synonym's sentence, not one of them",
    ),
    _n(
        "cooccur-identifier-substring",
        "2.2",
        "tests the co-occurring identifier as a plain substring of the sentence, without the 3.1"
        " delimiter rule",
    ),
    _n(
        "factor-any-of-identifiers",
        "2.2",
        "accepts any one of the required identifiers instead of all of them (any-of, not"
        " conjunction)",
    ),
    _n(
        "factor-no-cooccurrence",
        "2.2",
        "skips the deviation-type co-occurrence test: naming the identifiers is enough for the root"
        " cause",
    ),
    _n(
        "factor-conjunction-ignores-echo",
        "2.2",
        "does not pass exclude_tool_echo to the identifier conjunction, so echoed lines name the"
        " factor",
    ),
    # §3.3 synonyms -------------------------------------------------------------------------------
    _n("syn-case-sensitive", "3.3", "matches deviation-type synonyms case-sensitively"),
    _n("syn-list-drops-last", "3.3", "loses the last synonym of the list (unset)"),
    _n("syn-list-drops-lacking", "3.3", "loses the synonym 'lacking' (keeps 'lacks' only)"),
    _n(
        "syn-from-reasoning-trace",
        "3.3",
        "also looks for the identifier-synonym co-occurrence in the reasoning trace",
        note="also §2.5",
    ),
    _n(
        "syn-list-extended",
        "3.3",
        "extends the synonym list locally (removed, deleted, empty, no such, not exist)",
    ),
    _n(
        "syn-phrase-words",
        "3.3",
        "matches any single word of a multi-word synonym (not, found, key...) instead of the"
        " literal phrase",
    ),
    _n(
        "syn-flexible-whitespace",
        "3.3",
        "matches a synonym's spaces against any run of whitespace (not  set, not<newline>set), not"
        " literally",
    ),
    _n(
        "syn-negation-aware",
        "3.3",
        "ignores a synonym preceded by a negation (not missing), although the clause says literal"
        " phrases",
    ),
    # §2.1 named_in_output and echo exclusion ----------------------------------------------------
    _n(
        "echo-exclusion-ignored",
        "2.1",
        "does not exclude answer lines echoed from tool results (exclude_tool_echo ignored)",
    ),
    _n(
        "echo-exclusion-always", "2.1", "excludes echoed lines even when exclude_tool_echo is false"
    ),
    _n(
        "echo-delete-join-neighbours",
        "2.1",
        "deletes echoed lines and joins their neighbours into one line, so a sentence can span the"
        " removed quotation",
    ),
    _n("echo-null-body-dropped", "2.1", 'treats a "null" result body as no body at all'),
    _n(
        "echo-empty-result-matches-all",
        "2.1",
        'treats a recorded empty result "" as a body that every answer line appears in',
    ),
    _n(
        "echo-whole-answer-only",
        "2.1",
        "compares the whole answer with tool bodies instead of partitioning it into lines",
    ),
    _n(
        "echo-identifier-in-body",
        "2.1",
        "discards any identifier that occurs in a tool body instead of discarding echoed lines",
    ),
    _n("echo-arguments-as-bodies", "2.1", "counts tool call arguments as captured response bodies"),
    _n(
        "echo-compared-folded",
        "2.1",
        "also treats a line as echo when it matches a tool body only case-insensitively (folded,"
        " not verbatim)",
    ),
    _n(
        "echo-last-body-only",
        "2.1",
        "looks for echoed lines in the last tool response only, not in any",
    ),
    _n(
        "named-conjunction",
        "2.1",
        "requires every member of identifier_set (conjunction) instead of at least one"
        " (membership)",
    ),
    _n(
        "named-reads-all-channels",
        "2.5",
        "reads the reasoning trace for diagnosis: searches every channel whatever `channels` lists",
    ),
    _n(
        "named-first-channel-only",
        "2.1",
        "searches only the first listed channel",
        witness="ambiguity",
        note=(
            "through score_scenario only a composite scoring two channels shows it, and in a"
            " diagnosis scenario that is a COMPOSITE-DIAGNOSIS-TRACE ambiguity vector; the"
            " composite's second-channel verdict is neither reading's (reject, or the verdict"
            " over both channels); the named_in_output operation's vectors kill it normatively"
        ),
    ),
    # §2.3 / §3.4 step budget ---------------------------------------------------------------------
    _n(
        "budget-strict-less-than",
        "2.3",
        "requires fewer than n steps (< instead of <=): off by one at the budget",
    ),
    _n("steps-skip-errored", "3.4", "does not count tool invocations that recorded an error"),
    _n(
        "steps-successful-only",
        "3.4",
        "counts only successful invocations (no error, no error code, a non-empty result)",
    ),
    _n("budget-answer-not-required", "2.3", "does not require a final answer to be within budget"),
    _n("budget-answer-counts-as-step", "2.3", "counts the final answer itself as one more step"),
    _n("steps-dedupe-identical-calls", "3.4", "counts repeated identical tool calls once"),
    _n("steps-count-reasoning-turns", "3.4", "counts reasoning turns (trace lines) as steps too"),
    _n(
        "answer-null-as-text",
        "2.3",
        'reads a null final_answer as the text "None", so a missing answer counts as produced',
    ),
    # §5.1 / §1.4 decision tables -----------------------------------------------------------------
    _n(
        "table-row2-before-row1",
        "5.1.row1",
        "evaluates row 2 before row 1: an agent that never concluded within budget is still"
        " credited with the root cause",
    ),
    _n(
        "table-row3-before-row2",
        "5.1.row2",
        "evaluates row 3 before row 2: a root-cause answer that also names the subsystem"
        " scores 0.5",
    ),
    _n("table-last-match-wins", "5.1", "lets the last matching row win instead of the first"),
    _n(
        "row3-ignores-echo",
        "5.1.row3",
        "does not pass exclude_tool_echo to the row 3 subsystem test",
    ),
    # §4 efficiency stance ------------------------------------------------------------------------
    _n(
        "metadata-wallclock-timeout",
        "4",
        "treats a run whose tool calls took over 300 s of wall-clock time as budget exhausted",
    ),
    _n(
        "metadata-wallclock-tiebreak",
        "4",
        "demotes a root-cause verdict to 0.5 when the run took over 60 s (wall-clock tie-break)",
    ),
    _n("metadata-token-cap", "4", "treats a run over 100000 tokens as budget exhausted"),
    _n(
        "metadata-step-economy",
        "4",
        "demotes a root-cause verdict to 0.5 when more than half the step budget was used",
    ),
    # Layer 3 bindings --------------------------------------------------------------------------
    _n(
        "bind-accepts-widened-channels",
        "2.5",
        "accepts (and searches) diagnosis channels wider than [agent_response]",
        note="widened channels are an open point (BIND-WIDENED-CHANNELS: reject the binding or"
        " disregard the widening); searching them matches neither reading, which in the corpus"
        " only that entry's ambiguity vectors show (the fuzzer judges both readings)",
        witness="ambiguity",
    ),
    _n(
        "bind-accepts-unregistered-primitive",
        "2.4",
        "accepts a composite predicate naming a primitive outside registry v1 (it evaluates false)",
    ),
    _n(
        "bind-accepts-declared-synonyms",
        "3.3",
        "accepts synonyms declared by the scenario, and matches them",
        note="a scenario's own synonyms are an open point (BIND-DECLARED-SYNONYMS: reject the"
        " binding or disregard them); matching them matches neither reading, which in the corpus"
        " only that entry's ambiguity vectors show (the fuzzer judges both readings)",
        witness="ambiguity",
    ),
    _n(
        "bind-no-factor-ref-check",
        "2.2",
        "does not check that factor.ref names an injection deviation (falls back to the first one)",
    ),
    _n(
        "bind-accepts-boolean-budget",
        "3.4",
        "accepts a boolean step_budget (true as 1), as a bool-is-int check does",
    ),
    _n(
        "bind-form-conflict-undetected",
        "1.3",
        "does not detect Form A fields next to a Form B block (scores it as Form B)",
    ),
    _n(
        "bind-accepts-unregistered-deviation-type",
        "3.3",
        "accepts a deviation type with no synonym list (scores it with the absent_key list)",
        witness="ambiguity",
        note=(
            "every vector with an unregistered type is a BIND-UNREGISTERED-TYPE ambiguity "
            "vector; the absent_key list credits a root cause that neither reading (reject, "
            "never identified) does"
        ),
    ),
    _n(
        "bind-accepts-empty-channels",
        "2.5",
        "accepts an empty channels array in a diagnosis binding (searches no channel)",
    ),
    _n("bind-template-prefix-match", "5.1", "accepts any C-DA-* template name as C-DA-001"),
    _n(
        "bind-restated-deviation-type-wins",
        "2.2",
        "reads the deviation type restated in the scoring block instead of the one in the injection"
        " manifest",
        witness="ambiguity",
        note=(
            "BIND-RESTATED's reference reading rejects every restating binding, so only its"
            " ambiguity vectors accept one; where the restated type differs from the manifest, the"
            " answer matches neither reading"
        ),
    ),
    _n(
        "composite-accepts-unknown-channel",
        "1.4",
        "accepts a composite predicate naming a channel the profile does not define",
    ),
    _n(
        "composite-exclude-tool-echo-defaults-true",
        "2.1",
        "defaults exclude_tool_echo to true in a composite predicate (clause 2.1's default is"
        " false: decided for a named_in_output predicate; for a factor_identified one the open"
        " point COMPOSITE-ECHO-OMITTED has no reading true)",
    ),
    _n(
        "bind-yaml11-coercions",
        "5.1",
        "binds roles with YAML 1.1 coercions: yes/on/y as true, numbers in a string array as"
        " their text, null items dropped (as a typed YAML decoder: yaml.v3 into Go fields)",
    ),
    _n(
        "bind-fractional-budget-truncated",
        "5.1",
        "truncates a fractional step_budget into an integer (1.5 binds as 1), as a typed decoder's"
        " float-to-int conversion does, instead of rejecting it",
    ),
    _n(
        "budget-int32",
        "5.1",
        "decodes step_budget into a 32-bit integer and refuses a budget above 2^31 - 1 as"
        " invalid_step_budget; the text bounds the integer nowhere (3000000000 is a valid"
        " ceiling)",
    ),
    _n(
        "bind-yaml11-loader",
        "5.1",
        "reads the scenario through a YAML 1.1 loader that types plain strings: yes/on/no as"
        " booleans, 0x1F, 017 and 1_000 as numbers, dates, null and ~ as null",
    ),
)


def ambiguity_mutants() -> tuple[Mutant, ...]:
    """One mutant per non-reference reading of every register entry."""
    reference = Readings()
    out = []
    for entry, readings in READINGS.items():
        for reading in readings:
            if reading == reference.get(entry):
                continue
            out.append(
                Mutant(
                    f"reading-{entry.lower()}-{reading}",
                    "ambiguity",
                    _REGISTER_CLAUSES[entry],
                    f"takes reading {reading} of {entry}",
                    readings={entry: reading},
                )
            )
    return tuple(out)


#: The clause each register entry belongs to (vectors/register.yaml; a test keeps them equal).
_REGISTER_CLAUSES = {
    "FOLD-MAPPING": "3.1",
    "FOLD-ORDER": "3.1",
    "DELIM-FOLDED": "3.1",
    "SENT-WS": "3.2",
    "SENT-NEWLINE": "3.2",
    "SYN-BOUNDARY": "3.3",
    "SYN-APOSTROPHE": "3.3",
    "SYN-FOLD-MAPPING": "3.3",
    "SYN-NFC": "3.3",
    "ECHO-LINE": "2.1",
    "ECHO-ERRORED": "2.1",
    "ECHO-COOCCUR": "2.2",
    "ANSWER-BLANK": "2.3",
    "UNICODE-CASE-VERSION": "3.1",
    "BIND-RESTATED": "2.2",
    "BIND-DECLARED-SYNONYMS": "3.3",
    "BIND-WIDENED-CHANNELS": "2.5",
    "BIND-EMPTY-IDENT": "1.3",
    "BIND-ECHO-OMITTED": "5.1",
    "BIND-DUPLICATE-CHANNEL": "2.5",
    "BIND-BUDGET-FLOAT": "5.1",
    "BIND-BUDGET-RANGE": "5.1",
    "BIND-EMPTY-SET": "5.1",
    "BIND-UNREGISTERED-TYPE": "3.3",
    "BIND-EXTRA-FIELD": "1.3",
    "ECHO-LINE-BREAK": "2.1",
    "ECHO-TRIM": "2.1",
    "UNICODE-NFC-VERSION": "3.1",
    "TEXT-SURROGATE": "3.1",
    "BIND-SURROGATE": "1.3",
    "WINDOW-BLANK": "2.2",
    "BIND-BUDGET-WIDTH": "5.1",
    "BIND-ECHO-NULL": "5.1",
    "COMPOSITE-DIAGNOSIS-TRACE": "2.5",
    "COMPOSITE-BESIDE-TEMPLATE": "1.4",
    "COMPOSITE-SCORE-RANGE": "1.4",
    "COMPOSITE-FIRST-MATCH": "1.4",
    "COMPOSITE-ECHO-OMITTED": "2.2",
}

#: Hooks that fix the clause 2.2 window at a radius, whatever the edition says: a hook is an
#: edition's own rule where the edition sets that radius (`co-occurrence-radius`).
WINDOW_HOOKS: Mapping[Hook, int] = {Hook.WINDOW_SAME_SENTENCE: 0, Hook.WINDOW_RADIUS_ONE: 1}


def edition_rules(edition: Edition) -> frozenset[Hook]:
    """The hooks that are `edition`'s own rule: under it they change nothing."""
    return frozenset(h for h, r in WINDOW_HOOKS.items() if r == edition.co_occurrence_radius)


#: Bundled edition -> its own rules (edition_rules), the default edition first.
EDITION_RULES: Mapping[str, frozenset[Hook]] = {
    name: edition_rules(edition) for name, edition in EDITIONS.items()
}


@functools.cache
def register_entries() -> dict[str, dict[str, Any]]:
    """The bundled register's entries by id (whether an entry is an open point of an edition
    is the edition's and the entry's data: Edition.holds_open)."""
    return {entry["id"]: entry for entry in corpus.load_catalog("register.yaml")["entries"]}

def _strategy(mid: str, clause: str, description: str, hooks: tuple[Hook, ...] = (), note: str = "",
              **readings: str) -> Mutant:
    """An implementation strategy that is a combination of catalog faults and register readings
    (keyword arguments: ENTRY_NAME=reading, ENTRY-NAME with underscores). Normative when it has a
    fault; else it follows readings only and is an ambiguity mutant."""
    chosen = {entry.replace("_", "-"): reading for entry, reading in readings.items()}
    kind: Kind = "normative" if hooks else "ambiguity"
    return Mutant(mid, kind, clause, description, frozenset(hooks), chosen, note=note)


#: Implementation strategies: how real code is written rather than how the text is misread.
#: A strategy with a behaviour of its own is a fault hook and a normative
#: mutant above (ident-regex-finditer-non-overlapping, ident-find-next-past-end,
#: ident-find-next-written-length, sent-terminator-before-closing-punctuation, bind-yaml11-loader,
#: bind-yaml11-coercions, bind-fractional-budget-truncated; tokenising on the delimiter class is
#: ident-token-equality, \b regexes ident-regex-word-boundary, str.lower()
#: fold-full-lowercase-final-sigma). The ones below combine faults and readings: a strategy that
#: only follows register readings is an ambiguity mutant (it must pass and be profiled). One that
#: is exactly one reading is that reading's mutant, not repeated here: a JSON decoder that makes
#: 15.0 an int (JSON.parse) is reading-bind-budget-float-accept, str.casefold() is
#: reading-fold-mapping-full-casefold, str.strip() for echo lines reading-echo-trim-python, a
#: struct decoder's restated deviation_type reading-bind-restated-ignore.
STRATEGIES: tuple[Mutant, ...] = (
    _strategy(
        "strategy-regex-split-lookbehind", "3.2",
        "splits sentences only at whitespace after a terminator (Python's \\s), never at a"
        " newline that follows no terminator (as re.split(r'(?<=[.!?])\\s+', text))",
        (Hook.SENT_NO_NEWLINE,), SENT_WS="python",
    ),
    _strategy(
        "strategy-str-splitlines", "3.2",
        "cuts the answer into lines at every Unicode line boundary (CR, LF, VT, FF, U+001C..U+001E,"
        " NEL, U+2028, U+2029) both for sentences and for echo lines (as str.splitlines())",
        SENT_NEWLINE="python-splitlines", ECHO_LINE_BREAK="python-splitlines",
    ),
    _strategy(
        "strategy-python-str-methods", "3.2",
        "takes whitespace after a terminator, line breaks, the trim of echo lines and of a blank"
        " answer, and case from one library's string defaults (as Python's re \\s, splitlines(),"
        " strip(), casefold())",
        SENT_WS="python", SENT_NEWLINE="python-splitlines", ECHO_LINE_BREAK="python-splitlines",
        ECHO_TRIM="python", ANSWER_BLANK="non-blank-python", FOLD_MAPPING="full-casefold",
        SYN_FOLD_MAPPING="full-casefold",
    ),
    _strategy(
        "strategy-go-strings-regexp", "3.2",
        "takes ASCII whitespace but VT after a terminator, lines at LF only, a Unicode trim of"
        " echo lines and of a blank answer, and a simple lowercase (as Go's regexp \\s,"
        " strings.Split, strings.TrimSpace, strings.ToLower)",
        SENT_WS="ascii-no-vt", SENT_NEWLINE="lf", ECHO_LINE_BREAK="lf", ECHO_TRIM="unicode",
        ANSWER_BLANK="non-blank",
    ),
    _strategy(
        "strategy-struct-decoder-drops-unknown", "1.3",
        "decodes the scoring block into a fixed struct that drops unknown fields: declared synonyms"
        " and a composite beside the template are ignored, a restated deviation_type too",
        BIND_DECLARED_SYNONYMS="disregard", BIND_RESTATED="ignore",
        COMPOSITE_BESIDE_TEMPLATE="template",
    ),
    _strategy(
        "strategy-yaml-v3-typed-decoder", "5.1",
        "decodes the binding into typed fields with YAML 1.1 coercions: yes/on/y as true, numbers"
        " in a string array as their text, null items dropped, 15.0 as 15 and 1.5 truncated to 1"
        " (as yaml.v3 into Go fields)",
        (Hook.BIND_YAML_COERCIONS, Hook.BIND_BUDGET_TRUNCATED), BIND_BUDGET_FLOAT="accept",
    ),
)

#: The field evaluator oasisctl (Go) as it really is (../shared/field/README.md; its source read
#: at f320327 and b789b6f; checked against the real build, tools/mutants/fieldcheck.py): how it
#: reads the open points, and its defects under the text. Where it takes the register's
#: reference reading nothing is overridden: simple per-rune lowercasing after NFC with Go's
#: Unicode 15.0 case tables (unicode-14-15), every occurrence tried, the ASCII delimiter class
#: on the folded text, case-folded substring synonyms, an echo line trimmed by strings.TrimSpace
#: (White_Space) and blanked, all non-empty results are bodies, a non-empty answer, errored
#: actions counted, blank segments dropped from the window (b789b6f), undefined fields ignored.
OASISCTL_READINGS = {
    "SENT-WS": "ascii",  # its own switch: space, TAB, LF, CR, VT, FF
    "SENT-NEWLINE": "lf",  # SplitSentences breaks on '\n' only
    "ECHO-LINE-BREAK": "lf",  # strings.Split(text, "\n"), lines joined again with LF
    # golang.org/x/text's NFC: v0.7.0 (Unicode 13.0) in the field build (Debian's package);
    # oasisctl's go.mod asks for v0.21.0 (15.0), which would be unicode-15
    "UNICODE-NFC-VERSION": "unicode-13",
    "BIND-EMPTY-IDENT": "accept-never-matches",  # its matcher returns false for ""
    "BIND-ECHO-OMITTED": "default-false",  # a Go bool's zero value, no role check
    "BIND-ECHO-NULL": "default-false",  # yaml.v3 leaves a bool at false for a null value
    "BIND-DUPLICATE-CHANNEL": "accept",  # each entry compared with agent_response
    "BIND-RESTATED": "ignore",  # no such field in its factor struct
    "BIND-DECLARED-SYNONYMS": "disregard",  # no synonyms field: yaml.v3 skips the key
    "BIND-BUDGET-FLOAT": "accept",  # yaml.v3 decodes 15.0 into an int field as 15
    "TEXT-SURROGATE": "replacement",  # encoding/json decodes the evidence's lone surrogates
    # the scenario goes through yaml.v3, which refuses a "\ud800" escape: a malformed document
    "BIND-SURROGATE": "reject-binding",
    "COMPOSITE-BESIDE-TEMPLATE": "template",  # no composite field: the template scores alone
    # yaml.v3 into a Go int: past 2^63 - 1 "cannot unmarshal", a malformed binding
    "BIND-BUDGET-WIDTH": "int64",
}

#: Its defects under the seed's text, each a catalog mutant of its own (so that a report on the
#: real oasisctl names each one).
OASISCTL_DEFECTS = frozenset({
    Hook.BIND_YAML_COERCIONS,  # yaml.v3 into bool, []string
    Hook.BIND_BUDGET_TRUNCATED,  # yaml.v3 float into int: 1.5 as 1
})

OASISCTL: tuple[Mutant, ...] = (
    Mutant(
        "oasisctl-pre-amendment",
        "normative",
        "2.2",
        "behaves as the field evaluator oasisctl up to f320327: its readings of the open points,"
        " its binding defects and the seed's same-sentence window",
        hooks=OASISCTL_DEFECTS | {Hook.WINDOW_SAME_SENTENCE},
        readings=OASISCTL_READINGS,
        note="a model of a real evaluator: each defect is a catalog mutant of its own and has"
        " its own signature; the model has none",
    ),
    Mutant(
        "oasisctl-radius-one",
        "normative",
        "2.2",
        "behaves as the field evaluator oasisctl from b789b6f: its readings of the open points,"
        " its binding defects and the 2026-08-22 radius-one co-occurrence window",
        hooks=OASISCTL_DEFECTS | {Hook.WINDOW_RADIUS_ONE},
        readings=OASISCTL_READINGS,
        note="a model of a real evaluator: each defect is a catalog mutant of its own and has"
        " its own signature; the model has none",
    ),
)

#: Models of real evaluators: combinations of catalog mutants, never a signature of their own.
MODELS = frozenset(m.id for m in OASISCTL)

CATALOG: tuple[Mutant, ...] = NORMATIVE + STRATEGIES + OASISCTL + ambiguity_mutants()


def by_id(mutant_id: str) -> Mutant:
    """The catalog mutant called `mutant_id` (KeyError when there is none)."""
    for mutant in CATALOG:
        if mutant.id == mutant_id:
            return mutant
    raise KeyError(f"no mutant {mutant_id!r} in the catalog")
