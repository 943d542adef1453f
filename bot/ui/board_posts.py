"""Where a game's board lives, and redrawing it there from afar (a clock, an admin, the other
player): a private board only its player sees, while this process can still reach it, or
else the board's message in its channel."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.services.snapshots import GameSnapshot, GameSummary
from bot.ui.board_painter import BoardPainter
from bot.ui.boards import Board
from bot.ui.common import NO_PINGS
from bot.ui.private_boards import PrivateBoards
from rules.core import Event

log = logging.getLogger(__name__)


class BoardPosts:
    def __init__(
        self, client: discord.Client, painter: BoardPainter, private_boards: PrivateBoards
    ) -> None:
        self.client = client
        self.painter = painter
        self.private_boards = private_boards

    async def edit_board(self, game: GameSummary, board: Board) -> bool:
        """Redraw the game's board where it lives; whether it could be. A private board this
        process still reaches comes first: its game's message is that private board, which
        only the interaction that showed it can edit."""
        edited = await self.private_boards.edit_private_board(game, board)
        if edited is not None:
            return edited
        return await self._edit_message(game, board)

    async def show_board(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> bool:
        """Paint the game's board afresh and redraw it where it lives; whether it could be."""
        board = await self.painter.paint_board(game, recent)
        return await self.edit_board(game, board)

    async def _edit_message(self, game: GameSummary, board: Board) -> bool:
        if game.channel_id is None or game.message_id is None:
            return False
        channel = self.client.get_partial_messageable(game.channel_id)
        try:
            # content=None clears the words of a board posted before boards were V2 cards.
            await channel.get_partial_message(game.message_id).edit(
                content=None, view=board.view, attachments=board.files, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("could not edit the board of game %s", game.id, exc_info=True)
            return False
        return True
