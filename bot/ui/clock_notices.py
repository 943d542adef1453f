"""Telling the channels what the move clocks did: a reminder, a game that timed out, a
challenge that expired, a board whose clock stopped or runs again."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.services.clocks import Notice, Reminder, TimedOut
from bot.services.snapshots import GameSnapshot
from bot.ui.board_posts import BoardPosts
from bot.ui.context import Services
from bot.ui.delivery_faults import TryLater
from bot.ui.notices import Pings
from bot.ui.tournament_flows import TournamentFlows

log = logging.getLogger(__name__)


class ClockNotices:
    def __init__(
        self,
        services: Services,
        posts: BoardPosts,
        pings: Pings,
        tournaments: TournamentFlows,
    ) -> None:
        self.services = services
        self.posts = posts
        self.pings = pings
        self.tournaments = tournaments

    async def announce(self, notices: Sequence[Notice]) -> None:
        """One ping per reminder, and the board updated for every game that timed out or
        challenge that expired. Each notice is settled once told (or refused by Discord for
        good); one Discord could not take now is tried again after a back-off, and one cut
        short by a crash is told by the next process — with the same nonces either way."""
        for notice in notices:
            try:
                await self._announce(notice)
            except TryLater as error:
                log.warning("will announce %s again: %s", type(notice).__name__, error)
                await self.services.games.deliveries.failed([notice.delivery_id], str(error))
                continue
            except discord.HTTPException:
                log.warning("could not announce %r", notice, exc_info=True)
            self.services.clocks.done(notice)

    async def _announce(self, notice: Notice) -> None:
        if isinstance(notice, Reminder):
            await self.pings.remind(notice)
            return
        result = notice.result if isinstance(notice, TimedOut) else None
        game: GameSnapshot = result.game if result else notice.game  # type: ignore[union-attr]
        await self.posts.show_board(game, result.events if result else ())
        if result is not None:
            await self.pings.notify(game, actor_id=None)
            await self.tournaments.after_game(game)
