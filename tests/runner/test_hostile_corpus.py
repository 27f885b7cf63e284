"""Bad corpora are refused with file:line and exit status 2, never a traceback, in bounded
time and memory: an alias bomb, nesting too deep, tags outside the YAML 1.2 core schema,
duplicate keys, an oversized file, bytes that are not ASCII, duplicate vector ids, symbolic
links out of the corpus (whose target is never shown), FIFOs (never waited on), and file
names that are not UTF-8 or hold control characters (shown escaped, never raw). The runner,
`export` and `check` alike."""

import os
import resource
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from runner_helpers import CORPUS

from oasis_si_conformance import editor
from oasis_si_conformance.corpus import corpus, yamlsafe

FAMILY = "runner-fixture/identifiers.yaml"
SECRET = "TOP-SECRET-CONTENT-OF-AN-OUTSIDE-FILE"
#: The bounds every refusal must keep (the issue's: 10 s, 500 MB).
SECONDS, MEMORY = 10.0, 500 * 1024 * 1024

VECTOR = """\
  - id: {vid}
    clauses: ["3.1"]
    operation: identifier_match
    description: a fixture vector.
    input: {{text: "SMTP_PORT", identifier: "SMTP_PORT"}}
    expected: {{match: true}}
"""


def family(body: str, name: str = "bad") -> str:
    return f"format: 1\nfamily: {name}\ndescription: a bad corpus.\nvectors:\n{body}"


