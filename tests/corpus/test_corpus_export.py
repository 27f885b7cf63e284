"""`oasis-si-vectors export --format json DIR` (conformance/editing/export.py): the corpus as JSON
for test suites in other languages. The bundled corpus is exported through the command and held
to its schemas, to the loader's vectors and to MANIFEST.json; throw-away corpora show each
refusal."""

import hashlib
import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from corpus_helpers import VECTORS, TempCorpus, seed_vector, seed_vectors
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import corpus, yamlsafe
from oasis_si_conformance.editing import export
from oasis_si_conformance.editing.checks import Context


def run_export(root: Path, out: Path, *options: str) -> int:
    return editor.main(["--root", str(root), "export", *options, str(out)])


@pytest.fixture
def exported(bundled_export: Path) -> Path:
    """The bundled corpus exported once through the command (tests/conftest.py)."""
    return bundled_export


def read_json(path: Path) -> Any:
    return json.loads(path.read_bytes().decode("utf-8"))


def written_files(out: Path) -> dict[str, bytes]:
    return {
        path.relative_to(out).as_posix(): path.read_bytes()
        for path in sorted(out.rglob("*"))
        if path.is_file()
    }


def schema_registry(out: Path) -> Registry:
    """The export's own schemas (DIR/schemas), not the kit's: the export is self-contained."""
    resources = []
    for path in (out / "schemas").rglob("*.schema.json"):
        document = read_json(path)
        resources.append((document["$id"], Resource.from_contents(document)))
    return Registry().with_resources(resources)


def by_file(vectors: list[corpus.Vector]) -> dict[str, list[corpus.Vector]]:
    grouped: dict[str, list[corpus.Vector]] = {}
    for vector in vectors:
        grouped.setdefault(vector.source.rpartition(":")[0], []).append(vector)
    return grouped


# The bundled corpus -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.xdist_group("export")  # the session's one export of the bundled corpus
def test_every_file_validates_against_the_schema_the_index_names(exported: Path) -> None:
    registry = schema_registry(exported)
    index = read_json(exported / "index.json")
    index_schema = read_json(exported / "schemas/export-index.schema.json")
    assert not list(Draft202012Validator(index_schema, registry=registry).iter_errors(index))
    assert index["files"], "the index lists no file"
    for path, entry in index["files"].items():
        schema = read_json(exported / entry["schema"])
        errors = list(Draft202012Validator(schema, registry=registry).iter_errors(
            read_json(exported / path)
        ))
        assert not errors, f"{path}: {errors[0].message}"


@pytest.mark.slow
@pytest.mark.xdist_group("export")  # the session's one export of the bundled corpus
def test_every_vector_is_exported_with_the_loaders_counts(
    exported: Path, real_ctx: Context
) -> None:
    """Per file, the vectors written are the loader's, id for id and record for record; the
    index's counts are the loader's."""
    index = read_json(exported / "index.json")
    loaded = by_file(real_ctx.vectors)
    exported_ids: list[str] = []
    for source, vectors in loaded.items():
        path = source.removesuffix(".yaml") + ".json"
        document = read_json(exported / path)
        assert document == yamlsafe.load((VECTORS / source).read_text(encoding="ascii"))
        assert [v["id"] for v in document["vectors"]] == [v.id for v in vectors]
        counts = index["files"][path]["counts"]
        assert counts["vectors"] == len(vectors) == len(document["vectors"])
        assert counts["operations"] == dict(Counter(v.operation for v in vectors))
        assert counts["kinds"] == dict(Counter(str(v.kind) for v in vectors))
        assert index["files"][path]["family"] == vectors[0].family
        exported_ids += [v["id"] for v in document["vectors"]]
    assert sorted(exported_ids) == sorted(v.id for v in real_ctx.vectors)
    assert len(exported_ids) == index["counts"]["vectors"] == len(real_ctx.vectors) > 0
    operations = Counter(v.operation for v in real_ctx.vectors)
    assert index["counts"]["operations"] == dict(operations)


