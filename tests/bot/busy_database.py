"""A database another process keeps busy, for the bot's tests: its write lock held (SQLite),
or every table locked (PostgreSQL), until the test says the bot has done what it must do
meanwhile — and a world on either database to hold it in."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from bot.config import normalize_database_url
from tests.bot.harness import World, make_world
from tests.conftest import (
    PG_SKIP_REASON,
    Spare,
    give_back,
    lend_migrated_database,
    postgres_url,
)
from tests.fakediscord import FakeDiscord

#: The longest a test holds the database: a hang guard, never a time the bot must keep to.
HOLD_AT_MOST = 60.0


@dataclass
class Held:
    """When the database was let go (``time.monotonic()``), and whether it was because the
    test's condition came true (not the hang guard)."""

    released_at: float = float("inf")
    done: bool = False


@contextlib.asynccontextmanager
async def world_on(kind: str, discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[World]:
    """A world on SQLite (``kind`` "sqlite") or on a PostgreSQL database of its own (lent
    empty, at the newest migration, and emptied again for the next world)."""
    spare: Spare | None = None
    if kind == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    else:
        admin = postgres_url()
        if admin is None:
            pytest.skip(PG_SKIP_REASON)
        spare = await lend_migrated_database(admin)
        url = normalize_database_url(spare.url)
    world = await make_world(discord_fake, url)
    try:
        yield world
    finally:
        await discord_fake.stop_client(world.bot)
        if spare is not None:
            await give_back(spare)


@contextlib.asynccontextmanager
async def database_busy(world: World, until_done: Callable[[], bool]) -> AsyncIterator[Held]:
    """Another process holds the database — SQLite's write lock; on PostgreSQL every table,
    reads shut out too — from the moment this is entered until ``until_done()`` holds
    (:data:`HOLD_AT_MOST` at most)."""
    held = Held()
    cap = time.monotonic() + HOLD_AT_MOST
    failed: list[BaseException] = []  # the test failed while holding it: let go at once

    def over() -> bool:
        return bool(failed) or until_done()

    def let_go() -> None:
        held.done = until_done()
        held.released_at = time.monotonic()

    if world.db_url.startswith("sqlite"):
        path = world.db_url.split("///", 1)[1]
        locked = threading.Event()

        def hold() -> None:
            connection = sqlite3.connect(path, isolation_level=None)
            connection.execute("BEGIN IMMEDIATE")
            locked.set()
            while not over() and time.monotonic() < cap:
                time.sleep(0.02)
            let_go()
            connection.execute("ROLLBACK")
            connection.close()

        holder = asyncio.create_task(asyncio.to_thread(hold))
        await asyncio.to_thread(locked.wait)
    else:
        connection = await asyncpg.connect(world.db_url.replace("+asyncpg", ""))
        tables = await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
        names = ", ".join(f'"{row["tablename"]}"' for row in tables)
        # NOWAIT: the bot's own work after the last step (a finished game's mistake cards, a
        # table's kept size) may hold a table; waiting for it while holding the others would
        # be a deadlock the server may settle by failing the bot's work. Take them all at once
        # or none, and try again once that work is through.
        while True:
            transaction = connection.transaction()
            await transaction.start()
            try:
                await connection.execute(f"LOCK TABLE {names} IN ACCESS EXCLUSIVE MODE NOWAIT")
                break
            except asyncpg.exceptions.LockNotAvailableError:
                await transaction.rollback()
                if time.monotonic() > cap:
                    raise
                await asyncio.sleep(0.05)

        async def release() -> None:
            with contextlib.suppress(TimeoutError):
                await world.fake.wait_until(over, timeout=cap - time.monotonic())
            let_go()
            await transaction.rollback()
            await connection.close()

        holder = asyncio.create_task(release())
    try:
        yield held
    except BaseException as error:
        failed.append(error)
        world.fake.notify()  # the waiter looks again
        raise
    finally:
        await holder
