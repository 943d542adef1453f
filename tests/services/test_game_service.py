"""The service layer on a real database (SQLite, and PostgreSQL when configured)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.db import Database, GameEventRow
from bot.services.errors import (
    ChallengeExpired,
    GameNotFound,
    InvalidChallenge,
    NotAParticipant,
    StaleVersion,
    WrongStatus,
)
from bot.services.games import GameService
from bot.services.snapshots import ActionResult, Player
from bot.ui.game_log import log_text
from rules.core import GameOverError, IllegalActionError, InvalidActionError, NotYourTurnError, Rng
from tests.conftest import FakeClock

ALICE = Player(101, "alice")
BOB = Player(202, "bob")
CAROL = Player(303, "carol")
BOT = Player(999, "Asobiba", is_bot=True)


@pytest.fixture
def service(db: Database, clock: FakeClock) -> GameService:
    return GameService(db, clock=clock, seed_source=Rng.from_seed(7))


async def started(service: GameService) -> ActionResult:
    """Alice (Black) against Bob (White), accepted."""
    challenge = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0)
    return await service.starts.accept(challenge.game.id, BOB.user_id)


def first_legal(result: ActionResult) -> str:
    game = result.game
    seat = game.rules.to_act(game.state)[0]
    return game.rules.format(game.rules.legal_actions(game.state, seat)[0])


async def event_count(db: Database, game_id: int) -> int:
    async with db.transaction() as session:
        count = await session.scalar(
            select(func.count()).select_from(GameEventRow).where(GameEventRow.game_id == game_id)
        )
    return int(count or 0)


async def test_challenge_waits_for_the_challenged_player(service: GameService) -> None:
    result = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=1, rated=True)
    game = result.game
    assert game.status == "challenge"
    assert game.challenger.user_id == ALICE.user_id and game.challenger.seat == 1
    assert game.challenged.user_id == BOB.user_id
    assert game.rated is True
    assert game.expires_at is not None
    assert [s.user_id for s in game.seats_to_act] == []  # nobody moves before acceptance
    with pytest.raises(WrongStatus):
        await service.actions.act(game.id, BOB.user_id, game.version, first_legal(result))


async def test_only_the_challenged_player_can_accept(service: GameService) -> None:
    game = (await service.starts.challenge("bushi", ALICE, BOB)).game
    with pytest.raises(NotAParticipant):
        await service.starts.accept(game.id, ALICE.user_id)
    with pytest.raises(NotAParticipant):
        await service.starts.accept(game.id, CAROL.user_id)
    with pytest.raises(NotAParticipant):
        await service.starts.decline(game.id, CAROL.user_id)
    assert (await service.queries.get(game.id)).status == "challenge"
    accepted = await service.starts.accept(game.id, BOB.user_id, game.version)
    assert accepted.game.status == "active"
    assert [s.seat for s in accepted.game.seats_to_act] == [0]


async def test_decline_and_withdraw(service: GameService) -> None:
    game = (await service.starts.challenge("bushi", ALICE, BOB)).game
    declined = await service.starts.decline(game.id, BOB.user_id)
    assert declined.status == "declined"
    with pytest.raises(WrongStatus):
        await service.starts.accept(game.id, BOB.user_id)
    other = (await service.starts.challenge("bushi", ALICE, BOB)).game
    assert (await service.starts.abort(other.id, ALICE.user_id)).status == "aborted"


async def test_a_challenge_expires(service: GameService, clock: FakeClock) -> None:
    game = (await service.starts.challenge("bushi", ALICE, BOB)).game
    clock.advance(hours=24, seconds=1)
    with pytest.raises(ChallengeExpired):
        await service.starts.accept(game.id, BOB.user_id)
    assert (await service.queries.get(game.id)).status == "expired"


async def test_bad_challenges_are_refused(service: GameService) -> None:
    with pytest.raises(InvalidChallenge):
        await service.starts.challenge("bushi", ALICE, ALICE)
    with pytest.raises(InvalidChallenge):
        await service.starts.challenge("bushi", BOT, ALICE)
    with pytest.raises(GameNotFound):
        await service.queries.get(12345)


async def test_moves_are_checked_and_logged(service: GameService, db: Database) -> None:
    result = await started(service)
    game = result.game
    with pytest.raises(NotYourTurnError):
        await service.actions.act(game.id, BOB.user_id, game.version, first_legal(result))
    with pytest.raises(NotAParticipant):
        await service.actions.act(game.id, CAROL.user_id, game.version, first_legal(result))
    with pytest.raises(InvalidActionError):
        await service.actions.act(game.id, ALICE.user_id, game.version, "teleport")
    with pytest.raises(IllegalActionError):
        await service.actions.act(
            game.id, ALICE.user_id, game.version, "ROT"
        )  # no moves before drops
    unchanged = await service.queries.get(game.id)
    assert unchanged.version == game.version and unchanged.ply == 0
    assert await event_count(db, game.id) == 0

    moved = await service.actions.act(game.id, ALICE.user_id, game.version, first_legal(result))
    assert moved.game.version > game.version
    assert moved.game.ply == 1
    assert [e.kind for e in moved.events] == ["drop"]
    assert [s.user_id for s in moved.game.seats_to_act] == [BOB.user_id]
    assert await event_count(db, game.id) == 1
    log_rows = await service.queries.event_log(game.id)
    assert log_rows[0].seat == 0 and log_rows[0].public_text_en and log_rows[0].public_text_ja


async def test_a_stale_version_is_refused_and_changes_nothing(service: GameService) -> None:
    result = await started(service)
    game = result.game
    moved = await service.actions.act(game.id, ALICE.user_id, game.version, first_legal(result))
    with pytest.raises(StaleVersion):
        # Bob acts on the board as it was before Alice's drop.
        await service.actions.act(game.id, BOB.user_id, game.version, first_legal(moved))
    after = await service.queries.get(game.id)
    assert after.version == moved.game.version and after.ply == 1


async def test_two_racing_actions_exactly_one_succeeds(service: GameService, db: Database) -> None:
    result = await started(service)
    game = result.game
    code = first_legal(result)
    outcomes = await asyncio.gather(
        *(service.actions.act(game.id, ALICE.user_id, game.version, code) for _ in range(4)),
        return_exceptions=True,
    )
    successes = [o for o in outcomes if isinstance(o, ActionResult)]
    failures = [o for o in outcomes if not isinstance(o, ActionResult)]
    assert len(successes) == 1, outcomes
    assert all(isinstance(f, StaleVersion) for f in failures), failures
    assert (await service.queries.get(game.id)).ply == 1
    assert await event_count(db, game.id) == 1


async def test_replaying_the_log_gives_the_snapshot(service: GameService) -> None:
    result = await started(service)
    rng = Rng.from_seed(3)
    for _ in range(30):
        game = result.game
        if game.status != "active":
            break
        seat = game.rules.to_act(game.state)[0]
        actions = game.rules.legal_actions(game.state, seat)
        action, rng = rng.choice(actions)
        user = game.player(seat).user_id
        result = await service.actions.act(game.id, user, game.version, game.rules.format(action))
    game = await service.queries.get(result.game.id)
    assert game.ply >= 3
    rebuilt = await service.queries.rebuild_state(game.id)
    assert rebuilt == game.state


async def test_resignation_ends_the_game(service: GameService) -> None:
    game = (await started(service)).game
    result = await service.actions.act(game.id, BOB.user_id, None, "resign")  # out of turn is fine
    assert result.finished
    assert result.game.outcome is not None and result.game.outcome.winner == 0
    assert result.game.outcome.reason == "resign"
    assert result.game.finished_at is not None
    assert result.game.seats_to_act == ()
    with pytest.raises(WrongStatus):
        await service.actions.act(game.id, ALICE.user_id, None, "resign")
    assert (await service.queries.rebuild_state(game.id)) == result.game.state


async def test_draw_by_agreement(service: GameService) -> None:
    game = (await started(service)).game
    offered = await service.actions.act(game.id, ALICE.user_id, game.version, "draw-offer")
    assert offered.game.state.draw_offer == 0
    with pytest.raises(IllegalActionError):
        await service.actions.act(game.id, ALICE.user_id, offered.game.version, "draw-accept")
    accepted = await service.actions.act(game.id, BOB.user_id, offered.game.version, "draw-accept")
    assert accepted.game.outcome is not None and accepted.game.outcome.is_draw


async def test_forfeit_by_the_platform(service: GameService) -> None:
    game = (await started(service)).game
    result = await service.actions.forfeit(game.id, loser=0)
    assert result.game.outcome is not None
    assert result.game.outcome.winner == 1 and result.game.outcome.reason == "timeout"
    with pytest.raises(GameOverError):
        game.rules.apply(result.game.state, 1, game.rules.parse("resign"))


async def test_abort_only_before_the_first_move(service: GameService) -> None:
    result = await started(service)
    game = result.game
    with pytest.raises(NotAParticipant):
        await service.starts.abort(game.id, CAROL.user_id)
    await service.actions.act(game.id, ALICE.user_id, game.version, first_legal(result))
    with pytest.raises(WrongStatus):
        await service.starts.abort(game.id, BOB.user_id)
    fresh = (await started(service)).game
    assert (await service.starts.abort(fresh.id, BOB.user_id)).status == "aborted"


async def test_the_bot_answers_and_plays_perfectly(service: GameService) -> None:
    result = await service.starts.challenge("bushi", ALICE, BOT, challenger_seat=1)
    game = result.game
    # The bot is Black and has already dropped; Alice is to act.
    assert game.status == "active" and game.rated is False
    assert game.ply == 1 and [s.user_id for s in game.seats_to_act] == [ALICE.user_id]
    rng = Rng.from_seed(11)
    for _ in range(60):
        game = result.game
        if game.status != "active":
            break
        actions = game.rules.legal_actions(game.state, 1)
        action, rng = rng.choice(actions)
        result = await service.actions.act(
            game.id, ALICE.user_id, game.version, game.rules.format(action)
        )
        assert (
            result.game.status != "active" or result.game.seats_to_act[0].user_id == ALICE.user_id
        )
    game = result.game
    if game.outcome is not None:
        assert game.outcome.winner != 1  # a random player never beats perfect play
    assert await service.queries.rebuild_state(game.id) == game.state


async def test_hints_are_refused_in_rated_games(service: GameService) -> None:
    rated = (await service.starts.challenge("bushi", ALICE, BOB, rated=True)).game
    await service.starts.accept(rated.id, BOB.user_id)
    with pytest.raises(WrongStatus):
        await service.queries.hint(rated.id, "en")
    casual = (await started(service)).game
    text = await service.queries.hint(casual.id, "en")
    assert "perfect play" in text and ("draw" in text or "win" in text or "loss" in text)
    assert "完全解析" in await service.queries.hint(casual.id, "ja")


async def test_my_games_lists_the_ones_waiting_on_me_first(
    service: GameService, clock: FakeClock
) -> None:
    waiting_on_bob = await started(service)
    clock.advance(minutes=1)
    bobs_turn = await started(service)
    moved = await service.actions.act(
        bobs_turn.game.id, ALICE.user_id, bobs_turn.game.version, first_legal(bobs_turn)
    )
    clock.advance(minutes=1)
    finished = (await started(service)).game
    await service.actions.act(finished.id, ALICE.user_id, None, "resign")
    games = await service.queries.list_games(BOB.user_id)
    assert [g.id for g in games] == [moved.game.id, waiting_on_bob.game.id]
    assert games[0].seats_to_act[0].user_id == BOB.user_id


async def test_attaching_the_board_message_keeps_buttons_current(service: GameService) -> None:
    game = (await started(service)).game
    await service.messages.attach_message(game.id, 55, 66)
    after = await service.queries.get(game.id)
    assert (after.channel_id, after.message_id) == (55, 66)
    assert after.version == game.version
    assert await service.messages.swap_ping(game.id, 77) is None
    assert await service.messages.swap_ping(game.id, 78) == 77
    assert (await service.queries.get(game.id)).version == game.version


async def test_expiry_uses_the_configured_ttl(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, challenge_ttl=timedelta(minutes=5))
    game = (await service.starts.challenge("bushi", ALICE, BOB)).game
    assert game.expires_at == clock.now + timedelta(minutes=5)


async def test_results_are_recorded_once_per_finished_game(
    service: GameService, db: Database
) -> None:
    from bot.services.stats import player_stats

    for resigner in (BOB, BOB, ALICE, BOB):
        game = (await started(service)).game
        await service.actions.act(game.id, resigner.user_id, None, "resign")
    offered = (await started(service)).game
    offered_v = (
        await service.actions.act(offered.id, ALICE.user_id, None, "draw-offer")
    ).game.version
    await service.actions.act(offered.id, BOB.user_id, offered_v, "draw-accept")
    alice = {s.game_key: s for s in await player_stats(db, ALICE.user_id)}["bushi"]
    bob = {s.game_key: s for s in await player_stats(db, BOB.user_id)}["bushi"]
    assert (alice.played, alice.won, alice.lost, alice.drawn) == (5, 3, 1, 1)
    assert (bob.played, bob.won, bob.lost, bob.drawn) == (5, 1, 3, 1)
    assert alice.best_streak == 2 and alice.current_streak == 0  # the draw broke the streak
    assert bob.best_streak == 1
    # A finished game cannot finish again: no second count.
    with pytest.raises(WrongStatus):
        await service.actions.act(offered.id, ALICE.user_id, None, "resign")
    assert {s.game_key: s for s in await player_stats(db, ALICE.user_id)}["bushi"].played == 5
    # Games against the bot count for the person only.
    vs_bot = (await service.starts.challenge("bushi", CAROL, BOT, challenger_seat=0)).game
    await service.actions.act(vs_bot.id, CAROL.user_id, None, "resign")
    assert [s.lost for s in await player_stats(db, CAROL.user_id)] == [1]
    assert await player_stats(db, BOT.user_id) == []


async def test_a_solitaire_is_played_by_its_owner_only(service: GameService, db: Database) -> None:
    from bot.services.stats import player_stats

    for _ in range(3):
        result = await service.starts.start_solitaire(
            "yosukou", ALICE, settings={"variant": "simplified", "rule_terminals": 1}
        )
        game = result.game
        assert game.status == "active" and [s.user_id for s in game.seats_to_act] == [ALICE.user_id]
        with pytest.raises(NotAParticipant, match="belongs to someone else"):
            await service.actions.act(game.id, BOB.user_id, game.version, "start:1")
        rng = Rng.from_seed(game.id)
        while result.game.status == "active":
            game = result.game
            action, rng = rng.choice(game.rules.legal_actions(game.state, 0))
            result = await service.actions.act(
                game.id, ALICE.user_id, game.version, game.rules.format(action)
            )
        assert result.game.outcome is not None
        assert await service.queries.rebuild_state(game.id) == result.game.state
    [stat] = await player_stats(db, ALICE.user_id)
    assert stat.game_key == "yosukou:simplified" and stat.played == 3
    assert stat.won + stat.lost == 3 and stat.best_streak >= stat.current_streak


async def test_both_janken_picks_at_once_both_count(service: GameService) -> None:
    challenge = await service.starts.challenge("senretsu", ALICE, BOB, challenger_seat=0)
    game = (await service.starts.accept(challenge.game.id, BOB.user_id)).game
    assert {s.seat for s in game.seats_to_act} == {0, 1}
    first, second = await asyncio.gather(
        service.actions.act(game.id, ALICE.user_id, game.version, "j:rock"),
        service.actions.act(game.id, BOB.user_id, game.version, "j:scissors"),
    )
    after = await service.queries.get(game.id)
    assert after.ply == 2 and after.state.phase != "janken"  # rock beat scissors
    assert after.state.first_player == 0
    # A real double click is still refused: Alice's seat has nothing left to pick.
    with pytest.raises((StaleVersion, NotYourTurnError)):
        await service.actions.act(game.id, ALICE.user_id, game.version, "j:rock")
    del first, second


@pytest.mark.slow
async def test_senretsu_logs_never_show_a_hidden_card(service: GameService) -> None:
    checked = 0
    for n in range(3):
        challenge = await service.starts.challenge(
            "senretsu", ALICE, BOB, settings={"first_player": "coin"}
        )
        result = await service.starts.accept(challenge.game.id, BOB.user_id)
        rng = Rng.from_seed(40 + n)
        for _ in range(80):
            game = result.game
            if game.status != "active":
                break
            seat = game.seats_to_act[0].seat
            action, rng = rng.choice(game.rules.legal_actions(game.state, seat))
            user = game.player(seat).user_id
            result = await service.actions.act(
                game.id, user, game.version, game.rules.format(action)
            )
        game = result.game
        entries = await service.queries.event_log(game.id)
        day = service.clock().date()
        texts = [log_text(game, entries, "en", day), log_text(game, entries, "ja", day)]
        for row in entries:
            texts += [row.public_text_en, row.public_text_ja]
        public = "\n".join(texts)
        for seat in (0, 1):
            view = game.rules.view_for(game.state, seat)
            hidden = {c.label for c in view.hand} - {c.label for c in view.revealed[seat]}
            assert not {label for label in hidden if label in public}
            checked += len(hidden)
    assert checked > 0


async def test_rated_games_move_ratings_casual_ones_do_not(
    service: GameService, db: Database
) -> None:
    from bot.services.stats import player_stats

    casual = (await started(service)).game
    await service.actions.act(casual.id, BOB.user_id, None, "resign")
    stats = {s.user_id: s for s in await player_stats(db, ALICE.user_id)}
    assert stats[ALICE.user_id].rating is None and stats[ALICE.user_id].rated_games == 0

    rated = (
        await service.starts.challenge("bushi", ALICE, BOB, rated=True, challenger_seat=0)
    ).game
    await service.starts.accept(rated.id, BOB.user_id)
    result = await service.actions.act(rated.id, BOB.user_id, None, "resign")
    changes = result.game.rating_changes
    assert changes[0][0] == changes[1][0] == 1500
    assert changes[0][1] > 1500 > changes[1][1]  # the winner goes up, the loser down
    assert (await service.queries.get(rated.id)).version == result.game.version
    [alice] = await player_stats(db, ALICE.user_id)
    [bob] = await player_stats(db, BOB.user_id)
    assert alice.rated_games == bob.rated_games == 1
    assert alice.rating is not None and bob.rating is not None and alice.rating > bob.rating
    assert (alice.played, alice.won) == (2, 2)

    drawn = (
        await service.starts.challenge("bushi", ALICE, BOB, rated=True, challenger_seat=0)
    ).game
    await service.starts.accept(drawn.id, BOB.user_id)
    v = (await service.actions.act(drawn.id, ALICE.user_id, None, "draw-offer")).game.version
    after = (await service.actions.act(drawn.id, BOB.user_id, v, "draw-accept")).game.rating_changes
    assert after[1][1] > after[1][0]  # a draw against a stronger player gains
