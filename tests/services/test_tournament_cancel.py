"""Cancelling a tournament: who may, in sign-up and during play, games in progress aborted
with no result and no rating change, a race with the scheduler, and the tick finishing the
aborts a stopped process left undone."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import update

from bot.db import Database, TournamentRow
from bot.services.errors import ServiceError
from bot.services.stats import player_stats
from bot.services.tournament_snapshots import Cancelled, GameEnded, RoundStarted
from tests.conftest import FakeClock
from tests.services.tournament_helpers import (
    GUILD,
    PLAYERS,
    Services,
    active_games,
    create,
    end_game,
    enter,
    pairing_counts,
    second_database,
    services,
)

ORGANISER = PLAYERS[0].user_id


@pytest.fixture
def s(db: Database, clock: FakeClock) -> Services:
    return services(db, clock)


async def test_the_organiser_cancels_during_sign_up(s: Services, clock: FakeClock) -> None:
    t = await create(s)
    await enter(s, t.id, 3)
    with pytest.raises(ServiceError, match="organiser"):
        await s.tournaments.actions.cancel(t.id, GUILD, PLAYERS[2].user_id, manages_server=False)
    assert (await s.tournaments.queries.show(t.id)).tournament.status == "signup"

    [notice] = await s.tournaments.actions.cancel(t.id, GUILD, ORGANISER, manages_server=False)
    assert isinstance(notice, Cancelled) and notice.by == ORGANISER
    assert notice.tournament.status == "cancelled" and not notice.tournament.played
    with pytest.raises(ServiceError, match="cancelled"):
        await s.tournaments.actions.join(t.id, GUILD, PLAYERS[5])
    with pytest.raises(ServiceError, match="cancelled"):
        await s.tournaments.actions.cancel(t.id, GUILD, ORGANISER, manages_server=False)
    # The sign-up deadline passing starts nothing.
    clock.advance(hours=25)
    assert await s.tournaments.scheduler.tick() == []
    standing = await s.tournaments.queries.show(t.id)
    assert standing.tournament.status == "cancelled" and standing.rows == ()
    assert len(standing.entrants) == 3


async def test_a_server_manager_cancels_during_play_without_rating_changes(
    s: Services, db: Database
) -> None:
    t = await create(s, format="round_robin", rated=True)
    players = await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, GUILD, ORGANISER, manages_server=False)
    first, second = await active_games(s.games, t.id)
    await end_game(s.games, first, "1-0")  # one game of round 1 ends normally
    rated_before = {
        p.user_id: [
            (x.rated_games, x.rating) for x in await player_stats(db, p.user_id, guild_id=GUILD)
        ]
        for p in players
    }

    notices = await s.tournaments.actions.cancel(
        t.id, GUILD, PLAYERS[3].user_id, manages_server=True
    )
    cancelled, ended = notices
    assert isinstance(cancelled, Cancelled) and cancelled.tournament.played
    assert isinstance(ended, GameEnded) and ended.result.game.id == second
    game = await s.games.queries.get(second)
    assert game.status == "aborted" and game.outcome is None
    assert await active_games(s.games, t.id) == []
    rated_after = {
        p.user_id: [
            (x.rated_games, x.rating) for x in await player_stats(db, p.user_id, guild_id=GUILD)
        ]
        for p in players
    }
    assert rated_after == rated_before  # the aborted game moved nobody's rating

    # Nothing more happens: no round 2, no withdrawals, no second cancel.
    assert await s.tournaments.scheduler.tick() == []
    assert await s.tournaments.scheduler.advance(t.id) == []
    assert await pairing_counts(db, t.id) == {1: 2}
    with pytest.raises(ServiceError, match="cancelled"):
        await s.tournaments.actions.withdraw(t.id, GUILD, players[1].user_id)
    # The table keeps what was played before the cancellation.
    standing = await s.tournaments.queries.show(t.id)
    assert standing.tournament.status == "cancelled"
    # The decided game counts; the aborted one is nobody's loss.
    assert sorted((r.wins, r.losses, r.games_played) for r in standing.rows) == [
        (0, 0, 0),
        (0, 0, 0),
        (0, 1, 1),
        (1, 0, 1),
    ]


async def test_a_cancel_racing_the_scheduler_leaves_no_game_running(
    db: Database, clock: FakeClock
) -> None:
    first = services(db, clock, seed=3)
    other_db = await second_database(db)
    try:
        second = services(other_db, clock, seed=4)
        t = await create(first, format="swiss", rounds=3)
        await enter(first, t.id, 6)
        await first.tournaments.actions.start(t.id, GUILD, ORGANISER, manages_server=False)
        for game_id in await active_games(first.games, t.id):
            await end_game(first.games, game_id, "1-0")
        # Round 1 is over: the tick would pair round 2 while the organiser cancels.
        cancel, tick = await asyncio.gather(
            first.tournaments.actions.cancel(t.id, GUILD, ORGANISER, manages_server=False),
            second.tournaments.scheduler.tick(),
        )
        assert isinstance(cancel[0], Cancelled)
        paired = [n for n in tick if isinstance(n, RoundStarted)]
        counts = await pairing_counts(db, t.id)
        assert counts == ({1: 3, 2: 3} if paired else {1: 3})
        assert await active_games(first.games, t.id) == []
        assert (await first.tournaments.queries.show(t.id)).tournament.status == "cancelled"
        assert (
            await first.tournaments.scheduler.tick() == []
            and await second.tournaments.scheduler.tick() == []
        )
    finally:
        await other_db.dispose()


async def test_the_tick_aborts_games_left_running_by_a_stopped_process(
    s: Services, db: Database
) -> None:
    t = await create(s)
    await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, GUILD, ORGANISER, manages_server=False)
    games = await active_games(s.games, t.id)
    # The cancel committed, then the process stopped before aborting anything.
    async with db.transaction() as session:
        await session.execute(
            update(TournamentRow).where(TournamentRow.id == t.id).values(status="cancelled")
        )
    notices = await s.tournaments.scheduler.tick()
    assert sorted(n.result.game.id for n in notices if isinstance(n, GameEnded)) == games
    assert await active_games(s.games, t.id) == []
    assert await s.tournaments.scheduler.tick() == []
