"""Shared commands about players: /games, /profile, /history, /settings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.availability import anywhere
from bot.games.registry import variant_for_key
from bot.i18n import tr
from bot.services.puzzles import PuzzleStanding
from bot.services.snapshots import GameSummary
from bot.services.stats import PlayerStat
from bot.statuses import GameStatus
from bot.text.player import (
    BOARDS,
    BOARDS_HELP,
    BOARDS_PICTURES,
    BOARDS_TEXT,
    GAMES,
    GAMES_HELP,
    HIDE_STATS,
    HIDE_STATS_HELP,
    HISTORY,
    HISTORY_HELP,
    HISTORY_USER_HELP,
    NOTIFY,
    NOTIFY_CHANNEL,
    NOTIFY_DM,
    NOTIFY_HELP,
    NOTIFY_NONE,
    PAGE,
    PAGE_HELP,
    PROFILE,
    PROFILE_HELP,
    PROFILE_USER_HELP,
    SETTINGS,
    SETTINGS_HELP,
    USER,
)
from bot.ui.away import games_note, profile_line
from bot.ui.boards import game_title, player_label
from bot.ui.common import (
    clip,
    installed_guild_id,
    jump_url,
    localized,
    send_ephemeral,
    typed,
    user_locale,
)
from bot.ui.components import ReopenSelect
from bot.ui.context import UiContext
from bot.ui.history import history_page, history_page_view
from bot.ui.pace import pace_lines
from rules.core import Locale

NOTIFY_LABELS = {"channel": "notify.channel", "dm": "notify.dm", "none": "notify.none"}


def _time_left(game: GameSummary, locale: Locale) -> str:
    """A running clock as a relative time; nothing at all for a game without one."""
    held = games_note(game, locale)
    if held is not None:
        return held
    if game.deadline_at is None:
        return ""
    return " — ⏳ " + tr("games.due", locale, time=f"<t:{int(game.deadline_at.timestamp())}:R>")


def games_text(
    games: list[GameSummary], user_id: int, locale: Locale, *, in_server: bool = True
) -> str:
    """The player's games; ``in_server``: those of the server asked from (else all)."""
    if not games:
        return tr("games.none" if in_server else "games.none_anywhere", locale)
    lines = [tr("games.title", locale)]
    for game in games:
        others = [s for s in game.seats if s.user_id != user_id]
        opponent = ", ".join(player_label(s, locale) for s in others) or tr("games.solo", locale)
        mine = any(s.user_id == user_id for s in game.seats_to_act)
        if mine:
            turn = tr("games.your_turn", locale)
        elif game.status == GameStatus.CHALLENGE:
            turn = tr("games.challenge", locale)
        else:
            turn = tr("games.waiting", locale)
        link = jump_url(game.guild_id, game.channel_id, game.message_id)
        board = f"[{tr('games.open', locale)}]({link})" if game.message_id else ""
        if game.private_deal:  # an ephemeral board: a link to it leads nowhere
            board = tr("games.private", locale)
        lines.append(
            f"{'🔔' if mine else '·'} **{game_title(game, locale)}** #{game.id} — {opponent} — "
            f"{turn}{_time_left(game, locale)}" + (f" — {board}" if board else "")
        )
    return clip("\n".join(lines))


