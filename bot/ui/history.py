"""/history's pages: a player's finished games, :data:`PAGE` at a time, newest first, with
restart-proof ◀ ▶ between pages.

custom_id: ``hp:<user>:<server>:<n|o>:<µs>:<game>`` — the page of ``user``'s games newer
(``n``) or older (``o``) than the game ``game`` that finished at ``µs`` microseconds after the
epoch (the key :mod:`bot.services.history` pages from), listed as from ``server`` (0: away
from servers that added the bot, every game). A click is the client's word: it pages only
where /history would list that server's games, and a hidden player's history only for them.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import discord

from bot.i18n import tr
from bot.services.history import HistoryKey, HistoryPage
from bot.ui.common import installed_guild_id, send_ephemeral, user_locale
from bot.ui.components import Guarded
from bot.ui.context import Services, context_of
from bot.ui.reach import BadButton
from bot.ui.replay import history_view
from rules.core import Locale

#: Games a page (a menu holds no more).
PAGE = 25
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)


def history_page_view(
    page: HistoryPage, user_id: int, guild_id: int | None, locale: Locale
) -> discord.ui.View:
    """The page's menu of games, and ◀ ▶ when there is more than one page."""
    view = history_view(page.games, user_id, locale)
    if page.games and (page.newer or page.older):
        for way, key, label, more in (
            ("n", page.first, "◀", page.newer),
            ("o", page.last, "▶", page.older),
        ):
            assert key is not None
            button = HistoryPageButton(user_id, guild_id or 0, way, key, label)
            button.item.disabled = not more
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


class HistoryPageButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"hp:(?P<user>[0-9]{1,20}):(?P<guild>[0-9]{1,20}):(?P<way>[no])"
        r":(?P<at>[0-9]{1,20}):(?P<game>[0-9]{1,20})"
    ),
):
    def __init__(
        self, user_id: int, guild_id: int, way: str, key: HistoryKey, label: str = "…"
    ) -> None:
        self.user_id, self.guild_id, self.way, self.key = user_id, guild_id, way, key
        at = (key.finished_at - EPOCH) // MICROSECOND
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"hp:{user_id}:{guild_id}:{way}:{at}:{key.game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryPageButton:
        key = HistoryKey(EPOCH + int(match["at"]) * MICROSECOND, int(match["game"]))
        return cls(int(match["user"]), int(match["guild"]), match["way"], key)

    async def check(self, interaction: discord.Interaction) -> None:
        """Pages the games /history lists where it was clicked: never another server's."""
        if self.guild_id != (installed_guild_id(interaction) or 0):
            raise BadButton()

    async def run(self, interaction: discord.Interaction) -> None:
        services = context_of(interaction).services
        viewer = interaction.user.id
        if viewer != self.user_id and (await services.standings.prefs(self.user_id)).hide_stats:
            hidden = tr("profile.hidden", user_locale(interaction), user=f"<@{self.user_id}>")
            await send_ephemeral(interaction, hidden)
            return
        older = self.way == "o"
        page = await history_page(
            services,
            interaction,
            self.user_id,
            after=self.key if older else None,
            before=None if older else self.key,
        )
        if not page.games:  # the games around the key are gone: start again from the newest
            page = await history_page(services, interaction, self.user_id)
        view = history_page_view(
            page, self.user_id, installed_guild_id(interaction), user_locale(interaction)
        )
        await interaction.response.edit_message(view=view)
