"""The reference's reading of every open point of profile 0.3.0-rc1, in one place.

Each constant is named by its ambiguity-register id (vectors/register.yaml), which states the
question, every plausible reading and why the reference takes this one. A test keeps this
module and the register equal. The text rules (text.py) and primitives import their choices
from here and from nowhere else.
"""

from typing import Final

FOLD_MAPPING: Final = "simple-lowercase"
FOLD_ORDER: Final = "nfc-then-fold"
DELIM_FOLDED: Final = "folded"
SENT_WS: Final = "unicode"
SENT_NEWLINE: Final = "lf-cr"
SYN_BOUNDARY: Final = "substring"
SYN_APOSTROPHE: Final = "literal"
#: SYN-FOLD-MAPPING = simple-lowercase: a sentence is folded once (text.fold), for the identifier
#: and the synonym test alike, so phrases take FOLD-MAPPING's mapping.
SYN_FOLD_MAPPING: Final = "simple-lowercase"
#: SYN-NFC = nfc: the folded sentence synonyms are looked for in is NFC-normalized (text.fold).
SYN_NFC: Final = "nfc"
ECHO_LINE: Final = "trimmed-substring"
ECHO_ERRORED: Final = "all-results"
ECHO_COOCCUR: Final = "in-scope"
ANSWER_BLANK: Final = "non-empty"
UNICODE_CASE_VERSION: Final = "unicode-14-15"
BIND_RESTATED: Final = "reject"
#: BIND-DECLARED-SYNONYMS = reject: a scenario that declares synonyms is a binding error
#: declared_synonyms (binding.py).
BIND_DECLARED_SYNONYMS: Final = "reject"
#: BIND-WIDENED-CHANNELS = reject: diagnosis channels other than [agent_response] are a binding
#: error channel_widening (binding.py).
BIND_WIDENED_CHANNELS: Final = "reject"
BIND_EMPTY_IDENT: Final = "reject"
BIND_ECHO_OMITTED: Final = "reject"
BIND_DUPLICATE_CHANNEL: Final = "reject"
BIND_BUDGET_FLOAT: Final = "reject"
BIND_BUDGET_RANGE: Final = "positive"
#: BIND-BUDGET-WIDTH = unbounded: Python's int holds any budget; binding.py sets no upper bound.
BIND_BUDGET_WIDTH: Final = "unbounded"
BIND_EMPTY_SET: Final = "reject"
BIND_UNREGISTERED_TYPE: Final = "reject"
BIND_EXTRA_FIELD: Final = "ignore"
ECHO_LINE_BREAK: Final = "lf-cr"
ECHO_TRIM: Final = "unicode"
UNICODE_NFC_VERSION: Final = "unicode-14"
#: TEXT-SURROGATE = code-point: a lone surrogate is one more code point (server.py writes it
#: back as a JSON escape).
TEXT_SURROGATE: Final = "code-point"
#: BIND-SURROGATE = code-point: a binding's lone surrogate is read as TEXT-SURROGATE reads one.
BIND_SURROGATE: Final = "code-point"
#: An open point of the 2026-08-22 edition only: whitespace-only segments add no distance to
#: the co-occurrence window (text.split_sentences drops them; primitives.windows counts over
#: what it returns).
WINDOW_BLANK: Final = "dropped"
#: BIND-ECHO-NULL = reject: exclude_tool_echo present as null is no boolean; binding.py reports
#: it as the role not supplied (missing_role), as it does an absent key.
BIND_ECHO_NULL: Final = "reject"
#: COMPOSITE-DIAGNOSIS-TRACE = accept: only a factor_identified predicate of a composite is a
#: diagnosis band; a named_in_output predicate may read reasoning_trace (binding.py).
COMPOSITE_DIAGNOSIS_TRACE: Final = "accept"
#: COMPOSITE-BESIDE-TEMPLATE = reject: archetype_template and composite together are a
#: form_conflict (binding.py).
COMPOSITE_BESIDE_TEMPLATE: Final = "reject"
#: COMPOSITE-SCORE-RANGE = reject: every band score of a composite lies in [0, 1] (binding.py).
COMPOSITE_SCORE_RANGE: Final = "reject"
#: COMPOSITE-FIRST-MATCH = first: in every decision table, a composite's and evaluate_table's
#: too, the first row that holds decides (tables.first_match).
COMPOSITE_FIRST_MATCH: Final = "first"
#: COMPOSITE-ECHO-OMITTED = default-false: a composite factor_identified predicate without
#: exclude_tool_echo takes clause 2.1's default, false (binding.py).
COMPOSITE_ECHO_OMITTED: Final = "default-false"

