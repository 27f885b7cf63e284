"""Reduce the probes' raw output to the evidence per open point (the content of results.json).

Every set here was computed by a runtime iterating code points; this module only compares them:
against the Unicode White_Space property, against the simple lowercase mapping of the same
Unicode version, and across runtimes and versions.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from tools.survey import cases as survey_cases

Raw = dict[str, dict[str, Any]]

#: The Unicode White_Space property (PropList.txt, unchanged since 6.3). Checked below against
#: Java \p{IsWhite_Space}, JavaScript \p{White_Space} and Go unicode.White_Space.
WHITE_SPACE = frozenset(
    [
        *range(0x9, 0xE),
        0x20,
        0x85,
        0xA0,
        0x1680,
        *range(0x2000, 0x200B),
        0x2028,
        0x2029,
        0x202F,
        0x205F,
        0x3000,
    ]
)
#: Functions probed only to find case-relation candidates; they are not lowercasings.
#: Canonical-form functions whose images are not lowercase: only their equivalences are reported.
CANONICAL_FORMS = frozenset(["go:unicode.SimpleFold orbit minimum per rune"])
#: Past this many differences a function's list is cut (its character is stated by the count).
MAX_LISTED = 300
UPPERCASINGS = frozenset(
    [
        "python:str.upper",
        "java:String.toUpperCase(Locale.ROOT)",
        "js:String.prototype.toUpperCase",
        "go:strings.ToUpper",
        "rust:str::to_uppercase",
    ]
)
IDENTIFIER_CLASS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
SIMPLE_LOWERCASE_SOURCES = {
    # Unicode version -> (runtime prefix, function) that yields the simple mapping directly.
    "13.0": ("Java", "java:Character.toLowerCase(int) per code point"),
    "15.0": ("Go 1", "go:unicode.ToLower per rune"),
}
PER_CODE_POINT_FULL = {
    "Python": "python:per code point c.lower()",
    "Rust": "rust:char::to_lowercase per char",
    "Node": "js:per code point toLowerCase()",
}


def u(cp: int) -> str:
    return f"U+{cp:04X}"


def us(cps: Iterable[int]) -> str:
    return " ".join(u(cp) for cp in cps)


def ranges(cps: Iterable[int]) -> list[str]:
    """Compact rendering: runs of consecutive code points as U+XXXX..U+YYYY."""
    runs: list[list[int]] = []
    for cp in sorted(set(cps)):
        if runs and cp == runs[-1][1] + 1:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp])
    return [u(a) if a == b else f"{u(a)}..{u(b)}" for a, b in runs]


def version_of(raw: dict[str, Any]) -> str:
    """major.minor of the Unicode data a runtime's probe ran on."""
    info = raw["runtime"]
    declared = str(info.get("unicode_version", ""))
    if declared and declared[0].isdigit():
        return ".".join(declared.split(".")[:2])
    defined = info.get("sentinels_defined", {})
    known = [v for v, ok in defined.items() if ok]
    return max(known, key=lambda v: tuple(map(int, v.split(".")))) if known else "unknown"


def grouped(per_runtime: dict[str, Any]) -> list[dict[str, Any]]:
    """Group runtimes whose value is identical: [{runtimes: [...], value}]."""
    groups: dict[str, dict[str, Any]] = {}
    for runtime, value in per_runtime.items():
        key = json.dumps(value, sort_keys=True)
        groups.setdefault(key, {"runtimes": [], "value": value})["runtimes"].append(runtime)
    return list(groups.values())


def by_function(raw: Raw, section: str) -> dict[str, dict[str, Any]]:
    """function -> runtime -> that runtime's value for the function in `section`."""
    out: dict[str, dict[str, Any]] = defaultdict(dict)
    for runtime, data in raw.items():
        for function, value in data.get(section, {}).items():
            out[function][runtime] = value
    return out


# ---- 1. whitespace ------------------------------------------------------------------------


