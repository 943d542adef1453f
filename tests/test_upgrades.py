"""Upgrades keep every row and every game: databases made by earlier releases, one per schema
revision (``tests/data/upgrades/<revision>.sqlite``, see the README there), are upgraded to
head on SQLite — by the bot and by the ``alembic`` command line — and on PostgreSQL (the same
rows loaded into a schema at that revision). Afterwards every row of every table is still there
with the same values, every reference holds, and every game reads: its snapshot equals the
replay of its log, its plies run 1, 2, 3 …, and its board renders for every viewer.

A new migration that loses or changes a row fails here. Before writing one, capture a database
at the current head: ``python -m tests.data.upgrades.make_fixture``."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import MetaData, Table, inspect, select, text
from sqlalchemy.engine import Connection

from bot.db import Database, GameRow
from bot.db.engine import alembic_config
from bot.db.migrations import head_revision
from bot.games.registry import spec_for
from bot.services.games import GameService
from bot.services.snapshot_refresh import refresh_old_snapshots
from tests.conftest import drop_schema, make_database
from tests.services.test_history_summary import assert_each_finished_game_summed_up

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "data" / "upgrades"

#: Rows keyed by table, then by primary key; each row a mapping of column to plain value.
Rows = dict[str, dict[tuple[Any, ...], dict[str, Any]]]


def fixture_paths() -> list[Path]:
    return sorted(FIXTURES.glob("*.sqlite"))


def revision_of(fixture: Path) -> str:
    return fixture.stem.split("-")[0]  # "0005-403b87a": revision 0005, release 403b87a


def all_revisions() -> list[str]:
    script = ScriptDirectory.from_config(alembic_config())
    return sorted(rev.revision for rev in script.walk_revisions())


def test_every_earlier_revision_has_a_database_made_by_its_release() -> None:
    have = {revision_of(path) for path in fixture_paths()}
    earlier = set(all_revisions()) - {head_revision()}
    missing = sorted(earlier - have)
    assert not missing, (
        f"no database at revision(s) {missing} in {FIXTURES}: before a new migration, run "
        "`python -m tests.data.upgrades.make_fixture` at the old head and commit the file"
    )


def test_each_fixture_is_at_its_revision_and_holds_games() -> None:
    for path in fixture_paths():
        with _readonly(path) as conn:
            (revision,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
            games = conn.execute("SELECT count(*) FROM game").fetchone()[0]
            events = conn.execute("SELECT count(*) FROM game_event").fetchone()[0]
        assert revision == revision_of(path)
        assert games >= 10 and events >= games, path.name


# --- reading every row ---------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """One spelling per value whichever database held it: times aware in UTC, JSON decoded."""
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return value


def read_rows(conn: Connection) -> Rows:
    inspector = inspect(conn)
    metadata = MetaData()
    rows: Rows = {}
    for name in inspector.get_table_names():
        if name == "alembic_version":
            continue
        with warnings.catch_warnings():
            # Rows are read, not indexes: SQLite's on expressions can't be reflected (0021).
            warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based")
            table = Table(name, metadata, autoload_with=conn)
        key = [c.name for c in table.primary_key.columns] or [c.name for c in table.columns]
        rows[name] = {
            tuple(row[k] for k in key): {c: _plain(v) for c, v in row.items()}
            for row in conn.execute(select(table)).mappings()
        }
    return rows


#: Tables a migration renamed, old name → new (0016: the clock's notices became the outbox).
RENAMED = {"clock_notice": "delivery"}


def assert_kept(before: Rows, after: Rows) -> None:
    """Every row before is there after (under its table's new name, where it was renamed),
    with every column it had unchanged."""
    for table, old_rows in before.items():
        table = RENAMED.get(table, table)
        assert table in after, f"table {table} is gone"
        new_rows = after[table]
        lost = sorted(set(old_rows) - set(new_rows))
        assert not lost, f"{table}: {len(lost)} of {len(old_rows)} rows lost, e.g. {lost[:3]}"
        assert len(new_rows) == len(old_rows), f"{table}: rows appeared"
        for key, old in old_rows.items():
            new = new_rows[key]
            changed = {c: (v, new.get(c)) for c, v in old.items() if c in new and new[c] != v}
            assert not changed, f"{table} {key}: changed {changed}"
            dropped = set(old) - set(new)
            assert not dropped, f"{table}: columns dropped with their data: {dropped}"


async def assert_every_game_reads(db: Database) -> int:
    """Every game's snapshot equals its log's replay and its board renders for every viewer."""
    service = GameService(db)
    async with db.read() as session:
        ids = list(await session.scalars(select(GameRow.id).order_by(GameRow.id)))
    for game_id in ids:
        game = await service.queries.get(game_id)
        assert await service.queries.rebuild_state(game_id) == game.state, f"game {game_id}"
        log = await service.queries.event_log(game_id)
        assert [e.ply for e in log] == list(range(1, len(log) + 1)), f"game {game_id}"
        assert game.ply == len(log), f"game {game_id}"
        rules = spec_for(game.game_type).rules
        assert len(game.seats) == rules.seats, f"game {game_id}: seats {game.seats}"
        for viewer in (None, *range(rules.seats)):
            for locale in ("ja", "en"):
                assert rules.render(rules.view_for(game.state, viewer), locale)
    return len(ids)


def without_summaries(rows: Rows) -> Rows:
    """``rows`` without the seats' copies of their games' summaries (kept by the database)."""
    seats = {
        k: {c: v for c, v in row.items() if c != "summary"} for k, row in rows["game_seat"].items()
    }
    return {**rows, "game_seat": seats}


async def assert_snapshots_refreshed(db: Database) -> None:
    """What the bot does after migrating (``upgrade_database``): snapshots of an older state
    schema are rebuilt from their logs — changing nothing but the snapshot and its schema
    version (the position is the log's, so a board drawn before stays current: the version
    stays) — and then every game reads."""
    async with db.engine.connect() as conn:
        before = await conn.run_sync(read_rows)
    old = {
        key
        for key, row in before["game"].items()
        if row["schema_version"] < spec_for(row["game_type"]).rules.schema_version
    }
    assert await refresh_old_snapshots(db) == len(old)
    async with db.engine.connect() as conn:
        after = await conn.run_sync(read_rows)
    snapshot = {"state", "schema_version"}
    for key, row in before["game"].items():
        moved = {c for c in row if row[c] != after["game"][key][c]}
        assert moved <= (snapshot if key in old else set()), f"game {key}: {moved}"
        if key in old:
            assert "schema_version" in moved
    # A finished game's seats carry its summary (0026), which follows its schema version.
    assert {t: r for t, r in without_summaries(after).items() if t != "game"} == {
        t: r for t, r in without_summaries(before).items() if t != "game"
    }
    await assert_each_finished_game_summed_up(db)
    assert await refresh_old_snapshots(db) == 0  # once is enough
    assert await assert_every_game_reads(db) == len(before["game"])


# --- the upgrades ----------------------------------------------------------------------------


@pytest.fixture(params=fixture_paths(), ids=lambda path: path.stem)
def fixture(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


async def test_the_bot_upgrades_sqlite_keeping_every_row_and_game(
    fixture: Path, tmp_path: Path
) -> None:
    database = tmp_path / "asobiba.sqlite3"
    shutil.copyfile(fixture, database)
    before = _sqlite_rows(database)
    db = Database(f"sqlite+aiosqlite:///{database}")
    try:
        upgrade = await db.migrate()
        assert upgrade.before == revision_of(fixture) and upgrade.after == head_revision()
        async with db.engine.connect() as conn:
            assert_kept(before, await conn.run_sync(read_rows))
            assert await conn.scalar(text("PRAGMA foreign_keys")) == 1  # back on after
            assert (await conn.execute(text("PRAGMA foreign_key_check"))).all() == []
            assert await conn.scalar(text("PRAGMA integrity_check")) == "ok"
        await assert_snapshots_refreshed(db)
    finally:
        await db.dispose()
    if upgrade.changed:
        # The copy taken before the upgrade is the database as it was.
        assert upgrade.backup is not None and upgrade.backup.parent == tmp_path
        assert _sqlite_rows(upgrade.backup) == before
        assert _revision(upgrade.backup) == revision_of(fixture)
    else:
        assert upgrade.backup is None


#: ``python -m alembic upgrade head`` (``alembic``'s own entry point), once for each database
#: named after it, in one fresh process with nothing but ``PATH`` and ``DATABASE_URL`` set.
ALEMBIC_COMMAND_LINE = """
import os, sys
from alembic.config import main
for url in sys.argv[1:]:
    os.environ["DATABASE_URL"] = url
    main(["upgrade", "head"], prog="alembic")
"""


@pytest.fixture(scope="module")
def upgraded_by_the_command_line(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Path]:
    """A copy of every fixture, upgraded by the ``alembic`` command line: one process for them
    all (a process each spent a second and a half of CPU importing, seventeen times a run)."""
    folder = tmp_path_factory.mktemp("alembic-command-line")
    copies = {fixture: folder / f"{fixture.stem}.sqlite3" for fixture in fixture_paths()}
    for fixture, copy in copies.items():
        shutil.copyfile(fixture, copy)
    done = subprocess.run(
        [sys.executable, "-c", ALEMBIC_COMMAND_LINE, *(f"sqlite:///{c}" for c in copies.values())],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return copies


def test_the_alembic_command_line_upgrades_sqlite_keeping_every_row(
    fixture: Path, upgraded_by_the_command_line: dict[Path, Path]
) -> None:
    database = upgraded_by_the_command_line[fixture]
    assert _revision(database) == head_revision()
    assert_kept(_sqlite_rows(fixture), _sqlite_rows(database))


@pytest.mark.postgres
async def test_postgres_upgrades_keeping_every_row_and_game(fixture: Path, tmp_path: Path) -> None:
    db, schema = await make_database("postgres", tmp_path)
    assert schema is not None
    revision = revision_of(fixture)
    try:
        await db.run_migrations(lambda c: command.upgrade(alembic_config(c), revision))
        before = _sqlite_rows(fixture)
        async with db.engine.begin() as conn:
            await conn.run_sync(_load, before)
        upgrade = await db.migrate()
        assert (upgrade.before, upgrade.after, upgrade.backup) == (revision, head_revision(), None)
        async with db.engine.connect() as conn:
            after = await conn.run_sync(read_rows)
        # A seat's summary (from 0026) is the database's own, written by its triggers as the
        # rows are loaded: SQLite's JSON and PostgreSQL's say the same in their own forms (its
        # times' text, flags as 0/1), which the check below decodes and compares with the game.
        assert_kept(without_summaries(before), without_summaries(after))
        await assert_snapshots_refreshed(db)
    finally:
        await db.dispose()
        await drop_schema(schema)


async def test_a_migration_that_would_break_references_changes_nothing(tmp_path: Path) -> None:
    """The check before the commit: a reference left dangling rolls the whole upgrade back."""
    oldest = fixture_paths()[0]
    database = tmp_path / "asobiba.sqlite3"
    shutil.copyfile(oldest, database)
    with sqlite3.connect(database) as conn:
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute("DELETE FROM game WHERE id = (SELECT min(game_id) FROM game_seat)")
    before = _sqlite_rows(database)
    db = Database(f"sqlite+aiosqlite:///{database}")
    try:
        with pytest.raises(Exception, match="broken references"):
            await db.migrate()
    finally:
        await db.dispose()
    assert _revision(database) == revision_of(oldest)
    assert _sqlite_rows(database) == before


# --- helpers ---------------------------------------------------------------------------------


def _readonly(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def _revision(path: Path) -> str:
    with _readonly(path) as conn:
        (revision,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(revision)


def _sqlite_rows(path: Path) -> Rows:
    """Every row of a database file, read through SQLAlchemy's reflected types."""
    from sqlalchemy import create_engine

    engine = create_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    try:
        with engine.connect() as conn:
            return read_rows(conn)
    finally:
        engine.dispose()


#: Tables the database's own triggers fill from the rows they count (migration 0023): they are
#: made again as those rows are loaded (and compared afterwards), so copying them would count
#: twice.
KEPT_BY_TRIGGERS = {"standings_size"}


def _load(conn: Connection, rows: Rows) -> None:
    """Insert ``rows`` into the tables of a PostgreSQL schema at the same revision, parents
    first, then move each id sequence past the ids taken."""
    metadata = MetaData()
    metadata.reflect(conn)
    for table in metadata.sorted_tables:
        if table.name in {"alembic_version", *KEPT_BY_TRIGGERS} or not rows.get(table.name):
            continue
        values = [_for_postgres(table, row) for row in rows[table.name].values()]
        conn.execute(table.insert(), values)
        for column in table.primary_key.columns:
            if column.autoincrement is True or column.server_default is not None:
                conn.execute(
                    text(
                        "SELECT setval(pg_get_serial_sequence(:t, :c), "
                        f"(SELECT max({column.name}) FROM {table.name}))"
                    ),
                    {"t": table.name, "c": column.name},
                )


def _for_postgres(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in row.items():
        column = table.columns[name]
        if isinstance(value, str) and column.type.__class__.__name__ in ("JSON", "JSONB"):
            value = json.loads(value)
        out[name] = value
    return out
