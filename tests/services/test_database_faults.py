"""Database faults on the real databases: each gives one friendly refusal, nothing is
half-written, no other game is affected, and the bot goes on once the fault is gone."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db import Database
from bot.db.engine import DatabaseUnavailable
from bot.services.games import GameService
from bot.services.snapshots import Player
from rules.core import Rng
from tests.conftest import FakeClock, drop_schema, make_database, postgres_url


async def started_game(service: GameService) -> int:
    challenge = await service.starts.challenge(
        "bushi", Player(1, "a"), Player(2, "b"), challenger_seat=0
    )
    return (await service.starts.accept(challenge.game.id, 2)).game.id


def first_move(game: object) -> str:
    rules = game.rules  # type: ignore[attr-defined]
    state = game.state  # type: ignore[attr-defined]
    return str(rules.format(rules.legal_actions(state, game.seats_to_act[0].seat)[0]))  # type: ignore[attr-defined]


async def test_a_sqlite_file_locked_by_another_process(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "locked.sqlite3"
    db = Database(f"sqlite+aiosqlite:///{path}", busy_timeout_ms=200)
    await db.migrate()
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(4))
    game_id = await started_game(service)
    game = await service.queries.get(game_id)
    other = sqlite3.connect(path, isolation_level=None, timeout=0.1)
    other.execute("BEGIN EXCLUSIVE")  # another process holds the file past the busy timeout
    try:
        with pytest.raises(DatabaseUnavailable) as refused:
            await service.actions.act(game_id, 1, game.version, first_move(game))
        assert "try again" in refused.value.message("en")
        assert "もう一度" in refused.value.message("ja")
    finally:
        other.execute("ROLLBACK")
        other.close()
    after = await service.queries.get(game_id)
    assert after.ply == game.ply and after.version == game.version  # nothing half-written
    moved = await service.actions.act(game_id, 1, game.version, first_move(game))
    assert moved.game.ply == game.ply + 1
    await db.dispose()


@pytest.mark.postgres
async def test_postgresql_connections_dropped_mid_game(tmp_path: Path, clock: FakeClock) -> None:
    scratch, schema = await make_database("postgres", tmp_path)
    await scratch.dispose()
    assert schema is not None
    url = postgres_url()
    assert url is not None
    name = f"asobiba-{schema}"  # only this test's connections are cut
    db = Database(
        url, connect_args={"server_settings": {"search_path": schema, "application_name": name}}
    )
    await db.migrate()
    try:
        service = GameService(db, clock=clock, seed_source=Rng.from_seed(5))
        game_id = await started_game(service)
        # What a server restart does to the bot: every open connection is cut.
        admin = create_async_engine(url)
        async with admin.begin() as conn:
            cut = await conn.scalar(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE application_name = :name"
                ),
                {"name": name},
            )
        await admin.dispose()
        assert cut and cut >= 1
        game = await service.queries.get(game_id)  # the next action works, no restart of the bot
        moved = await service.actions.act(game_id, 1, game.version, first_move(game))
        assert moved.game.ply == game.ply + 1
        assert await service.queries.rebuild_state(game_id) == moved.game.state
    finally:
        await db.dispose()
        await drop_schema(schema)


async def test_a_full_disk(tmp_path: Path, clock: FakeClock) -> None:
    """SQLite's page limit stands in for a full disk: the same error (SQLITE_FULL)."""
    path = tmp_path / "full.sqlite3"
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    service = GameService(db, clock=clock, seed_source=Rng.from_seed(6))
    game_id = await started_game(service)
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]

    @event.listens_for(db.engine.sync_engine, "connect")
    def _full(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    await db.dispose()  # new connections (the engine's and the hot path's) see the limit
    with pytest.raises(DatabaseUnavailable):
        for n in range(200):  # new games need new pages sooner or later
            await service.starts.start_solitaire(
                "yosukou", Player(100 + n, "p"), settings={"variant": "original"}
            )
    assert (await service.queries.get(game_id)).status == "active"  # the rest still reads
    await db.dispose()


async def test_a_read_only_database_file(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "ro.sqlite3"
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    game_id = await started_game(GameService(db, clock=clock, seed_source=Rng.from_seed(7)))
    await db.dispose()
    read_only = Database(f"sqlite+aiosqlite:///file:{path}?mode=ro&uri=true")
    service = GameService(read_only, clock=clock)
    with pytest.raises(DatabaseUnavailable) as refused:
        await service.actions.act(game_id, 1, None, "resign")
    assert "Nothing was changed" in refused.value.message("en")
    await read_only.dispose()
    writable = Database(f"sqlite+aiosqlite:///{path}")
    assert (await GameService(writable, clock=clock).queries.get(game_id)).status == "active"
    await writable.dispose()
