"""The clicks on a player's mistake cards: an answer, and the next due mistake (the offer and
the cards: ``bot/ui/mistakes.py``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.cogs.clicks import Guarded, flows_of, the_one_choice
from bot.ui.answering import FirstAnswer
from bot.ui.mistakes import EDIT, MistakeAnswerSelect, MistakeNextButton

Item = discord.ui.Item[Any]


class MistakeAnswerClick(
    Guarded, discord.ui.DynamicItem[Item], template=MistakeAnswerSelect.template
):
    answer_kind = FirstAnswer.UPDATE  # the card itself changes

    def __init__(self, item: Item, card_id: int, reviews: int) -> None:
        self.card_id, self.reviews = card_id, reviews
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> MistakeAnswerClick:
        return cls(item, int(match["card"]), int(match["reviews"]))

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction)
        if value is not None:
            await flows_of(interaction).mistakes.answer(
                interaction, self.card_id, self.reviews, value
            )


class MistakeNextClick(Guarded, discord.ui.DynamicItem[Item], template=MistakeNextButton.template):
    answer_kind = FirstAnswer.PRIVATE

    def __init__(self, item: Item, how: str) -> None:
        self.how = how
        super().__init__(item)

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        # In place of the card clicked, or a new private card beside /puzzle's.
        return FirstAnswer.UPDATE if self.how == EDIT else FirstAnswer.PRIVATE

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> MistakeNextClick:
        return cls(item, match["how"])

    async def run(self, interaction: discord.Interaction) -> None:
        await flows_of(interaction).mistakes.show_next(interaction, self.how)


MISTAKE_CLICKS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MistakeAnswerClick,
    MistakeNextClick,
)
