"""Boards the bot reaches only through an interaction: private boards only their player sees
(a solitaire tournament's deals, the daily deal), and boards in places the bot is not in (a
user install's DM, group DM or server without the bot).

Discord edits such a message only through an interaction whose response or follow-up it is —
the command that showed it, or a click on it — and only for 15 minutes ("Interaction tokens
are valid for 15 minutes", developers/interactions/receiving-and-responding). The newest such
interaction is held per game, as private panels are, so that a redraw from elsewhere (a move
made in a panel, the resign confirmation, the platform ending the game) reaches the board. In
this process only: a board from before a restart, or older than that, is redrawn the moment
it is clicked.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

import discord

from bot.services.messages import BoardMessages
from bot.services.snapshots import ActionResult, GameSummary
from bot.statuses import OPEN_GAME_STATUSES, BoardReach
from bot.ui.board_painter import BoardPainter
from bot.ui.boards import Board
from bot.ui.context import Services
from bot.ui.panel_flows import PANEL_EDITABLE_SECONDS

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Held:
    """The interaction that can edit a game's board, that board's message, whether it is the
    interaction's own response (else one of its follow-ups), and when it came."""

    interaction: discord.Interaction
    message_id: int
    original: bool
    since: float

    async def edit(self, board: Board) -> None:
        if self.original:
            await board.replace_response(self.interaction)
        else:
            # embeds=[]: a board sent as a classic message (bot/ui/followups.py) turns V2
            # (discord.py types no words beside a LayoutView, though Discord takes them empty).
            cleared: dict[str, Any] = {"embeds": []}
            await self.interaction.followup.edit_message(
                self.message_id, view=board.view, attachments=board.files, **cleared
            )


class HeldBoards:
    """The boards this process can still redraw through an interaction, one per game."""

    def __init__(self, services: Services, painter: BoardPainter) -> None:
        self.services = services
        self.messages: BoardMessages = services.games.messages
        self.painter = painter
        self._held: dict[int, Held] = {}

    def hold(
        self,
        game_id: int,
        interaction: discord.Interaction,
        message_id: int,
        *,
        original: bool = True,
    ) -> None:
        now = time.monotonic()
        for stale in [g for g, h in self._held.items() if now - h.since > PANEL_EDITABLE_SECONDS]:
            del self._held[stale]
        self._held[game_id] = Held(interaction, message_id, original, now)

    async def place(
        self,
        game_id: int,
        interaction: discord.Interaction,
        channel_id: int,
        message_id: int,
        reach: BoardReach,
        *,
        original: bool = True,
    ) -> None:
        """Record that the game's board is now this message, reached so; where only an
        interaction reaches it, hold the one that posted it."""
        await self.messages.attach_message(game_id, channel_id, message_id, reach)
        if reach != BoardReach.CHANNEL:
            self.hold(game_id, interaction, message_id, original=original)

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
        # An ephemeral message is never the bot's to edit through REST, wherever it is.
        await self.place(
            game.id, interaction, interaction.channel_id, sent.message_id, BoardReach.PRIVATE
        )

    async def edit_held(self, game: GameSummary, board: Board) -> bool | None:
        """Redraw the game's board through the interaction that can; whether it could be, or
        ``None`` where this process holds no interaction for the game's board (none came
        here, it is too old to edit, or the game's board is now another message)."""
        held = self._held.get(game.id)
        if held is None:
            return None
        if (
            held.message_id != game.message_id
            or time.monotonic() - held.since > PANEL_EDITABLE_SECONDS
        ):
            del self._held[game.id]
            return None
        try:
            await held.edit(board)
        except discord.HTTPException:
            log.info("the board of game %s could not be edited through its interaction", game.id)
            del self._held[game.id]
            return False
        if game.status not in OPEN_GAME_STATUSES:
            del self._held[game.id]  # nothing will change on it again
        return True
