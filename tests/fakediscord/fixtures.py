"""Pytest fixtures: a started :class:`FakeDiscord` that must end clean.

Use from a conftest (or a test module)::

    from fakediscord.fixtures import discord_fake_factory_fixture, discord_fake_fixture  # noqa: F401

    async def test_something(discord_fake: FakeDiscord) -> None: ...

    async def test_sharded(discord_fake_factory: DiscordFakeFactory) -> None:
        fake = await discord_fake_factory(shard_count=2)

The fixtures are registered as ``discord_fake`` and ``discord_fake_factory`` (the functions
are named differently so that test parameters do not shadow the import, which ruff flags as
F811). At teardown every running client is stopped, the fake waits up to
``response_deadline`` for unanswered interactions, and the test fails if Discord rules were
broken, an unimplemented route was called, or discord.py logged an error. Tests that provoke
violations on purpose consume them with ``take_violations()`` / ``take_client_errors()``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable
from typing import Any, Protocol

import pytest_asyncio

from .server import FakeDiscord


class DiscordFakeFactory(Protocol):
    def __call__(self, **options: Any) -> Awaitable[FakeDiscord]: ...


@pytest_asyncio.fixture(name="discord_fake")
async def discord_fake_fixture() -> AsyncIterator[FakeDiscord]:
    """A started ``FakeDiscord()`` with default options."""
    async with FakeDiscord() as fake:
        yield fake
    fake.assert_clean()


@pytest_asyncio.fixture(name="discord_fake_factory")
async def discord_fake_factory_fixture() -> AsyncIterator[DiscordFakeFactory]:
    """``await discord_fake_factory(**FakeDiscord options)`` -> a started fake (one at a time)."""
    fakes: list[FakeDiscord] = []

    async def make(**options: Any) -> FakeDiscord:
        fake = FakeDiscord(**options)
        await fake.start()
        fakes.append(fake)
        return fake

    yield make
    for fake in fakes:
        await fake.close()
    for fake in fakes:
        fake.assert_clean()
