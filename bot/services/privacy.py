"""A player's data rights (/privacy): what is kept about them (:mod:`privacy_export` writes it
out), and deleting it.

Deleting is two steps, each through the ordinary use cases first so that everyone else's
boards, tournaments and ratings move on exactly as if the player had left by hand:

1. :meth:`PrivacyService.leave_everything`: sign-ups left, running tournaments withdrawn from,
   challenges and games not yet begun aborted, games under way resigned;
2. :meth:`PrivacyService.forget`, one transaction: the player's own rows (settings, results,
   ratings, puzzle answers and ratings, lesson progress) deleted, and every seat, entry and
   pairing they had in games and tournaments handed to "a former player" — an id no person
   can have (``FORMER_PLAYER_MAX``); each of their games' boards is owed a redraw with the new
   name (written in the same transaction, by the store). Games, logs, replays and seals stay
   whole: a seal covers the seed, the settings and the moves, never who played them.

Tournaments: a sign-up is simply left; a running tournament is withdrawn from (the tournament
goes on without the player, as after ``/tournament withdraw``); in every tournament the
player's entry, pairings and deals stay as a former player's, so tables still add up, and one
they organised keeps a former player as organiser (server managers may still start or cancel
it).
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field

from sqlalchemy import delete, select, update

from bot.db import (
    Database,
    DeliveryRow,
    GameRow,
    GameSeatRow,
    TournamentDealRow,
    TournamentEntrantRow,
    TournamentPairingRow,
    TournamentRow,
)
from bot.services.dm_reach import DmReachBook
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.privacy_export import OWN_ROWS, PrivacyExport
from bot.services.snapshots import (
    FORMER_PLAYER_MAX,
    FORMER_PLAYER_NAME,
    ActionResult,
)
from bot.services.standings import StandingsService
from bot.services.tournament_errors import TournamentError
from bot.services.tournament_snapshots import TournamentNotice
from bot.services.tournaments import TournamentService
from bot.statuses import OPEN_GAME_STATUSES, DeliveryKind, GameStatus, TournamentStatus
from bot.text.privacy import STILL_PLAYING
from rules.core import Resign, RulesError

log = logging.getLogger(__name__)

#: Open games left per pass; a player with more is unusual, and the next pass takes the rest.
GAMES_PER_PASS = 500
#: Passes of leaving then forgetting: a game begun meanwhile is left on the next pass.
PASSES = 3


def new_former_player_id() -> int:
    """A fresh "former player" id: random, so it says nothing of who it was."""
    return FORMER_PLAYER_MAX - secrets.randbelow(1 << 59)


@dataclass
class Departure:
    """What leaving everything changed, for the front end to show: the games that ended (their
    boards are redrawn) and the tournaments' notices (withdrawals move rounds on)."""

    games: list[ActionResult] = field(default_factory=list)
    notices: list[TournamentNotice] = field(default_factory=list)
    tournaments_left: int = 0


@dataclass(frozen=True)
class Forgotten:
    """What :meth:`PrivacyService.forget` did: rows deleted, and seats and entries handed to a
    former player (``former_id``, None when there were none)."""

    deleted: int
    anonymised: int
    former_id: int | None


