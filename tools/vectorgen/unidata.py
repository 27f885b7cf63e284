"""The generator side's Unicode data for the mapping entries of the register: read from the
register's data files (vectors/data/*.yaml, written once by tools/survey/tables.py), never from
the running Python where the data differ between versions.

- FOLD-MAPPING: each reading's image of every code point where the readings differ (Unicode
  14.0); everywhere else every reading maps a code point as simple lowercase does.
- UNICODE-CASE-VERSION: each version's simple lowercase of every code point whose mapping
  changed between 13.0 and 17.0.
- UNICODE-NFC-VERSION: each version's normalization data (combining class, canonical
  decomposition, primary composite or not) of every code point where they changed; `nfc`
  normalizes under a version with them. Characters not listed have the same data in every
  version, and Unicode's stability policy keeps those data fixed once assigned, so Python's
  `unicodedata` answers for them whatever its version.
"""

import functools
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from oasis_si_conformance.corpus import yamlsafe

DATA: Final = Path(__file__).resolve().parents[2] / "vectors" / "data"


def chars(codes: str) -> str:
    """ "U+0069 U+0307" -> "i\u0307"."""
    return "".join(chr(int(part[2:], 16)) for part in codes.split())


def notation(text: str) -> str:
    """The inverse of `chars`."""
    return " ".join(f"U+{ord(c):04X}" for c in text)


@functools.cache
def document(name: str) -> dict[str, Any]:
    """A register data file, parsed."""
    return dict(yamlsafe.load((DATA / name).read_text(encoding="ascii")))


def differences(name: str) -> list[dict[str, Any]]:
    return list(document(name)["differences"])


@functools.cache
def fold_images() -> dict[str, dict[str, str]]:
    """FOLD-MAPPING: code point -> reading -> image, where the readings differ."""
    return {
        chars(item["probe"]): {r: chars(i) for r, i in item["images"].items()}
        for item in differences("fold-mapping.yaml")
    }


@functools.cache
def case_images() -> dict[str, dict[str, str]]:
    """UNICODE-CASE-VERSION: code point -> reading -> simple lowercase, where they differ."""
    return {
        chars(item["probe"]): {r: chars(i) for r, i in item["images"].items()}
        for item in differences("unicode-case-version.yaml")
    }


@attrs.frozen
class NormalizationData:
    """One code point's normalization data under one version."""

    assigned: bool
    ccc: int = 0
    decomposition: str | None = None
    composes: bool = False


@functools.cache
def nfc_properties() -> dict[str, dict[str, NormalizationData]]:
    """UNICODE-NFC-VERSION: code point -> reading -> its data, where they differ."""
    out: dict[str, dict[str, NormalizationData]] = {}
    for item in differences("unicode-nfc-version.yaml"):
        out[chars(item["probe"])] = {
            reading: NormalizationData(
                assigned=bool(props.get("assigned")),
                ccc=int(props.get("ccc", 0)),
                decomposition=chars(props["decomposition"]) if "decomposition" in props else None,
                composes=bool(props.get("composes", False)),
            )
            for reading, props in item["properties"].items()
        }
    return out


@functools.cache
def known_later() -> frozenset[str]:
    """Code points some version's data describe (assigned after 13.0 with data that matter)."""
    parts = {
        c
        for by_reading in nfc_properties().values()
        for data in by_reading.values()
        for c in data.decomposition or ""
    }
    return frozenset(case_images()) | frozenset(nfc_properties()) | frozenset(parts) | frozenset(
        c for images in case_images().values() for image in images.values() for c in image
    )


def name(char: str) -> str:
    """U+XXXX and its name where the running Python's data have one (descriptions only)."""
    found = unicodedata.name(char, None)
    return f"U+{ord(char):04X}" + (f" {found}" if found else "")


# NFC under one version's data ------------------------------------------------------------------


def _data(char: str, reading: str) -> NormalizationData:
    listed = nfc_properties().get(char)
    if listed is not None:
        return listed[reading]
    decomposition = unicodedata.decomposition(char)
    canonical = bool(decomposition) and not decomposition.startswith("<")
    parts = chars(" ".join(f"U+{p}" for p in decomposition.split())) if canonical else None
    return NormalizationData(
        assigned=unicodedata.category(char) != "Cn",
        ccc=unicodedata.combining(char),
        decomposition=parts,
        composes=canonical and unicodedata.normalize("NFC", parts or "") == char,
    )


_HANGUL_S, _HANGUL_L, _HANGUL_V, _HANGUL_T = 0xAC00, 0x1100, 0x1161, 0x11A7


def _decompose(char: str, reading: str) -> str:
    code = ord(char)
    if _HANGUL_S <= code < _HANGUL_S + 11172:
        return unicodedata.normalize("NFD", char)
    data = _data(char, reading)
    if data.decomposition is None:
        return char
    return "".join(_decompose(c, reading) for c in data.decomposition)


@functools.cache
def _composites(reading: str) -> Mapping[tuple[str, str], str]:
    """The primary composites whose data some version changes, under `reading`."""
    return {
        (d.decomposition[0], d.decomposition[1]): char
        for char, by_reading in nfc_properties().items()
        for d in [by_reading[reading]]
        if d.decomposition is not None and len(d.decomposition) == 2 and d.composes
    }


def _compose_pair(first: str, second: str, reading: str) -> str | None:
    pair = _composites(reading).get((first, second))
    if pair is not None:
        return pair
    listed = nfc_properties()
    if first in listed or second in listed:
        return None
    composed = unicodedata.normalize("NFC", first + second)
    if len(composed) == 1 and unicodedata.normalize("NFD", composed) == unicodedata.normalize(
        "NFD", first + second
    ):
        return composed
    return None


@functools.cache
def _involved() -> frozenset[str]:
    """Code points whose normalization some version's data change: listed, or part of a
    listed decomposition."""
    return frozenset(nfc_properties()) | frozenset(
        c
        for by_reading in nfc_properties().values()
        for data in by_reading.values()
        for c in data.decomposition or ""
    )


@functools.lru_cache(maxsize=1 << 16)
def nfc(text: str, reading: str) -> str:
    """NFC (UAX #15) with the normalization data of UNICODE-NFC-VERSION `reading` (memoized:
    the generators normalize the same few texts under every combination of readings)."""
    if _involved().isdisjoint(text):
        return unicodedata.normalize("NFC", text)
    decomposed = list("".join(_decompose(c, reading) for c in text))
    ccc = [_data(c, reading).ccc for c in decomposed]
    # canonical ordering: a stable sort of every run of non-starters by combining class
    start = 0
    while start < len(decomposed):
        if ccc[start] == 0:
            start += 1
            continue
        end = start
        while end < len(decomposed) and ccc[end] != 0:
            end += 1
        run = sorted(
            zip(ccc[start:end], decomposed[start:end], strict=True), key=lambda pair: pair[0]
        )
        ccc[start:end] = [k for k, _ in run]
        decomposed[start:end] = [c for _, c in run]
        start = end
    # canonical composition
    out: list[str] = []
    classes: list[int] = []
    starter: int | None = None
    for char, klass in zip(decomposed, ccc, strict=True):
        if starter is not None:
            last = classes[-1] if len(out) - 1 > starter else None
            blocked = last is not None and (last == 0 or last >= klass)
            composite = None if blocked else _compose_pair(out[starter], char, reading)
            if composite is not None:
                out[starter] = composite
                continue
        out.append(char)
        classes.append(klass)
        if klass == 0:
            starter = len(out) - 1
    return "".join(out)