def whitespace(raw: Raw, documented: dict[str, Any]) -> dict[str, Any]:
    functions: dict[str, Any] = {}
    behaviours: dict[tuple[int, ...], list[str]] = defaultdict(list)
    for function, per_runtime in sorted(by_function(raw, "whitespace").items()):
        entries = []
        for group in grouped(per_runtime):
            cps = frozenset(group["value"])
            entries.append(
                {
                    "runtimes": group["runtimes"],
                    "code_points": ranges(cps),
                    "count": len(cps),
                    "beyond_White_Space": ranges(cps - WHITE_SPACE),
                    "White_Space_missing": ranges(WHITE_SPACE - cps),
                }
            )
            behaviours[tuple(sorted(cps))].append(function)
        functions[function] = entries if len(entries) > 1 else entries[0]
    distinct = [
        {
            "code_points": ranges(cps),
            "count": len(cps),
            "beyond_White_Space": ranges(frozenset(cps) - WHITE_SPACE),
            "White_Space_missing": ranges(WHITE_SPACE - frozenset(cps)),
            "functions": sorted(names),
        }
        for cps, names in sorted(behaviours.items(), key=lambda item: (len(item[0]), item[0]))
    ]
    property_checks = {
        name: frozenset(v) == WHITE_SPACE
        for name, per_runtime in by_function(raw, "whitespace").items()
        if "White_Space" in name
        for v in per_runtime.values()
    }
    return {
        "White_Space": ranges(WHITE_SPACE),
        "White_Space_property_functions_agree": property_checks,
        "functions": functions,
        "distinct_sets": distinct,
        "documented": documented["whitespace"],
    }


# ---- 2. newlines ----------------------------------------------------------------------------


def newlines(raw: Raw, documented: dict[str, Any]) -> dict[str, Any]:
    functions: dict[str, Any] = {}
    behaviours: dict[str, list[str]] = defaultdict(list)
    for function, per_runtime in sorted(by_function(raw, "line_split").items()):
        entries = []
        for group in grouped(per_runtime):
            value = group["value"]
            samples = value["samples"]
            summary = {
                "breaks": ranges(value["breaks"]),
                "CR LF counts once": samples["crlf"] == ["a", "b"],
                "lone CR breaks": samples["cr"] == ["a", "b"],
                "trailing LF gives an empty last line": samples["trailing-lf"] == ["a", ""],
            }
            entries.append({"runtimes": group["runtimes"], **summary, "samples": samples})
            key = (
                f"breaks {' '.join(summary['breaks'])}; CR LF once: {summary['CR LF counts once']}"
            )
            behaviours[key].append(function)
        functions[function] = entries if len(entries) > 1 else entries[0]
    return {
        "samples_given": {k: us(map(ord, v)) for k, v in survey_cases.LINE_SAMPLES.items()},
        "functions": functions,
        "distinct_behaviours": {key: sorted(set(names)) for key, names in behaviours.items()},
        "documented": documented["newlines"],
    }


# ---- 3. case mapping -------------------------------------------------------------------------


def table(raw: dict[str, Any], function: str) -> dict[int, tuple[int, ...]]:
    return {int(cp, 16): tuple(m) for cp, m in raw["case_tables"][function].items()}


def simple_lowercase_tables(
    raw: Raw,
) -> tuple[dict[str, dict[int, tuple[int, ...]]], dict[str, Any]]:
    """Simple lowercase mapping per Unicode version, with how each was obtained and checked.

    Java's Character.toLowerCase(int) (13.0) and Go's unicode.ToLower (15.0) are the simple
    mapping itself. Elsewhere it is derived from a per-code-point full lowercase function by
    taking U+0130 to U+0069 (the only unconditional multi-code-point lowercase mapping in
    SpecialCasing.txt); the derivation is checked at every version where both sources exist.
    """
    tables: dict[str, dict[int, tuple[int, ...]]] = {}
    provenance: dict[str, Any] = {}
    for version, (prefix, function) in SIMPLE_LOWERCASE_SOURCES.items():
        for runtime, data in raw.items():
            if runtime.startswith(prefix) and function in data.get("case_tables", {}):
                tables[version] = table(data, function)
                provenance[version] = {"source": f"{runtime}: {function}"}
    for runtime, data in raw.items():
        for prefix, function in PER_CODE_POINT_FULL.items():
            if not runtime.startswith(prefix) or function not in data.get("case_tables", {}):
                continue
            version = version_of(data)
            derived = dict(table(data, function))
            derived[0x130] = (0x69,)
            if version in tables:
                diff = {
                    u(cp): [us(derived.get(cp, (cp,))), us(tables[version].get(cp, (cp,)))]
                    for cp in set(derived) | set(tables[version])
                    if derived.get(cp, (cp,)) != tables[version].get(cp, (cp,))
                }
                provenance[version].setdefault("derivation_checks", {})[
                    f"{runtime}: {function} with U+0130 -> U+0069"
                ] = diff or "identical"
            else:
                tables[version] = derived
                provenance[version] = {
                    "source": f"{runtime}: {function}, with U+0130 -> U+0069 (derived)"
                }
    return tables, provenance


