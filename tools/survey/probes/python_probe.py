"""Survey probe: what Python's standard library does at each open point of profile 0.3.0-rc1.

Standard library only (PyYAML and the kit's YAML 1.2-core loader are probed when importable).
Usage: python python_probe.py CASES_FILE [--unicodedata2]. Prints one JSON object on stdout.
With --unicodedata2 the probe reports only what the PyPI package `unicodedata2` (a newer copy of
the Unicode database) gives: its version, NFC tables and the cased letters it assigns.
"""

import io
import json
import re
import string
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

MAX_CP = 0x10FFFF
SURROGATES = range(0xD800, 0xE000)
DELIMITED = r"(?<![A-Za-z0-9_-]){}(?![A-Za-z0-9_-])"


def read_cases(path: str) -> dict[str, dict[str, Any]]:
    """KIND -> NAME -> str, or (identifier, text) for `pair` lines."""

    def decode(field: str) -> str:
        return "".join(chr(int(h, 16)) for h in field.split())

    cases: dict[str, dict[str, Any]] = {}
    with open(path, encoding="ascii") as handle:
        for raw in handle:
            fields = raw.rstrip("\n").split("\t")
            kind, name = fields[0], fields[1]
            values = [decode(field) for field in fields[2:]]
            cases.setdefault(kind, {})[name] = values[0] if kind != "pair" else tuple(values)
    return cases


def cps(text: str) -> list[int]:
    return [ord(char) for char in text]


def code_point_set(predicate: Callable[[str], bool]) -> list[int]:
    return [cp for cp in range(MAX_CP + 1) if predicate(chr(cp))]


def whitespace() -> dict[str, Any]:
    space = re.compile(r"\s")
    ascii_space = re.compile(r"\s", re.ASCII)
    return {
        "python:str.isspace": code_point_set(str.isspace),
        "python:re \\s (str pattern)": code_point_set(lambda c: bool(space.fullmatch(c))),
        "python:re \\s (re.ASCII)": code_point_set(lambda c: bool(ascii_space.fullmatch(c))),
        "python:str.strip()": code_point_set(lambda c: c.strip() == ""),
        "python:str.split()": code_point_set(lambda c: len(f"a{c}b".split()) == 2),
        "python:string.whitespace": sorted(cps(string.whitespace)),
    }


def _universal_newlines(text: str, newline: str | None) -> list[str]:
    """Read text as open() does: TextIOWrapper over UTF-8 bytes (surrogates passed through)."""
    raw = io.BytesIO(text.encode("utf-8", "surrogatepass"))
    wrapper = io.TextIOWrapper(raw, encoding="utf-8", errors="surrogatepass", newline=newline)
    lines = wrapper.readlines()
    if newline is None:
        return [line[:-1] if line.endswith("\n") else line for line in lines]
    return [re.sub(r"(\r\n|\r|\n)\Z", "", line) for line in lines]


def line_splitters() -> dict[str, Callable[[str], list[str]]]:
    return {
        "python:str.splitlines()": str.splitlines,
        "python:open() universal newlines (newline=None)": lambda t: _universal_newlines(t, None),
        "python:open(newline='') iteration": lambda t: _universal_newlines(t, ""),
        "python:str.split('\\n')": lambda t: t.split("\n"),
        "python:re.split(r'\\r?\\n')": lambda t: re.split(r"\r?\n", t),
        "python:re.split(r'\\r\\n|\\r|\\n')": lambda t: re.split(r"\r\n|\r|\n", t),
    }


def line_breaks(split: Callable[[str], list[str]]) -> list[int]:
    """Single code points that end a line: 'x' + c + 'x' for every c, split once, see what went.

    A code point that ends a line is consumed by the splitter, so it is absent from the output.
    """
    candidates = range(MAX_CP + 1)
    text = "x" + "x".join(chr(cp) for cp in candidates) + "x"
    kept = set("".join(split(text)))
    return [cp for cp in candidates if chr(cp) not in kept]


def newlines(cases: dict[str, str]) -> dict[str, Any]:
    return {
        name: {
            "breaks": line_breaks(split),
            "samples": {label: split(text) for label, text in cases.items()},
        }
        for name, split in line_splitters().items()
    }


def mapping_functions() -> dict[str, Callable[[str], str]]:
    return {
        "python:str.lower": str.lower,
        "python:str.casefold": str.casefold,
        "python:per code point c.lower()": lambda s: "".join(c.lower() for c in s),
        "python:str.upper().lower()": lambda s: s.upper().lower(),
        "python:str.upper": str.upper,
    }


