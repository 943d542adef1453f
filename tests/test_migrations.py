"""Migrations: upgrade head on an empty database, and the models match the migrations."""

from __future__ import annotations

import asyncio
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, Table, inspect, select, text
from sqlalchemy.engine import Connection

from bot.db import Base, Database, GameRow
from bot.db.engine import alembic_config
from tests.conftest import drop_schema, make_database, postgres_url


def _diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    with warnings.catch_warnings():
        # SQLite's indexes on expressions (a server's table's order) can't be reflected, so
        # Alembic skips them there, saying so; PostgreSQL's are compared.
        warnings.filterwarnings("ignore", "autogenerate skipping metadata-specified expression")
        warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based")
        return list(compare_metadata(context, Base.metadata))


async def test_upgrade_head_creates_every_table(db: Database) -> None:
    async with db.engine.connect() as conn:
        tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
        revision = await conn.run_sync(
            lambda c: MigrationContext.configure(c).get_current_revision()
        )
    assert {"game", "game_seat", "game_event", "alembic_version"} <= tables
    assert revision == ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_models_match_migrations(db: Database) -> None:
    async with db.engine.connect() as conn:
        assert await conn.run_sync(_diff) == []


def _where(clause: Any) -> str:
    """An index's condition as text, without the parentheses and case the database adds."""
    return "" if clause is None else str(clause).lower().replace("(", "").replace(")", "")


async def test_indexes_carry_and_leave_out_what_the_models_say(db: Database) -> None:
    """What Alembic's comparison does not see: the columns an index carries beside its keys
    (PostgreSQL's ``INCLUDE``) and the condition of a partial index, on this database."""
    dialect = "sqlite" if db.is_sqlite else "postgresql"

    def reflected(sync: Connection) -> dict[str, tuple[list[str], str]]:
        found = {}
        for table in Base.metadata.tables.values():
            for index in inspect(sync).get_indexes(table.name):
                options = index.get("dialect_options", {})
                carried = list(options.get("postgresql_include", []))
                found[index["name"] or ""] = (carried, _where(options.get(f"{dialect}_where")))
        return found

    async with db.engine.connect() as conn:
        with warnings.catch_warnings():
            # SQLite's indexes on expressions can't be reflected (nor have they these options).
            warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based")
            indexes = await conn.run_sync(reflected)
    for table in Base.metadata.tables.values():
        for index in table.indexes:
            if dialect == "sqlite" and str(index.name) not in indexes:
                continue
            options = index.dialect_options
            carried = (
                list(options["postgresql"]["include"] or []) if dialect == "postgresql" else []
            )
            wanted = (carried, _where(options[dialect]["where"]))
            assert indexes[str(index.name)] == wanted, index.name


async def test_migrating_twice_is_harmless_and_downgrade_works(db: Database) -> None:
    assert not (await db.migrate()).changed

    def down_and_up(sync: Connection) -> set[str]:
        command.downgrade(alembic_config(sync), "base")
        empty = set(inspect(sync).get_table_names()) - {"alembic_version"}
        command.upgrade(alembic_config(sync), "head")
        return empty

    assert await db.run_migrations(down_and_up) == set()
    async with db.engine.connect() as conn:
        assert await conn.run_sync(_diff) == []


async def _at_head(db: Database) -> bool:
    async with db.engine.connect() as conn:
        revision = await conn.run_sync(
            lambda c: MigrationContext.configure(c).get_current_revision()
        )
        diff = await conn.run_sync(_diff)
    return revision == ScriptDirectory.from_config(alembic_config()).get_current_head() and not diff


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def test_two_processes_migrating_a_fresh_database_at_once_both_succeed(
    kind: str, tmp_path: Path
) -> None:
    """Two bot processes starting together on an empty database: one migrates, the other
    waits for the lock, then finds the schema at head (without the lock, one of them fails
    creating a table that the other has just created)."""
    first, schema = await make_database(kind, tmp_path)
    if schema is None:
        second = Database(str(first.url))
    else:
        second = Database(
            postgres_url() or "", connect_args={"server_settings": {"search_path": schema}}
        )
    try:
        await asyncio.gather(first.migrate(), second.migrate())
        assert await _at_head(first) and await _at_head(second)
    finally:
        await first.dispose()
        await second.dispose()
        if schema is not None:
            await drop_schema(schema)


