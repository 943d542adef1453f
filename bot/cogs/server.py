"""/server: settings for a server's admins (Discord's Manage Server permission)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.cogs.bushi import CLOCK_CHOICES
from bot.i18n import tr
from bot.services.errors import NotAParticipant
from bot.ui.boards import board_message, clock_label
from bot.ui.common import send_ephemeral, user_locale

if TYPE_CHECKING:
    from bot.client import AsobibaBot


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerCog(
    commands.GroupCog,
    group_name=_("server"),
    group_description=_("Server settings for Asobiba (admins)"),
):
    def __init__(self, bot: AsobibaBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("settings"),
        description=_("Where games may be played, the default clock and language"),
    )
    @app_commands.rename(
        allow_channel=_("allow_channel"),
        disallow_channel=_("disallow_channel"),
        clear_channels=_("clear_channels"),
        default_clock=_("default_clock"),
        language=_("language"),
    )
    @app_commands.describe(
        allow_channel=_("Allow games in this channel (once any is set, only those)"),
        disallow_channel=_("Stop allowing games in this channel"),
        clear_channels=_("Allow games in every channel again"),
        default_clock=_("The move clock when a challenger picks none"),
        language=_("The language of public boards"),
    )
    @app_commands.choices(
        default_clock=CLOCK_CHOICES,
        language=[
            Choice(name=_("Japanese"), value="ja"),
            Choice(name=_("English"), value="en"),
            Choice(name=_("Discord's server language"), value="auto"),
        ],
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def settings(
        self,
        interaction: discord.Interaction,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        clear_channels: bool = False,
        default_clock: Choice[str] | None = None,
        language: Choice[str] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        server = await self.bot.servers.update(
            interaction.guild_id,
            allow_channel=allow_channel.id if allow_channel else None,
            disallow_channel=disallow_channel.id if disallow_channel else None,
            clear_channels=clear_channels,
            default_clock_seconds=int(default_clock.value) if default_clock else None,
            locale=language.value if language and language.value != "auto" else None,
            reset_locale=bool(language and language.value == "auto"),
        )
        locale = user_locale(interaction)
        channels = " ".join(f"<#{c}>" for c in server.channels) or tr("server.all_channels", locale)
        clock = clock_label(server.default_clock_seconds or self.bot.default_move_seconds, locale)
        language_name = server.locale or tr("server.discord_language", locale)
        await send_ephemeral(
            interaction,
            tr("server.now", locale, channels=channels, clock=clock, language=language_name),
        )

    @app_commands.command(
        name=_("abort"), description=_("Call off a stuck game (no result, no rating change)")
    )
    @app_commands.rename(game=_("game"))
    @app_commands.describe(game=_("Game number"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def abort(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        snapshot = await self.bot.games.get(game)
        if snapshot.guild_id != interaction.guild_id:
            raise NotAParticipant()  # not a game of this server
        aborted = await self.bot.games.abort_by_platform(game, snapshot.version)
        content, view = board_message(aborted)
        await self.bot.flows.edit_board(aborted, content, view)
        await send_ephemeral(interaction, tr("server.aborted", user_locale(interaction), id=game))
