"""The move clock, run from the database: reminders, losses on time, expired challenges.

Nothing lives in memory. Each tick finds due work with one query and *claims* each item with a
conditional UPDATE (a reminder: ``reminders_sent`` still at the value we read; a challenge: still
``challenge``; a timeout: the game's version unchanged, through the normal optimistic lock), so
a restart, or several bot processes sharing one database, never lose, double or skip anything.

What a claim owes the players is written in the claim's own transaction (a ``delivery`` row,
the outbox: :mod:`bot.services.deliveries`) and settled once announced (``done``). A process
killed in between leaves the row for the deliverer of the next one (``notices_for``), and the
front end posts with a nonce derived from the row, so a post that did go out before the kill
is not made twice.

Quiet hours (:mod:`bot.services.quiet_hours`) need nothing more of the scheduler: a deadline
already counts only the mover's time outside them, and a reminder due in them waits for their
end (its claim is the same conditional UPDATE, made then).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import defer

from bot.db import GameRow
from bot.db.records import DeliveryWrite
from bot.metrics import METRICS
from bot.services.actions import ActionPipeline
from bot.services.away import AwayService
from bot.services.base import GameLoader
from bot.services.deliveries import DeliveryBook, Owed
from bot.services.errors import ServiceError, StaleVersion
from bot.services.game_clock import GameClock
from bot.services.games import GameService
from bot.services.messages import BoardMessages
from bot.services.queries import GameQueries
from bot.services.quiet_hours import active_between, is_quiet
from bot.services.snapshots import ActionResult, GameSnapshot, GameSummary
from bot.services.starts import GameStarts
from bot.statuses import DeliveryKind, GameStatus
from rules.core import RulesError, Seat

log = logging.getLogger(__name__)

#: Reminders go out when this fraction of the move time is left: at half, then at a sixth.
REMINDER_FRACTIONS: tuple[float, ...] = (1 / 2, 1 / 6)
#: How many due items one tick handles at most (the rest wait for the next tick).
BATCH = 200


@dataclass(frozen=True, slots=True)
class Reminder:
    game: GameSummary
    seats: tuple[Seat, ...]
    #: 1 for the first reminder (half the time left), 2 for the second (a sixth left).
    number: int
    deadline: datetime
    #: Its outbox row: ``done`` deletes it; its id keys the posts' nonces.
    delivery_id: int


@dataclass(frozen=True, slots=True)
class TimedOut:
    result: ActionResult
    delivery_id: int


@dataclass(frozen=True, slots=True)
class Expired:
    game: GameSnapshot
    delivery_id: int


@dataclass(frozen=True, slots=True)
class Redraw:
    """A game's clock stopped or runs again (a player away or back), or a seat was handed to a
    former player: its board says so."""

    game: GameSnapshot
    delivery_id: int


Notice = Reminder | TimedOut | Expired | Redraw
#: The deliveries the clock writes (the rest are moves').
CLOCK_KINDS = (
    DeliveryKind.REMINDER,
    DeliveryKind.TIMEOUT,
    DeliveryKind.EXPIRED,
    DeliveryKind.REDRAW,
)


class ClockService:
    """The move clock over the game service ``games``: a reminder's claim is the store's
    (:meth:`~bot.db.records.GameBookkeeping.claim_reminder`); timeouts and expiries go through
    the guarded write; each tick first records the turn pings not yet written (board
    messages)."""

    def __init__(self, games: GameService, away: AwayService | None = None) -> None:
        self.away = away or AwayService(games)
        self.db = games.db
        self.clock = games.clock
        self.loader: GameLoader = games.loader
        self.actions: ActionPipeline = games.actions
        self.starts: GameStarts = games.starts
        self.queries: GameQueries = games.queries
        self.messages: BoardMessages = games.messages
        self.deliveries: DeliveryBook = games.deliveries

    async def tick(self) -> list[Notice]:
        """Do all work that is due now; return what the front end should announce (and then
        hand to ``done``)."""
        await self.messages.flush_pings()
        notices: list[Notice] = []
        # Away players' clocks stop (and restart on their return) before anything times out.
        if await self.away.tick():
            notices += await self.redraws()
        notices += await self._expire_challenges()
        notices += await self._time_out()
        notices += await self._remind()
        return notices

    async def redraws(self) -> list[Notice]:
        """Boards this process owes a redraw (a clock stopped or restarted by away mode)."""
        return await self.notices_for(
            await self.deliveries.claim(mine=True, kinds=(DeliveryKind.REDRAW,))
        )

    def done(self, notice: Notice) -> None:
        """The players have been told (or cannot be): the delivery is settled."""
        self.deliveries.settle([notice.delivery_id])
        METRICS.clock_work.labels(type(notice).__name__.lower()).inc()

    async def notices_for(self, owed: list[Owed]) -> list[Notice]:
        """Claimed deliveries of the clock's kinds as they stand now: a reminder the game has
        moved past since is settled without a word."""
        out: list[Notice] = []
        for row in owed:
            game = await self.loader.get(row.game_id)
            notice: Notice | None = None
            if row.kind == DeliveryKind.EXPIRED:
                notice = Expired(game, row.id)
            elif row.kind == DeliveryKind.REDRAW:
                notice = Redraw(game, row.id)
            elif row.kind == DeliveryKind.TIMEOUT:
                events = await self.queries.last_public_events(game.id)
                notice = TimedOut(ActionResult(game, events, game.version, (row.id,)), row.id)
            elif (
                row.kind == DeliveryKind.REMINDER
                and game.status == GameStatus.ACTIVE
                and game.deadline_at == row.deadline_at
            ):
                assert row.deadline_at is not None
                seats = tuple(s.seat for s in game.seats_to_act if not s.is_bot)
                notice = Reminder(game, seats, row.number, row.deadline_at, row.id)
            if notice is None:
                self.deliveries.settle([row.id])
            else:
                out.append(notice)
        return out

    async def _expire_challenges(self) -> list[Notice]:
        now = self.clock()
        async with self.db.read() as session:
            ids = list(
                await session.scalars(
                    select(GameRow.id)
                    .where(GameRow.status == GameStatus.CHALLENGE, GameRow.expires_at <= now)
                    .limit(BATCH)
                )
            )
        out: list[Notice] = []
        for game_id in ids:
            try:
                expired = await self.starts.expire(game_id, DeliveryWrite(DeliveryKind.EXPIRED))
            except StaleVersion:
                continue  # answered meanwhile, or another scheduler got it first
            out.append(Expired(expired.game, expired.deliveries[0]))
        return out

    async def _time_out(self) -> list[Notice]:
        now = self.clock()
        async with self.db.read() as session:
            rows = list(
                await session.scalars(
                    select(GameRow)
                    .options(defer(GameRow.state))
                    .where(
                        GameRow.status == GameStatus.ACTIVE,
                        GameRow.deadline_at <= now,
                        GameRow.held_since.is_(None),  # a stopped clock runs out for nobody
                    )
                    .limit(BATCH)
                )
            )
            due = [GameSummary.summary_of(r) for r in rows]
        out: list[Notice] = []
        for game in due:
            late = [s.seat for s in game.seats_to_act if not s.is_bot]
            # Written by the claim's own guarded write (the store inserts it with the change).
            owe = DeliveryWrite(DeliveryKind.TIMEOUT)
            try:
                defaults = await self.actions.play_timeout_defaults(
                    game.id, game.version, delivery=owe
                )
                if defaults is not None:
                    result = defaults
                elif len(late) == 1:
                    result = await self.actions.forfeit(
                        game.id, late[0], version=game.version, delivery=owe
                    )
                else:
                    # Everyone to act let the clock run out (a janken nobody played): nobody
                    # wins and nothing is rated.
                    result = await self.actions.abort_by_clock(game.id, game.version, owe)
            except StaleVersion:
                # A move or another scheduler came first: the normal race, not an error.
                log.debug("game %s changed before its timeout was claimed", game.id)
                continue
            except (RulesError, ServiceError):
                log.exception("could not time out game %s", game.id)
                continue
            out.append(TimedOut(result, result.deliveries[-1]))
        return out

    async def _remind(self) -> list[Notice]:
        """At most five batches of reminders a tick. The candidates are read a page at a time
        in deadline order until that many are claimed: a reminder is due by the game's own
        clock, not by its deadline's rank, so games already reminded (or not yet due) ahead of
        it must not hide a game that is due."""
        now = self.clock()
        out: list[Notice] = []
        after: tuple[datetime, int] | None = None
        while len(out) < BATCH * 5:
            page = await self._reminder_candidates(now, after)
            if not page:
                break
            last = page[-1]
            assert last.deadline_at is not None
            after = (last.deadline_at, last.id)
            out += await self._remind_page(now, page, BATCH * 5 - len(out))
        return out

    async def _reminder_candidates(
        self, now: datetime, after: tuple[datetime, int] | None
    ) -> list[GameSummary]:
        async with self.db.read() as session:
            query = (
                select(GameRow)
                .options(defer(GameRow.state))
                .where(
                    GameRow.status == GameStatus.ACTIVE,
                    GameRow.deadline_at.is_not(None),
                    GameRow.move_seconds.is_not(None),
                    GameRow.reminders_sent < len(REMINDER_FRACTIONS),
                    GameRow.deadline_at > now,
                    GameRow.held_since.is_(None),
                )
                .order_by(GameRow.deadline_at, GameRow.id)
                .limit(BATCH * 5)
            )
            if after is not None:
                deadline, game_id = after
                query = query.where(
                    or_(
                        GameRow.deadline_at > deadline,
                        and_(GameRow.deadline_at == deadline, GameRow.id > game_id),
                    )
                )
            return [GameSummary.summary_of(r) for r in await session.scalars(query)]

    async def _remind_page(
        self, now: datetime, candidates: list[GameSummary], room: int
    ) -> list[Notice]:
        out: list[Notice] = []
        for game in candidates:
            if len(out) >= room:
                break
            assert game.deadline_at is not None and game.move_seconds is not None
            clock = GameClock.load(game.clock)
            quiet = [clock.quiet_of(s.seat) for s in game.seats_to_act if not s.is_bot]
            if any(is_quiet(q, now) for q in quiet):
                continue  # no reminder reaches anyone in their quiet hours: after them
            # The clock's time left (outside the movers' nights), of the time the turn had.
            left = max(
                (active_between(q, now, game.deadline_at) for q in quiet or [None]),
            ).total_seconds()
            allowed = clock.turn.allowed if clock.turn and clock.turn.allowed else None
            given = allowed or game.move_seconds
            due = sum(1 for f in REMINDER_FRACTIONS if left <= f * given)
            if due <= game.reminders_sent:
                continue
            owe = self.deliveries.held_here(
                DeliveryWrite(DeliveryKind.REMINDER, due, game.deadline_at)
            )
            async with self.db.transaction() as session:
                owed = await self.db.store.claim_reminder(
                    session,
                    game.id,
                    sent=game.reminders_sent,
                    deadline_at=game.deadline_at,
                    delivery=owe,
                    now=now,
                )
            if owed is None:
                continue  # another process, a move or a stopped clock came first
            seats = tuple(s.seat for s in game.seats_to_act if not s.is_bot)
            # Several thresholds passed at once (the bot was down): one reminder, not a burst.
            out.append(Reminder(game, seats, due, game.deadline_at, owed))
        return out
