"""Play without Discord: a terminal front end over the same services and database.

    python -m bot console               # choose a game: two players at one keyboard, the bot,
                                        # or a solitaire (add --lang ja for Japanese)
    python -m bot console --list        # the saved console games
    python -m bot console --resume 12   # go on with game 12

Every game in the registry is offered (:mod:`bot.console.menu`) and played the same way
(:mod:`bot.console.play`). Input and output are injectable (:mod:`bot.console.io`) so the tests
can drive it like a person would.
"""

from __future__ import annotations

import asyncio
import sys

from bot.config import Settings
from bot.console.io import Reader, Terminal, Writer
from bot.console.menu import CONSOLE_BOT_ID, local_user_id, session
from bot.console.play import result_line
from bot.db import Database
from bot.db.diagnosis import DATABASE_PROBLEMS, describe_problem, describe_upgrade
from bot.services.games import GameService
from bot.services.snapshot_refresh import upgrade_database
from bot.services.snapshots import GameSnapshot
from rules.core import Locale

#: The exit code of a console session that met a database it can't use (as ``python -m bot``).
EXIT_DATABASE = 6

__all__ = ["CONSOLE_BOT_ID", "local_user_id", "main", "play_console", "result_line"]


async def play_console(
    service: GameService,
    read: Reader = input,
    write: Writer = print,
    locale: Locale = "en",
    *,
    resume: int | None = None,
    list_only: bool = False,
) -> GameSnapshot | None:
    """One console session; returns the game played, or ``None`` if none was."""
    terminal = Terminal(read, write, locale)
    return await session(service, terminal, resume=resume, list_only=list_only)


async def run_console(
    settings: Settings, locale: Locale, *, resume: int | None = None, list_only: bool = False
) -> None:
    db = Database(settings.database_url)
    try:
        said = describe_upgrade(await upgrade_database(db), db.url)
        if said:
            print(said, file=sys.stderr)
        await play_console(GameService(db), locale=locale, resume=resume, list_only=list_only)
    finally:
        await db.dispose()


def main(
    settings: Settings, locale: Locale, *, resume: int | None = None, list_only: bool = False
) -> int:
    """Play; a database that can't be used ends the session with one line (exit code 6)."""
    try:
        asyncio.run(run_console(settings, locale, resume=resume, list_only=list_only))
    except (EOFError, KeyboardInterrupt):
        print()
    except DATABASE_PROBLEMS as error:
        line = describe_problem(settings.database_url, error, "use")
        print(f"error: {line} (exit code {EXIT_DATABASE})", file=sys.stderr)
        return EXIT_DATABASE
    return 0
