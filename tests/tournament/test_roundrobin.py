"""Round robin: the published FIDE Berger tables, and what every schedule must satisfy."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournament import (
    Outcome,
    berger_table,
    forfeits_after_withdrawal,
    round_robin_schedule,
)


def parse(rounds: str) -> list[list[tuple[int, int]]]:
    return [
        [(int(w), int(b)) for w, b in (game.split("-") for game in line.split(","))]
        for line in rounds.strip().splitlines()
    ]


# FIDE Handbook C.05 Annex 1, Berger tables, as published (White first).
PUBLISHED = {
    4: """
        1-4, 2-3
        4-3, 1-2
        2-4, 3-1
    """,
    6: """
        1-6, 2-5, 3-4
        6-4, 5-3, 1-2
        2-6, 3-1, 4-5
        6-5, 1-4, 2-3
        3-6, 4-2, 5-1
    """,
    8: """
        1-8, 2-7, 3-6, 4-5
        8-5, 6-4, 7-3, 1-2
        2-8, 3-1, 4-7, 5-6
        8-6, 7-5, 1-4, 2-3
        3-8, 4-2, 5-1, 6-7
        8-7, 1-6, 2-5, 3-4
        4-8, 5-3, 6-2, 7-1
    """,
    10: """
        1-10, 2-9, 3-8, 4-7, 5-6
        10-6, 7-5, 8-4, 9-3, 1-2
        2-10, 3-1, 4-9, 5-8, 6-7
        10-7, 8-6, 9-5, 1-4, 2-3
        3-10, 4-2, 5-1, 6-9, 7-8
        10-8, 9-7, 1-6, 2-5, 3-4
        4-10, 5-3, 6-2, 7-1, 8-9
        10-9, 1-8, 2-7, 3-6, 4-5
        5-10, 6-4, 7-3, 8-2, 9-1
    """,
}


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_berger_table_is_the_published_one(n: int) -> None:
    assert berger_table(n) == parse(PUBLISHED[n])


def test_schedule_uses_the_table_with_player_ids_in_pairing_number_order() -> None:
    ids = [80, 70, 60, 50, 40, 30, 20, 10]  # pairing numbers 1..8
    schedule = round_robin_schedule(ids)
    second = schedule[1]
    assert [(p.white, p.black, p.board) for p in second.pairings] == [
        (10, 40, 1),
        (30, 50, 2),
        (20, 60, 3),
        (80, 70, 4),
    ]
    assert second.bye is None


def test_odd_field_the_highest_number_is_the_bye() -> None:
    schedule = round_robin_schedule([1, 2, 3, 4, 5, 6, 7])
    # In the 8-table, 8 meets 1, 5, 2, 6, 3, 7, 4 in rounds 1..7.
    assert [r.bye for r in schedule] == [1, 5, 2, 6, 3, 7, 4]


def test_rejects_duplicates_and_tiny_fields() -> None:
    with pytest.raises(ValueError):
        round_robin_schedule([1, 1, 2])
    with pytest.raises(ValueError):
        round_robin_schedule([1])


@given(st.integers(min_value=2, max_value=24), st.booleans())
def test_every_pair_meets_once_per_cycle_and_everyone_plays_or_sits_out_each_round(
    n: int, double: bool
) -> None:
    players = list(range(100, 100 + n))
    schedule = round_robin_schedule(players, double=double)
    cycle = n - 1 if n % 2 == 0 else n
    assert len(schedule) == cycle * (2 if double else 1)
    games: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    for round_ in schedule:
        seated = [p for g in round_.pairings for p in (g.white, g.black)]
        if round_.bye is not None:
            seated.append(round_.bye)
            byes[round_.bye] += 1
        assert sorted(seated) == players
        assert [g.board for g in round_.pairings] == list(range(1, len(round_.pairings) + 1))
        games.update((g.white, g.black) for g in round_.pairings)
    for a in players:
        for b in players:
            if a < b:
                if double:  # twice, once with each colour
                    assert games[(a, b)] == 1 and games[(b, a)] == 1
                else:
                    assert games[(a, b)] + games[(b, a)] == 1
    if n % 2:
        assert byes == Counter({p: 2 if double else 1 for p in players})


@given(st.integers(min_value=5, max_value=24))
def test_double_round_robin_never_gives_three_of_a_colour_running(n: int) -> None:
    colours: dict[int, str] = {p: "" for p in range(n)}
    for round_ in round_robin_schedule(list(range(n)), double=True):
        for g in round_.pairings:
            colours[g.white] += "W"
            colours[g.black] += "B"
    assert not [p for p, c in colours.items() if "WWW" in c or "BBB" in c]


@given(st.integers(min_value=2, max_value=24))
def test_single_round_robin_colours_are_balanced(n: int) -> None:
    whites: Counter[int] = Counter()
    blacks: Counter[int] = Counter()
    for round_ in round_robin_schedule(list(range(n))):
        for g in round_.pairings:
            whites[g.white] += 1
            blacks[g.black] += 1
    assert all(abs(whites[p] - blacks[p]) <= 1 for p in range(n))


def test_withdrawal_forfeits_the_remaining_games() -> None:
    schedule = round_robin_schedule([1, 2, 3, 4])
    forfeits = forfeits_after_withdrawal(schedule, 3, from_round=2)
    # Round 2: 4-3 (3 is Black), round 3: 3-1 (3 is White).
    assert [(f.round_no, f.white, f.black, f.outcome) for f in forfeits] == [
        (2, 4, 3, Outcome.WHITE_WINS_BY_FORFEIT),
        (3, 3, 1, Outcome.BLACK_WINS_BY_FORFEIT),
    ]
