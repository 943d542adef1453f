"""One game record, three paths: a game created and written through the ORM and through the
hot path's store (SQLite's or PostgreSQL's) reads back the same through every path — the ORM,
the store's single and batched reads, and the raw rows — column for column; and what a change
owes (its delivery) is stored the same by every path that writes one."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import select, text, update

from bot.db import Database, DeliveryRow, GameRow, GameSeatRow, TournamentRow
from bot.db.game_columns import new_game_row
from bot.db.records import DeliveryWrite, EventRecord, GameWrite, NewGame, Seated, SeatRecord
from bot.statuses import DeliveryKind

TOKYO = timezone(timedelta(hours=9))
#: Every time different (and in another zone than UTC, with microseconds): a column read from
#: another's place cannot pass.
CREATED = datetime(2026, 11, 25, 21, 0, 1, 123456, tzinfo=TOKYO)
EXPIRES = datetime(2026, 11, 26, 21, 0, 2, 5, tzinfo=TOKYO)
DEADLINE = datetime(2026, 11, 25, 13, 30, 3, tzinfo=UTC)
UPDATED = datetime(2026, 11, 25, 14, 0, 4, 654321, tzinfo=UTC)
FINISHED = datetime(2026, 11, 25, 14, 0, 5, 1, tzinfo=UTC)
EXPIRES_AFTER = datetime(2026, 11, 27, 1, 2, 6, tzinfo=UTC)
DEADLINE_AFTER = datetime(2026, 11, 28, 1, 2, 7, 70, tzinfo=UTC)
SEATS = (
    SeatRecord(0, 9_007_199_254_740_993, "あきら", False, False),
    SeatRecord(1, 202, "bot", True, True),
)
STATE: dict[str, Any] = {"board": [[1, None], ["歩", True]], "turn": 1}


def new_game(tournament_id: int) -> NewGame:
    return NewGame(
        game_type="bushi",
        rules_version=3,
        schema_version=2,
        status="challenge",
        settings={"variant": "original", "handicap": 0},
        seed=2**62 + 7,
        salt="ab" * 32,
        state=STATE,
        rated=True,
        challenger_seat=1,
        guild_id=2**60 + 1,
        channel_id=2**60 + 2,
        locale="ja",
        created_at=CREATED,
        expires_at=EXPIRES,
        move_seconds=3600,
        deadline_at=DEADLINE,
        daily_key="2026-11-25:original",
        seats=SEATS,
        tournament_id=tournament_id,
        open_to={"min": 1400, "max": None},
        clock={"bank": {"start": 86400, "add": 3600, "cap": 172800, "left": {"0": 86400}}},
    )


def created_columns(tournament_id: int) -> dict[str, Any]:
    """Every column of the new game (but its id), spelled out here, not derived."""
    return {
        "game_type": "bushi",
        "rules_version": 3,
        "schema_version": 2,
        "status": "challenge",
        "settings": {"variant": "original", "handicap": 0},
        "seed": 2**62 + 7,
        "salt": "ab" * 32,
        "state": STATE,
        "version": 1,
        "ply": 0,
        "rated": True,
        "challenger_seat": 1,
        "outcome": None,
        "guild_id": 2**60 + 1,
        "channel_id": 2**60 + 2,
        "message_id": None,
        "board_reach": "channel",
        "board_claimed_at": None,
        "ping_message_id": None,
        "locale": "ja",
        "created_at": CREATED,
        "updated_at": CREATED,
        "expires_at": EXPIRES,
        "move_seconds": 3600,
        "deadline_at": DEADLINE,
        "reminders_sent": 0,
        "daily_key": "2026-11-25:original",
        "finished_at": None,
        "tournament_id": tournament_id,
        "planners": 0,
        "held_since": None,
        "pause": None,
        "open_to": {"min": 1400, "max": None},
        "clock": {"bank": {"start": 86400, "add": 3600, "cap": 172800, "left": {"0": 86400}}},
    }


def change_of(game_id: int) -> GameWrite:
    return GameWrite(
        game_id=game_id,
        seen_version=1,
        state={"board": [], "turn": 2},
        ply=1,
        status="finished",
        outcome={"points": [1, 0], "reason": "resign"},
        finished_at=FINISHED,
        expires_at=EXPIRES_AFTER,
        deadline_at=DEADLINE_AFTER,
        reset_reminders=True,
        updated_at=UPDATED,
        held_since=CREATED,
        pause={"adjourned": True, "away": {"1": "2026-12-24T00:00:00+00:00"}},
        open_to=None,
        events=(EventRecord(1, 0, "resign", {"kind": "resigned"}, "投了", "resigned", 42),),
        to_act_mask=0b01,
        ping_message_id=2**60 + 3,
        clock={"turn": {"began": "2026-12-01T00:00:00+00:00", "allowed": 3600}},
    )


def written_columns(tournament_id: int) -> dict[str, Any]:
    return {
        **created_columns(tournament_id),
        "state": {"board": [], "turn": 2},
        "version": 2,
        "ply": 1,
        "status": "finished",
        "outcome": {"points": [1, 0], "reason": "resign"},
        "finished_at": FINISHED,
        "expires_at": EXPIRES_AFTER,
        "deadline_at": DEADLINE_AFTER,
        "updated_at": UPDATED,
        "held_since": CREATED,
        "pause": {"adjourned": True, "away": {"1": "2026-12-24T00:00:00+00:00"}},
        "open_to": None,
        "ping_message_id": 2**60 + 3,
        "clock": {"turn": {"began": "2026-12-01T00:00:00+00:00", "allowed": 3600}},
    }


WRITTEN_SEATS = (
    dataclasses.replace(SEATS[0], to_act=True),
    dataclasses.replace(SEATS[1], to_act=False),
)


async def a_tournament(db: Database) -> int:
    async with db.transaction() as session:
        row = TournamentRow(
            guild_id=1, channel_id=2, organiser_id=3, name="t", game_type="bushi", settings={},
            format="swiss", rounds=3, status="running", signup_until=CREATED, seed=1, salt="00",
            locale="ja", created_at=CREATED, updated_at=CREATED,
        )  # fmt: skip
        session.add(row)
        await session.flush()
        return row.id


async def through_the_orm(
    db: Database, game_id: int
) -> tuple[dict[str, Any], tuple[SeatRecord, ...]]:
    async with db.read() as session:
        row = await session.get(GameRow, game_id)
        assert row is not None
        columns = {c.name: getattr(row, c.key) for c in GameRow.__table__.columns}  # type: ignore[attr-defined]
        seats = tuple(
            SeatRecord(**{f.name: getattr(s, f.name) for f in dataclasses.fields(SeatRecord)})
            for s in row.seats
        )
    return columns, seats


async def raw_rows(db: Database, game_id: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The rows as the driver returns them (SQLite: the very text stored), but the ids."""
    async with db.read() as session:
        game = (
            await session.execute(text("SELECT * FROM game WHERE id = :id"), {"id": game_id})
        ).one()
        seats = (
            await session.execute(
                text("SELECT * FROM game_seat WHERE game_id = :id ORDER BY seat"), {"id": game_id}
            )
        ).all()
    without = {k: v for k, v in game._mapping.items() if k != "id"}
    return without, [_without_game_id(dict(s._mapping)) for s in seats]


