"""Tournaments, with no Discord in them. ``TournamentService`` holds them by job:

- ``actions`` (:class:`TournamentActions`): what organisers and entrants do — create, join,
  leave, start, cancel, withdraw, play a solitaire deal;
- ``scheduler`` (:class:`TournamentScheduler`): what the clock and ended games make due — the
  start, rounds, results, the end;
- ``queries`` (:class:`TournamentQueries`): one tournament, a server's list, which one a
  command means, a board's label.
"""

from __future__ import annotations

from bot.services.games import GameService
from bot.services.guilds import GuildService
from bot.services.tournament_actions import TournamentActions
from bot.services.tournament_queries import TournamentQueries
from bot.services.tournament_scheduler import TournamentScheduler


class TournamentService:
    """Every tournament use case over the game service's database."""

    def __init__(self, games: GameService, servers: GuildService) -> None:
        self.queries = TournamentQueries(games.db)
        self.scheduler = TournamentScheduler(
            games.db,
            games.clock,
            queries=self.queries,
            loader=games.loader,
            actions=games.actions,
            starts=games.starts,
            seeds=games.seeds,
        )
        self.actions = TournamentActions(
            games.db,
            games.clock,
            servers=servers,
            scheduler=self.scheduler,
            loader=games.loader,
            starts=games.starts,
            seeds=games.seeds,
        )
