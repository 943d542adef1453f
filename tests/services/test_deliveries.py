"""The outbox's books: a change and what it owes are written together; one process holds a
delivery at a time (its writer for a lease, then whoever claims it); a failed try waits out a
back-off; a process starting under the same name takes its own at once; settled deliveries
are deleted in one flush."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.db import Database
from bot.services.deliveries import LEASE, backoff
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from bot.statuses import DeliveryKind
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(1))


async def started(service: GameService) -> ActionResult:
    challenge = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0)
    return await service.starts.accept(challenge.game.id, BOB.user_id)


async def test_every_change_writes_what_it_owes_held_by_its_writer(
    service: GameService, clock: FakeClock
) -> None:
    accepted = await started(service)
    assert len(accepted.deliveries) == 1
    game = accepted.game
    moved = await service.actions.act(game.id, ALICE.user_id, game.version, first_move(game))
    assert len(moved.deliveries) == 1 and moved.deliveries != accepted.deliveries
    # Held by this process for its lease: nobody else may take them yet.
    other = GameService(service.db, clock=clock, owner="shards:1")
    assert await other.deliveries.claim() == []
    # Mine to deliver at once, whatever their lease (the move's own, its actor named).
    mine = await service.deliveries.claim(mine=True, game_id=game.id)
    assert [o.id for o in mine] == [*accepted.deliveries, *moved.deliveries]
    assert {o.kind for o in mine} == {DeliveryKind.MOVED}
    assert [o.actor_id for o in mine] == [BOB.user_id, ALICE.user_id]


async def test_after_the_lease_exactly_one_process_takes_each_delivery(
    service: GameService, clock: FakeClock
) -> None:
    for _ in range(3):
        await started(service)
    clock.advance(seconds=LEASE.total_seconds() + 1)  # the writer died: its lease ran out
    first = GameService(service.db, clock=clock, owner="shards:0")
    second = GameService(service.db, clock=clock, owner="shards:1")
    a, b = await asyncio.gather(first.deliveries.claim(), second.deliveries.claim())
    assert len(a) + len(b) == 3
    assert not {o.id for o in a} & {o.id for o in b}
    assert await first.deliveries.claim() == [] and await second.deliveries.claim() == []


async def test_a_process_starting_under_the_same_name_takes_its_own_at_once(
    service: GameService, clock: FakeClock
) -> None:
    owed = (await started(service)).deliveries
    stranger = GameService(service.db, clock=clock, owner="shards:7")
    assert await stranger.deliveries.claim(starting=True) == []
    restarted = GameService(service.db, clock=clock)  # the same name ("all"), a new process
    assert [o.id for o in await restarted.deliveries.claim(starting=True)] == list(owed)


async def test_a_failed_try_waits_longer_each_time_then_is_given_up(
    service: GameService, clock: FakeClock
) -> None:
    owed = list((await started(service)).deliveries)
    waits = []
    for attempt in range(1, 7):
        assert await service.deliveries.failed(owed, "503: Discord is down")
        waits.append(backoff(attempt))
        clock.advance(seconds=backoff(attempt).total_seconds() - 0.5)
        assert await service.deliveries.claim() == []  # not yet
        clock.advance(seconds=0.5)
        assert [o.id for o in await service.deliveries.claim()] == owed
    assert [w.total_seconds() for w in waits] == [1, 2, 4, 8, 8, 8]
    backlog = await service.deliveries.backlog()
    assert backlog.pending == 1 and backlog.failing == 1
    clock.advance(days=2, seconds=1)
    assert not await service.deliveries.failed(owed, "503: still down")  # given up
    assert (await service.deliveries.backlog()).pending == 0


async def test_settled_deliveries_are_deleted_in_one_flush_and_never_claimed_again(
    service: GameService, clock: FakeClock
) -> None:
    owed = [o for _ in range(2) for o in (await started(service)).deliveries]
    service.deliveries.settle(owed[:1])
    clock.advance(minutes=1)
    # Settled here but not flushed yet: not taken again by this process.
    assert [o.id for o in await service.deliveries.claim()] == owed[1:]
    service.deliveries.settle(owed[1:])
    await service.deliveries.flush()
    clock.advance(minutes=1)
    assert (await service.deliveries.backlog()).pending == 0
    assert await service.deliveries.claim(starting=True) == []
    assert timedelta(0) < LEASE


def first_move(game: GameSnapshot) -> str:
    seat = game.rules.to_act(game.state)[0]
    return str(game.rules.format(game.rules.legal_actions(game.state, seat)[0]))
