"""`python -m tools.mutants.fieldcheck REAL.json MODEL.json [--show N]`: does a catalog model of
a field evaluator (catalog MODELS) behave as the real build does, vector by vector?

Both files are conformance reports (`--report`) of one corpus and one edition: REAL of the
real evaluator (for oasisctl, the adapter ../shared/field/oasisctl builds), MODEL of the
independent evaluator as the model, declaring what the real one declares:

    oasis-si-conformance --edition E --report real.json -- /path/to/oasisctl-adapter
    oasis-si-conformance --edition E --report model.json -- \\
        python -m oasis_si_conformance.independent --mutant oasisctl-pre-amendment \\
        --ops score_scenario --templates C-DA-001

A vector agrees when both runs gave it the same status (passed and a convention difference
alike), the same outcome (a binding error, of any kind, or a verdict by row, score and label)
and, for an ambiguity vector, matched the same readings. Binding-error kinds are the kit's
convention: where only they differ the vector agrees and is counted apart. Prints the counts
and each disagreement; exits 0 when every vector agrees, 1 when some does not, 2 when the
reports cannot be compared.
"""

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs


@attrs.frozen
class Seen:
    """What one run made of one vector, in the terms compared. A difference on a convention of
    the kit only (`convention` status: the binding-error kind an adapter maps an error message
    onto) is no disagreement: both hold the spec's part. The kinds are kept for display."""

    status: str = attrs.field(eq=False)
    holds: str
    outcome: tuple[tuple[str, Any], ...] = attrs.field(eq=False)
    compared: tuple[tuple[str, Any], ...]
    readings: tuple[str, ...] | None

    @classmethod
    def of(cls, vector: dict[str, Any]) -> "Seen":
        matched = vector.get("matched_readings")
        status = vector["status"]
        shown = outcome(vector.get("actual"))
        return cls(
            status,
            "passed" if status == "convention" else status,
            shown,
            tuple((key, True if key == "binding_error" else value) for key, value in shown),
            tuple(sorted(matched)) if matched is not None else None,
        )

    def text(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in self.outcome) or "no answer"
        readings = (
            f"; readings {', '.join(self.readings) or 'none'}" if self.readings is not None else ""
        )
        return f"{self.status} ({shown}{readings})"


def outcome(actual: Any) -> tuple[tuple[str, Any], ...]:
    """An answer's compared part: a binding error's kind, or row, score and label."""
    if not isinstance(actual, dict):
        return ()
    error = actual.get("binding_error")
    if isinstance(error, dict):
        return (("binding_error", error.get("kind")),)
    return tuple((key, actual[key]) for key in ("row", "score", "label") if key in actual)


@attrs.frozen
class Comparison:
    """Per-vector agreement of two reports."""

    compared: int
    same_status: int
    same_outcome: int
    same_readings: int
    ambiguity: int
    kinds: int
    differences: tuple[tuple[str, Seen, Seen], ...]

    def lines(self, show: int) -> list[str]:
        out = [
            f"vectors compared: {self.compared}; same status {self.same_status}, same outcome"
            f" {self.same_outcome}; ambiguity vectors with the same readings"
            f" {self.same_readings}/{self.ambiguity}; binding-error kinds alone differ on"
            f" {self.kinds} (the kit's convention)",
            f"disagreements: {len(self.differences)}",
        ]
        for vid, real, model in self.differences[:show]:
            out.append(f"  {vid}: real {real.text()}; model {model.text()}")
        if len(self.differences) > show:
            out.append(f"  ... (+{len(self.differences) - show})")
        return out


def compare(real: dict[str, Any], model: dict[str, Any]) -> Comparison:
    """Vector by vector: the vectors of REAL, as MODEL saw them."""
    seen_model = {v["id"]: v for v in model["vectors"]}
    status = same_outcome = same_readings = ambiguity = kinds = 0
    differences = []
    for vector in real["vectors"]:
        other = seen_model.get(vector["id"])
        if other is None:
            raise ValueError(f"vector {vector['id']} is in one report only")
        a, b = Seen.of(vector), Seen.of(other)
        status += a.holds == b.holds
        same_outcome += a.compared == b.compared
        kinds += a == b and a.outcome != b.outcome
        if vector.get("kind") == "ambiguity" and a.status != "not_exercised":
            ambiguity += 1
            same_readings += a.readings == b.readings
        if a != b:
            differences.append((vector["id"], a, b))
    return Comparison(len(real["vectors"]), status, same_outcome, same_readings, ambiguity,
                      kinds, tuple(differences))


def refusal(real: dict[str, Any], model: dict[str, Any]) -> str | None:
    """Why two reports cannot be compared, if they cannot."""
    for key, part in (("corpus", "digest"), ("edition", "name")):
        a, b = (report.get(key, {}).get(part) for report in (real, model))
        if a != b:
            return f"the reports differ in {key} {part}: {a!r} against {b!r}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutants.fieldcheck", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("real", type=Path)
    parser.add_argument("model", type=Path)
    parser.add_argument("--show", type=int, default=40, help="disagreements listed (default 40)")
    args = parser.parse_args(argv)
    try:
        real, model = (json.loads(p.read_text(encoding="utf-8")) for p in (args.real, args.model))
    except (OSError, ValueError) as problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    why = refusal(real, model)
    if why is not None:
        print(f"error: {why}", file=sys.stderr)
        return 2
    result = compare(real, model)
    print("\n".join(result.lines(args.show)))
    return 1 if result.differences else 0


if __name__ == "__main__":
    sys.exit(main())
