"""``python -m bot backup PATH`` and ``python -m bot restore PATH``.

A backup is taken while the bot runs and is consistent as of one moment: SQLite's online
backup (the copy :mod:`bot.db.migrations` also takes before an upgrade), or ``pg_dump`` for
PostgreSQL, of a repeatable-read snapshot exported by a transaction here that reads the schema
revision and counts the games in that same snapshot (what the line says is what the dump
holds, as for SQLite's copy).

A restore is checked before it counts: the file is whole (``PRAGMA integrity_check`` and every
reference), its schema revision is one this release knows (an older one is upgraded as at
start-up, a newer one refused), and every game's snapshot equals its log's replay. SQLite is
restored into a copy beside the database, checked there, and only then put in its place (the
database it replaces is kept beside it); PostgreSQL is restored by ``pg_restore`` in one
transaction and checked afterwards. Never under a running bot (:func:`held_by_a_bot`).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.engine import URL

from bot.db import Database, GameRow
from bot.db.migrations import backup_sqlite, current_revision, head_revision, known_revision
from bot.instance_lock import held_by_a_bot
from bot.services.errors import ServiceError
from bot.services.games import GameService
from bot.services.snapshot_refresh import upgrade_database
from rules.core import RulesError

#: How the tools are told to stop at the first error and restore all or nothing.
PG_RESTORE_OPTIONS = (
    "--clean",
    "--if-exists",
    "--no-owner",
    "--single-transaction",
    "--exit-on-error",
)


class BackupProblem(RuntimeError):
    """A backup or restore that cannot be done (nothing was changed); ``exit_code`` says why
    (see ``bot.__main__``)."""

    def __init__(self, line: str, exit_code: int) -> None:
        super().__init__(line)
        self.exit_code = exit_code


#: Mirrors ``bot.__main__``'s exit codes (this module must not import it).
BAD_ARGUMENT, UNUSABLE, RUNNING = 2, 6, 7


@dataclass(frozen=True)
class Checked:
    """What a check found: the schema revision, and the games whose snapshots were replayed."""

    revision: str
    games: int


# --- backing up ------------------------------------------------------------------------------


async def backup(database_url: str, target: Path) -> Checked:
    """Copy the live database to ``target``: the revision and the games it holds (SQLite's copy
    is checked for its integrity too, a dump is not)."""
    db = Database(database_url)
    try:
        if _exists(target):
            raise BackupProblem(f"{target} exists already: name a new file", BAD_ARGUMENT)
        file = db.sqlite_file
        if file is None and db.is_sqlite:
            raise BackupProblem("an in-memory database cannot be backed up", BAD_ARGUMENT)
        if file is None:
            return await _pg_dump(db, target)
        if not _is_file(file):
            raise BackupProblem(f"there is no database at {file} to back up", BAD_ARGUMENT)
        _make_folder(target)
        backup_sqlite(file, target)
        return Checked(_check_file(target), _count_games(target))
    finally:
        await db.dispose()


async def _pg_dump(db: Database, target: Path) -> Checked:
    """``pg_dump`` of the snapshot a transaction here exports and holds until the dump is done,
    with the revision and the games read in that snapshot."""
    dsn, env = _libpq(db.url)
    command = ["pg_dump", "--format=custom", f"--file={target}", dsn]
    _require_tool(command, db.url)  # before taking a connection
    async with db.engine.connect() as connection:
        connection = await connection.execution_options(isolation_level="REPEATABLE READ")
        async with connection.begin():
            snapshot = await connection.scalar(text("SELECT pg_export_snapshot()"))
            revision = await connection.run_sync(current_revision)
            games = await connection.scalar(select(func.count()).select_from(GameRow))
            command.insert(2, f"--snapshot={snapshot}")
            await asyncio.to_thread(_run_tool, command, env, db.url)
    return Checked(revision or "", int(games or 0))


# --- restoring -------------------------------------------------------------------------------


async def restore(database_url: str, source: Path) -> tuple[Checked, Path | None]:
    """Put the backup at ``source`` in place of the database, once it passes the checks;
    returns what was checked and where the replaced SQLite database was kept."""
    if not _is_file(source):
        raise BackupProblem(f"there is no backup at {source}", BAD_ARGUMENT)
    db = Database(database_url)
    try:
        running = await held_by_a_bot(db)
        if running:
            raise BackupProblem(f"cannot restore: {running}", RUNNING)
        file = db.sqlite_file
        if file is None and db.is_sqlite:
            raise BackupProblem("an in-memory database cannot be restored into", BAD_ARGUMENT)
        if file is None:
            _pg_restore(db.url, source)
            return await check_database(db, in_place=True), None
    finally:
        await db.dispose()
    return await _restore_sqlite(source, file)


async def _restore_sqlite(source: Path, target: Path) -> tuple[Checked, Path | None]:
    _check_file(source)
    staging = target.with_name(target.name + ".restoring")
    _remove_sqlite(staging)
    backup_sqlite(source, staging)
    try:
        staged = Database(f"sqlite+aiosqlite:///{staging}")
        try:
            checked = await check_database(staged)
        finally:
            await staged.dispose()
        _single_file(staging)
        kept = None
        if _exists(target):
            stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
            kept = backup_sqlite(
                target, target.with_name(f"{target.stem}.before-restore.{stamp}{target.suffix}")
            )
        _remove_sqlite(target)
        staging.replace(target)
    finally:
        _remove_sqlite(staging)
    return checked, kept


def _pg_restore(url: URL, source: Path) -> None:
    dsn, env = _libpq(url)
    _run_tool(["pg_restore", *PG_RESTORE_OPTIONS, f"--dbname={dsn}", str(source)], env, url)


# --- checking --------------------------------------------------------------------------------


async def check_database(db: Database, *, in_place: bool = False) -> Checked:
    """The schema brought to this release (an older revision upgraded as at start-up, a newer
    one refused), then every game's snapshot compared with its log's replay. ``in_place``: the
    database checked is the live one already (PostgreSQL's restore), not a staged copy."""
    async with db.engine.connect() as connection:
        revision = await connection.run_sync(current_revision)
    _require_known(revision)
    upgrade = await upgrade_database(db)
    if upgrade.backup is not None:
        upgrade.backup.unlink(missing_ok=True)  # the backup being restored is that copy
    service = GameService(db)
    async with db.read() as session:
        ids = list(await session.scalars(select(GameRow.id).order_by(GameRow.id)))
    differ = []
    for game_id in ids:
        try:
            game = await service.queries.get(game_id)
            if await service.queries.rebuild_state(game_id) != game.state:
                differ.append(game_id)
        except (RulesError, ServiceError):
            differ.append(game_id)
    if differ:
        sample = ", ".join(str(i) for i in differ[:5])
        raise BackupProblem(
            f"{len(differ)} of {len(ids)} games do not replay to their snapshots (games "
            f"{sample}): the backup is damaged"
            + ("; it was restored all the same: restore an older backup" if in_place else "")
            + ("" if in_place else "; nothing was changed"),
            UNUSABLE,
        )
    return Checked(upgrade.after, len(ids))


def _require_known(revision: str | None) -> None:
    if revision is None:
        raise BackupProblem("this is not an Asobiba database (it has no schema revision)", UNUSABLE)
    if not known_revision(revision):
        raise BackupProblem(
            f"the backup is at schema revision {revision}, which this release does not know "
            f"(its newest is {head_revision()}): restore it with the release that made it",
            UNUSABLE,
        )


def _check_file(path: Path) -> str:
    """A SQLite file's schema revision, once it is known to be whole."""
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            verdict = connection.execute("PRAGMA integrity_check").fetchone()
            broken = connection.execute("PRAGMA foreign_key_check").fetchall()
            tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
            revision = (
                connection.execute("SELECT version_num FROM alembic_version").fetchone()
                if "alembic_version" in tables
                else None
            )
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise BackupProblem(f"{path} is not a SQLite database ({error})", UNUSABLE) from None
    if verdict is None or verdict[0] != "ok":
        raise BackupProblem(f"{path} is damaged: integrity_check says {verdict}", UNUSABLE)
    if broken:
        raise BackupProblem(f"{path} has {len(broken)} broken references", UNUSABLE)
    _require_known(revision[0] if revision else None)
    return str(revision[0]) if revision else ""


def _count_games(path: Path) -> int:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(connection.execute("SELECT count(*) FROM game").fetchone()[0])
    finally:
        connection.close()


# --- files and tools -------------------------------------------------------------------------


def _make_folder(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)


def _exists(path: Path) -> bool:
    return path.exists()


def _is_file(path: Path) -> bool:
    return path.is_file()


def _single_file(path: Path) -> None:
    """Fold the write-ahead log into the file, so it can be moved on its own."""
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA journal_mode=DELETE")
    finally:
        connection.close()


def _remove_sqlite(path: Path) -> None:
    for extra in ("", "-wal", "-shm", "-journal"):
        path.with_name(path.name + extra).unlink(missing_ok=True)


def _libpq(url: URL) -> tuple[str, dict[str, str]]:
    """The URL as PostgreSQL's own tools take it, the password in their environment (not on
    the command line, where ``ps`` shows it)."""
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _require_tool(command: list[str], url: URL) -> None:
    tool = command[0]
    if shutil.which(tool) is None:
        shown = " ".join(command).replace(_libpq(url)[0], '"$DATABASE_URL"')
        raise BackupProblem(
            f"{tool} is not on PATH: install PostgreSQL's client tools (Debian: apt install "
            f"postgresql-client, of the server's major version or newer), or run it where they "
            f"are: {shown}",
            UNUSABLE,
        )


def _run_tool(command: list[str], env: dict[str, str], url: URL) -> None:
    _require_tool(command, url)
    tool = command[0]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise BackupProblem(
            f"{tool} failed (exit {done.returncode}): {said[0] if said else 'no message'}",
            UNUSABLE,
        )
