"""Standings, profiles and preferences on a real database."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.services.standings import StandingsService
from rules.core import Rng
from tests.conftest import FakeClock

GUILD = 77


async def rated_win(service: GameService, winner: Player, loser: Player) -> None:
    challenge = await service.starts.challenge(
        "bushi", winner, loser, rated=True, challenger_seat=0, guild_id=GUILD
    )
    await service.starts.accept(challenge.game.id, loser.user_id)
    await service.actions.act(challenge.game.id, loser.user_id, None, "resign")


async def test_standings_rank_by_rating_page_and_hide(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(4))
    standings = StandingsService(db, clock)
    players = [Player(1000 + n, f"p{n}") for n in range(12)]
    # p0 beats everyone; p1 beats everyone but p0; …: a strict order.
    for i, winner in enumerate(players):
        for loser in players[i + 1 : i + 3]:
            await rated_win(service, winner, loser)
    first = await standings.standings(GUILD, "bushi", 0, per_page=5)
    assert first.pages == 3 and [rank for rank, _ in first.rows] == [1, 2, 3, 4, 5]
    ratings = [s.rating for _, s in first.rows]
    assert ratings == sorted(ratings, reverse=True)
    assert first.rows[0][1].user_id == players[0].user_id
    last = await standings.standings(GUILD, "bushi", 99, per_page=5)
    assert last.page == 2 and len(last.rows) == 2

    await standings.set_prefs(players[0].user_id, hide_stats=True)
    hidden = await standings.standings(GUILD, "bushi", 0, per_page=5)
    assert players[0].user_id not in {s.user_id for _, s in hidden.rows}
    assert await standings.profile(players[0].user_id, GUILD, viewer_id=players[1].user_id) is None
    own = await standings.profile(players[0].user_id, GUILD, viewer_id=players[0].user_id)
    assert own is not None and own[0].won == 2
    assert await standings.standings(1, "bushi") == type(first)("bushi", 0, 1, ())  # other server


async def test_solitaire_standings_and_preferences(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(5))
    standings = StandingsService(db, clock)
    alice = Player(1, "alice")
    for _ in range(2):
        result = await service.starts.start_solitaire(
            "yosukou",
            alice,
            settings={"variant": "simplified", "rule_terminals": 1},
            guild_id=GUILD,
        )
        await service.actions.act(result.game.id, alice.user_id, None, "resign")
    page = await standings.standings(GUILD, "yosukou:simplified")
    [(rank, stat)] = page.rows
    assert rank == 1 and stat.played == 2 and stat.won == 0
    assert (await standings.prefs(alice.user_id)).notify == "channel"
    assert (await standings.set_prefs(alice.user_id, notify="dm")).notify == "dm"
    assert (await standings.prefs_for([alice.user_id, 2]))[2].notify == "channel"
    with pytest.raises(ServiceError):
        await standings.set_prefs(alice.user_id, notify="carrier-pigeon")


async def test_one_lucky_win_does_not_top_the_table(db: Database, clock: FakeClock) -> None:
    """Ranked by a conservative rating: a steady winner over many games stays above a player
    whose single win gave a higher mean, and new ratings are marked provisional."""
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(3))
    steady, lucky = Player(1, "steady"), Player(2, "lucky")
    others = [Player(10 + n, f"p{n}") for n in range(12)]
    for other in others:
        await rated_win(service, steady, other)
    await rated_win(service, lucky, others[0])
    page = await StandingsService(db, clock).standings(GUILD, "bushi")
    ranked = {stat.user_id: (rank, stat) for rank, stat in page.rows}
    assert ranked[1][0] < ranked[2][0]
    assert ranked[2][1].provisional and not ranked[1][1].provisional
    assert (ranked[2][1].rating or 0) > 1500
