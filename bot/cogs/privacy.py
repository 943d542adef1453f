"""``/privacy``: what Asobiba keeps about the player, with Export and Delete — offered
everywhere the other commands are, user installs included; and the clicks on its steps."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.cogs.clicks import Guarded, flows_of
from bot.text.privacy import PRIVACY, PRIVACY_HELP
from bot.ui.answering import FirstAnswer, answers
from bot.ui.common import localized
from bot.ui.context import UiContext
from bot.ui.flows import GameFlows
from bot.ui.privacy import PrivacyButton

Item = discord.ui.Item[Any]


def privacy_command(context: UiContext[GameFlows]) -> app_commands.Command[Any, ..., None]:
    async def privacy(interaction: discord.Interaction) -> None:
        await context.flows.privacy.show(interaction)

    return anywhere(
        app_commands.Command(
            name=localized(PRIVACY),
            description=localized(PRIVACY_HELP),
            callback=privacy,
            extras=answers(FirstAnswer.PRIVATE),
        )
    )


class PrivacyClick(Guarded, discord.ui.DynamicItem[Item], template=PrivacyButton.template):
    def __init__(self, item: Item, step: str, at: int | None) -> None:
        self.step, self.at = step, at
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> PrivacyClick:
        at = match["at"]
        return cls(item, match["step"], None if at is None else int(at))

    def first_answer(self, interaction: discord.Interaction) -> FirstAnswer:
        # The export comes as a file of its own; every other step changes this card.
        return FirstAnswer.PRIVATE if self.step == "export" else FirstAnswer.UPDATE

    async def run(self, interaction: discord.Interaction) -> None:
        flow = flows_of(interaction).privacy
        if self.step == "export":
            await flow.export(interaction)
        elif self.step == "delete":
            await flow.confirm_first(interaction)
        elif self.step == "keep":
            await flow.keep(interaction)
        elif self.step == "continue":
            await flow.confirm_second(interaction, self.at or 0)
        else:
            await flow.delete_now(interaction, self.at or 0)
