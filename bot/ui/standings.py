"""A server's table for one game, paged with restart-proof ◀ ▶ buttons."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.registry import variant_for_key
from bot.i18n import tr
from bot.services.guilds import GuildService
from bot.services.standings import StandingsPage, is_rated_game
from bot.ui.answering import FirstAnswer
from bot.ui.common import (
    NO_PINGS,
    clip,
    installed_guild_id,
    public_locale,
    send_ephemeral,
    user_locale,
)
from bot.ui.components import Guarded
from bot.ui.context import context_of
from bot.ui.reach import BadButton
from rules.core import Locale


def standings_text(page: StandingsPage, locale: Locale, *, everywhere: bool = False) -> str:
    """A server's table, or (``everywhere``) the one of games played outside servers that
    added the bot, headed as such."""
    found = variant_for_key(page.game_key)
    title = found[1].title(locale) if found else page.game_key
    rated = is_rated_game(page.game_key)
    heading = "standings.title_everywhere" if everywhere else "standings.title"
    lines = [tr(heading, locale, game=title, page=page.page + 1, pages=page.pages)]
    if not page.rows:
        lines.append(tr("standings.empty_rated" if rated else "standings.empty", locale))
    for rank, stat in page.rows:
        user = f"<@{stat.user_id}>"
        if rated:
            provisional = "?" if stat.provisional else ""
            lines.append(
                tr(
                    "standings.rated_row",
                    locale,
                    rank=rank,
                    user=user,
                    rating=f"{round(stat.rating or 0)}{provisional}",
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
                    user=user,
                    won=stat.won,
                    played=stat.played,
                    rate=stat.win_rate,
                    best=stat.best_streak,
                )
            )
    if rated and any(stat.provisional for _, stat in page.rows):
        lines.append(tr("standings.provisional", locale))
    return clip("\n".join(lines))


def standings_view(page: StandingsPage, guild_id: int | None) -> discord.ui.View:
    """◀ ▶ for a table of many pages; ``guild_id`` None (0 in the button) pages the
    "everywhere" table."""
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
    template=r"stp:(?P<guild>[0-9]+):(?P<key>[a-z0-9_:]{1,40}):(?P<page>-?[0-9]{1,6})",
):
    answer_kind = FirstAnswer.UPDATE  # the page turns in place

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

    async def check(self, interaction: discord.Interaction) -> None:
        """A server's table pages only in that server (0, the table of games played outside
        servers that added the bot, anywhere): never another server's players and ratings."""
        if self.guild_id not in (0, installed_guild_id(interaction)):
            raise BadButton()

    async def run(self, interaction: discord.Interaction) -> None:
        if variant_for_key(self.key) is None:
            await send_ephemeral(interaction, tr("error.bad_button", user_locale(interaction)))
            return
        await interaction.response.defer()
        services = context_of(interaction).services
        page = await services.standings.standings(self.guild_id or None, self.key, self.page)
        # Everyone reads the table: it stays in the server's language whoever pages it.
        locale = await table_locale(services.servers, interaction)
        await interaction.edit_original_response(
            content=standings_text(page, locale, everywhere=not self.guild_id),
            view=standings_view(page, self.guild_id),
            allowed_mentions=NO_PINGS,
        )


async def table_locale(servers: GuildService, interaction: discord.Interaction) -> Locale:
    """A public table's language: the server's choice for public boards (in a server that
    added the bot), else its locale."""
    server = await servers.get(installed_guild_id(interaction))
    return server.board_locale(public_locale(interaction))
