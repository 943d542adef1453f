"""Command line: ``python -m bot [run|console|web|migrate|health|backup PATH|restore PATH]``
(``run`` is the default).

``run`` migrates the database (unless ``RUN_MIGRATIONS=0``), then connects to Discord. Whatever
stops it is told in one line on stderr, with an exit code a supervisor can act on:

==  =============================================================================================
0   stopped cleanly: Ctrl-C or SIGTERM (``docker stop``) let running interactions finish
1   an unexpected error (the only case with a traceback), or a second Ctrl-C/SIGTERM
2   a setting has a value we cannot use
3   Discord refused the token (login failed): check ``DISCORD_TOKEN``
4   Discord could not be reached ``CONNECT_ATTEMPTS`` times in a row (with back-off between)
5   ``DISCORD_TOKEN`` is not set
6   the database could not be reached or migrated (or a newer release wrote it: a rollback)
7   another process already runs this bot (or the same shard) on this database
8   the metrics endpoint cannot listen on ``METRICS_PORT`` (another program has the port)
==  =============================================================================================

With ``LOG_FORMAT=json`` those lines (and the rest ``run``, ``migrate``, ``backup`` and
``restore`` say) are JSON objects like the log's, an ``exit_code`` field beside the message.

``backup PATH`` copies the live database (SQLite's online backup, or ``pg_dump``); ``restore
PATH`` checks a backup and puts it in place of the database (refused with 7 while a bot runs on
it). Either says what it did in one line, or why not with 2 (PATH is wrong) or 6 (the database
or the backup can't be used).

``web`` serves the read-only web pages (:mod:`bot.web`, docs/web.md): exit code 2 for a bad
``WEB_*`` setting or a port it cannot listen on, 6 when the database can't be used.

``health`` exits 0 while the running bot's heartbeat file is fresh (every shard connected in
the last minute) and 1 otherwise, as Docker's ``HEALTHCHECK`` expects.

``console`` plays in the terminal (:mod:`bot.console`: exit code 2 when ``--resume N`` names no
game it can go on with, 6 when the database can't be used). Its options (``--list``,
``--resume``, ``--lang``) given to another command are refused with 2, in one line: ``python -m
bot --list`` must not start the bot.

docs/operating.md: what each signal does, how long a stop takes, systemd and Docker.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import os
import shlex
import shutil
import signal
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

from bot.config import ConfigError, Settings
from bot.log_format import configure_logging, said
from bot.output import unfailing_output

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from bot.client import AsobibaBot
    from bot.db import Database
    from bot.db.migrations import Upgrade

T = TypeVar("T")

log = logging.getLogger("bot")

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_CONFIG = 2
EXIT_LOGIN_REFUSED = 3
EXIT_UNREACHABLE = 4
EXIT_NO_TOKEN = 5
EXIT_DATABASE = 6
EXIT_ALREADY_RUNNING = 7
EXIT_METRICS_PORT = 8

#: Back-off between attempts to reach Discord: 1 s, 2 s, 4 s … doubling, at most 5 minutes.
BACKOFF_FIRST_SECONDS = 1.0
BACKOFF_MAX_SECONDS = 300.0
#: The bot rewrites its heartbeat file this often while connected; ``health`` calls a heartbeat
#: older than ``HEARTBEAT_STALE_SECONDS`` dead.
HEARTBEAT_SECONDS = 15.0
HEARTBEAT_STALE_SECONDS = 60.0

NO_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot connect to Discord (exit code 5).

  1. Create an application at https://discord.com/developers/applications
  2. Bot → Reset Token → copy it, then:  export DISCORD_TOKEN=...
     (with Docker: put DISCORD_TOKEN=... in .env beside docker-compose.yml, see .env.example)
  3. Invite it (README.md, "Creating the Discord application") and run this command again.

Meanwhile you can play in the terminal:  {console}
"""