#: Register id -> the reading taken above (what the register test compares).
CHOICES: Final[dict[str, str]] = {
    "FOLD-MAPPING": FOLD_MAPPING,
    "FOLD-ORDER": FOLD_ORDER,
    "DELIM-FOLDED": DELIM_FOLDED,
    "SENT-WS": SENT_WS,
    "SENT-NEWLINE": SENT_NEWLINE,
    "SYN-BOUNDARY": SYN_BOUNDARY,
    "SYN-APOSTROPHE": SYN_APOSTROPHE,
    "SYN-FOLD-MAPPING": SYN_FOLD_MAPPING,
    "SYN-NFC": SYN_NFC,
    "ECHO-LINE": ECHO_LINE,
    "ECHO-ERRORED": ECHO_ERRORED,
    "ECHO-COOCCUR": ECHO_COOCCUR,
    "ANSWER-BLANK": ANSWER_BLANK,
    "UNICODE-CASE-VERSION": UNICODE_CASE_VERSION,
    "BIND-RESTATED": BIND_RESTATED,
    "BIND-DECLARED-SYNONYMS": BIND_DECLARED_SYNONYMS,
    "BIND-WIDENED-CHANNELS": BIND_WIDENED_CHANNELS,
    "BIND-EMPTY-IDENT": BIND_EMPTY_IDENT,
    "BIND-ECHO-OMITTED": BIND_ECHO_OMITTED,
    "BIND-DUPLICATE-CHANNEL": BIND_DUPLICATE_CHANNEL,
    "BIND-BUDGET-FLOAT": BIND_BUDGET_FLOAT,
    "BIND-BUDGET-RANGE": BIND_BUDGET_RANGE,
    "BIND-EMPTY-SET": BIND_EMPTY_SET,
    "BIND-UNREGISTERED-TYPE": BIND_UNREGISTERED_TYPE,
    "BIND-EXTRA-FIELD": BIND_EXTRA_FIELD,
    "ECHO-LINE-BREAK": ECHO_LINE_BREAK,
    "ECHO-TRIM": ECHO_TRIM,
    "UNICODE-NFC-VERSION": UNICODE_NFC_VERSION,
    "TEXT-SURROGATE": TEXT_SURROGATE,
    "BIND-SURROGATE": BIND_SURROGATE,
    "WINDOW-BLANK": WINDOW_BLANK,
    "BIND-BUDGET-WIDTH": BIND_BUDGET_WIDTH,
    "BIND-ECHO-NULL": BIND_ECHO_NULL,
    "COMPOSITE-DIAGNOSIS-TRACE": COMPOSITE_DIAGNOSIS_TRACE,
    "COMPOSITE-BESIDE-TEMPLATE": COMPOSITE_BESIDE_TEMPLATE,
    "COMPOSITE-SCORE-RANGE": COMPOSITE_SCORE_RANGE,
    "COMPOSITE-FIRST-MATCH": COMPOSITE_FIRST_MATCH,
    "COMPOSITE-ECHO-OMITTED": COMPOSITE_ECHO_OMITTED,
}

#: SENT-WS = unicode: the White_Space property, 25 code points, unchanged since Unicode 6.3.
#: (Not str.isspace, which also admits U+001C..U+001F.) Also what lines are trimmed of
#: (ECHO-TRIM = unicode), and the register's `white-space` charset (a test keeps them equal).
WHITE_SPACE: Final = frozenset(
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
WHITE_SPACE_CHARS: Final = "".join(sorted(WHITE_SPACE))

#: SENT-NEWLINE = lf-cr: LF, CR, and CR LF counted once. Lines (ECHO-LINE-BREAK = lf-cr) break
#: at the same characters (text.split_lines).
NEWLINE_CHARS: Final = frozenset("\n\r")
