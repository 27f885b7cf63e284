"""`ratify`'s derivation on a literal register: a decided reading the vector states no outcome
for, two entries whose readings combine (`jointly`), a probe another entry masks (`_masked`),
and a record with no edition's block to add (`with_editions`).

The register here is made up, shaped as vectors/register.yaml states entries: MAP and DELIM
combine as FOLD-MAPPING and DELIM-FOLDED do; WS is masked by NL as SENT-WS is by SENT-NEWLINE,
their `code_points` given per reading. The expected blocks are written out."""

from typing import Any

import pytest

from oasis_si_conformance.editing import ratify
from oasis_si_schemas.editions import Edition

ENTRIES: dict[str, dict[str, Any]] = {
    "MAP": {"id": "MAP", "readings": {"simple": "one way", "full": "another"}},
    "DELIM": {"id": "DELIM", "readings": {"folded": "one way", "unfolded": "another"}},
    # U+000B is whitespace under `wide` alone; U+0085 too, and every NL reading makes it a
    # newline; U+000B is a newline under `unicode` alone
    "WS": {
        "id": "WS",
        "readings": {"wide": "", "narrow": ""},
        "code_points": {"wide": ["U+0020", "U+000B", "U+0085"], "narrow": ["U+0020"]},
        "masked_by": "NL",
    },
    "NL": {
        "id": "NL",
        "readings": {"lf": "", "unicode": ""},
        "code_points": {"lf": ["U+000A", "U+0085"], "unicode": ["U+000A", "U+000B", "U+0085"]},
    },
}
REGISTER = ratify.Register(ENTRIES, {})


def _edition(decided: dict[str, str]) -> Edition:
    return Edition(
        name="e", label="e", title="an edition", text={}, base="b", decides=decided,
        decided=decided, lineage=("e", "b"),
    )


def test_a_decided_reading_the_vector_states_no_outcome_for_is_undecidable() -> None:
    block = {"ambiguity": "DELIM", "readings": {"unfolded": {"match": True}}}
    with pytest.raises(ratify.Undecidable, match="no outcome for DELIM=folded"):
        ratify.decide(block, _edition({"DELIM": "folded"}), REGISTER, None)
    assert ratify.decide(block, _edition({"DELIM": "unfolded"}), REGISTER, None) == {
        "expected": {"match": True}
    }


#: A DELIM vector under MAP's reference reading (simple), and under MAP=full where that
#: changes it: unfolded then matches too.
READINGS = {"folded": {"match": True}, "unfolded": {"match": False}}
UNDER_MAP = {"full": {"unfolded": {"match": True}}}


def test_joint_entries_both_decided_give_the_pairs_outcome() -> None:
    both = _edition({"DELIM": "unfolded", "MAP": "full"})
    assert ratify.jointly(READINGS, "DELIM", "MAP", UNDER_MAP, both, REGISTER) == {
        "expected": {"match": True}
    }
    simple = _edition({"DELIM": "unfolded", "MAP": "simple"})
    assert ratify.jointly(READINGS, "DELIM", "MAP", UNDER_MAP, simple, REGISTER) == {
        "expected": {"match": False}
    }


def test_deciding_the_other_entry_restates_the_readings_normative_where_they_agree() -> None:
    agree = _edition({"MAP": "full"})
    assert ratify.jointly(READINGS, "DELIM", "MAP", UNDER_MAP, agree, REGISTER) == {
        "expected": {"match": True}
    }
    differ = _edition({"MAP": "simple"})
    assert ratify.jointly(READINGS, "DELIM", "MAP", UNDER_MAP, differ, REGISTER) == {
        "ambiguity": "DELIM",
        "readings": {"folded": {"match": True}, "unfolded": {"match": False}},
    }


def test_deciding_the_entry_leaves_the_outcome_to_the_other_entry_if_it_is_open() -> None:
    unfolded = _edition({"DELIM": "unfolded"})
    assert ratify.jointly(READINGS, "DELIM", "MAP", UNDER_MAP, unfolded, REGISTER) == {
        "ambiguity": "MAP",
        "readings": {"simple": {"match": False}, "full": {"match": True}},
    }
    # MAP arising only from a later edition on: no open point of this one
    scoped = ratify.Register({**ENTRIES, "MAP": {**ENTRIES["MAP"], "editions": ["later"]}}, {})
    with pytest.raises(ratify.Undecidable, match="rests on MAP, no open point of e"):
        ratify.jointly(READINGS, "DELIM", "MAP", UNDER_MAP, unfolded, scoped)


#: A WS probe whose outcome tells `wide` (a sentence ends there) from `narrow`.
PROBE = {"ambiguity": "WS", "readings": {"wide": {"split": True}, "narrow": {"split": False}}}


def test_a_probe_some_masking_reading_holds_becomes_the_masking_entrys() -> None:
    """U+000B, a newline under NL=unicode alone: with WS decided as narrow, the sentence ends
    there under unicode (as under the WS readings holding it) and not under lf."""
    narrow = _edition({"WS": "narrow"})
    assert ratify.decide(PROBE, narrow, REGISTER, "U+000B") == {
        "ambiguity": "NL",
        "readings": {"lf": {"split": False}, "unicode": {"split": True}},
    }
    # NL decided too: its reading's outcome
    assert ratify.decide(PROBE, _edition({"WS": "narrow", "NL": "unicode"}), REGISTER,
                         "U+000B") == {"expected": {"split": True}}


def test_a_probe_every_masking_reading_holds_reads_as_the_ws_readings_holding_it() -> None:
    """U+0085, a newline under every NL reading: the sentence ends there whatever WS is
    decided as, as under `wide` (the WS reading holding it)."""
    narrow = _edition({"WS": "narrow"})
    assert ratify.decide(PROBE, narrow, REGISTER, "U+0085") == {"expected": {"split": True}}


def test_a_probe_no_masking_reading_holds_takes_the_decided_reading() -> None:
    narrow = _edition({"WS": "narrow"})
    assert ratify.decide(PROBE, narrow, REGISTER, "U+0020") == {"expected": {"split": False}}


def test_a_record_given_no_block_of_a_catalog_edition_is_stated_without_editions() -> None:
    record = {
        "id": "v1",
        "description": "a probe: a sentence ends there.",
        "clauses": ["3.2"],
        "expected": {"split": True},
        "editions": {"e": {"expected": {"split": False}}},
    }
    catalog = [_edition({})]
    bare = {key: value for key, value in record.items() if key != "editions"}
    assert ratify.with_editions(record, {}, catalog) == bare
    assert ratify.with_editions(record, {"gone": {"expected": {}}}, catalog) == bare
