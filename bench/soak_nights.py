"""The soak's own arithmetic of quiet hours: what the clock director expects, worked out apart
from the bot's (:mod:`bot.services.quiet_hours`) so that it really checks it.

The bot builds each night from local dates (wall time turned into UTC with the zone's rules of
that date). Here a night is only a reading of the wall clock: an instant is quiet when the
player's clock on the wall, read in their zone (:meth:`datetime.astimezone`), shows a time
inside their hours. Where one quiet stretch ends is found by stepping forward and halving the
step down to a microsecond — slow and plain, and enough for a few dozen games. The two agree
wherever a night's start and end are wall times that happen once on their date (23:00 and
07:00 always do: daylight saving changes at 01:00–03:00 in the zones the soak uses).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

#: Quiet and running stretches are hours long: a step this short never jumps over one.
STEP = timedelta(minutes=10)
TICK = timedelta(microseconds=1)
#: The longest a stretch can last (a night is at most 12 hours; a day the rest).
LONGEST = timedelta(days=1)


@dataclass(frozen=True)
class Nights:
    """A player's nightly quiet: local wall time ``start`` to ``end`` in ``zone`` (``end``
    before ``start``: the next morning), as they type them into ``/settings``."""

    zone: str
    start: time
    end: time

    @property
    def hours(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"

    def quiet(self, at: datetime) -> bool:
        wall = at.astimezone(ZoneInfo(self.zone)).time()
        if self.start < self.end:
            return self.start <= wall < self.end
        return wall >= self.start or wall < self.end

    def next_change(self, at: datetime) -> datetime:
        """The first instant after ``at`` that is quiet if ``at`` is not, or not if it is."""
        now_quiet = self.quiet(at)
        low = at
        while self.quiet(low + STEP) == now_quiet:
            low += STEP
            assert low - at <= LONGEST, "a stretch longer than a day"
        high = low + STEP
        while high - low > TICK:
            middle = low + (high - low) // 2
            if self.quiet(middle) == now_quiet:
                low = middle
            else:
                high = middle
        return high


def is_quiet(nights: Nights | None, at: datetime) -> bool:
    return nights is not None and nights.quiet(at)


def running_between(nights: Nights | None, since: datetime, until: datetime) -> timedelta:
    """How long the clock ran from ``since`` to ``until``: the time outside the nights."""
    if nights is None:
        return max(until - since, timedelta(0))
    ran = timedelta(0)
    at = since
    while at < until:
        stretch_end = min(nights.next_change(at), until)
        if not nights.quiet(at):
            ran += stretch_end - at
        at = stretch_end
    return ran


def runs_out(nights: Nights | None, began: datetime, seconds: float) -> datetime:
    """When a clock begun at ``began`` with ``seconds`` to run has run them, nights stood."""
    left = timedelta(seconds=seconds)
    if nights is None:
        return began + left
    at = began
    while True:
        change = nights.next_change(at)
        if not nights.quiet(at):
            if left <= change - at:
                return at + left
            left -= change - at
        at = change


def night_over(nights: Nights | None, at: datetime) -> datetime:
    """``at``, or the end of the night it falls in: the first moment a reminder may come."""
    if nights is None or not nights.quiet(at):
        return at
    return nights.next_change(at)
