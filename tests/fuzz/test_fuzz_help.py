"""`oasis-si-fuzz --help` leads with what most runs use: a short summary with examples, then
the common options; the long description and the open points' handling come after."""

from oasis_si_conformance.fuzz import cli


def test_the_help_leads_with_the_common_options() -> None:
    text = cli.parser().format_help()
    lines = text.splitlines()
    common = lines.index("common options:")
    assert common < 20, lines[:common]
    first_group = text.split("common options:", 1)[1].split("\n\n", 1)[0]
    for option in ("--candidate", "--time-budget", "--edition", "--out", "--strict", "--seed"):
        assert option in first_group
    for later in ("--shards", "--plan-ahead", "--memory-limit", "--env-clear"):
        assert later not in first_group and later in text
    assert text.index("common options:") < text.index(cli.DESCRIPTION.split()[0] + " a candidate")
