"""``python -m bot web``: the pages as a process of their own beside the bot, over the same
database. It only reads (but for the deployment's address secret, made once if no process
made it yet), so it can run anywhere the database can be reached; SQLite readers in WAL mode
never block the bot's writes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from typing import TextIO

from aiohttp import web

from bot.config import Settings
from bot.db import Database
from bot.db.diagnosis import DATABASE_PROBLEMS, describe_problem
from bot.web.app import build_app
from bot.web.settings import WebSettings

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_DATABASE = 6


async def serve(settings: Settings, web_settings: WebSettings, err: TextIO = sys.stderr) -> int:
    """Serve until stopped (SIGTERM or Ctrl-C end it cleanly, with code 0)."""
    db = Database(settings.database_url)
    try:
        try:
            app = await build_app(web_settings, db, process=True)
        except DATABASE_PROBLEMS as error:
            line = describe_problem(settings.database_url, error, "open")
            print(f"error: {line} (exit code {EXIT_DATABASE})", file=err)
            return EXIT_DATABASE
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, web_settings.host, web_settings.port)
        try:
            await site.start()
        except OSError as error:
            print(
                f"error: cannot listen on {web_settings.host}:{web_settings.port} ({error}): "
                "check WEB_HOST and WEB_PORT (exit code 2)",
                file=err,
            )
            await runner.cleanup()
            return 2
        log.info(
            "web pages on %s:%s, linked as %s",
            web_settings.host,
            web_settings.port,
            web_settings.base_url,
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()
    finally:
        await db.dispose()
    return EXIT_OK


def lower_priority(nice: int) -> None:
    """The pages at a lower CPU priority than the bot (``WEB_NICE``): on a machine they
    share, a burst of readers drawing pictures waits for the bot's clicks, not the reverse."""
    if nice:
        try:
            os.nice(nice)
        except OSError as error:  # not permitted here (some containers): run as we are
            log.warning("could not lower the web process's priority by %s: %s", nice, error)


def run(settings: Settings, web_settings: WebSettings) -> int:
    lower_priority(web_settings.nice)
    try:
        return asyncio.run(serve(settings, web_settings))
    except KeyboardInterrupt:
        return EXIT_OK
