"""One field per entry of the ambiguity register (vectors/register.yaml).

Each field holds the name of the reading taken for that open point; the default is the reading
the register marks `reference`. `READINGS` lists every reading of every entry, written here from
the register's prose (a test keeps both equal, so a new entry or reading cannot go unnoticed).
"""

from typing import Any

import attrs

#: Every reading of every register entry, keyed by register id. The first is the reference's.
READINGS: dict[str, tuple[str, ...]] = {
    "FOLD-MAPPING": (
        "simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold", "upper-lower",
    ),
    "FOLD-ORDER": ("nfc-then-fold", "fold-then-nfc"),
    "DELIM-FOLDED": ("folded", "unfolded"),
    "SENT-WS": ("unicode", "ascii", "python", "ecmascript", "java", "ascii-no-vt"),
    "SENT-NEWLINE": (
        "lf-cr", "lf", "unicode", "python-splitlines", "java-scanner", "ecmascript", "dotnet"
    ),
    "SYN-BOUNDARY": ("substring", "delimited", "word-boundary", "ascii-word-boundary"),
    "SYN-APOSTROPHE": ("literal", "typographic"),
    "SYN-FOLD-MAPPING": (
        "simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold", "upper-lower",
    ),
    "SYN-NFC": ("nfc", "no-nfc"),
    "ECHO-LINE": ("trimmed-substring", "exact-substring", "trimmed-line-equal", "exact-line-equal"),
    "ECHO-ERRORED": ("all-results", "successful-only", "results-and-errors"),
    "ECHO-COOCCUR": ("in-scope", "full-text"),
    "ANSWER-BLANK": (
        "non-empty",
        "non-blank",
        "non-blank-python",
        "non-blank-ecmascript",
        "non-blank-java",
        "non-blank-java-trim",
        "non-blank-ascii",
        "non-blank-ascii-no-vt",
    ),
    "UNICODE-CASE-VERSION": ("unicode-14-15", "unicode-13", "unicode-16", "unicode-17"),
    "BIND-RESTATED": ("reject", "ignore"),
    "BIND-DECLARED-SYNONYMS": ("reject", "disregard"),
    "BIND-WIDENED-CHANNELS": ("reject", "disregard"),
    "BIND-EMPTY-IDENT": ("reject", "accept", "accept-never-matches"),
    "BIND-ECHO-OMITTED": ("reject", "default-false"),
    "BIND-DUPLICATE-CHANNEL": ("reject", "accept"),
    "BIND-BUDGET-FLOAT": ("reject", "accept"),
    "BIND-BUDGET-RANGE": ("positive", "non-negative", "any-integer"),
    "BIND-EMPTY-SET": ("reject", "accept"),
    "BIND-UNREGISTERED-TYPE": ("reject", "never-identified"),
    "BIND-EXTRA-FIELD": ("ignore", "reject"),
    "ECHO-LINE-BREAK": (
        "lf-cr", "lf", "unicode", "python-splitlines", "java-scanner", "ecmascript", "dotnet"
    ),
    "ECHO-TRIM": ("unicode", "ascii", "python", "ecmascript", "java", "java-trim", "ascii-no-vt"),
    "UNICODE-NFC-VERSION": (
        "unicode-14", "unicode-13", "unicode-15", "unicode-16", "unicode-17",
    ),
    "TEXT-SURROGATE": ("code-point", "replacement", "reject"),
    "BIND-SURROGATE": ("code-point", "replacement", "reject-binding", "reject-request"),
    "WINDOW-BLANK": ("dropped", "counted"),
    "BIND-BUDGET-WIDTH": ("unbounded", "int64", "uint64"),
    "BIND-ECHO-NULL": ("reject", "default-false"),
    "COMPOSITE-DIAGNOSIS-TRACE": ("accept", "reject"),
    "COMPOSITE-BESIDE-TEMPLATE": ("reject", "template"),
    "COMPOSITE-SCORE-RANGE": ("reject", "as-written"),
    "COMPOSITE-FIRST-MATCH": ("first", "unique", "highest"),
    "COMPOSITE-ECHO-OMITTED": ("default-false", "reject"),
}


def field_name(entry: str) -> str:
    """The attribute of `Readings` that holds register entry `entry` (FOLD-MAPPING ->
    fold_mapping)."""
    return entry.lower().replace("-", "_")


def _one_of(entry: str) -> Any:
    return attrs.validators.in_(READINGS[entry])


