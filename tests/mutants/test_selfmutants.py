"""The kit's own mutation tester (tools/selfmutants): its operators make the change they name,
its ids survive edits elsewhere, a mutated copy is what the tests import, and its lists
(targets.yaml, equivalent.yaml) name modules, tests and mutants that exist.

Expected sources are written out literally here, never produced by the mutator under test.
"""

import ast
import json
import os
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools.selfmutants import equivalent, targets
from tools.selfmutants.__main__ import main
from tools.selfmutants.failures import ENVIRONMENT
from tools.selfmutants.operators import OPERATORS, mutants
from tools.selfmutants.run import ROOT, import_name, run

SOURCE = textwrap.dedent(
    '''\
    LIMIT = 3


    def check(items, name=None):
        """A docstring is never mutated."""
        if not items:
            return 0
        if len(items) > 2 and name in items:
            return 1
        return all(item == "x" for item in items)
    '''
)


def _normal(code: str) -> str:
    """Source as ast.unparse writes it: the form Mutant.apply returns."""
    return ast.unparse(ast.parse(textwrap.dedent(code)))


#: (line, operator, change) of a mutant -> the text of SOURCE it replaces, and with what.
EXPECTED_EDITS = {
    (6, "drop_guard", "guard `if ...: raise/return` deleted"): (
        "if not items:\n        return 0", "pass"
    ),
    (6, "not", "not X -> X"): ("if not items:", "if items:"),
    (8, "boolop", "and -> or"): ("> 2 and name", "> 2 or name"),
    (8, "compare", "> -> <="): ("len(items) > 2", "len(items) <= 2"),
    (8, "off_by_one", "2 -> 3"): ("len(items) > 2", "len(items) > 3"),
    (8, "compare", "in -> not in"): ("name in items", "name not in items"),
    (10, "any_all", "all -> any"): ("return all(", "return any("),
    (10, "compare", "== -> !="): ('item == "x"', 'item != "x"'),
}


def test_each_operator_makes_the_change_it_names() -> None:
    found = {(m.lineno, m.operator, m.change): m for m in mutants("pkg/mod.py", SOURCE)}
    for key, (old, new) in EXPECTED_EDITS.items():
        assert key in found, f"no {key} mutant among {sorted(found)}"
        assert SOURCE.count(old) == 1, old
        assert found[key].apply(SOURCE) == _normal(SOURCE.replace(old, new)), key
    operators = {m.operator for m in mutants("pkg/mod.py", SOURCE)}
    assert operators == set(OPERATORS)


def test_module_level_code_defaults_and_docstrings_are_not_mutated() -> None:
    lines = {m.line for m in mutants("pkg/mod.py", SOURCE)}
    assert "LIMIT = 3" not in lines  # a module-level constant
    assert "def check(items, name=None):" not in lines  # a default value
    assert all("docstring" not in line for line in lines)


def test_ids_survive_edits_elsewhere_in_the_module() -> None:
    edited = "import os\n\n\ndef other(value):\n    return value == 1\n\n\n" + SOURCE
    before = {m.id for m in mutants("pkg/mod.py", SOURCE)}
    after = {m.id for m in mutants("pkg/mod.py", edited) if m.function == "check"}
    assert before == after and len(before) == 14


def test_the_same_line_twice_gives_two_ids() -> None:
    source = "def f(a, b):\n    if a == 1:\n        return 0\n    if a == 1:\n        return 0\n"
    ids = [m.id for m in mutants("pkg/mod.py", source) if m.operator == "compare"]
    assert len(ids) == 2 and len(set(ids)) == 2


def test_a_folder_maps_to_its_installed_package_name() -> None:
    assert import_name("conformance/running/protocol.py") == (
        "oasis_si_conformance",
        Path("running/protocol.py"),
    )
    assert import_name("reference/text.py") == ("oasis_si_reference", Path("text.py"))
    with pytest.raises(ValueError, match="none of the packages"):
        import_name("nowhere/module.py")


