"""Schema upgrades that never lose a row, whichever way they run (the bot's start, ``python -m
bot migrate``, the console, or the ``alembic`` command line).

SQLite cannot alter a column or add a constraint in place: Alembic's batch mode copies the table
into a new one, drops the old and renames the new. With ``PRAGMA foreign_keys=ON`` (every
connection of ours has it) that ``DROP TABLE`` deletes every row that references the table —
each seat and move of every game — through ``ON DELETE CASCADE``. Alembic's documentation on
batch migrations ("Dealing with Referencing Foreign Keys") therefore has foreign keys turned off
around them. The pragma is ignored inside a transaction, so it is set before the upgrade's
transaction begins, checked inside it (``assert_foreign_keys_off``), and every reference is
checked with ``PRAGMA foreign_key_check`` before the commit.

Before upgrading a database file that already holds a schema, a consistent copy is taken beside
it with SQLite's online backup, while the upgrade holds the write lock (nobody can write in
between); :class:`Upgrade` says where.
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent.parent / "migrations"


class MigrationRefused(RuntimeError):
    """An upgrade would have lost or broken data; nothing was changed."""


class NewerDatabase(MigrationRefused):
    """The database is at a schema revision this release does not know: a newer release
    upgraded it (this one is a rollback). Nothing was changed."""

    def __init__(self, revision: str, head: str) -> None:
        super().__init__(
            f"the database is at schema revision {revision}, which this release does not know "
            f"(it knows up to {head}): a newer release of Asobiba wrote it"
        )
        self.revision = revision
        self.head = head


@dataclass(frozen=True)
class Upgrade:
    """What ``Database.migrate`` did: the revision before and after, and the backup it took."""

    before: str | None
    after: str
    backup: Path | None = None
    #: How many revisions the upgrade applied.
    steps: int = 0

    @property
    def changed(self) -> bool:
        return self.before != self.after


def alembic_config(connection: Connection | None = None) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def script_directory() -> Any:
    """This release's migrations, read once a process: Alembic compiles every migration file
    from source each time it builds its map, which cost each start (and each test's database)
    a third of a second of CPU; the files cannot change under a running process."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    script.revision_map.heads  # noqa: B018 - loads the map now, under no one's lock
    return script


def head_revision() -> str:
    head = script_directory().get_current_head()
    assert head is not None, "no migrations found"
    return str(head)


def known_revision(revision: str) -> bool:
    """Whether this release has the migration ``revision`` (else a newer release wrote it)."""
    from alembic.util import CommandError

    try:
        return script_directory().get_revision(revision) is not None
    except CommandError:
        return False


def revisions_between(before: str | None, after: str) -> int:
    """How many migrations lead from ``before`` (``None``: an empty database) to ``after``."""
    return len(list(script_directory().iterate_revisions(after, before or "base")))


def current_revision(connection: Connection) -> str | None:
    from alembic.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


@contextlib.contextmanager
def sqlite_foreign_keys_off(connection: Connection) -> Iterator[None]:
    """Foreign keys off for what runs inside (which must begin and end its own transaction),
    back on afterwards: the connection returns to the pool as every other one is."""
    if connection.in_transaction():
        raise MigrationRefused(
            "foreign keys can only be switched off outside a transaction: "
            "start the upgrade on a fresh connection"
        )
    raw = connection.connection.dbapi_connection
    assert raw is not None
    _pragma(raw, "PRAGMA foreign_keys=OFF")
    try:
        yield
    finally:
        _pragma(raw, "PRAGMA foreign_keys=ON")


@contextlib.contextmanager
def sqlite_patient_lock(connection: Connection, wait_ms: int, usual_ms: int) -> Iterator[None]:
    """Wait up to ``wait_ms`` for the file's write lock inside, ``usual_ms`` again afterwards:
    a process starting while another migrates (a big file can take minutes) waits for it, as
    on PostgreSQL, instead of failing after the usual busy timeout."""
    raw = connection.connection.dbapi_connection
    assert raw is not None
    _pragma(raw, f"PRAGMA busy_timeout={int(wait_ms)}")
    try:
        yield
    finally:
        _pragma(raw, f"PRAGMA busy_timeout={int(usual_ms)}")


def _pragma(raw: Any, statement: str) -> None:
    cursor = raw.cursor()
    try:
        cursor.execute(statement)
    finally:
        cursor.close()


def assert_foreign_keys_off(connection: Connection) -> None:
    """Refuse to run migrations on SQLite with foreign keys on: a table rebuild would cascade."""
    if connection.exec_driver_sql("PRAGMA foreign_keys").scalar():
        raise MigrationRefused(
            "SQLite foreign keys are on for this migration connection, so rebuilding a table "
            "would delete every row that references it; migrate with `python -m bot migrate`"
        )


def check_foreign_keys(connection: Connection) -> None:
    """Every reference still points at a row (run before the upgrade commits)."""
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        sample = ", ".join(f"{row[0]} row {row[1]} → {row[2]}" for row in broken[:5])
        raise MigrationRefused(
            f"the upgrade would leave {len(broken)} broken references ({sample}); "
            "nothing was changed"
        )


def backup_path(database: Path, before: str, now: datetime | None = None) -> Path:
    """Beside the database, named for the revision it holds and the time:
    ``asobiba.sqlite3`` → ``asobiba.rev0005.20261125T203512Z.sqlite3``."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    return database.with_name(f"{database.stem}.rev{before}.{stamp}{database.suffix}")


def backup_sqlite(source: Path, target: Path) -> Path:
    """A consistent copy of ``source`` at ``target`` through SQLite's online backup (pages are
    copied from one read snapshot, so a live database is copied as of one moment)."""
    if target.exists():
        raise MigrationRefused(f"a backup already exists at {target}")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        writer = sqlite3.connect(partial)
        try:
            reader.backup(writer)
            writer.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        finally:
            writer.close()
    finally:
        reader.close()
    partial.replace(target)
    return target


def refuse_newer(connection: Connection) -> str | None:
    """The database's schema revision, or :class:`NewerDatabase` when a newer release wrote it:
    a process that skips migrating (``RUN_MIGRATIONS=0``) must not serve a schema it does not
    know, whatever it would half-write there."""
    revision = current_revision(connection)
    if revision is not None and not known_revision(revision):
        raise NewerDatabase(revision, head_revision())
    return revision


def upgrade_locked(connection: Connection, database_file: Path | None) -> Upgrade:
    """Upgrade to head on a connection that holds the migration lock inside its transaction;
    backs up an existing file database first."""
    from alembic import command

    before = current_revision(connection)
    head = head_revision()
    if before == head:
        return Upgrade(before, head)
    if before is not None and not known_revision(before):
        # Alembic would fail with a traceback ("Can't locate revision"): say it is a rollback.
        raise NewerDatabase(before, head)
    backup = None
    if before is not None and database_file is not None:
        backup = backup_sqlite(database_file, backup_path(database_file, before))
    steps = revisions_between(before, head)
    command.upgrade(alembic_config(connection), "head")
    return Upgrade(before, head, backup, steps)