def case_tables() -> dict[str, dict[str, list[int]]]:
    """Per function, every code point the function changes when applied to it alone."""
    tables: dict[str, dict[str, list[int]]] = {}
    for name, function in mapping_functions().items():
        table = {}
        for cp in range(MAX_CP + 1):
            mapped = function(chr(cp))
            if mapped != chr(cp):
                table[f"{cp:X}"] = cps(mapped)
        tables[name] = table
    return tables


def case_strings(samples: dict[str, str], pairs: dict[str, tuple[str, str]]) -> dict[str, Any]:
    texts = dict(samples)
    for name, (identifier, text) in pairs.items():
        texts[f"pair:{name}:identifier"] = identifier
        texts[f"pair:{name}:text"] = text
    return {
        name: {label: cps(function(text)) for label, text in texts.items()}
        for name, function in mapping_functions().items()
    }


def case_candidates() -> list[str]:
    """Code points some case operation touches, with their single-code-point images."""
    found: set[str] = set()
    for cp in range(MAX_CP + 1):
        char = chr(cp)
        images = {char.lower(), char.upper(), char.casefold(), char.title()}
        if images != {char}:
            found.add(char)
            found.update(image for image in images if len(image) == 1)
    return sorted(found)


def comparator_relations(candidates: list[str]) -> dict[str, dict[str, list[int]]]:
    """Per comparator, a -> every other candidate b with cmp(a, b) (code points outside the
    candidates are only ever equal to themselves)."""
    relations: dict[str, dict[str, list[int]]] = {}
    for name, flags in (("python:re.IGNORECASE", re.IGNORECASE),):
        relation: dict[str, list[int]] = {}
        for a in candidates:
            pattern = re.compile(re.escape(a), flags)
            equal = [ord(b) for b in candidates if b != a and pattern.fullmatch(b)]
            if equal:
                relation[f"{ord(a):X}"] = equal
        relations[name] = relation
    return relations


def regex_matches(pairs: dict[str, tuple[str, str]]) -> dict[str, dict[str, bool]]:
    """§3.1 written as one regular expression with look-arounds: NFC both, then search."""

    def search(identifier: str, text: str, flags: int) -> bool:
        if not identifier:
            return bool(re.search(DELIMITED.format(""), text, flags))
        pattern = DELIMITED.format(re.escape(unicodedata.normalize("NFC", identifier)))
        return bool(re.search(pattern, unicodedata.normalize("NFC", text), flags))

    return {
        "python:re.search(lookarounds, re.IGNORECASE)": {
            name: search(identifier, text, re.IGNORECASE)
            for name, (identifier, text) in pairs.items()
        }
    }


def nfc(module: Any, samples: dict[str, str]) -> dict[str, Any]:
    normalize = module.normalize
    composites, changed = [], []
    for cp in range(MAX_CP + 1):
        if cp in SURROGATES:
            continue
        char = chr(cp)
        decomposed = normalize("NFD", char)
        if decomposed != char and normalize("NFC", decomposed) == char:
            composites.append(cp)
        if normalize("NFC", char) != char:
            changed.append(cp)
    return {
        "samples": {label: cps(normalize("NFC", text)) for label, text in samples.items()},
        "primary_composites": composites,
        "nfc_changes_alone": changed,
    }


def cased_letters(module: Any) -> dict[str, list[int]]:
    """Assigned uppercase/titlecase letters (Lu, Lt) and lowercase letters (Ll)."""
    upper, lower = [], []
    for cp in range(MAX_CP + 1):
        category = module.category(chr(cp))
        if category in ("Lu", "Lt"):
            upper.append(cp)
        elif category == "Ll":
            lower.append(cp)
    return {"Lu_Lt": upper, "Ll": lower}


def describe(value: Any) -> dict[str, Any]:
    return {"type": type(value).__name__, "repr": repr(value)}


def json_numbers() -> dict[str, Any]:
    texts = ["15", "15.0", "1.5", "1e1", "15.0e0", "-0", "1E400", "true", "1.0000000000000001"]
    decoded = {text: describe(json.loads(text)) for text in texts}
    checks = {
        "15.0 == 15": json.loads("15.0") == 15,
        "isinstance(json.loads('15.0'), int)": isinstance(json.loads("15.0"), int),
        "isinstance(json.loads('true'), int)": isinstance(json.loads("true"), int),
        "int(json.loads('1.5'))": int(json.loads("1.5")),
        "float(json.loads('15.0')).is_integer()": float(json.loads("15.0")).is_integer(),
    }
    return {"decoded": decoded, "checks": checks}


