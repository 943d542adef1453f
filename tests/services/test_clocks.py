"""The move clock with an injected clock: reminders, timeouts and expiries happen exactly once,
across a restart and with two schedulers racing."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db import Database, DeliveryRow
from bot.db.records import DeliveryWrite
from bot.services.clocks import CLOCK_KINDS, ClockService, Expired, Notice, Reminder, TimedOut
from bot.services.errors import StaleVersion
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from bot.services.stats import player_stats
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
DAY = 24 * 3600


def first_legal(result: ActionResult) -> str:
    game = result.game
    seat = game.rules.to_act(game.state)[0]
    return game.rules.format(game.rules.legal_actions(game.state, seat)[0])


async def clocked_game(service: GameService, seconds: int = DAY) -> ActionResult:
    challenge = await service.starts.challenge(
        "bushi", ALICE, BOB, challenger_seat=0, move_seconds=seconds
    )
    return await service.starts.accept(challenge.game.id, BOB.user_id)


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(1))


async def test_reminders_at_half_and_a_sixth_then_loss_on_time(
    service: GameService, clock: FakeClock, db: Database
) -> None:
    game = (await clocked_game(service)).game
    assert game.deadline_at == clock.now + timedelta(days=1)
    clocks = ClockService(service)
    assert await clocks.tick() == []
    clock.advance(hours=11)
    assert await clocks.tick() == []
    clock.advance(hours=1)  # half the time left
    [first] = await clocks.tick()
    assert isinstance(first, Reminder) and first.number == 1 and first.seats == (0,)
    assert await clocks.tick() == []  # not twice
    clock.advance(hours=8)  # a sixth left
    [second] = await clocks.tick()
    assert isinstance(second, Reminder) and second.number == 2
    assert await clocks.tick() == []
    clock.advance(hours=4)
    [timeout] = await clocks.tick()
    assert isinstance(timeout, TimedOut)
    outcome = timeout.result.game.outcome
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "timeout"
    assert await clocks.tick() == []
    [alice] = await player_stats(db, ALICE.user_id)
    assert (alice.played, alice.lost) == (1, 1)


async def test_a_move_restarts_the_clock(service: GameService, clock: FakeClock) -> None:
    result = await clocked_game(service)
    clocks = ClockService(service)
    clock.advance(hours=13)
    assert [type(n) for n in await clocks.tick()] == [Reminder]
    moved = await service.actions.act(
        result.game.id, ALICE.user_id, result.game.version, first_legal(result)
    )
    assert moved.game.deadline_at == clock.now + timedelta(days=1)
    assert moved.game.reminders_sent == 0
    clock.advance(hours=13)
    [reminder] = await clocks.tick()
    assert isinstance(reminder, Reminder) and reminder.seats == (1,)


async def test_two_schedulers_and_a_restart_never_double(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(2))
    games = [(await clocked_game(service)).game for _ in range(5)]
    other = GameService(db, clock=clock)  # a second process sharing the database
    clock.advance(hours=12)
    a, b = await asyncio.gather(ClockService(service).tick(), ClockService(other).tick())
    assert len(a) + len(b) == 5 and all(isinstance(n, Reminder) for n in a + b)
    # "Restart": brand-new services on the same database find nothing left to do.
    restarted = GameService(db, clock=clock)
    assert await ClockService(restarted).tick() == []
    clock.advance(hours=13)
    a, b = await asyncio.gather(ClockService(service).tick(), ClockService(other).tick())
    timeouts = [n for n in a + b if isinstance(n, TimedOut)]
    assert len(timeouts) == 5
    assert {t.result.game.id for t in timeouts} == {g.id for g in games}
    assert await ClockService(restarted).tick() == []


async def test_an_unanswered_challenge_expires_once(service: GameService, clock: FakeClock) -> None:
    challenge = (await service.starts.challenge("bushi", ALICE, BOB)).game
    clock.advance(hours=25)
    first, second = await asyncio.gather(ClockService(service).tick(), ClockService(service).tick())
    expired = [n for n in first + second if isinstance(n, Expired)]
    assert len(expired) == 1 and expired[0].game.id == challenge.id
    assert expired[0].game.status == "expired"
    assert (
        await service.queries.get(challenge.id)
    ).version > challenge.version  # old buttons go stale


async def test_games_without_a_clock_never_time_out(service: GameService, clock: FakeClock) -> None:
    challenge = await service.starts.challenge("bushi", ALICE, BOB)
    result = await service.starts.accept(challenge.game.id, BOB.user_id)
    assert result.game.deadline_at is None
    clock.advance(days=400)
    assert await ClockService(service).tick() == []


async def test_a_late_casualty_choice_takes_the_default_not_a_loss(
    db: Database, clock: FakeClock
) -> None:
    """戦列札: when the defender's clock runs out on a casualty choice, the rules' default
    casualties are played (highest range first) and the game goes on."""
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    for n in range(60):
        challenge = await service.starts.challenge(
            "senretsu", ALICE, BOB, settings={"first_player": "coin"}, move_seconds=3600
        )
        result = await service.starts.accept(challenge.game.id, BOB.user_id)
        rng = Rng.from_seed(n)
        while result.game.status == "active" and result.game.state.phase != "casualties":
            game = result.game
            seat = game.seats_to_act[0].seat
            actions = game.rules.legal_actions(game.state, seat)
            # Prefer placing (lines with mixed ranges make casualty choices matter).
            places = [a for a in actions if game.rules.format(a).startswith("p:")]
            action, rng = rng.choice(places or actions)
            result = await service.actions.act(
                game.id, game.player(seat).user_id, game.version, game.rules.format(action)
            )
        if result.game.status == "active":
            break
    game = result.game
    assert game.state.phase == "casualties", "no casualty choice came up"
    defender = game.seats_to_act[0].seat
    clock.advance(hours=2)
    [notice] = await ClockService(service).tick()
    assert isinstance(notice, TimedOut)
    after = notice.result.game
    assert after.status == "active" and after.outcome is None
    assert after.state.phase != "casualties"
    assert any(e.kind == "casualty" or "casualt" in e.kind for e in notice.result.events)
    assert after.ply > game.ply
    del defender


async def test_the_loser_of_a_timeout_race_sees_a_stale_version(service: GameService) -> None:
    """Version before status: a second scheduler claiming a game the first one already ended
    gets StaleVersion (the normal race), not "wrong status"."""
    game = (await clocked_game(service)).game
    await service.actions.forfeit(game.id, 0, version=game.version)
    with pytest.raises(StaleVersion):
        await service.actions.forfeit(game.id, 0, version=game.version)
    with pytest.raises(StaleVersion):
        await service.actions.abort_by_platform(game.id, game.version)
    with pytest.raises(StaleVersion):
        await service.actions.play_timeout_defaults(game.id, game.version)
    other = (await clocked_game(service)).game
    await service.actions.abort_by_platform(other.id, other.version)
    with pytest.raises(StaleVersion):
        await service.actions.abort_by_platform(other.id, other.version)


async def test_racing_schedulers_time_out_once_without_error_logs(
    service: GameService, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    await clocked_game(service)
    clock.advance(days=2)
    first, second = ClockService(service), ClockService(service)
    due = await asyncio.gather(first.tick(), second.tick())
    assert sum(isinstance(n, TimedOut) for notices in due for n in notices) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_what_a_crash_left_unannounced_is_told_once_at_the_next_start(
    service: GameService, clock: FakeClock, db: Database
) -> None:
    """The claim and its outbox row are one transaction: a process that dies before telling
    leaves the notice to the next one, which tells it once — unless the game has moved past
    it (a reminder to a player who has since moved, or whose game is over)."""
    moved, waiting = (
        (await clocked_game(service, 3600)).game,
        (await clocked_game(service, 3600)).game,
    )
    challenged = (await service.starts.challenge("bushi", ALICE, BOB)).game
    clock.advance(minutes=31)
    claimed = await ClockService(service).tick()  # then the process "dies"
    assert [type(n) for n in claimed] == [Reminder, Reminder]
    await service.actions.act(
        moved.id, ALICE.user_id, None, first_legal_of(await service.queries.get(moved.id))
    )

    restarted = ClockService(GameService(db, clock=clock))
    [reminder] = await unannounced(restarted)
    assert isinstance(reminder, Reminder) and reminder.game.id == waiting.id
    assert reminder.number == 1 and reminder.seats == (0,)
    assert await unannounced(restarted) == [reminder]  # still owed until told

    clock.advance(hours=25)  # the reminder is still untold when its game times out
    claimed = await restarted.tick()
    assert {type(n) for n in claimed} == {TimedOut, Expired}
    left = await unannounced(ClockService(GameService(db, clock=clock)))
    # Oldest first; the reminder was dropped: its game is over.
    assert [type(n) for n in left] == [Expired, TimedOut, TimedOut]
    assert [game_of(n) for n in left[:1]] == [challenged.id]
    assert {game_of(n) for n in left[1:]} == {moved.id, waiting.id}
    assert {n.delivery_id for n in left} == {n.delivery_id for n in claimed}
    for timed_out in left[1:]:
        assert isinstance(timed_out, TimedOut) and timed_out.result.game.status == "finished"
        assert timed_out.result.events  # the board is redrawn with what ended the game
    for notice in left:
        restarted.done(notice)
    await restarted.deliveries.flush()
    assert await unannounced(restarted) == []
    assert await restarted.tick() == []


async def unannounced(clocks: ClockService) -> list[Notice]:
    """What a process starting afresh finds the clock owed (its own deliveries, whatever their
    lease), as notices."""
    owed = await clocks.deliveries.claim(starting=True, kinds=CLOCK_KINDS)
    return await clocks.notices_for(owed)


def first_legal_of(game: GameSnapshot) -> str:
    seat = game.rules.to_act(game.state)[0]
    return game.rules.format(game.rules.legal_actions(game.state, seat)[0])


def game_of(notice: Notice) -> int:
    return notice.result.game.id if isinstance(notice, TimedOut) else notice.game.id


async def test_a_timeout_notice_is_written_only_with_its_claim(
    service: GameService, db: Database
) -> None:
    """The notice rides on the claim's guarded write (the delivery it owes, instead of a
    move's): a stale claim writes neither; a claim that finishes the game (forfeit) or calls
    it off (abort) writes exactly its own row."""
    finished = (await clocked_game(service)).game
    aborted = (await clocked_game(service)).game
    owed = DeliveryWrite("timeout")
    with pytest.raises(StaleVersion):
        await service.actions.forfeit(finished.id, 0, version=finished.version - 1, delivery=owed)
    with pytest.raises(StaleVersion):
        await service.actions.abort_by_clock(aborted.id, aborted.version - 1, owed)
    assert await notices_in(db) == []
    lost = await service.actions.forfeit(finished.id, 0, version=finished.version, delivery=owed)
    off = await service.actions.abort_by_clock(aborted.id, aborted.version, owed)
    assert lost.game.status == "finished" and off.game.status == "aborted"
    assert await notices_in(db) == [
        (lost.deliveries[0], finished.id, "timeout"),
        (off.deliveries[0], aborted.id, "timeout"),
    ]
    assert len(lost.deliveries) == len(off.deliveries) == 1


async def notices_in(db: Database) -> list[tuple[int | None, int, str]]:
    async with db.read() as session:
        rows = await session.execute(
            select(DeliveryRow.id, DeliveryRow.game_id, DeliveryRow.kind)
            .where(DeliveryRow.kind.in_(CLOCK_KINDS))
            .order_by(DeliveryRow.id)
        )
        return [(i, g, k) for i, g, k in rows.all()]


@pytest.fixture
def batch_of_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """One tick handles one due item of each kind (and five reminder candidates)."""
    monkeypatch.setattr("bot.services.clocks.BATCH", 1)


@pytest.mark.usefixtures("batch_of_one")
async def test_more_timeouts_than_a_batch_are_all_handled_over_ticks(
    service: GameService, clock: FakeClock
) -> None:
    games = {(await clocked_game(service)).game.id for _ in range(2)}
    clocks = ClockService(service)
    clock.advance(days=1, hours=1)
    first = await clocks.tick()
    assert [type(n) for n in first] == [TimedOut]
    second = await clocks.tick()
    assert [type(n) for n in second] == [TimedOut]
    assert {n.result.game.id for n in first + second if isinstance(n, TimedOut)} == games
    assert await clocks.tick() == []


@pytest.mark.usefixtures("batch_of_one")
async def test_more_expired_challenges_than_a_batch_are_all_handled_over_ticks(
    service: GameService, clock: FakeClock
) -> None:
    challenges = [
        await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0) for _ in range(2)
    ]
    clocks = ClockService(service)
    clock.advance(days=30)
    first = await clocks.tick()
    second = await clocks.tick()
    assert [type(n) for n in first] == [Expired] and [type(n) for n in second] == [Expired]
    expired = {n.game.id for n in first + second if isinstance(n, Expired)}
    assert expired == {c.game.id for c in challenges}
    assert await clocks.tick() == []


async def test_reminders_are_five_batches_a_tick_and_none_is_skipped(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.services.clocks.BATCH", 2)
    games = {(await clocked_game(service)).game.id for _ in range(11)}
    clocks = ClockService(service)
    clock.advance(hours=12)  # half the time left in all eleven
    first = await clocks.tick()
    assert len(first) == 10 and all(isinstance(n, Reminder) and n.number == 1 for n in first)
    # The eleventh's halfway reminder comes on the next tick: the ten reminded games ahead of
    # it in deadline order (owed nothing until a sixth is left) do not hide it.
    second = await clocks.tick()
    assert [(n.game.id, n.number) for n in second if isinstance(n, Reminder)] == [
        (game, 1) for game in games - {n.game.id for n in first}
    ]
    assert await clocks.tick() == []
    clock.advance(hours=8)  # a sixth left: the second reminders, ten then one
    last = await clocks.tick() + await clocks.tick()
    assert sorted(n.game.id for n in last if isinstance(n, Reminder) and n.number == 2) == sorted(
        games
    )


async def test_a_move_between_reading_and_claiming_a_reminder_cancels_it(
    service: GameService, clock: FakeClock
) -> None:
    """The scheduler read Alice's game when half her time was gone; she moved before its
    claim. The claim (guarded by the deadline it read) must find nothing: Bob's clock has just
    started, and Alice needs no reminder any more."""
    result = await clocked_game(service)
    clocks = ClockService(service)
    clock.advance(hours=13)
    read = await clocks._reminder_candidates(clock.now, None)  # the race, step by step
    assert [g.id for g in read] == [result.game.id]
    await service.actions.act(
        result.game.id, ALICE.user_id, result.game.version, first_legal(result)
    )
    assert await clocks._remind_page(clock.now, read, 10) == []
    assert (await service.queries.get(result.game.id)).reminders_sent == 0
