"""Whose answers a re-judged report rests on (`diff-editions ... --reports`, whatif.rejudge).

A stored answer was given under the report's edition. Where the other edition amends a
parameter of the text (here the seed, radius 0, against the 2026-08-22 amendment, radius 1),
an implementation of it answers anew: a report of the bundled reference (its handshake's name
and version) has its answers asked again of the reference under the new edition, so nothing
the new window changes fails; any other report keeps its answers, fails where the new window
changes the expectation, and says in one line that its answers are as given under its edition.

One small certification of the bundled reference under the seed, on vectors whose normative
outcome the amendment changes, is the stored report; the other implementation is that report
under another name.
"""

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import attrs
import pytest

from oasis_si_conformance.corpus import corpus, editions
from oasis_si_conformance.editing import editiondiff, ratify, whatif
from oasis_si_conformance.harness.api import certify
from oasis_si_conformance.judging import compare
from oasis_si_conformance.model import ANSWER, FailureKind
from oasis_si_reference import operations as reference_operations

FIRST, AMENDED = "0.3.0-rc1", "0.3.0-rc1+2026-08-22"
#: One worker runs the module, so its module fixture (a certification of the reference) is
#: computed once, not once on each worker `--dist loadgroup` would spread the tests over.
pytestmark = pytest.mark.xdist_group("whatif-answers")


@attrs.frozen
class Setting:
    """The corpus, its editions, vectors whose normative outcome the amendment changes and the
    reference's report under the first edition on them."""

    vectors: list[corpus.Vector]
    known: list[editions.Edition]
    changed: list[str]
    report: dict[str, Any]

    def edition(self, name: str) -> editions.Edition:
        return editions.named(self.known, name)

    def rejudge(
        self, tmp_path: Path, report: dict[str, Any], second: str = AMENDED, **extra: Any
    ) -> dict[str, Any]:
        """The impact document of `diff-editions FIRST second --reports` with `report` (and
        the `extra` keys a proposal's document holds, such as `undecidable`)."""
        path = tmp_path / "report.json"
        path.write_text(json.dumps(report), encoding="utf-8")
        first, then = self.edition(FIRST), self.edition(second)
        digest = report["corpus"]["digest"]
        document = editiondiff.report(self.vectors, self.known, first, then, digest) | extra
        found = editiondiff.changes(self.vectors, FIRST, second)
        register = corpus.load_catalog("register.yaml", corpus.vectors_root())["entries"]
        document["reports"] = [
            whatif.rejudge(path, document, found, self.vectors, first, then, self.known, register)
        ]
        return document


@pytest.fixture(scope="module")
def setting(
    bundled_vectors: list[corpus.Vector], tmp_path_factory: pytest.TempPathFactory
) -> Setting:
    known = editions.load(corpus.vectors_root())
    normative = [
        change.vector.id
        for change in editiondiff.changes(bundled_vectors, FIRST, AMENDED)
        if "expected" in change.before and "expected" in change.after
    ]
    out = tmp_path_factory.mktemp("whatif") / "reference.json"
    certify((), edition=FIRST, select=[",".join(normative[:3])], repetitions=1, report=out)
    report = json.loads(out.read_text(encoding="utf-8"))
    exercised = [i["id"] for i in report["vectors"] if i["status"] != "not_exercised"]
    changed = [vid for vid in exercised if vid in normative]  # -k ids match as substrings
    return Setting(bundled_vectors, known, changed, report)


def _renamed(report: dict[str, Any], name: str, version: str | None = None) -> dict[str, Any]:
    other = copy.deepcopy(report)
    other["candidate"]["name"] = name
    other["candidate"]["version"] = version or other["candidate"]["version"]
    return other


def test_the_stored_answers_are_the_first_editions(setting: Setting) -> None:
    """Not vacuous: every stored answer on the changed vectors meets the seed's outcome and
    not the amendment's."""
    by_id = {v.id: v for v in setting.vectors}
    held = {item["id"]: item for item in setting.report["vectors"]}
    assert len(setting.changed) >= 3
    for vid in setting.changed:
        vector, answer = by_id[vid], held[vid]["actual"]
        projected = compare.project(vector.operation, answer)
        assert projected == vector.for_edition(FIRST).expected, vid
        assert projected != vector.for_edition(AMENDED).expected, vid


def test_a_report_of_the_bundled_reference_is_answered_anew(
    setting: Setting, tmp_path: Path
) -> None:
    document = setting.rejudge(tmp_path, setting.report)
    [judged] = document["reports"]
    assert judged["answers"] == "reference"
    assert (judged["newly_failed"], judged["newly_passed"]) == ([], [])
    assert (judged["failed_before"], judged["failed_after"]) == (0, 0)
    assert judged["verdict_after"] == "conformant"
    assert judged["answers_note"] == (
        f"answers asked again of the bundled reference ({reference_operations.NAME}"
        f" {reference_operations.VERSION}) under {AMENDED}: the counts are those re-certifying"
        " it gives"
    )
    text = editiondiff.render(document)
    assert f"  {judged['answers_note']}" in text
    assert "would fail" not in text
    assert f"*{judged['answers_note']}*" in editiondiff.markdown(document)


