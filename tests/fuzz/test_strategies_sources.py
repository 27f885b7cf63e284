"""The choice sources of the generators and the helpers their fast path uses: RandomSource's
`pick` and `flag` make exactly the choices `integer` makes (the fuzzer's recorded sequence is
the one hypothesis replays through DrawSource), `clone` copies what a JSON round trip copies,
and the ASCII casings and `fullwidth` change only the characters they name."""

import json
import string

import pytest

from oasis_si_conformance.fuzz import strategies as S


class _IntegerOnly(S.ChoiceSource):
    """The draws of a RandomSource taken through `integer` alone, as DrawSource takes every
    choice: `pick` and `flag` are the generic ones."""

    def __init__(self, seed: str) -> None:
        self.source = S.RandomSource(seed)

    def integer(self, lo: int, hi: int) -> int:
        return self.source.integer(lo, hi)


@pytest.mark.parametrize("normative", [True, False])
def test_random_source_pick_and_flag_make_the_choices_of_integer(normative):
    templates = [("C-DA-001", "composite"), ("C-DA-001",), ()]
    for index in range(200):
        seed = f"sources:{index}"
        fast, generic = S.RandomSource(seed), _IntegerOnly(seed)
        chosen = templates[index % 3]
        case = S.case(fast, normative=normative, templates=chosen)
        assert case == S.case(generic, normative=normative, templates=chosen)
        assert fast.choices == generic.source.choices
        assert len(fast.choices) > 1


def test_single_options_and_zero_odds_are_no_choice():
    """A choice with one possible value is neither drawn nor recorded, on either path."""
    source = S.RandomSource("single")
    assert source.pick(["only"]) == "only" and source.flag(0) is False
    assert source.integer(3, 3) == 3 and source.choices == []
    assert source.pick("ab") in "ab" and source.flag(5) in (True, False)
    assert len(source.choices) == 2


def test_clone_is_a_json_round_trip_that_shares_nothing():
    for index in range(200):
        case, _choices = S.generate(S.case, f"clone:{index}")
        copied = S.clone(case)
        assert copied == json.loads(json.dumps(case))
        copied["input"]["marker"] = [1]
        assert "marker" not in case["input"]
    value = {"a": (1, [2.5, None, True]), "b": "\udc00"}
    copied = S.clone(value)
    assert copied == {"a": [1, [2.5, None, True]], "b": "\udc00"}
    assert copied["a"][1] is not value["a"][1]


UPPER = dict(zip(string.ascii_lowercase, string.ascii_uppercase, strict=True))
LOWER = {upper: lower for lower, upper in UPPER.items()}
EVERY = "".join(chr(code) for code in range(0x3100)) + "\U00010400\U00010428\u1e9e"


@pytest.mark.parametrize(
    "casing, mapping",
    [
        (S.ascii_upper, UPPER),
        (S.ascii_lower, LOWER),
        (S.ascii_swapcase, {**UPPER, **LOWER}),
    ],
)
def test_ascii_casings_map_ascii_letters_only(casing, mapping):
    expected = "".join(mapping.get(char, char) for char in EVERY)
    assert casing(EVERY) == expected
    for text in ("SMTP_port-1", "smtp.config", ""):  # ASCII alone
        assert casing(text) == "".join(mapping.get(char, char) for char in text)


def test_fullwidth_maps_ascii_letters_and_digits_only():
    wide = {c: chr(0xFF10 + int(c)) for c in string.digits}
    wide |= {c: chr(0xFF21 + i) for i, c in enumerate(string.ascii_uppercase)}
    wide |= {c: chr(0xFF41 + i) for i, c in enumerate(string.ascii_lowercase)}
    assert S.fullwidth(EVERY) == "".join(wide.get(char, char) for char in EVERY)


class _Scripted(S.ChoiceSource):
    """Draws given in advance, each checked to lie in its range; past the script, the
    simplest (the lowest) value."""

    def __init__(self, *draws: int) -> None:
        self.draws = list(draws)

    def integer(self, lo: int, hi: int) -> int:
        if not self.draws:
            return lo
        value = self.draws.pop(0)
        assert lo <= value <= hi
        return value


def test_a_tool_body_of_each_edge_kind():
    """The first draw picks the kind: 0 no result recorded, 1 JSON null, 2 the empty JSON
    string; 5 and 6 a manifest-like dump (one line here, of the first name, indent and value)."""
    pool = ["SMTP_PORT"]
    assert S.tool_body(_Scripted(0), pool) == ""
    assert S.tool_body(_Scripted(1), pool) == "null"
    assert S.tool_body(_Scripted(2), pool) == '""'
    assert S.tool_body(_Scripted(5), pool) == "SMTP_PORT: v1"


def test_evidence_with_no_action_is_drawn_first():
    """The simplest evidence records no tool call: a source drawing 0 for the number of
    actions gives none; one drawing 2 gives two."""
    assert S.evidence(_Scripted(0))["actions"] == []
    assert len(S.evidence(_Scripted(2))["actions"]) == 2
