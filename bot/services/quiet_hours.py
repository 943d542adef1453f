"""Quiet hours: a player's nightly hours, in their own time zone, when their move clock stands.

A night is a stretch of local wall time (``23:00``–``07:00``, crossing midnight or not) each
local day; it is turned into UTC with the zone's rules of that very date (:mod:`zoneinfo`), so a
change to or from daylight saving moves the night with the clock on the wall: a night across
America/New_York's spring change is an hour shorter in UTC, one across the autumn change an
hour longer. A wall time the change skips (02:30 on the spring night) is read as the offset
before it would give it (``fold=0``), as :mod:`zoneinfo` does.

A player may also keep their weekends quiet (``weekends``): local Saturday and Sunday, whole,
for those whose weekends are away from the screen — the one stretch past 12 hours a day, asked
for by name. A night that touches a weekend merges with it into one quiet stretch.

Everything here is pure: the clock's deadlines (:func:`deadline_after`), what is left of a turn
(:func:`active_between`) and whether a reminder may go out (:func:`is_quiet`) all come from it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

#: The longest quiet a day may hold: the clock runs at least half of every day.
MAX_QUIET = timedelta(hours=12)
DAY = timedelta(days=1)
SATURDAY = 5


class BadQuietHours(ValueError):
    """An unknown time zone, or quiet hours that are empty or longer than :data:`MAX_QUIET`."""


@lru_cache(maxsize=512)
def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise BadQuietHours(name) from exc


@dataclass(frozen=True, slots=True)
class QuietHours:
    """Nightly quiet from ``start`` to ``end`` (local wall time in ``zone_name``; ``end`` at or
    before ``start`` means the next morning)."""

    zone_name: str
    start: time
    end: time
    #: Saturday and Sunday (local) are quiet all day too.
    weekends: bool = False

    def __post_init__(self) -> None:
        zone(self.zone_name)
        if not timedelta(0) < self.length <= MAX_QUIET:
            raise BadQuietHours(f"{self.start}-{self.end}")

    @property
    def length(self) -> timedelta:
        """How long the night is on the wall clock (daylight saving aside)."""
        minutes = (_minutes(self.end) - _minutes(self.start)) % (24 * 60)
        return timedelta(minutes=minutes)

    def dump(self) -> dict[str, str | bool]:
        out: dict[str, str | bool] = {
            "zone": self.zone_name,
            "from": self.start.strftime("%H:%M"),
            "to": self.end.strftime("%H:%M"),
        }
        if self.weekends:  # absent in clocks copied before weekends could be quiet
            out["weekends"] = True
        return out

    @classmethod
    def load(cls, raw: dict[str, Any]) -> QuietHours:
        return cls(
            raw["zone"],
            time.fromisoformat(raw["from"]),
            time.fromisoformat(raw["to"]),
            bool(raw.get("weekends", False)),
        )

    def night_of(self, day: date) -> tuple[datetime, datetime]:
        """The night that begins on local ``day``, in UTC."""
        tz = zone(self.zone_name)
        ends_on = day + DAY if self.end <= self.start else day
        begins = datetime.combine(day, self.start, tzinfo=tz).astimezone(UTC)
        ends = datetime.combine(ends_on, self.end, tzinfo=tz).astimezone(UTC)
        return begins, ends

    def weekend_of(self, saturday: date) -> tuple[datetime, datetime]:
        """The weekend that begins on local ``saturday``, in UTC (to Monday 00:00)."""
        tz = zone(self.zone_name)
        begins = datetime.combine(saturday, time(0), tzinfo=tz).astimezone(UTC)
        ends = datetime.combine(saturday + 2 * DAY, time(0), tzinfo=tz).astimezone(UTC)
        return begins, ends

    def _stretches(self, day: date) -> Iterator[tuple[datetime, datetime]]:
        """Every quiet stretch from local ``day`` on, by when it begins (they may overlap):
        a day's weekend (from its midnight) before its night."""
        while True:
            if self.weekends and day.weekday() == SATURDAY:
                yield self.weekend_of(day)
            begins, ends = self.night_of(day)
            if ends > begins:
                yield begins, ends
            day += DAY

    def nights(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        """Every quiet stretch (a night, or a weekend with the nights it touches) that ends
        after ``since``, in order, apart from one another, without end."""
        # A weekend two days long may have begun before yesterday.
        first = since.astimezone(zone(self.zone_name)).date() - (3 * DAY if self.weekends else DAY)
        current: tuple[datetime, datetime] | None = None
        for begins, ends in self._stretches(first):
            if current is not None and begins <= current[1]:
                current = (current[0], max(current[1], ends))
                continue
            if current is not None and current[1] > since:
                yield current
            current = (begins, ends)


def _minutes(at: time) -> int:
    return at.hour * 60 + at.minute


def is_quiet(quiet: QuietHours | None, at: datetime) -> bool:
    """Whether ``at`` falls in one of the player's nights."""
    if quiet is None:
        return False
    begins, ends = next(quiet.nights(at))
    return begins <= at < ends


def active_between(quiet: QuietHours | None, since: datetime, until: datetime) -> timedelta:
    """How much of ``since``–``until`` lies outside the player's nights (the clock's time)."""
    if until <= since:
        return timedelta(0)
    span = until - since
    if quiet is None:
        return span
    for begins, ends in quiet.nights(since):
        if begins >= until:
            break
        span -= min(ends, until) - max(begins, since)
    return span


def deadline_after(quiet: QuietHours | None, start: datetime, seconds: float) -> datetime:
    """When a clock started at ``start`` with ``seconds`` to run runs out, counting only time
    outside the player's nights: the inverse of :func:`active_between`."""
    left = timedelta(seconds=max(seconds, 0))
    if quiet is None:
        return start + left
    at = start
    for begins, ends in quiet.nights(start):
        if begins > at:
            if left <= begins - at:
                break
            left -= begins - at
        at = max(at, ends)
    return at + left
