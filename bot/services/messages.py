"""Where a game's messages are: its board and its newest turn ping. Bookkeeping, not moves:
these writes never bump the version, so the buttons on the board stay current."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select, update

from bot.db import Database, GameSeatRow
from bot.services.game_cache import GameCache
from bot.services.pings import PingBook
from bot.statuses import BoardReach


class BoardMessages:
    """Where the boards and pings of games are, in ``db``; the newest ping of a game this
    process acted on is kept in ``pings`` until the game's next write records it, and a board
    moved is told to ``cache`` (the copy of the game held here says where its board is)."""

    def __init__(self, db: Database, pings: PingBook, cache: GameCache) -> None:
        self.db = db
        self.pings = pings
        self.cache = cache

    async def attach_message(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        reach: BoardReach = BoardReach.CHANNEL,
    ) -> None:
        """Remember where the board is, and how the bot reaches it. Bookkeeping: it does not
        bump the version, so the buttons on that very board stay current — and so the copy of
        the game held here is moved along with it (a click on the board it replaces is then
        known for an older copy's)."""
        async with self.db.transaction() as session:
            await self.db.store.attach_board(session, game_id, channel_id, message_id, reach)
        held = self.cache.get(game_id)
        if held is not None:
            self.cache.put(
                replace(held, channel_id=channel_id, message_id=message_id, board_reach=reach)
            )

    async def swap_ping(self, game_id: int, message_id: int) -> int | None:
        """Record the newest turn ping and return the one it replaces (not a versioned change:
        it must not make the board's buttons stale).

        After an action of this process the previous ping is known here, and the new one is
        recorded with the game's next write or the next clock tick (:class:`PingBook`): no
        transaction of its own. Otherwise (a reminder after a restart) it is swapped here."""
        known, previous = self.pings.swap(game_id, message_id)
        if known:
            return previous
        async with self.db.transaction() as session:
            previous = await self.db.store.swap_ping(session, game_id, message_id)
        self.pings.recorded(game_id, message_id)
        return previous

    async def swap_dm_ping(self, game_id: int, user_id: int, message_id: int) -> int | None:
        """Record the newest turn notice a player got by DM for this game and return the one
        it replaces. DMs go only to those who asked for them, so a transaction of its own is
        cheap; a retried notice (same nonce, same message) returns itself, never deleted."""
        async with self.db.transaction() as session:
            where = (GameSeatRow.game_id == game_id) & (GameSeatRow.user_id == user_id)
            previous = await session.scalar(
                select(GameSeatRow.dm_ping_message_id).where(where).limit(1)
            )
            await session.execute(
                update(GameSeatRow).where(where).values(dm_ping_message_id=message_id)
            )
        return previous

    async def flush_pings(self) -> None:
        """Record the turn pings not yet written with a move (one transaction for all)."""
        pending = self.pings.pending()
        if pending:
            self.pings.flushed(pending, await self.db.store.save_pings(pending))
