"""`oasis-si-vectors find PATTERN`: the vectors whose input holds a text, with file:line.

Whether a case is covered already is a question about inputs: a text, an identifier, a tool
body, any string value anywhere in a vector's `input` (`--keys`: mapping keys too). `find`
searches every one of them, literally (default) or as a Python regular expression
(`--regex`, where `\\u00a0` names a code point), optionally ignoring case; `-k` narrows the
search to the vectors the runner's selection picks (selection.py). Each hit is the vector's
id, the place of the string (`path:line` of its node in the file, the one path-to-line lookup
of checks.Locator) and an excerpt around the match, written as JSON with ASCII escapes so
invisible code points show as the files write them.

The corpus is loaded once, from the cache of loaded corpora when an entry for these exact
files exists (corpus_cache.py); only the files holding a hit are composed for their lines.
"""

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import corpus, corpus_cache
from oasis_si_conformance.corpus.corpus import Vector
from oasis_si_conformance.corpus.selection import input_strings, select
from oasis_si_conformance.editing.checks import Locator, split_source

#: Characters of context shown either side of a match.
CONTEXT: Final = 30


class FindError(Exception):
    """A search that cannot run: a bad regular expression, a corpus that does not load."""


@attrs.frozen
class Hit:
    """One string of a vector's input that holds the pattern, and where the first match is."""

    vector: Vector
    path: tuple[Any, ...]
    text: str
    start: int
    end: int

    def field(self) -> str:
        """The string's place in the vector, e.g. `input.evidence.actions[2].result`."""
        out = "input"
        for step in self.path:
            out += f"[{step}]" if isinstance(step, int) else f".{step}"
        return out

    def excerpt(self, context: int = CONTEXT) -> str:
        """The match with `context` characters either side, as a JSON string (ASCII escapes);
        an ellipsis marks a cut."""
        left, right = max(0, self.start - context), min(len(self.text), self.end + context)
        shown = json.dumps(self.text[left:right], ensure_ascii=True)[1:-1]
        return ("..." if left else "") + shown + ("..." if right < len(self.text) else "")


def matcher(pattern: str, regex: bool = False, ignore_case: bool = False) -> re.Pattern[str]:
    """The compiled search: `pattern` literally, or as a regular expression. Raises FindError
    for a regular expression that does not compile, or an empty pattern."""
    if not pattern:
        raise FindError("an empty pattern matches every string; name a text to find")
    flags = re.IGNORECASE if ignore_case else 0
    try:
        return re.compile(pattern if regex else re.escape(pattern), flags)
    except re.error as error:
        raise FindError(f"not a regular expression: {pattern!r}: {error}") from None


def hits(
    vectors: Iterable[Vector], search: re.Pattern[str], keys: bool = False
) -> Iterator[Hit]:
    """Every string of every vector's input where `search` matches, in corpus order (one hit
    per string, at its first match); mapping keys too with `keys`."""
    for vector in vectors:
        for path, text in input_strings(vector.input, keys=keys):
            found = search.search(text)
            if found is not None:
                yield Hit(vector, path, text, found.start(), found.end())


def find(
    vectors: Sequence[Vector],
    pattern: str,
    *,
    regex: bool = False,
    ignore_case: bool = False,
    keys: bool = False,
    terms: Sequence[str] = (),
) -> list[Hit]:
    """The hits of `pattern` in the inputs of the vectors `-k terms` select (all without)."""
    search = matcher(pattern, regex, ignore_case)
    return list(hits(select(vectors, terms) if terms else vectors, search, keys))


def load(root: Path, cache: bool = True) -> list[Vector]:
    """The corpus at `root` as find searches it. Raises FindError when a file does not load
    (`oasis-si-vectors check` locates every problem)."""
    try:
        return corpus_cache.load(root, corpus.build_manifest(root), enabled=cache)
    except corpus.CorpusError as error:
        raise FindError(f"{error} (run `oasis-si-vectors check`)") from None


@attrs.frozen
class Located:
    """A hit with the file and line of its string."""

    hit: Hit
    file: Path
    line: int

    def record(self, root: Path) -> dict[str, Any]:
        """The hit as `--json` prints it."""
        return {
            "id": self.hit.vector.id,
            "file": self.file.relative_to(root).as_posix(),
            "line": self.line,
            "field": self.hit.field(),
            "text": self.hit.text,
            "match": [self.hit.start, self.hit.end],
        }


def locate(root: Path, found: Iterable[Hit]) -> list[Located]:
    """Each hit with the line of its string's node (the files holding hits composed once)."""
    locator = Locator(root)
    return [
        Located(
            hit,
            root / split_source(hit.vector)[0],
            locator.vector_line(hit.vector, ["input", *hit.path]),
        )
        for hit in found
    ]


def render(located: Sequence[Located], base: Path | None = None) -> str:
    """One line per hit: `path:line: id field: excerpt`."""
    base = (base or Path.cwd()).resolve()
    lines = []
    for item in located:
        try:
            shown = item.file.resolve().relative_to(base).as_posix()
        except ValueError:
            shown = item.file.as_posix()
        hit = item.hit
        lines.append(f'{shown}:{item.line}: {hit.vector.id} {hit.field()}: "{hit.excerpt()}"')
    return "".join(line + "\n" for line in lines)


# The subcommand ---------------------------------------------------------------------------------


def add_parser(commands: Any, common: argparse.ArgumentParser) -> None:
    """`find` as a subcommand of `oasis-si-vectors` (editor.py)."""
    find_command = commands.add_parser(
        "find",
        parents=[common],
        help="the vectors whose input holds a text (texts, identifiers, tool bodies), file:line",
        description="Search every string of every vector's input; print `path:line: id field: "
        "excerpt` per string that holds PATTERN. Exit 0 when something is found, 1 when nothing"
        " is, 2 on a bad pattern or a corpus that does not load.",
    )
    find_command.add_argument("pattern", metavar="PATTERN", help="the text to find")
    find_command.add_argument(
        "-E",
        "--regex",
        action="store_true",
        help="PATTERN is a Python regular expression (\\u00a0 names a code point)",
    )
    find_command.add_argument("-i", "--ignore-case", action="store_true", help="ignore case")
    find_command.add_argument(
        "--keys", action="store_true", help="search the input's mapping keys too"
    )
    find_command.add_argument(
        "-k",
        dest="select",
        action="append",
        default=[],
        metavar="EXPR",
        help="search only the vectors selected as the runner's -k selects (id, clause, family, "
        "operation, ambiguity entry, input:TEXT); comma-separated; !TERM excludes; repeatable",
    )
    find_command.add_argument(
        "--json", action="store_true", help="print a JSON list: id, file, line, field, text, match"
    )
    find_command.add_argument(
        "--no-cache", action="store_true", help="load the corpus afresh, not from the cache"
    )


def command(args: argparse.Namespace, root: Path) -> int:
    """Run `find`; the exit code (0 found, 1 nothing found, 2 refused)."""
    try:
        search = matcher(args.pattern, args.regex, args.ignore_case)
        vectors = load(root, cache=not args.no_cache)
    except FindError as error:
        print(f"oasis-si-vectors: error: {error}", file=sys.stderr)
        return 2
    chosen = select(vectors, args.select) if args.select else vectors
    located = locate(root, hits(chosen, search, args.keys))
    if args.json:
        print(json.dumps([item.record(root) for item in located], indent=1, ensure_ascii=True))
    else:
        print(render(located), end="")
    count = len({item.hit.vector.id for item in located})
    print(f"{len(located)} strings in {count} of {len(chosen)} vectors", file=sys.stderr)
    return 0 if located else 1
