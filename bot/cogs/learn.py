"""``/learn game:<game>``: a game's interactive lesson, privately; the choices are every
lesson the registered games declare."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder
from bot.games.lessons import all_lessons
from bot.text.lessons import LEARN, LEARN_HELP, LESSON, WHICH_LESSON
from bot.ui.answering import FirstAnswer
from bot.ui.common import localized
from bot.ui.context import UiContext


def learn_command(context: UiContext) -> app_commands.Command[Any, ..., None]:
    builder = CommandBuilder()
    choices = [
        app_commands.Choice(name=localized(lesson.title), value=lesson.key)
        for _, lesson in all_lessons()
    ]
    builder.add("game", LESSON, WHICH_LESSON, app_commands.Choice[str], choices=choices)

    async def learn(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await context.flows.lessons.open_lesson(interaction, game.value)

    return anywhere(builder.build(LEARN, LEARN_HELP, learn, answer=FirstAnswer.PRIVATE))
