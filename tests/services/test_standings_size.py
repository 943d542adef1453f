"""A server's table's size, kept by the database (migration 0023's triggers on ``player_stat``
and ``user_pref``): after every kind of change it equals the count /standings used to make —
result rows of players who do not hide their results, and of those the rated ones — and
/standings reads its page count from it."""

from __future__ import annotations

import importlib
from datetime import UTC, datetime
from itertools import pairwise

from sqlalchemy import delete, select, text, update

from bot.db import Database, PlayerStatRow, StandingsSizeRow, UserPrefRow
from bot.services.games import GameService
from bot.services.snapshots import Player
from bot.services.standings import StandingsService
from rules.core import Rng
from tests.conftest import FakeClock

GUILD = 77
NOW = datetime(2026, 1, 1, tzinfo=UTC)

#: What /standings counted before the size was kept: per (server, game key), the players not
#: hiding their results, and of those the ones with a rated game.
COUNTED = """
SELECT s.guild_id, s.game_key, count(*),
       sum(CASE WHEN s.rated_games > 0 THEN 1 ELSE 0 END)
FROM player_stat s
WHERE s.user_id NOT IN (SELECT user_id FROM user_pref WHERE hide_stats IS TRUE)
GROUP BY s.guild_id, s.game_key
"""


async def counted(db: Database) -> dict[tuple[int, str], tuple[int, int]]:
    async with db.read() as session:
        rows = (await session.execute(text(COUNTED))).all()
    return {(g, k): (int(n), int(r)) for g, k, n, r in rows}


async def kept(db: Database) -> dict[tuple[int, str], tuple[int, int]]:
    async with db.read() as session:
        rows = (await session.execute(select(StandingsSizeRow))).scalars().all()
    # A table whose players all left or hide keeps its row, at zero.
    return {
        (r.guild_id, r.game_key): (r.players, r.rated_players)
        for r in rows
        if (r.players, r.rated_players) != (0, 0)
    }


async def assert_kept(db: Database) -> dict[tuple[int, str], tuple[int, int]]:
    expected = await counted(db)
    assert await kept(db) == expected
    return expected


#: A result row's counts after one game won.
ONE_WIN = {"played": 1, "won": 1, "drawn": 0, "lost": 0, "current_streak": 1, "best_streak": 1}


def stat(user_id: int, game_key: str = "bushi", rated_games: int = 0) -> PlayerStatRow:
    return PlayerStatRow(
        guild_id=GUILD,
        user_id=user_id,
        game_key=game_key,
        **ONE_WIN,
        rating_mu=1500.0 if rated_games else None,
        rating_sigma=350.0 if rated_games else None,
        rated_games=rated_games,
        updated_at=NOW,
    )


async def test_games_finished_and_players_hiding_keep_the_size(
    db: Database, clock: FakeClock
) -> None:
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(4))
    standings = StandingsService(db, clock)
    players = [Player(1000 + n, f"p{n}") for n in range(6)]
    for n, (winner, loser) in enumerate(pairwise(players)):
        challenge = await service.starts.challenge(
            "bushi", winner, loser, rated=n % 2 == 0, challenger_seat=0, guild_id=GUILD
        )
        await service.starts.accept(challenge.game.id, loser.user_id)
        await service.actions.act(challenge.game.id, loser.user_id, None, "resign")
    solo = await service.starts.start_solitaire(
        "yosukou", players[0], settings={"variant": "simplified"}, guild_id=GUILD
    )
    await service.actions.act(solo.game.id, players[0].user_id, None, "resign")
    sizes = await assert_kept(db)
    # Rated games p0–p1, p2–p3, p4–p5: all six rated; the unrated ones added no one.
    assert sizes[(GUILD, "bushi")] == (6, 6)
    assert sizes[(GUILD, "yosukou:simplified")] == (1, 0)

    await standings.set_prefs(players[0].user_id, hide_stats=True)
    await standings.set_prefs(players[1].user_id, hide_stats=True)
    sizes = await assert_kept(db)
    assert sizes[(GUILD, "bushi")] == (4, 4)
    assert (GUILD, "yosukou:simplified") not in sizes
    await standings.set_prefs(players[1].user_id, hide_stats=False)
    await standings.set_prefs(players[1].user_id, notify="dm")  # not about hiding: no change
    assert (await assert_kept(db))[(GUILD, "bushi")] == (5, 5)
    page = await standings.standings(GUILD, "bushi", per_page=2)
    assert page.pages == 3 and len(page.rows) == 2


async def test_result_rows_and_preferences_changed_directly_keep_the_size(db: Database) -> None:
    async with db.transaction() as session:
        session.add_all([stat(1), stat(2, rated_games=1), stat(3, "yosukou:original")])
    assert (await assert_kept(db))[(GUILD, "bushi")] == (2, 1)
    async with db.transaction() as session:  # a first rated game
        await session.execute(
            update(PlayerStatRow).where(PlayerStatRow.user_id == 1).values(rated_games=1)
        )
    assert (await assert_kept(db))[(GUILD, "bushi")] == (2, 2)
    async with db.transaction() as session:  # more rated games: no change of size
        await session.execute(
            update(PlayerStatRow)
            .where(PlayerStatRow.game_key == "bushi")
            .values(rated_games=PlayerStatRow.played + 2)
        )
    await assert_kept(db)
    async with db.transaction() as session:  # hidden from the start, then forgotten
        session.add(UserPrefRow(user_id=2, notify="channel", hide_stats=True, updated_at=NOW))
    assert (await assert_kept(db))[(GUILD, "bushi")] == (1, 1)
    async with db.transaction() as session:
        session.add(stat(2, "yosukou:original"))  # a hidden player's new row
    assert (await assert_kept(db))[(GUILD, "yosukou:original")] == (1, 0)
    async with db.transaction() as session:
        await session.execute(delete(UserPrefRow).where(UserPrefRow.user_id == 2))
    assert (await assert_kept(db))[(GUILD, "yosukou:original")] == (2, 0)
    async with db.transaction() as session:  # a row moved to another server, one deleted
        await session.execute(
            update(PlayerStatRow).where(PlayerStatRow.user_id == 3).values(guild_id=GUILD + 1)
        )
        await session.execute(delete(PlayerStatRow).where(PlayerStatRow.user_id == 1))
    sizes = await assert_kept(db)
    assert sizes[(GUILD, "bushi")] == (1, 1) and sizes[(GUILD + 1, "yosukou:original")] == (1, 0)


async def test_the_migration_counts_the_tables_already_there(db: Database) -> None:
    async with db.transaction() as session:
        session.add_all([stat(n, rated_games=n % 2) for n in range(1, 8)])
        session.add(UserPrefRow(user_id=3, notify="channel", hide_stats=True, updated_at=NOW))
    expected = await assert_kept(db)
    migration = importlib.import_module("migrations.versions.0023_standings_size")
    async with db.transaction() as session:
        await session.execute(delete(StandingsSizeRow))
        await session.execute(text(migration.BACKFILL))
    assert await kept(db) == expected == {(GUILD, "bushi"): (6, 3)}


async def test_standings_read_their_page_count_from_the_kept_size(
    db: Database, clock: FakeClock
) -> None:
    async with db.transaction() as session:
        session.add_all([stat(n, "yosukou:original") for n in range(1, 4)])
        # Not counted again on each page: a size said otherwise is believed.
        await session.execute(
            update(StandingsSizeRow).where(StandingsSizeRow.guild_id == GUILD).values(players=9)
        )
    page = await StandingsService(db, clock).standings(GUILD, "yosukou:original", per_page=2)
    assert page.pages == 5 and len(page.rows) == 2
