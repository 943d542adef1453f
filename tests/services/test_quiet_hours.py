"""Quiet hours and the game clock's arithmetic, pure: deadlines counted outside a player's
nights in zones with and without daylight saving, a bank spent and topped up."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.services.game_clock import Bank, BankRule, GameClock, Turn, resumed, tick
from bot.services.quiet_hours import (
    BadQuietHours,
    QuietHours,
    active_between,
    deadline_after,
    is_quiet,
)

TOKYO = QuietHours("Asia/Tokyo", time(23), time(7))
NEW_YORK = QuietHours("America/New_York", time(23), time(7))
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_a_tokyo_night_stops_the_clock_for_eight_hours_every_day() -> None:
    # 22:00 JST (13:00 UTC): one hour runs, the night (23:00–07:00 JST) stands, then one more.
    start = utc(2026, 12, 1, 13)
    assert deadline_after(TOKYO, start, 2 * 3600) == utc(2026, 12, 1, 23)  # 08:00 JST
    assert active_between(TOKYO, start, utc(2026, 12, 1, 23)) == 2 * HOUR
    assert is_quiet(TOKYO, utc(2026, 12, 1, 15)) and not is_quiet(TOKYO, utc(2026, 12, 1, 22))
    # A day's clock is a day and a third: 16 running hours a day.
    assert deadline_after(TOKYO, utc(2026, 12, 1, 22), 86400) == utc(2026, 12, 2, 22) + 8 * HOUR
    # Begun in the night: the clock starts at its end.
    assert deadline_after(TOKYO, utc(2026, 12, 1, 15), 3600) == utc(2026, 12, 1, 23)
    assert deadline_after(None, start, 60) == start + timedelta(minutes=1)


def test_new_york_nights_follow_the_wall_clock_across_daylight_saving() -> None:
    # Spring forward (8 March 2026, 02:00 → 03:00): that night is 7 hours long in UTC.
    spring = NEW_YORK.night_of(datetime(2026, 3, 7).date())
    assert spring == (utc(2026, 3, 8, 4), utc(2026, 3, 8, 11))  # 23:00 EST → 07:00 EDT
    assert active_between(NEW_YORK, utc(2026, 3, 8, 0), utc(2026, 3, 8, 12)) == 5 * HOUR
    # Fall back (1 November 2026): 9 hours.
    fall = NEW_YORK.night_of(datetime(2026, 10, 31).date())
    assert fall == (utc(2026, 11, 1, 3), utc(2026, 11, 1, 12))  # 23:00 EDT → 07:00 EST
    assert active_between(NEW_YORK, utc(2026, 11, 1, 0), utc(2026, 11, 1, 13)) == 4 * HOUR
    # A day's clock begun at noon before each change ends at the same wall time, 8 running
    # hours later the next day: 16:00 local either side (its UTC differs by the change).
    assert deadline_after(NEW_YORK, utc(2026, 3, 7, 17), 86400) == utc(2026, 3, 9, 0)
    assert deadline_after(NEW_YORK, utc(2026, 10, 31, 16), 86400) == utc(2026, 11, 2, 1)


def test_quiet_weekends_stand_from_friday_night_to_monday_morning() -> None:
    weekends = QuietHours("America/New_York", time(23), time(7), weekends=True)
    friday = utc(2026, 11, 6, 12)  # 07:00 EST
    # Friday's night, the weekend and Sunday's night are one stretch: 23:00 Fri → 07:00 Mon.
    assert next(weekends.nights(friday)) == (utc(2026, 11, 7, 4), utc(2026, 11, 9, 12))
    assert is_quiet(weekends, utc(2026, 11, 8, 18)) and not is_quiet(NEW_YORK, utc(2026, 11, 8, 18))
    # A day's clock: 16 h on Friday, then 8 h on Monday — due Monday 15:00 EST; without the
    # weekend it would be due on Saturday.
    assert deadline_after(weekends, friday, 86400) == utc(2026, 11, 9, 20)
    assert deadline_after(NEW_YORK, friday, 86400) == utc(2026, 11, 7, 20)
    assert active_between(weekends, friday, utc(2026, 11, 9, 20)) == DAY
    # A turn begun on Saturday starts on Monday morning.
    assert deadline_after(weekends, utc(2026, 11, 7, 15), 3600) == utc(2026, 11, 9, 13)
    # Kept in a game's clock, and read back (clocks copied before have no weekends).
    assert QuietHours.load(weekends.dump()) == weekends
    assert QuietHours.load(NEW_YORK.dump()) == NEW_YORK and "weekends" not in NEW_YORK.dump()


@given(
    start=st.datetimes(
        min_value=datetime(2026, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC)
    ),
    seconds=st.integers(min_value=0, max_value=10 * 86400),
)
def test_a_deadline_with_quiet_weekends_runs_exactly_its_time(
    start: datetime, seconds: int
) -> None:
    weekends = QuietHours("Europe/London", time(22), time(6), weekends=True)
    due = deadline_after(weekends, start, seconds)
    assert active_between(weekends, start, due) == timedelta(seconds=seconds)


def test_quiet_hours_are_checked() -> None:
    with pytest.raises(BadQuietHours):
        QuietHours("Mars/Olympus", time(23), time(7))
    with pytest.raises(BadQuietHours):  # 14 hours: more than half the day
        QuietHours("Asia/Tokyo", time(20), time(10))
    with pytest.raises(BadQuietHours):
        QuietHours("Asia/Tokyo", time(8), time(8))
    day = QuietHours("Europe/London", time(13), time(14))  # not across midnight
    assert QuietHours.load(day.dump()) == day and day.length == HOUR


@given(
    start=st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2028, 1, 1)),
    seconds=st.integers(min_value=0, max_value=20 * 86400),
    zone=st.sampled_from(["America/New_York", "Asia/Tokyo", "Europe/Berlin", "Australia/Sydney"]),
    night=st.sampled_from([(23, 7), (0, 6), (22, 10), (13, 14)]),
)
def test_a_deadline_is_the_inverse_of_the_time_that_runs(
    start: datetime, seconds: int, zone: str, night: tuple[int, int]
) -> None:
    quiet = QuietHours(zone, time(night[0]), time(night[1]))
    begin = start.replace(tzinfo=UTC)
    deadline = deadline_after(quiet, begin, seconds)
    assert active_between(quiet, begin, deadline) == timedelta(seconds=seconds)
    assert deadline - begin <= timedelta(seconds=seconds) * 2 + DAY  # at most 12 h a day stand
    if seconds:
        assert not is_quiet(quiet, deadline - timedelta(seconds=1))


def test_a_bank_is_spent_and_topped_up_to_its_cap() -> None:
    rule = BankRule(start=3 * 86400, add=86400, cap=5 * 86400)
    bank = Bank(rule, {0: rule.start, 1: rule.start})
    bank = bank.after_move(0, timedelta(days=2))  # 3 - 2 + 1
    assert bank.left[0] == 2 * 86400
    for _ in range(3):  # 3d, 4d - 1h, 5d - 2h, then the cap
        bank = bank.after_move(1, timedelta(hours=1))
    assert bank.left[1] == 5 * 86400
    assert bank.after_move(0, timedelta(days=9)).left[0] == 86400  # spent: only the add
    with pytest.raises(ValueError):
        BankRule(start=86400, add=0, cap=3600)


def test_a_turn_in_a_bank_game_spends_thinking_time_less_nights_and_stands() -> None:
    rule = BankRule(start=2 * 86400, add=86400, cap=4 * 86400)
    clock = GameClock(quiet={0: TOKYO}, bank=Bank(rule, {0: rule.start, 1: rule.start}))
    begun = utc(2026, 12, 1, 0)  # 09:00 JST
    first = tick(
        clock, running=True, was_running=False, to_act=frozenset({0}), acting=frozenset(),
        humans=frozenset({0, 1}), actors=(), planned=False, move_seconds=86400,
        deadline_at=None, held_since=None, now=begun,
    )  # fmt: skip
    # Two days of Tokyo's running time (16 hours a day): 09:00 JST three days on.
    assert first.deadline_at == deadline_after(TOKYO, begun, 2 * 86400) == utc(2026, 12, 4, 0)
    # The clock stands (away) for 10 hours from 01:00 UTC, then runs again.
    held = first.clock
    clock2, deadline = resumed(
        held, first.deadline_at, [0], utc(2026, 12, 1, 1), utc(2026, 12, 1, 11)
    )
    assert clock2.turn is not None and clock2.turn.stood == (
        (utc(2026, 12, 1, 1), utc(2026, 12, 1, 11)),
    )
    assert deadline is not None and deadline > first.deadline_at
    # Seat 0 moves at 20:00 UTC (05:00 JST): 1 h before the stand, 3 h after it (11–14 UTC),
    # and nothing in the night (14:00–22:00 UTC).
    moved = tick(
        clock2, running=True, was_running=True, to_act=frozenset({1}), acting=frozenset({0}),
        humans=frozenset({0, 1}), actors=(0,), planned=False, move_seconds=86400,
        deadline_at=deadline, held_since=None, now=utc(2026, 12, 1, 20),
    )  # fmt: skip
    assert moved.thought == (4 * 3600,)
    assert moved.clock.bank is not None and moved.clock.bank.left[0] == 3 * 86400 - 4 * 3600
    assert moved.reset_reminders and moved.clock.turn == Turn(utc(2026, 12, 1, 20), 2 * 86400)
    # A planned answer is not timed.
    answered = tick(
        moved.clock, running=True, was_running=True, to_act=frozenset({0}), acting=frozenset({1}),
        humans=frozenset({0, 1}), actors=(1,), planned=True, move_seconds=86400,
        deadline_at=moved.deadline_at, held_since=None, now=utc(2026, 12, 1, 20),
    )  # fmt: skip
    assert answered.thought == (None,)
    assert GameClock.load(answered.clock.dump()) == answered.clock


def test_a_night_across_midnight_is_as_long_as_the_clock_says() -> None:
    assert QuietHours("Asia/Tokyo", time(23), time(7)).length == 8 * HOUR
    assert QuietHours("Asia/Tokyo", time(22, 30), time(0, 15)).length == HOUR * 1.75
