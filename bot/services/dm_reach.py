"""Whether the bot may DM a user, as Discord has shown it — known, not guessed.

Discord refuses the bot's DM to a user who takes no DMs from it (50007 "Cannot send messages
to this user") or who shares no server with it (50278 "Cannot send messages to this user due
to having no mutual guilds", developers/topics/opcodes-and-status-codes.mdx). Each refusal is a
403, and "IP addresses that make too many invalid HTTP requests are automatically and
temporarily restricted from accessing the Discord API. Currently, this limit is 10,000 per 10
minutes. An invalid request is one that results in 401, 403, or 429 statuses" (rate-limits.mdx,
"Invalid Request Limit"). So a DM goes only to a user Discord has vouched for:

- an interaction in a server that added the bot, or in its DM under that install (Discord
  offers the server install's commands there only to users who share a server with the bot),
  says the user shares a server with it (``shared_server_at``); so does the home server's
  member list (``HOME_SERVER_INVITE``), and a game played in such a server before this was
  kept (migration 0017);
- a refusal is remembered (``refused_code``, ``refused_at``): 50278 until Discord vouches for a
  server in common again; 50007 for :data:`CLOSED_DMS_KEPT` (a user may open their DMs
  without the bot seeing it), or until they ask for DMs again (/settings).

Nobody else is DMed: a user seen only in group DMs and servers without the bot is unknown, and
a DM to them is skipped (and counted) rather than tried. No Discord here: :mod:`bot.ui.dm_reach`
asks Discord and tells players.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from bot.db import Database, DmReachRow
from bot.db.upsert import upsert
from bot.services.clock import Clock, system_clock
from bot.services.user_cache import UserCache

#: Discord's codes for a DM it will not take.
DMS_CLOSED = 50007
NO_SHARED_SERVER = 50278
#: How long a user who takes no DMs from the bot is left alone before the bot tries again.
CLOSED_DMS_KEPT = timedelta(days=7)
#: How often one process writes that Discord vouched for a user again (the time matters only
#: against a later refusal, which clears this process's memory of it).
VOUCH_EVERY_SECONDS = 24 * 3600.0
#: How long a user's reach is trusted from this process's memory (another process's change
#: shows within this time; this process's own at once).
CACHE_SECONDS = 60.0


class DmReach(enum.StrEnum):
    """What the bot knows of a DM to a user."""

    #: Discord vouched for a server in common since its last refusal: a DM goes.
    REACHABLE = "reachable"
    #: Discord refused with 50007 lately.
    DMS_CLOSED = "dms_closed"
    #: Discord refused with 50278 and has not vouched for a server in common since.
    NO_SHARED_SERVER = "no_shared_server"
    #: Never vouched for, never refused: seen only where Discord says nothing of it.
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class Known:
    """A user's ``dm_reach`` row, as read."""

    shared_server_at: datetime | None = None
    refused_code: int | None = None
    refused_at: datetime | None = None
    told: str | None = None


def reach_of(known: Known, now: datetime) -> DmReach:
    vouched, refused, code = known.shared_server_at, known.refused_at, known.refused_code
    if refused is not None:
        if code == DMS_CLOSED and now - refused < CLOSED_DMS_KEPT:
            return DmReach.DMS_CLOSED
        if code == NO_SHARED_SERVER and (vouched is None or vouched <= refused):
            return DmReach.NO_SHARED_SERVER
    return DmReach.UNKNOWN if vouched is None else DmReach.REACHABLE


def _known(row: DmReachRow) -> Known:
    return Known(row.shared_server_at, row.refused_code, row.refused_at, row.told)


class DmReachBook:
    def __init__(self, db: Database, clock: Clock = system_clock) -> None:
        self.db = db
        self.clock = clock
        #: What was read lately.
        self._known: UserCache[Known] = UserCache(CACHE_SECONDS, Known())
        #: When this process last wrote a vouch for each user.
        self._vouched: dict[int, float] = {}

    async def reach(self, user_ids: Iterable[int]) -> dict[int, DmReach]:
        """Each user's reach, from memory where fresh."""
        now = self.clock()
        return {
            user_id: reach_of(known, now) for user_id, known in (await self._read(user_ids)).items()
        }

    async def told(self, user_id: int) -> str | None:
        """Where the user was last told their reminders go (None: never)."""
        return (await self._read([user_id]))[user_id].told

    async def vouched(self, user_id: int) -> None:
        """Discord vouched that ``user_id`` shares a server with the bot (written at most once
        a day per process, or at once after a refusal)."""
        last = self._vouched.get(user_id)
        if last is not None and time.monotonic() - last < VOUCH_EVERY_SECONDS:
            return
        await self._write(user_id, shared_server_at=self.clock())
        self._vouched[user_id] = time.monotonic()

    async def refused(self, user_id: int, code: int) -> None:
        """Discord refused a DM to ``user_id`` with ``code`` (50007 or 50278)."""
        self._vouched.pop(user_id, None)  # the next vouch must be written, whenever it comes
        await self._write(user_id, refused_code=code, refused_at=self.clock())

    async def wants_dms(self, user_id: int) -> None:
        """The user asked for DMs: a refusal for closed DMs is forgotten (one more try)."""
        if (await self._read([user_id], fresh=True))[user_id].refused_code == DMS_CLOSED:
            await self._write(user_id, refused_code=None, refused_at=None)

    async def tell(self, user_id: int, where: str) -> None:
        """The user was told their reminders go ``where``."""
        await self._write(user_id, told=where)

    def forget_cached(self, user_id: int) -> None:
        """Drop this process's memory of a user (their data was just deleted)."""
        self._known.forget(user_id)
        self._vouched.pop(user_id, None)

    async def _read(self, user_ids: Iterable[int], *, fresh: bool = False) -> dict[int, Known]:
        return await self._known.read(user_ids, self._load, fresh=fresh)

    async def _load(self, user_ids: list[int]) -> dict[int, Known]:
        async with self.db.read() as session:
            rows = await session.scalars(select(DmReachRow).where(DmReachRow.user_id.in_(user_ids)))
            return {row.user_id: _known(row) for row in rows}

    async def _write(self, user_id: int, **values: Any) -> None:
        values["updated_at"] = self.clock()
        async with self.db.transaction() as session:
            await upsert(session, DmReachRow, {"user_id": user_id}, values)
            row = await session.get(DmReachRow, user_id, populate_existing=True)
            assert row is not None
            known = _known(row)
        self._known.remember(user_id, known)