SYNONYMS_TEST = """\
from oasis_si_reference.synonyms import synonym_matches

def test_a_listed_synonym_is_found():
    assert synonym_matches("the key is missing here", "absent_key")
"""


def _copy_test(tmp_path: Path) -> str:
    test = tmp_path / "test_copy.py"
    test.write_text(SYNONYMS_TEST, encoding="utf-8")
    return str(test)


@pytest.mark.slow
def test_the_tests_run_against_the_mutated_copy_not_the_checkout(tmp_path: Path) -> None:
    module = "reference/synonyms.py"
    source = (ROOT / module).read_text(encoding="utf-8")
    tests = [_copy_test(tmp_path), "--rootdir", str(tmp_path)]
    unmutated = run(module, source, tests, timeout=120, mutant=None)
    assert unmutated.status == "survived", unmutated.tail
    blind = source + "\n\ndef synonym_matches(*args, **kwargs):\n    return False\n"
    mutated = run(module, blind, tests, timeout=120, mutant=None)
    assert mutated.status == "killed", mutated.tail
    assert (ROOT / module).read_text(encoding="utf-8") == source  # the checkout is untouched


@pytest.mark.slow
def test_a_survivor_not_listed_fails_the_run_and_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A test that reads nothing kills nothing: every mutant run survives, the exit is 1."""
    idle = tmp_path / "test_idle.py"
    idle.write_text("def test_nothing():\n    assert True\n", encoding="utf-8")
    config = {"reference/synonyms.py": {"tests": [str(idle), "--rootdir", str(tmp_path)]}}
    monkeypatch.setattr("tools.selfmutants.__main__.targets", lambda: config)
    monkeypatch.setattr("tools.selfmutants.__main__.equivalent", lambda: {})
    assert main(["--sample", "1", "--jobs", "1"]) == 1
    printed = capsys.readouterr().out
    assert "SURVIVED reference/synonyms.py:" in printed
    summary = "1 mutants, 0 killed (0 by timeout, 0 by text only), 0 equivalent, 1 surviving"
    assert summary in printed


def test_every_target_module_and_test_file_exists() -> None:
    config = targets()
    assert len(config) >= 10
    for module, entry in config.items():
        assert (ROOT / module).is_file(), module
        for argument in entry["tests"]:
            path = argument.split("::")[0]
            if not path.startswith("-") and path.endswith(".py"):
                assert (ROOT / path).is_file(), f"{module}: {shlex.quote(argument)}"
        assert set(entry) <= {"tests", "sample"}, module


def test_every_module_of_the_shipped_packages_is_a_target() -> None:
    """A module added to conformance/, reference/ or schemas/ is mutated too: it is listed
    with the tests that should notice its slips."""
    shipped = {
        path.relative_to(ROOT).as_posix()
        for folder in ("conformance", "reference", "schemas")
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert len(shipped) >= 100
    assert sorted(shipped - set(targets())) == []


def test_every_listed_equivalent_is_a_mutant_of_a_target_with_a_reason() -> None:
    """An id left behind by an edit is stale: the mutant it excused no longer exists."""
    listed = equivalent()
    assert listed
    config = targets()
    ids: set[str] = set()
    for module in config:
        ids |= {m.id for m in mutants(module, (ROOT / module).read_text(encoding="utf-8"))}
    stale = sorted(ident for ident in listed if ident not in ids)
    assert stale == [], "equivalent.yaml lists ids that are no longer mutants"
    assert all(len(reason.split()) >= 8 for reason in listed.values())


KINDS_OF_FAILURE = '''\
import pytest

def test_message_compared():
    assert "the key is missing" == "the key is absent"

def test_prose_searched():
    assert "no such vector" in "1 vector failed"

def test_message_matched():
    with pytest.raises(ValueError, match="expected words"):
        raise ValueError("other words")

def test_single_words_compared():
    assert "fail" == "pass"

def test_a_cut_value_compared_with_prose():
    assert "y" * 12 == "y" * 10 + "... [2 more characters]"

def test_a_word_searched():
    assert "fail" in "3 vectors passed"

def test_numbers_compared():
    assert 1 == 2

def test_mapping_compared():
    assert {"verdict": "fail"} == {"verdict": "pass"}

def test_truth_asserted():
    assert "abc".startswith("x")

def test_code_raised():
    {}["missing"]

def test_passes():
    assert "same words" == "same words"
'''


def test_each_failure_is_told_as_on_text_or_on_behaviour(tmp_path: Path) -> None:
    """The plugin the mutant runs load: prose compared with prose, a phrase searched, or a
    raised message not matching, is text; values, single words, a cut value compared with its
    prose form, truth values and exceptions are behaviour."""
    tests = tmp_path / "test_kinds.py"
    tests.write_text(KINDS_OF_FAILURE, encoding="utf-8")
    written = tmp_path / "failures.jsonl"
    env = {**os.environ, ENVIRONMENT: str(written)}
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
         "tools.selfmutants.failures", str(tests), "--rootdir", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, check=False, timeout=120,
    )
    kinds = {
        json.loads(line)["test"].split("::")[-1]: json.loads(line)["kind"]
        for line in written.read_text(encoding="utf-8").splitlines()
    }
    assert kinds == {
        "test_message_compared": "text",
        "test_prose_searched": "text",
        "test_message_matched": "text",
        "test_single_words_compared": "behaviour",
        "test_a_cut_value_compared_with_prose": "behaviour",
        "test_a_word_searched": "behaviour",
        "test_numbers_compared": "behaviour",
        "test_mapping_compared": "behaviour",
        "test_truth_asserted": "behaviour",
        "test_code_raised": "behaviour",
    }


@pytest.mark.slow
def test_a_mutant_is_killed_by_text_only_when_no_test_fails_on_behaviour(tmp_path: Path) -> None:
    """-x stops at the first failure; when that one is on text, every test runs again, and a
    later failure on behaviour makes the kill a kill by behaviour."""
    module = "reference/synonyms.py"
    source = (ROOT / module).read_text(encoding="utf-8")
    text_first = 'def test_a():\n    assert "a message" == "another message"\n'
    then_behaviour = text_first + "\ndef test_b():\n    assert 1 == 2\n"
    outcomes = {}
    for name, body in (("text", text_first), ("both", then_behaviour)):
        test = tmp_path / f"test_{name}.py"
        test.write_text(body, encoding="utf-8")
        outcomes[name] = run(module, source, [str(test), "--rootdir", str(tmp_path)],
                             timeout=120, mutant=None)
    assert outcomes["text"].status == "killed" and outcomes["text"].by_text_only
    assert outcomes["both"].status == "killed" and not outcomes["both"].by_text_only


@pytest.mark.slow
def test_a_mutant_run_past_its_limit_is_run_again_before_it_counts_as_killed(
    tmp_path: Path,
) -> None:
    """A busy machine can slow a run past its limit: the second run, given twice as long,
    decides. Here the first run stalls (as under load) and the second does not."""
    module = "reference/synonyms.py"
    source = (ROOT / module).read_text(encoding="utf-8")
    marker = tmp_path / "ran-once"
    test = tmp_path / "test_stalls_once.py"
    test.write_text(
        "import pathlib, time\n\n"
        "def test_stalls_the_first_time():\n"
        f"    marker = pathlib.Path({str(marker)!r})\n"
        "    if not marker.exists():\n"
        "        marker.touch()\n"
        "        time.sleep(60)\n",
        encoding="utf-8",
    )
    mutant = mutants(module, source)[0]
    outcome = run(module, source, [str(test), "--rootdir", str(tmp_path)], timeout=8,
                  mutant=mutant)
    assert marker.exists() and outcome.status == "survived", outcome.tail