def reopen_view(games: list[GameSummary], locale: Locale) -> discord.ui.View | None:
    """A menu to post any of these games' boards afresh where /games was asked (the newest
    25: a menu holds no more)."""
    if not games:
        return None
    options = [
        discord.SelectOption(
            label=tr("games.reopen_option", locale, game=game_title(game, locale), id=game.id),
            value=str(game.id),
        )
        for game in games[:25]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(ReopenSelect(options, tr("games.reopen", locale)))
    return view


def profile_rows(stats: list[PlayerStat], locale: Locale) -> list[str]:
    """A line per game played (or that none has finished yet)."""
    if not stats:
        return [tr("profile.empty", locale)]
    lines = []
    for stat in stats:
        found = variant_for_key(stat.game_key)
        title = found[1].title(locale) if found else stat.game_key
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
    return lines


def puzzle_rows(standings: list[PuzzleStanding], locale: Locale) -> list[str]:
    """The puzzles section: a line per game with a puzzle rating or a daily streak (nothing at
    all for a player who never answered a puzzle)."""
    if not standings:
        return []
    lines = [tr("profile.section_puzzles", locale)]
    for stat in standings:
        found = variant_for_key(stat.game_key)
        title = found[1].title(locale) if found else stat.game_key
        parts = []
        if stat.rating is not None:
            parts.append(
                tr(
                    "profile.puzzle_row",
                    locale,
                    game=title,
                    rating=round(stat.rating),
                    solved=stat.solved,
                    attempted=stat.attempted,
                )
            )
        else:
            parts.append(f"**{title}**")
        if stat.best_streak:
            parts.append(
                tr("profile.puzzle_streak", locale, streak=stat.streak, best=stat.best_streak)
            )
        lines.append(" · ".join(parts))
    return lines


class PlayerCog(commands.Cog):
    def __init__(self, context: UiContext) -> None:
        self.services = context.services

    @anywhere
    @app_commands.command(
        name=localized(GAMES),
        description=localized(GAMES_HELP),
    )
    async def games(self, interaction: discord.Interaction) -> None:
        # In a server that added the bot, its games; anywhere else, all of the player's.
        server = installed_guild_id(interaction)
        games = await self.services.games.queries.list_games(interaction.user.id, guild_id=server)
        locale = user_locale(interaction)
        text = games_text(games, interaction.user.id, locale, in_server=server is not None)
        await send_ephemeral(interaction, text, reopen_view(games, locale))

    @anywhere
    @app_commands.command(
        name=localized(PROFILE),
        description=localized(PROFILE_HELP),
    )
    @app_commands.rename(user=localized(USER))
    @app_commands.describe(user=localized(PROFILE_USER_HELP))
    async def profile(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        target = user or interaction.user
        locale = user_locale(interaction)
        standings = self.services.standings
        viewer = interaction.user.id
        # This server's table only in a server that added the bot; "everywhere" (games
        # outside such servers) always.
        sections: list[tuple[str, list[PlayerStat] | None]] = []
        server = installed_guild_id(interaction)
        if server is not None:
            here = await standings.profile(target.id, server, viewer_id=viewer)
            sections.append(("profile.section_server", here))
        everywhere = await standings.profile(target.id, None, viewer_id=viewer)
        sections.append(("profile.section_everywhere", everywhere))
        if any(stats is None for _, stats in sections):
            await send_ephemeral(
                interaction, tr("profile.hidden", locale, user=typed(target.display_name))
            )
            return
        lines = [tr("profile.title", locale, user=typed(target.display_name))]
        for heading, stats in sections:
            lines.append(tr(heading, locale))
            lines.extend(profile_rows(stats or [], locale))
        lines += pace_lines(await self.services.games.move_times.of(target.id), locale)
        lines.append(profile_line(await self.services.away.status(target.id), locale))
        lines.extend(puzzle_rows(await self.services.puzzles.standings(target.id, server), locale))
        await send_ephemeral(interaction, clip("\n".join(lines)))

    @anywhere
    @app_commands.command(
        name=localized(HISTORY),
        description=localized(HISTORY_HELP),
    )
    @app_commands.rename(user=localized(USER), page=localized(PAGE))
    @app_commands.describe(
        user=localized(HISTORY_USER_HELP),
        page=localized(PAGE_HELP),
    )
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
            and (await self.services.standings.prefs(target.id)).hide_stats
        ):
            await send_ephemeral(
                interaction, tr("profile.hidden", locale, user=typed(target.display_name))
            )
            return
        # A page number is read along the player's index from their newest game; ◀ ▶ then
        # page from the games shown.
        found = await history_page(self.services, interaction, target.id, skip=page - 1)
        text = tr("history.title", locale, user=typed(target.display_name))
        if not found.games:
            text += "\n" + tr("history.none", locale)
        view = history_page_view(found, target.id, installed_guild_id(interaction), locale)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    @anywhere
    @app_commands.command(
        name=localized(SETTINGS),
        description=localized(SETTINGS_HELP),
    )
    @app_commands.rename(
        notify=localized(NOTIFY),
        hide_stats=localized(HIDE_STATS),
        boards=localized(BOARDS),
    )
    @app_commands.describe(
        notify=localized(NOTIFY_HELP),
        hide_stats=localized(HIDE_STATS_HELP),
        boards=localized(BOARDS_HELP),
    )
    @app_commands.choices(
        notify=[
            Choice(
                name=localized(NOTIFY_CHANNEL),
                value="channel",
            ),
            Choice(name=localized(NOTIFY_DM), value="dm"),
            Choice(name=localized(NOTIFY_NONE), value="none"),
        ],
        boards=[
            Choice(name=localized(BOARDS_PICTURES), value="pictures"),
            Choice(name=localized(BOARDS_TEXT), value="text"),
        ],
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        notify: Choice[str] | None = None,
        hide_stats: bool | None = None,
        boards: Choice[str] | None = None,
    ) -> None:
        prefs = await self.services.standings.set_prefs(
            interaction.user.id,
            notify=notify.value if notify else None,
            hide_stats=hide_stats,
            pictures=None if boards is None else boards.value == "pictures",
        )
        if notify is not None and notify.value == "dm":
            # Asked for DMs: a refusal for closed DMs is forgotten, and the next DM tried.
            await self.services.dm_reach.wants_dms(interaction.user.id)
        locale = user_locale(interaction)
        await send_ephemeral(
            interaction,
            tr(
                "settings.now",
                locale,
                notify=tr(NOTIFY_LABELS[prefs.notify], locale),
                hidden=tr("yes" if prefs.hide_stats else "no", locale),
                boards=tr("boards.pictures" if prefs.pictures else "boards.text", locale),
            ),
        )