def mapping_diffs(raw: Raw, simple: dict[str, dict[int, tuple[int, ...]]]) -> dict[str, Any]:
    """Per lowercasing function, every single code point it maps otherwise than simple lowercase."""
    out: dict[str, Any] = {}
    for function, per_runtime in sorted(by_function(raw, "case_tables").items()):
        if function in UPPERCASINGS or function in CANONICAL_FORMS:
            continue
        diffs: dict[str, Any] = {}
        for runtime in per_runtime:
            data = raw[runtime]
            version = version_of(data)
            base = simple.get(version)
            if base is None:
                diffs[runtime] = f"no simple lowercase table for Unicode {version}"
                continue
            mine = table(data, function)
            diff = {
                u(cp): {"maps_to": us(mine.get(cp, (cp,))), "simple": us(base.get(cp, (cp,)))}
                for cp in sorted(set(mine) | set(base))
                if mine.get(cp, (cp,)) != base.get(cp, (cp,))
            }
            diffs[runtime] = {"unicode": version, "differs_at": len(diff), "differences": diff}
        groups = grouped(
            {r: (d if isinstance(d, str) else d["differences"]) for r, d in diffs.items()}
        )
        out[function] = [listed(g["runtimes"], g["value"]) for g in groups]
    return out


def listed(runtimes: list[str], differences: dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(differences, str):
        return {"runtimes": runtimes, "differences_from_simple_lowercase": differences}
    shown = dict(list(differences.items())[:MAX_LISTED])
    entry = {"runtimes": runtimes, "differs_at": len(differences)}
    if len(shown) < len(differences):
        entry["listed"] = f"first {MAX_LISTED} of {len(differences)}"
    return {**entry, "differences_from_simple_lowercase": shown}


def text(cps: list[int]) -> str:
    return "".join(chr(cp) for cp in cps)


def delimited_find(haystack: str, needle: str) -> bool:
    """§3.1 maximal-token search on already mapped strings (delimiters read in mapped text)."""
    start = haystack.find(needle)
    while start != -1:
        end = start + len(needle)
        before = start == 0 or haystack[start - 1] not in IDENTIFIER_CLASS
        after = end == len(haystack) or haystack[end] not in IDENTIFIER_CLASS
        if before and after:
            return True
        start = haystack.find(needle, start + 1)
        if start > len(haystack):
            break
    return False


def context_and_matching(raw: Raw) -> dict[str, Any]:
    """Whole-string mappings of the sigma/U+0130 samples, and §3.1 matching under each mapping."""
    sigma: dict[str, Any] = {}
    matching: dict[str, Any] = {}
    for function, per_runtime in sorted(by_function(raw, "case_strings").items()):
        if function in UPPERCASINGS:
            continue
        context = {
            runtime: {
                label: text(cps)
                for label, cps in strings.items()
                if label.startswith("sigma:") or label in ("U+0130 D", "I U+0307")
            }
            for runtime, strings in per_runtime.items()
        }
        sigma[function] = [
            {
                "runtimes": g["runtimes"],
                "final_sigma_in": sorted(
                    label for label, out in g["value"].items() if "\u03c2" in out
                ),
                "mapped": g["value"],
            }
            for g in grouped(context)
        ]
        results = {}
        for runtime, strings in per_runtime.items():
            results[runtime] = {
                name: delimited_find(
                    text(strings[f"nfcpair:{name}:text"]),
                    text(strings[f"nfcpair:{name}:identifier"]),
                )
                for name in survey_cases.MATCH_PAIRS
                if f"nfcpair:{name}:text" in strings
            }
        matching[f"{function} (NFC, then map, then §3.1 search)"] = [
            {"runtimes": g["runtimes"], "matches": g["value"]} for g in grouped(results)
        ]
    for function, per_runtime in sorted(by_function(raw, "regex_match").items()):
        matching[function] = [
            {"runtimes": g["runtimes"], "matches": g["value"]} for g in grouped(per_runtime)
        ]
    return {"context_samples": sigma, "identifier_matching": matching}


def classes_from_relation(relation: dict[str, list[int]]) -> tuple[list[list[int]], bool]:
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    symmetric = True
    edges = {(int(a, 16), b) for a, bs in relation.items() for b in bs}
    for a, b in edges:
        symmetric = symmetric and (b, a) in edges
        parent[find(a)] = find(b)
    groups: dict[int, list[int]] = defaultdict(list)
    for x in parent:
        groups[find(x)].append(x)
    return sorted(sorted(g) for g in groups.values() if len(g) > 1), symmetric


def classes_from_mapping(mapping: dict[int, tuple[int, ...]]) -> list[list[int]]:
    groups: dict[tuple[int, ...], set[int]] = defaultdict(set)
    for cp, image in mapping.items():
        groups[image].add(cp)
        if len(image) == 1:
            groups[image].add(image[0])
    return sorted(sorted(g) for g in groups.values() if len(g) > 1)


def compare_partitions(mine: list[list[int]], base: list[list[int]]) -> dict[str, Any]:
    universe = {cp for group in mine + base for cp in group}
    mine_sets = {frozenset(g) for g in mine}
    base_sets = {frozenset(g) for g in base}
    covered_mine = {cp for g in mine for cp in g}
    covered_base = {cp for g in base for cp in g}
    # Singletons count too: a code point in no class is alone.
    mine_sets |= {frozenset([cp]) for cp in universe - covered_mine}
    base_sets |= {frozenset([cp]) for cp in universe - covered_base}
    return {
        "classes_not_in_simple_lowercase": [
            us(sorted(g)) for g in sorted(mine_sets - base_sets, key=min)
        ],
        "simple_lowercase_classes_not_here": [
            us(sorted(g)) for g in sorted(base_sets - mine_sets, key=min)
        ],
    }


def equivalences(raw: Raw, simple: dict[str, dict[int, tuple[int, ...]]]) -> dict[str, Any]:
    """Which single code points each comparator (or mapping) makes equal, vs simple lowercase."""
    out: dict[str, Any] = {}
    for function, per_runtime in sorted(by_function(raw, "case_relations").items()):
        entries = {}
        for runtime, relation in per_runtime.items():
            version = version_of(raw[runtime])
            classes, symmetric = classes_from_relation(relation)
            entries[runtime] = {
                "unicode": version,
                "symmetric": symmetric,
                "candidates": raw[runtime].get("case_candidates"),
                **compare_partitions(classes, classes_from_mapping(simple.get(version, {}))),
            }
        out[function] = [{"runtimes": g["runtimes"], **g["value"]} for g in grouped(entries)]
    for function, per_runtime in sorted(by_function(raw, "case_tables").items()):
        if function in UPPERCASINGS:
            continue
        entries = {}
        for runtime in per_runtime:
            version = version_of(raw[runtime])
            mine = classes_from_mapping(table(raw[runtime], function))
            entries[runtime] = {
                "unicode": version,
                **compare_partitions(mine, classes_from_mapping(simple.get(version, {}))),
            }
        out[f"{function} (equal images)"] = [
            {"runtimes": g["runtimes"], **g["value"]} for g in grouped(entries)
        ]
    return out


def case_mapping(
    raw: Raw, documented: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, dict[int, tuple[int, ...]]]]:
    simple, provenance = simple_lowercase_tables(raw)
    return {
        "simple_lowercase_tables": {
            version: {**provenance[version], "entries": len(simple[version])}
            for version in sorted(simple, key=lambda v: tuple(map(int, v.split("."))))
        },
        "mapping_differences": mapping_diffs(raw, simple),
        **context_and_matching(raw),
        "single_code_point_equivalence": equivalences(raw, simple),
        "documented": documented["case"],
    }, simple


