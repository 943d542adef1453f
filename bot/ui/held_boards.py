"""Boards the bot reaches only through an interaction: private boards only their player sees
(a solitaire tournament's deals, the daily deal), and boards in places the bot is not in (a
user install's DM, group DM or server without the bot).

Discord edits such a message only through an interaction whose response or follow-up it is —
the command that showed it, or a click on it — and only for 15 minutes ("Interaction tokens
are valid for 15 minutes", developers/interactions/receiving-and-responding). The newest such
interaction is held per message, as private panels are, so that a redraw from elsewhere (a
move made in a panel, the resign confirmation, the platform ending the game) reaches the board.
In this process only: a board from before a restart, or older than that, is redrawn the moment
it is clicked.

A board posted again (``/games``, or a follow-up where no interaction could edit it any more)
leaves older copies in the conversation. Those still held are closed at once — the game as it
is, no buttons, a link to the newest board — and show the result when the game ends; the
others are closed when next clicked (:class:`bot.ui.reach.OlderCopy`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.services.messages import BoardMessages
from bot.services.snapshots import ActionResult, GameSnapshot, GameSummary
from bot.statuses import OPEN_GAME_STATUSES, BoardReach
from bot.ui.answering import answered_by_followup
from bot.ui.board_painter import BoardPainter
from bot.ui.boards import Board
from bot.ui.context import Services
from bot.ui.panel_flows import PANEL_EDITABLE_SECONDS
from bot.ui.reach import newest_board_link
from rules.core import Event

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
    """The copies of games' boards this process can still edit through an interaction: per
    game, the newest interaction holding each message — its board, and older copies of it (a
    board posted again since, an older copy clicked). Older copies are closed as soon as a
    newer board is placed, and show the result when the game ends."""

    def __init__(self, services: Services, painter: BoardPainter) -> None:
        self.services = services
        self.messages: BoardMessages = services.games.messages
        self.painter = painter
        #: game → message → the newest interaction that can edit it.
        self._held: dict[int, dict[int, Held]] = {}

    def hold(
        self,
        game_id: int,
        interaction: discord.Interaction,
        message_id: int,
        *,
        original: bool = True,
    ) -> None:
        for game in [g for g in self._held if not self._live(g)]:
            del self._held[game]
        self._held.setdefault(game_id, {})[message_id] = Held(
            interaction, message_id, original, time.monotonic()
        )

    async def place(
        self,
        game: GameSnapshot,
        interaction: discord.Interaction,
        channel_id: int,
        message_id: int,
        reach: BoardReach,
        *,
        original: bool = True,
        recent: Sequence[Event] = (),
    ) -> GameSnapshot:
        """Record that the game's board is now this message, reached so; where only an
        interaction reaches it, hold the one that posted it. Every older copy still held here
        is closed, pointing at this one (``recent``: the last move, as they say it). Returns
        the game as placed."""
        await self.messages.attach_message(game.id, channel_id, message_id, reach)
        if reach != BoardReach.CHANNEL:
            self.hold(game.id, interaction, message_id, original=original)
        placed = replace(game, channel_id=channel_id, message_id=message_id, board_reach=reach)
        await self.close_copies(placed, recent)
        return placed

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
            game,
            interaction,
            interaction.channel_id,
            sent.message_id,
            BoardReach.PRIVATE,
            # Sent after a public "thinking…" (bot.ui.answering): a follow-up of it.
            original=not answered_by_followup(interaction),
            recent=result.events,
        )

    async def edit_held(self, game: GameSummary, board: Board) -> bool | None:
        """Redraw the game's board through the interaction that can; whether it could be, or
        ``None`` where this process holds no interaction for the game's board (none came
        here, it is too old to edit, or the game's board is now another message)."""
        copies = self._live(game.id)
        held = None if game.message_id is None else copies.get(game.message_id)
        if held is None:
            return None
        try:
            await held.edit(board)
        except discord.HTTPException:
            log.info("the board of game %s could not be edited through its interaction", game.id)
            del copies[held.message_id]
            return False
        return True

    async def close_copies(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> None:
        """Show every older copy of the game's board held here closed: the game as it is now
        (its result, once it has one), no buttons, a link to its board. Once the game has
        ended nothing will change on any of them again: they are let go."""
        copies = self._live(game.id)
        painted: dict[str, Board] = {}
        for held in [h for m, h in copies.items() if m != game.message_id]:
            link = newest_board_link(held.interaction, game)
            if link not in painted:
                painted[link] = await self.painter.paint_copy(game, recent, link)
            try:
                await held.edit(painted[link])
            except discord.HTTPException:
                log.info("an older copy of game %s's board could not be closed", game.id)
                del copies[held.message_id]
        if game.status not in OPEN_GAME_STATUSES:
            self._held.pop(game.id, None)

    def _live(self, game_id: int) -> dict[int, Held]:
        """The game's copies still editable (Discord's 15 minutes, less a margin)."""
        now = time.monotonic()
        copies = self._held.get(game_id, {})
        for message in [m for m, h in copies.items() if now - h.since > PANEL_EDITABLE_SECONDS]:
            del copies[message]
        return copies
