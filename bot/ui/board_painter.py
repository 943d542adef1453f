"""Painting a game's board as its server wants it: a picture with the words (the default), or
text, tagged with the tournament round or the day of the deal it belongs to."""

from __future__ import annotations

from collections.abc import Sequence

from bot.services.snapshots import GameSnapshot
from bot.services.tournament_queries import TournamentQueries
from bot.ui.boards import Board, game_locale, render_board
from bot.ui.context import Services
from bot.ui.daily import daily_tag
from bot.ui.tournaments import board_tag
from rules.core import Event


class BoardPainter:
    """Draws boards; where a board is shown is its callers' business."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.tournament_queries: TournamentQueries = services.tournaments.queries

    async def paint_board(self, game: GameSnapshot, recent: Sequence[Event] = ()) -> Board:
        """The board as its server wants it; a tournament game's says which tournament and
        round it belongs to, a daily deal's which day."""
        server = await self.services.servers.get(game.guild_id)
        today = self.services.games.clock().date()
        tag = ""
        if game.tournament_id is not None:
            label = await self.tournament_queries.board_label(game.id, game.tournament_id)
            if label is not None:
                tag = board_tag(label, game, game_locale(game))
        elif game.daily_key is not None:
            tag = daily_tag(game, game_locale(game), today)
        return await render_board(game, recent, today=today, pictures=server.pictures, tag=tag)
