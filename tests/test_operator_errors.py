"""What an operator meets when something is set up wrong: one line that says what to do, and an
exit code a supervisor can act on — never a traceback. And a second bot process on the same
database and token is refused."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import __main__ as cli
from bot.config import ConfigError, Settings, invite_code
from bot.db import Database
from bot.instance_lock import AlreadyRunning, InstanceLock
from tests.conftest import drop_schema, make_database
from tests.test_operations import settings_for

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"DATABASE_URL": "nonsense"}, "DATABASE_URL is not a database URL: 'nonsense'"),
        ({"DATABASE_URL": "mysql://u:secret@h/db"}, "names 'mysql', which Asobiba does not"),
        ({"DATABASE_URL": "sqlite+pysqlite:///x.db"}, "asks for the driver 'pysqlite'"),
        ({"LOG_LEVEL": "bogus"}, "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR"),
        ({"METRICS_PORT": "99999"}, "METRICS_PORT must be a TCP port, 1 to 65535, not 99999"),
        ({"LOG_FORMAT": "xml"}, "LOG_FORMAT must be one of text, json, not 'xml'"),
        (
            {"HOME_SERVER_INVITE": "https://example.com/discord.gg/x"},
            "HOME_SERVER_INVITE must be a Discord invite link, https://discord.gg/<code> or",
        ),
    ],
)
def test_a_bad_setting_is_one_line_and_exit_2(env: dict[str, str], says: str) -> None:
    for command in ("migrate", "console"):
        done = run_cli(command, **env)
        assert done.returncode == cli.EXIT_CONFIG == 2
        (line,) = done.stderr.splitlines()
        assert line.startswith("configuration error: ") and says in line
        assert "secret" not in line


def test_settings_accept_the_usual_spellings() -> None:
    assert Settings.from_env({"LOG_LEVEL": "debug"}).log_level == "DEBUG"
    assert Settings.from_env({"DATABASE_URL": "postgres://u@h/d"}).database_url == (
        "postgresql+asyncpg://u@h/d"
    )
    for link in ("https://discord.gg/Asobiba", "https://discord.com/invite/asobiba-home/"):
        invite = Settings.from_env({"HOME_SERVER_INVITE": link}).home_server_invite
        assert invite == link.rstrip("/") and invite_code(invite) in link
    assert Settings.from_env({}).home_server_invite is None
    with pytest.raises(ConfigError, match="u:\\*\\*\\*@h"):
        Settings.from_env({"DATABASE_URL": "postgresql://u:secret@h:port/d"})


def test_a_folder_sqlite_cannot_write_is_named_as_such(tmp_path: Path) -> None:
    # /sys is read-only even for root (tests run as root, where chmod would not stop a write).
    for path in ("/sys/asobiba.sqlite3", "/sys/asobiba/asobiba.sqlite3"):
        done = run_cli("migrate", SQLITE_PATH=path)
        assert done.returncode == cli.EXIT_DATABASE == 6
        (line,) = done.stderr.splitlines()
        assert "SQLite database" in line and "create and write files in /sys" in line
        assert "database server" not in line and "Traceback" not in done.stderr


def test_the_console_meets_an_unusable_database_with_one_line() -> None:
    done = run_cli("console", DATABASE_URL="postgresql://asobiba:secret@127.0.0.1:9/x")
    assert done.returncode == 6
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: cannot use the database at postgresql+asyncpg://asobiba:***@")
    assert "database server is running" in line and "secret" not in line


def test_migrate_names_the_backup_it_took(tmp_path: Path) -> None:
    oldest = sorted((ROOT / "tests" / "data" / "upgrades").glob("*.sqlite"))[0]
    database = tmp_path / "asobiba.sqlite3"
    database.write_bytes(oldest.read_bytes())
    done = run_cli("migrate", SQLITE_PATH=str(database))
    assert done.returncode == 0, done.stderr
    (backup,) = tmp_path.glob(f"asobiba.rev{oldest.stem}.*.sqlite3")
    assert f"a copy from before the upgrade is at {backup}" in done.stderr
    again = run_cli("migrate", SQLITE_PATH=str(database))
    assert again.returncode == 0 and "copy" not in again.stderr  # nothing to do, no copy
    assert len(list(tmp_path.glob("asobiba.rev*"))) == 1


# --- one process per bot and shard -----------------------------------------------------------


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def test_a_second_process_for_the_same_bot_or_shard_is_refused(
    kind: str, tmp_path: Path
) -> None:
    first, schema = await make_database(kind, tmp_path)
    second = Database(str(first.url.render_as_string(hide_password=False)))
    if schema is not None:
        from tests.conftest import postgres_url

        second = Database(
            postgres_url() or "", connect_args={"server_settings": {"search_path": schema}}
        )
    held: list[InstanceLock] = []

    async def take(db: Database, token: str, shards: tuple[int, ...] | None) -> InstanceLock:
        lock = InstanceLock(db, token, shards)
        await lock.acquire()
        held.append(lock)
        return lock

    try:
        whole = await take(first, "token-a", None)
        with pytest.raises(AlreadyRunning, match="already runs this bot on this database"):
            await take(second, "token-a", None)
        with pytest.raises(AlreadyRunning):
            await take(second, "token-a", (0,))
        await take(second, "token-b", None)  # another bot on the same database is fine
        await whole.release()
        await take(first, "token-a", (0, 1))
        await take(second, "token-a", (2,))  # shards split between processes
        with pytest.raises(AlreadyRunning, match="already serves shard 1 of this bot"):
            await take(second, "token-a", (1, 3))
        with pytest.raises(AlreadyRunning):
            await take(second, "token-a", None)
    finally:
        for lock in held:
            await lock.release()
        await first.dispose()
        await second.dispose()
        if schema is not None:
            await drop_schema(schema)


async def test_run_refuses_a_second_bot_with_one_line_and_exit_7(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    db = Database(settings.database_url)
    running = InstanceLock(db, settings.discord_token or "", None)
    await running.acquire()
    try:
        err = io.StringIO()
        assert await cli.run_bot(settings, err=err) == cli.EXIT_ALREADY_RUNNING == 7
        (line,) = err.getvalue().splitlines()
        assert line == (
            f"error: another process (pid {os.getpid()}) already runs this bot on this "
            "database: stop it first (two processes would answer every interaction twice), "
            "or split the shards between them with SHARD_IDS (exit code 7)"
        )
        assert "not-a-real-token" not in "".join(os.listdir(tmp_path))
    finally:
        await running.release()
        await db.dispose()


def test_the_readme_backup_command_copies_a_live_database(tmp_path: Path) -> None:
    """The README's backup command, run while a connection holds writes in the WAL."""
    import asyncio
    import sqlite3

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (line,) = [x for x in readme.splitlines() if x.startswith(".venv/bin/python -m bot backup ")]
    target = line.split()[-1]
    database = tmp_path / "data" / "asobiba.sqlite3"

    async def migrated() -> None:
        db = Database(f"sqlite+aiosqlite:///{database}")
        try:
            await db.migrate()
        finally:
            await db.dispose()

    asyncio.run(migrated())
    live = sqlite3.connect(database)
    live.execute("PRAGMA journal_mode=WAL")
    live.execute("PRAGMA wal_autocheckpoint=0")  # the writes stay in the -wal file
    live.executemany(
        "INSERT INTO user_pref (user_id, notify, hide_stats, updated_at) "
        "VALUES (?, 'dm', 0, '2026-01-01 00:00:00')",
        [(i,) for i in range(100)],
    )
    live.commit()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bot", "backup", target],
            cwd=tmp_path,
            env={
                **os.environ,
                "SQLITE_PATH": str(database),
                "DATABASE_URL": "",
                "PYTHONPATH": str(ROOT),
            },
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
    finally:
        live.close()
    copy = sqlite3.connect(tmp_path / target)
    assert copy.execute("SELECT count(*) FROM user_pref").fetchone() == (100,)
    copy.close()


def test_pictures_are_drawn_by_workers_where_there_is_a_core_to_spare(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot import config

    assert Settings.from_env({"DRAWING_PROCESSES": "0"}).drawing_processes == 0
    assert Settings.from_env({"DRAWING_PROCESSES": "3"}).drawing_processes == 3
    with pytest.raises(ConfigError, match="DRAWING_PROCESSES"):
        Settings.from_env({"DRAWING_PROCESSES": "two"})
    # The default: two workers on two cores or more, threads on one.
    assert Settings.from_env({}).drawing_processes == config.DEFAULT_DRAWING_PROCESSES
    expected = 2 if config._usable_cores() >= 2 else 0
    assert expected == config.DEFAULT_DRAWING_PROCESSES
    monkeypatch.setattr(config.os, "sched_getaffinity", lambda _pid: {0})
    assert config._usable_cores() == 1
