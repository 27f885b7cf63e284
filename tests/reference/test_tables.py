"""Predicate expressions of a scoring table's rows: a named predicate, `not`, `all` and
`any`, evaluated against a literal truth assignment."""

from oasis_si_reference.tables import holds

TRUE = {"a", "c"}


def _truth(name: str) -> bool:
    return name in TRUE


def test_a_predicate_expression_holds_as_its_operators_say() -> None:
    assert holds("a", _truth) is True and holds("b", _truth) is False
    assert holds({"not": "b"}, _truth) is True and holds({"not": "a"}, _truth) is False
    assert holds({"all": ["a", "c"]}, _truth) is True
    assert holds({"all": ["a", "b"]}, _truth) is False
    assert holds({"any": ["b", "c"]}, _truth) is True
    assert holds({"any": ["b", {"not": "a"}]}, _truth) is False
    assert holds({"all": ["a", {"any": ["b", {"not": "b"}]}]}, _truth) is True
