"""The invariant audit: every reading (and every combination of the clause 3.1 readings) is held
to what the text fixes whatever the reading, over generated inputs and over the special code
points of the register's data files (vectors/data/fold-mapping.yaml).

- Reflexivity: an identifier matches a verbatim copy of itself delimited by characters outside
  [A-Za-z0-9_-] (with letters beyond the delimiter), as long as NFC leaves the copy intact.
- NFC invariance: canonically equivalent texts (and identifiers) get one verdict ("NFC-
  normalized").
- Symmetry: two single code points whose images are single code points match each other both
  ways or neither.

A combination that breaks an invariant is not a reading: it must be caught by normative
vectors. The audit found exactly one family of such combinations: case folding (full or simple,
or upper then lower) before NFC (FOLD-ORDER fold-then-nfc) is not invariant under canonical
equivalence once U+0345 stands out of canonical order; the normative nfc-equivalent-* vectors
(tools/vectorgen/reflexivity.py) catch each of them. The behaviours the register records as no
reading (the Final_Sigma context, Java's final sigma, JavaScript /i) break reflexivity or
case-insensitivity, and the audit sees them too (so it can fail).
"""

import itertools
import random
import unicodedata
from collections.abc import Iterator

import pytest

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.corpus.corpus import Vector, vectors_root
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.folding import Role, Scope, fold
from oasis_si_conformance.independent.hooks import Hook
from oasis_si_conformance.independent.identifiers import identifier_in
from oasis_si_conformance.independent.readings import READINGS, Readings
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.judging import compare
from tools.vectorgen import textrules

#: The slow tier (nox -s tests_slow): every combination of readings over the whole corpus.
pytestmark = pytest.mark.slow

#: The clause 3.1 entries whose every combination is audited.
AUDITED = ("FOLD-MAPPING", "FOLD-ORDER", "DELIM-FOLDED")
#: The combinations the audit finds not NFC-invariant (see the module docstring).
NOT_NFC_INVARIANT = {
    (mapping, "fold-then-nfc")
    for mapping in ("full-casefold", "simple-casefold", "upper-lower")
}

#: Delimiters: outside [A-Za-z0-9_-], punctuation, spaces and what the survey found the
#: Final_Sigma context skips (U+2019, U+00B7, U+00AD, U+200D, U+02BC...).
DELIMITERS = " .,:;'()/\"\u2019\u2018\u00b7\u00ad\u200d\u02bc^`\u00a8\u2024\uff0e"
#: What may follow a delimiter.
AFTER = ("", "\u0392\u0393", "X", "x", "1", "\u03b2")
#: Letters around which case mappings differ, beside the data's probes.
LETTERS = (
    "AaZzIiSsK\u0391\u03a3\u03c3\u03c2\u039f\u0394\u0399\u03b9\u0130\u0131\u017f\u00df\u1e9e"
    "\u212a\u0345"
)


def _probes() -> list[str]:
    path = vectors_root() / "data" / "fold-mapping.yaml"
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    return [chr(int(item["probe"][2:], 16)) for item in document["differences"]]


def _identifiers() -> list[str]:
    """NFC identifiers: each special code point inside a key, and generated words of the
    special letters (seeded)."""
    special = sorted(set(_probes()) | set(LETTERS))
    out = [f"K{char}" for char in special]
    chooser = random.Random(20261130)
    for _ in range(40):
        out.append("".join(chooser.choice(special) for _ in range(chooser.randint(1, 4))))
    return [i for i in dict.fromkeys(out) if unicodedata.is_normalized("NFC", i) and i.strip()]


#: Identifiers whose capital sigma the Final_Sigma context reads: tried in every context.
SIGMA_WORDS = ("\u0391\u03a3", "\u039f\u0394\u039f\u03a3")


def _contexts() -> Iterator[tuple[str, str]]:
    """(text, identifier): every sigma word in every context, every other identifier in a few
    (seeded)."""
    for identifier in SIGMA_WORDS:
        for right, after in itertools.product(DELIMITERS, AFTER):
            yield f"x {identifier}{right}{after}", identifier
    chooser = random.Random(7)
    for identifier in _identifiers():
        for _ in range(3):
            left = chooser.choice(" (")
            right, after = chooser.choice(DELIMITERS), chooser.choice(AFTER)
            yield f"x{left}{identifier}{right}{after}", identifier


def _combinations(entries: tuple[str, ...] = AUDITED) -> Iterator[dict[str, str]]:
    for combo in itertools.product(*(READINGS[e] for e in entries)):
        yield dict(zip(entries, combo, strict=True))


def _config(readings: dict[str, str], hooks: tuple[Hook, ...] = ()) -> Config:
    base = Readings()
    for entry, reading in readings.items():
        base = base.with_reading(entry, reading)
    return Config(base, frozenset(hooks))


def reflexivity_violations(config: Config) -> list[tuple[str, str]]:
    """(text, identifier) where a delimited verbatim copy of the identifier in an NFC text is
    not matched."""
    found = []
    for text, identifier in _contexts():
        if unicodedata.is_normalized("NFC", text) and not identifier_in(text, identifier, config):
            found.append((text, identifier))
    return found


#: Texts built from letters and marks whose order canonical reordering changes (U+0345 with
#: an acute or a breathing, dot below with an acute) and letters that compose with them.
_MARKED = "\u03b1\u03b7\u03c9\u0391\u03ac\u1fb3\u1fb4\u0345\u0301\u0313\u0323\u0342eEK_"


def _equivalent_texts() -> Iterator[tuple[str, str]]:
    """(a text, a canonically equivalent spelling of it), seeded."""
    chooser = random.Random(345)
    for _ in range(120):
        core = "".join(chooser.choice(_MARKED) for _ in range(chooser.randint(1, 5)))
        text = f"KEY_{core}"
        for other in (unicodedata.normalize("NFC", text), unicodedata.normalize("NFD", text)):
            if other != text:
                yield text, other


