"""``python -m bot backup PATH`` and ``restore PATH`` as an operator runs them: one line, an exit
code, and a restore that only ever puts a checked database in place — never a damaged backup,
one from a newer release, or one under a running bot. (A backup taken in the middle of play:
``tests/bot/test_live_backup.py``.)"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot import __main__ as cli
from bot.config import Settings
from bot.db import Database
from bot.db.migrations import head_revision
from bot.instance_lock import InstanceLock
from bot.services.games import GameService
from bot.services.snapshots import Player
from rules.core import Rng
from tests.conftest import PG_SKIP_REASON, postgres_url
from tests.test_operator_errors import run_cli
from tests.test_upgrades import assert_every_game_reads

ALICE, BOB = Player(101, "alice"), Player(202, "bob")
ROOT = Path(__file__).resolve().parent.parent


async def some_games(url: str) -> int:
    """A database at ``url`` with a finished and a running game of each two-player kind."""
    db = Database(url)
    try:
        await db.migrate()
        games = GameService(db, seed_source=Rng.from_seed(3))
        for kind in ("bushi", "senretsu"):
            for moves in (3, 9):
                made = await games.starts.challenge(kind, ALICE, BOB, challenger_seat=0)
                await games.starts.accept(made.game.id, BOB.user_id)
                for _ in range(moves):
                    game = await games.queries.get(made.game.id)
                    seat = game.rules.to_act(game.state)[0]
                    action = game.rules.legal_actions(game.state, seat)[0]
                    user = game.player(seat).user_id
                    await games.actions.act(game.id, user, None, game.rules.format(action))
        return 4
    finally:
        await db.dispose()


def sqlite_env(path: Path) -> dict[str, str]:
    return {"SQLITE_PATH": str(path)}


@dataclass
class Done:
    returncode: int
    stdout: str
    stderr: str


async def bot_command(command: str, path: Path | None = None, **env: str) -> Done:
    """``python -m bot backup|restore PATH`` in this process (the command line's own code after
    parsing; ``tests/bot/test_live_backup.py`` runs it as a process of its own)."""
    out, err = io.StringIO(), io.StringIO()
    settings = Settings.from_env({**env})
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = await cli.backup_or_restore(settings, command, path or Path())
    return Done(code, out.getvalue(), err.getvalue())


def files(folder: Path, pattern: str) -> list[Path]:
    return sorted(folder.glob(pattern))


def one_error_line(done: object, code: int, says: str) -> None:
    assert done.returncode == code, done.stderr  # type: ignore[attr-defined]
    (line,) = done.stderr.splitlines()  # type: ignore[attr-defined]
    assert line.startswith("error: ") and line.endswith(f"(exit code {code})"), line
    assert says in line, line
    assert "Traceback" not in done.stderr  # type: ignore[attr-defined]


async def test_a_backup_restores_and_a_restore_keeps_what_it_replaced(tmp_path: Path) -> None:
    live, copy, other = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3", tmp_path / "o.sqlite3"
    await some_games(f"sqlite+aiosqlite:///{live}")
    done = await bot_command("backup", copy, **sqlite_env(live))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"(schema revision {head_revision()}, 4 games)")
    one_error_line(await bot_command("backup", copy, **sqlite_env(live)), 2, "exists already")

    await some_games(f"sqlite+aiosqlite:///{other}")  # a database the restore replaces
    done = await bot_command("restore", copy, **sqlite_env(other))
    assert done.returncode == 0, done.stderr
    assert "all 4 games replay to their snapshots" in done.stdout
    assert "the database it replaced is kept at" in done.stdout
    kept = files(tmp_path, "o.before-restore.*.sqlite3")
    assert len(kept) == 1
    db = Database(f"sqlite+aiosqlite:///{other}")
    try:
        assert await assert_every_game_reads(db) == 4
    finally:
        await db.dispose()
    assert not files(tmp_path, "*.restoring*")


async def test_a_restore_refuses_under_a_running_bot(tmp_path: Path) -> None:
    live, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    await some_games(f"sqlite+aiosqlite:///{live}")
    assert (await bot_command("backup", copy, **sqlite_env(live))).returncode == 0
    db = Database(f"sqlite+aiosqlite:///{live}")
    lock = InstanceLock(db, "some-bot-token", (0,))  # a shard process, whatever its token
    await lock.acquire()
    try:
        done = await bot_command("restore", copy, **sqlite_env(live))
        one_error_line(done, cli.EXIT_ALREADY_RUNNING, "is running on this database: stop it first")
    finally:
        await lock.release()
        await db.dispose()
    assert (await bot_command("restore", copy, **sqlite_env(live))).returncode == 0


async def test_a_damaged_or_foreign_backup_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    live, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    await some_games(f"sqlite+aiosqlite:///{live}")
    assert (await bot_command("backup", copy, **sqlite_env(live))).returncode == 0
    before = live.read_bytes()

    # Two 武士将棋 games' snapshots swapped: each decodes, neither is its log's replay.
    damaged = tmp_path / "damaged.sqlite3"
    shutil.copy(copy, damaged)
    with sqlite3.connect(damaged) as connection:
        (a, sa), (b, sb) = connection.execute(
            "SELECT id, state FROM game WHERE game_type = 'bushi' ORDER BY id"
        ).fetchall()
        connection.execute("UPDATE game SET state = ? WHERE id = ?", (sb, a))
        connection.execute("UPDATE game SET state = ? WHERE id = ?", (sa, b))
    done = await bot_command("restore", damaged, **sqlite_env(live))
    one_error_line(done, cli.EXIT_DATABASE, "2 of 4 games do not replay to their snapshots")
    assert "nothing was changed" in done.stderr

    newer = tmp_path / "newer.sqlite3"
    shutil.copy(copy, newer)
    with sqlite3.connect(newer) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    done = await bot_command("restore", newer, **sqlite_env(live))
    one_error_line(done, cli.EXIT_DATABASE, "revision 9999, which this release does not know")

    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    one_error_line(
        await bot_command("restore", junk, **sqlite_env(live)), 6, "not a SQLite database"
    )
    one_error_line(
        await bot_command("restore", tmp_path / "nope", **sqlite_env(live)), 2, "no backup"
    )
    assert live.read_bytes() == before
    assert not files(tmp_path, "*.restoring*")


@pytest.fixture
async def two_postgres_databases() -> AsyncIterator[tuple[str, str]]:
    """Two fresh databases on the test server (a restore replaces a whole database)."""
    url = postgres_url()
    if url is None:
        pytest.skip(PG_SKIP_REASON)
    if shutil.which("pg_dump") is None:
        pytest.skip("needs PostgreSQL's client tools (pg_dump, pg_restore)")
    names = [f"backup_{uuid.uuid4().hex[:12]}" for _ in range(2)]
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT")
    async with admin.connect() as conn:
        for name in names:
            await conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    base = make_url(url)
    try:
        yield tuple(  # type: ignore[misc]
            base.set(drivername="postgresql", database=n).render_as_string(hide_password=False)
            for n in names
        )
    finally:
        async with admin.connect() as conn:
            for name in names:
                await conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.dispose()


@pytest.mark.postgres
async def test_postgres_backup_and_restore_through_pg_dump(
    two_postgres_databases: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, target = two_postgres_databases
    await some_games(source)
    dump = tmp_path / "asobiba.dump"
    done = await bot_command("backup", dump, DATABASE_URL=source)
    assert done.returncode == 0, done.stderr
    assert dump.stat().st_size > 0 and "backed up the database at postgresql" in done.stdout
    # What the dump holds, as SQLite's line says (read in the snapshot pg_dump dumped).
    assert done.stdout.strip().endswith(f"(schema revision {head_revision()}, 4 games)")
    running = Database(target)
    lock = InstanceLock(running, "some-bot-token", None)
    await lock.acquire()
    try:
        done = await bot_command("restore", dump, DATABASE_URL=target)
        one_error_line(done, cli.EXIT_ALREADY_RUNNING, "a bot process is running")
    finally:
        await lock.release()
        await running.dispose()
    done = await bot_command("restore", dump, DATABASE_URL=target)
    assert done.returncode == 0, done.stderr
    assert "all 4 games replay to their snapshots" in done.stdout
    db = Database(target)
    try:
        assert await assert_every_game_reads(db) == 4
    finally:
        await db.dispose()
    # Without PostgreSQL's tools on PATH: what to install, and the command to run elsewhere.
    monkeypatch.setenv("PATH", "/nonexistent")
    bare = await bot_command("backup", tmp_path / "x.dump", DATABASE_URL=source)
    one_error_line(bare, 6, "pg_dump is not on PATH: install PostgreSQL's client tools")
    assert '"$DATABASE_URL"' in bare.stderr


def image_layout(app: Path) -> Path:
    """``/app`` as the Dockerfile builds it — what its COPY lines copy, and the data folder —
    so a command that needs a file the image leaves out fails here too (Docker cannot run in
    the tests; the installed packages are the same)."""
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    copies = re.findall(r"^COPY (.+)$", dockerfile, re.MULTILINE)
    assert copies
    for line in copies:
        *sources, dest = line.split()
        for source in sources:
            where = app / dest / Path(source).name if dest.endswith("/") else app / dest
            if (ROOT / source).is_dir():
                shutil.copytree(ROOT / source, where, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                where.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / source, where)
    (app / "data").mkdir()
    return app


def in_the_image(app: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot …`` as the image runs it: from /app, with the settings it is given."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=app,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


async def test_a_backup_runs_from_the_images_files(tmp_path: Path) -> None:
    """The operating guide's Docker backup, `python -m bot backup data/asobiba.dump`, inside the
    image: on its default SQLite file here (PostgreSQL's, with pg_dump, just below)."""
    app = image_layout(tmp_path / "app")
    assert not (app / "tests").exists() and (app / "migrations").is_dir()
    games = await some_games(f"sqlite+aiosqlite:///{app / 'data' / 'asobiba.sqlite3'}")
    done = in_the_image(app, "backup", "data/asobiba.dump")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"(schema revision {head_revision()}, {games} games)")
    assert (app / "data" / "asobiba.dump").stat().st_size > 0


