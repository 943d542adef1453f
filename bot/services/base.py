"""What every game use case stands on: reading a game (:class:`GameLoader`, through the
process's cache of decoded games) and changing it with one guarded write (:class:`GuardedWriter`:
turns, deadline, result, the actions logged as plies).

Optimistic locking: each ``game`` row has a ``version`` that every change bumps; a change is
worked out on one read of the game and written ``UPDATE game … WHERE id = :id AND version =
:read``, so a double click or two racing players produce exactly one change and a friendly
:class:`StaleVersion`. Whether a click is stale is judged by the position it was made against
(:mod:`bot.services.freshness`): only an action logged since makes it so.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from bot.db import Database, GameEventRow, GameRow
from bot.db.records import DeliveryWrite, EventRecord, GameWrite
from bot.games.registry import spec_for
from bot.games.spec import AnyRules
from bot.metrics import METRICS
from bot.services.clock import Clock
from bot.services.deliveries import DeliveryBook
from bot.services.errors import GameDamaged, GameNotFound, Misplaced, StaleVersion
from bot.services.freshness import Sight, seen_of
from bot.services.game_cache import GameCache
from bot.services.game_clock import GameClock, resumed, tick
from bot.services.holds import Hold, resumed_deadline
from bot.services.pings import PingBook
from bot.services.quiet_hours import QuietHours
from bot.services.snapshots import GameSnapshot
from bot.services.stats import results_of
from bot.statuses import OPEN_GAME_STATUSES, GameStatus
from rules.core import CodecError, Event, RulesError, Seat

log = logging.getLogger(__name__)


def rules_for(game_type: str) -> AnyRules:
    return spec_for(game_type).rules


def public_text(rules: AnyRules, events: Sequence[Event], locale: str) -> str:
    lines = [rules.describe_event(e, locale) for e in events if e.visible_to is None]  # type: ignore[arg-type]
    return "\n".join(filter(None, lines))


def logged_step(
    rules: AnyRules, ply: int, seat: Seat | None, code: str, events: Sequence[Event]
) -> EventRecord:
    """One applied action as the game's log keeps it: its code, its events, and the words
    everyone may read, in both languages."""
    return EventRecord(
        ply,
        seat,
        code,
        {"events": [e.dump() for e in events]},
        public_text(rules, events, "ja"),
        public_text(rules, events, "en"),
    )


@dataclass(frozen=True, slots=True)
class Stored:
    """What a game row becomes after its state changed (see :func:`stored`)."""

    state: dict[str, Any]
    to_act: frozenset[Seat]
    status: GameStatus
    outcome: dict[str, Any] | None
    finished_at: datetime | None
    deadline_at: datetime | None
    #: The deadline was restarted or cleared: its reminders count from zero again.
    reset_reminders: bool


def stored(
    rules: AnyRules,
    state: Any,
    *,
    status: GameStatus,
    outcome: dict[str, Any] | None,
    finished_at: datetime | None,
    humans: Collection[Seat],
    acting: Collection[Seat],
    move_seconds: int | None,
    deadline_at: datetime | None,
    now: datetime,
) -> Stored:
    """The new turns, result and deadline of a game whose state is now ``state``; ``humans``
    are its seats not played by the bot, ``acting`` the seats that had to act before.

    The move clock restarts when someone new must act. The same player acting again (staging
    cards, the second janken pick) keeps the running deadline, so nobody can stall by
    fiddling."""
    to_act = frozenset(rules.to_act(state))
    result = rules.outcome(state)
    if result is not None:
        status, outcome, finished_at = GameStatus.FINISHED, result.dump(), now
    reset = True
    if status != GameStatus.ACTIVE or not move_seconds or not (to_act & set(humans)):
        deadline_at = None
    elif deadline_at is None or not to_act <= set(acting):
        deadline_at = now + timedelta(seconds=move_seconds)
    else:
        reset = False
    return Stored(rules.dump(state), to_act, status, outcome, finished_at, deadline_at, reset)


@dataclass(frozen=True, slots=True)
class Planned:
    """A change worked out against one version of a game, ready for its guarded write."""

    write: GameWrite
    state: Any
    to_act: frozenset[Seat]
    events: tuple[Event, ...] = ()


class Changed(NamedTuple):
    """A guarded write done: the game before and after it, the plan, and the delivery written
    with it."""

    before: GameSnapshot
    after: GameSnapshot
    planned: Planned
    delivery_id: int | None

    @property
    def deliveries(self) -> tuple[int, ...]:
        """The delivery written with the change, as an :class:`ActionResult` lists them."""
        return () if self.delivery_id is None else (self.delivery_id,)


async def logged_moves(session: AsyncSession, game_id: int) -> list[tuple[int | None, str]]:
    """The game's logged actions in order, (seat, code): what its replay starts from."""
    rows = await session.execute(
        select(GameEventRow.seat, GameEventRow.action)
        .where(GameEventRow.game_id == game_id)
        .order_by(GameEventRow.ply)
    )
    return [(seat, code) for seat, code in rows]


