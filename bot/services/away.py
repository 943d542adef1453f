"""Away mode: a player takes days off (``/away``) and the clocks of all their games stand.

One row per away player (``player_away``); the days used per calendar year in ``away_used``
(charged when the time off ends, by the days it actually lasted, begun days counting whole;
a time off counts to the year it began). That row is what is true; the games follow it. Going
away and coming back each write the row, then change every active game of the player with one
guarded write each (:meth:`GuardedWriter.change`: its ``pause`` and ``held_since``, the version
bumped so a clock that read the game before cannot time it out), each owing a redrawn board
(a ``redraw`` delivery written with it), so a crash after the commit still redraws it. A game
left out of step (a crash between the row and its games, a challenge an away player accepted)
is brought in step by the scheduler's next tick. Coming back is claimed with a conditional
DELETE, so the scheduler of another process (or a click racing the end date) ends a time off
exactly once.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import AwayUsedRow, GameRow, GameSeatRow, PlayerAwayRow
from bot.db.records import DeliveryWrite
from bot.services.base import Planned
from bot.services.errors import ServiceError, StaleVersion
from bot.services.games import GameService
from bot.services.holds import Hold
from bot.services.snapshots import GameSnapshot
from bot.statuses import DeliveryKind, GameStatus
from bot.text.away import AWAY_NOT_AWAY, AWAY_TOO_LONG
from rules.core import Seat

#: Days off a player may take a year unless the operator says otherwise (AWAY_DAYS_PER_YEAR).
DEFAULT_AWAY_DAYS = 20
DAY = timedelta(days=1)
#: Tries of a change that met a game changed meanwhile (a move between read and write).
TRIES = 5


class AwayRefused(ServiceError):
    pass


class _InStep(Exception):
    """The game's clock already stands (or runs) as who is away says: nothing to write."""


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
        self.writer = games.writer
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
        games whose boards owe a redraw (their notices: :meth:`ClockService.redraws`)."""
        now = self.clock()
        async with self.db.transaction() as session:
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
        status = AwayStatus(until, used + planned, self.allowance)
        return status, await self._follow(await self._games_of(user_id))

    async def come_back(self, user_id: int, *, only_if_due: bool = False) -> list[int]:
        """End the player's time off (``only_if_due``: only if its end date has come — the
        scheduler's claim); the games whose boards owe a redraw."""
        now = self.clock()
        async with self.db.transaction() as session:
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
                return []  # another process ended it first (and its games follow)
            await self._charge(
                session, user_id, away.since.year, days_between(away.since, min(now, away.until))
            )
        return await self._follow(await self._games_of(user_id))

    async def tick(self) -> list[int]:
        """Scheduler work: end every time off whose end date has come, and bring in step the
        games that are not (a challenge an away player accepted meanwhile, a process that
        stopped between a time off's row and its games)."""
        now = self.clock()
        async with self.db.read() as session:
            due = list(
                await session.scalars(
                    select(PlayerAwayRow.user_id).where(PlayerAwayRow.until <= now)
                )
            )
        changed: list[int] = []
        for user_id in due:
            changed += await self.come_back(user_id, only_if_due=True)
        return changed + await self._follow(await self._out_of_step(now))

    async def _games_of(self, user_id: int) -> list[int]:
        """The player's games whose clocks away mode stops: active, outside tournaments (a
        round waits for every board, so its clocks keep running)."""
        async with self.db.read() as session:
            return list(
                await session.scalars(
                    select(GameRow.id)
                    .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                    .where(
                        GameSeatRow.user_id == user_id,
                        GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                        GameRow.status == GameStatus.ACTIVE,
                        GameRow.tournament_id.is_(None),
                    )
                    .distinct()
                )
            )

    async def _out_of_step(self, now: datetime) -> list[int]:
        """Games whose stopped clocks do not say who of their players is away now."""
        async with self.db.read() as session:
            rows = await session.execute(
                select(GameRow.id, GameRow.pause, GameSeatRow.seat, PlayerAwayRow.until)
                .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                .outerjoin(
                    PlayerAwayRow,
                    (PlayerAwayRow.user_id == GameSeatRow.user_id) & (PlayerAwayRow.until > now),
                )
                .where(
                    GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                    GameRow.status == GameStatus.ACTIVE,
                    GameRow.tournament_id.is_(None),
                    GameRow.held_since.is_not(None) | PlayerAwayRow.user_id.is_not(None),
                )
            )
            pauses: dict[int, dict[str, Any] | None] = {}
            away: dict[int, dict[Seat, datetime]] = {}
            for game_id, pause, seat, until in rows:
                pauses[game_id] = pause
                if until is not None:
                    away.setdefault(game_id, {})[seat] = until
        return sorted(g for g, pause in pauses.items() if Hold.load(pause).away != away.get(g, {}))

    async def _follow(self, game_ids: list[int]) -> list[int]:
        """Each game's clock stopped for its players away now, or running again: one guarded
        write each, sent together (the store's batch commits those that meet in one
        transaction); the games changed, each owing a redrawn board."""
        away = await self._away_in(game_ids)
        followed = await asyncio.gather(*(self._follow_one(g, away.get(g, {})) for g in game_ids))
        return [g for g, changed in zip(game_ids, followed, strict=True) if changed]

    async def _follow_one(self, game_id: int, away: dict[Seat, datetime]) -> bool:
        for _ in range(TRIES):
            try:
                await self.writer.change(game_id, None, partial(self._held, away=away))
            except _InStep:
                return False
            except StaleVersion:
                # A move (or another process's follow) came first: once more, with who is away
                # read again.
                away = (await self._away_in([game_id])).get(game_id, {})
                continue
            return True
        return False  # moved on under us every time: the next tick tries again

    async def _away_in(self, game_ids: list[int]) -> dict[int, dict[Seat, datetime]]:
        """For each of ``game_ids``, its seats whose players are away now, and until when."""
        if not game_ids:
            return {}
        now = self.clock()
        async with self.db.read() as session:
            rows = await session.execute(
                select(GameSeatRow.game_id, GameSeatRow.seat, PlayerAwayRow.until)
                .join(PlayerAwayRow, PlayerAwayRow.user_id == GameSeatRow.user_id)
                .where(GameSeatRow.game_id.in_(game_ids), PlayerAwayRow.until > now)
            )
            away: dict[int, dict[Seat, datetime]] = {}
            for game_id, seat, until in rows:
                away.setdefault(game_id, {})[seat] = until
        return away

    def _held(self, game: GameSnapshot, *, away: dict[Seat, datetime]) -> Planned:
        """The write that stops or restarts ``game``'s clock for the seats ``away`` (until
        when), owing its board a redraw; :class:`_InStep` when it already stands so."""
        hold = Hold.load(game.pause)
        wanted = replace(hold, away=away)
        if game.status != GameStatus.ACTIVE or game.tournament_id is not None or wanted == hold:
            raise _InStep()
        write, to_act = self.writer.write_for(
            game,
            game.state,
            status=game.status,
            expires_at=game.expires_at,
            hold=wanted,
            delivery=DeliveryWrite(DeliveryKind.REDRAW),
        )
        return Planned(write, game.state, to_act)

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
