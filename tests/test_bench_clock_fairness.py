"""The clock simulation's Swiss: with round deadlines an event ends within its scheduled days
(a round's last games are adjudicated at its deadline), while without them a slow game holds
its round. Counts, not timings: the simulation runs on virtual time."""

from __future__ import annotations

import random

from bench.clock_fairness import RECOMMENDED, SWISS_PLAYERS, SWISS_ROUNDS, person, swiss_event


def test_a_swiss_with_round_deadlines_finishes_within_its_scheduled_days() -> None:
    rng = random.Random(7)
    people = [person(rng) for _ in range(SWISS_PLAYERS)]
    recommended = RECOMMENDED
    timed = swiss_event(recommended, 14, people, 1)
    assert timed.games == SWISS_ROUNDS * SWISS_PLAYERS // 2
    assert timed.days <= 14 * SWISS_ROUNDS
    assert timed.adjudicated > 0  # 14-day rounds are short for a bank: some games are decided
    untimed = swiss_event(recommended, None, people, 1)
    assert untimed.adjudicated == 0 and untimed.days > timed.days