# ---- 4. Unicode versions -------------------------------------------------------------------


def vkey(version: str) -> tuple[int, ...]:
    return tuple(map(int, version.split(".")))


def unicode_versions(raw: Raw, simple: dict[str, dict[int, tuple[int, ...]]]) -> dict[str, Any]:
    runtimes = {
        runtime: {
            "declared": data["runtime"].get("unicode_version"),
            "data_version_used_here": version_of(data),
            "sentinels": data["runtime"].get("sentinels_defined")
            or data["runtime"].get("sentinels_to_lowercase_changes"),
        }
        for runtime, data in raw.items()
    }
    cased: dict[str, set[int]] = {}
    composites: dict[str, dict[str, Any]] = defaultdict(dict)
    for runtime, data in raw.items():
        version = version_of(data)
        if "cased_letters" in data:
            cased.setdefault(version, set(data["cased_letters"]["Lu_Lt"]))
        for function, nfc_entry in data.get("nfc", {}).items():
            composites[version][f"{runtime}: {function}"] = nfc_entry
    lower = dict(simple)
    derivations = {}
    if "16.0" not in lower and "17.0" in lower and "16.0" in cased and "15.1" in lower:
        lower["16.0"] = {
            cp: m for cp, m in lower["17.0"].items() if cp in lower["15.1"] or cp in cased["16.0"]
        }
        derivations["16.0"] = (
            "17.0 simple lowercase restricted to code points mapped at 15.1 or Lu/Lt in"
            " unicodedata2 16.0 (a new letter's mapping is assigned with it; no 16.0 runtime is"
            " available here)"
        )
    boundaries = []
    versions = ["13.0", "14.0", "15.0", "15.1", "16.0", "17.0", "18.0"]
    for old, new in zip(versions, versions[1:], strict=False):
        entry: dict[str, Any] = {"boundary": f"{old} -> {new}"}
        if old in lower and new in lower:
            changed = sorted(
                cp
                for cp in set(lower[old]) | set(lower[new])
                if lower[old].get(cp, (cp,)) != lower[new].get(cp, (cp,))
            )
            entry["lowercase_changes"] = len(changed)
            entry["lowercase_probes"] = [
                {
                    "code_point": u(cp),
                    old: us(lower[old].get(cp, (cp,))),
                    new: us(lower[new].get(cp, (cp,))),
                }
                for cp in changed[:3]
            ]
        else:
            entry["lowercase_changes"] = "no simple lowercase data for both versions here"
        if old in cased and new in cased:
            entry["new_Lu_Lt"] = ranges(cased[new] - cased[old])
        if composites.get(old) and composites.get(new):
            a = next(iter(composites[old].values()))
            b = next(iter(composites[new].values()))
            new_composites = sorted(set(b["primary_composites"]) - set(a["primary_composites"]))
            entry["new_primary_composites"] = ranges(new_composites)
            entry["nfc_sample_changes"] = {
                label: {old: us(a["samples"][label]), new: us(b["samples"][label])}
                for label in a["samples"]
                if a["samples"][label] != b["samples"][label]
            }
        boundaries.append(entry)
    return {
        "runtimes": runtimes,
        "derived_tables": derivations,
        "boundaries": boundaries,
    }


