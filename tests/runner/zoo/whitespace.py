"""A candidate that reads clause 3.2's "whitespace" as the set ZOO_WHITE_SPACE names
(comma-separated U+XXXX code points and U+XXXX..U+YYYY ranges), and otherwise answers like the
reference: e.g. a JavaScript `\\s` without U+FEFF, which lacks U+0085 and matches no reading of
SENT-WS, or the set of any reading, which must be certified.
"""

import os

import _zoo

from oasis_si_conformance.corpus.charsets import parse_items
from oasis_si_reference import text

text.WHITE_SPACE = parse_items(os.environ["ZOO_WHITE_SPACE"].split(","))

_zoo.serve()
