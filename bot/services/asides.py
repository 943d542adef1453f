"""What each player keeps to themselves about a game: a note, and a planned line.

Both live in ``game_aside`` (one row per game and player), never in the game's row or its log,
so nothing that shows a game — the board, the log, exports, Verify files, replays for others —
can reach them. Every read here is keyed by the asking user: only its author sees an aside.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.sql.elements import ColumnElement

from bot.db import Database
from bot.db.models import GameAsideRow
from bot.db.upsert import upsert
from bot.services.clock import Clock
from bot.services.errors import ServiceError
from bot.text.errors import NOTE_TOO_LONG

#: The longest note kept (Discord's text input allows 4 000; a note is a reminder, not a diary).
NOTE_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class StoredPlan:
    """A planned line of ``user_id`` in ``game_id``: codes, the opponent's move first, planned
    when the game was at ``ply``."""

    game_id: int
    user_id: int
    line: tuple[str, ...]
    ply: int
    #: When it was last written: a line moved on or dropped only if it is still this one.
    updated_at: datetime


class GameAsides:
    """Notes and planned lines, one transaction each; a change of plans counts the game's
    planners again in the same transaction (the store's bookkeeping: without the version, so a
    board drawn before a plan is not stale)."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock

    async def note(self, game_id: int, user_id: int) -> str | None:
        async with self.db.read() as session:
            return await session.scalar(
                select(GameAsideRow.note).where(
                    GameAsideRow.game_id == game_id, GameAsideRow.user_id == user_id
                )
            )

    async def set_note(self, game_id: int, user_id: int, text: str) -> str | None:
        """Keep ``text`` (trimmed) as the note; empty clears it. A note longer than
        :data:`NOTE_LIMIT` is refused whole, saying so (never cut without a word)."""
        kept = text.strip() or None
        if kept is not None and len(kept) > NOTE_LIMIT:
            raise ServiceError(NOTE_TOO_LONG.format(limit=NOTE_LIMIT, length=len(kept)))
        await self._upsert(game_id, user_id, {"note": kept})
        return kept

    async def plan(self, game_id: int, user_id: int) -> StoredPlan | None:
        async with self.db.read() as session:
            row = await session.get(GameAsideRow, (game_id, user_id))
            return _stored(row) if row is not None else None

    async def plans_in(self, game_id: int) -> list[StoredPlan]:
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameAsideRow).where(
                    GameAsideRow.game_id == game_id, GameAsideRow.plan_ply.is_not(None)
                )
            )
            return [p for p in map(_stored, rows) if p is not None]

    async def all_plans(self) -> list[StoredPlan]:
        """Every planned line (the start-up looks for answers a crash left owed)."""
        async with self.db.read() as session:
            rows = await session.scalars(
                select(GameAsideRow).where(GameAsideRow.plan_ply.is_not(None))
            )
            return [p for p in map(_stored, rows) if p is not None]

    async def set_plan(self, game_id: int, user_id: int, line: Sequence[str], ply: int) -> None:
        await self._upsert(game_id, user_id, {"plan": list(line), "plan_ply": ply})

    async def move_plan_on(self, plan: StoredPlan, line: Sequence[str], ply: int) -> None:
        """Keep what is left of ``plan`` (from ``ply``), unless it was changed meanwhile."""
        async with self.db.transaction() as session:
            await session.execute(
                update(GameAsideRow)
                .where(*_same_plan(plan))
                .values(
                    plan=list(line) or None, plan_ply=ply if line else None, updated_at=self.clock()
                )
            )
            await self.db.store.count_planners(session, plan.game_id)

    async def drop_plan(self, plan: StoredPlan) -> None:
        """Forget ``plan`` (played out or cancelled), unless it was changed meanwhile."""
        await self.move_plan_on(plan, (), 0)

    async def cancel_plan(self, game_id: int, user_id: int) -> bool:
        async with self.db.transaction() as session:
            result = await session.execute(
                update(GameAsideRow)
                .where(
                    GameAsideRow.game_id == game_id,
                    GameAsideRow.user_id == user_id,
                    GameAsideRow.plan_ply.is_not(None),
                )
                .values(plan=None, plan_ply=None)
            )
            await self.db.store.count_planners(session, game_id)
            return bool(getattr(result, "rowcount", 0))

    async def _upsert(self, game_id: int, user_id: int, values: dict[str, object]) -> None:
        now = self.clock()
        async with self.db.transaction() as session:
            keys = {"game_id": game_id, "user_id": user_id}
            await upsert(session, GameAsideRow, keys, {**values, "updated_at": now})
            if "plan" in values:
                await self.db.store.count_planners(session, game_id)


def _stored(row: GameAsideRow) -> StoredPlan | None:
    if row.plan_ply is None or not row.plan:
        return None
    return StoredPlan(row.game_id, row.user_id, tuple(row.plan), row.plan_ply, row.updated_at)


def _same_plan(plan: StoredPlan) -> tuple[ColumnElement[bool], ...]:
    return (
        GameAsideRow.game_id == plan.game_id,
        GameAsideRow.user_id == plan.user_id,
        GameAsideRow.plan_ply == plan.ply,
        GameAsideRow.updated_at == plan.updated_at,
    )
