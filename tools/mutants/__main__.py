"""`python -m tools.mutants [--in-process] [-k ID ...] [--jobs N] [--edition NAME] [--json PATH]`:
the kill matrix, one per edition of the text.

Drives every catalog mutant through the real runner over the subprocess protocol (or, with
--in-process, answers in this process and judges with the runner's code), twice: offering every
operation, and offering score_scenario alone; under every edition of vectors/editions.yaml
(--edition: one), each mutant as what it is under that edition (a mutant that is the edition's
own text has no row there). Prints, per edition and mutant, the verdict and the kill count
(normative vectors failed) in each configuration, then the totals and the thinly caught
mutants. Exits 1 when, under some edition, a normative mutant survives a configuration or an
ambiguity mutant fails a vector or is profiled with another reading.
"""

import argparse
import json
import sys
import time
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.independent.mutants import CATALOG, Mutant
from tools.mutants.matrix import CONFIGURATIONS, Row, edition_names, matrix, under

THIN = 3  # a mutant caught by fewer vectors than this is "thinly caught"


def _select(patterns: list[str]) -> list[Mutant]:
    if not patterns:
        return list(CATALOG)
    return [m for m in CATALOG if any(fnmatchcase(m.id, p) or p in m.id for p in patterns)]


def _cell(row: Row, configuration: str, vectors: dict[str, Any]) -> str:
    verdict = row.verdict(configuration, vectors)
    if row.kind == "normative":
        return f"{verdict:8} {len(row.kills(configuration, vectors)):4d}"
    failing = len(row.outcomes[configuration].failed())
    return f"{verdict:8} {failing:4d}"


def report(rows: list[Row], vectors: dict[str, Any]) -> tuple[list[str], bool]:
    """The printed matrix and whether it is clean (every normative killed, every reading shown)."""
    lines = [
        f"{'mutant':45} {'kind':10} {'clause':9} " + " ".join(f"{c:>13}" for c in CONFIGURATIONS)
    ]
    for row in rows:
        m = row.mutant
        cells = " ".join(_cell(row, c, vectors) for c in CONFIGURATIONS)
        lines.append(f"{m.id:45} {row.kind:10} {m.clause:9} {cells}")
    normative = [r for r in rows if r.kind == "normative"]
    ambiguity = [r for r in rows if r.kind == "ambiguity"]
    lines.append("")
    lines.append("killed~: caught by ambiguity vectors only (the mutant's `witness`; see its note)")
    lines.append(f"mutants: {len(rows)} ({len(normative)} normative, {len(ambiguity)} ambiguity)")
    clean = True
    for configuration in CONFIGURATIONS:
        killed = [r for r in normative if r.kills(configuration, vectors)]
        shown = [r for r in ambiguity if r.verdict(configuration, vectors) == "shown"]
        bad = [
            r for r in ambiguity if r.verdict(configuration, vectors) in ("FAILING", "NOT-SHOWN")
        ]
        clean &= len(killed) == len(normative) and not bad
        lines.append(
            f"[{configuration}] normative killed {len(killed)}/{len(normative)};"
            f" ambiguity shown {len(shown)}/{len(ambiguity)}, failing or mis-profiled {len(bad)}"
        )
        survivors = [r.mutant.id for r in normative if not r.kills(configuration, vectors)]
        if survivors:
            lines.append(f"  SURVIVED: {', '.join(survivors)}")
        thin = [f"{r.mutant.id} ({len(r.kills(configuration, vectors))})" for r in normative
                if 0 < len(r.kills(configuration, vectors)) < THIN]
        if thin:
            lines.append(f"  thinly caught (<{THIN} vectors): {', '.join(thin)}")
        unseen = [r.mutant.id for r in ambiguity if r.verdict(configuration, vectors) == "unseen"]
        if unseen:
            lines.append(
                f"  unseen (no ambiguity vector of the entry exercised): {', '.join(unseen)}"
            )
        if bad:
            lines.append(
                "  ambiguity mutants failing or mis-profiled:"
                f" {', '.join(r.mutant.id for r in bad)}"
            )
    return lines, clean


def to_json(rows: list[Row], vectors: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        out.append({
            "id": row.mutant.id,
            "kind": row.kind,
            "clause": row.mutant.clause,
            "configurations": {
                c: {
                    "verdict": row.verdict(c, vectors),
                    "kills": row.kills(c, vectors),
                    "ambiguity_failures": row.ambiguity_failures(c, vectors),
                    "profile": {k: list(v) for k, v in row.outcomes[c].followed().items()},
                }
                for c in row.outcomes
            },
        })
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.mutants", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="answer in this process (fast) instead of over the protocol",
    )
    parser.add_argument(
        "-k",
        action="append",
        default=[],
        metavar="ID",
        help="only mutants whose id matches (glob or substring)",
    )
    parser.add_argument(
        "--jobs", type=int, default=2, help="candidate processes per run (protocol mode)"
    )
    parser.add_argument(
        "--edition", metavar="NAME", help="one edition of the text (default: every edition)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the matrices as JSON")
    parser.add_argument(
        "--root", metavar="DIR", type=Path, help="a vectors/ folder other than the bundled one"
    )
    args = parser.parse_args(argv)
    vectors = corpus.load_corpus(args.root)
    known = edition_names(args.root)
    if args.edition is not None and args.edition not in known:
        parser.error(f"no edition {args.edition!r}; known: {', '.join(known)}")
    editions = [args.edition] if args.edition else known
    mutants = _select(args.k)
    mode = "in process" if args.in_process else "over the subprocess protocol"
    clean = True
    document: dict[str, Any] = {}
    for edition in editions:
        started = time.monotonic()
        by_id = {v.id: v for v in under(vectors, edition)}
        print(f"== edition {edition}: {len(mutants)} mutants x {len(CONFIGURATIONS)} configurations"
              f" on {len(vectors)} vectors, {mode}", flush=True)

        def tick(row: Row, by_id: dict[str, Any] = by_id) -> None:
            cells = ", ".join(f"{c} {row.verdict(c, by_id)}" for c in CONFIGURATIONS)
            print(f"  {row.mutant.id}: {cells}", flush=True)

        rows = matrix(
            vectors, mutants, protocol=not args.in_process, jobs=args.jobs, progress=tick,
            edition=edition,
        )
        lines, clean_here = report(rows, by_id)
        absent = [m.id for m in mutants if m.kind_under(edition) is None]
        if absent:
            lines.append(f"  no mutant under this edition (its own text): {', '.join(absent)}")
        took = f"({time.monotonic() - started:.0f} s)"
        print("\n".join(["", f"[edition {edition}]", *lines, took, ""]))
        clean &= clean_here
        document[edition] = to_json(rows, by_id)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(document, handle, indent=1)
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
