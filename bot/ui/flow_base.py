"""What every flow shares: the Discord client, the services, and editing a game's board."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.services.snapshots import GameSnapshot, GameSummary
from bot.ui.boards import Board, game_locale, render_board
from bot.ui.common import NO_PINGS
from bot.ui.context import Services
from bot.ui.daily import daily_tag
from bot.ui.tournaments import board_tag
from rules.core import Event

log = logging.getLogger(__name__)


class FlowBase:
    def __init__(self, client: discord.Client, services: Services) -> None:
        self.client = client
        self.services = services
        self.games = services.games

    async def board(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> Board:
        """The board as its server wants it: a picture with the words (the default), or text;
        a tournament game's says which tournament and round it belongs to, a daily deal's
        which day."""
        server = await self.services.servers.get(game.guild_id)
        today = self.games.clock().date()
        tag = ""
        if game.tournament_id is not None:
            label = await self.services.tournaments.queries.board_label(game.id, game.tournament_id)
            if label is not None:
                tag = board_tag(label, game, game_locale(game))
        elif game.daily_key is not None:
            tag = daily_tag(game, game_locale(game), today)
        return await render_board(game, recent, today=today, pictures=server.pictures, tag=tag)

    async def edit_board(self, game: GameSummary, board: Board) -> bool:
        """Redraw the game's board message; whether it could be."""
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

    async def show_board(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> bool:
        """Redraw a game's board from afar (a clock, an admin, the other player); whether the
        board could be reached."""
        board = await self.board(game, recent)
        return await self.edit_board(game, board)

    async def after_game(self, game: GameSummary) -> None:
        """Called once a game's change has been announced (tournaments hook in here)."""
