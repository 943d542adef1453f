"""How long each player takes to move, per game: the median and the 90th percentile, read from
the event log's timestamps, so opponents know what to expect.

A move is timed from the log's previous action by someone else (the moment the game began
waiting on this player) to the player's own action. Actions that follow the player's own
(a second step of the same turn) are not timed again, and neither is the first action of a
game (its start is not logged). Two things follow, both on purpose:

- 戦列札's placements are simultaneous: the second player to place is timed from the first's
  placement, i.e. how long the table waited on them — what an opponent wants to know;
- 易双六 is a solitaire: every action follows the player's own, nobody waits, nothing is timed.

Only the player's most recent :data:`RECENT_GAMES` games are read (one indexed query for the
ids, one for their events), so a player with 10 000 games costs what one with 100 does.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import pairwise

from sqlalchemy import select

from bot.db import Database
from bot.db.models import GameEventRow, GameRow, GameSeatRow
from bot.statuses import PLAYED_GAME_STATUSES

#: The window: a player's typical pace now, not their pace of three years ago.
RECENT_GAMES = 100


@dataclass(frozen=True, slots=True)
class MoveTimes:
    """A player's pace in one game (``game_type``): over ``moves`` timed moves."""

    game_type: str
    moves: int
    median: timedelta
    p90: timedelta


def nearest_rank(ordered: list[timedelta], fraction: float) -> timedelta:
    """The nearest-rank percentile of a sorted, non-empty list."""
    return ordered[max(math.ceil(fraction * len(ordered)) - 1, 0)]


def timed_moves(events: list[tuple[int | None, datetime]], seat: int) -> list[timedelta]:
    """The waits of ``seat`` in one game's log (seat, time) in order of ply."""
    waits = []
    for (before_seat, before_at), (by, at) in pairwise(events):
        if by == seat and before_seat != seat:
            waits.append(max(at - before_at, timedelta(0)))
    return waits


class MoveTimeStats:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def of(self, user_id: int) -> list[MoveTimes]:
        """The user's pace per game, over their most recent games (solitaires have none)."""
        async with self.db.read() as session:
            seats = (
                await session.execute(
                    select(GameSeatRow.game_id, GameSeatRow.seat, GameRow.game_type)
                    .join(GameRow, GameRow.id == GameSeatRow.game_id)
                    .where(
                        GameSeatRow.user_id == user_id,
                        GameSeatRow.is_bot.is_(False),
                        GameRow.status.in_(PLAYED_GAME_STATUSES),
                    )
                    .order_by(GameSeatRow.game_id.desc())
                    .limit(RECENT_GAMES)
                )
            ).all()
            if not seats:
                return []
            rows = await session.execute(
                select(GameEventRow.game_id, GameEventRow.seat, GameEventRow.created_at)
                .where(GameEventRow.game_id.in_([s.game_id for s in seats]))
                .order_by(GameEventRow.game_id, GameEventRow.ply)
            )
            logs: dict[int, list[tuple[int | None, datetime]]] = defaultdict(list)
            for game_id, seat, at in rows:
                logs[game_id].append((seat, at))
        waits: dict[str, list[timedelta]] = defaultdict(list)
        for game_id, seat, game_type in seats:
            waits[game_type] += timed_moves(logs.get(game_id, []), seat)
        return [
            MoveTimes(
                game_type, len(ordered), nearest_rank(ordered, 0.5), nearest_rank(ordered, 0.9)
            )
            for game_type, found in sorted(waits.items())
            if (ordered := sorted(found))
        ]
