"""A click's cost through Discord: the real bot in this process, driven through the loopback
fake of Discord by concurrent players, each clicking their move as soon as it is their turn.

    python -m bench.bench_clicks [--users 50] [--clicks 1000] [--pictures]

Reports p50 / p99 from the interaction being sent to the board being edited, clicks per
second, and the database transactions the bot began per click (the move's guarded write; the
board, the notices and the ping bookkeeping need none of their own — several players' moves
may even share one commit).
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection

from bench.stats import percentile
from bot.client import AsobibaBot
from bot.config import Settings
from bot.db import Database
from bot.db.sqlite_store import SqliteGameStore
from bot.services.games import GameService
from rules.core import Rng
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


def moves_on(board: FakeMessage) -> tuple[str, list[str]] | None:
    """A move the board offers: (the drop menu's custom_id, its values) or (a move button's
    custom_id, []); None when the board offers none (the game is over)."""
    if board.selects():
        menu = board.selects()[0]
        return str(menu["custom_id"]), [str(o["value"]) for o in menu["options"]]
    buttons = [
        str(b["custom_id"])
        for b in board.buttons()
        if str(b["custom_id"]).startswith("g:") and "draw" not in str(b["custom_id"])
    ]
    return (buttons[0], []) if buttons else None


class Table:
    """Two players at one board, taking turns."""

    def __init__(self, fake: FakeDiscord, channel: FakeChannel, black: FakeUser, white: FakeUser):
        self.fake, self.channel, self.players = fake, channel, (black, white)

    async def start(self) -> FakeMessage:
        black, white = self.players
        record = await self.fake.slash(
            "bushi challenge",
            user=black,
            channel=self.channel,
            options={"opponent": white, "colour": "black"},
        )
        await record.wait_response()
        board = record.message
        assert board is not None
        await self.fake.click(board, user=white, label="Accept")
        await self.fake.wait_until(lambda: moves_on(board) is not None, timeout=30)
        return board

    async def play(self, clicks: int, latencies: list[float], rng: Rng) -> None:
        board = await self.start()
        turn = 0
        for _ in range(clicks):
            offered = moves_on(board)
            if offered is None or "🏆" in board.content:
                board, turn = await self.start(), 0
                offered = moves_on(board)
                assert offered is not None
            custom_id, values = offered
            edits = board.edit_count
            started = time.perf_counter()
            if values:
                value, rng = rng.choice(values)
                await self.fake.select(board, custom_id, [value], user=self.players[turn])
            else:
                await self.fake.click(board, custom_id, user=self.players[turn])
            await self.fake.wait_until(
                lambda board=board, edits=edits: board.edit_count > edits,  # type: ignore[misc]
                timeout=30,
            )
            latencies.append(time.perf_counter() - started)
            turn = 1 - turn


def count_transactions(db: Database) -> list[int]:
    begun = [0]

    @event.listens_for(db.engine.sync_engine, "begin")
    def _orm(_conn: Connection) -> None:
        begun[0] += 1

    store = db.store
    assert isinstance(store, SqliteGameStore)
    for name in ("_read_batch", "_write_batch"):
        batch = getattr(store, name)

        def counted(conn: sqlite3.Connection, jobs: list[Any], batch: Any = batch) -> Any:
            begun[0] += 1
            return batch(conn, jobs)

        setattr(store, name, counted)
    return begun


async def run(users: int, clicks: int, pictures: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}"
        async with FakeDiscord(assert_clean_on_exit=False) as fake:
            guild = fake.add_guild("Bench", locale="en-US")
            channels = [fake.add_text_channel(guild, f"games-{n}") for n in range(5)]
            people = [fake.add_user(f"player{n}") for n in range(users)]
            db = Database(url)
            bot = AsobibaBot(
                Settings(discord_token="fake-token", database_url=url),
                db,
                GameService(db, seed_source=Rng.from_seed(1)),
            )
            await fake.run_client(bot)
            await bot.asobiba.services.servers.update(guild.id, pictures=pictures)
            tables = [
                Table(fake, channels[n % len(channels)], people[2 * n], people[2 * n + 1])
                for n in range(users // 2)
            ]
            latencies: list[float] = []
            await asyncio.gather(*(t.play(2, [], Rng.from_seed(n)) for n, t in enumerate(tables)))
            begun = count_transactions(db)
            started = time.perf_counter()
            per_table = clicks // len(tables)
            await asyncio.gather(
                *(t.play(per_table, latencies, Rng.from_seed(n)) for n, t in enumerate(tables))
            )
            elapsed = time.perf_counter() - started
            await fake.stop_client(bot)
    print(
        f"clicks through the fake Discord ({users} players, {len(latencies)} clicks, "
        f"{'picture' if pictures else 'text'} boards): interaction -> board edited "
        f"p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, "
        f"{len(latencies) / elapsed:.0f} clicks/s; "
        f"{begun[0] / len(latencies):.2f} database transactions per click "
        "(new games included)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--clicks", type=int, default=1000)
    parser.add_argument("--pictures", action="store_true", help="picture boards (the default)")
    args = parser.parse_args()
    asyncio.run(run(args.users, args.clicks, args.pictures))


if __name__ == "__main__":
    main()
