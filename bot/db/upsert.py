"""Writing a row whether or not it is there yet, in either database's words."""

from __future__ import annotations

from typing import Any

from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession


async def upsert(
    session: AsyncSession, table: Any, keys: dict[str, Any], values: dict[str, Any]
) -> None:
    """``INSERT … ON CONFLICT (keys) DO UPDATE SET values``: the row of ``table`` with these
    primary ``keys`` holds ``values`` afterwards (its other columns as they were, or their
    defaults)."""
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    await session.execute(
        insert(table)
        .values(**keys, **values)
        .on_conflict_do_update(index_elements=list(keys), set_=values)
    )
