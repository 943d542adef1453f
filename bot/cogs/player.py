"""Shared commands about players: /games, /profile, /history, /settings; and the clicks on the
menus of /games (a board posted afresh) and /history (a game's replay)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.cogs.availability import anywhere
from bot.cogs.clicks import Guarded, flows_of, the_one_choice
from bot.games.registry import variant_for_key
from bot.i18n import tr
from bot.services.history import HistoryKey
from bot.services.puzzles import PuzzleStanding
from bot.services.quiet_settings import QuietSettings
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
from bot.text.quiet import (
    QUIET,
    QUIET_HELP,
    QUIET_WEEKENDS,
    QUIET_WEEKENDS_HELP,
    TIME_ZONE,
    TIME_ZONE_HELP,
)
from bot.ui.answering import FirstAnswer, answers
from bot.ui.away import games_note, profile_line
from bot.ui.boards import game_title, player_label
from bot.ui.clock_words import bank_words, quiet_words
from bot.ui.common import (
    clip,
    installed_guild_id,
    jump_url,
    localized,
    selected_values,
    send_ephemeral,
    typed,
    user_locale,
)
from bot.ui.components import ReopenSelect
from bot.ui.context import UiContext, context_of
from bot.ui.flows import GameFlows
from bot.ui.history import (
    HistoryPageButton,
    history_key,
    history_page,
    history_page_view,
    history_web_url,
)
from bot.ui.pace import pace_lines
from bot.ui.reach import BadButton, refuse_unless_reachable
from bot.ui.replay import HistorySelect, replay_message
from bot.ui.web_links import web_button
from rules.core import Locale

NOTIFY_LABELS = {"channel": "notify.channel", "dm": "notify.dm", "none": "notify.none"}


def _time_left(game: GameSummary, locale: Locale) -> str:
    """A running clock as a relative time; nothing at all for a game without one."""
    held = games_note(game, locale)
    if held is not None:
        return held
    if game.deadline_at is None:
        return ""
    due = " — ⏳ " + tr("games.due", locale, time=f"<t:{int(game.deadline_at.timestamp())}:R>")
    # A time bank says what each player has left, in words, as the board does.
    banked = bank_words(game, locale)
    return due if banked is None else f"{due} — {banked}"


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
    def __init__(self, context: UiContext[GameFlows]) -> None:
        self.services = context.services

    @anywhere
    @app_commands.command(
        extras=answers(FirstAnswer.PRIVATE),
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
        extras=answers(FirstAnswer.PRIVATE),
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
        # The player's page on the web: their results are not hidden (else the answer above),
        # and a page exists once they have any.
        view = None
        links = await self.services.web.links()
        if links is not None and not target.bot and any(stats for _, stats in sections):
            view = discord.ui.View(timeout=None)
            view.add_item(web_button(links.player(target.id, locale), locale))
        await send_ephemeral(interaction, clip("\n".join(lines)), view)

    @anywhere
    @app_commands.command(
        extras=answers(FirstAnswer.PRIVATE),
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
        # The player's page beside it, unless it would show nothing (results hidden, or none).
        web_url = await history_web_url(self.services, target.id, found, locale, bot=target.bot)
        view = history_page_view(found, target.id, installed_guild_id(interaction), locale, web_url)
        await interaction.response.send_message(text, view=view, ephemeral=True)

    @anywhere
    @app_commands.command(
        extras=answers(FirstAnswer.PRIVATE),
        name=localized(SETTINGS),
        description=localized(SETTINGS_HELP),
    )
    @app_commands.rename(
        notify=localized(NOTIFY),
        hide_stats=localized(HIDE_STATS),
        boards=localized(BOARDS),
        time_zone=localized(TIME_ZONE),
        quiet_hours=localized(QUIET),
        quiet_weekends=localized(QUIET_WEEKENDS),
    )
    @app_commands.describe(
        notify=localized(NOTIFY_HELP),
        hide_stats=localized(HIDE_STATS_HELP),
        boards=localized(BOARDS_HELP),
        time_zone=localized(TIME_ZONE_HELP),
        quiet_hours=localized(QUIET_HELP),
        quiet_weekends=localized(QUIET_WEEKENDS_HELP),
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
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        quiet_hours: app_commands.Range[str, 1, 20] | None = None,
        quiet_weekends: bool | None = None,
    ) -> None:
        games = self.services.games
        quiet_settings = QuietSettings(games.db, games.clock, games.writer)
        # Checked first: a refusal changes nothing.
        quiet, _ = await quiet_settings.change(
            interaction.user.id, time_zone, quiet_hours, quiet_weekends
        )
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
            )
            + "\n"
            + quiet_words(quiet, locale),
        )


class ReopenClick(
    Guarded, discord.ui.DynamicItem[discord.ui.Item[Any]], template=ReopenSelect.template
):
    """/games' menu: the chosen game's board posted afresh where the menu is."""

    answer_kind = FirstAnswer.PUBLIC  # the board posted afresh (a private deal's: privately)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReopenClick:
        return cls(item)

    async def run(self, interaction: discord.Interaction) -> None:
        value = await the_one_choice(interaction, r"[0-9]+")
        if value is not None:
            await flows_of(interaction).starting.reopen(interaction, int(value))


class HistoryClick(
    Guarded, discord.ui.DynamicItem[discord.ui.Item[Any]], template=HistorySelect.template
):
    """/history's menu: the chosen game's replay, privately."""

    answer_kind = FirstAnswer.UPDATE  # /history's list becomes the replay

    def __init__(self, item: discord.ui.Item[Any], user_id: int) -> None:
        self.user_id = user_id
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryClick:
        return cls(item, int(match["user"]))

    async def run(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if not values or not values[0].isdigit():
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        games = context_of(interaction).services.games
        # The chosen value is the client's word: one of the listed games, as /history lists
        # them — a finished game of that player's, of this server (or any, away from one).
        game = await games.queries.summary(int(values[0]))
        if game.seat_of(self.user_id) is None:
            raise BadButton()
        refuse_unless_reachable(interaction, game, viewing=True)
        await interaction.response.defer()
        content, view = await replay_message(
            games,
            game.id,
            0,
            user_locale(interaction),
            interaction.user.id,
            await context_of(interaction).services.web.links(),
        )
        await interaction.edit_original_response(content=content, view=view)


class HistoryPageClick(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=HistoryPageButton.template,
):
    """/history's ◀ ▶: the page next to the game the button's key names, in place."""

    answer_kind = FirstAnswer.UPDATE  # the page turns in place

    def __init__(
        self, item: discord.ui.Item[Any], user_id: int, guild_id: int, older: bool, key: HistoryKey
    ) -> None:
        self.user_id, self.guild_id, self.older, self.key = user_id, guild_id, older, key
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPageClick:
        return cls(
            item, int(match["user"]), int(match["guild"]), match["way"] == "o", history_key(match)
        )

    async def check(self, interaction: discord.Interaction) -> None:
        """Pages the games /history lists where it was clicked: never another server's."""
        if self.guild_id != (installed_guild_id(interaction) or 0):
            raise BadButton()

    async def run(self, interaction: discord.Interaction) -> None:
        services = context_of(interaction).services
        locale = user_locale(interaction)
        if (
            interaction.user.id != self.user_id
            and (await services.standings.prefs(self.user_id)).hide_stats
        ):
            hidden = tr("profile.hidden", locale, user=f"<@{self.user_id}>")
            await send_ephemeral(interaction, hidden)
            return
        await interaction.response.defer()
        page = await history_page(
            services,
            interaction,
            self.user_id,
            after=self.key if self.older else None,
            before=None if self.older else self.key,
        )
        if not page.games:  # the games around the key are gone: start again from the newest
            page = await history_page(services, interaction, self.user_id)
        web_url = await history_web_url(services, self.user_id, page, locale)
        view = history_page_view(
            page, self.user_id, installed_guild_id(interaction), locale, web_url
        )
        await interaction.edit_original_response(view=view)
