"""What the text decides about case-insensitive comparison whatever the case mapping: an
identifier matches a verbatim copy of itself delimited by punctuation (reflexivity), a text and
its canonically equivalent spellings get one verdict (clause 3.1 "NFC-normalized"), and the
per-code-point lowercase of an identifier matches it.

Every reading of FOLD-MAPPING, FOLD-ORDER and DELIM-FOLDED agrees on these cases, so they are
normative. They are what fails the behaviours the register records as no reading: whole-string
lowercasing with the Final_Sigma context (str.lower, toLowerCase, str::to_lowercase, x/text
cases.Lower), Java's word-boundary final sigma, and case folding before NFC, which is not
invariant under canonical equivalence once U+0345 is out of canonical order
(tests/mutants/test_invariants.py audits every reading combination).
"""

import functools
from typing import Any

from tools.vectorgen.authoring import Authored, AuthoringProblem, author, family_files, flags_of
from tools.vectorgen.charnames import char_name, visible
from tools.vectorgen.common import ROW2
from tools.vectorgen.lifting import scenario_input, variant_scenario

GEN = "tools/vectorgen/reflexivity.py"
FOLDER = "3.1-identifier-matching"
LIFTED = ["3.1", "2.1", "2.2"]

ALPHA_SIGMA = "\u0391\u03a3"  # capital alpha, capital sigma
BETA_GAMMA = "\u0392\u0393"
ODOS = "\u039f\u0394\u039f\u03a3"  # ODOS, "road", ends in capital sigma

#: Delimiters after which a cased letter makes the Final_Sigma context (and Java's
#: word-boundary test, for some) read a capital sigma as medial: each is outside
#: [A-Za-z0-9_-] and Case_Ignorable (tools/survey: case_mapping.context_samples).
SIGMA_CONTEXTS = [
    ".", ":", "'", "\u2019", "\u2018", "\u00b7", "\u00ad", "\u2024", "\ufe52", "\uff07", "\uff0e",
    "\u0301", "\u200d", "\u02bc", "^", "`", "\u00a8",
]


def _sigma_cases() -> tuple[list[Authored], list[Authored]]:
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    for char in SIGMA_CONTEXTS:
        slug = f"u{ord(char):04x}"
        text = f"{ALPHA_SIGMA}{char}{BETA_GAMMA}"
        why = (
            f"{visible(ALPHA_SIGMA)} followed by {char_name(char)} and a letter holds the"
            " identifier verbatim, delimited: it matches itself"
        )
        operation_cases.append(author(
            f"reflexive-sigma-{slug}", ["3.1"], "identifier_match", f"clause 3.1: {why}.",
            {"text": text, "identifier": ALPHA_SIGMA}, entry=None, expect=True, optional=True))
        lifted_cases.append(author(
            f"reflexive-scenario-sigma-{slug}", LIFTED, "score_scenario",
            f"clause 3.1 lifted: {why}.",
            scenario_input(f"The key {text} is missing.", variant_scenario(ALPHA_SIGMA)),
            entry=None, expect=ROW2, optional=True))
    words = [
        (
            "odos-period-x",
            f"The key {ODOS}.X is missing.",
            ODOS,
            "a word-final sigma before a period and a Latin letter",
        ),
        (
            "odos-apostrophe",
            f"The key {ODOS}'s value is missing.",
            ODOS,
            "a word-final sigma before an apostrophe and s",
        ),
        (
            "odos-soft-hyphen",
            f"The key {ODOS}\u00adX is missing.",
            ODOS,
            "a word-final sigma before a soft hyphen and a letter",
        ),
        (
            "lowercase-copy",
            "The key \u03b1\u03c3.\u03b2\u03b3 is missing.",
            ALPHA_SIGMA,
            "the identifier's per-code-point lowercase, before a period and letters",
        ),
        (
            "lowercase-at-end",
            "Missing key: \u03b1\u03c3",
            ALPHA_SIGMA,
            "the per-code-point lowercase at the end of the text",
        ),
    ]
    for slug, answer, key, why in words:
        lifted_cases.append(author(
            f"reflexive-scenario-{slug}", LIFTED, "score_scenario",
            f"clause 3.1 lifted: {why} matches the key {visible(key)}.",
            scenario_input(answer, variant_scenario(key)), entry=None, expect=ROW2,
            optional=True))
    return operation_cases, lifted_cases


#: (slug, key as bound, the key as reported: canonically equivalent, why)
EQUIVALENT_SPELLINGS = [
    (
        "ypogegrammeni-reordered",
        "KEY_\u1fb4",
        "KEY_\u03b1\u0345\u0301",
        "U+0345 before an acute: canonical reordering puts the acute first",
    ),
    (
        "ypogegrammeni-decomposed",
        "KEY_\u1fb4",
        "KEY_\u03b1\u0301\u0345",
        "alpha, acute, ypogegrammeni: the decomposed form",
    ),
    (
        "ypogegrammeni-tonos-first",
        "KEY_\u1fb4",
        "KEY_\u03ac\u0345",
        "alpha with tonos, then ypogegrammeni",
    ),
    (
        "eta-ypogegrammeni-reordered",
        "KEY_\u1fc4",
        "KEY_\u03b7\u0345\u0301",
        "eta: U+0345 before an acute",
    ),
    (
        "omega-ypogegrammeni-reordered",
        "KEY_\u1ff4",
        "KEY_\u03c9\u0345\u0301",
        "omega: U+0345 before an acute",
    ),
    (
        "capital-reordered",
        "KEY_\u1fbc\u0301",
        "KEY_\u0391\u0345\u0301",
        "capital alpha: U+0345 before an acute",
    ),
]


def _equivalence_cases() -> tuple[list[Authored], list[Authored]]:
    operation_cases: list[Authored] = []
    lifted_cases: list[Authored] = []
    for slug, key, reported, why in EQUIVALENT_SPELLINGS:
        text = f"clause 3.1 NFC: {why}; one text, one verdict"
        operation_cases.append(author(
            f"nfc-equivalent-{slug}", ["3.1"], "identifier_match", f"{text}.",
            {"text": reported, "identifier": key}, entry=None, expect=True, optional=True))
        lifted_cases.append(author(
            f"nfc-equivalent-scenario-{slug}", LIFTED, "score_scenario", f"{text} (lifted).",
            scenario_input(f"The key {reported} is missing.", variant_scenario(key)),
            entry=None, expect=ROW2, optional=True))
    return operation_cases, lifted_cases


@functools.cache
def _generated() -> Any:
    sigma_ops, sigma_lifted = _sigma_cases()
    equivalent_ops, equivalent_lifted = _equivalence_cases()
    return family_files(
        FOLDER, "reflexivity", GEN, sigma_ops + equivalent_ops, sigma_lifted + equivalent_lifted,
        "Clause 3.1 invariants every case mapping keeps: an identifier matches a delimited"
        " verbatim copy of itself (capital sigma before punctuation and a letter), and"
        " canonically equivalent spellings get one verdict.",
        "The clause 3.1 invariants lifted into the C-DA-001 bands through score_scenario.")


def files() -> dict[str, dict[str, Any]]:
    return dict(_generated().files)


def problems() -> tuple[AuthoringProblem, ...]:
    return tuple(_generated().problems)


FLAGS: dict[str, str] = flags_of(files())
