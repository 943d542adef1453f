"""The witness matching agrees with brute force on small graphs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.tournament.matching import PerfectMatching
from tests.tournament.brute import exists


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, set[tuple[int, int]]]:
    size = draw(st.sampled_from([2, 4, 6, 8]))
    edges = {(a, b) for a in range(size) for b in range(a + 1, size)}
    kept = draw(st.sets(st.sampled_from(sorted(edges)), max_size=len(edges)))
    return size, kept


def adjacency(size: int, edges: set[tuple[int, int]]) -> list[list[int]]:
    return [
        sorted({b for a, b in edges if a == v} | {a for a, b in edges if b == v})
        for v in range(size)
    ]


@given(graphs())
def test_find_agrees_with_brute_force(graph: tuple[int, set[tuple[int, int]]]) -> None:
    size, edges = graph
    found = PerfectMatching.find(adjacency(size, edges), [True] * size)
    expected = exists(list(range(size)), lambda a, b: (min(a, b), max(a, b)) in edges)
    assert (found is not None) == expected
    if found is not None:
        for v in range(size):
            partner = found.partner(v)
            assert found.partner(partner) == v
            assert (min(v, partner), max(v, partner)) in edges


@given(graphs(), st.data())
def test_take_accepts_exactly_the_pairs_that_leave_the_rest_pairable(
    graph: tuple[int, set[tuple[int, int]]], data: st.DataObject
) -> None:
    size, edges = graph
    witness = PerfectMatching.find(adjacency(size, edges), [True] * size)
    if witness is None or not edges:
        return
    left = set(range(size))
    while left:
        a, b = data.draw(st.sampled_from(sorted(e for e in edges if set(e) <= left)))
        rest = sorted(left - {a, b})
        expected = exists(rest, lambda x, y: (min(x, y), max(x, y)) in edges)
        assert witness.take(a, b) == expected
        if expected:
            left -= {a, b}
        else:
            # Any pair the witness holds is always acceptable, so the walk can go on.
            partner = witness.partner(a)
            assert witness.take(a, partner)
            left -= {a, partner}
