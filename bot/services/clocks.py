"""The move clock, run from the database: reminders, losses on time, expired challenges.

Nothing lives in memory. Each tick finds due work with one query and *claims* each item with a
conditional UPDATE (a reminder: ``reminders_sent`` still at the value we read; a challenge: still
``challenge``; a timeout: the game's version unchanged, through the normal optimistic lock), so
a restart, or several bot processes sharing one database, never lose, double or skip anything.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import defer

from bot.db import GameRow, GameSeatRow
from bot.services.errors import ServiceError, StaleVersion
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, GameSummary
from rules.core import RulesError, Seat

log = logging.getLogger(__name__)

#: Reminders go out when this fraction of the move time is left: at half, then at a sixth.
REMINDER_FRACTIONS: tuple[float, ...] = (1 / 2, 1 / 6)
#: How many due items one tick handles at most (the rest wait for the next tick).
BATCH = 200


@dataclass(frozen=True, slots=True)
class Reminder:
    game: GameSummary
    seats: tuple[Seat, ...]
    #: 1 for the first reminder (half the time left), 2 for the second (a sixth left).
    number: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class TimedOut:
    result: ActionResult


@dataclass(frozen=True, slots=True)
class Expired:
    game: GameSnapshot


Notice = Reminder | TimedOut | Expired


class ClockService:
    def __init__(self, games: GameService) -> None:
        self.games = games
        self.db = games.db
        self.clock = games.clock

    async def tick(self) -> list[Notice]:
        """Do all work that is due now; return what the front end should announce."""
        await self.games.flush_pings()
        notices: list[Notice] = []
        notices += await self._expire_challenges()
        notices += await self._time_out()
        notices += await self._remind()
        return notices

    async def _expire_challenges(self) -> list[Notice]:
        now = self.clock()
        async with self.db.read() as session:
            ids = list(
                await session.scalars(
                    select(GameRow.id)
                    .where(GameRow.status == "challenge", GameRow.expires_at <= now)
                    .limit(BATCH)
                )
            )
        out: list[Notice] = []
        for game_id in ids:
            async with self.db.transaction() as session:
                claimed = await session.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.status == "challenge")
                    .values(status="expired", updated_at=now, version=GameRow.version + 1)
                )
                if claimed.rowcount != 1:  # type: ignore[attr-defined]
                    continue  # another scheduler got it first
                await session.execute(
                    update(GameSeatRow).where(GameSeatRow.game_id == game_id).values(to_act=False)
                )
            out.append(Expired(await self.games.get(game_id)))
        return out

    async def _time_out(self) -> list[Notice]:
        now = self.clock()
        async with self.db.read() as session:
            rows = list(
                await session.scalars(
                    select(GameRow)
                    .options(defer(GameRow.state))
                    .where(GameRow.status == "active", GameRow.deadline_at <= now)
                    .limit(BATCH)
                )
            )
            due = [GameSummary.summary_of(r) for r in rows]
        out: list[Notice] = []
        for game in due:
            late = [s.seat for s in game.seats_to_act if not s.is_bot]
            try:
                defaults = await self.games.play_timeout_defaults(game.id, game.version)
                if defaults is not None:
                    result = defaults
                elif len(late) == 1:
                    result = await self.games.forfeit(game.id, late[0], version=game.version)
                else:
                    # Everyone to act let the clock run out (a janken nobody played): nobody
                    # wins and nothing is rated.
                    aborted = await self.games.abort_by_platform(game.id, game.version)
                    result = ActionResult(aborted, (), game.version)
            except StaleVersion:
                # A move or another scheduler came first: the normal race, not an error.
                log.debug("game %s changed before its timeout was claimed", game.id)
                continue
            except (RulesError, ServiceError):
                log.exception("could not time out game %s", game.id)
                continue
            out.append(TimedOut(result))
        return out

    async def _remind(self) -> list[Notice]:
        now = self.clock()
        async with self.db.read() as session:
            rows = list(
                await session.scalars(
                    select(GameRow)
                    .options(defer(GameRow.state))
                    .where(
                        GameRow.status == "active",
                        GameRow.deadline_at.is_not(None),
                        GameRow.move_seconds.is_not(None),
                        GameRow.reminders_sent < len(REMINDER_FRACTIONS),
                        GameRow.deadline_at > now,
                    )
                    .order_by(GameRow.deadline_at)
                    .limit(BATCH * 5)
                )
            )
            candidates = [GameSummary.summary_of(r) for r in rows]
        out: list[Notice] = []
        for game in candidates:
            assert game.deadline_at is not None and game.move_seconds is not None
            left = (game.deadline_at - now).total_seconds()
            due = sum(1 for f in REMINDER_FRACTIONS if left <= f * game.move_seconds)
            if due <= game.reminders_sent:
                continue
            async with self.db.transaction() as session:
                claimed = await session.execute(
                    update(GameRow)
                    .where(
                        GameRow.id == game.id,
                        GameRow.reminders_sent == game.reminders_sent,
                        GameRow.deadline_at == game.deadline_at,
                        GameRow.status == "active",
                    )
                    .values(reminders_sent=due)
                )
            if claimed.rowcount != 1:  # type: ignore[attr-defined]
                continue
            seats = tuple(s.seat for s in game.seats_to_act if not s.is_bot)
            # Several thresholds passed at once (the bot was down): one reminder, not a burst.
            out.append(Reminder(game, seats, due, game.deadline_at))
        return out
