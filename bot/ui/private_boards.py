"""Boards only their player sees: deals others are dealt too (a solitaire tournament's deals,
the daily deal) are played on them.

Discord edits such an ephemeral message only through an interaction whose response it is — the
command that showed it, or a click on it — and only for 15 minutes. The newest such interaction
is remembered per game, as private panels are, so that a redraw from elsewhere (the resign
confirmation, the platform ending the game) reaches the board. In this process only: a board
from before a restart, or older than that, is redrawn the moment it is clicked, and a
confirmation that cannot reach it shows the board itself.
"""

from __future__ import annotations

import logging
import time

import discord

from bot.services.messages import BoardMessages
from bot.services.snapshots import ActionResult, GameSummary
from bot.statuses import OPEN_GAME_STATUSES
from bot.ui.board_painter import BoardPainter
from bot.ui.boards import Board
from bot.ui.context import Services
from bot.ui.panel_flows import PANEL_EDITABLE_SECONDS

log = logging.getLogger(__name__)


class PrivateBoards:
    """The private boards this process can still redraw, one per game."""

    def __init__(self, services: Services, painter: BoardPainter) -> None:
        self.services = services
        self.messages: BoardMessages = services.games.messages
        self.painter = painter
        #: game → the newest interaction that can edit its private board, that board's
        #: message, and when the interaction came.
        self._private_boards: dict[int, tuple[discord.Interaction, int, float]] = {}

    def remember_private_board(
        self, game_id: int, interaction: discord.Interaction, message_id: int
    ) -> None:
        now = time.monotonic()
        for stale in [
            g
            for g, (_, _, since) in self._private_boards.items()
            if now - since > PANEL_EDITABLE_SECONDS
        ]:
            del self._private_boards[stale]
        self._private_boards[game_id] = (interaction, message_id, now)

    async def show_private_board(
        self, interaction: discord.Interaction, result: ActionResult
    ) -> None:
        """Answer the command with the game's board, seen by its player alone. Moves edit this
        message: the newest copy of the board is the one kept up to date, and this command
        can redraw it from afar (after the resign confirmation)."""
        game = result.game
        board = await self.painter.paint_board(game, result.events)
        sent = await interaction.response.send_message(
            view=board.view, files=board.files, ephemeral=True
        )
        if sent.message_id is None or interaction.channel_id is None:
            return
        await self.messages.attach_message(game.id, interaction.channel_id, sent.message_id)
        self.remember_private_board(game.id, interaction, sent.message_id)

    async def edit_private_board(self, game: GameSummary, board: Board) -> bool | None:
        """Redraw the game's private board through the interaction that can; whether it
        could be, or ``None`` where this process reaches no private board of the game (none
        was shown here, it is too old to edit, or the game's board is now another message)."""
        tracked = self._private_boards.get(game.id)
        if tracked is None:
            return None
        interaction, message_id, since = tracked
        if message_id != game.message_id or time.monotonic() - since > PANEL_EDITABLE_SECONDS:
            del self._private_boards[game.id]
            return None
        try:
            await board.replace_response(interaction)
        except discord.HTTPException:
            log.info("the private board of game %s could not be edited", game.id)
            del self._private_boards[game.id]
            return False
        if game.status not in OPEN_GAME_STATUSES:
            del self._private_boards[game.id]  # nothing will change on it again
        return True
