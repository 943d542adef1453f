"""The tournament service on a real database, with an injected clock: sign-up, starting,
round robins and Swiss events played to the end, withdrawals, and the scheduler's claims —
two schedulers racing and a restart never pair a round twice or skip one."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.db import Database, GameRow
from bot.services.errors import ServiceError
from bot.services.guilds import GuildService
from bot.services.stats import player_stats
from bot.services.tournament_snapshots import Cancelled, Finished, RoundStarted
from tests.conftest import FakeClock
from tests.services.tournament_helpers import (
    GUILD,
    HOUR,
    PLAYERS,
    Services,
    active_games,
    create,
    decide,
    end_game,
    enter,
    game_count,
    pairing_counts,
    second_database,
    services,
)


@pytest.fixture
def s(db: Database, clock: FakeClock) -> Services:
    return services(db, clock)


async def play_round(s: Services, tournament_id: int) -> None:
    """End every game in progress with the deterministic result ``decide`` gives."""
    for game_id in await active_games(s.games, tournament_id):
        game = await s.games.queries.get(game_id)
        await end_game(s.games, game_id, decide(game.player(0).user_id, game.player(1).user_id))


# --- sign-up -------------------------------------------------------------------------------


async def test_who_may_create_is_the_servers_choice(s: Services, db: Database) -> None:
    with pytest.raises(ServiceError, match="Manage Server"):
        await s.tournaments.actions.create(
            guild_id=GUILD,
            channel_id=1,
            organiser=PLAYERS[1],
            manages_server=False,
            name="x",
            game_type="bushi",
            settings={},
            format="swiss",
            rounds=3,
            move_seconds=None,
            rated=False,
            signup_seconds=HOUR,
            max_players=None,
            play_seconds=HOUR,
            locale="en",
        )
    await s.tournaments.actions.servers.update(GUILD, tournaments_by_everyone=True)
    assert (await GuildService(db).get(GUILD)).tournaments_by_everyone
    made = await create(s, format="swiss")
    assert made.status == "signup" and made.format == "swiss"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "knockout"}, "round robin"),
        ({"rounds": 0}, "from 1 to 30"),
        ({"max_players": 1}, "from 2 to 256"),
    ],
)
async def test_bad_settings_are_refused_with_a_reason(
    s: Services, change: dict[str, object], message: str
) -> None:
    with pytest.raises(ServiceError, match=message):
        await create(s, **change)  # type: ignore[arg-type]
    assert await s.tournaments.queries.in_server(GUILD) == []


async def test_join_leave_and_the_player_limit(s: Services) -> None:
    t = await create(s, max_players=3)
    await enter(s, t.id, 3)
    with pytest.raises(ServiceError, match="already joined"):
        await s.tournaments.actions.join(t.id, GUILD, PLAYERS[0])
    with pytest.raises(ServiceError, match=r"full \(3 players\)"):
        await s.tournaments.actions.join(t.id, GUILD, PLAYERS[3])
    left = await s.tournaments.actions.leave(t.id, GUILD, PLAYERS[1].user_id)
    assert left.entrant_count == 2
    with pytest.raises(ServiceError, match="not in this tournament"):
        await s.tournaments.actions.leave(t.id, GUILD, PLAYERS[1].user_id)
    assert (await s.tournaments.actions.leave(t.id, GUILD, PLAYERS[0].user_id)).entrant_count == 1
    joined = await s.tournaments.actions.join(t.id, GUILD, PLAYERS[3])
    assert joined.entrant_count == 2
    with pytest.raises(ServiceError, match="no tournament with that number"):
        await s.tournaments.actions.join(t.id, GUILD + 1, PLAYERS[4])


async def test_racing_joins_never_pass_the_limit(s: Services) -> None:
    t = await create(s, max_players=4)
    results = await asyncio.gather(
        *(s.tournaments.actions.join(t.id, GUILD, p) for p in PLAYERS[:8]), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, ServiceError)]
    assert len(refused) == 4 and all("full" in str(r.message("en")) for r in refused)
    standing = await s.tournaments.queries.show(t.id)
    assert len(standing.entrants) == 4 and standing.tournament.entrant_count == 4


async def test_only_the_organiser_starts_early_and_too_few_players_cancel(
    s: Services, clock: FakeClock
) -> None:
    t = await create(s)
    await enter(s, t.id, 1)
    with pytest.raises(ServiceError, match="organiser"):
        await s.tournaments.actions.start(t.id, GUILD, PLAYERS[5].user_id, manages_server=False)
    clock.advance(hours=25)
    with pytest.raises(ServiceError, match="closed"):
        await s.tournaments.actions.join(t.id, GUILD, PLAYERS[4])
    [cancelled] = await s.tournaments.scheduler.tick()
    assert isinstance(cancelled, Cancelled) and cancelled.tournament.status == "cancelled"
    assert await s.tournaments.scheduler.tick() == []
    with pytest.raises(ServiceError, match="has been cancelled"):
        await s.tournaments.actions.join(t.id, GUILD, PLAYERS[4])


# --- playing through -----------------------------------------------------------------------


async def test_a_round_robin_of_five_is_played_to_the_end(s: Services, db: Database) -> None:
    t = await create(s, format="round_robin", rated=True)
    await enter(s, t.id, 5)
    [started] = await s.tournaments.actions.start(
        t.id, GUILD, PLAYERS[0].user_id, manages_server=False
    )
    assert isinstance(started, RoundStarted) and started.round_no == 1
    assert started.tournament.rounds == 5  # five players: five rounds, one bye each
    assert len(started.games) == 2 and all(g.tournament_id == t.id for g in started.games)
    assert [p.black for p in started.pairings].count(None) == 1
    with pytest.raises(ServiceError, match="already started"):
        await s.tournaments.actions.join(t.id, GUILD, PLAYERS[6])
    finished = None
    for round_no in range(1, 6):
        await play_round(s, t.id)
        notices = await s.tournaments.scheduler.tick()
        if round_no < 5:
            [paired] = notices
            assert isinstance(paired, RoundStarted) and paired.round_no == round_no + 1
        else:
            [finished] = notices
    assert isinstance(finished, Finished)
    standing = finished.standing
    assert standing.tournament.status == "finished"
    # Everybody met everybody once, and colours are balanced (two Whites, two Blacks).
    games = [await s.games.queries.get(g) for g in range(1, await game_count(db, t.id) + 1)]
    pairs = Counter(frozenset(s.user_id for s in g.seats) for g in games)
    assert len(pairs) == 10 and set(pairs.values()) == {1}
    whites = Counter(g.player(0).user_id for g in games)
    assert set(whites.values()) == {2}
    # The lower id wins unless drawn: player1 leads; points add up to the games played.
    assert standing.rows[0].player == PLAYERS[0].user_id
    assert sum(r.points for r in standing.rows) == 10
    assert standing.tie_breaks[0] == "Sonneborn-Berger"
    # Rated tournament games move ratings like any rated game.
    [stat] = await player_stats(db, PLAYERS[0].user_id, guild_id=GUILD)
    assert stat.rated_games == 4 and (stat.rating or 0) > 1500
    assert await s.tournaments.scheduler.tick() == []


async def test_a_swiss_with_a_bye_pairs_no_one_twice(s: Services) -> None:
    t = await create(s, format="swiss", rounds=4)
    await enter(s, t.id, 7)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for _ in range(4):
        standing = await s.tournaments.queries.show(t.id)
        for pairing in standing.pairings:
            if pairing.black is None:
                byes.append(pairing.white)
                continue
            pair = frozenset((pairing.white, pairing.black))
            assert pair not in met
            met.add(pair)
        await play_round(s, t.id)
        await s.tournaments.scheduler.tick()
    assert len(byes) == 4 and len(set(byes)) == 4  # a different player sits out each round
    final = await s.tournaments.queries.show(t.id)
    assert final.tournament.status == "finished"
    assert final.tie_breaks[0] == "Buchholz"
    assert sum(r.points for r in final.rows) == 4 * 3 + 4  # three games and a bye a round


async def test_withdrawal_resigns_the_game_and_forfeits_the_rest(s: Services) -> None:
    t = await create(s, format="round_robin")
    await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    quitter = PLAYERS[2].user_id
    withdrawal = await s.tournaments.actions.withdraw(t.id, GUILD, quitter)
    assert withdrawal.tournament.current_round == 1
    with pytest.raises(ServiceError, match="already withdrawn"):
        await s.tournaments.actions.withdraw(t.id, GUILD, quitter)
    standing = await s.tournaments.queries.show(t.id)
    mine = next(p for p in standing.pairings if quitter in (p.white, p.black))
    assert mine.result in ("1-0", "0-1")  # resigned, and recorded
    await play_round(s, t.id)
    for _ in range(2):
        await s.tournaments.scheduler.tick()
        standing = await s.tournaments.queries.show(t.id)
        theirs = next(p for p in standing.pairings if quitter in (p.white, p.black))
        assert theirs.game_id is None and theirs.result in ("+/-", "-/+")
        await play_round(s, t.id)
    await s.tournaments.scheduler.tick()
    final = await s.tournaments.queries.show(t.id)
    assert final.tournament.status == "finished"
    row = next(r for r in final.rows if r.player == quitter)
    assert (row.points, row.losses, row.games_played) == (0, 3, 1)
    assert final.entrant(quitter) is not None and final.entrant(quitter).withdrawn  # type: ignore[union-attr]


# --- the scheduler's claims ----------------------------------------------------------------


async def test_two_schedulers_racing_pair_each_round_exactly_once(
    db: Database, clock: FakeClock
) -> None:
    first = services(db, clock, seed=3)
    other_db = await second_database(db)
    try:
        second = services(other_db, clock, seed=4)
        t = await create(first, format="swiss", rounds=3)
        await enter(first, t.id, 6)
        clock.advance(hours=24)
        a, b = await asyncio.gather(
            first.tournaments.scheduler.tick(), second.tournaments.scheduler.tick()
        )
        assert len([n for n in a + b if isinstance(n, RoundStarted)]) == 1
        for round_no in (2, 3):
            await play_round(first, t.id)
            a, b = await asyncio.gather(
                first.tournaments.scheduler.tick(), second.tournaments.scheduler.tick()
            )
            started = [n for n in a + b if isinstance(n, RoundStarted)]
            assert [n.round_no for n in started] == [round_no]
        await play_round(first, t.id)
        a, b = await asyncio.gather(
            first.tournaments.scheduler.tick(), second.tournaments.scheduler.tick()
        )
        assert len([n for n in a + b if isinstance(n, Finished)]) == 1
        assert await pairing_counts(db, t.id) == {1: 3, 2: 3, 3: 3}
        assert await game_count(db, t.id) == 9
    finally:
        await other_db.dispose()


async def test_a_restart_between_rounds_neither_repeats_nor_skips(
    db: Database, clock: FakeClock
) -> None:
    before = services(db, clock, seed=5)
    t = await create(before, format="double_round_robin")
    await enter(before, t.id, 3)
    await before.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    await play_round(before, t.id)
    # The bot stops after the round's last game ended, before any tick paired the next one.
    after = services(db, clock, seed=6)
    for round_no in range(2, 7):
        [paired] = await after.tournaments.scheduler.tick()
        assert isinstance(paired, RoundStarted) and paired.round_no == round_no
        assert await after.tournaments.scheduler.tick() == []
        await play_round(after, t.id)
        after = services(db, clock, seed=6 + round_no)  # and restarts again
    [finished] = await after.tournaments.scheduler.tick()
    assert isinstance(finished, Finished)
    assert await pairing_counts(db, t.id) == dict.fromkeys(range(1, 7), 2)
    # A double round robin of three: each pair twice, once with each colour.
    games = [await after.games.queries.get(g) for g in range(1, 7)]
    colours = Counter((g.player(0).user_id, g.player(1).user_id) for g in games)
    assert len(colours) == 6 and set(colours.values()) == {1}


async def test_a_game_ending_advances_its_tournament_at_once(s: Services) -> None:
    t = await create(s, format="swiss", rounds=2)
    await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    first, last = await active_games(s.games, t.id)
    await end_game(s.games, first, "1-0")
    assert await s.tournaments.scheduler.advance(t.id) == []  # the round is not over yet
    await end_game(s.games, last, "0-1")
    # What a front end calls when a game of a tournament ends (no tick needed).
    [paired] = await s.tournaments.scheduler.advance(t.id)
    assert isinstance(paired, RoundStarted) and paired.round_no == 2
    assert len(await active_games(s.games, t.id)) == 2


async def test_every_refusal_leaves_everything_as_it_was(s: Services) -> None:
    t = await create(s, format="round_robin")
    await enter(s, t.id, 2)
    before = await s.tournaments.queries.show(t.id)
    for attempt in (
        s.tournaments.actions.withdraw(t.id, GUILD, PLAYERS[0].user_id),
        s.tournaments.actions.play(t.id, GUILD, PLAYERS[0]),
        s.tournaments.actions.start(t.id, GUILD, PLAYERS[1].user_id, manages_server=False),
        s.tournaments.actions.leave(t.id, GUILD, PLAYERS[5].user_id),
    ):
        with pytest.raises(ServiceError):
            await attempt
    assert await s.tournaments.queries.show(t.id) == before


def test_helpers_decide_every_pair_one_way() -> None:
    ids = [p.user_id for p in PLAYERS[:4]]
    assert all(decide(a, b) in ("1-0", "0-1", "½-½") for a, b in itertools.permutations(ids, 2))


async def test_a_round_whose_boards_were_never_posted_is_announced_again(
    s: Services, db: Database, clock: FakeClock
) -> None:
    """The process stopped after pairing a round and before posting its boards."""
    t = await create(s, format="round_robin")
    await enter(s, t.id, 4)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=True)
    clock.advance(seconds=30)
    assert await s.tournaments.scheduler.tick() == []  # the first process may still be posting them
    first, second = await active_games(s.games, t.id)
    await s.games.messages.attach_message(first, 1, 2)  # that one was posted
    clock.advance(minutes=5)
    a, b = await asyncio.gather(s.tournaments.scheduler.tick(), s.tournaments.scheduler.tick())
    [again] = a + b
    assert isinstance(again, RoundStarted) and again.round_no == 1
    assert [g.id for g in again.games] == [second]
    assert [p.game_id for p in again.pairings] == [second]
    # The claim is its own column: the board's message stays unknown until it is posted.
    async with db.read() as session:
        claims = dict(
            (
                await session.execute(
                    select(GameRow.id, GameRow.board_claimed_at).where(
                        GameRow.id.in_((first, second))
                    )
                )
            ).all()
        )
        unposted = await session.scalar(select(GameRow.message_id).where(GameRow.id == second))
    assert claims == {first: None, second: clock()} and unposted is None
    assert await s.tournaments.scheduler.tick() == []


@pytest.mark.parametrize("seconds", [0, -60])
async def test_a_sign_up_of_no_time_is_closed_at_once_never_in_the_past(
    s: Services, clock: FakeClock, seconds: int
) -> None:
    made = await create(s, signup_seconds=seconds)
    assert made.signup_until == clock.now
    with pytest.raises(ServiceError, match="Sign-up for this tournament has closed"):
        await s.tournaments.actions.join(made.id, GUILD, PLAYERS[1])


async def test_a_one_second_sign_up_takes_entrants_for_that_second(
    s: Services, clock: FakeClock
) -> None:
    made = await create(s, signup_seconds=1)
    joined = await s.tournaments.actions.join(made.id, GUILD, PLAYERS[1])
    assert joined.signup_until == clock.now + timedelta(seconds=1)
    clock.advance(seconds=1)
    with pytest.raises(ServiceError, match="has closed"):
        await s.tournaments.actions.join(made.id, GUILD, PLAYERS[2])


async def test_no_hint_during_a_tournament_game_only_after_it(s: Services) -> None:
    """Casual tournament games get no hint while they run (the tournament is the stake); the
    same game, finished, may be studied."""
    t = await create(s, format="round_robin", rated=False)
    await enter(s, t.id, 2)
    await s.tournaments.actions.start(t.id, GUILD, PLAYERS[0].user_id, manages_server=False)
    [game_id] = await active_games(s.games, t.id)
    with pytest.raises(ServiceError) as refused:
        await s.games.queries.hint(game_id, "en")
    assert "tournament" in refused.value.message("en")
    await end_game(s.games, game_id, "1-0")
    assert await s.games.queries.hint(game_id, "en")
