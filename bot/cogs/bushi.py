"""/bushi: challenge someone (or the bot) to 武士将棋, and ask perfect play for a hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.i18n import tr
from bot.ui.common import public_locale, send_ephemeral, user_locale

if TYPE_CHECKING:
    from bot.client import AsobibaBot

COLOUR_SEAT = {"black": 0, "white": 1}
HOUR = 3600
#: Per-move clocks offered at a challenge (0 = no clock).
CLOCK_CHOICES = [
    app_commands.Choice(name=_(label), value=str(seconds))
    for label, seconds in (
        ("1 hour", HOUR),
        ("6 hours", 6 * HOUR),
        ("1 day", 24 * HOUR),
        ("3 days", 72 * HOUR),
        ("7 days", 168 * HOUR),
        ("14 days", 336 * HOUR),
        ("no clock", 0),
    )
]


class BushiCog(
    commands.GroupCog,
    group_name=_("bushi"),
    group_description=_("Play 武士将棋 (Bushi Shogi), the one-cube samurai duel"),
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
        colour=_("colour"),
        cube=_("cube"),
        rated=_("rated"),
        clock=_("clock"),
    )
    @app_commands.describe(
        opponent=_("Who you want to play (pick the bot to play it)"),
        colour=_("Your side: Black moves first"),
        cube=_("Which reading of the cube's faces to use"),
        rated=_("Count this game for ratings"),
        clock=_("Time per move (default: the server's, usually 3 days)"),
    )
    @app_commands.choices(
        colour=[
            app_commands.Choice(name=_("random"), value="random"),
            app_commands.Choice(name=_("black (先手, moves first)"), value="black"),
            app_commands.Choice(name=_("white (後手)"), value="white"),
        ],
        cube=[
            app_commands.Choice(name=_("seed reading (default)"), value="seed"),
            app_commands.Choice(name=_("alternate reading"), value="alternate"),
        ],
        clock=CLOCK_CHOICES,
    )
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        colour: app_commands.Choice[str] | None = None,
        cube: app_commands.Choice[str] | None = None,
        rated: bool = False,
        clock: app_commands.Choice[str] | None = None,
    ) -> None:
        await self.bot.flows.challenge(
            interaction,
            "bushi",
            opponent,
            settings={"cube": cube.value if cube else "seed"},
            challenger_seat=COLOUR_SEAT.get(colour.value) if colour else None,
            rated=rated,
            move_seconds=int(clock.value) if clock else None,
            locale=public_locale(interaction),
        )

    @app_commands.command(
        name=_("hint"), description=_("What perfect play says about your current game")
    )
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("Game number (default: your game in this channel)"))
    async def hint(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None
    ) -> None:
        if game is None:
            mine = await self.bot.games.list_games(interaction.user.id, statuses=("active",))
            here = [
                g for g in mine if g.game_type == "bushi" and g.channel_id == interaction.channel_id
            ]
            if not here:
                await send_ephemeral(
                    interaction, tr("hint.no_game", user_locale(interaction), game="武士将棋")
                )
                return
            game = here[0].id
        await self.bot.flows.show_hint(interaction, game)
