"""The command lines of `oasis-si-vectors ratify` (newedition.py) and of
`oasis-si-vectors diff-editions A --proposed FILE` (whatif.py), registered by editor.py.

`ratify` writes the catalog, the vector files and the manifest, then regenerates what derives
from them in a repository checkout (vectors/signatures.yaml through `python -m
tools.mutants.signatures`, then the manifest again, then SPEC_MAP.md through `python -m
tools.specmap`), and prints the impact as `diff-editions` does. Run on an installed kit, or on
another vectors folder than the checkout's, it regenerates the manifest only and names the
commands a checkout runs for the rest; until they run, the runner names no failure signature
under the new edition (it says so) and the checkout's `python -m tools.check` reports them
stale.
"""

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from oasis_si_conformance.corpus import corpus, corpus_cache, editions
from oasis_si_conformance.editing import editiondiff, newedition, whatif


def derived(edition: str) -> tuple[list[str], ...]:
    """What derives from the corpus in a checkout, in pipeline order, after the manifest: the
    signatures of `edition` (an edition deciding entries alone: only the vectors its decisions
    reach are judged again), the manifest, SPEC_MAP.md."""
    return (
        ["-m", "tools.mutants.signatures", "--edition", edition],
        ["-m", "oasis_si_conformance.editor", "manifest"],
        ["-m", "tools.specmap"],
    )


def add_ratify(commands: Any, common: argparse.ArgumentParser) -> None:
    ratify = commands.add_parser(
        "ratify",
        parents=[common],
        help="add an edition that decides an open point as one of its readings",
    )
    ratify.add_argument("entry", metavar="ENTRY", help="a register entry (vectors/register.yaml)")
    ratify.add_argument("reading", metavar="READING", help="the reading the new edition takes")
    target = ratify.add_mutually_exclusive_group(required=True)
    target.add_argument("--edition", metavar="NEW", help="the new edition's name")
    target.add_argument(
        "--into",
        metavar="DRAFT",
        help="add the decision to DRAFT, an edition of the catalog no other edition is based on",
    )
    ratify.add_argument(
        "--base", metavar="EDITION", help="the edition it amends (default: the catalog's last)"
    )
    ratify.add_argument(
        "--label",
        metavar="LABEL",
        help="the version label of the text (default: the base's; a draft's own when --into)",
    )
    ratify.add_argument("--date", metavar="YYYY-MM-DD", help="the decision's date (default: today)")
    ratify.add_argument(
        "--no-derived",
        action="store_true",
        help="do not regenerate signatures.yaml and SPEC_MAP.md (a checkout's slow steps)",
    )
    ratify.add_argument("--summary", action="store_true", help="print the impact as counts only")


def add_what_if_options(diff: argparse.ArgumentParser) -> None:
    diff.add_argument(
        "--proposed",
        type=Path,
        metavar="FILE",
        help="weigh an edition block that is not in the catalog, based on A (writes nothing)",
    )
    diff.add_argument(
        "--reports",
        type=Path,
        nargs="+",
        default=[],
        metavar="R.json",
        help="stored conformance reports, their answers re-judged on the vectors whose"
        " expectation B (or the proposal) changes (a report of the bundled reference: asked"
        " again under B; any other: its answers as given under its edition)",
    )
    diff.add_argument(
        "--summary", action="store_true", help="counts per clause, kind and entry, no vector list"
    )
    diff.add_argument(
        "--markdown",
        action="store_true",
        help="a Markdown table to paste: per report, the vectors that would newly fail or pass,"
        " with the answer and the expectation before and after",
    )


class CommandError(Exception):
    """A refusal of `ratify` or `diff-editions --proposed` (printed as the editor's errors)."""


def _error(message: str) -> Exception:
    return CommandError(message)