def python_command(
    *args: str,
    executable: str | None = None,
    cwd: str | None = None,
    path: str | None = None,
) -> str:
    """How to run ``python <args>`` with *this* interpreter, as the user can type it here:
    plain ``python`` when that is this interpreter on ``PATH`` (an activated venv), else its
    path relative to the current directory when it is inside it (a project's
    ``.venv/bin/python``), else its absolute path. Paths are compared unresolved: a venv's
    ``python`` is a symlink to the system's, which lacks the venv's packages."""
    exe = os.path.abspath(executable if executable is not None else sys.executable)
    here = os.path.abspath(cwd if cwd is not None else os.getcwd())
    spelled = exe
    for name in ("python", "python3"):
        found = shutil.which(name, path=path)
        if found and os.path.abspath(found) == exe:
            spelled = name
            break
    else:
        if os.path.commonpath([exe, here]) == here:
            spelled = os.path.relpath(exe, here)
            if os.sep not in spelled:  # a bare name would be looked up on PATH
                spelled = os.path.join(os.curdir, spelled)
    return " ".join(shlex.quote(part) for part in (spelled, *args))


def backoff_delay(failures: int) -> float:
    """Seconds to wait after the ``failures``-th failed attempt in a row (1, 2, 4 … ≤ 300)."""
    doublings = min(max(failures - 1, 0), 30)
    return min(BACKOFF_MAX_SECONDS, BACKOFF_FIRST_SECONDS * float(1 << doublings))


def install_stop_handlers(
    loop: asyncio.AbstractEventLoop, on_stop: Callable[[str], None]
) -> Callable[[], None]:
    """Call ``on_stop(signal name)`` on SIGTERM (``docker stop``, systemd) and SIGINT (Ctrl-C)
    instead of dying at once; returns a function that restores the defaults. Where the loop
    cannot handle signals (Windows) nothing changes: Ctrl-C still raises KeyboardInterrupt."""
    installed: list[signal.Signals] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, on_stop, sig.name)
        except (NotImplementedError, RuntimeError, ValueError):
            continue
        installed.append(sig)

    def remove() -> None:
        for sig in installed:
            loop.remove_signal_handler(sig)

    return remove


