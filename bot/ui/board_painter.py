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
from bot.web.links import game_page_open
from rules.core import Event


class BoardPainter:
    """Draws boards; where a board is shown is its callers' business."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.tournament_queries: TournamentQueries = services.tournaments.queries

    async def paint_board(
        self, game: GameSnapshot, recent: Sequence[Event] = (), *, copy_of: str | None = None
    ) -> Board:
        """The board as its server wants it; a tournament game's says which tournament and
        round it belongs to, a daily deal's which day. ``copy_of``: an older copy of the
        board, closed (no buttons; the link says where the newest is)."""
        server = await self.services.servers.get(game.guild_id)
        today = self.services.games.clock().date()
        tag = ""
        if game.tournament_id is not None:
            label = await self.tournament_queries.board_label(game.id, game.tournament_id)
            if label is not None:
                tag = board_tag(label, game, game_locale(game))
        elif game.daily_key is not None:
            tag = daily_tag(game, game_locale(game), today)
        links = await self.services.web.links()
        web_url = (
            links.game(game.id, game_locale(game))
            if links is not None and copy_of is None and game_page_open(game, today)
            else None
        )
        return await render_board(
            game,
            recent,
            today=today,
            pictures=server.pictures,
            tag=tag,
            copy_of=copy_of,
            web_url=web_url,
        )

    async def paint_copy(self, game: GameSnapshot, recent: Sequence[Event], link: str) -> Board:
        """An older copy of the game's board, closed: the game as it is now (its result, once
        it has one), no buttons, and ``link`` to its newest board."""
        return await self.paint_board(game, recent, copy_of=link)
