"""What the tests of a search spread over processes share (planning ahead, shards): the
diverging candidate they fuzz, the outline of a run that must not depend on where its cases
were made or sent, and the summaries `oasis-si-fuzz` writes with an option and without.
Imported by name, as tests/runner/runner_helpers.py is."""

import json
import sys
from pathlib import Path
from typing import Any

from oasis_si_conformance.fuzz import cli
from oasis_si_schemas import first_error_message, validator

#: A candidate that diverges normatively within a few hundred cases of any seed.
MUTANT = [sys.executable, "-m", "oasis_si_conformance.independent", "--mutant",
"syn-case-sensitive"] 

def outline(summary: Any) -> dict[str, Any]:
    """Everything a run found, but for timings: counts, points, reference errors, and each
    class (in order) with its count, first, smallest and sampled divergences."""
    return {
        "counts": (summary.generated, summary.sent, summary.skipped, summary.stopped_by),
        "per_operation": dict(summary.per_operation),
        "points": {p: (c.generated, c.sent, c.skipped) for p, c in summary.points.items()},
        "classes": [
            (
                key.label(),
                c.count,
                c.first.index,
                c.smallest.index,
                [d.index for d in c.samples],
            )
            for key, c in summary.classes.items()
        ],
        "reference_errors": list(summary.reference_errors),
    }


def summaries_written(tmp_path: Path, option: str, values: tuple[str, ...]) -> list[Any]:
    """The fuzz-summary.json of `oasis-si-fuzz OPTION VALUE` for each value (seed 2, 300
    cases, the mutant), each valid against its schema, less what depends on timing: the
    counts and the classes."""
    documents = []
    for value in values:
        out = tmp_path / value
        status = cli.main(
            ["--seed", "2", "--max-examples", "300", "--shrink-budget", "0", "--quiet",
             "--edition", "0.3.0-rc1", option, value, "--out", str(out), "--", *MUTANT]
        )
        assert status == 1  # the mutant diverges normatively
        document = json.loads((out / "fuzz-summary.json").read_text(encoding="ascii"))
        assert first_error_message(validator("fuzz-summary"), document) is None
        kept = {k: document[k] for k in ("generated", "sent", "skipped", "classes")}
        for divergence_class in kept["classes"]:
            divergence_class.pop("stub", None)
            for key in list(divergence_class):
                if "seconds" in key:
                    divergence_class.pop(key)
        documents.append(kept)
    assert documents[0]["classes"]
    return documents