class Heartbeat:
    """Rewrites ``path`` with the time every ``interval`` seconds while every shard of the bot
    is connected, so ``python -m bot health`` (another process) can tell a live bot."""

    def __init__(self, bot: AsobibaBot, path: str, interval: float) -> None:
        self.bot = bot
        self.path = Path(path) if path else None
        self.interval = interval
        #: Whether the bot was ever fully connected (resets the network back-off).
        self.connected_once = False

    def connected(self) -> bool:
        bot = self.bot
        return (
            bot.is_ready()
            and not bot.is_closed()
            and bool(bot.shards)
            and all(not shard.is_closed() for shard in bot.shards.values())
        )

    async def run(self) -> None:
        while True:
            if self.connected():
                self.connected_once = True
                self.beat()
            await asyncio.sleep(self.interval)

    def beat(self) -> None:
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            partial = self.path.with_name(self.path.name + ".tmp")
            partial.write_text(f"{time.time():.3f}\n", encoding="utf-8")
            partial.replace(self.path)
        except OSError as error:
            log.warning("cannot write the heartbeat file %s: %s", self.path, error)

    def clear(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()


def check_health(path: str, *, now: float | None = None) -> tuple[bool, str]:
    """Whether the heartbeat at ``path`` is fresh, and a line saying so."""
    if not path:
        return False, "unhealthy: HEARTBEAT_FILE is empty, so the bot writes no heartbeat"
    try:
        written = float(Path(path).read_text(encoding="utf-8").strip())
    except FileNotFoundError:
        return False, f"unhealthy: no heartbeat at {path} (not connected to Discord yet?)"
    except (OSError, ValueError) as error:
        return False, f"unhealthy: cannot read the heartbeat at {path}: {error}"
    age = (time.time() if now is None else now) - written
    if age > HEARTBEAT_STALE_SECONDS:
        return False, f"unhealthy: last heartbeat {age:.0f} s ago (not connected to Discord)"
    return True, f"healthy: connected to Discord, heartbeat {max(age, 0):.0f} s ago"


def _network_errors() -> tuple[type[BaseException], ...]:
    import aiohttp
    import discord

    return (
        OSError,  # includes aiohttp.ClientConnectorError: DNS, refused, unreachable
        aiohttp.ClientError,
        TimeoutError,
        discord.GatewayNotFound,
        discord.ConnectionClosed,
        discord.DiscordServerError,
    )


async def migrate_database(settings: Settings, err: TextIO, out: TextIO | None = None) -> int:
    """Upgrade the schema (a file database is backed up first, and the copy named);
    ``EXIT_DATABASE`` with one line on ``err`` if the database can't be used. What was done
    is said on ``out`` (``migrate``: nothing to do too), else logged — but for the copy taken
    before an upgrade, said on ``err`` whatever the log level: the operator must learn where
    it is."""
    from bot.db.diagnosis import describe_migration
    from bot.services.snapshot_refresh import upgrade_database

    async def upgraded(db: Database) -> tuple[Upgrade, URL]:
        return await upgrade_database(db), db.url

    done = await _using_database(settings, err, "migrate", upgraded)
    if done is None:
        return EXIT_DATABASE
    upgrade, url = done
    if out is not None:
        _say(out, settings, describe_migration(upgrade, url))
        return EXIT_OK
    if upgrade.backup is not None:
        _say(err, settings, describe_migration(upgrade, url))
    else:
        log.info("%s", describe_migration(upgrade, url))
    return EXIT_OK


async def check_schema(settings: Settings, err: TextIO) -> int:
    """With ``RUN_MIGRATIONS=0``: refuse a database a newer release wrote (``EXIT_DATABASE``,
    one line), as migrating would; anything else is left to the migration step run elsewhere."""
    from bot.db.migrations import refuse_newer

    async def known(db: Database) -> bool:
        async with db.engine.connect() as connection:
            await connection.run_sync(refuse_newer)
        return True

    return EXIT_OK if await _using_database(settings, err, "open", known) else EXIT_DATABASE


async def _using_database(
    settings: Settings, err: TextIO, doing: str, work: Callable[[Database], Awaitable[T]]
) -> T | None:
    """``work`` on the database (disposed of afterwards); ``None`` when the database can't be
    used, said in one line on ``err`` (``doing`` names the step: "migrate", "open")."""
    from bot.db import Database
    from bot.db.diagnosis import DATABASE_PROBLEMS, describe_problem

    try:
        db = Database(settings.database_url)
        try:
            return await work(db)
        finally:
            await db.dispose()
    except DATABASE_PROBLEMS as error:
        line = describe_problem(settings.database_url, error, doing)
        _say(err, settings, f"error: {line}", EXIT_DATABASE)
        return None


async def backup_or_restore(settings: Settings, command: str, path: Path) -> int:
    """``backup`` or ``restore`` (:mod:`bot.backups`): one line saying what was done, or why not."""
    from bot.backups import BackupProblem, backup, restore
    from bot.db import Database
    from bot.db.diagnosis import DATABASE_PROBLEMS, describe_problem

    where = Database(settings.database_url).url.render_as_string(hide_password=True)
    try:
        if command == "backup":
            checked = await backup(settings.database_url, path)
            done = (
                f"backed up the database at {where} to {path} (schema revision "
                f"{checked.revision}, {checked.games} games)"
            )
        else:
            checked_in, kept = await restore(settings.database_url, path)
            done = (
                f"restored {path} into the database at {where} (schema revision "
                f"{checked_in.revision}; all {checked_in.games} games replay to their snapshots)"
            )
            if kept is not None:
                done += f"; the database it replaced is kept at {kept}"
    except BackupProblem as problem:
        _say(sys.stderr, settings, f"error: {problem}", problem.exit_code)
        return problem.exit_code
    except DATABASE_PROBLEMS as error:
        line = describe_problem(settings.database_url, error, command)
        _say(sys.stderr, settings, f"error: {line}", EXIT_DATABASE)
        return EXIT_DATABASE
    _say(sys.stdout, settings, done)
    return EXIT_OK


def _make_bot(settings: Settings) -> AsobibaBot:
    from bot.client import AsobibaBot
    from bot.db import Database

    return AsobibaBot(settings, Database(settings.database_url))


async def run_bot(
    settings: Settings,
    *,
    make_bot: Callable[[Settings], AsobibaBot] = _make_bot,
    sleep: Callable[[float], Awaitable[None]] | None = None,
    err: TextIO | None = None,
    heartbeat_interval: float = HEARTBEAT_SECONDS,
) -> int:
    """Migrate, then connect and serve until stopped; returns the exit code.

    A network failure is retried with exponential back-off (``backoff_delay``) up to
    ``settings.connect_attempts`` attempts in a row (0: for ever); a refused token is final.
    SIGTERM and SIGINT close the bot gracefully (running interactions finish); a second one
    stops at once. ``sleep`` replaces the back-off wait (tests).

    A stop acts before it says so, and what it says cannot undo it: with its output gone (a
    closed pipe, ``… | tee`` ended by the same Ctrl-C) or stuck (a full one) the bot stops all
    the same (:mod:`bot.output` keeps ``python -m bot``'s writes from failing or waiting)."""
    out = err if err is not None else sys.stderr
    token = settings.discord_token
    if not token:
        told = NO_TOKEN.format(console=python_command("-m", "bot", "console"))
        if settings.log_format == "json":
            told = said(told.strip(), "json", logging.ERROR, exit_code=EXIT_NO_TOKEN)
        print(told, file=out)
        return EXIT_NO_TOKEN
    loop = asyncio.get_running_loop()
    main_task = asyncio.current_task()
    stopping = asyncio.Event()
    current: list[AsobibaBot] = []
    closing: list[asyncio.Task[None]] = []

    def on_stop(name: str) -> None:
        if stopping.is_set():
            for bot in current:
                bot.asobiba.activity.hurry()  # the close under way stops waiting
            if main_task is not None:
                main_task.cancel()
            _report(out, settings, f"{name} again: stopping now, without waiting")
            return
        stopping.set()
        if current and not current[0].is_closed():
            closing.append(loop.create_task(current[0].close()))
        _report(out, settings, f"{name}: letting running interactions finish, then stopping")

    async def pause(seconds: float) -> None:
        if sleep is not None:
            await sleep(seconds)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), seconds)

    # Before anything slow (importing discord.py, migrating): a stop asked meanwhile is kept.
    restore = install_stop_handlers(loop, on_stop)
    stack = contextlib.AsyncExitStack()
    try:
        import discord

        from bot.db.diagnosis import first_line
        from bot.metrics_server import MetricsUnavailable

        code = await (
            migrate_database(settings, out)
            if settings.run_migrations
            else check_schema(settings, out)
        )
        if code != EXIT_OK:
            return code
        # Migrated above, before connecting: the bot's own start-up need not do it again.
        settings = dataclasses.replace(settings, run_migrations=False)
        code = await stack.enter_async_context(_serving_alone(settings, token, out))
        if code != EXIT_OK:
            return code
        failures = 0
        while not stopping.is_set():
            bot = make_bot(settings)
            current[:] = [bot]
            heartbeat = Heartbeat(bot, settings.heartbeat_file, heartbeat_interval)
            beating = loop.create_task(heartbeat.run(), name="asobiba-heartbeat")
            try:
                async with bot:
                    await bot.start(token)
                return EXIT_OK
            except discord.LoginFailure as error:
                return _login_refused(out, settings, error)
            except MetricsUnavailable as error:  # a setting: no retry would mend it
                _say(out, settings, f"error: {error}", EXIT_METRICS_PORT)
                return EXIT_METRICS_PORT
            except _network_errors() as error:
                if isinstance(error, discord.ConnectionClosed) and error.code == 4004:
                    # the gateway's "authentication failed"
                    return _login_refused(out, settings, error)
                failures = 1 if heartbeat.connected_once else failures + 1
                limit = settings.connect_attempts
                if limit and failures >= limit:
                    _say(
                        out,
                        settings,
                        f"error: cannot reach Discord ({first_line(error)}) after {failures} "
                        "attempts: check this machine's network, DNS, proxy and firewall",
                        EXIT_UNREACHABLE,
                    )
                    return EXIT_UNREACHABLE
                delay = backoff_delay(failures)
                of = f" of {limit}" if limit else ""
                _say(
                    out,
                    settings,
                    f"cannot reach Discord ({first_line(error)}); attempt {failures}{of} failed, "
                    f"retrying in {delay:g} s",
                    level=logging.WARNING,
                )
                await pause(delay)
            finally:
                beating.cancel()
                await asyncio.gather(beating, *closing, return_exceptions=True)
                heartbeat.clear()
        return EXIT_OK
    finally:
        await stack.aclose()
        restore()


