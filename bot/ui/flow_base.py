"""What every flow shares: the Discord client, the services, and editing a game's board."""

from __future__ import annotations

import logging

import discord

from bot.services.snapshots import GameSummary
from bot.ui.common import NO_PINGS
from bot.ui.context import Services
from rules.core import Locale

log = logging.getLogger(__name__)


def game_locale(game: GameSummary) -> Locale:
    """Public messages of a game speak the language it was started in."""
    return "ja" if game.locale == "ja" else "en"


class FlowBase:
    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.games = services.games

    async def edit_board(self, game: GameSummary, content: str, view: discord.ui.View) -> None:
        if game.channel_id is None or game.message_id is None:
            return
        channel = self.client.get_partial_messageable(game.channel_id)
        try:
            await channel.get_partial_message(game.message_id).edit(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("could not edit the board of game %s", game.id, exc_info=True)
