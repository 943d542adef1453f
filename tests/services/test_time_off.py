"""Away mode, adjournment and open challenges at the service layer, on SQLite and PostgreSQL:
a stopped clock neither reminds nor times out, comes back moved on by exactly the time it stood,
and every claim (a time off ended by two schedulers, an open seat clicked twice) happens once."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from bot.db import Database, DeliveryRow
from bot.services.adjournment import Adjournments, _crypt
from bot.services.away import AwayRefused, AwayService
from bot.services.clocks import ClockService, Redraw, TimedOut
from bot.services.errors import GameAdjourned, InvalidChallenge, NotAParticipant, WrongStatus
from bot.services.games import GameService
from bot.services.holds import Hold, resumed_deadline
from bot.services.open_challenges import OpenChallenges
from bot.services.secrets import DeploymentSecrets
from bot.services.snapshots import ActionResult, GameSnapshot, Player
from bot.statuses import DeliveryKind, GameStatus
from rules.core import Rng, RulesError
from rules.core.fairness import verify_move_commitment
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
CAROL = Player(303, "carol")
HOUR = timedelta(hours=1)
#: Bob's seat in :func:`clocked_game` (Alice challenges from seat 0).
BOB_SEAT = 1


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(1))


async def clocked_game(service: GameService) -> ActionResult:
    challenge = await service.starts.challenge(
        "bushi", ALICE, BOB, challenger_seat=0, move_seconds=3600
    )
    return await service.starts.accept(challenge.game.id, BOB.user_id)


def test_a_deadline_moves_on_by_the_time_the_clock_stood() -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    deadline = start + HOUR  # the turn began at start
    # Stopped 10 minutes in, running again 3 days later: 50 minutes left, as before the stop.
    stop, back = start + timedelta(minutes=10), start + timedelta(days=3)
    assert resumed_deadline(deadline, 3600, stop, back) == back + timedelta(minutes=50)
    # A turn begun while the clock stood (a move made meanwhile) gets its whole hour.
    begun = start + timedelta(days=1)
    assert resumed_deadline(begun + HOUR, 3600, stop, back) == back + HOUR
    assert resumed_deadline(None, 3600, stop, back) is None
    assert Hold.load(Hold(adjourned=True, asked=1).dump()) == Hold(adjourned=True, asked=1)
    assert Hold().dump() is None


async def test_away_holds_every_clock_and_two_schedulers_end_it_once(
    db: Database, service: GameService, clock: FakeClock
) -> None:
    games = [(await clocked_game(service)).game for _ in range(3)]
    away = AwayService(service, allowance=20)
    status, changed = await away.go_away(BOB.user_id, clock.now + timedelta(days=2))
    assert sorted(changed) == sorted(g.id for g in games) and status.left == 18
    with pytest.raises(AwayRefused):  # 30 days is more than the allowance
        await away.go_away(CAROL.user_id, clock.now + timedelta(days=30))
    for notice in await ClockService(service, away).redraws():  # announced by /away itself
        ClockService(service, away).done(notice)
    await service.deliveries.flush()
    clock.advance(days=1)
    notices = await ClockService(service, away).tick()
    assert notices == []  # nobody loses on time, nothing is reminded or redrawn again
    other = GameService(db, clock=clock)  # a second process
    clock.advance(days=1, minutes=5)
    a, b = await asyncio.gather(
        ClockService(service, away).tick(), ClockService(other, AwayService(other)).tick()
    )
    redraws = {n.game.id for n in a + b if isinstance(n, Redraw)}
    assert redraws == {g.id for g in games}
    assert (await away.status(BOB.user_id)).used == 2  # charged once, to its end date
    for game in games:
        now = await service.queries.get(game.id)
        assert now.held_since is None and now.pause is None
        # Alice had the whole hour when Bob left (at once): she has it again from his return.
        assert now.deadline_at == clock.now + HOUR
    clock.advance(minutes=61)
    timed_out = [n for n in await ClockService(service, away).tick() if isinstance(n, TimedOut)]
    assert len(timed_out) == 3


async def owed_redraws(db: Database, game_id: int) -> int:
    async with db.read() as session:
        return int(
            await session.scalar(
                select(func.count())
                .select_from(DeliveryRow)
                .where(DeliveryRow.game_id == game_id, DeliveryRow.kind == DeliveryKind.REDRAW)
            )
            or 0
        )


async def test_each_game_away_mode_changes_owes_its_redraw_and_none_is_left_out_of_step(
    db: Database, service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A time off's row is what is true: a game it changes moves on with its redraw owed (one
    guarded write), and a game a crash left behind (the row written, its games not yet) is
    brought in step by the next tick — when the player leaves, and when they come back."""
    game = (await clocked_game(service)).game
    away = AwayService(service)
    _, changed = await away.go_away(BOB.user_id, clock.now + timedelta(days=2))
    held = await service.queries.get(game.id)
    assert changed == [game.id] and held.version == game.version + 1 and held.held_since
    assert await owed_redraws(db, game.id) == 1
    await away.come_back(BOB.user_id)
    assert await owed_redraws(db, game.id) == 2
    clocks = ClockService(service, away)
    for notice in await clocks.redraws():  # announced by /away itself
        clocks.done(notice)
    await service.deliveries.flush()

    async def died(game_ids: list[int]) -> list[int]:
        return []  # the process stopped after the row's commit

    for leaving in (True, False):
        with monkeypatch.context() as patch:
            patch.setattr(away, "_follow", died)
            if leaving:
                await away.go_away(BOB.user_id, clock.now + timedelta(days=2))
            else:
                await away.come_back(BOB.user_id)
        before = await service.queries.get(game.id)
        assert (before.held_since is None) == leaving  # as it was: out of step
        clock.advance(minutes=1)
        notices = await clocks.tick()
        assert [n.game.id for n in notices if isinstance(n, Redraw)] == [game.id]
        after = await service.queries.get(game.id)
        assert (after.held_since is not None) == leaving
        assert (BOB_SEAT in Hold.load(after.pause).away) == leaving
        for notice in notices:
            clocks.done(notice)
        await service.deliveries.flush()
        assert await clocks.tick() == []  # in step: nothing more


