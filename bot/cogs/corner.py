"""Clicks in a player's corner of a game (their private note and planned moves): open it, write
the note, pick the opponent's move and one's answer to it, cancel the plan. The controls and
their custom_ids are in :mod:`bot.ui.corner_components`; the flow is :mod:`bot.ui.corner`."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.clicks import GameClick, GameIdClick, flows_of, the_one_choice
from bot.services.freshness import Seen
from bot.ui.answering import FirstAnswer
from bot.ui.components import CODE
from bot.ui.corner_components import (
    CancelPlanButton,
    CornerButton,
    MyAnswerSelect,
    NoteButton,
    TheirMoveSelect,
)

Item = discord.ui.Item[Any]


class CornerClick(GameIdClick, discord.ui.DynamicItem[Item], template=CornerButton.template):
    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).corner.show(interaction, self.game_id)


class NoteClick(GameIdClick, discord.ui.DynamicItem[Item], template=NoteButton.template):
    answer_kind = FirstAnswer.FORM  # the note's form, filled with the note

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).corner.open_note_form(interaction, self.game_id)


class CancelPlanClick(
    GameIdClick, discord.ui.DynamicItem[Item], template=CancelPlanButton.template
):
    answer_kind = FirstAnswer.UPDATE  # the corner, in place

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).corner.cancel_plan(interaction, self.game_id)


class TheirMoveClick(GameClick, discord.ui.DynamicItem[Item], template=TheirMoveSelect.template):
    answer_kind = FirstAnswer.UPDATE  # the corner, in place

    def __init__(self, item: Item, game_id: int, seen: Seen, kept: int) -> None:
        self.game_id, self.seen, self.kept = game_id, seen, kept
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> TheirMoveClick:
        return cls(item, int(match["game"]), Seen.parse(match["seen"]), int(match["k"]))

    async def run(self, interaction: discord.Interaction) -> None:
        code = await the_one_choice(interaction, CODE)
        if code is not None:
            await flows_of(interaction).corner.pick_theirs(
                interaction, self.game_id, self.seen, self.kept, code
            )


class MyAnswerClick(GameClick, discord.ui.DynamicItem[Item], template=MyAnswerSelect.template):
    answer_kind = FirstAnswer.UPDATE  # the corner, in place

    def __init__(self, item: Item, game_id: int, seen: Seen, kept: int, theirs: str) -> None:
        self.game_id, self.seen, self.kept, self.theirs = game_id, seen, kept, theirs
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> MyAnswerClick:
        seen = Seen.parse(match["seen"])
        return cls(item, int(match["game"]), seen, int(match["k"]), match["theirs"])

    async def run(self, interaction: discord.Interaction) -> None:
        code = await the_one_choice(interaction, CODE)
        if code is not None:
            await flows_of(interaction).corner.pick_mine(
                interaction, self.game_id, self.seen, self.kept, self.theirs, code
            )


CORNER_CLICKS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    CornerClick,
    NoteClick,
    CancelPlanClick,
    TheirMoveClick,
    MyAnswerClick,
)