async def test_0011_turns_a_board_claimed_by_message_id_0_into_board_claimed_at(
    db: Database,
) -> None:
    """Before 0011 the scheduler claimed an unposted tournament board by setting its
    ``message_id`` to 0; after it, such a game has no message and a claim time (its last
    update), and a posted or unclaimed game is left as it was."""

    def claimed_before_and_after(sync: Connection) -> list[tuple[Any, ...]]:
        command.downgrade(alembic_config(sync), "0010")
        game = Table("game", MetaData(), autoload_with=sync)
        values: dict[str, Any] = {
            c.name: 0
            for c in game.c
            if not c.nullable and c.server_default is None and not c.primary_key
        }
        values.update(
            game_type="bushi",
            status="active",
            settings="{}",
            state="{}",
            locale="en",
            created_at=datetime(2026, 11, 1, tzinfo=UTC),
            updated_at=datetime(2026, 11, 2, tzinfo=UTC),
        )
        for game_id, message_id in ((1, 0), (2, None), (3, 77)):
            sync.execute(game.insert().values(id=game_id, message_id=message_id, **values))
        command.upgrade(alembic_config(sync), "head")
        return list(
            sync.execute(text("SELECT id, message_id, board_claimed_at FROM game ORDER BY id"))
        )

    rows = await db.run_migrations(claimed_before_and_after)
    assert [(r[0], r[1], r[2] is not None) for r in rows] == [
        (1, None, True),
        (2, None, False),
        (3, 77, False),
    ]
    async with db.read() as session:
        claimed = await session.scalar(select(GameRow.board_claimed_at).where(GameRow.id == 1))
    assert claimed == datetime(2026, 11, 2, tzinfo=UTC)


async def test_0017_knows_whoever_played_in_a_server_that_added_the_bot(db: Database) -> None:
    """Before 0017 the bot DMed anyone; after it, only users Discord vouched for. Everyone who
    played in a server that added the bot shared a server with it then: they are known, as of
    their newest such game. Nobody else is: not a player seen only outside such servers, the
    bot itself, an open challenge's empty seat, a former player."""
    first, newest = datetime(2026, 11, 1, tzinfo=UTC), datetime(2026, 11, 5, tzinfo=UTC)

    def reach_after(sync: Connection) -> list[tuple[Any, ...]]:
        command.downgrade(alembic_config(sync), "0016")
        game = Table("game", MetaData(), autoload_with=sync)
        seat = Table("game_seat", MetaData(), autoload_with=sync)
        values: dict[str, Any] = {
            c.name: 0
            for c in game.c
            if not c.nullable and c.server_default is None and not c.primary_key
        }
        values.update(game_type="bushi", status="finished", settings="{}", state="{}", locale="en")
        games = (
            (1, 900, first, [(11, False), (12, False)]),
            (2, 900, newest, [(11, False), (0, False)]),  # an open challenge's empty seat
            (3, None, newest, [(12, False), (13, False)]),  # a group DM
            (4, 901, first, [(14, False), (99, True)]),  # against the bot
            (5, 901, first, [(-(1 << 61), False), (14, False)]),  # a former player
        )
        for game_id, guild_id, created, seats in games:
            moment = {"created_at": created, "updated_at": created}
            sync.execute(
                game.insert().values({**values, **moment, "id": game_id, "guild_id": guild_id})
            )
            for number, (user_id, is_bot) in enumerate(seats):
                sync.execute(
                    seat.insert().values(
                        game_id=game_id,
                        seat=number,
                        user_id=user_id,
                        display_name=str(user_id),
                        is_bot=is_bot,
                        to_act=False,
                    )
                )
        command.upgrade(alembic_config(sync), "head")
        return list(
            sync.execute(
                text(
                    "SELECT user_id, shared_server_at, refused_code, told FROM dm_reach "
                    "ORDER BY user_id"
                )
            )
        )

    rows = await db.run_migrations(reach_after)
    assert [(r[0], _aware(r[1]), r[2], r[3]) for r in rows] == [
        (11, newest, None, None),
        (12, first, None, None),
        (14, first, None, None),
    ]


