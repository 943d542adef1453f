"""The controls of a lesson's card (``/learn``), restart-proof: each carries the lesson and
the step it belongs to, so a click needs nothing remembered in the process.

custom_id layouts (≤ 100 characters):

- ``lm:<lesson>:<step>:<choice>``  a move button: a move code, ``~step`` or ``#number-prefix``
- ``lms:<lesson>:<step>:<n>``      select menu ``n``; its values are choices as above
- ``ln:<lesson>:<step>``           Next (after a step that only shows)
- ``lnum:<lesson>:<step>:<prefix>`` the form asking for a number (a joker's range)
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.ui.answering import FirstAnswer
from bot.ui.common import selected_values
from bot.ui.components import (
    CHOICE,
    CODE,
    Guarded,
    NumberInputForm,
    choice_answer,
    one_choice_menu,
    submitted_number,
    the_one_choice,
)
from bot.ui.context import context_of

#: A lesson's key: a game's registry key, or ``<game>:<variant>``.
LESSON_KEY = r"[a-z0-9_]{1,24}(?::[a-z0-9_]{1,20})?"
NUMBER_FORM = re.compile(
    rf"lnum:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<prefix>{CODE})"
)


class LessonMoveButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"lm:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<code>{CHOICE})",
):
    def __init__(
        self,
        lesson: str,
        step: int,
        code: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        self.lesson, self.step, self.code = lesson, step, code
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=f"lm:{lesson}:{step}:{code}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LessonMoveButton:
        return cls(match["lesson"], int(match["step"]), match["code"])

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return choice_answer(interaction, self.code)

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.lessons.answer_choice(
            interaction, self.lesson, self.step, self.code
        )


class LessonMoveSelect(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"lms:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}}):(?P<n>[0-9])",
):
    def __init__(
        self,
        lesson: str,
        step: int,
        number: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        self.lesson, self.step = lesson, step
        super().__init__(one_choice_menu(f"lms:{lesson}:{step}:{number}", options, placeholder))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LessonMoveSelect:
        return cls(match["lesson"], int(match["step"]), int(match["n"]))

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        values = selected_values(interaction)
        return choice_answer(interaction, values[0] if len(values) == 1 else "")

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction, CHOICE)
        if value is not None:
            await context_of(interaction).flows.lessons.answer_choice(
                interaction, self.lesson, self.step, value
            )


class LessonNextButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ln:(?P<lesson>{LESSON_KEY}):(?P<step>[0-9]{{1,3}})",
):
    answer_kind = FirstAnswer.UPDATE  # the card shows the next step

    def __init__(self, lesson: str, step: int, label: str = "…") -> None:
        self.lesson, self.step = lesson, step
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"ln:{lesson}:{step}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LessonNextButton:
        return cls(match["lesson"], int(match["step"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await context_of(interaction).flows.lessons.next_step(interaction, self.lesson, self.step)


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


LESSON_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LessonMoveButton,
    LessonMoveSelect,
    LessonNextButton,
)
