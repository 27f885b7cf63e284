"""The independent evaluator against the corpus: it cross-checks the authored verdicts, under
every edition of the text (the vectors as they read under it, the evaluator set to read it).

- With the register's reference readings it must agree with EVERY normative vector.
- Configured with reading R of entry E, it must yield `readings[R]` on every ambiguity vector
  of E (all other entries at their reference reading, as the register defines vectors).

A disagreement is either a bug here or a vector bug; the message lists each with the
independent evaluator's answer so it can be judged against the spec text.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.corpus.corpus import Vector, vectors_root
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.editions import window_radii
from oasis_si_conformance.independent.readings import READINGS, Readings, field_name
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.judging import compare
from tools.mutants.matrix import Baseline

#: The slow tier (nox -s tests_slow): the independent evaluator over the whole corpus under each
#: edition, with each reading.
#: One worker computes the session's kill matrices (tests/mutants/conftest.py) for all of them.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("kill-matrix")]

ROOT = Path(__file__).resolve().parents[2]
EDITIONS = ["0.3.0-rc1", "0.3.0-rc1+2026-08-22"]

#: The corpus must hold at least this many vectors of each kind (an empty or truncated corpus
#: must fail, not pass vacuously).
MIN_NORMATIVE = 1500
MIN_AMBIGUITY = 200


def _answer(server: Server, vector: Vector) -> dict:
    """The compared part of the answer; an error response as {protocol_error: CODE}, as the
    runner projects it, where some outcome of the vector says the candidate answers one."""
    response = server.answer({"id": 1, "op": vector.operation, "params": vector.input})
    outcomes = [vector.expected] if vector.readings is None else list(vector.readings.values())
    if "error" in response and any("protocol_error" in (o or {}) for o in outcomes):
        return {"protocol_error": response["error"]["code"]}
    assert "result" in response, f"{vector.id}: protocol error {response.get('error')}"
    return compare.project(vector.operation, response["result"])


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) < 300 else text[:300] + "..."


def test_corpus_is_not_empty(vectors: list[Vector]) -> None:
    normative = [v for v in vectors if v.normative]
    ambiguity = [v for v in vectors if v.readings is not None]
    assert len(normative) >= MIN_NORMATIVE, f"only {len(normative)} normative vectors"
    assert len(ambiguity) >= MIN_AMBIGUITY, f"only {len(ambiguity)} ambiguity vectors"


def test_every_register_entry_has_ambiguity_vectors(indexes: dict[str, dict[str, Vector]]) -> None:
    covered = {v.ambiguity for index in indexes.values() for v in index.values() if v.readings}
    assert sorted(set(READINGS) - covered) == []


def test_editions_are_the_corpus_editions(editions: list[str]) -> None:
    """The evaluator reads exactly the editions of vectors/editions.yaml."""
    assert editions == EDITIONS == list(window_radii())


@pytest.mark.parametrize("edition", EDITIONS)
def test_agrees_with_every_normative_vector(
    indexes: dict[str, dict[str, Vector]], bases: dict[str, Baseline], edition: str
) -> None:
    """Judged by the runner's own comparison (runner.judge), as a run would judge it; convention
    vectors too, exactly (the kit's own conventions)."""
    disagreements = []
    base = bases[edition]
    normative = [v for v in indexes[edition].values() if v.expected is not None]
    assert len(normative) >= MIN_NORMATIVE
    for vector in normative:
        result = base.results[vector.id]
        if result.status != "passed":
            message = result.failure.message if result.failure else result.status
            disagreements.append(
                f"{vector.id} ({vector.source}): {message}; independent {_short(result.actual)}"
            )
    assert disagreements == [], f"{len(disagreements)} disagreements:\n" + "\n".join(disagreements)


@pytest.mark.parametrize("edition", EDITIONS)
def test_yields_each_reading_on_ambiguity_vectors(
    indexes: dict[str, dict[str, Vector]], edition: str
) -> None:
    servers: dict[tuple[str, str], Server] = {}
    disagreements = []
    for vector in (v for v in indexes[edition].values() if v.readings is not None):
        assert vector.ambiguity is not None and vector.readings is not None
        for reading, outcome in vector.readings.items():
            if reading not in READINGS.get(vector.ambiguity, ()):
                disagreements.append(
                    f"{vector.id}: reading {reading!r} of {vector.ambiguity} is not in the register"
                )
                continue
            key = (vector.ambiguity, reading)
            if key not in servers:
                servers[key] = Server(Config(Readings().with_reading(*key), edition=edition))
            projection = _answer(servers[key], vector)
            if not compare.matches(outcome, projection):
                disagreements.append(
                    f"{vector.id} ({vector.source}) under {vector.ambiguity}={reading}: "
                    f"expected {_short(outcome)}, independent {_short(projection)}"
                )
    assert disagreements == [], f"{len(disagreements)} disagreements:\n" + "\n".join(disagreements)


def test_readings_are_the_register() -> None:
    """One field per register entry, every reading listed, defaults = the reference reading."""
    register = yamlsafe.load((vectors_root() / "register.yaml").read_text(encoding="utf-8"))[
        "entries"
    ]
    assert [e["id"] for e in register] == list(READINGS)
    default = Readings()
    for entry in register:
        assert set(READINGS[entry["id"]]) == set(entry["readings"]), entry["id"]
        assert default.get(entry["id"]) == entry["reference"], entry["id"]
        assert hasattr(default, field_name(entry["id"]))


def test_readings_reject_unknown_names() -> None:
    with pytest.raises(ValueError):
        Readings().with_reading("SENT-WS", "latin1")
    with pytest.raises(KeyError):
        Readings().with_reading("NO-SUCH-ENTRY", "x")


@pytest.mark.parametrize(
    ("entry", "reading", "text", "identifier", "expected"),
    [
        ("FOLD-MAPPING", "simple-lowercase", "stra\u00dfe", "STRASSE", False),
        ("FOLD-MAPPING", "full-casefold", "stra\u00dfe", "STRASSE", True),
        ("FOLD-MAPPING", "simple-casefold", "\u1e9e", "\u00df", True),
        ("FOLD-MAPPING", "simple-lowercase", "\u1e9e", "\u00df", True),
        ("FOLD-MAPPING", "simple-casefold", "\u1f88", "\u1f80", True),
        ("FOLD-MAPPING", "simple-casefold", "stra\u00dfe", "STRASSE", False),
        ("FOLD-MAPPING", "simple-lowercase", "\u0130d", "id", True),
        ("FOLD-MAPPING", "full-lowercase", "\u0130d", "id", False),
        ("FOLD-MAPPING", "simple-casefold", "\u017f", "s", True),
        ("FOLD-MAPPING", "simple-lowercase", "\u017f", "s", False),
        ("DELIM-FOLDED", "folded", "\u0130SMTP", "smtp", False),
        ("DELIM-FOLDED", "unfolded", "\u0130SMTP", "smtp", True),
        ("FOLD-MAPPING", "full-lowercase", "\u039f\u03a3.X", "\u03bf\u03c3", True),
        ("FOLD-MAPPING", "upper-lower", "\u0131d", "ID", True),
        ("FOLD-MAPPING", "upper-lower", "\u0130d", "ID", True),
        ("FOLD-MAPPING", "simple-casefold", "\u0131d", "ID", False),
        ("UNICODE-CASE-VERSION", "unicode-14-15", "\ua7cb", "\u0264", False),
        ("UNICODE-CASE-VERSION", "unicode-16", "\ua7cb", "\u0264", True),
        ("UNICODE-CASE-VERSION", "unicode-13", "\u2c2f", "\u2c5f", False),
        ("UNICODE-CASE-VERSION", "unicode-14-15", "\u2c2f", "\u2c5f", True),
        ("UNICODE-NFC-VERSION", "unicode-13", "x\u0323\u0898", "x\u0898\u0323", False),
        ("UNICODE-NFC-VERSION", "unicode-14", "x\u0898\u0323", "x\u0323\u0898", True),
        ("UNICODE-NFC-VERSION", "unicode-16", "\U000105d2\u0307", "\U000105c9", True),
        ("UNICODE-NFC-VERSION", "unicode-15", "\U000105d2\u0307", "\U000105c9", False),
        ("TEXT-SURROGATE", "code-point", "KEY\ud800", "KEY\ufffd", False),
        ("TEXT-SURROGATE", "replacement", "KEY\ud800", "KEY\ufffd", True),
    ],
)
def test_identifier_readings(
    entry: str, reading: str, text: str, identifier: str, expected: bool
) -> None:
    """Spot checks of the case tables, independent of the corpus."""
    server = Server(Config(Readings().with_reading(entry, reading)))
    response = server.answer(
        {"id": 1, "op": "identifier_match", "params": {"text": text, "identifier": identifier}}
    )
    assert response["result"] == {"match": expected}


def _run(args: list[str], lines: list[dict]) -> list[dict]:
    payload = "".join(json.dumps(line) + "\n" for line in lines)
    done = subprocess.run(
        [sys.executable, "-m", "oasis_si_conformance.independent", *args],
        input=payload.encode(), capture_output=True, cwd=ROOT, timeout=60, check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_command_speaks_the_protocol_and_restricts_operations() -> None:
    hello = {"id": 0, "op": "hello", "params": {"protocol": 1}}
    match = {
        "id": 1,
        "op": "identifier_match",
        "params": {"text": "smtp_port", "identifier": "SMTP_PORT"},
    }
    full = _run([], [hello, match])
    assert full[0]["result"]["operations"][0] == "score_scenario"
    assert "identifier_match" in full[0]["result"]["operations"]
    assert full[1] == {"id": 1, "result": {"match": True}}
    narrow = _run(["--ops", "score_scenario"], [hello, match])
    assert narrow[0]["result"]["operations"] == ["score_scenario"]
    assert narrow[1]["error"]["code"] == "unsupported_operation"
    mutant = _run(["--mutant", "ident-case-sensitive"], [hello, match])
    assert mutant[1] == {"id": 1, "result": {"match": False}}
    reading = _run(["--reading", "SENT-WS=ascii"], [hello])
    assert reading[0]["result"]["readings"] == {"SENT-WS": "ascii"}


def test_character_sets_are_the_registers() -> None:
    """The independent evaluator's own statement of every character-set reading (written from
    the register's prose) equals the register's data, reading by reading."""
    from oasis_si_conformance.corpus import charsets
    from oasis_si_conformance.independent.unicode_tables import BLANK, NEWLINES, WHITE_SPACE_SETS

    register = yamlsafe.load((vectors_root() / "register.yaml").read_text(encoding="utf-8"))
    stated = {
        "SENT-WS": WHITE_SPACE_SETS,
        "ECHO-TRIM": WHITE_SPACE_SETS,
        "SENT-NEWLINE": NEWLINES,
        "ECHO-LINE-BREAK": NEWLINES,
        "ANSWER-BLANK": BLANK,
    }
    for entry, sets in stated.items():
        data = charsets.entry_sets(register, entry)
        assert set(data) == set(READINGS[entry]), entry
        for reading, chars in data.items():
            assert sets[reading] == chars, (entry, reading)


@pytest.mark.parametrize(
    ("readings", "answer", "row"),
    [
        ({}, "The key SMTP_PORT.\u0085it is missing", 3),
        ({"SENT-WS": "ecmascript"}, "The key SMTP_PORT.\u0085it is missing", 2),
        (
            {"SENT-WS": "ecmascript", "SENT-NEWLINE": "java-scanner"},
            "The key SMTP_PORT.\u0085it is missing",
            3,
        ),
        ({"SENT-WS": "python"}, "The key SMTP_PORT.\x1fit is missing", 3),
        ({"SENT-NEWLINE": "python-splitlines"}, "The key SMTP_PORT\x1cit is missing", 3),
        ({"SENT-NEWLINE": "lf"}, "The key SMTP_PORT\rit is missing", 2),
    ],
)
def test_sentence_readings_compose(readings: dict[str, str], answer: str, row: int) -> None:
    """Spot checks, independent of the corpus: a terminator then whitespace, or a newline, ends
    the sentence (readings of both entries at once)."""
    config = Readings()
    for entry, reading in readings.items():
        config = config.with_reading(entry, reading)
    fixture = ROOT / "tests" / "fixtures" / "single-signal-diagnosis-001.yaml"
    scenario = yamlsafe.load(fixture.read_text(encoding="utf-8"))
    evidence = {"final_answer": answer, "actions": []}
    response = Server(Config(config)).answer(
        {"id": 1, "op": "score_scenario", "params": {"scenario": scenario, "evidence": evidence}}
    )
    assert response["result"]["row"] == row
def test_command_serves_an_edition_and_honours_the_envelope() -> None:
    """--edition is the edition it declares and reads; a request's envelope `edition` is read
    under that edition; an edition it lacks is an invalid request."""
    hello = {"id": 0, "op": "hello", "params": {"protocol": 1}}
    params = {
        "evidence": {"final_answer": "SMTP_PORT is the key. It is missing.", "actions": []},
        "required_identifiers": ["SMTP_PORT"],
        "deviation_type": "absent_key",
        "channels": ["agent_response"],
        "exclude_tool_echo": True,
    }
    request = {"id": 1, "op": "factor_identified", "params": params}
    seed = _run([], [hello, request, {**request, "id": 2, "edition": EDITIONS[1]}])
    assert seed[0]["result"]["profiles"] == [EDITIONS[0]]
    assert [seed[1]["result"], seed[2]["result"]] == [{"value": False}, {"value": True}]
    unknown = {**request, "id": 2, "edition": "0.2"}
    amended = _run(["--edition", EDITIONS[1]], [hello, request, unknown])
    assert amended[0]["result"]["profiles"] == [EDITIONS[1]]
    assert amended[1]["result"] == {"value": True}
    assert amended[2]["error"]["code"] == "invalid_request"
    same = _run(["--edition", EDITIONS[1], "--hook", "window-same-sentence"], [hello, request])
    assert same[1]["result"] == {"value": False}
