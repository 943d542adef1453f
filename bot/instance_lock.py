"""One bot process per bot token and shard on one database.

A second ``python -m bot`` started by mistake on the same database and token would answer every
interaction twice and race the first on every clock. Each process therefore holds locks for as
long as it runs, released by the operating system or the database server when it dies, however
it dies:

- a process serving every shard holds the bot's lock exclusively;
- a process serving ``SHARD_IDS`` holds it shared, and each of its shards' locks exclusively —
  so several processes may split the shards between them, but never share one.

SQLite: ``flock`` on small files beside the database (the exclusive holder writes its pid in
them, for the message). PostgreSQL: session-level advisory locks on one connection kept open.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.db import Database
from bot.db.engine import advisory_key


class AlreadyRunning(RuntimeError):
    """Another process serves this bot (or one of its shards) on this database."""


@dataclass(frozen=True)
class LockKey:
    name: str
    exclusive: bool

    def number(self) -> int:
        """The PostgreSQL advisory lock key."""
        return advisory_key(self.name)


def lock_keys(token: str, shard_ids: tuple[int, ...] | None) -> list[LockKey]:
    """The locks a process serving ``shard_ids`` (``None``: all) of the bot ``token`` holds.
    The token itself is never written anywhere: only a digest of it names the locks."""
    bot = "bot-" + hashlib.sha256(token.encode()).hexdigest()[:16]
    if shard_ids is None:
        return [LockKey(bot, exclusive=True)]
    return [LockKey(bot, exclusive=False)] + [
        LockKey(f"{bot}-shard-{shard}", exclusive=True) for shard in sorted(set(shard_ids))
    ]


class InstanceLock:
    """Held from ``acquire`` to ``release``; ``acquire`` raises :class:`AlreadyRunning`."""

    def __init__(self, db: Database, token: str, shard_ids: tuple[int, ...] | None) -> None:
        self._db = db
        self._keys = lock_keys(token, shard_ids)
        self._files: list[IO[str]] = []
        self._connection: AsyncConnection | None = None

    async def acquire(self) -> None:
        try:
            if self._db.sqlite_file is not None:
                self._lock_files(self._db.sqlite_file)
            elif not self._db.is_sqlite:
                await self._lock_postgres()
        except BaseException:
            await self.release()
            raise

    def _lock_files(self, database: Path) -> None:
        for key in self._keys:
            path = database.with_name(f"{database.name}.{key.name}.lock")
            handle = path.open("a+", encoding="ascii")
            self._files.append(handle)
            mode = fcntl.LOCK_EX if key.exclusive else fcntl.LOCK_SH
            try:
                fcntl.flock(handle, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.seek(0)
                pid = handle.read().strip()
                raise AlreadyRunning(_refusal(key, pid or None)) from None
            if key.exclusive:
                handle.seek(0)
                handle.truncate()
                handle.write(f"{os.getpid()}\n")
                handle.flush()

    async def _lock_postgres(self) -> None:
        connection = await self._db.engine.connect()
        self._connection = connection
        # Autocommit: the locks belong to the session, and no transaction stays open for days.
        await connection.execution_options(isolation_level="AUTOCOMMIT")
        for key in self._keys:
            function = "pg_try_advisory_lock" if key.exclusive else "pg_try_advisory_lock_shared"
            got: Any = await connection.scalar(
                text(f"SELECT {function}(:key)"), {"key": key.number()}
            )
            if not got:
                raise AlreadyRunning(_refusal(key, None))

    async def release(self) -> None:
        for handle in self._files:
            with contextlib.suppress(OSError):
                handle.close()  # closing releases the flock
        self._files.clear()
        if self._connection is not None:
            connection, self._connection = self._connection, None
            with contextlib.suppress(Exception):
                # Closed for real, not returned to the pool: the session's locks end with it.
                await connection.invalidate()
                await connection.close()


def _refusal(key: LockKey, pid: str | None) -> str:
    who = f"another process (pid {pid})" if pid else "another process"
    if "-shard-" in key.name:
        shard = key.name.rsplit("-", 1)[1]
        return (
            f"{who} already serves shard {shard} of this bot on this database: stop it first, "
            "or give each process different SHARD_IDS"
        )
    return (
        f"{who} already runs this bot on this database: stop it first (two processes would "
        "answer every interaction twice), or split the shards between them with SHARD_IDS"
    )


async def held_by_a_bot(db: Database) -> str | None:
    """Whether a bot process (with any token, serving any shards) holds its lock on this
    database: a line saying so, or None. ``python -m bot restore`` asks before replacing a
    database, which must never happen under a running bot."""
    file = db.sqlite_file
    if file is not None:
        for path in sorted(file.parent.glob(f"{file.name}.bot-*.lock")):
            with path.open("a+", encoding="ascii") as handle:
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    handle.seek(0)
                    pid = handle.read().strip()
                    who = f"a bot process (pid {pid})" if pid else "a bot process"
                    return f"{who} is running on this database: stop it first"
        return None
    if db.is_sqlite:
        return None  # in memory: nobody else can hold it
    async with db.engine.connect() as connection:
        holders: Any = await connection.scalar(
            text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                "AND pid <> pg_backend_pid() AND database = "
                "(SELECT oid FROM pg_database WHERE datname = current_database())"
            )
        )
    if holders:
        return "a bot process is running on this database (it holds its lock): stop it first"
    return None
