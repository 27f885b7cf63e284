"""Vector selection (`-k`): by id, clause, family, operation, ambiguity entry or input text.

Each `-k` value holds one or more comma-separated terms; a term prefixed with `!` excludes.
A vector is selected when it matches some including term (or there is none) and no
excluding term. A term matches a vector when it
- is one of its clauses or a dotted prefix of one (`3` matches 3.1 and 3.2; `5.1` matches
  5.1 and 5.1.row2); a term shaped like a clause id matches clauses only,
- equals or glob-matches (`*`, `?`, `[...]`) its family or its id, or is a substring of its
  id when the term has no glob characters,
- equals its operation (`split_sentences`) or its ambiguity entry (`SYN-BOUNDARY`), under the
  text as first published or under any edition whose block makes it an ambiguity vector
  (`WINDOW-BLANK`, an entry of the amended window only),
- is `input:TEXT` and TEXT is a substring of some string value of its input (a text, an
  identifier, a tool body; case as written; a comma ends the term, so `oasis-si-vectors find`
  searches for text that holds one). No id, clause, family, operation or entry holds a colon.
"""

import re
from collections.abc import Iterable, Iterator
from fnmatch import fnmatchcase
from typing import Any, Final

from oasis_si_conformance.corpus.corpus import Vector

_GLOB = frozenset("*?[")
_CLAUSE = re.compile(r"[0-9]+(\.[0-9]+)*(\.row[0-9]+)?")
#: The prefix of a term that matches input text.
INPUT: Final = "input:"


def input_strings(
    value: Any, path: tuple[Any, ...] = (), *, keys: bool = False
) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every string value in a vector's input (or any JSON value), with its path of keys and
    indices, in document order; with `keys`, every mapping key too (at its value's path)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if keys and isinstance(key, str):
                yield (*path, key), key
            yield from input_strings(item, (*path, key), keys=keys)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from input_strings(item, (*path, index), keys=keys)


def parse_terms(values: Iterable[str]) -> tuple[list[str], list[str]]:
    """(including terms, excluding terms) from the raw -k values."""
    include, exclude = [], []
    for value in values:
        for term in (t.strip() for t in value.split(",")):
            if not term:
                continue
            if term.startswith("!"):
                if term[1:]:
                    exclude.append(term[1:])
            else:
                include.append(term)
    return include, exclude


def term_matches(vector: Vector, term: str) -> bool:
    if term.startswith(INPUT):
        text = term[len(INPUT) :]
        return any(text in found for _path, found in input_strings(vector.input))
    if any(clause == term or clause.startswith(term + ".") for clause in vector.clauses):
        return True
    if _CLAUSE.fullmatch(term):
        return False
    if term in (vector.operation, vector.ambiguity, vector.family):
        return True
    if any(block.get("ambiguity") == term for block in vector.editions.values()):
        return True
    if _GLOB & set(term):
        return fnmatchcase(vector.id, term) or fnmatchcase(vector.family, term)
    return term in vector.id


def select(vectors: Iterable[Vector], values: Iterable[str]) -> list[Vector]:
    include, exclude = parse_terms(values)
    return [
        vector
        for vector in vectors
        if (not include or any(term_matches(vector, t) for t in include))
        and not any(term_matches(vector, t) for t in exclude)
    ]
