"""Exhaustive probes of the Unicode data version: a score_scenario ambiguity vector for every
code point whose data change between the versions runtimes sit on (13.0 to 17.0), carrying
`probe: U+XXXX` and splitting the readings exactly by the data file's groups.

- UNICODE-CASE-VERSION (vectors/data/unicode-case-version.yaml): a letter given a lowercase
  mapping at some version, reported in capitals against a key bound in lowercase.
- UNICODE-NFC-VERSION (vectors/data/unicode-nfc-version.yaml): a mark given a non-zero
  combining class at some version, reported after another mark in the order only canonical
  reordering repairs; a character given a canonical decomposition, reported decomposed.

Every input and verdict comes from the data files through the text rules (unidata.py), never
from the Unicode tables of the Python running the generator.
"""

import functools
from typing import Any

from tools.vectorgen import unidata
from tools.vectorgen.authoring import Authored, AuthoringProblem, author, flags_of
from tools.vectorgen.charnames import visible
from tools.vectorgen.common import vector_file
from tools.vectorgen.lifting import scenario_input, variant_scenario

GEN = "tools/vectorgen/unicode_probes.py"
FOLDER = "3.1-identifier-matching"
CLAUSES = ["3.1", "2.1", "2.2"]
ACUTE, DOT_BELOW = "\u0301", "\u0323"


def _case_case(item: dict[str, Any]) -> Authored:
    char = unidata.chars(item["probe"])
    images = {r: unidata.chars(i) for r, i in item["images"].items()}
    lower = next(image for image in images.values() if image != char)
    newer = [r for r, image in images.items() if image == lower]
    key = f"KEY_{lower}"
    return author(
        f"unicode-case-probe-u{ord(char):04x}", CLAUSES, "score_scenario",
        f"clause 3.1 case data version, probe {unidata.name(char)}: key {visible(key)} reported"
        f" with the capital; it lowercases to {item['images'][newer[0]]} from"
        f" {newer[0]} on.",
        scenario_input(f"The key KEY_{char} is missing.", variant_scenario(key)),
        entry="UNICODE-CASE-VERSION", probe=item["probe"])


def _nfc_case(item: dict[str, Any]) -> Authored:
    char = unidata.chars(item["probe"])
    properties = item["properties"]
    newest = properties[list(properties)[-1]]
    slug = f"unicode-nfc-probe-u{ord(char):04x}"
    if newest.get("decomposition"):
        parts = unidata.chars(newest["decomposition"])
        key, reported = f"KEY_{char}", f"KEY_{parts}"
        what = f"key {visible(key)} reported decomposed as {visible(reported)}"
    else:
        klass = int(newest.get("ccc", 0))
        other = DOT_BELOW if klass == 230 else ACUTE
        other_class = 220 if other == DOT_BELOW else 230
        ordered = f"{char}{other}" if klass < other_class else f"{other}{char}"
        key, reported = f"KEY_x{ordered}", f"KEY_x{ordered[::-1]}"
        what = (
            f"combining class {klass} once assigned: {visible(reported)} reorders to the key"
            f" {visible(key)}"
        )
    return author(
        slug, CLAUSES, "score_scenario",
        f"clause 3.1 normalization data version, probe {unidata.name(char)}: {what}.",
        scenario_input(f"The key {reported} is missing.", variant_scenario(key)),
        entry="UNICODE-NFC-VERSION", probe=item["probe"])


@functools.cache
def _generated() -> tuple[dict[str, dict[str, Any]], tuple[AuthoringProblem, ...]]:
    case_cases = [_case_case(item) for item in unidata.differences("unicode-case-version.yaml")]
    nfc_cases = [_nfc_case(item) for item in unidata.differences("unicode-nfc-version.yaml")]
    problems = tuple(
        AuthoringProblem("unicode-probes", case.vector_id, message)
        for case in case_cases + nfc_cases
        for message in case.problems
    )
    documents = {
        f"{FOLDER}/unicode-case-probes.yaml": vector_file(
            "unicode-case-probes",
            "UNICODE-CASE-VERSION probed at every letter whose lowercase mapping changes between"
            " Unicode 13.0 and 17.0 (vectors/data/unicode-case-version.yaml).",
            GEN, [c.record for c in case_cases if c.record is not None]),
        f"{FOLDER}/unicode-nfc-probes.yaml": vector_file(
            "unicode-nfc-probes",
            "UNICODE-NFC-VERSION probed at every code point whose normalization data change"
            " between Unicode 13.0 and 17.0 (vectors/data/unicode-nfc-version.yaml).",
            GEN, [c.record for c in nfc_cases if c.record is not None]),
    }
    return documents, problems


def files() -> dict[str, dict[str, Any]]:
    return _generated()[0]


def problems() -> tuple[AuthoringProblem, ...]:
    return _generated()[1]


FLAGS: dict[str, str] = flags_of(files())
