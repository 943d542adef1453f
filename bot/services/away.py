"""Away mode: a player takes days off (``/away``) and the clocks of all their games stand.

One row per away player (``player_away``); the days used per calendar year in ``away_used``
(charged when the time off ends, by the days it actually lasted, begun days counting whole;
a time off counts to the year it began). Going away and coming back each change every active
game of the player in one transaction (its ``pause`` and ``held_since``, the version bumped so a
clock that read the game before cannot time it out); each game changed owes a redrawn board (a
``clock_notice`` row, announced and then forgotten like the clock's own notices), so a crash
after the commit still redraws it. Coming back is claimed with a conditional DELETE, so the
scheduler of another process (or a click racing the end date) ends a time off exactly once.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import defer

from bot.db import AwayUsedRow, GameRow, GameSeatRow, PlayerAwayRow
from bot.db.game_columns import BUMPED_VERSION
from bot.db.records import DeliveryWrite
from bot.services.errors import ServiceError, StaleVersion
from bot.services.games import GameService
from bot.services.holds import Hold, hold_columns
from bot.statuses import DeliveryKind, GameStatus
from bot.text.away import AWAY_NOT_AWAY, AWAY_TOO_LONG

#: Days off a player may take a year unless the operator says otherwise (AWAY_DAYS_PER_YEAR).
DEFAULT_AWAY_DAYS = 20
DAY = timedelta(days=1)
#: Tries of a change that met a game changed meanwhile (a move between read and write).
TRIES = 5
T = TypeVar("T")


class AwayRefused(ServiceError):
    pass


@dataclass(frozen=True, slots=True)
class AwayStatus:
    until: datetime | None
    #: Days used this year, the current time off counted as planned.
    used: int
    allowance: int

    @property
    def left(self) -> int:
        return max(self.allowance - self.used, 0)


def days_between(start: datetime, end: datetime) -> int:
    """Days of allowance a time off from ``start`` to ``end`` takes: begun days count whole."""
    return max(1, math.ceil((end - start) / DAY))


class AwayService:
    def __init__(self, games: GameService, allowance: int = DEFAULT_AWAY_DAYS) -> None:
        self.db = games.db
        self.clock = games.clock
        self.loader = games.loader
        self.deliveries = games.deliveries
        self.allowance = allowance

    async def status(self, user_id: int) -> AwayStatus:
        now = self.clock()
        async with self.db.read() as session:
            away = await session.get(PlayerAwayRow, user_id)
            used = await self._used(session, user_id, now.year)
        if away is None:
            return AwayStatus(None, used, self.allowance)
        return AwayStatus(away.until, used + days_between(away.since, away.until), self.allowance)

    async def away_until(self, user_ids: list[int]) -> dict[int, datetime]:
        """Who of ``user_ids`` is away, and until when."""
        if not user_ids:
            return {}
        async with self.db.read() as session:
            rows = await session.execute(
                select(PlayerAwayRow.user_id, PlayerAwayRow.until).where(
                    PlayerAwayRow.user_id.in_(user_ids)
                )
            )
            return {user: until for user, until in rows}

    async def tournament_games(self, user_id: int) -> int:
        """How many of the player's games are a tournament's (their clocks never stop)."""
        async with self.db.read() as session:
            found = await session.scalar(
                select(func.count())
                .select_from(GameRow)
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(
                    GameSeatRow.user_id == user_id,
                    GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                    GameRow.status == GameStatus.ACTIVE,
                    GameRow.tournament_id.is_not(None),
                )
            )
        return int(found or 0)

    async def go_away(self, user_id: int, until: datetime) -> tuple[AwayStatus, list[int]]:
        """Away until ``until`` (or a new end to the time off already running); the ids of the
        games whose boards owe a redraw (their notices: :meth:`ClockService.unannounced`)."""
        now = self.clock()

        async def write(session: AsyncSession) -> tuple[AwayStatus, list[int]]:
            away = await session.get(PlayerAwayRow, user_id)
            since = away.since if away is not None else now
            used = await self._used(session, user_id, since.year)
            planned = days_between(since, until)
            if until <= now or used + planned > self.allowance:
                left = max(self.allowance - used, 0)
                raise AwayRefused(AWAY_TOO_LONG.format(left=left, year=since.year))
            if away is None:
                session.add(PlayerAwayRow(user_id=user_id, since=now, until=until))
            else:
                away.until = until
            changed = await self._mark(session, user_id, until, now)
            return AwayStatus(until, used + planned, self.allowance), changed

        status, changed = await self._in_one_write(write)
        self._forget(changed)
        return status, changed

    async def come_back(self, user_id: int, *, only_if_due: bool = False) -> list[int]:
        """End the player's time off (``only_if_due``: only if its end date has come — the
        scheduler's claim); the games whose boards owe a redraw."""
        now = self.clock()

        async def write(session: AsyncSession) -> list[int]:
            away = await session.get(PlayerAwayRow, user_id)
            if away is None or (only_if_due and away.until > now):
                if only_if_due:
                    return []
                raise AwayRefused(AWAY_NOT_AWAY)
            claimed = await session.execute(
                delete(PlayerAwayRow).where(
                    PlayerAwayRow.user_id == user_id, PlayerAwayRow.since == away.since
                )
            )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                return []  # another process ended it first
            await self._charge(
                session, user_id, away.since.year, days_between(away.since, min(now, away.until))
            )
            return await self._mark(session, user_id, None, now)

        changed = await self._in_one_write(write)
        self._forget(changed)
        return changed

    async def tick(self) -> list[int]:
        """Scheduler work: end every time off whose end date has come, and stop the clocks of
        games an away player got into meanwhile (a challenge they accepted while away)."""
        now = self.clock()
        async with self.db.read() as session:
            due = list(
                await session.scalars(
                    select(PlayerAwayRow.user_id).where(PlayerAwayRow.until <= now)
                )
            )
            missed = await session.execute(  # tournament games never stop: see _mark
                select(
                    GameRow.id,
                    GameSeatRow.seat,
                    PlayerAwayRow.user_id,
                    PlayerAwayRow.until,
                    GameRow.pause,
                )
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .join(PlayerAwayRow, PlayerAwayRow.user_id == GameSeatRow.user_id)
                .where(
                    GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                    GameRow.status == GameStatus.ACTIVE,
                    GameRow.tournament_id.is_(None),
                    PlayerAwayRow.until > now,
                )
            )
            late = sorted(
                {
                    (user, until)
                    for _, seat, user, until, pause in missed
                    if Hold.load(pause).away.get(seat) != until
                }
            )
        changed: list[int] = []
        for user_id in due:
            changed += await self.come_back(user_id, only_if_due=True)
        for user_id, until in late:
            try:
                async with self.db.transaction() as session:
                    marked = await self._mark(session, user_id, until, now)
            except StaleVersion:
                continue  # a move came first: the next tick tries again
            self._forget(marked)
            changed += marked
        return changed

    async def _mark(
        self, session: AsyncSession, user_id: int, until: datetime | None, now: datetime
    ) -> list[int]:
        """Record in each active game of the player that they are away until ``until`` (or no
        longer, ``None``), stopping or restarting its clock; each changed game owes a redraw."""
        rows = list(
            await session.scalars(
                select(GameRow)
                .options(defer(GameRow.state))
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .where(
                    GameSeatRow.user_id == user_id,
                    GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                    GameRow.status == GameStatus.ACTIVE,
                    # A tournament's round waits for every board: its clocks keep running.
                    GameRow.tournament_id.is_(None),
                )
                .execution_options(populate_existing=True)
            )
        )
        changed: list[int] = []
        for row in rows:
            hold = Hold.load(row.pause)
            for seat in row.seats:
                if seat.user_id == user_id:
                    hold = hold.with_away(seat.seat, until)
            if hold.dump() == row.pause:
                continue
            values = hold_columns(
                hold,
                held_since=row.held_since,
                deadline=row.deadline_at,
                move_seconds=row.move_seconds,
                now=now,
            )
            done = await session.execute(
                update(GameRow)
                .where(GameRow.id == row.id, GameRow.version == row.version)
                .values(**values, updated_at=now, version=BUMPED_VERSION)
                .execution_options(synchronize_session=False)
            )
            if done.rowcount != 1:  # type: ignore[attr-defined]
                raise StaleVersion()
            session.add(self.deliveries.row(row.id, DeliveryWrite(DeliveryKind.REDRAW)))
            changed.append(row.id)
        return changed

    async def _in_one_write(self, write: Callable[[AsyncSession], Awaitable[T]]) -> T:
        """``write`` in one transaction, from the start again when a game it marks moved on
        meanwhile (its guarded update found another version)."""
        for _ in range(TRIES):
            try:
                async with self.db.transaction() as session:
                    return await write(session)
            except StaleVersion:
                continue
        raise StaleVersion()

    def _forget(self, game_ids: list[int]) -> None:
        for game_id in game_ids:
            self.loader.cache.drop(game_id)

    @staticmethod
    async def _used(session: AsyncSession, user_id: int, year: int) -> int:
        row = await session.get(AwayUsedRow, (user_id, year))
        return 0 if row is None else row.days

    @staticmethod
    async def _charge(session: AsyncSession, user_id: int, year: int, days: int) -> None:
        row = await session.get(AwayUsedRow, (user_id, year))
        if row is None:
            session.add(AwayUsedRow(user_id=user_id, year=year, days=days))
        else:
            row.days += days
