"""The interpretation profile's smaller rules, on literal registers and profiles: an entry that
is no open point under the governing entry's reading (`applies_when`), the Unicode versions a
candidate declares in its handshake (`runtime.unicode`), the versions a version reading names,
and the check of each declared version against its table's probes."""

from typing import Any

import pytest

from oasis_si_conformance.judging import interpretation

#: TRIM's trim set matters only where LINE's reading trims (LINE `trim`); LINE `exact` trims
#: nothing.
GOVERNED_REGISTER = [
    {"id": "LINE", "clause": "3.4", "readings": {"exact": "", "trim": ""}, "reference": "exact"},
    {
        "id": "TRIM",
        "clause": "3.4",
        "readings": {"ascii": "", "unicode": ""},
        "reference": "ascii",
        "applies_when": {"entry": "LINE", "readings": ["trim"], "otherwise": "trims nothing"},
    },
]
TRIM_VOTES = [("t1", "TRIM", ("ascii",)), ("t2", "TRIM", ("ascii", "unicode"))]


def _trim(line_votes: list[tuple[str, str, tuple[str, ...] | None]]) -> Any:
    profiles = interpretation.profile(line_votes + TRIM_VOTES, GOVERNED_REGISTER)
    (trim,) = [found for found in profiles if found.entry == "TRIM"]
    return trim


def test_an_entry_is_no_open_point_under_a_governing_reading_outside_applies_when() -> None:
    trim = _trim([("l1", "LINE", ("exact",)), ("l2", "LINE", ("exact",))])
    assert trim.not_applicable == "LINE exact trims nothing"
    assert trim.followed == () and trim.consistent is True
    assert trim.votes == {"ascii": 2, "unicode": 1}


def test_without_otherwise_the_reason_names_the_governing_reading_alone() -> None:
    register = [GOVERNED_REGISTER[0], {**GOVERNED_REGISTER[1], "applies_when": {
        "entry": "LINE", "readings": ["trim"]}}]
    profiles = interpretation.profile([("l1", "LINE", ("exact",))] + TRIM_VOTES, register)
    assert profiles[1].entry == "TRIM" and profiles[1].not_applicable == "LINE exact"


@pytest.mark.parametrize(
    "line_votes",
    [
        # LINE trims: TRIM is an open point
        [("l1", "LINE", ("trim",))],
        # LINE's answers fit both readings, one of which trims
        [("l1", "LINE", ("exact", "trim"))],
        # LINE inconsistent: no single reading of it governs
        [("l1", "LINE", ("exact",)), ("l2", "LINE", ("trim",))],
        # LINE consistent but following nothing (no vector voted)
        [("l1", "LINE", ()), ("l2", "LINE", None)],
        # LINE not exercised at all
        [],
    ],
)
def test_an_entry_stays_an_open_point_unless_the_governing_reading_rules_it_out(
    line_votes: list[tuple[str, str, tuple[str, ...] | None]],
) -> None:
    trim = _trim(line_votes)
    assert trim.not_applicable is None
    assert trim.followed == ("ascii",) and trim.consistent is True


@pytest.mark.parametrize(
    ("runtime", "expected"),
    [
        (
            {"unicode": "15.0"},
            {"normalization": "15.0", "case_mapping": "15.0", "properties": "15.0"},
        ),
        (
            {"unicode": {"normalization": "15.0", "case_mapping": 14, "properties": "13.0"}},
            {"normalization": "15.0", "properties": "13.0"},
        ),
        ({"unicode": 15}, {}),
        ({"name": "rustc"}, {}),
        ({}, {}),
        (None, {}),
    ],
)
def test_declared_unicode_reads_one_version_or_one_per_table(
    runtime: dict[str, Any] | None, expected: dict[str, str]
) -> None:
    assert interpretation.declared_unicode(runtime) == expected


@pytest.mark.parametrize(
    ("reading", "expected"),
    [
        ("unicode-14", {14}),
        ("unicode-9", {9}),
        ("unicode-14-15", {14, 15}),
        ("unicode-12-15", {12, 13, 14, 15}),
        ("unicode", set()),
        ("strict", set()),
        ("unicode-14-", set()),
    ],
)
def test_reading_versions_names_the_major_versions(reading: str, expected: set[int]) -> None:
    assert interpretation.reading_versions(reading) == expected


def _profile(entry: str, followed: tuple[str, ...], consistent: bool = True) -> Any:
    return interpretation.EntryProfile(
        entry=entry,
        clause="4.1",
        reference="unicode-15",
        readings=("unicode-14", "unicode-15", "unicode-16"),
        votes={},
        vectors=3,
        voted=3,
        unmatched=(),
        followed=followed,
        consistent=consistent,
        dominant=None if consistent else "unicode-15",
        deviating=(),
    )


NFC_15 = _profile("UNICODE-NFC-VERSION", ("unicode-15",))
CASE_14_15 = _profile("UNICODE-CASE-VERSION", ("unicode-14", "unicode-15"))


def test_check_declared_reports_only_tables_both_declared_and_probed() -> None:
    # case mapping declared, but its entry has no profile; normalization probed, not declared
    runtime = {"unicode": {"case_mapping": "15.0"}}
    assert interpretation.check_declared(runtime, [NFC_15]) == {}
    assert interpretation.check_declared({"unicode": {"normalization": "15.1"}}, [NFC_15]) == {
        "UNICODE-NFC-VERSION": {"table": "normalization", "version": "15.1", "agrees": True},
    }
    # one string for every table, only case mapping probed
    assert interpretation.check_declared({"unicode": "14.0.0"}, [CASE_14_15]) == {
        "UNICODE-CASE-VERSION": {"table": "case_mapping", "version": "14.0.0", "agrees": True},
    }
    assert interpretation.check_declared({"unicode": {}}, [NFC_15, CASE_14_15]) == {}


def test_check_declared_compares_the_major_version_with_the_followed_readings() -> None:
    runtime = {"unicode": {"normalization": " 16.0", "case_mapping": "15.0.0"}}
    assert interpretation.check_declared(runtime, [NFC_15, CASE_14_15]) == {
        "UNICODE-NFC-VERSION": {"table": "normalization", "version": " 16.0", "agrees": False},
        "UNICODE-CASE-VERSION": {"table": "case_mapping", "version": "15.0.0", "agrees": True},
    }


@pytest.mark.parametrize(
    ("found", "version"),
    [
        (_profile("UNICODE-NFC-VERSION", (), consistent=False), "15.0"),  # inconsistent
        (_profile("UNICODE-NFC-VERSION", (), consistent=True), "15.0"),  # follows nothing
        (NFC_15, "latest"),  # no major version to compare
    ],
)
def test_check_declared_cannot_tell_without_a_reading_or_a_major_version(
    found: Any, version: str
) -> None:
    assert interpretation.check_declared({"unicode": {"normalization": version}}, [found]) == {
        "UNICODE-NFC-VERSION": {"table": "normalization", "version": version, "agrees": None},
    }