async def adjourn(adjournments: Adjournments, game: GameSnapshot) -> GameSnapshot:
    """Alice asks to adjourn ``game`` and Bob agrees."""
    game = await adjournments.ask(game.id, ALICE.user_id, game.version)
    return await adjournments.answer(game.id, BOB.user_id, game.version, accept=True)


async def test_adjourned_games_refuse_moves_and_a_sealed_move_is_played_once(
    db: Database, service: GameService, clock: FakeClock
) -> None:
    game = (await clocked_game(service)).game
    adjournments = Adjournments(service, DeploymentSecrets(db, clock))
    game = await adjournments.ask(game.id, ALICE.user_id, game.version)
    with pytest.raises(WrongStatus):
        await adjournments.ask(game.id, BOB.user_id, game.version)
    game = await adjournments.answer(game.id, BOB.user_id, game.version, accept=True)
    move = game.rules.format(game.rules.legal_actions(game.state, 0)[0])
    with pytest.raises(GameAdjourned):
        await service.actions.act(game.id, ALICE.user_id, game.version, move)
    clock.advance(days=5)
    assert not await ClockService(service).tick()
    game = await adjournments.seal(game.id, ALICE.user_id, game.version, move)
    sealed = Hold.load(game.pause).sealed
    assert sealed is not None and move not in str(game.pause)
    # Two resumptions at once (Alice and Bob both click): one plays the move, one is stale.
    results = await asyncio.gather(
        adjournments.resume(game.id, ALICE.user_id, game.version),
        adjournments.resume(game.id, BOB.user_id, game.version),
        return_exceptions=True,
    )
    played = [r for r in results if isinstance(r, tuple)]
    assert len(played) == 1
    result, revealed = played[0]
    assert result.game.ply == 1 and result.game.pause is None
    assert revealed is not None and revealed.code == move
    assert verify_move_commitment(sealed["commitment"], move, 0, bytes.fromhex(revealed.salt))
    assert result.game.deadline_at == clock.now + HOUR  # Bob's clock, fresh


async def test_an_open_seat_is_taken_once_and_never_by_its_challenger(
    service: GameService,
) -> None:
    opens = OpenChallenges(service)
    posted = (await opens.post("bushi", ALICE, anyone="anyone", max_rating=1600)).game
    with pytest.raises(InvalidChallenge):
        await opens.take(posted.id, ALICE, posted.version)
    results = await asyncio.gather(
        opens.take(posted.id, BOB, posted.version),
        opens.take(posted.id, CAROL, posted.version),
        return_exceptions=True,
    )
    taken = [r for r in results if isinstance(r, ActionResult)]
    assert len(taken) == 1
    game = await service.queries.get(posted.id)
    assert game.status == GameStatus.ACTIVE and game.open_to is None
    assert {s.user_id for s in game.seats} == {ALICE.user_id, taken[0].game.seats[1].user_id}
    high = (await opens.post("bushi", ALICE, anyone="anyone", min_rating=1700)).game
    with pytest.raises(InvalidChallenge) as refused:
        await opens.take(high.id, BOB, high.version)
    assert "1500" in refused.value.text.en


