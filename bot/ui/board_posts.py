"""Where a game's board lives, decided here and nowhere else: posting it, redrawing it from
afar (a clock, an admin, the other player's move in a panel) and pinging its players there.

Two kinds of place (``BoardReach``):
- a channel the bot is in (a server that installed it, or the bot's own DM): the bot posts
  and edits there itself, through the REST API;
- a place the bot is not in (a user install's DM or group DM between people, a server that
  did not add the bot): Discord lets an app act there only through the interactions on its own
  messages — answer, edit its response and send follow-ups with the interaction's token, for 15
  minutes, at most five follow-ups when only the user installed the app
  (developers/interactions/receiving-and-responding: "Followup Messages"). No REST call ever
  goes to such a channel: the board is redrawn through the interaction that holds it, else at
  the next click on it; pings are follow-ups of the click that made the move, else a DM.

Flows hand every board and ping to this class and never ask where the board is.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.services.messages import BoardMessages
from bot.services.snapshots import ActionResult, GameSnapshot, GameSummary
from bot.statuses import OPEN_GAME_STATUSES, BoardReach
from bot.ui.board_painter import BoardPainter
from bot.ui.boards import Board
from bot.ui.common import (
    ANSWERED,
    NO_PINGS,
    USER_PINGS,
    installed_guild_id,
    jump_url,
    send_options,
    shares_a_server,
)
from bot.ui.context import Services
from bot.ui.delivery_faults import DISCORD_FAILURES, TryLater, passing
from bot.ui.followups import CardFollowups
from bot.ui.held_boards import HeldBoards
from rules.core import Event

log = logging.getLogger(__name__)

#: ``Interaction.extras`` key: follow-ups this bot sent for the interaction.
FOLLOWUPS_SENT = "asobiba.followups_sent"
#: "Apps are limited to 5 followup messages per interaction if it was initiated from a
#: user-installed app and isn't installed in the server" (receiving-and-responding).
FOLLOWUP_LIMIT = 5


def reach_of(interaction: discord.Interaction) -> BoardReach:
    """How the bot will reach a board posted in answer to ``interaction``: itself where Discord
    vouches that the player shares a server with it (:func:`shares_a_server`: a server that
    installed it, or its own DM under that install); else only through interactions — DMs and
    group DMs between people (context 2, "PRIVATE_CHANNEL"), servers where only the player
    installed the app, and the bot's DM reached through a user install (Discord refuses the
    bot's own posts to a user it shares no server with: 50278)."""
    return BoardReach.CHANNEL if shares_a_server(interaction) else BoardReach.INTERACTION


def answers_are_forced_private(interaction: discord.Interaction) -> bool:
    """Whether Discord makes every answer here ephemeral: a server that did not add the bot
    and denies "Use External Apps" (developers/topics/permissions: USE_EXTERNAL_APPS "When
    disabled, users will still be allowed to use their apps but the responses will be
    ephemeral. This only applies to apps not also installed to the server")."""
    return (
        interaction.guild_id is not None
        and installed_guild_id(interaction) is None
        and not interaction.app_permissions.use_external_apps
    )


def take_followup(interaction: discord.Interaction) -> bool:
    """Take one of the interaction's follow-ups; whether one was left (only user-install
    interactions outside servers that added the bot are limited)."""
    if installed_guild_id(interaction) is not None:
        return True
    sent = int(interaction.extras.get(FOLLOWUPS_SENT, 0))
    if sent >= FOLLOWUP_LIMIT:
        return False
    interaction.extras[FOLLOWUPS_SENT] = sent + 1
    return True


