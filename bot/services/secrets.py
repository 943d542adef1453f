"""The deployment's secrets, created at first need and kept in the database: the same for every
process sharing it and across restarts, so no operator ever has to set one up."""

from __future__ import annotations

import secrets

from sqlalchemy import select

from bot.db import Database, DeploymentSecretRow
from bot.db.upsert import insert_if_absent
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
            made = {"secret": secrets.token_bytes(SECRET_BYTES), "created_at": self.clock()}
            await insert_if_absent(session, DeploymentSecretRow, {"name": name}, made)
            secret = await session.scalar(
                select(DeploymentSecretRow.secret).where(DeploymentSecretRow.name == name)
            )
        assert secret is not None
        self._known[name] = bytes(secret)
        return self._known[name]
