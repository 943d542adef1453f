"""The game row's bookkeeping, as both stores do it: dialect-neutral Core statements run in the
caller's unit of work (none of them is on the hot path of a move).

These are the changes to a ``game`` row that no guarded write makes: where the board is, the
newest turn ping, how many players hold a plan — none of them bumps the version, so the board
and its buttons stay current — and the claims that happen once (a reminder, a board never
posted), each a conditional UPDATE; and a former player's seats, which move every game of
theirs on (its copies are read again) and owe its boards a redraw.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.game_columns import BUMPED_VERSION, DELIVERY, GAME, SEAT, delivery_values
from bot.db.models import GameAsideRow
from bot.db.records import DeliveryWrite
from bot.statuses import BoardReach, GameStatus


class Bookkeeping:
    """:class:`~bot.db.records.GameBookkeeping`, the same on SQLite and PostgreSQL."""

    async def attach_board(
        self,
        session: AsyncSession,
        game_id: int,
        channel_id: int,
        message_id: int,
        reach: BoardReach,
    ) -> None:
        await session.execute(
            update(GAME)
            .where(GAME.c.id == game_id)
            .values(channel_id=channel_id, message_id=message_id, board_reach=reach)
        )

    async def swap_ping(self, session: AsyncSession, game_id: int, message_id: int) -> int | None:
        previous: int | None = await session.scalar(
            select(GAME.c.ping_message_id).where(GAME.c.id == game_id)
        )
        await session.execute(
            update(GAME).where(GAME.c.id == game_id).values(ping_message_id=message_id)
        )
        return previous

    async def count_planners(self, session: AsyncSession, game_id: int) -> None:
        # Through the table, not the mapped class: the ORM's version counter would bump the
        # version, and a board drawn before a plan is not stale.
        standing = (
            select(func.count())
            .select_from(GameAsideRow)
            .where(GameAsideRow.game_id == game_id, GameAsideRow.plan_ply.is_not(None))
            .scalar_subquery()
        )
        await session.execute(update(GAME).where(GAME.c.id == game_id).values(planners=standing))

    async def claim_reminder(
        self,
        session: AsyncSession,
        game_id: int,
        *,
        sent: int,
        deadline_at: datetime,
        delivery: DeliveryWrite,
        now: datetime,
    ) -> int | None:
        claimed = await session.execute(
            update(GAME)
            .where(
                GAME.c.id == game_id,
                GAME.c.reminders_sent == sent,
                GAME.c.deadline_at == deadline_at,
                GAME.c.status == GameStatus.ACTIVE,
                GAME.c.held_since.is_(None),
            )
            .values(reminders_sent=delivery.number)
        )
        if claimed.rowcount != 1:  # type: ignore[attr-defined]
            return None  # another process (or a move, or a stopped clock) came first
        written = await session.execute(
            insert(DELIVERY).values(delivery_values(game_id, delivery, now))
        )
        return int(written.inserted_primary_key[0])  # type: ignore[attr-defined]

    async def claim_board(self, session: AsyncSession, game_id: int, now: datetime) -> bool:
        claimed = await session.execute(
            update(GAME)
            .where(
                GAME.c.id == game_id,
                GAME.c.message_id.is_(None),
                GAME.c.board_claimed_at.is_(None),
            )
            .values(board_claimed_at=now)
        )
        return bool(claimed.rowcount == 1)  # type: ignore[attr-defined]

    async def hand_seats(
        self,
        session: AsyncSession,
        user_id: int,
        to_user_id: int,
        display_name: str,
        delivery: DeliveryWrite,
        now: datetime,
    ) -> list[int]:
        # A subquery, not a list of ids: a keen player's thousands of games would outgrow the
        # drivers' limit on parameters. Games first, while the seats still name the player.
        games = select(SEAT.c.game_id).where(SEAT.c.user_id == user_id).distinct()
        game_ids = list(await session.scalars(games))
        if not game_ids:
            return []
        await session.execute(
            update(GAME).where(GAME.c.id.in_(games)).values(version=BUMPED_VERSION)
        )
        await session.execute(
            insert(DELIVERY), [delivery_values(game_id, delivery, now) for game_id in game_ids]
        )
        await session.execute(
            update(SEAT)
            .where(SEAT.c.user_id == user_id)
            .values(user_id=to_user_id, display_name=display_name, dm_ping_message_id=None)
        )
        return game_ids

    async def rebuild_snapshot(
        self,
        session: AsyncSession,
        game_id: int,
        state: dict[str, Any] | None,
        *,
        schema_version: int | None = None,
    ) -> None:
        values: dict[str, Any] = {} if state is None else {"state": state}
        if schema_version is not None:
            values["schema_version"] = schema_version
        await session.execute(update(GAME).where(GAME.c.id == game_id).values(**values))
