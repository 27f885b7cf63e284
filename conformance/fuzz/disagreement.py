"""Disagreements between the candidates of a campaign: each answer judged, and the answers to
one case compared and classed. Answers are compared by value as the runner compares them
(the JSON equality of their projections, `oasis_si_schemas.json_key`: 0 and 0.0 are one
answer), never by their text.

An answer is judged as a single run judges it (`differential.judge_answer`) and by the readings
it holds under (judge.py, `campaign_judges.followed`). Candidates that answer one case
differently disagree; the disagreement is classed as
- `defect`: one of them diverges from every reading on what the text decides (a normative
  divergence; its own class names it); once every candidate's classes are explained
  (campaign.py), a defect whose cause every candidate's classes share is no disagreement (it
  stays listed under each candidate), and one whose cause is another edition of the text is
  an `edition` disagreement;
- `reading`: every answer holds under some reading, and no joint reading of the case's open
  points (every entry at once) is shared by all of them: the entries on which no reading is
  shared explain it (which reading each candidate follows), or, where each entry alone has a
  shared reading but no combination is, the entries whose readings the answers split on;
- `open-point`: the same, but the point that explains it is one the register lacks (a point
  the kit knows as a proposal): an editor's matter, with a vector stub;
- `convention`: every answer holds under one common joint reading: they differ on conventions
  only.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

import attrs

from oasis_si_conformance.fuzz import ground
from oasis_si_conformance.fuzz.campaign_judges import Assignment, assignments, followed
from oasis_si_conformance.fuzz.differential import Planned, judge_answer
from oasis_si_conformance.fuzz.summary import Divergence
from oasis_si_conformance.judging import judge
from oasis_si_conformance.model import Observation
from oasis_si_schemas import json_key

DEFECT: Final = "defect"
EDITION: Final = "edition"
READING: Final = "reading"
OPEN_POINT: Final = "open-point"
CONVENTION: Final = "convention"


@attrs.frozen
class Answer:
    """One candidate's answer to one case, judged."""

    member: int
    text: str  # the answer shown: its projection as JSON text, or the failure kind
    divergence: Divergence | None
    follows: dict[str, frozenset[str]]
    result: dict[str, Any] | None
    value: Any  # what is compared: the projection, or the failure kind
    #: The joint readings of the case's judged points it holds under (empty: none, or a defect).
    joint: frozenset[Assignment] = frozenset()

    @property
    def key(self) -> Any:
        """Equal for two answers exactly when their values are equal JSON."""
        return json_key(self.value)

    @property
    def defective(self) -> bool:
        """It holds under no reading, conventions aside (a normative divergence)."""
        return self.divergence is not None and self.divergence.key.normative


def judged(member: int, planned: Planned, observation: Observation, seconds: float) -> Answer:
    op = planned.case["operation"]
    projected = judge.projection(op, observation, planned.accepts_error_response())
    divergence = judge_answer(planned, observation, seconds)
    if projected is None:
        failed = f"failed: {observation.kind}"
        return Answer(member, failed, divergence, {}, None, failed)
    matched = judge.judge(planned.outcomes(), projected, planned.convention).matched
    text = json.dumps(projected, sort_keys=True, ensure_ascii=True)
    holds = divergence is None or not divergence.key.normative
    follows = followed(planned, matched) if holds else {}
    joint = assignments(planned, matched) if holds else frozenset()
    return Answer(member, text, divergence, follows, observation.result, projected, joint)


# Disagreements --------------------------------------------------------------------------------


@attrs.frozen(order=True)
class DisagreementKey:
    """The identity of a disagreement class."""

    kind: str  # DEFECT, READING, OPEN_POINT or CONVENTION
    operation: str
    points: tuple[str, ...]  # the points that explain it (READING, OPEN_POINT)
    groups: tuple[tuple[str, ...], ...]  # the candidates, grouped by equal answers
    defect: str = ""  # DEFECT: the candidate and its divergence class

    def label(self) -> str:
        groups = " | ".join(", ".join(group) for group in self.groups)
        if self.kind in (DEFECT, EDITION):
            return f"{self.operation}: {self.defect}"
        if self.kind == CONVENTION:
            return f"{self.operation}: conventions only ({groups})"
        what = "explained by" if self.kind == READING else "on an open point the register lacks:"
        return f"{self.operation}: {what} {', '.join(self.points)} ({groups})"


