"""Two tournaments running at once in one server, with a player in both: the tick, the
rounds, a cancellation and the server's list keep them apart."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.db import Database, TournamentEntrantRow
from bot.services.tournament_snapshots import Cancelled, GameEnded, RoundStarted
from tests.conftest import FakeClock
from tests.services.tournament_helpers import (
    GUILD,
    PLAYERS,
    Services,
    active_games,
    create,
    decide,
    end_game,
    enter,
    pairing_counts,
    services,
)


@pytest.fixture
def s(db: Database, clock: FakeClock) -> Services:
    return services(db, clock)


async def two_running(s: Services, clock: FakeClock) -> tuple[int, int]:
    """A round robin of four and a Swiss event of four, player1 and player2 in both."""
    first = await create(s, format="round_robin")
    second = await create(s, format="swiss", rounds=2)
    await enter(s, first.id, 4)
    for player in (PLAYERS[0], PLAYERS[1], PLAYERS[5], PLAYERS[6]):
        await s.tournaments.actions.join(second.id, GUILD, player)
    clock.advance(hours=25)
    started = await s.tournaments.scheduler.tick()
    rounds = {n.tournament.id: n for n in started if isinstance(n, RoundStarted)}
    assert set(rounds) == {first.id, second.id}
    for t in (first.id, second.id):
        games = {g.id for g in rounds[t].games}
        assert games == set(await active_games(s.games, t)) and len(games) == 2
    return first.id, second.id


async def finish_round(s: Services, tournament_id: int) -> None:
    for game_id in await active_games(s.games, tournament_id):
        game = await s.games.queries.get(game_id)
        await end_game(s.games, game_id, decide(game.player(0).user_id, game.player(1).user_id))


async def test_the_tick_advances_only_the_tournament_whose_round_is_done(
    s: Services, clock: FakeClock
) -> None:
    first, second = await two_running(s, clock)
    waiting = set(await active_games(s.games, second))
    await finish_round(s, first)
    notices = await s.tournaments.scheduler.tick()
    assert [(type(n), n.tournament.id) for n in notices] == [(RoundStarted, first)]
    assert await pairing_counts(s.games.db, first) == {1: 2, 2: 2}
    assert await pairing_counts(s.games.db, second) == {1: 2}
    assert set(await active_games(s.games, second)) == waiting
    shown = await s.tournaments.queries.show(second)
    assert (
        shown.tournament.current_round == 1 and shown.rows and not any(r.points for r in shown.rows)
    )


async def test_cancelling_one_leaves_the_other_and_its_games_running(
    s: Services, clock: FakeClock
) -> None:
    first, second = await two_running(s, clock)
    playing = set(await active_games(s.games, first))
    notices = await s.tournaments.actions.cancel(
        second, GUILD, PLAYERS[0].user_id, manages_server=True
    )
    assert isinstance(notices[0], Cancelled) and notices[0].tournament.id == second
    aborted = {n.result.game.id for n in notices if isinstance(n, GameEnded)}
    assert len(aborted) == 2 and not aborted & playing
    assert set(await active_games(s.games, first)) == playing
    assert await s.tournaments.scheduler.tick() == []  # no leftovers of the other to abort
    assert set(await active_games(s.games, first)) == playing
    listed = {t.id: t.status for t in await s.tournaments.queries.in_server(GUILD)}
    assert listed == {first: "running", second: "cancelled"}


async def test_withdrawing_from_one_keeps_the_player_s_game_in_the_other(
    s: Services, clock: FakeClock
) -> None:
    first, second = await two_running(s, clock)

    async def game_of(tournament_id: int, user_id: int) -> int:
        for game_id in await active_games(s.games, tournament_id):
            game = await s.games.queries.get(game_id)
            if user_id in (game.player(0).user_id, game.player(1).user_id):
                return game_id
        raise AssertionError("no game in progress")

    # player1 and player2 are entrants of both: each leaves one and plays on in the other.
    for leaves, stays, user in ((second, first, PLAYERS[0]), (first, second, PLAYERS[1])):
        staying = await game_of(stays, user.user_id)
        withdrawal = await s.tournaments.actions.withdraw(leaves, GUILD, user.user_id)
        assert withdrawal.tournament.id == leaves
        await s.tournaments.scheduler.tick()
        assert (await s.games.queries.get(staying)).status == "active"


async def test_starting_one_leaves_the_others_seeding_alone(s: Services, db: Database) -> None:
    """A tournament started while another runs seeds its own entrants only: the running one's
    seeds (its Swiss pairings and tie-breaks) stay as they were fixed."""
    first = await create(s, format="round_robin")
    second = await create(s, format="swiss", rounds=2)
    for player in (PLAYERS[0], PLAYERS[1], PLAYERS[5], PLAYERS[6]):
        await s.tournaments.actions.join(second.id, GUILD, player)
    await enter(s, first.id, 4)
    await s.tournaments.actions.start(second.id, GUILD, PLAYERS[0].user_id, manages_server=True)

    async def seeds(tournament_id: int) -> dict[int, int | None]:
        async with db.read() as session:
            rows = await session.scalars(
                select(TournamentEntrantRow).where(
                    TournamentEntrantRow.tournament_id == tournament_id
                )
            )
            return {r.user_id: r.seed for r in rows}

    before = await seeds(second.id)
    assert sorted(v for v in before.values() if v is not None) == [1, 2, 3, 4]
    await s.tournaments.actions.start(first.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    assert await seeds(second.id) == before
    assert sorted(v for v in (await seeds(first.id)).values() if v is not None) == [1, 2, 3, 4]
