"""Where the commands are offered: installed to servers and to players' own accounts, used in
servers, the bot's DM and DMs or group DMs between friends. (``/server`` alone stays with
servers that installed the bot: see ``ServerCog``.) Also where tournaments are run.

Discord reads these on top-level commands only ("Application Commands — Contexts": a group's
subcommands share its ``integration_types`` and ``contexts``), so they are set on each
top-level command or group here. ``PRIVATE_CHANNEL`` is meaningful only for a command that a
user may install (same page), hence both settings together.
"""

from __future__ import annotations

from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.services.tournament_errors import TournamentError
from bot.text.tournament_errors import NEEDS_SERVER
from bot.ui.common import installed_guild_id

Offered = TypeVar(
    "Offered",
    bound=app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
)


def anywhere(command: Offered) -> Offered:
    """Installable to servers and to users; usable in servers, the bot's DM and private
    channels (DMs and group DMs between users)."""
    command.allowed_installs = app_commands.AppInstallationType(guild=True, user=True)
    command.allowed_contexts = app_commands.AppCommandContext(
        guild=True, dm_channel=True, private_channel=True
    )
    command.guild_only = False
    return command


def tournament_server(interaction: discord.Interaction) -> int:
    """The server that added the bot, where tournaments are made, joined and run: the bot
    posts their rounds there on a schedule, with no interaction left to answer (and an
    interaction's token lasts 15 minutes: "Receiving and Responding — Followup Messages")."""
    guild_id = installed_guild_id(interaction)
    if guild_id is None:
        raise TournamentError(NEEDS_SERVER)
    return guild_id