class PrivacyService:
    def __init__(
        self,
        db: Database,
        games: GameService,
        tournaments: TournamentService,
        standings: StandingsService,
        dm_reach: DmReachBook | None = None,
    ) -> None:
        self.db = db
        self.games = games
        self.tournaments = tournaments
        self.standings = standings
        self.dm_reach = dm_reach
        #: What is kept, counted and written out.
        self.records = PrivacyExport(db, games)

    # --- leaving -----------------------------------------------------------------------------

    async def leave_everything(self, user_id: int) -> Departure:
        """Leave every tournament and open game of ``user_id`` through the usual use cases.
        A game that ends meanwhile (an opponent's move, a clock) is simply passed over."""
        departure = Departure()
        await self._leave_tournaments(user_id, departure)
        summaries = await self.games.queries.list_games(
            user_id, statuses=OPEN_GAME_STATUSES, limit=GAMES_PER_PASS
        )
        for summary in summaries:
            try:
                result = await self.leave_game(summary.id, user_id)
            except ServiceError:
                continue  # ended or changed under us: the next pass looks again
            if result is not None:
                departure.games.append(result)
        return departure

    async def leave_game(self, game_id: int, user_id: int) -> ActionResult | None:
        """A challenge or a game without a move yet is aborted (no result counts); a game
        under way is resigned (results and ratings as for any resignation); None if it is
        over already."""
        game = await self.games.queries.get(game_id)
        if game.status not in OPEN_GAME_STATUSES or game.seat_of(user_id) is None:
            return None
        if game.status == GameStatus.CHALLENGE or game.ply == 0:
            aborted = await self.games.starts.abort(game_id, user_id)
            return ActionResult(aborted, (), game.version)
        try:
            return await self.games.actions.act(game_id, user_id, None, Resign.code)
        except RulesError:
            # A game whose rules take no resignation at this moment: called off instead.
            log.info("game %s: resignation refused, aborted for a deleted player", game_id)
            latest = await self.games.queries.get(game_id)
            aborted = await self.games.actions.abort_by_platform(game_id, latest.version)
            return ActionResult(aborted, (), latest.version)

    async def in_tournaments(self, user_id: int) -> bool:
        """Whether ``user_id`` is signed up for, or still playing in, a tournament."""
        return bool(await self._open_entries(user_id))

    async def _open_entries(self, user_id: int) -> list[tuple[int, int, TournamentStatus]]:
        async with self.db.read() as session:
            rows = await session.execute(
                select(TournamentRow.id, TournamentRow.guild_id, TournamentRow.status)
                .join(TournamentEntrantRow, TournamentEntrantRow.tournament_id == TournamentRow.id)
                .where(
                    TournamentEntrantRow.user_id == user_id,
                    TournamentEntrantRow.withdrawn_round.is_(None),
                    TournamentRow.status.in_((TournamentStatus.SIGNUP, TournamentStatus.RUNNING)),
                )
            )
            return [(row[0], row[1], row[2]) for row in rows.all()]

    async def _leave_tournaments(self, user_id: int, departure: Departure) -> None:
        entries = await self._open_entries(user_id)
        actions = self.tournaments.actions
        for tournament_id, guild_id, status in entries:
            try:
                if status == TournamentStatus.SIGNUP:
                    await actions.leave(tournament_id, guild_id, user_id)
                else:
                    withdrawal = await actions.withdraw(tournament_id, guild_id, user_id)
                    departure.notices.extend(withdrawal.notices)
            except TournamentError:
                continue  # started, finished or cancelled meanwhile
            departure.tournaments_left += 1

    # --- forgetting --------------------------------------------------------------------------

    async def delete_everything(self, user_id: int) -> tuple[Departure, Forgotten]:
        """Leave, then forget; a game begun in between is left on another pass."""
        departure = Departure()
        for _ in range(PASSES):
            step = await self.leave_everything(user_id)
            departure.games.extend(step.games)
            departure.notices.extend(step.notices)
            departure.tournaments_left += step.tournaments_left
            forgotten = await self.forget(user_id)
            if forgotten is not None:
                return departure, forgotten
        raise ServiceError(STILL_PLAYING)

    async def forget(self, user_id: int) -> Forgotten | None:
        """One transaction: delete the player's own rows and hand their seats, entries and
        pairings to a new former player. None (nothing changed) while a game of theirs is
        still open."""
        former = new_former_player_id()
        async with self.db.transaction() as session:
            still_open = await session.scalar(
                select(GameSeatRow.game_id)
                .join(GameRow, GameRow.id == GameSeatRow.game_id)
                .where(
                    GameSeatRow.user_id == user_id,
                    GameSeatRow.ended_at.is_(None),  # open games only, from the seats' index
                    GameRow.status.in_(OPEN_GAME_STATUSES),
                )
                .limit(1)
            )
            if still_open is not None:
                return None
            deleted = 0
            for table in OWN_ROWS.values():
                done = await session.execute(delete(table).where(table.user_id == user_id))
                deleted += _count(done)
            # Every game of theirs moves on (each process's copy, with the old seats, is read
            # again) and owes its boards a redraw: they show the new name.
            game_ids = await self.db.store.hand_seats(
                session,
                user_id,
                former,
                FORMER_PLAYER_NAME,
                self.games.deliveries.for_anyone(DeliveryKind.REDRAW),
                self.games.clock(),
            )
            renamed = len(game_ids)  # a seat each
            for statement in (
                update(TournamentEntrantRow)
                .where(TournamentEntrantRow.user_id == user_id)
                .values(user_id=former, display_name=FORMER_PLAYER_NAME),
                update(TournamentPairingRow)
                .where(TournamentPairingRow.white_id == user_id)
                .values(white_id=former),
                update(TournamentPairingRow)
                .where(TournamentPairingRow.black_id == user_id)
                .values(black_id=former),
                update(TournamentDealRow)
                .where(TournamentDealRow.user_id == user_id)
                .values(user_id=former),
                update(TournamentRow)
                .where(TournamentRow.organiser_id == user_id)
                .values(organiser_id=former),
                # A delivery still owed keeps who made the change only to spare them its ping.
                update(DeliveryRow).where(DeliveryRow.actor_id == user_id).values(actor_id=former),
            ):
                renamed += _count(await session.execute(statement))
        for game_id in game_ids:
            self.games.loader.cache.drop(game_id)
        self.standings.forget_cached(user_id)
        if self.dm_reach is not None:
            self.dm_reach.forget_cached(user_id)
        return Forgotten(deleted, renamed, former if renamed else None)


def _count(result: object) -> int:
    return int(getattr(result, "rowcount", 0) or 0)
