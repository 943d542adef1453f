"""Lesson progress on a real database (SQLite, and PostgreSQL when available)."""

from __future__ import annotations

from bot.db import Database
from bot.services.lessons import LessonProgress, LessonService
from tests.conftest import FakeClock


async def test_progress_is_remembered_per_player_and_lesson(db: Database, clock: FakeClock) -> None:
    lessons = LessonService(db, clock)
    assert await lessons.progress(1, "bushi") == LessonProgress("bushi", 0, False)
    await lessons.reach(1, "bushi", 3)
    await lessons.reach(1, "yosukou:simplified", 5)
    await lessons.reach(2, "bushi", 1)
    assert await lessons.progress(1, "bushi") == LessonProgress("bushi", 3, False)
    assert await lessons.progress(2, "bushi") == LessonProgress("bushi", 1, False)
    assert (await lessons.progress(1, "yosukou:simplified")).step == 5


async def test_finishing_and_starting_again(db: Database, clock: FakeClock) -> None:
    lessons = LessonService(db, clock)
    await lessons.reach(1, "senretsu", 10, finished=True)
    assert await lessons.progress(1, "senretsu") == LessonProgress("senretsu", 10, True)
    await lessons.reach(1, "senretsu", 0)  # begun afresh: no longer finished
    assert await lessons.progress(1, "senretsu") == LessonProgress("senretsu", 0, False)
