"""The incremental derivation of a decided edition's signatures (`python -m
tools.mutants.signatures --edition NAME`, what `ratify` runs: tools/mutants/decided_edition.py)
gives every mutant of the catalog the very failures the full derivation gives it under that
edition (its kill matrix there, afresh), for one decision ratified into a new edition. (The
file is rendered from those failures and the other editions', which the committed file's own
drift check holds.)

The kit reads its editions from the installed packages, so the decision is ratified in a copy
of the checkout whose package folders are imported under their installed names
(tests/conftest.py's `installed_copy`), and both derivations run there.
"""

import json
from typing import Any

import pytest

#: The slow tier (nox -s tests_slow): the full derivation runs the kill matrix of every edition.
pytestmark = pytest.mark.slow

#: Run in the copy: each mutant's failures under the draft, derived incrementally from the
#: committed file and afresh from the kill matrix; prints the mutants where they differ. The
#: models of real evaluators (MODELS) are left out: the file holds no signature of theirs.
COMPARE = """
import json
from oasis_si_conformance.corpus import corpus, editions, yamlsafe
from oasis_si_conformance.independent.mutants import CATALOG, MODELS
from tools.mutants import decided_edition, signatures

root = corpus.vectors_root()
vectors = corpus.load_corpus(root)
catalog = editions.load(root)
entries = {e["id"]: e for e in corpus.load_catalog("register.yaml", root)["entries"]}
committed = yamlsafe.load((root / "signatures.yaml").read_text(encoding="utf-8"))
derived = decided_edition.derive(committed, catalog, "draft", vectors, entries)["draft"]
incremental = {m: ids for m, ids in derived.items() if m not in MODELS}
mutants = [m for m in CATALOG if m.id not in MODELS]
full = signatures.failures(vectors, mutants, "draft")
differ = sorted(m for m in set(incremental) | set(full) if incremental.get(m) != full.get(m))
print(json.dumps({"mutants": len(full), "failing": sum(1 for v in full.values() if v),
                  "differ": differ}))
"""


def test_the_incremental_failures_of_a_decision_equal_the_full_derivation(
    installed_copy: Any,
) -> None:
    installed_copy.run(
        "-m", "oasis_si_conformance.editor", "ratify", "ECHO-LINE", "exact-substring",
        "--edition", "draft", "--date", "2026-12-01", "--no-derived", "--summary",
    )
    found = json.loads(installed_copy.run("-c", COMPARE).stdout.strip().splitlines()[-1])
    assert found["mutants"] > 100 and found["failing"] > 50, found
    assert found["differ"] == [], found
