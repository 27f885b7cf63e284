"""Shipped code imports nothing unshipped: `tools/` is the repository's, not the
wheel's. Each test runs in a fresh interpreter, outside the checkout, where importing `tools`
fails as it does from an installed wheel, and reports any `tools` module that got loaded."""

import subprocess
import sys
from pathlib import Path

import pytest
from corpus_helpers import TempCorpus

_TOOLS_UNIMPORTABLE = """
import importlib.abc, sys

class NotShipped(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "tools" or name.startswith("tools."):
            raise ModuleNotFoundError(f"No module named {name!r} (not shipped)")
        return None

sys.meta_path.insert(0, NotShipped())
"""

_REPORT_LEAKS_AND_EXIT = """
leaked = sorted(m for m in sys.modules if m == "tools" or m.startswith("tools."))
print("tools modules loaded:", leaked, file=sys.stderr)
sys.exit(exit_code)
"""


def _run(body: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`body` (which sets `exit_code`) in a fresh interpreter where `tools` cannot be
    imported; it reports the `tools` modules loaded, then exits with `exit_code`."""
    return subprocess.run(
        [sys.executable, "-c", _TOOLS_UNIMPORTABLE + body + _REPORT_LEAKS_AND_EXIT, *args],
        cwd=cwd, capture_output=True, text=True, timeout=300, check=False,
    )


def _editor(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`oasis-si-vectors ARGS` where `tools` cannot be imported."""
    body = "from oasis_si_conformance import editor\nexit_code = editor.main(sys.argv[1:])\n"
    return _run(body, *args, cwd=cwd)


def _clean(result: subprocess.CompletedProcess[str]) -> bool:
    return "tools modules loaded: []" in result.stderr and "Traceback" not in result.stderr


def test_every_shipped_module_imports_without_tools(tmp_path):
    code = """
import importlib, pkgutil
for package in ("oasis_si_conformance", "oasis_si_reference", "oasis_si_schemas"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
exit_code = 0
"""
    result = _run(code, cwd=tmp_path)
    assert result.returncode == 0 and _clean(result), result.stderr


def test_the_tools_are_really_unimportable_there(tmp_path):
    """The harness is not vacuous: importing tools fails in it."""
    result = _run("import tools.corpusrules\nexit_code = 0\n", cwd=tmp_path)
    assert result.returncode != 0 and "not shipped" in result.stderr


def test_oasis_si_vectors_checks_the_bundled_corpus_without_tools(tmp_path):
    """`oasis-si-vectors check` on the bundled corpus passes every shipped rule."""
    result = _editor("check", cwd=tmp_path)
    assert result.returncode == 0 and _clean(result), result.stdout + result.stderr


@pytest.mark.slow
def test_oasis_si_vectors_manifest_explain_and_export_without_tools(tmp_path):
    corpus = TempCorpus(tmp_path / "vectors")
    vector = {
        "id": "v-one", "clauses": ["3.1"], "operation": "identifier_match", "description": "d",
        "input": {"text": "smtp_port", "identifier": "SMTP_PORT"}, "expected": {"match": True},
    }
    corpus.write("3.1/a.yaml", [vector])
    manifest = _editor("--root", str(corpus.root), "manifest", cwd=tmp_path)
    assert manifest.returncode == 0 and _clean(manifest), manifest.stderr
    assert "MANIFEST.json" in manifest.stdout and not (tmp_path / "SPEC_MAP.md").exists()
    explain = _editor("--root", str(corpus.root), "explain", "v-one", cwd=tmp_path)
    assert explain.returncode == 0 and _clean(explain), explain.stderr
    export = _editor("--root", str(corpus.root), "export", str(tmp_path / "json"), cwd=tmp_path)
    assert export.returncode == 0 and _clean(export), export.stderr
    assert (tmp_path / "json" / "3.1" / "a.json").is_file()
    check = _editor("--root", str(corpus.root), "check", "--rule", "reference", cwd=tmp_path)
    assert check.returncode == 0 and _clean(check), check.stderr
