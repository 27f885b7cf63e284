"""The bridge from a generator of strategies.py to a hypothesis strategy.

`st.composite` reads the signature of the function it wraps, which a function compiled by
mypyc does not have (tools/accelerate.py compiles strategies.py): the composite is built here,
in a module that stays Python, around whatever generator and choice source it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from hypothesis import strategies as st

T = TypeVar("T")


def composite(
    generator: Callable[..., T],
    source: Callable[[Callable[[Any], Any]], Any],
    args: Sequence[Any],
    kwargs: Mapping[str, Any],
) -> st.SearchStrategy[T]:
    """A hypothesis strategy running `generator(source(draw), *args, **kwargs)`."""
    from hypothesis import strategies as st

    nothing = st.just(None)

    @st.composite
    def build(draw: st.DrawFn) -> T:
        draw(nothing)  # a generator may make no choice at all (hypothesis warns about that)
        return generator(source(draw), *args, **kwargs)

    return build()
