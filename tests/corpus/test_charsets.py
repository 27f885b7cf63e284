"""The register's code point sets (vectors/register.yaml `charsets`, `code_points`): how they
are read (oasis_si_conformance.corpus.charsets), that they are the sets the library survey measured
(tools/survey/results.json), and that the reference's own sets are its readings' sets."""

import json
from pathlib import Path

import pytest
from corpus_helpers import real_catalog

from oasis_si_conformance.corpus import charsets
from oasis_si_reference import readings

SURVEY = Path(__file__).resolve().parents[2] / "tools" / "survey" / "results.json"

#: Register charset -> the survey's measured function (or documented set) it stands for.
MEASURED = {
    "white-space": ("whitespace", "go:unicode.IsSpace"),
    "ascii-white-space": ("whitespace", "python:re \\s (re.ASCII)"),
    "ascii-no-vt": ("whitespace", "go:regexp \\s"),
    "python-isspace": ("whitespace", "python:str.isspace"),
    "ecmascript-white-space": ("whitespace", "js:/\\s/"),
    "java-whitespace": ("whitespace", "java:Character.isWhitespace(int)"),
    "java-trim": ("whitespace", "java:String.trim()"),
    "lf": ("newlines", "python:str.split('\\n')"),
    "lf-cr": ("newlines", "java:BufferedReader.readLine"),
    "unicode-line-breaks": ("newlines", 'java:String.split("\\\\R", -1)'),
    "python-splitlines": ("newlines", "python:str.splitlines()"),
    "java-scanner-lines": ("newlines", "java:Scanner.nextLine"),
    "ecmascript-line-terminators": ("newlines", "js:match(/^.*$/gm)"),
}


def test_items_are_code_points_and_inclusive_ranges():
    assert charsets.parse_items(["U+0041", "U+0061..U+0063"]) == frozenset("Aabc")
    assert charsets.parse_items([]) == frozenset()
    assert charsets.parse_items(["U+10FFFF"]) == frozenset({"\U0010ffff"})
    for bad in ["0041", "U+41", "U+0063..U+0061", "U+0041..", "u+0041", "U+110000"]:
        with pytest.raises(charsets.CharsetError):
            charsets.parse_items([bad])


def test_differences_and_membership():
    sets = {"a": frozenset("xy"), "b": frozenset("y"), "c": frozenset("yz")}
    assert charsets.disputed(sets) == ["x", "z"]
    assert charsets.disputed({}) == [] and charsets.disputed({"a": frozenset("x")}) == []
    assert [(a, b, sorted(d)) for a, b, d in charsets.pair_differences(sets)] == [
        ("a", "b", ["x"]),
        ("a", "c", ["x", "z"]),
        ("b", "c", ["z"]),
    ]
    assert charsets.members(sets, "x") == (["a"], ["b", "c"])
    assert charsets.probed_char("U+0085") == "\x85"
    assert charsets.probed_char("U+000D U+000A") is None
    assert charsets.label("\x85") == "U+0085" and charsets.label("\U0001f600") == "U+1F600"


def test_entries_name_sets_by_alias_or_by_name():
    register = real_catalog("register.yaml")
    named = charsets.named_charsets(register)
    sets = charsets.entry_sets(register, "SENT-WS")
    assert sets["unicode"] == named["white-space"] and len(sets["unicode"]) == 25
    entry = {"id": "X", "code_points": {"a": "white-space", "b": ["U+0020"]}}
    assert charsets.reading_sets(entry, named) == {"a": named["white-space"], "b": frozenset(" ")}
    with pytest.raises(KeyError):
        charsets.entry_sets(register, "NO-SUCH-ENTRY")


@pytest.mark.parametrize("name", sorted(MEASURED))
def test_register_sets_are_the_surveyed_sets(name):
    """Each charset is what the survey measured by iterating every code point in the runtime
    that defines it (entries cite the survey; this keeps the data equal to it)."""
    section, function = MEASURED[name]
    survey = json.loads(SURVEY.read_text(encoding="utf-8"))[section]["functions"][function]
    measured = charsets.parse_items(survey.get("code_points") or survey["breaks"])
    assert charsets.named_charsets(real_catalog("register.yaml"))[name] == measured


def test_documented_dotnet_line_endings():
    """.NET could not be run; its set is the documented one (no VT)."""
    named = charsets.named_charsets(real_catalog("register.yaml"))
    assert named["dotnet-line-endings"] == frozenset("\n\r\x0c\x85\u2028\u2029")


def test_every_charset_entry_cites_the_survey_for_every_reading():
    for entry in real_catalog("register.yaml")["entries"]:
        if "code_points" not in entry:
            continue
        cited = {row["reading"] for row in entry["survey"] if "reading" in row}
        assert cited == set(entry["readings"]), entry["id"]
        assert all("tools/survey" in row["source"] for row in entry["survey"]), entry["id"]


def test_the_reference_sets_are_its_readings_sets():
    register = real_catalog("register.yaml")
    white_space = charsets.entry_sets(register, "SENT-WS")[readings.SENT_WS]
    assert readings.WHITE_SPACE == white_space
    assert charsets.entry_sets(register, "ECHO-TRIM")[readings.ECHO_TRIM] == white_space
    lf_cr = charsets.entry_sets(register, "SENT-NEWLINE")[readings.SENT_NEWLINE]
    assert readings.NEWLINE_CHARS == lf_cr
    assert charsets.entry_sets(register, "ECHO-LINE-BREAK")[readings.ECHO_LINE_BREAK] == lf_cr
    assert charsets.entry_sets(register, "ANSWER-BLANK")[readings.ANSWER_BLANK] == frozenset()