@pytest.mark.slow
@pytest.mark.xdist_group("export")  # the session's one export of the bundled corpus
def test_the_index_digests_are_manifest_json_s_and_the_written_files(exported: Path) -> None:
    """Sources: exactly MANIFEST.json's files and digests (run `oasis-si-vectors manifest`
    when this fails together with the `manifest` rule). Written: each file's own sha256; no
    file written that the index does not list."""
    index = read_json(exported / "index.json")
    manifest = corpus.read_manifest(VECTORS)
    sources = {entry["source"]: entry["source_sha256"] for entry in index["files"].values()}
    assert sources == manifest["files"]
    assert index["corpus_digest"] == manifest["corpus_digest"] and index["manifest_agrees"]
    written = written_files(exported)
    listed = {**{p: e["sha256"] for p, e in index["files"].items()}, **index["schemas"]}
    assert set(written) == {*listed, "index.json"}
    for path, digest in listed.items():
        assert hashlib.sha256(written[path]).hexdigest() == digest, path
    assert index["editions"]["names"][0] == index["editions"]["default"]


@pytest.mark.slow
@pytest.mark.xdist_group("export")  # the session's one export of the bundled corpus
def test_the_export_is_ascii_json_with_one_trailing_newline(exported: Path) -> None:
    for path, data in written_files(exported).items():
        if path.startswith("schemas/"):
            continue
        text = data.decode("ascii")
        assert text.endswith("}\n") and not text.endswith("\n\n"), path


@pytest.mark.slow
@pytest.mark.xdist_group("export")  # the session's one export of the bundled corpus
def test_an_export_is_byte_identical_run_twice(exported: Path, tmp_path: Path) -> None:
    """Into a new folder, and again over that folder (an earlier export is replaced)."""
    again = tmp_path / "again"
    assert run_export(VECTORS, again) == 0
    assert written_files(again) == written_files(exported)
    (again / "2.2-factor-identified").rename(again / "moved")  # an earlier export, disturbed
    shutil.rmtree(again / "moved")
    assert run_export(VECTORS, again) == 0
    assert written_files(again) == written_files(exported)


def _node() -> str:
    """Node's command, or skip (fail when OASIS_SI_REQUIRE_NODE=1, as in CI)."""
    node = shutil.which("node")
    if node is None:
        message = "node is not installed (Debian: apt-get install -y nodejs)"
        if os.environ.get("OASIS_SI_REQUIRE_NODE") == "1":
            pytest.fail(message + "; OASIS_SI_REQUIRE_NODE=1 requires it")
        pytest.skip(message)
    return node


