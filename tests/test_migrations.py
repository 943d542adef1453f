"""Migrations: upgrade head on an empty database, and the models match the migrations."""

from __future__ import annotations

from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from bot.db import Base, Database
from bot.db.engine import alembic_config


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
    await db.migrate()
    async with db.engine.connect() as conn:

        def down_and_up(sync: Connection) -> set[str]:
            command.downgrade(alembic_config(sync), "base")
            empty = set(inspect(sync).get_table_names()) - {"alembic_version"}
            command.upgrade(alembic_config(sync), "head")
            return empty

        assert await conn.run_sync(down_and_up) == set()
        await conn.commit()
        assert await conn.run_sync(_diff) == []
