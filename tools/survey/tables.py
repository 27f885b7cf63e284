"""Write the register's data files for the mapping entries (vectors/data/*.yaml) from runtimes.

    python -m tools.survey.tables [--cache DIR] [--fetch]      # with the kit's Python 3.11

Run once by hand when a reading or a runtime changes, like the survey itself; the files are
data, committed and read by the corpus rule `register-probes`, the vector generators and the
independent evaluator, never recomputed at check time (so nothing depends on the Unicode data
of the Python that runs them). Sources, each measured here, never transcribed:

- FOLD-MAPPING (Unicode 14.0, this interpreter: it must be Python 3.11): every code point of
  NFC text where two readings behave differently, each reading's image and the groups of
  readings that behave alike (`fold_differences`).
- UNICODE-CASE-VERSION: simple lowercase per version: 13.0 Python 3.10, 14.0 Python 3.11,
  15.0 Python 3.12, 15.1 Python 3.13, 17.0 Node (ICU) per code point `toLowerCase`, 16.0 the
  17.0 table restricted to the letters unicodedata2 16.0 assigns (no 16.0 runtime has case
  data; the survey found no 16.0 letter whose mapping 17.0 changed).
- UNICODE-NFC-VERSION: canonical combining class and decomposition per version: Python 3.10,
  3.11, 3.12, 3.13; unicodedata2 16.0 and 17.0 (PyPI data packages).

Each data file lists `differences`: a probe (one code point) and the groups of readings that
behave alike there; the corpus rule requires score_scenario ambiguity vectors with that probe
that split the readings exactly by those groups.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import sys
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from oasis_si_conformance.corpus import yamlsafe
from tools.survey.run import ensure_venv, log, run, venv_python

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = ROOT / "vectors" / "data"
PROBE = HERE / "probes" / "unicode_tables_probe.py"
UNICODEDATA2 = {"16.0": "16.0.0", "17.0": "17.0.1"}
PYTHONS = {"13.0": "3.10", "15.0": "3.12", "15.1": "3.13"}
CLASS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")

#: The readings of FOLD-MAPPING, the reference's first (vectors/register.yaml).
FOLD_READINGS = (
    "simple-lowercase", "full-lowercase", "full-casefold", "simple-casefold", "upper-lower",
)
#: UNICODE-CASE-VERSION readings and the data versions each stands for (the first the
#: reference's); 15.0 and 15.1 have the 14.0 simple lowercase table (measured: identical).
CASE_READINGS = {
    "unicode-13": "13.0", "unicode-14-15": "14.0", "unicode-16": "16.0", "unicode-17": "17.0",
}
#: UNICODE-NFC-VERSION readings (15.0 and 15.1 have identical NFC data: measured).
NFC_READINGS = {
    "unicode-13": "13.0", "unicode-14": "14.0", "unicode-15": "15.0", "unicode-16": "16.0",
    "unicode-17": "17.0",
}

NODE_LOWER = r"""
const out = {};
for (let c = 0; c < 0x110000; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const s = String.fromCodePoint(c);
  let t = s.toLowerCase();
  if (c === 0x130) t = 'i';
  const key = c.toString(16).toUpperCase().padStart(4, '0');
  if (t !== s) out[key] = Array.from(t).map(x => x.codePointAt(0));
}
console.log(JSON.stringify({unicode: process.versions.unicode, lower: out}));
"""


def u(codes: Iterable[int]) -> str:
    """Code points as the data files write them: "U+0069 U+0307"."""
    return " ".join(f"U+{code:04X}" for code in codes)


# FOLD-MAPPING -------------------------------------------------------------------------------


def simple_upper(char: str) -> str:
    """UnicodeData simple uppercase: the full uppercase when it is one code point, else the
    titlecase when that is (the Greek letters with ypogegrammeni), else the code point."""
    upper = char.upper()
    if len(upper) == 1:
        return upper
    title = char.title()
    return title if len(title) == 1 else char


def simple_lowercase(char: str) -> str:
    return "i" if char == "\u0130" else char.lower()


#: CaseFolding.txt 14.0 status-S rows (the only simple foldings str.casefold does not give).
SIMPLE_FOLD_S = {
    "\u1e9e": "\xdf",
    **{chr(0x1F88 + k): chr(0x1F80 + k) for k in range(8)},
    **{chr(0x1F98 + k): chr(0x1F90 + k) for k in range(8)},
    **{chr(0x1FA8 + k): chr(0x1FA0 + k) for k in range(8)},
    "\u1fbc": "\u1fb3", "\u1fcc": "\u1fc3", "\u1ffc": "\u1ff3",
}


def simple_casefold(char: str) -> str:
    folded = char.casefold()
    return folded if len(folded) == 1 else SIMPLE_FOLD_S.get(char, char)


FOLD_MAPPINGS: dict[str, Callable[[str], str]] = {
    "simple-lowercase": simple_lowercase,
    "full-lowercase": str.lower,
    "full-casefold": str.casefold,
    "simple-casefold": simple_casefold,
    "upper-lower": lambda char: simple_lowercase(simple_upper(char)),
}


def _nfc_stable(code: int) -> bool:
    char = chr(code)
    assigned = unicodedata.category(char) not in ("Cn", "Cs")
    return assigned and unicodedata.normalize("NFC", char) == char


def fold_differences() -> list[dict[str, Any]]:
    """Every code point of NFC text that two FOLD-MAPPING readings map differently, with an
    observable difference.

    A reading's behaviour at X: which strings of the domain it equates with X (the domain is
    every code point some reading maps, and every image), and whether X's image starts and
    ends inside [A-Za-z0-9_-] (what a delimiter test on the mapped text reads)."""
    if unicodedata.unidata_version != "14.0.0":
        raise SystemExit("FOLD-MAPPING data is Unicode 14.0: run with Python 3.11")
    codes = [c for c in range(0x110000) if _nfc_stable(c)]
    images = {r: {c: f(chr(c)) for c in codes} for r, f in FOLD_MAPPINGS.items()}
    mapped = {c for r in images for c in codes if images[r][c] != chr(c)}
    domain: set[str] = {chr(c) for c in mapped}
    domain |= {images[r][c] for r in images for c in mapped}
    domain = {d for d in domain if unicodedata.normalize("NFC", d) == d}

    def image_of(reading: str, text: str) -> str:
        table = images[reading]
        return "".join(table.get(ord(ch), ch) for ch in text)

    buckets = {r: _buckets(domain, lambda s, r=r: image_of(r, s)) for r in FOLD_READINGS}
    out = []
    for code in sorted(mapped):
        char = chr(code)
        behaviour: dict[str, Any] = {}
        for reading in FOLD_READINGS:
            image = images[reading][code]
            behaviour[reading] = (
                frozenset(buckets[reading].get(image, ())) | {char},
                image[0] in CLASS,
                image[-1] in CLASS,
                _delimited_parts(image, buckets[reading]),
            )
        groups = _groups(FOLD_READINGS, behaviour)
        # A difference of X itself: some two readings map X to different images and behave
        # differently there (X = I is left out: every reading maps it to i, though U+0130 and
        # U+0131 join its class under some; Cherokee is left out: lowercase and case folding
        # map it in opposite directions, to the same classes).
        if any(
            images[a][code] != images[b][code] and behaviour[a] != behaviour[b]
            for a, b in itertools.combinations(FOLD_READINGS, 2)
        ):
            out.append({
                "probe": u([code]),
                "images": {r: u(map(ord, images[r][code])) for r in FOLD_READINGS},
                "groups": groups,
            })
    return out


def _delimited_parts(image: str, buckets: Mapping[str, set[str]]) -> frozenset[str]:
    """The domain strings whose image occurs inside `image`, shorter than it, with neighbours
    inside the image outside [A-Za-z0-9_-] (an identifier "a" is named in the text "a" + a mark
    once a mapping decomposes a letter)."""
    found: set[str] = set()
    for start in range(len(image)):
        for end in range(start + 1, len(image) + 1):
            if end - start == len(image):
                continue
            if start > 0 and image[start - 1] in CLASS:
                continue
            if end < len(image) and image[end] in CLASS:
                continue
            found |= buckets.get(image[start:end], set())
    return frozenset(found)


def _buckets(domain: Iterable[str], key: Callable[[str], str]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for item in domain:
        found.setdefault(key(item), set()).add(item)
    return found


def _groups(readings: Sequence[str], behaviour: Mapping[str, Any]) -> list[list[str]]:
    """Readings in register order, grouped by equal behaviour (groups in order of first
    member)."""
    groups: list[list[str]] = []
    for reading in readings:
        for group in groups:
            if behaviour[group[0]] == behaviour[reading]:
                group.append(reading)
                break
        else:
            groups.append([reading])
    return groups


# Versions -----------------------------------------------------------------------------------


def python_table(python: str, unicodedata2: bool = False) -> dict[str, Any]:
    argv = [python, str(PROBE)] + (["--unicodedata2"] if unicodedata2 else [])
    return json.loads(run(argv))


def _interpreter(minor: str) -> str:
    """CPython `minor` (3.10 ...): on PATH, or a pyenv installation."""
    pyenv = sorted(Path.home().glob(f".pyenv/versions/{minor}.*/bin/python"))
    found = [str(p) for p in pyenv] or [shutil.which(f"python{minor}") or ""]
    if not found[0]:
        raise SystemExit(f"Python {minor} not found")
    return found[0]


def tables(cache: Path, fetch: bool) -> dict[str, dict[str, Any]]:
    """Every version's table: {"13.0": {code: row}}, rows as the probe prints them."""
    found: dict[str, dict[str, Any]] = {}
    found["14.0"] = python_table(sys.executable)["table"]
    for version, minor in PYTHONS.items():
        python = _interpreter(minor)
        found[version] = python_table(python)["table"]
    for version, package in UNICODEDATA2.items():
        folder = cache / f"unicodedata2-{package}"
        if not venv_python(folder).exists():
            if not fetch:
                raise SystemExit(f"unicodedata2=={package} missing: use --fetch")
            ensure_venv(folder, f"unicodedata2=={package}")
        found[version] = python_table(str(venv_python(folder)), unicodedata2=True)["table"]
    node = json.loads(run(["node", "-e", NODE_LOWER]))
    if node["unicode"] != "17.0":
        raise SystemExit(f"node has Unicode {node['unicode']}, 17.0 wanted")
    lower17 = node["lower"]
    for version in ("16.0", "17.0"):
        for code, row in found[version].items():
            row.pop("lower", None)
            image = lower17.get(code)
            if image is not None and all(f"{c:04X}" in found[version] for c in image):
                row["lower"] = image
    return found