@pytest.mark.slow
@pytest.mark.xdist_group("export")  # the session's one export of the bundled corpus
def test_a_javascript_reader_loads_the_export(exported: Path) -> None:
    """What README shows for JavaScript: every file parses and its sha256 is the index's."""
    node = _node()
    script = """
const fs = require("fs"), path = require("path"), crypto = require("crypto");
const dir = process.argv[1];
const index = JSON.parse(fs.readFileSync(path.join(dir, "index.json"), "utf8"));
let vectors = 0;
for (const [file, entry] of Object.entries(index.files)) {
  const bytes = fs.readFileSync(path.join(dir, file));
  if (crypto.createHash("sha256").update(bytes).digest("hex") !== entry.sha256) throw file;
  const document = JSON.parse(bytes.toString("utf8"));
  if (entry.counts) vectors += document.vectors.length;
}
console.log(vectors);
"""
    result = subprocess.run(
        [node, "-e", script, str(exported)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == read_json(exported / "index.json")["counts"]["vectors"]


# Refusals and edge cases -------------------------------------------------------------------


def test_a_format_other_than_json_is_refused(seeded: TempCorpus, tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as exit:
        run_export(seeded.root, tmp_path / "out", "--format", "yaml")
    assert exit.value.code == 2 and "invalid choice: 'yaml'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_folder_that_is_not_an_export_is_refused(
    seeded: TempCorpus, tmp_path: Path, capsys
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert run_export(seeded.root, out) == 2
    assert "not empty and not an earlier export (notes.txt" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    assert run_export(seeded.root, seeded.root / "json") == 2
    assert "inside the corpus folder" in capsys.readouterr().err


def test_a_small_corpus_is_exported_with_its_counts(
    seeded: TempCorpus, tmp_path: Path, capsys
) -> None:
    seeded.write_manifest()
    assert run_export(seeded.root, tmp_path / "out") == 0
    captured = capsys.readouterr()
    assert "wrote:" in captured.out and "warning" not in captured.err
    index = read_json(tmp_path / "out/index.json")
    entry = index["files"]["5.1-c-da-001/seed-examples.json"]
    assert entry["counts"]["vectors"] == len(seed_vectors()) == index["counts"]["vectors"]
    assert entry["family"] == "seed-examples" and entry["lone_surrogates"] == []
    assert index["manifest_agrees"] is True
    assert index["files"]["register.json"]["schema"] == "schemas/register.schema.json"
    catalog = yamlsafe.load((seeded.root / "editions.yaml").read_text(encoding="ascii"))
    names = [block["name"] for block in catalog["editions"]]
    assert len(names) > 1  # the seed's own edition first (the default), then the amended ones
    assert index["editions"] == {"default": "0.3.0-rc1", "names": names}


def test_a_stale_manifest_is_said_and_the_files_digests_recorded(
    seeded: TempCorpus, tmp_path: Path, capsys
) -> None:
    seeded.write_manifest()
    seeded.write("3.1/late.yaml", [dict(seed_vectors()[0], id="late")])
    assert run_export(seeded.root, tmp_path / "out") == 0
    assert "MANIFEST.json disagrees with the files" in capsys.readouterr().err
    index = read_json(tmp_path / "out/index.json")
    assert index["manifest_agrees"] is False
    late = (seeded.root / "3.1/late.yaml").read_bytes()
    assert index["files"]["3.1/late.json"]["source_sha256"] == hashlib.sha256(late).hexdigest()


def test_a_broken_vector_file_is_refused_at_its_line(
    seeded: TempCorpus, tmp_path: Path, capsys
) -> None:
    broken = dict(seed_vectors()[0], id="broken", operation="no_such_operation")
    seeded.write("3.1/broken.yaml", [broken])
    assert run_export(seeded.root, tmp_path / "out") == 2
    assert "3.1/broken.yaml:" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_key_json_cannot_hold_is_refused_not_converted(
    seeded: TempCorpus, tmp_path: Path, capsys
) -> None:
    """YAML `1: x` is an integer key; JSON would silently make it "1"."""
    vector = dict(seed_vector("seed-something-wrong-scores-half"), id="int-key")
    vector["input"]["scenario"]["labels"] = {1: "one"}
    seeded.write("3.1/keys.yaml", [vector])
    assert run_export(seeded.root, tmp_path / "out") == 2
    err = capsys.readouterr().err
    assert "3.1/keys.yaml: /vectors/0/input/scenario/labels: mapping key 1 is not a string" in err


def test_lone_surrogates_are_escaped_and_located() -> None:
    """A string UTF-8 cannot carry is written as a \\u escape (ASCII bytes) that reads back
    as the same string, and the index can point at it."""
    document = {"vectors": [{"input": {"text": "a\ud800b", "a/b~": ["ok", "\udfff"]}}]}
    data = export.encode(document)
    assert b"\\ud800" in data and data.decode("ascii")
    assert json.loads(data) == document
    assert list(export.lone_surrogates(document)) == [
        "/vectors/0/input/text",
        "/vectors/0/input/a~1b~0/1",
    ]
    with pytest.raises(export.ExportError, match="is not a JSON number"):
        list(export.lone_surrogates({"x": [float("nan")]}))


def test_a_javascript_reader_keeps_a_lone_surrogate(tmp_path: Path) -> None:
    node = _node()
    path = tmp_path / "s.json"
    path.write_bytes(export.encode({"text": "a\ud800b"}))
    script = (
        "const s = JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8')).text;"
        "console.log(s.length, s.charCodeAt(1).toString(16));"
    )
    result = subprocess.run([node, "-e", script, str(path)], capture_output=True, text=True)
    assert result.stdout.split() == ["3", "d800"], result.stderr


def test_schemas_path_names_the_folder_of_the_installed_schemas(capsys) -> None:
    assert editor.main(["schemas-path"]) == 0
    folder = Path(capsys.readouterr().out.strip())
    hello = json.loads((folder / "protocol" / "hello.schema.json").read_text(encoding="utf-8"))
    assert hello["$id"].endswith("hello.schema.json")
    assert (folder / "scenario.schema.json").is_file()


@pytest.mark.parametrize("source", ["schemas/vectors.yaml", "index.yaml"])
def test_a_file_whose_json_would_be_the_exports_own_is_refused(
    seeded: TempCorpus, tmp_path: Path, capsys, source: str
) -> None:
    seeded.write(source, [dict(seed_vectors()[0], id="clash")])
    assert run_export(seeded.root, tmp_path / "out") == 2
    assert "its JSON would be the export's own" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