@contextlib.asynccontextmanager
async def _serving_alone(settings: Settings, token: str, out: TextIO) -> AsyncIterator[int]:
    """Hold this bot's instance lock while serving (``EXIT_ALREADY_RUNNING`` if another process
    has it, ``EXIT_DATABASE`` if the database can't be used to take it)."""
    from bot.db import Database
    from bot.db.diagnosis import DATABASE_PROBLEMS, describe_problem
    from bot.instance_lock import AlreadyRunning, InstanceLock

    db = Database(settings.database_url)
    lock = InstanceLock(db, token, settings.shard_ids)
    try:
        try:
            await lock.acquire()
        except AlreadyRunning as error:
            _say(out, settings, f"error: {error}", EXIT_ALREADY_RUNNING)
            yield EXIT_ALREADY_RUNNING
            return
        except DATABASE_PROBLEMS as error:
            line = describe_problem(settings.database_url, error, "open")
            _say(out, settings, f"error: {line}", EXIT_DATABASE)
            yield EXIT_DATABASE
            return
        yield EXIT_OK
    finally:
        await lock.release()
        await db.dispose()


def _say(
    out: TextIO,
    settings: Settings | str,
    line: str,
    exit_code: int | None = None,
    *,
    level: int | None = None,
) -> None:
    """One line to the operator, in ``LOG_FORMAT`` (``settings``, or the format itself): a line
    giving an exit code is an error and ends with it (in JSON, a field of its own, and the
    level says "error")."""
    log_format = settings if isinstance(settings, str) else settings.log_format
    if exit_code is None:
        print(said(line, log_format, level or logging.INFO), file=out)
    elif log_format == "json":
        message = line.removeprefix("error: ")
        print(said(message, log_format, level or logging.ERROR, exit_code=exit_code), file=out)
    else:
        print(f"{line} (exit code {exit_code})", file=out)


