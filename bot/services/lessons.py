"""Where each player is in each lesson (``/learn``): the step to show next, and whether the
lesson was finished. One transaction per change; nothing here knows Discord."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from bot.db import Database
from bot.db.models import LessonProgressRow
from bot.db.upsert import upsert
from bot.services.clock import Clock, system_clock


@dataclass(frozen=True, slots=True)
class LessonProgress:
    lesson: str
    #: The step to show (counts from 0).
    step: int = 0
    finished: bool = False


class LessonService:
    def __init__(self, db: Database, clock: Clock = system_clock) -> None:
        self.db = db
        self.clock = clock

    async def progress(self, user_id: int, lesson: str) -> LessonProgress:
        """Where ``user_id`` is in ``lesson``: the first step for one never begun."""
        async with self.db.read() as session:
            row = await session.scalar(
                select(LessonProgressRow).where(
                    LessonProgressRow.user_id == user_id, LessonProgressRow.lesson == lesson
                )
            )
        if row is None:
            return LessonProgress(lesson)
        return LessonProgress(lesson, row.step, row.finished_at is not None)

    async def reach(self, user_id: int, lesson: str, step: int, *, finished: bool = False) -> None:
        """Remember that ``user_id`` is at ``step`` of ``lesson`` (``finished``: past its last
        step; starting again clears it)."""
        now = self.clock()
        values = {"step": step, "finished_at": now if finished else None, "updated_at": now}
        async with self.db.transaction() as session:
            keys = {"user_id": user_id, "lesson": lesson}
            await upsert(session, LessonProgressRow, keys, values)
