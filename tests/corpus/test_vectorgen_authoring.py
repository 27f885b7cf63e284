"""The text-level generators' authoring (tools/vectorgen/authoring.py): verdicts from the text
rules, problems returned as values, and the driver reporting them with family and vector id."""

from typing import Any

import pytest

from tools.vectorgen import __main__ as driver
from tools.vectorgen import delimiters, textrules
from tools.vectorgen.authoring import Authored, author, family_files, first_kept
from tools.vectorgen.wrong_readings import Wrong

#: The slow tier (nox -s tests_slow): every generator run afresh (no cache) to check its authoring
#: problems.
pytestmark = pytest.mark.slow

PLAIN = {"text": "see SMTP_PORT here", "identifier": "SMTP_PORT"}


def _identifier_case(vector_id: str, params: dict[str, Any], **options: Any) -> Authored:
    return author(vector_id, ["3.1"], "identifier_match", "test", params, **options)


def test_a_normative_case_is_authored_from_the_rules():
    authored = _identifier_case("t-plain", PLAIN, entry=None, expect=True)
    assert authored.problems == ()
    assert authored.record is not None and authored.record["expected"] == {"match": True}


def test_a_hand_stated_verdict_the_rules_contradict_is_a_problem():
    authored = _identifier_case("t-wrong", PLAIN, entry=None, expect=False)
    assert authored.problems == ("authored False, rules give {'match': True}",)


def test_a_case_that_depends_on_a_register_entry_is_an_ambiguity_vector():
    params = {"text": "STRASSE", "identifier": "stra\u00dfe"}
    authored = _identifier_case("t-sharp-s", params, open_description="open")
    assert authored.problems == ()
    record = authored.record or {}
    assert record["ambiguity"] == "FOLD-MAPPING" and record["description"] == "open"
    assert record["readings"]["full-casefold"] == {"match": True}
    assert _identifier_case("t-sharp-s", params, entry=None).problems == (
        "meant normative, depends on ['FOLD-MAPPING']",
    )


def test_a_case_no_wrong_implementation_fails_is_a_problem_or_left_out():
    params = {"text": "abc", "identifier": "zzz"}
    problems = _identifier_case("t-weak", params, entry=None).problems
    assert problems == ("no modelled wrong implementation fails this vector",)
    left_out = _identifier_case("t-weak", params, entry=None, optional=True)
    assert left_out.record is None and left_out.problems == ()


def test_a_case_the_rules_refuse_is_a_problem_not_a_crash():
    authored = _identifier_case("t-unassigned", {"text": "a\u0378b", "identifier": "a"})
    assert authored.record is None
    assert authored.problems == (
        "the text rules refuse the case: U+0378 is unassigned in Unicode 14 and not modelled",
    )


def test_wrong_readings_keep_the_catalog_scope():
    """ident-nfkc touches identifier matching only; syn-nfkc the synonym test."""
    fullwidth = "\uff53\uff4d\uff54\uff50"
    missing = "\uff4d\uff49\uff53\uff53\uff49\uff4e\uff47"
    nfkc = textrules.REFERENCE.with_wrong(Wrong.IDENT_NFKC)
    assert textrules.identifier_matches(fullwidth, "smtp", nfkc)
    assert not textrules.synonym_present(missing, "absent_key", nfkc)
    syn_nfkc = textrules.REFERENCE.with_wrong(Wrong.SYN_NFKC)
    assert textrules.synonym_present(missing, "absent_key", syn_nfkc)
    assert not textrules.identifier_matches(fullwidth, "smtp", syn_nfkc)


def test_family_files_carry_problems_with_family_and_vector_id():
    good = _identifier_case("t-plain", PLAIN, entry=None, expect=True)
    bad = _identifier_case("t-wrong", PLAIN, entry=None, expect=False)
    family = family_files("3.1", "fam", "gen.py", [good, bad], [], "ops", "lifted")
    assert [str(p) for p in family.problems] == [
        "fam: t-wrong: authored False, rules give {'match': True}"
    ]
    assert [v["id"] for v in family.files["3.1/fam.yaml"]["vectors"]] == ["t-plain", "t-wrong"]


def test_first_kept_keeps_every_problem():
    kept = [Authored("a", {"id": "a"}), Authored("b", None, ("p",)), Authored("c", {"id": "c"}),
            Authored("d", {"id": "d"}, ("q",))]
    chosen = first_kept(kept, 2)
    assert [c.record is not None for c in chosen] == [True, False, True, False]
    assert [c.problems for c in chosen] == [(), ("p",), (), ("q",)]


def test_register_disagreement_is_reported():
    register = {"entries": [{"id": "FOLD-ORDER", "readings": ["x", "y"], "reference": "x"}]}
    found = textrules.register_problems(register)
    differ = "FOLD-ORDER: readings ['fold-then-nfc', 'nfc-then-fold'] differ from the register's"
    assert differ in found
    assert "SENT-WS: not in the register" in found


@pytest.fixture
def isolated_driver(monkeypatch, tmp_path):
    """The driver with a cache of its own, emptied before and after: a family patched here must
    not reach the checkout's cache or the driver's memo of module parts."""
    monkeypatch.setenv("OASIS_SI_CACHE", str(tmp_path / "cache"))
    driver.module_parts.cache_clear()
    yield driver
    driver.module_parts.cache_clear()


def test_the_driver_reports_problems_and_writes_nothing(isolated_driver, monkeypatch, capsys):
    bad = _identifier_case("t-wrong", PLAIN, entry=None, expect=False)
    broken = family_files("3.1", "delimiters", "gen.py", [bad], [], "ops", "lifted")
    monkeypatch.setattr(delimiters, "problems", lambda: broken.problems)
    monkeypatch.setattr(delimiters, "files", lambda: broken.files)
    # the driver over the patched family alone (the others' parts are not what is shown here)
    monkeypatch.setattr(driver, "module_names", lambda: [delimiters.__name__])
    monkeypatch.setattr(driver, "generated", lambda *_: pytest.fail("wrote despite problems"))
    assert isolated_driver.main(["--no-cache"]) == 1
    err = capsys.readouterr().err
    assert "delimiters: t-wrong: authored False, rules give {'match': True}" in err
    assert "1 authoring problems; nothing written" in err


# The generated-files check's group (its module's "corpus-context" and "generators", which
# xdist joins into one): the generators run once, in that worker's process.
@pytest.mark.xdist_group("corpus-context")
@pytest.mark.xdist_group("generators")
def test_the_committed_families_have_no_authoring_problems():
    assert driver.authoring_problems() == []