@pytest.mark.postgres
async def test_a_postgresql_backup_runs_from_the_images_files(
    two_postgres_databases: tuple[str, str], tmp_path: Path
) -> None:
    source, _ = two_postgres_databases
    games = await some_games(source)
    app = image_layout(tmp_path / "app")
    done = in_the_image(app, "backup", "data/asobiba.dump", DATABASE_URL=source)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"(schema revision {head_revision()}, {games} games)")
    assert (app / "data" / "asobiba.dump").stat().st_size > 0


async def test_with_json_logs_the_lines_are_json(tmp_path: Path) -> None:
    live, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    await some_games(f"sqlite+aiosqlite:///{live}")
    done = await bot_command("backup", copy, LOG_FORMAT="json", **sqlite_env(live))
    assert done.returncode == 0, done.stderr
    entry = json.loads(done.stdout)
    assert entry["level"] == "INFO" and entry["message"].startswith("backed up the database")
    again = await bot_command("backup", copy, LOG_FORMAT="json", **sqlite_env(live))
    refused = json.loads(again.stderr)
    assert again.returncode == refused["exit_code"] == 2 and refused["level"] == "ERROR"
    assert refused["message"].endswith("exists already: name a new file")


def test_the_command_line_asks_for_the_file() -> None:
    for command in ("backup", "restore"):
        done = run_cli(command)
        one_error_line(done, 2, f"{command} needs a file: python -m bot {command} PATH")
