"""/server: settings for a server's admins (Discord's Manage Server permission)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.options import CLOCK_CHOICES
from bot.i18n import tr
from bot.services.errors import NotAParticipant
from bot.ui.boards import clock_label
from bot.ui.common import localized, send_ephemeral, user_locale
from bot.ui.context import UiContext
from rules.core import Text


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerCog(
    commands.GroupCog,
    group_name=localized(Text("サーバー", "server")),
    group_description=localized(
        Text("遊び場のサーバー設定（管理者用）", "Server settings for Asobiba (admins)")
    ),
):
    def __init__(self, context: UiContext) -> None:
        self.services = context.services
        self.flows = context.flows
        super().__init__()

    @app_commands.command(
        name=localized(Text("設定", "settings")),
        description=localized(
            Text(
                "対局できるチャンネル、既定の持ち時間と言語",
                "Where games may be played, the default clock and language",
            )
        ),
    )
    @app_commands.rename(
        allow_channel=localized(Text("許可するチャンネル", "allow_channel")),
        disallow_channel=localized(Text("許可を外すチャンネル", "disallow_channel")),
        clear_channels=localized(Text("チャンネル制限を解除", "clear_channels")),
        default_clock=localized(Text("既定の持ち時間", "default_clock")),
        language=localized(Text("言語", "language")),
        boards=localized(Text("盤面", "boards")),
        tournaments=localized(Text("大会の作成", "tournaments")),
    )
    @app_commands.describe(
        allow_channel=localized(
            Text(
                "このチャンネルで対局を許可（一つでも設定すると、それだけ）",
                "Allow games in this channel (once any is set, only those)",
            )
        ),
        disallow_channel=localized(
            Text("このチャンネルの許可を外す", "Stop allowing games in this channel")
        ),
        clear_channels=localized(
            Text("すべてのチャンネルで再び許可する", "Allow games in every channel again")
        ),
        default_clock=localized(
            Text("挑戦者が選ばないときの持ち時間", "The move clock when a challenger picks none")
        ),
        language=localized(Text("公開の盤面の言語", "The language of public boards")),
        boards=localized(
            Text(
                "公開の盤面を画像で見せるか、文字だけにするか",
                "Public boards as pictures or text only",
            )
        ),
        tournaments=localized(
            Text(
                "大会を作れる人（既定：サーバー管理権限のある人）",
                "Who may create tournaments (default: members with Manage Server)",
            )
        ),
    )
    @app_commands.choices(
        default_clock=CLOCK_CHOICES,
        language=[
            Choice(name=localized(Text("日本語", "Japanese")), value="ja"),
            Choice(name=localized(Text("英語", "English")), value="en"),
            Choice(
                name=localized(Text("Discordのサーバー言語", "Discord's server language")),
                value="auto",
            ),
        ],
        boards=[
            Choice(name=localized(Text("画像（既定）", "pictures (default)")), value="pictures"),
            Choice(name=localized(Text("文字だけ", "text only")), value="text"),
        ],
        tournaments=[
            Choice(
                name=localized(Text("サーバー管理者（既定）", "server managers (default)")),
                value="managers",
            ),
            Choice(name=localized(Text("全員", "everyone")), value="everyone"),
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
    ) -> None:
        assert interaction.guild_id is not None
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
            ),
        )

    @app_commands.command(
        name=localized(Text("中止", "abort")),
        description=localized(
            Text(
                "止まった対局を中止する（結果なし、レーティング変化なし）",
                "Call off a stuck game (no result, no rating change)",
            )
        ),
    )
    @app_commands.rename(game=localized(Text("対局番号", "game")))
    @app_commands.describe(game=localized(Text("対局番号", "Game number")))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def abort(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1]
    ) -> None:
        snapshot = await self.services.games.queries.get(game)
        if snapshot.guild_id != interaction.guild_id:
            raise NotAParticipant()  # not a game of this server
        aborted = await self.services.games.actions.abort_by_platform(game, snapshot.version)
        await self.flows.posts.show_board(aborted)
        await send_ephemeral(interaction, tr("server.aborted", user_locale(interaction), id=game))
