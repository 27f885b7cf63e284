"""One field per entry of the ambiguity register (vectors/register.yaml).

Each field holds the name of the reading taken for that open point; the default is the reading
the register marks `reference`. `READINGS` lists every reading of every entry, written here from
the register's prose (a test keeps both equal, so a new entry or reading cannot go unnoticed).
"""

from typing import Any

import attrs

#: Every reading of every register entry, keyed by register id. The first is the reference's.
READINGS: dict[str, tuple[str, ...]] = {
    "FOLD-MAPPING": ("simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold"),
    "FOLD-ORDER": ("nfc-then-fold", "fold-then-nfc"),
    "DELIM-FOLDED": ("folded", "unfolded"),
    "SENT-WS": ("unicode", "ascii"),
    "SENT-NEWLINE": ("lf-cr", "lf", "unicode"),
    "SYN-BOUNDARY": ("substring", "delimited", "word-boundary"),
    "SYN-APOSTROPHE": ("literal", "typographic"),
    "ECHO-LINE": ("trimmed-substring", "exact-substring", "trimmed-line-equal", "exact-line-equal"),
    "ECHO-ERRORED": ("all-results", "successful-only", "results-and-errors"),
    "ECHO-COOCCUR": ("in-scope", "full-text"),
    "ANSWER-BLANK": ("non-empty", "non-blank"),
    "UNICODE-VERSION": ("unicode-14", "unicode-16"),
    "BIND-RESTATED": ("reject", "ignore"),
    "BIND-EMPTY-IDENT": ("reject", "accept"),
    "WINDOW-BLANK": ("dropped", "counted"),
}


def field_name(entry: str) -> str:
    """The attribute of `Readings` that holds register entry `entry` (FOLD-MAPPING -> fold_mapping)."""
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
    echo_line: str = attrs.field(default="trimmed-substring", validator=_one_of("ECHO-LINE"))
    echo_errored: str = attrs.field(default="all-results", validator=_one_of("ECHO-ERRORED"))
    echo_cooccur: str = attrs.field(default="in-scope", validator=_one_of("ECHO-COOCCUR"))
    answer_blank: str = attrs.field(default="non-empty", validator=_one_of("ANSWER-BLANK"))
    unicode_version: str = attrs.field(default="unicode-14", validator=_one_of("UNICODE-VERSION"))
    bind_restated: str = attrs.field(default="reject", validator=_one_of("BIND-RESTATED"))
    bind_empty_ident: str = attrs.field(default="reject", validator=_one_of("BIND-EMPTY-IDENT"))
    window_blank: str = attrs.field(default="dropped", validator=_one_of("WINDOW-BLANK"))

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
    """`ENTRY=READING` strings (the CLI's --reading) applied to `base` (default: the reference's)."""
    readings = base or Readings()
    for pair in pairs:
        entry, sep, reading = pair.partition("=")
        if not sep:
            raise ValueError(f"--reading wants ENTRY=READING, got {pair!r}")
        readings = readings.with_reading(entry.strip(), reading.strip())
    return readings
