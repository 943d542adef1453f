"""The fair clock on a real database (SQLite, and PostgreSQL when configured): pace without
pauses, quiet hours that stop the clock and its reminders (in a zone with daylight saving and
one without), and a time bank spent, refilled and run out."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, time, timedelta

import pytest

from bot.db import Database
from bot.services.adjournment import Adjournments
from bot.services.away import AwayService
from bot.services.clocks import ClockService, Reminder, TimedOut
from bot.services.game_clock import BankRule, GameClock
from bot.services.games import GameService
from bot.services.quiet_hours import QuietHours, deadline_after
from bot.services.quiet_settings import QuietSettings
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
DAY = 86400
HOUR = timedelta(hours=1)
NEW_YORK = QuietHours("America/New_York", time(23), time(7))
TOKYO = QuietHours("Asia/Tokyo", time(0), time(8))


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(5))


def quiet_settings(service: GameService) -> QuietSettings:
    return QuietSettings(service.db, service.clock, service.writer)


def a_move(game: GameSnapshot) -> tuple[int, str]:
    seat = game.rules.to_act(game.state)[0]
    return seat, game.rules.format(game.rules.legal_actions(game.state, seat)[0])


async def play(service: GameService, game: GameSnapshot) -> ActionResult:
    seat, code = a_move(game)
    return await service.actions.act(game.id, game.seats[seat].user_id, game.version, code)


async def started(
    service: GameService, seconds: int | None = DAY, bank: BankRule | None = None
) -> GameSnapshot:
    challenge = await service.starts.challenge(
        "bushi", ALICE, BOB, challenger_seat=0, move_seconds=seconds, bank=bank
    )
    return (await service.starts.accept(challenge.game.id, BOB.user_id)).game


async def test_pace_leaves_out_time_off_adjournment_quiet_hours_and_planned_answers(
    db: Database, service: GameService, clock: FakeClock
) -> None:
    clock.now = datetime(2026, 12, 1, 0, tzinfo=UTC)  # 09:00 in Tokyo
    await quiet_settings(service).set(ALICE.user_id, TOKYO)
    game = await started(service)
    assert game.seats_to_act[0].user_id == ALICE.user_id
    # Alice thinks 2 hours, then Bob's away for 30 hours: her clock stands; 1 more hour.
    away = AwayService(service)
    clock.advance(hours=2)
    await away.go_away(BOB.user_id, clock.now + timedelta(days=2))
    clock.advance(hours=30)
    await away.come_back(BOB.user_id)
    clock.advance(hours=1)
    game = (await play(service, await service.queries.get(game.id))).game
    # Bob thinks 1 hour, they adjourn for 20 hours, then 30 minutes more.
    adjournments = Adjournments(service, DeploymentSecrets(db, clock))
    clock.advance(hours=1)
    game = await adjournments.ask(game.id, BOB.user_id, game.version)
    game = await adjournments.answer(game.id, ALICE.user_id, game.version, accept=True)
    clock.advance(hours=20)
    result, _ = await adjournments.resume(game.id, ALICE.user_id, game.version)
    clock.advance(minutes=30)
    game = (await play(service, result.game)).game
    # Alice's turn begins 06:30 UTC (15:30 in Tokyo): 8.5 hours run until her night (00:00
    # Tokyo time), which is not thinking time; she moves half an hour after it ends.
    assert clock.now == datetime(2026, 12, 3, 6, 30, tzinfo=UTC)
    # Bob leaves a planned answer to what she will play: played at once, and not timed (no
    # "0 s" pulling his pace down).
    after_alice = a_move(game)[1]
    rules, state = game.rules, game.state
    state, _ = rules.apply(state, 0, rules.parse(after_alice))
    answer = rules.format(rules.legal_actions(state, rules.to_act(state)[0])[0])
    await service.plans.leave(game, BOB.user_id, [after_alice, answer])
    clock.advance(hours=17)
    answered = await service.actions.act(game.id, ALICE.user_id, game.version, after_alice)
    assert answered.game.ply == game.ply + 2
    alice = {p.game_type: p for p in await service.move_times.of(ALICE.user_id)}["bushi"]
    bob = {p.game_type: p for p in await service.move_times.of(BOB.user_id)}["bushi"]
    # Alice: 3 hours (2 + 1 around Bob's time off), then 9 hours (8.5 + 0.5 around her night).
    assert alice.moves == 2 and (alice.median, alice.p90) == (3 * HOUR, 9 * HOUR)
    # Bob: 1.5 hours (1 + 0.5 around the adjournment); his planned answer is not a move timed.
    assert bob.moves == 1 and bob.median == bob.p90 == timedelta(minutes=90)


@pytest.mark.parametrize(
    ("quiet", "start"),
    [
        # New York's nights across the autumn change (1 November 2026, 02:00 EDT → 01:00 EST).
        (NEW_YORK, datetime(2026, 10, 31, 16, tzinfo=UTC)),
        # Tokyo: no daylight saving.
        (TOKYO, datetime(2026, 12, 1, 6, tzinfo=UTC)),
    ],
)
async def test_quiet_hours_stop_the_clock_and_its_reminders(
    db: Database, service: GameService, clock: FakeClock, quiet: QuietHours, start: datetime
) -> None:
    clock.now = start
    await quiet_settings(service).set(ALICE.user_id, quiet)
    game = await started(service)
    assert GameClock.load(game.clock).quiet_of(0) == quiet
    deadline = deadline_after(quiet, start, DAY)
    assert game.deadline_at == deadline > start + timedelta(days=1, hours=7)
    other = GameService(db, clock=clock)  # a second process, racing every tick
    reminders: list[tuple[datetime, int]] = []
    timed_out: list[datetime] = []
    while not timed_out:
        clock.advance(minutes=15)
        a, b = await asyncio.gather(ClockService(service).tick(), ClockService(other).tick())
        for notice in a + b:
            if isinstance(notice, Reminder):
                reminders.append((clock.now, notice.number))
                # Never in the mover's night.
                assert not quiet_now(quiet, clock.now)
            elif isinstance(notice, TimedOut):
                timed_out.append(clock.now)
    assert [n for _, n in reminders] == [1, 2]  # each once, across two schedulers
    assert timed_out[0] - deadline < timedelta(minutes=15) and timed_out[0] >= deadline
    restarted = GameService(db, clock=clock)
    assert await ClockService(restarted).tick() == []


def quiet_now(quiet: QuietHours, at: datetime) -> bool:
    from bot.services.quiet_hours import is_quiet

    return is_quiet(quiet, at)


async def test_changed_quiet_hours_reach_running_games_from_the_next_turn(
    service: GameService, clock: FakeClock
) -> None:
    game = await started(service)
    assert game.deadline_at == clock.now + timedelta(days=1)
    changed = await quiet_settings(service).set(BOB.user_id, TOKYO)
    assert changed == [game.id]
    game = await service.queries.get(game.id)
    assert game.deadline_at == clock.now + timedelta(days=1)  # Alice's turn: unchanged
    game = (await play(service, game)).game
    assert game.deadline_at == deadline_after(TOKYO, clock.now, DAY)
    assert await quiet_settings(service).set(BOB.user_id, TOKYO) == []  # in step already


async def test_a_bank_is_spent_refilled_and_lost_on_time_when_run_out(
    service: GameService, clock: FakeClock
) -> None:
    bank = BankRule(start=2 * DAY, add=DAY, cap=3 * DAY)
    game = await started(service, seconds=DAY, bank=bank)
    assert game.deadline_at == clock.now + timedelta(days=2)
    # Alice spends 36 hours: 2d - 1.5d + 1d = 1.5 days left.
    clock.advance(hours=36)
    game = (await play(service, game)).game
    left = GameClock.load(game.clock).bank
    assert left is not None and left.left == {0: 36 * 3600, 1: 2 * DAY}
    assert game.deadline_at == clock.now + timedelta(days=2)  # Bob's full bank
    # Bob answers at once: 2d + 1d, at the cap; Alice takes an hour: 36h - 1h + 24h.
    game = (await play(service, game)).game
    clock.advance(hours=1)
    game = (await play(service, game)).game
    # Bob at once again: still the cap, not beyond.
    game = (await play(service, game)).game
    left = GameClock.load(game.clock).bank
    assert left is not None and left.left == {0: 59 * 3600, 1: 3 * DAY}
    assert game.deadline_at == clock.now + timedelta(hours=59)
    clocks = ClockService(service)
    clock.advance(hours=30)  # less than half her 59 hours left: the first reminder
    assert [n.number for n in await clocks.tick() if isinstance(n, Reminder)] == [1]
    clock.advance(hours=29)
    [timeout] = [n for n in await clocks.tick() if isinstance(n, TimedOut)]
    outcome = timeout.result.game.outcome
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "timeout"
