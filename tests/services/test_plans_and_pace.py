"""Planned moves, notes, move-time statistics and /games' urgency order, on a real database
(SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.db import Database
from bot.services.errors import ServiceError, StaleVersion
from bot.services.games import GameService
from bot.services.move_times import RECENT_GAMES, nearest_rank, timed_moves
from bot.services.plans import PlanRefused
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from rules.core import Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
CAROL = Player(303, "carol")


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(7))


async def started(service: GameService, black: Player = ALICE, white: Player = BOB) -> GameSnapshot:
    challenge = await service.starts.challenge("bushi", black, white, challenger_seat=0)
    return (await service.starts.accept(challenge.game.id, white.user_id)).game


def legal(game: GameSnapshot, after: tuple[str, ...] = (), n: int = 0) -> str:
    """The ``n``-th legal move of whoever is to move after ``after`` is played."""
    rules, state = game.rules, game.state
    for code in after:
        seat = rules.to_act(state)[0]
        state, _ = rules.apply(state, seat, rules.parse(code))
    seat = rules.to_act(state)[0]
    return rules.format(rules.legal_actions(state, seat)[n])


async def test_a_line_of_two_pairs_answers_each_matching_move(service: GameService) -> None:
    game = await started(service)
    x1 = legal(game)
    y1 = legal(game, (x1,))
    x2 = legal(game, (x1, y1))
    y2 = legal(game, (x1, y1, x2))
    await service.plans.leave(game, BOB.user_id, [x1, y1, x2, y2])
    # Leaving a plan changes nothing anyone can see: the game's version (its boards) stays.
    service.loader.cache.drop(game.id)
    fresh = await service.queries.get(game.id)
    assert fresh.version == game.version and fresh.planners == 1
    after = await service.actions.act(game.id, ALICE.user_id, game.version, x1)
    assert after.game.ply == 2 and after.game.state.to_move == 0
    plan = await service.asides.plan(game.id, BOB.user_id)
    assert plan is not None and plan.line == (x2, y2) and plan.ply == 2
    after = await service.actions.act(game.id, ALICE.user_id, after.game.version, x2)
    assert after.game.ply == 4
    assert await service.db.store.read_moves(game.id) == [(0, x1), (1, y1), (0, x2), (1, y2)]
    assert await service.asides.plan(game.id, BOB.user_id) is None
    service.loader.cache.drop(game.id)
    assert (await service.queries.get(game.id)).planners == 0


async def test_a_different_move_lets_the_plan_lapse(service: GameService) -> None:
    game = await started(service)
    await service.plans.leave(game, BOB.user_id, [legal(game), legal(game, (legal(game),))])
    other = legal(game, n=1)
    after = await service.actions.act(game.id, ALICE.user_id, game.version, other)
    assert after.game.ply == 1 and after.game.state.to_move == 1
    assert await service.asides.plan(game.id, BOB.user_id) is None


async def test_plans_are_refused_when_they_cannot_stand(service: GameService) -> None:
    game = await started(service)
    x = legal(game)
    with pytest.raises(PlanRefused, match="your turn"):
        await service.plans.leave(game, ALICE.user_id, [x, legal(game, (x,))])
    with pytest.raises(PlanRefused, match="cannot be played"):
        await service.plans.leave(game, BOB.user_id, [x, "resign"])  # moves only, no meta
    with pytest.raises(PlanRefused, match="cannot be played"):
        await service.plans.leave(game, BOB.user_id, [x])  # half a pair
    with pytest.raises(PlanRefused, match="cannot be played"):
        await service.plans.leave(game, BOB.user_id, ["garbage!", x])
    line: tuple[str, ...] = ()
    for _ in range(8):
        line += (legal(game, line),)
    with pytest.raises(PlanRefused, match="at most 3 pairs"):
        await service.plans.leave(game, BOB.user_id, line)
    assert await service.asides.plan(game.id, BOB.user_id) is None


async def test_an_answer_owed_by_a_crash_is_played_once(service: GameService) -> None:
    game = await started(service)
    x, y = legal(game), legal(game, (legal(game),))
    await service.plans.leave(game, BOB.user_id, [x, y])
    # Alice's move commits, then the process dies before the planned answer.
    await service.actions._act_once(game.id, game.version, x, user_id=ALICE.user_id)
    # Two processes start up at once: the answer is played by one of them only.
    results = await asyncio.gather(
        service.actions.resume_planned(game.id),
        service.actions.resume_planned(game.id),
        return_exceptions=True,
    )
    assert any(isinstance(r, ActionResult) for r in results)
    assert await service.db.store.read_moves(game.id) == [(0, x), (1, y)]
    assert await service.actions.resume_planned(game.id) is None


async def test_notes_are_kept_per_author_and_refused_whole_past_the_limit(
    service: GameService,
) -> None:
    game = await started(service)
    with pytest.raises(ServiceError) as refused:
        await service.asides.set_note(game.id, ALICE.user_id, "  a" * 2000)
    assert "at most 1000 characters; yours has 5998" in refused.value.message("en")
    assert "1000文字まで" in refused.value.message("ja")
    assert await service.asides.note(game.id, ALICE.user_id) is None  # nothing kept, not cut
    assert await service.asides.set_note(game.id, ALICE.user_id, " " + "a" * 1000 + " ")
    kept = await service.asides.note(game.id, ALICE.user_id)
    assert kept is not None and len(kept) == 1000
    assert await service.asides.note(game.id, BOB.user_id) is None
    await service.asides.set_note(game.id, ALICE.user_id, "   ")
    assert await service.asides.note(game.id, ALICE.user_id) is None
    # The log file (what Verify files are built from too) knows nothing of it.
    await service.asides.set_note(game.id, ALICE.user_id, "secret-plan-note")
    await service.actions.act(game.id, BOB.user_id, None, "resign")
    assert "secret-plan-note" not in str(await service.queries.log_download(game.id))


async def test_move_times_are_median_and_90th_percentile_per_game(
    service: GameService, clock: FakeClock
) -> None:
    game = await started(service)
    version = game.version
    # Alice takes 1, 2, …, 5 minutes; Bob always 1 hour.
    for minutes in range(1, 6):
        clock.advance(minutes=minutes)
        fresh = await service.queries.get(game.id)
        if fresh.state.outcome is not None:
            break
        result = await service.actions.act(game.id, ALICE.user_id, version, legal(fresh))
        clock.advance(hours=1)
        result = await service.actions.act(
            game.id, BOB.user_id, result.game.version, legal(result.game)
        )
        version = result.game.version
        if result.game.status != "active":
            break
    alice = {p.game_type: p for p in await service.move_times.of(ALICE.user_id)}
    bob = {p.game_type: p for p in await service.move_times.of(BOB.user_id)}
    # Alice's first move is the game's first action: not timed (its start is not logged).
    assert alice["bushi"].moves >= 1 and bob["bushi"].moves >= 1
    assert bob["bushi"].median == timedelta(hours=1) == bob["bushi"].p90
    assert timedelta(minutes=2) <= alice["bushi"].median <= alice["bushi"].p90
    assert await service.move_times.of(CAROL.user_id) == []


def test_timing_rules_for_simultaneous_and_solitaire_logs() -> None:
    t = FakeClock()
    start = t()
    minutes = [start + timedelta(minutes=m) for m in range(6)]
    # A solitaire: one seat only, nothing is timed.
    assert timed_moves([(0, m) for m in minutes], 0) == []
    # Own second steps are not timed again; the platform's action (None) starts a wait.
    log = [(None, minutes[0]), (0, minutes[1]), (0, minutes[2]), (1, minutes[4]), (0, minutes[5])]
    assert timed_moves(log, 0) == [timedelta(minutes=1), timedelta(minutes=1)]
    assert timed_moves(log, 1) == [timedelta(minutes=2)]
    ordered = [timedelta(seconds=s) for s in range(1, 11)]
    assert nearest_rank(ordered, 0.5) == timedelta(seconds=5)
    assert nearest_rank(ordered, 0.9) == timedelta(seconds=9)
    assert RECENT_GAMES == 100


async def test_games_waiting_on_me_come_soonest_deadline_first(
    service: GameService, clock: FakeClock
) -> None:
    # Three games where Bob is to move: one without a clock, two with different deadlines.
    slow = await started(service, BOB, ALICE)  # Bob black: to move at once, no clock
    clock.advance(minutes=1)
    c1 = await service.starts.challenge("bushi", BOB, CAROL, challenger_seat=0, move_seconds=86400)
    late = (await service.starts.accept(c1.game.id, CAROL.user_id)).game
    clock.advance(minutes=1)
    c2 = await service.starts.challenge("bushi", BOB, ALICE, challenger_seat=0, move_seconds=3600)
    soon = (await service.starts.accept(c2.game.id, ALICE.user_id)).game
    clock.advance(minutes=1)
    theirs = await started(service, ALICE, BOB)  # Alice to move: not waiting on Bob
    listed = [g.id for g in await service.queries.list_games(BOB.user_id)]
    assert listed == [soon.id, late.id, slow.id, theirs.id]


async def test_a_plan_kept_as_the_opponent_moves_is_not_left_behind(
    service: GameService,
) -> None:
    game = await started(service)
    x, y = legal(game), legal(game, (legal(game),))
    # Bob's corner read the game; Alice moves before his plan is kept.
    await service.actions.act(game.id, ALICE.user_id, game.version, legal(game, n=1))
    with pytest.raises(StaleVersion):
        await service.plans.leave(game, BOB.user_id, [x, y])
    assert await service.asides.plan(game.id, BOB.user_id) is None
