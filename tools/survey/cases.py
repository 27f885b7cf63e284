"""The probe inputs every language's probe reads: one source, written as a plain hex file.

Java and Rust have no JSON reader in their standard libraries, so the probes read a tab-separated
file of hex code points (`write_cases`). Lines: `KIND<TAB>NAME<TAB>HEX...` where HEX is a list of
code points separated by spaces (an empty field is the empty string); `pair` lines carry two
fields, the identifier and the text.
"""

import unicodedata
from pathlib import Path
from typing import Final

#: Strings every line splitter is run on (whole-string behaviour, end-of-text handling).
LINE_SAMPLES: Final = {
    "lf": "a\nb",
    "crlf": "a\r\nb",
    "cr": "a\rb",
    "lfcr": "a\n\rb",
    "crcrlf": "a\r\r\nb",
    "lf-lf": "a\n\nb",
    "crlf-crlf": "a\r\n\r\nb",
    "trailing-lf": "a\n",
    "trailing-crlf": "a\r\n",
    "trailing-cr": "a\r",
    "only-lf": "\n",
    "empty": "",
    "vt": "a\x0bb",
    "ff": "a\x0cb",
    "fs": "a\x1cb",
    "gs": "a\x1db",
    "rs": "a\x1eb",
    "nel": "a\x85b",
    "ls": "a\u2028b",
    "ps": "a\u2029b",
}

_SIGMA_WORDS: Final = {
    "AS": "ΑΣ",
    "AS.BG": "ΑΣ.ΒΓ",
    "AS:BG": "ΑΣ:ΒΓ",
    "AS'BG": "ΑΣ'ΒΓ",
    "AS-rsquo-BG": "ΑΣ\u2019ΒΓ",
    "AS-middot-BG": "ΑΣ\u00b7ΒΓ",
    "AS-shy-BG": "ΑΣ\u00adΒΓ",
    "AS BG": "ΑΣ ΒΓ",
    "AS/BG": "ΑΣ/ΒΓ",
    "AS)BG": "ΑΣ)ΒΓ",
    "AS\\nBG": "ΑΣ\nΒΓ",
    "AS.": "ΑΣ.",
    "AS1": "ΑΣ1",
    "ASA": "ΑΣΑ",
    "S": "Σ",
    "SA": "ΣΑ",
    "A-acute-S": "Α\u0301Σ",
    "ODOS": "ΟΔΟΣ",
    "ODOS_X": "ΟΔΟΣ_X",
    "ODOS-X": "ΟΔΟΣ-X",
    "ODOS.X": "ΟΔΟΣ.X",
    "see ODOS_X.": "see ΟΔΟΣ_X.",
    "ODOS.": "ΟΔΟΣ.",
}

#: Strings every case-mapping function is applied to as a whole (context rules show here).
CASE_SAMPLES: Final = {
    **{f"sigma:{name}": text for name, text in _SIGMA_WORDS.items()},
    "U+0130": "\u0130",
    "U+0130 D": "\u0130D",
    "I U+0307": "I\u0307",
    "U+1E9E": "\u1e9e",
    "U+00DF": "\u00df",
    "U+017F": "\u017f",
    "U+212A": "\u212a",
    "U+2126": "\u2126",
    "U+212B": "\u212b",
    "U+0345": "\u0345",
    "U+1FBC": "\u1fbc",
    "U+0131": "\u0131",
    "U+FB01": "\ufb01",
    "U+00B5": "\u00b5",
    "U+01C5": "\u01c5",
    "U+0049": "I",
    "MISSING": "MISSING",
    "SMTP_PORT": "SMTP_PORT",
    "STRASSE": "STRASSE",
    # Cased letters new at a Unicode version boundary (the version in brackets).
    "U+2C2F [14.0]": "\u2c2f",
    "U+A7C0 [14.0]": "\ua7c0",
    "U+10570 [14.0]": "\U00010570",
    "U+A7CB [16.0]": "\ua7cb",
    "U+A7DC [16.0]": "\ua7dc",
    "U+1C89 [16.0]": "\u1c89",
    "U+10D50 [16.0]": "\U00010d50",
    "U+A7CE [17.0]": "\ua7ce",
    "U+A7D2 [17.0]": "\ua7d2",
    "U+16EA0 [17.0]": "\U00016ea0",
    "U+A7DD [18.0]": "\ua7dd",
    "U+AB6C [18.0]": "\uab6c",
    # Final_Sigma context through a case-ignorable mark new at a version: sigma is final only
    # when the mark is unassigned (not Case_Ignorable) in the runtime's data.
    "sigma:AS U+0899 B [14.0]": "ΑΣ\u0899Β",
    "sigma:AS U+10EFD B [15.0]": "ΑΣ\U00010efdΒ",
    "sigma:AS U+0897 B [16.0]": "ΑΣ\u0897Β",
    "sigma:AS U+1ACF B [17.0]": "ΑΣ\u1acfΒ",
    "sigma:AS U+05C8 B [18.0]": "ΑΣ\u05c8Β",
}

