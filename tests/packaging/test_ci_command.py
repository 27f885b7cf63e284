"""CI runs the README's test command, exactly: `.ci/run` executes the second line of
the README's quick start (lint, the fast tier, the wheel), then the slow tier, and nothing
else; each session it names is defined in the noxfile."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def quick_start_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, "README.md: no sh block under Quick start"
    return block.group(1).strip().splitlines()


#: What .ci/run may do besides the test command: shell setup, and preparing the machine (a
#: clean CI machine has nothing: Debian's Chromium for the HTML report's browser check, Node
#: for the export's JavaScript reader), each then required by its variable.
SETUP: tuple[str, ...] = (
    "set ", "cd ", "apt-get ", "export OASIS_SI_REQUIRE_BROWSER=", "export OASIS_SI_REQUIRE_NODE=",
    "export OASIS_SI_SEED_TEXT=",
)
#: What CI runs after the README's test command: the slow tier.
SLOW_TIER = "python3 -m nox -s tests_slow"


def ci_commands() -> list[str]:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line.strip() for line in lines[1:] if line.strip() and not line.startswith("#")]
    return [c for c in commands if not c.startswith(SETUP)]


def nox_sessions() -> set[str]:
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    return set(re.findall(r"^@nox\.session(?:\(.*\))?\ndef (\w+)\(", noxfile, re.M))


def test_ci_runs_the_readme_test_command_then_the_slow_tier() -> None:
    assert ci_commands() == [quick_start_commands()[1], SLOW_TIER]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{SLOW_TIER}`" in readme, "the README names the slow tier CI runs"


def test_the_tiers_split_the_suite_by_the_slow_marker() -> None:
    """`tests` runs what is not marked slow, `tests_slow` what is (and the property tests
    again): together, every test."""
    noxfile = (ROOT / "noxfile.py").read_text(encoding="utf-8")
    assert '"-m", "not slow"' in noxfile and '"-m", "slow or hypothesis"' in noxfile
    assert "tests_slow" in nox_sessions()


def test_the_test_command_runs_the_suite_and_the_wheel_check() -> None:
    command = quick_start_commands()[1]
    named = command.split(" -s ", 1)[1].split()
    assert {"lint", "tests", "wheel"} <= set(named), command
    assert set(named) <= nox_sessions(), f"{command}: sessions not in noxfile.py"


def test_ci_requires_every_tool_a_test_would_otherwise_skip_without() -> None:
    """A test that needs a program skips where it is missing, except in CI, where .ci/run
    installs it and sets the variable that turns the skip into a failure."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for variable in ("OASIS_SI_REQUIRE_BROWSER", "OASIS_SI_REQUIRE_NODE"):
        assert f"export {variable}=1" in run.splitlines(), variable
    assert "chromium" in run and "nodejs" in run
