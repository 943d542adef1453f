"""/senretsu: challenge someone (or the bot) to 戦列札; hands stay secret in private panels."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.bushi import CLOCK_CHOICES
from bot.ui.common import public_locale

if TYPE_CHECKING:
    from bot.client import AsobibaBot


class SenretsuCog(
    commands.GroupCog,
    group_name=_("senretsu"),
    group_description=_("Play 戦列札 (Senretsu-fuda), the line battle with secret hands"),
):
    def __init__(self, bot: AsobibaBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("challenge"), description=_("Challenge someone (or the bot) to a game")
    )
    @app_commands.guild_only()
    @app_commands.rename(
        opponent=_("opponent"),
        first=_("first"),
        colour=_("colour"),
        clock=_("clock"),
        rated=_("rated"),
    )
    @app_commands.describe(
        opponent=_("Who you want to play (pick the bot to play it)"),
        first=_("How the first player is decided"),
        colour=_("Your colour (default: random)"),
        clock=_("Time per move (default: the server's, usually 3 days)"),
        rated=_("Count this game for ratings"),
    )
    @app_commands.choices(
        first=[
            Choice(name=_("janken (じゃんけん, default)"), value="janken"),
            Choice(name=_("coin toss"), value="coin"),
        ],
        colour=[
            Choice(name=_("random"), value="random"),
            Choice(name=_("red (♥♦)"), value="red"),
            Choice(name=_("black (♠♣)"), value="black"),
        ],
        clock=CLOCK_CHOICES,
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        first: Choice[str] | None = None,
        colour: Choice[str] | None = None,
        clock: Choice[str] | None = None,
        rated: bool = False,
    ) -> None:
        # The challenger takes seat 0, so "colour" is seat 0's colour as the rules expect.
        await self.bot.flows.challenge(
            interaction,
            "senretsu",
            opponent,
            settings={
                "first_player": first.value if first else "janken",
                "colours": colour.value if colour else "random",
            },
            challenger_seat=0,
            rated=rated,
            move_seconds=int(clock.value) if clock else None,
            locale=public_locale(interaction),
        )
