"""Shared fixtures: a real database per test — SQLite always, PostgreSQL when
``TEST_DATABASE_URL`` is set (each test gets its own schema there)."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import re
import shutil
import tempfile
import threading
import uuid
from collections.abc import AsyncIterator, Generator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from _pytest.terminal import TerminalReporter
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.config import normalize_database_url
from bot.db import Database
from bot.db.migrations import head_revision

pytest_plugins = ["tests.fakediscord.fixtures"]

PG_SETTING = "TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test (.ci/run sets it)"
PG_SKIP_REASON = f"PostgreSQL tests need TEST_DATABASE_URL, e.g. {PG_SETTING}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter: TerminalReporter) -> Generator[None]:
    """Tests skipped for want of PostgreSQL are said in one line, not one each in ``-ra``'s
    short summary; they still count as skipped (the final line, the exit code)."""
    skipped: list[Any] = terminalreporter.stats.get("skipped", [])
    wanting = {id(r) for r in skipped if PG_SKIP_REASON in str(getattr(r, "longrepr", ""))}
    if wanting:
        terminalreporter.stats["skipped"] = [r for r in skipped if id(r) not in wanting]
    try:
        return (yield)
    finally:  # after pytest's own summary (this wraps it), before the final line
        if wanting:
            terminalreporter.stats["skipped"] = skipped
            tests = f"{len(wanting)} test{'s' if len(wanting) != 1 else ''}"
            terminalreporter.write_line(
                f"SKIPPED {tests} for want of PostgreSQL: to run them, set {PG_SETTING}"
            )


_template_lock = threading.Lock()
_template: Path | None = None


def migrated_sqlite(path: Path) -> None:
    """A fresh SQLite database at the newest migration, at ``path``: a copy of one migrated
    once in this process (every migration, as ``Database.migrate`` runs them; migrating each
    test's own file took a tenth of a second of CPU, hundreds of times a run)."""
    global _template
    with _template_lock:
        if _template is None:
            folder = Path(tempfile.mkdtemp(prefix="asobiba-template-"))
            atexit.register(shutil.rmtree, folder, True)
            made = folder / "head.sqlite3"

            async def migrate() -> None:
                database = Database(f"sqlite+aiosqlite:///{made}")
                try:
                    await database.migrate()
                finally:
                    await database.dispose()

            # In a thread of its own: the caller may be inside a running event loop.
            worker = threading.Thread(target=asyncio.run, args=(migrate(),))
            worker.start()
            worker.join()
            assert made.is_file() and not made.with_name(made.name + "-wal").exists()
            _template = made
    shutil.copyfile(_template, path)


def postgres_url() -> str | None:
    raw = os.environ.get("TEST_DATABASE_URL", "").strip()
    return normalize_database_url(raw) if raw else None


#: The SQL that makes a schema at the newest migration, its name written TEMPLATE_SCHEMA
#: (``pg_dump`` of one migrated once in this process); "" where pg_dump is not to be had.
_postgres_script: str | None = None
TEMPLATE_SCHEMA = f"asobiba_template_{uuid.uuid4().hex[:16]}"  # one per process


async def migrated_postgres_schema(url: str, schema: str) -> None:
    """Create ``schema`` at the newest migration: a copy of one migrated once in this process,
    replayed from its ``pg_dump`` (migrating each test's schema took a third of a second), or
    migrated afresh where ``pg_dump`` fails."""
    global _postgres_script
    if _postgres_script is None:
        _postgres_script = await _dump_migrated_schema(url)
    if not _postgres_script:
        await _create_schema(url, schema)
        database = _in_schema(url, schema)
        try:
            await database.migrate()
        finally:
            await database.dispose()
        return
    connection = await asyncpg.connect(_libpq(url))
    try:
        await connection.execute(re.sub(rf"\b{TEMPLATE_SCHEMA}\b", schema, _postgres_script))
    finally:
        await connection.close()


async def _dump_migrated_schema(url: str) -> str:
    await _create_schema(url, TEMPLATE_SCHEMA, replace=True)
    database = _in_schema(url, TEMPLATE_SCHEMA)
    try:
        await database.migrate()
    finally:
        await database.dispose()
    try:
        dump = await asyncio.create_subprocess_exec(
            *("pg_dump", "--schema", TEMPLATE_SCHEMA, "--no-owner", "--no-privileges"),
            *("--inserts", _libpq(url)),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        out, _ = await asyncio.wait_for(dump.communicate(), 120)
    except (OSError, TimeoutError):
        return ""
    finally:
        await drop_schema(TEMPLATE_SCHEMA)
    if dump.returncode != 0:
        return ""
    # psql's meta-commands (\restrict) are no SQL.
    lines = out.decode().splitlines()
    return "\n".join(line for line in lines if not line.startswith("\\"))


def _libpq(url: str) -> str:
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _in_schema(url: str, schema: str) -> Database:
    return Database(url, connect_args={"server_settings": {"search_path": schema}})


async def _create_schema(url: str, schema: str, *, replace: bool = False) -> None:
    admin = create_async_engine(url)
    async with admin.begin() as conn:
        if replace:
            await conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    await admin.dispose()


async def make_database(
    kind: str, tmp_path: Path, *, migrated: bool = False
) -> tuple[Database, str | None]:
    """A database of ``kind`` for one test: empty, or at the newest migration (``migrated``)."""
    if kind == "sqlite":
        file = tmp_path / "asobiba.sqlite3"
        if migrated:
            migrated_sqlite(file)
        return Database(f"sqlite+aiosqlite:///{file}"), None
    url = postgres_url()
    if url is None:
        pytest.skip(PG_SKIP_REASON)
    schema = f"test_{uuid.uuid4().hex[:16]}"
    if migrated:
        await migrated_postgres_schema(url, schema)
    else:
        await _create_schema(url, schema)
    return _in_schema(url, schema), schema


async def drop_schema(schema: str) -> None:
    url = postgres_url()
    assert url is not None
    admin = create_async_engine(url)
    async with admin.begin() as conn:
        await conn.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
    await admin.dispose()


@dataclass(frozen=True)
class Spare:
    """A schema at the newest migration that a finished test left empty, for the next test of
    this process: making one (its tables, indexes and triggers; for a world, a database and
    every migration) and dropping it cost a second or more of the server's time under load;
    emptying one, a hundredth. ``url`` is libpq's, of the database it is in."""

    url: str
    schema: str
    tables: tuple[str, ...]  # every table of the newest migration, Alembic's too
    sequences: tuple[str, ...]

    @property
    def emptying(self) -> str:
        """The SQL that empties it: every table but Alembic's, every sequence restarted.
        Deleting in replication's role skips the foreign keys' and the history triggers'
        work: every row goes."""
        return "; ".join(
            [
                "SET LOCAL lock_timeout = '5s'",
                "SET LOCAL session_replication_role = replica",
                *(
                    f'DELETE FROM "{self.schema}"."{table}"'
                    for table in self.tables
                    if table != "alembic_version"
                ),
                *(f'ALTER SEQUENCE "{self.schema}"."{name}" RESTART' for name in self.sequences),
            ]
        )

    @property
    def vacuuming(self) -> str:
        """Then its tables vacuumed down to no pages: new rows are stored (and an unordered
        read returns them) in the order they come, as in a schema never used."""
        return "VACUUM " + ", ".join(f'"{self.schema}"."{table}"' for table in self.tables)


_spare_schemas: list[Spare] = []  # in the database TEST_DATABASE_URL names
_spare_databases: list[Spare] = []  # each a database of its own, its schema "public"


async def lend_migrated_schema(url: str) -> tuple[Database, Spare]:
    """A schema at the newest migration with no rows in TEST_DATABASE_URL's database."""
    if _spare_schemas:
        spare = _spare_schemas.pop()
    else:
        schema = f"test_{uuid.uuid4().hex[:16]}"
        await migrated_postgres_schema(url, schema)
        spare = await _spare(_libpq(url), schema)
    return _in_schema(url, spare.schema), spare


async def lend_migrated_database(admin_url: str) -> Spare:
    """A database of its own at the newest migration with no rows (a world's: the bot under
    test connects to it by its address alone)."""
    if _spare_databases:
        return _spare_databases.pop()
    name = f"asobiba_test_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(_libpq(admin_url))
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    url = make_url(_libpq(admin_url)).set(database=name).render_as_string(hide_password=False)
    database = Database(normalize_database_url(url))
    try:
        await database.migrate()
    finally:
        await database.dispose()
    return await _spare(url, "public")


async def _spare(url: str, schema: str) -> Spare:
    connection = await asyncpg.connect(url)
    try:
        tables = await _tables(connection, schema)
        sequences = await connection.fetch(
            "SELECT sequencename FROM pg_sequences WHERE schemaname = $1 ORDER BY 1", schema
        )
    finally:
        await connection.close()
    return Spare(url, schema, tables, tuple(row[0] for row in sequences))


async def _tables(connection: asyncpg.Connection, schema: str) -> tuple[str, ...]:
    rows = await connection.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1", schema
    )
    return tuple(row[0] for row in rows)


async def give_back(spare: Spare) -> None:
    """Empty ``spare`` for the next test, or drop it when the test changed its shape (a
    migration run down, a table added) or it can't be emptied."""
    spares = _spare_databases if spare.schema == "public" else _spare_schemas
    connection = await asyncpg.connect(spare.url)
    try:
        revision = await connection.fetchval(
            f'SELECT version_num FROM "{spare.schema}".alembic_version'
        )
        unchanged = revision == head_revision() and (
            await _tables(connection, spare.schema) == spare.tables
        )
        if unchanged:
            async with connection.transaction():
                await connection.execute(spare.emptying)
            await connection.execute(spare.vacuuming)
            spares.append(spare)
            return
    except asyncpg.PostgresError:
        pass
    finally:
        await connection.close()
    await _drop(spare)


async def _drop(spare: Spare) -> None:
    if spare.schema != "public":
        await drop_schema(spare.schema)
        return
    url = postgres_url()
    assert url is not None
    admin = await asyncpg.connect(_libpq(url))
    try:
        name = make_url(spare.url).database
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@atexit.register
def _drop_spares() -> None:
    spares = _spare_schemas + _spare_databases
    if not spares or postgres_url() is None:
        return

    async def drop_all() -> None:
        for spare in spares:
            with contextlib.suppress(Exception):
                await _drop(spare)

    asyncio.run(drop_all())


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    url = postgres_url()
    spare: Spare | None = None
    schema: str | None = None
    if request.param == "sqlite":
        database, _ = await make_database("sqlite", tmp_path, migrated=True)
    elif url is None:
        pytest.skip(PG_SKIP_REASON)
    elif request.node.get_closest_marker("fresh_schema"):
        database, schema = await make_database("postgres", tmp_path, migrated=True)
    else:
        database, spare = await lend_migrated_schema(url)
    await database.migrate()  # the copy is at head already: nothing to do
    try:
        yield database
    finally:
        await database.dispose()
        if spare is not None:
            await give_back(spare)
        elif schema is not None:
            await drop_schema(schema)


class FakeClock:
    """A clock the test moves by hand: no test ever sleeps."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 11, 22, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
