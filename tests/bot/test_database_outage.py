"""The database out of reach, through the fake Discord: every command, click and form gets the
friendly "can't be reached" words privately (never "Something went wrong"), nothing changes,
and the log tells of the outage twice — when it begins and when it ends — however many
interactions and clock ticks it refused, with no ERROR at all.

SQLite's file becomes impossible to open (what a deleted folder or lost permissions do: every
new connection fails with "unable to open database file", and the open ones are closed);
PostgreSQL (with ``TEST_DATABASE_URL``) gets a database of its own that is made to refuse
connections (``ALLOW_CONNECTIONS false``: SQLSTATE 55000) with every session on it ended."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine

from bot.db import Database
from bot.i18n import tr
from bot.text.errors import DATABASE_UNAVAILABLE
from tests.bot.harness import World, challenge, click, make_world, private_count, until
from tests.conftest import postgres_url
from tests.fakediscord import FakeDiscord, FakeMessage, InteractionRecord

UNREACHABLE = {DATABASE_UNAVAILABLE.en, DATABASE_UNAVAILABLE.ja}
UNEXPECTED = {tr("error.unexpected", "en"), tr("error.unexpected", "ja")}


class SqliteDown:
    """Opening the bot's SQLite file fails as a missing or unreadable one does; the bot's open
    connections are closed, so every unit of work must open one."""

    def __init__(self, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.path = str(path)
        self.down = False
        opener = sqlite3.connect

        def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
            if self.down and str(database) == self.path:
                raise sqlite3.OperationalError("unable to open database file")
            return opener(database, *args, **kwargs)

        monkeypatch.setattr(sqlite3, "connect", connect)

    async def begin(self, world: World) -> None:
        self.down = True
        await world.bot.db.dispose()

    async def end(self) -> None:
        self.down = False


class PostgresDown:
    """The bot's own PostgreSQL database takes no connections, and its sessions are ended."""

    def __init__(self, admin_url: str, name: str) -> None:
        self.admin_url, self.name = admin_url, name

    async def _admin(self, *statements: str) -> None:
        admin = create_async_engine(self.admin_url, isolation_level="AUTOCOMMIT")
        try:
            async with admin.connect() as conn:
                for statement in statements:
                    await conn.exec_driver_sql(statement)
        finally:
            await admin.dispose()

    def _terminate(self) -> str:
        return (
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE datname = '{self.name}' AND pid <> pg_backend_pid()"
        )

    async def create(self) -> None:
        await self._admin(f'CREATE DATABASE "{self.name}"')

    async def begin(self, world: World) -> None:
        await self._admin(
            f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS false', self._terminate()
        )

    async def end(self) -> None:
        await self._admin(f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS true')

    async def drop(self) -> None:
        await self._admin(
            f'ALTER DATABASE "{self.name}" ALLOW_CONNECTIONS true',
            self._terminate(),
            f'DROP DATABASE IF EXISTS "{self.name}"',
        )


Down = SqliteDown | PostgresDown


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def outage_world(
    request: pytest.FixtureRequest,
    discord_fake: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[World, Down]]:
    """A world whose move clocks tick often (each tick touches the database), and the switch
    that puts its database out of reach."""
    down: Down
    if request.param == "sqlite":
        path = tmp_path / "bot.sqlite3"
        url = f"sqlite+aiosqlite:///{path}"
        down = SqliteDown(path, monkeypatch)
    else:
        base = postgres_url()
        if base is None:
            pytest.skip("PostgreSQL tests need TEST_DATABASE_URL")
        name = f"asobiba_outage_{uuid.uuid4().hex[:12]}"
        url = make_url(base).set(database=name).render_as_string(hide_password=False)
        down = PostgresDown(base, name)
        await down.create()
    database = Database(url)  # at head before the bot starts: the switch acts on it
    await database.migrate()
    await database.dispose()
    world = await make_world(discord_fake, url, clock_tick_seconds=0.05)
    try:
        yield world, down
    finally:
        await down.end()
        await discord_fake.stop_client(world.bot)
        if isinstance(down, PostgresDown):
            await down.drop()


class Ticks:
    """Counts the move clocks' ticks (each reads the database) and waits for more of them."""

    def __init__(self, world: World) -> None:
        self.count = 0
        self._ticked = asyncio.Event()
        tick = world.bot.clock_tick

        async def counting() -> None:
            try:
                await tick()
            finally:
                self.count += 1
                self._ticked.set()

        world.bot.clock_tick = counting  # type: ignore[method-assign]

    async def more(self, n: int) -> None:
        target = self.count + n
        async with asyncio.timeout(30):
            while self.count < target:
                self._ticked.clear()
                await self._ticked.wait()


def words_of(record: InteractionRecord) -> list[FakeMessage]:
    """What the bot said in answer to ``record``: its own messages, not the one clicked."""
    return [m for m in record.all_messages if m is not record.source_message]


def outage_lines(caplog: pytest.LogCaptureFixture) -> tuple[list[str], list[str], list[str]]:
    begun = [r.getMessage() for r in caplog.records if "database unreachable" in r.getMessage()]
    ended = [r.getMessage() for r in caplog.records if "reachable again" in r.getMessage()]
    errors = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]
    return begun, ended, errors