async def test_a_sealed_move_with_hidden_cards_is_revealed_by_its_public_words(
    db: Database, service: GameService, clock: FakeClock
) -> None:
    challenge = await service.starts.challenge(
        "senretsu", ALICE, BOB, challenger_seat=0, move_seconds=3600
    )
    result = await service.starts.accept(challenge.game.id, BOB.user_id)
    game = result.game
    rules = game.rules
    users = {0: ALICE.user_id, 1: BOB.user_id}
    game = (await service.actions.act(game.id, ALICE.user_id, None, "j:scissors")).game
    game = (await service.actions.act(game.id, BOB.user_id, None, "j:rock")).game
    [seat] = rules.to_act(game.state)  # the janken's winner places first
    adjournments = Adjournments(service, DeploymentSecrets(db, clock))
    game = await adjourn(adjournments, game)
    with pytest.raises(RulesError):  # the other player can do nothing meanwhile
        await service.actions.act(game.id, users[1 - seat], None, "end")
    # The player to move stages a card privately (allowed: seen by them alone) ...
    stage = rules.format(rules.legal_actions(game.state, seat)[0])
    assert stage.startswith("p:")
    game = (await service.actions.act(game.id, users[seat], game.version, stage)).game
    # ... ends the turn, which is sealed, not played ...
    with pytest.raises(GameAdjourned):
        await service.actions.act(game.id, users[seat], game.version, "end")
    ply = game.ply
    game = await adjournments.seal(game.id, users[seat], game.version, "end")
    sealed_code = "end"
    # ... and nothing more can be staged once it is sealed.
    again = next(
        code
        for code in map(rules.format, rules.legal_actions(game.state, seat))
        if code.startswith("p:")
    )
    with pytest.raises(GameAdjourned):
        await service.actions.act(game.id, users[seat], game.version, again)
    assert game.ply == ply
    result, revealed = await adjournments.resume(game.id, users[1 - seat], game.version)
    assert revealed is not None and revealed.code == sealed_code
    from bot.ui.adjourning import revealed_text

    assert result.game.ply == ply + 1 and rules.to_act(result.game.state) == (1 - seat,)
    for locale in ("en", "ja"):
        text = revealed_text(revealed, result.game, result.events, locale)
        assert stage.split(":")[1] not in text and revealed.salt in text  # no card code


async def test_time_off_may_take_the_whole_allowance_and_not_a_day_more(
    service: GameService, clock: FakeClock
) -> None:
    away = AwayService(service, allowance=20)
    with pytest.raises(AwayRefused):
        await away.go_away(CAROL.user_id, clock.now + timedelta(days=21))
    status, _ = await away.go_away(CAROL.user_id, clock.now + timedelta(days=20))
    assert status.left == 0


async def test_only_the_player_to_move_may_seal_a_move(
    db: Database, service: GameService, clock: FakeClock
) -> None:
    game = (await clocked_game(service)).game
    adjournments = Adjournments(service, DeploymentSecrets(db, clock))
    game = await adjourn(adjournments, game)
    assert game.rules.to_act(game.state) == (0,)  # Alice's turn
    bobs = game.rules.format(game.rules.legal_actions(game.state, 0)[0])
    with pytest.raises(NotAParticipant):
        await adjournments.seal(game.id, BOB.user_id, game.version, bobs)
    assert Hold.load((await service.queries.get(game.id)).pause).sealed is None


def test_a_sealed_box_opens_the_same_after_an_upgrade() -> None:
    """A move sealed before an upgrade is opened by the release after it: the box's cipher is
    pinned (a known answer), not just its round trip."""
    key, salt = b"k" * 32, bytes(range(16))
    plain = b"E5 to the river, then some more words past one block"
    box = _crypt(key, 7, 3, salt, plain)
    assert box.hex() == (
        "16d5731af16330c9738e5c2575b48475a9e8cf1cfeb6468eb5990e08ae4d7209"
        "803c5af41715fba09742311843f2972a2a2885bc"
    )
    assert _crypt(key, 7, 3, salt, box) == plain
    assert _crypt(key, 7, 4, salt, plain) != box  # each ply its own stream
