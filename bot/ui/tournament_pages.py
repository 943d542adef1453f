"""Tournament tables and pairings of any size, as Components V2 cards: ``/tournament show`` is
one card paged with restart-proof ◀ ▶ buttons; the final table and a round's pairings are posted
whole, as many cards as they need (:func:`posted_views`). A page is about a phone screen or two — at most
``PAGE_LINES`` lines and ``PAGE_CHARS`` characters, well inside a card's 4,000."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import tr
from bot.services.tournament_snapshots import Standing
from bot.ui.answering import FirstAnswer
from bot.ui.common import clip, custom_ids_on, installed_guild_id
from bot.ui.components import Guarded
from bot.ui.context import context_of
from bot.ui.layout import Card
from bot.ui.reach import BadButton
from bot.ui.tournaments import header, standing_blocks
from rules.core import Locale, normalize_locale

PAGE_LINES = 30
PAGE_CHARS = 3500
#: Card edges: the tournament's gold, as its announcements.
ACCENT = 0xF0B232


def paginate(
    blocks: Sequence[str], chars: int = PAGE_CHARS, lines: int = PAGE_LINES
) -> list[list[str]]:
    """``blocks`` (each a line or a few that belong together) into pages of at most ``lines``
    lines and ``chars`` characters; a block longer than a page is cut. Always one page."""
    pages: list[list[str]] = [[]]
    used_chars = used_lines = 0
    for block in blocks:
        block = clip(block, chars)
        size, height = len(block) + 1, block.count("\n") + 1
        if pages[-1] and (used_chars + size > chars or used_lines + height > lines):
            pages.append([])
            used_chars = used_lines = 0
        pages[-1].append(block)
        used_chars += size
        used_lines += height
    return pages


def _heading(title: str, page: int, pages: int, locale: Locale) -> str:
    if pages == 1:
        return title
    return f"{title}\n-# {tr('tournament.page', locale, page=page + 1, pages=pages)}"


def standing_view(standing: Standing, locale: Locale, page: int = 0) -> discord.ui.LayoutView:
    """One page of ``/tournament show`` (pages past either end show the nearest one), with
    ◀ ▶ when there are several."""
    info = standing.tournament
    pages = paginate(standing_blocks(standing, locale))
    page = max(0, min(page, len(pages) - 1))
    rows: list[list[discord.ui.Item[Any]]] = []
    if len(pages) > 1:
        row: list[discord.ui.Item[Any]] = []
        for target, key in ((page - 1, "tournament.previous"), (page + 1, "tournament.next")):
            button = TournamentPageButton(info.id, target, tr(key, locale))
            button.item.disabled = not 0 <= target < len(pages)
            row.append(button)
        rows.append(row)
    return Card(
        heading=_heading(header(info, locale), page, len(pages), locale),
        status="\n".join(pages[page]),
        rows=rows,
        accent=ACCENT,
    ).view()


def posted_views(title: str, blocks: Sequence[str], locale: Locale) -> list[discord.ui.LayoutView]:
    """Any announcement with a title and its lines, as many cards as it takes."""
    pages = paginate(blocks)
    return [
        Card(
            heading=_heading(title, n, len(pages), locale), status="\n".join(lines), accent=ACCENT
        ).view()
        for n, lines in enumerate(pages)
    ]


class TournamentPageButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tpg:(?P<tournament>[0-9]{1,12}):(?P<page>-?[0-9]{1,4})",
):
    """◀ or ▶ on ``/tournament show``: draws that page of the table as it is now."""

    answer_kind = FirstAnswer.UPDATE  # the page turns in place

    def __init__(self, tournament_id: int, page: int, label: str = "…") -> None:
        self.tournament_id, self.page = tournament_id, page
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tpg:{tournament_id}:{page}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> TournamentPageButton:
        return cls(int(match["tournament"]), int(match["page"]))

    async def check(self, interaction: discord.Interaction) -> None:
        """Only the table on the clicked message pages: away from servers that added the bot
        nothing else says whose tournament it is (a server's own are checked by the query)."""
        prefix = f"tpg:{self.tournament_id}:"
        if not any(c.startswith(prefix) for c in custom_ids_on(interaction.message)):
            raise BadButton()

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        tournaments = context_of(interaction).services.tournaments
        # In a server that added the bot, only its own tournaments; elsewhere the table was
        # shown to a player who entered it (``/tournament show``), and this pages it.
        standing = await tournaments.queries.show(
            self.tournament_id, installed_guild_id(interaction)
        )
        # A public table stays in the tournament's language whoever pages it.
        locale = normalize_locale(standing.tournament.locale)
        await interaction.edit_original_response(view=standing_view(standing, locale, self.page))
