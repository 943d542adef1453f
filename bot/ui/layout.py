"""Lays messages out within Discord's limits: a game's offers as rows of buttons and menus, and
the Components V2 card that holds a board or a panel (picture, words, buttons)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.games.offers import Offer, Style
from bot.services.freshness import Seen
from bot.ui.app_emojis import BOOK
from bot.ui.components import GameActionButton, GameActionSelect, choice_value

Row = list[discord.ui.Item[Any]]

BUTTONS_PER_ROW = 5
OPTIONS_PER_MENU = 25
#: Discord's limits for one V2 message: components in all, and characters of text displays.
MAX_COMPONENTS = 40
MAX_TEXT = 4000
#: What a media gallery's alternative text may hold.
MAX_ALT_TEXT = 1024
STYLES: dict[Style, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def menu_options(offer: Offer) -> list[discord.SelectOption]:
    """A menu offer's choices as a menu's options (as many as a menu holds)."""
    return [
        discord.SelectOption(
            label=choice.label[:100],
            value=choice_value(choice),
            description=(choice.description or None) and choice.description[:100],
            default=choice.selected,
            # The card's or face's picture beside its name, where the app's emojis are up.
            emoji=BOOK.emoji(choice.face),
        )
        for choice in offer.choices[:OPTIONS_PER_MENU]
    ]


def offer_rows(game_id: int, seen: Seen, offers: Sequence[Offer], max_rows: int = 4) -> list[Row]:
    """``offers`` as at most ``max_rows`` rows: a menu alone on its row, buttons five to a row.
    What does not fit is left out rather than breaking Discord's limits."""
    rows: list[Row] = []
    menus = 0
    for offer in offers:
        if len(rows) >= max_rows:
            break
        if offer.as_select:
            options = menu_options(offer)
            rows.append([GameActionSelect(game_id, seen, menus, options, offer.placeholder)])
            menus += 1
            continue
        for start in range(0, len(offer.choices), BUTTONS_PER_ROW):
            if len(rows) >= max_rows:
                break
            rows.append(
                [
                    GameActionButton(
                        game_id,
                        seen,
                        choice_value(choice),
                        choice.label,
                        STYLES[offer.style],
                        emoji=BOOK.emoji(choice.face),
                    )
                    for choice in offer.choices[start : start + BUTTONS_PER_ROW]
                ]
            )
    return rows


def _is_link(item: discord.ui.Item[Any]) -> bool:
    return isinstance(item, discord.ui.Button) and item.url is not None


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class Card:
    """A board or a panel as one V2 container, top to bottom: a heading, the picture (by its
    attachment name, with its words as alternative text) or a text board, a status, then rows
    of buttons. A lone button in the first row stands beside the status it acts on."""

    heading: str
    status: str = ""
    picture: str | None = None
    picture_alt: str = ""
    text_board: str | None = None
    rows: Sequence[Row] = ()
    accent: int | None = None

    def view(self) -> discord.ui.LayoutView:
        rows = [row for row in self.rows if row]
        heading, status, board = self._texts()
        container: discord.ui.Container[Any] = discord.ui.Container(accent_colour=self.accent)
        container.add_item(discord.ui.TextDisplay(heading))
        used = 2  # the container and its heading
        if self.picture is not None:
            item = discord.MediaGalleryItem(
                f"attachment://{self.picture}",
                description=_clip(self.picture_alt, MAX_ALT_TEXT) or None,
            )
            container.add_item(discord.ui.MediaGallery(item))
            used += 1
        elif board:
            container.add_item(discord.ui.TextDisplay(board))
            used += 1
        if status and rows and len(rows[0]) == 1 and isinstance(rows[0][0], discord.ui.Button):
            container.add_item(discord.ui.Section(status, accessory=rows.pop(0)[0]))
            used += 3  # the section, its text and its button
        elif status:
            container.add_item(discord.ui.TextDisplay(status))
            used += 1
        for row in rows:
            if used + 1 + len(row) > MAX_COMPONENTS:
                # A link (🌐 Web) gives way before the controls it stands beside.
                row = [item for item in row if not _is_link(item)]
            if not row or used + 1 + len(row) > MAX_COMPONENTS:
                break  # the last rows (meta actions) give way rather than breaking the limit
            container.add_item(discord.ui.ActionRow(*row))
            used += 1 + len(row)
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        return view

    def _texts(self) -> tuple[str, str, str]:
        """Heading, status and text board, cut so that together they stay within Discord's
        limit: the board gives way first, then the status."""
        heading = _clip(self.heading, 1000) or "\u200b"
        status = _clip(self.status, MAX_TEXT - len(heading) - 16)
        board = ""
        if self.text_board and self.picture is None:
            room = MAX_TEXT - len(heading) - len(status) - 8
            board = "```\n" + _clip(self.text_board, max(room, 0)) + "\n```"
        return heading, status, board


def notice_view(text: str) -> discord.ui.LayoutView:
    """A short notice that replaces a V2 message (a V2 message can't go back to plain content)."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(_clip(text, MAX_TEXT) or "\u200b"))
    return view
