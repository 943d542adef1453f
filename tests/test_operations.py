"""An operator's first hour: one clear line and a distinct exit code for each way ``python -m
bot`` can fail to start, back-off while Discord is unreachable, migrations before connecting,
a graceful stop on SIGTERM, and the health check."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from sqlalchemy import inspect

from bot import __main__ as cli
from bot.client import AsobibaBot
from bot.config import Settings
from bot.db import Database
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parent.parent


def settings_for(tmp_path: Path, **changes: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": "not-a-real-token",
        "database_url": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        "heartbeat_file": str(tmp_path / "heartbeat"),
        "connect_attempts": 5,
    }
    values.update(changes)
    return Settings(**values)


def unreachable() -> OSError:
    # What aiohttp raises when DNS fails or nothing listens (a ClientConnectorError is an
    # OSError too).
    return OSError(-3, "Temporary failure in name resolution")


class Sleeps:
    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


async def tables(url: str) -> set[str]:
    db = Database(url)
    try:
        async with db.engine.connect() as conn:
            return await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
    finally:
        await db.dispose()


async def test_no_network_backs_off_then_exits_4_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = 0

    async def start(self: AsobibaBot, token: str, *, reconnect: bool = True) -> None:
        nonlocal calls
        calls += 1
        raise unreachable()

    monkeypatch.setattr(AsobibaBot, "start", start)
    err, sleeps = io.StringIO(), Sleeps()
    settings = settings_for(tmp_path)
    code = await cli.run_bot(settings, sleep=sleeps, err=err)
    assert code == cli.EXIT_UNREACHABLE == 4
    assert calls == 5 and sleeps.delays == [1, 2, 4, 8]
    lines = err.getvalue().splitlines()
    assert len(lines) == 5 and "Traceback" not in err.getvalue()
    assert lines[0] == (
        "cannot reach Discord (OSError: [Errno -3] Temporary failure in name resolution); "
        "attempt 1 of 5 failed, retrying in 1 s"
    )
    assert lines[-1].startswith("error: cannot reach Discord (OSError: ")
    assert lines[-1].endswith(
        "after 5 attempts: check this machine's network, DNS, proxy and firewall (exit code 4)"
    )
    # Migrated before connecting: a fresh database is ready even though Discord never was.
    assert {"game", "alembic_version"} <= await tables(settings.database_url)


async def test_back_off_doubles_up_to_five_minutes_and_network_return_ends_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert [cli.backoff_delay(n) for n in range(1, 12)] == [
        1,
        2,
        4,
        8,
        16,
        32,
        64,
        128,
        256,
        300,
        300,
    ]
    failures = [
        unreachable(),
        aiohttp.ClientConnectionError("Connection reset"),
        discord.GatewayNotFound(),
        TimeoutError(),
    ]

    async def start(self: AsobibaBot, token: str, *, reconnect: bool = True) -> None:
        if failures:
            raise failures.pop(0)
        # The network is back: the bot runs until it is closed.

    monkeypatch.setattr(AsobibaBot, "start", start)
    err, sleeps = io.StringIO(), Sleeps()
    # CONNECT_ATTEMPTS=0: until the network returns.
    code = await cli.run_bot(settings_for(tmp_path, connect_attempts=0), sleep=sleeps, err=err)
    assert code == cli.EXIT_OK
    assert sleeps.delays == [1, 2, 4, 8]
    assert "attempt 4 failed, retrying in 8 s" in err.getvalue()


@pytest.mark.parametrize(
    "error", [discord.LoginFailure("Improper token has been passed.")], ids=["LoginFailure"]
)
async def test_a_refused_token_is_one_line_and_exit_3_without_retrying(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    async def start(self: AsobibaBot, token: str, *, reconnect: bool = True) -> None:
        raise error

    monkeypatch.setattr(AsobibaBot, "start", start)
    err, sleeps = io.StringIO(), Sleeps()
    assert await cli.run_bot(settings_for(tmp_path), sleep=sleeps, err=err) == 3
    assert sleeps.delays == []
    assert err.getvalue().splitlines() == [
        "error: Discord refused the token (LoginFailure: Improper token has been passed.): "
        "check DISCORD_TOKEN — Developer Portal → your application → Bot → Reset Token "
        "(exit code 3)"
    ]


async def test_a_wrong_token_against_fake_discord(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """End to end: the unmodified discord.py client sends the token to the loopback Discord,
    which answers GET /users/@me with 401; the operator sees one line, exit code 3."""
    async with FakeDiscord() as fake:
        err = io.StringIO()
        settings = settings_for(tmp_path, discord_token="wrong-" + fake.token)
        code = await cli.run_bot(settings, err=err)
        assert [(r.method, r.path, r.status) for r in fake.requests] == [("GET", "/users/@me", 401)]
    assert code == cli.EXIT_LOGIN_REFUSED
    assert err.getvalue().splitlines() == [
        "error: Discord refused the token (LoginFailure: Improper token has been passed.): "
        "check DISCORD_TOKEN — Developer Portal → your application → Bot → Reset Token "
        "(exit code 3)"
    ]
    assert not [r for r in caplog.records if r.levelno >= 40]


async def test_no_token_says_how_to_get_one_and_a_console_command_that_works(
    tmp_path: Path,
) -> None:
    err = io.StringIO()
    assert await cli.run_bot(settings_for(tmp_path, discord_token=None), err=err) == 5
    text = err.getvalue()
    assert text.startswith("DISCORD_TOKEN is not set")
    assert f"play in the terminal:  {cli.python_command('-m', 'bot', 'console')}" in text


def test_the_console_command_is_spelled_as_it_can_be_typed(tmp_path: Path) -> None:
    project = tmp_path / "asobiba"
    venv_python = project / ".venv" / "bin" / "python"
    venv_python.parent.mkdir(parents=True)
    venv_python.write_text("")
    spell = cli.python_command
    args = ("-m", "bot", "console")
    assert spell(*args, executable=str(venv_python), cwd=str(project)) == (
        ".venv/bin/python -m bot console"
    )
    # Outside the project: the absolute path.
    elsewhere = str(tmp_path / "elsewhere")
    assert spell(*args, executable=str(venv_python), cwd=elsewhere, path="") == (
        f"{venv_python} -m bot console"
    )
    # An activated venv: `python` on PATH is this very interpreter.
    venv_python.chmod(0o755)
    on_path = str(venv_python.parent)
    assert spell(*args, executable=str(venv_python), cwd=elsewhere, path=on_path) == (
        "python -m bot console"
    )
    # A `python3` on PATH that is only the same file (the venv's symlink target) is not it.
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python3").symlink_to(venv_python)
    other = str(tmp_path / "bin")
    assert spell(executable=str(venv_python), cwd=str(project), path=other) == ".venv/bin/python"
    assert spell(executable="/opt/my python/bin/python", cwd="/srv", path="") == (
        "'/opt/my python/bin/python'"
    )
    assert spell(executable=str(venv_python), cwd=str(venv_python.parent), path="") == "./python"


async def test_an_unreachable_database_is_one_line_and_exit_6(tmp_path: Path) -> None:
    err = io.StringIO()
    # Nothing listens on port 9 of the loopback: the connection is refused at once.
    settings = settings_for(tmp_path, database_url="postgresql://asobiba:secret@127.0.0.1:9/x")
    assert await cli.run_bot(settings, err=err) == cli.EXIT_DATABASE == 6
    (line,) = err.getvalue().splitlines()
    assert line.startswith(
        "error: cannot migrate the database at postgresql+asyncpg://asobiba:***@"
    )
    assert "secret" not in line and line.endswith("(exit code 6)")


def test_health_reads_the_heartbeat(tmp_path: Path) -> None:
    path = tmp_path / "heartbeat"
    assert cli.check_health(str(path))[0] is False
    path.write_text(f"{time.time() - 5}\n")
    healthy, line = cli.check_health(str(path))
    assert healthy and line.startswith("healthy: connected to Discord, heartbeat 5 s ago")
    assert cli.check_health(str(path), now=time.time() + 120)[0] is False
    assert cli.check_health("")[0] is False


def test_health_command_exit_codes(tmp_path: Path) -> None:
    env = {**os.environ, "HEARTBEAT_FILE": str(tmp_path / "heartbeat")}
    command = [sys.executable, "-m", "bot", "health"]
    missing = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
    assert missing.returncode == 1 and missing.stderr.startswith("unhealthy: no heartbeat")
    (tmp_path / "heartbeat").write_text(f"{time.time()}\n")
    fresh = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
    assert fresh.returncode == 0 and fresh.stdout.startswith("healthy")


CHILD = """
import asyncio, sys
from bot.__main__ import run_bot
from bot.config import Settings
from tests.fakediscord import FakeDiscord

