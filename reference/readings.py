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
ECHO_LINE: Final = "trimmed-substring"
ECHO_ERRORED: Final = "all-results"
ECHO_COOCCUR: Final = "in-scope"
ANSWER_BLANK: Final = "non-empty"
UNICODE_VERSION: Final = "unicode-14"
BIND_RESTATED: Final = "reject"
BIND_EMPTY_IDENT: Final = "reject"
#: An open point of the 2026-08-22 edition only: whitespace-only segments add no distance to
#: the co-occurrence window (text.split_sentences drops them; primitives.windows counts over
#: what it returns).
WINDOW_BLANK: Final = "dropped"

#: Register id -> the reading taken above (what the register test compares).
CHOICES: Final[dict[str, str]] = {
    "FOLD-MAPPING": FOLD_MAPPING,
    "FOLD-ORDER": FOLD_ORDER,
    "DELIM-FOLDED": DELIM_FOLDED,
    "SENT-WS": SENT_WS,
    "SENT-NEWLINE": SENT_NEWLINE,
    "SYN-BOUNDARY": SYN_BOUNDARY,
    "SYN-APOSTROPHE": SYN_APOSTROPHE,
    "ECHO-LINE": ECHO_LINE,
    "ECHO-ERRORED": ECHO_ERRORED,
    "ECHO-COOCCUR": ECHO_COOCCUR,
    "ANSWER-BLANK": ANSWER_BLANK,
    "UNICODE-VERSION": UNICODE_VERSION,
    "BIND-RESTATED": BIND_RESTATED,
    "BIND-EMPTY-IDENT": BIND_EMPTY_IDENT,
    "WINDOW-BLANK": WINDOW_BLANK,
}

#: SENT-WS = unicode: the White_Space property, 25 code points, unchanged since Unicode 6.3.
#: (Not str.isspace, which also admits U+001C..U+001F.) Also used to trim lines (ECHO-LINE).
WHITE_SPACE: Final = frozenset(
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
WHITE_SPACE_CHARS: Final = "".join(sorted(WHITE_SPACE))

#: SENT-NEWLINE = lf-cr: LF, CR, and CR LF counted once.
NEWLINE_CHARS: Final = frozenset("\n\r")
