"""Lays a game's offers out as Discord buttons and menus, within Discord's limits."""

from __future__ import annotations

import discord

from bot.games.offers import Offer, Style
from bot.ui.components import GameActionButton, GameActionSelect, choice_value

BUTTONS_PER_ROW = 5
OPTIONS_PER_MENU = 25
STYLES: dict[Style, discord.ButtonStyle] = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def add_offers(
    view: discord.ui.View,
    game_id: int,
    version: int,
    offers: list[Offer] | tuple[Offer, ...],
    row: int = 0,
    last_row: int = 3,
) -> int:
    """Lay ``offers`` out from ``row`` to ``last_row`` and return the next free row. What does
    not fit is left out rather than breaking Discord's limits (five rows, 25 options)."""
    menus = 0
    for offer in offers:
        if row > last_row:
            break
        if offer.as_select:
            options = [
                discord.SelectOption(
                    label=choice.label[:100],
                    value=choice_value(choice),
                    description=(choice.description or None) and choice.description[:100],
                    default=choice.selected,
                )
                for choice in offer.choices[:OPTIONS_PER_MENU]
            ]
            view.add_item(
                GameActionSelect(game_id, version, menus, options, offer.placeholder, row=row)
            )
            menus += 1
            row += 1
            continue
        for start in range(0, len(offer.choices), BUTTONS_PER_ROW):
            if row > last_row:
                break
            for choice in offer.choices[start : start + BUTTONS_PER_ROW]:
                view.add_item(
                    GameActionButton(
                        game_id,
                        version,
                        choice_value(choice),
                        choice.label,
                        STYLES[offer.style],
                        row=row,
                    )
                )
            row += 1
    return row
