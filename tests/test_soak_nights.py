"""The soak's own arithmetic of quiet hours (``bench/soak_nights.py``), which the soak checks the
bot against: worked examples by hand, across Berlin's change to summer time, and agreement with
the bot's ``quiet_hours`` on random turns (a disagreement would make the soak fail for the
checker's fault, or pass for it)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, time, timedelta

from bench.soak_nights import Nights, night_over, running_between, runs_out
from bot.services import quiet_hours

BERLIN = Nights("Europe/Berlin", time(23), time(7))
TOKYO = Nights("Asia/Tokyo", time(23), time(7))


def utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2031, 3, day, hour, minute, tzinfo=UTC)


def test_a_berlin_night_across_summer_time_is_seven_hours() -> None:
    # 23:00 CET is 22:00 UTC; the clocks go forward at 01:00 UTC; 07:00 CEST is 05:00 UTC.
    assert not BERLIN.quiet(utc(29, 21, 59)) and BERLIN.quiet(utc(29, 22))
    assert BERLIN.next_change(utc(29, 21)) == utc(29, 22)
    assert BERLIN.next_change(utc(29, 23)) == utc(30, 5)
    # An hour's clock begun at 21:15 UTC runs 45 minutes, stands 7 hours, runs 15 minutes.
    assert runs_out(BERLIN, utc(29, 21, 15), 3600) == utc(30, 5, 15)
    assert running_between(BERLIN, utc(29, 21, 15), utc(30, 5, 15)) == timedelta(hours=1)
    # Half the time is left at 21:45; a reminder due then, but asked in the night, waits.
    assert night_over(BERLIN, utc(29, 22, 5)) == utc(30, 5)
    assert night_over(BERLIN, utc(29, 21, 45)) == utc(29, 21, 45)


def test_a_tokyo_night_is_eight_hours_without_daylight_saving() -> None:
    assert runs_out(TOKYO, utc(29, 13, 20), 3600) == utc(29, 22, 20)
    assert runs_out(None, utc(29, 13, 20), 3600) == utc(29, 14, 20)


def test_it_agrees_with_the_bot_on_random_turns() -> None:
    chance = random.Random(32)
    for nights in (BERLIN, TOKYO, Nights("America/New_York", time(22, 30), time(6, 15))):
        theirs = quiet_hours.QuietHours(nights.zone, nights.start, nights.end)
        for _ in range(150):
            began = utc(1, 0) + timedelta(seconds=chance.uniform(0, 40 * 86400))
            seconds = chance.uniform(0, 2 * 86400)
            assert runs_out(nights, began, seconds) == quiet_hours.deadline_after(
                theirs, began, seconds
            )
            until = began + timedelta(seconds=chance.uniform(0, 2 * 86400))
            ran = running_between(nights, began, until)
            assert ran == quiet_hours.active_between(theirs, began, until)
            assert nights.quiet(began) == quiet_hours.is_quiet(theirs, began)
