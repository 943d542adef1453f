"""/puzzle: a private puzzle of any game that has puzzles, or today's puzzle of the server."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder
from bot.services.puzzles import puzzle_games
from bot.text.commands import GAME
from bot.text.puzzles import DAILY_OPTION, DAILY_OPTION_HELP, PUZZLE, PUZZLE_HELP, WHICH_PUZZLE
from bot.ui.answering import FirstAnswer
from bot.ui.common import localized
from bot.ui.context import UiContext


def puzzle_command(context: UiContext) -> app_commands.Command:  # type: ignore[type-arg]
    builder = CommandBuilder()
    choices = []
    for spec, key in puzzle_games():
        variant = spec.variant(key)
        assert variant is not None
        choices.append(app_commands.Choice(name=localized(variant.title), value=key))
    builder.add("game", GAME, WHICH_PUZZLE, app_commands.Choice[str], choices=choices)
    builder.add("daily", DAILY_OPTION, DAILY_OPTION_HELP, bool, False)

    async def puzzle(
        interaction: discord.Interaction, game: app_commands.Choice[str], daily: bool = False
    ) -> None:
        await context.flows.puzzles.show_new(interaction, game.value, daily)

    return anywhere(builder.build(PUZZLE, PUZZLE_HELP, puzzle, answer=FirstAnswer.PRIVATE))