def alias_bomb() -> str:
    """Nine levels of nine aliases: 9**9 strings once expanded, in under 1 KB."""
    lines = ['x0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, 10):
        refs = ", ".join([f"*a{level - 1}"] * 9)
        lines.append(f"x{level}: &a{level} [{refs}]")
    return "\n".join(lines) + "\n"


def deep(depth: int) -> str:
    return family(VECTOR.format(vid="rt-deep").replace("{match: true}", "[" * depth + "]" * depth))


def _bomb(root: Path) -> tuple[str, int]:
    text = family(VECTOR.format(vid="rt-bomb")) + alias_bomb()
    (root / "bomb.yaml").write_text(text)
    return "bomb.yaml", 16  # where the expansion passes MAX_NODES


def _deep(root: Path) -> tuple[str, int]:
    (root / "deep.yaml").write_text(deep(990))
    return "deep.yaml", 10


def _binary(root: Path) -> tuple[str, int]:
    body = VECTOR.format(vid="rt-binary").replace('"SMTP_PORT", id', "!!binary U01UUA==, id")
    (root / "binary.yaml").write_text(family(body))
    return "binary.yaml", 9


def _python_tag(root: Path) -> tuple[str, int]:
    body = VECTOR.format(vid="rt-py") + "    probe: !!python/object/apply:os.system [echo]\n"
    (root / "python.yaml").write_text(family(body))
    return "python.yaml", 11


def _duplicate_key(root: Path) -> tuple[str, int]:
    body = VECTOR.format(vid="rt-dupkey") + "    expected: {match: false}\n"
    (root / "dupkey.yaml").write_text(family(body))
    return "dupkey.yaml", 11


def _oversized(root: Path) -> tuple[str, int]:
    padding = "# " + "x" * 1000 + "\n"
    text = family(VECTOR.format(vid="rt-big")) + padding * (yamlsafe.MAX_BYTES // 1000 + 1)
    (root / "big.yaml").write_text(text)
    return "big.yaml", 1


def _not_ascii(root: Path) -> tuple[str, int]:
    data = family(VECTOR.format(vid="rt-latin1")).encode().replace(b"a fixture", b"\xe9 fixture")
    (root / "latin1.yaml").write_bytes(data)
    return "latin1.yaml", 8


def _duplicate_id(root: Path) -> tuple[str, int]:
    (root / "dupid.yaml").write_text(family(VECTOR.format(vid="rt-ident-plain")))
    return "runner-fixture/identifiers.yaml", 29  # the second of the two, in file order


def _link_out(root: Path) -> tuple[str, int]:
    outside = root.parent / "outside.yaml"
    outside.write_text(f"{SECRET}: [\n")
    (root / "linked.yaml").symlink_to(outside)
    return "linked.yaml", 1


def _folder_link_out(root: Path) -> tuple[str, int]:
    outside = root.parent / "outside-folder"
    outside.mkdir()
    (outside / "secret.yaml").write_text(f"{SECRET}: [\n")
    (root / "linked-folder").symlink_to(outside)
    return "linked-folder", 1


def _catalog_duplicate_key(root: Path) -> tuple[str, int]:
    text = (root / "clauses.yaml").read_text()
    (root / "clauses.yaml").write_text(text + "clauses: []\n")
    return "clauses.yaml", text.count("\n") + 1


def _catalog_bomb(root: Path) -> tuple[str, int]:
    (root / "register.yaml").write_text("entries: []\n" + alias_bomb())
    return "register.yaml", 7


def _fifo(name: str) -> Callable[[Path], tuple[str, int]]:
    """A FIFO in the corpus folder (nobody writes it: reading it would wait forever)."""

    def plant(root: Path) -> tuple[str, int]:
        (root / name).unlink(missing_ok=True)
        os.mkfifo(root / name)
        return name, 1

    return plant


def _not_utf8_name(root: Path) -> tuple[str, int]:
    body = family(VECTOR.format(vid="rt-latin1-name"))
    (root / "runner-fixture" / os.fsdecode(b"caf\xe9.yaml")).write_text(body)
    return "runner-fixture/caf\\xe9.yaml", 1


def _control_name(root: Path) -> tuple[str, int]:
    """A name that would ring, colour the terminal and forge a line of its own."""
    name = "id\x1b[32m\x07\nCONFORMANT for score_scenario.yaml"
    (root / "runner-fixture" / "identifiers.yaml").rename(root / "runner-fixture" / name)
    return "runner-fixture/id\\x1b[32m\\x07\\nCONFORMANT for score_scenario.yaml", 1


BAD: dict[str, Callable[[Path], tuple[str, int]]] = {
    "alias-bomb": _bomb,
    "nesting-990": _deep,
    "binary-tag": _binary,
    "python-tag": _python_tag,
    "duplicate-key": _duplicate_key,
    "oversized": _oversized,
    "not-ascii": _not_ascii,
    "duplicate-id": _duplicate_id,
    "link-out": _link_out,
    "folder-link-out": _folder_link_out,
    "catalog-duplicate-key": _catalog_duplicate_key,
    "catalog-alias-bomb": _catalog_bomb,
    "fifo-vector-file": _fifo("fifo.yaml"),
    "fifo-catalog": _fifo("clauses.yaml"),
    "fifo-other-file": _fifo("notes"),
    "name-not-utf8": _not_utf8_name,
    "name-with-controls": _control_name,
}


@pytest.fixture
def bad_corpus(tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Path, str]:
    """A copy of the runner's fixture corpus with one bad file; (root, expected `file:line`)."""
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS, root)
    for name in ("editions.yaml", "conventions.yaml"):  # export reads them from the corpus
        shutil.copy(corpus.vectors_root() / name, root / name)
    where, line = BAD[request.param](root)
    return root, f"{where}:{line}"


def _limited() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """A CLI in a child process held to MEMORY of address space; (result, seconds)."""
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited,
        env={**os.environ, "OASIS_SI_CACHE": os.environ.get("OASIS_SI_CACHE", "")},
    )
    return result, time.monotonic() - started


def _assert_refused(result: subprocess.CompletedProcess[str], seconds: float, where: str) -> None:
    assert result.returncode == 2, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    assert where in result.stderr, result.stderr[-2000:]
    assert SECRET not in result.stderr + result.stdout
    _assert_shown_safely(result.stdout + result.stderr)
    assert seconds < SECONDS


