"""The test sessions rely on `--dist loadgroup` (noxfile.py): the tests of one `xdist_group`
run on one worker, so that a costly session fixture they share (the kill matrices, the loaded
corpus, the compiled generator) is computed once. pytest-xdist signals nothing when a pytest
release stops it from grouping; this runs a tiny suite with two workers and checks that a
group stays on one."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("xdist")

SUITE = '''
import pytest

pytestmark = pytest.mark.xdist_group("one")


@pytest.mark.parametrize("case", range(8))
def test_grouped(case):
    pass
'''


def test_a_group_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(SUITE, encoding="utf-8")
    command = [
        sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
        "-p", "no:cacheprovider", "-p", "no:randomly", "test_grouped.py",
        # plugins the tiny suite does not use, loaded by each of the three processes otherwise
        "-p", "no:hypothesispytest", "-p", "no:oasis_si",
    ]
    done = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    workers = re.findall(r"\[(gw\d+)\].*PASSED test_grouped\.py::test_grouped", done.stdout)
    assert len(workers) == 8, done.stdout
    assert len(set(workers)) == 1, f"the group ran on {sorted(set(workers))}:\n{done.stdout}"
