"""`oasis-si-vectors`: the vectors for evaluator authors (explain why a vector is decided as it
is, export the corpus, print where the schemas are) and the spec editors' workflow (scaffold,
check, digest).

    oasis-si-vectors new FILE --id ID --clause C [--clause C...] --operation OP --description TEXT
                         [--ambiguity ENTRY] [--flag FLAG...] [--family SLUG]
    oasis-si-vectors check [PATH ...] [--rule RULE...] [--skip RULE...] [--no-cache]
    oasis-si-vectors manifest
    oasis-si-vectors explain [ID ...] [-k EXPR ...] [--edition NAME] [--no-cache]
    oasis-si-vectors export [--format json] DIR
    oasis-si-vectors diff-editions A (B | --proposed FILE [--reports R.json ...])
                                   [--summary] [--json]
    oasis-si-vectors editions [--json]
    oasis-si-vectors ratify ENTRY READING --edition NEW [--base EDITION] [--no-derived]
    oasis-si-vectors find PATTERN [-E] [-i] [--keys] [-k EXPR ...] [--json]
    oasis-si-vectors schemas-path

Every subcommand takes `--root DIR` (the vectors folder; default: the bundled corpus, which in
a repository checkout is its vectors/ folder). `check` prints `path:line: message [rule]` and
exits 1 on any problem (each file's part of the per-file rules cached, filecheck.py; with
PATH, the per-file rules on those files only); `manifest` rewrites vectors/MANIFEST.json;
`explain` explains every vector named or selected, the corpus loaded once
(conformance/editing/explain.py); `export` writes the corpus as JSON for test suites in other
languages (conformance/editing/export.py); `diff-editions` lists the vectors whose expectation
differs between two editions of the text (editiondiff.py), or under a proposed edition block
(whatif.py); `editions` lists the editions of the text, each with the full name a handshake
declares; `ratify` adds an edition that decides an open point (newedition.py); `find`
prints the vectors whose input holds a text, with file:line (find.py); `schemas-path` prints
the folder of the installed JSON Schemas. This command is
shipped and holds a corpus to the shipped rules; a repository checkout runs them together with
its own (generated files, ledger, SPEC_MAP.md) through `python -m tools.check`.
"""

import argparse
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import yaml

from oasis_si_conformance import output
from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.editing import checks, find
from oasis_si_conformance.editing.checks import Problem, Rule
from oasis_si_conformance.operations import NAMES, operation
from oasis_si_conformance.running import interrupts
from oasis_si_conformance.safetext import error_text

SLUG: Final = re.compile(r"^[a-z0-9]+(?:[-.][a-z0-9]+)*$")
TODO: Final = "TODO"


class EditorError(Exception):
    """A refusal of the editor command, printed as `oasis-si-vectors: error: ...`."""


# new ------------------------------------------------------------------------------------------


def stub_text(
    vid: str,
    clauses: Sequence[str],
    op: str,
    description: str,
    flags: Sequence[str] = (),
    ambiguity: tuple[str, Sequence[str]] | None = None,
) -> str:
    """The YAML of one vector stub (a sequence item at column 0), outcome left TODO; the input
    is the operation's skeleton (conformance/operations.py)."""
    entry = operation(op)
    record = corpus.vector_record(
        vid, list(clauses), op, description, entry.input_skeleton(), flags=list(flags)
    )
    body = yamlsafe.dump([record])
    hint = entry.outcome_hint
    if ambiguity is None:
        return body + f"  expected: {TODO}  # the outcome, {hint}\n"
    register_entry, readings = ambiguity
    lines = [
        f"  ambiguity: {register_entry}\n",
        f"  readings:  # the outcome under every reading of {register_entry}, {hint}\n",
    ]
    lines += [f"    {reading}: {TODO}\n" for reading in readings]
    return body + "".join(lines)


def existing_ids(root: Path) -> dict[str, str]:
    """Every vector id in the corpus files, even files that fail the schema (stubs): id -> file."""
    ids: dict[str, str] = {}
    for path in corpus.vector_files(root):
        try:
            document = yamlsafe.load(path.read_text(encoding="utf-8"))
        except (UnicodeDecodeError, yaml.YAMLError):
            continue
        items = document.get("vectors") if isinstance(document, dict) else None
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                ids.setdefault(item["id"], path.relative_to(root).as_posix())
    return ids


