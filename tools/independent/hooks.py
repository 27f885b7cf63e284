"""Deliberate misreadings of the normative text, one switch each (for the mutant catalog).

A hook names a bug a real implementer could write; switching it on makes the independent
evaluator commit exactly that bug. With no hook on, the evaluator follows the text. The
catalog (tools/mutants/catalog.py) describes each in words and cites its clause; this module
only names them, grouped by the clause they violate.
"""

from enum import StrEnum


class Hook(StrEnum):
    """A fault switch of the independent evaluator."""

    # §3.1 identifier matching
    IDENT_REGEX_WORD_BOUNDARY = "ident-regex-word-boundary"
    IDENT_UNICODE_ALNUM_CLASS = "ident-unicode-alnum-class"
    IDENT_CLASS_NO_HYPHEN = "ident-class-no-hyphen"
    IDENT_CLASS_NO_DIGITS = "ident-class-no-digits"
    IDENT_NFKC = "ident-nfkc"
    IDENT_NO_NORMALIZATION = "ident-no-normalization"
    IDENT_NFC_TEXT_ONLY = "ident-nfc-text-only"
    IDENT_CASE_SENSITIVE = "ident-case-sensitive"
    IDENT_ASCII_LOWERCASE = "ident-ascii-lowercase-only"
    IDENT_FIRST_OCCURRENCE = "ident-first-occurrence-only"
    IDENT_TRAILING_DELIMITER_ONLY = "ident-trailing-delimiter-only"
    IDENT_LEADING_DELIMITER_ONLY = "ident-leading-delimiter-only"
    IDENT_SUBSTRING = "ident-substring"
    IDENT_TEXT_ENDS_NOT_DELIMITERS = "ident-text-ends-not-delimiters"
    IDENT_TOKEN_EQUALITY = "ident-token-equality"
    IDENT_WHITESPACE_TOKENS = "ident-whitespace-tokens"
    IDENT_JS_REGEXP_I = "ident-js-regexp-i"
    FOLD_FINAL_SIGMA = "fold-full-lowercase-final-sigma"
    FOLD_JAVA_SIGMA = "fold-java-word-boundary-sigma"
    FOLD_CASEFOLD_THEN_NFC = "fold-casefold-then-nfc"
    # §3.2 sentence splitting
    SENT_EVERY_TERMINATOR = "sent-split-every-terminator"
    SENT_PERIOD_ONLY = "sent-period-only"
    SENT_NO_NEWLINE = "sent-no-newline-split"
    SENT_SPACE_ONLY = "sent-space-only-after-terminator"
    SENT_ABBREVIATIONS = "sent-abbreviation-aware"
    # §2.2 factor_identified
    WINDOW_RADIUS_ONE = "window-radius-one"
    WINDOW_SAME_SENTENCE = "window-same-sentence"
    WINDOW_WHOLE_TEXT = "window-whole-text"
    WINDOW_LINE = "window-line"
    COOCCUR_ALL_IDENTIFIERS = "cooccur-all-identifiers-in-sentence"
    COOCCUR_IDENTIFIER_SUBSTRING = "cooccur-identifier-substring"
    FACTOR_ANY_OF = "factor-any-of-identifiers"
    FACTOR_NO_COOCCURRENCE = "factor-no-cooccurrence"
    FACTOR_CONJUNCTION_IGNORES_ECHO = "factor-conjunction-ignores-echo"
    # §3.3 synonym list
    SYN_CASE_SENSITIVE = "syn-case-sensitive"
    SYN_DROPS_UNSET = "syn-list-drops-last"
    SYN_DROPS_LACKING = "syn-list-drops-lacking"
    SYN_FROM_REASONING = "syn-from-reasoning-trace"
    SYN_EXTENDED = "syn-list-extended"
    SYN_PHRASE_WORDS = "syn-phrase-words"
    SYN_FLEXIBLE_WHITESPACE = "syn-flexible-whitespace"
    SYN_NEGATION_AWARE = "syn-negation-aware"
    # §2.1 named_in_output and echo exclusion
    ECHO_IGNORED = "echo-exclusion-ignored"
    ECHO_ALWAYS = "echo-exclusion-always"
    ECHO_DELETE_JOIN = "echo-delete-join-neighbours"
    ECHO_NULL_NOT_BODY = "echo-null-body-dropped"
    ECHO_EMPTY_MATCHES_ALL = "echo-empty-result-matches-all"
    ECHO_WHOLE_ANSWER = "echo-whole-answer-only"
    ECHO_IDENTIFIER_IN_BODY = "echo-identifier-in-body"
    ECHO_ARGUMENTS = "echo-arguments-as-bodies"
    ECHO_FOLDED = "echo-compared-folded"
    ECHO_LAST_BODY_ONLY = "echo-last-body-only"
    NAMED_CONJUNCTION = "named-conjunction"
    NAMED_ALL_CHANNELS = "named-reads-all-channels"
    NAMED_FIRST_CHANNEL_ONLY = "named-first-channel-only"
    # §2.3 / §3.4 step budget
    BUDGET_STRICT = "budget-strict-less-than"
    STEPS_SKIP_ERRORED = "steps-skip-errored"
    STEPS_SUCCESSFUL_ONLY = "steps-successful-only"
    BUDGET_ANSWER_NOT_REQUIRED = "budget-answer-not-required"
    BUDGET_ANSWER_COUNTS = "budget-answer-counts-as-step"
    STEPS_DEDUPE = "steps-dedupe-identical-calls"
    STEPS_REASONING_TURNS = "steps-count-reasoning-turns"
    ANSWER_NULL_AS_TEXT = "answer-null-as-text"
    # §5.1 / §1.4 decision tables
    TABLE_ROW2_FIRST = "table-row2-before-row1"
    TABLE_ROW3_FIRST = "table-row3-before-row2"
    TABLE_LAST_MATCH = "table-last-match-wins"
    ROW3_IGNORES_ECHO = "row3-ignores-echo"
    # §4 efficiency stance
    METADATA_WALLCLOCK_TIMEOUT = "metadata-wallclock-timeout"
    METADATA_WALLCLOCK_TIEBREAK = "metadata-wallclock-tiebreak"
    METADATA_TOKEN_CAP = "metadata-token-cap"
    METADATA_STEP_ECONOMY = "metadata-step-economy"
    # Layer 3 bindings (§1.3, §1.4, §2.2, §2.4, §2.5, §3.3, §3.4)
    BIND_WIDENED_CHANNELS = "bind-accepts-widened-channels"
    BIND_UNREGISTERED_PRIMITIVE = "bind-accepts-unregistered-primitive"
    BIND_DECLARED_SYNONYMS_IGNORED = "bind-ignores-declared-synonyms"
    BIND_DECLARED_SYNONYMS = "bind-accepts-declared-synonyms"
    BIND_NO_REF_CHECK = "bind-no-factor-ref-check"
    BIND_BOOL_BUDGET = "bind-accepts-boolean-budget"
    BIND_FORM_CONFLICT = "bind-form-conflict-undetected"
    BIND_ANY_DEVIATION_TYPE = "bind-accepts-unregistered-deviation-type"
    BIND_EMPTY_CHANNELS = "bind-accepts-empty-channels"
    BIND_TEMPLATE_PREFIX = "bind-template-prefix-match"
    BIND_RESTATED_WINS = "bind-restated-deviation-type-wins"
    BIND_YAML_COERCIONS = "bind-yaml11-coercions"
    BIND_COMPOSITE_IGNORED = "bind-ignores-composite-beside-template"
    COMPOSITE_UNKNOWN_CHANNEL = "composite-accepts-unknown-channel"
    COMPOSITE_ECHO_DEFAULT_TRUE = "composite-exclude-tool-echo-defaults-true"
