"""bench.ladder's arithmetic and its games: Wilson intervals, seats swapped within a deal."""

from __future__ import annotations

import pytest

from bench.ladder import FIRST_SEED, bushi_game, wilson


def test_the_wilson_interval_matches_known_values_and_stays_inside_zero_and_one() -> None:
    half = wilson([1.0] * 50 + [0.0] * 50)
    assert half.mean == 0.5
    assert (round(half.low, 3), round(half.high, 3)) == (0.404, 0.596)
    perfect = wilson([1.0] * 10)
    assert perfect.high == 1.0 and round(perfect.low, 3) == 0.722  # no normal-approximation 1–1
    drawn = wilson([0.5, 1.0, 0.5, 0.0])
    assert drawn.mean == 0.5 and 0 < drawn.low < 0.5 < drawn.high < 1


@pytest.mark.parametrize("cube", ["seed", "alternate"])
def test_a_perfect_level_never_loses_to_a_blundering_one_whichever_seat_it_has(cube: str) -> None:
    scores = [bushi_game("perfect", "beginner", cube, FIRST_SEED, n).points for n in range(4)]
    assert all(points >= 0.5 for points in scores)  # the upper level's score in either seat
    assert bushi_game("beginner", "perfect", cube, FIRST_SEED, 0).points <= 0.5
