"""The spec editor's loops, each as its command runs (a subprocess, the checkout's corpus): wall
time and CPU time (user + system of the command and its children). Prints; asserts nothing.

Every figure is taken with a cache folder of its own (OASIS_SI_CACHE), so "first" is a run
with nothing cached (what every run cost before the caches), "again" the same command with
its inputs unchanged, and "edited" `oasis-si-vectors check PATH` on a copy of the corpus in
which one vector file was just changed (the rest cached). The targets, on 2 cores: check PATH
under 2 s, check under 5 s, `python -m tools.check` under 30 s, vectorgen and signatures
under 30 s each when their inputs did not change.

OASIS_LOOPS_BENCH_QUICK=1 times the check loops only (vectorgen, signatures and tools.check
run first with nothing cached: minutes each).
"""

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from oasis_si_conformance.corpus import corpus

REPO = Path(__file__).resolve().parents[2]
EDITED = "3.2-sentence-splitting/sent-ws-probes.yaml"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(label: str, argv: list[str], cache: Path) -> None:
    """Run `argv` from the checkout with `cache` as its cache folder; print its figures."""
    environment = {**os.environ, "OASIS_SI_CACHE": str(cache)}
    wall, cpu = time.perf_counter(), _cpu()
    done = subprocess.run(
        argv, cwd=REPO, env=environment, capture_output=True, text=True, check=False
    )
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    print(f"  {label:<46} {wall:7.1f} s wall {cpu:7.1f} s CPU  exit {done.returncode}", flush=True)


def _python(*args: str) -> list[str]:
    return [sys.executable, "-m", *args]


def _editor(*args: str) -> list[str]:
    return _python("oasis_si_conformance.editor", *args)


def _help() -> list[str]:
    return _python("tools.mutants.signatures", "--help")


def _edit(root: Path) -> Path:
    """Change one vector file of a corpus copy: one description reworded."""
    path = root / EDITED
    text = path.read_text(encoding="ascii")
    path.write_text(text.replace("description: ", "description: edited, ", 1), encoding="ascii")
    return path


def run() -> None:
    quick = bool(os.environ.get("OASIS_LOOPS_BENCH_QUICK"))
    with tempfile.TemporaryDirectory(prefix="oasis-si-loops-") as scratch:
        base = Path(scratch)
        print("the editor's loops (each command as a subprocess; CPU = user + system)")
        cache = base / "check"
        timed("oasis-si-vectors check (first)", _editor("check"), cache)
        timed("oasis-si-vectors check (again)", _editor("check"), cache)
        copy = base / "vectors"
        shutil.copytree(corpus.vectors_root(), copy)
        timed("oasis-si-vectors check (copy, first)", _editor("--root", str(copy), "check"), cache)
        path = _edit(copy)
        argv = _editor("--root", str(copy), "check", str(path))
        timed("oasis-si-vectors check PATH (one file edited)", argv, cache)
        argv = _editor("--root", str(copy), "check")
        timed("oasis-si-vectors check (one file edited)", argv, cache)
        timed("python -m tools.mutants.signatures --help", _help(), cache)
        if quick:
            return
        tools = base / "tools"
        vectorgen = _python("tools.vectorgen", "--check")
        timed("python -m tools.vectorgen --check (first)", vectorgen, tools)
        timed("python -m tools.vectorgen --check (again)", vectorgen, tools)
        signatures = _python("tools.mutants.signatures", "--check")
        timed("python -m tools.mutants.signatures --check (first)", signatures, tools)
        timed("python -m tools.mutants.signatures --check (again)", signatures, tools)
        timed("python -m tools.check (first)", _python("tools.check"), base / "fresh")
        timed("python -m tools.check (again)", _python("tools.check"), base / "fresh")
    print(
        "targets: check PATH < 2 s, check < 5 s, tools.check < 30 s, vectorgen and"
        " signatures < 30 s each (inputs unchanged)"
    )
