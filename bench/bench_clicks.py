"""A click through Discord: interaction → board edited, with many players clicking at once.

    python -m bench.bench_clicks [--users 50] [--clicks 10] [--text]

The real bot runs against the loopback fake Discord on a SQLite file. Each of ``--users``
players starts a 易双六 solitaire, then all of them press **Draw** at once, ``--clicks`` times
each (closed loop: a player clicks again once their board has changed). Reported: p50 / p99 from
the click's dispatch to the edited board landing, and how many database transactions one click
costs (counted alone, with nothing else running). Beside it, in the same run, a bare discord.py
client on the same fake answers the same clicks with the same two calls (defer, edit) and no
database or rendering: the ratio of the two p50s is the last line.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
from sqlalchemy import event

from bot.client import AsobibaBot
from bot.config import Settings
from bot.db import Database
from bot.services.games import GameService
from rules.core import Rng
from tests.conftest import FakeClock
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"n:(?P<n>[0-9]+)"):
    """The bare baseline's button: it counts, and the message shows the count."""

    def __init__(self, n: int) -> None:
        self.n = n
        super().__init__(discord.ui.Button(label=f"Draw {n}", custom_id=f"n:{n}"))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.edit_original_response(content=f"count {self.n + 1}", view=view)


class BareClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)


async def click_until_edited(
    fake: FakeDiscord, board: FakeMessage, user: FakeUser, custom_id: str
) -> float:
    before = board.edit_count
    record = await fake.click(board, custom_id, user=user)
    await fake.wait_until(lambda: board.edit_count > before, timeout=30.0)
    return board.changed_at - record.dispatched_at


def draw_button(board: FakeMessage) -> str | None:
    for button in board.buttons():
        if button["custom_id"].endswith(":draw"):
            return str(button["custom_id"])
    return None


async def player(
    fake: FakeDiscord, board: FakeMessage, user: FakeUser, clicks: int, latencies: list[float]
) -> None:
    for _ in range(clicks):
        custom_id = draw_button(board)
        if custom_id is None:
            return  # the game ended
        latencies.append(await click_until_edited(fake, board, user, custom_id))


def first_move(board: FakeMessage) -> tuple[str, str | None] | None:
    """The first legal move a board offers: (menu custom_id, its first value) or (button, None)."""
    for menu in board.selects():
        if menu["custom_id"].startswith("gs:"):
            return str(menu["custom_id"]), str(menu["options"][0]["value"])
    for button in board.buttons():
        custom_id = str(button["custom_id"])
        if custom_id.startswith("g:") and "draw" not in custom_id.split(":")[3]:
            return custom_id, None
    return None


async def two_player_transactions(
    fake: FakeDiscord, bot: AsobibaBot, channel: FakeChannel, begins: list[int]
) -> float:
    """Transactions per move in a 武士将棋 game between two people (the turn ping included)."""
    black, white = fake.add_user("black"), fake.add_user("white")
    record = await fake.slash(
        "bushi challenge", user=black, channel=channel, options={"opponent": white}
    )
    await record.wait_response()
    assert record.message is not None
    board = record.message
    accept = next(b for b in board.buttons() if b["custom_id"].endswith(":accept"))
    await click_until_edited(fake, board, white, accept["custom_id"])
    await bot.asobiba.activity.wait_idle()
    begins[0] = 0
    moves = 0
    for _ in range(8):
        move = first_move(board)
        if move is None:
            break
        before = board.edit_count
        mover = re.search(r"<@([0-9]+)>", board.text.split("To move:")[-1])
        user = black if mover is not None and int(mover[1]) == black.id else white
        custom_id, value = move
        if value is None:
            await fake.click(board, custom_id, user=user)
        else:
            await fake.select(board, custom_id, [value], user=user)
        await fake.wait_until(lambda seen=before: board.edit_count > seen, timeout=30.0)
        await bot.asobiba.activity.wait_idle()
        moves += 1
    return begins[0] / max(moves, 1)


