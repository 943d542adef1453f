"""/server: settings for a server's admins (Discord's Manage Server permission)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.options import CLOCK_CHOICES
from bot.i18n import tr
from bot.services.errors import NotAParticipant
from bot.text.server import (
    ABORT,
    ABORT_HELP,
    ALLOW_CHANNEL,
    ALLOW_CHANNEL_HELP,
    BOARDS,
    BOARDS_HELP,
    BOARDS_PICTURES,
    BOARDS_TEXT,
    CLEAR_CHANNELS,
    CLEAR_CHANNELS_HELP,
    DEFAULT_CLOCK,
    DEFAULT_CLOCK_HELP,
    DISALLOW_CHANNEL,
    DISALLOW_CHANNEL_HELP,
    DISCORD_LANGUAGE,
    ENGLISH,
    EVERYONE,
    GAME,
    GAME_HELP,
    JAPANESE,
    LANGUAGE,
    LANGUAGE_HELP,
    MANAGERS,
    SERVER,
    SERVER_HELP,
    SETTINGS,
    SETTINGS_HELP,
    TOURNAMENTS,
    TOURNAMENTS_HELP,
    WEB,
    WEB_HELP,
    WEB_PRIVATE,
    WEB_PUBLISH,
)
from bot.ui.answering import FirstAnswer, answers
from bot.ui.clock_words import clock_label
from bot.ui.common import localized, send_ephemeral, user_locale
from bot.ui.context import UiContext
from bot.ui.flows import GameFlows


# A server's own settings: only where the bot was installed to a server, and used there (in
# a DM or a server that never installed the bot there are no settings to change).
@app_commands.guild_only()
@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.default_permissions(manage_guild=True)
class ServerCog(
    commands.GroupCog,
    group_name=localized(SERVER),
    group_description=localized(SERVER_HELP),
):
    def __init__(self, context: UiContext[GameFlows]) -> None:
        self.services = context.services
        self.flows = context.flows
        super().__init__()

    @app_commands.command(
        extras=answers(FirstAnswer.PRIVATE),
        name=localized(SETTINGS),
        description=localized(SETTINGS_HELP),
    )
    @app_commands.rename(
        allow_channel=localized(ALLOW_CHANNEL),
        disallow_channel=localized(DISALLOW_CHANNEL),
        clear_channels=localized(CLEAR_CHANNELS),
        default_clock=localized(DEFAULT_CLOCK),
        language=localized(LANGUAGE),
        boards=localized(BOARDS),
        tournaments=localized(TOURNAMENTS),
        web=localized(WEB),
    )
    @app_commands.describe(
        allow_channel=localized(ALLOW_CHANNEL_HELP),
        disallow_channel=localized(DISALLOW_CHANNEL_HELP),
        clear_channels=localized(CLEAR_CHANNELS_HELP),
        default_clock=localized(DEFAULT_CLOCK_HELP),
        language=localized(LANGUAGE_HELP),
        boards=localized(BOARDS_HELP),
        tournaments=localized(TOURNAMENTS_HELP),
        web=localized(WEB_HELP),
    )
    @app_commands.choices(
        default_clock=CLOCK_CHOICES,
        language=[
            Choice(name=localized(JAPANESE), value="ja"),
            Choice(name=localized(ENGLISH), value="en"),
            Choice(
                name=localized(DISCORD_LANGUAGE),
                value="auto",
            ),
        ],
        boards=[
            Choice(name=localized(BOARDS_PICTURES), value="pictures"),
            Choice(name=localized(BOARDS_TEXT), value="text"),
        ],
        tournaments=[
            Choice(
                name=localized(MANAGERS),
                value="managers",
            ),
            Choice(name=localized(EVERYONE), value="everyone"),
        ],
        web=[
            Choice(name=localized(WEB_PUBLISH), value="publish"),
            Choice(name=localized(WEB_PRIVATE), value="private"),
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
        boards: Choice[str] | None = None,
        tournaments: Choice[str] | None = None,
        web: Choice[str] | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        # Published under the server's name as it is now (the pages have no Discord to ask).
        guild_name = interaction.guild.name if interaction.guild is not None else None
        publish = web is not None and web.value == "publish"
        server = await self.services.servers.update(
            interaction.guild_id,
            allow_channel=allow_channel.id if allow_channel else None,
            disallow_channel=disallow_channel.id if disallow_channel else None,
            clear_channels=clear_channels,
            default_clock_seconds=int(default_clock.value) if default_clock else None,
            locale=language.value if language and language.value != "auto" else None,
            reset_locale=bool(language and language.value == "auto"),
            pictures=None if boards is None else boards.value == "pictures",
            tournaments_by_everyone=None
            if tournaments is None
            else tournaments.value == "everyone",
            web_name=(guild_name or str(interaction.guild_id)) if publish else None,
            off_web=web is not None and not publish,
        )
        locale = user_locale(interaction)
        channels = " ".join(f"<#{c}>" for c in server.channels) or tr("server.all_channels", locale)
        clock = clock_label(
            server.default_clock_seconds or self.services.default_move_seconds, locale
        )
        language_name = server.locale or tr("server.discord_language", locale)
        await send_ephemeral(
            interaction,
            tr(
                "server.now",
                locale,
                channels=channels,
                clock=clock,
                language=language_name,
                boards=tr("boards.pictures" if server.pictures else "boards.text", locale),
                tournaments=tr(
                    "server.tournaments_everyone"
                    if server.tournaments_by_everyone
                    else "server.tournaments_managers",
                    locale,
                ),
            )
            + "\n"
            + (
                tr("server.web_on", locale, name=server.web_name)
                if server.web_name
                else tr("server.web_off", locale)
            ),
        )

    @app_commands.command(
        extras=answers(FirstAnswer.PRIVATE),
        name=localized(ABORT),
        description=localized(ABORT_HELP),
    )
    @app_commands.rename(game=localized(GAME))
    @app_commands.describe(game=localized(GAME_HELP))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def abort(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        snapshot = await self.services.games.queries.get(game)
        if snapshot.guild_id != interaction.guild_id:
            raise NotAParticipant()  # not a game of this server
        aborted = await self.services.games.actions.abort_by_platform(game, snapshot.version)
        await self.flows.deliverer.deliver(aborted, ping=False)
        await send_ephemeral(interaction, tr("server.aborted", user_locale(interaction), id=game))
