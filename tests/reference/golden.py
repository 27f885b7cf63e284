"""The golden vectors of some clauses' folders, each as it reads under each edition of the text,
for the focused reference tests (`test_*_vectors.py`): a fast share of the corpus's `reference`
rule, which mutation testing of one reference module can afford to run per mutant.

On an ambiguity vector the reference must follow the reading the register says it takes
(register.yaml's `reference`), not merely some reading: another plausible reading is a
candidate's right, but for the reference it is a slip."""

from pathlib import Path
from typing import Any

from oasis_si_conformance.corpus.corpus import load_catalog, load_file, vectors_root
from oasis_si_conformance.judging import judge
from oasis_si_conformance.model import Observation, Status
from oasis_si_reference.editions import EDITIONS
from oasis_si_reference.operations import perform

#: Register id -> the reading the reference takes, as the register states it.
REFERENCE_READINGS = {
    entry["id"]: entry["reference"] for entry in load_catalog("register.yaml")["entries"]
}


def vectors_of(*folders: str) -> list[tuple[str, Any]]:
    """(edition name, the vector as it reads under it) for every vector of `folders`."""
    root = Path(vectors_root())
    found = []
    for folder in folders:
        for path in sorted((root / folder).glob("*.yaml")):
            for vector in load_file(path, root):
                found += [(name, vector.for_edition(name)) for name in EDITIONS]
    return found


def assert_reference_passes(edition: str, vector: Any) -> None:
    """The reference's answer to the vector, judged as a candidate's is."""
    result = perform(vector.operation, vector.input, EDITIONS[edition])
    verdict = judge.judge_vector(vector, [Observation("answer", result=result)])
    assert verdict.status == Status.PASSED, verdict.failure
    if vector.readings is not None:
        taken = REFERENCE_READINGS[vector.ambiguity]
        assert taken in (verdict.readings or ()), (
            f"{vector.ambiguity}: the reference takes {taken!r}, its answer {result} follows "
            f"{verdict.readings}"
        )
