"""Server settings chosen by a server's admins: where games may be played, the default move
clock, the language of public boards and who may create tournaments."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update

from bot.db import Database, GuildSettingRow
from bot.db.upsert import upsert
from bot.services.clock import Clock, system_clock
from bot.services.errors import ServiceError
from bot.text.errors import CHANNEL_NOT_ALLOWED
from rules.core import Locale


@dataclass(frozen=True, slots=True)
class GuildSettings:
    channels: tuple[int, ...] = ()
    default_clock_seconds: int | None = None
    locale: str | None = None
    #: Public boards as pictures (the default) or text only.
    pictures: bool = True
    #: Whether every member may create tournaments (else only those with Manage Server).
    tournaments_by_everyone: bool = False
    #: The server's name on the web, where its admins publish its standings; None: not there.
    web_name: str | None = None

    def allows(self, channel_id: int | None) -> bool:
        return not self.channels or channel_id in self.channels

    def board_locale(self, fallback: Locale) -> Locale:
        """The language of public boards: the server's choice, else ``fallback``."""
        return "ja" if self.locale == "ja" else "en" if self.locale == "en" else fallback


def settings_of(row: GuildSettingRow) -> GuildSettings:
    return GuildSettings(
        tuple(row.channels),
        row.default_clock_seconds,
        row.locale,
        row.boards != "text",
        row.tournaments == "everyone",
        row.web_name,
    )


#: How long a server's settings are trusted from memory. Every board redraw asks for them; a
#: change made through another process shows within this time.
CACHE_SECONDS = 60.0


class GuildService:
    def __init__(self, db: Database, clock: Clock = system_clock) -> None:
        self.db = db
        self.clock = clock
        self._cache: dict[int, tuple[GuildSettings, float]] = {}

    async def get(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings()
        cached = self._cache.get(guild_id)
        if cached is not None and time.monotonic() - cached[1] < CACHE_SECONDS:
            return cached[0]
        settings = await self._read(guild_id)
        self._cache[guild_id] = (settings, time.monotonic())
        return settings

    async def _read(self, guild_id: int) -> GuildSettings:
        async with self.db.read() as session:
            row = await session.get(GuildSettingRow, guild_id)
            return GuildSettings() if row is None else settings_of(row)

    async def check_channel(self, guild_id: int | None, channel_id: int | None) -> GuildSettings:
        settings = await self.get(guild_id)
        if not settings.allows(channel_id):
            listed = " ".join(f"<#{c}>" for c in settings.channels)
            raise ServiceError(CHANNEL_NOT_ALLOWED.format(channels=listed))
        return settings

    async def update(
        self,
        guild_id: int,
        *,
        allow_channel: int | None = None,
        disallow_channel: int | None = None,
        clear_channels: bool = False,
        default_clock_seconds: int | None = None,
        locale: str | None = None,
        reset_locale: bool = False,
        pictures: bool | None = None,
        tournaments_by_everyone: bool | None = None,
        web_name: str | None = None,
        off_web: bool = False,
    ) -> GuildSettings:
        """Change the settings given (and only those), as one guarded update: another
        process changing other settings meanwhile keeps its change, and one changing the
        channels too is applied after this one, never over it. The row is locked by the
        upsert that begins the transaction (PostgreSQL; SQLite's write transaction holds the
        whole file), so the channel list is read and rewritten under that lock — never from
        this process's cache."""
        changed: dict[str, Any] = {}
        if default_clock_seconds is not None:
            changed["default_clock_seconds"] = default_clock_seconds
        if reset_locale or locale:
            changed["locale"] = None if reset_locale else locale
        if pictures is not None:
            changed["boards"] = "pictures" if pictures else "text"
        if tournaments_by_everyone is not None:
            changed["tournaments"] = "everyone" if tournaments_by_everyone else None
        if web_name is not None or off_web:
            changed["web_name"] = None if off_web else web_name[:100] if web_name else None
        if clear_channels:
            changed["channels"] = []
        changed["updated_at"] = self.clock()
        async with self.db.transaction() as session:
            await upsert(session, GuildSettingRow, {"guild_id": guild_id}, changed)
            if allow_channel is not None or disallow_channel is not None:
                where = GuildSettingRow.guild_id == guild_id
                channels = list(
                    await session.scalar(select(GuildSettingRow.channels).where(where)) or ()
                )
                if allow_channel is not None and allow_channel not in channels:
                    channels.append(allow_channel)
                if disallow_channel is not None and disallow_channel in channels:
                    channels.remove(disallow_channel)
                await session.execute(
                    update(GuildSettingRow).where(where).values(channels=channels)
                )
            row = await session.get(GuildSettingRow, guild_id, populate_existing=True)
            assert row is not None
            settings = settings_of(row)
        self._cache[guild_id] = (settings, time.monotonic())
        return settings
