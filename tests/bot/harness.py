"""The Discord harness for the bot's tests: a World (fake Discord + the real bot on a fresh
database) and helpers that wait for the bot instead of sleeping."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.client import AsobibaBot
from bot.config import Settings
from bot.db import Database
from bot.services.games import GameService
from rules.core import Rng
from tests.conftest import FakeClock, migrated_sqlite
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    db_url: str
    bot: AsobibaBot
    clock: FakeClock

    async def restart(self) -> None:
        """Stop the bot and start a brand-new client on the same database."""
        await self.fake.stop_client(self.bot)
        self.bot = make_bot(self.db_url, self.clock)
        await self.fake.run_client(self.bot)


def sqlite_file(db_url: str) -> Path | None:
    """The file of a plain ``sqlite+aiosqlite:///path`` URL, else None."""
    prefix = "sqlite+aiosqlite:///"
    if not db_url.startswith(prefix) or "?" in db_url or db_url.endswith(":memory:"):
        return None
    return Path(db_url.removeprefix(prefix))


def make_bot(
    db_url: str, clock: FakeClock, *, app_emojis: bool = False, **settings_changed: Any
) -> AsobibaBot:
    """The bot on ``db_url``. Tests play at machine speed, so the per-user cooldown is off
    unless ``settings_changed`` turns it on (as the metrics port and other settings); the app's
    emojis are off unless a test is about them (uploads cost every start-up), and uploaded
    without a pause between them. Pictures are
    drawn in the test's own process, where tests read the canvases' records. A SQLite file
    that does not exist yet starts as a copy of one at the newest migration (the bot's own
    migration at start then has nothing to do; ``tests/test_migrations.py`` runs them)."""
    file = sqlite_file(db_url)
    if file is not None and not file.exists():
        migrated_sqlite(file)
    settings = Settings(
        discord_token="fake-token",
        database_url=db_url,
        app_emojis=app_emojis,
        **{
            "rate_limit_per_minute": 0,
            "drawing_processes": 0,
            "emoji_pace_seconds": 0,
            **settings_changed,
        },
    )
    db = Database(db_url)
    return AsobibaBot(settings, db, GameService(db, clock=clock, seed_source=Rng.from_seed(9)))


async def make_world(
    fake: FakeDiscord, db_url: str, clock: FakeClock | None = None, **settings_changed: Any
) -> World:
    """A server "Dojo" with a channel "games", alice, bob (who reads Japanese) and carol, and
    the bot on ``db_url``, running."""
    guild = fake.add_guild("Dojo", locale="en-US")
    channel = fake.add_text_channel(guild, "games")
    alice = fake.add_user("alice")
    bob = fake.add_user("bob", locale="ja")
    carol = fake.add_user("carol")
    clock = clock or FakeClock()
    bot = make_bot(db_url, clock, **settings_changed)
    await fake.run_client(bot)
    return World(fake, guild, channel, alice, bob, carol, db_url, bot, clock)


async def challenge(
    world: World, colour: str = "black", *, channel: FakeChannel | None = None, **options: object
) -> FakeMessage:
    """Alice challenges Bob to 武士将棋 in ``channel`` (the world's by default): the board."""
    record = await world.fake.slash(
        "bushi challenge",
        user=world.alice,
        channel=channel or world.channel,
        options={"opponent": world.bob, "colour": colour, **options},
    )
    # The board at once — or, the database slow (a loaded machine), "thinking…" and then it.
    await record.wait_complete()
    assert record.response_type in (4, 5) and not record.ephemeral
    assert record.message is not None
    return record.message


async def click(world: World, message: FakeMessage, user: FakeUser, **where: str) -> object:
    record = await world.fake.click(message, user=user, **where)
    await record.wait_complete()
    return record


async def private_reply(world: World, user: FakeUser, seen: int) -> str:
    """The newest private message to ``user`` once there are more than ``seen`` of them (the
    bot acknowledges first and answers after its database work)."""
    await world.fake.wait_until(lambda: len(world.fake.ephemeral_messages(user)) > seen)
    return world.fake.ephemeral_messages(user)[-1].text


def private_count(world: World, user: FakeUser) -> int:
    return len(world.fake.ephemeral_messages(user))


async def until(world: World, predicate: Callable[[], bool]) -> None:
    await world.fake.wait_until(predicate, timeout=5.0)
