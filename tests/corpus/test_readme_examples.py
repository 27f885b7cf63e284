"""README.md's examples of reading the exported corpus run, under every edition of the text.

The Python example runs in this process (its `vectors()` against the export). The JavaScript
example (and the Go one, where a Go toolchain is on PATH) is taken from README.md
as written, given a `check` that compares the outcome the example picked for each vector with
the vector's expectation under the run's edition as the kit's loader reads it
(`corpus.Vector.for_edition`), and run with node:test (go test) against the bundled corpus
exported to a temporary folder. An example that ignores the vectors' `editions` blocks fails
under the amended edition, and so does this test (shown by running the example with its
edition lookup taken out).
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from oasis_si_conformance.corpus import corpus, editions

#: The slow tier (nox -s tests_slow): the README's JavaScript and Go loaders run over an export of
#: the whole corpus.
#: One worker exports the bundled corpus once for these and the export's own tests.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("export")]

README = Path(__file__).resolve().parents[2] / "README.md"
EDITIONS = [edition.name for edition in editions.load(corpus.vectors_root())]
AMENDED = "0.3.0-rc1+2026-08-22"

JS_CHECK = """
import assert from "node:assert/strict";
import { readFileSync as readWanted } from "node:fs";
function check(v, outcome) {
  check.wanted ??= JSON.parse(readWanted(process.env.OASIS_WANTED, "utf8"));
  const picked = {expected: outcome.expected ?? null, ambiguity: outcome.ambiguity ?? null,
                  readings: outcome.readings ?? null};
  assert.deepStrictEqual(picked, check.wanted[v.id]);
}
"""

GO_CHECK = """
type wantedOutcome struct {
    Expected  map[string]any
    Ambiguity string
    Readings  map[string]map[string]any
}

var wanted = sync.OnceValue(func() map[string]wantedOutcome {
    var all map[string]wantedOutcome
    data, _ := os.ReadFile(os.Getenv("OASIS_WANTED"))
    if err := json.Unmarshal(data, &all); err != nil { panic(err) }
    return all
})

func check(t *testing.T, v Vector, outcome Outcome) {
    w := wanted()[v.ID]
    if !reflect.DeepEqual(w.Expected, outcome.Expected) || w.Ambiguity != outcome.Ambiguity ||
        !reflect.DeepEqual(w.Readings, outcome.Readings) {
        t.Fatalf("picked %v, the corpus says %v", outcome, w)
    }
}
"""


def block(language: str) -> str:
    """The one code block of `language` in README.md."""
    blocks = re.findall(rf"^```{language}\n(.*?)^```", README.read_text("utf-8"), re.M | re.S)
    assert len(blocks) == 1, f"README.md has {len(blocks)} {language} blocks"
    return str(blocks[0])


@pytest.fixture(scope="module")
def exported(
    tmp_path_factory: pytest.TempPathFactory, bundled_vectors: list[corpus.Vector],
    bundled_export: Path,
) -> Path:
    """The bundled corpus exported as JSON (the session's export, as `oasis/`), and each
    edition's expectations by vector id."""
    root = tmp_path_factory.mktemp("export")
    (root / "oasis").symlink_to(bundled_export, target_is_directory=True)
    vectors = bundled_vectors
    for name in EDITIONS:
        wanted = {v.id: _expectation(v.for_edition(name)) for v in vectors}
        (root / f"wanted-{name}.json").write_text(json.dumps(wanted), encoding="utf-8")
    return root


def _expectation(vector: corpus.Vector) -> dict[str, Any]:
    return {"expected": vector.expected, "ambiguity": vector.ambiguity, "readings": vector.readings}


def _run_js(source: str, root: Path, edition: str, tmp_path: Path) -> subprocess.CompletedProcess:
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "oasis").symlink_to(root / "oasis")
    script = tmp_path / "vectors.test.mjs"
    script.write_text(source + JS_CHECK, encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "OASIS_EDITION": edition,
           "OASIS_WANTED": str(root / f"wanted-{edition}.json")}
    return subprocess.run(
        ["node", "--test-reporter=tap", script.name], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=600, check=False,
    )