async def main() -> int:
    async with FakeDiscord(assert_clean_on_exit=False) as fake:
        fake.add_guild("Dojo")
        settings = Settings(
            discord_token=fake.token, database_url=sys.argv[1], heartbeat_file=sys.argv[2]
        )
        return await run_bot(settings, heartbeat_interval=0.05)

sys.exit(asyncio.run(main()))
"""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_stops_the_running_bot_gracefully(tmp_path: Path) -> None:
    """``docker stop`` sends SIGTERM to PID 1: the real run path, connected to a loopback
    Discord in a child process, closes gracefully and exits 0 instead of being killed."""
    heartbeat = tmp_path / "heartbeat"
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            CHILD,
            f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
            str(heartbeat),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 600  # a hang guard: a quiet machine connects in seconds
        while not heartbeat.exists():
            assert child.poll() is None, child.communicate()
            assert time.monotonic() < deadline, "the bot never connected"
            time.sleep(0.05)
        assert cli.check_health(str(heartbeat))[0]
        child.send_signal(signal.SIGTERM)
        _out, err = child.communicate(timeout=600)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0, err
    assert "SIGTERM: letting running interactions finish, then stopping" in err
    assert "Traceback" not in err
    assert not heartbeat.exists()  # a stopped bot is unhealthy at once


class GoneOutput(io.StringIO):
    """stderr piped to a ``tee`` the same Ctrl-C ended: every write fails."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


