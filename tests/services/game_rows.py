"""A game row written straight into the database, as an import, a restore or another tool
would, bypassing the services: what the database itself keeps about it must follow."""

from __future__ import annotations

from datetime import datetime

from bot.db import Database, GameRow, GameSeatRow
from bot.statuses import GameStatus


async def insert_finished_game(db: Database, when: datetime, first: int, second: int) -> None:
    """A finished 武士将棋 game between users ``first`` and ``second``, ended at ``when``."""
    async with db.transaction() as session:
        session.add(
            GameRow(
                game_type="bushi",
                rules_version=1,
                schema_version=1,
                status=GameStatus.FINISHED,
                settings={},
                seed=1,
                state={},
                ply=0,
                locale="en",
                created_at=when,
                updated_at=when,
                finished_at=when,
                seats=[
                    GameSeatRow(seat=0, user_id=first, display_name="alice"),
                    GameSeatRow(seat=1, user_id=second, display_name="bob"),
                ],
            )
        )