def _counts(tap: str) -> tuple[int, int]:
    passed = re.search(r"^# pass (\d+)$", tap, re.M)
    failed = re.search(r"^# fail (\d+)$", tap, re.M)
    assert passed and failed, tap[-2000:]
    return int(passed[1]), int(failed[1])


@pytest.fixture(autouse=True)
def node_in_ci(request: pytest.FixtureRequest) -> None:
    """In CI (CI=true) a missing node fails the JavaScript tests instead of skipping them."""
    if "javascript" in request.node.name and shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not installed: the README's JavaScript example cannot run")
        pytest.skip("node is not installed")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_javascript_example_reads_every_vector_under_each_edition(
    exported: Path, edition: str, tmp_path: Path
) -> None:
    done = _run_js(block("js"), exported, edition, tmp_path)
    passed, failed = _counts(done.stdout)
    assert done.returncode == 0 and failed == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert passed == len(json.loads((exported / f"wanted-{edition}.json").read_text()))


def test_the_javascript_example_without_its_edition_lookup_fails_under_the_amendment(
    exported: Path, tmp_path: Path
) -> None:
    source = block("js")
    lookup = "v.editions?.[edition] ?? v"
    assert lookup in source
    done = _run_js(source.replace(lookup, "v"), exported, AMENDED, tmp_path)
    _, failed = _counts(done.stdout)
    assert done.returncode != 0 and failed > 100, done.stdout[-2000:]


@pytest.mark.skipif(shutil.which("go") is None, reason="no Go toolchain on PATH")
@pytest.mark.parametrize("edition", EDITIONS)
def test_the_go_example_reads_every_vector_under_each_edition(
    exported: Path, edition: str, tmp_path: Path
) -> None:
    (tmp_path / "testdata").mkdir()
    (tmp_path / "testdata" / "oasis").symlink_to(exported / "oasis")
    (tmp_path / "go.mod").write_text("module example\n\ngo 1.21\n", encoding="utf-8")
    source = block("go").replace(
        "edition := index.Editions.Default", 'edition := os.Getenv("OASIS_EDITION")'
    )
    header = (
        'package example\n\nimport (\n\t"encoding/json"\n\t"os"\n\t"path/filepath"\n'
        '\t"reflect"\n\t"sync"\n\t"testing"\n)\n\n'
    )
    (tmp_path / "vectors_test.go").write_text(header + source + GO_CHECK, encoding="utf-8")
    env = {**os.environ, "GOTOOLCHAIN": "local", "GOFLAGS": "", "OASIS_EDITION": edition,
           "OASIS_WANTED": str(exported / f"wanted-{edition}.json")}
    done = subprocess.run(
        ["go", "test", "-timeout", "20m", "./..."], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=900, check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]


def _python_example(edition: str, root: Path) -> dict[str, Any]:
    """The README's Python loader, as written but for its folder, run for `edition`: its
    `vectors()` as vector id -> the outcome it picked."""
    source = block("python").replace('Path("tests/oasis")', f"Path({str(root / 'oasis')!r})")
    namespace: dict[str, Any] = {}
    previous = os.environ.get("OASIS_EDITION")
    os.environ["OASIS_EDITION"] = edition
    try:
        exec(compile(source, "README.md (python)", "exec"), namespace)
    finally:
        if previous is None:
            del os.environ["OASIS_EDITION"]
        else:
            os.environ["OASIS_EDITION"] = previous
    picked = {}
    for param in namespace["vectors"]():
        vector, outcome = param.values
        picked[vector["id"]] = {
            "expected": outcome.get("expected"),
            "ambiguity": outcome.get("ambiguity"),
            "readings": outcome.get("readings"),
        }
    return picked


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_python_example_reads_every_vector_under_each_edition(
    exported: Path, edition: str
) -> None:
    wanted = json.loads((exported / f"wanted-{edition}.json").read_text())
    assert _python_example(edition, exported) == wanted