async def test_every_interaction_is_refused_kindly_and_the_outage_logged_once(
    outage_world: tuple[World, Down], caplog: pytest.LogCaptureFixture
) -> None:
    world, down = outage_world
    fake = world.fake
    await world.bot.asobiba.services.servers.update(world.guild.id, pictures=False)
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    game_id = int(board.selects()[0]["custom_id"].split(":")[1])
    before = await world.bot.asobiba.services.games.queries.get(game_id)
    # Alice opens her corner and its note form while all is well.
    seen = private_count(world, world.alice)
    await click(world, board, world.alice, label="Note & plans")
    await until(world, lambda: private_count(world, world.alice) > seen)
    corner = fake.ephemeral_messages(world.alice)[-1]
    form = await fake.click(corner, user=world.alice, label="Write note")
    await form.wait_response()
    assert form.modal is not None
    [label] = form.modal["components"]
    caplog.clear()
    caplog.set_level(logging.INFO)
    ticks = Ticks(world)

    # Nothing in flight as the outage begins (a connection checked out before it would go on
    # working, and the outage would seem to end and begin again).
    await world.bot.asobiba.activity.wait_idle()
    await down.begin(world)
    await ticks.more(3)  # the clocks meet the outage, tick after tick
    menu = board.selects()[0]
    option = menu["options"][0]["value"]
    edits = board.edit_count
    records = [
        await fake.slash("games", user=world.alice, channel=world.channel),
        await fake.slash("profile", user=world.bob, channel=world.channel),
        await fake.slash("privacy", user=world.carol, channel=world.channel),
        await fake.slash("history", user=world.alice, channel=world.channel),
        await fake.slash(
            "standings", user=world.carol, channel=world.channel, options={"game": "bushi"}
        ),
        await fake.slash(
            "settings", user=world.bob, channel=world.channel, options={"notify": "dm"}
        ),
        await fake.slash("away", user=world.alice, channel=world.channel, options={"days": 3}),
        await fake.slash("tournament list", user=world.carol, channel=world.channel),
        await fake.slash("games", user=world.bob, channel=None),  # in the bot's DM
        await fake.slash(
            "bushi challenge",
            user=world.carol,
            channel=world.channel,
            options={"opponent": world.alice},
        ),
        await fake.select(board, menu["custom_id"], [option], user=world.alice),
        await fake.click(board, user=world.alice, label="Note & plans"),
        await fake.click(board, user=world.bob, label="Resign"),
        await fake.click(corner, user=world.alice, label="Write note"),
        await fake.submit_modal(form, {label["component"]["custom_id"]: "guard the left"}),
    ]
    said: list[tuple[str, str, bool]] = []
    for record in records:
        await record.wait_complete()
        what = record.name or str(record.payload["data"].get("custom_id"))
        # A click may be acknowledged on its own message (never edited, see below) and
        # answered with a follow-up.
        await record.wait_until(lambda r: bool(words_of(r)), what=f"words for {what}")
        said += [(what, m.text, m.ephemeral) for m in words_of(record)]
    wrong = [(what, text, private) for what, text, private in said if text not in UNREACHABLE]
    assert not wrong, wrong
    assert all(private for _, _, private in said), said
    await ticks.more(3)

    # Nothing changed: the board, the move, the note.
    assert board.edit_count == edits
    await world.bot.asobiba.activity.wait_idle()  # no failure lands after the outage's end
    await down.end()
    after = await world.bot.asobiba.services.games.queries.get(game_id)
    assert (after.version, after.ply) == (before.version, before.ply)
    services = world.bot.asobiba.services
    assert await services.games.asides.note(game_id, world.alice.id) is None
    assert (await services.standings.prefs(world.bob.id)).notify == "channel"
    await ticks.more(2)

    begun, ended, errors = outage_lines(caplog)
    assert len(begun) == 1, begun
    assert len(ended) == 1 and "action(s) refused meanwhile" in ended[0], ended
    assert not errors, errors
    assert not any(text in UNEXPECTED for _, text, _ in said)
