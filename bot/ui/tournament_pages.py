"""Tournament tables and pairings of any size, as Components V2 cards: ``/tournament show`` is
one card paged with restart-proof ◀ ▶ buttons; the final table and a round's pairings are posted
whole, as many cards as they need (:func:`posted_views`). A page is about a phone screen or two — at most
``PAGE_LINES`` lines and ``PAGE_CHARS`` characters, well inside a card's 4,000."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import tr
from bot.services.tournament_snapshots import Standing
from bot.ui.common import clip
from bot.ui.components import DrawnButton
from bot.ui.layout import Card
from bot.ui.tournaments import header, standing_blocks
from bot.ui.web_links import with_web_link
from rules.core import Locale

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


def standing_view(
    standing: Standing, locale: Locale, page: int = 0, web_url: str | None = None
) -> discord.ui.LayoutView:
    """One page of ``/tournament show`` (pages past either end show the nearest one), with
    ◀ ▶ when there are several; ``web_url``: the tournament's page, beside them."""
    info = standing.tournament
    pages = paginate(standing_blocks(standing, locale))
    page = max(0, min(page, len(pages) - 1))
    rows: list[list[discord.ui.Item[Any]]] = []
    if len(pages) > 1:
        row: list[discord.ui.Item[Any]] = []
        for target, key in ((page - 1, "tournament.previous"), (page + 1, "tournament.next")):
            button = TournamentPageButton(info.id, target, tr(key, locale))
            button.disabled = not 0 <= target < len(pages)
            row.append(button)
        rows.append(row)
    return Card(
        heading=_heading(header(info, locale), page, len(pages), locale),
        status="\n".join(pages[page]),
        rows=with_web_link(rows, web_url, locale),
        accent=ACCENT,
    ).view()


def posted_views(
    title: str, blocks: Sequence[str], locale: Locale, web_url: str | None = None
) -> list[discord.ui.LayoutView]:
    """Any announcement with a title and its lines, as many cards as it takes; ``web_url``:
    the tournament's page, under the last card."""
    pages = paginate(blocks)
    return [
        Card(
            heading=_heading(title, n, len(pages), locale),
            status="\n".join(lines),
            rows=with_web_link([], web_url if n == len(pages) - 1 else None, locale),
            accent=ACCENT,
        ).view()
        for n, lines in enumerate(pages)
    ]


class TournamentPageButton(DrawnButton):
    """◀ or ▶ on ``/tournament show`` (its click: ``bot/cogs/tournaments.py``)."""

    template = r"tpg:(?P<tournament>[0-9]{1,12}):(?P<page>-?[0-9]{1,4})"

    def __init__(self, tournament_id: int, page: int, label: str = "…") -> None:
        super().__init__(
            label=label,
            style=discord.ButtonStyle.secondary,
            custom_id=f"tpg:{tournament_id}:{page}",
        )