class GameLoader:
    """Reads games: one read each, the decoded state taken from ``cache`` when it holds that
    version; a damaged snapshot is rebuilt from the event log."""

    def __init__(self, db: Database, cache: GameCache) -> None:
        self.db = db
        self.cache = cache

    async def get(self, game_id: int) -> GameSnapshot:
        """The game as it is now: one read, which leaves the state out when the decoded state
        of that version is held here already."""
        try:
            return await self.read(game_id)
        except CodecError:
            await self.repair(game_id)
            return await self.read(game_id)

    async def read(self, game_id: int, *, rebuild: bool = False) -> GameSnapshot:
        """One read of the game. A damaged snapshot raises ``CodecError``, or with ``rebuild``
        is replayed from the event log (without writing it back: the caller's own write will)."""
        held = self.cache.get(game_id)
        record = await self.db.store.read(game_id, None if held is None else held.version)
        if record is None:
            raise GameNotFound()
        if held is not None and record.state is None:
            return GameSnapshot.from_record(record, held.state, held.seats)
        assert record.state is not None
        rules = rules_for(record.game_type)
        try:
            state = rules.load(record.state)
        except CodecError:
            if not rebuild:
                raise
            log.warning("game %s: damaged snapshot, rebuilding it from its event log", game_id)
            moves = await self.db.store.read_moves(game_id)
            state = self._replay(rules, record.id, record.settings, record.seed, moves)
            return GameSnapshot.from_record(record, state)
        game = GameSnapshot.from_record(record, state)
        self.cache.put(game)
        return game

    @staticmethod
    def _replay(
        rules: AnyRules,
        game_id: int,
        settings: dict[str, Any],
        seed: int,
        moves: Sequence[tuple[Seat | None, str]],
    ) -> Any:
        try:
            return rules.replay(settings, seed, list(moves))
        except RulesError as exc:
            log.error("game %s: snapshot damaged and its log does not replay", game_id)
            raise GameDamaged() from exc

    async def decode(self, session: AsyncSession, row: GameRow) -> Any:
        """The game's state; a damaged snapshot is rebuilt from the event log in this very
        transaction (the log, not the snapshot, is the record)."""
        rules = rules_for(row.game_type)
        try:
            return rules.load(row.state)
        except CodecError:
            log.warning("game %s: damaged snapshot, rebuilding it from its event log", row.id)
        moves = await logged_moves(session, row.id)
        state = self._replay(rules, row.id, row.settings, row.seed, moves)
        dumped = rules.dump(state)
        await self.db.store.rebuild_snapshot(session, row.id, dumped)
        # The row read here holds what was just written, without the ORM writing it again.
        set_committed_value(row, "state", dumped)
        return state

    async def repair(self, game_id: int) -> None:
        """Rebuild a damaged snapshot from the event log (or say the game is damaged)."""
        async with self.db.transaction() as session:
            await self.decode(session, await self._load(session, game_id))

    @staticmethod
    async def _load(session: AsyncSession, game_id: int) -> GameRow:
        # One query for the game and its seats (the relationship's default is a second one).
        row = await session.get(GameRow, game_id, options=[joinedload(GameRow.seats)])
        if row is None:
            raise GameNotFound()
        return row