#: One code point first assigned in each version: a runtime's data is at least that version
#: when it knows the code point (Java has no API that names its Unicode version).
SENTINELS: Final = {
    "13.0": "\ua7c7",
    "14.0": "\u2c2f",
    "15.0": "\U00010efd",
    "15.1": "\u2ffc",
    "16.0": "\ua7cb",
    "17.0": "\ua7ce",
    "18.0": "\ua7dd",
}

#: Strings NFC is applied to.
NFC_SAMPLES: Final = {
    "I U+0307": "I\u0307",
    "e U+0301": "e\u0301",
    "U+212B": "\u212b",
    "U+2126": "\u2126",
    "U+0344": "\u0344",
    "hangul L V T": "\u1100\u1161\u11a8",
    "U+0958 (excluded)": "\u0958",
    "U+2ADC (excluded)": "\u2adc",
    "s U+0323 U+0307": "s\u0323\u0307",
    "s U+0307 U+0323": "s\u0307\u0323",
    "U+113C2 U+113C2 [16.0]": "\U000113c2\U000113c2",
    "U+16D67 U+16D67 [16.0]": "\U00016d67\U00016d67",
    "U+11099 U+110BA (5.2)": "\U00011099\U000110ba",
    # Canonical reordering around a mark (ccc != 0) new at a version: reordered only by
    # runtimes whose data assigns the mark its combining class.
    "x U+0301 U+0899 [14.0, ccc 220]": "x\u0301\u0899",
    "x U+0301 U+10EFD [15.0, ccc 220]": "x\u0301\U00010efd",
    "x U+0897 U+0323 [16.0, ccc 230]": "x\u0897\u0323",
    "x U+1ACF U+0323 [17.0, ccc 230]": "x\u1acf\u0323",
    "x U+0301 U+05C8 [18.0, ccc 10]": "x\u0301\u05c8",
    "U+105D2 U+0307 [16.0]": "\U000105d2\u0307",
    "U+1611E U+1611E [16.0]": "\U0001611e\U0001611e",
}

#: (identifier, text) pairs for regex- and comparator-based identifier matching (§3.1).
MATCH_PAIRS: Final = {
    "AS in AS.BG": ("ΑΣ", "ΑΣ.ΒΓ"),
    "AS in AS:BG": ("ΑΣ", "ΑΣ:ΒΓ"),
    "AS in AS'BG": ("ΑΣ", "ΑΣ'ΒΓ"),
    "AS in AS BG": ("ΑΣ", "ΑΣ ΒΓ"),
    "AS in AS": ("ΑΣ", "ΑΣ"),
    "as in AS.BG": ("ας", "ΑΣ.ΒΓ"),
    "ODOS in ODOS.X": ("ΟΔΟΣ", "ΟΔΟΣ.X"),
    "ODOS_X in see ODOS_X.": ("ΟΔΟΣ_X", "see ΟΔΟΣ_X."),
    "smtp_port in SMTP_PORT": ("smtp_port", "SMTP_PORT"),
    "SMTP_PORT in SMTP_PORT_OLD": ("SMTP_PORT", "SMTP_PORT_OLD"),
    "I in U+0130 D": ("I", "\u0130D"),
    "D in U+0130 D": ("D", "\u0130D"),
    "ID in U+0130 D": ("ID", "\u0130D"),
    "U+0130 D in ID": ("\u0130D", "ID"),
    "ss in U+00DF": ("ss", "\u00df"),
    "U+00DF in U+1E9E": ("\u00df", "\u1e9e"),
    "s in U+017F": ("s", "\u017f"),
    "k in U+212A": ("k", "\u212a"),
    "fi in U+FB01": ("fi", "\ufb01"),
    "sk in S U+212A": ("sk", "S\u212a"),
    "sigma in final sigma": ("\u03c3", "\u03c2"),
    # The delimiter class under a case-insensitive regular expression: [A-Za-z] then also
    # matches some non-ASCII letters, so they stop delimiting.
    "X in U+0131 X": ("X", "\u0131X"),
    "X in U+017F X": ("X", "\u017fX"),
    "X in U+212A X": ("X", "\u212aX"),
    "X in U+0130 X": ("X", "\u0130X"),
    "empty in text": ("", "a, b"),
    "empty in empty": ("", ""),
}


def _hex(text: str) -> str:
    return " ".join(f"{ord(char):X}" for char in text)


def write_cases(path: Path) -> None:
    """Write every sample as `KIND<TAB>NAME<TAB>HEX` lines (pairs: two HEX fields)."""
    lines: list[str] = []
    kinds = (
        ("line", LINE_SAMPLES),
        ("case", CASE_SAMPLES),
        ("nfc", NFC_SAMPLES),
        ("sentinel", SENTINELS),
    )
    for kind, samples in kinds:
        lines += [f"{kind}\t{name}\t{_hex(text)}" for name, text in samples.items()]
    for name, (identifier, text) in MATCH_PAIRS.items():
        lines.append(f"pair\t{name}\t{_hex(identifier)}\t{_hex(text)}")
        # §3.1 normalizes before it folds: the mapping functions also see the NFC forms.
        for role, value in (("identifier", identifier), ("text", text)):
            nfc = unicodedata.normalize("NFC", value)
            lines.append(f"case\tnfcpair:{name}:{role}\t{_hex(nfc)}")
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
