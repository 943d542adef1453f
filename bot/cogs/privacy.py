"""``/privacy``: what Asobiba keeps about the player, with Export and Delete — offered
everywhere the other commands are, user installs included."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.availability import anywhere
from bot.text.privacy import PRIVACY, PRIVACY_HELP
from bot.ui.answering import FirstAnswer, answers
from bot.ui.common import localized
from bot.ui.context import UiContext


def privacy_command(context: UiContext) -> app_commands.Command[Any, ..., None]:
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