class GuardedWriter:
    """Changes games, each change one guarded write; keeps ``cache`` at the version written,
    carries the turn pings ``pings`` owes the database along with each write, and writes with
    each change what it owes people (a delivery in ``deliveries``' outbox)."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        loader: GameLoader,
        pings: PingBook,
        deliveries: DeliveryBook,
    ) -> None:
        self.db = db
        self.clock = clock
        self.loader = loader
        self.cache = loader.cache
        self.pings = pings
        self.deliveries = deliveries
        #: Told of each game a change ended with a result, after its commit (what follows a
        #: game's end off the write's own path: the players' mistake cards).
        self.finished: list[Callable[[GameSnapshot], None]] = []

    async def change(
        self,
        game_id: int,
        seen: Sight,
        plan: Callable[[GameSnapshot], Planned],
        *,
        trust_held: bool = True,
    ) -> Changed:
        """Change a game with one guarded write: the game held here as the caller saw it (else
        one read), ``plan`` worked out with no lock held (it raises to refuse; it judges
        whether the game is still as seen: :mod:`bot.services.freshness`), then the write
        ``WHERE version = :read`` — the version of the game the plan was worked out on —
        refused (nothing written) if another change came first. Returns the game before and
        after, the plan and its delivery's id."""
        game = self.cache.get(game_id)
        held = trust_held and game is not None and seen_of(seen).fresh(game)
        if game is None or not held:
            game = await self.loader.read(game_id, rebuild=True)
        try:
            planned = plan(game)
        except Misplaced:
            if held:  # judged on where our copy says the board is: the database may know better
                return await self.change(game_id, seen, plan, trust_held=False)
            raise
        began = time.perf_counter()  # by hand: the histogram's timer costs six calls more
        try:
            written = await self.db.store.write(planned.write)
        finally:
            METRICS.commit_seconds.observe(time.perf_counter() - began)
        if written is None:
            self.cache.drop(game_id)
            if held:
                # Our copy was behind the database (another process, or an ORM change): the
                # same change once more against a fresh read.
                return await self.change(game_id, seen, plan, trust_held=False)
            raise StaleVersion()
        self.pings.written(game_id, written.ping_message_id)
        after = game.moved(state=planned.state, change=planned.write, written=written)
        self.cache.put(after)
        if after.status == GameStatus.FINISHED and game.status != GameStatus.FINISHED:
            for listener in self.finished:
                listener(after)
        return Changed(game, after, planned, written.delivery_id)

    def write_for(
        self,
        game: GameSnapshot,
        state: Any,
        *,
        status: GameStatus,
        events: Sequence[EventRecord] = (),
        expires_at: datetime | None = None,
        finished: bool = False,
        delivery: DeliveryWrite | None = None,
        hold: Hold | None = None,
        actor_id: int | None = None,
        planned: bool = False,
        quiet: dict[Seat, QuietHours | None] | None = None,
    ) -> tuple[GameWrite, frozenset[Seat]]:
        """The guarded write that moves ``game`` to ``state`` and ``status`` (turns, result,
        deadline from :func:`stored`; the results it counts if it finishes the game); and the
        seats to act after it. ``finished``: ended with no result (aborted, declined): nobody
        acts. ``delivery``: what the change owes people, written with it (by default: its board
        redrawn and whoever acts next told; ``actor_id`` made the change). ``planned``: the
        actions are a planned answer (not timed). ``quiet``: seats' quiet hours as they are
        now (the game starting, a player's settings changed), counted from the next turn on."""
        now = self.clock()
        acting = frozenset([s.seat for s in game.seats if s.to_act])
        after = stored(
            game.rules,
            state,
            status=status,
            outcome=game.raw_outcome,
            finished_at=now if finished else game.finished_at,
            humans=[s.seat for s in game.seats if not s.is_bot],
            acting=acting,
            move_seconds=game.move_seconds,
            deadline_at=game.deadline_at,
            now=now,
        )
        to_act = frozenset() if after.status not in OPEN_GAME_STATUSES else after.to_act
        if after.status == GameStatus.CHALLENGE:
            to_act = frozenset(s.seat for s in game.seats if s.seat != game.challenger_seat)
        outcome = game.rules.outcome(state) if after.status == GameStatus.FINISHED else None
        clock = GameClock.load(game.clock)
        if quiet is not None:
            kept = {s: q for s, q in clock.quiet.items() if s not in quiet}
            clock = replace(clock, quiet={**kept, **{s: q for s, q in quiet.items() if q}})
        ticked = tick(
            clock,
            running=after.status == GameStatus.ACTIVE,
            was_running=game.status == GameStatus.ACTIVE,
            to_act=after.to_act,
            acting=acting,
            humans=frozenset(s.seat for s in game.seats if not s.is_bot),
            actors=[e.seat for e in events],
            planned=planned,
            move_seconds=game.move_seconds,
            deadline_at=game.deadline_at,
            held_since=game.held_since,
            now=now,
        )
        clock, deadline = ticked.clock, ticked.deadline_at
        events = [e.timed(t) for e, t in zip(events, ticked.thought, strict=True)]
        held_since, pause = game.held_since, game.pause
        if hold is not None:  # the clock stops, or runs again (an adjournment, its end)
            pause = hold.dump()
            if hold.stops_clock:
                held_since = held_since or now
            elif held_since is not None:
                if not ticked.reset_reminders and clock.turn is not None:
                    # A deadline running since before the stop, moved on by the stretch.
                    movers = [s for s in after.to_act if not game.seats[s].is_bot]
                    clock, deadline = resumed(clock, deadline, movers, held_since, now)
                elif not ticked.reset_reminders:  # a turn begun before its clock was kept
                    deadline = resumed_deadline(deadline, game.move_seconds, held_since, now)
                held_since = None
        if after.status != GameStatus.ACTIVE:  # an ended game's clock neither stands nor runs
            held_since, pause = None, None
        write = GameWrite(
            game_id=game.id,
            seen_version=game.version,
            state=after.state,
            ply=game.ply + len(events),
            status=after.status,
            outcome=after.outcome,
            finished_at=after.finished_at,
            expires_at=expires_at,
            deadline_at=deadline,
            reset_reminders=ticked.reset_reminders,
            updated_at=now,
            held_since=held_since,
            pause=pause,
            open_to=game.open_to,
            events=tuple(events),
            to_act_mask=None if to_act == acting else sum([1 << seat for seat in to_act]),
            ping_message_id=self.pings.to_write(game.id),
            results=None if outcome is None else results_of(game, outcome),
            delivery=self.deliveries.held_here(delivery)
            if delivery is not None
            else self.deliveries.owed(actor_id=actor_id),
            clock=clock.dump(),
        )
        return write, to_act
