"""What every flow shares: the Discord client, the services, and editing a game's board."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.services.snapshots import GameSnapshot, GameSummary
from bot.ui.boards import Board, render_board
from bot.ui.common import NO_PINGS
from bot.ui.context import Services
from rules.core import Event

log = logging.getLogger(__name__)


class FlowBase:
    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.games = services.games

    async def board(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> Board:
        """The board as its server wants it: a picture with the words (the default), or text."""
        server = await self.services.servers.get(game.guild_id)
        return await render_board(game, recent, pictures=server.pictures)

    async def edit_board(self, game: GameSummary, board: Board) -> None:
        if game.channel_id is None or game.message_id is None:
            return
        channel = self.client.get_partial_messageable(game.channel_id)
        try:
            # content=None clears the words of a board posted before boards were V2 cards.
            await channel.get_partial_message(game.message_id).edit(
                content=None, view=board.view, attachments=board.files, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("could not edit the board of game %s", game.id, exc_info=True)

    async def show_board(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> None:
        """Redraw a game's board from afar (a clock, an admin, the other player)."""
        board = await self.board(game, recent)
        await self.edit_board(game, board)

    async def after_game(self, game: GameSummary) -> None:
        """Called once a game's change has been announced (tournaments hook in here)."""
