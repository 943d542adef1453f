"""A server's table for one game, paged with restart-proof ◀ ▶ buttons."""

from __future__ import annotations

import discord

from bot.games.registry import variant_for_key
from bot.i18n import tr
from bot.services.guilds import GuildService
from bot.services.standings import StandingsPage, is_rated_game
from bot.ui.common import clip, installed_guild_id, public_locale
from bot.ui.components import DrawnButton
from bot.ui.web_links import web_button
from bot.web.links import WebLinkSource
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


def standings_view(
    page: StandingsPage, guild_id: int | None, web: tuple[str, Locale] | None = None
) -> discord.ui.View:
    """◀ ▶ for a table of many pages; ``guild_id`` None (0 in the button) pages the
    "everywhere" table. ``web``: the table's page and its language, beside them."""
    view = discord.ui.View(timeout=None)
    if page.pages > 1:
        for target, label in ((page.page - 1, "◀"), (page.page + 1, "▶")):
            button = StandingsPageButton(guild_id or 0, page.game_key, target, label)
            button.disabled = not 0 <= target < page.pages
            view.add_item(button)
    if web is not None:
        view.add_item(web_button(*web))
    return view


async def table_web_link(
    web: WebLinkSource, servers: GuildService, guild_id: int | None, key: str, locale: Locale
) -> tuple[str, Locale] | None:
    """A table's page on the web: the "everywhere" table's always, a server's only once its
    admins published it (``/server settings``; else the page is refused)."""
    links = await web.links()
    if links is None:
        return None
    if guild_id is not None and (await servers.get(guild_id)).web_name is None:
        return None
    return links.standings(guild_id, key, locale), locale


class StandingsPageButton(DrawnButton):
    """◀ or ▶ under a table of many pages (its click: ``bot/cogs/standings.py``)."""

    template = r"stp:(?P<guild>[0-9]+):(?P<key>[a-z0-9_:]{1,40}):(?P<page>-?[0-9]{1,6})"

    def __init__(self, guild_id: int, key: str, page: int, label: str = "…") -> None:
        super().__init__(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"stp:{guild_id}:{key}:{page}",
        )


async def table_locale(servers: GuildService, interaction: discord.Interaction) -> Locale:
    """A public table's language: the server's choice for public boards (in a server that
    added the bot), else its locale."""
    server = await servers.get(installed_guild_id(interaction))
    return server.board_locale(public_locale(interaction))
