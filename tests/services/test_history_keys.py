"""A player's open games and history come from their seats' index: each seat says when its game
ended (the database's triggers keep it whichever way the game ends, or however it was
inserted), and a page of history is read from a key along that index — in order, with nothing
sorted — and pages back and forth to the same games. (``bench.scale`` times both at a
million games.)"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import event, select

from bot.db import Database, GameRow, GameSeatRow
from bot.db.records import DeliveryWrite
from bot.services.games import GameService
from bot.services.history import HistoryKey
from bot.services.snapshots import Player
from bot.statuses import DeliveryKind
from rules.core import Resign
from tests.conftest import FakeClock
from tests.services.game_rows import insert_finished_game

ALICE, BOB, CAROL = Player(1, "alice"), Player(2, "bob"), Player(3, "carol")
GUILD, OTHER = 50, 60


async def ended(db: Database, game_id: int) -> list[datetime | None]:
    async with db.read() as session:
        return list(
            await session.scalars(
                select(GameSeatRow.ended_at)
                .where(GameSeatRow.game_id == game_id)
                .order_by(GameSeatRow.seat)
            )
        )


async def won(service: GameService, guild: int = GUILD, opponent: Player = BOB) -> int:
    made = await service.starts.challenge(
        "bushi", ALICE, opponent, challenger_seat=0, guild_id=guild
    )
    await service.starts.accept(made.game.id, opponent.user_id)
    await service.actions.act(made.game.id, opponent.user_id, None, Resign.code)
    return made.game.id


async def test_each_seat_says_when_its_game_ended(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock, challenge_ttl=timedelta(hours=1))
    made = await service.starts.challenge("bushi", ALICE, BOB, challenger_seat=0)
    assert await ended(db, made.game.id) == [None, None]
    await service.starts.accept(made.game.id, BOB.user_id)
    clock.advance(minutes=5)
    assert await ended(db, made.game.id) == [None, None]
    await service.actions.act(made.game.id, BOB.user_id, None, Resign.code)
    game = await service.queries.get(made.game.id)
    assert game.finished_at == clock() and await ended(db, game.id) == [clock(), clock()]

    declined = await service.starts.challenge("bushi", ALICE, CAROL, challenger_seat=0)
    clock.advance(minutes=1)
    await service.starts.decline(declined.game.id, CAROL.user_id)
    assert await ended(db, declined.game.id) == [clock(), clock()]

    withdrawn = await service.starts.challenge("bushi", ALICE, CAROL, challenger_seat=0)
    clock.advance(minutes=1)
    await service.starts.abort(withdrawn.game.id, ALICE.user_id)
    assert await ended(db, withdrawn.game.id) == [clock(), clock()]

    lapsed = await service.starts.challenge("bushi", ALICE, CAROL, challenger_seat=0)
    clock.advance(hours=2)
    await service.starts.expire(lapsed.game.id, DeliveryWrite(DeliveryKind.EXPIRED))
    assert await ended(db, lapsed.game.id) == [clock(), clock()]
    # Only the open games are the player's open games.
    assert [g.id for g in await service.queries.list_games(ALICE.user_id)] == []


async def test_a_game_inserted_already_over_has_its_seats_ended(
    db: Database, clock: FakeClock
) -> None:
    """However a row arrives (an import, a restore, a test's own insert), its seats follow."""
    when = clock()
    await insert_finished_game(db, when, ALICE.user_id, BOB.user_id)
    async with db.read() as session:
        game_id = await session.scalar(select(GameRow.id))
    assert game_id is not None and await ended(db, game_id) == [when, when]


async def test_history_pages_from_keys_to_the_same_games(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    ids = []
    for n in range(7):
        ids.append(await won(service))
        if n != 2:  # the third and fourth end at the same moment: their ids order them
            clock.advance(minutes=1)
    elsewhere = await won(service, guild=OTHER)
    history = service.queries.history
    newest_first = ids[::-1]

    first = await history.page(ALICE.user_id, guild_id=GUILD, limit=3)
    assert [g.id for g in first.games] == newest_first[:3]
    assert not first.newer and first.older
    pages, page = [first], first
    while page.older:
        page = await history.page(ALICE.user_id, guild_id=GUILD, limit=3, after=page.last)
        pages.append(page)
    assert [g.id for p in pages for g in p.games] == newest_first
    assert [len(p.games) for p in pages] == [3, 3, 1] and pages[-1].newer
    back = await history.page(ALICE.user_id, guild_id=GUILD, limit=3, before=pages[2].first)
    assert [g.id for g in back.games] == newest_first[3:6] and back.older and back.newer
    top = await history.page(ALICE.user_id, guild_id=GUILD, limit=3, before=pages[1].first)
    assert [g.id for g in top.games] == newest_first[:3] and not top.newer
    # A page number skips whole pages along the same order.
    skipped = await history.page(ALICE.user_id, guild_id=GUILD, limit=3, skip=1)
    assert [g.id for g in skipped.games] == newest_first[3:6]
    # Away from servers: every place's games.
    everywhere = await history.page(ALICE.user_id, limit=3)
    assert [g.id for g in everywhere.games] == [elsewhere, *newest_first[:2]]
    # A key's game gone (its player deleted, say): the page still starts after its place.
    key = HistoryKey(pages[0].games[-1].finished_at or clock(), 0)
    after_gone = await history.page(ALICE.user_id, guild_id=GUILD, limit=3, after=key)
    assert [g.id for g in after_gone.games] == newest_first[3:6]


async def explained(db: Database, call: Callable[[], Awaitable[Any]]) -> str:
    """The plan of the query on ``game`` that ``call`` sends, as the database would run it on
    these rows — with sequential scans priced out on PostgreSQL (a handful of rows is read
    faster whole, which says nothing of a million)."""
    sent: list[tuple[str, Any]] = []

    def capture(conn: Any, cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "game_seat" in statement:
            sent.append((statement, params))

    event.listen(db.engine.sync_engine, "before_cursor_execute", capture)
    try:
        await call()
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", capture)
    statement, params = sent[0]  # the page itself (its seats are read after it)
    sqlite = db.engine.dialect.name == "sqlite"
    async with db.engine.connect() as conn:
        if not sqlite:
            await conn.exec_driver_sql("SET enable_seqscan = off")
        rows = await conn.exec_driver_sql(
            ("EXPLAIN QUERY PLAN " if sqlite else "EXPLAIN ") + statement, params
        )
        return "\n".join(str(row[-1] if sqlite else row[0]) for row in rows)


@pytest.mark.fresh_schema
async def test_a_page_is_read_along_the_index_unsorted(db: Database, clock: FakeClock) -> None:
    service = GameService(db, clock=clock)
    for _ in range(4):
        await won(service)
        clock.advance(minutes=1)
    history = service.queries.history
    first = await history.page(ALICE.user_id, guild_id=GUILD, limit=2)
    for call in (
        lambda: history.page(ALICE.user_id, guild_id=GUILD, limit=2),
        lambda: history.page(ALICE.user_id, limit=2, after=first.last, viewer=CAROL.user_id),
        lambda: history.page(ALICE.user_id, limit=2, before=first.last),
    ):
        plan = await explained(db, call)
        # The finished games' seats, each with its summary (0027): on PostgreSQL from the index
        # alone (its entries carry the summary), the table's rows not read.
        assert "ix_game_seat_user_history" in plan, plan
        assert "TEMP B-TREE" not in plan and "Sort" not in plan, plan
        if not db.is_sqlite:
            assert "Index Only Scan" in plan, plan
