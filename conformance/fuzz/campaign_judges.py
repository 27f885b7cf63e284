"""Judges a campaign adds for open points a single run keeps off, and what an answer follows.

A campaign (campaign.py) judges a case on such a point by the verdict under each of the point's
readings, computed as ground.py's judges are: the reference's verdict on the case transformed
so that the reference's reading gives the other reading's verdict (CAMPAIGN_JUDGES). A case
that a single run would skip for one such point alone, in an operation its judge reads, is
planned with those verdicts (`plan_case`); the readings whose verdicts an answer satisfies are
what it follows (`followed`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.fuzz import ground, strategies
from oasis_si_conformance.fuzz.differential import Planned, expected_outcome, plan
from oasis_si_schemas.editions import Edition

# Judges of points a single run keeps off ------------------------------------------------------


def _placeholder(text: str) -> str:
    """A private-use character the text does not hold: no whitespace, newline or terminator
    under any reading."""
    return next(chr(code) for code in range(0xE000, 0xF900) if chr(code) not in text)


def _sent_ws_text(text: str, reading: str) -> tuple[str, str, list[str]]:
    """§3.2 under SENT-WS `reading`, as a text the reference splits the same way: after a
    terminator, a disputed character that `reading` counts as whitespace and the reference
    does not gets a LF before it (the reference splits there; the LF makes only an empty
    segment, which is dropped); one that the reference counts and `reading` does not is
    replaced by a placeholder (no split), written back afterwards. Returns the text, the
    placeholder and the characters it stands for, in order."""
    sets = ground.reading_sets("SENT-WS")
    reference = sets[ground.readings_of(ground.POINT["SENT-WS"])[0]]
    chosen = sets[reading]
    placeholder = _placeholder(text)
    out: list[str] = []
    replaced: list[str] = []
    for index, char in enumerate(text):
        after_terminator = index > 0 and text[index - 1] in ground.TERMINATORS
        if after_terminator and char in ground.SENT_WS_DISPUTED:
            if char in chosen and char not in reference:
                out.append("\n" + char)
                continue
            if char in reference and char not in chosen:
                out.append(placeholder)
                replaced.append(char)
                continue
        out.append(char)
    return "".join(out), placeholder, replaced


def _sent_ws_outcome(case: dict[str, Any], reading: str, edition: Edition) -> dict[str, Any]:
    """The verdict on a split_sentences case under SENT-WS `reading`: the reference's on the
    transformed text, each placeholder written back as the character it stands for."""
    transformed, placeholder, replaced = _sent_ws_text(case["input"]["text"], reading)
    moved = strategies.clone(case)
    moved["input"]["text"] = transformed
    outcome = expected_outcome(moved, edition)
    if not replaced or "sentences" not in outcome:
        return outcome
    characters = iter(replaced)
    sentences = []
    for sentence in outcome["sentences"]:
        parts = sentence.split(placeholder)
        written = parts[0]
        for part in parts[1:]:
            written += next(characters) + part
        sentences.append(written)
    return {**outcome, "sentences": sentences}


#: TRACE-LIST: how each reading joins a reasoning_trace recorded as a list of strings.
TRACE_JOINS: Final = {"lf": "\n", "space": " ", "nothing": ""}


def _trace_list_outcome(
    case: dict[str, Any], reading: str, edition: Edition
) -> dict[str, Any] | None:
    """The verdict on a case whose reasoning_trace is a list, under TRACE-LIST `reading`: the
    reference's on the case with the trace joined as the reading joins it; None when the
    joined text touches an open point (then the reading's verdict is not the text's alone)."""
    moved = strategies.clone(case)
    evidence = moved["input"]["evidence"]
    evidence["reasoning_trace"] = TRACE_JOINS[reading].join(evidence["reasoning_trace"])
    if ground.register_points(moved, edition.name):
        return None
    return expected_outcome(moved, edition)


@attrs.frozen
class CampaignJudge:
    """The verdict under each reading of a point that a single run keeps off, in the
    operations whose cases the judge reads (None: this case is off ground for the reading)."""

    operations: tuple[str, ...]
    outcome: Callable[[dict[str, Any], str, Edition], dict[str, Any] | None]


CAMPAIGN_JUDGES: Final[dict[str, CampaignJudge]] = {
    "SENT-WS": CampaignJudge(("split_sentences",), _sent_ws_outcome),
    "TRACE-LIST": CampaignJudge(
        ("named_in_output", "factor_identified", "score_scenario"), _trace_list_outcome
    ),
}


def plan_case(
    index: int, case: dict[str, Any], choices: Sequence[int], edition: Edition
) -> Planned | frozenset[str]:
    """The case planned as a single run plans it; a case that a single run would skip only
    for one point that CAMPAIGN_JUDGES judges in its operation is planned with the verdict of
    each of the point's readings. Else every open point it touches (the case is skipped)."""
    planned = plan(index, case, choices, edition)
    if isinstance(planned, Planned):
        return planned
    if len(planned) != 1:
        return planned
    (point,) = planned
    campaign_judge = CAMPAIGN_JUDGES.get(point)
    if campaign_judge is None or case["operation"] not in campaign_judge.operations:
        return planned
    expected = expected_outcome(case, edition)
    readings = ground.readings_of(ground.POINT[point])
    alternatives = []
    for reading in readings[1:]:
        outcome = campaign_judge.outcome(case, reading, edition)
        if outcome is None:
            return planned
        alternatives.append((f"{point}={reading}", outcome))
    convention = ground.convention_of(case, expected)
    return Planned(
        index, case, expected, tuple(choices), (point,), planned, tuple(alternatives), convention
    )


# What each candidate follows ------------------------------------------------------------------


Assignment = tuple[tuple[str, str], ...]  # (point, reading) for every judged point of a case


def assignments(planned: Planned, matched: Sequence[str]) -> frozenset[Assignment]:
    """The joint readings under which an answer holds: for each outcome it satisfies, the
    reading of every judged point of the case at once ("reference" is the reference's reading
    of each; a point a combination does not name is read as the reference reads it)."""
    out = set()
    for label in matched:
        chosen = dict(part.split("=", 1) for part in label.split(", ") if label != "reference")
        out.add(
            tuple(
                (point, chosen.get(point, ground.readings_of(ground.POINT[point])[0]))
                for point in planned.points
            )
        )
    return frozenset(out)


def followed(planned: Planned, matched: Sequence[str]) -> dict[str, frozenset[str]]:
    """point -> the readings of it under which the answer holds (from the labels of the
    outcomes it satisfies: "reference", or "P=r, Q=s" for a combination)."""
    out: dict[str, set[str]] = {point: set() for point in planned.points}
    for label in matched:
        chosen = dict(part.split("=", 1) for part in label.split(", ") if label != "reference")
        for point in planned.points:
            reference = ground.readings_of(ground.POINT[point])[0]
            out[point].add(chosen.get(point, reference))
    return {point: frozenset(readings) for point, readings in out.items()}