def _aware(moment: Any) -> Any:
    """A time as either database hands it back (SQLite: a naive string), in UTC."""
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


async def test_a_start_waits_for_a_migration_longer_than_the_busy_timeout(tmp_path: Path) -> None:
    """Another process holds the file's write lock for longer than the usual busy timeout (a
    big file's migration): a starting process waits for it, then migrates, instead of failing
    with "database is locked"."""
    import sqlite3
    import threading
    import time

    path = tmp_path / "busy.sqlite3"
    held = threading.Event()

    def other_process_migrating() -> None:
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("PRAGMA journal_mode=WAL")  # as every process of the bot opens it
        other.execute("BEGIN IMMEDIATE")
        held.set()
        time.sleep(1.5)
        other.execute("COMMIT")
        other.close()

    holder = threading.Thread(target=other_process_migrating)
    holder.start()
    await asyncio.to_thread(held.wait)
    db = Database(f"sqlite+aiosqlite:///{path}", busy_timeout_ms=200)
    try:
        started = time.monotonic()
        await db.migrate()
        assert time.monotonic() - started >= 1.0  # it waited, far past its busy timeout
        async with db.read() as session:
            assert await session.scalar(select(GameRow.id)) is None  # the schema is there
    finally:
        await db.dispose()
        holder.join()


async def test_0025_gives_puzzle_ratings_a_deviation_from_their_old_uncertainty(
    db: Database,
) -> None:
    """OpenSkill's sigma (500 new) becomes Glicko-2's deviation (350 new) on the same scale,
    kept within 45–350; a row never rated stays unrated; the ratings keep their value."""
    now = datetime(2026, 11, 20, tzinfo=UTC)

    def after(sync: Connection) -> list[tuple[Any, ...]]:
        command.downgrade(alembic_config(sync), "0024")
        stat = Table("puzzle_stat", MetaData(), autoload_with=sync)
        rated = Table("puzzle_rating", MetaData(), autoload_with=sync)
        # The last: a server's streak row, never rated.
        for user_id, guild_id, mu, sigma in (
            (1, 0, 1700.0, 500.0),
            (2, 0, 1620.0, 120.0),
            (3, 0, 1400.0, 20.0),
            (4, 5, None, None),
        ):
            sync.execute(
                stat.insert().values(
                    user_id=user_id,
                    game_key="bushi",
                    guild_id=guild_id,
                    rating_mu=mu,
                    rating_sigma=sigma,
                    attempted=1,
                    solved=1,
                    current_streak=0,
                    best_streak=0,
                    updated_at=now,
                )
            )
        sync.execute(
            rated.insert().values(
                puzzle="bushi:w3-001", rating_mu=1900.0, rating_sigma=300.0, attempts=3, solved=1
            )
        )
        command.upgrade(alembic_config(sync), "head")
        return [
            *sync.execute(
                text(
                    "SELECT user_id, rating_mu, rating_deviation, rating_volatility "
                    "FROM puzzle_stat ORDER BY user_id"
                )
            ),
            *sync.execute(
                text(
                    "SELECT puzzle, rating_mu, rating_deviation, rating_volatility FROM puzzle_rating"
                )
            ),
        ]

    rows = [tuple(r) for r in await db.run_migrations(after)]
    assert rows == [
        (1, 1700.0, 350.0, 0.06),
        (2, 1620.0, pytest.approx(84.0), 0.06),
        (3, 1400.0, 45.0, 0.06),
        (4, None, None, None),
        ("bushi:w3-001", 1900.0, pytest.approx(210.0), 0.06),
    ]
