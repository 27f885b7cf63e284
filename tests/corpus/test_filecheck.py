"""The corpus rules file by file with each file's part cached (conformance/editing/filecheck.py):
the same problems as the plain check, a stale part never read, `check PATH`."""

import pytest
from corpus_helpers import SEED_FILE, identifier_vector, real_catalog, seed_vectors

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import corpus
from oasis_si_conformance.editing import checks, filecheck

OTHER = "3.1-identifiers/hand.yaml"
THIRD = "3.2-sentences/more.yaml"


@pytest.fixture
def cache(monkeypatch, tmp_path):
    folder = tmp_path / "cache"
    monkeypatch.setenv("OASIS_SI_CACHE", str(folder))
    return folder


def broken(temp_corpus):
    """A corpus whose files break per-file and cross-file rules: an unknown clause and a
    reference disagreement in one file, a duplicate id across two, a file that fails the
    schema."""
    temp_corpus.write(SEED_FILE, seed_vectors(), family="seed-examples")
    temp_corpus.write(
        OTHER,
        [
            identifier_vector("hand-a", "smtp_port", "SMTP_PORT", True, clauses=["9.9"]),
            identifier_vector("hand-b", "SMTP_PORT_OLD", "SMTP_PORT", True),  # the text says no
        ],
        family="hand",
    )
    temp_corpus.write(
        THIRD, [identifier_vector("hand-a", "smtp_port", "SMTP_PORT", True)], family="more"
    )
    temp_corpus.write_text("3.3/bad.yaml", "format: 1\nfamily: bad\nvectors: [\n")
    return temp_corpus


def plain(root):
    return sorted(checks.check_corpus(root))


def refuse(*args, **kwargs):
    raise AssertionError("refused: the part should have come from the cache")


@pytest.mark.slow
def test_the_same_problems_as_the_plain_check_cold_and_from_the_cache(
    temp_corpus, cache, monkeypatch
):
    root = broken(temp_corpus).root
    expected = plain(root)
    rules = {problem.rule for problem in expected}
    assert {"schema", "unknown-clause", "reference", "duplicate-id", "manifest"} <= rules
    assert sorted(filecheck.check(root)) == expected
    monkeypatch.setattr(corpus, "load_file", refuse)
    monkeypatch.setattr(filecheck, "_per_file_problems", refuse)
    assert sorted(filecheck.check(root)) == expected


def test_an_edited_file_is_checked_afresh_never_from_its_old_part(temp_corpus, cache):
    corpus_ = broken(temp_corpus)
    before = filecheck.check(corpus_.root, ["unknown-clause"])
    assert [problem.file.name for problem in before] == ["hand.yaml"]
    corpus_.write(
        THIRD, [identifier_vector("hand-c", "x", "SMTP_PORT", False, clauses=["8.8"])], family="m"
    )
    after = filecheck.check(corpus_.root, ["unknown-clause"])
    assert sorted(p.file.name for p in after) == ["hand.yaml", "more.yaml"]
    assert sorted(after) == sorted(checks.check_corpus(corpus_.root, rules=["unknown-clause"]))


def test_a_changed_catalog_is_a_new_key_for_every_file(temp_corpus, cache):
    corpus_ = broken(temp_corpus)
    assert not filecheck.check(corpus_.root, ["unknown-clause"])[1:]
    clauses = real_catalog("clauses.yaml")
    clauses["clauses"] = [c for c in clauses["clauses"] if c["id"] != "3.1"]
    corpus_.write_catalog("clauses.yaml", clauses)
    found = filecheck.check(corpus_.root, ["unknown-clause"])
    assert any("'3.1'" in problem.message for problem in found)
    assert sorted(found) == sorted(checks.check_corpus(corpus_.root, rules=["unknown-clause"]))


def test_check_path_runs_the_per_file_rules_on_that_file_and_the_cross_file_rules_on_all(
    temp_corpus, cache, capsys
):
    corpus_ = broken(temp_corpus)
    found = filecheck.check(corpus_.root, paths=[corpus_.root / THIRD])
    files = {(problem.rule, problem.file.name) for problem in found}
    assert ("duplicate-id", "more.yaml") in files  # cross-file: its first is in hand.yaml
    assert not any(name == "hand.yaml" for rule, name in files if rule in filecheck.PER_FILE)
    assert not any(rule == "schema" for rule, _ in files)  # bad.yaml was not named
    alone = filecheck.check(corpus_.root, paths=[corpus_.root / OTHER])
    assert {(p.rule, p.file.name) for p in alone} >= {
        ("unknown-clause", "hand.yaml"),
        ("reference", "hand.yaml"),
    }
    code = editor.main(["--root", str(corpus_.root), "check", str(corpus_.root / "register.yaml")])
    assert code == 2 and "no vector file" in capsys.readouterr().err


def test_a_replaced_rule_is_run_not_read_from_the_cache(temp_corpus, cache):
    root = broken(temp_corpus).root
    filecheck.check(root)
    marker = checks.Problem(root, 1, "replaced", "unknown-clause")
    book = {**checks.RULES, "unknown-clause": lambda ctx: [marker]}
    assert filecheck.check(root, ["unknown-clause"], book) == [marker]


@pytest.mark.slow
def test_no_cache_runs_the_plain_check(temp_corpus, cache, monkeypatch):
    root = broken(temp_corpus).root
    expected = plain(root)
    monkeypatch.setattr(filecheck, "_read", refuse)
    assert sorted(filecheck.check(root, cache=False)) == expected
    assert not list(cache.glob("filecheck-*"))


def test_the_cached_context_is_the_loaded_one_and_read_from_the_cache_the_second_time(
    temp_corpus, cache, monkeypatch
):
    root = broken(temp_corpus).root
    loaded = checks.load_context(root)
    assert loaded.vectors and loaded.load_problems  # some vectors load, one file does not
    for _ in range(2):
        cached = filecheck.cached_context(root)
        assert cached.vectors == loaded.vectors
        assert sorted(cached.load_problems) == sorted(loaded.load_problems)
        assert cached.register == loaded.register and cached.clauses == loaded.clauses
        assert cached.catalog_problems == loaded.catalog_problems
        assert cached.unloaded == loaded.unloaded
        monkeypatch.setattr(corpus, "load_file", refuse)  # the second time: every part kept


def test_a_catalog_read_once_is_read_from_the_cache_the_second_time(
    temp_corpus, cache, monkeypatch
):
    """The cached reader parses a catalog file once: the second read of the same bytes takes
    the document from the cache, equal to the one parsed."""
    temp_corpus.write_catalog("flags.yaml", {"flags": {"mine": "A flag of this test."}})
    parsed = []
    load = checks._load_catalog

    def counted(*args):
        parsed.append(args[1])
        return load(*args)

    monkeypatch.setattr(checks, "_load_catalog", counted)
    read = filecheck.cached_reader()
    for _ in range(2):
        document, problems = read(temp_corpus.root, "flags.yaml", None, True)
        assert document == {"flags": {"mine": "A flag of this test."}} and problems == []
    assert parsed == ["flags.yaml"]
