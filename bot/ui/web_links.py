"""The "🌐 Web" link button: a board, a table, a profile or a tournament opens its page on the
web (``python -m bot web``), where ``WEB_BASE_URL`` is set. A link button sends no interaction,
so it needs no click handler and works whether the bot is up or not."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import tr
from bot.ui.layout import BUTTONS_PER_ROW, Row
from rules.core import Locale


def web_button(url: str, locale: Locale) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=tr("button.web", locale), url=url, emoji="🌐")


def with_web_link(rows: list[Row], url: str | None, locale: Locale) -> list[Row]:
    """``rows`` with the link beside the last row's buttons where there is room, else on a row
    of its own (last: where a card runs out of components, the last row gives way first)."""
    if url is None:
        return rows
    button = web_button(url, locale)
    last = rows[-1] if rows else None
    if (
        last
        and len(last) < BUTTONS_PER_ROW
        and all(isinstance(item, discord.ui.Button) for item in last)
    ):
        return [*rows[:-1], [*last, button]]
    return [*rows, [button]]