# ---- 5. NFC ---------------------------------------------------------------------------------


def nfc(raw: Raw, documented: dict[str, Any]) -> dict[str, Any]:
    per_version: dict[str, dict[str, Any]] = defaultdict(dict)
    for runtime, data in raw.items():
        for function, entry in data.get("nfc", {}).items():
            per_version[version_of(data)][f"{runtime}: {function}"] = entry
    out = {}
    for version in sorted(per_version, key=vkey):
        implementations = per_version[version]
        groups = grouped(
            {
                name: (entry["primary_composites"], entry["nfc_changes_alone"], entry["samples"])
                for name, entry in implementations.items()
            }
        )
        first = next(iter(implementations.values()))
        out[version] = {
            "implementations": sorted(implementations),
            "identical_within_version": len(groups) == 1,
            "primary_composites": len(first["primary_composites"]),
            "nfc_changes_alone": len(first["nfc_changes_alone"]),
            "samples": {label: us(cps) for label, cps in first["samples"].items()},
        }
    return {"by_unicode_version": out, "documented": documented["nfc"]}


# ---- 6-8. JSON, YAML, surrogates, empty search -------------------------------------------------


def collect(raw: Raw, section: str) -> dict[str, Any]:
    return {runtime: data[section] for runtime, data in raw.items() if section in data}


def analyse(raw: Raw, documented: dict[str, Any]) -> dict[str, Any]:
    case, simple = case_mapping(raw, documented)
    return {
        "about": (
            "Evidence for the ambiguity register of profile 0.3.0-rc1: what standard libraries do"
            " at each open point, measured by tools/survey/probes (run.py). Code points as U+XXXX;"
            " 'documented' entries rest on the cited documentation, not on a probe run."
        ),
        "runtimes": {
            runtime: {k: v for k, v in data["runtime"].items() if not k.startswith("sentinel")}
            for runtime, data in raw.items()
        },
        "whitespace": whitespace(raw, documented),
        "newlines": newlines(raw, documented),
        "case_mapping": case,
        "unicode_versions": unicode_versions(raw, simple),
        "nfc": nfc(raw, documented),
        "json_numbers": {
            "probed": collect(raw, "json_numbers"),
            "documented": documented["json_numbers"],
        },
        "yaml": {
            "probed": {
                **collect(raw, "yaml"),
                **{k: v["yaml_v3"] for k, v in raw.items() if "yaml_v3" in v},
            },
            "documented": documented["yaml"],
        },
        "json_lone_surrogates": {
            "probed": collect(raw, "json_lone_surrogates"),
            "documented": documented["json_lone_surrogates"],
        },
        "empty_identifier_search": {
            "probed": collect(raw, "empty_search"),
            "documented": documented["empty_search"],
        },
        "locale": {runtime: data["locale"] for runtime, data in raw.items() if "locale" in data},
        "field_evaluator_oasisctl": documented["oasisctl"],
    }
