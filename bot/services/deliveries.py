"""The outbox's books: what committed changes still owe people (``delivery`` rows), who holds
each, and when one that failed is tried again. No presentation: :mod:`bot.ui.deliverer` turns
a delivery into messages.

Every guarded write inserts its delivery in its own transaction, held by the writing process
(``owner``) until ``due_at``: that process delivers it at once, after the commit. Whatever is
still there when its lease runs out — the process died, Discord failed, the delivery is waiting
out a back-off — any process may claim, with a conditional UPDATE on the ``due_at`` it read, so
exactly one of them holds it at a time. A process starting again under the same name (its
shards: the instance lock lets only one run) takes its own rows at once, not after the lease.

A delivered row is deleted in a batch with others (:meth:`DeliveryBook.flush`), off the hot
path. A crash between the delivery and that flush makes the next process deliver it again:
a redraw is idempotent, and pings carry a nonce that Discord enforces for a few minutes.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import case, delete, func, select, update

from bot.db import Database, DeliveryRow
from bot.db.records import DeliveryWrite
from bot.services.clock import Clock
from bot.statuses import DeliveryKind

log = logging.getLogger(__name__)

#: How long the process that wrote or claimed a delivery holds it before anyone may take it.
LEASE = timedelta(seconds=30)
#: A delivery still failing after this long is given up (a turn ping two days late helps
#: nobody; the clock's own reminders and the next click show the game as it is).
GIVE_UP_AFTER = timedelta(days=2)
#: How many deliveries one pass claims at most.
CLAIM_BATCH = 100


def backoff(attempts: int) -> timedelta:
    """The wait after the ``attempts``-th failed try: 1, 2, 4, 8 s, then every 8 s for the
    first five minutes or so of an outage (a board is right within ten seconds of Discord's
    return), then every minute for an hour, then every ten minutes."""
    if attempts <= 4:
        return timedelta(seconds=2 ** (attempts - 1))
    if attempts <= 40:
        return timedelta(seconds=8)
    if attempts <= 100:
        return timedelta(minutes=1)
    return timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class Owed:
    """One claimed delivery, as its row says."""

    id: int
    game_id: int
    kind: DeliveryKind
    number: int
    deadline_at: datetime | None
    actor_id: int | None
    created_at: datetime
    attempts: int


@dataclass(frozen=True, slots=True)
class Backlog:
    """The outbox at a glance (metrics): deliveries waiting, how many of them failed at least
    once, and the age of the oldest."""

    pending: int
    failing: int
    oldest_seconds: float


def owner_name(shard_ids: Iterable[int] | None) -> str:
    """The name a bot instance holds its deliveries under: its shards (every shard: "all")."""
    return "all" if shard_ids is None else "shards:" + ",".join(map(str, sorted(set(shard_ids))))


class DeliveryBook:
    def __init__(self, db: Database, clock: Clock, owner: str = "all") -> None:
        self.db = db
        self.clock = clock
        self.owner = owner
        #: Delivered here, to be deleted by the next flush.
        self._settled: set[int] = set()

    def owed(
        self,
        kind: DeliveryKind = DeliveryKind.MOVED,
        *,
        actor_id: int | None = None,
        number: int = 0,
        deadline_at: datetime | None = None,
    ) -> DeliveryWrite:
        """A delivery for a change being written here: held by this process for its lease
        (made so at once, not copied: every move owes one)."""
        owner, due_at = self._lease()
        return DeliveryWrite(kind, number, deadline_at, actor_id, owner=owner, due_at=due_at)

    def for_anyone(self, kind: DeliveryKind) -> DeliveryWrite:
        """A delivery nobody holds, due at once: the next pass of any process takes it (a change
        whose flow delivers nothing itself)."""
        return DeliveryWrite(kind, due_at=self.clock())

    def held_here(self, owed: DeliveryWrite) -> DeliveryWrite:
        """``owed`` held by this process (a clock's claim names only what it owes)."""
        if owed.owner is not None:
            return owed
        owner, due_at = self._lease()
        return replace(owed, owner=owner, due_at=due_at)

    def _lease(self) -> tuple[str, datetime]:
        """Who holds a delivery written here, and until when: the one place that says so."""
        return self.owner, self.clock() + LEASE

    async def claim(
        self,
        *,
        starting: bool = False,
        mine: bool = False,
        game_id: int | None = None,
        kinds: Sequence[DeliveryKind] | None = None,
    ) -> list[Owed]:
        """Take the deliveries that are due. ``starting``: also this instance's own, whatever
        their lease (the process that held them is gone). ``mine``: only those held here,
        due or not (a flow delivering what its own change owes), of ``game_id`` and
        ``kinds`` where given."""
        now = self.clock()
        # The clock's news first (a reminder, a loss on time), then the moves', oldest first.
        moves_last = case((DeliveryRow.kind == DeliveryKind.MOVED, 1), else_=0)
        query = select(DeliveryRow).order_by(moves_last, DeliveryRow.id).limit(CLAIM_BATCH)
        if mine:
            query = query.where(DeliveryRow.owner == self.owner)
        elif starting:
            query = query.where((DeliveryRow.due_at <= now) | (DeliveryRow.owner == self.owner))
        else:
            query = query.where(DeliveryRow.due_at <= now)
        if game_id is not None:
            query = query.where(DeliveryRow.game_id == game_id)
        if kinds is not None:
            query = query.where(DeliveryRow.kind.in_(kinds))
        async with self.db.read() as session:  # nothing due, the usual case: no write
            rows = [
                (_owed(row), row.due_at)
                for row in await session.scalars(query)
                if row.id not in self._settled
            ]
        if not rows:
            return []
        claimed: list[Owed] = []
        async with self.db.transaction() as session:
            for owed, seen_due in rows:
                taken = await session.execute(
                    update(DeliveryRow)
                    .where(DeliveryRow.id == owed.id, DeliveryRow.due_at == seen_due)
                    .values(owner=self.owner, due_at=now + LEASE)
                    .execution_options(synchronize_session=False)
                )
                if taken.rowcount == 1:  # type: ignore[attr-defined]
                    claimed.append(owed)
        return claimed

    def settle(self, ids: Iterable[int]) -> None:
        """Delivered (or refused for good): deleted at the next flush."""
        self._settled.update(ids)

    async def flush(self) -> None:
        """Delete the deliveries settled since the last flush, in one transaction."""
        if not self._settled:
            return
        ids, self._settled = self._settled, set()
        try:
            async with self.db.transaction() as session:
                await session.execute(delete(DeliveryRow).where(DeliveryRow.id.in_(ids)))
        except BaseException:
            self._settled |= ids  # the next flush tries again
            raise

    async def failed(self, owed: Sequence[Owed | int], error: str) -> bool:
        """A try failed for a passing reason: the deliveries wait out a back-off, held by
        nobody. Returns False where they are given up instead (too old)."""
        now = self.clock()
        ids = [o if isinstance(o, int) else o.id for o in owed]
        async with self.db.transaction() as session:
            rows = list(await session.scalars(select(DeliveryRow).where(DeliveryRow.id.in_(ids))))
            kept = True
            for row in rows:
                if now - row.created_at > GIVE_UP_AFTER:
                    log.warning(
                        "gave up delivery %s (game %s) after %d tries: %s",
                        row.id,
                        row.game_id,
                        row.attempts + 1,
                        error,
                    )
                    await session.delete(row)
                    kept = False
                    continue
                row.attempts += 1
                row.owner = None
                row.due_at = now + backoff(row.attempts)
                row.last_error = error[:200]
        return kept

    async def backlog(self) -> Backlog:
        async with self.db.read() as session:
            pending, failing, oldest = (
                await session.execute(
                    select(
                        func.count(DeliveryRow.id),
                        func.count(DeliveryRow.id).filter(DeliveryRow.attempts > 0),
                        func.min(DeliveryRow.created_at),
                    )
                )
            ).one()
        age = 0.0 if oldest is None else max(0.0, (self.clock() - oldest).total_seconds())
        return Backlog(pending, failing, age)


def _owed(row: DeliveryRow) -> Owed:
    return Owed(
        row.id,
        row.game_id,
        row.kind,
        row.number,
        row.deadline_at,
        row.actor_id,
        row.created_at,
        row.attempts,
    )
