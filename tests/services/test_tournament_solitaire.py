"""Solitaire events: every entrant plays the same deals from the tournament's sealed seed, at
their own pace, each deal dealt only when its player starts it; the table ranks by deals won,
then by the game's tally (fewer is better)."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.services.errors import ServiceError
from bot.services.snapshots import GameSnapshot
from bot.services.tournament_snapshots import DealsOpened, Finished, GameEnded
from rules.core import Resign
from rules.core.fairness import deal_seed, verify_commitment
from tests.conftest import FakeClock
from tests.services.tournament_helpers import GUILD, PLAYERS, Services, create, enter, services


@pytest.fixture
def s(db: Database, clock: FakeClock) -> Services:
    return services(db, clock)


async def play_out(s: Services, game: GameSnapshot) -> GameSnapshot:
    """Play the first legal move until the deal is over."""
    user = game.player(0).user_id
    while game.status == "active":
        [seat] = game.rules.to_act(game.state)
        action = game.rules.legal_actions(game.state, seat)[0]
        game = (
            await s.games.actions.act(game.id, user, game.version, game.rules.format(action))
        ).game
    return game


async def test_everyone_plays_the_same_sealed_deals(s: Services, clock: FakeClock) -> None:
    t = await create(s, "yosukou", format="swiss", rounds=2, settings={"variant": "simplified"})
    assert t.solitaire and t.format == "solitaire" and not t.rated  # the format follows the game
    await enter(s, t.id, 3)
    with pytest.raises(ServiceError, match="not started"):
        await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])
    clock.advance(hours=24)
    [opened] = await s.tournaments.scheduler.tick()
    assert isinstance(opened, DealsOpened) and len(opened.entrants) == 3
    assert opened.tournament.revealed is None  # the seed stays secret while it runs

    deal = await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])
    first = deal.result
    assert deal.new and deal.deal_no == 1
    assert first.game.salt is None  # sealed by the tournament, not game by game
    again = await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])
    assert not again.new and again.result.game.id == first.game.id  # one deal at a time
    done = await play_out(s, first.game)
    # Another entrant cannot look at the finished deal before playing it.
    with pytest.raises(ServiceError, match="private until the tournament is over"):
        await s.games.queries.public_log(done.id)
    with pytest.raises(ServiceError, match="private until the tournament is over"):
        await s.games.queries.state_at(done.id, 0, PLAYERS[1].user_id)
    # Nor find it in her history; she herself sees all of hers.
    mine, theirs = PLAYERS[0].user_id, PLAYERS[1].user_id
    assert await s.games.queries.finished_games(mine, viewer=theirs) == []
    assert [g.id for g in await s.games.queries.finished_games(mine, viewer=mine)] == [done.id]
    assert len(await s.games.queries.public_log(done.id, mine)) > 0
    with pytest.raises(ServiceError):  # nor get a Verify record with its seed and moves
        await s.games.queries.verification(done.id, theirs)

    second = (await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])).result
    others = [(await s.tournaments.actions.play(t.id, GUILD, p)).result.game for p in PLAYERS[1:3]]
    # Deal 1 is the same for everyone, and deal 2 differs from it.
    assert {g.seed for g in others} == {done.seed} != {second.game.seed}
    assert others[0].state.board == done.state.board
    await s.games.actions.act(second.game.id, PLAYERS[0].user_id, None, Resign.code)
    with pytest.raises(ServiceError, match="all 2 deals"):
        await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])
    for game in others:
        await play_out(s, game)
    assert await s.tournaments.scheduler.tick() == []  # two entrants still have a deal to play

    standing = await s.tournaments.queries.show(t.id)
    assert [r.deals for r in standing.solitaire_rows if r.player == PLAYERS[0].user_id] == [2]

    # Player 3 plays deal 2 out; player 2 never does: at the close the event finishes.
    last = (await s.tournaments.actions.play(t.id, GUILD, PLAYERS[2])).result
    await play_out(s, last.game)
    unfinished = (await s.tournaments.actions.play(t.id, GUILD, PLAYERS[1])).result
    clock.advance(days=7)
    with pytest.raises(ServiceError, match="playing time is over"):
        await s.tournaments.actions.play(t.id, GUILD, PLAYERS[1])
    finished, aborted = await s.tournaments.scheduler.tick()
    assert isinstance(finished, Finished) and isinstance(aborted, GameEnded)
    assert aborted.result.game.id == unfinished.game.id  # its board is redrawn as called off
    final = finished.standing
    assert (await s.games.queries.get(unfinished.game.id)).status == "aborted"
    rows = {r.player: r for r in final.solitaire_rows}
    assert rows[PLAYERS[1].user_id].deals == 1 and rows[PLAYERS[0].user_id].deals == 2
    merit = [(-r.wins, r.draws_in_wins, r.draws) for r in final.solitaire_rows]
    assert merit == sorted(merit)
    # The seal opens at the end: it matches, and it gives every deal's seed.
    revealed = final.tournament.revealed
    assert revealed is not None
    seed, salt = revealed
    assert verify_commitment(final.tournament.commitment, seed, bytes.fromhex(salt))
    assert deal_seed(seed, 1) == done.seed and deal_seed(seed, 2) == second.game.seed
    assert len(await s.games.queries.public_log(done.id)) > 0  # and deals may now be replayed
    listed = await s.games.queries.finished_games(PLAYERS[0].user_id, viewer=PLAYERS[1].user_id)
    assert done.id in [g.id for g in listed]


async def test_the_table_ranks_wins_then_fewer_cards(s: Services, clock: FakeClock) -> None:
    t = await create(s, "yosukou", rounds=1)
    await enter(s, t.id, 2)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    results = []
    for player in PLAYERS[:2]:
        game = (await s.tournaments.actions.play(t.id, GUILD, player)).result.game
        results.append(await play_out(s, game))
    # Both played the same deal the same way: the same result, the same rank.
    assert results[0].outcome == results[1].outcome
    [
        finished
    ] = await s.tournaments.scheduler.tick()  # everyone is done: no need to wait for the close
    assert isinstance(finished, Finished)
    rows = finished.standing.solitaire_rows
    assert [r.rank for r in rows] == [1, 1]
    assert rows[0].draws == results[0].state.draws  # the tally: cards drawn


async def test_a_quick_resignation_loses_to_a_win_but_beats_a_long_loss(
    s: Services, clock: FakeClock
) -> None:
    """Deals won first; among equal wins, fewer cards drawn."""
    t = await create(s, "yosukou", rounds=1)
    await enter(s, t.id, 3)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    resigner = (await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])).result.game
    await s.games.actions.act(resigner.id, PLAYERS[0].user_id, None, Resign.code)
    played = [
        await play_out(s, (await s.tournaments.actions.play(t.id, GUILD, p)).result.game)
        for p in PLAYERS[1:3]
    ]
    [finished] = await s.tournaments.scheduler.tick()
    assert isinstance(finished, Finished)
    order = [r.player for r in finished.standing.solitaire_rows]
    if played[0].outcome is not None and played[0].outcome.winner == 0:
        assert order[2] == PLAYERS[0].user_id  # two wins, then the resignation
    else:
        assert order[0] == PLAYERS[0].user_id  # no wins: nothing drawn beats a long loss


async def test_cancelling_a_solitaire_event_calls_off_the_deals_being_played(
    s: Services,
) -> None:
    t = await create(s, "yosukou", rounds=3, settings={"variant": "simplified"})
    await enter(s, t.id, 2)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=False)
    done = await play_out(
        s, (await s.tournaments.actions.play(t.id, GUILD, PLAYERS[0])).result.game
    )
    playing = (await s.tournaments.actions.play(t.id, GUILD, PLAYERS[1])).result.game
    notices = await s.tournaments.actions.cancel(
        t.id, GUILD, PLAYERS[0].user_id, manages_server=False
    )
    assert [type(n).__name__ for n in notices] == ["Cancelled", "GameEnded"]
    assert (await s.games.queries.get(playing.id)).status == "aborted"
    assert (await s.games.queries.get(done.id)).status == "finished"  # a deal already played stands
    with pytest.raises(ServiceError, match="cancelled"):
        await s.tournaments.actions.play(t.id, GUILD, PLAYERS[1])
    standing = await s.tournaments.queries.show(t.id)
    assert standing.tournament.status == "cancelled" and standing.tournament.revealed is not None
    deals = {r.player: r.deals for r in standing.solitaire_rows}
    assert deals == {PLAYERS[0].user_id: 1, PLAYERS[1].user_id: 0}


async def test_play_again_shows_the_deal_in_progress_not_a_finished_one(
    s: Services, clock: FakeClock
) -> None:
    t = await create(s, "yosukou", rounds=3, settings={"variant": "simplified"})
    await enter(s, t.id, 2)
    clock.advance(hours=24)
    await s.tournaments.scheduler.tick()
    play = s.tournaments.actions.play
    # Both entrants play deal 1 and start deal 2, so game ids and deal numbers differ.
    for player in PLAYERS[:2]:
        first = await play(t.id, GUILD, player)
        await s.games.actions.act(first.result.game.id, player.user_id, None, Resign.code)
    for player in PLAYERS[:2]:
        second = await play(t.id, GUILD, player)
        assert second.new and second.deal_no == 2
    again = await play(t.id, GUILD, PLAYERS[1])
    assert not again.new and again.deal_no == 2
    assert again.result.game.id == second.result.game.id != 2
    assert again.result.game.status == "active"


async def test_two_solitaire_events_keep_their_deals_apart(s: Services, clock: FakeClock) -> None:
    """A player in two events at once: each event's /tournament play deals and counts that
    event's deals only (the first event's finished deal neither shows nor counts in the
    second)."""
    first = await create(s, "yosukou", rounds=1, settings={"variant": "simplified"})
    second = await create(s, "yosukou", rounds=1, settings={"variant": "simplified"})
    for t in (first, second):
        await enter(s, t.id, 2)
    clock.advance(hours=24)
    await s.tournaments.scheduler.tick()
    dealt = await s.tournaments.actions.play(first.id, GUILD, PLAYERS[0])
    await s.games.actions.act(dealt.result.game.id, PLAYERS[0].user_id, None, Resign.code)
    other = await s.tournaments.actions.play(second.id, GUILD, PLAYERS[0])
    assert other.new and other.deal_no == 1
    assert other.result.game.tournament_id == second.id
    with pytest.raises(ServiceError, match="played"):
        await s.tournaments.actions.play(first.id, GUILD, PLAYERS[0])
