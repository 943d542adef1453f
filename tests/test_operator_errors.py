"""What an operator meets when something is set up wrong: one line that says what to do, and an
exit code a supervisor can act on — never a traceback. And a second bot process on the same
database and token is refused."""

from __future__ import annotations

import io
import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import __main__ as cli
from bot.client import AsobibaBot
from bot.config import ConfigError, Settings, invite_code
from bot.db import Database
from bot.db.migrations import head_revision
from bot.instance_lock import AlreadyRunning, InstanceLock
from tests.conftest import drop_schema, make_database
from tests.fakediscord import FakeDiscord
from tests.test_operations import Sleeps, settings_for, unreachable

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
        ({"DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID must be a server's id, a number like"),
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


def test_dev_guild_id_is_a_snowflake_or_nothing() -> None:
    assert Settings.from_env({"DEV_GUILD_ID": " 1234567890123456789 "}).dev_guild_id == (
        1234567890123456789
    )
    assert Settings.from_env({"DEV_GUILD_ID": ""}).dev_guild_id is None
    # Once ignored: the commands went to every server instead of the one meant.
    for wrong in ("abc", "0", "-5", "12 34", "１２３", str(2**64), "https://discord.com/x"):
        with pytest.raises(ConfigError, match=f"DEV_GUILD_ID must be .* not {wrong!r}"):
            Settings.from_env({"DEV_GUILD_ID": wrong})


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


def test_migrate_says_what_it_did_and_names_the_backup_it_took(tmp_path: Path) -> None:
    oldest = sorted((ROOT / "tests" / "data" / "upgrades").glob("*.sqlite"))[0]
    database = tmp_path / "asobiba.sqlite3"
    database.write_bytes(oldest.read_bytes())
    where, head = f"sqlite+aiosqlite:///{database}", head_revision()
    done = run_cli("migrate", SQLITE_PATH=str(database))
    assert done.returncode == 0, done.stderr
    (backup,) = tmp_path.glob(f"asobiba.rev{oldest.stem}.*.sqlite3")
    steps = int(head) - int(oldest.stem)  # the revisions are numbered one after the other
    assert done.stdout.splitlines() == [
        f"upgraded the database at {where} from revision {oldest.stem} to {head} "
        f"({steps} revisions); a copy from before the upgrade is at {backup}"
    ]
    again = run_cli("migrate", SQLITE_PATH=str(database))
    assert again.returncode == 0 and "copy" not in again.stdout + again.stderr  # nothing to do
    assert again.stdout.splitlines() == [
        f"the database at {where} is already up to date (revision {head})"
    ]
    assert len(list(tmp_path.glob("asobiba.rev*"))) == 1
    fresh = tmp_path / "fresh.sqlite3"
    assert run_cli("migrate", SQLITE_PATH=str(fresh)).stdout.splitlines() == [
        f"created the database schema at sqlite+aiosqlite:///{fresh} (revision {head})"
    ]


def test_a_database_from_a_newer_release_says_how_to_roll_back(tmp_path: Path) -> None:
    """A rollback: this release meets a database a newer one upgraded. Every command that opens
    it says so in one line (it was a 110-line traceback), naming the copy to restore — and
    that command rolls back."""
    oldest = sorted((ROOT / "tests" / "data" / "upgrades").glob("*.sqlite"))[0]
    database = tmp_path / "asobiba.sqlite3"
    database.write_bytes(oldest.read_bytes())
    assert run_cli("migrate", SQLITE_PATH=str(database)).returncode == 0
    (copy,) = tmp_path.glob("asobiba.rev*.sqlite3")  # taken before that upgrade
    with sqlite3.connect(database) as connection:  # as a newer release would leave it
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    env = {
        "SQLITE_PATH": str(database),
        "DISCORD_TOKEN": "not-a-real-token",
        "HEARTBEAT_FILE": str(tmp_path / "heartbeat"),
        "LOG_LEVEL": "WARNING",
    }
    # RUN_MIGRATIONS=0 (a deployment migrating elsewhere) must not serve it either: without
    # the check the bot went on to connect to Discord over a schema it does not know.
    for command, skip in (("run", "1"), ("run", "0"), ("migrate", "1"), ("console", "1")):
        done = run_cli(command, **env, RUN_MIGRATIONS=skip)
        assert done.returncode == cli.EXIT_DATABASE == 6, done.stderr
        assert done.stderr.splitlines() == [
            f"error: the database at sqlite+aiosqlite:///{database} was written by a newer "
            f"release of Asobiba (schema revision 9999; this release knows up to "
            f"{head_revision()}): run that release, or roll back to this one by restoring the "
            "copy taken before the upgrade, with every bot on it stopped: python -m bot "
            f"restore {copy} (docs/operating.md: Rolling back) (exit code 6)"
        ], (command, skip)
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == (
            "9999",
        )  # nothing was changed
    restored = run_cli("restore", str(copy), SQLITE_PATH=str(database))
    assert restored.returncode == 0, restored.stderr
    assert run_cli("migrate", SQLITE_PATH=str(database)).stdout.startswith(
        "the database at sqlite+aiosqlite:///"
    )
    assert "### Rolling back" in (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")


def test_json_logs_carry_what_the_command_line_says(tmp_path: Path) -> None:
    """LOG_FORMAT=json: the lines said without logging (the outcome, why it exits) are JSON
    objects too, the exit code a field of its own."""
    database = tmp_path / "asobiba.sqlite3"
    done = run_cli("migrate", SQLITE_PATH=str(database), LOG_FORMAT="json")
    assert done.returncode == 0, done.stderr
    (outcome,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert outcome["logger"] == "bot" and outcome["level"] == "INFO"
    assert outcome["message"].startswith("created the database schema at sqlite")
    assert all(json.loads(line) for line in done.stderr.splitlines())
    refused = run_cli("migrate", LOG_FORMAT="json", DEV_GUILD_ID="abc")
    (line,) = refused.stderr.splitlines()
    entry = json.loads(line)
    assert refused.returncode == entry["exit_code"] == 2 and entry["level"] == "ERROR"
    assert entry["message"].startswith("configuration error: DEV_GUILD_ID must be")


async def test_json_logs_carry_the_retries_the_exit_and_the_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def start(self: AsobibaBot, token: str, *, reconnect: bool = True) -> None:
        raise unreachable()

    monkeypatch.setattr(AsobibaBot, "start", start)
    err = io.StringIO()
    settings = settings_for(tmp_path, connect_attempts=2, log_format="json")
    assert await cli.run_bot(settings, sleep=Sleeps(), err=err) == cli.EXIT_UNREACHABLE
    retry, final = (json.loads(line) for line in err.getvalue().splitlines())
    assert (
        retry["level"] == "WARNING"
        and "attempt 1 of 2 failed, retrying in 1 s" in (retry["message"])
    )
    assert final["level"] == "ERROR" and final["exit_code"] == 4
    assert final["message"].startswith("cannot reach Discord (OSError: ")
    stop = io.StringIO()
    cli._report(stop, settings, "SIGTERM: letting running interactions finish, then stopping")
    entry: dict[str, Any] = json.loads(stop.getvalue())
    assert entry["logger"] == "bot" and entry["message"].startswith("SIGTERM: letting")
    nothing = io.StringIO()
    quiet = settings_for(tmp_path, discord_token=None, log_format="json")
    assert await cli.run_bot(quiet, err=nothing) == cli.EXIT_NO_TOKEN
    (told,) = nothing.getvalue().splitlines()
    assert json.loads(told)["message"].startswith("DISCORD_TOKEN is not set")


async def test_a_busy_metrics_port_is_one_line_and_exit_8_without_retrying(
    tmp_path: Path,
) -> None:
    """It was told as "cannot reach Discord … check the network" and retried ten times."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        async with FakeDiscord() as fake:
            err, sleeps = io.StringIO(), Sleeps()
            settings = settings_for(
                tmp_path,
                discord_token=fake.token,
                metrics_port=port,
                metrics_host="127.0.0.1",
                app_emojis=False,
                drawing_processes=0,
            )
            code = await cli.run_bot(settings, sleep=sleeps, err=err)
    assert code == cli.EXIT_METRICS_PORT == 8
    assert sleeps.delays == []
    assert err.getvalue().splitlines() == [
        f"error: metrics port {port} is in use (METRICS_PORT): another program listens on it; "
        "stop it or choose another port (exit code 8)"
    ]


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
    """The operating guide's backup command, run while a connection holds writes in the WAL."""
    import asyncio
    import sqlite3

    readme = (ROOT / "docs" / "operating.md").read_text(encoding="utf-8")
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


def test_no_warning_about_voice_the_bot_never_uses() -> None:
    """discord.py warns at every start that PyNaCl and davey (voice's libraries) are missing."""
    plain = (
        "import logging; logging.basicConfig(); import discord; "
        "discord.Client(intents=discord.Intents.none())"
    )
    ours = (
        "import logging; logging.basicConfig(); from bot.client import AsobibaBot; "
        "from bot.config import Settings; from bot.db import Database; "
        "url = 'sqlite+aiosqlite://'; AsobibaBot(Settings(discord_token='x', database_url=url), "
        "Database(url))"
    )
    said = {
        name: subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        for name, code in (("plain", plain), ("ours", ours))
    }
    assert said["ours"].returncode == 0, said["ours"].stderr
    assert "voice will NOT be supported" in said["plain"].stderr  # what it would say
    assert "voice" not in said["ours"].stderr and not said["ours"].stderr.strip()
