"""A player's time zone and quiet hours (``/settings``), and the games that follow them.

The player's row (``user_pref``) is what is true; each game keeps a copy in its clock column
(:mod:`bot.services.game_clock`), so that its deadline is worked out from the row alone by any
process. The copy is taken when a game starts, and again for every active game of the player
when they change their quiet hours — one guarded write each, counted from their next turn (a
deadline already shown does not move under anyone's feet).
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.db import Database, GameRow, GameSeatRow, UserPrefRow
from bot.db.records import DeliveryWrite
from bot.db.upsert import upsert
from bot.services.base import GuardedWriter, Planned
from bot.services.clock import Clock
from bot.services.errors import ServiceError, StaleVersion
from bot.services.game_clock import GameClock
from bot.services.quiet_hours import BadQuietHours, QuietHours
from bot.services.snapshots import GameSnapshot
from bot.statuses import DeliveryKind, GameStatus
from bot.text.quiet import QUIET_BAD, QUIET_NEEDS_ZONE
from rules.core import Seat

#: Tries of a game's copy that met a move between read and write.
TRIES = 5


class QuietRefused(ServiceError):
    pass


def parse_quiet(zone_name: str, start: str, end: str, weekends: bool = False) -> QuietHours:
    """Quiet hours as ``/settings`` takes them (``Asia/Tokyo``, ``23:00``, ``07:00``, and
    whether weekends are quiet too)."""
    try:
        return QuietHours(
            zone_name.strip(), time.fromisoformat(start), time.fromisoformat(end), weekends
        )
    except (BadQuietHours, ValueError) as exc:
        raise QuietRefused(QUIET_BAD) from exc


def _of_row(row: UserPrefRow) -> QuietHours | None:
    if not (row.time_zone and row.quiet_from and row.quiet_to):
        return None
    try:
        return parse_quiet(row.time_zone, row.quiet_from, row.quiet_to, bool(row.quiet_weekends))
    except QuietRefused:
        return None  # a zone the time zone database no longer knows: no quiet hours


async def quiet_hours_of(session: AsyncSession, user_ids: Collection[int]) -> dict[int, QuietHours]:
    """The quiet hours of those of ``user_ids`` who set any."""
    if not user_ids:
        return {}
    rows = await session.scalars(select(UserPrefRow).where(UserPrefRow.user_id.in_(user_ids)))
    return {r.user_id: q for r in rows if (q := _of_row(r)) is not None}


def seat_quiet(game: GameSnapshot, by_user: dict[int, QuietHours]) -> dict[Seat, QuietHours | None]:
    """Each person's seat in ``game`` with their quiet hours (None: none)."""
    return {s.seat: by_user.get(s.user_id) for s in game.seats if not s.is_bot}


class QuietSettings:
    def __init__(self, db: Database, clock: Clock, writer: GuardedWriter) -> None:
        self.db = db
        self.clock = clock
        self.writer = writer

    async def of(self, user_id: int) -> QuietHours | None:
        async with self.db.read() as session:
            return (await quiet_hours_of(session, [user_id])).get(user_id)

    async def change(
        self,
        user_id: int,
        zone_name: str | None,
        hours: str | None,
        weekends: bool | None = None,
    ) -> tuple[QuietHours | None, list[int]]:
        """``/settings``' time zone, quiet hours (``23:00-07:00``, or ``off``) and quiet
        weekends, each kept as it was unless given; the quiet hours now, and the games
        changed."""
        current = await self.of(user_id)
        if hours is not None and hours.strip().lower() in ("off", "なし", "オフ"):
            return None, await self.set(user_id, None)
        if hours is None and current is None:
            if zone_name is not None or weekends:  # alone they set nothing: hours are needed
                raise QuietRefused(QUIET_BAD)
            return None, []
        if hours is None and zone_name is None and weekends is None:
            return current, []  # nothing of the quiet hours asked: nothing written
        zone_name = zone_name or (current.zone_name if current else None)
        if zone_name is None:
            raise QuietRefused(QUIET_NEEDS_ZONE)
        if hours is None:
            assert current is not None
            start, end = current.start.strftime("%H:%M"), current.end.strftime("%H:%M")
        else:
            start, _, end = hours.replace("〜", "-").replace("~", "-").partition("-")
        if weekends is None:
            weekends = current.weekends if current else False
        quiet = parse_quiet(zone_name, start.strip(), end.strip(), weekends)
        return quiet, await self.set(user_id, quiet)

    async def set(self, user_id: int, quiet: QuietHours | None) -> list[int]:
        """Keep the player's quiet hours (None: none) and copy them to each of their active
        games; the games changed."""
        async with self.db.transaction() as session:
            values = {
                "time_zone": None if quiet is None else quiet.zone_name,
                "quiet_from": None if quiet is None else quiet.start.strftime("%H:%M"),
                "quiet_to": None if quiet is None else quiet.end.strftime("%H:%M"),
                "quiet_weekends": None if quiet is None else quiet.weekends,
                "updated_at": self.clock(),
            }
            await upsert(session, UserPrefRow, {"user_id": user_id}, values)
            games = list(
                await session.scalars(
                    select(GameRow.id)
                    .join(GameSeatRow, GameSeatRow.game_id == GameRow.id)
                    .where(GameSeatRow.user_id == user_id, GameRow.status == GameStatus.ACTIVE)
                    .distinct()
                )
            )
        return [g for g in games if await self._follow(g, user_id, quiet)]

    async def _follow(self, game_id: int, user_id: int, quiet: QuietHours | None) -> bool:
        def plan(game: GameSnapshot) -> Planned:
            seat = game.seat_of(user_id)
            if game.status != GameStatus.ACTIVE or seat is None:
                raise _InStep()
            if GameClock.load(game.clock).quiet_of(seat) == quiet:
                raise _InStep()
            write, to_act = self.writer.write_for(
                game,
                game.state,
                status=game.status,
                expires_at=game.expires_at,
                quiet={seat: quiet},
                delivery=DeliveryWrite(DeliveryKind.REDRAW),  # its board names the quiet hours
            )
            return Planned(write, game.state, to_act)

        for _ in range(TRIES):
            try:
                await self.writer.change(game_id, None, plan)
            except _InStep:
                return False
            except StaleVersion:
                continue
            return True
        return False


class _InStep(Exception):
    """The game already holds the player's quiet hours (or is over): nothing to write."""
