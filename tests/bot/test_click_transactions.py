"""One Discord click is one database transaction: the move's guarded write. The board edit,
the panels, the next player's ping (routed by preferences held in memory) and the swap of the
previous ping (recorded with the game's next write) need none of their own."""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection

from bot.db.sqlite_store import SqliteGameStore
from tests.bot.harness import World, challenge, click, until


def count_transactions(world: World) -> list[str]:
    """Every transaction from now on: the ORM's, and the hot path's read and write batches."""
    seen: list[str] = []
    db = world.bot.db

    @event.listens_for(db.engine.sync_engine, "begin")
    def _orm(_conn: Connection) -> None:
        seen.append("orm")

    store = db.store
    assert isinstance(store, SqliteGameStore)
    for name in ("_read_batch", "_write_batch"):
        batch = getattr(store, name)

        def counted(
            conn: sqlite3.Connection, jobs: list[Any], batch: Any = batch, name: str = name
        ) -> Any:
            seen.append(name.strip("_").removesuffix("_batch"))
            return batch(conn, jobs)

        setattr(store, name, counted)
    return seen


async def test_a_move_click_is_one_transaction(world: World) -> None:
    fake = world.fake
    board = await challenge(world)
    await click(world, board, world.bob, label="Accept")
    await until(world, lambda: bool(board.selects()))
    # Alice's drop: the bot gets to know the server's settings and the players' preferences.
    menu = board.selects()[0]
    first = await fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=world.alice
    )
    await first.wait_complete()
    await until(world, lambda: "Black placed the cube" in board.text)
    await until(world, lambda: f"<@{world.bob.id}>" in fake.messages_in(world.channel)[-1].content)
    ping = fake.messages_in(world.channel)[-1]

    seen = count_transactions(world)
    menu = board.selects()[0]
    record = await fake.select(
        board, menu["custom_id"], [menu["options"][0]["value"]], user=world.bob
    )
    await record.wait_complete()
    await until(world, lambda: "White placed the cube" in board.text)
    await until(world, lambda: ping.deleted)  # Alice's ping went out and Bob's was deleted
    assert f"<@{world.alice.id}>" in fake.messages_in(world.channel)[-1].content
    assert seen == ["write"]