def _assert_shown_safely(shown: str) -> None:
    """Nothing a file's name holds reaches the terminal raw: no control character, and no
    line a name could forge."""
    assert not any(char in shown for char in "\x1b\x07"), shown[-2000:]
    assert not any(line.startswith("CONFORMANT") for line in shown.splitlines())


@pytest.mark.parametrize("bad_corpus", sorted(BAD), indirect=True)
def test_the_runner_refuses_a_bad_corpus_with_file_and_line(bad_corpus) -> None:
    root, where = bad_corpus
    result, seconds = _run(
        "-m", "oasis_si_conformance", "--no-cache", "--timeout", "5", "--vectors", str(root)
    )
    _assert_refused(result, seconds, where)


@pytest.mark.parametrize("bad_corpus", sorted(BAD), indirect=True)
def test_export_refuses_a_bad_corpus_with_file_and_line(bad_corpus, tmp_path: Path) -> None:
    root, where = bad_corpus
    out = tmp_path / "export"
    code = "import sys; from oasis_si_conformance.editor import main; sys.exit(main())"
    result, seconds = _run("-c", code, "--root", str(root), "export", str(out))
    _assert_refused(result, seconds, where)
    assert not out.exists()


@pytest.mark.parametrize("bad_corpus", sorted(BAD), indirect=True)
def test_check_reports_a_bad_corpus_with_file_and_line(bad_corpus, capsys) -> None:
    root, where = bad_corpus
    started = time.monotonic()
    code = editor.main(["--root", str(root), "check"])
    captured = capsys.readouterr()
    assert code in (1, 2)  # problems found (1), or the corpus refused as a whole (2)
    assert where.split(":")[0] in captured.out + captured.err
    assert SECRET not in captured.out + captured.err
    _assert_shown_safely(captured.out + captured.err)
    assert time.monotonic() - started < SECONDS


def test_the_bundled_corpus_keeps_well_inside_the_limits() -> None:
    """The limits refuse no file of the corpus (each file is screened as the loader reads
    it), and the largest file is far below MAX_BYTES."""
    root = corpus.vectors_root()
    sizes = [path.stat().st_size for path in corpus.yaml_files(root)]
    assert sizes and max(sizes) < yamlsafe.MAX_BYTES // 4
    for path in corpus.yaml_files(root):
        yamlsafe.screen(path.read_text(encoding="utf-8"))


def test_a_yaml_syntax_error_is_refused_at_the_line_yaml_names(tmp_path: Path) -> None:
    root = tmp_path / "vectors"
    (root / "f").mkdir(parents=True)
    text = "format: 1\nfamily: x\nvectors:\n  - id: a\n    clauses: [3.1\n"
    (root / "f" / "bad.yaml").write_text(text, encoding="ascii")
    with pytest.raises(corpus.CorpusError, match=r"^f/bad\.yaml:6: not valid YAML"):
        corpus.load_corpus(root)


def test_a_device_is_named_as_one() -> None:
    assert corpus._kind(Path("/dev/null")) == "a device"
    assert corpus._kind(Path("/")) is None  # a folder is read as a folder


def test_nesting_is_refused_one_level_past_the_limit_not_at_it() -> None:
    deepest = "[" * yamlsafe.MAX_DEPTH + "]" * yamlsafe.MAX_DEPTH
    assert yamlsafe.load_with_tree(deepest)[0] is not None
    with pytest.raises(yamlsafe.Refused, match=f"nested more than {yamlsafe.MAX_DEPTH} deep"):
        yamlsafe.load_with_tree(f"[{deepest}]")


@pytest.mark.parametrize("text", ["a: !!int abc", "a: !!float x1", "a: !!bool yes"])
def test_a_value_its_core_schema_tag_does_not_allow_is_refused(text: str) -> None:
    with pytest.raises(yamlsafe.Refused, match="is not a value of tag"):
        yamlsafe.load_with_tree(text)
