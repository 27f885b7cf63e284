"""The HTML reports in a real browser: Debian's Chromium, headless, loads the page of a real
run from disk (no network) and the DOM it builds shows the JSON report's numbers, its headline
and a failing vector; a screenshot of it is a rendered page, not a blank one.

Chromium is not on a fresh machine: without it these tests are skipped, unless
OASIS_SI_REQUIRE_BROWSER=1 (CI sets it after installing Debian's `chromium`), when its
absence fails them.
"""

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from runner_helpers import zoo

from oasis_si_conformance import cli
from oasis_si_conformance.reporting.htmlreport import anchor

#: The slow tier (nox -s tests_slow): the HTML report in a headless Chromium.
pytestmark = pytest.mark.slow

#: What a rendered report screenshot weighs at least; a blank page of that size is ~10 KB.
RENDERED_PNG_BYTES = 40_000


def chromium() -> str:
    """The browser's command, or skip (fail when OASIS_SI_REQUIRE_BROWSER=1)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None and Path("/usr/bin/chromium").exists():
        found = "/usr/bin/chromium"
    if found is None:
        message = "Chromium is not installed (Debian: apt-get install -y chromium)"
        if os.environ.get("OASIS_SI_REQUIRE_BROWSER") == "1":
            pytest.fail(message + "; OASIS_SI_REQUIRE_BROWSER=1 requires it")
        pytest.skip(message)
    return found


def browse(page: Path, profile: Path, *action: str) -> str:
    """Run headless Chromium on a local page with `action` (--dump-dom, --screenshot=...);
    its stdout. Nothing reaches the network: the page is a file with no external asset and
    the browser's own background traffic is switched off."""
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--disable-extensions",
        "--no-first-run",
        "--no-default-browser-check",
        f"--user-data-dir={profile}",
        "--window-size=1280,2000",
        *action,
        page.resolve().as_uri(),
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def tile(dom: str, css: str) -> int:
    """The number a summary tile shows."""
    found = re.search(rf'<div class="tile t-{css}"><div class="n">(\d+)</div>', dom)
    assert found is not None, f"no {css} tile in the rendered page"
    return int(found.group(1))


@pytest.fixture
def failing_run(
    certify, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[dict[str, Any], Path]:
    monkeypatch.setenv("ZOO_MISREAD", "nonascii,inconsistent")
    page = tmp_path / "report.html"
    run = certify("--html", str(page), command=zoo("misreader"))
    assert run.code == 1 and run.report is not None and page.exists()
    return run.report, page


def test_the_browser_shows_the_reports_numbers(failing_run, tmp_path: Path) -> None:
    report, page = failing_run
    dom = browse(page, tmp_path / "profile", "--dump-dom")
    summary = report["summary"]
    assert summary["failed"] > 0
    assert tile(dom, "pass") == summary["passed"]
    assert tile(dom, "fail") == summary["failed"]
    assert tile(dom, "conv") == summary["convention"]
    assert tile(dom, "skip") == summary["not_exercised"]
    assert tile(dom, "total") == summary["total"]
    assert html.escape(report["headline"], quote=False) in dom
    failed = [v for v in report["vectors"] if v["status"] == "failed"]
    for vector in failed:
        assert f'id="{anchor(vector["id"])}"' in dom
    for row in report["clauses"]:
        assert re.search(
            rf"<td><b>{re.escape(row['clause'])}</b></td><td>[^<]*</td>"
            rf'<td class="n[^"]*">{row["passed"]}</td><td class="n[^"]*">{row["failed"]}</td>',
            dom,
        ), row


def test_the_browser_renders_a_page_not_a_blank(failing_run, tmp_path: Path) -> None:
    _, page = failing_run
    shot = tmp_path / "report.png"
    browse(page, tmp_path / "profile", f"--screenshot={shot}", "--hide-scrollbars")
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > RENDERED_PNG_BYTES


def test_the_browser_shows_a_comparison(certify, tmp_path: Path, monkeypatch, capsys) -> None:
    reports = []
    for name, misreading in (("reference", ""), ("misreader", "delimited")):
        monkeypatch.setenv("ZOO_MISREAD", misreading)
        path = tmp_path / f"{name}.json"
        run = certify(command=zoo("misreader"))
        path.write_text(json.dumps(run.report), encoding="utf-8")
        reports.append(path)
    page = tmp_path / "side.html"
    assert cli.main(["compare", *map(str, reports), "--html", str(page)]) == 0
    capsys.readouterr()
    dom = browse(page, tmp_path / "profile", "--dump-dom")
    row = re.search(r"<b>SYN-BOUNDARY</b>.*?</tr>", dom, re.S)
    assert row is not None and "substring" in row.group(0) and "delimited" in row.group(0)