class BoardPosts:
    def __init__(
        self,
        client: discord.Client,
        services: Services,
        painter: BoardPainter,
        held_boards: HeldBoards,
    ) -> None:
        self.client = client
        self.messages: BoardMessages = services.games.messages
        self.painter = painter
        self.held_boards = held_boards
        #: V2 cards with files sent as follow-ups, in the form Discord takes.
        self.followups = CardFollowups()
        #: game → older copies of its board in channels the bot is in, closed through REST
        #: when the board was posted again (this process only): they show the result too.
        self._channel_copies: dict[int, set[tuple[int, int]]] = {}

    async def post_board(
        self,
        interaction: discord.Interaction,
        result: ActionResult,
        mentions: discord.AllowedMentions,
    ) -> discord.InteractionMessage:
        """Answer the command with the new game's board and remember where it is and how it is
        reached. When the bot plays (and may think first) the interaction was deferred here;
        one deferred while the database was slow looks unanswered, and its answer is turned
        into the edit of its "thinking…" (:mod:`bot.ui.answering`)."""
        board = await self.painter.paint_board(result.game, result.events)
        if interaction.response.is_done():  # deferred: the board replaces "thinking…"
            interaction.extras[ANSWERED] = True  # an error after this must not remove it
            message = await interaction.edit_original_response(
                content=None,
                view=board.view,
                attachments=board.files,
                allowed_mentions=mentions,
            )
        else:
            callback = await interaction.response.send_message(
                view=board.view, files=board.files, allowed_mentions=mentions
            )
            resource = callback.resource
            message = (
                resource
                if isinstance(resource, discord.InteractionMessage)
                else await interaction.original_response()
            )
        before = result.game
        placed = await self.held_boards.place(
            before,
            interaction,
            message.channel.id,
            message.id,
            reach_of(interaction),
            recent=result.events,
        )
        if before.message_id not in (None, message.id) and before.board_reach == BoardReach.CHANNEL:
            # Posted again (/games): the copy it replaces, in a channel the bot is in, is closed
            # now rather than left with live buttons.
            assert before.channel_id is not None and before.message_id is not None
            self._channel_copies.setdefault(before.id, set()).add(
                (before.channel_id, before.message_id)
            )
            await self._close_channel_copies(placed, result.events)
        return message

    async def close_copies(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> None:
        """The game has ended: every older copy of its board this process can still edit
        shows the result, closed (those held by an interaction, and those in channels the bot
        is in that were replaced here)."""
        await self.held_boards.close_copies(game, recent)
        await self._close_channel_copies(game, recent)
        self._channel_copies.pop(game.id, None)

    async def _close_channel_copies(self, game: GameSnapshot, recent: Sequence[Event]) -> None:
        """Edit the older copies of the game's board in channels the bot is in, through REST:
        closed, with a link to its board. Best effort: one Discord will not take now is closed
        at its next click instead."""
        copies = self._channel_copies.get(game.id, set()) - {(game.channel_id, game.message_id)}
        if not copies:
            return
        link = jump_url(game.guild_id, game.channel_id, game.message_id)
        board = await self.painter.paint_copy(game, recent, link)
        for channel_id, message_id in sorted(copies):
            copy = replace(game, channel_id=channel_id, message_id=message_id)
            try:
                if not await self._edit_message(copy, board):
                    self._channel_copies[game.id].discard((channel_id, message_id))
            except TryLater as error:
                log.info("an older copy of game %s's board is closed later: %s", game.id, error)

    def clicked(self, game: GameSummary, interaction: discord.Interaction, message_id: int) -> None:
        """The board was just redrawn by a click on it: where the bot cannot edit it itself,
        that click can for the next 15 minutes."""
        if game.board_reach != BoardReach.CHANNEL:
            self.held_boards.hold(game.id, interaction, message_id)

    async def edit_board(self, game: GameSummary, board: Board) -> bool:
        """Redraw the game's board where it lives; whether it could be (:class:`TryLater`
        where Discord could not take it now). An interaction that
        holds it comes first (a private board, or a board in a place the bot is not in);
        only in a channel the bot is in does it edit the message itself."""
        edited = await self.held_boards.edit_held(game, board)
        if edited is not None:
            return edited
        if game.board_reach != BoardReach.CHANNEL:
            return False  # redrawn at the next click on it
        return await self._edit_message(game, board)

    async def show_board(
        self,
        game: GameSnapshot,
        recent: Sequence[Event] = (),
        via: discord.Interaction | None = None,
    ) -> bool:
        """Paint the game's board afresh and redraw it where it lives; whether it could be.
        In a place the bot is not in, a board no interaction can edit any more is posted
        afresh as a follow-up of the click that changed it (``via``, a move made in a
        panel): the players find the game as it is at the foot of their conversation, and
        that click can redraw it for the next 15 minutes. Once the game is over, the older
        copies of its board this process can still edit show the result too."""
        board = await self.painter.paint_board(game, recent)
        shown = await self.edit_board(game, board)
        if not shown:
            placed = await self._post_afresh(game, board, recent, via)
            shown, game = placed is not None, placed or game
        if game.status not in OPEN_GAME_STATUSES:
            await self.close_copies(game, recent)
        return shown

    async def _post_afresh(
        self,
        game: GameSnapshot,
        board: Board,
        recent: Sequence[Event],
        via: discord.Interaction | None,
    ) -> GameSnapshot | None:
        """Post the board again as a follow-up of ``via`` where only interactions reach it
        (:meth:`show_board`); the game as placed there, or ``None`` where it could not go."""
        if via is None or game.board_reach != BoardReach.INTERACTION or not take_followup(via):
            return None
        try:
            message = await self.followups.send(via, board.view, lambda: board.files)
        except discord.HTTPException:
            log.info("could not post the board of game %s afresh", game.id)
            return None
        return await self.held_boards.place(
            game,
            via,
            message.channel.id,
            message.id,
            BoardReach.INTERACTION,
            original=False,
            recent=recent,
        )

    async def _edit_message(self, game: GameSummary, board: Board) -> bool:
        if game.channel_id is None or game.message_id is None:
            return False
        channel = self.client.get_partial_messageable(game.channel_id)
        try:
            # content=None clears the words of a board posted before boards were V2 cards.
            await channel.get_partial_message(game.message_id).edit(
                content=None,
                embeds=[],
                view=board.view,
                attachments=board.files,
                allowed_mentions=NO_PINGS,
            )
        except DISCORD_FAILURES as error:
            if passing(error):
                raise TryLater(f"editing the board of game {game.id}: {error}") from error
            log.warning("could not edit the board of game %s: %s", game.id, error)
            return False
        return True

    async def post_shared(
        self,
        game: GameSummary,
        interaction: discord.Interaction,
        view: discord.ui.LayoutView,
        files: Callable[[], list[discord.File]],
    ) -> str | None:
        """Post a shared finished game for everyone: in its board's channel where the bot is
        in it (wherever the Share was clicked: its board, or a replay from /history), else as
        a public follow-up of the click (a place the bot is not in, a private board). The
        click was acknowledged privately. The post's link, or None when it could not go."""
        try:
            if game.board_reach == BoardReach.CHANNEL and game.channel_id is not None:
                channel = self.client.get_partial_messageable(game.channel_id)
                message = await channel.send(view=view, files=files(), allowed_mentions=NO_PINGS)
                return jump_url(game.guild_id, game.channel_id, message.id)
            if not take_followup(interaction):
                return None
            answer = await self.followups.send(interaction, view, files)
            return jump_url(interaction.guild_id, answer.channel.id, answer.id)
        except discord.HTTPException:
            log.warning("could not post the shared game %s", game.id, exc_info=True)
            return None

    async def ping(
        self,
        game: GameSummary,
        content: str,
        view: discord.ui.View | None,
        once: str | None,
        via: discord.Interaction | None,
    ) -> bool:
        """Post a ping beside the board; whether it got there (:class:`TryLater` where Discord
        could not take it now). In a channel the bot is in, the previous ping is deleted (one
        ping, not a wall). Elsewhere it is a follow-up of the click that made the move
        (``via``) — never possible from a clock."""
        if game.board_reach == BoardReach.PRIVATE:
            return False
        if game.board_reach == BoardReach.INTERACTION:
            if via is None or not take_followup(via):
                return False
            try:
                extra: dict[str, Any] = {"view": view} if view is not None else {}
                await via.followup.send(content, allowed_mentions=USER_PINGS, **extra)
            except discord.HTTPException:
                log.info("could not ping through the interaction in game %s", game.id)
                return False
            return True
        assert game.channel_id is not None
        channel = self.client.get_partial_messageable(game.channel_id)
        try:
            message = await channel.send(content, **send_options(USER_PINGS, view, once))
        except DISCORD_FAILURES as error:
            if passing(error):
                raise TryLater(f"pinging in game {game.id}: {error}") from error
            log.warning("could not ping in game %s: %s", game.id, error)
            return False
        previous = await self.messages.swap_ping(game.id, message.id)
        if previous is not None and previous != message.id:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(previous).delete()
        return True
