"""The deployment's secrets, created at first need and kept in the database: the same for every
process sharing it and across restarts, so no operator ever has to set one up."""

from __future__ import annotations

import secrets

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from bot.db import Database, DeploymentSecretRow
from bot.services.clock import Clock

SECRET_BYTES = 32


class DeploymentSecrets:
    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self._known: dict[str, bytes] = {}

    async def get(self, name: str) -> bytes:
        """The secret called ``name``; the first caller anywhere creates it (two processes
        racing both insert-if-absent, then read the one that won)."""
        known = self._known.get(name)
        if known is not None:
            return known
        async with self.db.transaction() as session:
            insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
            await session.execute(
                insert(DeploymentSecretRow)
                .values(
                    name=name, secret=secrets.token_bytes(SECRET_BYTES), created_at=self.clock()
                )
                .on_conflict_do_nothing(index_elements=["name"])
            )
            secret = await session.scalar(
                select(DeploymentSecretRow.secret).where(DeploymentSecretRow.name == name)
            )
        assert secret is not None
        self._known[name] = bytes(secret)
        return self._known[name]
