"""CONTRIBUTING.md's editor recipes run as written, on a copy of the corpus, so the docs cannot
drift from the commands: the `oasis-si-vectors` lines of the "Ratifying an open question"
block (a decision into a new draft edition, a second decision into it, the editions listed),
a vector added by hand in the order "Adding a vector by hand" gives (scaffold, fill in,
manifest, check), and a proposal weighed with `--markdown`.

Each `oasis-si-vectors` line is taken from the document and run with `--root` on the copy (so
the checkout's derived files are not regenerated: the copy is another vectors folder, and the
command names what a checkout runs); the rules a copy can run pass after each recipe.
"""

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from oasis_si_conformance.corpus import corpus, editions, yamlsafe
from oasis_si_conformance.editing import checks

#: The slow tier (nox -s tests_slow): each ratification loads and rewrites the whole corpus.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
CONTRIBUTING = REPO / "CONTRIBUTING.md"
VECTORS = REPO / "vectors"
#: The rules a vectors folder outside the checkout can run (signatures are derived by the
#: checkout's tools; a ratified edition's are regenerated there).
RULES = [rule for rule in checks.RULES if rule != "signatures"]


def _section(title: str) -> str:
    text = CONTRIBUTING.read_text(encoding="utf-8")
    start = text.index(f"### {title}\n")
    end = text.find("\n### ", start + 1)
    return text[start : end if end != -1 else None]


def _commands(title: str) -> list[list[str]]:
    """The `oasis-si-vectors` command lines of the section's first sh block, continuation
    lines joined, comments and optional `[...]` parts dropped."""
    block = re.search(r"```sh\n(.*?)```", _section(title), re.S)
    assert block is not None, title
    joined = block[1].replace("\\\n", " ")
    lines = [line.split("  #")[0].strip() for line in joined.splitlines()]
    return [
        shlex.split(re.sub(r"\[[^\]]*\]", "", line))
        for line in lines
        if line.startswith("oasis-si-vectors ") and "--proposed" not in line
    ]


def _run(root: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    assert argv[0] == "oasis-si-vectors"
    command = [sys.executable, "-m", "oasis_si_conformance.editor", "--root", str(root)]
    return subprocess.run(
        [*command, *argv[1:]], capture_output=True, text=True, check=False, timeout=1800
    )


def _problems(root: Path, rules: list[str] = RULES) -> list[str]:
    return [str(p) for p in checks.check_context(checks.load_context(root), rules, checks.RULES)]


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "vectors"
    shutil.copytree(VECTORS, root)
    return root


def test_the_ratifying_recipe_runs_as_written(copy: Path) -> None:
    commands = _commands("Ratifying an open question")
    first = next(argv for argv in commands if argv[1] == "ratify")
    named = first[first.index("--edition") + 1]
    if named in {edition.name for edition in editions.load(copy)}:
        # An editor of this checkout ran the recipe already: its commands under a fresh name.
        commands = [[f"{named}-again" if w == named else w for w in argv] for argv in commands]
    ratified = [argv for argv in commands if argv[1] == "ratify"]
    assert len(ratified) == 2 and "--into" in ratified[1], commands
    listed = ""
    for argv in commands:
        done = _run(copy, argv)
        assert done.returncode == 0, (argv, done.stderr)
        if argv[1] == "editions":
            listed = done.stdout
    draft = ratified[1][ratified[1].index("--into") + 1]
    decided = {argv[2]: argv[3] for argv in ratified}
    [edition] = [e for e in editions.load(copy) if e.name == draft]
    assert dict(edition.decided) == decided
    words = ", ".join(f"{entry} as {reading}" for entry, reading in decided.items())
    assert f"  decides: {words}\n" in listed
    assert _problems(copy) == []


def test_a_vector_added_by_hand_in_the_documented_order_passes(copy: Path) -> None:
    section = _section("Adding a vector by hand")
    [scaffold] = _commands("Adding a vector by hand")
    assert "manifest" in section and "ledger" in section
    done = _run(copy, scaffold)
    assert done.returncode == 0, done.stderr
    path = copy / scaffold[2]
    document = yamlsafe.load(path.read_text(encoding="ascii"))
    [record] = document["vectors"]
    # step 2: fill in the input and the outcome (the stub's TODOs)
    document["description"] = "Identifier matching written by hand."
    record["input"] = {"text": "x\u00a0SMTP_PORT", "identifier": "SMTP_PORT"}
    record["expected"] = {"match": True}
    path.write_text(yamlsafe.dump(document), encoding="ascii")
    assert any("[manifest]" in problem for problem in _problems(copy, ["manifest"]))
    manifest = _run(copy, ["oasis-si-vectors", "manifest"])  # step 3
    assert manifest.returncode == 0, manifest.stderr
    assert _problems(copy) == []  # step 5 (the ledger, step 4, is a checkout's rule)
    assert record["id"] in {v.id for v in corpus.load_corpus(copy)}


def test_a_proposal_is_weighed_as_a_table(copy: Path, tmp_path: Path) -> None:
    text = _section("Editions of the text")
    block = re.search(r"cat > radius-two.yaml <<'YAML'\n(.*?)YAML\n", text, re.S)
    assert block is not None
    decision = tmp_path / "decision.yaml"
    base = yamlsafe.load(block[1])["base"]
    decision.write_text(f"name: ws-ascii\nbase: {base}\ndecides: {{SENT-WS: ascii}}\n")
    done = _run(
        copy, ["oasis-si-vectors", "diff-editions", base, "--proposed", str(decision), "--markdown"]
    )
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| `")]
    assert rows and all(line.count(" | ") == 2 for line in rows)