@attrs.define
class DisagreementClass:
    """Every disagreement of one class: how many, the first, the smallest, and for each
    candidate the readings of the explaining points its answers held under on every case of
    the class."""

    key: DisagreementKey
    first: Divergence
    smallest: Divergence
    count: int = 1
    follows: dict[str, dict[str, frozenset[str]]] = attrs.Factory(dict)
    shrunk: Divergence | None = None
    stub: str | None = None
    #: The cases of the class, by their index in the seeded stream (not in the JSON).
    indexes: set[int] = attrs.Factory(set)
    #: candidate -> the error code it answered with on a case of the class, where a reading
    #: accepts an error response (not in the JSON).
    errors: dict[str, str] = attrs.Factory(dict)

    def __attrs_post_init__(self) -> None:
        self.indexes.add(self.first.index)

    @property
    def representative(self) -> Divergence:
        return self.shrunk or self.smallest

    def add(self, divergence: Divergence) -> None:
        self.count += 1
        self.indexes.add(divergence.index)
        if divergence.size < self.smallest.size:
            self.smallest = divergence

    def absorb(self, other: DisagreementClass) -> None:
        """Take in another class's disagreements (one cause found through several rows)."""
        self.count += other.count
        self.indexes |= other.indexes
        for name, code in other.errors.items():
            self.errors.setdefault(name, code)
        if (other.first.seconds, other.first.index) < (self.first.seconds, self.first.index):
            self.first = other.first
        if other.smallest.size < self.smallest.size:
            self.smallest = other.smallest
        for name, follows in other.follows.items():
            self.narrow(name, follows)

    def narrow(self, name: str, follows: dict[str, frozenset[str]]) -> None:
        mine = self.follows.setdefault(name, {})
        for point in self.key.points:
            readings = follows.get(point, frozenset())
            mine[point] = mine[point] & readings if point in mine else readings

    @property
    def explained(self) -> bool:
        return self.key.kind in (EDITION, READING, CONVENTION)

    def reading_text(self) -> str:
        """SENT-WS: candidate 1 follows unicode; candidate 2 follows python."""
        parts = []
        for point in self.key.points:
            each = [
                f"{name} follows {'|'.join(sorted(follows.get(point, ()))) or 'no one reading'}"
                for name, follows in sorted(self.follows.items())
            ]
            parts.append(f"{point}: {'; '.join(each)}")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        key, rep = self.key, self.representative
        return {
            "class": key.label(),
            "kind": key.kind,
            "explained": self.explained,
            "operation": key.operation,
            "points": list(key.points),
            "groups": [list(group) for group in key.groups],
            "defect": key.defect or None,
            "follows": {
                name: {point: sorted(readings) for point, readings in follows.items()}
                for name, follows in sorted(self.follows.items())
            },
            "count": self.count,
            "first_index": self.first.index,
            "representative": {
                "index": rep.index,
                "operation": rep.case["operation"],
                "input": rep.case["input"],
                "expected": rep.expected,
                "readings": rep.readings,
                "answers": rep.actual,
                "size": rep.size,
            },
            "shrunk_size": None if self.shrunk is None else self.shrunk.size,
            "stub": self.stub,
        }


def error_codes(answers: Sequence[Answer], names: Sequence[str]) -> dict[str, str]:
    """candidate -> the code of its error response, for the answers that are one and hold
    under some reading (a reading that rejects the request)."""
    return {
        names[answer.member]: str(answer.value["protocol_error"])
        for answer in answers
        if isinstance(answer.value, dict) and "protocol_error" in answer.value
    }


def same_answers(answers: Sequence[Answer]) -> list[list[Answer]]:
    """The answers grouped by value (Answer.key), in the order each group first answered."""
    groups: dict[Any, list[Answer]] = {}
    for answer in answers:
        groups.setdefault(answer.key, []).append(answer)
    return list(groups.values())


def disagreement(
    planned: Planned, answers: Sequence[Answer], names: Sequence[str]
) -> list[tuple[DisagreementKey, dict[str, dict[str, frozenset[str]]]]]:
    """The disagreement classes one case falls in (none when every answer is the same), each
    with what each candidate follows on the explaining points."""
    by_value = same_answers(answers)
    if len(by_value) < 2:
        return []
    groups = tuple(sorted(tuple(names[a.member] for a in group) for group in by_value))
    op = planned.case["operation"]
    out: list[tuple[DisagreementKey, dict[str, dict[str, frozenset[str]]]]] = []
    for answer in answers:
        if answer.defective:
            assert answer.divergence is not None
            defect = f"{names[answer.member]}: {answer.divergence.key.label()}"
            out.append((DisagreementKey(DEFECT, op, (), groups, defect), {}))
    holding = [answer for answer in answers if not answer.defective]
    if len(same_answers(holding)) < 2:
        return out
    held = tuple(
        group for group in groups if any(n in group for n in (names[a.member] for a in holding))
    )
    if not planned.points or frozenset.intersection(*(answer.joint for answer in holding)):
        out.append((DisagreementKey(CONVENTION, op, (), held), {}))
        return out
    explaining = tuple(
        point
        for point in planned.points
        if not frozenset.intersection(*(answer.follows[point] for answer in holding))
    ) or tuple(  # each entry alone is shared, no combination is: the entries they split on
        point
        for point in planned.points
        if len({answer.follows[point] for answer in holding}) > 1
    ) or planned.points
    on_register = all(ground.status(ground.POINT[p]) == "register" for p in explaining)
    kind = READING if on_register else OPEN_POINT
    follows = {
        names[answer.member]: {point: answer.follows[point] for point in explaining}
        for answer in holding
    }
    out.append((DisagreementKey(kind, op, explaining, held), follows))
    return out
