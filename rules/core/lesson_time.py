"""How long a lesson takes, estimated from its data, so that "a lesson of at most ten minutes"
is checked rather than hoped: reading every step's words at a learner's pace, looking at each
position, making each taught move, and a wrong try (with its refusal and hint) on one move
step in three."""

from __future__ import annotations

from rules.core.lesson import Lesson
from rules.core.text import Locale

#: Characters a minute, read by someone meeting the game's words for the first time: slower
#: than everyday silent reading (Japanese some 500–600 characters a minute; English some 230
#: words, about 1 300 characters with their spaces).
READING_PACE: dict[Locale, int] = {"ja": 450, "en": 1000}
#: Looking at a step's picture before reading on.
LOOK_SECONDS = 10
#: Finding the taught move among the labelled buttons and menus (the hint names it), making it.
MOVE_SECONDS = 10
#: A wrong try: making it, and reading the rules' refusal and the hint.
RETRY_SECONDS = 20
#: The share of move steps that get a wrong try.
RETRY_SHARE = 1 / 3
LIMIT_MINUTES = 10.0


def lesson_minutes(lesson: Lesson, locale: Locale) -> float:
    """The estimated minutes to go through ``lesson`` in ``locale``."""
    characters = 0
    seconds = 0.0
    for step in lesson.steps:
        for text in (step.title, step.body, step.hint, step.done):
            if text is not None:
                characters += len(text(locale))
        seconds += LOOK_SECONDS
        if step.teaches_move:
            seconds += MOVE_SECONDS + RETRY_SHARE * RETRY_SECONDS
    return characters / READING_PACE[locale] + seconds / 60
