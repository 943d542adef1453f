"""The database handle: one async engine, a transaction per unit of work, migrations at start-up."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from bot.db.faults import DatabaseUnavailable, Outage, unavailable_as_friendly
from bot.db.migrations import (
    Upgrade,
    alembic_config,
    sqlite_foreign_keys_off,
    sqlite_patient_lock,
    upgrade_locked,
)
from bot.db.postgres_store import PostgresGameStore
from bot.db.records import GameStore
from bot.db.sqlite_store import SqliteGameStore, configure_sqlite_connection

log = logging.getLogger(__name__)

T = TypeVar("T")

__all__ = [
    "Database",
    "DatabaseUnavailable",
    "Upgrade",
    "alembic_config",
    "unavailable_as_friendly",
]

SQLITE_BUSY_TIMEOUT_MS = 10_000
#: How long a process starting while another migrates a SQLite file waits for it.
MIGRATION_WAIT_MS = 15 * 60_000
READ_ONLY_OPTION = "asobiba_read_only"


def advisory_key(name: str) -> int:
    """A PostgreSQL advisory lock's key: the first 8 bytes of SHA-256("asobiba:<name>") as a
    signed 64-bit number."""
    return int.from_bytes(
        hashlib.sha256(f"asobiba:{name}".encode()).digest()[:8], "big", signed=True
    )


#: The lock that serialises migrations.
MIGRATION_LOCK_KEY = advisory_key("migrations")


def _configure_sqlite(engine: AsyncEngine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        configure_sqlite_connection(dbapi_connection, busy_timeout_ms)

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # IMMEDIATE takes the write lock up front: concurrent writers queue on the busy
        # timeout and then see each other's commits, instead of failing mid-transaction
        # with SQLITE_BUSY_SNAPSHOT. Read-only units use a plain (deferred) BEGIN: in WAL mode
        # they read a consistent snapshot and never wait for a writer.
        read_only = conn.get_execution_options().get(READ_ONLY_OPTION, False)
        conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


class Database:
    """Owns the engine. ``transaction()`` is the only way services touch the database."""

    def __init__(
        self, url: str, *, busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS, **engine_kwargs: Any
    ) -> None:
        from bot.config import normalize_database_url

        self.url = make_url(normalize_database_url(url))
        self.busy_timeout_ms = busy_timeout_ms
        if self.sqlite_file is not None:
            self.sqlite_file.parent.mkdir(parents=True, exist_ok=True)
        if not self.is_sqlite:
            # A connection dropped by a database restart is noticed and replaced before use:
            # the next action works without restarting the bot.
            engine_kwargs.setdefault("pool_pre_ping", True)
        self.engine = create_async_engine(self.url, **engine_kwargs)
        if self.is_sqlite:
            _configure_sqlite(self.engine, busy_timeout_ms)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer at a time. Queueing our own transactions on a lock is fair and
        # immediate, where SQLite's busy handler polls with growing sleeps (long tails); the
        # busy timeout still arbitrates between processes sharing the file.
        self._sqlite_writer = asyncio.Lock() if self.is_sqlite else None
        self._connect_args: dict[str, Any] = dict(engine_kwargs.get("connect_args", {}))
        self._store: GameStore | None = None
        #: Whether the database answers, as last seen by the ORM's units and the store alike.
        self.outage = Outage()

    @property
    def store(self) -> GameStore:
        """The hot path's reads and guarded writes (one hand-off, or round trip, each)."""
        if self._store is None:
            self._store = self._make_store()
        return self._store

    def _make_store(self) -> GameStore:
        args, kwargs = self.engine.dialect.create_connect_args(self.url)
        if self._sqlite_writer is None:
            return PostgresGameStore({**kwargs, **self._connect_args}, outage=self.outage)
        if self.sqlite_file is None:
            raise ValueError("the SQLite hot path needs a database file, not :memory:")

        database, options = str(args[0]), {**kwargs, **self._connect_args}

        def connect() -> sqlite3.Connection:
            connection: sqlite3.Connection = sqlite3.connect(database, **options)
            # What the engine's own connections get at connect time (our pragmas, and anything
            # else hooked there), this one gets too.
            self.engine.sync_engine.pool.dispatch.connect(connection, None)
            return connection

        return SqliteGameStore(connect, self._sqlite_writer, self.outage)

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work: commits on success, rolls back on any exception."""
        with unavailable_as_friendly(self.outage):
            if self._sqlite_writer is None:
                async with self.sessions() as session, session.begin():
                    yield session
                return
            async with self._sqlite_writer, self.sessions() as session, session.begin():
                yield session

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        """A read-only unit of work: one consistent snapshot, taking no write lock.

        On SQLite it still queues on the in-process lock: measured with 50 concurrent actors,
        letting reads overlap writes cost a third of the throughput (aiosqlite threads fight
        over the GIL) and gained nothing, since SQLite serves one process's work serially."""
        with unavailable_as_friendly(self.outage):
            async with contextlib.AsyncExitStack() as stack:
                if self._sqlite_writer is not None:
                    await stack.enter_async_context(self._sqlite_writer)
                session = await stack.enter_async_context(self.sessions())
                await stack.enter_async_context(session.begin())
                await session.connection(execution_options={READ_ONLY_OPTION: True})
                yield session

    @property
    def sqlite_file(self) -> Path | None:
        """The SQLite database's file (``None`` for PostgreSQL or an in-memory database)."""
        database = self.url.database if self.is_sqlite else None
        return Path(database) if database and database != ":memory:" else None

    async def migrate(self) -> Upgrade:
        """Bring the schema to the newest migration (idempotent), safe when several processes
        start at once: the whole upgrade is one transaction under a lock, so the second process
        waits, then finds the schema at head and does nothing.

        - PostgreSQL: a transaction-level advisory lock (``pg_advisory_xact_lock``), released by
          the commit; DDL is transactional, so a failed upgrade leaves nothing behind.
        - SQLite: foreign keys off (a table rebuild must not cascade, see
          :mod:`bot.db.migrations`), then ``BEGIN IMMEDIATE`` (see ``_configure_sqlite``) takes
          the file's write lock before Alembic reads the current revision; another process
          waits for it (up to ``MIGRATION_WAIT_MS``, as it would for PostgreSQL's lock). A file
          that already holds a schema is backed up beside itself first.
        """
        file = self.sqlite_file
        return await self.run_migrations(lambda conn: upgrade_locked(conn, file))

    async def run_migrations(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` (Alembic commands on the connection it is given) as one transaction
        under the migration lock, with SQLite's foreign keys off (see :mod:`bot.db.migrations`);
        commits if it returns, rolls back if it raises."""
        async with self.engine.connect() as conn:
            return await conn.run_sync(self._locked_migrations, work)

    def _locked_migrations(self, conn: Connection, work: Callable[[Connection], T]) -> T:
        off = sqlite_foreign_keys_off(conn) if self.is_sqlite else contextlib.nullcontext()
        patient = (
            sqlite_patient_lock(conn, MIGRATION_WAIT_MS, self.busy_timeout_ms)
            if self.is_sqlite
            else contextlib.nullcontext()
        )
        with off, patient:
            try:
                if self.is_sqlite:
                    conn.exec_driver_sql("SELECT 1")  # begins the transaction: the write lock
                else:
                    got = conn.scalar(
                        text("SELECT pg_try_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}
                    )
                    if not got:
                        log.info("another process is migrating the database; waiting for it")
                        conn.execute(
                            text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY}
                        )
                # The lock is taken before Alembic runs: its context is module-global, so two
                # upgrades must not interleave even inside one process.
                done = work(conn)
                conn.commit()
            except BaseException:
                conn.rollback()
                raise
        return done

    async def dispose(self) -> None:
        if self._store is not None:
            await self._store.close()
            self._store = None
        await self.engine.dispose()
