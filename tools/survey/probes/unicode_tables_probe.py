"""Print one runtime's Unicode tables as JSON: per code point, simple lowercase, canonical
combining class and canonical decomposition (tools/survey/tables.py reads it).

    python unicode_tables_probe.py [--unicodedata2]

Only code points with something to say are listed. Lowercase is str.lower per code point with
U+0130 -> U+0069 (its simple mapping; the only code point whose per-code-point full lowercase
is several code points). With --unicodedata2 the NFC data come from the PyPI data package (which
has no case mappings: `lower` is then omitted).
"""

import json
import sys


def main() -> None:
    if "--unicodedata2" in sys.argv:
        import unicodedata2 as data

        lower = False
    else:
        import unicodedata as data

        lower = True
    table: dict[str, dict[str, object]] = {}
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if data.category(char) == "Cn":
            continue
        row: dict[str, object] = {}
        if lower:
            image = "i" if code == 0x130 else char.lower()
            if image != char:
                row["lower"] = [ord(c) for c in image]
        ccc = data.combining(char)
        if ccc:
            row["ccc"] = ccc
        decomposition = data.decomposition(char)
        if decomposition and not decomposition.startswith("<"):
            row["decomposition"] = [int(part, 16) for part in decomposition.split()]
            composed = data.normalize("NFC", "".join(chr(c) for c in row["decomposition"]))
            row["composes"] = composed == char
        row["assigned"] = True
        table[f"{code:04X}"] = row
    print(json.dumps({"unicode": data.unidata_version, "table": table}))


if __name__ == "__main__":
    main()