def case_differences(found: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every code point whose simple lowercase differs between two UNICODE-CASE-VERSION
    readings (checked: 15.0 and 15.1 equal 14.0)."""
    def lower(version: str, code: str) -> list[int]:
        return found[version].get(code, {}).get("lower", [int(code, 16)])

    codes = sorted({c for v in found for c in found[v] if "lower" in found[v][c]}, key=_hex)
    for code in codes:
        if not lower("14.0", code) == lower("15.0", code) == lower("15.1", code):
            raise SystemExit(f"U+{code}: 14.0, 15.0, 15.1 lowercase differ: split the reading")
    out = []
    for code in codes:
        images = {r: lower(v, code) for r, v in CASE_READINGS.items()}
        groups = _groups(list(CASE_READINGS), images)
        if len(groups) > 1:
            out.append({
                "probe": f"U+{code}",
                "images": {r: u(image) for r, image in images.items()},
                "groups": groups,
            })
    return out


def nfc_differences(found: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Every code point whose normalization data (canonical combining class, canonical
    decomposition and whether it is a primary composite) differ between two
    UNICODE-NFC-VERSION readings (checked: 15.0 and 15.1 equal)."""
    def props(version: str, code: str) -> dict[str, Any]:
        row = found[version].get(code)
        if row is None:
            return {"assigned": False}
        out: dict[str, Any] = {"assigned": True, "ccc": row.get("ccc", 0)}
        if "decomposition" in row:
            out["decomposition"] = u(row["decomposition"])
            out["composes"] = row["composes"]
        return out

    def key(properties: Mapping[str, Any]) -> tuple[Any, ...]:
        # An unassigned code point and an assigned starter without decomposition normalize
        # alike: only the normalization data tell readings apart.
        return (
            properties.get("ccc", 0), properties.get("decomposition"), properties.get("composes")
        )

    codes = sorted(set(itertools.chain.from_iterable(found[v] for v in found)), key=_hex)
    out = []
    for code in codes:
        if key(props("15.0", code)) != key(props("15.1", code)):
            raise SystemExit(f"U+{code}: 15.0 and 15.1 normalization data differ")
        behaviour = {r: props(v, code) for r, v in NFC_READINGS.items()}
        groups = _groups(list(NFC_READINGS), {r: key(p) for r, p in behaviour.items()})
        if len(groups) > 1:
            out.append({"probe": f"U+{code}", "properties": behaviour, "groups": groups})
    return out


def _hex(code: str) -> int:
    return int(code, 16)


# Files --------------------------------------------------------------------------------------

HEADER = (
    "# Data of a register entry (vectors/register.yaml `data`), written by\n"
    "# `python -m tools.survey.tables`; never edit by hand. Every `differences` item is a code\n"
    "# point where readings of the entry behave differently, the behaviour of each reading there,\n"
    "# and the groups of readings that behave alike. Rule register-probes: score_scenario\n"
    "# ambiguity vectors with that `probe` split the readings exactly by those groups.\n"
)


def document(entry: str, unicode: str, source: str, differences: list[dict[str, Any]]) -> str:
    body = {
        "entry": entry,
        "kind": "mapping",
        "unicode": unicode,
        "source": source,
        "differences": differences,
    }
    return HEADER + yamlsafe.dump(body)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.survey.tables")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "oasis-si-survey")
    parser.add_argument("--fetch", action="store_true", help="install unicodedata2 into --cache")
    parser.add_argument("--fold-only", action="store_true", help="write fold-mapping.yaml only")
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    log("FOLD-MAPPING (Unicode 14.0, this interpreter)")
    fold = fold_differences()
    (DATA / "fold-mapping.yaml").write_text(document(
        "FOLD-MAPPING", "14.0",
        "Python 3.11.7 (Unicode 14.0): str.lower, str.casefold, str.upper, str.title per code"
        " point; simple case folding status S rows from CaseFolding.txt 14.0",
        fold), encoding="ascii")
    if args.fold_only:
        return
    log("per-version tables")
    found = tables(args.cache, args.fetch)
    (DATA / "unicode-case-version.yaml").write_text(document(
        "UNICODE-CASE-VERSION", "13.0-17.0",
        "simple lowercase: Python 3.10.13 (13.0), 3.11.7 (14.0), 3.12.1 (15.0), 3.13.0 (15.1),"
        " Node 20.20.2 ICU 78.2 (17.0) per code point toLowerCase; 16.0: the 17.0 table on the"
        " code points unicodedata2 16.0.0 assigns",
        case_differences(found)), encoding="ascii")
    (DATA / "unicode-nfc-version.yaml").write_text(document(
        "UNICODE-NFC-VERSION", "13.0-17.0",
        "canonical combining class and decomposition: Python 3.10.13, 3.11.7, 3.12.1, 3.13.0,"
        " unicodedata2 16.0.0 and 17.0.0",
        nfc_differences(found)), encoding="ascii")
    log(f"wrote {DATA}")


if __name__ == "__main__":
    main()