def _item_indent(text: str) -> int:
    """The column of the dash of the file's vector items; the vectors list must end the file."""
    tree = yamlsafe.compose(text)
    if not isinstance(tree, yaml.MappingNode) or not tree.value:
        raise EditorError("not a vector file (no top-level mapping)")
    key, value = tree.value[-1]
    if key.value != "vectors" or not isinstance(value, yaml.SequenceNode) or value.flow_style:
        raise EditorError(
            "cannot append: the file's last key must be a block list `vectors:`; add the vector by"
            " hand"
        )
    if not value.value:
        return 0
    return max(0, value.value[0].start_mark.column - 2)


def _file_header(family: str) -> str:
    return (
        yamlsafe.dump(
            {
                "format": 1,
                "family": family,
                "description": f"{TODO}: what the {family} vectors cover.",
            }
        )
        + "vectors:\n"
    )


def new_vector(
    root: Path,
    file: str,
    vid: str,
    clauses: Sequence[str],
    op: str,
    description: str,
    flags: Sequence[str] = (),
    ambiguity: str | None = None,
    family: str | None = None,
) -> tuple[Path, int]:
    """Append a vector stub to `file` (vectors-relative; created when absent). Returns the file
    and the stub's line. Refuses duplicate ids, unknown clauses, ratified or unknown register
    entries, and generated files."""
    path = _vector_path(root, file)
    _check_new(root, vid, clauses, op)
    readings = _entry_readings(root, ambiguity) if ambiguity else None
    text = _existing_text(path, file) if path.exists() else _file_header(family or path.stem)
    if re.search(r"^generated_by:", text, re.MULTILINE):
        raise EditorError(
            f"{file} is generated (generated_by); change its generator in tools/vectorgen instead"
        )
    indent = _item_indent(text) if path.exists() else 2
    register = (ambiguity, readings) if ambiguity and readings else None
    stub = stub_text(vid, clauses, op, description, flags, register)
    if not text.endswith("\n"):
        text += "\n"
    line = text.count("\n") + 1
    updated = text + "".join(
        " " * indent + row if row.strip() else row for row in stub.splitlines(keepends=True)
    )
    _check_parses(updated, vid)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(updated, encoding="ascii")
    return path, line


def _existing_text(path: Path, file: str) -> str:
    try:
        return path.read_text(encoding="ascii")
    except UnicodeDecodeError:
        raise EditorError(f"{file} is not ASCII; run check and fix it first") from None


def _vector_path(root: Path, file: str) -> Path:
    path = (root / file).resolve()
    if path.suffix != ".yaml":
        raise EditorError(f"{file}: vector files end in .yaml")
    try:
        relative = path.relative_to(root.resolve()).as_posix()
    except ValueError:
        raise EditorError(f"{file} is outside the vectors folder {root}") from None
    if relative in corpus.CATALOG_FILES:
        raise EditorError(f"{file} is a catalog file, not a vector file")
    return path


def _check_new(root: Path, vid: str, clauses: Sequence[str], op: str) -> None:
    if not SLUG.match(vid):
        raise EditorError(f"id {vid!r} is not a slug (lowercase letters, digits, '-' and '.')")
    taken = existing_ids(root)
    if vid in taken:
        raise EditorError(f"duplicate id {vid!r}: already in {taken[vid]}")
    known = [clause["id"] for clause in corpus.load_catalog("clauses.yaml", root)["clauses"]]
    unknown = [clause for clause in clauses if clause not in known]
    if unknown:
        raise EditorError(
            f"unknown clause {', '.join(unknown)}; clauses.yaml lists {', '.join(known)}"
        )
    if op not in NAMES:
        raise EditorError(f"unknown operation {op!r}")


def _entry_readings(root: Path, entry_id: str) -> list[str]:
    text = (root / "register.yaml").read_text(encoding="utf-8")
    entries = {entry["id"]: entry for entry in yamlsafe.load(text)["entries"]}
    entry = entries.get(entry_id)
    if entry is None:
        raise EditorError(f"no register entry {entry_id!r}")
    if "ratified" in entry:
        raise EditorError(f"register entry {entry_id} is ratified: write a normative vector")
    return list(entry["readings"])


