"""Play without Discord: a terminal front end over the same services and database.

    python -m bot console               # choose a game: two players at one keyboard, the bot,
                                        # or a solitaire (add --lang ja for Japanese)
    python -m bot console --list        # the saved console games
    python -m bot console --resume 12   # go on with game 12

Exit codes: 0 the session ended (a game played, stopped and saved, or none begun); 2
``--resume N`` names no game the console can go on with (none, a Discord game, or one that is
over); 6 the database can't be used. Ctrl-C at a prompt discards the line typed so far (in a
game a second Ctrl-C stops, and says how to resume): :mod:`bot.console.io`.

Every game in the registry is offered (:mod:`bot.console.menu`) and played the same way
(:mod:`bot.console.play`). Input and output are injectable (:mod:`bot.console.io`) so the tests
can drive it like a person would.
"""

from __future__ import annotations

import asyncio
import sys

from bot.config import Settings
from bot.console.io import Keyboard, Reader, Terminal, Writer
from bot.console.menu import CONSOLE_BOT_ID, local_user_id, session
from bot.console.play import result_line
from bot.db import Database
from bot.db.diagnosis import DATABASE_PROBLEMS, describe_problem, describe_upgrade
from bot.services.games import GameService
from bot.services.snapshot_refresh import upgrade_database
from bot.services.snapshots import GameSnapshot
from rules.core import Locale

#: The exit codes of a console session (as ``python -m bot``'s): ``--resume N`` names no game it
#: can go on with, or the database can't be used.
EXIT_OK = 0
EXIT_NO_GAME = 2
EXIT_DATABASE = 6
#: How the console is started, when the caller doesn't spell it for this machine.
COMMAND = "python -m bot console"

__all__ = ["CONSOLE_BOT_ID", "local_user_id", "main", "play_console", "result_line"]


async def play_console(
    service: GameService,
    read: Reader = input,
    write: Writer = print,
    locale: Locale = "en",
    *,
    resume: int | None = None,
    list_only: bool = False,
    command: str = COMMAND,
) -> GameSnapshot | None:
    """One console session; returns the game played, or ``None`` if none was (``resume``
    refused, ``list_only``, or the person left before a game began). ``command`` is how the
    person starts the console (a stopped game's resume line names it)."""
    terminal = Terminal(read, write, locale, command)
    return await session(service, terminal, resume=resume, list_only=list_only)


async def run_console(
    settings: Settings,
    locale: Locale,
    *,
    resume: int | None = None,
    list_only: bool = False,
    command: str = COMMAND,
    keyboard: Keyboard | None = None,
) -> int:
    """One session on the settings' database; returns its exit code."""
    keyboard = keyboard if keyboard is not None else Keyboard(locale)
    keyboard.serving(asyncio.current_task())
    db = Database(settings.database_url)
    try:
        said = describe_upgrade(await upgrade_database(db), db.url)
        if said:
            print(said, file=sys.stderr)
        if keyboard.stop_asked:  # Ctrl-C while the database was being prepared
            return EXIT_OK
        played = await play_console(
            GameService(db),
            keyboard.read,
            locale=locale,
            resume=resume,
            list_only=list_only,
            command=command,
        )
    finally:
        await db.dispose()
    # A refused --resume has said why in one line; a script running it learns it from the code.
    return EXIT_NO_GAME if resume is not None and played is None and not list_only else EXIT_OK


def main(
    settings: Settings,
    locale: Locale,
    *,
    resume: int | None = None,
    list_only: bool = False,
    command: str = COMMAND,
) -> int:
    """Play; a database that can't be used ends the session with one line (exit code 6)."""
    keyboard = Keyboard(locale)
    try:
        with keyboard.catching_ctrl_c():
            return asyncio.run(
                run_console(
                    settings,
                    locale,
                    resume=resume,
                    list_only=list_only,
                    command=command,
                    keyboard=keyboard,
                )
            )
    except (asyncio.CancelledError, KeyboardInterrupt):
        # Ctrl-C twice while busy: the game has said how to resume it.
        return EXIT_OK
    except DATABASE_PROBLEMS as error:
        line = describe_problem(settings.database_url, error, "use")
        print(f"error: {line} (exit code {EXIT_DATABASE})", file=sys.stderr)
        return EXIT_DATABASE
