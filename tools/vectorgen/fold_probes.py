"""Exhaustive probes of FOLD-MAPPING: one or more score_scenario ambiguity vectors for every
code point where its readings behave differently (vectors/data/fold-mapping.yaml, Unicode
14.0), each carrying `probe: U+XXXX` and splitting the readings exactly by the groups the data
give there (rule register-probes).

For a probe X the candidates are: a key holding X reported with a string Y that some reading
equates with X or finds inside X's image (and the reverse), and X right before or right after
SMTP_PORT (the delimiter test reads X's image). Verdicts come from the text rules; the fewest
candidates that tell every two groups apart are kept, each checked to give one verdict per
group and to depend on FOLD-MAPPING alone.
"""

import functools
import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from tools.vectorgen import unidata
from tools.vectorgen.authoring import Authored, AuthoringProblem, author, flags_of
from tools.vectorgen.charnames import char_name, visible
from tools.vectorgen.common import vector_file
from tools.vectorgen.lifting import scenario_input, variant_scenario
from tools.vectorgen.textrules import REFERENCE, OutsideTheRules, Undefined, evaluate

GEN = "tools/vectorgen/fold_probes.py"
PATH = "3.1-identifier-matching/fold-probes.yaml"
ENTRY = "FOLD-MAPPING"
CLAUSES = ["3.1", "2.1", "2.2"]


def _slug(char: str) -> str:
    return f"u{ord(char):04x}"


def _partners(char: str) -> list[str]:
    """Strings some reading equates with `char`, or finds inside its image."""
    images = unidata.fold_images()
    own = set(images[char].values())
    found: list[str] = []
    for image in images[char].values():
        found.append(image)
        found += [image[a:b] for a in range(len(image)) for b in range(a + 1, len(image))]
    for other, theirs in images.items():
        if other != char and own & set(theirs.values()):
            found.append(other)
    seen: list[str] = []
    for item in found:
        if item and item != char and item not in seen and item.strip():
            seen.append(item)
    return seen


def _candidates(char: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(slug, description, score_scenario params) for one probe."""
    name = char_name(char)
    for index, partner in enumerate(_partners(char)):
        key, reported = f"KEY_{char}", f"KEY_{partner}"
        yield (
            f"as-{index}",
            f"key KEY_{visible(char)} reported as KEY_{visible(partner)}",
            scenario_input(f"The key {reported} is missing.", variant_scenario(key)),
        )
        yield (
            f"in-{index}",
            f"key KEY_{visible(partner)} reported as KEY_{visible(char)}",
            scenario_input(f"The key {key} is missing.", variant_scenario(reported)),
        )
    after = scenario_input(f"Missing key: SMTP_PORT{char}")
    yield "after", f"{name} right after SMTP_PORT", after
    before = scenario_input(f"Key {char}SMTP_PORT is missing.")
    yield "before", f"{name} right before SMTP_PORT", before


def _verdicts(params: dict[str, Any], readings: Sequence[str]) -> dict[str, Any] | None:
    out = {}
    for reading in readings:
        try:
            outcome = evaluate("score_scenario", params, REFERENCE.with_reading(ENTRY, reading))
        except (OutsideTheRules, Undefined):
            return None
        out[reading] = outcome["row"]
    return out


def _splits(verdicts: dict[str, Any], groups: Sequence[Sequence[str]]) -> bool:
    """One verdict per group."""
    return all(len({verdicts[r] for r in group}) == 1 for group in groups)


def _pairs(groups: Sequence[Sequence[str]]) -> set[tuple[str, str]]:
    """Pairs of readings in different groups."""
    return {
        (a, b)
        for left, right in itertools.combinations(groups, 2)
        for a in left
        for b in right
    }


def probe_cases(item: dict[str, Any]) -> tuple[list[Authored], list[str]]:
    """The chosen vectors of one data item, and what could not be covered."""
    char = unidata.chars(item["probe"])
    groups = item["groups"]
    readings = [r for group in groups for r in group]
    wanted = _pairs(groups)
    chosen: list[Authored] = []
    for slug, what, params in _candidates(char):
        if not wanted:
            break
        verdicts = _verdicts(params, readings)
        if verdicts is None or not _splits(verdicts, groups):
            continue
        told = {(a, b) for a, b in wanted if verdicts[a] != verdicts[b]}
        if not told:
            continue
        case = author(
            f"fold-probe-{_slug(char)}-{slug}", CLAUSES, "score_scenario",
            f"clause 3.1 case mapping, probe {char_name(char)}: {what}.",
            params, entry=ENTRY, probe=item["probe"])
        if case.problems or case.record is None:
            continue
        chosen.append(case)
        wanted -= told
    missing = [f"{item['probe']}: no vector tells {a} from {b}" for a, b in sorted(wanted)]
    return chosen, missing


@functools.cache
def _generated() -> tuple[dict[str, dict[str, Any]], tuple[AuthoringProblem, ...]]:
    cases: list[Authored] = []
    problems: list[AuthoringProblem] = []
    for item in unidata.differences("fold-mapping.yaml"):
        chosen, missing = probe_cases(item)
        cases += chosen
        problems += [AuthoringProblem("fold-probes", item["probe"], m) for m in missing]
    records = [case.record for case in cases if case.record is not None]
    document = vector_file(
        "fold-probes",
        "FOLD-MAPPING probed at every code point where its readings behave differently"
        " (vectors/data/fold-mapping.yaml), through score_scenario.",
        GEN, records)
    return {PATH: document}, tuple(problems)


def files() -> dict[str, dict[str, Any]]:
    return _generated()[0]


def problems() -> tuple[AuthoringProblem, ...]:
    return _generated()[1]


FLAGS: dict[str, str] = flags_of(files())