def _check_parses(text: str, vid: str) -> None:
    try:
        document = yamlsafe.load(text)
    except yaml.YAMLError as error:
        raise EditorError(f"the stub would not parse ({error}); add the vector by hand") from None
    if not any(
        isinstance(item, dict) and item.get("id") == vid for item in document.get("vectors", [])
    ):
        raise EditorError("the stub did not land in the vectors list; add the vector by hand")


# check, manifest ---------------------------------------------------------------------


def run_check(
    root: Path,
    rules: Sequence[str] | None,
    skip: Sequence[str],
    rulebook: Mapping[str, Rule] = checks.RULES,
) -> list[Problem]:
    """The problems of the corpus at `root` under the selected rules of `rulebook`."""
    selected = [name for name in (rules or rulebook) if name not in skip]
    return checks.check_context(checks.load_context(root), selected, rulebook)


def print_problems(problems: Sequence[Problem]) -> int:
    """`path:line: message [rule]` per problem on stdout, a count on stderr; the exit code."""
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problems", file=sys.stderr)
        return 1
    print("ok", file=sys.stderr)
    return 0


def write_manifest(root: Path) -> str:
    """Rewrite MANIFEST.json; `wrote: PATH` or `unchanged: PATH`."""
    path = root / corpus.MANIFEST
    before = path.read_text(encoding="utf-8") if path.exists() else None
    corpus.write_manifest(root)
    changed = path.read_text(encoding="utf-8") != before
    return ("wrote: " if changed else "unchanged: ") + str(path)


# The command line ----------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="oasis-si-vectors",
        description=(
            "The vectors: explain one (why it is decided as it is), export the corpus, print "
            "where the schemas are; and the spec editors' workflow (new, check, manifest)."
        ),
    )
    top.add_argument("--root", type=Path, help="the vectors folder (default: the bundled corpus)")
    # --root is also accepted after the subcommand.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    commands = top.add_subparsers(dest="command", required=True)
    _add_new(commands, common)
    _add_check(commands, common)
    commands.add_parser("manifest", parents=[common], help="rewrite vectors/MANIFEST.json")
    _add_explain(commands, common)
    _add_export(commands, common)
    _add_diff_editions(commands, common)
    listed = commands.add_parser(
        "editions",
        parents=[common],
        help="the editions of the text: the name for --edition, the full name to declare in a"
        " handshake, parameters, decided entries",
    )
    listed.add_argument("--json", action="store_true", help="print JSON")
    from oasis_si_conformance.editing.ratify_cli import add_ratify

    add_ratify(commands, common)
    find.add_parser(commands, common)
    commands.add_parser(
        "schemas-path",
        parents=[common],
        help="print the folder holding the installed JSON Schemas (protocol, evidence, scenario)",
    )
    return top


def _add_diff_editions(commands: Any, common: argparse.ArgumentParser) -> None:
    diff = commands.add_parser(
        "diff-editions",
        parents=[common],
        help="the vectors whose expectation differs between two editions (an impact report)",
    )
    diff.add_argument("first", metavar="A", help="an edition of vectors/editions.yaml")
    diff.add_argument("second", metavar="B", nargs="?", help="another edition")
    diff.add_argument(
        "--json", action="store_true", help="print JSON (schemas/edition-diff.schema.json)"
    )
    from oasis_si_conformance.editing.ratify_cli import add_what_if_options

    add_what_if_options(diff)


