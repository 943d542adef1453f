"""/puzzle: a private puzzle of any game that has puzzles, or today's puzzle of the server; and
the clicks on its card: an answer, text or picture, the next puzzle."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.builder import CommandBuilder
from bot.cogs.clicks import Guarded, flows_of, the_one_choice
from bot.services.puzzles import puzzle_games
from bot.text.commands import GAME
from bot.text.puzzles import DAILY_OPTION, DAILY_OPTION_HELP, PUZZLE, PUZZLE_HELP, WHICH_PUZZLE
from bot.ui.answering import FirstAnswer
from bot.ui.common import localized
from bot.ui.context import UiContext
from bot.ui.flows import GameFlows
from bot.ui.puzzles import (
    PuzzleAnswerSelect,
    PuzzleNextButton,
    PuzzleShowButton,
    day_of,
)

Item = discord.ui.Item[Any]


def puzzle_command(context: UiContext[GameFlows]) -> app_commands.Command:  # type: ignore[type-arg]
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


class PuzzleAnswerClick(
    Guarded, discord.ui.DynamicItem[Item], template=PuzzleAnswerSelect.template
):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(self, item: Item, game_key: str, puzzle_id: str, day: str) -> None:
        self.game_key, self.puzzle_id, self.day = game_key, puzzle_id, day
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> PuzzleAnswerClick:
        return cls(item, match["game"], match["id"], match["day"])

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction)
        if value is not None:
            await flows_of(interaction).puzzles.answer(
                interaction, self.game_key, self.puzzle_id, day_of(self.day), value
            )


class PuzzleShowClick(Guarded, discord.ui.DynamicItem[Item], template=PuzzleShowButton.template):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(self, item: Item, game_key: str, puzzle_id: str, day: str, mode: str) -> None:
        self.game_key, self.puzzle_id, self.day, self.mode = game_key, puzzle_id, day, mode
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> PuzzleShowClick:
        return cls(item, match["game"], match["id"], match["day"], match["mode"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).puzzles.show_as(
            interaction, self.game_key, self.puzzle_id, day_of(self.day), self.mode
        )


class PuzzleNextClick(Guarded, discord.ui.DynamicItem[Item], template=PuzzleNextButton.template):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(self, item: Item, game_key: str) -> None:
        self.game_key = game_key
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> PuzzleNextClick:
        return cls(item, match["game"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).puzzles.show_next(interaction, self.game_key)


PUZZLE_CLICKS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    PuzzleAnswerClick,
    PuzzleShowClick,
    PuzzleNextClick,
)