def _report(out: TextIO, settings: Settings, line: str) -> None:
    """Say what a stop did — after it did it: a line that cannot be written is dropped."""
    with contextlib.suppress(Exception):
        print(said(line, settings.log_format, logging.WARNING), file=out, flush=True)


def _login_refused(out: TextIO, settings: Settings, error: BaseException) -> int:
    from bot.db.diagnosis import first_line

    _say(
        out,
        settings,
        f"error: Discord refused the token ({first_line(error)}): check DISCORD_TOKEN — "
        "Developer Portal → your application → Bot → Reset Token",
        EXIT_LOGIN_REFUSED,
    )
    return EXIT_LOGIN_REFUSED


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="遊び場 Asobiba",
        epilog="exit codes: 0 stopped cleanly, 1 unexpected error, 2 bad setting, "
        "3 token refused, 4 Discord unreachable, 5 no token, 6 database unusable, "
        "7 already running, 8 metrics port unusable "
        "(health: 0 healthy, 1 not)",
    )
    parser.add_argument(
        "command",
        nargs="?",
        default="run",
        choices=["run", "console", "web", "migrate", "health", "backup", "restore"],
        help="run the bot (default), play in the terminal, serve the web pages, "
        "migrate the database and exit, "
        "check a running bot's heartbeat, back the database up to PATH, or restore it from PATH",
    )
    parser.add_argument("path", nargs="?", metavar="PATH", help="backup/restore: the backup file")
    parser.add_argument("--lang", choices=["en", "ja"], help="console: its language (en)")
    parser.add_argument("--resume", type=int, metavar="N", help="console: resume game N")
    parser.add_argument("--list", action="store_true", help="console: list the saved games")
    args = parser.parse_args(argv)
    misplaced = _misplaced_options(args)
    if misplaced:
        print(misplaced, file=sys.stderr)
        return EXIT_CONFIG
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        # LOG_FORMAT as written, in case it is fine (it may be the setting refused).
        wanted = os.environ.get("LOG_FORMAT", "").strip().lower()
        _say(sys.stderr, wanted, f"configuration error: {error}", EXIT_CONFIG)
        return EXIT_CONFIG
    if args.command in ("backup", "restore"):
        if not args.path:
            _say(
                sys.stderr,
                settings,
                f"error: {args.command} needs a file: python -m bot {args.command} PATH",
                EXIT_CONFIG,
            )
            return EXIT_CONFIG
        return asyncio.run(backup_or_restore(settings, args.command, Path(args.path)))
    if args.command == "health":
        healthy, line = check_health(settings.heartbeat_file)
        print(line, file=sys.stdout if healthy else sys.stderr)
        return EXIT_OK if healthy else EXIT_ERROR
    if args.command == "web":
        return _web(settings)
    if args.command == "run":
        # Nothing the bot writes can fail or hold it up (a pipe whose reader is gone or stuck).
        with unfailing_output():
            return _run(settings)
    # The console is for playing: only warnings, so logs don't mix with the board.
    _configure_logging(
        "WARNING" if args.command == "console" else settings.log_level, settings.log_format
    )
    if args.command == "console":
        try:
            from bot.console import main as console_main
        except KeyboardInterrupt:  # Ctrl-C while starting: nothing began
            print()
            return EXIT_OK
        return console_main(
            settings,
            args.lang or "en",
            resume=args.resume,
            list_only=args.list,
            command=python_command("-m", "bot", "console"),
        )
    return asyncio.run(migrate_database(settings, sys.stderr, sys.stdout))


