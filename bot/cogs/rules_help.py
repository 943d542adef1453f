"""/rules: the rules of each game, in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.help import RULES_HELP, RULES_MORE
from bot.services.registry import rules_for
from bot.ui.common import user_locale

if TYPE_CHECKING:
    from bot.client import AsobibaBot

EMBED_DESCRIPTION_LIMIT = 4096


class RulesCog(commands.Cog):
    def __init__(self, bot: AsobibaBot) -> None:
        self.bot = bot

    @app_commands.command(name=_("rules"), description=_("Show the rules of a game"))
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.choices(game=[app_commands.Choice(name="武士将棋 Bushi Shogi", value="bushi")])
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        locale = user_locale(interaction)
        pages = (RULES_HELP[game.value], *RULES_MORE.get(game.value, ()))
        embeds = [
            discord.Embed(
                title=rules_for(game.value).title(locale) if n == 0 else None,
                description=page(locale)[:EMBED_DESCRIPTION_LIMIT],
                colour=discord.Colour.dark_red(),
            )
            for n, page in enumerate(pages)
        ]
        await interaction.response.send_message(embeds=embeds, ephemeral=True)
