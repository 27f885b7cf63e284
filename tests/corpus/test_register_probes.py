"""Rule register-probes: a register entry with a data file (vectors/data/) is probed, through
score_scenario ambiguity vectors carrying `probe`, at every code point of its differences, each
vector splitting the readings exactly by the data's groups."""

import copy
from typing import Any

from corpus_helpers import VECTORS, TempCorpus

from oasis_si_conformance.corpus import yamlsafe

FOLD_DATA = "data/fold-mapping.yaml"
SHARP_S = "U+00DF"


def _fold_probe(vid: str = "fold-probe-u00df-as-0") -> dict[str, Any]:
    document = yamlsafe.load(
        (VECTORS / "3.1-identifier-matching" / "fold-probes.yaml").read_text(encoding="ascii")
    )
    return copy.deepcopy(next(v for v in document["vectors"] if v["id"] == vid))


def _one_difference(temp_corpus: TempCorpus, probe: str = SHARP_S) -> None:
    """Reduce the FOLD-MAPPING data to the one item of `probe`."""
    path = temp_corpus.root / FOLD_DATA
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    document["differences"] = [d for d in document["differences"] if d["probe"] == probe]
    temp_corpus.write_catalog(FOLD_DATA, document)


def _fold_problems(temp_corpus: TempCorpus) -> list[Any]:
    return [
        p for p in temp_corpus.check("register-probes")
        if p.file.name == "fold-mapping.yaml" or "fold-probe" in p.file.name
    ]


def test_a_difference_without_a_probe_vector(temp_corpus: TempCorpus) -> None:
    _one_difference(temp_corpus)
    found = _fold_problems(temp_corpus)
    wanted = f"FOLD-MAPPING: no score_scenario ambiguity vector probes {SHARP_S}"
    assert [p.message for p in found] == [wanted]
    assert found[0].file == temp_corpus.root / FOLD_DATA
    assert found[0].line == temp_corpus.line(FOLD_DATA, f"probe: {SHARP_S}")


def test_a_probe_vector_that_splits_by_the_groups(temp_corpus: TempCorpus) -> None:
    _one_difference(temp_corpus)
    temp_corpus.write("3.1-identifier-matching/fold-probes.yaml", [_fold_probe()])
    assert _fold_problems(temp_corpus) == []


def test_a_probe_vector_that_splits_a_group(temp_corpus: TempCorpus) -> None:
    _one_difference(temp_corpus)
    vector = _fold_probe()
    vector["readings"]["upper-lower"] = dict(vector["readings"]["full-casefold"])
    path = temp_corpus.write("3.1-identifier-matching/fold-probes.yaml", [vector])
    messages = sorted(p.message for p in _fold_problems(temp_corpus))
    assert any("behave alike there" in m and "upper-lower" in m for m in messages), messages
    assert any(p.file == path for p in _fold_problems(temp_corpus))


def test_groups_no_vector_tells_apart(temp_corpus: TempCorpus) -> None:
    _one_difference(temp_corpus)
    vector = _fold_probe()
    vector["readings"]["full-casefold"] = dict(vector["readings"]["simple-lowercase"])
    temp_corpus.write("3.1-identifier-matching/fold-probes.yaml", [vector])
    messages = [p.message for p in _fold_problems(temp_corpus)]
    assert f"probe {SHARP_S}: no vector tells simple-lowercase from full-casefold" in messages


def test_a_probe_that_is_no_difference(temp_corpus: TempCorpus) -> None:
    _one_difference(temp_corpus)
    vector = _fold_probe()
    vector["probe"] = "U+0041"
    path = temp_corpus.write("3.1-identifier-matching/fold-probes.yaml", [vector])
    found = [p for p in _fold_problems(temp_corpus) if p.file == path]
    assert [p.message for p in found] == [
        "probe U+0041 is not a difference of FOLD-MAPPING (data/fold-mapping.yaml)"
    ]


def test_groups_must_partition_the_readings(temp_corpus: TempCorpus) -> None:
    _one_difference(temp_corpus)
    path = temp_corpus.root / FOLD_DATA
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    document["differences"][0]["groups"][0].remove("upper-lower")
    temp_corpus.write_catalog(FOLD_DATA, document)
    messages = [p.message for p in _fold_problems(temp_corpus)]
    assert any("not a partition of the readings of FOLD-MAPPING" in m for m in messages), messages


def test_a_data_file_of_another_entry(temp_corpus: TempCorpus) -> None:
    path = temp_corpus.root / FOLD_DATA
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    document["entry"] = "FOLD-ORDER"
    temp_corpus.write_catalog(FOLD_DATA, document)
    messages = [p.message for p in temp_corpus.check("register-probes")]
    assert "data/fold-mapping.yaml is the data of FOLD-ORDER, not of FOLD-MAPPING" in messages
