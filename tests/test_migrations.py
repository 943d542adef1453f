"""Migrations: upgrade head on an empty database, and the models match the migrations."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from bot.db import Base, Database
from bot.db.engine import alembic_config
from tests.conftest import drop_schema, make_database, postgres_url


def _diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
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