def _misplaced_options(args: argparse.Namespace) -> str | None:
    """The line refusing options given to a command they don't belong to (``python -m bot
    --list`` would otherwise start the bot), or ``None`` when each is where it belongs."""
    from bot.text.console import CONSOLE_ONLY

    given = args.list or args.resume is not None or args.lang is not None
    if given and args.command != "console":
        command = python_command("-m", "bot", "console")
        line = CONSOLE_ONLY.format(command=command, code=EXIT_CONFIG)(args.lang or "en")
        return f"error: {line}"
    if args.path and args.command not in ("backup", "restore"):
        return (
            f"error: {args.command} takes no PATH ({args.path!r}): only backup and restore do "
            f"(exit code {EXIT_CONFIG})"
        )
    return None


def _configure_logging(level: str, log_format: str) -> None:
    configure_logging(level, log_format)
    # Alembic announces each of its plugins at INFO on every start: not news to an operator.
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)


def _web(settings: Settings) -> int:
    from bot.web.server import run
    from bot.web.settings import WebSettings

    try:
        web_settings = WebSettings.from_env()
    except ConfigError as error:
        print(f"configuration error: {error} (exit code {EXIT_CONFIG})", file=sys.stderr)
        return EXIT_CONFIG
    _configure_logging(settings.log_level, settings.log_format)
    return run(settings, web_settings)


def _run(settings: Settings) -> int:
    try:
        _configure_logging(settings.log_level, settings.log_format)
        return asyncio.run(run_bot(settings))
    except asyncio.CancelledError:  # a second Ctrl-C/SIGTERM
        return EXIT_ERROR
    except KeyboardInterrupt:
        # Ctrl-C while the stop handlers are not in place yet (or no longer): nothing was
        # left half done.
        _report(sys.stderr, settings, "SIGINT: stopped")
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
