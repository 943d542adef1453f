"""How long each player takes to move, per game: the median and the 90th percentile, read from
the event log, so opponents know what to expect.

A move is timed by the thinking time its write logged (``thought_seconds``: the time since the
turn began less the player's quiet hours and the time the clock stood — away, adjourned —
see :mod:`bot.services.game_clock`); a planned answer was thought over before, and is not
timed at all rather than counted as 0 s. A game logged before thinking time was kept is timed
from its timestamps, as it always was: a move is timed from the log's previous action by someone else (the moment the game began
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
from collections.abc import Sequence
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


#: One logged action as the pace reads it: its seat, when, and its thinking time if logged.
Logged = tuple[int | None, datetime] | tuple[int | None, datetime, int | None]


def timed_moves(events: Sequence[Logged], seat: int) -> list[timedelta]:
    """The thinking times of ``seat`` in one game's log (in order of ply): those its writes
    logged, or for a game logged before they were, its waits."""
    thoughts = [(e[0], e[2]) for e in events if len(e) > 2]
    if any(t is not None for _, t in thoughts):
        return [timedelta(seconds=t) for by, t in thoughts if by == seat and t is not None]
    waits = []
    for (before_seat, before_at, *_), (by, at, *_) in pairwise(events):
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
                select(
                    GameEventRow.game_id,
                    GameEventRow.seat,
                    GameEventRow.created_at,
                    GameEventRow.thought_seconds,
                )
                .where(GameEventRow.game_id.in_([s.game_id for s in seats]))
                .order_by(GameEventRow.game_id, GameEventRow.ply)
            )
            logs: dict[int, list[tuple[int | None, datetime, int | None]]] = defaultdict(list)
            for game_id, seat, at, thought in rows:
                logs[game_id].append((seat, at, thought))
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
