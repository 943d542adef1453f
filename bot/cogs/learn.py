"""``/learn game:<game>``: a game's interactive lesson, privately; the choices are every
lesson the registered games declare; and the clicks on a lesson's card (a move, a menu's
choice, Next)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder
from bot.cogs.clicks import Guarded, choice_answer, flows_of, menu_answer, the_one_choice
from bot.games.lessons import all_lessons
from bot.text.lessons import LEARN, LEARN_HELP, LESSON, WHICH_LESSON
from bot.ui.answering import FirstAnswer
from bot.ui.common import localized
from bot.ui.components import CHOICE
from bot.ui.context import UiContext
from bot.ui.flows import GameFlows
from bot.ui.lesson_cards import LessonMoveButton, LessonMoveSelect, LessonNextButton

Item = discord.ui.Item[Any]


def learn_command(context: UiContext[GameFlows]) -> app_commands.Command[Any, ..., None]:
    builder = CommandBuilder()
    choices = [
        app_commands.Choice(name=localized(lesson.title), value=lesson.key)
        for _, lesson in all_lessons()
    ]
    builder.add("game", LESSON, WHICH_LESSON, app_commands.Choice[str], choices=choices)

    async def learn(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await context.flows.lessons.open_lesson(interaction, game.value)

    return anywhere(builder.build(LEARN, LEARN_HELP, learn, answer=FirstAnswer.PRIVATE))


class LessonClick(Guarded):
    """A click on a lesson's card: the lesson and the step it was drawn for."""

    def __init__(self, item: Item, lesson: str, step: int) -> None:
        self.lesson, self.step = lesson, step
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem's, after the mixins


class LessonMoveClick(
    LessonClick, discord.ui.DynamicItem[Item], template=LessonMoveButton.template
):
    def __init__(self, item: Item, lesson: str, step: int, code: str) -> None:
        self.code = code
        super().__init__(item, lesson, step)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> LessonMoveClick:
        return cls(item, match["lesson"], int(match["step"]), match["code"])

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return choice_answer(interaction, self.code)

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).lessons.answer_choice(
            interaction, self.lesson, self.step, self.code
        )


class LessonMenuClick(
    LessonClick, discord.ui.DynamicItem[Item], template=LessonMoveSelect.template
):
    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> LessonMenuClick:
        return cls(item, match["lesson"], int(match["step"]))

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        return menu_answer(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction, CHOICE)
        if value is not None:
            await flows_of(interaction).lessons.answer_choice(
                interaction, self.lesson, self.step, value
            )


class LessonNextClick(
    LessonClick, discord.ui.DynamicItem[Item], template=LessonNextButton.template
):
    answer_kind = FirstAnswer.UPDATE  # the card shows the next step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> LessonNextClick:
        return cls(item, match["lesson"], int(match["step"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).lessons.next_step(interaction, self.lesson, self.step)


LESSON_CLICKS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LessonMoveClick,
    LessonMenuClick,
    LessonNextClick,
)
