"""Every game's lessons, read from the registry: what ``/learn`` offers and finds by key."""

from __future__ import annotations

from bot.games.registry import all_specs
from bot.games.spec import AnySpec
from rules.core.lesson import Lesson


def all_lessons() -> tuple[tuple[AnySpec, Lesson], ...]:
    """Each registered game's lessons with their game, games in registry order."""
    return tuple((spec, lesson) for spec in all_specs() for lesson in spec.lessons)


def lesson_for(key: str) -> tuple[AnySpec, Lesson] | None:
    return next(((s, lesson) for s, lesson in all_lessons() if lesson.key == key), None)