def _add_new(commands: Any, common: argparse.ArgumentParser) -> None:
    new = commands.add_parser(
        "new", parents=[common], help="scaffold a vector stub into a file (outcome left TODO)"
    )
    new.add_argument("file", help="vectors-relative file, e.g. 3.1-identifier-matching/hand.yaml")
    new.add_argument("--id", required=True, dest="vid", metavar="ID", help="a new, unique slug")
    new.add_argument(
        "--clause",
        required=True,
        action="append",
        dest="clauses",
        metavar="CLAUSE",
        help="a clause of clauses.yaml (repeat for several)",
    )
    new.add_argument(
        "--operation", required=True, choices=NAMES, metavar="OPERATION", help=", ".join(NAMES)
    )
    new.add_argument("--description", required=True, help="what the vector shows, one sentence")
    new.add_argument(
        "--ambiguity",
        metavar="ENTRY",
        help="a register entry: scaffold an ambiguity vector with every reading",
    )
    new.add_argument("--flag", action="append", default=[], dest="flags", metavar="FLAG")
    new.add_argument("--family", help="family of a new file (default: the file name)")


def _add_check(commands: Any, common: argparse.ArgumentParser) -> None:
    check = commands.add_parser(
        "check", parents=[common], help="every corpus rule; path:line: message; exit 1 on problems"
    )
    check.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="vector files: the per-file rules on these only (the cross-file rules on the corpus)",
    )
    check.add_argument(
        "--no-cache", action="store_true", help="run every rule afresh, no file's part cached"
    )
    check.add_argument(
        "--rule",
        action="append",
        choices=sorted(checks.RULES),
        dest="rules",
        metavar="RULE",
        help="run only these rules: " + ", ".join(checks.RULES),
    )
    check.add_argument(
        "--skip",
        action="append",
        default=[],
        choices=sorted(checks.RULES),
        metavar="RULE",
        help="leave these rules out",
    )


def _add_explain(commands: Any, common: argparse.ArgumentParser) -> None:
    explain = commands.add_parser(
        "explain",
        parents=[common],
        help="vectors, their verdicts and the reference's reasoning (the corpus loaded once)",
    )
    explain.add_argument("vids", nargs="*", metavar="ID", help="vector ids, explained in order")
    explain.add_argument(
        "-k",
        dest="select",
        action="append",
        default=[],
        metavar="EXPR",
        help="also every vector selected as the runner's -k selects: by id (substring or glob), "
        "clause (3.1 or a prefix), family, operation, ambiguity entry or input:TEXT (a text in "
        "the input); comma-separated; !TERM excludes; repeatable",
    )
    explain.add_argument(
        "--edition", metavar="NAME", help="read the vectors under this edition of the text"
    )
    explain.add_argument(
        "--no-cache",
        action="store_true",
        help="load the corpus afresh instead of from the cache of loaded corpora",
    )


