"""Database faults on the real databases: each gives one friendly refusal, nothing is
half-written, no other game is affected, and the bot goes on once the fault is gone."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy import event, text
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db import Database
from bot.db.engine import DatabaseUnavailable
from bot.db.faults import Outage, cannot_reach
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


class _Sqlstate(Exception):
    """A driver error carrying a SQLSTATE, as asyncpg's (and SQLAlchemy's adapter of it) do."""

    def __init__(self, sqlstate: str, message: str) -> None:
        super().__init__(message)
        self.sqlstate = sqlstate


def _wrapped(error: BaseException, *, invalidated: bool = False) -> DBAPIError:
    """``error`` as the ORM raises it: a DBAPIError whose ``orig`` is the driver's."""
    return DBAPIError("SELECT 1", None, error, connection_invalidated=invalidated)


@pytest.mark.parametrize(
    "error",
    [
        ConnectionRefusedError(111, "Connect call failed"),
        TimeoutError(),
        PoolTimeout("QueuePool limit reached"),
        OSError(101, "Network is unreachable"),
        asyncpg.CannotConnectNowError("the database system is starting up"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        asyncpg.InterfaceError("connection is closed"),
        _wrapped(_Sqlstate("08006", "connection failure")),
        _wrapped(_Sqlstate("57P01", "terminating connection due to administrator command")),
        _wrapped(_Sqlstate("57P03", "the database system is starting up")),
        _wrapped(_Sqlstate("55000", 'database "x" is not currently accepting connections')),
        _wrapped(_Sqlstate("53300", "sorry, too many clients already")),
        _wrapped(ValueError("lost"), invalidated=True),
        OperationalError("BEGIN", None, sqlite3.OperationalError("database is locked")),
        sqlite3.OperationalError("unable to open database file"),
    ],
    ids=repr,
)
def test_every_way_of_being_out_of_reach_is_recognised(error: BaseException) -> None:
    assert cannot_reach(error)


@pytest.mark.parametrize(
    "error",
    [
        IntegrityError("INSERT", None, sqlite3.IntegrityError("UNIQUE constraint failed")),
        _wrapped(_Sqlstate("23505", "duplicate key value violates unique constraint")),
        _wrapped(_Sqlstate("55000", "cannot ALTER TABLE because it is being used")),
        _wrapped(_Sqlstate("40P01", "deadlock detected")),
        ValueError("a bug"),
    ],
    ids=repr,
)
def test_a_refused_statement_or_a_bug_is_not_an_outage(error: BaseException) -> None:
    assert not cannot_reach(error)


async def test_a_refused_postgresql_port_is_a_friendly_refusal() -> None:
    """Nothing listens on port 1: connecting is refused (an OSError) on both paths."""
    db = Database("postgresql://asobiba@127.0.0.1:1/nowhere")
    try:
        with pytest.raises(DatabaseUnavailable):
            async with db.read() as session:
                await session.execute(text("SELECT 1"))
        with pytest.raises(DatabaseUnavailable):
            await db.store.read(1)
    finally:
        await db.dispose()


def test_an_outage_is_told_when_it_begins_and_when_it_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    outage = Outage()
    caplog.set_level(logging.WARNING, logger="bot.db.faults")
    before = outage.since  # a unit of work begun before the outage
    for _ in range(5):
        assert isinstance(outage.failed(ConnectionRefusedError(111, "refused")), Exception)
    during = outage.since
    outage.answered(before)  # finishing late proves nothing: it may have held a connection
    assert outage.since == during
    outage.answered(during)
    outage.answered(during)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2, lines
    assert lines[0].startswith("database unreachable (ConnectionRefusedError")
    assert lines[1].startswith("database reachable again after ") and "5 action(s)" in lines[1]
    assert outage.since is None
