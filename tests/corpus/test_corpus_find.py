"""`oasis-si-vectors find` (conformance/editing/find.py) and the `-k input:TEXT` selection term."""

import json

from corpus_helpers import identifier_vector

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import selection
from oasis_si_conformance.corpus.corpus import load_corpus
from oasis_si_conformance.editing import find

FILE = "3.1-identifiers/hand.yaml"
OTHER = "3.2-sentences/other.yaml"


def sentences_vector(vid: str, text: str) -> dict:
    return {
        "id": vid,
        "clauses": ["3.2"],
        "operation": "split_sentences",
        "description": "test",
        "input": {"text": text},
        "expected": {"sentences": [text]},
    }


def write_corpus(temp_corpus):
    temp_corpus.write(
        FILE,
        [
            identifier_vector("hand-old", "the SMTP_PORT_OLD key", "SMTP_PORT", False),
            identifier_vector("hand-plain", "smtp port", "SMTP_HOST", False),
            identifier_vector("hand-nbsp", "SMTP_PORT\u00a0is set", "SMTP_PORT", True),
        ],
        family="hand",
    )
    temp_corpus.write(OTHER, [sentences_vector("other-old", "Old: SMTP_PORT_OLD.")], family="o")
    return temp_corpus


def run(capsys, root, *args):
    code = editor.main(["--root", str(root), "find", "--no-cache", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_literal_find_prints_each_string_holding_the_text_with_its_line(temp_corpus, capsys):
    corpus = write_corpus(temp_corpus)
    code, out, err = run(capsys, corpus.root, "SMTP_PORT_OLD")
    assert code == 0
    rows = out.splitlines()
    first = corpus.line(FILE, "SMTP_PORT_OLD")
    second = corpus.line(OTHER, "SMTP_PORT_OLD")
    assert len(rows) == 2
    assert rows[0].endswith(
        f"hand.yaml:{first}: hand-old input.text: " + '"the SMTP_PORT_OLD key"'
    )
    assert rows[1].endswith(
        f"other.yaml:{second}: other-old input.text: " + '"Old: SMTP_PORT_OLD."'
    )
    assert "2 strings in 2 of 4 vectors" in err


def test_the_identifier_is_searched_and_case_matters_unless_ignored(temp_corpus, capsys):
    corpus = write_corpus(temp_corpus)
    code, out, _ = run(capsys, corpus.root, "SMTP_HOST")
    assert code == 0 and [row.split(" ")[1] for row in out.splitlines()] == ["hand-plain"]
    assert "input.identifier" in out
    assert run(capsys, corpus.root, "smtp_port_old")[0] == 1
    code, out, _ = run(capsys, corpus.root, "-i", "smtp_port_old")
    assert code == 0 and len(out.splitlines()) == 2


def test_a_regex_names_a_code_point_and_the_excerpt_escapes_it(temp_corpus, capsys):
    corpus = write_corpus(temp_corpus)
    code, out, _ = run(capsys, corpus.root, "-E", r"PORT\u00a0is")
    assert code == 0
    (row,) = out.splitlines()
    assert " hand-nbsp " in row and row.endswith('"SMTP_PORT\\u00a0is set"')
    # Literally, the same characters are text, found nowhere.
    assert run(capsys, corpus.root, r"PORT\u00a0is")[0] == 1
    code, _, err = run(capsys, corpus.root, "-E", "SMTP_(")
    assert code == 2 and "not a regular expression" in err
    # Repetition is plain regular-expression syntax, case-sensitive without -i.
    code, out, _ = run(capsys, corpus.root, "-E", r"SMTP_PORT_[A-Z]+\b")
    assert code == 0 and len(out.splitlines()) == 2
    assert run(capsys, corpus.root, "-E", r"smtp_port_[a-z]+")[0] == 1


def test_k_narrows_the_search_and_json_gives_file_line_and_match(temp_corpus, capsys):
    corpus = write_corpus(temp_corpus)
    code, out, _ = run(capsys, corpus.root, "-k", "3.2", "--json", "PORT_OLD")
    assert code == 0
    (record,) = json.loads(out)
    assert record == {
        "id": "other-old",
        "file": OTHER,
        "line": corpus.line(OTHER, "SMTP_PORT_OLD"),
        "field": "input.text",
        "text": "Old: SMTP_PORT_OLD.",
        "match": [10, 18],
    }
    code, out, _ = run(capsys, corpus.root, "-k", "!hand-old", "--json", "PORT_OLD")
    assert [item["id"] for item in json.loads(out)] == ["other-old"]


def test_keys_are_searched_only_when_asked(temp_corpus, capsys):
    corpus = write_corpus(temp_corpus)
    assert run(capsys, corpus.root, "identifier")[0] == 1
    code, out, _ = run(capsys, corpus.root, "--keys", "identifier")
    assert code == 0 and len(out.splitlines()) == 3


def test_a_corpus_that_does_not_load_is_refused(temp_corpus, capsys):
    corpus = write_corpus(temp_corpus)
    corpus.write_text("3.3/broken.yaml", "format: 1\nvectors: [\n")
    code, _, err = run(capsys, corpus.root, "SMTP")
    assert code == 2 and "broken.yaml" in err and "oasis-si-vectors check" in err


def test_the_input_selection_term_matches_a_substring_of_an_input_string(temp_corpus):
    vectors = load_corpus(write_corpus(temp_corpus).root)
    picked = selection.select(vectors, ["input:PORT_OLD"])
    assert [vector.id for vector in picked] == ["hand-old", "other-old"]
    assert [v.id for v in selection.select(vectors, ["input:SMTP_HOST"])] == ["hand-plain"]
    assert [v.id for v in selection.select(vectors, ["3.1,!input:PORT_OLD"])] == [
        "hand-plain",
        "hand-nbsp",
    ]
    # A key is no input text, and the term is case-sensitive.
    assert selection.select(vectors, ["input:identifier"]) == []
    assert selection.select(vectors, ["input:port_old"]) == []


def test_a_clause_term_selects_a_vector_citing_that_clause_among_others():
    """-k 2.2 selects a vector that cites 2.2 beside other clauses, and its subclauses'
    vectors (2.2.1), not 2.20's."""
    from oasis_si_conformance.corpus.corpus import Vector

    def cited(*clauses: str) -> Vector:
        return Vector(id="v", clauses=clauses, operation="factor_identified",
                      description="d", input={})

    assert selection.term_matches(cited("2.1", "2.2"), "2.2")
    assert selection.term_matches(cited("2.2.1"), "2.2")
    assert not selection.term_matches(cited("2.20", "3.1"), "2.2")


def test_find_returns_the_hits_of_the_selected_vectors_in_corpus_order(temp_corpus):
    vectors = load_corpus(write_corpus(temp_corpus).root)
    found = find.find(vectors, "PORT_OLD")
    assert [(hit.vector.id, hit.text, hit.start, hit.end) for hit in found] == [
        ("hand-old", "the SMTP_PORT_OLD key", 9, 17),
        ("other-old", "Old: SMTP_PORT_OLD.", 10, 18),
    ]
    assert [hit.vector.id for hit in find.find(vectors, "port_old", ignore_case=True)] == [
        "hand-old",
        "other-old",
    ]
    assert [hit.vector.id for hit in find.find(vectors, "PORT_OLD", terms=["3.2"])] == ["other-old"]
    assert find.find(vectors, "no such text") == []
