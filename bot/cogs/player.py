"""Shared commands: /games, /standings, /profile, /settings."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.i18n import tr
from bot.services.snapshots import GameSnapshot
from bot.services.standings import StandingsPage, is_rated_game
from bot.ui.boards import game_title, player_label
from bot.ui.common import bot_of, jump_url, send_ephemeral, user_locale
from bot.ui.components import Guarded
from bot.ui.replay import history_view
from rules.core import Locale, Text

if TYPE_CHECKING:
    from bot.client import AsobibaBot

GAME_KEYS = ("bushi", "senretsu", "yosukou:original", "yosukou:simplified")
KEY_TITLES: dict[str, Text] = {
    "bushi": Text("武士将棋", "Bushi Shogi"),
    "senretsu": Text("戦列札", "Senretsu-fuda"),
    "yosukou:original": Text("易双六", "Youscout"),
    "yosukou:simplified": Text("略式易双六", "Simplified Youscout"),
}


def _time_left(game: GameSnapshot) -> str:
    return f"<t:{int(game.deadline_at.timestamp())}:R>" if game.deadline_at else "—"


def games_text(games: list[GameSnapshot], user_id: int, locale: Locale) -> str:
    if not games:
        return tr("games.none", locale)
    lines = [tr("games.title", locale)]
    for game in games:
        others = [s for s in game.seats if s.user_id != user_id]
        opponent = ", ".join(player_label(s) for s in others) or tr("games.solo", locale)
        mine = any(s.user_id == user_id for s in game.seats_to_act)
        turn = (
            tr("games.your_turn", locale)
            if mine
            else (
                tr("games.challenge", locale)
                if game.status == "challenge"
                else tr("games.waiting", locale)
            )
        )
        link = jump_url(game.guild_id, game.channel_id, game.message_id)
        lines.append(
            f"{'🔔' if mine else '·'} **{game_title(game, locale)}** #{game.id} — {opponent} — "
            f"{turn} — ⏳ {_time_left(game)} — {link}"
        )
    text = "\n".join(lines)
    return text if len(text) <= 2000 else text[:1999] + "…"


def standings_text(page: StandingsPage, locale: Locale) -> str:
    title = KEY_TITLES.get(page.game_key, Text(page.game_key, page.game_key))(locale)
    lines = [tr("standings.title", locale, game=title, page=page.page + 1, pages=page.pages)]
    if not page.rows:
        lines.append(tr("standings.empty", locale))
    for rank, stat in page.rows:
        if is_rated_game(page.game_key):
            lines.append(
                tr(
                    "standings.rated_row",
                    locale,
                    rank=rank,
                    user=f"<@{stat.user_id}>",
                    rating=round(stat.rating or 0),
                    won=stat.won,
                    lost=stat.lost,
                    drawn=stat.drawn,
                )
            )
        else:
            lines.append(
                tr(
                    "standings.solo_row",
                    locale,
                    rank=rank,
                    user=f"<@{stat.user_id}>",
                    won=stat.won,
                    played=stat.played,
                    rate=stat.win_rate,
                    best=stat.best_streak,
                )
            )
    return "\n".join(lines)


def standings_view(page: StandingsPage, guild_id: int | None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if page.pages > 1:
        for target, label in ((page.page - 1, "◀"), (page.page + 1, "▶")):
            button = StandingsPageButton(guild_id or 0, page.game_key, target, label)
            button.item.disabled = not 0 <= target < page.pages
            view.add_item(button)
    return view


class StandingsPageButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"stp:(?P<guild>[0-9]+):(?P<key>[a-z:]{1,40}):(?P<page>-?[0-9]{1,6})",
):
    def __init__(self, guild_id: int, key: str, page: int, label: str = "…") -> None:
        self.guild_id, self.key, self.page = guild_id, key, page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"stp:{guild_id}:{key}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> StandingsPageButton:
        return cls(int(match["guild"]), match["key"], int(match["page"]))

    async def run(self, interaction: discord.Interaction) -> None:
        if self.key not in GAME_KEYS:
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        await interaction.response.defer()
        page = await bot_of(interaction).standings.standings(
            self.guild_id or None, self.key, self.page
        )
        locale = user_locale(interaction)
        await interaction.edit_original_response(
            content=standings_text(page, locale), view=standings_view(page, self.guild_id)
        )


GAME_CHOICES = [Choice(name=f"{KEY_TITLES[k].ja} {KEY_TITLES[k].en}", value=k) for k in GAME_KEYS]
NOTIFY_LABELS = {"channel": "notify.channel", "dm": "notify.dm", "none": "notify.none"}


class PlayerCog(commands.Cog):
    def __init__(self, bot: AsobibaBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("games"), description=_("Your games in this server, the ones waiting on you first")
    )
    async def games(self, interaction: discord.Interaction) -> None:
        games = await self.bot.games.list_games(interaction.user.id, guild_id=interaction.guild_id)
        await send_ephemeral(
            interaction, games_text(games, interaction.user.id, user_locale(interaction))
        )

    @app_commands.command(name=_("standings"), description=_("This server's standings for a game"))
    @app_commands.rename(game=_("game"), page=_("page"))
    @app_commands.describe(game=_("Which game"), page=_("Page number"))
    @app_commands.choices(game=GAME_CHOICES)
    async def standings(
        self,
        interaction: discord.Interaction,
        game: Choice[str],
        page: app_commands.Range[int, 1, 10_000] = 1,
    ) -> None:
        result = await self.bot.standings.standings(interaction.guild_id, game.value, page - 1)
        locale = user_locale(interaction)
        await interaction.response.send_message(
            standings_text(result, locale),
            view=standings_view(result, interaction.guild_id),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name=_("profile"), description=_("A player's results in this server"))
    @app_commands.rename(user=_("user"))
    @app_commands.describe(user=_("Whose card (default: yours)"))
    async def profile(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        target = user or interaction.user
        locale = user_locale(interaction)
        stats = await self.bot.standings.profile(
            target.id, interaction.guild_id, viewer_id=interaction.user.id
        )
        if stats is None:
            await send_ephemeral(
                interaction, tr("profile.hidden", locale, user=target.display_name)
            )
            return
        lines = [tr("profile.title", locale, user=target.display_name)]
        if not stats:
            lines.append(tr("profile.empty", locale))
        for stat in stats:
            title = KEY_TITLES.get(stat.game_key, Text(stat.game_key, stat.game_key))(locale)
            line = tr(
                "profile.row",
                locale,
                game=title,
                played=stat.played,
                won=stat.won,
                drawn=stat.drawn,
                lost=stat.lost,
                rate=stat.win_rate,
                streak=stat.current_streak,
                best=stat.best_streak,
            )
            if stat.rating is not None:
                line += " · " + tr(
                    "profile.rating", locale, rating=round(stat.rating), games=stat.rated_games
                )
            lines.append(line)
        await send_ephemeral(interaction, "\n".join(lines))

    @app_commands.command(name=_("history"), description=_("Finished games, to replay or download"))
    @app_commands.rename(user=_("user"), page=_("page"))
    @app_commands.describe(user=_("Whose games (default: yours)"), page=_("Page number"))
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        target = user or interaction.user
        locale = user_locale(interaction)
        if (
            target.id != interaction.user.id
            and (await self.bot.standings.prefs(target.id)).hide_stats
        ):
            await send_ephemeral(
                interaction, tr("profile.hidden", locale, user=target.display_name)
            )
            return
        games = await self.bot.games.finished_games(
            target.id, guild_id=interaction.guild_id, limit=25, offset=(page - 1) * 25
        )
        text = tr("history.title", locale, user=target.display_name)
        if not games:
            text += "\n" + tr("history.none", locale)
        await interaction.response.send_message(
            text, view=history_view(games, target.id, locale), ephemeral=True
        )

    @app_commands.command(name=_("settings"), description=_("Your notifications and privacy"))
    @app_commands.rename(notify=_("notify"), hide_stats=_("hide_stats"))
    @app_commands.describe(
        notify=_("Where your turn notifications go"),
        hide_stats=_("Hide your results from standings and other players"),
    )
    @app_commands.choices(
        notify=[
            Choice(name=_("a mention in the game's channel (default)"), value="channel"),
            Choice(name=_("a direct message"), value="dm"),
            Choice(name=_("no notifications"), value="none"),
        ]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        notify: Choice[str] | None = None,
        hide_stats: bool | None = None,
    ) -> None:
        prefs = await self.bot.standings.set_prefs(
            interaction.user.id, notify=notify.value if notify else None, hide_stats=hide_stats
        )
        locale = user_locale(interaction)
        await send_ephemeral(
            interaction,
            tr(
                "settings.now",
                locale,
                notify=tr(NOTIFY_LABELS[prefs.notify], locale),
                hidden=tr("yes" if prefs.hide_stats else "no", locale),
            ),
        )
