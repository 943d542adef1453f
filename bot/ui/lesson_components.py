"""The controls of a lesson's card (``/learn``) as drawn, answered by their clicks
(``bot/cogs/learn.py``): each carries the lesson and the step it belongs to, so a click needs
nothing remembered in the process.

custom_id layouts (≤ 100 characters):

- ``lm:<lesson>:<step>:<choice>``  a move button: a move code, ``~step`` or ``#number-prefix``
- ``lms:<lesson>:<step>:<n>``      select menu ``n``; its values are choices as above
- ``ln:<lesson>:<step>``           Next (after a step that only shows)
- ``lnum:<lesson>:<step>:<prefix>`` the form asking for a number (a joker's range)
"""

from __future__ import annotations

import re

import discord

from bot.ui.components import (
    CHOICE,
    CODE,
    DrawnButton,
    DrawnSelect,
    NumberInputForm,
    submitted_number,
)

#: A lesson's key: a game's registry key, or ``<game>:<variant>``.
LESSON_KEY = r"[a-z0-9_]{1,24}(?::[a-z0-9_]{1,20})?"
NUMBER_FORM = re.compile(
    rf"lnum:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<prefix>{CODE})"
)


class LessonMoveButton(DrawnButton):
    template = rf"lm:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<code>{CHOICE})"

    def __init__(
        self,
        lesson: str,
        step: int,
        code: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(label=label[:80], style=style, custom_id=f"lm:{lesson}:{step}:{code}")


class LessonMoveSelect(DrawnSelect):
    template = rf"lms:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<n>[0-9])"

    def __init__(
        self,
        lesson: str,
        step: int,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(f"lms:{lesson}:{step}:{number}", options, placeholder)


class LessonNextButton(DrawnButton):
    template = rf"ln:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}})"

    def __init__(self, lesson: str, step: int, label: str = "…") -> None:
        super().__init__(
            label=label, style=discord.ButtonStyle.success, custom_id=f"ln:{lesson}:{step}"
        )


class LessonNumberForm(NumberInputForm):
    """Asks a lesson's learner for a number (a joker's range); answered from its custom_id by
    the client's interaction listener (``lesson_number_answer``), so it survives a restart."""

    def __init__(
        self, lesson: str, step: int, prefix: str, title: str, label: str, high: int
    ) -> None:
        super().__init__(f"lnum:{lesson}:{step}:{prefix}", title, label, high)


def lesson_number_answer(interaction: discord.Interaction) -> tuple[str, int, str, str] | None:
    """(lesson, step, prefix, typed text) of a submitted lesson number form, else ``None``."""
    submitted = submitted_number(interaction, NUMBER_FORM)
    if submitted is None:
        return None
    match, typed = submitted
    return match["lesson"], int(match["step"]), match["prefix"], typed
