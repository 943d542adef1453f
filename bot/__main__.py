"""Command line: ``python -m bot [run|console|migrate]`` (``run`` is the default)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.config import ConfigError, Settings

NO_TOKEN = """\
DISCORD_TOKEN is not set, so the bot cannot connect to Discord.

  1. Create an application at https://discord.com/developers/applications
  2. Bot → Reset Token → copy it, then:  export DISCORD_TOKEN=...
  3. Invite it (README.md, "Creating the Discord application") and run this command again.

Meanwhile you can play in the terminal:  python -m bot console
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="遊び場 Asobiba")
    parser.add_argument("command", nargs="?", default="run", choices=["run", "console", "migrate"])
    parser.add_argument("--lang", choices=["en", "ja"], default="en", help="console language")
    parser.add_argument("--resume", type=int, metavar="N", help="console: resume game N")
    parser.add_argument("--list", action="store_true", help="console: list the saved games")
    args = parser.parse_args(argv)
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        # The console is for playing: only warnings, so logs don't mix with the board.
        level="WARNING" if args.command == "console" else settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    if args.command == "console":
        from bot.console import main as console_main

        console_main(settings, args.lang, resume=args.resume, list_only=args.list)
        return 0
    if args.command == "migrate":
        from bot.db import Database

        async def migrate() -> None:
            db = Database(settings.database_url)
            await db.migrate()
            await db.dispose()

        asyncio.run(migrate())
        print("database is up to date")
        return 0
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 1
    from bot.client import AsobibaBot
    from bot.db import Database

    bot = AsobibaBot(settings, Database(settings.database_url))
    bot.run(settings.discord_token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
