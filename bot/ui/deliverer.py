"""Delivering what committed changes owe people: the outbox's other half.

Every change to a game wrote, in its own transaction, a delivery (:mod:`bot.services.deliveries`):
its board is redrawn, whoever acts next (or everyone, at the end) is told, an offer is passed
on, a tournament moves on. The process that made the change delivers it at once (``deliver``,
after the click's own answer); what Discord could not take now waits out a back-off, and what
a crash cut short is taken by the next process — at its start for its own, after the lease for
anyone's (``pass_once``, which the client runs every second). Redraws are idempotent and every
ping carries a nonce named by the news it brings (:func:`bot.ui.notices.news_of`), so a
delivery made twice posts once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence

import discord

from bot.metrics import METRICS
from bot.services.clocks import ClockService
from bot.services.deliveries import DeliveryBook, Owed
from bot.services.errors import GameNotFound
from bot.services.queries import GameQueries
from bot.services.snapshots import GameSnapshot
from bot.statuses import OPEN_GAME_STATUSES, DeliveryKind, GameStatus
from bot.ui.board_posts import BoardPosts
from bot.ui.clock_notices import ClockNotices
from bot.ui.context import Services
from bot.ui.delivery_faults import TryLater
from bot.ui.notices import Pings
from bot.ui.tournament_flows import TournamentFlows
from rules.core import Event

log = logging.getLogger(__name__)


class Deliverer:
    def __init__(
        self,
        services: Services,
        posts: BoardPosts,
        pings: Pings,
        tournaments: TournamentFlows,
        clock_notices: ClockNotices,
    ) -> None:
        self.book: DeliveryBook = services.games.deliveries
        self.queries: GameQueries = services.games.queries
        self.clocks: ClockService = services.clocks
        self.posts = posts
        self.pings = pings
        self.tournaments = tournaments
        self.clock_notices = clock_notices

    async def deliver(
        self,
        game: GameSnapshot,
        owed: Sequence[int] | None = None,
        *,
        recent: Sequence[Event] = (),
        actor_id: int | None = None,
        via: discord.Interaction | None = None,
        board_shown: bool = False,
        ping: bool = True,
    ) -> None:
        """Deliver now what a change made here owes (``owed``, its deliveries; ``None``: all
        this process holds for ``game``, for a flow whose service answers with the game
        alone): the board redrawn where it lives (unless the click's own answer showed it:
        ``board_shown``) and, once the game is over, the older copies of it this process can
        still edit, whoever acts next told (``ping``; never ``actor_id``, who made it), an
        offer passed on, a tournament moved on. ``via``: the click that made it, the only way
        to reach a place the bot is not in."""
        if owed is None:
            owed = [o.id for o in await self.book.claim(mine=True, game_id=game.id)]
        try:
            if not board_shown:
                await self.posts.show_board(game, recent, via=via)
            elif game.status not in OPEN_GAME_STATUSES:
                await self.posts.close_copies(game, recent)
            if ping:
                await self.pings.notify(game, actor_id=actor_id, via=via)
                offered = any(e.kind == "draw_offer" for e in recent)
                if offered and game.status == GameStatus.ACTIVE and actor_id is not None:
                    await self.pings.offer_notice(game, actor_id, via=via)
            await self.tournaments.after_game(game)
        except TryLater as error:
            await self._later(owed, error)
            return
        self.book.settle(owed)

    async def _later(self, owed: Sequence[int], error: TryLater) -> None:
        log.warning("will deliver again later: %s", error)
        METRICS.delivery_retries.inc()
        if owed:
            await self.book.failed(owed, str(error))

    async def pass_once(self, *, starting: bool = False) -> int:
        """Deliver what is due (``starting``: also all this instance's own); how many
        deliveries were taken. The settled ones are deleted at the end."""
        owed = await self.book.claim(starting=starting)
        moved: dict[int, list[Owed]] = {}
        for row in owed:
            if row.kind == DeliveryKind.MOVED:
                moved.setdefault(row.game_id, []).append(row)
        try:
            # The clock's first: a reminder or a loss on time is news with a deadline, and a
            # process stopped early (a restart cut short) must not spend its time on redraws.
            others = [row for row in owed if row.kind != DeliveryKind.MOVED]
            if others:
                await self._apart(self._announce(others), others)
            for game_id, rows in moved.items():
                await self._apart(self._resume_moved(game_id, rows), rows)
        finally:
            await self.book.flush()
        return len(owed)

    async def _announce(self, owed: Sequence[Owed]) -> None:
        await self.clock_notices.announce(await self.clocks.notices_for(list(owed)))

    async def _apart(self, delivering: Awaitable[None], rows: Sequence[Owed]) -> None:
        """One game's (or the clock's) deliveries, kept apart from the rest of the pass: an
        unexpected failure is logged and they are tried again after a back-off, while the
        others still go out."""
        try:
            await delivering
        except Exception as error:  # (the database out of reach: recording it fails too)
            log.exception("could not deliver %d owed item(s); trying again later", len(rows))
            await self.book.failed([row.id for row in rows], repr(error))

    async def _resume_moved(self, game_id: int, rows: Sequence[Owed]) -> None:
        """One game's moves, delivered as one: its board as it is now, and the news of its
        newest version. Who made the newest human change is not told of it."""
        ids = [row.id for row in rows]
        try:
            game = await self.queries.get(game_id)
        except GameNotFound:
            self.book.settle(ids)
            return
        recent = await self.queries.last_public_events(game_id)
        actor = next((r.actor_id for r in reversed(rows) if r.actor_id is not None), None)
        await self.deliver(game, ids, recent=recent, actor_id=actor)

    async def flush(self) -> None:
        """Forget what was delivered (at a stop: nothing is delivered twice needlessly)."""
        await self.book.flush()