def diff_proposed(args: argparse.Namespace, root: Path) -> int:
    if args.proposed is None:
        raise _error("diff-editions takes an edition B or --proposed FILE")
    manifest = corpus.build_manifest(root)
    try:
        known = editions.load(root)
        base = editions.named(known, args.first)
        proposed = whatif.proposed_edition(args.proposed, known)
        if proposed.base != base.name:
            raise whatif.WhatIfError(
                f"{args.proposed}: the block's base is {proposed.base}, not {base.name}"
            )
        vectors = corpus_cache.load(root, manifest)
        weighed = whatif.weigh(vectors, base, proposed, whatif.load_register(root))
        digest = manifest["corpus_digest"]
        document = whatif.report(weighed, len(vectors), base, proposed, digest)
        found = weighed.changes
        register = corpus.load_catalog("register.yaml", root)["entries"]
        document["reports"] = [
            whatif.rejudge(p, document, found, vectors, base, proposed, known, register)
            for p in args.reports
        ]
    except (editions.EditionError, corpus.CorpusError, whatif.WhatIfError) as error:
        raise _error(str(error)) from None
    editiondiff.show(document, args.json, args.summary, args.markdown)
    return 0


def ratify_command(args: argparse.Namespace, root: Path) -> int:
    started = time.monotonic()
    if args.into is not None and args.base is not None:
        raise _error("--base goes with --edition: a draft keeps its own base")
    name = args.into if args.into is not None else args.edition
    try:
        vectors = corpus_cache.load(root, corpus.build_manifest(root))
        plan = newedition.plan(
            root,
            args.entry,
            args.reading,
            name,
            args.base,
            args.date,
            vectors,
            into=args.into is not None,
            label=args.label,
        )
    except (newedition.RatifyError, corpus.CorpusError) as error:
        raise _error(str(error)) from None
    for path in newedition.write(root, plan):
        print(f"wrote: {path}")
    checkout = _checkout(root)
    if checkout is None or args.no_derived:
        print(
            "not regenerated: vectors/signatures.yaml and SPEC_MAP.md; in a repository checkout"
            " run `python -m tools.mutants.signatures`, `oasis-si-vectors manifest` and"
            " `python -m tools.specmap`"
        )
    else:
        for command in derived(name):
            began = _cpu()
            done = subprocess.run([sys.executable, *command], cwd=checkout, check=False)
            if done.returncode != 0:
                raise _error(f"`python {' '.join(command)}` failed (exit {done.returncode})")
            print(f"ran: python {' '.join(command)} ({_cpu() - began:.1f} s CPU)")
    known = editions.load(root)
    manifest = corpus.build_manifest(root)
    vectors = corpus_cache.load(root, manifest)
    base, new = editions.named(known, plan.edition.base or ""), plan.edition
    document = editiondiff.report(vectors, known, base, new, manifest["corpus_digest"])
    print(editiondiff.render(document, summary=args.summary), end="")
    print(
        f"{ratified(args, new)}; {time.monotonic() - started:.1f} s, {_cpu():.1f} s CPU"
        " (with the commands it ran); next: `python -m tools.check`",
        file=sys.stderr,
    )
    return 0


def ratified(args: argparse.Namespace, new: editions.Edition) -> str:
    """What `ratify` did: the decision, where it went (a new edition, or into a draft), and
    every decision the edition now holds."""
    verb = "into draft" if args.into is not None else "as edition"
    decided = ", ".join(f"{entry} = {reading}" for entry, reading in new.decides.items())
    return f"ratified {args.entry} = {args.reading} {verb} {new.name} (it decides {decided})"


def _cpu() -> float:
    """CPU seconds of this process and the commands it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _checkout(root: Path) -> Path | None:
    """The repository checkout whose bundled corpus `root` is (None: an installed kit, or
    another vectors folder)."""
    top = root.resolve().parent
    if (top / "tools" / "mutants" / "signatures.py").is_file() and (
        root.resolve() == corpus.vectors_root().resolve()
    ):
        return top
    return None
