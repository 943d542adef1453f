"""Alembic environment. Runs on a connection handed over by the app (the normal path) or, from
the ``alembic`` command line, on the app's own engine built from ``DATABASE_URL``.

On SQLite, migrations run only with foreign keys off and end with every reference checked
(see :mod:`bot.db.migrations`: a table rebuild with foreign keys on deletes every row that
references the table)."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from bot.config import Settings
from bot.db.migrations import assert_foreign_keys_off, check_foreign_keys
from bot.db.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        assert_foreign_keys_off(connection)
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=sqlite,  # SQLite cannot ALTER much
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
        if sqlite:
            check_foreign_keys(connection)


async def _run_async() -> None:
    from bot.db import Database

    url = config.get_main_option("sqlalchemy.url") or Settings.from_env().database_url
    # The app's own upgrade: its lock, SQLite's foreign keys off, one transaction.
    database = Database(url)
    try:
        await database.run_migrations(_run)
    finally:
        await database.dispose()


if context.is_offline_mode():
    url = config.get_main_option("sqlalchemy.url") or Settings.from_env().database_url
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    handed_over = config.attributes.get("connection")
    if handed_over is not None:
        _run(handed_over)
    else:
        asyncio.run(_run_async())
