"""Server settings changed in two processes at once: each change is a guarded update of what it
changes, so neither undoes the other — whatever the other process holds in its cache."""

from __future__ import annotations

import asyncio

import pytest

from bot.db import Database
from bot.services import guilds
from bot.services.guilds import CACHE_SECONDS, GuildService, GuildSettings
from tests.services.tournament_helpers import second_database

GUILD = 77


async def two_processes(db: Database) -> tuple[GuildService, GuildService, Database]:
    """Two services over two handles on one database, each with the settings in its cache."""
    other = await second_database(db)
    first, second = GuildService(db), GuildService(other)
    assert await first.get(GUILD) == await second.get(GUILD) == GuildSettings()
    return first, second, other


async def stored(db: Database) -> GuildSettings:
    """The settings as a third process, with nothing cached, reads them."""
    return await GuildService(db).get(GUILD)


async def test_different_settings_changed_one_after_the_other_both_stay(db: Database) -> None:
    first, second, other = await two_processes(db)
    try:
        await first.update(GUILD, locale="ja", allow_channel=5)
        # The second process still holds the defaults in its cache: its change must not
        # write them back.
        after = await second.update(GUILD, pictures=False, default_clock_seconds=3600)
        expected = GuildSettings((5,), 3600, "ja", False, False)
        assert after == expected
        await first.update(GUILD, tournaments_by_everyone=True)
        await second.update(GUILD, reset_locale=True)
        assert await stored(db) == GuildSettings((5,), 3600, None, False, True)
    finally:
        await other.dispose()


async def test_different_settings_changed_at_once_both_stay(db: Database) -> None:
    first, second, other = await two_processes(db)
    try:
        for _ in range(5):
            await asyncio.gather(
                first.update(GUILD, locale="ja", pictures=False),
                second.update(GUILD, default_clock_seconds=600, tournaments_by_everyone=True),
            )
            assert await stored(db) == GuildSettings((), 600, "ja", False, True)
            await asyncio.gather(
                first.update(GUILD, reset_locale=True, pictures=True),
                second.update(GUILD, default_clock_seconds=60, tournaments_by_everyone=False),
            )
            assert await stored(db) == GuildSettings((), 60, None, True, False)
    finally:
        await other.dispose()


async def test_the_channel_list_changed_by_both_keeps_both_changes(db: Database) -> None:
    first, second, other = await two_processes(db)
    try:
        await first.update(GUILD, allow_channel=1)
        assert (await second.update(GUILD, allow_channel=2)).channels == (1, 2)
        await asyncio.gather(
            *(first.update(GUILD, allow_channel=c) for c in (3, 5, 7)),
            *(second.update(GUILD, allow_channel=c) for c in (4, 6, 8)),
        )
        assert set((await stored(db)).channels) == {1, 2, 3, 4, 5, 6, 7, 8}
        await asyncio.gather(
            first.update(GUILD, disallow_channel=1), second.update(GUILD, disallow_channel=2)
        )
        assert set((await stored(db)).channels) == {3, 4, 5, 6, 7, 8}
        # The latest of two changes of one scalar setting wins, and the cache of the process
        # that made it says so.
        await first.update(GUILD, locale="ja")
        assert (await second.update(GUILD, locale="en")).locale == "en"
        assert (await stored(db)).locale == "en"
        assert (await first.update(GUILD, clear_channels=True)).channels == ()
        assert (await stored(db)).channels == ()
    finally:
        await other.dispose()


async def test_another_process_sees_a_change_once_its_cached_copy_is_a_minute_old(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each process keeps a server's settings for :data:`CACHE_SECONDS`: a change made in
    another reaches it within that, never later."""
    now = [1000.0]
    monkeypatch.setattr(guilds.time, "monotonic", lambda: now[0])
    first, second, other = await two_processes(db)
    try:
        await first.update(GUILD, locale="ja")
        now[0] += CACHE_SECONDS - 1
        assert (await second.get(GUILD)).locale is None  # still its cached copy
        now[0] += 1
        assert (await second.get(GUILD)).locale == "ja"
    finally:
        await other.dispose()
