"""/history's pages as drawn: a player's finished games, :data:`PAGE` at a time, newest first,
with restart-proof ◀ ▶ between pages (their click: ``bot/cogs/player.py``).

custom_id: ``hp:<user>:<server>:<n|o>:<µs>:<game>`` — the page of ``user``'s games newer
(``n``) or older (``o``) than the game ``game`` that finished at ``µs`` microseconds after the
epoch (the key :mod:`bot.services.history` pages from), listed as from ``server`` (0: away
from servers that added the bot, every game). A click is the client's word: it pages only
where /history would list that server's games, and a hidden player's history only for them.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import discord

from bot.services.history import HistoryKey, HistoryPage
from bot.ui.common import installed_guild_id
from bot.ui.components import DrawnButton
from bot.ui.context import Services
from bot.ui.replay import history_view
from rules.core import Locale

#: Games a page (a menu holds no more).
PAGE = 25
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


class HistoryPageButton(DrawnButton):
    """◀ or ▶ under /history's menu: the page next to the game its key names."""

    template = (
        r"hp:(?P<user>[0-9]{1,20}):(?P<guild>[0-9]{1,20}):(?P<way>[no])"
        r":(?P<at>[0-9]{1,20}):(?P<game>[0-9]{1,20})"
    )

    def __init__(
        self, user_id: int, guild_id: int, way: str, key: HistoryKey, label: str = "…"
    ) -> None:
        at = (key.finished_at - EPOCH) // MICROSECOND
        super().__init__(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"hp:{user_id}:{guild_id}:{way}:{at}:{key.game_id}",
        )


def history_key(match: re.Match[str]) -> HistoryKey:
    """The key a :class:`HistoryPageButton`'s custom_id carries."""
    return HistoryKey(EPOCH + int(match["at"]) * MICROSECOND, int(match["game"]))


def history_page_view(
    page: HistoryPage,
    user_id: int,
    guild_id: int | None,
    locale: Locale,
    web_url: str | None = None,
) -> discord.ui.View:
    """The page's menu of games (``web_url``: the player's page, beside it), and ◀ ▶ when
    there is more than one page."""
    view = history_view(page.games, user_id, locale, web_url)
    if page.games and (page.newer or page.older):
        for way, key, label, more in (
            ("n", page.first, "◀", page.newer),
            ("o", page.last, "▶", page.older),
        ):
            assert key is not None
            button = HistoryPageButton(user_id, guild_id or 0, way, key, label)
            button.disabled = not more
            view.add_item(button)
    return view


async def history_page(
    services: Services,
    interaction: discord.Interaction,
    user_id: int,
    *,
    after: HistoryKey | None = None,
    before: HistoryKey | None = None,
    skip: int = 0,
) -> HistoryPage:
    """A page of ``user_id``'s history as /history lists it from ``interaction``: this
    server's games, or all of them away from servers that added the bot."""
    return await services.games.queries.history.page(
        user_id,
        guild_id=installed_guild_id(interaction),
        limit=PAGE,
        after=after,
        before=before,
        skip=skip,
        viewer=interaction.user.id,
    )


async def history_web_url(
    services: Services, user_id: int, page: HistoryPage, locale: Locale, *, bot: bool = False
) -> str | None:
    """The player's web page beside their history, unless it would show nothing (results
    hidden, or none yet), or there is no web."""
    links = await services.web.links()
    if links is None or not page.games or bot:
        return None
    if (await services.standings.prefs(user_id)).hide_stats:
        return None
    return links.player(user_id, locale)