def lone_surrogates() -> dict[str, Any]:
    result: dict[str, Any] = {}
    for text in ['"\\ud800"', '"\\udc00"', '"\\udc00\\ud800"', '"a\\ud800b"', '"\\ud83d\\ude00"']:
        try:
            value = json.loads(text)
            entry: dict[str, Any] = {"decoded_code_units": cps(value)}
            entry["dumps"] = json.dumps(value)
            try:
                encoded = json.dumps(value, ensure_ascii=False).encode("utf-8")
                entry["dumps(ensure_ascii=False).encode('utf-8')"] = f"ok, {len(encoded)} bytes"
            except UnicodeEncodeError as error:
                entry["dumps(ensure_ascii=False).encode('utf-8')"] = f"UnicodeEncodeError: {error}"
        except ValueError as error:
            entry = {"error": f"{type(error).__name__}: {error}"}
        result[text] = entry
    try:
        json.loads(b'"\xed\xa0\x80"')
        result["raw bytes ED A0 80"] = "accepted"
    except ValueError as error:
        result["raw bytes ED A0 80"] = f"{type(error).__name__}: {error}"
    return result


YAML_DOCUMENT = (
    "v_yes: yes\nv_on: on\nv_no: no\nv_y: y\nv_hex: 0x1F\nv_017: 017\nv_0o17: 0o17\n"
    "v_15.0: 15.0\nv_1.5: 1.5\nv_1e1: 1e1\nv_tilde: ~\nv_1_000: 1_000\nv_date: 2026-11-30\n"
    "v_inf: .inf\nv_sexagesimal: 12:30\n"
)


def yaml_loaders() -> dict[str, Any]:
    result: dict[str, Any] = {}
    try:
        import yaml
    except ImportError:
        return {"skipped": "PyYAML not importable"}
    loaded = yaml.safe_load(YAML_DOCUMENT)
    result[f"PyYAML {yaml.__version__} safe_load (YAML 1.1)"] = {
        key: describe(value) for key, value in loaded.items()
    }
    try:
        from oasis_si_conformance.corpus import yamlsafe
    except ImportError:
        return result
    loaded = yamlsafe.load(YAML_DOCUMENT)
    result["kit conformance/yamlsafe.load (the kit's core-schema loader)"] = {
        key: describe(value) for key, value in loaded.items()
    }
    return result


def empty_search() -> dict[str, Any]:
    return {
        "'abc'.find('')": "abc".find(""),
        "'' in 'abc'": "" in "abc",
        "''.find('')": "".find(""),
        "'ab'.find('', 2)": "ab".find("", 2),
        "'ab'.find('', 3)": "ab".find("", 3),
        "len(re.findall('', 'ab'))": len(re.findall("", "ab")),
        "'abc'.count('')": "abc".count(""),
    }


def locale_note() -> dict[str, Any]:
    return {"str.lower is locale-independent": "I".lower() == "i"}


def runtime(module: Any, sentinels: dict[str, str]) -> dict[str, Any]:
    return {
        "language": "python",
        "implementation": sys.implementation.name,
        "version": sys.version.split()[0],
        "unicode_version": module.unidata_version,
        "sentinels_defined": {
            version: module.category(char) != "Cn" for version, char in sentinels.items()
        },
    }


def main() -> None:
    cases = read_cases(sys.argv[1])
    if "--unicodedata2" in sys.argv[2:]:
        import unicodedata2  # type: ignore[import-not-found]

        oracle: dict[str, Any] = {
            "runtime": {
                **runtime(unicodedata2, cases["sentinel"]),
                "library": "unicodedata2 (PyPI)",
            },
            "nfc": {"unicodedata2.normalize('NFC')": nfc(unicodedata2, cases["nfc"])},
            "cased_letters": cased_letters(unicodedata2),
        }
        json.dump(oracle, sys.stdout, ensure_ascii=True, sort_keys=True)
        return
    candidates = case_candidates()
    out: dict[str, Any] = {
        "runtime": runtime(unicodedata, cases["sentinel"]),
        "whitespace": whitespace(),
        "line_split": newlines(cases["line"]),
        "case_tables": case_tables(),
        "case_strings": case_strings(cases["case"], cases["pair"]),
        "case_relations": comparator_relations(candidates),
        "case_candidates": len(candidates),
        "regex_match": regex_matches(cases["pair"]),
        "nfc": {"python:unicodedata.normalize('NFC')": nfc(unicodedata, cases["nfc"])},
        "cased_letters": cased_letters(unicodedata),
        "json_numbers": json_numbers(),
        "json_lone_surrogates": lone_surrogates(),
        "yaml": yaml_loaders(),
        "empty_search": empty_search(),
        "locale": locale_note(),
    }
    json.dump(out, sys.stdout, ensure_ascii=True, sort_keys=True)


if __name__ == "__main__":
    main()
