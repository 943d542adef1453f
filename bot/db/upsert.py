"""Writing a row whether or not it is there yet, in either database's words: the one place
that chooses between SQLite's and PostgreSQL's ``INSERT … ON CONFLICT``."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession


def _insert(session: AsyncSession, table: Any, keys: dict[str, Any], values: dict[str, Any]) -> Any:
    """``INSERT`` of the row of ``table`` with these primary ``keys`` and ``values``, in the
    words of the session's database (each has its own ``ON CONFLICT``)."""
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    return insert(table).values(**keys, **values)


async def upsert(
    session: AsyncSession, table: Any, keys: dict[str, Any], values: dict[str, Any]
) -> None:
    """``INSERT … ON CONFLICT (keys) DO UPDATE SET values``: the row of ``table`` with these
    primary ``keys`` holds ``values`` afterwards (its other columns as they were, or their
    defaults)."""
    await session.execute(
        _insert(session, table, keys, values).on_conflict_do_update(
            index_elements=list(keys), set_=values
        )
    )


async def insert_if_absent(
    session: AsyncSession, table: Any, keys: dict[str, Any], values: dict[str, Any]
) -> None:
    """``INSERT … ON CONFLICT (keys) DO NOTHING``: a row of ``table`` with these primary
    ``keys`` is there afterwards, the first one written (whoever raced to write it)."""
    await session.execute(
        _insert(session, table, keys, values).on_conflict_do_nothing(index_elements=list(keys))
    )
