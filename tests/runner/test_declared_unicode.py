"""The handshake's runtime.unicode may name one version for every table or one per table
(normalization, case mapping, properties); each declared version is checked against the
answers on its own table's probes (UNICODE-NFC-VERSION, UNICODE-CASE-VERSION)."""

from typing import Any

import pytest

from oasis_si_conformance.corpus import yamlsafe
from oasis_si_conformance.corpus.corpus import vectors_root
from oasis_si_conformance.judging import interpretation
from oasis_si_conformance.reporting import reportview
from oasis_si_schemas import first_error_message, validator

REGISTER = yamlsafe.load((vectors_root() / "register.yaml").read_text(encoding="utf-8"))
HELLO = {
    "protocol": 1,
    "name": "rust-evaluator",
    "version": "0.1.0",
    "operations": ["score_scenario"],
    "templates": ["C-DA-001"],
    "profiles": ["0.3.0-rc1"],
}


def _profiles(nfc: tuple[str, ...], case: tuple[str, ...]) -> list[interpretation.EntryProfile]:
    """A profile whose answers on every version probe fit `nfc` and `case` respectively."""
    votes = [(f"nfc-{i}", "UNICODE-NFC-VERSION", nfc) for i in range(3)]
    votes += [(f"case-{i}", "UNICODE-CASE-VERSION", case) for i in range(3)]
    return interpretation.profile(votes, REGISTER["entries"])


@pytest.mark.parametrize(
    "unicode",
    ["15.0.0", {"normalization": "15.0", "case_mapping": "14.0"}, {"properties": "15.0"}],
)
def test_the_handshake_takes_one_version_or_one_per_table(unicode: Any) -> None:
    assert (
        first_error_message(validator("protocol/hello"), {**HELLO, "runtime": {"unicode": unicode}})
        is None
    )


@pytest.mark.parametrize("unicode", [{}, {"nfc": "15.0"}, {"normalization": 15}, 15])
def test_the_handshake_refuses_other_shapes(unicode: Any) -> None:
    assert first_error_message(
        validator("protocol/hello"), {**HELLO, "runtime": {"unicode": unicode}}
    )


def test_each_declared_table_is_checked_against_its_own_probes() -> None:
    # a Rust evaluator: the unicode-normalization crate's 15.0 NFC, std's 14.0 case tables
    profiles = _profiles(("unicode-15",), ("unicode-14-15",))
    runtime = {"unicode": {"normalization": "15.0", "case_mapping": "14.0"}}
    assert interpretation.check_declared(runtime, profiles) == {
        "UNICODE-NFC-VERSION": {"table": "normalization", "version": "15.0", "agrees": True},
        "UNICODE-CASE-VERSION": {"table": "case_mapping", "version": "14.0", "agrees": True},
    }
    wrong = {"unicode": {"normalization": "14.0"}}
    assert interpretation.check_declared(wrong, profiles) == {
        "UNICODE-NFC-VERSION": {"table": "normalization", "version": "14.0", "agrees": False},
    }
    # one string names every table: 13.0 fits neither
    found = interpretation.check_declared({"unicode": "13.0"}, profiles)
    assert {entry: item["agrees"] for entry, item in found.items()} == {
        "UNICODE-NFC-VERSION": False,
        "UNICODE-CASE-VERSION": False,
    }
    assert interpretation.check_declared(None, profiles) == {}


def test_the_runtime_in_words_names_each_table() -> None:
    candidate = {
        "runtime": {
            "name": "rustc",
            "version": "1.63",
            "unicode": {"normalization": "15.0", "case_mapping": "14.0"},
        }
    }
    assert (
        reportview.runtime_text(candidate)
        == "rustc 1.63, Unicode normalization 15.0, case mapping 14.0"
    )
