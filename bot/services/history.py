"""A player's finished games, newest first, a page at a time (/history).

A page is read from a key — the end and id of the game next to it — along the player's seats'
index (``ix_game_seat_user_ended``: user, when the game ended, game), so a page costs the same
however many games the player has played: nothing before the key is read, nothing is sorted.
Each game comes from its seat's ``summary`` (migration 0026: the game's columns but the state,
and its seats, kept by the database), so a page reads its player's seats and nothing else —
not a game row of ~2 KB and another table's seats for each of its games.
``after`` pages towards older games, ``before`` back towards newer ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, or_, select, tuple_
from sqlalchemy.orm import aliased

from bot.db import Database, GameRow, GameSeatRow, TournamentRow
from bot.services.clock import Clock
from bot.services.snapshots import GameSummary
from bot.statuses import OPEN_TOURNAMENT_STATUSES


@dataclass(frozen=True, slots=True)
class HistoryKey:
    """A game's place in a history: when it finished, then its id (newest: greatest)."""

    finished_at: datetime
    game_id: int

    @classmethod
    def of(cls, game: GameSummary) -> HistoryKey:
        assert game.finished_at is not None, "a finished game has its end"
        return cls(game.finished_at, game.id)


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """Games of a history, newest first, and whether there are newer and older ones."""

    games: list[GameSummary]
    newer: bool
    older: bool

    @property
    def first(self) -> HistoryKey | None:
        return HistoryKey.of(self.games[0]) if self.games else None

    @property
    def last(self) -> HistoryKey | None:
        return HistoryKey.of(self.games[-1]) if self.games else None


def deals_shown(today: date) -> tuple[Any, ...]:
    """Conditions leaving out deals others may still be playing: ``today``'s daily deals
    (their keys begin with the day) and a running solitaire tournament's deals."""
    running = select(TournamentRow.id).where(TournamentRow.status.in_(OPEN_TOURNAMENT_STATUSES))
    other = aliased(GameSeatRow)
    two_players = select(other.game_id).where(other.game_id == GameRow.id, other.seat > 0)
    return (
        or_(GameRow.daily_key.is_(None), GameRow.daily_key < today.isoformat()),
        or_(
            GameRow.tournament_id.is_(None),
            two_players.exists(),
            GameRow.tournament_id.not_in(running),
        ),
    )


class History:
    """Pages of finished games from ``db``; what a deal shared with others hides depends on
    the day by ``clock``."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    def _guild_is(self, guild_id: int) -> ColumnElement[bool]:
        """The summary's game was played in ``guild_id``: SQLite reads the number, PostgreSQL
        its text (no integer cast there holds a Discord id)."""
        guild = GameSeatRow.summary["guild_id"]
        if self.db.is_sqlite:
            same: ColumnElement[bool] = guild.as_integer() == guild_id
        else:
            same = guild.as_string() == str(guild_id)
        return same

    async def page(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        limit: int = 25,
        after: HistoryKey | None = None,
        before: HistoryKey | None = None,
        skip: int = 0,
        viewer: int | None = None,
    ) -> HistoryPage:
        """The ``limit`` games older than ``after`` (or newer than ``before``; else the newest,
        ``skip`` pages of them passed over: the command's page number, read along the index);
        of one server's (``guild_id``), else of every place. For someone else (``viewer``),
        without the deals others may still be playing."""
        seat = GameSeatRow
        place = tuple_(seat.ended_at, seat.game_id)
        backwards = before is not None and after is None
        order = (
            (seat.ended_at, seat.game_id)
            if backwards
            else (seat.ended_at.desc(), seat.game_id.desc())
        )
        # The player's seats alone: a finished game's seat carries its summary (0026).
        query = (
            select(seat.summary)
            .where(
                seat.user_id == user_id,
                seat.ended_at.is_not(None),
                seat.summary.is_not(None),
            )
            .order_by(*order)
            .offset(skip * limit)
            # One more than asked: whether there is more beyond the page.
            .limit(limit + 1)
        )
        if after is not None:
            query = query.where(place < (after.finished_at, after.game_id))
        elif before is not None:
            query = query.where(place > (before.finished_at, before.game_id))
        if guild_id is not None:
            query = query.where(self._guild_is(guild_id))
        if viewer is not None and viewer != user_id:
            # Someone else's history: what deals to leave out is read from the games.
            query = query.join(GameRow, GameRow.id == seat.game_id).where(
                *deals_shown(self.clock().date())
            )
        async with self.db.read() as session:
            rows = (await session.scalars(query)).all()
        games = [GameSummary.from_summary(r) for r in rows[:limit]]
        beyond = len(rows) > limit
        if backwards:
            return HistoryPage(games[::-1], newer=beyond, older=True)
        return HistoryPage(games, newer=after is not None or skip > 0, older=beyond)