def test_another_implementations_answers_are_kept_and_said_to_be(
    setting: Setting, tmp_path: Path
) -> None:
    document = setting.rejudge(tmp_path, _renamed(setting.report, "an-evaluator"))
    [judged] = document["reports"]
    assert judged["answers"] == "stored"
    assert sorted(judged["newly_failed"]) == sorted(setting.changed)
    assert judged["answers_note"] == (
        f"answers as given under {FIRST}; an implementation of the proposal answers anew:"
        " re-certify it"
    )
    assert f"  {judged['answers_note']}" in editiondiff.render(document)
    table = editiondiff.markdown(document)
    assert f"*{judged['answers_note']}*" in table
    by_id = {v.id: v for v in setting.vectors}
    held = {item["id"]: item["actual"] for item in setting.report["vectors"]}
    for vid in setting.changed:  # a row per vector: its answer and the new expectation
        vector = by_id[vid]
        answer = editiondiff._outcome(compare.project(vector.operation, held[vid]))
        after = editiondiff._shown(editiondiff.expectation(vector.for_edition(AMENDED)))
        assert f"| `{vid}` | failed | {answer} |" in table, vid
        row = next(line for line in table.splitlines() if line.startswith(f"| `{vid}` |"))
        assert row.endswith(f"| {after} |"), row


def test_the_reference_is_recognised_by_name_and_version(
    setting: Setting, tmp_path: Path
) -> None:
    other_version = _renamed(setting.report, reference_operations.NAME, "0.0.0-other")
    [judged] = setting.rejudge(tmp_path, other_version)["reports"]
    assert judged["answers"] == "stored"
    assert whatif.is_reference(setting.report["candidate"])
    assert not whatif.is_reference(other_version["candidate"])


def test_answers_under_the_same_parameters_carry_no_note(
    setting: Setting, tmp_path: Path
) -> None:
    """Where the edition judged under sets the report's parameters, the stored answers are
    what the implementation answers there: no note."""
    document = setting.rejudge(tmp_path, _renamed(setting.report, "an-evaluator"), second=FIRST)
    [judged] = document["reports"]
    assert judged["answers"] == "stored" and "answers_note" not in judged
    assert judged["newly_failed"] == []


def test_a_vector_that_cannot_be_decided_keeps_its_stored_status(
    setting: Setting, tmp_path: Path
) -> None:
    undecided, *rest = setting.changed
    document = setting.rejudge(
        tmp_path,
        _renamed(setting.report, "an-evaluator"),
        undecidable=[{"id": undecided, "reason": "the rules give no one outcome"}],
    )
    [judged] = document["reports"]
    assert judged["undecided"] == [undecided]
    assert sorted(judged["newly_failed"]) == sorted(rest)
    assert judged["failed_after"] == len(rest)
    assert "1 vector(s) cannot be decided" in editiondiff.render(document)


def test_the_reference_answers_in_process_under_the_edition_given(setting: Setting) -> None:
    by_id = {v.id: v for v in setting.vectors}
    vector = by_id[setting.changed[0]]
    for name in (FIRST, AMENDED):
        observation = whatif.reference_answer(vector, setting.edition(name))
        assert observation.kind == ANSWER
        projected = compare.project(vector.operation, observation.result or {})
        assert projected == vector.for_edition(name).expected, name
    broken = whatif.reference_answer(attrs.evolve(vector, input={}), setting.edition(AMENDED))
    assert broken.kind == FailureKind.ERROR_RESPONSE and broken.error_code == "internal"


def test_without_reports_the_changes_are_listed_and_a_summary_only_counts(
    setting: Setting,
) -> None:
    first, then = setting.edition(FIRST), setting.edition(AMENDED)
    digest = setting.report["corpus"]["digest"]
    document = editiondiff.report(setting.vectors, setting.known, first, then, digest)
    assert document["changes"]
    full = editiondiff.render(document)
    summary = editiondiff.render(document, summary=True)
    assert "Changes:" in full and "Changes:" not in summary
    assert summary.splitlines()[0] == full.splitlines()[0]
    table = editiondiff.markdown(document)
    assert f"| vector | {FIRST} | {AMENDED} |" in table
    assert all(f"| `{change['id']}` |" in table for change in document["changes"])


def test_an_amendment_is_weighed_with_the_rules_it_is_given(setting: Setting) -> None:
    """The caller's rules state the expectations (the generators' own are asked only when no
    rules are given); an edition that amends no parameter asks no rules at all."""
    first, then = setting.edition(FIRST), setting.edition(AMENDED)
    register = ratify.Register.of(corpus.load_catalog("register.yaml", corpus.vectors_root()))
    by_id = {v.id: v for v in setting.vectors}
    changed = [by_id[vid] for vid in setting.changed]
    asked: list[str] = []

    def as_before(record: dict[str, Any], edition: editions.Edition) -> dict[str, Any]:
        asked.append(record["id"])
        return ratify.own_block(record_of_first(by_id[record["id"]]))

    def record_of_first(vector: corpus.Vector) -> dict[str, Any]:
        return whatif.record_of(vector.for_edition(FIRST))

    weighed = whatif.weigh(changed, first, then, register, as_before)
    assert asked == setting.changed
    assert weighed.changes == [] and weighed.undecidable == []
    asked.clear()
    assert whatif.weigh(changed, first, first, register, as_before).changes == []
    assert asked == []


