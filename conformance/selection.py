"""Vector selection (`-k`): by id, clause, family, operation or ambiguity entry.

Each `-k` value holds one or more comma-separated terms; a term prefixed with `!` excludes.
A vector is selected when it matches some including term (or there is none) and no
excluding term. A term matches a vector when it
- is one of its clauses or a dotted prefix of one (`3` matches 3.1 and 3.2; `5.1` matches
  5.1 and 5.1.row2); a term shaped like a clause id matches clauses only,
- equals or glob-matches (`*`, `?`, `[...]`) its family or its id, or is a substring of its
  id when the term has no glob characters,
- equals its operation (`split_sentences`) or its ambiguity entry (`SYN-BOUNDARY`).
"""

import re
from collections.abc import Iterable
from fnmatch import fnmatchcase

from .corpus import Vector

_GLOB = frozenset("*?[")
_CLAUSE = re.compile(r"[0-9]+(\.[0-9]+)*(\.row[0-9]+)?")


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
    if any(clause == term or clause.startswith(term + ".") for clause in vector.clauses):
        return True
    if _CLAUSE.fullmatch(term):
        return False
    if term in (vector.operation, vector.ambiguity, vector.family):
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
