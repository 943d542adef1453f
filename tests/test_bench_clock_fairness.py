"""The clock simulation's Swiss: with round deadlines an event ends within its scheduled days
(a round's last games are adjudicated at its deadline), while without them a slow game holds
its round. Counts, not timings: the simulation runs on virtual time."""

from __future__ import annotations

import random

from bench.clock_fairness import (
    RECOMMENDED,
    SWISS_PLAYERS,
    SWISS_ROUNDS,
    Row,
    goal_marks,
    person,
    swiss_event,
)


def test_a_swiss_with_round_deadlines_finishes_within_its_scheduled_days() -> None:
    rng = random.Random(7)
    people = [person(rng) for _ in range(SWISS_PLAYERS)]
    recommended = RECOMMENDED
    timed = swiss_event(recommended, 14, people, 1)
    assert timed.games == SWISS_ROUNDS * SWISS_PLAYERS // 2
    assert timed.days <= 14 * SWISS_ROUNDS
    assert timed.adjudicated > 0  # 14-day rounds are short: some games are decided
    untimed = swiss_event(recommended, None, people, 1)
    assert untimed.adjudicated == 0 and untimed.days > timed.days


def test_the_goal_marks_each_measure_against_todays_row() -> None:
    today = Row("today", 0.36, 10.0, 10.8, 0.14, 1.0, 0.27)
    # Under a third of today's losses, at most 25 % longer on both medians (12.5 is the bound).
    meets = Row("meets", 0.11, 12.5, 13.4, 0.14, 1.0, 0.9)
    assert goal_marks(meets, today) == "✓ ✓ ✓"
    # Fewer losses bought with longer games: the lengths are marked as missed, one by one.
    longer = Row("longer", 0.01, 13.8, 13.4, 0.14, 1.0, 0.9)
    assert goal_marks(longer, today) == "✓ ✗ ✓"
    assert goal_marks(Row("today+", 0.13, 12.0, 13.6, 0, 1, 0), today) == "✗ ✓ ✗"
