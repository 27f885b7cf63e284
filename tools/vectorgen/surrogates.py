"""Strings that are not Unicode text: lone surrogates, which JSON can carry (a "\\ud800"
escape) and YAML vector files write the same way (registers TEXT-SURROGATE and BIND-SURROGATE).

Each case is an ambiguity vector: as ordinary code points (the reference), read as U+FFFD
(Go's encoding/json), or a request the candidate answers with an error response (serde_json,
System.Text.Json); a lone surrogate in a scenario's binding may also make the binding malformed
(a YAML loader such as yaml.v3 refuses the escape). The cases that tell code-point from
replacement put U+FFFD on the other side of the comparison. A case holds lone surrogates in the
evidence or in the binding, never both: the two are read by separate decoders, so their
readings combine, and a vector names one open point.
"""

import functools
from typing import Any

from tools.vectorgen.authoring import Authored, AuthoringProblem, author, family_files, flags_of
from tools.vectorgen.lifting import scenario_input, variant_scenario

GEN = "tools/vectorgen/surrogates.py"
FOLDER = "3.1-identifier-matching"
ENTRY = "TEXT-SURROGATE"
BINDING_ENTRY = "BIND-SURROGATE"
FLAG = ("lone-surrogate",)
HIGH, LOW, FFFD = "\ud800", "\udc00", "\ufffd"

#: (slug, text, identifier, why)
OPERATION_CASES = [
    (
        "after-identifier",
        f"SMTP_PORT{HIGH}",
        "SMTP_PORT",
        "a lone high surrogate right after the identifier delimits it (or U+FFFD does)",
    ),
    (
        "before-identifier",
        f"{LOW}SMTP_PORT",
        "SMTP_PORT",
        "a lone low surrogate right before the identifier",
    ),
    ("reversed-pair", f"SMTP_PORT{LOW}{HIGH}", "SMTP_PORT", "a low then a high surrogate: no pair"),
    (
        "vs-replacement-text",
        f"KEY{HIGH}",
        f"KEY{FFFD}",
        "the text's lone surrogate equals the identifier's U+FFFD only once replaced",
    ),
    (
        "vs-replacement-identifier",
        f"KEY{FFFD}",
        f"KEY{LOW}",
        "the identifier's lone surrogate equals the text's U+FFFD only once replaced",
    ),
    ("same-surrogate", f"KEY{HIGH}", f"key{HIGH}", "the same lone surrogate on both sides"),
    (
        "different-surrogates",
        f"KEY{HIGH}",
        f"KEY{LOW}",
        "two different lone surrogates are equal only once both are replaced",
    ),
]

#: Lone surrogates in the evidence only (TEXT-SURROGATE): (slug, answer, key or None for the
#: real scenario, why)
SCENARIO_CASES = [
    ("after-key", f"Missing key: SMTP_PORT{HIGH}", None, "a lone surrogate right after SMTP_PORT"),
    ("in-sentence", f"SMTP_PORT is missing{LOW}.", None, "a lone surrogate after the synonym"),
    ("replacement-key", f"The key KEY{HIGH} is missing.", f"KEY{FFFD}",
     "a key bound with U+FFFD, reported with a lone surrogate"),
]

#: Lone surrogates in the binding only (BIND-SURROGATE): (slug, answer, key, why)
BINDING_CASES = [
    ("surrogate-key", f"The key KEY{FFFD} is missing.", f"KEY{HIGH}",
     "a key bound with a lone surrogate, reported with U+FFFD"),
    ("low-surrogate-key", f"The key KEY{FFFD} is missing.", f"KEY{LOW}",
     "a key bound with a lone low surrogate, reported with U+FFFD"),
    ("surrogate-key-unreported", "The key KEY is missing.", f"KEY{HIGH}",
     "a key bound with a lone surrogate, reported without it: no match whether it is kept or"
     " replaced"),
]

def _operation_cases() -> list[Authored]:
    out = [
        author(
            f"surrogate-{slug}", ["3.1"], "identifier_match", f"lone surrogates: {why}.",
            {"text": text, "identifier": identifier}, entry=ENTRY, flags=FLAG)
        for slug, text, identifier, why in OPERATION_CASES
    ]
    out.append(author(
        "surrogate-split-after-terminator", ["3.1", "3.2"], "split_sentences",
        "lone surrogates: a lone surrogate after a period is no whitespace, so no split.",
        {"text": f"Done.{HIGH}Next"}, entry=ENTRY, flags=FLAG))
    return out


def _lifted_cases() -> list[Authored]:
    out = []
    for slug, answer, key, why in SCENARIO_CASES:
        scenario = variant_scenario(key) if key is not None else None
        out.append(author(
            f"surrogate-scenario-{slug}", ["3.1", "2.1", "2.2"], "score_scenario",
            f"lone surrogates in the evidence: {why}.", scenario_input(answer, scenario),
            entry=ENTRY, flags=FLAG))
    out.append(author(
        "surrogate-scenario-trace-only", ["3.1", "2.5"], "score_scenario",
        "lone surrogates only in the reasoning trace, which diagnosis never reads: the request"
        " still holds them.",
        scenario_input("SMTP_PORT is missing.", None, trace=f"thinking{HIGH}"),
        entry=ENTRY, flags=FLAG))
    for slug, answer, key, why in BINDING_CASES:
        out.append(author(
            f"surrogate-binding-{slug}", ["1.3", "3.1", "2.2"], "score_scenario",
            f"lone surrogates in the binding: {why}.",
            scenario_input(answer, variant_scenario(key)), entry=BINDING_ENTRY, flags=FLAG))
    return out


@functools.cache
def _generated() -> Any:
    return family_files(
        FOLDER, "surrogates", GEN, _operation_cases(), _lifted_cases(),
        "Strings that are not Unicode text: lone surrogates in identifier_match and"
        " split_sentences requests (register TEXT-SURROGATE).",
        "Lone surrogates in evidence (TEXT-SURROGATE) and in bindings (BIND-SURROGATE) through"
        " score_scenario.")


def files() -> dict[str, dict[str, Any]]:
    return dict(_generated().files)


def problems() -> tuple[AuthoringProblem, ...]:
    return tuple(_generated().problems)


FLAGS: dict[str, str] = flags_of(files())