def test_a_vector_the_generators_rules_cannot_state_is_undecidable(
    setting: Setting, monkeypatch: pytest.MonkeyPatch
) -> None:
    """parameter_rules hands back the generators' answer per record: a block, or why none."""
    answers = {"derived": [{"block": {"expected": {"x": 1}}}, {"undecidable": "no rule"}]}

    def generators(command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, 0, json.dumps(answers), "")

    monkeypatch.setattr(whatif.subprocess, "run", generators)
    rules = whatif.parameter_rules([{"id": "a"}, {"id": "b"}], setting.edition(AMENDED))
    assert rules({"id": "a"}, setting.edition(AMENDED)) == {"expected": {"x": 1}}
    with pytest.raises(ratify.Undecidable, match="no rule"):
        rules({"id": "b"}, setting.edition(AMENDED))


def test_a_proposal_file_holds_exactly_one_edition_block(tmp_path: Path) -> None:
    """A proposal is one block, bare or as the catalog's `editions` list of one; a list of
    two blocks, or of none, is refused by name."""
    known = editions.load(corpus.vectors_root())
    block = f"{{name: ws-ascii, base: {AMENDED}, decides: {{SENT-WS: ascii}}}}"
    listed = tmp_path / "listed.yaml"
    listed.write_text(f"editions:\n  - {block}\n", encoding="ascii")
    proposed = whatif.proposed_edition(listed, known)
    assert (proposed.name, proposed.base) == ("ws-ascii", AMENDED)
    assert dict(proposed.decides) == {"SENT-WS": "ascii"}
    two = tmp_path / "two.yaml"
    two.write_text(
        f"editions:\n  - {block}\n  - {{name: ws-unicode, base: {AMENDED}}}\n", encoding="ascii"
    )
    with pytest.raises(whatif.WhatIfError, match="give one edition block"):
        whatif.proposed_edition(two, known)
    none = tmp_path / "none.yaml"
    none.write_text("editions: []\n", encoding="ascii")
    with pytest.raises(whatif.WhatIfError, match="give one edition block"):
        whatif.proposed_edition(none, known)


def test_a_proposal_the_catalog_schema_refuses_is_refused_with_the_schemas_words(
    tmp_path: Path,
) -> None:
    """A block the catalog's `proposed` schema refuses (here: no base, a key it does not
    know) is refused with the file and the schema's message; a valid block is accepted."""
    known = editions.load(corpus.vectors_root())
    baseless = tmp_path / "baseless.yaml"
    baseless.write_text("name: ws-ascii\ndecides: {SENT-WS: ascii}\n", encoding="ascii")
    with pytest.raises(whatif.WhatIfError, match="'base' is a required property") as refused:
        whatif.proposed_edition(baseless, known)
    assert str(refused.value).startswith(f"{baseless}: ")
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(f"name: ws-ascii\nbase: {AMENDED}\nradius: 1\n", encoding="ascii")
    with pytest.raises(whatif.WhatIfError, match="radius"):
        whatif.proposed_edition(unknown, known)
    valid = tmp_path / "valid.yaml"
    valid.write_text(f"name: ws-ascii\nbase: {AMENDED}\n", encoding="ascii")
    assert whatif.proposed_edition(valid, known).base == AMENDED


def test_a_stored_result_without_a_verdict_keeps_its_status_and_failure() -> None:
    """A stored vector whose request failed before any verdict (no answer; or an answer with
    a failure that is no verdict) is kept as stored, its failure's kind and message with it
    (none when it states none); one failed by a verdict is judged again (None)."""
    from oasis_si_conformance.model import Failure, Status, VectorResult

    vector = corpus.Vector(
        id="V-1", clauses=("2.2",), operation="check", description="d", input={}
    )
    crashed = {
        "id": "V-1", "status": "failed", "actual": None,
        "failure": {"kind": "crash", "message": "exit status 1"},
    }
    assert whatif._stored_result(vector, crashed) == VectorResult(
        "V-1", Status.FAILED, failure=Failure("crash", "exit status 1")
    )
    refused = {
        "id": "V-1", "status": "failed", "actual": {"protocol_error": "internal"},
        "failure": {"kind": "error_response", "message": "internal"},
    }
    assert whatif._stored_result(vector, refused) == VectorResult(
        "V-1", Status.FAILED, failure=Failure("error_response", "internal")
    )
    silent = {"id": "V-1", "status": "failed", "actual": None, "failure": None}
    assert whatif._stored_result(vector, silent) == VectorResult("V-1", Status.FAILED)
    mismatched = {
        "id": "V-1", "status": "failed", "actual": {"match": True},
        "failure": {"kind": "mismatch", "message": "expected no match"},
    }
    assert whatif._stored_result(vector, mismatched) is None
