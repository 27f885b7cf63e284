"""What a vector's description says of its outcome, read back (rule `description-editions`).

A description states the case; where it also states an outcome (`...': False.`,
`-> row 3.`, `scores 0.5`), that outcome must hold under every edition the vector holds for,
or the description must state it per edition (it names the editions it speaks of). A claim
is read only where the outcome has the key it speaks of: `value` for a boolean, `row` for a
row, `score` for a score, so `exclude_tool_echo: true` in a scenario's description is no
claim about a verdict.
"""

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

#: Quoted answer text is the case, not a claim: 'SMTP_PORT: True.' inside quotes is data.
_QUOTED: Final = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_VALUE: Final = re.compile(r"(?::|->|=)\s*(True|False|true|false)\b")
_ROW: Final = re.compile(r"(?:->|:)\s*row\s*(\d+)\b")
_SCORE: Final = re.compile(r"\bscores\s+(\d\.\d+)\b")


@attrs.frozen
class Claim:
    """One outcome the description states: a key of the outcome and its value."""

    key: str
    value: Any
    text: str

    def holds_in(self, outcome: Mapping[str, Any]) -> bool | None:
        """Whether the outcome has this value (None: the outcome has no such key)."""
        if self.key not in outcome:
            return None
        if self.key == "score":
            return float(outcome["score"]) == float(self.value)
        return bool(outcome[self.key] == self.value)


def claims(description: str) -> list[Claim]:
    """The outcome claims of a description, quoted text left out."""
    text = _QUOTED.sub("''", description)
    found = [Claim("value", m[1].lower() == "true", m[0]) for m in _VALUE.finditer(text)]
    found += [Claim("row", int(m[1]), m[0]) for m in _ROW.finditer(text)]
    found += [Claim("score", m[1], m[0]) for m in _SCORE.finditer(text)]
    return found


def names_editions(description: str, editions: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the description speaks of more than one edition, i.e. states its outcome per
    edition: an edition is named by its name (not as the prefix of a longer one), by the date
    of its text, or, for the first-published text (no base), as "the seed"."""
    spoken = 0
    for edition in editions:
        date = (edition.get("text") or {}).get("date")
        marks = [re.escape(edition["name"]) + r"(?![+\w])"]
        marks += [re.escape(date)] if date else []
        marks += [r"\bseed\b"] if edition.get("base") is None else []
        if any(re.search(mark, description) for mark in marks):
            spoken += 1
    return spoken > 1


def contradictions(
    description: str, outcomes_by_edition: Mapping[str, Sequence[Mapping[str, Any]]]
) -> list[str]:
    """The claims some edition's expectation contradicts: a claim no outcome of that edition
    (one, or one per reading) satisfies, where those outcomes have its key. Per-edition
    statements are not read here (the caller knows)."""
    problems = []
    for claim in claims(description):
        for edition, outcomes in outcomes_by_edition.items():
            verdicts = [claim.holds_in(outcome) for outcome in outcomes]
            if verdicts and all(v is False for v in verdicts):
                problems.append(f"{claim.text!r} does not hold under edition {edition}")
    return problems


# Stating an outcome per edition ---------------------------------------------------------------

# A quoted stretch is kept as written; an outcome statement is a boolean after `:`/`->`/`=`,
# or a row after `->`/`:`, or such a statement made per edition already (`_restated`).


def _word(key: str, expectation: Mapping[str, Any]) -> str:
    """The expectation's value of `key` in a description's words."""
    expected = expectation.get("expected")
    if expected is None:
        return f"per {expectation['ambiguity']}"
    if key not in expected:
        return "binding error" if "binding_error" in expected else "another outcome"
    return f"row {expected['row']}" if key == "row" else str(expected["value"])


#: One outcome as `_word` states it under one edition ("row 2 under NAME").
_STATED_WORD: Final = r"(?:True|False|row \d+|per [A-Z0-9][A-Z0-9-]*|binding error|another outcome)"


def _restated(names: Iterable[str]) -> re.Pattern[str]:
    """An outcome statement already stated per edition, over editions named `names`, or one
    stated once."""
    longest_first = sorted(set(names), key=len, reverse=True)
    name = "(?:" + "|".join(re.escape(n) for n in longest_first) + ")(?![+\\w])"
    item = f"{_STATED_WORD} under {name}"
    return re.compile(
        r"(?P<quoted>'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"
        rf"|(?P<lead>(?::|->|=)\s*)(?:(?P<list>{item}(?:, {item})*)"
        r"|(?P<value>True|False|true|false)\b|row\s*(?P<row>\d+)\b)"
    )


def _key_of(match: re.Match[str], expectations: Mapping[str, Mapping[str, Any]]) -> str:
    """The outcome key a statement speaks of: its own words', else the outcomes'."""
    if match["value"] is not None:
        return "value"
    if match["row"] is not None:
        return "row"
    listed = match["list"]
    if re.search(r"\b(?:True|False) under ", listed):
        return "value"
    if re.search(r"\brow \d+ under ", listed):
        return "row"
    outcomes = [
        outcome
        for block in expectations.values()
        for outcome in [block.get("expected"), *(block.get("readings") or {}).values()]
        if outcome
    ]
    return "row" if any("row" in outcome for outcome in outcomes) else "value"


def per_edition(
    description: str,
    expectations: Mapping[str, Mapping[str, Any]],
    known: Iterable[str] = (),
) -> str:
    """`description` with each outcome statement (outside quotes) stated under each edition of
    `expectations` (edition name -> its expectation block), in their order. A statement made
    per edition already (over the editions of `expectations` or `known`) is stated again over
    `expectations`, so restating a restated description gives what restating the description
    as first written gives."""
    pattern = _restated([*expectations, *known])

    def restate(match: re.Match[str]) -> str:
        if match["quoted"] is not None:
            return match[0]
        key = _key_of(match, expectations)
        words = [f"{_word(key, block)} under {name}" for name, block in expectations.items()]
        return match["lead"] + ", ".join(words)

    return pattern.sub(restate, description)


def stated_per_edition(description: str, names: Iterable[str]) -> bool:
    """Whether `description` holds an outcome statement `per_edition` wrote over editions
    named `names`."""
    return any(m["list"] for m in _restated(names).finditer(description))


def described(
    description: str,
    expectations: Mapping[str, Mapping[str, Any]],
    catalog: Sequence[Mapping[str, Any]],
) -> str:
    """A vector's description under the catalog's editions (the generators' and `ratify`'s
    one statement of it): outcome statements stated per edition over `expectations` (the
    default edition's, then each edition's that differs, in the catalog's order); a
    description that speaks of the editions in its own words is left as written."""
    names = [edition["name"] for edition in catalog]
    if stated_per_edition(description, names) or not names_editions(description, catalog):
        return per_edition(description, expectations, names)
    return description