async def start_games(
    fake: FakeDiscord, bot: AsobibaBot, channel: FakeChannel, users: list[FakeUser]
) -> list[FakeMessage]:
    boards = []
    for user in users:
        record = await fake.slash("yosukou start", user=user, channel=channel, options={})
        await record.wait_response()
        assert record.message is not None
        board = record.message
        start = next(b for b in board.buttons() if b["custom_id"].split(":")[3] == "start")
        await click_until_edited(fake, board, user, start["custom_id"])
        boards.append(board)
    await bot.asobiba.activity.wait_idle()
    return boards


async def measure_bot(users: int, clicks: int, pictures: bool) -> tuple[list[float], float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'clicks.sqlite3'}"
        db = Database(url)
        bot = AsobibaBot(
            Settings(discord_token="fake-token", database_url=url),
            db,
            GameService(db, clock=FakeClock(), seed_source=Rng.from_seed(5)),
        )
        begins = [0]
        event.listen(
            db.engine.sync_engine, "begin", lambda _conn: begins.__setitem__(0, begins[0] + 1)
        )
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Bench", locale="en-US")
            channel = fake.add_text_channel(guild, "tarot")
            people = [fake.add_user(f"p{n}") for n in range(users)]
            await fake.run_client(bot)
            await bot.asobiba.services.servers.update(guild.id, pictures=pictures)
            boards = await start_games(fake, bot, channel, people)
            # Transactions per click, alone: nothing else is running.
            counted = 0
            begins[0] = 0
            for board, user in zip(boards[:10], people[:10], strict=True):
                custom_id = draw_button(board)
                if custom_id is None:
                    continue
                await click_until_edited(fake, board, user, custom_id)
                await bot.asobiba.activity.wait_idle()
                counted += 1
            per_click = begins[0] / max(counted, 1)
            per_move = await two_player_transactions(fake, bot, channel, begins)
            latencies: list[float] = []
            await asyncio.gather(
                *(
                    player(fake, board, user, clicks, latencies)
                    for board, user in zip(boards, people, strict=True)
                )
            )
            await bot.asobiba.activity.wait_idle()
            await fake.stop_client(bot)
        return latencies, per_click, per_move


async def measure_bare(users: int, clicks: int) -> list[float]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Bench", locale="en-US")
        channel = fake.add_text_channel(guild, "bare")
        client = BareClient()
        await fake.run_client(client)
        people = [fake.add_user(f"p{n}") for n in range(users)]
        boards = []
        for _user in people:
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            sent = await client.get_partial_messageable(channel.id).send("count 0", view=view)
            boards.append(fake.messages[sent.id])
        latencies: list[float] = []

        async def bare_player(board: FakeMessage, user: FakeUser) -> None:
            for _ in range(clicks):
                custom_id = board.custom_ids()[0]
                latencies.append(await click_until_edited(fake, board, user, custom_id))

        await asyncio.gather(*(bare_player(b, u) for b, u in zip(boards, people, strict=True)))
        await fake.stop_client(client)
    return latencies


def describe(name: str, latencies: list[float], seconds: float) -> str:
    return (
        f"{name:<18} p50 {statistics.median(latencies) * 1000:7.1f} ms   "
        f"p99 {percentile(latencies, 0.99) * 1000:7.1f} ms   "
        f"{len(latencies) / seconds:7.1f} clicks/s   ({len(latencies)} clicks)"
    )


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--text", action="store_true", help="text boards instead of pictures")
    args = parser.parse_args()
    started = time.perf_counter()
    bare = await measure_bare(args.users, args.clicks)
    bare_seconds = time.perf_counter() - started
    started = time.perf_counter()
    bot, per_click, per_move = await measure_bot(args.users, args.clicks, pictures=not args.text)
    bot_seconds = time.perf_counter() - started
    kind = "text boards" if args.text else "picture boards"
    print(f"{args.users} players clicking at once, {args.clicks} clicks each, {kind}")
    print(describe("bare discord.py", bare, bare_seconds))
    print(describe("asobiba", bot, bot_seconds))
    print(f"database transactions per click: {per_click:.2f} (易双六 Draw)")
    print(f"database transactions per click: {per_move:.2f} (武士将棋 move, turn ping included)")
    ratio = statistics.median(bot) / statistics.median(bare)
    print(f"click p50 asobiba/bare: {ratio:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