def nfc_violations(config: Config) -> list[tuple[str, str, str]]:
    """(text, equivalent text, identifier) with different verdicts."""
    found = []
    for text, other in _equivalent_texts():
        for identifier in {unicodedata.normalize("NFC", text), unicodedata.normalize("NFD", text),
                           unicodedata.normalize("NFC", text)[:6]}:
            if identifier_in(text, identifier, config) != identifier_in(other, identifier, config):
                found.append((text, other, identifier))
            if identifier_in(identifier, text, config) != identifier_in(identifier, other, config):
                found.append((identifier, other, text))
    return found


def symmetry_violations(config: Config) -> list[tuple[str, str]]:
    """Single code points a, b with one-code-point images where a names b but not b a."""
    found = []
    singles = [c for c in sorted(set(_probes()) | set(LETTERS))
               if len(fold(c, config, Scope.IDENTIFIER, Role.NEEDLE)) == 1]
    for a, b in itertools.combinations(singles, 2):
        if identifier_in(a, b, config) != identifier_in(b, a, config):
            found.append((a, b))
    return found


@pytest.mark.parametrize("readings", list(_combinations()), ids=lambda r: "/".join(r.values()))
def test_every_combination_keeps_reflexivity_and_symmetry(readings: dict[str, str]) -> None:
    config = _config(readings)
    assert reflexivity_violations(config)[:5] == []
    assert symmetry_violations(config)[:5] == []


def _undefined(readings: dict[str, str]) -> bool:
    """Combinations the register does not define: unfolded delimiters are read in the NFC text
    before case mapping, which fold-then-nfc never forms."""
    return readings["FOLD-ORDER"] == "fold-then-nfc" and readings["DELIM-FOLDED"] == "unfolded"


#: The audited combinations that the register defines (the others are refused, below).
DEFINED = [readings for readings in _combinations() if not _undefined(readings)]


@pytest.mark.parametrize("readings", DEFINED, ids=lambda r: "/".join(r.values()))
def test_nfc_invariance_holds_except_case_folding_before_nfc(readings: dict[str, str]) -> None:
    pair = (readings["FOLD-MAPPING"], readings["FOLD-ORDER"])
    violations = nfc_violations(_config(readings))
    if pair in NOT_NFC_INVARIANT:
        assert violations, f"{pair} was expected to break NFC invariance"
        assert any("\u0345" in "".join(v) for v in violations)
    else:
        assert violations[:5] == []


UNDEFINED = [readings for readings in _combinations() if _undefined(readings)]


@pytest.mark.parametrize("readings", UNDEFINED, ids=lambda r: "/".join(r.values()))
def test_the_generators_refuse_the_undefined_combinations(readings: dict[str, str]) -> None:
    """The combinations left out of the NFC audit are refused by the generators' rules
    (textrules.Undefined, which authoring reports instead of writing a verdict), on a text
    NFC changes, while the same mapping with the other order decides it."""
    assert len(UNDEFINED) == len(READINGS["FOLD-MAPPING"])
    interpretation = textrules.REFERENCE
    for entry, reading in readings.items():
        interpretation = interpretation.with_reading(entry, reading)
    text, identifier = "x KE\u0301Y y", "k\u00e9y"
    with pytest.raises(textrules.Undefined):
        textrules.identifier_matches(text, identifier, interpretation)
    decided = interpretation.with_reading("FOLD-ORDER", "nfc-then-fold")
    assert textrules.identifier_matches(text, identifier, decided) is True


@pytest.mark.parametrize("entry", ["UNICODE-CASE-VERSION", "UNICODE-NFC-VERSION", "TEXT-SURROGATE"])
def test_every_reading_of_the_other_entries_keeps_the_invariants(entry: str) -> None:
    for reading in READINGS[entry]:
        config = _config({entry: reading})
        assert reflexivity_violations(config)[:5] == [], (entry, reading)
        assert nfc_violations(config)[:5] == [], (entry, reading)


def _normative_nfc_vectors(vectors: list[Vector]) -> list[Vector]:
    return [v for v in vectors if v.id.startswith("nfc-equivalent-scenario-") and v.normative]


@pytest.mark.parametrize("pair", sorted(NOT_NFC_INVARIANT), ids="/".join)
def test_normative_vectors_catch_each_combination_that_breaks_nfc_invariance(
    pair: tuple[str, str], bundled_vectors: list[Vector]
) -> None:
    """The combination is caught through score_scenario alone."""
    vectors = _normative_nfc_vectors(bundled_vectors)
    assert vectors, "no nfc-equivalent-scenario-* vectors"
    server = Server(_config(dict(zip(("FOLD-MAPPING", "FOLD-ORDER"), pair, strict=True))))
    caught = []
    for vector in vectors:
        response = server.answer({"id": 1, "op": vector.operation, "params": vector.input})
        projection = compare.project(vector.operation, response["result"])
        if not compare.matches(vector.expected or {}, projection):
            caught.append(vector.id)
    assert caught, f"{pair}: no normative vector fails it"


@pytest.mark.parametrize(
    ("hook", "audit"),
    [
        (Hook.FOLD_FINAL_SIGMA, reflexivity_violations),
        (Hook.FOLD_JAVA_SIGMA, reflexivity_violations),
        (Hook.FOLD_CASEFOLD_THEN_NFC, nfc_violations),
    ],
)
def test_the_audit_sees_the_behaviours_that_are_no_reading(hook: Hook, audit: object) -> None:
    """The audit can fail: each behaviour the register records as no reading breaks it."""
    assert callable(audit)
    assert audit(_config({}, (hook,)))