def _without_game_id(seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's row but its game's id, which its /history summary (made by the database from
    the game's row) also carries."""
    del seat["game_id"]
    summary = seat.get("summary")
    if summary is not None:
        summary = json.loads(summary) if isinstance(summary, str) else dict(summary)
        del summary["id"]
        seat["summary"] = summary
    return seat


def assert_same(read: dict[str, Any], expected: dict[str, Any], path: str) -> set[str]:
    """``read``'s columns equal to ``expected``'s (times the same instant, read as UTC);
    returns the columns compared."""
    for name, value in read.items():
        assert value == expected[name], f"{path}: {name} is {value!r}, not {expected[name]!r}"
        if isinstance(value, datetime):
            assert value.utcoffset() == timedelta(0), f"{path}: {name} not read as UTC"
    return set(read)


async def assert_reads(
    db: Database, ids: list[int], expected: dict[str, Any], seats: tuple[SeatRecord, ...]
) -> None:
    """Each game of ``ids`` read back through every path equals ``expected``, column by column,
    and every column of the game is compared by some path."""
    compared: set[str] = set()
    for game_id in ids:
        columns, orm_seats = await through_the_orm(db, game_id)
        compared |= assert_same({k: v for k, v in columns.items() if k != "id"}, expected, "ORM")
        assert orm_seats == seats, "ORM seats"
        alone = await db.store.read(game_id)
        # Read together, the store batches them (PostgreSQL: one statement for many games; the
        # first, finding none in flight, goes alone: the second copy of each is batched).
        batched = await asyncio.gather(*(db.store.read(g) for g in ids * 2))
        batched_too = batched[len(ids) + ids.index(game_id)]
        for path, record in (("store", alone), ("store, batched", batched_too)):
            assert record is not None and record.id == game_id
            values = dataclasses.asdict(record)
            assert tuple(SeatRecord(**s) for s in values.pop("seats")) == seats, f"{path} seats"
            del values["id"]
            compared |= assert_same(values, expected, path)
        held = await db.store.read(game_id, expected["version"])
        assert held is not None and held.state is None and held.seats is None
        assert_same(
            {
                k: v
                for k, v in dataclasses.asdict(held).items()
                if k not in ("id", "state", "seats")
            },
            expected,
            "store, version held",
        )
    assert compared == {c.name for c in GameRow.__table__.columns} - {"id"}  # type: ignore[attr-defined]
    first, *others = [await raw_rows(db, g) for g in ids]
    assert first[0].keys() == expected.keys()
    for other in others:
        for name, value in first[0].items():
            assert other[0][name] == value, f"stored {name}: {other[0][name]!r}, not {value!r}"
        assert other[1] == first[1], "the stored seats differ"


async def test_a_game_created_and_written_by_any_path_reads_the_same_by_every_path(
    db: Database,
) -> None:
    tournament = await a_tournament(db)
    async with db.transaction() as session:
        row = new_game_row(new_game(tournament))
        session.add(row)
        await session.flush()
        by_orm = row.id
    by_store = await db.store.create(new_game(tournament))
    await assert_reads(db, [by_orm, by_store], created_columns(tournament), SEATS)

    # Written by the store (each path's game)...
    assert await db.store.write(change_of(by_orm)) is not None
    written = await db.store.write(change_of(by_store))
    assert written is not None
    assert (written.ping_message_id, written.reminders_sent) == (2**60 + 3, 0)
    assert (written.channel_id, written.message_id) == (2**60 + 2, None)
    # ... and by the ORM, its version counter moving the version as the store's bump does.
    by_orm_too = await db.store.create(new_game(tournament))
    change = change_of(by_orm_too)
    async with db.transaction() as session:
        orm_row = await session.get(GameRow, by_orm_too)
        assert orm_row is not None
        for name in ("state", "ply", "status", "outcome", "finished_at", "expires_at"):
            setattr(orm_row, name, getattr(change, name))
        orm_row.deadline_at, orm_row.updated_at = change.deadline_at, change.updated_at
        orm_row.ping_message_id = change.ping_message_id
        orm_row.held_since, orm_row.pause = change.held_since, change.pause
        orm_row.open_to, orm_row.clock = change.open_to, change.clock
        for seat in orm_row.seats:
            seat.to_act = seat.seat == 0
    await assert_reads(
        db, [by_orm, by_store, by_orm_too], written_columns(tournament), WRITTEN_SEATS
    )


async def test_batched_writes_store_what_single_writes_store(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = await a_tournament(db)
    ids = [await db.store.create(new_game(tournament)) for _ in range(4)]
    batches: dict[str, list[int]] = {"reads": [], "writes": []}
    if not db.is_sqlite:  # PostgreSQL's batches are statements of their own (READ_GAMES …)
        for kind in batches:
            batcher = getattr(db.store, f"_{kind}")
            monkeypatch.setattr(batcher, "_run", counted(batcher._run, batches[kind]))
    first = await db.store.write(change_of(ids[0]))
    # The first goes alone; the others, arriving meanwhile, together.
    rest = await asyncio.gather(*(db.store.write(change_of(g)) for g in ids[1:]))
    assert first is not None and all(w is not None for w in rest)
    await assert_reads(db, ids, written_columns(tournament), WRITTEN_SEATS)
    assert db.is_sqlite or (max(batches["reads"]) > 1 and max(batches["writes"]) > 1)


async def test_a_seat_taken_is_written_with_its_change_and_only_with_it(db: Database) -> None:
    """Someone new in a seat (an open challenge taken) is written by the guarded write itself:
    with the change, or — the version moved on — not at all; a DM notice of whoever sat there
    before is not theirs."""
    game_id = await db.store.create(new_game(await a_tournament(db)))
    async with db.transaction() as session:
        await session.execute(
            update(GameSeatRow).where(GameSeatRow.game_id == game_id).values(dm_ping_message_id=9)
        )
    taken = dataclasses.replace(change_of(game_id), seated=(Seated(0, 77, "たかし"),))
    assert await db.store.write(taken) is not None
    again = dataclasses.replace(taken, seated=(Seated(1, 88, "late"),))
    assert await db.store.write(again) is None  # version 1 is gone: nothing written
    async with db.read() as session:
        seats = (
            await session.execute(
                select(
                    GameSeatRow.seat,
                    GameSeatRow.user_id,
                    GameSeatRow.display_name,
                    GameSeatRow.to_act,
                    GameSeatRow.dm_ping_message_id,
                )
                .where(GameSeatRow.game_id == game_id)
                .order_by(GameSeatRow.seat)
            )
        ).all()
    assert [tuple(s) for s in seats] == [(0, 77, "たかし", True, None), (1, 202, "bot", False, 9)]


def counted(run: Callable[[list[Any]], Awaitable[Any]], sizes: list[int]) -> Any:
    async def recorded(requests: list[Any]) -> Any:
        sizes.append(len(requests))
        return await run(requests)

    return recorded


#: What a change owes, every field but its due time given (none: due at once, when written).
OWED = DeliveryWrite(DeliveryKind.REMINDER, 2, DEADLINE_AFTER, 2**60 + 5, owner="shards:1")


async def test_a_delivery_is_stored_the_same_by_every_path(db: Database) -> None:
    tournament = await a_tournament(db)
    ids = [await db.store.create(new_game(tournament)) for _ in range(4)]
    owing = [dataclasses.replace(change_of(g), delivery=OWED) for g in ids]
    assert await db.store.write(owing[0]) is not None  # alone
    assert all(await asyncio.gather(*(db.store.write(c) for c in owing[1:4])))  # batched
    # Through the bookkeeping, in the caller's unit of work: a player's seats handed on.
    leaving = SeatRecord(0, 555, "leaving", False, True)
    ids.append(await db.store.create(dataclasses.replace(new_game(tournament), seats=(leaving,))))
    async with db.transaction() as session:
        assert await db.store.hand_seats(session, 555, 556, "x", OWED, UPDATED) == [ids[-1]]
    async with db.read() as session:
        rows = (await session.execute(text("SELECT * FROM delivery ORDER BY game_id"))).all()
        stored = list(await session.scalars(select(DeliveryRow).order_by(DeliveryRow.game_id)))
    assert [row.game_id for row in rows] == ids
    first, *others = [
        {k: v for k, v in r._mapping.items() if k not in ("id", "game_id")} for r in rows
    ]
    for other in others:
        assert other == first
    read = {c.name: getattr(stored[0], c.key) for c in DeliveryRow.__table__.columns}  # type: ignore[attr-defined]
    assert {k: v for k, v in read.items() if k not in ("id", "game_id")} == {
        "kind": DeliveryKind.REMINDER,
        "number": 2,
        "deadline_at": DEADLINE_AFTER,
        "actor_id": 2**60 + 5,
        "created_at": UPDATED,
        "due_at": UPDATED,
        "owner": "shards:1",
        "attempts": 0,
        "last_error": None,
    }