async def test_a_stop_acts_first_and_a_report_that_cannot_be_written_does_not_undo_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first signal closes the bot (running interactions may finish), the second stops it
    at once — though neither can say so."""
    handlers: list[Callable[[str], None]] = []

    def install(
        loop: asyncio.AbstractEventLoop, on_stop: Callable[[str], None]
    ) -> Callable[[], None]:
        handlers.append(on_stop)  # called below as the loop would on SIGTERM
        return lambda: None

    monkeypatch.setattr(cli, "install_stop_handlers", install)
    made: list[AsobibaBot] = []
    closes: list[bool] = []
    serving, closed = asyncio.Event(), asyncio.Event()

    async def start(self: AsobibaBot, token: str, *, reconnect: bool = True) -> None:
        serving.set()
        await closed.wait()

    async def close(self: AsobibaBot) -> None:
        # An interaction still running: only a second signal cuts the wait short.
        closes.append(await self.asobiba.activity.wait_idle(grace=60))
        closed.set()

    monkeypatch.setattr(AsobibaBot, "start", start)
    monkeypatch.setattr(AsobibaBot, "close", close)

    def make_bot(settings: Settings) -> AsobibaBot:
        made.append(AsobibaBot(settings, Database(settings.database_url)))
        return made[-1]

    running = asyncio.create_task(
        cli.run_bot(settings_for(tmp_path), make_bot=make_bot, err=GoneOutput())
    )
    async with asyncio.timeout(60):  # a safety net: nothing here waits on the clock
        await serving.wait()
        (bot,) = made
        interaction = asyncio.create_task(busy(bot))
        await asyncio.sleep(0)
        (on_stop,) = handlers
        on_stop("SIGTERM")  # its line fails: the close has begun all the same
        await asyncio.sleep(0)
        assert not closed.is_set() and not running.done()  # waiting for the interaction
        on_stop("SIGTERM")  # again: its line fails too, and the bot stops at once
        with pytest.raises(asyncio.CancelledError):
            await running
    assert closes and not closes[0]  # the wait was cut short, the interaction still running
    interaction.cancel()
    await bot.db.dispose()


async def busy(bot: AsobibaBot) -> None:
    async with bot.asobiba.activity.handling():
        await asyncio.Event().wait()
