"""`oasis-si-vectors diff-editions A B`: an amendment's impact report.

The report is read from the corpus files (each vector under both editions). It is held to what
the generators state (tools/vectorgen, run in process: the editions blocks they write, computed
from the text rules), to what two evaluators written apart observe when asked under each
edition, and to what the editions catalog declares the amendment changes.
"""

import json
from typing import Any

import pytest
from corpus_helpers import VECTORS, seed_vector

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import corpus, editions
from oasis_si_conformance.editing import editiondiff
from oasis_si_conformance.independent.config import Config
from oasis_si_conformance.independent.server import Server
from oasis_si_conformance.judging import compare
from oasis_si_reference import editions as reference_editions
from oasis_si_reference.operations import perform
from oasis_si_schemas import validator
from tools.vectorgen import __main__ as driver

#: The slow tier (nox -s tests_slow): the generators and two evaluators over the whole corpus under
#: each edition.
#: One worker runs the generators (their parts are cached in its process) for all of them: the
#: group of the generated-files check (tests/corpus/test_corpus_rules.py), which also reads the
#: corpus context (xdist joins an item's group names into one group).
pytestmark = [
    pytest.mark.slow,
    pytest.mark.xdist_group("corpus-context"),
    pytest.mark.xdist_group("generators"),
]

SEED, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"


def _diff(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = editor.main(["--root", str(VECTORS), "diff-editions", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def vectors(real_ctx: Any) -> list[corpus.Vector]:
    return list(real_ctx.vectors)


@pytest.fixture(scope="module")
def report(vectors: list[corpus.Vector]) -> dict[str, Any]:
    known = editions.load(VECTORS)
    digest = corpus.build_manifest(VECTORS)["corpus_digest"]
    return editiondiff.report(
        vectors, known, editions.named(known, SEED), editions.named(known, AMENDED), digest
    )


def test_the_report_lists_what_the_generators_state(
    report: dict[str, Any], vectors: list[corpus.Vector]
) -> None:
    """Every vector whose outcome the generators state differently under the amendment, and
    nothing else, with the expectation they state (run in process, not read from the files)."""
    # the amendment's statements (a draft an editor ratified states its own blocks too)
    stated = {vid: b for vid, b in driver.edition_statements().items() if AMENDED in b}
    listed = {change["id"]: change for change in report["changes"]}
    assert len(stated) > 150
    hand_written = {v.id for v in vectors if v.family == "seed-examples"}
    assert set(listed) - hand_written == set(stated)
    for vid, blocks in stated.items():
        after = {k: v for k, v in listed[vid]["to"].items() if k != "kind"}
        assert after == blocks[AMENDED], vid


def _projection(vector: corpus.Vector, edition: str) -> dict[str, Any]:
    result = perform(vector.operation, vector.input, reference_editions.EDITIONS[edition])
    return compare.project(vector.operation, result)


def test_the_report_is_what_the_evaluators_observe(
    report: dict[str, Any], vectors: list[corpus.Vector]
) -> None:
    """A vector on which the reference, or the independent evaluator, answers differently
    under the two editions is in the report; a listed vector normative under both editions is
    one on which both answer differently."""
    listed = {change["id"]: change for change in report["changes"]}
    seed, amended = Server(Config(edition=SEED)), Server(Config(edition=AMENDED))
    missing, unobserved = [], []
    for vector in vectors:
        request = {"id": 1, "op": vector.operation, "params": vector.input}
        independent = seed.answer(request) != amended.answer(request)
        reference = _projection(vector, SEED) != _projection(vector, AMENDED)
        if (reference or independent) and vector.id not in listed:
            missing.append(vector.id)
        change = listed.get(vector.id)
        kinds = (change or {}).get("from", {}).get("kind"), (change or {}).get("to", {}).get("kind")
        if kinds == ("normative", "normative") and not (reference and independent):
            unobserved.append(vector.id)
    assert missing == [] and unobserved == []


def test_only_the_clauses_the_amendment_changes(
    report: dict[str, Any], vectors: list[corpus.Vector]
) -> None:
    """The amendment changes clause 2.2 alone: every changed vector cites it, and no vector
    outside the clauses the changed ones cite changes."""
    assert report["declared_changes"] == [
        {"edition": AMENDED, "clause": "2.2", "summary": report["declared_changes"][0]["summary"]}
    ]
    assert len(report["by_clause"]["2.2"]) == report["changed"] > 0
    assert sum(report["kinds"].values()) == report["changed"]
    assert sum(len(ids) for ids in report["by_family"].values()) == report["changed"]
    assert report["vectors"] == len(vectors)


def test_json_output_follows_its_schema(capsys: pytest.CaptureFixture[str], report: dict) -> None:
    status, out, _ = _diff(capsys, SEED, AMENDED, "--json")
    document = json.loads(out)
    assert status == 0 and document == report
    assert list(validator("edition-diff").iter_errors(document)) == []
    broken = {**document, "changed": -1}
    assert list(validator("edition-diff").iter_errors(broken))


def test_text_output_groups_by_clause_and_family(
    capsys: pytest.CaptureFixture[str], report: dict
) -> None:
    status, out, _ = _diff(capsys, SEED, AMENDED)
    assert status == 0
    assert out.startswith(f"Editions {SEED} -> {AMENDED}: {report['changed']} of ")
    assert "\nBy clause:\n" in out and "\n  2.2 " in out and "\nBy family:\n" in out
    assert "\n  window-scenarios " in out
    first = report["changes"][0]
    assert f"  {first['id']} ({first['source']}, {first['operation']})\n" in out


def test_reversed_and_identical_editions(capsys: pytest.CaptureFixture[str], report: dict) -> None:
    _, out, _ = _diff(capsys, AMENDED, SEED, "--json")
    back = json.loads(out)
    assert [c["id"] for c in back["changes"]] == [c["id"] for c in report["changes"]]
    pairs = zip(back["changes"], report["changes"], strict=True)
    assert all(b["from"] == c["to"] and b["to"] == c["from"] for b, c in pairs)
    _, out, _ = _diff(capsys, SEED, SEED, "--json")
    same = json.loads(out)
    assert same["changed"] == 0 and same["changes"] == [] and same["declared_changes"] == []


def test_unknown_edition_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _diff(capsys, SEED, "0.2.0")
    assert status == 2 and out == ""
    assert "no edition '0.2.0'" in err and AMENDED in err


def test_a_hand_written_block_is_reported(seeded: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """On a throw-away corpus: exactly the vector given an editions block is listed."""
    vector = seed_vector("seed-something-wrong-scores-half")
    vector["editions"] = {AMENDED: {"expected": {"score": 1.0, "label": "x", "row": 2}}}
    seeded.write("2.2/hand.yaml", [vector | {"id": "hand-one"}], family="hand")
    status = editor.main(["--root", str(seeded.root), "diff-editions", SEED, AMENDED, "--json"])
    document = json.loads(capsys.readouterr().out)
    assert status == 0 and [c["id"] for c in document["changes"]] == ["hand-one"]
    assert document["by_family"] == {"hand": ["hand-one"]}
    assert document["changes"][0]["from"]["expected"]["row"] == 3
