"""The ``world`` fixture: a fake Discord server with three users and the real bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.harness import World, make_bot
from tests.conftest import FakeClock
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def world(discord_fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[World]:
    guild = discord_fake.add_guild("Dojo", locale="en-US")
    channel = discord_fake.add_text_channel(guild, "games")
    alice = discord_fake.add_user("alice")
    bob = discord_fake.add_user("bob", locale="ja")
    carol = discord_fake.add_user("carol")
    url = f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}"
    clock = FakeClock()
    bot = make_bot(url, clock)
    await discord_fake.run_client(bot)
    world = World(discord_fake, guild, channel, alice, bob, carol, url, bot, clock)
    yield world
    await discord_fake.stop_client(world.bot)
