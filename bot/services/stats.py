"""Per-player results: recorded in the transaction that finishes a game (so exactly once),
read for profiles and standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, case, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import Database, GameRow, PlayerStatRow
from rules.core import Outcome

#: Outcomes that are no result at all (易双六 with no end-card appearances): not counted.
UNCOUNTED_REASONS = frozenset({"no_result"})


def game_key(game_type: str, settings: dict[str, Any]) -> str:
    """Standings are kept per game and variant: ``bushi``, ``yosukou:original`` …"""
    variant = settings.get("variant")
    return f"{game_type}:{variant}" if isinstance(variant, str) else game_type


@dataclass(frozen=True, slots=True)
class PlayerStat:
    user_id: int
    game_key: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    current_streak: int = 0
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


async def record_results(
    session: AsyncSession, row: GameRow, outcome: Outcome, now: datetime
) -> None:
    if outcome.reason in UNCOUNTED_REASONS:
        return
    table = cast(Table, PlayerStatRow.__table__)
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    key = game_key(row.game_type, row.settings)
    for seat in row.seats:
        if seat.is_bot:
            continue
        points = outcome.points[seat.seat]
        won, drawn, lost = int(points == 1.0), int(points == 0.5), int(points == 0.0)
        streak = table.c.current_streak + 1 if won else 0
        best = (
            case(
                (table.c.current_streak + 1 > table.c.best_streak, table.c.current_streak + 1),
                else_=table.c.best_streak,
            )
            if won
            else table.c.best_streak
        )
        statement = insert(table).values(
            guild_id=row.guild_id or 0,
            user_id=seat.user_id,
            game_key=key,
            played=1,
            won=won,
            drawn=drawn,
            lost=lost,
            current_streak=won,
            best_streak=won,
            updated_at=now,
        )
        # One statement, race-free on both backends (ON CONFLICT … DO UPDATE).
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=["guild_id", "user_id", "game_key"],
                set_={
                    "played": table.c.played + 1,
                    "won": table.c.won + won,
                    "drawn": table.c.drawn + drawn,
                    "lost": table.c.lost + lost,
                    "current_streak": streak,
                    "best_streak": best,
                    "updated_at": now,
                },
            )
        )


async def player_stats(
    db: Database, user_id: int, *, guild_id: int | None = None
) -> list[PlayerStat]:
    """A user's results per game (in one server, or 0 for outside servers)."""
    async with db.read() as session:
        rows = await session.scalars(
            select(PlayerStatRow)
            .where(PlayerStatRow.user_id == user_id, PlayerStatRow.guild_id == (guild_id or 0))
            .order_by(PlayerStatRow.game_key)
        )
        return [
            PlayerStat(
                r.user_id,
                r.game_key,
                r.played,
                r.won,
                r.drawn,
                r.lost,
                r.current_streak,
                r.best_streak,
            )
            for r in rows
        ]