@attrs.frozen
class Readings:
    """The reading taken for every open point of 0.3.0-rc1 (defaults: the register's reference)."""

    fold_mapping: str = attrs.field(default="simple-lowercase", validator=_one_of("FOLD-MAPPING"))
    fold_order: str = attrs.field(default="nfc-then-fold", validator=_one_of("FOLD-ORDER"))
    delim_folded: str = attrs.field(default="folded", validator=_one_of("DELIM-FOLDED"))
    sent_ws: str = attrs.field(default="unicode", validator=_one_of("SENT-WS"))
    sent_newline: str = attrs.field(default="lf-cr", validator=_one_of("SENT-NEWLINE"))
    syn_boundary: str = attrs.field(default="substring", validator=_one_of("SYN-BOUNDARY"))
    syn_apostrophe: str = attrs.field(default="literal", validator=_one_of("SYN-APOSTROPHE"))
    syn_fold_mapping: str = attrs.field(
        default="simple-lowercase", validator=_one_of("SYN-FOLD-MAPPING")
    )
    syn_nfc: str = attrs.field(default="nfc", validator=_one_of("SYN-NFC"))
    echo_line: str = attrs.field(default="trimmed-substring", validator=_one_of("ECHO-LINE"))
    echo_errored: str = attrs.field(default="all-results", validator=_one_of("ECHO-ERRORED"))
    echo_cooccur: str = attrs.field(default="in-scope", validator=_one_of("ECHO-COOCCUR"))
    answer_blank: str = attrs.field(default="non-empty", validator=_one_of("ANSWER-BLANK"))
    unicode_case_version: str = attrs.field(
        default="unicode-14-15", validator=_one_of("UNICODE-CASE-VERSION")
    )
    bind_restated: str = attrs.field(default="reject", validator=_one_of("BIND-RESTATED"))
    bind_declared_synonyms: str = attrs.field(
        default="reject", validator=_one_of("BIND-DECLARED-SYNONYMS")
    )
    bind_widened_channels: str = attrs.field(
        default="reject", validator=_one_of("BIND-WIDENED-CHANNELS")
    )
    bind_empty_ident: str = attrs.field(default="reject", validator=_one_of("BIND-EMPTY-IDENT"))
    bind_echo_omitted: str = attrs.field(default="reject", validator=_one_of("BIND-ECHO-OMITTED"))
    bind_duplicate_channel: str = attrs.field(
        default="reject", validator=_one_of("BIND-DUPLICATE-CHANNEL")
    )
    bind_budget_float: str = attrs.field(default="reject", validator=_one_of("BIND-BUDGET-FLOAT"))
    bind_budget_range: str = attrs.field(default="positive", validator=_one_of("BIND-BUDGET-RANGE"))
    bind_empty_set: str = attrs.field(default="reject", validator=_one_of("BIND-EMPTY-SET"))
    bind_unregistered_type: str = attrs.field(
        default="reject", validator=_one_of("BIND-UNREGISTERED-TYPE")
    )
    bind_extra_field: str = attrs.field(default="ignore", validator=_one_of("BIND-EXTRA-FIELD"))
    echo_line_break: str = attrs.field(default="lf-cr", validator=_one_of("ECHO-LINE-BREAK"))
    echo_trim: str = attrs.field(default="unicode", validator=_one_of("ECHO-TRIM"))
    unicode_nfc_version: str = attrs.field(
        default="unicode-14", validator=_one_of("UNICODE-NFC-VERSION")
    )
    text_surrogate: str = attrs.field(default="code-point", validator=_one_of("TEXT-SURROGATE"))
    bind_surrogate: str = attrs.field(default="code-point", validator=_one_of("BIND-SURROGATE"))
    window_blank: str = attrs.field(default="dropped", validator=_one_of("WINDOW-BLANK"))
    bind_budget_width: str = attrs.field(
        default="unbounded", validator=_one_of("BIND-BUDGET-WIDTH")
    )
    bind_echo_null: str = attrs.field(default="reject", validator=_one_of("BIND-ECHO-NULL"))
    composite_diagnosis_trace: str = attrs.field(
        default="accept", validator=_one_of("COMPOSITE-DIAGNOSIS-TRACE")
    )
    composite_beside_template: str = attrs.field(
        default="reject", validator=_one_of("COMPOSITE-BESIDE-TEMPLATE")
    )
    composite_score_range: str = attrs.field(
        default="reject", validator=_one_of("COMPOSITE-SCORE-RANGE")
    )
    composite_first_match: str = attrs.field(
        default="first", validator=_one_of("COMPOSITE-FIRST-MATCH")
    )
    composite_echo_omitted: str = attrs.field(
        default="default-false", validator=_one_of("COMPOSITE-ECHO-OMITTED")
    )

    def get(self, entry: str) -> str:
        """The reading taken for register entry `entry`."""
        return str(getattr(self, field_name(entry)))

    def with_reading(self, entry: str, reading: str) -> "Readings":
        """A copy taking `reading` for `entry` (KeyError/ValueError on unknown names)."""
        if entry not in READINGS:
            raise KeyError(f"no register entry {entry!r}")
        return attrs.evolve(self, **{field_name(entry): reading})

    def differences(self) -> dict[str, str]:
        """The entries whose reading is not the reference's, by register id."""
        default = Readings()
        return {e: self.get(e) for e in READINGS if self.get(e) != default.get(e)}


def parse_overrides(pairs: list[str], base: Readings | None = None) -> Readings:
    """`ENTRY=READING` strings (the CLI's --reading) applied to `base` (default: the
    reference's)."""
    readings = base or Readings()
    for pair in pairs:
        entry, sep, reading = pair.partition("=")
        if not sep:
            raise ValueError(f"--reading wants ENTRY=READING, got {pair!r}")
        readings = readings.with_reading(entry.strip(), reading.strip())
    return readings