def _add_export(commands: Any, common: argparse.ArgumentParser) -> None:
    export = commands.add_parser(
        "export",
        parents=[common],
        help="write the corpus as JSON (a file per family, the catalogs, an index, the schemas)",
    )
    export.add_argument(
        "--format", choices=["json"], default="json", help="the export's format (json only)"
    )
    export.add_argument(
        "out", type=Path, metavar="DIR", help="an absent or empty folder, or an earlier export"
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    root = (args.root or corpus.vectors_root()).resolve()
    from oasis_si_conformance.editing.ratify_cli import CommandError

    with interrupts.guarded(), output.quiet_broken_pipe():
        try:
            return COMMANDS[args.command](args, root)
        except (EditorError, CommandError, corpus.CorpusError) as error:
            # shown as the runner shows its errors: printable, each line cut
            print(f"oasis-si-vectors: error: {error_text(str(error))}", file=sys.stderr)
            return 2
        except KeyboardInterrupt as interruption:
            signal = interrupts.signal_of(interruption)
            print(f"oasis-si-vectors: interrupted by {signal.name}", file=sys.stderr)
            return signal.exit_status
    return 0  # standard output closed early (`... | head`): what was asked was shown


def _cmd_new(args: argparse.Namespace, root: Path) -> int:
    path, line = new_vector(
        root,
        args.file,
        args.vid,
        args.clauses,
        args.operation,
        args.description,
        args.flags,
        args.ambiguity,
        args.family,
    )
    problem = Problem(
        path, line, f"new vector {args.vid}: fill in the input and the TODO outcome", "new"
    )
    print(f"{problem.where()}: {problem.message}")
    return 0


def _cmd_check(args: argparse.Namespace, root: Path) -> int:
    from oasis_si_conformance.editing import filecheck

    selected = [name for name in (args.rules or checks.RULES) if name not in args.skip]
    try:
        found = filecheck.check(root, selected, paths=args.paths, cache=not args.no_cache)
    except filecheck.CheckError as error:
        raise EditorError(str(error)) from None
    return print_problems(found)


def _cmd_manifest(args: argparse.Namespace, root: Path) -> int:
    print(write_manifest(root))
    return 0


def _cmd_schemas_path(args: argparse.Namespace, root: Path) -> int:
    """The installed oasis_si_schemas folder (the wheel's copy of schemas/)."""
    import oasis_si_schemas

    print(Path(oasis_si_schemas.__file__).resolve().parent)
    return 0


def _cmd_explain(args: argparse.Namespace, root: Path) -> int:
    from oasis_si_conformance.editing import explain

    ctx = explain.load_context(root, cache=not args.no_cache)
    try:
        edition = explain.edition_name(ctx, args.edition)
        vectors = explain.selected_vectors(ctx, args.vids, args.select)
    except explain.ExplainError as error:
        raise EditorError(str(error)) from None
    print(explain.explain_all(vectors, ctx, edition), end="")
    if len(vectors) > 1:
        print(f"explained {len(vectors)} vectors", file=sys.stderr)
    return 0


def _cmd_export(args: argparse.Namespace, root: Path) -> int:
    from oasis_si_conformance.editing import export

    try:
        written = export.export_json(root, args.out)
    except export.ExportError as error:
        raise EditorError(str(error)) from None
    if not written.manifest_agrees:
        print(
            f"warning: {root / corpus.MANIFEST} disagrees with the files; the index records the "
            "files' digests (run `oasis-si-vectors manifest`)",
            file=sys.stderr,
        )
    print(f"wrote: {written.out} ({written.summary()})")
    return 0


def _cmd_diff_editions(args: argparse.Namespace, root: Path) -> int:
    from oasis_si_conformance.corpus import corpus_cache, editions
    from oasis_si_conformance.editing import editiondiff, whatif
    from oasis_si_conformance.editing.ratify_cli import diff_proposed

    if args.proposed is not None or args.second is None:
        return diff_proposed(args, root)

    manifest = corpus.build_manifest(root)
    try:
        known = editions.load(root)
        first, second = editions.named(known, args.first), editions.named(known, args.second)
        vectors = corpus_cache.load(root, manifest)
    except (editions.EditionError, corpus.CorpusError) as error:
        raise EditorError(str(error)) from None
    document = editiondiff.report(vectors, known, first, second, manifest["corpus_digest"])
    if args.reports:  # each stored report's answers re-judged on the vectors B changes
        found = editiondiff.changes(vectors, first.name, second.name)
        try:
            register = corpus.load_catalog("register.yaml", root)["entries"]
            document["reports"] = [
                whatif.rejudge(path, document, found, vectors, first, second, known, register)
                for path in args.reports
            ]
        except whatif.WhatIfError as error:
            raise EditorError(str(error)) from None
    editiondiff.show(document, args.json, args.summary, args.markdown)
    return 0


def _cmd_editions(args: argparse.Namespace, root: Path) -> int:
    import json

    from oasis_si_conformance.corpus import corpus, editions

    try:
        known = editions.load(root)
        register = corpus.load_catalog("register.yaml", root).get("entries") or []
    except (editions.EditionError, corpus.CorpusError) as error:
        raise EditorError(str(error)) from None
    if args.json:
        output.write(json.dumps(editions.listing(known, register), indent=2) + "\n")
    else:
        output.write(editions.listing_text(known, register))
    return 0


def _cmd_ratify(args: argparse.Namespace, root: Path) -> int:
    from oasis_si_conformance.editing.ratify_cli import ratify_command

    return ratify_command(args, root)


COMMANDS: Final = {
    "new": _cmd_new,
    "check": _cmd_check,
    "manifest": _cmd_manifest,
    "explain": _cmd_explain,
    "export": _cmd_export,
    "diff-editions": _cmd_diff_editions,
    "editions": _cmd_editions,
    "ratify": _cmd_ratify,
    "find": find.command,
    "schemas-path": _cmd_schemas_path,
}


if __name__ == "__main__":
    sys.exit(main())
